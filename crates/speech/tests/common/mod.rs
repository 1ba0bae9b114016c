//! Real audio for the tests: Korean number words and the Korean Vosk model from
//! `annabella-test-support`, read into samples here.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

#[allow(unused_imports, reason = "each test file uses a part")]
pub use annabella_test_support::korean::{NUMBERS, model_dir};

/// Speaks `text` with `espeak-ng -v ko` and writes it as 16 kHz mono 16-bit WAV.
pub fn korean_wav(dir: &Path, name: &str, text: &str) -> PathBuf {
    annabella_test_support::korean::korean_wav(dir, name, text, 0.0, 0.0)
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
