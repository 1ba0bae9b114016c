//! Shared by the tests against a real headless speech-dispatcher: its audio capture, and
//! running a test's body in a child process that has the daemon's address.
//!
//! speech-dispatcher's client library reads `SPEECHD_ADDRESS` from the environment: the
//! test starts the daemon, then runs its body in a child process of this test binary
//! with the address in the child's environment (no `set_var` in a running test).

use std::{
    path::{Path, PathBuf},
    process::Command,
    time::{Duration, Instant},
};

use annabella_voice::headless::HeadlessSpeechd;

/// Milliseconds of audio in the raw capture (22050 Hz mono s16).
pub fn raw_ms(path: &Path) -> u64 {
    let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    bytes / 2 * 1000 / 22050
}

/// Waits until the capture has grown past `before` and stops growing (the ALSA file is
/// written as the audio plays), at most 30 s.
pub fn settled_ms(path: &Path, before: u64) -> u64 {
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut last = raw_ms(path);
    loop {
        std::thread::sleep(Duration::from_millis(300));
        let now = raw_ms(path);
        if (now == last && now > before) || Instant::now() > deadline {
            return now;
        }
        last = now;
    }
}

/// In the child (where `capture_key` is set): the capture path to run the body with.
/// In the parent: starts a daemon, runs `test` in a child with its address and
/// capture, asserts that the child ran it and passed, and returns `None`.
pub fn in_child(test: &str, capture_key: &str) -> Option<PathBuf> {
    if let Some(capture) = std::env::var_os(capture_key) {
        return Some(PathBuf::from(capture));
    }
    let daemon = HeadlessSpeechd::start().unwrap_or_else(|e| panic!("{e}"));
    let out = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", test, "--nocapture"])
        .env("SPEECHD_ADDRESS", daemon.address())
        .env(capture_key, daemon.spoken_raw())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The child ran the body (a filter that matched nothing would pass too).
    assert!(stdout.contains("1 passed"), "{stdout}");
    None
}
