//! What a station publishes is signed: each table has an Ed25519 key pair (made by
//! `annabella init` beside its table.toml, the private half readable by its owner only),
//! the station signs every message with the private half, and the hall believes a
//! message on a table's topics only when the public half it was given for that table
//! verifies it.
//!
//! The signature covers the exact `body` text (the JSON of the [`HallMessage`]):
//! `{"body":"{\"table\":\"3\",…}","signature":"<128 hex digits>"}`.

use std::collections::HashMap;

use ed25519_dalek::{Signature, Signer, SigningKey, Verifier, VerifyingKey};
use serde::{Deserialize, Serialize};

use crate::message::{FIRST_PROTOCOL, HallMessage, PROTOCOL};
use crate::topic::TableName;

/// A table's private signing key (the Ed25519 seed, 64 hex digits in its file).
#[derive(Clone)]
pub struct TableSigningKey(SigningKey);

impl PartialEq for TableSigningKey {
    fn eq(&self, other: &TableSigningKey) -> bool {
        self.0.to_bytes() == other.0.to_bytes()
    }
}

impl Eq for TableSigningKey {}

impl std::fmt::Debug for TableSigningKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TableSigningKey(public {})", self.public())
    }
}

/// A table's public key as the hall knows it (64 hex digits).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct TablePublicKey(VerifyingKey);

impl std::fmt::Debug for TablePublicKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TablePublicKey({self})")
    }
}

impl std::fmt::Display for TablePublicKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&hex(self.0.as_bytes()))
    }
}

/// The public keys of the hall's tables, by table name.
pub type TableKeys = HashMap<TableName, TablePublicKey>;

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Text that is no key: not 64 hex digits, or no point of the curve.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum KeyTextError {
    /// Not 64 hex digits (the characters found, trimmed).
    #[error("expected 64 hex digits (32 bytes), found {0} characters")]
    NotHex(usize),
    /// 32 bytes, but no Ed25519 public key.
    #[error("not an Ed25519 public key")]
    NotEd25519,
}

fn bytes_32(text: &str) -> Result<[u8; 32], KeyTextError> {
    let text = text.trim();
    let not_hex = KeyTextError::NotHex(text.chars().count());
    if text.len() != 64 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(not_hex);
    }
    let mut out = [0u8; 32];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).map_err(|_| not_hex)?;
    }
    Ok(out)
}

impl std::str::FromStr for TablePublicKey {
    type Err = KeyTextError;

    fn from_str(text: &str) -> Result<TablePublicKey, KeyTextError> {
        let bytes = bytes_32(text)?;
        VerifyingKey::from_bytes(&bytes)
            .map(TablePublicKey)
            .map_err(|_| KeyTextError::NotEd25519)
    }
}

impl TableSigningKey {
    /// A new key from the system's randomness.
    ///
    /// # Errors
    /// The system gave no randomness.
    pub fn generate() -> Result<TableSigningKey, getrandom::Error> {
        let mut seed = [0u8; 32];
        getrandom::fill(&mut seed)?;
        Ok(TableSigningKey(SigningKey::from_bytes(&seed)))
    }

    /// The key written as hex digits in `text`.
    ///
    /// # Errors
    /// Not 64 hex digits.
    pub fn from_hex(text: &str) -> Result<TableSigningKey, KeyTextError> {
        Ok(TableSigningKey(SigningKey::from_bytes(&bytes_32(text)?)))
    }

    /// The key as 64 hex digits (what its file holds).
    pub fn to_hex(&self) -> String {
        hex(&self.0.to_bytes())
    }

    /// The public half, for the hall.
    pub fn public(&self) -> TablePublicKey {
        TablePublicKey(self.0.verifying_key())
    }

    /// `message` signed: the payload the station publishes.
    pub fn seal(&self, message: &HallMessage) -> Vec<u8> {
        let body = serde_json::to_string(message).unwrap_or_default();
        let signature = hex(&self.0.sign(body.as_bytes()).to_bytes());
        serde_json::to_vec(&Sealed { body, signature }).unwrap_or_default()
    }
}

/// A signed payload on the wire.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Sealed {
    body: String,
    signature: String,
}

/// Why the hall did not believe a message.
#[derive(Debug, thiserror::Error)]
pub enum Unbelieved {
    /// Not a signed message at all.
    #[error("unsigned: {0}")]
    Unsigned(#[source] serde_json::Error),
    /// The hall has no public key for the topic's table.
    #[error("no public key for table {0:?} at the hall")]
    UnknownTable(String),
    /// The signature is not the table's (another table's key, or altered).
    #[error("the signature is not table {0:?}'s")]
    Forged(String),
    /// Signed by the table, but not a hall message.
    #[error("signed, but not a hall message: {0}")]
    Malformed(#[source] serde_json::Error),
    /// Signed by the table in a protocol newer than this side reads: the hall (or the
    /// station) is to be updated.
    #[error(
        "written in protocol version {version}; this side reads versions {FIRST_PROTOCOL} to \
         {PROTOCOL}: update it to read the table's messages"
    )]
    NewerProtocol {
        /// The message's version.
        version: u32,
    },
}

/// Just the version of a message, read before the rest (a newer message may not read as
/// today's at all).
#[derive(Deserialize)]
struct Versioned {
    #[serde(default)]
    protocol: Option<u32>,
}

/// Opens a payload published on a topic of `table`: the message, if the table's key
/// signed it.
///
/// # Errors
/// [`Unbelieved`]: why not.
pub fn open(keys: &TableKeys, table: &str, payload: &[u8]) -> Result<HallMessage, Unbelieved> {
    let sealed: Sealed = serde_json::from_slice(payload).map_err(Unbelieved::Unsigned)?;
    let key = keys
        .get(table)
        .ok_or_else(|| Unbelieved::UnknownTable(table.to_owned()))?;
    let signature = sealed
        .signature
        .len()
        .eq(&128)
        .then(|| {
            (0..64)
                .map(|i| u8::from_str_radix(sealed.signature.get(2 * i..2 * i + 2)?, 16).ok())
                .collect::<Option<Vec<u8>>>()
        })
        .flatten()
        .and_then(|b| Signature::from_slice(&b).ok())
        .ok_or_else(|| Unbelieved::Forged(table.to_owned()))?;
    key.0
        .verify(sealed.body.as_bytes(), &signature)
        .map_err(|_| Unbelieved::Forged(table.to_owned()))?;
    if let Ok(Versioned {
        protocol: Some(version),
    }) = serde_json::from_str(&sealed.body)
        && version > PROTOCOL
    {
        return Err(Unbelieved::NewerProtocol { version });
    }
    serde_json::from_str(&sealed.body).map_err(Unbelieved::Malformed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::message::{Body, MoveEvent};

    fn message(table: &str) -> HallMessage {
        HallMessage {
            table: table.parse().unwrap(),
            game: 1,
            seq: 1,
            part: 0,
            at_ms: 1,
            body: Body::Move(MoveEvent {
                ply: 1,
                color: shakmaty::Color::White,
                san: "e4".parse().unwrap(),
                uci: "e2e4".parse().unwrap(),
                clock_ms: 1,
                white_ms: 1,
                black_ms: 1,
            }),
            protocol: crate::message::PROTOCOL,
        }
    }

    #[test]
    fn only_the_tables_own_key_is_believed() {
        let three = TableSigningKey::generate().unwrap();
        let four = TableSigningKey::generate().unwrap();
        let keys: TableKeys = [
            ("3".parse().unwrap(), three.public()),
            ("4".parse().unwrap(), four.public()),
        ]
        .into();
        let sealed = three.seal(&message("3"));
        assert_eq!(open(&keys, "3", &sealed).ok(), Some(message("3")));
        // Table 4's key signing on table 3's topic, and the reverse.
        assert!(matches!(
            open(&keys, "3", &four.seal(&message("3"))),
            Err(Unbelieved::Forged(t)) if t == "3"
        ));
        assert!(matches!(
            open(&keys, "4", &sealed),
            Err(Unbelieved::Forged(t)) if t == "4"
        ));
        let plain = serde_json::to_vec(&message("3")).unwrap();
        assert!(matches!(
            open(&keys, "3", &plain),
            Err(Unbelieved::Unsigned(_))
        ));
        assert!(matches!(
            open(&keys, "5", &sealed),
            Err(Unbelieved::UnknownTable(t)) if t == "5"
        ));
        // One changed character of the body.
        let text = String::from_utf8(sealed).unwrap().replace("e4", "e5");
        assert!(matches!(
            open(&keys, "3", text.as_bytes()),
            Err(Unbelieved::Forged(t)) if t == "3"
        ));
    }

    #[test]
    fn a_newer_protocol_is_refused_with_its_version_and_an_older_one_is_read() {
        let key = TableSigningKey::from_hex(&"33".repeat(32)).unwrap();
        let keys: TableKeys = [("3".parse().unwrap(), key.public())].into_iter().collect();
        let newer = HallMessage {
            protocol: PROTOCOL + 1,
            ..message("3")
        };
        let refused = open(&keys, "3", &key.seal(&newer)).unwrap_err();
        assert!(
            matches!(refused, Unbelieved::NewerProtocol { version } if version == PROTOCOL + 1),
            "{refused}"
        );
        assert!(
            refused.to_string().contains("protocol version 3")
                && refused.to_string().contains("versions 1 to 2"),
            "{refused}"
        );
        // Yesterday's station wrote no version: read as version 1.
        let plain = serde_json::to_string(&message("3"))
            .unwrap()
            .replace(",\"protocol\":2", "");
        assert!(!plain.contains("protocol"), "{plain}");
        let signature = hex(&key.0.sign(plain.as_bytes()).to_bytes());
        let sealed = serde_json::to_vec(&Sealed {
            body: plain,
            signature,
        })
        .unwrap();
        let old = open(&keys, "3", &sealed).unwrap();
        assert_eq!(old.protocol, FIRST_PROTOCOL);
        assert_eq!(old.body, message("3").body);
    }

    #[test]
    fn a_key_round_trips_through_its_hex_and_a_public_key_through_its_text() {
        let key = TableSigningKey::generate().unwrap();
        let again = TableSigningKey::from_hex(&key.to_hex()).unwrap();
        assert_eq!(again.public(), key.public());
        let public: TablePublicKey = key.public().to_string().parse().unwrap();
        assert_eq!(public, key.public());
        assert_eq!("zz".parse::<TablePublicKey>(), Err(KeyTextError::NotHex(2)));
    }
}
