//! The speech-dispatcher back end against a real headless speech-dispatcher that the
//! test starts itself (ALSA `file` output to a raw file, module espeak-ng).
//!
//! The client library reads `SPEECHD_ADDRESS` from the environment: the test starts the
//! daemon, then runs its body in a child process of this test binary with the daemon's
//! address in the child's environment (no `set_var` in a running test process).

use std::{
    path::Path,
    sync::mpsc,
    time::{Duration, Instant},
};

use annabella_phonetic::Language;
use annabella_voice::{
    Announcement, Hearer, Routing, Speakers, Speech, SpeechEventKind, VoiceSettings, espeak,
    queue::Outcome, speechd::SpeechDispatcher,
};

mod common;

use common::{in_child, raw_ms, settled_ms};

#[test]
fn speech_dispatcher_speaks_reports_and_cuts_off() {
    if let Some(capture) = in_child(
        "speech_dispatcher_speaks_reports_and_cuts_off",
        "ANNABELLA_TEST_SPEECHD_CAPTURE",
    ) {
        speaks_reports_and_cuts_off(&capture);
    }
}

/// The test's body, in the child that has the daemon's address; `capture` is the raw
/// audio the daemon played.
fn speaks_reports_and_cuts_off(capture: &Path) {
    let (tx, rx) = mpsc::channel();
    let sd = SpeechDispatcher::new(tx).expect("connect to our daemon");
    let voice = VoiceSettings::for_language(Language::De);
    let mut speakers =
        Speakers::new(Routing::shared(voice.clone()), vec![Box::new(sd)]).expect("speakers");

    // 1. Begin and end arrive; the captured audio is about as long as espeak-ng's.
    let text =
        "Weiß eine Stunde zwölf Minuten, Schwarz achtundfünfzig Minuten, dreiundzwanzig Züge";
    let t0 = Instant::now();
    speakers.announce(
        t0,
        Announcement::answer(Hearer::ViPlayer, Speech::words(text)),
    );
    let mut kinds = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(30);
    while !speakers.is_idle() {
        let ev = rx
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            .expect("speech-dispatcher reports begin and end within 30 s");
        kinds.push(ev.kind.clone());
        speakers.handle_event(Instant::now(), ev);
    }
    assert_eq!(kinds, [SpeechEventKind::Started, SpeechEventKind::Finished]);
    let report = speakers.poll_report().expect("report");
    assert_eq!(report.outcome, Outcome::Spoken);
    let started = report.started.expect("started");
    assert!(started <= report.ended);
    let captured = settled_ms(capture, 0);
    let reference = espeak::render(&Speech::words(text), &voice)
        .expect("espeak-ng")
        .duration_ms();
    assert!(captured > 0, "no audio captured");
    assert!(
        captured * 10 >= reference * 6 && captured * 10 <= reference * 16,
        "captured {captured} ms vs espeak-ng {reference} ms"
    );

    // 2. A long utterance is cut off by "stop": a cancel arrives, far less audio.
    // (The ALSA file device is not paced in real time, so the cut comes at once.)
    let before = raw_ms(capture);
    let long = "Turm Anna eins, Springer Bella eins, Läufer Cäsar eins. ".repeat(40);
    let mut one_part = Announcement::answer(Hearer::ViPlayer, Speech::words(""));
    one_part.parts = vec![Speech::words(long.clone())];
    speakers.announce(Instant::now(), one_part);
    let ev = rx.recv_timeout(Duration::from_secs(30)).expect("begin");
    assert_eq!(ev.kind, SpeechEventKind::Started);
    speakers.handle_event(Instant::now(), ev);
    speakers.stop(Instant::now(), Hearer::ViPlayer);
    assert!(speakers.is_idle());
    let ev = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("cancel event");
    assert_eq!(ev.kind, SpeechEventKind::Cancelled);
    let cut = settled_ms(capture, before) - before;
    let full = espeak::render(&Speech::words(long), &voice)
        .expect("espeak-ng")
        .duration_ms();
    assert!(cut * 3 < full, "cut off after {cut} ms of {full} ms");

    // 3. Two listeners, two languages, in turn on one speaker.
    let mut routing = Routing::shared(voice);
    routing.sighted_player.voice = VoiceSettings::for_language(Language::En);
    drop(speakers);
    let (tx, rx) = mpsc::channel();
    let sd = SpeechDispatcher::new(tx).expect("connect again");
    let mut speakers = Speakers::new(routing, vec![Box::new(sd)]).expect("speakers");
    let now = Instant::now();
    speakers.announce(
        now,
        Announcement::answer(Hearer::ViPlayer, Speech::words("Springer Felix drei")),
    );
    speakers.announce(
        now,
        Announcement::answer(Hearer::SightedPlayer, Speech::words("Knight Felix three")),
    );
    speakers
        .run_until_idle(&rx, Duration::from_secs(30))
        .expect("both said");
    let outcomes: Vec<Outcome> = std::iter::from_fn(|| speakers.poll_report())
        .map(|r| r.outcome)
        .collect();
    assert_eq!(outcomes, [Outcome::Spoken, Outcome::Spoken]);
}
