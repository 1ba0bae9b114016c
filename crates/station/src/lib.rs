//! One chess table's I/O shell around the pure table state machine.
//!
//! - [`journal`]: the append-only SQLite journal of timestamped input events, committed
//!   before their effects run; replaying it rebuilds the table after a crash. Finished
//!   games (PGN, result) live in the same file.
//!
//! - [`config`]: `table.toml` in two layers (raw, then checked with every problem named).
//! - [`braille`]: the VI player's scoresheet as a BRF file via liblouis.
//!
//! The journal is generic over the serialised input type, so it knows nothing of chess.

pub mod braille;
pub mod config;
pub mod console_link;
pub mod demo;
pub mod hearing;
pub mod herald;
pub mod journal;
pub mod play;
pub mod records;
pub mod script;
pub mod session;
pub mod shell;

pub use journal::{Journal, JournalError, Record, Recovery};
