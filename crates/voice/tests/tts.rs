//! The `tts` crate back end against a real headless speech-dispatcher that the test
//! starts itself (on Linux `tts` speaks through speech-dispatcher).
//!
//! speech-dispatcher's client library reads `SPEECHD_ADDRESS` from the environment: the
//! test starts the daemon, then runs its body in a child process of this test binary
//! with the daemon's address in the child's environment.

use std::{
    path::Path,
    sync::mpsc,
    time::{Duration, Instant},
};

use annabella_phonetic::Language;
use annabella_voice::{
    Announcement, Hearer, Routing, Speakers, Speech, SpeechEventKind, VoiceError, VoiceSettings,
    espeak,
    queue::Outcome,
    tts::{TtsEngine, TtsSpeaker},
};

mod common;

use common::{in_child, raw_ms, settled_ms};

#[test]
fn tts_speaks_through_speech_dispatcher_reports_and_cuts_off() {
    if let Some(capture) = in_child(
        "tts_speaks_through_speech_dispatcher_reports_and_cuts_off",
        "ANNABELLA_TEST_TTS_CAPTURE",
    ) {
        speaks_reports_and_cuts_off(&capture);
    }
}

fn speaks_reports_and_cuts_off(capture: &Path) {
    let de = VoiceSettings::for_language(Language::De);
    let en = VoiceSettings::for_language(Language::En);

    // An unknown voice is refused by name when the back end is made.
    let (tx, _rx) = mpsc::channel();
    let mut nonsense = de.clone();
    nonsense.voice = Some("no-such-voice".into());
    match TtsSpeaker::new(tx, TtsEngine::Platform, &[nonsense]) {
        Err(VoiceError::NoVoice(name)) => assert_eq!(name, "no-such-voice"),
        other => panic!("expected NoVoice, got {other:?}"),
    }

    // 1. Begin and end arrive through the crate's callbacks; audio about as long as
    //    espeak-ng's rendering of the same text.
    let (tx, rx) = mpsc::channel();
    let tts = TtsSpeaker::new(tx, TtsEngine::Platform, &[de.clone(), en.clone()])
        .expect("tts through our daemon");
    println!("two voices chosen in {:?}", tts.choosing_took());
    let mut routing = Routing::shared(de.clone());
    routing.sighted_player.voice = en.clone();
    let mut speakers = Speakers::new(routing, vec![Box::new(tts)]).expect("speakers");
    let text =
        "Weiß eine Stunde zwölf Minuten, Schwarz achtundfünfzig Minuten, dreiundzwanzig Züge";
    speakers.announce(
        Instant::now(),
        Announcement::answer(Hearer::ViPlayer, Speech::words(text)),
    );
    let mut kinds = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(30);
    while !speakers.is_idle() {
        let ev = rx
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            .expect("begin and end within 30 s");
        kinds.push(ev.kind.clone());
        speakers.handle_event(Instant::now(), ev);
    }
    assert_eq!(kinds, [SpeechEventKind::Started, SpeechEventKind::Finished]);
    let report = speakers.poll_report().expect("report");
    assert_eq!(report.outcome, Outcome::Spoken);
    let captured = settled_ms(capture, 0);
    let reference = espeak::render(&Speech::words(text), &de)
        .expect("espeak-ng")
        .duration_ms();
    assert!(
        captured * 10 >= reference * 6 && captured * 10 <= reference * 16,
        "captured {captured} ms vs espeak-ng {reference} ms"
    );

    // 2. "Stop" on a long utterance: a cancel arrives, and far less audio.
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
    let full = espeak::render(&Speech::words(long), &de)
        .expect("espeak-ng")
        .duration_ms();
    assert!(cut * 3 < full, "cut off after {cut} ms of {full} ms");
    let stopped = speakers.poll_report().expect("the stopped part's report");
    assert_eq!(stopped.outcome, Outcome::Stopped);

    // 3. Two listeners in two languages, in turn, each on their own engine: no voice
    //    is chosen again on the way.
    let now = Instant::now();
    speakers.announce(
        now,
        Announcement::answer(Hearer::ViPlayer, Speech::words("Springer Felix drei")),
    );
    speakers.announce(
        now,
        Announcement::answer(Hearer::SightedPlayer, Speech::words("Knight Felix three")),
    );
    let began = Instant::now();
    speakers
        .run_until_idle(&rx, Duration::from_secs(30))
        .expect("both said");
    let outcomes: Vec<Outcome> = std::iter::from_fn(|| speakers.poll_report())
        .map(|r| r.outcome)
        .collect();
    assert_eq!(outcomes, [Outcome::Spoken, Outcome::Spoken]);
    println!("two languages in turn took {:?}", began.elapsed());
}
