//! A rated Lichess game at the table (issue 43), end to end: `annabella init` writes the
//! `[opponent]` and the token file, `annabella play` waits for the game on a stand-in
//! Lichess (127.0.0.1, every request and reply checked against Lichess's OpenAPI
//! description, `tests/data/lichess-board`) and plays it: the VI player's typed words and
//! "gesetzt" go to Lichess as UCI, the opponent's moves come to the table; the journal
//! replays the game, the PGN names the players, ratings and the game's page. A token file
//! others can read stops `play` before anything is sent. The real lichess.org is not tried
//! here (no network).

use std::{
    io::{BufRead, BufReader, Write},
    path::{Path, PathBuf},
    process::{Command, Stdio},
    sync::mpsc,
    time::Duration,
};

use annabella_test_support::lichess::{self, StandIn, World};
use serde_json::Value;
use shakmaty::Color;

fn annabella() -> Command {
    Command::new(env!("CARGO_BIN_EXE_annabella"))
}

/// `annabella init` for a table without devices whose opponent plays on `url`; the
/// token on standard input.
fn init(dir: &Path, url: &str) -> (PathBuf, String) {
    let config = dir.join("table.toml");
    let mut child = annabella()
        .args(["init", "--non-interactive", "--no-devices", "--out"])
        .arg(&config)
        .arg("--port")
        .arg(dir.join("no-such-port"))
        .args(["--records"])
        .arg(dir.join("games"))
        .args([
            "--lichess-token-file",
            "lichess.token",
            "--lichess-url",
            url,
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    writeln!(child.stdin.take().unwrap(), "{}", lichess::TOKEN).unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{stderr}");
    (config, stderr)
}

#[test]
fn a_rated_lichess_game_to_mate_from_the_typed_words_with_its_records() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let mut world = World::new(Color::White);
    world.replies = ["e7e5", "b8c6", "g8f6"].map(String::from).into();
    let server = runtime.block_on(StandIn::start(world));
    server.start_game();
    let dir = tempfile::tempdir().unwrap();
    let (config, said) = init(dir.path(), &server.url);
    assert!(
        !said.contains(lichess::TOKEN),
        "init repeats no token: {said}"
    );
    let written = std::fs::read_to_string(&config).unwrap();
    assert!(written.contains("[opponent]"), "{written}");
    assert!(
        written.contains("lichess_token_file = \"lichess.token\""),
        "{written}"
    );
    use std::os::unix::fs::PermissionsExt as _;
    let token = dir.path().join("lichess.token");
    let mode = std::fs::metadata(&token).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);

    let mut child = annabella()
        .args(["play", "--json", "--config"])
        .arg(&config)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (tx, lines) = mpsc::channel::<String>();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let mut stdin = child.stdin.take().unwrap();
    let mut seen = Vec::new();
    // Waits for the table to have made `n` of the opponent's moves.
    let until_opponent = |n: usize, seen: &mut Vec<String>| {
        let made = |seen: &[String]| {
            seen.iter()
                .filter_map(|l| serde_json::from_str::<Value>(l).ok())
                .filter(|v| v["kind"] == "input" && v["input"]["input"] == "opponent_move")
                .count()
        };
        while made(seen) < n {
            match lines.recv_timeout(Duration::from_secs(60)) {
                Ok(l) => seen.push(l),
                Err(_) => panic!("the opponent's move {n} did not reach the table: {seen:#?}"),
            }
        }
    };
    for (n, words) in ["Bauer Eva vier", "Läufer Cäsar vier", "Dame Hektor fünf"]
        .iter()
        .enumerate()
    {
        writeln!(stdin, "{words}").unwrap();
        writeln!(stdin, "gesetzt").unwrap();
        until_opponent(n + 1, &mut seen);
    }
    writeln!(stdin, "Dame schlägt Felix sieben").unwrap();
    writeln!(stdin, "gesetzt").unwrap();
    runtime.block_on(server.wait_until("the mate", |w| {
        w.game.as_ref().is_some_and(|g| g.status == "mate")
    }));
    let out = {
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "play goes on after the mate"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    };
    drop(stdin);
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    seen.extend(lines.try_iter());
    assert!(out.success(), "{stderr}");
    assert!(
        !stderr.contains(lichess::TOKEN) && !seen.iter().any(|l| l.contains(lichess::TOKEN)),
        "the token is never printed"
    );

    server.with(|w| {
        assert_eq!(w.violations, Vec::<String>::new());
        let g = w.game.as_ref().unwrap();
        assert_eq!(
            g.moves,
            ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"]
        );
        let moves = w.log.iter().filter(|l| l.path.contains("/move/")).count();
        assert_eq!(moves, 4, "each of the VI player's moves sent once");
    });

    let games = dir.path().join("games");
    let replay = annabella()
        .args(["journal", "replay", "--json"])
        .arg(games.join("game.journal"))
        .output()
        .unwrap();
    assert!(replay.status.success());
    let view: Value = serde_json::from_slice(&replay.stdout).unwrap();
    assert_eq!(
        view["moves"],
        serde_json::json!(["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]),
        "the journal replays the game as it was played"
    );
    assert_eq!(view["result"]["result"], "1-0", "{view}");
    let pgn = std::fs::read_dir(&games)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "pgn"))
        .expect("a PGN");
    let pgn = std::fs::read_to_string(pgn).unwrap();
    for tag in [
        "[White \"VI-Player\"]".to_owned(),
        "[Black \"Online-Opponent\"]".into(),
        "[WhiteElo \"1712\"]".into(),
        "[BlackElo \"2034\"]".into(),
        "[BlackTitle \"FM\"]".into(),
        "[Event \"Rated Rapid game\"]".into(),
        format!("[Site \"{}/{}\"]", server.url, lichess::GAME),
        "[TimeControl \"900+5\"]".into(),
        "[Result \"1-0\"]".into(),
    ] {
        assert!(pgn.contains(&tag), "{tag} in {pgn}");
    }
    let names: Vec<String> = std::fs::read_dir(&games)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    for ext in [".brf", ".pdf"] {
        assert!(names.iter().any(|n| n.ends_with(ext)), "{ext} in {names:?}");
    }
}

#[test]
fn a_token_file_others_can_read_stops_play_before_anything_is_sent() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let server = runtime.block_on(StandIn::start(World::new(Color::White)));
    let dir = tempfile::tempdir().unwrap();
    let (config, _) = init(dir.path(), &server.url);
    use std::os::unix::fs::PermissionsExt as _;
    let token = dir.path().join("lichess.token");
    std::fs::set_permissions(&token, std::fs::Permissions::from_mode(0o644)).unwrap();
    let out = annabella()
        .args(["play", "--config"])
        .arg(&config)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("others on this machine can read it (mode 644)")
            && stderr.contains("chmod 600"),
        "{stderr}"
    );
    assert!(!stderr.contains(lichess::TOKEN), "{stderr}");
    assert_eq!(server.count("/"), 0, "nothing was sent to Lichess");
}
