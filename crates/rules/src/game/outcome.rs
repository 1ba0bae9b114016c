//! How a game ended: the result and the Law that ended it.

use std::{fmt, str::FromStr};

use shakmaty::Color;

/// The result of a finished game, as written on the scoresheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
}

impl GameResult {
    /// The result in which `winner` wins.
    pub fn win_for(winner: Color) -> GameResult {
        match winner {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The winner, or `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw => None,
        }
    }
}

impl GameResult {
    /// The result as written on a scoresheet and in PGN: `1-0`, `0-1`, `1/2-1/2`.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A result that is not `1-0`, `0-1` or `1/2-1/2`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("result {0:?}: expected 1-0, 0-1 or 1/2-1/2")]
pub struct ParseResultError(String);

impl FromStr for GameResult {
    type Err = ParseResultError;

    /// `1-0`, `0-1`, `1/2-1/2` (also `½-½`), around spaces allowed.
    ///
    /// ```
    /// use annabella_rules::GameResult;
    /// assert_eq!("1/2-1/2".parse(), Ok(GameResult::Draw));
    /// assert_eq!(" ½-½ ".parse(), Ok(GameResult::Draw));
    /// assert!("2-0".parse::<GameResult>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "1-0" => Ok(GameResult::WhiteWins),
            "0-1" => Ok(GameResult::BlackWins),
            "1/2-1/2" | "½-½" => Ok(GameResult::Draw),
            _ => Err(ParseResultError(s.to_owned())),
        }
    }
}

/// A result is its scoresheet text in JSON (`"1-0"`).
impl serde::Serialize for GameResult {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> serde::Deserialize<'de> for GameResult {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Why a game ended, named after the Law that ends it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Termination {
    /// Law 5.1.1: the king is checkmated.
    Checkmate,
    /// Law 5.2.1: the player to move has no legal move and is not in check.
    Stalemate,
    /// Law 5.2.2: neither player can checkmate by any series of legal moves.
    DeadPosition,
    /// Law 9.6.1: the same position appeared at least five times.
    FivefoldRepetition,
    /// Law 9.6.2: 75 moves by each player without a pawn move or capture.
    SeventyFiveMoves,
    /// Law 5.1.2: a player resigned.
    Resignation,
    /// Law 5.2.3: the players agreed to a draw.
    Agreement,
    /// Law 9.2: a correct claim of threefold repetition.
    ThreefoldClaim,
    /// Law 9.3: a correct claim under the fifty-move rule.
    FiftyMovesClaim,
    /// Law 6.9: a flag fell.
    FlagFall,
    /// Law 7.5.5: a second completed illegal move.
    IllegalMoves,
    /// A decision of the arbiter (for example Law 12.9).
    Arbiter,
}

impl Termination {
    /// Every termination, in declaration order.
    pub const ALL: [Termination; 12] = [
        Termination::Checkmate,
        Termination::Stalemate,
        Termination::DeadPosition,
        Termination::FivefoldRepetition,
        Termination::SeventyFiveMoves,
        Termination::Resignation,
        Termination::Agreement,
        Termination::ThreefoldClaim,
        Termination::FiftyMovesClaim,
        Termination::FlagFall,
        Termination::IllegalMoves,
        Termination::Arbiter,
    ];

    /// The kebab-case name used in JSON and the journal (`dead-position`).
    pub fn as_str(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::DeadPosition => "dead-position",
            Termination::FivefoldRepetition => "fivefold-repetition",
            Termination::SeventyFiveMoves => "seventy-five-moves",
            Termination::Resignation => "resignation",
            Termination::Agreement => "agreement",
            Termination::ThreefoldClaim => "threefold-claim",
            Termination::FiftyMovesClaim => "fifty-moves-claim",
            Termination::FlagFall => "flag-fall",
            Termination::IllegalMoves => "illegal-moves",
            Termination::Arbiter => "arbiter",
        }
    }

    /// Whether the game ends by itself, with no claim or declaration (Laws 5 and 9.6).
    pub fn is_automatic(self) -> bool {
        matches!(
            self,
            Termination::Checkmate
                | Termination::Stalemate
                | Termination::DeadPosition
                | Termination::FivefoldRepetition
                | Termination::SeventyFiveMoves
        )
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A termination name that is not known.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown termination {0:?}")]
pub struct ParseTerminationError(String);

impl Termination {
    /// The PGN `Termination` tag's value: `time forfeit`, `rules infraction`,
    /// `adjudication`, otherwise `normal`.
    pub fn pgn_tag(self) -> &'static str {
        match self {
            Termination::FlagFall => "time forfeit",
            Termination::IllegalMoves => "rules infraction",
            Termination::Arbiter => "adjudication",
            _ => "normal",
        }
    }
}

/// A termination is its name in JSON (`"checkmate"`).
impl serde::Serialize for Termination {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> serde::Deserialize<'de> for Termination {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl FromStr for Termination {
    type Err = ParseTerminationError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Termination::ALL
            .into_iter()
            .find(|t| t.as_str() == s)
            .ok_or_else(|| ParseTerminationError(s.to_owned()))
    }
}

/// The end of a game: its result and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: GameResult,
    /// The Law that ended the game.
    pub termination: Termination,
}

impl Outcome {
    /// A draw for the given reason.
    pub fn draw(termination: Termination) -> Outcome {
        Outcome {
            result: GameResult::Draw,
            termination,
        }
    }

    /// A win for `winner` for the given reason.
    pub fn win(winner: Color, termination: Termination) -> Outcome {
        Outcome {
            result: GameResult::win_for(winner),
            termination,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.result, self.termination)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn termination_names_round_trip() {
        for t in Termination::ALL {
            assert_eq!(t.as_str().parse::<Termination>(), Ok(t));
        }
        assert!("timeout".parse::<Termination>().is_err());
    }

    #[test]
    fn results_are_written_as_on_a_scoresheet() {
        assert_eq!(
            Outcome::win(Color::Black, Termination::FlagFall).to_string(),
            "0-1 (flag-fall)"
        );
        assert_eq!(GameResult::Draw.to_string(), "1/2-1/2");
        assert_eq!(
            GameResult::win_for(Color::White).winner(),
            Some(Color::White)
        );
    }
}
