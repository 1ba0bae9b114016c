//! Request → first audio for each back end, against rendering the whole utterance with
//! espeak-ng in one go (the peer, same run). speech-dispatcher runs as a headless
//! daemon started here (ALSA `file` output, module espeak-ng); the `tts` crate speaks
//! through the same daemon, against speech-dispatcher's own client (the peer).

use std::{
    sync::mpsc,
    time::{Duration, Instant},
};

use annabella_phonetic::Language;
use annabella_voice::{
    Announcer, SpeakRequest, Speech, SpeechEvent, SpeechEventKind, VoiceSettings,
    espeak::{self, DiscardPcm, Espeak, EspeakOutput},
    headless::HeadlessSpeechd,
    queue::UtteranceId,
    speechd::SpeechDispatcher,
    tts::{TtsEngine, TtsSpeaker},
};
use criterion::{Criterion, criterion_group, criterion_main};

/// A long answer (a rank read out square by square, four times).
const LONG: &str = "Reihe eins: Anna eins weißer Turm, Bella eins weißer Springer, \
    Cäsar eins weißer Läufer, David eins weiße Dame, Eva eins weißer König, \
    Felix eins weißer Läufer, Gustav eins weißer Springer, Hektor eins weißer Turm. \
    Reihe zwei: acht weiße Bauern. Reihe sieben: acht schwarze Bauern. \
    Reihe acht: Anna acht schwarzer Turm, Bella acht schwarzer Springer.";

fn speech() -> Speech {
    Speech::words("Springer Felix")
        .pause(Duration::from_millis(150))
        .then("drei")
}

/// Speaks and waits for `Started` (the time returned), then cuts off and waits for
/// the end outside the timing, so runs do not overlap.
fn first_audio(
    backend: &mut dyn Announcer,
    rx: &mpsc::Receiver<SpeechEvent>,
    seq: &mut u64,
    speech: &Speech,
    voice: &VoiceSettings,
) -> Duration {
    *seq += 1;
    let id = UtteranceId {
        output: 0,
        seq: *seq,
    };
    let t0 = Instant::now();
    backend
        .speak(SpeakRequest {
            utterance: id,
            speech,
            voice,
        })
        .expect("speak");
    loop {
        let ev = rx.recv_timeout(Duration::from_secs(10)).expect("started");
        if ev.utterance == id && ev.kind == SpeechEventKind::Started {
            break;
        }
    }
    let took = t0.elapsed();
    backend.cancel().expect("cancel");
    loop {
        let ev = rx.recv_timeout(Duration::from_secs(10)).expect("ended");
        if ev.utterance == id && ev.kind != SpeechEventKind::Started {
            break;
        }
    }
    took
}

/// Times `iters` requests, counting only request → first audio.
fn timed(iters: u64, mut one: impl FnMut() -> Duration) -> Duration {
    (0..iters).map(|_| one()).sum()
}

fn request_to_first_audio(c: &mut Criterion) {
    let voice = VoiceSettings::for_language(Language::De);
    let speech = speech();
    let mut seq = 0;
    let mut g = c.benchmark_group("first audio");

    let (tx, rx_e) = mpsc::channel();
    let mut e = Espeak::new(tx, EspeakOutput::Sink(Box::new(DiscardPcm)));
    g.bench_function("espeak-ng: request to first sample", |b| {
        b.iter_custom(|n| timed(n, || first_audio(&mut e, &rx_e, &mut seq, &speech, &voice)));
    });

    let daemon = HeadlessSpeechd::start().expect("a headless speech-dispatcher");
    let address = daemon.address();
    // SAFETY: set before the speech-dispatcher client starts its thread; the bench's
    // other threads do not read the environment.
    unsafe { std::env::set_var("SPEECHD_ADDRESS", &address) };
    let (tx, rx) = mpsc::channel();
    let mut sd = SpeechDispatcher::new(tx).expect("connect");
    g.bench_function("speech-dispatcher: request to begin", |b| {
        b.iter_custom(|n| timed(n, || first_audio(&mut sd, &rx, &mut seq, &speech, &voice)));
    });
    why_choosing_a_voice_is_slow();
    let (tx, rx_t) = mpsc::channel();
    let mut tts = TtsSpeaker::new(tx, TtsEngine::Platform, std::slice::from_ref(&voice))
        .expect("tts through the daemon");
    eprintln!(
        "tts: engine opened and voice chosen in {:?} (once, at start)",
        tts.choosing_took()
    );
    g.bench_function("tts: request to begin", |b| {
        b.iter_custom(|n| {
            timed(n, || {
                first_audio(&mut tts, &rx_t, &mut seq, &speech, &voice)
            })
        });
    });
    // The peer again, after tts, so a drift of the daemon shows.
    g.bench_function("speech-dispatcher: request to begin, again", |b| {
        b.iter_custom(|n| timed(n, || first_audio(&mut sd, &rx, &mut seq, &speech, &voice)));
    });
    drop(tts);
    drop(sd);
    drop(daemon);

    g.bench_function("peer: espeak-ng whole utterance rendered", |b| {
        b.iter(|| espeak::render(&speech, &voice).expect("render"));
    });
    let long = Speech::words(LONG);
    g.bench_function("espeak-ng: request to first sample, long readout", |b| {
        b.iter_custom(|n| timed(n, || first_audio(&mut e, &rx_e, &mut seq, &long, &voice)));
    });
    g.bench_function("peer: espeak-ng whole long readout rendered", |b| {
        b.iter(|| espeak::render(&long, &voice).expect("render"));
    });
    g.finish();
}

/// Times the `tts` calls behind choosing a voice: listing the voices alone costs as
/// much as `set_voice`, which lists them again (speech-dispatcher sends every espeak-ng
/// voice variant).
fn why_choosing_a_voice_is_slow() {
    let t = Instant::now();
    let mut tts = ::tts::Tts::default().expect("tts");
    let opened = t.elapsed();
    let t = Instant::now();
    let voices = tts.voices().expect("voices");
    let listed = t.elapsed();
    let german = voices
        .iter()
        .find(|v| v.language().primary_language() == "de")
        .expect("a German voice")
        .clone();
    let t = Instant::now();
    tts.set_voice(&german).expect("set_voice");
    let set = t.elapsed();
    eprintln!(
        "tts: Tts::default {opened:?}; voices() {listed:?} for {} voices; set_voice {set:?}",
        voices.len()
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = request_to_first_audio
}
criterion_main!(benches);
