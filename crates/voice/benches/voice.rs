//! Request → first audio sample for each back end, against rendering the whole
//! utterance in one go (the peer, same run).

use std::{sync::mpsc, time::Duration};

use annabella_phonetic::Language;
use annabella_voice::{
    Announcer, Speech, SpeechEventKind, VoiceError, VoiceSettings,
    espeak::{self, Espeak, EspeakOutput, PcmSink},
    queue::UtteranceId,
};
use criterion::{Criterion, criterion_group, criterion_main};

/// A sink that drops the audio (the bench times the events).
struct Discard;

impl PcmSink for Discard {
    fn begin(&mut self, _: UtteranceId, _: u32) -> Result<(), VoiceError> {
        Ok(())
    }
    fn samples(&mut self, _: &[i16]) -> Result<(), VoiceError> {
        Ok(())
    }
    fn end(&mut self, _: UtteranceId) -> Result<(), VoiceError> {
        Ok(())
    }
}

fn speech() -> Speech {
    Speech::words("Springer Felix")
        .pause(Duration::from_millis(150))
        .then("drei")
}

fn espeak_first_sample(c: &mut Criterion) {
    let voice = VoiceSettings::for_language(Language::De);
    let speech = speech();
    let (tx, rx) = mpsc::channel();
    let mut e = Espeak::new(tx, EspeakOutput::Sink(Box::new(Discard)));
    let mut seq = 0;
    let mut g = c.benchmark_group("espeak-ng");
    g.bench_function("request to first sample", |b| {
        b.iter(|| {
            seq += 1;
            let id = UtteranceId { output: 0, seq };
            e.speak(id, &speech, &voice).expect("speak");
            loop {
                let ev = rx.recv().expect("event");
                if ev.utterance == id && ev.kind == SpeechEventKind::Started {
                    break;
                }
            }
            // Cut it off and wait for the end so runs do not overlap.
            e.cancel().expect("cancel");
            while rx.recv().expect("event").kind == SpeechEventKind::Started {}
        });
    });
    g.bench_function("peer: whole utterance rendered", |b| {
        b.iter(|| espeak::render(&speech, &voice).expect("render"));
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = espeak_first_sample
}
criterion_main!(benches);
