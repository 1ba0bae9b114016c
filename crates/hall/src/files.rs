//! The hall's own files, read for `annabella hall`: the tables file (each table's public
//! key and action key), an action keys file, a broker password file and the pairing
//! program's TRF file as the hall's roster. Each error names the flag or file and the key.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::livechess::{Player, Roster};
use crate::signing::{TableKeys, TablePublicKey};
use crate::{ActionKey, ActionKeys, Broker};

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

fn invalid(at: impl Into<String>, problem: impl ToString) -> HallFileError {
    HallFileError::Invalid {
        at: at.into(),
        problem: problem.to_string(),
    }
}

fn read(at: impl Into<String>, path: &Path) -> Result<String, HallFileError> {
    std::fs::read_to_string(path).map_err(|source| HallFileError::Read {
        at: at.into(),
        source,
    })
}

/// The broker at `url` (named by `flag`), with `ca` as its CA for TLS.
pub fn broker(url: &str, flag: &str, ca: Option<&PathBuf>) -> Result<Broker, HallFileError> {
    let mut b = Broker::parse(url).map_err(|error| HallFileError::Broker {
        flag: flag.to_owned(),
        error,
    })?;
    if let Some(ca) = ca {
        if !b.tls {
            return Err(invalid(
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
    let text = read(at.clone(), file)?;
    let password = text.lines().next().unwrap_or_default().to_owned();
    if password.is_empty() {
        return Err(invalid(at, "the first line is empty"));
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

/// The tables file: every table's public key, and action keys.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct TablesFile {
    tables: BTreeMap<String, TableEntryFile>,
}

#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct TableEntryFile {
    public_key: String,
    action_key: Option<String>,
}

/// The tables file at `path` (`--tables`): each table's public key and action key.
pub fn load_tables(path: &Path) -> Result<(TableKeys, ActionKeys), HallFileError> {
    let name = path.display();
    let at = format!("--tables {name}");
    let text = read(at.clone(), path)?;
    let file: TablesFile =
        toml::from_str(&text).map_err(|source| HallFileError::Toml { at, source })?;
    let mut public = TableKeys::new();
    let mut actions = ActionKeys::new();
    for (table, entry) in file.tables {
        crate::topic::check_table_name(&table)
            .map_err(|e| invalid(format!("{name}: tables.{table:?}"), e))?;
        let key = entry
            .public_key
            .parse::<TablePublicKey>()
            .map_err(|e| invalid(format!("{name}: tables.{table:?}.public_key"), e))?;
        public.insert(table.clone(), key);
        if let Some(hex) = entry.action_key {
            let key = hex
                .parse::<ActionKey>()
                .map_err(|e| invalid(format!("{name}: tables.{table:?}.action_key"), e))?;
            actions.insert(table, key);
        }
    }
    Ok((public, actions))
}

/// The action keys file at `path` (`--keys`): `TABLE = "HEX"` lines.
pub fn load_keys(path: &Path) -> Result<ActionKeys, HallFileError> {
    let at = path.display().to_string();
    let text = read(at.clone(), path)?;
    let raw: BTreeMap<String, String> =
        toml::from_str(&text).map_err(|source| HallFileError::Toml { at, source })?;
    raw.into_iter()
        .map(|(table, hex)| {
            let key = hex
                .parse::<ActionKey>()
                .map_err(|e| invalid(format!("{}: key of table {table:?}", path.display()), e))?;
            Ok((table, key))
        })
        .collect()
}

/// `TABLE=HEX` of `--action-key`.
pub fn action_key(pair: &str) -> Result<(String, ActionKey), HallFileError> {
    let (table, hex) = pair
        .split_once('=')
        .ok_or_else(|| invalid(format!("--action-key {pair:?}"), "expected TABLE=HEX"))?;
    let key = hex
        .parse::<ActionKey>()
        .map_err(|e| invalid(format!("--action-key for table {table:?}"), e))?;
    Ok((table.to_owned(), key))
}

/// Every board of every round of the TRF file at `path` (`--trf`), for the hall's pages
/// and export.
pub fn roster(path: &Path) -> Result<Roster, HallFileError> {
    let at = format!("--trf {}", path.display());
    let bytes = std::fs::read(path).map_err(|source| HallFileError::Read {
        at: at.clone(),
        source,
    })?;
    let trf = annabella_trf::Trf::parse(&bytes).map_err(|e| invalid(at.clone(), e))?;
    let rounds = trf
        .players()
        .iter()
        .map(|p| p.rounds.len())
        .max()
        .unwrap_or(0);
    let player = |s: &annabella_trf::Seat| Player {
        name: s.name.clone(),
        title: s.title.clone(),
        federation: s.federation.clone(),
        fide_id: s.fide_id,
        rating: s.rating,
    };
    let mut roster = Roster {
        event: trf.tournament_name().filter(|n| !n.trim().is_empty()),
        ..Roster::default()
    };
    for round in 1..=u32::try_from(rounds).unwrap_or(u32::MAX) {
        let boards = trf.boards_of(round).map_err(|e| invalid(at.clone(), e))?;
        for b in boards {
            roster
                .boards
                .insert((round, b.number), [player(&b.white), player(&b.black)]);
        }
    }
    Ok(roster)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tables_file_error_names_the_file_and_key() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("tables.toml");
        std::fs::write(&path, "[tables.t1]\npublic_key = \"zz\"\n").expect("write");
        let err = load_tables(&path).expect_err("a bad key");
        let text = err.to_string();
        assert!(
            text.starts_with(&format!("{}: tables.\"t1\".public_key: ", path.display())),
            "{text}"
        );
    }

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
