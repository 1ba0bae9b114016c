//! End-to-end tests of `annabella clock`: presses files through the real binary.

use std::{path::Path, process::Command};

use serde_json::Value;

fn annabella(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(args)
        .output()
        .expect("run annabella")
}

fn presses(dir: &Path, text: &str) -> String {
    let path = dir.join("presses.txt");
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_owned()
}

fn json_lines(out: &std::process::Output) -> Vec<Value> {
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

#[test]
fn forty_move_control_in_json() {
    let dir = tempfile::tempdir().unwrap();
    // Each player thinks exactly one minute per move, 41 moves each (mm:ss timestamps).
    let mut text = String::from("# 40/5400+30:1800+30\n");
    for ply in 1..=82u32 {
        let t = ply * 60;
        let who = if ply % 2 == 1 { "white" } else { "black" };
        text += &format!("{}:{:02} {who}\n", t / 60, t % 60);
    }
    let file = presses(dir.path(), &text);
    let out = annabella(&[
        "clock",
        "--control",
        "40/5400+30:1800+30",
        "--presses",
        &file,
        "--json",
    ]);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 82, "one line per press, no flag");
    let white_after = |n: usize| &lines[2 * (n - 1)];
    assert_eq!(white_after(1)["white"], 5400.0 - 60.0 + 30.0);
    assert_eq!(white_after(39)["move"], 39);
    assert_eq!(white_after(39)["white"], 5400.0 - 39.0 * 30.0);
    assert_eq!(white_after(40)["white"], 5400.0 - 40.0 * 30.0 + 1800.0);
    assert_eq!(white_after(41)["white"], 5400.0 - 41.0 * 30.0 + 1800.0);
    assert_eq!(white_after(40)["line"], 2 * 40);
    assert_eq!(lines[81]["running"], "white");
}

#[test]
fn flag_fall_is_reported_once_with_its_time() {
    let dir = tempfile::tempdir().unwrap();
    let file = presses(
        dir.path(),
        "10 white\n1:00 black\n8:00 white # too late\n9:00\n",
    );
    let out = annabella(&["clock", "--control", "300", "--presses", &file, "--json"]);
    let lines = json_lines(&out);
    // White ran from 60 s with 290 s left: flag at 350 s, before line 4's press.
    assert_eq!(lines[2]["flag"], "white");
    assert_eq!(lines[2]["at"], 350.0);
    assert_eq!(lines[2]["line"], 3);
    assert_eq!(lines[3]["white"], 0.0);
    assert_eq!(lines.iter().filter(|l| l.get("flag").is_some()).count(), 1);

    let out = annabella(&["clock", "--control", "300", "--presses", &file]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Zeile 3: Die Zeit von Weiß ist bei 0:05:50.000 abgelaufen."),
        "{text}"
    );
    assert!(text.contains("Bedenkzeit 300 (Blitzpartie)"), "{text}");
}

#[test]
fn delays_never_add_time() {
    let dir = tempfile::tempdir().unwrap();
    let file = presses(dir.path(), "3 white\n20 black\n");
    for (control, white, black) in [
        ("300d5", 300.0, 300.0 - 12.0),
        ("300b5", 300.0, 300.0 - 12.0),
    ] {
        let lines = json_lines(&annabella(&[
            "clock",
            "--control",
            control,
            "--presses",
            &file,
            "--json",
        ]));
        assert_eq!(
            (lines[1]["white"].as_f64(), lines[1]["black"].as_f64()),
            (Some(white), Some(black)),
            "{control}"
        );
    }
}

#[test]
fn errors_name_the_line_or_the_control() {
    let dir = tempfile::tempdir().unwrap();
    let file = presses(dir.path(), "5 white\n# fine\n7 blakc\n");
    let out = annabella(&["clock", "--control", "300", "--presses", &file]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("line 3:") && err.contains("\"blakc\""),
        "{err}"
    );

    let file = presses(dir.path(), "5 white\n6 white\n");
    let out = annabella(&["clock", "--control", "300", "--presses", &file]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("line 2: white pressed but black's clock is running"),
        "{err}"
    );
    // The line before the error was printed.
    assert!(String::from_utf8(out.stdout).unwrap().contains("Zeile 1, "));

    let out = annabella(&["clock", "--control", "?", "--presses", &file]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("unknown"), "{err}");
}
