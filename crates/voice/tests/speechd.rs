//! The speech-dispatcher back end against a real headless speech-dispatcher that the
//! test starts itself (ALSA `file` output to a raw file, module espeak-ng).
//!
//! The client library reads `SPEECHD_ADDRESS` from the environment: the test starts the
//! daemon, then runs its body in a child process of this test binary with the daemon's
//! address in the child's environment (no `set_var` in a running test process).

use std::{path::Path, sync::mpsc};

use annabella_phonetic::Language;
use annabella_voice::{Routing, Speakers, VoiceSettings, speechd::SpeechDispatcher};

mod common;

use common::{
    both_players_in_turn, in_child, speaks_as_long_as_espeak, stop_cuts_a_long_utterance,
};

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
    let report = speaks_as_long_as_espeak(&mut speakers, &rx, capture, &voice);
    let started = report.started.expect("started");
    assert!(started <= report.ended);

    // 2. A long utterance is cut off by "stop": a cancel arrives, far less audio.
    stop_cuts_a_long_utterance(&mut speakers, &rx, capture, &voice);

    // 3. Two listeners, two languages, in turn on one speaker.
    let mut routing = Routing::shared(voice);
    routing.sighted_player.voice = VoiceSettings::for_language(Language::En);
    drop(speakers);
    let (tx, rx) = mpsc::channel();
    let sd = SpeechDispatcher::new(tx).expect("connect again");
    let mut speakers = Speakers::new(routing, vec![Box::new(sd)]).expect("speakers");
    both_players_in_turn(&mut speakers, &rx);
}
