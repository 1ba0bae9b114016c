//! What an editor without the table's secret does to a journal: one record changed, the
//! unkeyed SHA-256 chain made anew from it on (as the journal computes it), and the head
//! with its hash — the edit every unkeyed check passes.

use std::path::Path;

use sha2::{Digest, Sha256};

/// Rewrites record `seq` of the (format 3) journal at `path` with `edit` (its time in ms
/// and its input JSON), then every chain hash and the head.
pub fn rewrite_record(path: &Path, seq: i64, edit: impl FnOnce(&mut i64, &mut String)) {
    let db = rusqlite::Connection::open(path).unwrap();
    let (mut now, mut input): (i64, String) = db
        .query_row(
            "SELECT now_ms, input FROM inputs WHERE seq = ?1",
            [seq],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    edit(&mut now, &mut input);
    db.execute(
        "UPDATE inputs SET now_ms = ?1, input = ?2 WHERE seq = ?3",
        rusqlite::params![now, input, seq],
    )
    .unwrap();
    let mut previous: [u8; 32] = Sha256::digest(b"annabella-journal 3").into();
    let rows: Vec<(i64, i64, String)> = db
        .prepare("SELECT seq, now_ms, input FROM inputs ORDER BY seq")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    for (s, now, input) in &rows {
        let mut h = Sha256::new();
        h.update(previous);
        h.update((*s as u64).to_le_bytes());
        h.update((*now as u64).to_le_bytes());
        h.update(input.as_bytes());
        previous = h.finalize().into();
        db.execute(
            "UPDATE inputs SET hash = ?1 WHERE seq = ?2",
            rusqlite::params![previous.to_vec(), s],
        )
        .unwrap();
    }
    let hex: String = previous.iter().map(|b| format!("{b:02x}")).collect();
    let head = format!("{{\"records\":{},\"hash\":\"{hex}\"}}", rows.len());
    let mut h = Sha256::new();
    h.update(4u64.to_le_bytes());
    h.update(b"head");
    h.update(head.as_bytes());
    let hash: [u8; 32] = h.finalize().into();
    db.execute(
        "UPDATE meta SET value = ?1, hash = ?2 WHERE key = 'head'",
        rusqlite::params![head, hash.to_vec()],
    )
    .unwrap();
}
