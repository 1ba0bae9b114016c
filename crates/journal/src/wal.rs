//! A crashed station's write-ahead log, checked before SQLite reads it. SQLite stops at the
//! first frame whose checksum does not match and drops it and everything after it without
//! a word — right for a torn last transaction, wrong for one flipped bit in a transaction
//! that later transactions followed: with `synchronous = FULL` the log is synced at every
//! commit, so a later transaction's commit frame proves the earlier one was committed.
//! That is damage, named here, and never read as a shorter journal.

use std::path::Path;

/// The log's header and each frame's header, in bytes.
const HEADER: usize = 32;
const FRAME_HEADER: usize = 24;

/// The checksums of the log (SQLite's WAL format: pairs of 32-bit words, in the byte
/// order the magic number names).
fn checksum(big_endian: bool, data: &[u8], mut s: (u32, u32)) -> (u32, u32) {
    for pair in data.chunks_exact(8) {
        let word = |b: &[u8]| {
            let b = [b[0], b[1], b[2], b[3]];
            if big_endian {
                u32::from_be_bytes(b)
            } else {
                u32::from_le_bytes(b)
            }
        };
        s.0 = s.0.wrapping_add(word(&pair[..4]).wrapping_add(s.1));
        s.1 = s.1.wrapping_add(word(&pair[4..]).wrapping_add(s.0));
    }
    s
}

fn be32(b: &[u8], at: usize) -> u32 {
    u32::from_be_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// What is wrong with the log `bytes`, when a frame SQLite would stop at is followed by
/// two or more commits of the same log (so it was committed); `None` for a sound log, one
/// with a torn last transaction, or a log that is not one (SQLite ignores those).
pub(super) fn damage(bytes: &[u8]) -> Option<String> {
    if bytes.len() < HEADER {
        return None;
    }
    let magic = be32(bytes, 0);
    if magic & !1 != 0x377f_0682 {
        return None;
    }
    let big_endian = magic & 1 == 1;
    let page = be32(bytes, 8) as usize;
    if !(512..=65536).contains(&page) || !page.is_power_of_two() {
        return None;
    }
    let salts = (be32(bytes, 16), be32(bytes, 20));
    let mut sum = checksum(big_endian, &bytes[..24], (0, 0));
    if sum != (be32(bytes, 24), be32(bytes, 28)) {
        return None;
    }
    let frame = FRAME_HEADER + page;
    let frames = (bytes.len() - HEADER) / frame;
    let at = |i: usize| HEADER + i * frame;
    let mut bad = None;
    for i in 0..frames {
        let f = &bytes[at(i)..at(i) + frame];
        if (be32(f, 8), be32(f, 12)) != salts {
            break;
        }
        let next = checksum(
            big_endian,
            &f[FRAME_HEADER..],
            checksum(big_endian, &f[..8], sum),
        );
        if next != (be32(f, 16), be32(f, 20)) {
            bad = Some(i);
            break;
        }
        sum = next;
    }
    let bad = bad?;
    // Commit frames of this log after the bad one: the first may close the torn
    // transaction itself; a second proves a later transaction began after it was synced.
    let commits = (bad..frames)
        .map(|i| &bytes[at(i)..at(i) + FRAME_HEADER])
        .filter(|h| (be32(h, 8), be32(h, 12)) == salts && be32(h, 4) != 0)
        .count();
    (commits >= 2).then(|| {
        format!(
            "the write-ahead log is damaged at frame {} of {frames}, and {} later \
             transaction(s) were committed after it: they would be lost without a word",
            bad + 1,
            commits - 1
        )
    })
}

/// [`damage`] of the log beside the journal at `path`, if there is one.
pub(super) fn damage_beside(path: &Path) -> Option<String> {
    let bytes = std::fs::read(super::file::wal_path(path)).ok()?;
    damage(&bytes)
}
