//! A table with what a club already owns: the sighted player's DGT board with a DGT 3000
//! on its cable, the VI player's ordinary tactile set (no sensors) and typed or spoken
//! words. From `init` over a simulated DGT board on a pseudo-terminal, through `doctor`,
//! to a whole game played with `annabella play` and the demo's club set-up.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use annabella_test_support::process::{Killed, first_line, output_with_input};
use serde_json::Value;

fn annabella() -> Command {
    Command::new(env!("CARGO_BIN_EXE_annabella"))
}

/// `annabella sim dgt --link LINK [--script SCRIPT]`: a DGT board with a DGT 3000 behind a
/// stable name; the script (if any) runs once the station has opened the port.
fn dgt_sim(link: &Path, script: Option<&Path>) -> Killed {
    let mut cmd = annabella();
    cmd.args(["sim", "dgt", "--link"]).arg(link);
    if let Some(s) = script {
        cmd.arg("--script").arg(s);
    }
    let child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start annabella sim dgt");
    let (child, line) = first_line(child);
    assert_eq!(line, link.to_str().unwrap(), "sim printed {line:?}");
    child
}

fn text(out: &std::process::Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn replay(journal: &Path) -> Value {
    let out = annabella()
        .args(["journal", "replay", "--json"])
        .arg(journal)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out).1);
    serde_json::from_slice(&out.stdout).unwrap()
}

/// `annabella init --non-interactive` over these ports.
fn init(dir: &Path, ports: &[&Path]) -> (PathBuf, String) {
    let config = dir.join("table.toml");
    let mut cmd = annabella();
    cmd.args(["init", "--non-interactive", "--no-devices", "--out"])
        .arg(&config);
    for p in ports {
        cmd.arg("--port").arg(p);
    }
    let out = cmd
        .args(["--white", "Anna Muster", "--black", "Bella Beispiel"])
        .args(["--time-control", "5400+30", "--records"])
        .arg(dir.join("games"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let (_, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    (config, stderr)
}

fn doctor_checks(config: &Path) -> (bool, Vec<Value>) {
    let out = annabella()
        .args(["doctor", "--json", "--config"])
        .arg(config)
        .output()
        .unwrap();
    let checks = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    (out.status.success(), checks)
}

fn status<'a>(checks: &'a [Value], name: &str) -> &'a str {
    checks
        .iter()
        .find(|c| c["check"] == name)
        .unwrap_or_else(|| panic!("no check {name}: {checks:?}"))["status"]
        .as_str()
        .unwrap()
}

#[test]
fn a_club_game_is_played_from_init_to_the_result_with_the_dgt_3000_lever() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("usb-DGT_board-if00");
    // The sighted player's side of the game, on the DGT board and the DGT 3000, timed
    // from the moment the station opens the port.
    let script = dir.path().join("sighted.jsonl");
    std::fs::write(
        &script,
        "wait_host\n\
         wait 3000\nlever white\nwait 500\nmove e2e4\nwait 1000\nmove e7e5\nwait 1000\nlever black\n\
         wait 2500\nlever white\nwait 500\nmove f1c4\nwait 1000\nmove b8c6\nwait 1000\nlever black\n\
         wait 2500\nlever white\nwait 500\nmove d1h5\nwait 1000\nmove g8f6\nwait 1000\nlever black\n\
         wait 2500\nlever white\nwait 500\nmove h5f7\n",
    )
    .unwrap();

    // init finds the DGT board with its clock and writes a table that can play; doctor
    // passes it.
    let probe = dgt_sim(&link, None);
    let (config, said) = init(dir.path(), &[&link]);
    assert!(
        said.contains("antwortet ein DGT-Brett (Firmware ")
            && said.contains("), mit einer DGT 3000 an seinem Kabel."),
        "{said}"
    );
    assert!(
        said.contains("Es gibt kein Steckbrett: Der sehbehinderte Spieler benutzt"),
        "{said}"
    );
    let written = std::fs::read_to_string(&config).unwrap();
    assert!(written.contains("peg_board = \"none\""), "{written}");
    assert!(written.contains("clock = \"dgt\""), "{written}");
    assert!(written.contains("vi_press = \"lever\""), "{written}");

    let (ok, checks) = doctor_checks(&config);
    assert_eq!(status(&checks, "device dgt"), "ok", "{checks:?}");
    let clock = checks
        .iter()
        .find(|c| c["check"] == "device clock")
        .unwrap();
    assert_eq!(clock["status"], "ok", "{checks:?}");
    assert!(
        clock["detail"]
            .as_str()
            .unwrap()
            .contains("a DGT 3000 answers"),
        "{clock}"
    );
    assert!(ok, "doctor passes the club's table: {checks:?}");
    drop(probe);

    // The game: the sighted player's side scripted on the board, from when play opens it.
    let _board = dgt_sim(&link, Some(&script));

    // The VI player types (or says) the moves; everything else happens on the DGT board.
    let vi = "wait 1000\nstart\nwait 500\nBauer Eva vier\nwait 5000\nLäufer Cäsar vier\n\
              wait 5000\nDame Hektor fünf\nwait 5000\nDame schlägt Felix sieben\nwait 4000\n";
    let out = output_with_input(
        annabella()
            .args(["play", "--json", "--config"])
            .arg(&config),
        vi.as_bytes(),
        Duration::from_secs(120),
    );
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    let levers = stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v["kind"] == "input" && v["input"]["input"] == "lever")
        .count();
    assert!(
        levers >= 7,
        "the DGT 3000's lever presses reach the table: {stdout}"
    );
    let view = replay(&dir.path().join("games/game.journal"));
    assert_eq!(
        view["moves"],
        serde_json::json!(["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]),
        "{stdout}"
    );
    assert_eq!(view["result"]["result"], "1-0", "{view}");
}

#[test]
fn init_without_any_clock_lets_the_table_press_and_play_confirms_by_word() {
    let dir = tempfile::tempdir().unwrap();
    // No port at all: no peg board, no DGT board, no clock.
    let (config, said) = init(dir.path(), &[&dir.path().join("no-such-port")]);
    assert!(
        said.contains("Es wurde keine Uhr gefunden: Der Tisch führt die Zeit selbst"),
        "{said}"
    );
    let written = std::fs::read_to_string(&config).unwrap();
    assert!(written.contains("clock = \"none\""), "{written}");
    assert!(written.contains("vi_press = \"automatic\""), "{written}");
    // The assistant types the sighted player's moves; the VI player says "gesetzt".
    let lines = "start\nwait 300\nBauer Eva vier\nwait 300\ngesetzt\nwait 300\n\
                 assistant: e7e5\nwait 300\nSpringer Felix drei\nwait 300\nplaced\nwait 500\n";
    let out = output_with_input(
        annabella()
            .args(["play", "--json", "--config"])
            .arg(&config),
        lines.as_bytes(),
        Duration::from_secs(120),
    );
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    let view = replay(&dir.path().join("games/game.journal"));
    assert_eq!(
        view["moves"],
        serde_json::json!(["e4", "e5", "Nf3"]),
        "{stdout}"
    );
    assert_eq!(view["running"], "black", "{view}");
}

/// Issue 39, item 1: game after game. At the result `play` keeps the table up; the
/// arbiter's `next game` writes the records and starts the next game in `game-2/`; the
/// finished journal is never written into again, a `play` on it goes on in the next
/// game's folder, and `--new-game` starts another.
#[test]
fn play_goes_on_game_after_game_and_never_writes_into_a_finished_journal() {
    let dir = tempfile::tempdir().unwrap();
    let (config, _) = init(dir.path(), &[&dir.path().join("no-such-port")]);
    let play = |lines: &str, extra: &[&str]| {
        let out = output_with_input(
            annabella()
                .args(["play", "--json", "--config"])
                .arg(&config)
                .args(extra),
            lines.as_bytes(),
            Duration::from_secs(120),
        );
        let (stdout, stderr) = text(&out);
        assert!(out.status.success(), "{stderr}");
        (stdout, stderr)
    };
    // Fool's mate, confirmed; the next game begins and its first move is made.
    let (stdout, stderr) = play(
        "start\nwait 300\nBauer Felix drei\nwait 300\ngesetzt\nwait 300\nassistant: e7e5\n\
         wait 300\nBauer Gustav vier\nwait 300\ngesetzt\nwait 300\nassistant: d8h4\nwait 800\n\
         next game\nwait 1500\nstart\nwait 300\nBauer Eva vier\nwait 300\ngesetzt\nwait 500\n",
        &[],
    );
    let games = dir.path().join("games");
    let first = replay(&games.join("game.journal"));
    assert_eq!(first["result"]["result"], "0-1", "{stdout}");
    let records = std::fs::metadata(games.join("game.journal")).unwrap().len();
    let pgn = std::fs::read_to_string(games.join("game.pgn")).unwrap();
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert!(
        !pgn.contains("[Date \"????.??.??\"]") && pgn.contains("[Date \"20"),
        "the day of play: {pgn}"
    );
    assert!(games.join("game.brf").is_file());
    assert!(stderr.contains("Partie 1 ist beendet: 0-1"), "{stderr}");
    let second = replay(&games.join("game-2/game.journal"));
    assert_eq!(second["moves"], serde_json::json!(["e4"]), "{stdout}");
    // Started again: game 2 goes on where it was; game 1's journal is not touched.
    play("wait 300\nassistant: e7e5\nwait 500\n", &[]);
    let second = replay(&games.join("game-2/game.journal"));
    assert_eq!(second["moves"], serde_json::json!(["e4", "e5"]));
    // --new-game: game 3, game 2 left as it is.
    let (_, stderr) = play("wait 300\n", &["--new-game"]);
    assert!(stderr.contains("game-3"), "{stderr}");
    assert!(games.join("game-3/game.journal").is_file());
    assert_eq!(
        replay(&games.join("game-2/game.journal"))["moves"],
        serde_json::json!(["e4", "e5"])
    );
    assert_eq!(
        std::fs::metadata(games.join("game.journal")).unwrap().len(),
        records,
        "the finished journal is never written into"
    );
}

/// `init` of a table without devices at board 1 of round 1 of `trf`, its records in
/// `dir/games`, with `extra` flags.
fn init_from_trf(dir: &Path, config: &Path, trf: &Path, extra: &[&str]) {
    let out = annabella()
        .args(["init", "--non-interactive", "--no-devices", "--out"])
        .arg(config)
        .arg("--port")
        .arg(dir.join("no-such-port"))
        .arg("--trf")
        .arg(trf)
        .args(["--round", "1", "--board", "1"])
        .args(extra)
        .arg("--records")
        .arg(dir.join("games"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out).1);
}

/// `play` of the fool's mate (the VI player White, losing) confirmed with `next game`:
/// what it told on standard error.
fn fools_mate_then_next_game(config: &Path) -> String {
    let out = output_with_input(
        annabella().args(["play", "--json", "--config"]).arg(config),
        "start\nwait 300\nBauer Felix drei\nwait 300\ngesetzt\nwait 300\nassistant: e7e5\n\
         wait 300\nBauer Gustav vier\nwait 300\ngesetzt\nwait 300\nassistant: d8h4\nwait 800\n\
         next game\nwait 1500\n"
            .as_bytes(),
        Duration::from_secs(120),
    );
    let (_, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    stderr
}

/// A TRF16 player line: start rank, title, name, rating, federation, FIDE id and one
/// block per round (`"   2 w 1"`).
fn trf_player(
    rank: u32,
    title: &str,
    name: &str,
    rating: &str,
    fed: &str,
    id: &str,
    rounds: &[&str],
) -> String {
    let blocks: String = rounds.iter().map(|r| format!("  {r}")).collect();
    format!(
        "001 {rank:>4} m{title:>3} {name:<33} {rating:>4} {fed:>3} {id:>11} {:<10} {:>4} {rank:>4}{blocks}",
        "1990", "0.0"
    )
}

/// Issue 39, items 1 and 3: a table made from a TRF goes on to the next round's pairing
/// at its board once the game is confirmed, the VI player followed by name, and every
/// PGN carries the day: round `N.K`, board, titles, ratings, FIDE ids, federations.
#[test]
fn with_a_trf_the_next_game_is_the_next_rounds_pairing_at_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let line = |rank, title, name, rating, fed, id, rounds: [&str; 2]| {
        trf_player(rank, title, name, rating, fed, id, &rounds)
    };
    let trf = dir.path().join("open.trf");
    std::fs::write(
        &trf,
        [
            "012 Club Open".to_owned(),
            "022 Vilnius".to_owned(),
            line(
                1,
                "GM",
                "Anna, A",
                "2500",
                "LTU",
                "12345678",
                ["   2 w  ", "   2 b  "],
            ),
            line(
                2,
                "",
                "Bert, B",
                "2000",
                "GER",
                "",
                ["   1 b  ", "   1 w  "],
            ),
        ]
        .join("\n")
            + "\n",
    )
    .unwrap();
    let config = dir.path().join("table.toml");
    init_from_trf(dir.path(), &config, &trf, &[]);
    let stderr = fools_mate_then_next_game(&config);
    let first = std::fs::read_to_string(dir.path().join("games/game.pgn")).unwrap();
    for tag in [
        "[Event \"Club Open\"]",
        "[Site \"Vilnius\"]",
        "[Round \"1.1\"]",
        "[Board \"1\"]",
        "[White \"Anna, A\"]",
        "[WhiteTitle \"GM\"]",
        "[WhiteElo \"2500\"]",
        "[WhiteFideId \"12345678\"]",
        "[WhiteFederation \"LTU\"]",
        "[BlackElo \"2000\"]",
        "[Result \"0-1\"]",
    ] {
        assert!(first.contains(tag), "{tag} in {first}");
    }
    assert!(stderr.contains("Runde 2: Bert, B – Anna, A"), "{stderr}");
    let second = std::fs::read_to_string(dir.path().join("games/game-2/game.pgn")).unwrap();
    for tag in [
        "[Round \"2.1\"]",
        "[White \"Bert, B\"]",
        "[Black \"Anna, A\"]",
        "[BlackTitle \"GM\"]",
        "[Result \"*\"]",
    ] {
        assert!(second.contains(tag), "{tag} in {second}");
    }
}

/// Issue 39: in a Swiss the VI player moves between boards, and his table follows him
/// (`init --follow-vi-player` writes his start number): after round 1 on board 1 he
/// plays round 2 on board 2 with Black, as the pairing program placed him.
#[test]
fn a_table_following_its_vi_player_takes_his_board_and_colour_in_the_next_round() {
    let dir = tempfile::tempdir().unwrap();
    let trf = dir.path().join("swiss.trf");
    // Round 1 played (Anna lost to Bert, Carl beat Dora); round 2 pairs the winners on
    // board 1 and Dora – Anna on board 2.
    let players = [
        trf_player(
            1,
            "GM",
            "Anna, A",
            "2500",
            "LTU",
            "12345678",
            &["   2 w 0", "   4 b  "],
        ),
        trf_player(
            2,
            "",
            "Bert, B",
            "2000",
            "GER",
            "",
            &["   1 b 1", "   3 b  "],
        ),
        trf_player(
            3,
            "",
            "Carl, C",
            "1900",
            "AUT",
            "",
            &["   4 w 1", "   2 w  "],
        ),
        trf_player(
            4,
            "",
            "Dora, D",
            "1800",
            "LVA",
            "",
            &["   3 b 0", "   1 w  "],
        ),
    ];
    let lines = ["012 Swiss Open".to_owned(), "022 Riga".to_owned()];
    let file = lines
        .into_iter()
        .chain(players)
        .collect::<Vec<_>>()
        .join("\n")
        + "\n";
    std::fs::write(&trf, file).unwrap();
    let config = dir.path().join("table.toml");
    init_from_trf(dir.path(), &config, &trf, &["--follow-vi-player"]);
    let written = std::fs::read_to_string(&config).unwrap();
    assert!(written.contains("vi_player = 1 "), "{written}");
    let stderr = fools_mate_then_next_game(&config);
    assert!(stderr.contains("Runde 2: Dora, D – Anna, A"), "{stderr}");
    let second = std::fs::read_to_string(dir.path().join("games/game-2/game.pgn")).unwrap();
    for tag in [
        "[Round \"2.2\"]",
        "[Board \"2\"]",
        "[White \"Dora, D\"]",
        "[Black \"Anna, A\"]",
        "[BlackTitle \"GM\"]",
    ] {
        assert!(second.contains(tag), "{tag} in {second}");
    }
}

/// Issue 39, item 5: `play` tells the table's story by default (what a person at the
/// table notices); `--verbose` gives every input and effect in words.
#[test]
fn play_tells_the_story_by_default_and_the_trace_when_verbose() {
    let dir = tempfile::tempdir().unwrap();
    let (config, _) = init(dir.path(), &[&dir.path().join("no-such-port")]);
    let lines = "start\nwait 300\nBauer Eva vier\nwait 300\ngesetzt\nwait 500\n";
    let run = |extra: &[&str]| {
        let out = output_with_input(
            annabella()
                .args(["play", "--new-game", "--config"])
                .arg(&config)
                .args(extra),
            lines.as_bytes(),
            Duration::from_secs(120),
        );
        let (stdout, stderr) = text(&out);
        assert!(out.status.success(), "{stderr}");
        stdout
    };
    let story = run(&[]);
    // The German table tells it in German, in whole sentences.
    for told in [
        "Die Partie hat begonnen.",
        "Der sehbehinderte Spieler sagte: „Bauer Eva vier“.",
        "Zug 1. e4 notiert",
        "Der sehbehinderte Spieler hört: „",
    ] {
        assert!(
            story.contains(told),
            "{told:?} missing from the story:\n{story}"
        );
    }
    for trace in ["{\"input\"", "\"input\"", "Some(", "< {", "VI player"] {
        assert!(!story.contains(trace), "{trace:?} in the story:\n{story}");
    }
    let trace = run(&["--verbose"]);
    assert_ne!(trace, story);
    assert!(
        trace.contains("{\"input\""),
        "the trace when verbose: {trace}"
    );
    assert!(trace.contains("heard"), "{trace}");
}

#[test]
fn doctor_and_play_refuse_a_table_whose_moves_could_not_start_a_clock() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("table.toml");
    std::fs::write(
        &config,
        "[devices]\npeg_board = \"none\"\ndgt = \"none\"\nclock = \"none\"\n\
         [clock]\nvi_press = \"lever\"\n[records]\ndir = \"games\"\n",
    )
    .unwrap();
    for cmd in ["doctor", "play"] {
        let out = output_with_input(
            annabella().args([cmd, "--config"]).arg(&config),
            b"",
            Duration::from_secs(60),
        );
        let (stdout, stderr) = text(&out);
        assert!(!out.status.success(), "{cmd}: {stdout}{stderr}");
        let all = format!("{stdout}{stderr}");
        assert!(
            all.contains("clock.vi_press: \"lever\" needs a clock"),
            "{cmd}: {all}"
        );
    }
}

#[test]
fn the_demo_plays_the_club_set_up_to_mate() {
    let dir = tempfile::tempdir().unwrap();
    let config = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/table-club.toml");
    let out = output_with_input(
        annabella()
            .args(["demo", "--text", "--typed", "--config"])
            .arg(&config)
            .arg("--out")
            .arg(dir.path().join("out")),
        b"",
        Duration::from_secs(240),
    );
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(stderr.contains("samples/demo-script-club.txt"), "{stderr}");
    assert!(stdout.contains("Zug 4. Dxf7# notiert"), "{stdout}");
    assert!(
        stdout.contains("Weiß eine Stunde"),
        "the DGT 3000's first button asks the time: {stdout}"
    );
    let pgn = std::fs::read_to_string(dir.path().join("out/game.pgn")).unwrap();
    assert!(pgn.contains("4. Qxf7#"), "{pgn}");
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
}

#[test]
fn a_dgt_3000_unplugged_mid_game_is_reported_and_the_table_keeps_the_time() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("unplugged.txt");
    std::fs::write(
        &script,
        "start\nwait 300\nvi: Bauer Eva vier\nexpect: Eva zwei Eva vier\nwait 300\n\
         dgt: lever white\nexpect: Weiß: Eva zwei Eva vier\ndgt: move e2e4\nwait 500\n\
         dgt: clock disconnected\nexpect: Die Uhr ist nicht verbunden\n\
         dgt: move e7e5\nexpect: Schwarz: Eva sieben Eva fünf\nwait 300\n\
         vi: Springer Felix drei\nexpect: Springer Gustav eins Felix drei\n\
         vi: gesetzt\nexpect: Weiß: Springer Gustav eins Felix drei\n\
         dgt: clock connected\nexpect: Die Uhr ist wieder verbunden\nwait 300\n",
    )
    .unwrap();
    let config = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/table-club.toml");
    let out = demo_json(&config, &script, &dir.path().join("out"));
    let (stdout, stderr) = text(&out);
    // The script ends before the game does: exit 1 with the journal kept.
    assert!(
        stderr.contains("the script ended before the game did"),
        "{stderr}"
    );
    let alerts: Vec<Value> = stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v["effect"]["effect"] == "arbiter_alert")
        .collect();
    assert!(
        alerts.iter().any(|a| a["effect"]["kind"] == "clock_device"
            && a["effect"]["detail"]
                .as_str()
                .unwrap()
                .contains("not connected")),
        "the arbiter is told: {alerts:?}"
    );
    // Black's move was pressed by the table (the board's move), White's by the word.
    let view = replay(&dir.path().join("out/game.journal"));
    assert_eq!(
        view["moves"],
        serde_json::json!(["e4", "e5", "Nf3"]),
        "{stdout}"
    );
    assert_eq!(view["running"], "black", "{view}");
}

/// `annabella demo --json --text --typed` with this table, script and output directory.
fn demo_json(config: &Path, script: &Path, out: &Path) -> std::process::Output {
    output_with_input(
        annabella()
            .args(["demo", "--json", "--text", "--typed", "--config"])
            .arg(config)
            .arg("--script")
            .arg(script)
            .arg("--out")
            .arg(out),
        b"",
        Duration::from_secs(240),
    )
}

/// `annabella demo` at the club table (`samples/table-club.toml`, in `language`) with the
/// script `tests/data/scripts/NAME.txt`: its JSON lines and the journal's replay.
fn club_demo(name: &str, language: &str) -> (Vec<Value>, Value) {
    club_demo_from(name, language, None, None)
}

/// [`club_demo`] from the position `start_fen`, with `time_control` instead of the club
/// table's.
fn club_demo_from(
    name: &str,
    language: &str,
    start_fen: Option<&str>,
    time_control: Option<&str>,
) -> (Vec<Value>, Value) {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let sample = root.join("samples/table-club.toml");
    let config = if language == "de" && start_fen.is_none() && time_control.is_none() {
        sample
    } else {
        // The same club table, its players speaking `language`, from `start_fen`.
        let text = std::fs::read_to_string(&sample).unwrap();
        let mut text = text
            .replace("vi = \"de\"", &format!("vi = \"{language}\""))
            .replace("sighted = \"de\"", &format!("sighted = \"{language}\""));
        if let Some(fen) = start_fen {
            text = text.replace("[game]\n", &format!("[game]\nstart_fen = \"{fen}\"\n"));
        }
        if let Some(tc) = time_control {
            text = text.replace(
                "time_control = \"40/5400+30:1800+30\"",
                &format!("time_control = \"{tc}\""),
            );
        }
        let path = dir.path().join("table-club.toml");
        std::fs::write(&path, text).unwrap();
        path
    };
    let script = root.join(format!("tests/data/scripts/{name}.txt"));
    let out = demo_json(&config, &script, &dir.path().join("out"));
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{name}: {stderr}");
    let lines = stdout
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    (lines, replay(&dir.path().join("out/game.journal")))
}

/// Milliseconds of a serialised `Duration`.
fn ms(d: &Value) -> u64 {
    d["secs"].as_u64().unwrap() * 1000 + d["nanos"].as_u64().unwrap() / 1_000_000
}

fn effects<'a>(lines: &'a [Value], kind: &'a str) -> impl Iterator<Item = &'a Value> + 'a {
    lines
        .iter()
        .filter(move |l| l["kind"] == "effect" && l["effect"]["effect"] == kind)
        .map(|l| &l["effect"])
}

/// Every recorded move's clock against the presses, to the tenth of a second: the time
/// spent is from the previous press (the start for the first) to the press that
/// completed it, the clock shows the player's previous time less that plus the 30 s
/// increment, and the press is an input of that instant (a lever, or the word).
fn clocks_follow_the_presses(lines: &[Value], start_s: u64) {
    let start = lines
        .iter()
        .find(|l| l["kind"] == "input" && l["input"]["input"] == "start")
        .unwrap()["at_ms"]
        .as_u64()
        .unwrap();
    let mut last_press = start;
    let mut time = [start_s * 1000; 2];
    let tenth = |a: u64, b: u64| a.abs_diff(b) < 100;
    for r in effects(lines, "record_move") {
        let (at, spent, clock) = (ms(&r["at"]), ms(&r["spent"]), ms(&r["clock"]));
        let side = usize::from(r["color"] == "black");
        assert!(
            tenth(spent, at - last_press),
            "{r}: spent from {last_press}"
        );
        let want = time[side] - spent + 30_000;
        assert!(tenth(clock, want), "{r}: clock, expected {want} ms");
        let pressed = lines.iter().any(|l| {
            l["kind"] == "input"
                && l["at_ms"].as_u64() == Some(at)
                && matches!(l["input"]["input"].as_str(), Some("lever" | "heard"))
        });
        assert!(pressed, "{r}: no press at {at} ms");
        time[side] = clock;
        last_press = at;
    }
}

/// Issue 38, points 1, 4, 5, 6 and 7 at the club table, German and English: the DGT
/// 3000's lever is a rocker. A refused press leaves the VI player's lever down: they are
/// told once that the word completes the move, and it does (and is answered); the
/// sighted player's copy of the announced Nf3 with their reply Nc6 stands, the word
/// then asks for the press; a press after an announcement refused as illegal goes to the
/// arbiter; a restore to ply 2 sets the move counters (39 to the control).
fn the_rocker_at_the_club_table(language: &str, words: [&str; 4]) {
    let [lever_down, press_please, to_control, illegal] = words;
    let (lines, view) = club_demo(&format!("club-lever-{language}"), language);
    let sans: Vec<&str> = effects(&lines, "record_move")
        .map(|r| r["san"].as_str().unwrap())
        .collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "d4"]);
    // Told once each time the lever stuck: after the refused press, after the press of
    // the illegal announcement, after the restore (the VI player to move, their lever
    // down); never while the opponent's press that frees it may still come.
    let notes: Vec<&Value> = effects(&lines, "announce")
        .filter(|a| a["kind"] == "lever")
        .collect();
    assert_eq!(notes.len(), 3, "{notes:?}");
    assert!(
        notes
            .iter()
            .all(|a| a["to"] == "vi_player" && a["text"].as_str().unwrap().starts_with(lever_down))
    );
    let vi: Vec<&str> = effects(&lines, "announce")
        .filter(|a| a["to"] == "vi_player")
        .map(|a| a["text"].as_str().unwrap())
        .collect();
    assert!(vi.contains(&press_please), "{vi:?}");
    assert!(vi.iter().any(|t| t.contains(to_control)), "{vi:?}");
    let alerts: Vec<&Value> = effects(&lines, "arbiter_alert").collect();
    assert!(
        alerts.iter().any(|a| a["kind"] == "press_without_move"
            && a["detail"].as_str().unwrap().contains(illegal)),
        "{alerts:?}"
    );
    clocks_follow_the_presses(&lines, 5400);
    assert_eq!(view["moves"], serde_json::json!(["e4", "e5"]), "{view}");
    assert_eq!(view["white_moves"], 1, "{view}");
    assert_eq!(view["black_moves"], 1, "{view}");
    assert_eq!(view["result"]["result"], "1-0", "{view}");
}

#[test]
fn the_rocker_is_kept_at_the_german_club_table() {
    the_rocker_at_the_club_table(
        "de",
        [
            "Ihr Hebel an der Uhr ist schon unten.",
            "Gesetzt. Bitte die Uhr drücken.",
            "Noch neununddreißig Züge",
            "Turm Anna drei",
        ],
    );
}

#[test]
fn the_rocker_is_kept_at_the_english_club_table() {
    the_rocker_at_the_club_table(
        "en",
        [
            "Your lever on the clock is already down.",
            "Done. Please press the clock.",
            "thirty-nine moves left",
            "Rook Anna three",
        ],
    );
}

/// Issue 38, point 7: a DGT 3000 unplugged after White's press, moves completed by the
/// table while it is away, then plugged back in (over the real transport, the simulated
/// DGT board on a pseudo-terminal). The table tells both players, sets it again, and its
/// lever presses reach the table again: Black's completes Nc6, White's completes Bc4,
/// each recorded at its press.
fn a_returning_clock_at_the_club_table(language: &str, back: &str) {
    let (lines, view) = club_demo(&format!("club-return-{language}"), language);
    let sans: Vec<&str> = effects(&lines, "record_move")
        .map(|r| r["san"].as_str().unwrap())
        .collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "Bc4"]);
    let back_at = lines
        .iter()
        .find(|l| {
            l["kind"] == "effect"
                && l["effect"]["effect"] == "announce"
                && l["effect"]["text"].as_str().unwrap().contains(back)
        })
        .expect("the clock's return is announced")["at_ms"]
        .as_u64()
        .unwrap();
    let levers: Vec<u64> = lines
        .iter()
        .filter(|l| l["kind"] == "input" && l["input"]["input"] == "lever")
        .filter_map(|l| l["at_ms"].as_u64())
        .filter(|at| *at > back_at)
        .collect();
    assert_eq!(levers.len(), 2, "both presses after the return: {levers:?}");
    let at: Vec<u64> = effects(&lines, "record_move")
        .skip(3)
        .map(|r| ms(&r["at"]))
        .collect();
    assert_eq!(at, levers, "each move recorded at its press");
    let alerts: Vec<&Value> = effects(&lines, "arbiter_alert")
        .filter(|a| a["kind"] == "clock_device")
        .collect();
    assert!(
        alerts
            .iter()
            .any(|a| a["detail"].as_str().unwrap().contains("is back")),
        "{alerts:?}"
    );
    assert_eq!(view["result"]["result"], "1-0", "{view}");
}

#[test]
fn a_returning_dgt_3000_takes_presses_again_at_the_german_club_table() {
    a_returning_clock_at_the_club_table("de", "Die Uhr ist wieder verbunden.");
}

#[test]
fn a_returning_dgt_3000_takes_presses_again_at_the_english_club_table() {
    a_returning_clock_at_the_club_table("en", "The clock is connected again.");
}

/// Issue 38, point 3 (7.5.2) at the club table: the sighted player's pawn goes to b1,
/// stays a pawn on the DGT board, and Black presses. The table replaces it by a queen:
/// the VI player hears the move as a promotion with check, the arbiter is informed,
/// White's clock runs.
fn an_unpromoted_pawn_at_the_club_table(language: &str, words: [&str; 3]) {
    let [replaced, heard, informed] = words;
    let (lines, view) = club_demo_from(
        &format!("club-promotion-{language}"),
        language,
        Some("8/7K/8/8/8/4k3/1p6/8 b - - 0 1"),
        None,
    );
    let sans: Vec<&str> = effects(&lines, "record_move")
        .map(|r| r["san"].as_str().unwrap())
        .collect();
    assert_eq!(sans, ["b1=Q+"]);
    let vi: Vec<&str> = effects(&lines, "announce")
        .filter(|a| a["to"] == "vi_player")
        .map(|a| a["text"].as_str().unwrap())
        .collect();
    assert_eq!(vi, [replaced, heard, informed]);
    let alerts: Vec<&Value> = effects(&lines, "arbiter_alert").collect();
    assert!(
        alerts.iter().any(|a| a["kind"] == "illegal_move"
            && a["detail"].as_str().unwrap().contains("7.5.2")),
        "{alerts:?}"
    );
    let clocks: Vec<&Value> = effects(&lines, "clock")
        .filter(|c| c["running"] == "white")
        .collect();
    assert!(
        !clocks.is_empty(),
        "White's clock runs after the queen: {lines:?}"
    );
    // Black resigns against a lone king: a draw (5.1.2).
    assert_eq!(view["moves"], serde_json::json!(["b1=Q+"]), "{view}");
    assert_eq!(view["result"]["result"], "1/2-1/2", "{view}");
}

#[test]
fn an_unpromoted_pawn_becomes_a_queen_at_the_german_club_table() {
    an_unpromoted_pawn_at_the_club_table(
        "de",
        [
            "Ihr Gegner hat einen Bauern nicht umgewandelt. Er wird durch eine Dame ersetzt.",
            "Schwarz: Bella zwei Bella eins Dame Schach",
            "Der Schiedsrichter ist informiert.",
        ],
    );
}

#[test]
fn an_unpromoted_pawn_becomes_a_queen_at_the_english_club_table() {
    an_unpromoted_pawn_at_the_club_table(
        "en",
        [
            "Your opponent did not promote a pawn. It is replaced by a queen.",
            "Black: Bella two Bella one Queen check",
            "The arbiter has been informed.",
        ],
    );
}

/// Issue 38, point 2 at the club table, White (the VI player) with 5 s for the game, K+B
/// v K+N, Bxf3 announced. Made is made: when "gesetzt" makes the move
/// before the flag, the dead position ends the game at once (5.2.2), before any press
/// or claim; in the mirror case the move is made after White's flag fell, and Black's
/// claim wins though the press comes before it.
fn made_is_made_at_the_club_table(language: &str, name: &str, result: &str, termination: &str) {
    let (lines, view) = club_demo_from(
        &format!("club-{name}-{language}"),
        language,
        Some("8/8/8/3k4/8/5n2/4B3/4K3 w - - 0 1"),
        Some("5"),
    );
    let ends: Vec<&Value> = effects(&lines, "game_over").collect();
    assert_eq!(ends.len(), 1, "{ends:?}");
    assert_eq!(ends[0]["result"], result, "{ends:?}");
    assert_eq!(ends[0]["termination"], termination, "{ends:?}");
    assert_eq!(view["result"]["result"], result, "{view}");
}

#[test]
fn a_dead_position_made_at_the_word_before_the_flag_is_drawn_at_the_german_club_table() {
    made_is_made_at_the_club_table("de", "made-is-made", "1/2-1/2", "dead-position");
    made_is_made_at_the_club_table("de", "flag-first", "0-1", "flag-fall");
}

#[test]
fn a_dead_position_made_at_the_word_before_the_flag_is_drawn_at_the_english_club_table() {
    made_is_made_at_the_club_table("en", "made-is-made", "1/2-1/2", "dead-position");
    made_is_made_at_the_club_table("en", "flag-first", "0-1", "flag-fall");
}

/// Issue 38, point 7 at the club table (15:12 for the game): `start` waits for the
/// start position on the DGT board, "gesetzt"/"done" is answered with nothing to
/// complete, the time is told in minutes and seconds, an unplugged DGT 3000 tells the VI
/// player that the word presses the clock now, and the DGT 3000's pause button is "a
/// player at the table" (the script's `expect:` lines hear each of them).
fn the_club_table_answers(language: &str, [minutes, seconds]: [&str; 2]) {
    let (lines, view) = club_demo_from(
        &format!("club-table-{language}"),
        language,
        None,
        Some("912"),
    );
    let alerts: Vec<(&str, &str)> = effects(&lines, "arbiter_alert")
        .map(|a| (a["kind"].as_str().unwrap(), a["detail"].as_str().unwrap()))
        .collect();
    assert!(
        alerts
            .iter()
            .any(|(k, d)| *k == "sighted_board_differs" && d.contains("start position")),
        "{alerts:?}"
    );
    assert!(
        alerts
            .iter()
            .any(|(k, d)| *k == "paused" && d.contains("a player at the table")),
        "{alerts:?}"
    );
    assert!(
        !alerts
            .iter()
            .any(|(_, d)| d.contains("VI player") && d.contains("stopped")),
        "the shared button is nobody's in particular: {alerts:?}"
    );
    let time = effects(&lines, "announce")
        .filter_map(|a| a["text"].as_str())
        .find(|t| t.contains(seconds))
        .expect("a time answer");
    assert_eq!(time.matches(minutes).count(), 2, "both clocks: {time}");
    assert_eq!(time.matches(seconds).count(), 2, "both clocks: {time}");
    assert_eq!(view["result"]["result"], "1-0", "{view}");
}

#[test]
fn the_german_club_table_answers_waits_and_tells() {
    the_club_table_answers("de", ["Minuten", "Sekunden"]);
}

#[test]
fn the_english_club_table_answers_waits_and_tells() {
    the_club_table_answers("en", ["minutes", "seconds"]);
}

/// Issue 39, item 4: a port another program holds open (a running table) is named busy,
/// with that program's pid, and left alone; never "plug the board in". Let go, the same
/// port passes again (the simulator behind the pseudo-terminal is the device, no holder).
#[test]
fn doctor_names_a_port_another_program_holds_as_busy_and_by_whom() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("usb-DGT_board-if00");
    let _board = dgt_sim(&link, None);
    let (config, _) = init(dir.path(), &[&link]);
    let held = std::fs::File::open(&link).unwrap();
    let holder = Killed(
        Command::new("sleep")
            .arg("60")
            .stdin(held)
            .spawn()
            .expect("sleep"),
    );
    let pid = holder.0.id();
    let (ok, checks) = doctor_checks(&config);
    assert!(!ok, "{checks:?}");
    let dgt = checks.iter().find(|c| c["check"] == "device dgt").unwrap();
    assert_eq!(dgt["status"], "fail", "{dgt}");
    let detail = dgt["detail"].as_str().unwrap();
    assert!(
        detail.contains("is busy") && detail.contains(&format!("process {pid} (sleep 60)")),
        "{detail}"
    );
    let fix = dgt["fix"].as_str().unwrap_or_default();
    assert!(
        fix.contains(&format!("stop process {pid}")) && !fix.contains("plug"),
        "{fix}"
    );
    drop(holder);
    let (_, checks) = doctor_checks(&config);
    assert_eq!(status(&checks, "device dgt"), "ok", "{checks:?}");
}
