//! The journal file's format: its tags, its tables, its meta keys, and which of the
//! formats this version reads a file is in.

use rusqlite::{Connection, OptionalExtension};

use crate::JournalErrorKind;

/// The format tag stored in the `meta` table of the journals this version writes; a file
/// without a known one is not a journal.
pub const FORMAT: &str = "annabella-journal 3";

/// The format tag of journals written before they were keyed (still read, and continued,
/// as not authenticated).
pub const FORMAT_2: &str = "annabella-journal 2";

/// The meta key of the journal's head (record count and last chain hash).
pub(crate) const HEAD: &str = "head";
/// The meta key of the journal's own random id, which its MAC key is bound to.
pub(crate) const JOURNAL_ID: &str = "journal_id";
/// The meta key of the public id of the table secret that keys the journal's MACs.
pub(crate) const SECRET_ID: &str = "secret_id";

/// The tables of a format 3 journal: the format 2 tables, each row with a `mac` (NULL in
/// a journal made without a table secret).
pub(crate) const SCHEMA: &str = "
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
pub(crate) enum Version {
    /// [`FORMAT_2`]: no MAC columns.
    V2,
    /// [`FORMAT`]: a MAC column on every table.
    V3,
}

impl Version {
    pub(crate) fn tag(self) -> &'static str {
        match self {
            Version::V2 => FORMAT_2,
            Version::V3 => FORMAT,
        }
    }

    /// The `mac` column in a `SELECT` (NULL where format 2 has none).
    pub(crate) fn mac_column(self) -> &'static str {
        match self {
            Version::V2 => "NULL",
            Version::V3 => "mac",
        }
    }
}

/// Checks that the database is a journal of a format this version reads, and says which.
pub(crate) fn check_format(conn: &Connection) -> Result<Version, JournalErrorKind> {
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
