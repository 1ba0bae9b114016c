//! Making a new journal file and starting to write it.

use std::path::Path;

use rusqlite::Connection;

use crate::{
    FORMAT, HEAD, JOURNAL_ID, JournalErrorKind, Keys, SCHEMA, SECRET_ID, TableSecret, Version,
    file, head_json, integrity, put_meta,
};

/// Opens `path` for writing. An existing database is checked to be a journal *before*
/// anything is changed in it; a new or empty file gets the schema, the format and an empty
/// head.
pub(crate) fn open_for_writing(
    path: &Path,
    kind: file::Kind,
    secret: Option<&TableSecret>,
) -> Result<Connection, JournalErrorKind> {
    if kind == file::Kind::Empty {
        create(path, secret)?;
    }
    Ok(Connection::open(path)?)
}

/// Makes a new journal whole in a file beside `path` and renames it into place, so a
/// station killed while the journal is made leaves either no journal or a whole one
/// (never a half-made file with a rollback journal a reader cannot undo). With the
/// table's secret it is keyed: its own random id and the secret's id are stored, and
/// every row gets its MAC.
pub(crate) fn create(path: &Path, secret: Option<&TableSecret>) -> Result<(), JournalErrorKind> {
    let file_error = |e: std::io::Error| JournalErrorKind::File(e.to_string());
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let fresh = tempfile::Builder::new()
        .prefix(".new-journal-")
        .tempfile_in(dir)
        .map_err(file_error)?;
    {
        let conn = Connection::open(fresh.path())?;
        let tx = conn.unchecked_transaction()?;
        tx.execute_batch(SCHEMA)?;
        let mut id = [0u8; 16];
        getrandom::fill(&mut id).map_err(JournalErrorKind::Random)?;
        let id = integrity::hex(&id);
        let key = secret.map(|s| s.journal_key(&id));
        let keys = Keys {
            version: Version::V3,
            key: key.as_ref(),
        };
        put_meta(&tx, keys, "format", &serde_json::to_string(FORMAT)?)?;
        put_meta(&tx, keys, JOURNAL_ID, &serde_json::to_string(&id)?)?;
        if let Some(secret) = secret {
            put_meta(&tx, keys, SECRET_ID, &serde_json::to_string(&secret.id())?)?;
        }
        put_meta(&tx, keys, HEAD, &head_json(0, &integrity::genesis(FORMAT)))?;
        tx.commit()?;
    }
    fresh.as_file().sync_all().map_err(file_error)?;
    fresh.persist(path).map_err(|e| file_error(e.error))?;
    if let Ok(dir) = std::fs::File::open(dir) {
        let _ = dir.sync_all(); // the rename itself, where the file system allows it
    }
    Ok(())
}

/// Turns on write-ahead logging with an fsync at every commit, once the file is known to
/// be a sound journal.
pub(crate) fn start_writing(conn: &Connection) -> Result<(), JournalErrorKind> {
    // WAL: a commit is one append to the log; FULL: fsync'd at every commit.
    let journal_mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
    if !journal_mode.eq_ignore_ascii_case("wal") {
        return Err(JournalErrorKind::NotAJournal(format!(
            "SQLite refused WAL mode (got {journal_mode})"
        )));
    }
    conn.pragma_update(None, "synchronous", "FULL")?;
    Ok(())
}
