//! A practice game against an engine (or another opponent of the station): what it
//! allows that a rated game forbids (11.3.1), and what the opponent answers when the VI
//! player asks for a hint or the evaluation.

use serde::{Deserialize, Serialize};
use shakmaty::uci::UciMove;

/// What a practice game allows, each only when set; a rated table allows none of it and
/// refuses every such request as analysis (11.3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Practice {
    /// "zurück", "take back": the VI player's last move (and the opponent's reply to it)
    /// is taken back.
    pub take_back: bool,
    /// "Tipp", "hint": the opponent's best move in the VI player's position, spoken only
    /// when asked.
    pub hint: bool,
    /// "Bewertung", "evaluation": who stands better and by how much.
    pub evaluation: bool,
}

impl Practice {
    /// A rated game: nothing a practice game allows.
    pub const RATED: Practice = Practice {
        take_back: false,
        hint: false,
        evaluation: false,
    };

    /// Whether this allows nothing (a rated game).
    pub fn is_rated(&self) -> bool {
        *self == Practice::RATED
    }
}

/// A question of the VI player the table passes to the opponent (practice only): it is
/// in the table's view until the opponent answers with [`Input::Advice`](crate::Input::Advice).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Consult {
    /// The best move for the VI player now.
    Hint,
    /// The evaluation of the position.
    Evaluation,
}

/// An engine's evaluation of a position, from the VI player's side (positive: the VI
/// player stands better).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Score {
    /// Hundredths of a pawn.
    Centipawns(i32),
    /// Mate in this many moves (negative: the VI player is mated).
    Mate(i32),
}

impl Score {
    /// The score as centipawns for comparisons (a mate counts as 100 pawns, sooner more).
    pub fn centipawns(self) -> i32 {
        match self {
            Score::Centipawns(cp) => cp,
            Score::Mate(n) if n >= 0 => 10_000 - n.min(1000),
            Score::Mate(n) => -10_000 + (-n).min(1000),
        }
    }

    /// The same score seen from the other side.
    pub fn flipped(self) -> Score {
        match self {
            Score::Centipawns(cp) => Score::Centipawns(-cp),
            Score::Mate(n) => Score::Mate(-n),
        }
    }
}

/// The opponent's answer to a [`Consult`]: its best move for the VI player and its
/// evaluation, either of which it may not know.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Advice {
    /// What was asked.
    pub consult: Consult,
    /// The best move for the VI player (UCI), if known.
    #[serde(default, with = "crate::text_serde::option")]
    pub best: Option<UciMove>,
    /// The evaluation from the VI player's side, if known.
    #[serde(default)]
    pub score: Option<Score>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mate_outweighs_any_material_and_flips_with_the_side() {
        assert!(Score::Mate(3).centipawns() > Score::Centipawns(5000).centipawns());
        assert!(Score::Mate(1).centipawns() > Score::Mate(3).centipawns());
        assert!(Score::Mate(-2).centipawns() < Score::Centipawns(-5000).centipawns());
        assert_eq!(Score::Mate(2).flipped(), Score::Mate(-2));
        assert!(Practice::default().is_rated());
        assert!(
            !Practice {
                hint: true,
                ..Practice::RATED
            }
            .is_rated()
        );
    }
}

/// Why the opponent is gone, as the table says it in its own language (the
/// [`Input::OpponentLost`](crate::Input::OpponentLost) reason keeps the program's own
/// words for the log and the journal).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum OpponentFailure {
    /// The engine's program could not be started (not found, not executable).
    NotStarted,
    /// The engine ended by itself (it crashed or was killed) or its pipes broke.
    Stopped,
    /// The engine gave no answer within `within_ms` milliseconds.
    Hung {
        /// How long the table waited.
        within_ms: u64,
    },
    /// The engine printed lines that are no UCI.
    Garbage,
    /// The engine's best move is no legal move of the position.
    IllegalMove,
    /// The engine refused an option of `[opponent] options`.
    Refused,
    /// The online server was never reached.
    Unreachable,
    /// The connection to the online server ended.
    Disconnected,
}

impl OpponentFailure {
    /// The kebab-case name the messages select on (`not-started`, `hung`, …).
    pub fn as_str(&self) -> &'static str {
        match self {
            OpponentFailure::NotStarted => "not-started",
            OpponentFailure::Stopped => "stopped",
            OpponentFailure::Hung { .. } => "hung",
            OpponentFailure::Garbage => "garbage",
            OpponentFailure::IllegalMove => "illegal-move",
            OpponentFailure::Refused => "refused",
            OpponentFailure::Unreachable => "unreachable",
            OpponentFailure::Disconnected => "disconnected",
        }
    }
}
