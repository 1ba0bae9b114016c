//! The table's voices end to end: `annabella demo` speaks through a real headless
//! speech-dispatcher (started here, ALSA `file` output) and through espeak-ng, each
//! listener in their own language, voice and rate from `table.toml`; what each listener
//! heard is checked in the console's `said` lines and the audio record's index.

use std::{
    path::{Path, PathBuf},
    process::Command,
};

use annabella_voice::headless::HeadlessSpeechd;
use serde_json::Value;

fn annabella() -> Command {
    Command::new(env!("CARGO_BIN_EXE_annabella"))
}

fn config(dir: &Path, voices: &str) -> PathBuf {
    let sample =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/table.toml"))
            .unwrap();
    // The sample's own [voice.*] sections give way to the test's.
    let head = sample.split("[voice.vi]").next().unwrap();
    let tail = sample.split("[clock]").nth(1).unwrap();
    let text =
        format!("{head}{voices}\n[clock]{tail}").replace("sighted = \"de\"", "sighted = \"en\"");
    let path = dir.join("table.toml");
    std::fs::write(&path, text).unwrap();
    path
}

struct Run {
    stderr: String,
    said: Vec<Value>,
    index: Vec<Value>,
}

fn demo(dir: &Path, config: &Path, speechd: &str) -> Run {
    let out = annabella()
        .args(["demo", "--json", "--config"])
        .arg(config)
        .arg("--out")
        .arg(dir.join("out"))
        .env("SPEECHD_ADDRESS", speechd)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "demo failed: {stderr}");
    assert!(stderr.contains("game over: 1-0"), "{stderr}");
    let said = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|l| l["kind"] == "said")
        .collect();
    let index = std::fs::read_to_string(dir.join("out/announcements.jsonl"))
        .unwrap_or_else(|e| panic!("no audio record index: {e}; {stderr}"))
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    Run {
        stderr,
        said,
        index,
    }
}

fn heard<'a>(lines: &'a [Value], listener: &str) -> Vec<(&'a str, &'a str)> {
    lines
        .iter()
        .filter(|l| l["listener"] == listener)
        .map(|l| {
            (
                l["text"].as_str().unwrap(),
                l["backend"].as_str().unwrap_or(""),
            )
        })
        .collect()
}

/// Milliseconds of espeak-ng's rendering at its normal rate.
fn espeak_ms(voice: &str, text: &str) -> u64 {
    let out = Command::new("espeak-ng")
        .args(["-v", voice, "--stdout", text])
        .output()
        .expect("espeak-ng runs (scripts/setup.sh installs it)");
    // 44-byte header, 22050 Hz mono s16.
    (out.stdout.len() as u64 - 44) / 2 * 1000 / 22050
}

#[test]
fn each_listener_hears_their_moves_through_speech_dispatcher_and_espeak() {
    let daemon = HeadlessSpeechd::start().unwrap_or_else(|e| panic!("{e}"));
    let dir = tempfile::tempdir().unwrap();
    let config = config(
        dir.path(),
        "[voice.vi]\nbackend = \"auto\"\n\n[voice.sighted]\nbackend = \"espeak\"\nvoice = \"en-us\"\nrate = 300\n",
    );
    let run = demo(dir.path(), &config, &daemon.address());
    assert!(
        run.stderr
            .contains("VI player: speech-dispatcher (de, normal speed, 175 words a minute) — speech-dispatcher answers at")
            && run.stderr.contains("; sighted player: espeak-ng"),
        "{}",
        run.stderr
    );

    let vi = heard(&run.said, "vi_player");
    let sighted = heard(&run.said, "sighted_player");
    // The VI player hears the read-back of their move and the sighted player's move,
    // through speech-dispatcher; the sighted player hears the VI player's move in
    // English through espeak-ng, and not their own move.
    assert!(vi.contains(&("Eva zwei Eva vier", "speechd")), "{vi:?}");
    assert!(
        vi.contains(&("Schwarz: Eva sieben Eva fünf", "speechd")),
        "{vi:?}"
    );
    assert!(
        sighted
            .iter()
            .all(|(_, b)| *b == "espeak_record" || *b == "espeak_speaker"),
        "{sighted:?}"
    );
    assert!(
        sighted.contains(&("White: Eva two Eva four", "espeak_record"))
            || sighted.contains(&("White: Eva two Eva four", "espeak_speaker")),
        "the sighted player hears 1. e4 in English: {sighted:?}"
    );
    assert!(
        !sighted.iter().any(|(t, _)| t.starts_with("Black")),
        "the sighted player is not told their own move: {sighted:?}"
    );
    // The game's last announcements, made as the game ends, are shown too.
    assert!(
        vi.iter().any(|(t, _)| t.contains("Partie beendet")),
        "the VI player hears the end of the game: {vi:?}"
    );
    // Every `said` line was said to the end.
    assert!(
        run.said.iter().all(|l| l["outcome"] == "spoken"),
        "{:?}",
        run.said
    );

    // speech-dispatcher really spoke: its ALSA file holds audio.
    let raw = std::fs::metadata(daemon.spoken_raw()).map_or(0, |m| m.len());
    assert!(
        raw > 22050 * 2,
        "speech-dispatcher's capture holds {raw} bytes (less than a second)"
    );

    // The audio record has both listeners, and the sighted player's rate (300 wpm) is
    // in its audio: shorter than espeak-ng's normal rate (175 wpm).
    let record_vi = heard(&run.index, "vi_player");
    assert!(record_vi.iter().any(|(t, _)| *t == "Eva zwei Eva vier"));
    let first = run
        .index
        .iter()
        .find(|l| l["listener"] == "sighted_player" && l["text"] == "White: Eva two Eva four")
        .unwrap_or_else(|| panic!("no sighted entry in {:?}", run.index));
    let length = first["end_ms"].as_u64().unwrap() - first["start_ms"].as_u64().unwrap();
    let normal = espeak_ms("en-us", first["text"].as_str().unwrap());
    assert!(
        length * 10 < normal * 8,
        "at 300 wpm {length} ms should be well under the normal {normal} ms"
    );
}

#[test]
fn without_speech_dispatcher_auto_speaks_through_espeak_into_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let config = config(
        dir.path(),
        "[voice.vi]\nbackend = \"auto\"\n\n[voice.sighted]\nbackend = \"auto\"\n",
    );
    let nowhere = format!("unix_socket:{}", dir.path().join("no-such.sock").display());
    let run = demo(dir.path(), &config, &nowhere);
    let vi = heard(&run.said, "vi_player");
    assert!(
        vi.iter()
            .any(|(t, b)| *t == "Eva zwei Eva vier" && b.starts_with("espeak")),
        "{vi:?}"
    );
    // Both listeners share the one espeak-ng speaker: never two at once.
    let sighted = heard(&run.said, "sighted_player");
    assert!(!sighted.is_empty(), "{:?}", run.said);
    let mut spans: Vec<(u64, u64)> = run
        .index
        .iter()
        .map(|l| {
            (
                l["start_ms"].as_u64().unwrap(),
                l["end_ms"].as_u64().unwrap(),
            )
        })
        .collect();
    spans.sort_unstable();
    assert!(spans.windows(2).all(|w| w[0].1 <= w[1].0), "{spans:?}");
    let wav = dir.path().join("out/announcements.wav");
    let reader = hound::WavReader::open(&wav).unwrap();
    let ms = u64::from(reader.duration()) * 1000 / u64::from(reader.spec().sample_rate);
    assert_eq!(
        ms / 100,
        spans.last().unwrap().1 / 100,
        "WAV length = index end"
    );
    let loud = reader
        .into_samples::<i16>()
        .filter_map(Result::ok)
        .filter(|s| s.unsigned_abs() > 1000)
        .count();
    assert!(loud > 10_000, "the record is audible ({loud} loud samples)");
}

#[test]
fn a_voice_espeak_does_not_have_is_one_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let config = config(
        dir.path(),
        "[voice.vi]\nbackend = \"espeak\"\nvoice = \"xx-nonesuch\"\n\n[voice.sighted]\nbackend = \"text\"\n",
    );
    let out = annabella()
        .args(["demo", "--config"])
        .arg(&config)
        .arg("--out")
        .arg(dir.path().join("out"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("voice.vi: no voice \"xx-nonesuch\" is installed"),
        "{stderr}"
    );
}
