//! The steps of [`Journal::open_with`](crate::Journal::open_with): the write-ahead log
//! checked, the file connected in its mode, the secret required of a writer, and a
//! journal read whole made ready to write.

use std::path::Path;

use rusqlite::{Connection, params};

use crate::{
    Authentication, DroppedRecord, HEAD, JournalErrorKind, Keys, OpenMode, Reading, TableSecret,
    file, head_json, integrity::Hash, open_for_writing, put_meta, start_writing, wal,
};

/// Damage in the write-ahead log beside an SQLite file, found before SQLite opens (and,
/// read-write, recovers) the log and drops what follows a damaged frame. Read-write, any
/// is refused.
pub(crate) fn log_damage(
    path: &Path,
    kind: file::Kind,
    mode: OpenMode,
) -> Result<Option<String>, JournalErrorKind> {
    let log_damage = match kind {
        file::Kind::Sqlite { .. } => wal::damage_beside(path),
        _ => None,
    };
    if mode == OpenMode::ReadWrite
        && let Some(d) = &log_damage
    {
        return Err(JournalErrorKind::Damaged(d.clone()));
    }
    Ok(log_damage)
}

/// Connects to the journal: read-only in place (or on a private copy, which is kept for
/// as long as the connection), read-write created or opened for writing. A file that is
/// not a database, or read-only an empty or missing one, is refused.
pub(crate) fn connect(
    path: &Path,
    mode: OpenMode,
    kind: file::Kind,
    secret: Option<&TableSecret>,
) -> Result<(Connection, Option<tempfile::TempDir>), JournalErrorKind> {
    match (mode, kind) {
        (_, file::Kind::Other) => Err(JournalErrorKind::NotAJournal(
            "file is not a database".into(),
        )),
        (OpenMode::ReadOnly, file::Kind::Empty) => {
            let what = if path.exists() {
                "empty"
            } else {
                "no such file"
            };
            Err(JournalErrorKind::File(what.into()))
        }
        (OpenMode::ReadOnly, kind) => {
            let read = file::open_for_reading(path, kind)?;
            Ok((read.conn, read._copy))
        }
        (OpenMode::ReadWrite, kind) => Ok((open_for_writing(path, kind, secret)?, None)),
    }
}

/// Read-write, a keyed journal must be opened with its own secret: without one, or with
/// another, nothing is written.
pub(crate) fn require_secret(
    mode: OpenMode,
    authentication: &Authentication,
) -> Result<(), JournalErrorKind> {
    if mode == OpenMode::ReadWrite
        && matches!(
            authentication,
            Authentication::NoSecret | Authentication::OtherSecret { .. }
        )
    {
        return Err(JournalErrorKind::Secret(authentication.clone()));
    }
    Ok(())
}

/// Makes a journal read read-write ready to append: any damage but a torn last record is
/// refused; then the log is switched on and the torn record set aside.
pub(crate) fn make_writable<I>(
    conn: &Connection,
    keys: Keys<'_>,
    reading: &Reading<I>,
) -> Result<(), JournalErrorKind> {
    if let Some(d) = &reading.damage {
        return Err(JournalErrorKind::Corrupt {
            seq: d.seq,
            damage: d.damage.clone(),
            later: d.later,
        });
    }
    if !reading.file_damage.is_empty() {
        return Err(JournalErrorKind::Damaged(reading.file_damage.join("; ")));
    }
    start_writing(conn)?;
    if let Some(d) = &reading.dropped {
        set_aside(
            conn,
            keys,
            d,
            reading.records.len() as u64,
            &reading.last_hash,
        )?;
    }
    Ok(())
}

/// Moves the torn last record to `dropped` and sets the head back to the record before it.
pub(crate) fn set_aside(
    conn: &Connection,
    keys: Keys<'_>,
    dropped: &DroppedRecord,
    records: u64,
    last_hash: &Hash,
) -> rusqlite::Result<()> {
    let tx = conn.unchecked_transaction()?;
    tx.execute(
        "INSERT INTO dropped (seq, now_ms, input, hash, reason)
         SELECT seq, now_ms, input, hash, ?2 FROM inputs WHERE seq = ?1",
        params![dropped.seq as i64, dropped.damage.to_string()],
    )?;
    tx.execute("DELETE FROM inputs WHERE seq = ?1", [dropped.seq as i64])?;
    put_meta(&tx, keys, HEAD, &head_json(records, last_hash))?;
    tx.commit()
}
