//! Shared by the tests against a real headless speech-dispatcher: its audio capture, and
//! running a test's body in a child process that has the daemon's address, and the
//! steps both back ends must pass (speak, stop, two players in turn).
//!
//! speech-dispatcher's client library reads `SPEECHD_ADDRESS` from the environment: the
//! test starts the daemon, then runs its body in a child process of this test binary
//! with the address in the child's environment (no `set_var` in a running test).

use std::{
    path::{Path, PathBuf},
    process::Command,
    time::{Duration, Instant},
};

use annabella_voice::{
    Hearer, Readout, Speakers, Speech, SpeechEventKind, VoiceSettings, espeak,
    headless::HeadlessSpeechd,
    queue::{Outcome, Report},
};

/// The instant the tests' queue times count from (the one translation to `Instant`).
pub fn epoch() -> Instant {
    static EPOCH: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

/// The queues' time now: since [`epoch`].
pub fn now() -> Duration {
    epoch().elapsed()
}

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

/// The events a back end reports, as `Speakers` takes them.
pub type Events = std::sync::mpsc::Receiver<annabella_voice::SpeechEvent>;

/// A clock-time sentence long enough to measure, as the VI player hears it.
const TIME_SENTENCE: &str =
    "Weiß eine Stunde zwölf Minuten, Schwarz achtundfünfzig Minuten, dreiundzwanzig Züge";

/// Step 1 of the back-end tests: the VI player's answer is begun and ended (those two
/// events, in order, within 30 s) and the audio in `capture` is about as long as
/// espeak-ng's rendering with `voice`. The spoken part's report.
pub fn speaks_as_long_as_espeak(
    speakers: &mut Speakers,
    rx: &Events,
    capture: &Path,
    voice: &VoiceSettings,
) -> Report {
    speakers.announce(
        now(),
        Readout::answer(Hearer::ViPlayer, Speech::words(TIME_SENTENCE)),
    );
    let mut kinds = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(30);
    while !speakers.is_idle() {
        let ev = rx
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            .expect("the back end reports begin and end within 30 s");
        kinds.push(ev.kind.clone());
        speakers.handle_event(now(), ev);
    }
    assert_eq!(kinds, [SpeechEventKind::Started, SpeechEventKind::Finished]);
    let report = speakers.poll_report().expect("report");
    assert_eq!(report.outcome, Outcome::Spoken);
    let captured = settled_ms(capture, 0);
    let reference = espeak::render(&Speech::words(TIME_SENTENCE), voice)
        .expect("espeak-ng")
        .duration_ms();
    assert!(captured > 0, "no audio captured");
    assert!(
        captured * 10 >= reference * 6 && captured * 10 <= reference * 16,
        "captured {captured} ms vs espeak-ng {reference} ms"
    );
    report
}

/// Step 2: "stop" on a long utterance: a cancel arrives and far less audio than
/// espeak-ng's full rendering with `voice` reaches `capture` (the ALSA file device is
/// not paced in real time, so the cut comes at once).
pub fn stop_cuts_a_long_utterance(
    speakers: &mut Speakers,
    rx: &Events,
    capture: &Path,
    voice: &VoiceSettings,
) {
    let before = raw_ms(capture);
    let long = "Turm Anna eins, Springer Bella eins, Läufer Cäsar eins. ".repeat(40);
    let mut one_part = Readout::answer(Hearer::ViPlayer, Speech::words(""));
    one_part.parts = vec![Speech::words(long.clone())];
    speakers.announce(now(), one_part);
    let ev = rx.recv_timeout(Duration::from_secs(30)).expect("begin");
    assert_eq!(ev.kind, SpeechEventKind::Started);
    speakers.handle_event(now(), ev);
    speakers.stop(now(), Hearer::ViPlayer);
    assert!(speakers.is_idle());
    let ev = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("cancel event");
    assert_eq!(ev.kind, SpeechEventKind::Cancelled);
    let cut = settled_ms(capture, before) - before;
    let full = espeak::render(&Speech::words(long), voice)
        .expect("espeak-ng")
        .duration_ms();
    assert!(cut * 3 < full, "cut off after {cut} ms of {full} ms");
}

/// Step 3: the two players, in German and English, are told in turn on one speaker and
/// both are spoken (within 30 s).
pub fn both_players_in_turn(speakers: &mut Speakers, rx: &Events) {
    let now = now();
    speakers.announce(
        now,
        Readout::answer(Hearer::ViPlayer, Speech::words("Springer Felix drei")),
    );
    speakers.announce(
        now,
        Readout::answer(Hearer::SightedPlayer, Speech::words("Knight Felix three")),
    );
    speakers
        .run_until_idle(epoch(), rx, Duration::from_secs(30))
        .expect("both said");
    let outcomes: Vec<Outcome> = std::iter::from_fn(|| speakers.poll_report())
        .map(|r| r.outcome)
        .collect();
    assert_eq!(outcomes, [Outcome::Spoken, Outcome::Spoken]);
}
