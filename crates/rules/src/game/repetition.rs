//! The identity of a position for repetition (Law 9.2.3): same player to move, same
//! pieces on the same squares, same possible moves — castling rights, and an en passant
//! capture only when one is legal.

use shakmaty::{Chess, EnPassantMode, Position, zobrist::Zobrist64};

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
