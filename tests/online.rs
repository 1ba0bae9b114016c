//! A rated Lichess game at the table (issue 43), end to end: `annabella init` writes the
//! `[opponent]` and the token file, `annabella play` waits for the game on a stand-in
//! Lichess (127.0.0.1, every request and reply checked against Lichess's OpenAPI
//! description, `tests/data/lichess-board`) and plays it: the VI player's typed words and
//! "gesetzt" go to Lichess as UCI, the opponent's moves come to the table; the journal
//! replays the game, the PGN names the players, ratings and the game's page. The VI
//! player's words reach their endpoints (a takeback agreed, a draw offered and accepted,
//! resignation, abort, a claimed win), Lichess's news is spoken (a takeback asked, the
//! opponent gone, the players' chat, a refusal, the clocks), an aborted game is recorded
//! and not continued, and the microphone path (a real WAV through real Vosk) plays beside
//! the words. A token file others can read stops `play` before anything is sent. The real
//! lichess.org is not tried here (no network).

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
    // The VI player speaks once the game on Lichess has begun at the table.
    while !seen.iter().any(|l: &String| {
        serde_json::from_str::<Value>(l)
            .is_ok_and(|v| v["kind"] == "input" && v["input"]["input"] == "start")
    }) {
        match lines.recv_timeout(Duration::from_secs(60)) {
            Ok(l) => seen.push(l),
            Err(_) => panic!("the game never began at the table: {seen:#?}"),
        }
    }
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

/// `annabella play --json` at the table of `config`: its typed words in, its JSON lines
/// out.
struct Play {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    lines: mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Play {
    fn start(config: &Path) -> Play {
        let mut child = annabella()
            .args(["play", "--json", "--config"])
            .arg(config)
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
        let stdin = child.stdin.take().unwrap();
        let mut play = Play {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        };
        // The VI player speaks once the game on Lichess has begun at the table.
        play.until("the game's start", |l| {
            serde_json::from_str::<Value>(l)
                .is_ok_and(|v| v["kind"] == "input" && v["input"]["input"] == "start")
        });
        play
    }

    fn type_words(&mut self, words: &str) {
        writeln!(self.stdin, "{words}").unwrap();
    }

    /// Waits for a line that `ok` accepts (at most a minute).
    fn until(&mut self, what: &str, ok: impl Fn(&str) -> bool) {
        if self.seen.iter().any(|l| ok(l)) {
            return;
        }
        loop {
            match self.lines.recv_timeout(Duration::from_secs(60)) {
                Ok(l) => {
                    let found = ok(&l);
                    self.seen.push(l);
                    if found {
                        return;
                    }
                }
                Err(_) => panic!("{what} did not come: {:#?}", self.seen),
            }
        }
    }

    /// Waits until the VI player heard words containing `text`.
    fn heard(&mut self, text: &str) {
        self.until(&format!("“{text}”"), |l| {
            serde_json::from_str::<Value>(l).is_ok_and(|v| {
                v["kind"] == "effect"
                    && v["effect"]["effect"] == "announce"
                    && v["effect"]["to"] == "vi_player"
                    && v["effect"]["text"]
                        .as_str()
                        .is_some_and(|t| t.contains(text))
            })
        });
    }

    /// Waits until the table made `n` of the opponent's moves.
    fn opponent_moves(&mut self, n: usize) {
        let made = |seen: &[String]| {
            seen.iter()
                .filter_map(|l| serde_json::from_str::<Value>(l).ok())
                .filter(|v| v["kind"] == "input" && v["input"]["input"] == "opponent_move")
                .count()
        };
        while made(&self.seen) < n {
            match self.lines.recv_timeout(Duration::from_secs(60)) {
                Ok(l) => self.seen.push(l),
                Err(_) => panic!(
                    "the opponent's move {n} did not reach the table: {:#?}",
                    self.seen
                ),
            }
        }
    }

    /// Waits for `play` to end by itself; its standard error.
    fn ended(mut self) -> (std::process::ExitStatus, String, Vec<String>) {
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "play goes on after the game's end"
            );
            std::thread::sleep(Duration::from_millis(50));
        };
        let mut stderr = String::new();
        std::io::Read::read_to_string(&mut self.child.stderr.take().unwrap(), &mut stderr).unwrap();
        self.seen.extend(self.lines.try_iter());
        (status, stderr, self.seen)
    }
}

/// The journal of `dir`'s game, replayed.
fn replayed(dir: &Path) -> Value {
    let replay = annabella()
        .args(["journal", "replay", "--json"])
        .arg(dir.join("games").join("game.journal"))
        .output()
        .unwrap();
    assert!(replay.status.success());
    serde_json::from_slice(&replay.stdout).unwrap()
}

#[test]
fn the_vi_players_words_reach_lichess_and_lichess_news_is_spoken() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let mut world = World::new(Color::White);
    world.replies = ["e7e5"].map(String::from).into();
    let server = runtime.block_on(StandIn::start(world));
    server.start_game();
    server.update(|g| g.time = [612_000, 845_000]);
    let dir = tempfile::tempdir().unwrap();
    let (config, _) = init(dir.path(), &server.url);
    let mut play = Play::start(&config);
    play.type_words("Bauer Eva vier");
    play.type_words("gesetzt");
    play.opponent_moves(1);

    // The clock as Lichess reports it, on request.
    play.type_words("wie viel Zeit habe ich");
    play.heard("Schwarz vierzehn Minuten");

    // The opponent asks to take back his move: the VI player agrees by word, Lichess
    // takes it back, the table follows, and the opponent plays another.
    server.update(|g| g.takeback = [false, true]);
    play.heard("Ihr Gegner bittet, einen Zug zurückzunehmen.");
    play.type_words("annehmen");
    runtime.block_on(server.wait_until("the takeback", |w| {
        w.game.as_ref().is_some_and(|g| g.moves == ["e2e4"])
    }));
    play.until("the table taking the move back", |l| {
        l.contains("\"restore_position\"")
    });
    server.update(|g| {
        g.play("c7c5").unwrap();
    });
    play.opponent_moves(2);

    // The players' chat is spoken, printable; the spectators' is not.
    server.game_line(serde_json::json!({
        "type": "chatLine", "room": "spectator", "username": "kiebitz",
        "text": "Zuschauergeheimnis"
    }));
    server.game_line(serde_json::json!({
        "type": "chatLine", "room": "player", "username": "Online-Opponent",
        "text": "Viel\u{7} Glück\u{1b}[2J!"
    }));
    play.heard("Nachricht von Online-Opponent: Viel Glück[2J!");

    // A draw offered by word reaches Lichess; the opponent's refusal is told.
    play.type_words("Remis");
    runtime.block_on(server.wait_until("the draw offer", |w| {
        w.game.as_ref().is_some_and(|g| g.draw[0])
    }));
    server.update(|g| g.draw = [false, false]);
    play.until("the refusal", |l| l.contains("\"decline_draw\""));

    // The opponent leaves: the VI player hears it, and claims the win by word.
    play.type_words("Sieg beanspruchen");
    play.heard("Ihr Gegner ist noch in der Partie");
    server.update(|g| g.opponent_gone = true);
    server.game_line(
        serde_json::json!({"type": "opponentGone", "gone": true, "claimWinInSeconds": 0}),
    );
    play.heard("Sie können jetzt den Sieg beanspruchen");
    play.type_words("Sieg beanspruchen");
    runtime.block_on(server.wait_until("the claimed win", |w| {
        w.game.as_ref().is_some_and(|g| g.status == "timeout")
    }));
    let (status, stderr, seen) = play.ended();
    assert!(status.success(), "{stderr}");
    assert!(
        !seen.iter().any(|l| l.contains("Zuschauergeheimnis")),
        "the spectators' chat is not spoken"
    );
    server.with(|w| {
        assert_eq!(w.violations, Vec::<String>::new());
        let paths: Vec<&str> = w.log.iter().map(|l| l.path.as_str()).collect();
        for part in ["/takeback/yes", "/draw/yes", "/claim-victory"] {
            assert_eq!(
                paths.iter().filter(|p| p.contains(part)).count(),
                1,
                "{part} once in {paths:?}"
            );
        }
    });
    let view = replayed(dir.path());
    assert_eq!(view["moves"], serde_json::json!(["e4", "c5"]), "{view}");
    assert_eq!(view["result"]["result"], "1-0", "{view}");
}

#[test]
fn the_vi_player_aborts_by_word_before_the_game_has_begun() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let server = runtime.block_on(StandIn::start(World::new(Color::White)));
    server.start_game();
    let dir = tempfile::tempdir().unwrap();
    let (config, _) = init(dir.path(), &server.url);
    let mut play = Play::start(&config);
    play.type_words("Partie abbrechen");
    play.heard("Der Abbruch der Partie ist an den Server geschickt.");
    runtime.block_on(server.wait_until("the abort", |w| {
        w.game.as_ref().is_some_and(|g| g.status == "aborted")
    }));
    let (status, stderr, _) = play.ended();
    assert!(status.success(), "{stderr}");
    server.with(|w| {
        assert_eq!(w.violations, Vec::<String>::new());
        assert_eq!(
            w.log.iter().filter(|l| l.path.ends_with("/abort")).count(),
            1
        );
    });
    // The game's end is recorded: the journal says aborted, the PGN has no result and
    // says why.
    let view = replayed(dir.path());
    assert_eq!(view["aborted"], true, "{view}");
    assert!(view["result"].is_null(), "{view}");
    let games = dir.path().join("games");
    let pgn = std::fs::read_dir(&games)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "pgn"))
        .expect("a PGN");
    let pgn = std::fs::read_to_string(pgn).unwrap();
    for tag in ["[Result \"*\"]", "[Termination \"aborted\"]"] {
        assert!(pgn.contains(tag), "{tag} in {pgn}");
    }
    // The next `play` does not continue the aborted game: the next one begins, and a
    // game that started on Lichess while the table was between games is played.
    let streams_before = server.count("/api/board/game/stream/");
    server.start_game();
    let mut next = annabella()
        .args(["play", "--config"])
        .arg(&config)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = BufReader::new(next.stderr.take().unwrap());
    let (tx, said) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in stderr.lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let mut heard = Vec::new();
    let begun = loop {
        match said.recv_timeout(Duration::from_secs(60)) {
            Ok(l) if l.contains("ist beendet (*, aborted): Die nächste Partie beginnt") => {
                break true;
            }
            Ok(l) => heard.push(l),
            Err(_) => break false,
        }
    };
    if begun {
        runtime.block_on(server.wait_until("the next game's stream", |w| {
            w.log
                .iter()
                .filter(|l| l.path.contains("/api/board/game/stream/"))
                .count()
                > streams_before
        }));
    }
    next.kill().unwrap();
    let _ = next.wait();
    assert!(begun, "the aborted game is not continued: {heard:#?}");
}

#[test]
fn a_draw_offered_on_lichess_is_accepted_by_word_and_a_refused_abort_is_told() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let mut world = World::new(Color::White);
    world.replies = ["e7e5"].map(String::from).into();
    let server = runtime.block_on(StandIn::start(world));
    server.start_game();
    let dir = tempfile::tempdir().unwrap();
    let (config, _) = init(dir.path(), &server.url);
    let mut play = Play::start(&config);
    play.type_words("Bauer Eva vier");
    play.type_words("gesetzt");
    play.opponent_moves(1);
    // Two half-moves in: Lichess no longer lets the game be aborted, and says so.
    play.type_words("Partie abbrechen");
    play.heard("Der Server hat abgelehnt: The game can no longer be aborted.");
    server.update(|g| g.draw = [false, true]);
    play.until("the opponent's offer", |l| l.contains("\"offer_draw\""));
    play.type_words("Remis angenommen");
    play.type_words("ja");
    runtime.block_on(server.wait_until("the draw", |w| {
        w.game.as_ref().is_some_and(|g| g.status == "draw")
    }));
    let (status, stderr, _) = play.ended();
    assert!(status.success(), "{stderr}");
    server.with(|w| assert_eq!(w.violations, Vec::<String>::new()));
    assert_eq!(replayed(dir.path())["result"]["result"], "1/2-1/2");
}

#[test]
fn the_clocks_follow_each_opponent_move_by_setting_and_the_vi_player_resigns_by_word() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let mut world = World::new(Color::White);
    world.replies = ["e7e5"].map(String::from).into();
    let server = runtime.block_on(StandIn::start(world));
    server.start_game();
    server.update(|g| g.time = [600_000, 845_000]);
    let dir = tempfile::tempdir().unwrap();
    let (config, _) = init(dir.path(), &server.url);
    let file = std::fs::read_to_string(&config).unwrap();
    let key = "lichess_token_file = \"lichess.token\"\n";
    assert!(file.contains(key), "{file}");
    let file = file.replace(
        key,
        &format!("{key}announce_clock = true\nspectator_chat = true\n"),
    );
    std::fs::write(&config, file).unwrap();
    let mut play = Play::start(&config);
    play.type_words("Bauer Eva vier");
    play.type_words("gesetzt");
    play.opponent_moves(1);
    // The opponent's move, then both clocks as Lichess reports them, unasked.
    play.heard("Schwarz: Eva sieben Eva fünf");
    play.heard("Schwarz vierzehn Minuten");
    let said: Vec<String> = play
        .seen
        .iter()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v["kind"] == "effect" && v["effect"]["to"] == "vi_player")
        .filter_map(|v| v["effect"]["text"].as_str().map(str::to_owned))
        .collect();
    let at = |t: &str| said.iter().position(|s| s.contains(t)).unwrap();
    assert!(
        at("Eva sieben Eva fünf") < at("Schwarz vierzehn Minuten"),
        "{said:?}"
    );
    // Asked for in the table's file: the spectators' chat is read too.
    server.game_line(serde_json::json!({
        "type": "chatLine", "room": "spectator", "username": "kiebitz",
        "text": "Schöne Eröffnung"
    }));
    play.heard("Nachricht von kiebitz: Schöne Eröffnung.");
    play.type_words("ich gebe auf");
    play.type_words("ja");
    runtime.block_on(server.wait_until("the resignation", |w| {
        w.game.as_ref().is_some_and(|g| g.status == "resign")
    }));
    let (status, stderr, _) = play.ended();
    assert!(status.success(), "{stderr}");
    server.with(|w| {
        assert_eq!(w.violations, Vec::<String>::new());
        assert_eq!(
            w.log.iter().filter(|l| l.path.ends_with("/resign")).count(),
            1
        );
    });
    assert_eq!(replayed(dir.path())["result"]["result"], "0-1");
}

#[test]
fn the_microphone_path_plays_online_and_words_not_understood_never_reach_lichess() {
    use annabella_test_support::korean::{korean_wav, model_dir};
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let mut world = World::new(Color::White);
    world.replies = ["e7e5"].map(String::from).into();
    let server = runtime.block_on(StandIn::start(world));
    server.start_game();
    let dir = tempfile::tempdir().unwrap();
    let (config, _) = init(dir.path(), &server.url);
    // A real WAV through the real recogniser (the Korean test model: it knows none of
    // the German scheme's words, so the utterance is heard and not understood).
    let wav = korean_wav(dir.path(), "ko", "여섯", 2.5, 1.5);
    let file = std::fs::read_to_string(&config).unwrap();
    let lines_source = file
        .lines()
        .find(|l| l.starts_with("source = \"lines\""))
        .unwrap_or_else(|| panic!("no typed source in {file}"))
        .to_owned();
    let file = file.replace(
        &lines_source,
        &format!(
            "source = \"vosk\"\nmodel = \"{}\"\ninput = \"wav:{}\"",
            model_dir().display(),
            wav.display()
        ),
    );
    std::fs::write(&config, file).unwrap();
    let mut play = Play::start(&config);
    play.until("the utterance through the recogniser", |l| {
        serde_json::from_str::<Value>(l).is_ok_and(|v| v["kind"] == "utterance")
    });
    play.until("the answer to it", |l| {
        serde_json::from_str::<Value>(l).is_ok_and(|v| {
            v["kind"] == "effect"
                && v["effect"]["to"] == "vi_player"
                && v["effect"]["kind"] == "not_understood"
        })
    });
    assert_eq!(server.count("/move/"), 0, "nothing not understood is sent");
    // The words go on reaching Lichess beside the microphone.
    play.type_words("Bauer Eva vier");
    play.type_words("gesetzt");
    play.opponent_moves(1);
    play.type_words("ich gebe auf");
    play.type_words("ja");
    runtime.block_on(server.wait_until("the resignation", |w| {
        w.game.as_ref().is_some_and(|g| g.status == "resign")
    }));
    let (status, stderr, seen) = play.ended();
    assert!(status.success(), "{stderr}");
    let heard = seen
        .iter()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v["kind"] == "input" && v["input"]["input"] == "heard")
        .count();
    assert!(heard >= 3, "the utterance and the typed words, each heard");
    server.with(|w| {
        assert_eq!(w.violations, Vec::<String>::new());
        let moves = w.log.iter().filter(|l| l.path.contains("/move/")).count();
        assert_eq!(moves, 1, "only the move said in words");
    });
    let view = replayed(dir.path());
    assert_eq!(view["moves"], serde_json::json!(["e4", "e5"]), "{view}");
}
