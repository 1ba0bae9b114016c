//! Reading a station's journal from another process, read-only: its table configuration
//! and epoch, and the records after a given one, through the journal's own
//! [`Follower`] — every record checked on the journal's hash chain, nothing ever written.

use std::{
    path::{Path, PathBuf},
    sync::Mutex,
    time::Duration,
};

use annabella_journal::{Follower, JournalError, JournalErrorKind};
use annabella_table::{Input, TableConfig};

/// Meta key of the table's configuration (as the station writes it).
const META_CONFIG: &str = "table_config";
/// Meta key of the wall-clock epoch (Unix ms).
const META_EPOCH: &str = "epoch_unix_ms";

/// A journal record as the outbox needs it.
#[derive(Debug, Clone, PartialEq)]
pub struct TailRecord {
    /// Its sequence number.
    pub seq: u64,
    /// Table time.
    pub now: Duration,
    /// The input.
    pub input: Input,
    /// The journal's chain hash up to this record (its head when the record was
    /// committed), 64 hex digits.
    pub head: String,
}

/// Why the journal cannot be read (yet).
#[derive(Debug, thiserror::Error)]
pub enum TailError {
    /// The journal refused (no file yet, locked, damaged pages).
    #[error(transparent)]
    Journal(JournalError),
    /// Not (yet) a table's journal: no format tag, configuration or epoch.
    #[error("journal {}: {what}", path.display())]
    NotReady {
        /// The journal.
        path: PathBuf,
        /// What is missing.
        what: String,
    },
    /// A record is damaged or undecodable: the outbox stops before it.
    #[error("journal {}: record {seq}: {what}", path.display())]
    Record {
        /// The journal.
        path: PathBuf,
        /// The record.
        seq: u64,
        /// What is wrong.
        what: String,
    },
}

impl From<JournalError> for TailError {
    fn from(e: JournalError) -> Self {
        match e.kind {
            JournalErrorKind::Corrupt { seq, damage, .. } => TailError::Record {
                path: e.path,
                seq,
                what: damage.to_string(),
            },
            _ => TailError::Journal(e),
        }
    }
}

/// A read-only follower of one journal.
pub struct JournalTail {
    follower: Mutex<Follower<Input>>,
    path: PathBuf,
}

impl std::fmt::Debug for JournalTail {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JournalTail")
            .field("path", &self.path)
            .finish()
    }
}

impl JournalTail {
    /// Opens the journal at `path` read-only and checks it is a table's journal.
    ///
    /// # Errors
    /// [`TailError`]: missing file, not a journal, no configuration yet.
    pub fn open(path: &Path) -> Result<(JournalTail, TableConfig, u64), TailError> {
        Self::open_with(path, None)
    }

    /// As [`open`](Self::open), checking a keyed journal's MACs with the table's secret:
    /// a forged record stops the reading like damage ([`TailError::Record`]).
    ///
    /// # Errors
    /// As [`open`](Self::open); also a journal keyed with another secret.
    pub fn open_with(
        path: &Path,
        secret: Option<&annabella_journal::TableSecret>,
    ) -> Result<(JournalTail, TableConfig, u64), TailError> {
        let not_ready = |what: &str| TailError::NotReady {
            path: path.to_owned(),
            what: what.to_owned(),
        };
        let follower = Follower::<Input>::open_with(path, secret)?;
        let config: TableConfig = serde_json::from_str(
            &follower
                .meta_json(META_CONFIG)?
                .ok_or_else(|| not_ready("no table configuration yet"))?,
        )
        .map_err(|e| not_ready(&format!("table configuration does not decode: {e}")))?;
        let epoch: u64 = serde_json::from_str(
            &follower
                .meta_json(META_EPOCH)?
                .ok_or_else(|| not_ready("no epoch yet"))?,
        )
        .map_err(|e| not_ready(&format!("epoch does not decode: {e}")))?;
        Ok((
            JournalTail {
                follower: Mutex::new(follower),
                path: path.to_owned(),
            },
            config,
            epoch,
        ))
    }

    fn follower(&self) -> std::sync::MutexGuard<'_, Follower<Input>> {
        self.follower
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The highest record number committed (0 for none): a cheap check before reading.
    ///
    /// # Errors
    /// The journal refused.
    pub fn last_seq(&self) -> Result<u64, TailError> {
        Ok(self.follower().last_seq()?)
    }

    /// Up to `limit` records after `after`, in order, each checked on the journal's chain;
    /// stops before a record not yet written.
    ///
    /// # Errors
    /// [`TailError::Record`] for the first damaged record, or the journal's error.
    pub fn after(&self, after: u64, limit: usize) -> Result<Vec<TailRecord>, TailError> {
        Ok(self
            .follower()
            .after_with_heads(after, limit)?
            .into_iter()
            .map(|(r, head)| TailRecord {
                seq: r.seq,
                now: r.now,
                input: r.input,
                head: head.iter().map(|b| format!("{b:02x}")).collect(),
            })
            .collect())
    }
}
