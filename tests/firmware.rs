//! Issue 17: the station drives the real firmware the same way it drives the Rust
//! simulators. The peg board's and the clock's firmware images (built by
//! `make -C hardware`) run in simavr under `hardware/build/avr-harness`; `annabella sim
//! … --firmware` and `annabella demo --firmware` put them on pseudo-terminals, and the
//! games of `tests/scenarios.rs` are played again here with `--firmware` (this file
//! includes that one). Without the images these tests fail, naming the fix.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

/// The scenario games of `tests/scenarios.rs`, with the firmware.
const DEMO_FLAGS: &[&str] = &["--firmware"];

#[path = "scenarios.rs"]
mod scenarios;

use annabella_test_support::process::{Killed, first_line};
use scenarios::support;

fn build_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("hardware/build")
}

/// The image `name` in `hardware/build/`; fails with the fix when it is not built.
fn image(name: &str) -> PathBuf {
    let path = build_dir().join(name);
    assert!(
        path.is_file() && build_dir().join("avr-harness").is_file(),
        "no {} (or no avr-harness): run `make -C hardware` first",
        path.display()
    );
    path
}

/// The PGN without its clock comments (`{[%clk 1:30:28]}`: wall-clock dependent).
fn moves_and_result(pgn: &str) -> String {
    let mut out = String::new();
    let mut rest = pgn;
    while let Some(i) = rest.find("{[%clk") {
        out.push_str(&rest[..i]);
        rest = rest[i..].split_once('}').map_or("", |(_, r)| r);
    }
    out.push_str(rest);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Runs `annabella demo --text --typed` (plus `flags`) and returns the PGN it wrote.
fn demo_pgn(flags: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let out = support::output_within(
        support::demo()
            .args(["--text", "--typed", "--out"])
            .arg(dir.path())
            .args(flags),
        support::DEMO_LIMIT,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "demo {flags:?} failed: {stderr}");
    std::fs::read_to_string(dir.path().join("game.pgn")).unwrap()
}

#[test]
fn the_demo_with_the_firmware_plays_the_same_game() {
    image("tactile-board.elf");
    image("tactile-clock.elf");
    let rust = demo_pgn(&[]);
    let firmware = demo_pgn(&["--firmware"]);
    assert!(rust.contains("4. Qxf7#"), "{rust}");
    assert_eq!(moves_and_result(&firmware), moves_and_result(&rust));
}

#[test]
fn a_missing_firmware_image_names_the_fix() {
    let dir = tempfile::tempdir().unwrap();
    let out = support::output_within(
        support::demo()
            .args(["--text", "--typed", "--firmware", "--board-elf"])
            .arg(dir.path().join("nothing.elf"))
            .arg("--out")
            .arg(dir.path()),
        support::DEMO_LIMIT,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(stderr.contains("nothing.elf"), "{stderr}");
    assert!(stderr.contains("make -C hardware"), "{stderr}");
}

/// `annabella sim DEVICE --firmware ELF` with `script` on stdin; the path it printed.
fn sim(device: &str, elf: &Path, script: &str) -> (Killed, String) {
    let mut child = support::annabella()
        .args(["sim", device, "--firmware"])
        .arg(elf)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start sim");
    let mut stdin = child.stdin.take().unwrap();
    std::io::Write::write_all(&mut stdin, script.as_bytes()).unwrap();
    // Closing stdin ends nothing: the device stays plugged in until killed.
    drop(stdin);
    first_line(child)
}

/// `annabella devices watch FLAG PATH --json`: its events until `done` holds for them
/// (at most 60 s — simavr runs slower than real time on a busy machine — then whatever
/// came).
fn watch_until(flag: &str, path: &str, done: impl Fn(&[Value]) -> bool) -> Vec<Value> {
    let mut child = Command::new("timeout")
        .args(["60", env!("CARGO_BIN_EXE_annabella"), "devices", "watch"])
        .args([flag, path, "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("run watch");
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let _watch = Killed(child);
    let mut events = Vec::new();
    for line in stdout.lines() {
        let line = line.unwrap();
        events.push(serde_json::from_str(&line).unwrap_or_else(|e| panic!("{line}: {e}")));
        if done(&events) {
            break;
        }
    }
    events
}

/// The names of `events` without the link's own (`opened`, `hello`, `in_sync`,
/// `clock_times` answering HELLO: the firmware also announces itself at power-on), and
/// without a bad frame before the first `hello`: a port opened while the firmware's
/// power-on announcement was on the line starts in the middle of a frame.
fn device_events(events: &[Value]) -> Vec<&str> {
    let hello = events.iter().position(|e| e["event"] == "hello");
    events
        .iter()
        .enumerate()
        .filter(|(i, e)| !(e["event"] == "error" && hello.is_some_and(|h| *i < h)))
        .map(|(_, e)| e["event"].as_str().unwrap_or_default())
        .filter(|e| !["opened", "hello", "in_sync", "clock_times"].contains(e))
        .collect()
}

#[test]
fn peg_board_firmware_sim_and_watch_report_touch_and_move() {
    let elf = image("tactile-board.elf");
    let (_sim, path) = sim("peg-board", &elf, "wait_host\nlift g1\nplace f3\n");
    assert!(path.starts_with("/dev/pts/"), "{path}");
    let events = watch_until("--peg-board", &path, |e| device_events(e).len() >= 4);
    assert_eq!(
        device_events(&events),
        ["lift", "touched", "place", "move"],
        "{events:?}"
    );
    let touched = events.iter().find(|e| e["event"] == "touched").unwrap();
    assert_eq!(touched["piece"], "N");
    assert_eq!(events.last().unwrap()["uci"], "g1f3");
}

#[test]
fn clock_firmware_sim_and_watch_report_lever_and_button() {
    let elf = image("tactile-clock.elf");
    let (_sim, path) = sim(
        "clock",
        &elf,
        "wait_host\nlever black\n{\"button\":\"time_query\"}\n",
    );
    let events = watch_until("--clock", &path, |e| device_events(e).len() >= 2);
    assert_eq!(device_events(&events), ["lever", "button"], "{events:?}");
    let n = events.len();
    assert_eq!(events[n - 2]["side"], "black");
    assert_eq!(events[n - 1]["button"], "time_query", "{events:?}");
}
