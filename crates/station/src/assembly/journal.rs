//! The journal part of [`Station::start`](super::Station::start): the records directory,
//! the journal's name in it, and the session opened (or continued) on it.

use std::path::{Path, PathBuf};

use annabella_table::TableConfig;

use super::{StationError, io};
use crate::session::Session;

/// Makes the records directory `dir` and opens the session on its journal (continued
/// when `continue_journal`; a new game never starts where a journal already is); the
/// journal's path and the session.
pub(super) fn open(
    dir: &Path,
    continue_journal: bool,
    table: TableConfig,
    secret: Option<&crate::journal::TableSecret>,
    accept_unkeyed: bool,
) -> Result<(PathBuf, Session), StationError> {
    let journal = records_journal(dir, continue_journal)?;
    let session = open_session(&journal, table, secret, accept_unkeyed)?;
    Ok((journal, session))
}

/// Makes the records directory and names the journal in it; a new game (not
/// `continue_journal`) never starts where a journal already is.
fn records_journal(dir: &Path, continue_journal: bool) -> Result<PathBuf, StationError> {
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let journal = dir.join(crate::records::JOURNAL);
    if !continue_journal && holds_journal(dir) {
        return Err(StationError::JournalExists(journal));
    }
    Ok(journal)
}

/// True when `dir` holds a journal (its file, or the log of one that was never closed).
pub fn holds_journal(dir: &Path) -> bool {
    [crate::records::JOURNAL, "game.journal-wal"]
        .iter()
        .any(|name| dir.join(name).exists())
}

/// Opens (or continues) the journal, saying what it found.
fn open_session(
    journal: &Path,
    table: TableConfig,
    secret: Option<&crate::journal::TableSecret>,
    accept_unkeyed: bool,
) -> Result<Session, StationError> {
    let (session, resumed) = Session::open_accepting(journal, table, secret, accept_unkeyed)?;
    if resumed.accepted_unkeyed {
        tracing::warn!(journal = %journal.display(), "{}", crate::session::ACCEPTED_UNKEYED);
    }
    if let Some(line) = resumed.not_authenticated().filter(|_| resumed.replayed > 0) {
        tracing::warn!(journal = %journal.display(), "{line}");
    }
    if let Some(d) = &resumed.dropped {
        tracing::warn!("journal {}: {d}", journal.display());
    }
    if resumed.replayed > 0 {
        tracing::info!(
            "continuing the game in {} ({} records replayed)",
            journal.display(),
            resumed.replayed
        );
    }
    if resumed.config_from_journal {
        tracing::info!("the journal's own table settings are kept (they differ from the config)");
    }
    Ok(session)
}
