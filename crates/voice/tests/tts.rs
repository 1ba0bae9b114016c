//! The `tts` crate back end against a real headless speech-dispatcher that the test
//! starts itself (on Linux `tts` speaks through speech-dispatcher).
//!
//! speech-dispatcher's client library reads `SPEECHD_ADDRESS` from the environment: the
//! test starts the daemon, then runs its body in a child process of this test binary
//! with the daemon's address in the child's environment.

use std::{path::Path, sync::mpsc, time::Instant};

use annabella_phonetic::Language;
use annabella_voice::{
    Routing, Speakers, VoiceError, VoiceSettings,
    queue::Outcome,
    tts::{TtsEngine, TtsSpeaker},
};

mod common;

use common::{
    both_players_in_turn, in_child, speaks_as_long_as_espeak, stop_cuts_a_long_utterance,
};

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
    speaks_as_long_as_espeak(&mut speakers, &rx, capture, &de);

    // 2. "Stop" on a long utterance: a cancel arrives, and far less audio.
    stop_cuts_a_long_utterance(&mut speakers, &rx, capture, &de);
    let stopped = speakers.poll_report().expect("the stopped part's report");
    assert_eq!(stopped.outcome, Outcome::Stopped);

    // 3. Two listeners in two languages, in turn, each on their own engine: no voice
    //    is chosen again on the way.
    let began = Instant::now();
    both_players_in_turn(&mut speakers, &rx);
    println!("two languages in turn took {:?}", began.elapsed());
}
