//! The hall's own files, read for `annabella hall`: the tables file (each table's public
//! key and action key), an action keys file and the pairing program's TRF file as the
//! hall's roster. Each error names the file and the key.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use annabella_hall_wire::signing::{TableKeys, TablePublicKey};
use annabella_hall_wire::{ActionKey, ActionKeys, topic::TableName};

use crate::livechess::{Player, Roster};

/// A hall file that cannot be used, named with the file and key.
#[derive(Debug, thiserror::Error)]
pub enum HallFileError {
    /// The file could not be read.
    #[error("{}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The file is not the TOML it should be.
    #[error("{}", path.display())]
    Toml {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: toml::de::Error,
    },
    /// A value in the file is wrong.
    #[error("{}: {at}: {problem}", path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// Where in it: the key.
        at: String,
        /// What is wrong with it.
        problem: String,
    },
}

impl HallFileError {
    fn invalid(path: &Path, at: impl Into<String>, problem: impl ToString) -> HallFileError {
        HallFileError::Invalid {
            path: path.to_owned(),
            at: at.into(),
            problem: problem.to_string(),
        }
    }
}

/// `error` and every source under it on one line (`FILE: why: deeper why`).
pub(crate) fn chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut next = error.source();
    while let Some(e) = next {
        text.push_str(": ");
        text.push_str(&e.to_string());
        next = e.source();
    }
    text
}

/// The text of the file at `path`.
fn read(path: &Path) -> Result<String, HallFileError> {
    std::fs::read_to_string(path).map_err(|source| HallFileError::Read {
        path: path.to_owned(),
        source,
    })
}

/// The TOML of the file at `path`.
fn toml_of<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, HallFileError> {
    toml::from_str(&read(path)?).map_err(|source| HallFileError::Toml {
        path: path.to_owned(),
        source,
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

/// The tables file at `path`: each table's public key and action key.
///
/// # Errors
/// The file cannot be read, or a name or key in it is wrong (named by its key).
pub fn load_tables(path: &Path) -> Result<(TableKeys, ActionKeys), HallFileError> {
    let file: TablesFile = toml_of(path)?;
    let mut public = TableKeys::new();
    let mut actions = ActionKeys::new();
    let mut owners: BTreeMap<String, TableName> = BTreeMap::new();
    for (table, entry) in file.tables {
        let table: TableName = table
            .parse()
            .map_err(|e| HallFileError::invalid(path, format!("tables.{table:?}"), e))?;
        let key = entry
            .public_key
            .parse::<TablePublicKey>()
            .map_err(|e| HallFileError::invalid(path, format!("tables.{table:?}.public_key"), e))?;
        // One key for two tables would let either sign as the other.
        if let Some(first) = owners.insert(key.to_string(), table.clone()) {
            return Err(HallFileError::invalid(
                path,
                format!("tables.{table:?}.public_key"),
                format!(
                    "is table {first:?}'s key too: every table signs with a key of its own \
                     (annabella init makes one per table, named after its file)"
                ),
            ));
        }
        public.insert(table.clone(), key);
        if let Some(hex) = entry.action_key {
            let key = hex.parse::<ActionKey>().map_err(|e| {
                HallFileError::invalid(path, format!("tables.{table:?}.action_key"), e)
            })?;
            actions.insert(table, key);
        }
    }
    Ok((public, actions))
}

/// Where the hall's tables come from: the tables file, an action keys file and the
/// action keys given on the command line. The hall reads the files again when one is
/// saved anew, so a table added or renamed between rounds is believed without a restart.
#[derive(Debug, Clone)]
pub struct TablesFiles {
    /// The tables file (`--tables`).
    pub tables: PathBuf,
    /// The action keys file (`--keys`), if any.
    pub keys: Option<PathBuf>,
    /// Action keys given one by one (`--action-key`); they win over the files'.
    pub action_keys: ActionKeys,
}

/// When a file was last saved, as the hall tells one saving from the next: its
/// modification time and length (none: it cannot be looked at now).
pub type FileStamp = Option<(std::time::SystemTime, u64)>;

impl TablesFiles {
    /// Every table's public key and the action keys, from the files as they are now.
    ///
    /// # Errors
    /// A file cannot be read, or a name or key in it is wrong (named by file and key).
    pub fn load(&self) -> Result<(TableKeys, ActionKeys), HallFileError> {
        let (public, mut actions) = load_tables(&self.tables)?;
        if let Some(path) = &self.keys {
            actions.extend(load_keys(path)?);
        }
        actions.extend(self.action_keys.clone());
        Ok((public, actions))
    }

    /// The stamps of the files, to tell when one was saved again.
    pub fn stamps(&self) -> [FileStamp; 2] {
        [stamp(&self.tables), self.keys.as_deref().and_then(stamp)]
    }
}

/// The stamp of the file at `path` now.
pub fn stamp(path: &Path) -> FileStamp {
    std::fs::metadata(path)
        .ok()
        .map(|m| (m.modified().unwrap_or(std::time::UNIX_EPOCH), m.len()))
}

/// The action keys file at `path`: `TABLE = "HEX"` lines.
///
/// # Errors
/// The file cannot be read, or a key in it is wrong (named by its table).
pub fn load_keys(path: &Path) -> Result<ActionKeys, HallFileError> {
    let raw: BTreeMap<String, String> = toml_of(path)?;
    raw.into_iter()
        .map(|(table, hex)| {
            let table: TableName = table
                .parse()
                .map_err(|e| HallFileError::invalid(path, format!("key of table {table:?}"), e))?;
            let key = hex
                .parse::<ActionKey>()
                .map_err(|e| HallFileError::invalid(path, format!("key of table {table:?}"), e))?;
            Ok((table, key))
        })
        .collect()
}

/// Every board of every round of the TRF file at `path`, for the hall's pages and
/// export.
///
/// # Errors
/// The file cannot be read or is no TRF the rounds can be read from.
pub fn roster(path: &Path) -> Result<Roster, HallFileError> {
    let bytes = std::fs::read(path).map_err(|source| HallFileError::Read {
        path: path.to_owned(),
        source,
    })?;
    let trf = annabella_trf::Trf::parse(&bytes)
        .map_err(|e| HallFileError::invalid(path, "the TRF", e))?;
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
    let players = u32::try_from(trf.players().len()).unwrap_or(u32::MAX);
    let mut roster = Roster {
        event: trf.tournament_name().filter(|n| !n.trim().is_empty()),
        rounds: trf
            .header("XXR")
            .and_then(|r| r.trim().parse::<u32>().ok())
            .filter(|&r| r > 0),
        max_board: Some(players.div_ceil(2).max(1)),
        ..Roster::default()
    };
    for round in 1..=u32::try_from(rounds).unwrap_or(u32::MAX) {
        let boards = trf
            .boards_of(round)
            .map_err(|e| HallFileError::invalid(path, format!("round {round}"), e))?;
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
    fn two_tables_with_one_key_are_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let key = annabella_hall_wire::signing::TableSigningKey::generate()
            .expect("a key")
            .public();
        let path = dir.path().join("tables.toml");
        std::fs::write(
            &path,
            format!(
                "[tables.\"1\"]\npublic_key = \"{key}\"\n[tables.\"2\"]\npublic_key = \"{key}\"\n"
            ),
        )
        .expect("write");
        let err = load_tables(&path).expect_err("refused").to_string();
        assert!(err.contains("tables.\"2\".public_key"), "{err}");
        assert!(err.contains("table \"1\"'s key too"), "{err}");
    }

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

    /// Issue 40: a table name with a bidirectional control is refused in the hall's own
    /// tables file, and a topic whose table name holds one is dropped as malformed.
    #[test]
    fn bidi_controls_are_refused_in_table_names_and_topics() {
        let dir = tempfile::tempdir().expect("temp dir");
        let key = annabella_hall_wire::signing::TableSigningKey::generate()
            .expect("a key")
            .public();
        let path = dir.path().join("tables.toml");
        std::fs::write(
            &path,
            format!("[tables.\"1\u{202e}2\"]\npublic_key = \"{key}\"\n"),
        )
        .expect("write");
        let err = load_tables(&path).expect_err("refused").to_string();
        assert!(err.contains("U+202E"), "{err}");
        assert!(
            !err.contains('\u{202e}'),
            "the name is shown printable: {err}"
        );

        let mut hall = crate::round::Hall::default();
        let news = hall.receive(0, "annabella/view/1\u{202e}2", b"{}");
        assert!(
            matches!(&news[..], [crate::round::News::Rejected { reason, .. }] if reason.contains("bidirectional")),
            "{news:?}"
        );
        assert_eq!(hall.dropped().malformed, 1);
    }

    /// An action keys file names its tables as the topic tree does: a name that could
    /// not be a topic level is refused where the file is read, by file and name.
    #[test]
    fn an_action_keys_file_with_a_name_no_topic_takes_is_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("keys.toml");
        let key = "ab".repeat(32);
        std::fs::write(&path, format!("\"1\" = \"{key}\"\n\"2/3\" = \"{key}\"\n")).expect("write");
        let err = load_keys(&path).expect_err("refused").to_string();
        assert!(
            err.starts_with(&format!("{}: key of table \"2/3\": ", path.display())),
            "{err}"
        );
        std::fs::write(&path, format!("\"1\" = \"{key}\"\n")).expect("write");
        let keys = load_keys(&path).expect("read");
        assert!(keys.contains_key("1"), "{keys:?}");
    }
}
