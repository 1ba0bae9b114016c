//! How far a journal's contents are authenticated by the table's secret.

use std::fmt;

use rusqlite::Connection;

use crate::{
    JOURNAL_ID, JournalErrorKind, Keys, SECRET_ID, TableSecret, Version, get_meta, secret::MacKey,
};

/// How far a journal's contents are authenticated by the table's secret.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Authentication {
    /// Every record, setting and finished game read carries a MAC under the table's
    /// secret, and each one was checked.
    Authenticated,
    /// Written before journals were keyed (format 2): checked against accidents only.
    OldFormat,
    /// Made without a table secret: checked against accidents only.
    Unkeyed,
    /// Keyed, but opened without the table's secret: checked against accidents only.
    NoSecret,
    /// Keyed with another secret than the one given (its id and the given one's).
    OtherSecret {
        /// The id of the secret the journal was written with.
        journal: String,
        /// The id of the secret given.
        given: String,
    },
}

impl Authentication {
    /// True when the journal's MACs were checked with the table's secret.
    pub fn is_authenticated(&self) -> bool {
        *self == Authentication::Authenticated
    }
}

impl fmt::Display for Authentication {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Authentication::Authenticated => f.write_str("authenticated by the table's secret"),
            Authentication::OldFormat => f.write_str(
                "not authenticated: written before journals were keyed (format 2); only \
                 accidental damage is detected",
            ),
            Authentication::Unkeyed => f.write_str(
                "not authenticated: made without a table secret; only accidental damage is \
                 detected",
            ),
            Authentication::NoSecret => f.write_str(
                "not authenticated: keyed, but read without the table's secret; \
                 only accidental damage was checked",
            ),
            Authentication::OtherSecret { journal, given } => write!(
                f,
                "written with another table secret (id {journal}) than the one given (id \
                 {given}): its MACs cannot be checked"
            ),
        }
    }
}

/// The journal's MAC key for `secret`, and how far it is authenticated, from its format
/// and its `secret_id` (read before any MAC is checked).
pub(crate) fn authentication(
    conn: &Connection,
    version: Version,
    secret: Option<&TableSecret>,
) -> Result<(Option<MacKey>, Authentication), JournalErrorKind> {
    let plain = Keys { version, key: None };
    if version == Version::V2 {
        return Ok((None, Authentication::OldFormat));
    }
    let Some(journal) = get_meta(conn, SECRET_ID, plain)? else {
        return Ok((None, Authentication::Unkeyed));
    };
    let journal: String = serde_json::from_str(&journal).unwrap_or_default();
    let Some(secret) = secret else {
        return Ok((None, Authentication::NoSecret));
    };
    if secret.id() != journal {
        return Ok((
            None,
            Authentication::OtherSecret {
                journal,
                given: secret.id(),
            },
        ));
    }
    let id: String = get_meta(conn, JOURNAL_ID, plain)?
        .and_then(|j| serde_json::from_str(&j).ok())
        .unwrap_or_default();
    Ok((Some(secret.journal_key(&id)), Authentication::Authenticated))
}
