//! Reading a journal back: its pages, settings, finished games, records and head, each
//! checked, and what is wrong named — before the mode decides what is an error.

use std::time::Duration;

use rusqlite::Connection;
use serde::de::DeserializeOwned;

use crate::{
    Damage, DamagedRecord, DroppedRecord, HEAD, Keys, RawRow, Record, Version, blob, bytes, file,
    get_meta, integer,
    integrity::{self, Hash, Head},
    mac_blob, read_games,
    secret::MacKey,
};

/// Reads and checks the whole file: pages, meta values, finished games, records and head.
pub(crate) fn read<I: DeserializeOwned>(conn: &Connection, keys: Keys<'_>) -> Reading<I> {
    let mut file_damage = Vec::new();
    check_pages(conn, &mut file_damage);
    check_settings(conn, keys, &mut file_damage);
    let finished_at = last_finished_seq(conn, keys, &mut file_damage);
    let head = read_head(conn, keys, &mut file_damage);
    let (rows, unreadable) = read_rows(conn, keys.version);
    let total = rows.len() as u64;
    let head_count = head.as_ref().map(|h| h.records);
    // A torn write can only be a last record the journal's committed head does not count
    // yet (the head is rewritten in the same transaction as every record), and no stored
    // finished game may end at or after it: a record the head or a finished game proves
    // was committed is damage, never dropped.
    let uncommitted = |seq: u64| {
        unreadable.is_none() && head_count == Some(seq - 1) && finished_at.is_none_or(|f| f < seq)
    };
    let mut chain = follow_chain::<I>(&rows, keys, uncommitted);
    if chain.damage.is_none() && chain.dropped.is_none() {
        chain.damage = check_end(&mut chain, total, unreadable, head.as_ref());
    }
    if chain.damage.is_none() {
        chain.damage = check_finished(finished_at, chain.records.len() as u64);
    }
    Reading {
        records: chain.records,
        last_hash: chain.last_hash,
        dropped: chain.dropped,
        damage: chain.damage,
        file_damage,
    }
}

/// Notes SQLite's damaged pages.
fn check_pages(conn: &Connection, file_damage: &mut Vec<String>) {
    if let Some(pages) = file::page_damage(conn) {
        file_damage.push(format!("damaged pages: {pages}"));
    }
}

/// Checks every setting (meta value) against its hash and MAC, noting the damaged ones.
fn check_settings(conn: &Connection, keys: Keys<'_>, file_damage: &mut Vec<String>) {
    match meta_keys(conn) {
        Ok(names) => {
            for name in names {
                match name {
                    Ok(name) => {
                        if let Err(e) = get_meta(conn, &name, keys) {
                            file_damage.push(e.to_string());
                        }
                    }
                    Err(d) => file_damage.push(format!("a meta key is damaged: {d}")),
                }
            }
        }
        Err(e) => file_damage.push(format!("the settings cannot be read: {e}")),
    }
}

/// The last record a stored finished game proves was committed (noting damaged games).
fn last_finished_seq(
    conn: &Connection,
    keys: Keys<'_>,
    file_damage: &mut Vec<String>,
) -> Option<u64> {
    match read_games(conn, keys) {
        Ok(games) => games.iter().map(|g| g.last_seq).max(),
        Err(e) => {
            file_damage.push(e.to_string());
            None
        }
    }
}

/// The journal's head (its record count and last hash), noting it missing or undecodable.
fn read_head(conn: &Connection, keys: Keys<'_>, file_damage: &mut Vec<String>) -> Option<Head> {
    match get_meta(conn, HEAD, keys) {
        Ok(Some(json)) => match serde_json::from_str(&json) {
            Ok(head) => Some(head),
            Err(e) => {
                file_damage.push(format!("the journal's head does not decode: {e}"));
                None
            }
        },
        Ok(None) => {
            file_damage.push("the journal's head is missing".into());
            None
        }
        // Already reported with the other meta values.
        Err(_) => None,
    }
}

/// The records that check, chained by hash from the genesis, and where the chain
/// stopped: a damaged record, or a torn last one set aside.
struct Chain<I> {
    records: Vec<Record<I>>,
    last_hash: Hash,
    dropped: Option<DroppedRecord>,
    damage: Option<DamagedRecord>,
}

/// Checks the rows in order — numbering, hash chain, MAC, time, input — up to the first
/// that fails: a torn write of the last record that `uncommitted` says no commit counts
/// is dropped, anything else is damage.
fn follow_chain<I: DeserializeOwned>(
    rows: &[RawRow],
    keys: Keys<'_>,
    uncommitted: impl Fn(u64) -> bool,
) -> Chain<I> {
    let mut chain = Chain {
        records: Vec::with_capacity(rows.len()),
        last_hash: integrity::genesis(keys.version.tag()),
        dropped: None,
        damage: None,
    };
    let mut previous_ms = 0i64;
    let total = rows.len() as u64;
    for (index, row) in rows.iter().enumerate() {
        let expected_seq = index as u64 + 1;
        let later = total - expected_seq;
        let checked = match row.seq.clone() {
            Ok(seq) if seq != expected_seq as i64 => Err(Damage::Gap {
                expected: expected_seq,
                found: seq.max(0) as u64,
            }),
            Ok(_) => check_row::<I>(row, expected_seq, &chain.last_hash, previous_ms, keys.key),
            Err(d) => Err(d),
        };
        match checked {
            Ok((record, hash)) => {
                previous_ms = record.now.as_millis() as i64;
                chain.last_hash = hash;
                chain.records.push(record);
            }
            Err(d) if later == 0 && d.is_torn_write() && uncommitted(expected_seq) => {
                chain.dropped = Some(DroppedRecord {
                    seq: expected_seq,
                    now_ms: *row.now_ms.as_ref().unwrap_or(&-1),
                    damage: d,
                });
                break;
            }
            Err(d) => {
                chain.damage = Some(DamagedRecord {
                    seq: expected_seq,
                    damage: d,
                    later,
                });
                break;
            }
        }
    }
    chain
}

/// After a whole chain of `total` records: the damage at its end — rows that could not
/// be read, or a chain the head does not agree with (records missing, records past the
/// head's count, whose extra ones are left out, or another last hash, whose record is
/// left out).
fn check_end<I>(
    chain: &mut Chain<I>,
    total: u64,
    unreadable: Option<String>,
    head: Option<&Head>,
) -> Option<DamagedRecord> {
    let next = total + 1;
    if let Some(e) = unreadable {
        return Some(DamagedRecord {
            seq: next,
            damage: Damage::Unreadable(crate::damage::Cause::said(e)),
            later: head.map_or(0, |h| h.records.saturating_sub(next)),
        });
    }
    let head = head?;
    if head.records > total {
        Some(DamagedRecord {
            seq: next,
            damage: Damage::Missing { head: head.records },
            later: head.records - next,
        })
    } else if head.records < total {
        chain.records.truncate(head.records as usize);
        Some(DamagedRecord {
            seq: head.records + 1,
            damage: Damage::Head(format!(
                "the file holds {total} records, its head counts {}",
                head.records
            )),
            later: total - head.records - 1,
        })
    } else if head.hash != integrity::hex(&chain.last_hash) {
        chain.records.pop();
        Some(DamagedRecord {
            seq: total,
            damage: Damage::Head("the last record's hash differs from the head's".into()),
            later: 0,
        })
    } else {
        None
    }
}

/// A finished game ending after the last of `records`: records the game proves were
/// committed are gone (set aside as a torn write by an older version, or deleted).
fn check_finished(finished_at: Option<u64>, records: u64) -> Option<DamagedRecord> {
    let f = finished_at.filter(|f| *f > records)?;
    Some(DamagedRecord {
        seq: records + 1,
        damage: Damage::Finished { last_seq: f },
        later: 0,
    })
}

/// Every meta key, for checking them all on open.
fn meta_keys(conn: &Connection) -> rusqlite::Result<Vec<Result<String, Damage>>> {
    let mut stmt = conn.prepare("SELECT key FROM meta")?;
    stmt.query_map([], |r| {
        Ok(
            bytes(r.get_ref(0)?, "key")
                .and_then(|k| String::from_utf8(k).map_err(|_| Damage::Hash)),
        )
    })?
    .collect()
}

/// The records' rows as stored, and the error that stopped the reading early, if any.
fn read_rows(conn: &Connection, version: Version) -> (Vec<RawRow>, Option<String>) {
    let mut out = Vec::new();
    let sql = format!(
        "SELECT seq, now_ms, input, hash, {} FROM inputs ORDER BY seq",
        version.mac_column()
    );
    let mut stmt = match conn.prepare(&sql) {
        Ok(s) => s,
        Err(e) => return (out, Some(e.to_string())),
    };
    let mut rows = match stmt.query([]) {
        Ok(r) => r,
        Err(e) => return (out, Some(e.to_string())),
    };
    loop {
        match rows.next() {
            Ok(Some(r)) => {
                let cell = |i| r.get_ref(i).map_err(Damage::from);
                out.push(RawRow {
                    seq: cell(0).and_then(|v| integer(v, "seq")),
                    now_ms: cell(1).and_then(|v| integer(v, "now_ms")),
                    input: cell(2).and_then(|v| bytes(v, "input")),
                    hash: cell(3).and_then(|v| blob(v, "hash")),
                    mac: cell(4).ok().and_then(mac_blob),
                });
            }
            Ok(None) => return (out, None),
            Err(e) => return (out, Some(e.to_string())),
        }
    }
}

/// Checks one record's row: its hash chained on `previous`, its MAC, its time after
/// `previous_ms`, and its input; the record and its hash.
fn check_row<I: DeserializeOwned>(
    row: &RawRow,
    seq: u64,
    previous: &Hash,
    previous_ms: i64,
    key: Option<&MacKey>,
) -> Result<(Record<I>, Hash), Damage> {
    let now_ms = row.now_ms.clone()?;
    let input = row.input.as_ref().map_err(Clone::clone)?;
    let stored = row.hash.as_ref().map_err(Clone::clone)?;
    if now_ms < 0 {
        return Err(Damage::Column {
            column: "now_ms",
            found: format!("the negative time {now_ms}"),
        });
    }
    let computed = integrity::record_hash(previous, seq, now_ms as u64, input);
    if integrity::from_blob(stored) != Some(computed) {
        return Err(Damage::Hash);
    }
    if let Some(k) = key
        && !row
            .mac
            .as_ref()
            .is_some_and(|m| k.verify("record", &computed, m))
    {
        return Err(Damage::Forged);
    }
    if now_ms < previous_ms {
        return Err(Damage::TimeBackwards {
            previous_ms,
            now_ms,
        });
    }
    let text = std::str::from_utf8(input).map_err(|e| Damage::Decode(crate::Cause::of(e)))?;
    let input = serde_json::from_str(text).map_err(|e| Damage::Decode(crate::Cause::of(e)))?;
    Ok((
        Record {
            seq,
            now: Duration::from_millis(now_ms as u64),
            input,
        },
        computed,
    ))
}

/// Everything a read of the file found, before the mode decides what is an error.
pub(crate) struct Reading<I> {
    pub(crate) records: Vec<Record<I>>,
    pub(crate) last_hash: Hash,
    pub(crate) dropped: Option<DroppedRecord>,
    pub(crate) damage: Option<DamagedRecord>,
    pub(crate) file_damage: Vec<String>,
}
