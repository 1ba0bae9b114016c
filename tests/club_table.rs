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
    cmd.args(["init", "--non-interactive", "--out"])
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
        said.contains("with a DGT 3000 clock on its cable"),
        "{said}"
    );
    assert!(said.contains("no peg board"), "{said}");
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
    assert!(said.contains("the table keeps the time itself"), "{said}");
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
    assert!(stdout.contains("4. Qxf7#"), "{stdout}");
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
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let sample = root.join("samples/table-club.toml");
    let config = if language == "de" {
        sample
    } else {
        // The same club table, its players speaking `language`.
        let text = std::fs::read_to_string(&sample).unwrap();
        let text = text
            .replace("vi = \"de\"", &format!("vi = \"{language}\""))
            .replace("sighted = \"de\"", &format!("sighted = \"{language}\""));
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
