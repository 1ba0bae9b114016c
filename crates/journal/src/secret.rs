//! The table's secret: 32 random bytes in `table.secret` (mode 0600, beside the table's
//! config), made once and never replaced. The journal's MACs are keyed with it, so an
//! editor without it cannot rewrite a record, a setting or a finished game unnoticed.

use std::{
    fmt,
    path::{Path, PathBuf},
    time::SystemTime,
};

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// The secret's file name beside a config named `table.toml`.
pub const SECRET_FILE: &str = "table.secret";

/// Where the secret of the table configured in `config` lives: beside it, named after
/// it (`table.toml` → `table.secret`, `/etc/annabella/table-1.toml` →
/// `/etc/annabella/table-1.secret`), so tables configured in one directory have their own.
pub fn secret_path(config: &Path) -> PathBuf {
    config.with_extension("secret")
}

type HmacSha256 = Hmac<Sha256>;

/// Why the table's secret cannot be made or used.
#[derive(Debug, thiserror::Error)]
pub enum SecretError {
    /// The file cannot be read, written or looked at.
    #[error("{}: {source}", path.display())]
    Io {
        /// The secret's file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// Group or others may read or write the file.
    #[error(
        "{}: mode {mode:03o} lets others read the table's secret; `chmod 600 {}`",
        path.display(),
        path.display()
    )]
    Exposed {
        /// The secret's file.
        path: PathBuf,
        /// Its permission bits.
        mode: u32,
    },
    /// The file does not hold 64 hex digits.
    #[error("{}: not a table secret (64 hex digits expected)", path.display())]
    Malformed {
        /// The secret's file.
        path: PathBuf,
    },
    /// The system gave no randomness.
    #[error("no randomness for a table secret: {0}")]
    Random(#[source] getrandom::Error),
}

/// A table's secret: the key of its journals' MACs. Never printed.
#[derive(Clone)]
pub struct TableSecret {
    bytes: [u8; 32],
    made_at: Option<SystemTime>,
}

impl fmt::Debug for TableSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("TableSecret(…)")
    }
}

impl PartialEq for TableSecret {
    fn eq(&self, other: &TableSecret) -> bool {
        self.bytes == other.bytes
    }
}

impl TableSecret {
    /// A new random secret.
    ///
    /// # Errors
    /// [`SecretError::Random`] when the system has no randomness.
    pub fn generate() -> Result<TableSecret, SecretError> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(SecretError::Random)?;
        Ok(TableSecret {
            bytes,
            made_at: None,
        })
    }

    /// A secret from its bytes (tests, tools).
    pub fn from_bytes(bytes: [u8; 32]) -> TableSecret {
        TableSecret {
            bytes,
            made_at: None,
        }
    }

    /// Reads the secret at `path`, refusing a file its group or others may read.
    ///
    /// # Errors
    /// [`SecretError`] naming the file: unreadable, exposed or malformed.
    pub fn read(path: &Path) -> Result<TableSecret, SecretError> {
        let io = |source| SecretError::Io {
            path: path.to_owned(),
            source,
        };
        let meta = std::fs::metadata(path).map_err(io)?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = meta.permissions().mode() & 0o777;
            if mode & 0o077 != 0 {
                return Err(SecretError::Exposed {
                    path: path.to_owned(),
                    mode,
                });
            }
        }
        let text = std::fs::read_to_string(path).map_err(io)?;
        let malformed = || SecretError::Malformed {
            path: path.to_owned(),
        };
        let text = text.trim();
        if text.len() != 64 || !text.is_ascii() {
            return Err(malformed());
        }
        let mut bytes = [0u8; 32];
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).map_err(|_| malformed())?;
        }
        Ok(TableSecret {
            bytes,
            made_at: meta.modified().ok(),
        })
    }

    /// Writes the secret to a new file `path`, mode 0600 (an existing file is never
    /// replaced).
    ///
    /// # Errors
    /// [`SecretError::Io`] when the file exists or cannot be written.
    pub fn write_new(&self, path: &Path) -> Result<(), SecretError> {
        use std::io::Write as _;
        let io = |source| SecretError::Io {
            path: path.to_owned(),
            source,
        };
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt as _;
            options.mode(0o600);
        }
        let mut file = options.open(path).map_err(io)?;
        let hex: String = self.bytes.iter().map(|b| format!("{b:02x}")).collect();
        file.write_all(format!("{hex}\n").as_bytes())
            .and_then(|()| file.sync_all())
            .map_err(io)
    }

    /// The secret at `path`, made there first when there is none. Returns it and whether
    /// it was made.
    ///
    /// # Errors
    /// As [`read`](Self::read) and [`write_new`](Self::write_new).
    pub fn read_or_make(path: &Path) -> Result<(TableSecret, bool), SecretError> {
        if path.exists() {
            return Ok((TableSecret::read(path)?, false));
        }
        TableSecret::generate()?.write_new(path)?;
        Ok((TableSecret::read(path)?, true))
    }

    /// The secret `named` (a flag), else the table's [`SECRET_FILE`] beside `key` (its
    /// signing key) when there is one, else none.
    ///
    /// # Errors
    /// As [`read`](Self::read).
    pub fn named_or_beside(
        named: Option<&Path>,
        key: &Path,
    ) -> Result<Option<TableSecret>, SecretError> {
        let beside = key.with_file_name(SECRET_FILE);
        let path = named.or_else(|| beside.exists().then_some(beside.as_path()));
        path.map(TableSecret::read).transpose()
    }

    /// When the secret's file was last written (its mtime), when read from a file.
    pub fn made_at(&self) -> Option<SystemTime> {
        self.made_at
    }

    /// A short public name of the secret (not the secret): tells "another table's
    /// secret" from tampering.
    pub(crate) fn id(&self) -> String {
        let tag = self.mac(&[b"annabella table secret id"]);
        crate::integrity::hex(&tag[..8])
    }

    /// The key of one journal's MACs: the secret bound to the journal's own id, so a
    /// MAC is right only in the journal it was made for.
    pub(crate) fn journal_key(&self, journal_id: &str) -> MacKey {
        MacKey(self.mac(&[b"annabella-journal 3 key", journal_id.as_bytes()]))
    }

    fn mac(&self, parts: &[&[u8]]) -> [u8; 32] {
        mac(&self.bytes, parts)
    }
}

/// HMAC-SHA256 of `parts`, each length-prefixed, under `key`.
fn mac(key: &[u8; 32], parts: &[&[u8]]) -> [u8; 32] {
    let mut m = HmacSha256::new_from_slice(key).expect("HMAC takes any key length");
    for p in parts {
        m.update(&(p.len() as u64).to_le_bytes());
        m.update(p);
    }
    m.finalize().into_bytes().into()
}

/// The key of one journal's MACs (see [`TableSecret::journal_key`]).
#[derive(Clone)]
pub(crate) struct MacKey([u8; 32]);

impl MacKey {
    /// The MAC of a thing of kind `what` (`record`, `meta`, `game`) whose unkeyed hash is
    /// `hash`: the hash already covers every byte of it (and, for a record, the chain
    /// before it).
    pub(crate) fn tag(&self, what: &str, hash: &[u8]) -> [u8; 32] {
        mac(&self.0, &[what.as_bytes(), hash])
    }

    /// True when `stored` is the MAC of `what` with `hash` (compared in constant time).
    pub(crate) fn verify(&self, what: &str, hash: &[u8], stored: &[u8]) -> bool {
        let mut m = HmacSha256::new_from_slice(&self.0).expect("HMAC takes any key length");
        for p in [what.as_bytes(), hash] {
            m.update(&(p.len() as u64).to_le_bytes());
            m.update(p);
        }
        m.verify_slice(stored).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_is_private_made_once_and_round_trips() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(SECRET_FILE);
        let (made, fresh) = TableSecret::read_or_make(&path).unwrap();
        assert!(fresh);
        let (again, fresh) = TableSecret::read_or_make(&path).unwrap();
        assert!(!fresh, "never replaced");
        assert_eq!(made, again);
        assert!(made.write_new(&path).is_err(), "never overwritten");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600);
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
            let e = TableSecret::read(&path).unwrap_err();
            assert!(matches!(e, SecretError::Exposed { mode: 0o640, .. }), "{e}");
            assert!(e.to_string().contains("chmod 600"), "{e}");
        }
        assert_eq!(format!("{made:?}"), "TableSecret(…)");
    }

    #[test]
    fn each_config_has_its_own_secret_beside_it() {
        assert_eq!(
            secret_path(Path::new("/etc/annabella/table-1.toml")),
            Path::new("/etc/annabella/table-1.secret")
        );
        assert_eq!(secret_path(Path::new("table.toml")), Path::new(SECRET_FILE));
    }

    #[test]
    fn a_malformed_secret_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(SECRET_FILE);
        TableSecret::from_bytes([7; 32]).write_new(&path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        let mut opts = std::fs::OpenOptions::new();
        opts.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut opts, 0o600);
        use std::io::Write as _;
        opts.open(&path)
            .unwrap()
            .write_all(text.replace('7', "g").as_bytes())
            .unwrap();
        assert!(matches!(
            TableSecret::read(&path),
            Err(SecretError::Malformed { .. })
        ));
    }

    #[test]
    fn macs_depend_on_the_secret_the_journal_and_the_kind() {
        let a = TableSecret::from_bytes([1; 32]);
        let b = TableSecret::from_bytes([2; 32]);
        let h = [9u8; 32];
        let ka = a.journal_key("j1");
        assert!(ka.verify("record", &h, &ka.tag("record", &h)));
        assert!(!ka.verify("meta", &h, &ka.tag("record", &h)));
        assert!(
            !a.journal_key("j2")
                .verify("record", &h, &ka.tag("record", &h))
        );
        assert!(
            !b.journal_key("j1")
                .verify("record", &h, &ka.tag("record", &h))
        );
        assert_ne!(a.id(), b.id());
    }
}
