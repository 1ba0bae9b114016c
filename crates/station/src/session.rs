//! A session: one [`Table`] and its [`Journal`]. Every input is journalled (committed to
//! disk) before the table sees it, and only then are its effects handed out; opening a
//! session replays the journal, so a crash loses nothing the players were told.
//!
//! Sans-IO apart from the journal file: time comes in as `now` (see [`TableTime`] for the
//! shell's clock).

use std::{
    path::Path,
    time::{Duration, Instant, SystemTime, UNIX_EPOCH},
};

use annabella_table::{Effect, Input, Table, TableConfig};

/// The table's secret that keys a session's journal (from the journal crate).
pub use crate::journal::TableSecret;
use crate::journal::{
    Authentication, DamagedRecord, DroppedRecord, FinishedGame, Journal, JournalError, OpenMode,
    Record, Recovery,
};

/// Meta key of the table's configuration in the journal.
pub const META_CONFIG: &str = "table_config";
/// Meta key of the wall-clock instant (Unix ms) that table time counts from.
pub const META_EPOCH: &str = "epoch_unix_ms";
/// Meta key set in a journal made without a secret (a demo or test game): unkeyed by
/// design, named as such when read without a secret. It is never trusted where the table
/// has a secret (anyone who strips the MACs can write it): there a journal without MACs
/// is refused whatever it says, unless the operator accepts it (`--accept-unkeyed`).
pub const META_UNKEYED: &str = "unkeyed_by_design";

/// A session that could not be opened or go on.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The journal refused.
    #[error(transparent)]
    Journal(#[from] JournalError),
    /// The journal has no table configuration (not written by `play`/`demo`).
    #[error("journal {0}: no table configuration in it")]
    NoConfig(String),
    /// The configuration cannot make a table.
    #[error("table configuration: {0}")]
    Config(#[from] annabella_table::ConfigError),
    /// The journal carries no MACs although the table has a secret (every journal made at
    /// a keyed table is keyed): its MACs may have been stripped; it is not continued
    /// unless the operator accepts it.
    #[error("journal {0}: {UNKEYED_AT_KEYED_TABLE} (nothing was changed)")]
    Downgraded(String),
}

/// Why a journal without MACs is refused at a table with a secret. No date is asked
/// (a journal's epoch and a file's mtime can both be set by whoever writes them).
pub const UNKEYED_AT_KEYED_TABLE: &str = "possible tampering: the journal carries no MACs, but this table has a secret (every \
     journal made at a keyed table is keyed, demo games too), so its MACs may have been \
     stripped and its game rewritten; if you know the journal is genuine (made before the \
     table had its secret, or elsewhere), the operator can accept it, not authenticated";

/// The one loud line said when a journal without MACs is accepted at a table with a
/// secret (the operator's `--accept-unkeyed`, or `play` making the secret just now).
pub const ACCEPTED_UNKEYED: &str = "WARNING: the journal carries no MACs although this table has a secret; it is read, \
     not authenticated, only because the operator said so or the \
     secret was made just now: whoever could write the file may have rewritten its game, \
     and nothing here can tell";

/// What opening a session found in its journal.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Resumed {
    /// Records replayed.
    pub replayed: u64,
    /// The torn last record set aside, if any (say so!).
    pub dropped: Option<DroppedRecord>,
    /// Inputs the table refused during the replay, as it refused them when they came.
    pub refused: Vec<(u64, String)>,
    /// The journal's configuration was used instead of a different one given.
    pub config_from_journal: bool,
    /// Read-only: the first damaged record; only the records before it were replayed.
    pub damage: Option<DamagedRecord>,
    /// Read-only: damage to the file outside the records (pages, settings, games).
    pub file_damage: Vec<String>,
    /// Read-only: the finished games the journal holds (each checked against its hash).
    pub finished_games: Vec<FinishedGame>,
    /// How far the journal is authenticated by the table's secret.
    pub authentication: Option<Authentication>,
    /// Read-only: the last record replayed and its chain hash (hex), to compare with the
    /// hall's witness.
    pub head: Option<(u64, String)>,
    /// The journal was made without a secret by design (a demo or test game); said only
    /// when it was read without a secret (the mark is not trusted at a keyed table).
    pub unkeyed_by_design: bool,
    /// A journal without MACs was read at a table with a secret because the operator said
    /// so (say [`ACCEPTED_UNKEYED`], once).
    pub accepted_unkeyed: bool,
    /// Read-only: a journal without MACs at a table with a secret, named as possible
    /// tampering in [`file_damage`](Self::file_damage); the operator may accept it.
    pub unkeyed_refused: bool,
}

impl Resumed {
    /// What a reader must be told about damage, one line each (empty when the journal is
    /// whole).
    pub fn warnings(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some(d) = &self.dropped {
            lines.push(d.to_string());
        }
        if let Some(d) = &self.damage {
            lines.push(d.to_string());
        }
        lines.extend(self.file_damage.iter().cloned());
        lines
    }

    /// The line that says a journal is not authenticated (none when it is, or when the
    /// journal was not read).
    pub fn not_authenticated(&self) -> Option<String> {
        self.authentication
            .as_ref()
            .filter(|a| !a.is_authenticated())
            .map(|a| match self.unkeyed_by_design {
                true => format!("{a}: unkeyed by design (a demo or test game)"),
                false => a.to_string(),
            })
    }
}

/// True when a journal without MACs is read with the table's secret: refused unless the
/// operator accepts it. Nothing in the journal (its epoch, an "unkeyed by design" mark)
/// nor the secret file's mtime is asked: all of those can be set by an editor.
fn unkeyed_at_keyed_table(authentication: &Authentication, secret: Option<&TableSecret>) -> bool {
    secret.is_some()
        && matches!(
            authentication,
            Authentication::OldFormat | Authentication::Unkeyed
        )
}

/// One table and its journal.
pub struct Session {
    table: Table,
    journal: Journal<Input>,
    finished: bool,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("journal", &self.journal)
            .finish_non_exhaustive()
    }
}

/// Rebuilds a table from journal records, discarding the effects (they happened before).
fn rebuild(
    config: TableConfig,
    records: &[Record<Input>],
    refused: &mut Vec<(u64, String)>,
) -> Result<Table, SessionError> {
    let mut table = Table::new(config)?;
    for r in records {
        if let Err(e) = table.handle(r.now, r.input.clone()) {
            refused.push((r.seq, e.to_string()));
        }
        while table.poll_effect().is_some() {}
    }
    Ok(table)
}

impl Session {
    /// Opens the journal at `path` (creating it with `config` and the current wall-clock
    /// epoch when new) and replays it.
    ///
    /// An existing journal keeps its own configuration: a game does not change its time
    /// control or players half-way ([`Resumed::config_from_journal`] says when the given
    /// one differed).
    ///
    /// # Errors
    /// [`SessionError`] when the journal cannot be opened or is damaged before its last
    /// record, or the configuration cannot make a table.
    pub fn open(path: &Path, config: TableConfig) -> Result<(Session, Resumed), SessionError> {
        Self::open_with(path, config, None)
    }

    /// As [`open`](Self::open), with the table's secret: a new journal is keyed with it, an
    /// existing keyed one is checked with it (a forged record, setting or game is refused,
    /// named). A journal without MACs is refused ([`SessionError::Downgraded`]).
    ///
    /// # Errors
    /// As [`open`](Self::open); also a keyed journal opened with another secret or none.
    pub fn open_with(
        path: &Path,
        config: TableConfig,
        secret: Option<&TableSecret>,
    ) -> Result<(Session, Resumed), SessionError> {
        Self::open_accepting(path, config, secret, false)
    }

    /// As [`open_with`](Self::open_with); with `accept_unkeyed` (the operator's
    /// `--accept-unkeyed`) a journal without MACs at a table with a secret is continued as
    /// it is, not authenticated, and [`Resumed::accepted_unkeyed`] says so.
    ///
    /// # Errors
    /// As [`open_with`](Self::open_with).
    pub fn open_accepting(
        path: &Path,
        config: TableConfig,
        secret: Option<&TableSecret>,
        accept_unkeyed: bool,
    ) -> Result<(Session, Resumed), SessionError> {
        // Asked before the journal is opened for writing: a refused journal stays as it is.
        if secret.is_some() && !accept_unkeyed && path.exists() {
            let (_, read) = Journal::<Input>::open_with(path, OpenMode::ReadOnly, secret)?;
            // Damage is named as such below (the journal is refused unchanged then too).
            if unkeyed_at_keyed_table(&read.authentication, secret) && read.damage.is_none() {
                return Err(SessionError::Downgraded(path.display().to_string()));
            }
        }
        let (
            mut journal,
            Recovery {
                records,
                dropped,
                authentication,
                ..
            },
        ) = Journal::<Input>::open_with(path, OpenMode::ReadWrite, secret)?;
        let unkeyed = unkeyed_at_keyed_table(&authentication, secret);
        if unkeyed && !accept_unkeyed {
            return Err(SessionError::Downgraded(path.display().to_string()));
        }
        let mut by_design = secret.is_none() && journal.meta::<String>(META_UNKEYED)?.is_some();
        let stored: Option<TableConfig> = journal.meta(META_CONFIG)?;
        let (config, config_from_journal) = match stored {
            Some(stored) => {
                let differs = stored != config;
                (stored, differs)
            }
            None => {
                // Check before writing anything.
                Table::new(config.clone())?;
                journal.set_meta(META_CONFIG, &config)?;
                journal.set_meta(META_EPOCH, &unix_ms(SystemTime::now()))?;
                if secret.is_none() {
                    journal.set_meta(META_UNKEYED, &"made without a secret".to_owned())?;
                    by_design = true;
                }
                (config, false)
            }
        };
        let mut refused = Vec::new();
        let table = rebuild(config, &records, &mut refused)?;
        let finished = !journal.games()?.is_empty();
        let resumed = Resumed {
            replayed: records.len() as u64,
            dropped,
            refused,
            config_from_journal,
            authentication: Some(authentication),
            unkeyed_by_design: by_design,
            accepted_unkeyed: unkeyed,
            ..Resumed::default()
        };
        Ok((
            Session {
                table,
                journal,
                finished,
            },
            resumed,
        ))
    }

    /// Rebuilds the table of a journal without changing the file (replay, export).
    ///
    /// # Errors
    /// As [`open`](Self::open); also when the journal has no configuration.
    pub fn replay(path: &Path) -> Result<(Table, Resumed), SessionError> {
        Self::replay_with(path, None)
    }

    /// As [`replay`](Self::replay), checking a keyed journal's MACs with the table's
    /// secret: a forged record is named as damage with its record number (the records
    /// before it are replayed), and a journal written with another secret, or without
    /// MACs at all, is named in [`Resumed::file_damage`].
    ///
    /// # Errors
    /// As [`replay`](Self::replay); a forged setting is an error naming it.
    pub fn replay_with(
        path: &Path,
        secret: Option<&TableSecret>,
    ) -> Result<(Table, Resumed), SessionError> {
        Self::replay_accepting(path, secret, false)
    }

    /// As [`replay_with`](Self::replay_with); with `accept_unkeyed` (the operator's
    /// `--accept-unkeyed`) a journal without MACs is not named as damage, and
    /// [`Resumed::accepted_unkeyed`] says it was accepted.
    ///
    /// # Errors
    /// As [`replay_with`](Self::replay_with).
    pub fn replay_accepting(
        path: &Path,
        secret: Option<&TableSecret>,
        accept_unkeyed: bool,
    ) -> Result<(Table, Resumed), SessionError> {
        let (
            journal,
            Recovery {
                records,
                dropped,
                damage,
                mut file_damage,
                authentication,
            },
        ) = Journal::<Input>::open_with(path, OpenMode::ReadOnly, secret)?;
        if matches!(authentication, Authentication::OtherSecret { .. }) {
            file_damage.push(authentication.to_string());
        }
        let unkeyed_by_design = secret.is_none()
            && journal
                .meta::<String>(META_UNKEYED)
                .ok()
                .flatten()
                .is_some();
        let accepted_unkeyed = unkeyed_at_keyed_table(&authentication, secret);
        let unkeyed_refused = accepted_unkeyed && !accept_unkeyed;
        if unkeyed_refused {
            file_damage.push(UNKEYED_AT_KEYED_TABLE.to_owned());
        }
        let config: TableConfig = journal
            .meta(META_CONFIG)?
            .ok_or_else(|| SessionError::NoConfig(path.display().to_string()))?;
        let mut refused = Vec::new();
        let table = rebuild(config, &records, &mut refused)?;
        // Damaged games are named in `file_damage` already.
        let finished_games = journal.games().unwrap_or_default();
        Ok((
            table,
            Resumed {
                replayed: records.len() as u64,
                dropped,
                refused,
                config_from_journal: true,
                damage,
                file_damage,
                finished_games,
                authentication: Some(authentication),
                head: Some(journal.head()),
                unkeyed_by_design,
                accepted_unkeyed: accepted_unkeyed && accept_unkeyed,
                unkeyed_refused,
            },
        ))
    }

    /// Journals `input` at `now` (committed to disk), hands it to the table, and returns
    /// the effects to carry out. A `now` earlier than the last record counts as the last.
    ///
    /// # Errors
    /// [`SessionError::Journal`] when the input cannot be written; the table has not seen
    /// it then. An input the table refuses is journalled and reported as an
    /// [`Effect`]-less `Ok` with the refusal in the second value.
    pub fn feed(
        &mut self,
        now: Duration,
        input: Input,
    ) -> Result<(Vec<Effect>, Option<String>), SessionError> {
        let now = now.max(self.journal.last_now());
        let record = self.journal.append(now, &input)?;
        let refused = self
            .table
            .handle(record.now, record.input)
            .err()
            .map(|e| e.to_string());
        let mut effects = Vec::new();
        while let Some(e) = self.table.poll_effect() {
            effects.push(e);
        }
        Ok((effects, refused))
    }

    /// Stores the finished game (PGN and result) in the journal, once.
    ///
    /// # Errors
    /// When the journal cannot write it.
    pub fn finish(&mut self, now: Duration) -> Result<(), SessionError> {
        let Some(end) = self.table.end().cloned() else {
            return Ok(());
        };
        if self.finished {
            return Ok(());
        }
        self.journal.finish_game(&FinishedGame {
            last_seq: self.journal.len(),
            now,
            result: end.result.to_string(),
            termination: end.termination.to_string(),
            pgn: self.table.pgn(),
        })?;
        self.finished = true;
        Ok(())
    }

    /// The table.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The journal.
    pub fn journal_mut(&mut self) -> &mut Journal<Input> {
        &mut self.journal
    }

    /// The journal (read access).
    pub fn journal(&self) -> &Journal<Input> {
        &self.journal
    }

    /// The wall-clock epoch of the table (Unix ms), as stored in the journal.
    ///
    /// # Errors
    /// When the journal cannot be read.
    pub fn epoch_unix_ms(&self) -> Result<Option<u64>, SessionError> {
        Ok(self.journal.meta(META_EPOCH)?)
    }
}

fn unix_ms(t: SystemTime) -> u64 {
    t.duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// The shell's clock: table time is wall-clock time since the journal's epoch (so a
/// restarted station counts the minutes it was down, as the real clocks did), never
/// running backwards and never before the last journalled record.
#[derive(Debug, Clone, Copy)]
pub struct TableTime {
    base: Duration,
    start: Instant,
}

impl TableTime {
    /// Table time for a journal with this epoch whose last record is at `last`.
    pub fn new(epoch_unix_ms: u64, last: Duration) -> TableTime {
        let wall = Duration::from_millis(unix_ms(SystemTime::now()).saturating_sub(epoch_unix_ms));
        TableTime {
            base: wall.max(last),
            start: Instant::now(),
        }
    }

    /// Table time now, in whole milliseconds.
    pub fn now(&self) -> Duration {
        let t = self.base + self.start.elapsed();
        Duration::from_millis(t.as_millis() as u64)
    }

    /// The table time of `at` (an instant not after now), in whole milliseconds.
    pub fn ms_of(&self, at: Instant) -> u64 {
        let ago = Instant::now().saturating_duration_since(at);
        self.now().saturating_sub(ago).as_millis() as u64
    }

    /// The `Instant` at which table time reaches `at`.
    pub fn instant_of(&self, at: Duration) -> Instant {
        self.start + at.saturating_sub(self.base)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use annabella_table::{Hypothesis, Input};

    fn heard(text: &str) -> Input {
        Input::Heard {
            alternatives: vec![Hypothesis {
                text: text.into(),
                score: 1.0,
            }],
        }
    }

    fn s(secs: f64) -> Duration {
        Duration::from_secs_f64(secs)
    }

    #[test]
    fn a_reopened_session_is_the_same_table() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.journal");
        let config = TableConfig::default();
        let (mut session, resumed) = Session::open(&path, config.clone()).unwrap();
        assert_eq!(resumed.replayed, 0);
        session.feed(s(0.0), Input::Start).unwrap();
        let (effects, refused) = session.feed(s(3.0), heard("Bauer Eva vier")).unwrap();
        assert_eq!(refused, None);
        assert!(!effects.is_empty(), "the read-back is spoken");
        let before = session.table().snapshot();
        drop(session);

        let (session, resumed) = Session::open(&path, config).unwrap();
        assert_eq!(resumed.replayed, 2);
        assert!(!resumed.config_from_journal);
        assert_eq!(session.table().snapshot(), before);
        let (table, _) = Session::replay(&path).unwrap();
        assert_eq!(table.snapshot(), before);
    }

    #[test]
    fn the_journal_keeps_its_own_configuration() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.journal");
        let first = TableConfig::default();
        Session::open(&path, first.clone()).unwrap();
        let other = TableConfig {
            chess960: true,
            ..TableConfig::default()
        };
        let (session, resumed) = Session::open(&path, other).unwrap();
        assert!(resumed.config_from_journal);
        assert_eq!(session.table().config(), &first);
    }

    /// Issue 39, item 7: a demo or test game made without a secret is unkeyed by design
    /// and said so when read without one.
    #[test]
    fn a_game_made_without_the_secret_is_unkeyed_by_design_when_read_without_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("demo.journal");
        let (mut session, _) = Session::open(&path, TableConfig::default()).unwrap();
        session.feed(s(0.0), Input::Start).unwrap();
        drop(session);
        let (_, resumed) = Session::replay(&path).unwrap();
        assert!(resumed.warnings().is_empty(), "{:?}", resumed.warnings());
        assert!(
            resumed
                .not_authenticated()
                .is_some_and(|l| l.contains("unkeyed by design")),
            "{:?}",
            resumed.not_authenticated()
        );
    }

    /// Issue 40, point 2: at a table with a secret a journal without MACs is refused,
    /// whatever its epoch, its "unkeyed by design" mark or the secret file's mtime say,
    /// unless the operator accepts it.
    #[test]
    fn a_journal_without_macs_at_a_keyed_table_is_refused_unless_accepted() {
        let dir = tempfile::tempdir().unwrap();
        let (secret, _) =
            TableSecret::read_or_make(&dir.path().join(crate::journal::SECRET_FILE)).unwrap();
        let path = dir.path().join("t.journal");
        let (mut session, _) =
            Session::open_with(&path, TableConfig::default(), Some(&secret)).unwrap();
        session.feed(s(0.0), Input::Start).unwrap();
        drop(session);
        let (_, resumed) = Session::replay_with(&path, Some(&secret)).unwrap();
        assert!(resumed.warnings().is_empty() && resumed.not_authenticated().is_none());
        // The editor removes what says the journal is keyed and every MAC, moves the epoch
        // back to 1970 and adds the demo's mark, each with its unkeyed hash made anew.
        let db = rusqlite::Connection::open(&path).unwrap();
        db.execute_batch(
            "DELETE FROM meta WHERE key = 'secret_id'; UPDATE meta SET mac = NULL; \
             UPDATE inputs SET mac = NULL;",
        )
        .unwrap();
        let hashed = |key: &str, value: &str| {
            use sha2::{Digest, Sha256};
            let mut h = Sha256::new();
            h.update((key.len() as u64).to_le_bytes());
            h.update(key.as_bytes());
            h.update(value.as_bytes());
            h.finalize().to_vec()
        };
        let epoch = serde_json::to_string(&1_000u64).unwrap();
        db.execute(
            "UPDATE meta SET value = ?1, hash = ?2 WHERE key = ?3",
            rusqlite::params![epoch, hashed(META_EPOCH, &epoch), META_EPOCH],
        )
        .unwrap();
        let mark = serde_json::to_string("made without a secret").unwrap();
        db.execute(
            "INSERT INTO meta (key, value, hash) VALUES (?1, ?2, ?3)",
            rusqlite::params![META_UNKEYED, mark, hashed(META_UNKEYED, &mark)],
        )
        .unwrap();
        drop(db);
        let (_, resumed) = Session::replay_with(&path, Some(&secret)).unwrap();
        let warnings = resumed.warnings().join("; ");
        assert!(warnings.contains("possible tampering"), "{warnings}");
        assert!(
            warnings.contains("the operator can accept it") && !warnings.contains("--"),
            "the library names no flag: {warnings}"
        );
        assert!(resumed.unkeyed_refused);
        assert!(!resumed.unkeyed_by_design, "the mark is not trusted");
        assert!(matches!(
            Session::open_with(&path, TableConfig::default(), Some(&secret)),
            Err(SessionError::Downgraded(_))
        ));
        // The operator's word: read and continued, said once.
        let (_, resumed) = Session::replay_accepting(&path, Some(&secret), true).unwrap();
        assert!(resumed.warnings().is_empty(), "{:?}", resumed.warnings());
        assert!(resumed.accepted_unkeyed);
        let (_, resumed) =
            Session::open_accepting(&path, TableConfig::default(), Some(&secret), true).unwrap();
        assert!(resumed.accepted_unkeyed);
        // Without a secret there is nothing to check: read, not authenticated.
        let (_, resumed) = Session::replay(&path).unwrap();
        assert!(resumed.warnings().is_empty() && !resumed.accepted_unkeyed);
        assert!(resumed.not_authenticated().is_some());
    }

    #[test]
    fn a_bad_start_position_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.journal");
        let bad = TableConfig {
            start_fen: Some("8/8/8/8/8/8/8/8 w - - 0 1".into()),
            ..TableConfig::default()
        };
        assert!(matches!(
            Session::open(&path, bad),
            Err(SessionError::Config(_))
        ));
        let (j, _) = Journal::<Input>::open(&path, OpenMode::ReadOnly).unwrap();
        assert_eq!(j.meta::<TableConfig>(META_CONFIG).unwrap(), None);
    }

    #[test]
    fn table_time_never_runs_backwards_past_the_journal() {
        let far_future = unix_ms(SystemTime::now()) + 3_600_000;
        let t = TableTime::new(far_future, s(42.0));
        assert!(t.now() >= s(42.0));
        let epoch = unix_ms(SystemTime::now()) - 10_000;
        let t = TableTime::new(epoch, Duration::ZERO);
        assert!(t.now() >= s(10.0) && t.now() < s(20.0));
    }
}
