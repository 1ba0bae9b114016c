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

mod file;
mod follow;
mod integrity;
mod opening;
mod reading;
mod secret;
mod wal;

pub use follow::Follower;
pub use secret::{SECRET_FILE, SecretError, TableSecret, secret_path};

use std::{
    fmt,
    marker::PhantomData,
    path::{Path, PathBuf},
    time::Duration,
};

use rusqlite::{Connection, OptionalExtension, params, types::ValueRef};
use serde::{Serialize, de::DeserializeOwned};

use integrity::{Hash, Head};
use secret::MacKey;

/// The format tag stored in the `meta` table of the journals this version writes; a file
/// without a known one is not a journal.
pub const FORMAT: &str = "annabella-journal 3";

/// The format tag of journals written before they were keyed (still read, and continued,
/// as not authenticated).
pub const FORMAT_2: &str = "annabella-journal 2";

/// The meta key of the journal's head (record count and last chain hash).
const HEAD: &str = "head";
/// The meta key of the journal's own random id, which its MAC key is bound to.
const JOURNAL_ID: &str = "journal_id";
/// The meta key of the public id of the table secret that keys the journal's MACs.
const SECRET_ID: &str = "secret_id";

/// The tables of a format 3 journal: the format 2 tables, each row with a `mac` (NULL in
/// a journal made without a table secret).
const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    hash BLOB NOT NULL,
    mac BLOB
);
CREATE TABLE IF NOT EXISTS inputs (
    seq INTEGER PRIMARY KEY,
    now_ms INTEGER NOT NULL,
    input TEXT NOT NULL,
    hash BLOB NOT NULL,
    mac BLOB
);
CREATE TABLE IF NOT EXISTS dropped (
    seq INTEGER,
    now_ms INTEGER,
    input BLOB,
    hash BLOB,
    reason TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    last_seq INTEGER NOT NULL,
    now_ms INTEGER NOT NULL,
    result TEXT NOT NULL,
    termination TEXT NOT NULL,
    pgn TEXT NOT NULL,
    hash BLOB NOT NULL,
    mac BLOB
);
";

/// Which format a journal file is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Version {
    /// [`FORMAT_2`]: no MAC columns.
    V2,
    /// [`FORMAT`]: a MAC column on every table.
    V3,
}

impl Version {
    fn tag(self) -> &'static str {
        match self {
            Version::V2 => FORMAT_2,
            Version::V3 => FORMAT,
        }
    }

    /// The `mac` column in a `SELECT` (NULL where format 2 has none).
    fn mac_column(self) -> &'static str {
        match self {
            Version::V2 => "NULL",
            Version::V3 => "mac",
        }
    }
}

/// How far a journal's contents are authenticated by the table's secret.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Authentication {
    /// Every record, setting and finished game read carries a MAC under the table's
    /// secret, and each one was checked.
    Authenticated,
    /// Written before journals were keyed (format 2): checked against accidents only.
    OldFormat,
    /// Made without a table secret: checked against accidents only.
    Unkeyed,
    /// Keyed, but opened without the table's secret: checked against accidents only.
    NoSecret,
    /// Keyed with another secret than the one given (its id and the given one's).
    OtherSecret {
        /// The id of the secret the journal was written with.
        journal: String,
        /// The id of the secret given.
        given: String,
    },
}

impl Authentication {
    /// True when the journal's MACs were checked with the table's secret.
    pub fn is_authenticated(&self) -> bool {
        *self == Authentication::Authenticated
    }
}

impl fmt::Display for Authentication {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Authentication::Authenticated => f.write_str("authenticated by the table's secret"),
            Authentication::OldFormat => f.write_str(
                "not authenticated: written before journals were keyed (format 2); only \
                 accidental damage is detected",
            ),
            Authentication::Unkeyed => f.write_str(
                "not authenticated: made without a table secret; only accidental damage is \
                 detected",
            ),
            Authentication::NoSecret => f.write_str(
                "not authenticated: keyed, but read without the table's secret (--secret); \
                 only accidental damage was checked",
            ),
            Authentication::OtherSecret { journal, given } => write!(
                f,
                "written with another table secret (id {journal}) than the one given (id \
                 {given}): its MACs cannot be checked"
            ),
        }
    }
}

/// One journalled input: its place in the sequence, when it happened, what it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record<I> {
    /// Position in the journal, from 1 without gaps.
    pub seq: u64,
    /// Time of the event since the table's epoch, in whole milliseconds.
    pub now: Duration,
    /// The input event itself.
    pub input: I,
}

/// A finished game kept in the journal file: its result and the complete PGN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FinishedGame {
    /// The last input record of the game.
    pub last_seq: u64,
    /// When the game ended, since the table's epoch.
    pub now: Duration,
    /// PGN result: `1-0`, `0-1`, `1/2-1/2` (or `*`).
    pub result: String,
    /// How the game ended, in words (PGN `Termination`).
    pub termination: String,
    /// The whole game in PGN.
    pub pgn: String,
}

/// A last record that could not be read and was set aside when the journal was opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DroppedRecord {
    /// Its sequence number.
    pub seq: u64,
    /// Its timestamp as stored (may itself be damaged).
    pub now_ms: i64,
    /// What was wrong with it.
    pub damage: Damage,
}

impl fmt::Display for DroppedRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the last record ({}, at {} ms) was torn or damaged and has been dropped: {}; \
             the game continues from record {}",
            self.seq,
            self.now_ms,
            self.damage,
            self.seq.saturating_sub(1)
        )
    }
}

/// A damaged record found when reading a journal: everything before it was salvaged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DamagedRecord {
    /// The first record that cannot be replayed.
    pub seq: u64,
    /// What is wrong with it.
    pub damage: Damage,
    /// How many records the file holds after it (unreadable as a consequence).
    pub later: u64,
}

impl fmt::Display for DamagedRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "record {} is damaged ({}); records 1 to {} were replayed, the {} record(s) from \
             there on were not",
            self.seq,
            self.damage,
            self.seq.saturating_sub(1),
            self.later + 1
        )
    }
}

/// What was read back from a journal on opening it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recovery<I> {
    /// Every intact record before any damage, in order: replay them to rebuild the table.
    pub records: Vec<Record<I>>,
    /// The damaged last record that was set aside, if there was one.
    pub dropped: Option<DroppedRecord>,
    /// Read-only: the first damaged record, when the damage is not a torn last record;
    /// `records` holds everything before it.
    pub damage: Option<DamagedRecord>,
    /// Read-only: damage to the file outside the records (pages, settings, finished
    /// games), each named.
    pub file_damage: Vec<String>,
    /// How far the records, settings and games read are authenticated.
    pub authentication: Authentication,
}

impl<I> Recovery<I> {
    /// True when the journal was read without finding any damage at all.
    pub fn is_whole(&self) -> bool {
        self.dropped.is_none() && self.damage.is_none() && self.file_damage.is_empty()
    }
}

/// Why a record cannot be replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Damage {
    /// The stored chain hash does not match the record.
    #[error("its hash does not match the record")]
    Hash,
    /// The record's hash is right but its MAC is not (or missing): it was written without
    /// the table's secret — tampering, never an accident the hash would not show.
    #[error(
        "tampering: its hash is right but its MAC is not, so it was rewritten without the \
         table's secret"
    )]
    Forged,
    /// The checksum matches but the input is not what the table expects (written by
    /// another version?). Never dropped, even as the last record.
    #[error("input does not decode (written by another version?): {0}")]
    Decode(String),
    /// A column holds the wrong kind of value (NULL, text for a number, …).
    #[error("column {column} holds {found}")]
    Column {
        /// The column's name.
        column: &'static str,
        /// What was found.
        found: String,
    },
    /// Records are missing: this one does not follow its predecessor.
    #[error("record {expected} is missing (found {found} next)")]
    Gap {
        /// The sequence number that should have come next.
        expected: u64,
        /// The one that did.
        found: u64,
    },
    /// The record's time is before its predecessor's.
    #[error("time {now_ms} ms is before the previous record's {previous_ms} ms")]
    TimeBackwards {
        /// The previous record's time.
        previous_ms: i64,
        /// This record's time.
        now_ms: i64,
    },
    /// Records are missing at the end: the journal's head counts more than the file holds.
    #[error("it is missing: the journal's head says it holds {head} records")]
    Missing {
        /// The number of records the head counts.
        head: u64,
    },
    /// The records are intact but do not end where the journal's head says.
    #[error("the journal's head does not match its last record ({0})")]
    Head(String),
    /// A stored finished game ends at a record the journal no longer holds.
    #[error("it is missing: the stored finished game ends at record {last_seq}")]
    Finished {
        /// The finished game's last record.
        last_seq: u64,
    },
    /// SQLite could not read the record's page.
    #[error("its page cannot be read: {0}")]
    Unreadable(String),
}

impl Damage {
    /// True for damage a torn or hand-damaged write leaves (hash, column kinds); false
    /// for a record that is intact but means something else (another program version),
    /// which must never be dropped.
    pub fn is_torn_write(&self) -> bool {
        matches!(self, Damage::Hash | Damage::Column { .. })
    }
}

/// A journal operation that failed, naming the file.
#[derive(Debug, thiserror::Error)]
#[error("journal {}: {kind}", path.display())]
pub struct JournalError {
    /// The journal file.
    pub path: PathBuf,
    /// What went wrong.
    pub kind: JournalErrorKind,
}

/// What went wrong with a journal.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum JournalErrorKind {
    /// SQLite refused (missing file when read-only, disk full, damaged pages, locked).
    #[error("{0}")]
    Sqlite(#[from] rusqlite::Error),
    /// The file cannot be opened or read.
    #[error("{0}")]
    File(String),
    /// The private copy a journal in use is read from could not be made.
    #[error("{what}: {error}")]
    Copy {
        /// What could not be done ("cannot copy its write-ahead log").
        what: &'static str,
        /// What the system said.
        error: std::io::Error,
    },
    /// The file is not one of our journals (or not a database at all).
    #[error("not an annabella journal: {0}")]
    NotAJournal(String),
    /// A committed record is damaged (one before the last, or one the head or a finished
    /// game counts): replaying would lose or invent events, or reopen a finished game.
    #[error(
        "record {seq} is damaged ({damage}); it was committed ({later} later record(s) \
         follow it, or the journal's head or a stored finished game counts it), so it is no \
         torn write: the game is not continued and the journal must be repaired by hand \
         (nothing was changed)"
    )]
    Corrupt {
        /// The damaged record.
        seq: u64,
        /// What is wrong with it.
        damage: Damage,
        /// How many records come after it.
        later: u64,
    },
    /// The file is damaged outside the records (pages, settings, finished games); a game is
    /// not continued in it (read it with a read-only open to salvage it).
    #[error("the file is damaged: {0} (nothing was changed)")]
    Damaged(String),
    /// An input could not be turned into JSON (nothing was written).
    #[error("cannot encode the input as JSON: {0}")]
    Encode(#[from] serde_json::Error),
    /// A meta value could not be read back.
    #[error("meta value {key:?} {reason}")]
    Meta {
        /// The meta key.
        key: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A finished game's row could not be read back.
    #[error("finished game {id} is damaged: {reason}")]
    Game {
        /// Its row number.
        id: i64,
        /// What is wrong with it.
        reason: String,
    },
    /// An event older than the last one journalled (the caller must keep time monotonic).
    #[error("time {now_ms} ms is before the last journalled {last_ms} ms (nothing was written)")]
    TimeBackwards {
        /// The last journalled time.
        last_ms: u64,
        /// The refused time.
        now_ms: u64,
    },
    /// The journal was opened read-only.
    #[error("opened read-only")]
    ReadOnly,
    /// A keyed journal opened for writing with another table secret than its own (or
    /// none): it would be continued without its MACs.
    #[error("{0} (nothing was changed)")]
    Secret(Authentication),
}

/// How to open a journal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpenMode {
    /// Create the file if missing; set a torn last record aside; append. Any other damage
    /// is an error.
    ReadWrite,
    /// Only read an existing file (replay, export): nothing is changed or created on disk;
    /// damage is salvaged and reported in the [`Recovery`].
    ReadOnly,
}

/// An open journal of inputs of type `I`.
pub struct Journal<I> {
    conn: Connection,
    path: PathBuf,
    mode: OpenMode,
    next_seq: u64,
    last_ms: u64,
    last_hash: Hash,
    version: Version,
    key: Option<MacKey>,
    _copy: Option<tempfile::TempDir>,
    _input: PhantomData<fn(I) -> I>,
}

impl<I> fmt::Debug for Journal<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Journal")
            .field("path", &self.path)
            .field("mode", &self.mode)
            .field("next_seq", &self.next_seq)
            .field("last_ms", &self.last_ms)
            .finish()
    }
}

impl<I> Drop for Journal<I> {
    /// Read-write: the log is checkpointed into the main file and the file is left in
    /// rollback mode, so `game.journal` alone holds the whole game.
    fn drop(&mut self) {
        if self.mode == OpenMode::ReadWrite {
            let _ = self
                .conn
                .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
            let _ = self
                .conn
                .query_row("PRAGMA journal_mode = DELETE", [], |_| Ok(()));
        }
    }
}

/// A record's row as stored, before checking.
struct RawRow {
    seq: Result<i64, Damage>,
    now_ms: Result<i64, Damage>,
    input: Result<Vec<u8>, Damage>,
    hash: Result<Vec<u8>, Damage>,
    mac: Option<Vec<u8>>,
}

/// What a read checks a file with: its format, and the key of its MACs when the journal
/// is keyed and the table's secret was given.
#[derive(Clone, Copy)]
struct Keys<'a> {
    version: Version,
    key: Option<&'a MacKey>,
}

/// A stored MAC: a blob, or nothing (NULL, format 2, or damage: then the check fails).
fn mac_blob(value: ValueRef<'_>) -> Option<Vec<u8>> {
    match value {
        ValueRef::Blob(b) => Some(b.to_vec()),
        _ => None,
    }
}

fn integer(value: ValueRef<'_>, column: &'static str) -> Result<i64, Damage> {
    match value {
        ValueRef::Integer(i) => Ok(i),
        other => Err(Damage::Column {
            column,
            found: describe(other),
        }),
    }
}

fn bytes(value: ValueRef<'_>, column: &'static str) -> Result<Vec<u8>, Damage> {
    match value {
        ValueRef::Text(t) | ValueRef::Blob(t) => Ok(t.to_vec()),
        other => Err(Damage::Column {
            column,
            found: describe(other),
        }),
    }
}

/// A stored hash: a blob, never text.
fn blob(value: ValueRef<'_>, column: &'static str) -> Result<Vec<u8>, Damage> {
    match value {
        ValueRef::Blob(b) => Ok(b.to_vec()),
        other => Err(Damage::Column {
            column,
            found: describe(other),
        }),
    }
}

fn describe(value: ValueRef<'_>) -> String {
    match value {
        ValueRef::Null => "NULL".into(),
        ValueRef::Integer(i) => format!("the integer {i}"),
        ValueRef::Real(r) => format!("the real {r}"),
        ValueRef::Text(t) => format!("text of {} bytes", t.len()),
        ValueRef::Blob(b) => format!("a blob of {} bytes", b.len()),
    }
}

/// Everything a read of the file found, before the mode decides what is an error.
struct Reading<I> {
    records: Vec<Record<I>>,
    last_hash: Hash,
    dropped: Option<DroppedRecord>,
    damage: Option<DamagedRecord>,
    file_damage: Vec<String>,
}

/// The journal's MAC key for `secret`, and how far it is authenticated, from its format
/// and its `secret_id` (read before any MAC is checked).
fn authentication(
    conn: &Connection,
    version: Version,
    secret: Option<&TableSecret>,
) -> Result<(Option<MacKey>, Authentication), JournalErrorKind> {
    let plain = Keys { version, key: None };
    if version == Version::V2 {
        return Ok((None, Authentication::OldFormat));
    }
    let Some(journal) = get_meta(conn, SECRET_ID, plain)? else {
        return Ok((None, Authentication::Unkeyed));
    };
    let journal: String = serde_json::from_str(&journal).unwrap_or_default();
    let Some(secret) = secret else {
        return Ok((None, Authentication::NoSecret));
    };
    if secret.id() != journal {
        return Ok((
            None,
            Authentication::OtherSecret {
                journal,
                given: secret.id(),
            },
        ));
    }
    let id: String = get_meta(conn, JOURNAL_ID, plain)?
        .and_then(|j| serde_json::from_str(&j).ok())
        .unwrap_or_default();
    Ok((Some(secret.journal_key(&id)), Authentication::Authenticated))
}

impl<I: Serialize + DeserializeOwned> Journal<I> {
    /// Opens (or, read-write, creates) the journal at `path` and reads every record back.
    ///
    /// Read-write, a damaged last record is moved to the `dropped` table; read-only it is
    /// only left out. Either way it is reported in [`Recovery::dropped`]. Read-only, other
    /// damage is salvaged and reported in the [`Recovery`] (see the module docs).
    ///
    /// # Errors
    ///
    /// [`JournalError`] when the file cannot be opened or is not a journal; read-write also
    /// when it is damaged anywhere but in its last record ([`JournalErrorKind::Corrupt`],
    /// naming the record, or [`JournalErrorKind::Damaged`]).
    pub fn open(
        path: impl AsRef<Path>,
        mode: OpenMode,
    ) -> Result<(Journal<I>, Recovery<I>), JournalError> {
        Self::open_with(path, mode, None)
    }

    /// As [`open`](Self::open), with the table's secret: a journal made here is keyed
    /// with it (every record, setting and finished game MACed), and a keyed journal's
    /// MACs are checked. A record whose hash is right but whose MAC is not is
    /// [`Damage::Forged`] (tampering, named with its record number); a forged setting or
    /// finished game is named like damage to them. [`Recovery::authentication`] says how
    /// far the journal is authenticated.
    ///
    /// # Errors
    ///
    /// As [`open`](Self::open); read-write also [`JournalErrorKind::Secret`] when a keyed
    /// journal is opened with another secret or none (nothing is changed).
    pub fn open_with(
        path: impl AsRef<Path>,
        mode: OpenMode,
        secret: Option<&TableSecret>,
    ) -> Result<(Journal<I>, Recovery<I>), JournalError> {
        let path = path.as_ref().to_path_buf();
        let err = |kind: JournalErrorKind| JournalError {
            path: path.clone(),
            kind,
        };
        let kind = file::kind(&path).map_err(|e| err(JournalErrorKind::File(e.to_string())))?;
        let log_damage = opening::log_damage(&path, kind, mode).map_err(err)?;
        let (conn, copy) = opening::connect(&path, mode, kind, secret).map_err(err)?;
        let version = check_format(&conn).map_err(err)?;
        let (key, authentication) = authentication(&conn, version, secret).map_err(err)?;
        opening::require_secret(mode, &authentication).map_err(err)?;
        let keys = Keys {
            version,
            key: key.as_ref(),
        };
        let mut reading = reading::read::<I>(&conn, keys);
        reading.file_damage.extend(log_damage);
        if mode == OpenMode::ReadWrite {
            opening::make_writable(&conn, keys, &reading).map_err(err)?;
        }
        let Reading {
            records,
            last_hash,
            dropped,
            damage,
            file_damage,
        } = reading;
        let journal = Journal {
            conn,
            path,
            mode,
            next_seq: records.len() as u64 + 1,
            last_ms: records.last().map_or(0, |r| r.now.as_millis() as u64),
            last_hash,
            version,
            key,
            _copy: copy,
            _input: PhantomData,
        };
        Ok((
            journal,
            Recovery {
                records,
                dropped,
                damage,
                file_damage,
                authentication,
            },
        ))
    }

    /// Writes one input and commits it to disk (fsync) before returning.
    ///
    /// `now` is stored in whole milliseconds; the returned record holds the time as
    /// stored, which is what the caller must hand to the table so that a replay sees the
    /// same time.
    ///
    /// # Errors
    ///
    /// [`JournalError`] when the input cannot be encoded, `now` is before the last record,
    /// the journal is read-only, or SQLite cannot commit; nothing is written then.
    pub fn append(&mut self, now: Duration, input: &I) -> Result<Record<I>, JournalError>
    where
        I: Clone,
    {
        let now_ms = now.as_millis() as u64;
        if self.mode == OpenMode::ReadOnly {
            return Err(self.error(JournalErrorKind::ReadOnly));
        }
        if now_ms < self.last_ms {
            return Err(self.error(JournalErrorKind::TimeBackwards {
                last_ms: self.last_ms,
                now_ms,
            }));
        }
        let json = serde_json::to_string(input).map_err(|e| self.error(e.into()))?;
        let seq = self.next_seq;
        let hash = integrity::record_hash(&self.last_hash, seq, now_ms, json.as_bytes());
        let keys = self.keys();
        let write = || -> rusqlite::Result<()> {
            let tx = self.conn.unchecked_transaction()?;
            match keys.version {
                Version::V2 => tx.execute(
                    "INSERT INTO inputs (seq, now_ms, input, hash) VALUES (?1, ?2, ?3, ?4)",
                    params![seq as i64, now_ms as i64, json, &hash[..]],
                )?,
                Version::V3 => tx.execute(
                    "INSERT INTO inputs (seq, now_ms, input, hash, mac) \
                     VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![
                        seq as i64,
                        now_ms as i64,
                        json,
                        &hash[..],
                        keys.key.map(|k| k.tag("record", &hash).to_vec())
                    ],
                )?,
            };
            put_meta(&tx, keys, HEAD, &head_json(seq, &hash))?;
            tx.commit()
        };
        write().map_err(|e| self.error(e.into()))?;
        self.next_seq += 1;
        self.last_ms = now_ms;
        self.last_hash = hash;
        Ok(Record {
            seq,
            now: Duration::from_millis(now_ms),
            input: input.clone(),
        })
    }

    /// Stores a finished game (PGN and result) in the journal file, and checkpoints the
    /// log into the main file, so the game stays finished whatever becomes of the log.
    ///
    /// # Errors
    ///
    /// [`JournalError`] when read-only or SQLite cannot commit.
    pub fn finish_game(&mut self, game: &FinishedGame) -> Result<(), JournalError> {
        if self.mode == OpenMode::ReadOnly {
            return Err(self.error(JournalErrorKind::ReadOnly));
        }
        let now_ms = game.now.as_millis() as u64;
        let hash = integrity::game_hash(
            game.last_seq,
            now_ms,
            &game.result,
            &game.termination,
            &game.pgn,
        );
        let keys = self.keys();
        let (last_seq, now_ms) = (game.last_seq as i64, now_ms as i64);
        let (result, termination, pgn) = (&game.result, &game.termination, &game.pgn);
        let written = match keys.version {
            Version::V2 => self.conn.execute(
                "INSERT INTO games (last_seq, now_ms, result, termination, pgn, hash) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![last_seq, now_ms, result, termination, pgn, &hash[..]],
            ),
            Version::V3 => self.conn.execute(
                "INSERT INTO games (last_seq, now_ms, result, termination, pgn, hash, mac) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    last_seq,
                    now_ms,
                    result,
                    termination,
                    pgn,
                    &hash[..],
                    keys.key.map(|k| k.tag("game", &hash).to_vec())
                ],
            ),
        };
        written.map_err(|e| self.error(e.into()))?;
        // Into the main file now: a crashed station's `-wal` that is lost or damaged
        // afterwards (SQLite drops such a log without a word) never reopens the game.
        self.conn
            .query_row("PRAGMA wal_checkpoint(FULL)", [], |r| r.get::<_, i64>(0))
            .map_err(|e| self.error(e.into()))?;
        Ok(())
    }

    /// The finished games stored so far, oldest first, each checked against its hash.
    ///
    /// # Errors
    ///
    /// [`JournalError`] when SQLite cannot read them or one is damaged (naming it).
    pub fn games(&self) -> Result<Vec<FinishedGame>, JournalError> {
        read_games(&self.conn, self.keys()).map_err(|e| self.error(e))
    }

    /// Stores a value under `key` in the journal's meta table (e.g. the table's config, the
    /// wall-clock epoch), replacing an older one.
    ///
    /// # Errors
    ///
    /// [`JournalError`] when read-only, the value does not encode, or SQLite cannot commit.
    pub fn set_meta<T: Serialize + ?Sized>(
        &mut self,
        key: &str,
        value: &T,
    ) -> Result<(), JournalError> {
        if self.mode == OpenMode::ReadOnly {
            return Err(self.error(JournalErrorKind::ReadOnly));
        }
        let json = serde_json::to_string(value).map_err(|e| self.error(e.into()))?;
        put_meta(&self.conn, self.keys(), key, &json).map_err(|e| self.error(e.into()))?;
        Ok(())
    }

    /// The value stored under `key`, if any, checked against its hash.
    ///
    /// # Errors
    ///
    /// [`JournalError`] when SQLite cannot read it, it is damaged, or it does not decode as
    /// `T`.
    pub fn meta<T: DeserializeOwned>(&self, key: &str) -> Result<Option<T>, JournalError> {
        self.meta_json(key)?
            .map(|j| {
                serde_json::from_str(&j).map_err(|e| {
                    self.error(JournalErrorKind::Meta {
                        key: key.into(),
                        reason: format!("does not decode: {e}"),
                    })
                })
            })
            .transpose()
    }

    /// The JSON text stored under `key`, exactly as stored, checked against its hash.
    ///
    /// # Errors
    ///
    /// [`JournalError`] when SQLite cannot read it or it is damaged.
    pub fn meta_json(&self, key: &str) -> Result<Option<String>, JournalError> {
        get_meta(&self.conn, key, self.keys()).map_err(|e| self.error(e))
    }

    /// The journal's head as read or written: the last record's number and chain hash
    /// (hex) — what the station publishes to the hall, and the hall keeps as its witness.
    pub fn head(&self) -> (u64, String) {
        (self.len(), integrity::hex(&self.last_hash))
    }

    /// True when the journal is written in an older format (continued as it is).
    pub fn is_old_format(&self) -> bool {
        self.version == Version::V2
    }

    fn keys(&self) -> Keys<'_> {
        Keys {
            version: self.version,
            key: self.key.as_ref(),
        }
    }

    /// The file this journal lives in.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// How many records the journal holds.
    pub fn len(&self) -> u64 {
        self.next_seq - 1
    }

    /// True when no input has been journalled yet.
    pub fn is_empty(&self) -> bool {
        self.next_seq == 1
    }

    /// The time of the last record (zero when empty): the next `append` must not be earlier.
    pub fn last_now(&self) -> Duration {
        Duration::from_millis(self.last_ms)
    }

    fn error(&self, kind: JournalErrorKind) -> JournalError {
        JournalError {
            path: self.path.clone(),
            kind,
        }
    }
}

/// Opens `path` for writing. An existing database is checked to be a journal *before*
/// anything is changed in it; a new or empty file gets the schema, the format and an empty
/// head.
fn open_for_writing(
    path: &Path,
    kind: file::Kind,
    secret: Option<&TableSecret>,
) -> Result<Connection, JournalErrorKind> {
    if kind == file::Kind::Empty {
        create(path, secret)?;
    }
    Ok(Connection::open(path)?)
}

/// Makes a new journal whole in a file beside `path` and renames it into place, so a
/// station killed while the journal is made leaves either no journal or a whole one
/// (never a half-made file with a rollback journal a reader cannot undo). With the
/// table's secret it is keyed: its own random id and the secret's id are stored, and
/// every row gets its MAC.
fn create(path: &Path, secret: Option<&TableSecret>) -> Result<(), JournalErrorKind> {
    let file_error = |e: std::io::Error| JournalErrorKind::File(e.to_string());
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let fresh = tempfile::Builder::new()
        .prefix(".new-journal-")
        .tempfile_in(dir)
        .map_err(file_error)?;
    {
        let conn = Connection::open(fresh.path())?;
        let tx = conn.unchecked_transaction()?;
        tx.execute_batch(SCHEMA)?;
        let mut id = [0u8; 16];
        getrandom::fill(&mut id).map_err(|e| JournalErrorKind::File(e.to_string()))?;
        let id = integrity::hex(&id);
        let key = secret.map(|s| s.journal_key(&id));
        let keys = Keys {
            version: Version::V3,
            key: key.as_ref(),
        };
        put_meta(&tx, keys, "format", &serde_json::to_string(FORMAT)?)?;
        put_meta(&tx, keys, JOURNAL_ID, &serde_json::to_string(&id)?)?;
        if let Some(secret) = secret {
            put_meta(&tx, keys, SECRET_ID, &serde_json::to_string(&secret.id())?)?;
        }
        put_meta(&tx, keys, HEAD, &head_json(0, &integrity::genesis(FORMAT)))?;
        tx.commit()?;
    }
    fresh.as_file().sync_all().map_err(file_error)?;
    fresh.persist(path).map_err(|e| file_error(e.error))?;
    if let Ok(dir) = std::fs::File::open(dir) {
        let _ = dir.sync_all(); // the rename itself, where the file system allows it
    }
    Ok(())
}

/// Turns on write-ahead logging with an fsync at every commit, once the file is known to
/// be a sound journal.
fn start_writing(conn: &Connection) -> Result<(), JournalErrorKind> {
    // WAL: a commit is one append to the log; FULL: fsync'd at every commit.
    let journal_mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
    if !journal_mode.eq_ignore_ascii_case("wal") {
        return Err(JournalErrorKind::NotAJournal(format!(
            "SQLite refused WAL mode (got {journal_mode})"
        )));
    }
    conn.pragma_update(None, "synchronous", "FULL")?;
    Ok(())
}

/// Checks that the database is a journal of a format this version reads, and says which.
fn check_format(conn: &Connection) -> Result<Version, JournalErrorKind> {
    let expected = serde_json::to_string(FORMAT)?;
    let expected_2 = serde_json::to_string(FORMAT_2)?;
    let has_meta: i64 = conn.query_row(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'meta'",
        [],
        |r| r.get(0),
    )?;
    if has_meta == 0 {
        return Err(JournalErrorKind::NotAJournal("it has no meta table".into()));
    }
    let format: Option<String> = conn
        .query_row("SELECT value FROM meta WHERE key = 'format'", [], |r| {
            r.get(0)
        })
        .optional()
        .unwrap_or(None);
    match format {
        Some(f) if f == expected => Ok(Version::V3),
        Some(f) if f == expected_2 => Ok(Version::V2),
        // At most 80 characters of a foreign file's "format" are echoed.
        Some(f) => Err(JournalErrorKind::NotAJournal(format!(
            "format {f:.80}, expected {expected}"
        ))),
        None => Err(JournalErrorKind::NotAJournal(
            "its meta table has no format".into(),
        )),
    }
}

/// Text from a damaged file, cut to a length an error message can hold.
fn head_json(records: u64, hash: &Hash) -> String {
    serde_json::to_string(&Head {
        records,
        hash: integrity::hex(hash),
    })
    .expect("a head encodes")
}

fn put_meta(conn: &Connection, keys: Keys<'_>, key: &str, json: &str) -> rusqlite::Result<()> {
    let hash = integrity::meta_hash(key, json);
    match keys.version {
        Version::V2 => conn.execute(
            "INSERT OR REPLACE INTO meta (key, value, hash) VALUES (?1, ?2, ?3)",
            params![key, json, &hash[..]],
        )?,
        Version::V3 => conn.execute(
            "INSERT OR REPLACE INTO meta (key, value, hash, mac) VALUES (?1, ?2, ?3, ?4)",
            params![
                key,
                json,
                &hash[..],
                keys.key.map(|k| k.tag("meta", &hash).to_vec())
            ],
        )?,
    };
    Ok(())
}

/// The value under `key`, checked against its hash (and its MAC, when keyed).
fn get_meta(
    conn: &Connection,
    key: &str,
    keys: Keys<'_>,
) -> Result<Option<String>, JournalErrorKind> {
    let damaged = |reason: String| JournalErrorKind::Meta {
        key: key.into(),
        reason,
    };
    let sql = format!(
        "SELECT value, hash, {} FROM meta WHERE key = ?1",
        keys.version.mac_column()
    );
    let row = conn
        .query_row(&sql, [key], |r| {
            Ok((
                bytes(r.get_ref(0)?, "value"),
                blob(r.get_ref(1)?, "hash"),
                mac_blob(r.get_ref(2)?),
            ))
        })
        .optional()
        .map_err(|e| damaged(format!("cannot be read: {e}")))?;
    let Some((value, hash, mac)) = row else {
        return Ok(None);
    };
    let value = value.map_err(|d| damaged(format!("is damaged: {d}")))?;
    let hash = hash.map_err(|d| damaged(format!("is damaged: {d}")))?;
    let value = String::from_utf8(value).map_err(|_| damaged("is damaged: not UTF-8".into()))?;
    if integrity::meta_hash(key, &value)[..] != hash[..] {
        return Err(damaged("is damaged: its hash does not match".into()));
    }
    if let Some(k) = keys.key
        && !mac.is_some_and(|m| k.verify("meta", &hash, &m))
    {
        return Err(damaged(
            "is forged (tampering): its hash is right but its MAC is not, so it was \
             rewritten without the table's secret"
                .into(),
        ));
    }
    Ok(Some(value))
}

fn read_games(conn: &Connection, keys: Keys<'_>) -> Result<Vec<FinishedGame>, JournalErrorKind> {
    let mut stmt = conn.prepare(&format!(
        "SELECT id, last_seq, now_ms, result, termination, pgn, hash, {} FROM games ORDER BY id",
        keys.version.mac_column()
    ))?;
    let mut rows = stmt.query([])?;
    let mut games = Vec::new();
    let mut index = 0;
    while let Some(r) = rows.next()? {
        index += 1;
        let id = integer(r.get_ref(0)?, "id").unwrap_or(index);
        let game = (|| -> Result<FinishedGame, Damage> {
            let last_seq = integer(r.get_ref(1)?, "last_seq")?;
            let now_ms = integer(r.get_ref(2)?, "now_ms")?;
            let text = |i, column| -> Result<String, Damage> {
                let raw = bytes(
                    r.get_ref(i)
                        .map_err(|e| Damage::Unreadable(e.to_string()))?,
                    column,
                )?;
                String::from_utf8(raw).map_err(|_| Damage::Hash)
            };
            let (result, termination, pgn) =
                (text(3, "result")?, text(4, "termination")?, text(5, "pgn")?);
            let hash = blob(r.get_ref(6)?, "hash")?;
            if last_seq < 0 || now_ms < 0 {
                return Err(Damage::Hash);
            }
            let computed =
                integrity::game_hash(last_seq as u64, now_ms as u64, &result, &termination, &pgn);
            if computed[..] != hash[..] {
                return Err(Damage::Hash);
            }
            if let Some(k) = keys.key
                && !mac_blob(r.get_ref(7)?).is_some_and(|m| k.verify("game", &hash, &m))
            {
                return Err(Damage::Forged);
            }
            Ok(FinishedGame {
                last_seq: last_seq as u64,
                now: Duration::from_millis(now_ms as u64),
                result,
                termination,
                pgn,
            })
        })()
        .map_err(|d| JournalErrorKind::Game {
            id,
            reason: d.to_string(),
        })?;
        games.push(game);
    }
    Ok(games)
}

impl From<rusqlite::Error> for Damage {
    fn from(e: rusqlite::Error) -> Self {
        Damage::Unreadable(e.to_string())
    }
}

/// Moves the torn last record to `dropped` and sets the head back to the record before it.
fn set_aside(
    conn: &Connection,
    keys: Keys<'_>,
    dropped: &DroppedRecord,
    records: u64,
    last_hash: &Hash,
) -> rusqlite::Result<()> {
    let tx = conn.unchecked_transaction()?;
    tx.execute(
        "INSERT INTO dropped (seq, now_ms, input, hash, reason)
         SELECT seq, now_ms, input, hash, ?2 FROM inputs WHERE seq = ?1",
        params![dropped.seq as i64, dropped.damage.to_string()],
    )?;
    tx.execute("DELETE FROM inputs WHERE seq = ?1", [dropped.seq as i64])?;
    put_meta(&tx, keys, HEAD, &head_json(records, last_hash))?;
    tx.commit()
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod keyed_tests;
