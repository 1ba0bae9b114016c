//! The identity of a position for repetition (Law 9.2.3): same player to move, same
//! pieces on the same squares, same possible moves — castling rights, and an en passant
//! capture only when one is legal.

use shakmaty::{
    CastlingSide, Chess, Color, EnPassantMode, Move, Position, Role, Square,
    zobrist::{Zobrist64, ZobristValue},
};

/// A 64-bit Zobrist key of the position as Law 9.2.3 identifies it.
///
/// Two positions with the same key are taken to be the same; a false match needs a
/// 64-bit collision within one game's reversible stretch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RepetitionKey(pub u64);

impl RepetitionKey {
    /// The key of `pos` (en passant counted only when legal).
    pub fn of(pos: &Chess) -> RepetitionKey {
        RepetitionKey(pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0)
    }

    /// The key of `after`, the position the legal move `m` made from `before` (whose key
    /// is `key`), updated exactly from the squares the move changed: the pieces moved,
    /// taken or promoted (the rook too when castling, the pawn taken en passant), the
    /// castling rights lost, the side to move, and the en passant file where a capture
    /// is legal before or after.
    pub fn after(before: &Chess, key: RepetitionKey, m: Move, after: &Chess) -> RepetitionKey {
        let piece =
            |sq: Square, role: Role, color: Color| Zobrist64::zobrist_for_piece(sq, role.of(color));
        let us = before.turn();
        let mut z = Zobrist64(key.0) ^ Zobrist64::zobrist_for_white_turn();
        match m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                z ^= piece(from, role, us);
                z ^= piece(to, promotion.unwrap_or(role), us);
                if let Some(taken) = capture {
                    z ^= piece(to, taken, !us);
                }
            }
            Move::EnPassant { from, to } => {
                z ^= piece(from, Role::Pawn, us);
                z ^= piece(to, Role::Pawn, us);
                z ^= piece(Square::from_coords(to.file(), from.rank()), Role::Pawn, !us);
            }
            Move::Castle { king, rook } => {
                let side = CastlingSide::from_king_side(king < rook);
                z ^= piece(king, Role::King, us);
                z ^= piece(rook, Role::Rook, us);
                z ^= piece(side.king_to(us), Role::King, us);
                z ^= piece(side.rook_to(us), Role::Rook, us);
            }
            Move::Put { .. } => return RepetitionKey::of(after),
        }
        let (was, now) = (before.castles(), after.castles());
        if was.castling_rights() != now.castling_rights() {
            for color in Color::ALL {
                for side in CastlingSide::ALL {
                    if was.has(color, side) != now.has(color, side) {
                        z ^= Zobrist64::zobrist_for_castling_right(color, side);
                    }
                }
            }
        }
        for pos in [before, after] {
            if let Some(sq) = pos.ep_square(EnPassantMode::Legal) {
                z ^= Zobrist64::zobrist_for_en_passant_file(sq.file());
            }
        }
        RepetitionKey(z.0)
    }
}

/// How often `key` occurs among the last `window` keys. The key includes the side to
/// move, so positions with the other side to move never match.
pub(crate) fn count(keys: &[RepetitionKey], key: RepetitionKey, window: usize) -> usize {
    let window = window.min(keys.len());
    keys[keys.len() - window..]
        .iter()
        .filter(|&&k| k == key)
        .count()
}

#[cfg(test)]
mod tests {
    use super::RepetitionKey;
    use crate::test_positions::plies_two_deep;

    /// Every move of some games with castling, en passant (legal and not) and
    /// promotions: the incremental key equals the key computed afresh.
    #[test]
    fn the_incremental_key_is_the_key_from_scratch() {
        let plies = plies_two_deep(&[
            "r3k2r/ppp1qppp/8/3pP3/8/8/PPPQ1PPP/R3K2R w KQkq d6 0 1",
            "4k3/1P6/8/8/2p5/8/3P4/4K3 w - - 0 1",
            "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
        ]);
        assert!(plies.len() > 1_000, "{} plies", plies.len());
        for (before, m, after) in plies {
            let inc = RepetitionKey::after(&before, RepetitionKey::of(&before), m, &after);
            assert_eq!(inc, RepetitionKey::of(&after), "{before:?} {m}");
        }
    }
}
