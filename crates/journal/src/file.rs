//! Opening a journal file: for writing only once it is known to be a journal (or new), and
//! for reading without ever changing the file or creating `-wal`/`-shm` files beside it.

use std::{
    fs,
    io::Read,
    path::{Path, PathBuf},
};

use rusqlite::{Connection, OpenFlags};

use crate::JournalErrorKind;

/// The first bytes of every SQLite database file.
const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// What the first 100 bytes of a file say about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// Missing or empty: a new journal may be created here.
    Empty,
    /// A SQLite database; `wal` when its header says write-ahead logging.
    Sqlite {
        /// The header's read/write version bytes say WAL mode.
        wal: bool,
    },
    /// Something else.
    Other,
}

/// Reads the header of the file at `path`.
pub(super) fn kind(path: &Path) -> std::io::Result<Kind> {
    let mut file = match fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Kind::Empty),
        Err(e) => return Err(e),
    };
    if file.metadata()?.is_dir() {
        return Ok(Kind::Other);
    }
    let mut header = [0u8; 100];
    let mut read = 0;
    while read < header.len() {
        match file.read(&mut header[read..])? {
            0 => break,
            n => read += n,
        }
    }
    Ok(match read {
        0 => Kind::Empty,
        100 if header.starts_with(SQLITE_MAGIC) => Kind::Sqlite {
            wal: header[18] == 2 || header[19] == 2,
        },
        _ => Kind::Other,
    })
}

/// The `-wal` file SQLite keeps beside `path`.
pub(super) fn wal_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push("-wal");
    PathBuf::from(name)
}

/// A connection for reading, and the private copy it reads when the journal was not
/// closed normally (kept alive as long as the connection).
pub(super) struct ReadConnection {
    pub conn: Connection,
    pub _copy: Option<tempfile::TempDir>,
}

/// The rollback journal SQLite keeps beside `path` during a transaction outside WAL mode
/// (left behind by a crash, it must be undone before the file is read).
fn rollback_journal_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push("-journal");
    PathBuf::from(name)
}

/// Opens `path` for reading without touching it. A journal closed normally holds
/// everything in its main file and is opened read-only in place. One in WAL mode (a
/// running table, or one that crashed) is copied with its `-wal` into a private directory
/// first, because SQLite would otherwise create `-shm` (and recover the log) beside it;
/// so is one with a rollback journal beside it (a crash in the middle of a transaction),
/// which SQLite must undo before anything is read.
pub(super) fn open_for_reading(
    path: &Path,
    kind: Kind,
) -> Result<ReadConnection, JournalErrorKind> {
    let copy_error = |what| move |error| JournalErrorKind::Copy { what, error };
    let wal = wal_path(path);
    let rollback = rollback_journal_path(path);
    let in_wal_mode = matches!(kind, Kind::Sqlite { wal: true }) || wal.exists();
    if !in_wal_mode && !rollback.exists() {
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        return Ok(ReadConnection { conn, _copy: None });
    }
    let dir = tempfile::tempdir().map_err(copy_error("cannot make a private copy"))?;
    let copy = dir.path().join("journal");
    fs::copy(path, &copy).map_err(copy_error("cannot copy it to read it"))?;
    if wal.exists() {
        fs::copy(&wal, wal_path(&copy)).map_err(copy_error("cannot copy its write-ahead log"))?;
    }
    if rollback.exists() {
        fs::copy(&rollback, rollback_journal_path(&copy))
            .map_err(copy_error("cannot copy its rollback journal"))?;
    }
    let conn = Connection::open(&copy)?;
    Ok(ReadConnection {
        conn,
        _copy: Some(dir),
    })
}

/// The first problem `PRAGMA quick_check` finds in the file's pages, if any.
pub(super) fn page_damage(conn: &Connection) -> Option<String> {
    let mut stmt = match conn.prepare("PRAGMA quick_check") {
        Ok(s) => s,
        Err(e) => return Some(e.to_string()),
    };
    let rows = stmt.query_map([], |r| r.get::<_, String>(0));
    let mut found: Vec<String> = match rows {
        Ok(rows) => rows
            .map(|r| r.unwrap_or_else(|e| e.to_string()))
            .take(3)
            .collect(),
        Err(e) => return Some(e.to_string()),
    };
    if found.len() == 1 && found[0] == "ok" {
        return None;
    }
    found.retain(|f| f != "ok");
    Some(if found.is_empty() {
        "the page check gave no answer".to_owned()
    } else {
        found.join("; ")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_of_file() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(kind(&dir.path().join("none")).unwrap(), Kind::Empty);
        assert_eq!(kind(dir.path()).unwrap(), Kind::Other);
        let text = dir.path().join("t.txt");
        fs::write(&text, "1. e4 e5").unwrap();
        assert_eq!(kind(&text).unwrap(), Kind::Other);
        let db = dir.path().join("d.db");
        Connection::open(&db)
            .unwrap()
            .execute_batch("CREATE TABLE t (x)")
            .unwrap();
        assert_eq!(kind(&db).unwrap(), Kind::Sqlite { wal: false });
    }
}
