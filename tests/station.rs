//! End-to-end tests of the table: `annabella demo` with simulated devices on
//! pseudo-terminals, `journal replay`, `export`, and the crash test (SIGKILL at random
//! points of a demo game; the journal must give back every move the players were told
//! of, with the clocks).

use std::{
    io::{BufRead, BufReader},
    path::Path,
    process::{Command, Stdio},
    sync::mpsc,
    thread,
    time::{Duration, Instant, SystemTime},
};

use annabella_test_support::process::output_with_input;
use serde_json::Value;

fn annabella() -> Command {
    Command::new(env!("CARGO_BIN_EXE_annabella"))
}

fn replay(journal: &Path) -> Value {
    let out = annabella()
        .args(["journal", "replay", "--json"])
        .arg(journal)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "journal replay failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn secs(v: &Value) -> f64 {
    // Durations are serde's {secs, nanos}.
    v["secs"].as_f64().unwrap() + v["nanos"].as_f64().unwrap() / 1e9
}

#[test]
fn the_demo_plays_its_game_to_the_end_and_writes_the_records() {
    let dir = tempfile::tempdir().unwrap();
    let out = annabella()
        .args(["demo", "--text", "--json", "--out"])
        .arg(dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "demo failed: {stderr}");
    assert!(stderr.contains("game over: 1-0"), "{stderr}");

    let lines: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let said: Vec<&str> = lines
        .iter()
        .filter(|l| l["effect"]["effect"] == "announce")
        .map(|l| l["effect"]["text"].as_str().unwrap())
        .collect();
    assert!(said.contains(&"Eva zwei Eva vier"), "{said:?}");
    assert!(said.iter().any(|s| s.contains("Schachmatt")), "{said:?}");
    // Every input came over the real serial links from the simulators or the script.
    let inputs: Vec<&str> = lines
        .iter()
        .filter_map(|l| l["input"]["input"].as_str())
        .collect();
    for kind in [
        "peg_lift",
        "peg_place",
        "sighted_board",
        "lever",
        "heard",
        "start",
    ] {
        assert!(inputs.contains(&kind), "no {kind} in {inputs:?}");
    }

    let pgn = std::fs::read_to_string(dir.path().join("game.pgn")).unwrap();
    assert!(
        pgn.contains("1. e4 {[%clk 1:30:2") && pgn.contains("4. Qxf7#"),
        "{pgn}"
    );
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    let brf = std::fs::read_to_string(dir.path().join("game.brf")).unwrap();
    assert!(
        brf.lines().all(|l| l.trim_end_matches('\r').len() <= 40),
        "{brf}"
    );
    assert!(
        brf.contains("#D' DXF#G@#"),
        "4. Dxf7# in German Braille: {brf}"
    );

    let view = replay(&dir.path().join("game.journal"));
    assert_eq!(view["result"]["result"], "1-0");
    assert_eq!(view["moves"].as_array().unwrap().len(), 7);

    let exported = annabella()
        .args(["export", "pgn"])
        .arg(dir.path().join("game.journal"))
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&exported.stdout), pgn);
    let exported = annabella()
        .args(["export", "brf"])
        .arg(dir.path().join("game.journal"))
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&exported.stdout), brf);
}

#[test]
fn a_bad_script_line_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("bad.txt");
    std::fs::write(&script, "start\nvi: Bauer Eva vier\npeg: jump e2\n").unwrap();
    let out = annabella()
        .args(["demo", "--text", "--script"])
        .arg(&script)
        .arg("--out")
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("bad.txt: line 3: peg"), "{stderr}");
}

#[test]
fn an_announcement_that_never_comes_fails_the_demo_naming_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("s.txt");
    std::fs::write(
        &script,
        "start\nvi: Bauer Eva vier\nexpect: Turm Anna acht\n",
    )
    .unwrap();
    let out = annabella()
        .args(["demo", "--text", "--script"])
        .arg(&script)
        .arg("--out")
        .arg(dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(stderr.contains("script line 3"), "{stderr}");
    assert!(
        stderr.contains("Eva zwei Eva vier"),
        "what was heard is listed: {stderr}"
    );
    // The journal keeps what happened.
    let view = replay(&dir.path().join("game.journal"));
    assert_eq!(view["said_words"], "Eva zwei Eva vier");
}

/// What the killed process had told the world: moves recorded and the last clock set.
#[derive(Debug, Default)]
struct Told {
    moves: Vec<String>,
    clock: Option<(u64, f64, f64, Option<String>)>,
}

fn run_and_kill(dir: &Path, after: Duration) -> Told {
    let mut child = annabella()
        .args(["demo", "--text", "--json", "--out"])
        .arg(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    let reader = thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let end = Instant::now() + after;
    let mut told = Told::default();
    let take = |line: String, told: &mut Told| {
        let v: Value = serde_json::from_str(&line).unwrap();
        let e = &v["effect"];
        if e["effect"] == "record_move" {
            told.moves.push(e["san"].as_str().unwrap().to_owned());
        }
        if e["effect"] == "clock" && e["clock"] == "set" {
            told.clock = Some((
                v["at_ms"].as_u64().unwrap(),
                secs(&e["white"]),
                secs(&e["black"]),
                e["running"].as_str().map(str::to_owned),
            ));
        }
    };
    while let Ok(line) = rx.recv_timeout(end.saturating_duration_since(Instant::now())) {
        take(line, &mut told);
        if Instant::now() >= end {
            break;
        }
    }
    // SIGKILL: no destructor, no flush, no goodbye.
    let _ = child.kill();
    let _ = child.wait();
    // Lines already written before the kill still count as told.
    while let Ok(line) = rx.recv_timeout(Duration::from_millis(200)) {
        take(line, &mut told);
    }
    let _ = reader.join();
    told
}

#[test]
fn a_killed_station_loses_no_move_and_keeps_the_clocks() {
    // Replay a failure with ANNABELLA_TEST_SEED=<the seed printed>.
    let seed = match std::env::var("ANNABELLA_TEST_SEED") {
        Ok(s) => s
            .parse()
            .unwrap_or_else(|_| panic!("ANNABELLA_TEST_SEED={s:?}: expected a number")),
        Err(_) => SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .unwrap()
            .as_nanos() as u64,
    };
    eprintln!("crash test seed {seed} (replay: ANNABELLA_TEST_SEED={seed})");
    let mut state = seed | 1;
    let mut random = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    // Kill points spread over the whole demo game (about 12 s), each jittered. The runs
    // are independent (a directory each), so four go at a time; each is checked alike.
    let points: Vec<u64> = (0..8).map(|i| 700 + i * 1500 + random() % 1400).collect();
    let runs: Vec<(u64, tempfile::TempDir, Told)> = points
        .chunks(4)
        .flat_map(|wave| {
            thread::scope(|scope| {
                let handles: Vec<_> = wave
                    .iter()
                    .map(|&at| {
                        scope.spawn(move || {
                            let dir = tempfile::tempdir().unwrap();
                            let told = run_and_kill(dir.path(), Duration::from_millis(at));
                            (at, dir, told)
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a kill run"))
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    for (at, dir, told) in runs {
        eprintln!("the run killed after {at} ms:");
        let view = replay(&dir.path().join("game.journal"));
        let moves: Vec<String> = view["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_owned())
            .collect();
        let context = format!("seed {seed}, killed after {at} ms: told {told:?}, replayed {view}");
        assert!(
            moves.len() >= told.moves.len() && moves[..told.moves.len()] == told.moves[..],
            "a move was lost: {context}"
        );
        assert!(moves.len() <= told.moves.len() + 1, "{context}");
        if moves.len() == told.moves.len()
            && let Some((at_ms, white, black, running)) = &told.clock
        {
            // The clock the killed station last set, run on to the last journalled instant.
            let last_ms = view["last_ms"].as_u64().unwrap();
            let ran = last_ms.saturating_sub(*at_ms) as f64 / 1000.0;
            let (mut w, mut b) = (*white, *black);
            match running.as_deref() {
                Some("white") => w -= ran,
                Some("black") => b -= ran,
                _ => {}
            }
            let (rw, rb) = (secs(&view["white_time"]), secs(&view["black_time"]));
            assert!(
                (rw - w).abs() <= 1.0 && (rb - b).abs() <= 1.0,
                "clocks {rw}/{rb}, expected {w}/{b}: {context}"
            );
        }
    }
}

/// A `table.toml` in `dir`: five minutes plus two seconds, simulated devices, the VI
/// player's voice as text, records in `dir/records`.
fn sim_table(dir: &Path) -> std::path::PathBuf {
    let config = dir.join("table.toml");
    std::fs::write(
        &config,
        "[game]\ntime_control = \"300+2\"\n[devices]\npeg_board = \"sim\"\ndgt = \"sim\"\nclock = \"sim\"\n\
         [voice.vi]\nbackend = \"text\"\n[records]\ndir = \"records\"\n",
    )
    .unwrap();
    config
}

fn play(config: &Path, input: &str) -> std::process::Output {
    play_with(config, &[], input)
}

fn play_with(config: &Path, flags: &[&Path], input: &str) -> std::process::Output {
    output_with_input(
        annabella()
            .args(["play", "--json", "--config"])
            .arg(config)
            .args(flags),
        input.as_bytes(),
        std::time::Duration::from_secs(240),
    )
}

#[test]
fn play_continues_the_game_of_its_journal_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let config = sim_table(dir.path());
    let first = "wait 800\nstart\nwait 300\nBauer Eva vier\npeg: move e2e4\nwait 900\nclock: lever white\nwait 500\n";
    let out = play(&config, first);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("simulated peg board on"), "{stderr}");
    let journal = dir.path().join("records/game.journal");
    assert_eq!(replay(&journal)["moves"], serde_json::json!(["e4"]));

    // Restarted: the peg board and DGT board simulators start from the game position.
    let second = "wait 800\ndgt: move e7e5\nwait 900\nclock: lever black\nwait 500\n";
    let out = play(&config, second);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("continuing the game"), "{stderr}");
    let view = replay(&journal);
    assert_eq!(view["moves"], serde_json::json!(["e4", "e5"]), "{stderr}");
    assert!(dir.path().join("records/game.pgn").exists());
}

#[test]
fn play_refuses_to_start_without_its_devices_and_names_each() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("table.toml");
    let missing = dir.path().join("ttyUSB9");
    std::fs::write(
        &config,
        format!(
            "[game]\ntime_control = \"300+2\"\n[devices]\npeg_board = \"{}\"\ndgt = \"/dev/null\"\n\
             clock = \"{}\"\n[voice.vi]\nbackend = \"text\"\n[records]\ndir = \"records\"\n",
            missing.display(),
            dir.path().display()
        ),
    )
    .unwrap();
    let out = play(&config, "");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    for key in ["devices.peg_board", "devices.dgt", "devices.clock"] {
        assert!(stderr.contains(key), "{key} is named: {stderr}");
    }
    assert!(
        stderr.contains("ttyUSB9") && stderr.contains("/dev/null"),
        "{stderr}"
    );
    assert!(stderr.contains("--allow-missing"), "{stderr}");
    assert!(
        !dir.path().join("records/game.journal").exists(),
        "no game was started"
    );

    // Told to go on without them, the table starts (and keeps trying the devices).
    let out = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(["play", "--allow-missing", "--config"])
        .arg(&config)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("playing on without it"), "{stderr}");
    assert!(dir.path().join("records/game.journal").exists(), "{stderr}");
}

#[test]
fn a_broken_config_names_every_problem() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("table.toml");
    std::fs::write(
        &config,
        "[game]\ntime_control = \"fast\"\n[players]\nvi = \"both\"\n[devices]\ndgt = \"\"\n",
    )
    .unwrap();
    let out = play(&config, "");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("3 problems"), "{stderr}");
    for key in ["game.time_control", "players.vi", "devices.dgt"] {
        assert!(stderr.contains(&format!("\n  {key}: ")), "{key}: {stderr}");
    }
    assert!(!dir.path().join("games").exists(), "nothing is created");
}

#[test]
fn play_resumes_an_adjourned_game_with_its_sealed_move() {
    let dir = tempfile::tempdir().unwrap();
    let config = sim_table(dir.path());
    let journal = dir.path().join("records/game.journal");
    let resume =
        |input: &str| play_with(&config, &[Path::new("--resume"), journal.as_path()], input);
    // 1. e4 e5, adjourned: White (the VI player) seals Nf3; the session ends.
    let first = "wait 800\nstart\nwait 300\nBauer Eva vier\npeg: move e2e4\nwait 900\n\
                 clock: lever white\nwait 300\ndgt: move e2e4\nwait 400\ndgt: move e7e5\nwait 600\n\
                 clock: lever black\npeg: move e7e5\nwait 500\narbiter: adjourn\n\
                 Springer Felix drei\nwait 500\n";
    let out = play(&config, first);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let adjourned = replay(&journal);
    assert_eq!(adjourned["moves"], serde_json::json!(["e4", "e5"]));
    assert_eq!(adjourned["running"], Value::Null, "{adjourned}");

    // Resumed: the sealed move is made at once, Black's clock runs, the game goes on.
    let second =
        "wait 800\npeg: move g1f3\nwait 300\ndgt: move g1f3\nwait 600\nsighted: resign\nwait 500\n";
    let out = resume(second);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let lines: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    let resumed_at = lines
        .iter()
        .find(|l| l["kind"] == "input" && l["input"]["action"] == "resume")
        .unwrap_or_else(|| panic!("no resume input: {stderr}"))["at_ms"]
        .as_u64()
        .unwrap();
    let recorded = lines
        .iter()
        .find(|l| l["kind"] == "effect" && l["effect"]["effect"] == "record_move")
        .expect("the sealed move recorded");
    assert_eq!(recorded["effect"]["san"], "Nf3");
    assert_eq!(recorded["at_ms"].as_u64(), Some(resumed_at));
    assert!(
        lines.iter().any(|l| l["effect"]["effect"] == "clock"
            && l["effect"]["running"] == "black"
            && l["at_ms"].as_u64() == Some(resumed_at)),
        "Black's clock starts at the resumption"
    );
    // Times continue from the journal: the resumption is no earlier than its last record.
    assert!(resumed_at >= adjourned["last_ms"].as_u64().unwrap());
    let view = replay(&journal);
    assert_eq!(
        view["moves"],
        serde_json::json!(["e4", "e5", "Nf3"]),
        "{stderr}"
    );
    assert_eq!(view["result"]["result"], "1-0", "{view}");

    // A finished game, or one never adjourned, is not resumed: one clear error.
    let out = resume("");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("--resume") && stderr.contains("the game is over"),
        "{stderr}"
    );
    let other = tempfile::tempdir().unwrap();
    let out = play_with(
        &config,
        &[Path::new("--resume"), &other.path().join("game.journal")],
        "",
    );
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no such journal"));
}

#[test]
fn play_resume_refuses_a_game_that_was_not_adjourned() {
    let dir = tempfile::tempdir().unwrap();
    let config = sim_table(dir.path());
    let out = play(&config, "wait 800\nstart\nwait 300\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let journal = dir.path().join("records/game.journal");
    let out = play_with(&config, &[Path::new("--resume"), journal.as_path()], "");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no sealed move"), "{stderr}");
    // Nothing was added to the journal.
    assert_eq!(replay(&journal)["moves"], serde_json::json!([]));
}

/// Issue 26, item 9: `demo --out` never overwrites an earlier game's PGN or BRF, even
/// without its journal beside them: the game goes to the first free numbered directory.
#[test]
fn demo_out_never_overwrites_an_earlier_pgn_or_brf() {
    let dir = tempfile::tempdir().unwrap();
    let (pgn, brf) = (dir.path().join("game.pgn"), dir.path().join("game.brf"));
    std::fs::write(&pgn, "[Event \"kept\"]\n\n1. d4 *\n").unwrap();
    std::fs::write(&brf, "KEPT\r\n").unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/scripts/correction-before-press.txt");
    let out = annabella_test_support::process::output_within(
        annabella()
            .args(["demo", "--text", "--json", "--script"])
            .arg(&script)
            .arg("--out")
            .arg(dir.path()),
        annabella_test_support::process::DEMO_LIMIT,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "demo failed: {stderr}");
    assert!(stderr.contains("earlier game's records"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&pgn).unwrap(),
        "[Event \"kept\"]\n\n1. d4 *\n"
    );
    assert_eq!(std::fs::read_to_string(&brf).unwrap(), "KEPT\r\n");
    assert!(!dir.path().join("game.journal").exists());
    let second = dir.path().join("2");
    assert!(second.join("game.journal").exists(), "{stderr}");
    assert!(second.join("game.pgn").exists(), "{stderr}");
}

/// Issue 26, item 6: a Lithuanian name starting with Ž or Š (no cell in lt.ctb with the
/// BRF display table), CJK and an emoji no longer drop the Braille scoresheet: the game
/// ends with its BRF, the accented capitals after the accent sign, the rest as the full
/// cell with a note on the sheet.
#[test]
fn names_without_braille_cells_keep_the_braille_scoresheet() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("table.toml");
    std::fs::write(
        &config,
        "[players]\nwhite = \"Žydrūnas Šimkus\"\nblack = \"李明 😀\"\n\
         [devices]\npeg_board = \"sim\"\ndgt = \"sim\"\nclock = \"sim\"\n\
         [voice.vi]\nbackend = \"text\"\n[records]\ndir = \"out\"\nbraille_table = \"lt.ctb\"\n",
    )
    .unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/scripts/correction-before-press.txt");
    let out_dir = dir.path().join("out");
    let out = annabella_test_support::process::output_within(
        annabella()
            .args(["demo", "--text", "--config"])
            .arg(&config)
            .arg("--script")
            .arg(&script)
            .arg("--out")
            .arg(&out_dir),
        annabella_test_support::process::DEMO_LIMIT,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "demo failed: {stderr}");
    let brf_written = format!(
        "Die Datei {} ist geschrieben.",
        out_dir.join("game.brf").display()
    );
    assert!(stderr.contains(&brf_written), "{stderr}");
    assert!(
        !stderr.contains("Das Braille-Partieformular ist nicht geschrieben worden"),
        "{stderr}"
    );
    let brf = std::fs::read_to_string(out_dir.join("game.brf")).expect("the BRF is written");
    assert!(
        brf.chars()
            .all(|c| (' '..='_').contains(&c) || "\r\n\x0c".contains(c)),
        "{brf}"
    );
    assert!(brf.contains("@ZYDR"), "Ž after the accent sign: {brf}");
    assert!(brf.contains("@SIMKUS"), "Š after the accent sign: {brf}");
    assert!(brf.contains("== ="), "李明 😀 as full cells: {brf}");
    assert!(brf.contains("FULL CELL"), "the note: {brf}");
    let pgn = std::fs::read_to_string(out_dir.join("game.pgn")).unwrap();
    assert!(pgn.contains("[White \"Žydrūnas Šimkus\"]"), "{pgn}");
}

#[test]
fn a_closed_pipe_leaves_the_demo_to_play_its_game_quietly() {
    // `demo --json | head -1`: the table plays on to the end, its records written.
    let dir = tempfile::tempdir().unwrap();
    let out = annabella_test_support::process::output_with_stdout_closed(
        annabella()
            .args(["demo", "--text", "--json", "--out"])
            .arg(dir.path()),
        annabella_test_support::process::DEMO_LIMIT,
    );
    annabella_test_support::process::assert_quiet_on_a_closed_pipe(&out, "demo --json");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("game over: 1-0"), "{stderr}");
    assert!(dir.path().join("game.pgn").exists(), "{stderr}");
}
