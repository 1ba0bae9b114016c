//! The keyed journal against an editor without the table's secret: records, settings and
//! finished games rewritten with their unkeyed hashes made anew, MACs stripped, another
//! table's secret; and journals of the format before (`tests/data/journals-v2`, written
//! by the version before keyed journals) still read.

use std::{
    path::{Path, PathBuf},
    time::Duration,
};

use rusqlite::{Connection, params};

use super::*;

type Input = serde_json::Value;

fn secret(n: u8) -> TableSecret {
    TableSecret::from_bytes([n; 32])
}

/// A keyed journal of five records, a setting and a finished game ending at record 5.
fn keyed(dir: &Path, secret: &TableSecret) -> PathBuf {
    let path = dir.join("k.journal");
    let (mut j, rec) = Journal::<Input>::open_with(&path, OpenMode::ReadWrite, Some(secret))
        .expect("a new keyed journal");
    assert_eq!(rec.authentication, Authentication::Authenticated);
    j.set_meta("time_control", "5400+30").unwrap();
    for (i, word) in ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"].iter().enumerate() {
        j.append(Duration::from_millis(1000 * i as u64), &Input::from(*word))
            .unwrap();
    }
    j.finish_game(&FinishedGame {
        last_seq: 5,
        now: Duration::from_millis(4000),
        result: "1-0".into(),
        termination: "resignation".into(),
        pgn: "1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0".into(),
    })
    .unwrap();
    path
}

/// What an editor without the secret does: record `seq`'s input replaced, the unkeyed
/// chain made anew from it on, and the head with it (its hash recomputed too).
fn forge_record(path: &Path, seq: u64, input: &str) {
    let conn = Connection::open(path).unwrap();
    conn.execute(
        "UPDATE inputs SET input = ?1 WHERE seq = ?2",
        params![input, seq as i64],
    )
    .unwrap();
    let mut previous = integrity::genesis(FORMAT);
    let rows: Vec<(i64, i64, String)> = conn
        .prepare("SELECT seq, now_ms, input FROM inputs ORDER BY seq")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    for (s, now, input) in &rows {
        previous = integrity::record_hash(&previous, *s as u64, *now as u64, input.as_bytes());
        conn.execute(
            "UPDATE inputs SET hash = ?1 WHERE seq = ?2",
            params![&previous[..], s],
        )
        .unwrap();
    }
    forge_meta(&conn, HEAD, &head_json(rows.len() as u64, &previous));
}

/// A meta value replaced with its unkeyed hash made anew (its MAC left as it was).
fn forge_meta(conn: &Connection, key: &str, json: &str) {
    let hash = integrity::meta_hash(key, json);
    let changed = conn
        .execute(
            "UPDATE meta SET value = ?1, hash = ?2 WHERE key = ?3",
            params![json, &hash[..], key],
        )
        .unwrap();
    assert_eq!(changed, 1, "{key}");
}

fn bytes(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap()
}

#[test]
fn a_keyed_journal_reads_back_authenticated() {
    let dir = tempfile::tempdir().unwrap();
    let s = secret(1);
    let path = keyed(dir.path(), &s);
    let (j, rec) = Journal::<Input>::open_with(&path, OpenMode::ReadOnly, Some(&s)).unwrap();
    assert!(rec.is_whole(), "{rec:?}");
    assert_eq!(rec.authentication, Authentication::Authenticated);
    assert_eq!(rec.records.len(), 5);
    assert_eq!(j.games().unwrap().len(), 1);
    // Continued read-write with its secret, it stays keyed.
    let (mut j, _) = Journal::<Input>::open_with(&path, OpenMode::ReadWrite, Some(&s)).unwrap();
    j.append(Duration::from_secs(9), &Input::from("a7a6"))
        .unwrap();
    drop(j);
    let (_, rec) = Journal::<Input>::open_with(&path, OpenMode::ReadOnly, Some(&s)).unwrap();
    assert!(rec.is_whole() && rec.authentication.is_authenticated());
    assert_eq!(rec.records.len(), 6);
}

#[test]
fn a_forged_record_is_named_with_its_number_and_the_file_is_left_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let s = secret(1);
    let path = keyed(dir.path(), &s);
    forge_record(&path, 3, "\"g1h3\"");
    // Without the secret the forgery passes the unkeyed checks: that is the attack.
    let (_, rec) = Journal::<Input>::open(&path, OpenMode::ReadOnly).unwrap();
    assert!(rec.is_whole(), "{rec:?}");
    assert_eq!(rec.authentication, Authentication::NoSecret);

    let before = bytes(&path);
    let (_, rec) = Journal::<Input>::open_with(&path, OpenMode::ReadOnly, Some(&s)).unwrap();
    let damage = rec.damage.expect("the forgery is found");
    assert_eq!((damage.seq, &damage.damage), (3, &Damage::Forged));
    assert!(damage.to_string().contains("record 3"), "{damage}");
    assert!(damage.to_string().contains("tampering"), "{damage}");
    assert_eq!(rec.records.len(), 2, "the records before it are salvaged");

    let e = Journal::<Input>::open_with(&path, OpenMode::ReadWrite, Some(&s)).unwrap_err();
    assert!(
        matches!(
            e.kind,
            JournalErrorKind::Corrupt {
                seq: 3,
                damage: Damage::Forged,
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(bytes(&path), before, "nothing was changed");
}

#[test]
fn a_forged_last_record_is_no_torn_write() {
    let dir = tempfile::tempdir().unwrap();
    let s = secret(1);
    let path = keyed(dir.path(), &s);
    // Appended after the head, with a right hash and no MAC: it is not set aside.
    let conn = Connection::open(&path).unwrap();
    let last: Vec<u8> = conn
        .query_row("SELECT hash FROM inputs WHERE seq = 5", [], |r| r.get(0))
        .unwrap();
    let hash = integrity::record_hash(&last.try_into().unwrap(), 6, 9000, b"\"a7a6\"");
    conn.execute(
        "INSERT INTO inputs (seq, now_ms, input, hash) VALUES (6, 9000, '\"a7a6\"', ?1)",
        [&hash[..]],
    )
    .unwrap();
    drop(conn);
    let e = Journal::<Input>::open_with(&path, OpenMode::ReadWrite, Some(&s)).unwrap_err();
    assert!(
        matches!(e.kind, JournalErrorKind::Corrupt { seq: 6, .. }),
        "{e}"
    );
}

#[test]
fn forged_settings_games_and_heads_are_named() {
    let s = secret(1);
    for (what, sql_key) in [
        ("a setting", "time_control"),
        ("the head", HEAD),
        ("the game", ""),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let path = keyed(dir.path(), &s);
        let conn = Connection::open(&path).unwrap();
        match what {
            "a setting" => forge_meta(&conn, sql_key, "\"600+5\""),
            "the head" => {
                // Records vanish from the end, the head is set back to match.
                let hash: Vec<u8> = conn
                    .query_row("SELECT hash FROM inputs WHERE seq = 4", [], |r| r.get(0))
                    .unwrap();
                conn.execute("DELETE FROM inputs WHERE seq = 5", [])
                    .unwrap();
                conn.execute("DELETE FROM games", []).unwrap();
                forge_meta(&conn, HEAD, &head_json(4, &hash.try_into().unwrap()));
            }
            _ => {
                let pgn = "1. e4 e5 2. Nf3 Nc6 3. Bb5 0-1";
                let hash = integrity::game_hash(5, 4000, "0-1", "resignation", pgn);
                conn.execute(
                    "UPDATE games SET result = '0-1', pgn = ?1, hash = ?2",
                    params![pgn, &hash[..]],
                )
                .unwrap();
            }
        }
        drop(conn);
        let (_, rec) = Journal::<Input>::open_with(&path, OpenMode::ReadOnly, Some(&s)).unwrap();
        let named = rec.file_damage.join("; ");
        assert!(
            named.contains("forged") || named.contains("tampering"),
            "{what}: {named}"
        );
        let e = Journal::<Input>::open_with(&path, OpenMode::ReadWrite, Some(&s)).unwrap_err();
        assert!(
            matches!(e.kind, JournalErrorKind::Damaged(_)),
            "{what}: {e}"
        );
        // Unkeyed, each of these edits passes: only the MAC tells.
        let (_, rec) = Journal::<Input>::open(&path, OpenMode::ReadOnly).unwrap();
        assert!(rec.file_damage.is_empty(), "{what}: {:?}", rec.file_damage);
    }
}

#[test]
fn another_tables_secret_is_named_and_never_continued() {
    let dir = tempfile::tempdir().unwrap();
    let path = keyed(dir.path(), &secret(1));
    let before = bytes(&path);
    let (_, rec) =
        Journal::<Input>::open_with(&path, OpenMode::ReadOnly, Some(&secret(2))).unwrap();
    assert!(
        matches!(rec.authentication, Authentication::OtherSecret { .. }),
        "{:?}",
        rec.authentication
    );
    assert_eq!(rec.records.len(), 5, "the unkeyed checks still run");
    for given in [Some(secret(2)), None] {
        let e =
            Journal::<Input>::open_with(&path, OpenMode::ReadWrite, given.as_ref()).unwrap_err();
        assert!(matches!(e.kind, JournalErrorKind::Secret(_)), "{e}");
    }
    assert_eq!(bytes(&path), before, "nothing was changed");
}

#[test]
fn a_journal_made_without_a_secret_says_it_is_not_authenticated() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("u.journal");
    let (mut j, rec) = Journal::<Input>::open(&path, OpenMode::ReadWrite).unwrap();
    assert_eq!(rec.authentication, Authentication::Unkeyed);
    j.append(Duration::ZERO, &Input::from("e2e4")).unwrap();
    drop(j);
    let (_, rec) =
        Journal::<Input>::open_with(&path, OpenMode::ReadOnly, Some(&secret(1))).unwrap();
    assert!(rec.is_whole());
    assert_eq!(rec.authentication, Authentication::Unkeyed);
    assert!(
        rec.authentication
            .to_string()
            .starts_with("not authenticated")
    );
}

fn golden(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/journals-v2")
        .join(name)
}

#[test]
fn journals_of_the_format_before_keep_reading_and_continue_unkeyed() {
    for (name, records, games) in [
        ("finished.journal", 52, 1),
        ("adjourned.journal", 32, 1),
        ("unfinished.journal", 20, 0),
    ] {
        let path = golden(name);
        let before = bytes(&path);
        let (j, rec) =
            Journal::<Input>::open_with(&path, OpenMode::ReadOnly, Some(&secret(1))).unwrap();
        assert!(rec.is_whole(), "{name}: {rec:?}");
        assert_eq!(rec.authentication, Authentication::OldFormat, "{name}");
        assert_eq!(rec.records.len(), records, "{name}");
        assert_eq!(j.games().unwrap().len(), games, "{name}");
        assert!(j.meta_json("table_config").unwrap().is_some(), "{name}");
        assert_eq!(bytes(&path), before, "{name}: read without a change");
    }
    // An old game resumed after the upgrade is continued in its own format.
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("game.journal");
    std::fs::copy(golden("unfinished.journal"), &copy).unwrap();
    let (mut j, _) = Journal::<Input>::open(&copy, OpenMode::ReadWrite).unwrap();
    assert!(j.is_old_format());
    j.append(Duration::from_secs(3600), &Input::from("anything"))
        .unwrap();
    j.set_meta("note", "x").unwrap();
    drop(j);
    let (_, rec) = Journal::<Input>::open(&copy, OpenMode::ReadOnly).unwrap();
    assert!(rec.is_whole(), "{rec:?}");
    assert_eq!(rec.records.len(), 21);
    assert_eq!(rec.authentication, Authentication::OldFormat);
}

#[test]
fn a_finished_game_is_in_the_main_file_before_the_station_goes_on() {
    // A crashed station leaves its last transactions in the `-wal` file; SQLite drops a
    // log whose frames do not check (one flipped bit) or that is gone, without a word.
    // A finished game is checkpointed into the main file when it is stored, so losing
    // the log afterwards never reopens it.
    let dir = tempfile::tempdir().unwrap();
    let s = secret(1);
    let path = dir.path().join("w.journal");
    let (mut j, _) = Journal::<Input>::open_with(&path, OpenMode::ReadWrite, Some(&s)).unwrap();
    for i in 0..3u64 {
        j.append(Duration::from_secs(i), &Input::from("e2e4"))
            .unwrap();
    }
    j.finish_game(&FinishedGame {
        last_seq: 3,
        now: Duration::from_secs(3),
        result: "1-0".into(),
        termination: "checkmate".into(),
        pgn: "1-0".into(),
    })
    .unwrap();
    // The crash: the journal is never closed; then the log is lost.
    std::mem::forget(j);
    std::fs::remove_file(file::wal_path(&path)).unwrap();
    let (j, rec) = Journal::<Input>::open_with(&path, OpenMode::ReadOnly, Some(&s)).unwrap();
    assert!(rec.is_whole(), "{rec:?}");
    assert_eq!(rec.records.len(), 3);
    assert_eq!(j.games().unwrap().len(), 1, "the finished game stays");
}

#[test]
fn a_follower_with_the_secret_stops_before_a_forged_record() {
    let dir = tempfile::tempdir().unwrap();
    let s = secret(1);
    let path = keyed(dir.path(), &s);
    forge_record(&path, 3, "\"g1h3\"");
    let mut plain = Follower::<Input>::open(&path).unwrap();
    assert_eq!(
        plain.after(0, 100).unwrap().len(),
        5,
        "the forgery passes unkeyed"
    );
    let mut keyed = Follower::<Input>::open_with(&path, Some(&s)).unwrap();
    assert_eq!(
        keyed.after(0, 100).unwrap().len(),
        2,
        "the good records first"
    );
    let e = keyed.after(2, 100).unwrap_err();
    assert!(
        matches!(
            e.kind,
            JournalErrorKind::Corrupt {
                seq: 3,
                damage: Damage::Forged,
                ..
            }
        ),
        "{e}"
    );
    let e = Follower::<Input>::open_with(&path, Some(&secret(2))).unwrap_err();
    assert!(matches!(e.kind, JournalErrorKind::Secret(_)), "{e}");
}

#[test]
fn a_flipped_bit_in_a_crashed_stations_log_is_damage_not_a_shorter_game() {
    let dir = tempfile::tempdir().unwrap();
    let s = secret(1);
    let path = dir.path().join("w.journal");
    let (mut j, _) = Journal::<Input>::open_with(&path, OpenMode::ReadWrite, Some(&s)).unwrap();
    for i in 0..6u64 {
        j.append(Duration::from_secs(i), &Input::from("e2e4"))
            .unwrap();
    }
    // The crash: never closed, the last transactions only in the log.
    std::mem::forget(j);
    let wal = file::wal_path(&path);
    let sound = std::fs::read(&wal).unwrap();
    assert_eq!(wal::damage(&sound), None, "a sound log");
    // A torn last transaction (the log cut in its last frame) is no damage.
    assert_eq!(wal::damage(&sound[..sound.len() - 100]), None);
    let mut flipped = sound.clone();
    let frame = 24 + 4096;
    let second = 32 + frame + 24 + 2000; // inside the second frame's page
    assert!(
        flipped.len() > 32 + 6 * frame,
        "several transactions are in the log"
    );
    flipped[second] ^= 0x10;
    let named = wal::damage(&flipped).expect("the flip is found");
    assert!(named.contains("frame 2"), "{named}");
    // A flip in the last transaction's frames alone may be a torn write.
    let mut last = sound.clone();
    let end = last.len() - 50;
    last[end] ^= 0x10;
    assert_eq!(wal::damage(&last), None);

    std::fs::write(&wal, &flipped).unwrap();
    let before = (bytes(&path), bytes(&wal));
    let (_, rec) = Journal::<Input>::open_with(&path, OpenMode::ReadOnly, Some(&s)).unwrap();
    assert!(
        rec.file_damage
            .iter()
            .any(|d| d.contains("write-ahead log")),
        "{rec:?}"
    );
    let e = Journal::<Input>::open_with(&path, OpenMode::ReadWrite, Some(&s)).unwrap_err();
    assert!(matches!(e.kind, JournalErrorKind::Damaged(_)), "{e}");
    assert_eq!((bytes(&path), bytes(&wal)), before, "nothing was changed");
}
