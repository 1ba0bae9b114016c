//! Listening speed on WAV input (Korean test model, espeak-ng speech): the time from
//! the last audio chunk of an utterance to its result, and the real-time factor, with
//! and without early finalization.
//!
//! `cargo bench -p annabella-speech --bench listen`

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use annabella_speech::{EndedBy, Event, ListenFor, Recognizer, RecognizerConfig, SpeechModel};
use criterion::{Criterion, criterion_group};

/// 20 ms chunks, as a microphone delivers them.
const CHUNK: usize = 320;

struct Setup {
    model: Arc<SpeechModel>,
    audio: Vec<i16>,
}

fn setup() -> Setup {
    let dir = tempfile::tempdir().unwrap();
    let mut audio = common::silence(300);
    audio.extend(common::samples(&common::korean_wav(
        dir.path(),
        "eight",
        "여덟",
    )));
    audio.extend(common::silence(1200));
    Setup {
        model: Arc::new(SpeechModel::load(common::model_dir()).unwrap()),
        audio,
    }
}

fn config(early: bool) -> RecognizerConfig {
    RecognizerConfig {
        // The older rule (see benches/endpointing.rs for the grammar-aware one).
        leaf_silence: None,
        early: early.then(|| Duration::from_millis(150)),
        ..RecognizerConfig::default()
    }
}

fn phrases() -> ListenFor {
    ListenFor::Phrases(common::NUMBERS.iter().map(|s| s.to_string()).collect())
}

/// One pass over the audio: (wall time of the chunk call that produced the result,
/// stream time from the last word's end to the result, whole pass wall time, how it ended).
fn pass(s: &Setup, early: bool) -> (Duration, Duration, Duration, EndedBy) {
    let t0 = Duration::ZERO;
    let mut l = Recognizer::new(s.model.clone(), phrases(), config(early), t0).unwrap();
    let mut offset = 0usize;
    let mut result = None;
    let started = Instant::now();
    for chunk in s.audio.chunks(CHUNK) {
        let now = t0 + Duration::from_secs_f64(offset as f64 / 16_000.0);
        let call = Instant::now();
        l.handle_audio(now, chunk).unwrap();
        let took = call.elapsed();
        offset += chunk.len();
        while let Some(e) = l.poll_event() {
            if let Event::Heard(h) = e {
                assert_eq!(h.text, "여덟");
                let after_speech = h.endpoint.saturating_sub(h.last_word_end);
                result = Some((took, after_speech, h.ended_by));
            }
        }
    }
    let total = started.elapsed();
    let (took, after_speech, ended_by) = result.expect("the word is heard");
    (took, after_speech, total, ended_by)
}

fn percentile(v: &mut [Duration], p: f64) -> Duration {
    v.sort();
    v[((v.len() as f64 - 1.0) * p).round() as usize]
}

/// p50/p95 of the final chunk's processing time, the stream wait, and RTF.
fn summary(s: &Setup) {
    let audio = Duration::from_secs_f64(s.audio.len() as f64 / 16_000.0);
    let mut p95s = Vec::new();
    for early in [false, true] {
        let mut last = Vec::new();
        let mut rtf = Vec::new();
        let mut wait = Duration::ZERO;
        let mut how = EndedBy::Silence;
        for _ in 0..40 {
            let (took, after, total, ended_by) = pass(s, early);
            last.push(took);
            rtf.push(total);
            wait = after;
            how = ended_by;
        }
        let p50 = percentile(&mut last, 0.5);
        let p95 = percentile(&mut last, 0.95);
        let total = percentile(&mut rtf, 0.5);
        eprintln!(
            "early={early}: ended by {how:?}; last chunk → result p50 {:.2} ms, p95 {:.2} ms; \
             stream wait after the last word {} ms; RTF {:.4} ({:.1} ms for {:.2} s)",
            p50.as_secs_f64() * 1e3,
            p95.as_secs_f64() * 1e3,
            wait.as_millis(),
            total.as_secs_f64() / audio.as_secs_f64(),
            total.as_secs_f64() * 1e3,
            audio.as_secs_f64()
        );
        p95s.push(p95);
    }
}

fn benches(c: &mut Criterion) {
    let s = setup();
    summary(&s);
    let mut g = c.benchmark_group("listen");
    for early in [false, true] {
        let name = if early { "early" } else { "full_silence" };
        g.bench_function(format!("last_chunk_to_result/{name}"), |b| {
            b.iter_custom(|iters| (0..iters).map(|_| pass(&s, early).0).sum())
        });
        g.bench_function(format!("whole_wav/{name}"), |b| {
            b.iter(|| black_box(pass(&s, early)))
        });
    }
    g.finish();
}

criterion_group! {
    name = listen;
    config = Criterion::default().sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(5));
    targets = benches
}

fn main() {
    listen();
    Criterion::default().configure_from_args().final_summary();
}
