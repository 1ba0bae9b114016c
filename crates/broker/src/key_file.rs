//! The table's signing key on disk: read only when its owner alone may read it, written
//! new with mode 0600 and never over an existing file. The key itself and what it signs
//! are `annabella-hall-wire`'s ([`TableSigningKey`]); this module only does the file I/O.

use std::path::{Path, PathBuf};

use annabella_hall_wire::signing::{KeyTextError, TableSigningKey};

/// Why a key file cannot be read, written or trusted, or a key cannot be made; each
/// names the file.
#[derive(Debug, thiserror::Error)]
pub enum KeyFileError {
    /// The file cannot be looked at, read, created or written.
    #[error("{}: {error}", path.display())]
    Io {
        /// The key file.
        path: PathBuf,
        /// What the system said.
        #[source]
        error: std::io::Error,
    },
    /// The file's mode lets its group or others in.
    #[error(
        "{}: mode {mode:03o} lets others read the table's secret; `chmod 600 {}`",
        path.display(),
        path.display()
    )]
    OpenToOthers {
        /// The key file.
        path: PathBuf,
        /// Its permission bits.
        mode: u32,
    },
    /// The file holds no key.
    #[error("{}: {error}", path.display())]
    NotAKey {
        /// The key file.
        path: PathBuf,
        /// What is wrong with its text.
        #[source]
        error: KeyTextError,
    },
    /// The system gave no randomness for a new key.
    #[error("no randomness for a key: {0}")]
    NoRandomness(#[from] getrandom::Error),
}

impl KeyFileError {
    /// An I/O error on the key file `path`.
    pub fn io(path: &Path, error: std::io::Error) -> KeyFileError {
        KeyFileError::Io {
            path: path.to_owned(),
            error,
        }
    }
}

/// Reads a key file, refusing one that others than its owner may read.
///
/// # Errors
/// Unreadable, readable by group or others, or not a key; the message names the file.
pub fn read_signing_key(path: &Path) -> Result<TableSigningKey, KeyFileError> {
    private_file_ok(path)?;
    let text = std::fs::read_to_string(path).map_err(|e| KeyFileError::io(path, e))?;
    TableSigningKey::from_hex(&text).map_err(|error| KeyFileError::NotAKey {
        path: path.to_owned(),
        error,
    })
}

/// Writes `key` to a new key file (mode 0600); an existing file is never replaced.
///
/// # Errors
/// The file exists or cannot be written.
pub fn write_new_signing_key(key: &TableSigningKey, path: &Path) -> Result<(), KeyFileError> {
    write_private(path, &format!("{}\n", key.to_hex()))
}

/// Refuses a secret file that its group or others may read or write.
///
/// # Errors
/// The file cannot be looked at, or its mode lets others in (named with the fix).
pub fn private_file_ok(path: &Path) -> Result<(), KeyFileError> {
    let meta = std::fs::metadata(path).map_err(|e| KeyFileError::io(path, e))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let mode = meta.permissions().mode() & 0o777;
        if mode & 0o077 != 0 {
            return Err(KeyFileError::OpenToOthers {
                path: path.to_owned(),
                mode,
            });
        }
    }
    #[cfg(not(unix))]
    let _ = meta;
    Ok(())
}

/// Writes `text` to a new file readable by its owner only (mode 0600).
///
/// # Errors
/// The file exists or cannot be written.
pub fn write_private(path: &Path, text: &str) -> Result<(), KeyFileError> {
    use std::io::Write as _;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.mode(0o600);
    }
    let mut file = options.open(path).map_err(|e| KeyFileError::io(path, e))?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(|e| KeyFileError::io(path, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_files_are_private_and_round_trip() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("table.key");
        let key = TableSigningKey::generate().unwrap();
        write_new_signing_key(&key, &path).unwrap();
        assert_eq!(read_signing_key(&path).unwrap().public(), key.public());
        assert!(
            write_new_signing_key(&key, &path).is_err(),
            "never replaced"
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
            let e = read_signing_key(&path).unwrap_err();
            assert!(
                matches!(e, KeyFileError::OpenToOthers { mode: 0o644, .. }),
                "{e}"
            );
            assert!(e.to_string().contains("chmod 600"), "{e}");
        }
        std::fs::write(dir.path().join("junk.key"), "not a key\n").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            std::fs::set_permissions(
                dir.path().join("junk.key"),
                std::fs::Permissions::from_mode(0o600),
            )
            .unwrap();
        }
        let e = read_signing_key(&dir.path().join("junk.key")).unwrap_err();
        assert!(
            matches!(e, KeyFileError::NotAKey { .. }) && e.to_string().contains("junk.key"),
            "{e}"
        );
    }
}
