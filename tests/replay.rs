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

/// Peak resident memory (`VmHWM`, kB) of a running child, sampled until it exits.
fn peak_rss_kb(mut child: std::process::Child) -> (u64, std::process::ExitStatus) {
    use wait_timeout::ChildExt;
    let status_file = format!("/proc/{}/status", child.id());
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(300);
    let mut peak = 0;
    loop {
        // While the child runs its status file names the high-water mark so far.
        if let Ok(status) = std::fs::read_to_string(&status_file)
            && let Some(kb) = status
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        {
            peak = peak.max(kb);
        }
        assert!(
            std::time::Instant::now() < deadline,
            "replay did not finish"
        );
        // Waits one sampling interval for the exit, then samples again.
        let interval = std::time::Duration::from_millis(5);
        if let Some(exit) = child.wait_timeout(interval).expect("wait for annabella") {
            return (peak, exit);
        }
    }
}

#[test]
fn a_50_mb_pgn_replays_in_at_most_64_mb_of_memory() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.pgn");
    let comment = "a remark of the kind annotators write after a move ".repeat(200);
    let game = format!(
        "[Event \"big\"]\n\n1. e4 {{{comment}}} e5 (1... c5 {{{comment}}}) 2. Nf3 $1 {{[%clk 1:29:55]}} Nc6 *\n\n"
    );
    let mut text = String::with_capacity(51 << 20);
    let mut games = 0;
    while text.len() < 50 << 20 {
        text.push_str(&game);
        games += 1;
    }
    std::fs::write(&path, &text).unwrap();
    drop(text);
    let mut child = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(["replay", "--json", path.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("run annabella");
    let stdout = child.stdout.take();
    // Count the answers on another thread so the pipe never fills.
    let counter = std::thread::spawn(move || {
        use std::io::BufRead;
        std::io::BufReader::new(stdout.unwrap()).lines().count()
    });
    let (peak_kb, exit) = peak_rss_kb(child);
    assert!(exit.success());
    assert_eq!(counter.join().unwrap(), games, "one answer per game");
    assert!(peak_kb > 0, "VmHWM was read");
    assert!(
        peak_kb <= 64 * 1024,
        "peak RSS {peak_kb} kB for a 50 MB PGN"
    );
}

#[test]
fn an_empty_pgn_file_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("empty.pgn");
    std::fs::write(&path, "\n\n").unwrap();
    let out = annabella(&["replay", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no game found"), "{stderr}");
}

#[test]
fn a_bad_fen_tag_is_named_at_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fen.pgn");
    std::fs::write(
        &path,
        "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n",
    )
    .unwrap();
    let out = annabella(&["replay", path.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("game 1, FEN tag") && stderr.contains("(line 3)"),
        "{stderr}"
    );
}

#[test]
fn unwinnable_answers_a_position_no_game_reaches_and_says_so() {
    // Eleven white queens: more than promotions could give.
    let fen = "1QQQQQQ1/1QQQQQ2/8/8/8/8/8/k6K w - - 0 1";
    let out = annabella(&["unwinnable", "--fen", fen, "--color", "white", "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let answer = &lines(&out)[0];
    assert_eq!(answer["verdict"], "winnable");
    assert_eq!(answer["reachable_in_a_game"], false);
    assert_eq!(answer["unreachable_because"], "too much material");
    let text = annabella(&["unwinnable", "--fen", fen, "--color", "black"]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("Diese Stellung kann in keiner Partie entstehen (mehr Material"),
        "{text}"
    );
    assert!(
        text.contains("Schwarz kann mit keiner Folge regelgemäßer Züge mattsetzen."),
        "{text}"
    );
}

#[test]
fn a_huge_fen_is_not_echoed_whole() {
    let fen = "x".repeat(100_000);
    let out = annabella(&["unwinnable", "--fen", &fen, "--color", "white"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("--fen") && stderr.len() < 500,
        "{} bytes",
        stderr.len()
    );
}

/// Issue 26, item 9: a PGN of a million empty games took 37 s (a helpmate search of the
/// initial position per game, a write per answer line); it replays in seconds.
#[test]
fn a_million_empty_games_replay_in_seconds() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("empty-games.pgn");
    std::fs::write(&path, "[Event \"?\"]\n\n*\n\n".repeat(1_000_000)).unwrap();
    let started = std::time::Instant::now();
    let out = annabella(&["replay", "--json", path.to_str().unwrap()]);
    let took = started.elapsed();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.lines().count(), 1_000_000);
    let last: Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    assert_eq!(last["game"], 1_000_000);
    assert_eq!(last["result"], "*");
    // A test build on a shared machine: ≈ 10 s; the old code took ≈ 85 s here.
    assert!(took < std::time::Duration::from_secs(45), "took {took:?}");
}
