//! Games in PGN: one reader ([`PgnReader`], streaming game by game), one writer
//! ([`PgnWriter`]) with one header ([`PgnHeader`]) and the replay of a game's moves under the Laws ([`PgnGame::replay`]).

mod header;
mod of_game;
mod read;
mod replay;
pub mod report;
mod round;
mod write;

use std::time::Duration;

pub use header::{PgnHeader, PgnPlayer, UNKNOWN_DATE, date_of_unix_seconds, known};
pub use read::{PgnReader, PgnSyntax, PgnSyntaxError, clock_command, read_games};
pub use replay::{ReplayError, ReplayErrorKind, final_position, parse_san};
pub use round::{AbsurdRound, MAX_BOARD, MAX_ROUND, RoundNumber};
pub use write::PgnWriter;

/// One game as written in a PGN file, not yet checked against the rules.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PgnGame {
    /// The tag pairs, in file order.
    pub tags: Vec<PgnTag>,
    /// The main-line moves as written, with the comments that follow each.
    pub moves: Vec<PgnMove>,
    /// The game termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`), if present.
    pub result_marker: Option<String>,
    /// The line of the file where the game starts (1-based).
    pub line: usize,
}

/// One tag pair (`[White "Anna"]`) and where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnTag {
    /// The tag's name (`White`).
    pub name: String,
    /// Its value, unescaped (`Anna`).
    pub value: String,
    /// The line of the file (1-based).
    pub line: usize,
}

/// One move token of the main line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnMove {
    /// The token as written, without move number and `!`/`?` (`Nf3`, `exd8=Q+`).
    pub text: String,
    /// The comments after it, without braces, joined by a space (`[%clk 1:29:57]`).
    pub comment: Option<String>,
    /// The time left after the move, from the last `[%clk h:mm:ss]` of its comments.
    pub clock: Option<Duration>,
    /// The line of the file (1-based).
    pub line: usize,
}

impl PgnGame {
    /// The value of a tag, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.find_tag(name).map(|t| t.value.as_str())
    }

    /// The line a tag stands on, if present.
    pub fn tag_line(&self, name: &str) -> Option<usize> {
        self.find_tag(name).map(|t| t.line)
    }

    fn find_tag(&self, name: &str) -> Option<&PgnTag> {
        self.tags.iter().find(|t| t.name == name)
    }

    /// The moves as written.
    pub fn move_texts(&self) -> Vec<String> {
        self.moves.iter().map(|m| m.text.clone()).collect()
    }
}
