//! `--log-format json` for the commands that run a table or listen: every line on
//! standard error is one JSON object — the crates' events and the command's own lines
//! (where the records went, how the game ended) alike — and `RUST_LOG` filters the events.
//! `play` plays the sample game over simulated devices, `demo --hall` publishes to a real
//! mosquitto, `listen` hears a word through the real Korean Vosk model.

mod hall_support;

use std::{path::Path, process::Command, time::Duration};

use annabella_hall_link::setup;
use annabella_test_support::{
    korean::{model_dir, spoken},
    process::{DEMO_LIMIT, output_with_input, output_within},
};
use hall_support::{BIN, Broker};
use serde_json::Value;

/// Asserts that `stderr` has lines and that each is a JSON object with a level and a
/// message; returns the messages.
fn json_lines(stderr: &str, what: &str) -> Vec<String> {
    assert!(!stderr.trim().is_empty(), "{what} wrote nothing on stderr");
    stderr
        .lines()
        .map(|line| {
            let event: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{what}: not a JSON line ({e}): {line:?}\n{stderr}"));
            assert!(event.is_object(), "{what}: {line}");
            assert!(event["level"].is_string(), "{what}: no level: {line}");
            event["message"]
                .as_str()
                .unwrap_or_else(|| panic!("{what}: no message: {line}"))
                .to_owned()
        })
        .collect()
}

#[test]
fn play_writes_only_json_lines_on_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("table.toml");
    std::fs::write(
        &config,
        "[game]\ntime_control = \"300+2\"\n[devices]\npeg_board = \"sim\"\ndgt = \"sim\"\n\
         clock = \"sim\"\n[voice.vi]\nbackend = \"text\"\n[records]\ndir = \"records\"\n",
    )
    .unwrap();
    let script =
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/demo-script.txt"))
            .unwrap();
    let out = output_with_input(
        Command::new(BIN)
            .args(["--log-format", "json", "play", "--json", "--config"])
            .arg(&config),
        &script,
        DEMO_LIMIT,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let messages = json_lines(&stderr, "play");
    assert!(
        messages.iter().any(|m| m.starts_with("game over: 1-0")),
        "{messages:?}"
    );
    assert!(
        messages.iter().any(|m| m.starts_with("journal: ")),
        "{messages:?}"
    );
}

#[test]
fn demo_with_a_hall_writes_only_json_lines_on_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let broker = Broker::start(dir.path());
    let table = "1";
    let user = setup::table_user(table);
    let out = output_within(
        Command::new(BIN)
            .args(["--log-format", "json", "demo", "--text", "--typed"])
            .args([
                "--hall",
                &broker.url(),
                "--table",
                table,
                "--hall-user",
                &user,
            ])
            .arg("--hall-password-file")
            .arg(broker.password_file(&user))
            .arg("--hall-key")
            .arg(broker.key(table))
            .arg("--out")
            .arg(dir.path().join("records")),
        DEMO_LIMIT,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let messages = json_lines(&stderr, "demo --hall");
    assert!(
        messages
            .iter()
            .any(|m| m.starts_with("Der Broker der Halle hat die Einträge 1 bis ")),
        "{messages:?}"
    );
}

#[test]
fn listen_writes_only_json_lines_and_rust_log_filters_them() {
    let dir = tempfile::tempdir().unwrap();
    let wav = spoken(dir.path(), "six", "여섯");
    let listen = |rust_log: &str| {
        let out = output_within(
            Command::new(BIN)
                .args(["--log-format", "json", "listen", "--model"])
                .arg(model_dir())
                .arg("--wav")
                .arg(&wav)
                .args([
                    "--grammar-words",
                    "하나,둘,셋,넷,다섯,여섯,일곱,여덟",
                    "--json",
                ])
                .env("RUST_LOG", rust_log)
                .env_remove("LD_LIBRARY_PATH"),
            Duration::from_secs(120),
        );
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "{stderr}");
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("여섯"),
            "{stderr}"
        );
        stderr
    };
    let messages = json_lines(&listen("annabella=info"), "listen");
    assert!(
        messages.iter().any(|m| m.starts_with("model loaded in")),
        "{messages:?}"
    );
    // The speech crate's info events filtered out: nothing left to say.
    let quiet = listen("annabella_speech=warn");
    assert!(!quiet.contains("model loaded"), "{quiet}");
}
