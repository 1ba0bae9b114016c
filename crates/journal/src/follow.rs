//! Following a journal that a running table writes, from another process: every new
//! record, checked on the same chain as [`Journal::open`](crate::Journal::open) checks it.

use std::{
    marker::PhantomData,
    path::{Path, PathBuf},
    time::Duration,
};

use rusqlite::{Connection, OpenFlags, params};
use serde::de::DeserializeOwned;

use crate::{
    Authentication, Damage, JournalError, JournalErrorKind, Keys, RawRow, Record, TableSecret,
    Version, authentication, blob, check_format, file, get_meta, integer,
    integrity::{self, Hash},
    mac_blob,
    secret::MacKey,
};

/// A read-only reader of a journal that another process may be writing (a hall's outbox
/// following its table). It shares the writer's log instead of copying the file, so it
/// sees each record as soon as it is committed; it never writes to the journal.
pub struct Follower<I> {
    conn: Connection,
    path: PathBuf,
    /// The last record whose chain has been checked, and its hash.
    checked: (u64, Hash),
    /// The journal's format.
    version: Version,
    /// The key of its MACs, when keyed and opened with the table's secret.
    key: Option<MacKey>,
    _input: PhantomData<fn(I) -> I>,
}

impl<I> std::fmt::Debug for Follower<I> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Follower")
            .field("path", &self.path)
            .field("checked", &self.checked.0)
            .finish()
    }
}

impl<I: DeserializeOwned> Follower<I> {
    /// Opens the journal at `path` for following.
    ///
    /// # Errors
    /// [`JournalError`] when the file is missing, not a journal, or SQLite refuses.
    pub fn open(path: impl AsRef<Path>) -> Result<Follower<I>, JournalError> {
        Self::open_with(path, None)
    }

    /// As [`open`](Self::open), with the table's secret: a keyed journal's records are
    /// checked on their MACs too, so a forged record stops the reading
    /// ([`Damage::Forged`], named with its number).
    ///
    /// # Errors
    /// As [`open`](Self::open); also [`JournalErrorKind::Secret`] for a journal keyed with
    /// another secret.
    pub fn open_with(
        path: impl AsRef<Path>,
        secret: Option<&TableSecret>,
    ) -> Result<Follower<I>, JournalError> {
        let path = path.as_ref().to_path_buf();
        let err = |kind| JournalError {
            path: path.clone(),
            kind,
        };
        match file::kind(&path).map_err(|e| err(JournalErrorKind::Io(e)))? {
            file::Kind::Sqlite { .. } => {}
            file::Kind::Empty => return Err(err(JournalErrorKind::File("no journal yet".into()))),
            file::Kind::Other => {
                return Err(err(JournalErrorKind::NotAJournal(
                    "file is not a database".into(),
                )));
            }
        }
        let conn = Connection::open_with_flags(
            &path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|e| err(e.into()))?;
        let version = check_format(&conn).map_err(err)?;
        let (key, auth) = authentication(&conn, version, secret).map_err(err)?;
        if matches!(auth, Authentication::OtherSecret { .. }) {
            return Err(err(JournalErrorKind::Secret(auth)));
        }
        Ok(Follower {
            conn,
            path,
            checked: (0, integrity::genesis(version.tag())),
            version,
            key,
            _input: PhantomData,
        })
    }

    /// The JSON text stored under `key` (the table's settings, the epoch), checked against
    /// its hash.
    ///
    /// # Errors
    /// [`JournalError`] when it is damaged or SQLite refuses.
    pub fn meta_json(&self, key: &str) -> Result<Option<String>, JournalError> {
        let keys = Keys {
            version: self.version,
            key: self.key.as_ref(),
        };
        get_meta(&self.conn, key, keys).map_err(|kind| self.error(kind))
    }

    /// The highest record number committed so far (0 for none): a cheap look before reading.
    ///
    /// # Errors
    /// [`JournalError`] when SQLite refuses.
    pub fn last_seq(&self) -> Result<u64, JournalError> {
        self.conn
            .query_row("SELECT COALESCE(MAX(seq), 0) FROM inputs", [], |r| {
                r.get::<_, i64>(0)
            })
            .map(|s| u64::try_from(s).unwrap_or(0))
            .map_err(|e| self.error(e.into()))
    }

    /// Up to `limit` records after record `after`, in order, each checked on the chain
    /// (the records up to `after` are checked first when they have not been yet). Stops
    /// before a record not yet written, and before a damaged one: the good records before
    /// it are given, and the next call names the damage.
    ///
    /// # Errors
    /// [`JournalErrorKind::Corrupt`] naming the first damaged record when it is the first
    /// one to read, or SQLite's error.
    pub fn after(&mut self, after: u64, limit: usize) -> Result<Vec<Record<I>>, JournalError> {
        Ok(self
            .after_with_heads(after, limit)?
            .into_iter()
            .map(|(record, _)| record)
            .collect())
    }

    /// As [`after`](Self::after), each record with the chain hash up to it: the journal's
    /// head as it was when that record was committed (what the station shows a witness).
    ///
    /// # Errors
    /// As [`after`](Self::after).
    pub fn after_with_heads(
        &mut self,
        after: u64,
        limit: usize,
    ) -> Result<Vec<(Record<I>, Hash)>, JournalError> {
        if after < self.checked.0 {
            self.checked = (0, integrity::genesis(self.version.tag()));
        }
        while self.checked.0 < after {
            let gap = usize::try_from(after - self.checked.0).unwrap_or(usize::MAX);
            let read = self.read(gap.min(1024))?;
            if read.is_empty() {
                break;
            }
        }
        if self.checked.0 < after {
            return Ok(Vec::new());
        }
        self.read(limit)
    }

    /// Reads and checks up to `limit` records after the last checked one.
    fn read(&mut self, limit: usize) -> Result<Vec<(Record<I>, Hash)>, JournalError> {
        let (from, mut previous) = self.checked;
        let rows = self.rows_after(from, limit)?;
        let mut out = Vec::with_capacity(rows.len());
        let mut last_ms = 0i64;
        for (expected, row) in (from + 1..).zip(rows) {
            let checked = self.check(row, expected, &previous, last_ms);
            // The good records before a damaged one are given first; the next read
            // starts at the damage and names it.
            let (record, hash) = match checked {
                Ok(checked) => checked,
                Err(_) if !out.is_empty() => break,
                Err(damage) => {
                    return Err(self.error(JournalErrorKind::Corrupt {
                        seq: expected,
                        damage,
                        later: 0,
                    }));
                }
            };
            last_ms = record.now.as_millis() as i64;
            previous = hash;
            self.checked = (expected, hash);
            out.push((record, hash));
        }
        Ok(out)
    }

    /// Up to `limit` records' rows after record `from`, as stored.
    fn rows_after(&self, from: u64, limit: usize) -> Result<Vec<RawRow>, JournalError> {
        let sql = format!(
            "SELECT seq, now_ms, input, hash, {} FROM inputs WHERE seq > ?1 ORDER BY seq LIMIT ?2",
            self.version.mac_column()
        );
        let mut stmt = self
            .conn
            .prepare_cached(&sql)
            .map_err(|e| self.error(e.into()))?;
        let rows = stmt
            .query_map(
                params![i64::try_from(from).unwrap_or(i64::MAX), limit as i64],
                |r| {
                    Ok(RawRow {
                        seq: integer(r.get_ref(0)?, "seq"),
                        now_ms: integer(r.get_ref(1)?, "now_ms"),
                        input: crate::bytes(r.get_ref(2)?, "input"),
                        hash: blob(r.get_ref(3)?, "hash"),
                        mac: mac_blob(r.get_ref(4)?),
                    })
                },
            )
            .map_err(|e| self.error(e.into()))?;
        rows.collect::<Result<_, _>>()
            .map_err(|e| self.error(e.into()))
    }

    /// Checks record `expected`'s row: its number, its time not before `last_ms`, its
    /// hash chained on `previous`, its MAC, and its input; the record and its hash.
    fn check(
        &self,
        row: RawRow,
        expected: u64,
        previous: &Hash,
        last_ms: i64,
    ) -> Result<(Record<I>, Hash), Damage> {
        let seq = row.seq?;
        if seq != expected as i64 {
            return Err(Damage::Gap {
                expected,
                found: seq.max(0) as u64,
            });
        }
        let now_ms = row.now_ms?;
        let input = row.input?;
        let stored = row.hash?;
        if now_ms < last_ms.max(0) {
            return Err(Damage::TimeBackwards {
                previous_ms: last_ms,
                now_ms,
            });
        }
        let computed = integrity::record_hash(previous, expected, now_ms as u64, &input);
        if integrity::from_blob(&stored) != Some(computed) {
            return Err(Damage::Hash);
        }
        if let Some(k) = &self.key
            && !row.mac.is_some_and(|m| k.verify("record", &computed, &m))
        {
            return Err(Damage::Forged);
        }
        let text = std::str::from_utf8(&input).map_err(|e| Damage::Decode(crate::Cause::of(e)))?;
        let input = serde_json::from_str(text).map_err(|e| Damage::Decode(crate::Cause::of(e)))?;
        Ok((
            Record {
                seq: expected,
                now: Duration::from_millis(now_ms as u64),
                input,
            },
            computed,
        ))
    }

    fn error(&self, kind: JournalErrorKind) -> JournalError {
        JournalError {
            path: self.path.clone(),
            kind,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Journal, OpenMode};

    #[test]
    fn a_follower_sees_each_record_as_it_is_committed_and_checks_the_chain() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.journal");
        let (mut journal, _) = Journal::<String>::open(&path, OpenMode::ReadWrite).unwrap();
        journal.set_meta("table_config", "cfg").unwrap();
        let mut follower = Follower::<String>::open(&path).unwrap();
        assert_eq!(
            follower.meta_json("table_config").unwrap().unwrap(),
            "\"cfg\""
        );
        assert!(follower.after(0, 10).unwrap().is_empty());
        for (i, word) in ["e4", "e5", "Nf3"].into_iter().enumerate() {
            journal
                .append(Duration::from_millis(i as u64 * 100), &word.to_string())
                .unwrap();
        }
        assert_eq!(follower.last_seq().unwrap(), 3);
        let first: Vec<_> = follower
            .after(0, 2)
            .unwrap()
            .into_iter()
            .map(|r| r.input)
            .collect();
        assert_eq!(first, ["e4", "e5"]);
        let rest: Vec<_> = follower
            .after(2, 10)
            .unwrap()
            .into_iter()
            .map(|r| r.seq)
            .collect();
        assert_eq!(rest, [3]);
        // Starting later checks the records before first.
        let mut late = Follower::<String>::open(&path).unwrap();
        assert_eq!(late.after(2, 10).unwrap()[0].input, "Nf3");
    }

    #[test]
    fn a_follower_names_a_damaged_record() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.journal");
        {
            let (mut journal, _) = Journal::<String>::open(&path, OpenMode::ReadWrite).unwrap();
            for (i, w) in ["a", "b", "c"].into_iter().enumerate() {
                journal
                    .append(Duration::from_millis(i as u64), &w.to_string())
                    .unwrap();
            }
        }
        Connection::open(&path)
            .unwrap()
            .execute("UPDATE inputs SET input = '\"x\"' WHERE seq = 2", [])
            .unwrap();
        let mut follower = Follower::<String>::open(&path).unwrap();
        let e = follower.after(1, 10).unwrap_err();
        assert!(e.to_string().contains("record 2 is damaged"), "{e}");
    }
}
