//! The two players at a VI table, each with a board and a scoresheet of their own.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Whose board or scoresheet: the visually impaired player's or the sighted player's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Player {
    /// The visually impaired player (tactile board, Braille or audio scoresheet).
    Vi,
    /// The sighted player (normal or electronic board, written scoresheet).
    Sighted,
}

impl Player {
    /// Both players, the VI player first.
    pub const ALL: [Player; 2] = [Player::Vi, Player::Sighted];

    /// The other player.
    #[must_use]
    pub fn other(self) -> Player {
        match self {
            Player::Vi => Player::Sighted,
            Player::Sighted => Player::Vi,
        }
    }

    /// "the VI player" / "the sighted player".
    pub fn en(self) -> &'static str {
        match self {
            Player::Vi => "the VI player",
            Player::Sighted => "the sighted player",
        }
    }

    /// "der sehbehinderte Spieler" / "der sehende Spieler" (nominative).
    pub fn de(self) -> &'static str {
        match self {
            Player::Vi => "der sehbehinderte Spieler",
            Player::Sighted => "der sehende Spieler",
        }
    }

    /// "des sehbehinderten Spielers" / "des sehenden Spielers" (genitive).
    pub fn de_genitive(self) -> &'static str {
        match self {
            Player::Vi => "des sehbehinderten Spielers",
            Player::Sighted => "des sehenden Spielers",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Vi => "vi",
            Player::Sighted => "sighted",
        })
    }
}

/// The same text in German (the FIDE scheme's language) and English.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Words {
    /// German.
    pub de: String,
    /// English.
    pub en: String,
}

impl Words {
    /// Both texts at once.
    pub fn new(de: impl Into<String>, en: impl Into<String>) -> Words {
        Words {
            de: de.into(),
            en: en.into(),
        }
    }

    /// Appends another sentence to both texts, separated by a space.
    pub fn push(&mut self, more: &Words) {
        for (mine, theirs) in [(&mut self.de, &more.de), (&mut self.en, &more.en)] {
            if !mine.is_empty() && !theirs.is_empty() {
                mine.push(' ');
            }
            mine.push_str(theirs);
        }
    }
}
