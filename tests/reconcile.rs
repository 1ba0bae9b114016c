//! End-to-end tests of `annabella reconcile` (crates/arbiter): PGN files in, the plan out.

use std::{path::Path, process::Command};

fn annabella(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(args)
        .output()
        .expect("run annabella");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write pgn");
    path.to_str().expect("utf-8 path").to_owned()
}

const VI: &str = "[Event \"Club\"]\n[TimeControl \"5400+30\"]\n\n\
    1. e4 {[%clk 1:29:50]} e5 {[%clk 1:29:40]} 2. Sf3 {[%clk 1:29:00]} Sc6 {[%clk 1:28:00]}\n\
    3. Lb5 {[%clk 1:28:30]} a6 {[%clk 1:27:00]} 4. La4 Sf6 *\n";
const SIGHTED: &str = "[Event \"Club\"]\n[TimeControl \"5400+30\"]\n\n\
    1. e4 {[%clk 1:29:50]} e5 {[%clk 1:29:40]} 2. Nf3 {[%clk 1:29:00]} Nc6 {[%clk 1:28:00]}\n\
    3. Bb5 {[%clk 1:28:30]} a6 {[%clk 1:27:00]} 4. Bxc6 {[%clk 1:28:00]} dxc6 *\n";

#[test]
fn scoresheets_differ_go_back_with_clocks_in_json() {
    let dir = tempfile::tempdir().expect("tempdir");
    let vi = write(dir.path(), "vi.pgn", VI);
    let sighted = write(dir.path(), "sighted.pgn", SIGHTED);
    let (code, out, err) = annabella(&["reconcile", "--vi", &vi, "--sighted", &sighted, "--json"]);
    assert_eq!(code, Some(1), "stderr: {err}");
    assert_eq!(out.lines().count(), 1, "one JSON line: {out}");
    let plan: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(plan["case"], "scoresheets-differ");
    assert_eq!(plan["diverge_ply"], 7);
    assert_eq!(plan["target_ply"], 6);
    assert_eq!(
        plan["target_fen"],
        "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"
    );
    assert_eq!(plan["findings"][0]["kind"], "different-move");
    assert_eq!(plan["findings"][0]["vi"], "La4");
    assert_eq!(plan["findings"][0]["sighted"], "Bxc6");
    assert_eq!(plan["clocks"]["white_ms"], 5_310_000);
    assert_eq!(plan["clocks"]["black_ms"], 5_220_000);
    assert_eq!(plan["clocks"]["white_moves"], 3);
    // Each board (its own scoresheet's position) goes back to after 3... a6.
    let boards: Vec<&str> = plan["fix"]
        .as_array()
        .expect("fix")
        .iter()
        .map(|f| f["board"].as_str().expect("board"))
        .collect();
    assert_eq!(boards, ["vi", "sighted"]);
    assert_eq!(
        plan["fix"][1]["words"]["en"],
        "move the black pawn from Caesar six to David seven; put a white bishop on Bella five; put a black knight on Caesar six"
    );
}

#[test]
fn scoresheets_agree_board_put_right_in_words() {
    let dir = tempfile::tempdir().expect("tempdir");
    let vi = write(dir.path(), "vi.pgn", "1. e4 e5 2. Sf3 *");
    let sighted = write(dir.path(), "sighted.pgn", "1. e2e4 e7e5 2. g1f3 *");
    // The sighted board has the knight on h3.
    let (code, out, err) = annabella(&[
        "reconcile",
        "--vi",
        &vi,
        "--sighted",
        &sighted,
        "--sighted-fen",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/7N/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
    ]);
    assert_eq!(code, Some(1), "stderr: {err}");
    assert_eq!(
        out,
        "Die Partieformulare stimmen bis Weiß, Zug 2 überein. \
         Ein Brett weicht davon ab und wird berichtigt. \
         Die Partie wird nach Weiß, Zug 2 fortgesetzt. \
         Bei Weiß, Zug 2 zeigt das Brett des sehenden Spielers Sh3 statt Sf3.\n\
         Brett des sehenden Spielers:\n  1. Setzen Sie den weißen Springer von h3 nach f3.\n"
    );
    let (_, out, _) = annabella(&[
        "reconcile",
        "--vi",
        &vi,
        "--sighted",
        &sighted,
        "--sighted-fen",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/7N/PPPP1PPP/RNBQKB1R",
        "--lang",
        "en",
    ]);
    assert!(
        out.ends_with("Board of the sighted player:\n  1. Move the white knight from h3 to f3.\n"),
        "{out}"
    );
}

#[test]
fn agreement_exits_zero() {
    let dir = tempfile::tempdir().expect("tempdir");
    let vi = write(dir.path(), "vi.pgn", "1. e4 e5 *");
    let sighted = write(dir.path(), "sighted.pgn", "1. e4 e5 *");
    let (code, out, err) = annabella(&["reconcile", "--vi", &vi, "--sighted", &sighted, "--json"]);
    assert_eq!(code, Some(0), "stderr: {err}");
    let plan: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(plan["case"], "agreement");
    assert_eq!(plan["diverge_ply"], serde_json::Value::Null);
    assert_eq!(plan["fix"], serde_json::json!([]));
}

#[test]
fn start_position_from_the_fen_tag() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pgn = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n\n40... Kd7 41. e4 *";
    let vi = write(dir.path(), "vi.pgn", pgn);
    let sighted = write(dir.path(), "sighted.pgn", pgn);
    let (code, out, err) = annabella(&[
        "reconcile",
        "--vi",
        &vi,
        "--sighted",
        &sighted,
        "--vi-fen",
        "8/3k4/8/8/8/8/4P3/4K3",
        "--json",
    ]);
    assert_eq!(code, Some(1), "stderr: {err}");
    let plan: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(plan["case"], "scoresheets-agree");
    assert_eq!(plan["findings"][0]["kind"], "move-on-one-board-only");
    assert_eq!(plan["findings"][0]["board"], "vi");
    assert_eq!(plan["diverge_ply"], 2);
    assert_eq!(plan["target_fen"], "8/3k4/8/8/4P3/8/8/4K3 b - - 0 41");
}

#[test]
fn bad_input_names_file_game_and_move() {
    let dir = tempfile::tempdir().expect("tempdir");
    let good = write(dir.path(), "good.pgn", "1. e4 e5 *");
    let bad = write(
        dir.path(),
        "bad.pgn",
        "1. e4 e5 *\n\n[Round \"2\"]\n1. d4 d5 2. c4 Zz9 *\n",
    );
    let (code, out, err) =
        annabella(&["reconcile", "--vi", &bad, "--sighted", &good, "--game", "2"]);
    assert_eq!(code, Some(2));
    assert_eq!(out, "");
    assert_eq!(
        err,
        format!("annabella: {bad}: game 2, line 4: move 2... Zz9: not SAN or UCI\n")
    );

    let (code, _, err) = annabella(&[
        "reconcile",
        "--vi",
        &good,
        "--sighted",
        &good,
        "--game",
        "3",
    ]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        format!("annabella: {good}: no game 3 (the file has 1 game)\n")
    );

    let (code, _, err) = annabella(&[
        "reconcile",
        "--vi",
        &good,
        "--sighted",
        &good,
        "--vi-fen",
        "rnbqkbnr/ppp/8",
    ]);
    assert_eq!(code, Some(2));
    assert!(
        err.starts_with("annabella: --vi-fen: invalid board \"rnbqkbnr/ppp/8\""),
        "{err}"
    );

    let missing = dir.path().join("missing.pgn");
    let missing = missing.to_str().expect("utf-8");
    let (code, _, err) = annabella(&["reconcile", "--vi", missing, "--sighted", &good]);
    assert_eq!(code, Some(2));
    assert!(
        err.starts_with(&format!("annabella: {missing}: cannot read")),
        "{err}"
    );

    let a = write(
        dir.path(),
        "a.pgn",
        "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n1. e4 *",
    );
    let b = write(
        dir.path(),
        "b.pgn",
        "[FEN \"4k3/8/8/8/8/8/3P4/4K3 w - - 0 1\"]\n1. d4 *",
    );
    let (code, _, err) = annabella(&["reconcile", "--vi", &a, "--sighted", &b]);
    assert_eq!(code, Some(2));
    assert!(
        err.starts_with("annabella: the scoresheets start from different positions"),
        "{err}"
    );
}
