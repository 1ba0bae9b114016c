//! A record's row as stored, and reading its columns.

use rusqlite::types::ValueRef;

use crate::Damage;

/// A record's row as stored, before checking.
pub(crate) struct RawRow {
    pub(crate) seq: Result<i64, Damage>,
    pub(crate) now_ms: Result<i64, Damage>,
    pub(crate) input: Result<Vec<u8>, Damage>,
    pub(crate) hash: Result<Vec<u8>, Damage>,
    pub(crate) mac: Option<Vec<u8>>,
}

/// A stored MAC: a blob, or nothing (NULL, format 2, or damage: then the check fails).
pub(crate) fn mac_blob(value: ValueRef<'_>) -> Option<Vec<u8>> {
    match value {
        ValueRef::Blob(b) => Some(b.to_vec()),
        _ => None,
    }
}

pub(crate) fn integer(value: ValueRef<'_>, column: &'static str) -> Result<i64, Damage> {
    match value {
        ValueRef::Integer(i) => Ok(i),
        other => Err(Damage::Column {
            column,
            found: describe(other),
        }),
    }
}

pub(crate) fn bytes(value: ValueRef<'_>, column: &'static str) -> Result<Vec<u8>, Damage> {
    match value {
        ValueRef::Text(t) | ValueRef::Blob(t) => Ok(t.to_vec()),
        other => Err(Damage::Column {
            column,
            found: describe(other),
        }),
    }
}

/// A stored hash: a blob, never text.
pub(crate) fn blob(value: ValueRef<'_>, column: &'static str) -> Result<Vec<u8>, Damage> {
    match value {
        ValueRef::Blob(b) => Ok(b.to_vec()),
        other => Err(Damage::Column {
            column,
            found: describe(other),
        }),
    }
}

pub(crate) fn describe(value: ValueRef<'_>) -> String {
    match value {
        ValueRef::Null => "NULL".into(),
        ValueRef::Integer(i) => format!("the integer {i}"),
        ValueRef::Real(r) => format!("the real {r}"),
        ValueRef::Text(t) => format!("text of {} bytes", t.len()),
        ValueRef::Blob(b) => format!("a blob of {} bytes", b.len()),
    }
}
