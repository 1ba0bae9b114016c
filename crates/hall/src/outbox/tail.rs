//! Reading a station's journal from another process, read-only: its table configuration
//! and epoch, and the records after a given one. The station's journal format
//! (`annabella-journal 1`: `meta`, `inputs(seq, now_ms, input, crc)`) is read with its
//! own checks — every record's CRC-32 — and nothing is ever written to it.
//!
//! (The hall does not depend on the station crate, so that the station can depend on
//! the hall; this reader is the few lines of the journal the outbox needs.)

use std::{
    path::{Path, PathBuf},
    time::Duration,
};

use annabella_table::{Input, TableConfig};
use rusqlite::{Connection, OpenFlags, OptionalExtension};

const CRC: crc::Crc<u32> = crc::Crc::<u32>::new(&crc::CRC_32_ISO_HDLC);
const FORMAT: &str = "\"annabella-journal 1\"";
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
}

/// Why the journal cannot be read (yet).
#[derive(Debug, thiserror::Error)]
pub enum TailError {
    /// SQLite refused (no file yet, locked, damaged pages).
    #[error("journal {}: {source}", path.display())]
    Sqlite {
        /// The journal.
        path: PathBuf,
        /// SQLite's error.
        source: rusqlite::Error,
    },
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

/// A read-only connection to one journal.
pub struct JournalTail {
    conn: Connection,
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
        let sql = |source| TailError::Sqlite {
            path: path.to_owned(),
            source,
        };
        let not_ready = |what: &str| TailError::NotReady {
            path: path.to_owned(),
            what: what.to_owned(),
        };
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(sql)?;
        let meta = |key: &str| -> Result<Option<String>, TailError> {
            conn.query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
                .optional()
                .map_err(sql)
        };
        if meta("format")?.as_deref() != Some(FORMAT) {
            return Err(not_ready("not an annabella journal (no format tag)"));
        }
        let config: TableConfig = serde_json::from_str(
            &meta(META_CONFIG)?.ok_or_else(|| not_ready("no table configuration yet"))?,
        )
        .map_err(|e| not_ready(&format!("table configuration does not decode: {e}")))?;
        let epoch: u64 =
            serde_json::from_str(&meta(META_EPOCH)?.ok_or_else(|| not_ready("no epoch yet"))?)
                .map_err(|e| not_ready(&format!("epoch does not decode: {e}")))?;
        Ok((
            JournalTail {
                conn,
                path: path.to_owned(),
            },
            config,
            epoch,
        ))
    }

    /// The highest record number committed (0 for none): a cheap check before reading.
    ///
    /// # Errors
    /// SQLite refused.
    pub fn last_seq(&self) -> Result<u64, TailError> {
        self.conn
            .query_row("SELECT COALESCE(MAX(seq), 0) FROM inputs", [], |r| {
                r.get::<_, i64>(0)
            })
            .map(|s| u64::try_from(s).unwrap_or(0))
            .map_err(|source| TailError::Sqlite {
                path: self.path.clone(),
                source,
            })
    }

    /// Up to `limit` records after `after`, in order, each checked; stops before a gap.
    ///
    /// # Errors
    /// [`TailError::Record`] for the first damaged record (those before it are lost to
    /// this call only: call again with the last good one), or SQLite's error.
    pub fn after(&self, after: u64, limit: usize) -> Result<Vec<TailRecord>, TailError> {
        let sql = |source| TailError::Sqlite {
            path: self.path.clone(),
            source,
        };
        let mut stmt = self
            .conn
            .prepare_cached(
                "SELECT seq, now_ms, input, crc FROM inputs WHERE seq > ?1 ORDER BY seq LIMIT ?2",
            )
            .map_err(sql)?;
        let rows = stmt
            .query_map(
                rusqlite::params![i64::try_from(after).unwrap_or(i64::MAX), limit as i64],
                |r| {
                    Ok((
                        r.get::<_, i64>(0)?,
                        r.get::<_, i64>(1)?,
                        r.get::<_, String>(2)?,
                        r.get::<_, i64>(3)?,
                    ))
                },
            )
            .map_err(sql)?;
        let mut out = Vec::new();
        for (expected, row) in (after + 1..).zip(rows) {
            let (seq, now_ms, input, crc) = row.map_err(sql)?;
            let seq = u64::try_from(seq).unwrap_or(0);
            if seq != expected {
                break;
            }
            let bad = |what: String| TailError::Record {
                path: self.path.clone(),
                seq,
                what,
            };
            let now_ms = u64::try_from(now_ms).map_err(|_| bad(format!("time {now_ms} ms")))?;
            let mut digest = CRC.digest();
            digest.update(&seq.to_le_bytes());
            digest.update(&now_ms.to_le_bytes());
            digest.update(input.as_bytes());
            let computed = digest.finalize();
            if i64::from(computed) != crc {
                return Err(bad(format!(
                    "checksum {crc:#010x} does not match ({computed:#010x})"
                )));
            }
            let input: Input = serde_json::from_str(&input)
                .map_err(|e| bad(format!("input does not decode: {e}")))?;
            out.push(TailRecord {
                seq,
                now: Duration::from_millis(now_ms),
                input,
            });
        }
        Ok(out)
    }
}
