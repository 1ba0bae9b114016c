//! Claims, illegal moves and what they cost (Laws 7.5, 9.2–9.5, Appendices A and B).

use std::time::Duration;

use shakmaty::{Color, Move};

use crate::{Edition, RateOfPlay, game::Outcome};

/// A draw that a player may claim (Law 9.2 and 9.3). In a table's inputs (serde)
/// `threefold` and `fifty_moves`.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum ClaimKind {
    /// Law 9.2: the same position for at least the third time.
    Threefold,
    /// Law 9.3: the last 50 moves by each player without a pawn move or capture.
    #[serde(alias = "fifty-moves")]
    FiftyMoves,
}

impl ClaimKind {
    /// The kebab-case name used in JSON: `threefold`, `fifty-moves`.
    pub fn as_str(self) -> &'static str {
        match self {
            ClaimKind::Threefold => "threefold",
            ClaimKind::FiftyMoves => "fifty-moves",
        }
    }
}

/// The arbiter's answer to a draw claim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClaimVerdict {
    /// The claim is correct: the game is drawn (the intended move, if any, is not played).
    Upheld(Outcome),
    /// The claim is incorrect (Law 9.5): the penalty applies, the intended move, if any,
    /// has been played (it must be, by Laws 3 and 4), and the claim stands as a draw offer.
    Rejected {
        /// Time added to the opponent, if the Laws give any.
        penalty: Option<Penalty>,
        /// The automatic ending caused by playing the intended move, if it caused one.
        ended: Option<Outcome>,
    },
}

/// A penalty the arbiter applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Penalty {
    /// Time added to a player's clock (apply with [`crate::Clock::add_time`]).
    AddTime {
        /// Who receives the time.
        to: Color,
        /// How much.
        amount: Duration,
    },
}

/// What made a move illegal in the sense of Law 7.5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IllegalKind {
    /// An illegal move completed by pressing the clock (7.5.1); the position before it
    /// stands.
    Move,
    /// The clock pressed without a move (7.5.4).
    ClockPressWithoutMove,
    /// A pawn moved to the last rank and the clock pressed without promoting it (7.5.3):
    /// the pawn becomes a queen. The move is given as intended; its promotion is ignored.
    UnpromotedPawn(Move),
}

/// The arbiter's answer to a completed illegal move (Law 7.5.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalVerdict {
    /// The first completed illegal move of this player: the opponent gets time.
    Penalised {
        /// How many illegal moves this player has completed (1).
        strike: u8,
        /// Time for the opponent.
        penalty: Penalty,
    },
    /// The game ended: the second illegal move loses, or draws when the opponent cannot
    /// checkmate; or the queen promotion of 7.5.3 ended it (mate, stalemate …).
    Ended(Outcome),
}

/// The time an incorrect claim or an illegal move gives the opponent: two minutes, one
/// minute in rapid and blitz under the 2023 Laws (A.5/B.5: "one minute instead of two").
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use annabella_rules::{game::penalty_time, Edition, RateOfPlay};
/// assert_eq!(penalty_time(Edition::Laws2023, RateOfPlay::Blitz), Duration::from_secs(60));
/// assert_eq!(penalty_time(Edition::Laws2018, RateOfPlay::Blitz), Duration::from_secs(120));
/// assert_eq!(penalty_time(Edition::Laws2023, RateOfPlay::Standard), Duration::from_secs(120));
/// ```
pub fn penalty_time(edition: Edition, rate: RateOfPlay) -> Duration {
    match (edition, rate) {
        (Edition::Laws2023, RateOfPlay::Rapid | RateOfPlay::Blitz) => Duration::from_secs(60),
        _ => Duration::from_secs(120),
    }
}
