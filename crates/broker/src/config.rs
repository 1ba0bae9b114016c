//! `[hall]` in table.toml, in two layers like the station's config: [`RawHall`] as
//! written, [`HallConfig`] checked, with every problem named by its key path.
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
//! ```

use serde::{Deserialize, Serialize};

use annabella_hall_wire::{action::ActionKey, signing::TableSigningKey, topic::TableName};

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
    /// A PEM file of the CA certificate(s) the broker's certificate is checked against
    /// (TLS only; default: the system's roots).
    pub ca: Option<String>,
    /// The table's private signing key (Ed25519, made by `annabella init`; mode 0600;
    /// default: `table.key` beside table.toml).
    pub signing_key: Option<String>,
}

/// Where the signing key is when `[hall] signing_key` does not say.
pub const DEFAULT_SIGNING_KEY: &str = "table.key";

/// A broker URL that cannot be read: the URL and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{url:?}: {problem}")]
pub struct BrokerUrlError {
    /// The URL as given.
    pub url: String,
    /// What is wrong with it.
    pub problem: BrokerUrlProblem,
}

/// What is wrong with a broker URL.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BrokerUrlProblem {
    /// No `scheme://`.
    #[error("expected mqtt://host:port")]
    NoScheme,
    /// A scheme other than mqtt, tcp, mqtts and ssl.
    #[error("scheme {0:?}; expected mqtt or mqtts")]
    Scheme(String),
    /// A port that is no number 1-65535.
    #[error("port {0:?} is not a number 1-65535")]
    Port(String),
    /// No host name.
    #[error("no host")]
    NoHost,
    /// Port 0.
    #[error("port 0")]
    PortZero,
}

/// Where the broker is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Broker {
    /// Host name or address.
    pub host: String,
    /// TCP port (1883 plain, 8883 TLS by default).
    pub port: u16,
    /// Whether the connection is encrypted.
    pub tls: bool,
    /// With TLS: the PEM file of the CA to trust instead of the system's roots.
    pub ca: Option<std::path::PathBuf>,
}

impl Broker {
    /// Parses `mqtt://host[:port]` (`tcp://` too) or `mqtts://host[:port]` (`ssl://`).
    ///
    /// # Errors
    /// What is wrong with the URL.
    pub fn parse(url: &str) -> Result<Broker, BrokerUrlError> {
        let wrong = |problem| BrokerUrlError {
            url: url.to_owned(),
            problem,
        };
        let (scheme, rest) = url
            .split_once("://")
            .ok_or_else(|| wrong(BrokerUrlProblem::NoScheme))?;
        let tls = match scheme {
            "mqtt" | "tcp" => false,
            "mqtts" | "ssl" => true,
            other => return Err(wrong(BrokerUrlProblem::Scheme(other.to_owned()))),
        };
        let rest = rest.trim_end_matches('/');
        let (host, port) = match rest.rsplit_once(':') {
            Some((h, p)) if !h.ends_with(']') || h.starts_with('[') => (
                h,
                p.parse::<u16>()
                    .map_err(|_| wrong(BrokerUrlProblem::Port(p.to_owned())))?,
            ),
            _ => (rest, if tls { 8883 } else { 1883 }),
        };
        let host = host.trim_start_matches('[').trim_end_matches(']');
        if host.is_empty() || host.contains('/') {
            return Err(wrong(BrokerUrlProblem::NoHost));
        }
        if port == 0 {
            return Err(wrong(BrokerUrlProblem::PortZero));
        }
        Ok(Broker {
            host: host.to_owned(),
            port,
            tls,
            ca: None,
        })
    }
}

/// `[hall]` checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HallConfig {
    /// The broker.
    pub broker: Broker,
    /// The table's name (checked: a safe topic level).
    pub table: TableName,
    /// User name and password at the broker.
    pub credentials: Option<(String, String)>,
    /// The key for signed arbiter actions, if the table accepts them.
    pub action_key: Option<ActionKey>,
    /// The table's signing key: everything it publishes is signed with it.
    pub signing_key: TableSigningKey,
}

/// One wrong value, at its key path (`hall.broker`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HallProblem {
    /// The key path.
    pub key: String,
    /// What is wrong and what is expected.
    pub message: String,
}

impl std::fmt::Display for HallProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.key, self.message)
    }
}

impl RawHall {
    /// Checks the section found at `at` (`"hall"`); every problem, each with its key. A
    /// relative `ca` is taken from `base` (the config file's directory).
    ///
    /// # Errors
    /// The problems, in key order.
    pub fn check(&self, at: &str, base: &std::path::Path) -> Result<HallConfig, Vec<HallProblem>> {
        let mut problems = Vec::new();
        let mut problem = |key: &str, message: String| {
            problems.push(HallProblem {
                key: format!("{at}.{key}"),
                message,
            });
        };
        let broker = self.checked_broker(&mut problem);
        let table = self.checked_table(&mut problem);
        let credentials = self.checked_credentials(&mut problem);
        let action_key = self.action_key.as_ref().and_then(|k| {
            k.parse::<ActionKey>()
                .map_err(|e| problem("action_key", e.to_string()))
                .ok()
        });
        let tls = self.tls.unwrap_or(false) || broker.as_ref().is_some_and(|b| b.tls);
        let ca = self.checked_ca(tls, base, &mut problem);
        let signing_key = self.checked_signing_key(base, &mut problem);
        let broker = broker.map(|mut b| {
            b.tls = tls;
            b.ca = ca;
            b
        });
        match (broker, table, signing_key) {
            (Some(broker), Some(table), Some(signing_key)) if problems.is_empty() => {
                Ok(HallConfig {
                    broker,
                    table,
                    credentials,
                    action_key,
                    signing_key,
                })
            }
            _ => Err(problems),
        }
    }

    /// `broker`: present and a broker's URL.
    fn checked_broker(&self, problem: &mut impl FnMut(&str, String)) -> Option<Broker> {
        match &self.broker {
            None => {
                problem(
                    "broker",
                    "missing: the hall's broker, e.g. \"mqtt://hall.local:1883\"".into(),
                );
                None
            }
            Some(url) => Broker::parse(url)
                .map_err(|e| problem("broker", e.to_string()))
                .ok(),
        }
    }

    /// `table`: present and a name the topic tree takes.
    fn checked_table(&self, problem: &mut impl FnMut(&str, String)) -> Option<TableName> {
        match &self.table {
            None => {
                problem(
                    "table",
                    "missing: the table's name in the hall, e.g. \"3\"".into(),
                );
                None
            }
            Some(t) => t
                .parse::<TableName>()
                .map_err(|e| problem("table", format!("{t:?}: {e}")))
                .ok(),
        }
    }

    /// `user` and `password`: both or neither.
    fn checked_credentials(
        &self,
        problem: &mut impl FnMut(&str, String),
    ) -> Option<(String, String)> {
        match (&self.user, &self.password) {
            (Some(u), Some(p)) => Some((u.clone(), p.clone())),
            (None, None) => None,
            (Some(_), None) => {
                problem("password", "missing: a user needs a password".into());
                None
            }
            (None, Some(_)) => {
                problem("user", "missing: a password needs a user".into());
                None
            }
        }
    }

    /// `ca`: only with TLS, a file (relative to `base`).
    fn checked_ca(
        &self,
        tls: bool,
        base: &std::path::Path,
        problem: &mut impl FnMut(&str, String),
    ) -> Option<std::path::PathBuf> {
        match &self.ca {
            None => None,
            Some(_) if !tls => {
                problem(
                    "ca",
                    "a CA is for TLS: set tls = true or use mqtts:// in broker".into(),
                );
                None
            }
            Some(p) => {
                let path = base.join(p);
                if path.is_file() {
                    Some(path)
                } else {
                    problem("ca", format!("{}: no such file", path.display()));
                    None
                }
            }
        }
    }

    /// `signing_key`: the table's private key file (relative to `base`), readable.
    fn checked_signing_key(
        &self,
        base: &std::path::Path,
        problem: &mut impl FnMut(&str, String),
    ) -> Option<TableSigningKey> {
        let key_path = base.join(self.signing_key.as_deref().unwrap_or(DEFAULT_SIGNING_KEY));
        crate::key_file::read_signing_key(&key_path)
            .map_err(|e| {
                problem(
                    "signing_key",
                    format!(
                        "{e}: the hall believes only signed messages; `annabella init` makes \
                         the table's key pair"
                    ),
                );
            })
            .ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(text: &str) -> RawHall {
        #[derive(Deserialize)]
        struct File {
            hall: RawHall,
        }
        toml::from_str::<File>(text).unwrap().hall
    }

    /// A directory with the table's key pair as `annabella init` leaves it.
    fn keyed() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        crate::key_file::write_new_signing_key(
            &TableSigningKey::generate().unwrap(),
            &dir.path().join(DEFAULT_SIGNING_KEY),
        )
        .unwrap();
        dir
    }

    #[test]
    fn a_full_section_checks() {
        let dir = keyed();
        let c = raw(
            "[hall]\nbroker = \"mqtt://hall.local:1884\"\ntable = \"3\"\nuser = \"t3\"\n\
             password = \"pw\"\naction_key = \"00112233445566778899aabbccddeeff\"\n",
        )
        .check("hall", dir.path())
        .unwrap();
        assert_eq!(
            c.broker,
            Broker {
                host: "hall.local".into(),
                port: 1884,
                tls: false,
                ca: None
            }
        );
        assert_eq!(c.table, "3");
        assert_eq!(c.credentials, Some(("t3".into(), "pw".into())));
        assert!(c.action_key.is_some());
        assert_eq!(Broker::parse("mqtt://h").unwrap().port, 1883);
    }

    #[test]
    fn every_problem_is_named_by_key() {
        let dir = keyed();
        let problems = raw(
            "[hall]\nbroker = \"http://x\"\ntable = \"a/b\"\nuser = \"u\"\naction_key = \"12\"\n",
        )
        .check("hall", dir.path())
        .unwrap_err();
        let keys: Vec<&str> = problems.iter().map(|p| p.key.as_str()).collect();
        assert_eq!(
            keys,
            [
                "hall.broker",
                "hall.table",
                "hall.password",
                "hall.action_key"
            ]
        );
        let missing = RawHall::default().check("hall", dir.path()).unwrap_err();
        assert_eq!(missing.len(), 2);
        let unkeyed = raw("[hall]\nbroker = \"mqtt://x\"\ntable = \"1\"\n")
            .check("hall", std::path::Path::new("/nonexistent"))
            .unwrap_err();
        assert_eq!(unkeyed[0].key, "hall.signing_key");
        assert!(
            unkeyed[0].message.contains("annabella init"),
            "{}",
            unkeyed[0]
        );
        assert!(missing[0].to_string().starts_with("hall.broker: missing"));
        let tls = raw("[hall]\nbroker = \"mqtts://x\"\ntable = \"1\"\n")
            .check("hall", dir.path())
            .unwrap();
        assert_eq!((tls.broker.tls, tls.broker.port), (true, 8883));
        let no_ca = raw(
            "[hall]\nbroker = \"mqtt://x:1\"\ntable = \"1\"\ntls = true\nca = \"nowhere.pem\"\n",
        )
        .check("hall", dir.path())
        .unwrap_err();
        assert_eq!(no_ca[0].key, "hall.ca");
        assert!(no_ca[0].message.contains("nowhere.pem: no such file"));
        let ca_without_tls = raw("[hall]\nbroker = \"mqtt://x\"\ntable = \"1\"\nca = \"c.pem\"\n")
            .check("hall", dir.path())
            .unwrap_err();
        assert!(ca_without_tls[0].message.contains("a CA is for TLS"));
    }

    #[test]
    fn unknown_keys_are_refused() {
        #[derive(Deserialize, Debug)]
        #[allow(dead_code, reason = "only parsed")]
        struct File {
            hall: RawHall,
        }
        let e = toml::from_str::<File>("[hall]\nbrokr = \"x\"\n").unwrap_err();
        assert!(e.to_string().contains("brokr"));
    }
}
