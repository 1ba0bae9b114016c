//! Why a record cannot be replayed, and the records found damaged on opening.

use std::fmt;

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

/// The error behind a [`Damage`], kept as its source (shared, so a damage stays `Clone`;
/// two compare equal when they read the same).
#[derive(Debug, Clone)]
pub struct Cause(pub std::sync::Arc<dyn std::error::Error + Send + Sync>);

impl Cause {
    /// `error` as a damage's cause.
    pub fn of(error: impl std::error::Error + Send + Sync + 'static) -> Cause {
        Cause(std::sync::Arc::new(error))
    }

    /// A cause known only by what it said (a reason kept as text before it got here).
    pub fn said(text: String) -> Cause {
        Cause(std::sync::Arc::from(Box::<
            dyn std::error::Error + Send + Sync,
        >::from(text)))
    }
}

impl std::fmt::Display for Cause {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Cause {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&*self.0)
    }
}

impl PartialEq for Cause {
    fn eq(&self, other: &Cause) -> bool {
        self.0.to_string() == other.0.to_string()
    }
}

impl Eq for Cause {}

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
    Decode(#[source] Cause),
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
    Unreadable(#[source] Cause),
}

impl Damage {
    /// True for damage a torn or hand-damaged write leaves (hash, column kinds); false
    /// for a record that is intact but means something else (another program version),
    /// which must never be dropped.
    pub fn is_torn_write(&self) -> bool {
        matches!(self, Damage::Hash | Damage::Column { .. })
    }
}

impl From<rusqlite::Error> for Damage {
    fn from(e: rusqlite::Error) -> Self {
        Damage::Unreadable(Cause::of(e))
    }
}
