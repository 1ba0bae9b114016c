//! Touch-move (Law 4.3, 4.4): which moves a player may still make after touching pieces.

use shakmaty::{Chess, Move, Piece, Position, Square};

/// The square of the piece a move captures (differs from the destination only in en
/// passant).
pub(crate) fn captured_square(m: &Move) -> Option<Square> {
    match *m {
        Move::EnPassant { from, to } => Some(Square::from_coords(to.file(), from.rank())),
        Move::Normal {
            capture: Some(_),
            to,
            ..
        } => Some(to),
        _ => None,
    }
}

/// The square the moving piece (the king in castling) comes from.
pub(crate) fn mover(m: &Move) -> Square {
    match *m {
        Move::Castle { king, .. } => king,
        Move::Normal { from, .. } | Move::EnPassant { from, .. } => from,
        Move::Put { to, .. } => to,
    }
}

/// What the touches demand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Binding {
    /// Any legal move.
    Free,
    /// Law 4.3.1: the first touched own piece that can move must move.
    Move { square: Square, piece: Piece },
    /// Law 4.3.2: the first touched opponent's piece that can be captured must be.
    Capture { square: Square, piece: Piece },
    /// Law 4.3.3: a touched own piece must capture a touched opponent's piece.
    MoveCapture { square: Square, piece: Piece },
}

/// The binding of the touched squares (in the order touched) in `pos`, with the moves
/// it allows (`None`: every legal move).
pub(crate) fn binding(pos: &Chess, touched: &[Square]) -> (Binding, Option<Vec<Move>>) {
    let us = pos.turn();
    let board = pos.board();
    let legal = pos.legal_moves();
    let own: Vec<Square> = touched
        .iter()
        .copied()
        .filter(|&s| board.color_at(s) == Some(us))
        .collect();
    let theirs: Vec<Square> = touched
        .iter()
        .copied()
        .filter(|&s| board.color_at(s) == Some(!us))
        .collect();
    if !own.is_empty() && !theirs.is_empty() {
        // 4.3.3: capture a touched opponent's piece with a touched own piece.
        let both: Vec<Move> = legal
            .iter()
            .filter(|m| own.contains(&mover(m)))
            .filter(|m| captured_square(m).is_some_and(|c| theirs.contains(&c)))
            .cloned()
            .collect();
        if let Some(first) = both.first() {
            let square = mover(first);
            let piece = board.piece_at(square).expect("mover stands on its square");
            return (Binding::MoveCapture { square, piece }, Some(both));
        }
    }
    // Otherwise the first touched piece that can be moved or captured (4.3.1, 4.3.2,
    // and the second half of 4.3.3). Own pieces before the opponent's when both were
    // touched and no capture was possible, in the order touched.
    for &square in touched {
        let Some(piece) = board.piece_at(square) else {
            continue;
        };
        if piece.color == us {
            let moves: Vec<Move> = legal
                .iter()
                .filter(|m| mover(m) == square)
                .cloned()
                .collect();
            if !moves.is_empty() {
                return (Binding::Move { square, piece }, Some(moves));
            }
        } else {
            let moves: Vec<Move> = legal
                .iter()
                .filter(|m| captured_square(m) == Some(square))
                .cloned()
                .collect();
            if !moves.is_empty() {
                return (Binding::Capture { square, piece }, Some(moves));
            }
        }
    }
    (Binding::Free, None)
}

/// Whether `m` respects the touches; on `Err` the binding it breaks.
pub(crate) fn check(pos: &Chess, touched: &[Square], m: &Move) -> Result<(), Binding> {
    match binding(pos, touched) {
        (_, None) => Ok(()),
        (_, Some(allowed)) if allowed.contains(m) => Ok(()),
        (b, Some(_)) => Err(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_positions::{mv, pos};

    #[test]
    fn first_touched_own_piece_that_can_move_must_move() {
        let p = Chess::default();
        // a1 rook cannot move: free to choose the next touched piece, the knight.
        let t = [Square::A1, Square::G1, Square::B1];
        assert!(check(&p, &t, &mv(&p, "g1f3")).is_ok());
        assert!(matches!(
            check(&p, &t, &mv(&p, "b1c3")),
            Err(Binding::Move {
                square: Square::G1,
                ..
            })
        ));
        assert!(
            check(&p, &[Square::A1], &mv(&p, "e2e4")).is_ok(),
            "4.5: nothing movable was touched"
        );
    }

    #[test]
    fn touched_opponent_piece_must_be_captured() {
        let p = pos("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
        assert!(check(&p, &[Square::D5], &mv(&p, "e4d5")).is_ok());
        assert!(check(&p, &[Square::D5], &mv(&p, "e4e5")).is_err());
        // 4.3.3: an own piece and the pawn touched: the own piece must take it; the king
        // cannot, so the first touched piece that can move (the king) must move.
        assert!(check(&p, &[Square::E4, Square::D5], &mv(&p, "e4d5")).is_ok());
        assert!(check(&p, &[Square::E4, Square::D5], &mv(&p, "e4e5")).is_err());
        assert!(check(&p, &[Square::E1, Square::D5], &mv(&p, "e1d1")).is_ok());
        assert!(check(&p, &[Square::E1, Square::D5], &mv(&p, "e4d5")).is_err());
    }

    #[test]
    fn rook_touched_first_forbids_castling() {
        let p = pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        assert!(check(&p, &[Square::E1, Square::H1], &mv(&p, "e1g1")).is_ok());
        assert!(check(&p, &[Square::H1, Square::E1], &mv(&p, "e1g1")).is_err());
        assert!(check(&p, &[Square::H1, Square::E1], &mv(&p, "h1f1")).is_ok());
    }

    #[test]
    fn en_passant_captures_the_pawn_beside() {
        let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        assert_eq!(captured_square(&mv(&p, "e5d6")), Some(Square::D5));
        assert!(check(&p, &[Square::D5], &mv(&p, "e5d6")).is_ok());
    }
}
