//! A journal operation that failed.

use std::path::PathBuf;

use crate::{Authentication, Damage};

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
    /// The file cannot be opened or read (what the system said).
    #[error("{0}")]
    Io(#[source] std::io::Error),
    /// The system gave no randomness for the journal's id.
    #[error("no randomness for the journal's id: {0}")]
    Random(#[source] getrandom::Error),
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
