//! Journal tests on real SQLite files in temporary directories.

use std::{path::Path, time::Duration};

use proptest::prelude::*;
use rusqlite::{Connection, params};
use serde::{Deserialize, Serialize};

use super::*;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
enum Input {
    Heard { words: String },
    Lever { white: bool },
}

fn heard(w: &str) -> Input {
    Input::Heard { words: w.into() }
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

fn journal_with(path: &Path, inputs: &[(u64, Input)]) {
    let (mut j, rec) = Journal::<Input>::open(path, OpenMode::ReadWrite).unwrap();
    assert!(rec.records.is_empty());
    for (t, i) in inputs {
        j.append(ms(*t), i).unwrap();
    }
}

fn three() -> Vec<(u64, Input)> {
    vec![
        (0, heard("Bauer Eva vier")),
        (1200, Input::Lever { white: true }),
        (5300, heard("Springer Felix sechs")),
    ]
}

/// Runs SQL on the file behind the journal's back, as a hand edit would.
/// A journal of [`three`] records as `t.journal` in a fresh directory (kept while the
/// directory lives).
fn three_on_disk() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.journal");
    journal_with(&path, &three());
    (dir, path)
}

fn edit(path: &Path, sql: &str) {
    Connection::open(path).unwrap().execute_batch(sql).unwrap();
}

#[test]
fn records_come_back_in_order_with_their_times() {
    let (_dir, path) = three_on_disk();
    let (j, rec) = Journal::<Input>::open(&path, OpenMode::ReadWrite).unwrap();
    assert_eq!(rec.dropped, None);
    let got: Vec<_> = rec
        .records
        .iter()
        .map(|r| (r.seq, r.now.as_millis() as u64, r.input.clone()))
        .collect();
    let want: Vec<_> = three()
        .into_iter()
        .enumerate()
        .map(|(i, (t, inp))| (i as u64 + 1, t, inp))
        .collect();
    assert_eq!(got, want);
    assert_eq!(j.len(), 3);
    assert_eq!(j.last_now(), ms(5300));
}

#[test]
fn append_stores_whole_milliseconds_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.journal");
    let (mut j, _) = Journal::<Input>::open(&path, OpenMode::ReadWrite).unwrap();
    let r = j
        .append(Duration::from_micros(1_234_567), &heard("x"))
        .unwrap();
    assert_eq!(r.now, ms(1234));
    assert_eq!(r.seq, 1);
    drop(j);
    let (_, rec) = Journal::<Input>::open(&path, OpenMode::ReadOnly).unwrap();
    assert_eq!(rec.records[0].now, ms(1234));
}

#[test]
fn the_file_is_in_wal_mode() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.journal");
    let (mut j, _) = Journal::<Input>::open(&path, OpenMode::ReadWrite).unwrap();
    j.append(ms(1), &heard("x")).unwrap();
    let mode: String = Connection::open(&path)
        .unwrap()
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
    let sync: i64 = j
        .conn
        .query_row("PRAGMA synchronous", [], |r| r.get(0))
        .unwrap();
    assert_eq!(sync, 2, "synchronous = FULL");
}

#[test]
fn a_torn_record_after_the_committed_head_is_set_aside_and_reported() {
    let (_dir, path) = three_on_disk();
    // A fourth record the head does not count, and torn: the only torn write there is.
    edit(
        &path,
        "INSERT INTO inputs (seq, now_ms, input, hash) \
         SELECT 4, 6000, substr(input, 1, 12), hash FROM inputs WHERE seq = 3",
    );

    let (mut j, rec) = Journal::<Input>::open(&path, OpenMode::ReadWrite).unwrap();
    assert_eq!(rec.records.len(), 3);
    let dropped = rec.dropped.expect("the torn record is reported");
    assert_eq!(dropped.seq, 4);
    assert_eq!(dropped.now_ms, 6000);
    assert!(matches!(dropped.damage, Damage::Hash));
    let message = dropped.to_string();
    assert!(message.contains("last record (4"), "{message}");
    assert!(message.contains("dropped"), "{message}");

    // Set aside, not deleted; the next record takes its place.
    let kept: (i64, String) = j
        .conn
        .query_row("SELECT seq, reason FROM dropped", [], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap();
    assert_eq!(kept.0, 4);
    assert!(kept.1.contains("hash does not match"), "{}", kept.1);
    assert_eq!(j.append(ms(7000), &heard("neu")).unwrap().seq, 4);
    drop(j);
    let (_, rec) = Journal::<Input>::open(&path, OpenMode::ReadWrite).unwrap();
    assert_eq!(rec.dropped, None);
    assert_eq!(rec.records.len(), 4);
    assert_eq!(rec.records[3].input, heard("neu"));
}

/// Issue 26, item 3: one flipped bit in the last record must not reopen a game.
#[test]
fn a_damaged_last_record_the_head_counts_is_damage_and_changes_nothing() {
    let (_dir, path) = three_on_disk();
    edit(
        &path,
        "UPDATE inputs SET input = substr(input, 1, 12) WHERE seq = 3",
    );
    let before = std::fs::read(&path).unwrap();
    let e = Journal::<Input>::open(&path, OpenMode::ReadWrite).unwrap_err();
    assert!(
        matches!(
            e.kind,
            JournalErrorKind::Corrupt {
                seq: 3,
                damage: Damage::Hash,
                later: 0
            }
        ),
        "{e}"
    );
    assert!(e.to_string().contains("record 3 is damaged"), "{e}");
    assert_eq!(std::fs::read(&path).unwrap(), before, "nothing was changed");
    let (_, rec) = Journal::<Input>::open(&path, OpenMode::ReadOnly).unwrap();
    assert_eq!(rec.records.len(), 2);
    assert_eq!(rec.dropped, None);
    assert_eq!(rec.damage.map(|d| d.seq), Some(3));
}

#[test]
fn records_a_finished_game_proves_were_committed_are_never_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.journal");
    journal_with(&path, &three()[..2]);
    {
        // As an older version left it: the game's last record set aside after it ended.
        let (mut j, _) = Journal::<Input>::open(&path, OpenMode::ReadWrite).unwrap();
        j.finish_game(&FinishedGame {
            last_seq: 3,
            now: ms(5300),
            result: "1-0".into(),
            termination: "checkmate".into(),
            pgn: "1. e4 1-0".into(),
        })
        .unwrap();
    }
    let e = Journal::<Input>::open(&path, OpenMode::ReadWrite).unwrap_err();
    assert!(
        e.to_string()
            .contains("stored finished game ends at record 3"),
        "{e}"
    );
    // A torn record after the head, but one the finished game counts: damage.
    edit(
        &path,
        "INSERT INTO inputs (seq, now_ms, input, hash) VALUES (3, 5300, '{', x'00')",
    );
    let e = Journal::<Input>::open(&path, OpenMode::ReadWrite).unwrap_err();
    assert!(
        matches!(e.kind, JournalErrorKind::Corrupt { seq: 3, .. }),
        "{e}"
    );
}

#[test]
fn an_intact_record_that_does_not_decode_is_refused_even_at_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.journal");
    journal_with(&path, &three()[..1]);
    {
        // Another program version wrote a kind of input this one does not know.
        let (mut j, _) = Journal::<serde_json::Value>::open(&path, OpenMode::ReadWrite).unwrap();
        j.append(ms(10), &serde_json::json!({"Resign": {"by": "white"}}))
            .unwrap();
    }
    let e = Journal::<Input>::open(&path, OpenMode::ReadWrite).unwrap_err();
    assert!(
        matches!(
            e.kind,
            JournalErrorKind::Corrupt {
                seq: 2,
                damage: Damage::Decode(_),
                later: 0
            }
        ),
        "{e}"
    );
    assert!(e.to_string().contains("another version"), "{e}");
    // Nothing was set aside.
    let (_, rec) = Journal::<serde_json::Value>::open(&path, OpenMode::ReadOnly).unwrap();
    assert_eq!(rec.records.len(), 2);
}

#[test]
fn damage_before_the_last_record_is_an_error_naming_it_and_changes_nothing() {
    let (_dir, path) = three_on_disk();
    edit(
        &path,
        "UPDATE inputs SET input = '{\"Lever\":{\"white\":false}}' WHERE seq = 2",
    );
    let before = std::fs::read(&path).unwrap();
    let e = Journal::<Input>::open(&path, OpenMode::ReadWrite).unwrap_err();
    let text = e.to_string();
    assert!(text.contains("record 2 is damaged"), "{text}");
    assert!(text.contains("1 later record"), "{text}");
    assert!(text.contains(&path.display().to_string()), "{text}");
    assert!(matches!(
        e.kind,
        JournalErrorKind::Corrupt {
            seq: 2,
            damage: Damage::Hash,
            ..
        }
    ));
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

#[test]
fn a_missing_record_is_an_error_even_at_the_end() {
    let (_dir, path) = three_on_disk();
    edit(&path, "DELETE FROM inputs WHERE seq = 2");
    let e = Journal::<Input>::open(&path, OpenMode::ReadWrite).unwrap_err();
    assert!(
        matches!(
            e.kind,
            JournalErrorKind::Corrupt {
                seq: 2,
                damage: Damage::Gap {
                    expected: 2,
                    found: 3
                },
                ..
            }
        ),
        "{e}"
    );
    // Read-only, everything before the gap is salvaged and the gap is named.
    let (_, rec) = Journal::<Input>::open(&path, OpenMode::ReadOnly).unwrap();
    assert_eq!(rec.records.len(), 1);
    assert!(!rec.is_whole());
    let damage = rec.damage.expect("the gap is reported");
    assert_eq!(damage.seq, 2);
    assert!(
        damage.to_string().contains("record 2 is damaged"),
        "{damage}"
    );
}

#[test]
fn records_vanished_from_the_end_are_found() {
    let (_dir, path) = three_on_disk();
    edit(&path, "DELETE FROM inputs WHERE seq >= 2");
    let (_, rec) = Journal::<Input>::open(&path, OpenMode::ReadOnly).unwrap();
    assert_eq!(rec.records.len(), 1);
    let damage = rec.damage.expect("the missing tail is reported");
    assert_eq!((damage.seq, damage.later), (2, 1));
    assert!(
        matches!(damage.damage, Damage::Missing { head: 3 }),
        "{damage}"
    );
    let e = Journal::<Input>::open(&path, OpenMode::ReadWrite).unwrap_err();
    assert!(
        e.to_string().contains("head says it holds 3 records"),
        "{e}"
    );
}

#[test]
fn a_null_column_is_named() {
    let (_dir, path) = three_on_disk();
    edit(&path, "UPDATE inputs SET hash = 'x' WHERE seq = 1");
    let e = Journal::<Input>::open(&path, OpenMode::ReadWrite).unwrap_err();
    assert!(e.to_string().contains("column hash holds text"), "{e}");
    assert!(e.to_string().contains("record 1"), "{e}");
    let (_, rec) = Journal::<Input>::open(&path, OpenMode::ReadOnly).unwrap();
    let damage = rec.damage.unwrap().to_string();
    assert!(
        damage.contains("record 1 is damaged (column hash holds text"),
        "{damage}"
    );
}

#[test]
fn a_record_number_of_the_wrong_kind_names_the_record() {
    let (_dir, path) = three_on_disk();
    // SQLite keeps a rowid alias an integer, so damage shows in the other columns.
    edit(&path, "UPDATE inputs SET now_ms = 'soon' WHERE seq = 2");
    let (_, rec) = Journal::<Input>::open(&path, OpenMode::ReadOnly).unwrap();
    let damage = rec.damage.unwrap().to_string();
    assert!(
        damage.contains("record 2 is damaged (column now_ms holds text"),
        "{damage}"
    );
}

#[test]
fn settings_are_under_the_same_check_as_the_records() {
    let (_dir, path) = three_on_disk();
    {
        let (mut j, _) = Journal::<Input>::open(&path, OpenMode::ReadWrite).unwrap();
        j.set_meta("time_control", "5400+30").unwrap();
    }
    edit(
        &path,
        "UPDATE meta SET value = '\"4400+30\"' WHERE key = 'time_control'",
    );
    let (j, rec) = Journal::<Input>::open(&path, OpenMode::ReadOnly).unwrap();
    assert_eq!(rec.records.len(), 3, "the records themselves are whole");
    assert!(!rec.is_whole());
    assert!(
        rec.file_damage[0].contains("\"time_control\" is damaged"),
        "{:?}",
        rec.file_damage
    );
    let e = j.meta::<String>("time_control").unwrap_err();
    assert!(e.to_string().contains("time_control"), "{e}");
    let e = Journal::<Input>::open(&path, OpenMode::ReadWrite).unwrap_err();
    assert!(matches!(e.kind, JournalErrorKind::Damaged(_)), "{e}");
}

#[test]
fn a_closed_journal_is_whole_in_its_main_file_and_reading_creates_nothing() {
    let (dir, path) = three_on_disk();
    let names = || {
        let mut v: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        v.sort();
        v
    };
    assert_eq!(names(), ["t.journal"]);
    // The file alone, copied elsewhere, holds the whole game.
    let elsewhere = tempfile::tempdir().unwrap();
    let copy = elsewhere.path().join("copy.journal");
    std::fs::copy(&path, &copy).unwrap();
    let (_, rec) = Journal::<Input>::open(&copy, OpenMode::ReadOnly).unwrap();
    assert!(rec.is_whole());
    assert_eq!(rec.records.len(), 3);
    let before = std::fs::read(&path).unwrap();
    drop(Journal::<Input>::open(&path, OpenMode::ReadOnly).unwrap());
    assert_eq!(names(), ["t.journal"]);
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

#[test]
fn a_running_journal_is_read_from_a_private_copy() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.journal");
    let (mut j, _) = Journal::<Input>::open(&path, OpenMode::ReadWrite).unwrap();
    for (t, i) in three() {
        j.append(ms(t), &i).unwrap();
    }
    // While the table runs, the records may be only in the write-ahead log.
    let (_, rec) = Journal::<Input>::open(&path, OpenMode::ReadOnly).unwrap();
    assert_eq!(rec.records.len(), 3);
    assert!(rec.is_whole());
    drop(j);
}

#[test]
fn a_foreign_database_is_never_changed() {
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("club.db");
    edit(
        &other,
        "CREATE TABLE players (name TEXT); INSERT INTO players VALUES ('Anna')",
    );
    let before = std::fs::read(&other).unwrap();
    for mode in [OpenMode::ReadOnly, OpenMode::ReadWrite] {
        let e = Journal::<Input>::open(&other, mode).unwrap_err();
        assert!(matches!(e.kind, JournalErrorKind::NotAJournal(_)), "{e}");
    }
    assert_eq!(std::fs::read(&other).unwrap(), before);
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(names.len(), 1, "no -wal or -shm beside it");
}

#[test]
fn a_damaged_finished_game_is_named() {
    let (_dir, path) = three_on_disk();
    {
        let (mut j, _) = Journal::<Input>::open(&path, OpenMode::ReadWrite).unwrap();
        j.finish_game(&FinishedGame {
            last_seq: 3,
            now: ms(5300),
            result: "1-0".into(),
            termination: "normal".into(),
            pgn: "1. e4 1-0".into(),
        })
        .unwrap();
    }
    edit(&path, "UPDATE games SET result = '0-1'");
    let (j, rec) = Journal::<Input>::open(&path, OpenMode::ReadOnly).unwrap();
    assert!(
        rec.file_damage[0].contains("finished game 1 is damaged"),
        "{:?}",
        rec.file_damage
    );
    assert!(j.games().is_err());
}

#[test]
fn read_only_reports_a_torn_record_but_leaves_the_file_alone() {
    let (_dir, path) = three_on_disk();
    edit(
        &path,
        "INSERT INTO inputs (seq, now_ms, input, hash) \
         SELECT 4, 6000, substr(input, 1, 5), hash FROM inputs WHERE seq = 3",
    );
    let (mut j, rec) = Journal::<Input>::open(&path, OpenMode::ReadOnly).unwrap();
    assert_eq!(rec.records.len(), 3);
    assert_eq!(rec.dropped.unwrap().seq, 4);
    assert!(matches!(
        j.append(ms(9999), &heard("x")).unwrap_err().kind,
        JournalErrorKind::ReadOnly
    ));
    drop(j);
    let n: i64 = Connection::open(&path)
        .unwrap()
        .query_row("SELECT count(*) FROM inputs", [], |r| r.get(0))
        .unwrap();
    assert_eq!(n, 4);
}

#[test]
fn bytes_damaged_in_the_file_itself_are_found() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.journal");
    let inputs = vec![
        (0, heard("Bauer Eva vier")),
        (700, heard("Turm Anna eins")),
        (900, heard("Dame Hektor fuenf")),
    ];
    journal_with(&path, &inputs);
    // Closing the last connection checkpoints the WAL into the file.
    assert!(!dir.path().join("t.journal-wal").exists());
    let mut bytes = std::fs::read(&path).unwrap();
    let at = bytes
        .windows(5)
        .position(|w| w == b"fuenf")
        .expect("the record's text is in the file");
    bytes[at] = b'v';
    std::fs::write(&path, &bytes).unwrap();
    let e = Journal::<Input>::open(&path, OpenMode::ReadWrite).unwrap_err();
    assert!(
        matches!(e.kind, JournalErrorKind::Corrupt { seq: 3, .. }),
        "{e}"
    );
    let (_, rec) = Journal::<Input>::open(&path, OpenMode::ReadOnly).unwrap();
    assert_eq!(rec.records.len(), 2);
    assert_eq!(rec.damage.unwrap().seq, 3);
}

#[test]
fn a_file_that_is_no_journal_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let text = dir.path().join("notes.txt");
    std::fs::write(
        &text,
        "1. e4 e5 2. Nf3 Nc6 and many more words than a header",
    )
    .unwrap();
    let e = Journal::<Input>::open(&text, OpenMode::ReadWrite).unwrap_err();
    assert!(e.to_string().contains("notes.txt"), "{e}");
    assert!(e.to_string().contains("not a database"), "{e}");

    let other = dir.path().join("other.db");
    edit(&other, "CREATE TABLE players (name TEXT)");
    let e = Journal::<Input>::open(&other, OpenMode::ReadOnly).unwrap_err();
    assert!(matches!(e.kind, JournalErrorKind::NotAJournal(_)), "{e}");

    let missing = dir.path().join("missing.journal");
    let e = Journal::<Input>::open(&missing, OpenMode::ReadOnly).unwrap_err();
    assert!(e.to_string().contains("missing.journal"), "{e}");
    assert!(!missing.exists());
}

#[test]
fn time_must_not_go_backwards() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.journal");
    let (mut j, _) = Journal::<Input>::open(&path, OpenMode::ReadWrite).unwrap();
    j.append(ms(500), &heard("a")).unwrap();
    j.append(ms(500), &heard("same instant is fine")).unwrap();
    let e = j.append(ms(499), &heard("b")).unwrap_err();
    assert!(matches!(
        e.kind,
        JournalErrorKind::TimeBackwards {
            last_ms: 500,
            now_ms: 499
        }
    ));
    assert_eq!(j.len(), 2);
}

#[test]
fn meta_and_finished_games_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.journal");
    let (mut j, _) = Journal::<Input>::open(&path, OpenMode::ReadWrite).unwrap();
    j.set_meta("epoch_unix_ms", &1_790_000_000_000u64).unwrap();
    j.set_meta("players", &["Anna", "Bella"]).unwrap();
    let game = FinishedGame {
        last_seq: 41,
        now: ms(3_600_000),
        result: "1/2-1/2".into(),
        termination: "threefold repetition".into(),
        pgn: "[Event \"?\"]\n\n1. e4 e5 1/2-1/2\n".into(),
    };
    j.finish_game(&game).unwrap();
    drop(j);
    let (j, _) = Journal::<Input>::open(&path, OpenMode::ReadOnly).unwrap();
    assert_eq!(
        j.meta::<u64>("epoch_unix_ms").unwrap(),
        Some(1_790_000_000_000)
    );
    assert_eq!(
        j.meta::<Vec<String>>("players").unwrap().unwrap(),
        ["Anna", "Bella"]
    );
    assert_eq!(j.meta::<u64>("absent").unwrap(), None);
    assert!(
        j.meta::<u64>("players")
            .unwrap_err()
            .to_string()
            .contains("players")
    );
    assert_eq!(j.games().unwrap(), vec![game]);
}

fn arb_input() -> impl Strategy<Value = Input> {
    prop_oneof![
        "[a-zäöü ]{0,30}".prop_map(|w| Input::Heard { words: w }),
        any::<bool>().prop_map(|white| Input::Lever { white }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any damage to the bytes of any record's input is found: read-write it is an error
    /// naming the record (even the last: the head counts it); read-only everything before
    /// it is salvaged.
    #[test]
    fn any_damaged_record_is_detected(
        inputs in prop::collection::vec((0u64..5000, arb_input()), 1..8),
        victim in any::<prop::sample::Index>(),
        byte in any::<prop::sample::Index>(),
        flip in 1u8..=255,
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.journal");
        let mut t = 0;
        let timed: Vec<_> = inputs.into_iter().map(|(dt, i)| { t += dt; (t, i) }).collect();
        journal_with(&path, &timed);
        let seq = victim.index(timed.len()) + 1;
        let conn = Connection::open(&path).unwrap();
        let mut json: Vec<u8> = conn
            .query_row("SELECT input FROM inputs WHERE seq = ?1", [seq as i64], |r| r.get::<_, String>(0))
            .unwrap()
            .into_bytes();
        let at = byte.index(json.len());
        json[at] ^= flip;
        conn.execute("UPDATE inputs SET input = ?1 WHERE seq = ?2", params![json, seq as i64]).unwrap();
        drop(conn);
        match Journal::<Input>::open(&path, OpenMode::ReadWrite) {
            Ok(_) => prop_assert!(false, "damage to record {} was not found", seq),
            Err(e) => {
                let is_victim = matches!(e.kind, JournalErrorKind::Corrupt { seq: s, .. } if s == seq as u64);
                prop_assert!(is_victim, "{}", e);
            }
        }
        let (_, rec) = Journal::<Input>::open(&path, OpenMode::ReadOnly).unwrap();
        prop_assert_eq!(rec.damage.map(|d| d.seq), Some(seq as u64));
        let got: Vec<_> = rec.records.into_iter().map(|r| r.input).collect();
        let want: Vec<_> = timed[..seq - 1].iter().map(|(_, i)| i.clone()).collect();
        prop_assert_eq!(got, want);
    }
}

/// A crash in the middle of a transaction outside WAL mode leaves the file half written
/// and a rollback journal beside it: reading undoes the transaction in a private copy and
/// gives the records as they were committed, leaving the files as they are.
#[test]
fn a_crash_in_the_middle_of_a_transaction_is_read_as_committed() {
    let (_dir, path) = three_on_disk();
    let crash = tempfile::tempdir().unwrap();
    let image = crash.path().join("t.journal");
    {
        let conn = Connection::open(&path).unwrap();
        // A one-page cache spills the changes into the file before the commit.
        conn.execute_batch("PRAGMA cache_size = 1; BEGIN; DELETE FROM inputs;")
            .unwrap();
        conn.execute_batch(
            "CREATE TABLE filler (x BLOB); \
             INSERT INTO filler SELECT randomblob(4000) FROM (SELECT 1 UNION SELECT 2 UNION SELECT 3);",
        )
        .unwrap();
        let mut rollback = path.clone().into_os_string();
        rollback.push("-journal");
        assert!(
            Path::new(&rollback).exists(),
            "the transaction has a rollback journal"
        );
        // The crash: the files as they are now, the transaction never ended.
        std::fs::copy(&path, &image).unwrap();
        let mut image_rollback = image.clone().into_os_string();
        image_rollback.push("-journal");
        std::fs::copy(&rollback, &image_rollback).unwrap();
    }
    let before = std::fs::read(&image).unwrap();
    let (_, rec) = Journal::<Input>::open(&image, OpenMode::ReadOnly).unwrap();
    assert_eq!(rec.records.len(), 3, "the committed records");
    assert_eq!(
        std::fs::read(&image).unwrap(),
        before,
        "the file is untouched"
    );
}

/// A new journal appears whole or not at all: it is made beside its path and renamed
/// into place, so no half-made file or rollback journal is ever at the journal's path.
#[test]
fn a_new_journal_is_renamed_into_place_whole() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("new.journal");
    let (journal, _) = Journal::<Input>::open(&path, OpenMode::ReadWrite).unwrap();
    drop(journal);
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["new.journal"], "nothing else is left beside it");
    let (_, rec) = Journal::<Input>::open(&path, OpenMode::ReadOnly).unwrap();
    assert!(rec.records.is_empty());
}
