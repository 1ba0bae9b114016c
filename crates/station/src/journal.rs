//! The table's journal: every input event, in order, with the time it happened, in one
//! SQLite file (WAL, `synchronous = FULL`). A record is committed to disk before the
//! shell lets its effects happen, so after a crash replaying the journal rebuilds exactly
//! the table the players saw. Finished games (PGN and result) are kept in the same file.
//!
//! Each record carries a CRC-32 of `(seq, now_ms, input)`. On opening, every record is
//! checked in order:
//!
//! - a damaged **last** record (truncated or edited bytes: bad checksum, or a column of
//!   the wrong kind) is a torn write:
//!   it is moved to the `dropped` table (never deleted) and reported in
//!   [`Recovery::dropped`], so the caller can say so;
//! - damage **before** the last record is an error naming the record, because replaying
//!   past it would lose or invent moves; so is an intact record (checksum right) whose
//!   input does not decode, wherever it is: it was written by another version, not torn.
//!
//! The journal is generic over the input type `I` (any serde type), so it knows nothing
//! of chess; the station stores the table's `Input`s in it.
//!
//! # Examples
//!
//! ```
//! use std::time::Duration;
//! use annabella_station::journal::{Journal, OpenMode};
//!
//! let dir = tempfile::tempdir()?;
//! let path = dir.path().join("game.journal");
//! let (mut journal, recovery) = Journal::<String>::open(&path, OpenMode::ReadWrite)?;
//! assert!(recovery.records.is_empty());
//! journal.append(Duration::from_millis(1500), &"e2e4".to_string())?;
//! drop(journal);
//!
//! let (_, recovery) = Journal::<String>::open(&path, OpenMode::ReadOnly)?;
//! assert_eq!(recovery.records[0].input, "e2e4");
//! assert_eq!(recovery.records[0].now, Duration::from_millis(1500));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use std::{
    fmt,
    marker::PhantomData,
    path::{Path, PathBuf},
    time::Duration,
};

use rusqlite::{Connection, OpenFlags, OptionalExtension, params, types::ValueRef};
use serde::{Serialize, de::DeserializeOwned};

/// The format tag stored in the `meta` table; a file without it is not a journal.
pub const FORMAT: &str = "annabella-journal 1";

const CRC: crc::Crc<u32> = crc::Crc::<u32>::new(&crc::CRC_32_ISO_HDLC);

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS inputs (
    seq INTEGER PRIMARY KEY,
    now_ms INTEGER NOT NULL,
    input TEXT NOT NULL,
    crc INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS dropped (
    seq INTEGER,
    now_ms INTEGER,
    input BLOB,
    crc INTEGER,
    reason TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    last_seq INTEGER NOT NULL,
    now_ms INTEGER NOT NULL,
    result TEXT NOT NULL,
    termination TEXT NOT NULL,
    pgn TEXT NOT NULL
);
";

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

/// What was read back from a journal on opening it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recovery<I> {
    /// Every intact record, in order: replay them to rebuild the table.
    pub records: Vec<Record<I>>,
    /// The damaged last record that was set aside, if there was one.
    pub dropped: Option<DroppedRecord>,
}

/// Why a record cannot be replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Damage {
    /// The stored checksum does not match the record.
    #[error("checksum {stored:#010x} does not match the record ({computed:#010x})")]
    Checksum {
        /// Checksum in the file.
        stored: u32,
        /// Checksum of what is there now.
        computed: u32,
    },
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
}

impl Damage {
    /// True for damage a torn or hand-damaged write leaves (checksum, column kinds); false
    /// for a record that is intact but means something else (another program version),
    /// which must never be dropped.
    pub fn is_torn_write(&self) -> bool {
        matches!(self, Damage::Checksum { .. } | Damage::Column { .. })
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
    /// The file is a database but not one of our journals.
    #[error("not an annabella journal: {0}")]
    NotAJournal(String),
    /// A record before the last one is damaged: replaying would lose or invent events.
    #[error(
        "record {seq} is damaged ({damage}); {later} later record(s) follow it, so it \
         cannot be dropped as a torn last write and the journal must be repaired by hand \
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
    /// An input could not be turned into JSON (nothing was written).
    #[error("cannot encode the input as JSON: {0}")]
    Encode(#[from] serde_json::Error),
    /// A meta value could not be read back.
    #[error("meta value {key:?} does not decode: {reason}")]
    Meta {
        /// The meta key.
        key: String,
        /// The decoder's complaint.
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
}

/// How to open a journal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpenMode {
    /// Create the file if missing; set a torn last record aside; append.
    ReadWrite,
    /// Only read an existing file (replay, export); nothing is changed on disk.
    ReadOnly,
}

/// An open journal of inputs of type `I`.
pub struct Journal<I> {
    conn: Connection,
    path: PathBuf,
    mode: OpenMode,
    next_seq: u64,
    last_ms: u64,
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

/// A record's row as stored, before checking.
struct RawRow {
    seq: i64,
    now_ms: Result<i64, Damage>,
    input: Result<Vec<u8>, Damage>,
    crc: Result<i64, Damage>,
}

fn checksum(seq: u64, now_ms: u64, input: &[u8]) -> u32 {
    let mut digest = CRC.digest();
    digest.update(&seq.to_le_bytes());
    digest.update(&now_ms.to_le_bytes());
    digest.update(input);
    digest.finalize()
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

fn describe(value: ValueRef<'_>) -> String {
    match value {
        ValueRef::Null => "NULL".into(),
        ValueRef::Integer(i) => format!("the integer {i}"),
        ValueRef::Real(r) => format!("the real {r}"),
        ValueRef::Text(t) => format!("text of {} bytes", t.len()),
        ValueRef::Blob(b) => format!("a blob of {} bytes", b.len()),
    }
}

impl<I: Serialize + DeserializeOwned> Journal<I> {
    /// Opens (or, read-write, creates) the journal at `path` and reads every record back.
    ///
    /// Read-write, a damaged last record is moved to the `dropped` table; read-only it is
    /// only left out. Either way it is reported in [`Recovery::dropped`].
    ///
    /// # Errors
    ///
    /// [`JournalError`] when the file cannot be opened, is not a journal, or has a damaged
    /// record before its last one ([`JournalErrorKind::Corrupt`], naming the record).
    pub fn open(
        path: impl AsRef<Path>,
        mode: OpenMode,
    ) -> Result<(Journal<I>, Recovery<I>), JournalError> {
        let path = path.as_ref().to_path_buf();
        let err = |kind: JournalErrorKind| JournalError {
            path: path.clone(),
            kind,
        };
        let sql = |e: rusqlite::Error| err(JournalErrorKind::Sqlite(e));
        let conn = match mode {
            OpenMode::ReadWrite => Connection::open(&path),
            OpenMode::ReadOnly => Connection::open_with_flags(
                &path,
                OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
            ),
        }
        .map_err(sql)?;
        if mode == OpenMode::ReadWrite {
            // WAL: a commit is one append to the log; FULL: fsync'd at every commit.
            let journal_mode: String = conn
                .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
                .map_err(sql)?;
            if !journal_mode.eq_ignore_ascii_case("wal") {
                return Err(err(JournalErrorKind::NotAJournal(format!(
                    "SQLite refused WAL mode (got {journal_mode})"
                ))));
            }
            conn.pragma_update(None, "synchronous", "FULL")
                .map_err(sql)?;
            let fresh: i64 = conn
                .query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))
                .map_err(sql)?;
            conn.execute_batch(SCHEMA).map_err(sql)?;
            if fresh == 0 {
                conn.execute(
                    "INSERT INTO meta (key, value) VALUES ('format', ?1)",
                    [serde_json::to_string(FORMAT).expect("a string encodes")],
                )
                .map_err(sql)?;
            }
        }
        let format: Option<String> = conn
            .query_row("SELECT value FROM meta WHERE key = 'format'", [], |r| {
                r.get(0)
            })
            .optional()
            .map_err(|e| match e {
                rusqlite::Error::SqliteFailure(..) if is_missing_table(&e) => {
                    err(JournalErrorKind::NotAJournal("it has no meta table".into()))
                }
                e => sql(e),
            })?;
        let expected = serde_json::to_string(FORMAT).expect("a string encodes");
        match format {
            Some(f) if f == expected => {}
            Some(f) => {
                return Err(err(JournalErrorKind::NotAJournal(format!(
                    "format {f}, expected {expected}"
                ))));
            }
            None => {
                return Err(err(JournalErrorKind::NotAJournal(
                    "its meta table has no format".into(),
                )));
            }
        }

        let rows = read_rows(&conn).map_err(sql)?;
        let mut records = Vec::with_capacity(rows.len());
        let mut dropped = None;
        let mut previous_ms = 0i64;
        for (index, row) in rows.iter().enumerate() {
            let expected_seq = index as u64 + 1;
            let later = (rows.len() - index - 1) as u64;
            if row.seq != expected_seq as i64 {
                // A missing record is never a torn last write.
                return Err(err(JournalErrorKind::Corrupt {
                    seq: expected_seq,
                    damage: Damage::Gap {
                        expected: expected_seq,
                        found: row.seq.max(0) as u64,
                    },
                    later: later + 1,
                }));
            }
            match check_row::<I>(row, previous_ms) {
                Ok(record) => {
                    previous_ms = record.now.as_millis() as i64;
                    records.push(record);
                }
                Err(damage) if later == 0 && damage.is_torn_write() => {
                    dropped = Some(DroppedRecord {
                        seq: expected_seq,
                        now_ms: *row.now_ms.as_ref().unwrap_or(&-1),
                        damage,
                    });
                }
                Err(damage) => {
                    return Err(err(JournalErrorKind::Corrupt {
                        seq: expected_seq,
                        damage,
                        later,
                    }));
                }
            }
        }
        if let (Some(d), OpenMode::ReadWrite) = (&dropped, mode) {
            set_aside(&conn, d).map_err(sql)?;
        }
        let journal = Journal {
            conn,
            path,
            mode,
            next_seq: records.len() as u64 + 1,
            last_ms: previous_ms as u64,
            _input: PhantomData,
        };
        Ok((journal, Recovery { records, dropped }))
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
        let crc = checksum(seq, now_ms, json.as_bytes());
        self.conn
            .execute(
                "INSERT INTO inputs (seq, now_ms, input, crc) VALUES (?1, ?2, ?3, ?4)",
                params![seq as i64, now_ms as i64, json, i64::from(crc)],
            )
            .map_err(|e| self.error(e.into()))?;
        self.next_seq += 1;
        self.last_ms = now_ms;
        Ok(Record {
            seq,
            now: Duration::from_millis(now_ms),
            input: input.clone(),
        })
    }

    /// Stores a finished game (PGN and result) in the journal file.
    ///
    /// # Errors
    ///
    /// [`JournalError`] when read-only or SQLite cannot commit.
    pub fn finish_game(&mut self, game: &FinishedGame) -> Result<(), JournalError> {
        if self.mode == OpenMode::ReadOnly {
            return Err(self.error(JournalErrorKind::ReadOnly));
        }
        self.conn
            .execute(
                "INSERT INTO games (last_seq, now_ms, result, termination, pgn) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![
                    game.last_seq as i64,
                    game.now.as_millis() as i64,
                    game.result,
                    game.termination,
                    game.pgn
                ],
            )
            .map_err(|e| self.error(e.into()))?;
        Ok(())
    }

    /// The finished games stored so far, oldest first.
    ///
    /// # Errors
    ///
    /// [`JournalError`] when SQLite cannot read them.
    pub fn games(&self) -> Result<Vec<FinishedGame>, JournalError> {
        let read = || -> rusqlite::Result<Vec<FinishedGame>> {
            let mut stmt = self.conn.prepare(
                "SELECT last_seq, now_ms, result, termination, pgn FROM games ORDER BY id",
            )?;
            stmt.query_map([], |r| {
                Ok(FinishedGame {
                    last_seq: r.get::<_, i64>(0)?.max(0) as u64,
                    now: Duration::from_millis(r.get::<_, i64>(1)?.max(0) as u64),
                    result: r.get(2)?,
                    termination: r.get(3)?,
                    pgn: r.get(4)?,
                })
            })?
            .collect()
        };
        read().map_err(|e| self.error(e.into()))
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
        self.conn
            .execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)",
                params![key, json],
            )
            .map_err(|e| self.error(e.into()))?;
        Ok(())
    }

    /// The value stored under `key`, if any.
    ///
    /// # Errors
    ///
    /// [`JournalError`] when SQLite cannot read it or it does not decode as `T`.
    pub fn meta<T: DeserializeOwned>(&self, key: &str) -> Result<Option<T>, JournalError> {
        let json: Option<String> = self
            .conn
            .query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
            .optional()
            .map_err(|e| self.error(e.into()))?;
        json.map(|j| {
            serde_json::from_str(&j).map_err(|e| {
                self.error(JournalErrorKind::Meta {
                    key: key.into(),
                    reason: e.to_string(),
                })
            })
        })
        .transpose()
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

fn is_missing_table(e: &rusqlite::Error) -> bool {
    e.to_string().contains("no such table")
}

fn read_rows(conn: &Connection) -> rusqlite::Result<Vec<RawRow>> {
    let mut stmt = conn.prepare("SELECT seq, now_ms, input, crc FROM inputs ORDER BY seq")?;
    stmt.query_map([], |r| {
        let input = match r.get_ref(2)? {
            ValueRef::Text(t) | ValueRef::Blob(t) => Ok(t.to_vec()),
            other => Err(Damage::Column {
                column: "input",
                found: describe(other),
            }),
        };
        Ok(RawRow {
            seq: r.get(0)?,
            now_ms: integer(r.get_ref(1)?, "now_ms"),
            input,
            crc: integer(r.get_ref(3)?, "crc"),
        })
    })?
    .collect()
}

fn check_row<I: DeserializeOwned>(row: &RawRow, previous_ms: i64) -> Result<Record<I>, Damage> {
    let now_ms = row.now_ms.clone()?;
    let input = row.input.as_ref().map_err(Clone::clone)?;
    let stored = row.crc.clone()?;
    if now_ms < 0 {
        return Err(Damage::Column {
            column: "now_ms",
            found: format!("the negative time {now_ms}"),
        });
    }
    let computed = checksum(row.seq as u64, now_ms as u64, input);
    if stored != i64::from(computed) {
        return Err(Damage::Checksum {
            stored: stored as u32,
            computed,
        });
    }
    if now_ms < previous_ms {
        return Err(Damage::TimeBackwards {
            previous_ms,
            now_ms,
        });
    }
    let text = std::str::from_utf8(input).map_err(|e| Damage::Decode(e.to_string()))?;
    let input = serde_json::from_str(text).map_err(|e| Damage::Decode(e.to_string()))?;
    Ok(Record {
        seq: row.seq as u64,
        now: Duration::from_millis(now_ms as u64),
        input,
    })
}

fn set_aside(conn: &Connection, dropped: &DroppedRecord) -> rusqlite::Result<()> {
    let tx = conn.unchecked_transaction()?;
    tx.execute(
        "INSERT INTO dropped (seq, now_ms, input, crc, reason)
         SELECT seq, now_ms, input, crc, ?2 FROM inputs WHERE seq = ?1",
        params![dropped.seq as i64, dropped.damage.to_string()],
    )?;
    tx.execute("DELETE FROM inputs WHERE seq = ?1", [dropped.seq as i64])?;
    tx.commit()
}

#[cfg(test)]
mod tests;
