//! Which piece each peg of the peg board is. The board senses occupancy only, so the
//! pieces are inferred from the game: a board one or two plies behind is that position;
//! otherwise every peg on a square the game has a piece on is that piece, and pegs on
//! empty squares are the game's missing pieces, paired by the shortest distance.

use shakmaty::{Bitboard, Board, Color, Piece, Role, Square};

/// The peg board as pieces, and the pegs no missing piece could explain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PegPieces {
    /// The inferred placement.
    pub board: Board,
    /// Pegs on squares for which no piece of the game is missing (shown as pawns of the
    /// VI player's colour).
    pub unidentified: Vec<Square>,
}

fn distance(a: Square, b: Square) -> u32 {
    a.distance(b)
}

/// Infers the pieces on the peg board from its `occupancy` and the boards of the game so
/// far (`boards[k]` after ply `k`; the last is the game position).
pub fn infer(boards: &[Board], occupancy: Bitboard, vi: Color) -> PegPieces {
    let Some(current) = boards.last() else {
        return PegPieces {
            board: Board::empty(),
            unidentified: occupancy.into_iter().collect(),
        };
    };
    if let Some(b) = boards
        .iter()
        .rev()
        .take(3)
        .find(|b| b.occupied() == occupancy)
    {
        return PegPieces {
            board: b.clone(),
            unidentified: Vec::new(),
        };
    }
    let mut board = current.clone();
    let mut missing: Vec<(Square, Piece)> = Vec::new();
    for sq in current.occupied() & !occupancy {
        if let Some(p) = board.remove_piece_at(sq) {
            missing.push((sq, p));
        }
    }
    let mut extra: Vec<Square> = (occupancy & !current.occupied()).into_iter().collect();
    while !missing.is_empty() && !extra.is_empty() {
        let (mi, ei) = (0..missing.len())
            .flat_map(|m| (0..extra.len()).map(move |e| (m, e)))
            .min_by_key(|&(m, e)| (distance(missing[m].0, extra[e]), missing[m].0, extra[e]))
            .expect("both non-empty");
        let (_, piece) = missing.swap_remove(mi);
        let to = extra.swap_remove(ei);
        board.set_piece_at(to, piece);
    }
    extra.sort();
    for &sq in &extra {
        board.set_piece_at(
            sq,
            Piece {
                color: vi,
                role: Role::Pawn,
            },
        );
    }
    PegPieces {
        board,
        unidentified: extra,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Chess, Position, uci::UciMove};

    fn boards(moves: &[&str]) -> Vec<Board> {
        let mut pos = Chess::default();
        let mut out = vec![pos.board().clone()];
        for m in moves {
            let m = m
                .parse::<UciMove>()
                .expect("uci")
                .to_move(&pos)
                .expect("legal");
            pos.play_unchecked(m);
            out.push(pos.board().clone());
        }
        out
    }

    #[test]
    fn a_board_in_step_or_behind_is_that_position() {
        let b = boards(&["e2e4", "e7e5", "g1f3"]);
        assert_eq!(infer(&b, b[3].occupied(), Color::Black).board, b[3]);
        let behind = infer(&b, b[2].occupied(), Color::Black);
        assert_eq!(behind.board, b[2]);
        assert!(behind.unidentified.is_empty());
    }

    #[test]
    fn a_wrongly_copied_move_moves_the_missing_piece() {
        // 1. e4 copied as e2-e3 on the peg board.
        let b = boards(&["e2e4"]);
        let mut occ = b[1].occupied();
        occ.toggle(Square::E4);
        occ.toggle(Square::E3);
        let got = infer(&b, occ, Color::Black);
        assert_eq!(got.board.piece_at(Square::E3), Some(Color::White.pawn()));
        assert_eq!(got.board.piece_at(Square::E4), None);
        assert!(got.unidentified.is_empty());
    }

    #[test]
    fn the_nearest_missing_piece_is_taken_and_extra_pegs_are_named() {
        let b = boards(&[]);
        let mut occ = b[0].occupied();
        occ.toggle(Square::G1); // knight lifted
        occ.toggle(Square::F3); // placed on f3
        occ.toggle(Square::D5); // a peg from nowhere
        let got = infer(&b, occ, Color::White);
        assert_eq!(got.board.piece_at(Square::F3), Some(Color::White.knight()));
        assert_eq!(got.unidentified, vec![Square::D5]);
        assert_eq!(got.board.piece_at(Square::D5), Some(Color::White.pawn()));
    }
}
