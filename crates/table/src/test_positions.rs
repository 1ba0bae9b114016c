//! Positions and moves from text, for the unit tests of the detector and touch-move.

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, fen::Fen};

/// The position of a FEN (standard castling).
pub(crate) fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

/// The move `uci` in `p`.
pub(crate) fn mv(p: &Chess, uci: &str) -> Move {
    uci.parse::<UciMove>().unwrap().to_move(p).unwrap()
}
