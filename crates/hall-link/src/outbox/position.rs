//! The publish position, kept durably beside the journal (`<journal>.hall-outbox`), never
//! inside it: the game (journal epoch), the broker and the user it was published to,
//! and the last record that broker acknowledged. Another broker or user starts from the
//! journal's first record again (that broker has none of them). Written to a temporary file and renamed, so a crash leaves the old or the new one.

use std::path::{Path, PathBuf};

use annabella_broker::blocking::write_atomically;
use serde::{Deserialize, Serialize};

/// Where publishing resumes.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Position {
    /// The journal's epoch: a new journal (a new game) starts from 0 again.
    pub game: u64,
    /// The last record acknowledged by the broker.
    pub acked: u64,
    /// The broker (`host:port`) and user it was published to (empty in files written
    /// before they were kept: such a position starts from the beginning).
    #[serde(default)]
    pub link: String,
}

/// The broker and user a position belongs to, as [`Position::link`] keeps it.
pub fn link_of(broker: &annabella_broker::Broker, user: Option<&str>) -> String {
    format!(
        "{}:{}{} as {}",
        broker.host,
        broker.port,
        if broker.tls { " (TLS)" } else { "" },
        user.unwrap_or("(no user)")
    )
}

/// The position file of a journal.
pub fn path_for(journal: &Path) -> PathBuf {
    let mut name = journal.as_os_str().to_owned();
    name.push(".hall-outbox");
    PathBuf::from(name)
}

/// The position stored for `journal`'s game `game` at `link` (see [`link_of`]): 0 when
/// there is none, it is for another game, another broker or user, or it cannot be read
/// (publishing again is safe: the hall drops what it already has).
pub fn load(journal: &Path, game: u64, link: &str) -> u64 {
    std::fs::read(path_for(journal))
        .ok()
        .and_then(|bytes| serde_json::from_slice::<Position>(&bytes).ok())
        .filter(|p| p.game == game && p.link == link)
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
        let link = "hall:1883 as annabella-table-3";
        assert_eq!(load(&journal, 7, link), 0);
        let p = Position {
            game: 7,
            acked: 42,
            link: link.into(),
        };
        store(&journal, p).unwrap();
        assert_eq!(load(&journal, 7, link), 42);
        assert_eq!(
            load(&journal, 8, link),
            0,
            "another game starts from its beginning"
        );
        std::fs::write(path_for(&journal), "garbage").unwrap();
        assert_eq!(load(&journal, 7, link), 0);
    }

    #[test]
    fn another_broker_or_user_starts_from_the_beginning() {
        let dir = tempfile::tempdir().unwrap();
        let journal = dir.path().join("game.journal");
        let hall = annabella_broker::Broker::parse("mqtt://hall:1883").unwrap();
        let other = annabella_broker::Broker::parse("mqtt://other:1883").unwrap();
        let link = link_of(&hall, Some("annabella-table-3"));
        let p = Position {
            game: 7,
            acked: 42,
            link: link.clone(),
        };
        store(&journal, p).unwrap();
        assert_eq!(load(&journal, 7, &link), 42);
        assert_eq!(load(&journal, 7, &link_of(&hall, Some("someone-else"))), 0);
        assert_eq!(
            load(&journal, 7, &link_of(&other, Some("annabella-table-3"))),
            0
        );
        assert_eq!(load(&journal, 7, &link_of(&hall, None)), 0);
        // A file from before the broker and user were kept.
        std::fs::write(path_for(&journal), r#"{"game":7,"acked":42}"#).unwrap();
        assert_eq!(load(&journal, 7, &link), 0);
    }
}
