//! Positions for unit tests that compare a fast way with the plain one over many moves.

use shakmaty::{CastlingMode, Chess, Move, Position, fen::Fen};

/// Every ply two deep from each start (every legal move, then every reply): the position
/// before, the move and the position after, for the moves and the replies alike.
pub(crate) fn plies_two_deep(starts: &[&str]) -> Vec<(Chess, Move, Chess)> {
    let play = |pos: &Chess| -> Vec<(Chess, Move, Chess)> {
        pos.legal_moves()
            .into_iter()
            .map(|m| {
                let mut after = pos.clone();
                after.play_unchecked(m);
                (pos.clone(), m, after)
            })
            .collect()
    };
    let mut plies = Vec::new();
    for fen in starts {
        let start: Chess = fen
            .parse::<Fen>()
            .unwrap_or_else(|e| panic!("{fen}: {e}"))
            .into_position(CastlingMode::Standard)
            .unwrap_or_else(|e| panic!("{fen}: {e}"));
        for first in play(&start) {
            plies.extend(play(&first.2));
            plies.push(first);
        }
    }
    plies
}
