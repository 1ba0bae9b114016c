//! End-to-end tests of `annabella replay` and `annabella unwinnable` through the binary.

use std::process::{Command, Output};

use serde_json::Value;

fn annabella(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(args)
        .output()
        .expect("run annabella")
}

fn lines(out: &Output) -> Vec<Value> {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

const GAMES: &str = r#"[Event "fool's mate, Result tag wrong on purpose"]
[Result "1-0"]

1. f3 e5 2. g4 Qh4# 1-0

[Event "illegal move at ply 5"]

1. e4 e5 2. Nf3 Nc6 3. Ke3 Nf6 *

[Event "knights shuffle: threefold claimable, game goes on"]

1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 {White may claim now} *

[Event "unreadable move"]

1. e4 e5 2. Qz9 *

[Event "fivefold repetition ends the game by itself"]

1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8
7. Nf3 Nf6 8. Ng1 Ng8 *

[Event "dead position after the last capture"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/3r4/3BK3 w - - 0 1"]

1. Kxd2 *
"#;

#[test]
fn each_game_is_decided_from_its_moves_and_errors_name_game_ply_and_move() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.pgn");
    std::fs::write(&path, GAMES).unwrap();
    let out = annabella(&["replay", path.to_str().unwrap(), "--json"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "a broken game sets the exit status"
    );
    let games = lines(&out);
    assert_eq!(
        games.len(),
        6,
        "one line per game, in file order: {games:?}"
    );

    assert_eq!(
        games[0]["result"], "0-1",
        "decided by the moves, not the tag"
    );
    assert_eq!(games[0]["termination"], "checkmate");
    assert_eq!(games[0]["plies"], 4);

    let error = games[1]["error"].as_str().unwrap();
    assert!(
        error.contains("game 2") && error.contains("ply 5") && error.contains("Ke3"),
        "{error}"
    );
    assert!(error.contains("illegal"), "{error}");

    assert_eq!(games[2]["result"], "*");
    assert_eq!(games[2]["termination"], "ongoing");
    assert_eq!(games[2]["claimable"], serde_json::json!(["threefold"]));

    let error = games[3]["error"].as_str().unwrap();
    assert!(
        error.contains("game 4") && error.contains("ply 3") && error.contains("Qz9"),
        "{error}"
    );

    assert_eq!(games[4]["termination"], "fivefold-repetition");
    assert_eq!(games[4]["result"], "1/2-1/2");
    assert_eq!(games[4]["plies"], 16);

    assert_eq!(games[5]["termination"], "dead-position");

    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("game 2, ply 5 (3. Ke3"), "{stderr}");
}

#[test]
fn the_bundled_sample_replays_to_mate() {
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/opera-game.pgn");
    let out = annabella(&["replay", sample]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("1-0 by checkmate after 33 plies"), "{text}");
}

#[test]
fn unwinnable_tells_each_side_and_gives_a_helpmate() {
    // Lichess ijyj0mHa: Black cannot mate at all; White can, with help.
    let fen = "5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - -";
    let black = lines(&annabella(&[
        "unwinnable",
        "--fen",
        fen,
        "--color",
        "black",
        "--json",
    ]));
    assert_eq!(black[0]["verdict"], "unwinnable");
    assert_eq!(black[0]["helpmate"], serde_json::json!([]));
    let white = lines(&annabella(&[
        "unwinnable",
        "--fen",
        fen,
        "--color",
        "white",
        "--json",
    ]));
    assert_eq!(white[0]["verdict"], "winnable");
    assert!(!white[0]["helpmate"].as_array().unwrap().is_empty());

    let bad = annabella(&["unwinnable", "--fen", "8/8/8 w", "--color", "white"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--fen"));
}
