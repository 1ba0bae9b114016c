//! End-to-end tests of `annabella sim` and `annabella devices watch`: a simulated device
//! on a pseudo-terminal, watched by the real binary over the real serial code.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use annabella_test_support::process::{Killed, first_line, output_within};
use serde_json::Value;
use std::time::Duration;

/// Starts `annabella sim DEVICE --script FILE` and returns it with the pty path it printed.
fn sim(device: &str, script: &str, dir: &std::path::Path) -> (Killed, String) {
    let path = dir.join(format!("{device}.jsonl"));
    std::fs::write(&path, script).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(["sim", device, "--script", path.to_str().unwrap()])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start sim");
    first_line(child)
}

/// The `event` names of watch's JSON lines, in order.
fn event_names(events: &[Value]) -> Vec<&str> {
    events
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect()
}

fn watch(flag: &str, path: &str, count: usize) -> Vec<Value> {
    let out = output_within(
        Command::new(env!("CARGO_BIN_EXE_annabella"))
            .args(["devices", "watch", flag, path, "--json", "--count"])
            .arg(count.to_string()),
        Duration::from_secs(20),
    );
    assert!(
        out.status.success(),
        "watch failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

#[test]
fn dgt_sim_and_watch_report_a_move() {
    let dir = tempfile::tempdir().unwrap();
    let (_sim, path) = sim(
        "dgt",
        "{\"wait_host\":true}\n{\"wait_ms\":500}\n{\"move\":\"e2e4\"}\n",
        dir.path(),
    );
    assert!(path.starts_with("/dev/pts/"), "{path}");
    let events = watch("--dgt", &path, 6);
    // The board's DGT 3000 reports itself when the board is opened (asked at once).
    let clock: Vec<&Value> = events
        .iter()
        .filter(|e| e["event"] == "clock_status")
        .collect();
    assert_eq!(clock.len(), 1, "{events:?}");
    assert_eq!(clock[0]["connected"], true, "{events:?}");
    let board: Vec<Value> = events
        .iter()
        .filter(|e| !e["event"].as_str().unwrap().starts_with("clock_"))
        .cloned()
        .collect();
    let names = event_names(&board);
    assert_eq!(names, ["opened", "hello", "in_sync", "move"], "{events:?}");
    assert_eq!(board[3]["uci"], "e2e4");
}

#[test]
fn peg_board_sim_and_watch_report_touch_and_move() {
    let dir = tempfile::tempdir().unwrap();
    let (_sim, path) = sim(
        "peg-board",
        "wait_host\nwait 500\nlift g1\nplace f3\n",
        dir.path(),
    );
    let events = watch("--peg-board", &path, 7);
    let names = event_names(&events);
    assert_eq!(
        names,
        [
            "opened", "hello", "in_sync", "lift", "touched", "place", "move"
        ],
        "{events:?}"
    );
    assert_eq!(events[4]["piece"], "N");
    assert_eq!(events[6]["uci"], "g1f3");
}

#[test]
fn clock_sim_and_watch_report_lever_and_button() {
    let dir = tempfile::tempdir().unwrap();
    let (_sim, path) = sim(
        "clock",
        "wait_host\nwait 500\nlever black\n{\"button\":\"time_query\"}\n",
        dir.path(),
    );
    let events = watch("--clock", &path, 5);
    assert_eq!(events[3]["event"], "lever");
    assert_eq!(events[3]["side"], "black");
    assert_eq!(events[4]["button"], "time_query");
}

#[test]
fn bad_script_line_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("bad.jsonl");
    std::fs::write(&script, "lift e2\nlift e9\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args([
            "sim",
            "peg-board",
            "--exit",
            "--script",
            script.to_str().unwrap(),
        ])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("script line 2: not a square: \"e9\""), "{err}");
}

#[test]
fn bad_fen_is_named() {
    let out = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args([
            "devices",
            "watch",
            "--dgt",
            "/dev/null",
            "--fen",
            "not a fen",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad FEN \"not a fen\""));
}

#[test]
fn missing_port_is_reported_and_retried() {
    let events = watch("--peg-board", "/dev/annabella-no-such-port", 1);
    assert_eq!(events[0]["event"], "open_failed");
    let reason = events[0]["reason"].as_str().unwrap();
    assert!(
        reason.starts_with("/dev/annabella-no-such-port: "),
        "{reason}"
    );
}

#[test]
fn sim_reads_keyboard_lines_and_survives_a_bad_one() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(["sim", "peg-board"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start sim");
    let mut stdin = child.stdin.take().unwrap();
    let stderr = child.stderr.take().unwrap();
    let (_sim, line) = first_line(child);
    stdin
        .write_all(b"wait_host\nwait 500\nfly away\nlift g1\nplace f3\n")
        .unwrap();
    let events = watch("--peg-board", &line, 7);
    assert_eq!(events[6]["uci"], "g1f3", "{events:?}");
    drop(stdin);
    let mut first = String::new();
    BufReader::new(stderr).read_line(&mut first).unwrap();
    assert!(
        first.starts_with("sim: input line 3: unknown action"),
        "{first}"
    );
}

/// Runs `annabella sim peg-board --exit --link LINK` with no input; its stderr when it
/// fails.
fn sim_at_link(link: &std::path::Path) -> Result<(), String> {
    let out = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(["sim", "peg-board", "--exit", "--link"])
        .arg(link)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

#[test]
fn sim_link_replaces_only_a_link_to_a_pty() {
    let dir = tempfile::tempdir().unwrap();
    // A regular file is refused by name and kept.
    let file = dir.path().join("notes.txt");
    std::fs::write(&file, "my notes").unwrap();
    let err = sim_at_link(&file).unwrap_err();
    assert!(
        err.contains(&format!(
            "{}: exists and is not a symlink to a pseudo-terminal",
            file.display()
        )),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "my notes");
    // A directory and a symlink elsewhere are refused too.
    let err = sim_at_link(dir.path()).unwrap_err();
    assert!(err.contains(&dir.path().display().to_string()), "{err}");
    let elsewhere = dir.path().join("elsewhere");
    std::os::unix::fs::symlink(&file, &elsewhere).unwrap();
    let err = sim_at_link(&elsewhere).unwrap_err();
    assert!(err.contains(&elsewhere.display().to_string()), "{err}");
    assert_eq!(std::fs::read_link(&elsewhere).unwrap(), file);
    // A symlink left by an earlier simulator (to a pty) is re-pointed at the new one.
    let stale = dir.path().join("usb-peg");
    std::os::unix::fs::symlink("/dev/pts/999999", &stale).unwrap();
    sim_at_link(&stale).unwrap();
    let target = std::fs::read_link(&stale).unwrap();
    assert!(
        target.starts_with("/dev/pts/") && target != std::path::Path::new("/dev/pts/999999"),
        "{target:?}"
    );
}
