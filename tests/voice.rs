//! End-to-end tests of `annabella say --speak` (crates/voice): espeak-ng writing a WAV,
//! and speech-dispatcher through a headless daemon started by the test.

use std::{
    path::Path,
    process::{Command, Output},
};

use annabella_voice::headless::HeadlessSpeechd;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn annabella(args: &[&str], speechd: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_annabella"));
    cmd.args(args);
    if let Some(address) = speechd {
        cmd.env("SPEECHD_ADDRESS", address);
    }
    cmd.output().expect("run annabella")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn say_writes_the_announcement_to_a_wav_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let wav = dir.path().join("move.wav");
    let wav_arg = wav.to_str().expect("utf-8 path");
    let out = annabella(
        &[
            "say",
            "--fen",
            START,
            "g1f3",
            "--speak",
            "--backend",
            "espeak",
            "--out",
            wav_arg,
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "Springer Felix drei\n");
    let r = hound::WavReader::open(&wav).expect("a WAV file");
    let spec = r.spec();
    assert_eq!((spec.channels, spec.bits_per_sample), (1, 16));
    let ms = u64::from(r.duration()) * 1000 / u64::from(spec.sample_rate);
    assert!((600..4000).contains(&ms), "three words: {ms} ms");
    let samples: Vec<i16> = hound::WavReader::open(&wav)
        .expect("wav")
        .into_samples::<i16>()
        .map(|s| s.expect("sample"))
        .collect();
    assert!(samples.iter().any(|s| s.unsigned_abs() > 1000), "audible");

    // Promotion in English, slower: longer than at normal rate.
    let fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    let slow = dir.path().join("slow.wav");
    let out = annabella(
        &[
            "say",
            "--fen",
            fen,
            "--scheme",
            "en",
            "e7e8n",
            "--speak",
            "--backend",
            "espeak",
            "--rate",
            "-50",
            "--out",
            slow.to_str().expect("utf-8"),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "Eva eight Knight\n");
}

#[test]
fn say_refuses_bad_combinations_clearly() {
    let out = annabella(
        &["say", "--fen", START, "g1f3", "--speak", "--out", "x.wav"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--out needs --backend espeak"),
        "{}",
        text(&out.stderr)
    );
    let out = annabella(
        &[
            "say",
            "--fen",
            START,
            "g1f3",
            "--speak",
            "--backend",
            "espeak",
            "--voice",
            "xx-none",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("no voice \"xx-none\""),
        "{}",
        text(&out.stderr)
    );
    let out = annabella(
        &["say", "--fen", START, "g1f3", "--speak", "--rate", "300"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let out = annabella(
        &[
            "say",
            "--fen",
            START,
            "g1f3",
            "--speak",
            "--backend",
            "speechd",
        ],
        Some("unix_socket:/nonexistent/annabella-test.sock"),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("speech-dispatcher"),
        "{}",
        text(&out.stderr)
    );
}

fn raw_bytes(path: &Path) -> u64 {
    std::fs::metadata(path).map(|m| m.len()).unwrap_or(0)
}

#[test]
fn say_speaks_through_speech_dispatcher() {
    let daemon = HeadlessSpeechd::start().unwrap_or_else(|e| panic!("{e}"));
    let out = annabella(
        &[
            "say",
            "--fen",
            START,
            "e2e4",
            "--speak",
            "--backend",
            "speechd",
        ],
        Some(&daemon.address()),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "Eva vier\n");
    // The command returns when speech-dispatcher reports the end; audio was captured.
    assert!(
        raw_bytes(&daemon.spoken_raw()) > 22050 / 4 * 2,
        "no audio captured"
    );
}
