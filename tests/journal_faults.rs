//! The journal never lies: bit flips in a finished game's journal are either found and
//! named, or change nothing that replay and export show. And a damaged journal is
//! salvaged: `journal replay` and `export` show everything before the damage, name it,
//! and exit non-zero.
//!
//! The sweep flips every bit of the table's settings record, of every page header and of
//! the database header, plus thousands of random bits (seeded: the seed is printed, and
//! `ANNABELLA_TEST_SEED=N` replays it).

use std::{
    path::{Path, PathBuf},
    process::Command,
};

use annabella_journal::{FinishedGame, Journal, OpenMode};
use annabella_station::session::{META_CONFIG, Session};
use annabella_test_support::process::{DEMO_LIMIT, output_within};

mod forge;

fn annabella() -> Command {
    Command::new(env!("CARGO_BIN_EXE_annabella"))
}

/// A finished game's journal, made by `annabella demo` with one of the scenario scripts.
fn finished_journal(dir: &Path) -> PathBuf {
    let script = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/scripts/correction-before-press.txt");
    let out = output_within(
        annabella()
            .args(["demo", "--text", "--json", "--script"])
            .arg(&script)
            .arg("--out")
            .arg(dir),
        DEMO_LIMIT,
    );
    assert!(
        out.status.success(),
        "demo failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    dir.join("game.journal")
}

/// Everything replay and export show of a journal.
#[derive(Debug, PartialEq)]
struct Shown {
    pgn: String,
    records: Vec<(u64, u128, serde_json::Value)>,
    config: String,
    games: Vec<FinishedGame>,
}

/// How reading one journal came out.
enum Outcome {
    /// Read without any warning: what it shows.
    Whole(Box<Shown>),
    /// Damage was found and named (an error, or warnings beside a salvage).
    Named,
}

fn read(path: &Path) -> Outcome {
    let (table, resumed) = match Session::replay(path) {
        Ok(r) => r,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return Outcome::Named;
        }
    };
    if !resumed.warnings().is_empty() {
        return Outcome::Named;
    }
    let (journal, recovery) =
        Journal::<serde_json::Value>::open(path, OpenMode::ReadOnly).expect("opened once");
    assert!(recovery.is_whole(), "the same file read twice agrees");
    Outcome::Whole(Box::new(Shown {
        pgn: table.pgn(),
        records: recovery
            .records
            .into_iter()
            .map(|r| (r.seq, r.now.as_millis(), r.input))
            .collect(),
        config: journal.meta_json(META_CONFIG).unwrap().unwrap(),
        games: resumed.finished_games,
    }))
}

/// splitmix64: a small seeded generator for the random flips.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

fn seed() -> u64 {
    let seed = std::env::var("ANNABELLA_TEST_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64
        });
    eprintln!("journal fault sweep: seed {seed} (replay with ANNABELLA_TEST_SEED={seed})");
    seed
}

/// The bytes of the settings record: from its key to the end of its hash.
fn settings_record(bytes: &[u8], config_json: &str) -> std::ops::Range<usize> {
    let value = bytes
        .windows(config_json.len())
        .position(|w| w == config_json.as_bytes())
        .expect("the settings are in the main file");
    let key = bytes[..value]
        .windows(META_CONFIG.len())
        .rposition(|w| w == META_CONFIG.as_bytes())
        .expect("the settings' key is before their value");
    key..(value + config_json.len() + 32).min(bytes.len())
}

/// Every page header's bytes (12: the longest, an interior b-tree page's) and the
/// database header.
fn page_headers(bytes: &[u8]) -> Vec<usize> {
    let size = match u16::from_be_bytes([bytes[16], bytes[17]]) {
        1 => 65536,
        n => usize::from(n),
    };
    let mut at: Vec<usize> = (0..100).collect();
    for page in 0..bytes.len() / size {
        let start = page * size + if page == 0 { 100 } else { 0 };
        at.extend(start..start + 12);
    }
    at
}

/// Reads the journal with each of `bits` flipped: (named, unchanged, silent bits).
fn sweep(bytes: &[u8], bits: &[usize], original: &Shown) -> (usize, usize, Vec<usize>) {
    let work = tempfile::tempdir().unwrap();
    let copy = work.path().join("flipped.journal");
    let (mut named, mut unchanged) = (0, 0);
    let mut silent = Vec::new();
    for &bit in bits {
        let mut flipped = bytes.to_vec();
        flipped[bit / 8] ^= 1 << (bit % 8);
        std::fs::write(&copy, &flipped).unwrap();
        let outcome = std::panic::catch_unwind(|| read(&copy))
            .unwrap_or_else(|_| panic!("reading the journal with bit {bit} flipped crashed"));
        match outcome {
            Outcome::Named => named += 1,
            Outcome::Whole(shown) if *shown == *original => unchanged += 1,
            Outcome::Whole(_) => silent.push(bit),
        }
        for leftover in ["-wal", "-shm", "-journal"] {
            let mut name = copy.clone().into_os_string();
            name.push(leftover);
            assert!(
                !PathBuf::from(name).exists(),
                "reading created {leftover} (bit {bit})"
            );
        }
    }
    (named, unchanged, silent)
}

#[test]
fn no_bit_flip_changes_a_game_without_a_word() {
    let dir = tempfile::tempdir().unwrap();
    let path = finished_journal(dir.path());
    let Outcome::Whole(original) = read(&path) else {
        panic!("the demo's journal is whole");
    };
    assert!(!original.games.is_empty(), "the demo's game is finished");
    let bytes = std::fs::read(&path).unwrap();
    let config_json = original.config.clone();

    let mut bits: Vec<usize> = settings_record(&bytes, &config_json)
        .chain(page_headers(&bytes))
        .flat_map(|byte| (0..8).map(move |bit| byte * 8 + bit))
        .collect();
    let mut rng = Rng(seed());
    bits.extend((0..3000).map(|_| (rng.next() % (bytes.len() as u64 * 8)) as usize));

    // Two workers, each with its own copy of the file.
    let (mut named, mut unchanged) = (0, 0);
    let mut silent = Vec::new();
    let halves: Vec<_> = bits.chunks(bits.len().div_ceil(2)).collect();
    let results: Vec<(usize, usize, Vec<usize>)> = std::thread::scope(|s| {
        let workers: Vec<_> = halves
            .iter()
            .map(|half| s.spawn(|| sweep(&bytes, half, &original)))
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    for (n, u, s) in results {
        named += n;
        unchanged += u;
        silent.extend(s);
    }
    eprintln!(
        "journal fault sweep: {} flips: {named} named, {unchanged} changed nothing shown, {} silent",
        bits.len(),
        silent.len()
    );
    assert!(
        silent.is_empty(),
        "bit flips that changed the game without a word: {silent:?}"
    );
    assert!(named > 0, "the sweep hit the records");
}

/// Flips one byte of the text `needle` (its last occurrence) in the file.
fn damage(path: &Path, needle: &str) {
    let mut bytes = std::fs::read(path).unwrap();
    let at = bytes
        .windows(needle.len())
        .rposition(|w| w == needle.as_bytes())
        .unwrap_or_else(|| panic!("{needle:?} is in the journal"));
    bytes[at + 1] ^= 0x01;
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn a_damaged_journal_is_salvaged_and_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = finished_journal(dir.path());
    let whole = annabella()
        .args(["journal", "replay", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(whole.status.success());
    let whole: serde_json::Value = serde_json::from_slice(&whole.stdout).unwrap();
    let records = whole["records"].as_u64().unwrap();
    assert!(records > 10, "{whole}");

    // Damage a record in the middle of the game: the last lever press.
    damage(&path, "\"lever\"");
    let out = annabella()
        .args(["journal", "replay", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    let salvaged: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let damaged = salvaged["damaged"]
        .as_u64()
        .expect("the damaged record is named");
    assert_eq!(
        salvaged["records"].as_u64().unwrap(),
        damaged - 1,
        "{salvaged}"
    );
    assert!(damaged < records);
    assert!(
        stderr.contains(&format!("record {damaged} is damaged")),
        "{stderr}"
    );

    // Export still gives the game, from the PGN stored whole when it finished.
    let out = annabella()
        .args(["export", "pgn"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let pgn = String::from_utf8_lossy(&out.stdout);
    let finished = &whole["result"]["result"];
    assert!(
        pgn.contains(&format!("[Result \"{}\"]", finished.as_str().unwrap())),
        "{pgn}"
    );
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("ist die beendete Partie, die bei ihrem Ende gespeichert wurde"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Issue 26, item 3: one flipped bit in the last record of a finished game is damage
/// (the journal's head counts the record), never a torn write: the restart path and
/// `--resume` refuse and leave the file as it is, `journal replay` exits non-zero, and
/// `export pgn` gives the stored finished game, never `*`.
#[test]
fn a_flipped_bit_in_the_last_record_never_reopens_a_finished_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = finished_journal(dir.path());
    let stored = Journal::<serde_json::Value>::open(&path, OpenMode::ReadOnly)
        .unwrap()
        .0
        .games()
        .unwrap()
        .pop()
        .unwrap();
    assert_ne!(stored.result, "*");
    let last = {
        let (_, recovery) = Journal::<serde_json::Value>::open(&path, OpenMode::ReadOnly).unwrap();
        recovery.records.last().unwrap().seq
    };
    // The script's last record: the VI player's "ja" to the draw.
    damage(&path, "\"text\":\"ja\"");
    let damaged = std::fs::read(&path).unwrap();

    // The service's restart path: `play --config` with this records directory.
    let config = dir.path().join("table.toml");
    std::fs::write(
        &config,
        "[game]\ntime_control = \"300+2\"\n[devices]\npeg_board = \"sim\"\ndgt = \"sim\"\n\
         clock = \"sim\"\n[voice.vi]\nbackend = \"text\"\n[records]\ndir = \".\"\n",
    )
    .unwrap();
    let out = output_within(
        annabella()
            .args(["play", "--json", "--config"])
            .arg(&config)
            .stdin(std::process::Stdio::null()),
        DEMO_LIMIT,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "the game was reopened: {stderr}");
    assert!(
        stderr.contains(&format!("record {last} is damaged")),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read(&path).unwrap(),
        damaged,
        "the file is unchanged"
    );

    // `--resume` names the damage too.
    let out = output_within(
        annabella()
            .args(["play", "--json", "--config"])
            .arg(&config)
            .arg("--resume")
            .arg(&path)
            .stdin(std::process::Stdio::null()),
        DEMO_LIMIT,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(stderr.contains("the journal is damaged"), "{stderr}");
    assert!(
        stderr.contains(&format!("record {last} is damaged")),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read(&path).unwrap(),
        damaged,
        "the file is unchanged"
    );

    let out = annabella()
        .args(["journal", "replay", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let view: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(view["damaged"].as_u64(), Some(last), "{view}");
    assert_eq!(view["dropped"], serde_json::Value::Null, "{view}");

    let out = annabella()
        .args(["export", "pgn"])
        .arg(&path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains(&format!("ist Eintrag {last} beschädigt")),
        "{stderr}"
    );
    let pgn = String::from_utf8_lossy(&out.stdout);
    assert_eq!(pgn, stored.pgn);
    assert!(
        pgn.contains(&format!("[Result \"{}\"]", stored.result)),
        "{pgn}"
    );
    assert_eq!(
        std::fs::read(&path).unwrap(),
        damaged,
        "the file is unchanged"
    );
}

#[test]
fn a_pgn_salvaged_from_a_damaged_journal_says_so_inside_the_file() {
    use annabella_table::{Input, TableConfig};
    use std::time::Duration;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.journal");
    {
        let config = TableConfig {
            vi_color: shakmaty::Color::Black,
            ..TableConfig::default()
        };
        let (mut session, _) = Session::open(&path, config).unwrap();
        for (s, input) in [
            (1, Input::Start),
            (
                2,
                Input::AssistantMove {
                    text: "e2e4".into(),
                },
            ),
            (
                3,
                Input::Lever {
                    side: shakmaty::Color::White,
                },
            ),
            (
                4,
                Input::AssistantMove {
                    text: "e7e5".into(),
                },
            ),
            (
                5,
                Input::Lever {
                    side: shakmaty::Color::Black,
                },
            ),
        ] {
            session.feed(Duration::from_secs(s), input).unwrap();
        }
    }
    // Record 4 of 5: damage in the middle, not a torn last write.
    damage(&path, "e7e5");
    let out = annabella()
        .args(["export", "pgn"])
        .arg(&path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    let pgn = String::from_utf8_lossy(&out.stdout);
    let tag = pgn
        .lines()
        .find(|l| l.starts_with("[Salvaged \""))
        .unwrap_or_else(|| panic!("a Salvaged tag:\n{pgn}"));
    assert!(tag.contains("record 4"), "the tag names the damage: {tag}");
    assert!(
        pgn.contains("{annabella: salvaged from a damaged journal, the moves before the damage:"),
        "{pgn}"
    );
    assert!(pgn.contains("1. e4 "), "the good prefix is kept:\n{pgn}");
    assert!(!pgn.contains("e5"), "{pgn}");
}

#[test]
fn settings_edited_with_their_hash_made_anew_no_longer_export_with_exit_0() {
    use sha2::{Digest, Sha256};
    let dir = tempfile::tempdir().unwrap();
    let path = finished_journal(dir.path());
    let stored = Journal::<serde_json::Value>::open(&path, OpenMode::ReadOnly)
        .unwrap()
        .0
        .games()
        .unwrap()
        .pop()
        .unwrap();
    // A careful editor: another time control, and the meta value's hash recomputed the
    // way the journal computes it (unkeyed SHA-256 over the key's length, key, value).
    {
        let db = rusqlite::Connection::open(&path).unwrap();
        let value: String = db
            .query_row(
                "SELECT value FROM meta WHERE key = ?1",
                [META_CONFIG],
                |r| r.get(0),
            )
            .unwrap();
        let mut config: serde_json::Value = serde_json::from_str(&value).unwrap();
        assert_ne!(config["time_control"], "600+5");
        config["time_control"] = "600+5".into();
        let edited = serde_json::to_string(&config).unwrap();
        let mut h = Sha256::new();
        h.update((META_CONFIG.len() as u64).to_le_bytes());
        h.update(META_CONFIG.as_bytes());
        h.update(edited.as_bytes());
        let hash: [u8; 32] = h.finalize().into();
        let changed = db
            .execute(
                "UPDATE meta SET value = ?1, hash = ?2 WHERE key = ?3",
                rusqlite::params![edited, hash.to_vec(), META_CONFIG],
            )
            .unwrap();
        assert_eq!(changed, 1);
    }
    let replay = annabella()
        .args(["journal", "replay", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        replay.status.success(),
        "the unkeyed chain cannot tell (the journal is not keyed yet): {}",
        String::from_utf8_lossy(&replay.stderr)
    );
    let out = annabella()
        .args(["export", "pgn"])
        .arg(&path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains("ergeben nicht mehr die beendete Partie, die bei ihrem Ende gespeichert"),
        "{stderr}"
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        stored.pgn,
        "the stored game is exported"
    );
}

/// A keyed game's journal in `dir` (the secret beside it, as `annabella init` makes it):
/// Start, e4, lever, e5, lever, Nf3, lever.
fn keyed_journal(dir: &Path) -> PathBuf {
    use annabella_journal::{SECRET_FILE, TableSecret};
    use annabella_table::{Input, TableConfig};
    use std::time::Duration;
    let (secret, made) = TableSecret::read_or_make(&dir.join(SECRET_FILE)).unwrap();
    assert!(made);
    let path = dir.join("game.journal");
    let config = TableConfig {
        vi_color: shakmaty::Color::Black,
        ..TableConfig::default()
    };
    let (mut session, _) = Session::open_with(&path, config, Some(&secret)).unwrap();
    let lever = |white| Input::Lever {
        side: if white {
            shakmaty::Color::White
        } else {
            shakmaty::Color::Black
        },
    };
    let mv = |m: &str| Input::AssistantMove { text: m.into() };
    for (s, input) in [
        (1, Input::Start),
        (2, mv("e2e4")),
        (3, lever(true)),
        (4, mv("e7e5")),
        (5, lever(false)),
        (6, mv("g1f3")),
        (7, lever(true)),
    ] {
        session.feed(Duration::from_secs(s), input).unwrap();
    }
    path
}

#[test]
fn a_forged_record_in_a_keyed_journal_is_tampering_for_replay_export_and_play() {
    let dir = tempfile::tempdir().unwrap();
    let path = keyed_journal(dir.path());
    let secret = dir.path().join("table.secret");
    // Record 4 was Black's e7e5: now c7c5, every hash after it made anew.
    forge::rewrite_record(&path, 4, |_, input| {
        assert!(input.contains("e7e5"), "{input}");
        *input = input.replace("e7e5", "c7c5");
    });
    let forged = std::fs::read(&path).unwrap();

    // Without the secret the edit passes the unkeyed checks, and replay says so.
    let out = annabella()
        .args(["journal", "replay", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("not authenticated"), "{stderr}");
    let view: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(view["authenticated"], false, "{view}");

    // With it: tampering, at record 4, the moves before it replayed.
    let out = annabella()
        .args(["journal", "replay", "--json", "--secret"])
        .arg(&secret)
        .arg(&path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains("record 4 is damaged (tampering"),
        "{stderr}"
    );
    let view: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(view["damaged"].as_u64(), Some(4), "{view}");
    assert_eq!(view["moves"], serde_json::json!(["e4"]), "{view}");

    let out = annabella()
        .args(["export", "pgn", "--secret"])
        .arg(&secret)
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let pgn = String::from_utf8_lossy(&out.stdout);
    assert!(
        pgn.contains("[Salvaged \"record 4 is damaged (tampering"),
        "{pgn}"
    );
    assert!(!pgn.contains("c5"), "{pgn}");

    // The service's restart path refuses to continue it.
    let config = dir.path().join("table.toml");
    std::fs::write(
        &config,
        "[game]\ntime_control = \"300+2\"\n[devices]\npeg_board = \"sim\"\ndgt = \"sim\"\n\
         clock = \"sim\"\n[voice.vi]\nbackend = \"text\"\n[records]\ndir = \".\"\n",
    )
    .unwrap();
    let out = output_within(
        annabella()
            .args(["play", "--json", "--config"])
            .arg(&config)
            .stdin(std::process::Stdio::null()),
        DEMO_LIMIT,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "the forged game went on: {stderr}");
    assert!(
        stderr.contains("record 4 is damaged (tampering"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read(&path).unwrap(),
        forged,
        "the file is unchanged"
    );
}

#[test]
fn journals_written_before_journals_were_keyed_replay_and_export_as_they_did() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/journals-v2");
    for name in ["finished", "adjourned", "unfinished"] {
        let journal = data.join(format!("{name}.journal"));
        let before = std::fs::read(&journal).unwrap();
        let out = annabella()
            .args(["journal", "replay"])
            .arg(&journal)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{name}: {stderr}");
        assert!(
            stderr.contains(
                "ist nicht authentifiziert: Es wurde geschrieben, bevor Protokolle Prüfcodes \
                 trugen (Format 2)"
            ),
            "{name}: {stderr}"
        );
        let expected = std::fs::read_to_string(data.join(format!("{name}.replay.txt"))).unwrap();
        assert_eq!(String::from_utf8_lossy(&out.stdout), expected, "{name}");
        let out = annabella()
            .args(["export", "pgn"])
            .arg(&journal)
            .output()
            .unwrap();
        assert!(out.status.success(), "{name}");
        let expected = std::fs::read_to_string(data.join(format!("{name}.pgn"))).unwrap();
        assert_eq!(String::from_utf8_lossy(&out.stdout), expected, "{name}");
        assert_eq!(
            std::fs::read(&journal).unwrap(),
            before,
            "{name}: unchanged"
        );
    }
}

/// Issue 40, point 2, the attacker's sequence: strip a keyed journal's MACs, move its
/// epoch back to 1970, add the demo's "unkeyed by design" mark, rewrite a move with every
/// unkeyed hash made anew, and make the secret file look new (or old). At the table with
/// its secret, `journal replay --secret`, `export --secret` and `play` refuse it; only the
/// operator's `--accept-unkeyed` reads it, saying so loudly, once.
#[test]
fn a_keyed_journal_stripped_of_its_macs_is_refused_whatever_its_dates_and_marks_say() {
    use sha2::{Digest, Sha256};
    let dir = tempfile::tempdir().unwrap();
    let path = keyed_journal(dir.path());
    let secret = dir.path().join("table.secret");
    {
        let db = rusqlite::Connection::open(&path).unwrap();
        db.execute_batch(
            "DELETE FROM meta WHERE key = 'secret_id'; UPDATE meta SET mac = NULL; \
             UPDATE inputs SET mac = NULL; UPDATE games SET mac = NULL;",
        )
        .unwrap();
        let hashed = |key: &str, value: &str| {
            let mut h = Sha256::new();
            h.update((key.len() as u64).to_le_bytes());
            h.update(key.as_bytes());
            h.update(value.as_bytes());
            h.finalize().to_vec()
        };
        let epoch = "1000".to_owned();
        db.execute(
            "UPDATE meta SET value = ?1, hash = ?2 WHERE key = 'epoch_unix_ms'",
            rusqlite::params![epoch, hashed("epoch_unix_ms", &epoch)],
        )
        .unwrap();
        let mark = "\"made without a secret\"".to_owned();
        db.execute(
            "INSERT INTO meta (key, value, hash) VALUES ('unkeyed_by_design', ?1, ?2)",
            rusqlite::params![mark, hashed("unkeyed_by_design", &mark)],
        )
        .unwrap();
    }
    forge::rewrite_record(&path, 4, |_, input| {
        *input = input.replace("e7e5", "c7c5");
    });
    let forged = std::fs::read(&path).unwrap();
    for mtime in [
        std::time::SystemTime::now(),
        std::time::UNIX_EPOCH + std::time::Duration::from_secs(1),
    ] {
        std::fs::File::options()
            .write(true)
            .open(&secret)
            .unwrap()
            .set_modified(mtime)
            .unwrap();
        let out = annabella()
            .args(["journal", "replay", "--json", "--secret"])
            .arg(&secret)
            .arg(&path)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{stderr}");
        assert!(stderr.contains("possible tampering"), "{stderr}");
        assert!(stderr.contains("--accept-unkeyed"), "{stderr}");
        assert!(!stderr.contains("unkeyed by design"), "{stderr}");
        let out = annabella()
            .args(["export", "pgn", "--secret"])
            .arg(&secret)
            .arg(&path)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{stderr}");
        assert!(
            stderr.contains("Mögliche Manipulation: Das Protokoll"),
            "{stderr}"
        );
        assert!(stderr.contains("liest --accept-unkeyed es"), "{stderr}");
    }

    // `play` at the table (its secret beside the config) does not continue the game.
    let config = dir.path().join("table.toml");
    std::fs::write(
        &config,
        "[game]\ntime_control = \"300+2\"\n[devices]\npeg_board = \"sim\"\ndgt = \"sim\"\n\
         clock = \"sim\"\n[voice.vi]\nbackend = \"text\"\n[records]\ndir = \".\"\n",
    )
    .unwrap();
    let out = output_within(
        annabella()
            .args(["play", "--json", "--config"])
            .arg(&config)
            .stdin(std::process::Stdio::null()),
        DEMO_LIMIT,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success(),
        "the rewritten game went on: {stderr}"
    );
    assert!(stderr.contains("possible tampering"), "{stderr}");
    assert!(
        std::fs::read(&path).unwrap() == forged,
        "the file is unchanged"
    );

    // The operator's word reads it, not authenticated, said once.
    let out = annabella()
        .args([
            "journal",
            "replay",
            "--json",
            "--accept-unkeyed",
            "--secret",
        ])
        .arg(&secret)
        .arg(&path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(stderr.matches("--accept-unkeyed").count(), 1, "{stderr}");
    assert!(
        stderr.contains("WARNING: the journal carries no MACs"),
        "{stderr}"
    );
    let view: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(view["authenticated"], false, "{view}");
    assert_eq!(view["records"], 7, "{view}");
}
