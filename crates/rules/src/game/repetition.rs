//! The identity of a position for repetition (Law 9.2.3): same player to move, same
//! pieces on the same squares, same possible moves — castling rights, and an en passant
//! capture only when one is legal.

use shakmaty::{Chess, EnPassantMode, Move, Position, zobrist::Zobrist64};

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

    /// The key after the legal move `m` from `pos` (whose key is `key`), updated
    /// incrementally; `None` where shakmaty has no exact incremental update (king and
    /// castling-rook moves, double pawn pushes, moves from a position with an en passant
    /// square): then [`RepetitionKey::of`] the new position gives it.
    pub fn after(pos: &Chess, key: RepetitionKey, m: Move) -> Option<RepetitionKey> {
        pos.update_zobrist_hash(Zobrist64(key.0), m, EnPassantMode::Legal)
            .map(|z: Zobrist64| RepetitionKey(z.0))
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
    use shakmaty::{CastlingMode, Chess, Position, fen::Fen};

    use super::RepetitionKey;

    /// Every move of some games with castling, en passant (legal and not) and
    /// promotions: the incremental key equals the key computed afresh.
    #[test]
    fn the_incremental_key_is_the_key_from_scratch() {
        let starts = [
            "r3k2r/ppp1qppp/8/3pP3/8/8/PPPQ1PPP/R3K2R w KQkq d6 0 1",
            "4k3/1P6/8/8/2p5/8/3P4/4K3 w - - 0 1",
            "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
        ];
        for fen in starts {
            let start: Chess = fen
                .parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap();
            // Two plies deep from each start: every legal move, then every reply.
            for m in start.legal_moves() {
                let key = RepetitionKey::of(&start);
                let mut next = start.clone();
                let inc = RepetitionKey::after(&start, key, m);
                next.play_unchecked(m);
                assert!(
                    inc.is_none_or(|k| k == RepetitionKey::of(&next)),
                    "{fen} {m}"
                );
                for reply in next.legal_moves() {
                    let key = RepetitionKey::of(&next);
                    let inc = RepetitionKey::after(&next, key, reply);
                    let mut after = next.clone();
                    after.play_unchecked(reply);
                    assert!(
                        inc.is_none_or(|k| k == RepetitionKey::of(&after)),
                        "{fen} {m} {reply}"
                    );
                }
            }
        }
    }
}
