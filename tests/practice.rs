//! Practice at home against a real UCI engine (Debian's Stockfish, `/usr/games/stockfish`):
//! a game to its result through `annabella demo`, the engine's options and strength seen
//! in its own input, an engine killed mid-game (the game kept, adjourned, and resumed
//! with another engine by `annabella play`), engines that hang or print garbage, and
//! take-back and hint refused at a table without an engine.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

use annabella_test_support::process::{output_with_input, output_within};

const STOCKFISH: &str = "/usr/games/stockfish";
const LIMIT: Duration = Duration::from_secs(120);

fn annabella() -> Command {
    Command::new(env!("CARGO_BIN_EXE_annabella"))
}

fn text(out: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn samples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("samples")
}

/// An executable shell script `name` in `dir`.
fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// samples/table-practice.toml with its `[opponent]` engine (and any other lines)
/// replaced, and its records in `dir/games`.
fn practice_config(dir: &Path, engine: &Path, extra: &str) -> PathBuf {
    let mut sample = std::fs::read_to_string(samples().join("table-practice.toml")).unwrap();
    if !engine.to_string_lossy().contains("stockfish") {
        // A scripted engine has none of Stockfish's options.
        sample = sample.replace("options = { Threads = 1, Hash = 16 }", "");
    }
    let text = sample
        .replace(
            "engine = \"stockfish\"",
            &format!("engine = {:?}", engine.display().to_string()),
        )
        .replace(
            "dir = \"games\"",
            &format!("dir = {:?}", dir.join("games").display().to_string()),
        )
        + extra;
    let path = dir.join("table.toml");
    std::fs::write(&path, text).unwrap();
    path
}

/// `annabella demo --text --typed --config CONFIG [--script SCRIPT] --out OUT`.
fn demo(config: &Path, script: Option<&Path>, out: &Path) -> Output {
    let mut cmd = annabella();
    cmd.args(["demo", "--text", "--typed", "--config"])
        .arg(config);
    if let Some(s) = script {
        cmd.arg("--script").arg(s);
    }
    output_within(cmd.arg("--out").arg(out), LIMIT)
}

#[test]
fn a_practice_game_against_stockfish_reaches_its_result_with_options_and_strength_in_its_input() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("engine-input.txt");
    // The engine's standard input, teed: what the table told it.
    let tee = script(
        dir.path(),
        "stockfish-tee.sh",
        &format!("tee {:?} | exec {STOCKFISH}\n", log.display().to_string()),
    );
    let config = practice_config(dir.path(), &tee, "");
    let out = demo(&config, None, &dir.path().join("out"));
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    // The arbiter's terminal is told the result and how the game ended, in German.
    assert!(
        stderr.contains("Die Partie ist beendet: 0-1 (Aufgabe)."),
        "{stderr}"
    );
    for heard in [
        "Vorschlag der Engine:",
        "Bewertung: Sie stehen um",
        "Zurückgenommen: zwei Halbzüge",
        "Weiß bietet Remis an.",
        "Partie beendet: Schwarz gewinnt, Aufgabe.",
    ] {
        assert!(stdout.contains(heard), "{heard:?} not heard:\n{stdout}");
    }
    let pgn = std::fs::read_to_string(dir.path().join("out/game.pgn")).unwrap();
    assert!(pgn.contains("[Black \"Stockfish 15.1\"]"), "{pgn}");
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    // One thread, fixed nodes, full strength: the same game every time (the taken-back
    // 1. e4 is not on the scoresheet).
    let moves: String = pgn
        .lines()
        .skip_while(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(
        moves
            .split_whitespace()
            .filter(|w| !w.starts_with('{') && !w.ends_with('}'))
            .collect::<Vec<_>>()
            .join(" "),
        GAME,
        "{pgn}"
    );
    let sent = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = sent.lines().collect();
    for line in [
        "uci",
        "setoption name Hash value 16",
        "setoption name Threads value 1",
        "isready",
        "ucinewgame",
        "position startpos moves e2e4",
        "go nodes 20000",
        "position startpos moves g1f3",
        "quit",
    ] {
        assert!(
            lines.contains(&line),
            "{line:?} never reached the engine:\n{sent}"
        );
    }
    assert!(
        !sent.contains("UCI_Elo") && !sent.contains("Skill"),
        "full strength: {sent}"
    );
    // The journal replays to the same end.
    let replay = annabella()
        .args(["journal", "replay", "--json"])
        .arg(dir.path().join("out/game.journal"))
        .output()
        .unwrap();
    let replayed: serde_json::Value = serde_json::from_slice(&replay.stdout).unwrap();
    assert_eq!(replayed["result"]["result"], "0-1", "{replayed}");
    // The practice game reviewed in German, with the engine's analysis at each move.
    let out = output_with_input(
        annabella()
            .args(["review", "--nodes", "20000"])
            .arg(dir.path().join("out/game.journal")),
        "vor\nvor\nBewertung\nbester Zug\nZug 2\nZüge\nkey LNUP\nAnfang\nzurück\nwo ist mein Springer\nnächster Fehler\nQuatsch\n".as_bytes(),
        LIMIT,
    );
    let (said, stderr) = text(&out);
    assert!(out.status.success(), "{said}\n{stderr}");
    let said: Vec<&str> = said.lines().collect();
    assert_eq!(
        said[..3],
        [
            "Partie Anna Muster gegen Stockfish 15.1, Schwarz hat gewonnen, vier Halbzüge. Sagen Sie vor, zurück, Zug zwölf, Anfang, Ende, Stellung, Züge oder Hilfe.",
            "Zug eins, Weiß: Springer Gustav eins Felix drei.",
            "Zug eins, Schwarz: Springer Gustav acht Felix sechs.",
        ],
        "{said:#?}"
    );
    assert!(said[3].starts_with("Bewertung: "), "{said:#?}");
    assert!(said[4].starts_with("Der beste Zug war "), "{said:#?}");
    assert_eq!(
        said[5..10],
        [
            "Zug zwei, Weiß: Springer Bella eins Cäsar drei.",
            "Die Züge bis hier: Springer Gustav eins Felix drei, Springer Gustav acht Felix sechs, Springer Bella eins Cäsar drei.",
            "Zug eins, Schwarz: Springer Gustav acht Felix sechs.",
            "Die Ausgangsstellung.",
            "Sie sind am Anfang der Partie.",
        ],
        "{said:#?}"
    );
    assert!(
        said[10].contains("Springer") && said[10].contains("Bella eins"),
        "{said:#?}"
    );
    assert!(
        said[11] == "Kein weiterer Fehler." || said[11].starts_with("Der nächste Fehler: "),
        "{said:#?}"
    );
    assert_eq!(
        said[12],
        "Das habe ich nicht verstanden. Sagen Sie Hilfe für die Möglichkeiten."
    );
}

#[test]
fn a_pgn_game_is_reviewed_in_english_without_an_engine() {
    let out = output_with_input(
        annabella()
            .args(["review", "--language", "en"])
            .arg(samples().join("opera-game.pgn")),
        "next\nmove 3\nwhere is my queen\nend\nnext\nposition\nevaluation\n".as_bytes(),
        LIMIT,
    );
    let (said, stderr) = text(&out);
    assert!(out.status.success(), "{said}\n{stderr}");
    let said: Vec<&str> = said.lines().collect();
    assert_eq!(
        said[..6],
        [
            "Game Paul Morphy against Duke Karl / Count Isouard, White won, thirty-three half-moves. Say next, back, move twelve, start, end, position, moves or help.",
            "Move one, White: Eva two Eva four.",
            "Move three, White: David two David four.",
            "Queen on David one",
            "Move seventeen, White: Rook David one David eight mate.",
            "That was the last move of the game.",
        ],
        "{said:#?}"
    );
    assert!(said[6].contains("David eight white Rook"), "{said:#?}");
    assert_eq!(said[7], "There is no engine evaluation of this game.");
}

/// The moves of the sample practice game.
const GAME: &str = "1. Nf3 1... Nf6 2. Nc3 2... d5 0-1";

#[test]
fn the_strength_reaches_the_engine_as_elo_or_skill_level_and_names_the_player() {
    for (setting, told, name) in [
        (
            "elo = 1500",
            &[
                "setoption name UCI_LimitStrength value true",
                "setoption name UCI_Elo value 1500",
            ][..],
            "Stockfish 15.1 (Elo 1500)",
        ),
        (
            "skill = 3",
            &["setoption name Skill Level value 3"][..],
            "Stockfish 15.1 (Skill Level 3)",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("engine-input.txt");
        let tee = script(
            dir.path(),
            "stockfish-tee.sh",
            &format!("tee {:?} | exec {STOCKFISH}\n", log.display().to_string()),
        );
        let config = practice_config(dir.path(), &tee, &format!("{setting}\n"));
        let moves = dir.path().join("resign.txt");
        std::fs::write(
            &moves,
            "start\nwait 200\nvi: aufgeben\nexpect: Wirklich aufgeben?\nvi: ja\n",
        )
        .unwrap();
        let out = demo(&config, Some(&moves), &dir.path().join("out"));
        let (stdout, stderr) = text(&out);
        assert!(out.status.success(), "{stdout}\n{stderr}");
        let sent = std::fs::read_to_string(&log).unwrap();
        let lines: Vec<&str> = sent.lines().collect();
        let ready = lines.iter().position(|l| *l == "isready").unwrap();
        for line in told {
            // Set before the engine is asked whether it is ready.
            let at = lines.iter().position(|l| l == line);
            assert!(at.is_some_and(|at| at < ready), "{line:?}: {sent}");
        }
        let pgn = std::fs::read_to_string(dir.path().join("out/game.pgn")).unwrap();
        assert!(pgn.contains(&format!("[Black \"{name}\"]")), "{pgn}");
    }
}

/// The VI player's first move; the engine (Black) is then asked for its reply.
const FIRST_MOVE: &str = "start\nwait 200\nvi: Bauer Eva vier\nexpect: Eva zwei Eva vier\nvi: gesetzt\nwait 300\nclock: lever white\n";

#[test]
fn an_engine_killed_mid_game_adjourns_the_game_and_another_engine_resumes_it() {
    let dir = tempfile::tempdir().unwrap();
    // Stockfish behind a relay that kills it when it is asked for its second move.
    let relay = script(
        dir.path(),
        "dies.sh",
        &format!(
            "fifo=\"$(dirname \"$0\")/to-engine\"; mkfifo \"$fifo\"\n\
             {STOCKFISH} < \"$fifo\" & engine=$!\n\
             exec 3> \"$fifo\"\n\
             n=0\n\
             while IFS= read -r line; do\n\
               case \"$line\" in go*) n=$((n+1)); if [ $n -ge 2 ]; then kill -9 $engine; exit 3; fi;; esac\n\
               printf '%s\\n' \"$line\" >&3\n\
             done\n"
        ),
    );
    let config = practice_config(dir.path(), &relay, "");
    let moves = dir.path().join("moves.txt");
    std::fs::write(
        &moves,
        format!(
            "{FIRST_MOVE}expect: Schwarz:\nvi: Springer Gustav eins Felix drei\nexpect: Springer Gustav eins Felix drei\nvi: gesetzt\nwait 300\nclock: lever white\nexpect: Ihr Gegner ist ausgefallen\n"
        ),
    )
    .unwrap();
    let out = demo(&config, Some(&moves), &dir.path().join("games"));
    let (stdout, stderr) = text(&out);
    assert!(!out.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains(
            "„Ihr Gegner ist ausgefallen: Das Schachprogramm hat sich beendet. Die Uhren stehen."
        ),
        "{stdout}"
    );
    assert!(!stdout.contains("exit status"), "German only: {stdout}");
    assert!(
        stderr.contains("the opponent is gone: the engine stopped (exit status: 3)."),
        "{stderr}"
    );
    assert!(
        stderr.contains("Das Skript endete vor der Partie; das Protokoll bewahrt sie auf."),
        "{stderr}"
    );
    // The game is kept: two moves of White, one of Black, the clocks stopped.
    let journal = dir.path().join("games/game.journal");
    let replay = annabella()
        .args(["journal", "replay", "--json"])
        .arg(&journal)
        .output()
        .unwrap();
    let replayed: serde_json::Value = serde_json::from_slice(&replay.stdout).unwrap();
    let view = &replayed;
    assert_eq!(view["moves"].as_array().unwrap().len(), 3, "{view}");
    assert_eq!(view["paused"], true, "{view}");
    assert!(view["result"].is_null(), "{view}");
    // Resumed with another engine (Stockfish itself): it is back, plays, and the VI
    // player resigns.
    let resumed = practice_config(dir.path(), Path::new(STOCKFISH), "");
    let out = output_with_input(
        annabella().args(["play", "--config"]).arg(&resumed),
        "aufgeben\nja\n".as_bytes(),
        LIMIT,
    );
    let (stdout, stderr) = text(&out);
    assert!(
        stdout.contains("ist wieder da. Die Uhren laufen."),
        "{stdout}\n{stderr}"
    );
    let pgn = std::fs::read_to_string(dir.path().join("games/game.pgn")).unwrap();
    assert!(
        pgn.contains("[Result \"0-1\"]"),
        "{pgn}\n{stdout}\n{stderr}"
    );
    assert!(pgn.contains("1. e4"), "{pgn}");
}

#[test]
fn an_engine_that_prints_garbage_or_hangs_is_named_in_one_sentence() {
    let dir = tempfile::tempdir().unwrap();
    // Garbage from the start: the table does not open.
    let garbage = script(
        dir.path(),
        "garbage.sh",
        "while :; do echo 'x%$ noise'; done\n",
    );
    let config = practice_config(dir.path(), &garbage, "");
    let out = demo(&config, None, &dir.path().join("a"));
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(
        stderr.contains("the opponent could not play: the engine prints no UCI (1000 lines such as \"x%$ noise\")"),
        "{stderr}"
    );
    // Silence: the bounded wait.
    let silent = script(dir.path(), "silent.sh", "exec sleep 30\n");
    let config = practice_config(dir.path(), &silent, "answer_within_ms = 500\n");
    let out = demo(&config, None, &dir.path().join("b"));
    let (_, stderr) = text(&out);
    assert!(
        stderr
            .contains("the opponent could not play: the engine did not answer uciok within 500 ms"),
        "{stderr}"
    );
    // A well-spoken engine whose best move is no move: the game is kept, adjourned.
    let liar = script(
        dir.path(),
        "liar.sh",
        "while read -r line; do case \"$line\" in uci) echo 'id name Liar'; echo uciok;; \
         isready) echo readyok;; go*) echo 'bestmove e2e5';; quit) exit 0;; esac; done\n",
    );
    let config = practice_config(dir.path(), &liar, "");
    let moves = dir.path().join("moves.txt");
    std::fs::write(
        &moves,
        format!("{FIRST_MOVE}expect: Ihr Gegner ist ausgefallen\n"),
    )
    .unwrap();
    let out = demo(&config, Some(&moves), &dir.path().join("c"));
    let (stdout, stderr) = text(&out);
    assert!(
        stdout.contains(
            "„Ihr Gegner ist ausgefallen: Das Schachprogramm hat einen unzulässigen Zug genannt. Die Uhren stehen."
        ),
        "{stdout}\n{stderr}"
    );
    // The program's own words are in the log.
    assert!(
        stderr.contains(
            "the engine's best move \"e2e5\" is not a legal move in rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1."
        ),
        "{stderr}"
    );
    assert!(stderr.contains("das Protokoll bewahrt sie auf"), "{stderr}");
}

#[test]
fn take_back_and_hint_stay_refused_at_a_table_without_an_engine() {
    let dir = tempfile::tempdir().unwrap();
    let moves = dir.path().join("moves.txt");
    let refused = "Das darf ich nicht sagen: Die Regeln verbieten dem Assistenten jede Analyse.";
    std::fs::write(
        &moves,
        format!(
            "start\nwait 300\nvi: Bauer Eva vier\nexpect: Eva zwei Eva vier\nvi: gesetzt\nwait 300\n\
             dgt: lever white\nexpect: Weiß: Eva zwei Eva vier\ndgt: move e2e4\nwait 300\n\
             dgt: move e7e5\nexpect: Schwarz: Eva sieben Eva fünf\nwait 300\ndgt: lever black\n\
             vi: Tipp\nexpect: {refused}\nvi: Bewertung\nwait 300\nvi: zurück\nwait 300\n\
             vi: aufgeben\nexpect: Wirklich aufgeben?\nvi: ja\n"
        ),
    )
    .unwrap();
    let out = demo(
        &samples().join("table-club.toml"),
        Some(&moves),
        &dir.path().join("out"),
    );
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert_eq!(stdout.matches(refused).count(), 3, "{stdout}");
    assert!(!stdout.contains("Zurückgenommen"), "{stdout}");
    let pgn = std::fs::read_to_string(dir.path().join("out/game.pgn")).unwrap();
    assert!(pgn.contains("1. e4 {[%clk"), "{pgn}");
}

/// samples/table-practice.toml starting from `fen`, its records in `dir/games`.
fn practice_from(dir: &Path, fen: &str) -> PathBuf {
    let config = practice_config(dir, Path::new(STOCKFISH), "");
    let text = std::fs::read_to_string(&config).unwrap().replace(
        "site = \"Home\"",
        &format!("site = \"Home\"\nstart_fen = \"{fen}\""),
    );
    std::fs::write(&config, text).unwrap();
    config
}

/// The VI player's king move `from`–`to` (German words), read back, set and pressed,
/// after the engine's move was announced.
fn king_move(from: &str, to: &str) -> String {
    format!(
        "expect: Schwarz:\nvi: König {from} {to}\nexpect: {from} {to}\nvi: gesetzt\nwait 300\nclock: lever white\n"
    )
}

#[test]
fn the_engine_claims_a_threefold_repetition_with_its_intended_move() {
    let dir = tempfile::tempdir().unwrap();
    // Two rooks up, the VI player walks into the engine's perpetual check: its queen's
    // checks from e1 and e2 repeat, and the third time it claims (9.2.1.1).
    let config = practice_from(dir.path(), "6k1/RR6/3q4/8/8/8/7P/7K b - - 0 1");
    let mut moves = String::from("start\nwait 200\n");
    for (from, to) in [
        ("Hektor eins", "Gustav zwei"),
        ("Gustav zwei", "Gustav eins"),
        ("Gustav eins", "Gustav zwei"),
        ("Gustav zwei", "Gustav eins"),
        ("Gustav eins", "Gustav zwei"),
    ] {
        moves += &king_move(from, to);
    }
    moves += "expect: Partie beendet\n";
    let script_path = dir.path().join("moves.txt");
    std::fs::write(&script_path, moves).unwrap();
    let log = dir.path().join("out");
    let out = demo(&config, Some(&script_path), &log);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("Partie beendet: Remis, dreimalige Stellungswiederholung reklamiert."),
        "{stdout}\n{stderr}"
    );
    let pgn = std::fs::read_to_string(log.join("game.pgn")).unwrap();
    assert!(pgn.contains("[Result \"1/2-1/2\"]"), "{pgn}");
    // The claim is on the move it intends (not played, 9.5.2): five checks and five
    // king moves are on the scoresheet.
    let moves: Vec<&str> = pgn
        .lines()
        .skip_while(|l| !l.is_empty())
        .flat_map(str::split_whitespace)
        .filter(|w| !w.starts_with('{') && !w.ends_with('}'))
        .collect();
    assert_eq!(
        moves.join(" "),
        "1... Qd1+ 2. Kg2 2... Qe2+ 3. Kg1 3... Qe1+ 4. Kg2 4... Qe2+ 5. Kg1 5... Qe1+ 6. Kg2 1/2-1/2",
        "{pgn}"
    );
}

#[test]
fn the_engine_claims_the_fifty_move_rule_with_its_intended_move() {
    let dir = tempfile::tempdir().unwrap();
    // Rook against rook, 99 half-moves without a capture or a pawn move: the engine's
    // next move makes 50 moves each, and it claims (9.3.1).
    let config = practice_from(dir.path(), "8/8/4k3/8/8/3K4/r7/7R b - - 99 80");
    let script_path = dir.path().join("moves.txt");
    std::fs::write(&script_path, "start\nwait 200\nexpect: Partie beendet\n").unwrap();
    let log = dir.path().join("out");
    let out = demo(&config, Some(&script_path), &log);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("Partie beendet: Remis, 50-Züge-Regel reklamiert."),
        "{stdout}\n{stderr}"
    );
    let pgn = std::fs::read_to_string(log.join("game.pgn")).unwrap();
    assert!(pgn.contains("[Result \"1/2-1/2\"]"), "{pgn}");
}

/// The VI player's move in `words` (its squares read back as `back`), set and pressed,
/// after the engine's move was announced.
fn vi_move(words: &str, back: &str) -> String {
    format!(
        "expect: Schwarz:\nvi: {words}\nexpect: {back}\nvi: gesetzt\nwait 300\nclock: lever white\n"
    )
}

#[test]
fn the_engine_offers_a_draw_when_its_evaluation_is_level_late_in_the_game() {
    let dir = tempfile::tempdir().unwrap();
    // Rook against rook at move 60: level at four of its moves in a row, the engine
    // offers a draw after its fourth move (9.1.2.1), and the VI player accepts.
    let config = practice_from(dir.path(), "8/8/4k3/8/8/3K4/r7/7R b - - 0 60");
    let mut moves = String::from("start\nwait 200\n");
    for (words, back) in [
        ("Turm Hektor eins Felix eins", "Hektor eins Felix eins"),
        ("Turm Felix eins Gustav eins", "Felix eins Gustav eins"),
        ("König David drei Cäsar drei", "David drei Cäsar drei"),
    ] {
        moves += &vi_move(words, back);
    }
    moves += "expect: Schwarz bietet Remis an.\nvi: Remis angenommen\nexpect: Remis annehmen?\nvi: ja\nexpect: Partie beendet\n";
    let script_path = dir.path().join("moves.txt");
    std::fs::write(&script_path, moves).unwrap();
    let log = dir.path().join("out");
    let out = demo(&config, Some(&script_path), &log);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("Partie beendet: Remis, Einigung."),
        "{stdout}\n{stderr}"
    );
    // Not before its fourth move.
    assert_eq!(
        stdout.matches("Schwarz bietet Remis an.").count(),
        1,
        "{stdout}"
    );
    let pgn = std::fs::read_to_string(log.join("game.pgn")).unwrap();
    assert!(pgn.contains("[Result \"1/2-1/2\"]"), "{pgn}");
}

#[test]
fn at_a_chess960_table_the_engine_castles_king_takes_rook() {
    let dir = tempfile::tempdir().unwrap();
    // Black's king already on g8: its rook jumps over it to f8 and mates (only Chess960
    // allows it; the engine says it as the king taking its rook, g8h8).
    let config = practice_from(dir.path(), "6kr/8/8/8/8/8/4P1P1/4RKR1 b k - 0 1");
    let toml = std::fs::read_to_string(&config)
        .unwrap()
        .replace("[game]", "[game]\nchess960 = true");
    std::fs::write(&config, toml).unwrap();
    let script_path = dir.path().join("moves.txt");
    std::fs::write(&script_path, "start\nwait 200\nexpect: Partie beendet\n").unwrap();
    let log = dir.path().join("out");
    let out = demo(&config, Some(&script_path), &log);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("„Schwarz: Kurze Rochade Matt“"),
        "{stdout}\n{stderr}"
    );
    let pgn = std::fs::read_to_string(log.join("game.pgn")).unwrap();
    assert!(pgn.contains("[Variant \"Chess960\"]"), "{pgn}");
    assert!(pgn.contains("1... O-O# {"), "{pgn}");
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
}
