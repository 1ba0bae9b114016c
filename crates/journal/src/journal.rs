//! An open journal: opening it, appending records, storing finished games and settings.

use std::{
    fmt,
    marker::PhantomData,
    path::{Path, PathBuf},
    time::Duration,
};

use rusqlite::{Connection, params};
use serde::{Serialize, de::DeserializeOwned};

use crate::{
    FinishedGame, HEAD, JournalError, JournalErrorKind, Keys, OpenMode, Reading, Record, Recovery,
    TableSecret, Version, authentication, check_format, file, get_meta, head_json,
    integrity::{self, Hash},
    opening, put_meta, read_games, reading,
    secret::MacKey,
};

/// An open journal of inputs of type `I`.
pub struct Journal<I> {
    pub(crate) conn: Connection,
    pub(crate) path: PathBuf,
    pub(crate) mode: OpenMode,
    pub(crate) next_seq: u64,
    pub(crate) last_ms: u64,
    pub(crate) last_hash: Hash,
    pub(crate) version: Version,
    pub(crate) key: Option<MacKey>,
    pub(crate) _copy: Option<tempfile::TempDir>,
    pub(crate) _input: PhantomData<fn(I) -> I>,
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

impl<I> Drop for Journal<I> {
    /// Read-write: the log is checkpointed into the main file and the file is left in
    /// rollback mode, so `game.journal` alone holds the whole game.
    fn drop(&mut self) {
        if self.mode == OpenMode::ReadWrite {
            let _ = self
                .conn
                .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
            let _ = self
                .conn
                .query_row("PRAGMA journal_mode = DELETE", [], |_| Ok(()));
        }
    }
}

impl<I: Serialize + DeserializeOwned> Journal<I> {
    /// Opens (or, read-write, creates) the journal at `path` and reads every record back.
    ///
    /// Read-write, a damaged last record is moved to the `dropped` table; read-only it is
    /// only left out. Either way it is reported in [`Recovery::dropped`]. Read-only, other
    /// damage is salvaged and reported in the [`Recovery`] (see the module docs).
    ///
    /// # Errors
    ///
    /// [`JournalError`] when the file cannot be opened or is not a journal; read-write also
    /// when it is damaged anywhere but in its last record ([`JournalErrorKind::Corrupt`],
    /// naming the record, or [`JournalErrorKind::Damaged`]).
    pub fn open(
        path: impl AsRef<Path>,
        mode: OpenMode,
    ) -> Result<(Journal<I>, Recovery<I>), JournalError> {
        Self::open_with(path, mode, None)
    }

    /// As [`open`](Self::open), with the table's secret: a journal made here is keyed
    /// with it (every record, setting and finished game MACed), and a keyed journal's
    /// MACs are checked. A record whose hash is right but whose MAC is not is
    /// [`Damage::Forged`](crate::Damage::Forged) (tampering, named with its record number); a forged setting or
    /// finished game is named like damage to them. [`Recovery::authentication`] says how
    /// far the journal is authenticated.
    ///
    /// # Errors
    ///
    /// As [`open`](Self::open); read-write also [`JournalErrorKind::Secret`] when a keyed
    /// journal is opened with another secret or none (nothing is changed).
    pub fn open_with(
        path: impl AsRef<Path>,
        mode: OpenMode,
        secret: Option<&TableSecret>,
    ) -> Result<(Journal<I>, Recovery<I>), JournalError> {
        let path = path.as_ref().to_path_buf();
        let err = |kind: JournalErrorKind| JournalError {
            path: path.clone(),
            kind,
        };
        let kind = file::kind(&path).map_err(|e| err(JournalErrorKind::Io(e)))?;
        let log_damage = opening::log_damage(&path, kind, mode).map_err(err)?;
        let (conn, copy) = opening::connect(&path, mode, kind, secret).map_err(err)?;
        let version = check_format(&conn).map_err(err)?;
        let (key, authentication) = authentication(&conn, version, secret).map_err(err)?;
        opening::require_secret(mode, &authentication).map_err(err)?;
        let keys = Keys {
            version,
            key: key.as_ref(),
        };
        let mut reading = reading::read::<I>(&conn, keys);
        reading.file_damage.extend(log_damage);
        if mode == OpenMode::ReadWrite {
            opening::make_writable(&conn, keys, &reading).map_err(err)?;
        }
        let Reading {
            records,
            last_hash,
            dropped,
            damage,
            file_damage,
        } = reading;
        let journal = Journal {
            conn,
            path,
            mode,
            next_seq: records.len() as u64 + 1,
            last_ms: records.last().map_or(0, |r| r.now.as_millis() as u64),
            last_hash,
            version,
            key,
            _copy: copy,
            _input: PhantomData,
        };
        Ok((
            journal,
            Recovery {
                records,
                dropped,
                damage,
                file_damage,
                authentication,
            },
        ))
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
        let hash = integrity::record_hash(&self.last_hash, seq, now_ms, json.as_bytes());
        let keys = self.keys();
        let write = || -> rusqlite::Result<()> {
            let tx = self.conn.unchecked_transaction()?;
            match keys.version {
                Version::V2 => tx.execute(
                    "INSERT INTO inputs (seq, now_ms, input, hash) VALUES (?1, ?2, ?3, ?4)",
                    params![seq as i64, now_ms as i64, json, &hash[..]],
                )?,
                Version::V3 => tx.execute(
                    "INSERT INTO inputs (seq, now_ms, input, hash, mac) \
                     VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![
                        seq as i64,
                        now_ms as i64,
                        json,
                        &hash[..],
                        keys.key.map(|k| k.tag("record", &hash).to_vec())
                    ],
                )?,
            };
            put_meta(&tx, keys, HEAD, &head_json(seq, &hash))?;
            tx.commit()
        };
        write().map_err(|e| self.error(e.into()))?;
        self.next_seq += 1;
        self.last_ms = now_ms;
        self.last_hash = hash;
        Ok(Record {
            seq,
            now: Duration::from_millis(now_ms),
            input: input.clone(),
        })
    }

    /// Stores a finished game (PGN and result) in the journal file, and checkpoints the
    /// log into the main file, so the game stays finished whatever becomes of the log.
    ///
    /// # Errors
    ///
    /// [`JournalError`] when read-only or SQLite cannot commit.
    pub fn finish_game(&mut self, game: &FinishedGame) -> Result<(), JournalError> {
        if self.mode == OpenMode::ReadOnly {
            return Err(self.error(JournalErrorKind::ReadOnly));
        }
        let now_ms = game.now.as_millis() as u64;
        let hash = integrity::game_hash(
            game.last_seq,
            now_ms,
            &game.result,
            &game.termination,
            &game.pgn,
        );
        let keys = self.keys();
        let (last_seq, now_ms) = (game.last_seq as i64, now_ms as i64);
        let (result, termination, pgn) = (&game.result, &game.termination, &game.pgn);
        let written = match keys.version {
            Version::V2 => self.conn.execute(
                "INSERT INTO games (last_seq, now_ms, result, termination, pgn, hash) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![last_seq, now_ms, result, termination, pgn, &hash[..]],
            ),
            Version::V3 => self.conn.execute(
                "INSERT INTO games (last_seq, now_ms, result, termination, pgn, hash, mac) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    last_seq,
                    now_ms,
                    result,
                    termination,
                    pgn,
                    &hash[..],
                    keys.key.map(|k| k.tag("game", &hash).to_vec())
                ],
            ),
        };
        written.map_err(|e| self.error(e.into()))?;
        // Into the main file now: a crashed station's `-wal` that is lost or damaged
        // afterwards (SQLite drops such a log without a word) never reopens the game.
        self.conn
            .query_row("PRAGMA wal_checkpoint(FULL)", [], |r| r.get::<_, i64>(0))
            .map_err(|e| self.error(e.into()))?;
        Ok(())
    }

    /// The finished games stored so far, oldest first, each checked against its hash.
    ///
    /// # Errors
    ///
    /// [`JournalError`] when SQLite cannot read them or one is damaged (naming it).
    pub fn games(&self) -> Result<Vec<FinishedGame>, JournalError> {
        read_games(&self.conn, self.keys()).map_err(|e| self.error(e))
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
        put_meta(&self.conn, self.keys(), key, &json).map_err(|e| self.error(e.into()))?;
        Ok(())
    }

    /// The value stored under `key`, if any, checked against its hash.
    ///
    /// # Errors
    ///
    /// [`JournalError`] when SQLite cannot read it, it is damaged, or it does not decode as
    /// `T`.
    pub fn meta<T: DeserializeOwned>(&self, key: &str) -> Result<Option<T>, JournalError> {
        self.meta_json(key)?
            .map(|j| {
                serde_json::from_str(&j).map_err(|e| {
                    self.error(JournalErrorKind::Meta {
                        key: key.into(),
                        reason: format!("does not decode: {e}"),
                    })
                })
            })
            .transpose()
    }

    /// The JSON text stored under `key`, exactly as stored, checked against its hash.
    ///
    /// # Errors
    ///
    /// [`JournalError`] when SQLite cannot read it or it is damaged.
    pub fn meta_json(&self, key: &str) -> Result<Option<String>, JournalError> {
        get_meta(&self.conn, key, self.keys()).map_err(|e| self.error(e))
    }

    /// The journal's head as read or written: the last record's number and chain hash
    /// (hex) — what the station publishes to the hall, and the hall keeps as its witness.
    pub fn head(&self) -> (u64, String) {
        (self.len(), integrity::hex(&self.last_hash))
    }

    /// True when the journal is written in an older format (continued as it is).
    pub fn is_old_format(&self) -> bool {
        self.version == Version::V2
    }

    fn keys(&self) -> Keys<'_> {
        Keys {
            version: self.version,
            key: self.key.as_ref(),
        }
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
