//! The table's journal: every input event, in order, with the time it happened, in one
//! SQLite file (WAL while the table runs, `synchronous = FULL`). A record is committed to
//! disk before the shell lets its effects happen, so after a crash replaying the journal
//! rebuilds exactly the table the players saw. Finished games (PGN and result) are kept in
//! the same file.
//!
//! # What the journal guarantees
//!
//! Every byte that decides the game is covered by a check, so damage is never silent:
//!
//! - each record carries a SHA-256 **chain hash** over the previous record's hash and its
//!   own sequence number, time and input: a changed, reordered or missing record breaks the
//!   chain at that record;
//! - the **head** (a meta value rewritten in the same transaction as every record) holds the
//!   number of records and the last chain hash: records vanishing from the end are found;
//! - every **meta value** (the table's settings, the epoch) and every **finished game** has
//!   a hash of its own;
//! - SQLite's page check (`PRAGMA quick_check`) runs on every open, so damaged b-tree pages
//!   (cell counts, pointers) are reported even where no record is affected;
//! - opened with the table's [`TableSecret`] ([`Journal::open_with`]), a journal is
//!   **keyed** (format 3): every record, meta value and finished game also carries an
//!   HMAC-SHA256 over its hash under a key bound to the journal's random id, so an editor
//!   without the secret who makes the hashes anew is caught — a record whose hash is
//!   right and whose MAC is not is [`Damage::Forged`] (tampering, never a torn write).
//!   Journals of [`FORMAT_2`] and journals made without a secret are read (and continued)
//!   as not authenticated ([`Recovery::authentication`]).
//!
//! On opening, records are checked in order:
//!
//! - only a damaged record **after the committed head** (the head does not count it yet,
//!   and no stored finished game ends at or after it) can be a torn write: read-write it
//!   is moved to the `dropped` table (never deleted), and either way it is reported in
//!   [`Recovery::dropped`];
//! - any other damage — a damaged record the head counts (even the last one), a missing
//!   record, missing records at the end, records a stored finished game proves were
//!   committed — is damage: read-write this is an error naming the record, and nothing in
//!   the file is changed (a game never goes on past damage, a finished game is never
//!   reopened);
//!   read-only it is **salvaged**: every record before the damaged one is returned, and the
//!   damage is named in [`Recovery::damage`];
//! - an intact record whose input does not decode (another program version) is never
//!   dropped: an error read-write, named damage read-only.
//!
//! A journal closed normally is checkpointed into its main file and left in rollback mode,
//! so the file alone holds the whole game. Reading (replay, export) never changes the file
//! and never creates `-wal`/`-shm` files beside it; a foreign SQLite file is refused
//! without being changed.
//!
//! Another process follows a running table's journal with a [`Follower`] (the hall's
//! outbox): it reads each record as soon as it is committed, on the same checks.
//!
//! The journal is generic over the input type `I` (any serde type), so it knows nothing
//! of chess; the station stores the table's `Input`s in it.
//!
//! # Examples
//!
//! ```
//! use std::time::Duration;
//! use annabella_journal::{Journal, OpenMode};
//!
//! let dir = tempfile::tempdir()?;
//! let path = dir.path().join("game.journal");
//! let (mut journal, recovery) = Journal::<String>::open(&path, OpenMode::ReadWrite)?;
//! assert!(recovery.records.is_empty());
//! journal.append(Duration::from_millis(1500), &"e2e4".to_string())?;
//! drop(journal);
//!
//! let (_, recovery) = Journal::<String>::open(&path, OpenMode::ReadOnly)?;
//! assert!(recovery.is_whole());
//! assert_eq!(recovery.records[0].input, "e2e4");
//! assert_eq!(recovery.records[0].now, Duration::from_millis(1500));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod authentication;
mod create;
mod damage;
mod error;
mod file;
mod follow;
mod format;
mod game;
mod integrity;
mod journal;
mod keys;
mod meta;
mod open_mode;
mod opening;
mod reading;
mod record;
mod recovery;
mod row;
mod secret;
mod wal;

pub use authentication::Authentication;
pub use damage::{Cause, Damage, DamagedRecord, DroppedRecord};
pub use error::{JournalError, JournalErrorKind};
pub use follow::Follower;
pub use format::{FORMAT, FORMAT_2};
pub use game::FinishedGame;
pub use journal::Journal;
pub use open_mode::OpenMode;
pub use record::Record;
pub use recovery::Recovery;
pub use secret::{SECRET_FILE, SecretError, TableSecret, secret_path};

use authentication::authentication;
use create::{open_for_writing, start_writing};
use format::{HEAD, JOURNAL_ID, SCHEMA, SECRET_ID, Version, check_format};
use game::read_games;
use keys::Keys;
use meta::{get_meta, head_json, put_meta};
use reading::Reading;
use row::{RawRow, blob, bytes, integer, mac_blob};

#[cfg(test)]
mod tests;

#[cfg(test)]
mod keyed_tests;
