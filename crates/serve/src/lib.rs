//! The one server loop of the web shells (the table's console and the hall): a router
//! served over HTTP/1.1 within [`serving::Limits`], behind the checks and headers of
//! [`hardening`], each shell's [`Gate`] (its token and host names, serving its router),
//! and the small helpers both shells' pages use (constant-time token comparison,
//! percent-encoding, query parameters).
//!
//! ```no_run
//! use std::sync::Arc;
//! use annabella_serve::{serve_hardened, same_secret, serving::Limits};
//!
//! # async fn run(router: axum::Router) -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8960").await?;
//! let token = String::from("0123456789abcdef");
//! let check = Arc::new(move |given: &str| same_secret(given, &token));
//! serve_hardened(listener, router, &[], check, Limits::default()).await
//! # }
//! ```

use std::collections::HashMap;

use axum::Router;
use tokio::net::TcpListener;

pub mod gate;
pub mod hardening;
pub mod serving;

pub use gate::Gate;

/// Serves `router` on `listener` within `limits`, behind [`hardening::harden`] for the
/// listener's port, the host `names` besides IP addresses and `localhost`, and `token`,
/// until the listener fails.
///
/// # Errors
/// The listener's I/O error.
pub async fn serve_hardened(
    listener: TcpListener,
    router: Router,
    names: &[String],
    token: hardening::TokenCheck,
    limits: serving::Limits,
) -> std::io::Result<()> {
    let port = listener.local_addr()?.port();
    let hardening = hardening::Hardening::new(port, names, token);
    serving::serve(listener, hardening::harden(router, hardening), limits).await
}

/// Whether `given` is `secret`, compared in time independent of where the texts differ;
/// never true for an empty secret.
pub fn same_secret(given: &str, secret: &str) -> bool {
    let (a, b) = (given.as_bytes(), secret.as_bytes());
    a.len() == b.len()
        && !a.is_empty()
        && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Percent-encodes a query value (everything but ASCII letters, digits and `-_.~`).
pub fn encode(text: &str) -> String {
    use std::fmt::Write as _;
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// The query parameter `key`, when it is there and not empty.
pub fn param<'a>(query: &'a HashMap<String, String>, key: &str) -> Option<&'a str> {
    query.get(key).map(String::as_str).filter(|s| !s.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_matches_only_itself_and_never_when_empty() {
        assert!(same_secret("0a1b", "0a1b"));
        assert!(!same_secret("0a1c", "0a1b"));
        assert!(!same_secret("0a1", "0a1b"));
        assert!(!same_secret("", ""));
    }

    #[test]
    fn query_values_are_percent_encoded_and_empty_parameters_are_absent() {
        assert_eq!(encode("IA Weber/ä"), "IA%20Weber%2F%C3%A4");
        let query: HashMap<String, String> = [
            ("by".to_owned(), "IA Weber".to_owned()),
            ("token".to_owned(), String::new()),
        ]
        .into();
        assert_eq!(param(&query, "by"), Some("IA Weber"));
        assert_eq!(param(&query, "token"), None);
        assert_eq!(param(&query, "sent"), None);
    }
}

/// The secret that authorises arbiter actions (and any access from another host).
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Token(…)")
    }
}

impl Token {
    /// 128 random bits from the operating system, as 32 hex digits.
    ///
    /// # Errors
    /// The operating system has no randomness to give.
    pub fn random() -> Result<Token, getrandom::Error> {
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes)?;
        Ok(Token(bytes.iter().map(|b| format!("{b:02x}")).collect()))
    }

    /// A token chosen by the caller (e.g. from the table's configuration).
    pub fn new(secret: impl Into<String>) -> Token {
        Token(secret.into())
    }

    /// The secret, to print at start.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Compares in time independent of where the texts differ.
    pub fn matches(&self, given: &str) -> bool {
        same_secret(given, &self.0)
    }
}
