//! The publish position, kept durably beside the journal (`<journal>.hall-outbox`), never
//! inside it: the game (journal epoch) and the last record the broker acknowledged.
//! Written to a temporary file and renamed, so a crash leaves the old or the new one.

use std::path::{Path, PathBuf};

use annabella_broker::blocking::write_atomically;
use serde::{Deserialize, Serialize};

/// Where publishing resumes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Position {
    /// The journal's epoch: a new journal (a new game) starts from 0 again.
    pub game: u64,
    /// The last record acknowledged by the broker.
    pub acked: u64,
}

/// The position file of a journal.
pub fn path_for(journal: &Path) -> PathBuf {
    let mut name = journal.as_os_str().to_owned();
    name.push(".hall-outbox");
    PathBuf::from(name)
}

/// The position stored for `journal`'s game `game`: 0 when there is none, it is for
/// another game, or it cannot be read (publishing again is safe: the hall drops what
/// it already has).
pub fn load(journal: &Path, game: u64) -> u64 {
    std::fs::read(path_for(journal))
        .ok()
        .and_then(|bytes| serde_json::from_slice::<Position>(&bytes).ok())
        .filter(|p| p.game == game)
        .map_or(0, |p| p.acked)
}

/// Stores `position` for `journal`.
///
/// # Errors
/// The file cannot be written or renamed.
pub fn store(journal: &Path, position: Position) -> std::io::Result<()> {
    let json = serde_json::to_string(&position).map_err(std::io::Error::other)?;
    write_atomically(&path_for(journal), &json)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_kept_per_game() {
        let dir = tempfile::tempdir().unwrap();
        let journal = dir.path().join("game.journal");
        assert_eq!(load(&journal, 7), 0);
        store(&journal, Position { game: 7, acked: 42 }).unwrap();
        assert_eq!(load(&journal, 7), 42);
        assert_eq!(
            load(&journal, 8),
            0,
            "another game starts from its beginning"
        );
        std::fs::write(path_for(&journal), "garbage").unwrap();
        assert_eq!(load(&journal, 7), 0);
    }
}
