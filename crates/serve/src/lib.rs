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
//! serve_hardened(listener, router, &[], check, (Limits::default(), &["update()"])).await
//! # }
//! ```

use std::collections::HashMap;

use axum::Router;
use tokio::net::TcpListener;

pub mod gate;
pub mod hardening;
pub mod serving;

pub use gate::Gate;
pub use hardening::Refusals;

/// Serves `router` on `listener` within `limits`, behind [`hardening::harden`] for the
/// listener's port, the host `names` besides IP addresses and `localhost`, `token`, and
/// the pages' inline `scripts` (their templates' texts), until the listener fails.
///
/// # Errors
/// The listener's I/O error.
pub async fn serve_hardened(
    listener: TcpListener,
    router: Router,
    names: &[String],
    token: hardening::TokenCheck,
    (limits, scripts): (serving::Limits, &[&str]),
) -> std::io::Result<()> {
    let port = listener.local_addr()?.port();
    let hardening = hardening::Hardening::new(port, names, token).with_scripts(scripts);
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
    fn an_operators_token_is_long_and_from_a_private_file() {
        use std::os::unix::fs::PermissionsExt as _;
        assert!(matches!(
            Token::chosen("--x", "hall-token"),
            Err(TokenError::Weak { .. })
        ));
        let strong = "0123456789abcdef0123456789abcdef";
        assert_eq!(Token::chosen("--x", strong).unwrap().as_str(), strong);
        assert!(Token::chosen("--x", &format!("{strong} x")).is_err());
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("token");
        std::fs::write(&file, format!("{strong}\n")).unwrap();
        for mode in [0o640, 0o604, 0o660] {
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(mode)).unwrap();
            let e = Token::from_file(&file).unwrap_err().to_string();
            assert!(
                e.contains("other users of this machine can read it") && e.contains("chmod 600"),
                "{e}"
            );
        }
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
        assert_eq!(Token::from_file(&file).unwrap().as_str(), strong);
        assert!(
            Token::from_env_or_file("ANNABELLA_TEST_NO_SUCH_TOKEN", None)
                .unwrap()
                .is_none()
        );
    }

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

/// The fewest characters of a token an operator chooses (32 hex digits are 128 bits).
pub const MIN_TOKEN_CHARS: usize = 32;

/// Why an operator's token is not taken.
#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    /// Too short, or not printable ASCII.
    #[error(
        "{from}: a token has at least {MIN_TOKEN_CHARS} characters (letters, digits, \
         punctuation; 128 bits or more), e.g. `openssl rand -hex 16`"
    )]
    Weak {
        /// Where the token came from.
        from: String,
    },
    /// The token file cannot be read.
    #[error("token file {path}")]
    Unreadable {
        /// The file.
        path: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// Others may read the token file.
    #[error(
        "token file {path}: other users of this machine can read it (mode {mode:o}); \
         `chmod 600 {path}` first"
    )]
    Readable {
        /// The file.
        path: String,
        /// Its permission bits.
        mode: u32,
    },
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

    /// A token chosen by the caller, unchecked (tests, and tokens [`Token::chosen`]
    /// already checked).
    pub fn new(secret: impl Into<String>) -> Token {
        Token(secret.into())
    }

    /// A token an operator chose (`from` names where it came from, for the error): at
    /// least [`MIN_TOKEN_CHARS`] printable ASCII characters without spaces.
    ///
    /// # Errors
    /// [`TokenError::Weak`] for a shorter token or one with other characters.
    pub fn chosen(from: &str, secret: &str) -> Result<Token, TokenError> {
        let secret = secret.trim();
        if secret.len() < MIN_TOKEN_CHARS || !secret.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(TokenError::Weak {
                from: from.to_owned(),
            });
        }
        Ok(Token(secret.to_owned()))
    }

    /// The token on the first line of `path`, a file no other user may read.
    ///
    /// # Errors
    /// The file cannot be read, its group or others may read it, or the token is weak.
    pub fn from_file(path: &std::path::Path) -> Result<Token, TokenError> {
        let name = path.display().to_string();
        let unreadable = |source| TokenError::Unreadable {
            path: name.clone(),
            source,
        };
        let meta = std::fs::metadata(path).map_err(unreadable)?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = meta.permissions().mode() & 0o777;
            if mode & 0o077 != 0 {
                return Err(TokenError::Readable { path: name, mode });
            }
        }
        let _ = meta;
        let text = std::fs::read_to_string(path).map_err(unreadable)?;
        Token::chosen(&name, text.lines().next().unwrap_or_default())
    }

    /// The operator's token: the environment variable `var` when set, else the file
    /// `file` when given, else none (the caller makes a [`Token::random`] one). Never
    /// from the command line, where every user of the machine sees it (`ps`).
    ///
    /// # Errors
    /// As [`Token::from_file`] and [`Token::chosen`].
    pub fn from_env_or_file(
        var: &str,
        file: Option<&std::path::Path>,
    ) -> Result<Option<Token>, TokenError> {
        if let Ok(secret) = std::env::var(var) {
            return Token::chosen(&format!("${var}"), &secret).map(Some);
        }
        file.map(Token::from_file).transpose()
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
