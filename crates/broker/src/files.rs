//! The flags and files both sides read (the hall, and one table's publisher or demo): the
//! broker's URL with its CA, a broker password file and the `[hall]` of `demo --hall`;
//! [`HallFileError`] names the flag or file and the key (the hall's own files use it too).

use std::path::{Path, PathBuf};

use crate::Broker;

/// A hall file that cannot be used, named with the flag or file and key it came from.
#[derive(Debug, thiserror::Error)]
pub enum HallFileError {
    /// The file could not be read.
    #[error("{at}")]
    Read {
        /// The flag and file (`--tables hall.toml`).
        at: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The file is not the TOML it should be.
    #[error("{at}")]
    Toml {
        /// The flag and file.
        at: String,
        /// Why.
        #[source]
        source: toml::de::Error,
    },
    /// The broker's URL (of `flag`) is not one.
    #[error("{flag} {error}")]
    Broker {
        /// The flag (`--broker`).
        flag: String,
        /// What is wrong with the URL.
        error: crate::config::BrokerUrlError,
    },
    /// The flags of a demo's hall are wrong (each named).
    #[error("{}", .0.join("; "))]
    Flags(Vec<String>),
    /// A value in the file (or a flag) is wrong.
    #[error("{at}: {problem}")]
    Invalid {
        /// Where: the file and key, or the flag.
        at: String,
        /// What is wrong with it.
        problem: String,
    },
}

impl HallFileError {
    /// A value at `at` (file and key, or flag) that is wrong: `problem`.
    pub fn invalid(at: impl Into<String>, problem: impl ToString) -> HallFileError {
        HallFileError::Invalid {
            at: at.into(),
            problem: problem.to_string(),
        }
    }

    /// The text of the file at `path` (named by `at`), or why it cannot be read.
    ///
    /// # Errors
    /// The file cannot be read.
    pub fn read(at: impl Into<String>, path: &Path) -> Result<String, HallFileError> {
        std::fs::read_to_string(path).map_err(|source| HallFileError::Read {
            at: at.into(),
            source,
        })
    }
}

/// The broker at `url` (named by `flag`), with `ca` as its CA for TLS.
pub fn broker(url: &str, flag: &str, ca: Option<&PathBuf>) -> Result<Broker, HallFileError> {
    let mut b = Broker::parse(url).map_err(|error| HallFileError::Broker {
        flag: flag.to_owned(),
        error,
    })?;
    if let Some(ca) = ca {
        if !b.tls {
            return Err(HallFileError::invalid(
                "--ca is for TLS",
                format!("use mqtts:// in {flag}"),
            ));
        }
        b.ca = Some(ca.clone());
    }
    Ok(b)
}

/// `user` and the first line of the password `file` (`--user`, `--password-file`).
pub fn credentials(
    user: Option<&String>,
    file: Option<&PathBuf>,
) -> Result<Option<(String, String)>, HallFileError> {
    let (Some(user), Some(file)) = (user, file) else {
        return Ok(None);
    };
    let at = format!("--password-file {}", file.display());
    let text = HallFileError::read(at.clone(), file)?;
    let password = text.lines().next().unwrap_or_default().to_owned();
    if password.is_empty() {
        return Err(HallFileError::invalid(at, "the first line is empty"));
    }
    Ok(Some((user.clone(), password)))
}

/// The `[hall]` of `demo --hall URL --table NAME` (TLS with `mqtts://` and the system's
/// roots), each problem named by its flag.
pub fn demo_hall(
    url: &str,
    table: &str,
    key: &Path,
    user: Option<&String>,
    password_file: Option<&PathBuf>,
) -> Result<crate::HallConfig, HallFileError> {
    let (user, password) = credentials(user, password_file)?.unzip();
    crate::RawHall {
        broker: Some(url.to_owned()),
        table: Some(table.to_owned()),
        signing_key: Some(key.display().to_string()),
        user,
        password,
        ..crate::RawHall::default()
    }
    .check("hall", Path::new("."))
    .map_err(|problems| {
        HallFileError::Flags(
            problems
                .iter()
                .map(|p| {
                    let flag = match p.key.as_str() {
                        "hall.table" => "--table",
                        "hall.signing_key" => "--hall-key",
                        _ => "--hall",
                    };
                    format!("{flag}: {}", p.message)
                })
                .collect(),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_password_file_is_named() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("pw");
        std::fs::write(&path, "\nsecret\n").expect("write");
        let err = credentials(Some(&"t1".to_owned()), Some(&path)).expect_err("empty first line");
        assert_eq!(
            err.to_string(),
            format!(
                "--password-file {}: the first line is empty",
                path.display()
            )
        );
    }
}
