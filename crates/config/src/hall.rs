//! `[hall]`: the tournament hall's broker and the table's keys, as the file gives them.
//! Whether the broker's address, the table's name, the keys and the CA file are ones the
//! broker can use is the broker's to say ([`EdgeCheck::hall`](crate::EdgeCheck::hall),
//! asked while the file is read); the station builds the broker's setup from these values.
//!
//! ```toml
//! [hall]
//! broker = "mqtt://hall.local:1883"
//! table = "3"
//! user = "table3"            # optional, with password
//! password = "…"
//! tls = false                # or mqtts://: TLS with the system's roots, or `ca`
//! ca = "hall-ca.pem"         # optional: the CA that signed the broker's certificate
//! action_key = "…32+ hex digits…"   # optional: accept signed arbiter actions
//! signing_key = "table.key"  # optional: the table's signing key (default table.key)
//! ```

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// `[hall]` as written.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct RawHall {
    /// `mqtt://host:port` of the hall's broker.
    pub broker: Option<String>,
    /// The table's name in the hall (one topic level).
    pub table: Option<String>,
    /// User name at the broker.
    pub user: Option<String>,
    /// Password at the broker.
    pub password: Option<String>,
    /// Connect with TLS (`mqtts://` in `broker` means the same).
    pub tls: Option<bool>,
    /// The table's key for signed arbiter actions (hex).
    pub action_key: Option<String>,
    /// A PEM file of the CA certificate(s) the broker's certificate is checked against.
    pub ca: Option<String>,
    /// The table's private signing key (default: `table.key` beside table.toml).
    pub signing_key: Option<String>,
}

/// `[hall]`, checked by the broker's edge while the file was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HallSettings {
    /// The section as written.
    pub section: RawHall,
    /// The directory its relative paths (`ca`, `signing_key`) are taken from.
    pub base: PathBuf,
}
