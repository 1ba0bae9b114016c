//! One chess table's I/O shell around the pure table state machine.
//!
//! - [`config`] (the `annabella-config` crate): `table.toml` in two layers (the raw serde
//!   schema, then checked with every problem named by its key path).
//! - [`journal`] (the `annabella-journal` crate; [`Journal`], [`Record`], [`Recovery`] and
//!   [`JournalError`] re-exported here): the append-only SQLite journal of timestamped
//!   input events, committed before their effects run; replaying it rebuilds the table
//!   after a crash. Finished games (PGN, result) live in the same file. Generic over the
//!   serialised input type, so it knows nothing of chess.
//! - [`session`]: one table and its journal; [`session::TableTime`], the shell's clock.
//! - [`shell`]: the async loop: device events, requests and the table's timer in,
//!   journalled and fed one at a time; effects carried out; view and last committed
//!   record published; [`device_events`]: what the devices report, as table inputs.
//! - [`assembly`]: the one station assembly `play` and `demo` share: journal, devices,
//!   voices, hearing, console and Braille display opened, a running
//!   [`assembly::Station`] returned.
//! - [`heard`]: the VI player's utterances (heard by `annabella_speech::Hearing`) as
//!   table inputs with their journalled timings, and the read-back the voice may render
//!   ahead of the final result.
//! - [`announcing`]: the table's announcements for `annabella_voice::Herald` (who hears
//!   each one and how it queues).
//! - [`console_link`]: the arbiter's web console on a live table; [`hall_link`]: the
//!   table in a tournament hall (its journal published, the hall's signed actions taken).
//! - [`braille_display`]: the VI player's refreshable Braille display on a live table,
//!   its keys' questions journalled like spoken ones.
//! - [`script`]: the script language of the people at the table (`demo`, `play`'s
//!   keyboard); [`people`]: its one interpreter (typed `StepError::Stopped` once the
//!   station stops); [`play`] runs a real table (the `annabella-demo` crate a simulated one).
//! - [`records`] (the `annabella-records` crate, with [`braille`] and [`scoresheet_pdf`]):
//!   the PGN, the Braille and the printed scoresheet written at the end; [`export`]: what
//!   `annabella journal replay` and `annabella export` make of a replayed journal.
//! - [`line`](mod@line), [`story`] (the `annabella-view` crate): what happens at the
//!   table, one line each, and those lines as a person at the table tells them (the
//!   demo's default).
//!
//! ```
//! use annabella_station::session::Session;
//! use annabella_table::{Hypothesis, Input, TableConfig};
//! use std::time::Duration;
//!
//! let dir = tempfile::tempdir()?;
//! let path = dir.path().join("game.journal");
//! let (mut session, _) = Session::open(&path, TableConfig::default())?;
//! session.feed(Duration::ZERO, Input::Start)?;
//! let words = Hypothesis { text: "Bauer Eva vier".into(), score: 1.0 };
//! let (effects, refused) =
//!     session.feed(Duration::from_secs(3), Input::Heard { alternatives: vec![words] })?;
//! assert_eq!(refused, None);
//! assert!(!effects.is_empty()); // the read-back is announced
//! drop(session);
//! // The journal rebuilds the same table.
//! let (table, resumed) = Session::replay(&path)?;
//! assert_eq!(resumed.replayed, 2);
//! assert!(table.snapshot().started);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

pub mod assembly;
pub mod braille_display;
pub use annabella_config as config;
pub mod announcing;
pub mod console_link;
pub mod device_events;
pub mod export;
pub mod hall_link;
pub mod heard;
pub mod opponent;
pub use annabella_journal as journal;
pub mod people;
pub mod play;
pub use annabella_records::{self as records, braille, scoresheet_pdf};
pub use annabella_view::{line, story};
pub mod script;
pub mod session;
pub mod shell;

pub use journal::{Journal, JournalError, Record, Recovery};
