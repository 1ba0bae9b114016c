//! The Vosk path on real audio: the Korean model (scripts/setup.sh), a phrase grammar,
//! speech made by espeak-ng and resampled by sox.

mod common;

use annabella_speech::{Decoder, SpeechModel};
use common::*;

/// The words this voice is recognised as reliably (see the crate README).
const RELIABLE: [&str; 3] = ["여섯", "여덟", "넷"];

#[test]
fn reliable_words_are_recognised_in_small_chunks_as_in_one_piece() {
    let dir = tempfile::tempdir().unwrap();
    let model = SpeechModel::load(model_dir()).unwrap();
    for word in RELIABLE {
        let mut audio = silence(300);
        audio.extend(samples(&korean_wav(dir.path(), word, word)));
        audio.extend(silence(500));

        let mut one = Decoder::new(&model, &NUMBERS, 3).unwrap();
        one.accept(&audio).unwrap();
        let whole = one.finish();

        let mut streamed = Decoder::new(&model, &NUMBERS, 3).unwrap();
        for chunk in audio.chunks(320) {
            streamed.accept(chunk).unwrap();
        }
        let chunks = streamed.finish();

        assert_eq!(whole[0].text, word, "one-shot reading of {word}: {whole:?}");
        assert_eq!(
            chunks[0].text, word,
            "streamed reading of {word}: {chunks:?}"
        );
        // The lattice tail (weak alternatives) may differ between runs; the best reading
        // and its word timing do not.
        let (a, b) = (&whole[0].words[0], &chunks[0].words[0]);
        assert!(
            (a.start - b.start).abs() < 0.031 && (a.end - b.end).abs() < 0.031,
            "{a:?} {b:?}"
        );
        for r in whole.iter().chain(&chunks) {
            assert!(
                r.text.is_empty() || NUMBERS.contains(&r.text.as_str()),
                "{r:?}"
            );
        }
        let total: f32 = whole.iter().map(|r| r.probability).sum();
        assert!(
            (total - 1.0).abs() < 1e-3,
            "probabilities sum to 1: {whole:?}"
        );
        // The word follows 300 ms of silence; Vosk times words in 30 ms frames and may
        // put the boundary up to three frames early (seen: 0.24 s).
        let w = &whole[0].words[0];
        assert!(
            w.start >= 0.3 - 3.0 * 0.03 - 1e-3
                && w.end <= 0.3 + audio.len() as f32 / 16_000.0
                && w.start < w.end,
            "{w:?}"
        );
    }
}

#[test]
fn grammar_restricts_the_words_and_decoder_is_reusable() {
    let dir = tempfile::tempdir().unwrap();
    let model = SpeechModel::load(model_dir()).unwrap();
    // Only 넷 and 여덟 in the grammar: 여섯 must not come out.
    let mut d = Decoder::new(&model, &["넷", "여덟"], 0).unwrap();
    for word in ["여덟", "여섯", "넷"] {
        let mut audio = samples(&korean_wav(dir.path(), word, word));
        audio.extend(silence(400));
        d.accept(&audio).unwrap();
        let r = d.finish();
        assert_eq!(r.len(), 1, "no alternatives asked: {r:?}");
        assert!(
            r[0].text.is_empty() || ["넷", "여덟"].contains(&r[0].text.as_str()),
            "{r:?}"
        );
        if word != "여섯" {
            assert_eq!(r[0].text, word);
            let conf = r[0].words[0]
                .confidence
                .expect("per-word confidence without alternatives");
            assert!((0.0..=1.0).contains(&conf));
            // Times count from this utterance, not from the decoder's first one.
            assert!(r[0].words[0].end <= audio.len() as f32 / 16_000.0, "{r:?}");
        }
    }
}

#[test]
fn model_knows_its_words_and_reports_missing_ones() {
    let model = SpeechModel::load(model_dir()).unwrap();
    for w in NUMBERS {
        assert!(model.knows(w), "{w}");
    }
    assert!(!model.knows("springer"));
    assert_eq!(
        model.unknown_words(["여섯 springer", "넷 felix springer", "[unk]"]),
        vec!["springer".to_owned(), "felix".to_owned()]
    );
}

#[test]
fn bad_grammars_are_refused() {
    let model = SpeechModel::load(model_dir()).unwrap();
    let empty: [&str; 0] = [];
    assert_eq!(
        Decoder::new(&model, &empty, 0).unwrap_err(),
        annabella_speech::GrammarError::Empty
    );
    assert!(matches!(
        Decoder::new(&model, &["넷", "a\"b"], 0).unwrap_err(),
        annabella_speech::GrammarError::BadPhrase(p) if p == "a\"b"
    ));
}
