//! `annabella play` hearing the VI player through Vosk: a real WAV (Korean words spoken
//! by espeak-ng, resampled by sox) through the real Korean model (the only model on the
//! build machines; scripts/setup.sh fetches it). Not being German moves, the words reach
//! the table as an utterance it does not understand, and the VI player is told so; the
//! utterance's timings are journalled.

use std::{
    path::{Path, PathBuf},
    process::Command,
};

use annabella_test_support::korean::{korean_wav, model_dir};
use annabella_test_support::process::output_with_input;
use serde_json::Value;

fn annabella() -> Command {
    Command::new(env!("CARGO_BIN_EXE_annabella"))
}

fn config(dir: &Path, speech: &str) -> PathBuf {
    let path = dir.join("table.toml");
    std::fs::write(
        &path,
        format!(
            "[players]\nvi = \"white\"\n\n[devices]\npeg_board = \"none\"\ndgt = \"none\"\nclock = \"none\"\n\n\
             [speech]\n{speech}\n\n[voice.vi]\nbackend = \"text\"\n\n[voice.sighted]\nbackend = \"text\"\n\n\
             [records]\ndir = \"games\"\n"
        ),
    )
    .unwrap();
    path
}

fn play(config: &Path, stdin: &str) -> std::process::Output {
    output_with_input(
        annabella().args(["play", "--json", "--config"]).arg(config),
        stdin.as_bytes(),
        std::time::Duration::from_secs(240),
    )
}

#[test]
fn a_korean_utterance_reaches_the_table_and_is_not_understood() {
    let dir = tempfile::tempdir().unwrap();
    let wav = korean_wav(dir.path(), "ko", "여섯", 2.5, 1.5);
    let config = config(
        dir.path(),
        &format!(
            "source = \"vosk\"\nmodel = \"{}\"\ninput = \"wav:{}\"",
            model_dir().display(),
            wav.display()
        ),
    );
    // The VI player hears through espeak-ng: the audio record is kept.
    let text = std::fs::read_to_string(&config).unwrap().replacen(
        "[voice.vi]\nbackend = \"text\"",
        "[voice.vi]\nbackend = \"espeak\"",
        1,
    );
    std::fs::write(&config, text).unwrap();
    // The game starts at once; the WAV speaks after 2.5 s; the keyboard closes at 8 s.
    let out = play(&config, "start\nwait 8000\n");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "play failed: {stderr}");
    // The German scheme's words are missing from the Korean model: said once, at start.
    assert_eq!(
        stderr
            .matches("knows none of the de scheme's words")
            .count(),
        1,
        "{stderr}"
    );

    let lines: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    let heard: Vec<&Value> = lines
        .iter()
        .filter(|l| l["kind"] == "input" && l["input"]["input"] == "heard")
        .collect();
    assert_eq!(heard.len(), 1, "one utterance in the WAV: {lines:?}");
    let seq = heard[0]["seq"].as_u64().unwrap();
    // The table answered the VI player: not understood.
    let told: Vec<&Value> = lines
        .iter()
        .filter(|l| {
            l["kind"] == "effect"
                && l["effect"]["effect"] == "announce"
                && l["effect"]["to"] == "vi_player"
                && l["effect"]["kind"] == "not_understood"
        })
        .collect();
    assert_eq!(told.len(), 1, "{lines:?}");
    assert!(
        told[0]["at_ms"].as_u64() == heard[0]["at_ms"].as_u64(),
        "the answer follows the utterance at once"
    );

    // The timings: printed with the utterance's record number, and journalled.
    let timing = lines
        .iter()
        .find(|l| l["kind"] == "utterance")
        .unwrap_or_else(|| panic!("no utterance line in {lines:?}"));
    assert_eq!(timing["seq"].as_u64(), Some(seq));
    let t = &timing["timing"];
    let (start, end, fin) = (
        t["speech_start_ms"].as_u64().unwrap(),
        t["last_word_end_ms"].as_u64().unwrap(),
        t["final_ms"].as_u64().unwrap(),
    );
    assert!(start < end && end <= fin, "{t}");
    // The voice starts 2.5 s into the WAV, which starts with the table.
    let started = lines
        .iter()
        .find(|l| l["kind"] == "input" && l["input"]["input"] == "start")
        .unwrap()["at_ms"]
        .as_u64()
        .unwrap();
    assert!(
        start >= started + 1500 && start <= started + 4000,
        "speech began at {start} ms, the game at {started} ms"
    );
    assert!(t["rtf"].as_f64().unwrap() > 0.0, "{t}");

    let journal = dir.path().join("games/game.journal");
    let replay = annabella()
        .args(["journal", "replay", "--json"])
        .arg(&journal)
        .output()
        .unwrap();
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );
    let view: Value = serde_json::from_slice(&replay.stdout).unwrap();
    let stored = &view["utterances"];
    assert_eq!(stored[0]["seq"].as_u64(), Some(seq), "{stored}");
    assert_eq!(&stored[0]["timing"], t);

    // The audio record holds the player's utterance (at its game time, about as long as
    // the Korean word with the endpointing silence) and the answer.
    let index: Vec<Value> = std::fs::read_to_string(dir.path().join("games/announcements.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let player: Vec<&Value> = index.iter().filter(|l| l["source"] == "player").collect();
    assert_eq!(player.len(), 1, "{index:?}");
    assert_eq!(player[0]["listener"], "vi_player");
    assert_eq!(player[0]["time_ms"].as_u64(), Some(start));
    let ms = player[0]["end_ms"].as_u64().unwrap() - player[0]["start_ms"].as_u64().unwrap();
    assert!((500..3000).contains(&ms), "{ms} ms of utterance");
    assert!(
        index
            .iter()
            .any(|l| l["source"] == "announcement" && l["text"] == "nichts verstanden"),
        "{index:?}"
    );
}

#[test]
fn a_missing_or_broken_model_is_one_clear_config_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("empty-model")).unwrap();
    let config = config(
        dir.path(),
        "source = \"vosk\"\nmodel = \"empty-model\"\ninput = \"mic\"",
    );
    let out = play(&config, "");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(
        stderr.contains("speech.model: ") && stderr.contains("is not a Vosk model"),
        "{stderr}"
    );
    assert_eq!(stderr.matches("speech.model").count(), 1, "{stderr}");
    assert!(!dir.path().join("games").exists(), "nothing is created");
}

#[test]
fn the_demo_speaks_the_vi_phrases_through_vosk_when_a_model_is_there() {
    // The Korean model stands in for models/vosk-model-small-de-0.15: the phrases are
    // spoken by espeak-ng -v de and reach the table through Vosk, which (knowing no
    // German) hears nothing it understands — the demo stops at its first `expect:`.
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("models")).unwrap();
    std::os::unix::fs::symlink(
        model_dir(),
        dir.path().join("models/vosk-model-small-de-0.15"),
    )
    .unwrap();
    let out = annabella()
        .args(["demo", "--text", "--json", "--out", "o"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr
            .contains("the VI player's phrases: spoken by espeak-ng -v de and heard through Vosk"),
        "{stderr}"
    );
    assert!(!out.status.success());
    assert!(
        stderr.contains("script line 7: expected an announcement"),
        "{stderr}"
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let utterances: Vec<Value> = stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|l| l["kind"] == "utterance")
        .collect();
    assert!(!utterances.is_empty(), "{stdout}");

    // --typed: recognised words, as without a model.
    std::fs::write(
        dir.path().join("short.txt"),
        "start\nvi: Bauer Eva vier\nexpect: Eva zwei Eva vier\n",
    )
    .unwrap();
    let typed = annabella()
        .args([
            "demo",
            "--text",
            "--typed",
            "--out",
            "o2",
            "--script",
            "short.txt",
        ])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&typed.stderr);
    assert!(
        stderr.contains("the VI player's phrases: fed as recognised words"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("script line"),
        "the read-back came: {stderr}"
    );
}
