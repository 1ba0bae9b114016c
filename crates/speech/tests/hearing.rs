//! The recognizer loop on its own thread ([`Hearing`]) with real Vosk and real speech:
//! fed audio is heard and handed to the sink with the audio around it, and the end of
//! the audio is reported last.

mod common;

use std::{
    ops::ControlFlow,
    sync::{Arc, mpsc},
    time::{Duration, Instant},
};

use annabella_speech::{
    FedSource, Hearing, HearingNews, ListenFor, Pacing, Recognizer, RecognizerConfig, SpeechModel,
};
use common::*;

/// Runs a hearing over `audio` (fed at once, heard as fast as it comes) and returns
/// what the sink got, in order.
fn hear(audio: Vec<i16>) -> Vec<HearingNews> {
    let model = Arc::new(SpeechModel::load(model_dir()).unwrap());
    let start = Instant::now();
    let phrases = ListenFor::Phrases(NUMBERS.iter().map(|s| s.to_string()).collect());
    let recognizer =
        Recognizer::new(model, phrases, RecognizerConfig::default(), Duration::ZERO).unwrap();
    let (source, feed) = FedSource::new(start);
    let (tx, rx) = mpsc::channel();
    let hearing = Hearing::spawn(
        recognizer,
        Box::new(source),
        Pacing::AsDelivered,
        start,
        move |n| {
            let _ = tx.send(n);
            ControlFlow::Continue(())
        },
    )
    .unwrap();
    feed.send(audio).unwrap();
    drop(feed);
    hearing.join();
    rx.try_iter().collect()
}

#[test]
fn fed_speech_is_heard_with_its_audio_and_the_end_comes_last() {
    let dir = tempfile::tempdir().unwrap();
    let six = samples(&korean_wav(dir.path(), "six", "여섯"));
    let mut audio = silence(500);
    audio.extend(&six);
    audio.extend(silence(1500));
    let news = hear(audio);
    let heard: Vec<_> = news
        .iter()
        .filter_map(|n| match n {
            HearingNews::Utterance(h, audio) => Some((h, audio)),
            _ => None,
        })
        .collect();
    assert_eq!(heard.len(), 1, "{news:?}");
    let (h, utterance_audio) = heard[0];
    assert_eq!(h.text, "여섯", "{h:?}");
    // The utterance's audio holds the word (and a little lead-in), not the whole feed.
    assert!(
        utterance_audio.len() >= six.len() / 2 && utterance_audio.len() < 16_000 * 3,
        "{} samples for a {}-sample word",
        utterance_audio.len(),
        six.len()
    );
    assert!(
        matches!(news.last(), Some(HearingNews::AudioEnded)),
        "{news:?}"
    );
}
