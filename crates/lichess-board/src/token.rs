//! The player's personal API token (scope `board:play`): a secret read from its own file
//! only, refused when anyone but its owner may read it, never shown by `Debug`, never in a
//! URL (the shell sends it as the `Authorization` header to the configured host only).

use std::path::{Path, PathBuf};

/// The longest token accepted (Lichess's are `lip_` and about 20 letters and digits).
pub const MAX_TOKEN_LEN: usize = 256;

/// Why a token file is not used.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum TokenError {
    /// The file cannot be read.
    #[error("token file {path}: {reason}")]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// Why (the system's words).
        reason: String,
    },
    /// Someone other than its owner may read (or write) the file.
    #[error(
        "token file {path}: others on this machine can read it (mode {mode:03o}); `chmod 600 {path}` first",
        path = .path.display()
    )]
    Readable {
        /// The file.
        path: PathBuf,
        /// Its permission bits.
        mode: u32,
    },
    /// The file holds no token on its first line.
    #[error("token file {}: empty (put the Lichess token with board:play on its first line)", .0.display())]
    Empty(PathBuf),
    /// The first line is not a token (letters, digits, `_` and `-`, at most 256).
    #[error(
        "token file {}: its first line is not a Lichess token (letters, digits, _ and -, at most 256)",
        .0.display()
    )]
    Malformed(PathBuf),
}

/// A Lichess API token. `Debug` shows `Token(…)`; there is no `Display`.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Token(…)")
    }
}

impl Token {
    /// A token from its text (`init` checks what the player pasted).
    ///
    /// # Errors
    /// Not a token: empty, too long, or a character outside letters, digits, `_` and `-`
    /// (which could break the header it goes into); the error names `origin`.
    pub fn new(text: &str, origin: &Path) -> Result<Token, TokenError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(TokenError::Empty(origin.to_owned()));
        }
        let fine = text.len() <= MAX_TOKEN_LEN
            && text
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        if !fine {
            return Err(TokenError::Malformed(origin.to_owned()));
        }
        Ok(Token(text.to_owned()))
    }

    /// The token from the first line of `path`, a file only its owner may read (mode
    /// 0600 or 0400).
    ///
    /// # Errors
    /// See [`TokenError`].
    pub fn read(path: &Path) -> Result<Token, TokenError> {
        let unreadable = |e: std::io::Error| TokenError::Unreadable {
            path: path.to_owned(),
            reason: e.to_string(),
        };
        let meta = std::fs::metadata(path).map_err(unreadable)?;
        if !meta.is_file() {
            return Err(TokenError::Unreadable {
                path: path.to_owned(),
                reason: "not a file".into(),
            });
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = meta.permissions().mode() & 0o777;
            if mode & 0o077 != 0 {
                return Err(TokenError::Readable {
                    path: path.to_owned(),
                    mode,
                });
            }
        }
        // A token file is a line; anything much longer is not one.
        let bytes = std::fs::read(path).map_err(unreadable)?;
        let first = bytes.split(|b| *b == b'\n').next().unwrap_or_default();
        let first = &first[..first.len().min(MAX_TOKEN_LEN + 2)];
        let text = std::str::from_utf8(first).map_err(|_| TokenError::Malformed(path.into()))?;
        Token::new(text, path)
    }

    /// The `Authorization` header's value (`Bearer …`), for the shell only.
    pub(crate) fn bearer(&self) -> String {
        format!("Bearer {}", self.0)
    }

    /// Writes `self` to `path` with mode 0600 (a new file; an existing one is refused).
    ///
    /// # Errors
    /// The file exists or cannot be written.
    pub fn write_new(&self, path: &Path) -> std::io::Result<()> {
        use std::io::Write as _;
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt as _;
            options.mode(0o600);
        }
        let mut file = options.open(path)?;
        file.write_all(self.0.as_bytes())?;
        file.write_all(b"\n")?;
        file.sync_all()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt as _;

    #[test]
    fn a_token_file_others_can_read_is_refused_and_the_token_never_shown() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("lichess.token");
        std::fs::write(&file, "lip_Secret123\n").unwrap();
        for mode in [0o644, 0o640, 0o604, 0o620] {
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(mode)).unwrap();
            let e = Token::read(&file).unwrap_err();
            assert_eq!(
                e,
                TokenError::Readable {
                    path: file.clone(),
                    mode
                }
            );
            let text = e.to_string();
            assert!(
                text.contains("others on this machine can read it"),
                "{text}"
            );
            assert!(text.contains("chmod 600"), "{text}");
            assert!(!text.contains("lip_Secret123"), "{text}");
        }
        for mode in [0o600, 0o400] {
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(mode)).unwrap();
            let token = Token::read(&file).unwrap();
            assert_eq!(token.bearer(), "Bearer lip_Secret123");
            assert_eq!(format!("{token:?}"), "Token(…)");
        }
    }

    #[test]
    fn what_is_not_a_token_is_named_without_repeating_it() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("t");
        for (text, want) in [
            ("\n", TokenError::Empty(file.clone())),
            ("lip_a\rX-Evil: 1\n", TokenError::Malformed(file.clone())),
            ("lip a b\n", TokenError::Malformed(file.clone())),
        ] {
            std::fs::write(&file, text).unwrap();
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
            assert_eq!(Token::read(&file), Err(want));
        }
        std::fs::write(&file, "x".repeat(10_000)).unwrap();
        assert_eq!(Token::read(&file), Err(TokenError::Malformed(file.clone())));
        let missing = Token::read(&dir.path().join("missing")).unwrap_err();
        assert!(missing.to_string().contains("missing"), "{missing}");
        assert!(matches!(
            Token::read(dir.path()),
            Err(TokenError::Unreadable { .. })
        ));
    }

    #[test]
    fn a_new_token_file_is_written_for_its_owner_only() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("lichess.token");
        let token = Token::new(" lip_abc \n", &file).unwrap();
        token.write_new(&file).unwrap();
        let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        assert_eq!(Token::read(&file).unwrap(), token);
        assert!(token.write_new(&file).is_err(), "an existing file is kept");
    }
}
