//! What makes the journal tamper-evident: a SHA-256 chain over the records, a hash on every
//! meta value and finished game, and the *head* — the count and chain hash of the last
//! record, rewritten in the same transaction as each record — so that a record cannot
//! change, vanish from the middle or vanish from the end without the journal saying so.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// A SHA-256 value.
pub type Hash = [u8; 32];

/// The chain's starting value: the hash of the format tag, so that records of one format
/// never verify under another.
pub fn genesis(format: &str) -> Hash {
    Sha256::digest(format.as_bytes()).into()
}

/// The chain hash of record `seq`: over the previous record's hash, its sequence number,
/// its time and its input, so a record is only right in its place after its predecessors.
pub fn record_hash(previous: &Hash, seq: u64, now_ms: u64, input: &[u8]) -> Hash {
    let mut h = Sha256::new();
    h.update(previous);
    h.update(seq.to_le_bytes());
    h.update(now_ms.to_le_bytes());
    h.update(input);
    h.finalize().into()
}

/// The hash of one meta value, bound to its key.
pub fn meta_hash(key: &str, value: &str) -> Hash {
    let mut h = Sha256::new();
    h.update((key.len() as u64).to_le_bytes());
    h.update(key.as_bytes());
    h.update(value.as_bytes());
    h.finalize().into()
}

/// The hash of one finished game's row.
pub fn game_hash(last_seq: u64, now_ms: u64, result: &str, termination: &str, pgn: &str) -> Hash {
    let mut h = Sha256::new();
    h.update(last_seq.to_le_bytes());
    h.update(now_ms.to_le_bytes());
    for part in [result, termination, pgn] {
        h.update((part.len() as u64).to_le_bytes());
        h.update(part.as_bytes());
    }
    h.finalize().into()
}

/// The journal's head: how many records it holds and the chain hash of the last one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Head {
    /// Records in the journal (the last one's `seq`).
    pub records: u64,
    /// The chain hash of the last record, in hex (the genesis hash when empty).
    pub hash: String,
}

/// Lower-case hex of a hash.
pub fn hex(hash: &[u8]) -> String {
    hash.iter().map(|b| format!("{b:02x}")).collect()
}

/// A hash from a stored blob, when it has the right length.
pub fn from_blob(blob: &[u8]) -> Option<Hash> {
    blob.try_into().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_hash_depends_on_every_part_and_on_its_predecessor() {
        let g = genesis("annabella-journal 2");
        let base = record_hash(&g, 1, 100, b"{}");
        assert_ne!(base, record_hash(&g, 2, 100, b"{}"));
        assert_ne!(base, record_hash(&g, 1, 101, b"{}"));
        assert_ne!(base, record_hash(&g, 1, 100, b"{ }"));
        assert_ne!(base, record_hash(&genesis("other"), 1, 100, b"{}"));
    }

    #[test]
    fn meta_and_game_hashes_bind_their_parts() {
        assert_ne!(meta_hash("ab", "c"), meta_hash("a", "bc"));
        assert_ne!(
            game_hash(1, 2, "1-0", "normal", "x"),
            game_hash(1, 2, "1-0", "normalx", "")
        );
        assert_eq!(hex(&[0x0f, 0xa0]), "0fa0");
    }
}
