//! The journal's meta values (settings, head), each with its hash and MAC.

use rusqlite::{Connection, OptionalExtension, params};

use crate::{
    JournalErrorKind, Keys, Version, blob, bytes,
    integrity::{self, Hash, Head},
    mac_blob,
};

/// The head's JSON meta value: the number of records and the last chain hash.
pub(crate) fn head_json(records: u64, hash: &Hash) -> String {
    serde_json::to_string(&Head {
        records,
        hash: integrity::hex(hash),
    })
    .expect("a head encodes")
}

pub(crate) fn put_meta(
    conn: &Connection,
    keys: Keys<'_>,
    key: &str,
    json: &str,
) -> rusqlite::Result<()> {
    let hash = integrity::meta_hash(key, json);
    match keys.version {
        Version::V2 => conn.execute(
            "INSERT OR REPLACE INTO meta (key, value, hash) VALUES (?1, ?2, ?3)",
            params![key, json, &hash[..]],
        )?,
        Version::V3 => conn.execute(
            "INSERT OR REPLACE INTO meta (key, value, hash, mac) VALUES (?1, ?2, ?3, ?4)",
            params![
                key,
                json,
                &hash[..],
                keys.key.map(|k| k.tag("meta", &hash).to_vec())
            ],
        )?,
    };
    Ok(())
}

/// The value under `key`, checked against its hash (and its MAC, when keyed).
pub(crate) fn get_meta(
    conn: &Connection,
    key: &str,
    keys: Keys<'_>,
) -> Result<Option<String>, JournalErrorKind> {
    let damaged = |reason: String| JournalErrorKind::Meta {
        key: key.into(),
        reason,
    };
    let sql = format!(
        "SELECT value, hash, {} FROM meta WHERE key = ?1",
        keys.version.mac_column()
    );
    let row = conn
        .query_row(&sql, [key], |r| {
            Ok((
                bytes(r.get_ref(0)?, "value"),
                blob(r.get_ref(1)?, "hash"),
                mac_blob(r.get_ref(2)?),
            ))
        })
        .optional()
        .map_err(|e| damaged(format!("cannot be read: {e}")))?;
    let Some((value, hash, mac)) = row else {
        return Ok(None);
    };
    let value = value.map_err(|d| damaged(format!("is damaged: {d}")))?;
    let hash = hash.map_err(|d| damaged(format!("is damaged: {d}")))?;
    let value = String::from_utf8(value).map_err(|_| damaged("is damaged: not UTF-8".into()))?;
    if integrity::meta_hash(key, &value)[..] != hash[..] {
        return Err(damaged("is damaged: its hash does not match".into()));
    }
    if let Some(k) = keys.key
        && !mac.is_some_and(|m| k.verify("meta", &hash, &m))
    {
        return Err(damaged(
            "is forged (tampering): its hash is right but its MAC is not, so it was \
             rewritten without the table's secret"
                .into(),
        ));
    }
    Ok(Some(value))
}
