//! One chess table's I/O shell around the pure table state machine.
//!
//! The station re-exports none of the crates it uses: its users name `annabella-config`
//! (`table.toml`), `annabella-journal` (the append-only SQLite journal of timestamped
//! inputs, committed before their effects run), `annabella-records` (PGN, Braille and
//! printed scoresheets) and `annabella-view` (lines and story) themselves.
//!
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
//! - [`setups`]: each edge's setup (voices, Braille display, the journal's secret) built
//!   from `table.toml`'s checked values, which know no edge.
//! - [`export`]: what `annabella journal replay` and `annabella export` make of a
//!   replayed journal.
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

pub mod announcing;
pub mod assembly;
pub mod braille_display;
pub mod closing;
pub mod console_link;
pub mod device_events;
pub mod edges;
pub mod export;
pub mod hall_link;
pub mod heard;
pub mod journal_notice;
pub mod opponent;
pub mod people;
pub mod play;
pub mod review;
pub mod script;
pub mod session;
pub mod setups;
pub mod shell;

// The crates the station's modules name by short paths (`crate::journal::…`); private,
// so nothing is re-exported: the station's users name these crates themselves.
use annabella_config as config;
use annabella_journal::{self as journal, Journal, JournalError};
use annabella_records::{self as records, braille};
use annabella_view::{line, story};
