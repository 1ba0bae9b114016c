//! FIDE Tournament Report Files (TRF16, with the tolerance the 2025 extensions need): read
//! a file whose lines end with CR alone, CR LF or LF, list a round's pairings
//! ([`Trf::pairings_of`]) and write a round's results back ([`Trf::with_results`]) keeping
//! every other byte. Pure: bytes in, bytes out, no I/O.
//!
//! ```
//! let trf = annabella_trf::Trf::parse(b"012 Club Open\n001    1      Anna                              2100                             0.0    1     2 w  \n001    2      Bert                              2000                             0.0    2     1 b  \n").unwrap();
//! assert_eq!(trf.tournament_name().as_deref(), Some("Club Open"));
//! assert_eq!(trf.pairings_of(1).unwrap().len(), 1);
//! ```

mod line;
pub mod listing;
mod pairings;
mod player;
mod results;
pub mod round_pgn;

pub use pairings::{Board, Bye, ByeKind, Forfeit, Pairing, Seat};
pub use player::{Player, RoundEntry, Scoring};
pub use results::{LeftOut, LeftOutWhy, ParseResultError, RoundResult, Written};

use line::Line;

/// A parsed TRF file: its bytes exactly as read, its lines and its players.
#[derive(Debug, Clone)]
pub struct Trf {
    bytes: Vec<u8>,
    lines: Vec<Line>,
    players: Vec<Player>,
    scoring: Scoring,
}

/// What is wrong with a TRF file or a request on it; `line` is 1-based.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrfError {
    /// A player line (`001`) whose field cannot be read.
    #[error("line {line}: {field} {text:?} is not valid")]
    BadField {
        /// The file's line.
        line: usize,
        /// The field's name (as the TRF16 description names it).
        field: &'static str,
        /// The field's text.
        text: String,
    },
    /// Two player lines with the same start rank.
    #[error("line {line}: start rank {rank} is already on line {first}")]
    DuplicateRank {
        /// The second line.
        line: usize,
        /// The first line.
        first: usize,
        /// The start rank.
        rank: u32,
    },
    /// A pairing whose two sides do not agree (opponent, colours).
    #[error("line {line}: round {round}: {what}")]
    Inconsistent {
        /// The line of the player whose entry disagrees.
        line: usize,
        /// The round.
        round: u32,
        /// What disagrees.
        what: String,
    },
    /// A round the file has no pairing for, or a board not in the round.
    #[error("round {round}: {what}")]
    NoSuch {
        /// The round.
        round: u32,
        /// What is missing.
        what: String,
    },
}

impl Trf {
    /// Reads a TRF file's bytes (UTF-8, or Latin-1 when not valid UTF-8).
    pub fn parse(bytes: &[u8]) -> Result<Trf, TrfError> {
        let lines = line::split(bytes);
        let mut players: Vec<Player> = Vec::new();
        let mut scoring = Scoring::default();
        for (index, l) in lines.iter().enumerate() {
            let text = l.text(bytes);
            if text.starts_with("162") {
                scoring = Scoring::parse(index + 1, &text)?;
            } else if text.starts_with("001") {
                let player = Player::parse(index + 1, &text)?;
                if let Some(first) = players.iter().find(|p| p.rank == player.rank) {
                    return Err(TrfError::DuplicateRank {
                        line: index + 1,
                        first: first.line,
                        rank: player.rank,
                    });
                }
                players.push(player);
            }
        }
        Ok(Trf {
            bytes: bytes.to_vec(),
            lines,
            players,
            scoring,
        })
    }

    /// The file's bytes exactly as read.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The tournament's name (the `012` line), trimmed and printable.
    pub fn tournament_name(&self) -> Option<String> {
        self.header("012")
            .map(|t| annabella_rules::printable(t.trim()).into_owned())
    }

    /// The text after the code of the first line with that three-character code
    /// (`012`, `022`, `042`, `XXR`, …), verbatim.
    pub fn header(&self, code: &str) -> Option<String> {
        self.lines
            .iter()
            .map(|l| l.text(&self.bytes))
            .find_map(|t| {
                t.strip_prefix(code)
                    .map(|rest| rest.strip_prefix(' ').unwrap_or(rest).to_string())
            })
    }

    /// Every line that is not a player line, verbatim (without its line ending).
    pub fn header_lines(&self) -> Vec<String> {
        self.lines
            .iter()
            .map(|l| l.text(&self.bytes))
            .filter(|t| !t.starts_with("001"))
            .collect()
    }

    /// The points of each result (the `162` record, else the defaults).
    pub fn scoring(&self) -> &Scoring {
        &self.scoring
    }

    /// The players in file order.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// The player of a start rank.
    pub fn player(&self, rank: u32) -> Option<&Player> {
        self.players.iter().find(|p| p.rank == rank)
    }
}

#[cfg(test)]
mod tests;
