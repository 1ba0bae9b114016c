//! Move detection from what the boards report: the one detector of the workspace. The
//! table uses its parts for the sighted player's board ([`moves_to`]) and the peg board
//! ([`PegTracker`]); `annabella devices watch` feeds device events into the whole of it.
//!
//! - [`SnapshotMatcher`]: boards that know pieces (DGT). Each settled snapshot is
//!   matched against the position after every legal move (all promotions included).
//!   Intermediate states (a capture in progress, half a castling) match nothing and are
//!   ignored; only a mismatch that stays unchanged for `mismatch_after` is reported, with
//!   the differences to fix.
//! - [`OccupancyTracker`]: the peg board, which only knows which holes hold a peg. Moves
//!   are inferred from lift/place sequences and the known position: quiet moves, captures
//!   with the two pegs lifted in either order, en passant, castling in any order
//!   (Chess960 too), promotion (the piece comes from the announcement). Lifts are reported
//!   as touched pieces.
//!
//! Both are sans-IO: inputs with `now` (time since any fixed start, as for the table),
//! [`Detection`]s out through `poll_event`, timers through `poll_timeout`/`handle_timeout`.
//! Before the board was first seen matching the game, and after a link gap
//! ([`handle_gap`]), no move is ever inferred: the state is only compared with the game
//! until it matches (`InSync`).
//!
//! [`peg_pieces`]: which piece each peg is, inferred from the game (the peg board senses
//! occupancy only), for the arbiter's view of the peg board.
//!
//! [`handle_gap`]: SnapshotMatcher::handle_gap

mod difference;
mod occupancy;
mod peg;
pub mod peg_pieces;
mod snapshot;

use std::collections::VecDeque;
use std::time::Duration;

use shakmaty::{Chess, Move, Piece, Position, Role, Square};

pub use difference::{Difference, board_differences, occupancy_differences};
pub use occupancy::OccupancyTracker;
pub use peg::{PegTracker, changed_squares};
pub use snapshot::{SnapshotMatcher, moves_to};

/// What move detection reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Detection {
    /// A legal move was made on the board (the tracker's position now includes it).
    Move(Move),
    /// A pawn reached the last rank; the promotion piece must come from the announcement
    /// ([`OccupancyTracker::set_promotion`]).
    PromotionPending {
        /// Pawn's square.
        from: Square,
        /// Promotion square.
        to: Square,
    },
    /// Several legal moves fit equally (only in odd Chess960 cases).
    Ambiguous(Vec<Move>),
    /// The board matches the game position again.
    InSync,
    /// The board differs from the game in a way no legal move explains, and has stayed so.
    Mismatch(Vec<Difference>),
    /// A piece was lifted (a touch under Law 4.3 / D.2.2).
    Touched {
        /// Its square.
        square: Square,
        /// The piece the game has there.
        piece: Piece,
        /// Device time of the lift.
        time_ms: u32,
    },
}

/// Timing of move detection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DetectConfig {
    /// A matching state must hold this long before the move is reported.
    pub settle: Duration,
    /// Longer hold for a king or rook move that may be the first half of a castling.
    pub castling_grace: Duration,
    /// A state that matches nothing is reported after holding this long.
    pub mismatch_after: Duration,
}

impl DetectConfig {
    /// Defaults for the DGT board (its snapshots already come after a 250 ms debounce).
    pub const DGT: DetectConfig = DetectConfig {
        settle: Duration::ZERO,
        castling_grace: Duration::from_millis(1500),
        mismatch_after: Duration::from_millis(2000),
    };
    /// Defaults for the peg board.
    pub const PEG: DetectConfig = DetectConfig {
        settle: Duration::from_millis(500),
        castling_grace: Duration::from_millis(2000),
        mismatch_after: Duration::from_millis(3000),
    };

    /// How long these moves must hold before one is reported: the castling grace for a
    /// lone king or rook move that may be half of a castling, else the settle time.
    fn hold(&self, pos: &Chess, moves: &[Move]) -> Duration {
        match moves {
            [m] if is_castling_half(pos, m) => self.castling_grace,
            _ => self.settle,
        }
    }
}

/// Whether `m` is a king or rook move that could be half of a legal castling (the rook
/// half in any castling; the king half in Chess960, where it can be a legal king move).
fn is_castling_half(pos: &Chess, m: &Move) -> bool {
    let Move::Normal {
        role: role @ (Role::Rook | Role::King),
        from,
        to,
        ..
    } = *m
    else {
        return false;
    };
    pos.legal_moves()
        .iter()
        .any(|c| match (*c, c.castling_side()) {
            (Move::Castle { king, rook }, Some(side)) => match role {
                Role::King => king == from && side.king_to(pos.turn()) == to,
                _ => rook == from && side.rook_to(pos.turn()) == to,
            },
            _ => false,
        })
}

/// What waits for its hold time: candidate moves, or a mismatch.
#[derive(Debug, Clone)]
enum Pending {
    Moves(Vec<Move>),
    Mismatch(Vec<Difference>),
}

/// A detector's timer and output: what waits until when, and the detections ready.
#[derive(Debug, Clone, Default)]
struct Outbox {
    pending: Option<(Duration, Pending)>,
    events: VecDeque<Detection>,
}

impl Outbox {
    /// The candidate moves whose hold time is over at `now` (they no longer wait
    /// then); a mismatch that is due is reported here, the same for every detector.
    fn due_moves(&mut self, now: Duration) -> Option<Vec<Move>> {
        match self.pending.take()? {
            (at, Pending::Moves(moves)) if now >= at => Some(moves),
            (at, Pending::Mismatch(diffs)) if now >= at => {
                self.events.push_back(Detection::Mismatch(diffs));
                None
            }
            not_yet => {
                self.pending = Some(not_yet);
                None
            }
        }
    }

    fn poll_event(&mut self) -> Option<Detection> {
        self.events.pop_front()
    }

    fn poll_timeout(&self) -> Option<Duration> {
        self.pending.as_ref().map(|(t, _)| *t)
    }
}
