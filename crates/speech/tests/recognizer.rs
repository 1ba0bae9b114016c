//! The listening core on real speech: endpointing, early finalization, push-to-talk,
//! muting, timestamps.

mod common;

use std::sync::Arc;
use std::time::Duration;

use annabella_speech::{
    EndedBy, Event, Final, Heard, Input, ListenFor, Mode, ReadAhead, Recognizer, RecognizerConfig,
    SpeechModel, Step, Trust,
};
use common::*;

fn model() -> Arc<SpeechModel> {
    Arc::new(SpeechModel::load(model_dir()).unwrap())
}

fn phrases() -> ListenFor {
    ListenFor::Phrases(NUMBERS.iter().map(|s| s.to_string()).collect())
}

/// Feeds `audio` in 20 ms chunks on a virtual clock (real time), collecting events.
fn run(listener: &mut Recognizer, t0: Duration, offset: &mut usize, audio: &[i16]) -> Vec<Event> {
    let mut events = Vec::new();
    for chunk in audio.chunks(320) {
        let now = t0 + Duration::from_secs_f64(*offset as f64 / 16_000.0);
        listener.handle_audio(now, chunk).unwrap();
        *offset += chunk.len();
        while let Some(e) = listener.poll_event() {
            events.push(e);
        }
    }
    events
}

/// The read-ahead's decisions over `events`: the phrases rendered ahead and, for each
/// result, whether what was rendered is kept (its phrase) or dropped.
fn read_ahead(events: &[Event]) -> (Vec<String>, Vec<Result<String, ()>>) {
    let mut r = ReadAhead::new();
    let (mut rendered, mut finals) = (Vec::new(), Vec::new());
    for e in events {
        match e {
            Event::Leaf(f) => rendered.extend(r.foresee(f).into_iter().filter_map(|s| match s {
                Step::Render(a) => Some(a.phrase),
                Step::Drop(_) => None,
            })),
            Event::Heard(h) => match r.heard(h) {
                Final::Keep(a) => finals.push(Ok(a.phrase)),
                Final::Fresh { dropped: Some(_) } => finals.push(Err(())),
                Final::Fresh { dropped: None } => {}
            },
            _ => {}
        }
    }
    (rendered, finals)
}

fn heard(events: &[Event]) -> Vec<&Heard> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Heard(h) => Some(&**h),
            _ => None,
        })
        .collect()
}

#[test]
fn two_utterances_are_cut_at_the_silence_with_consistent_times() {
    let dir = tempfile::tempdir().unwrap();
    let six = samples(&korean_wav(dir.path(), "six", "여섯"));
    let eight = samples(&korean_wav(dir.path(), "eight", "여덟"));
    let config = RecognizerConfig {
        leaf_silence: None,
        early: None,
        ..RecognizerConfig::default()
    };
    let t0 = Duration::ZERO;
    let mut l = Recognizer::new(model(), phrases(), config.clone(), t0).unwrap();
    let mut audio = silence(500);
    audio.extend(&six);
    audio.extend(silence(1000));
    let second_at = audio.len();
    audio.extend(&eight);
    audio.extend(silence(1000));
    let mut offset = 0;
    let events = run(&mut l, t0, &mut offset, &audio);
    let h = heard(&events);
    assert_eq!(h.len(), 2, "{events:?}");
    assert_eq!(h[0].text, "여섯");
    assert_eq!(h[1].text, "여덟");
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Partial { text } if text == "여섯"))
    );
    let starts = events
        .iter()
        .filter(|e| matches!(e, Event::SpeechStarted { .. }))
        .count();
    assert_eq!(starts, 2);
    for x in &h {
        assert_eq!(x.ended_by, EndedBy::Silence);
        assert!(
            x.speech_start < x.last_word_end && x.last_word_end <= x.endpoint,
            "{x:?}"
        );
        assert!(x.endpoint <= x.final_at);
        // The endpoint comes the trailing silence after the voice stops.
        let wait = x.endpoint - x.last_word_end;
        assert!(
            wait >= config.trailing_silence - Duration::from_millis(250),
            "{wait:?}"
        );
        assert!(
            wait <= config.trailing_silence + Duration::from_millis(300),
            "{wait:?}"
        );
        assert!(x.decode > Duration::ZERO && x.rtf() > 0.0);
    }
    // The second utterance starts where its audio starts (VAD frames are 10 ms; espeak
    // has a short lead-in).
    let second_start = t0 + Duration::from_secs_f64(second_at as f64 / 16_000.0);
    let frame = Duration::from_millis(10);
    assert!(
        h[1].speech_start + frame >= second_start,
        "{:?}",
        h[1].speech_start - t0
    );
    assert!(h[1].speech_start < second_start + Duration::from_millis(300));
}

#[test]
fn early_finalization_answers_before_the_full_silence() {
    let dir = tempfile::tempdir().unwrap();
    let eight = samples(&korean_wav(dir.path(), "eight", "여덟"));
    let mut audio = silence(300);
    audio.extend(&eight);
    audio.extend(silence(1200));
    let model = model();
    let mut results = Vec::new();
    for early in [None, Some(Duration::from_millis(100))] {
        let config = RecognizerConfig {
            leaf_silence: None,
            early,
            ..RecognizerConfig::default()
        };
        let t0 = Duration::ZERO;
        let mut l = Recognizer::new(model.clone(), phrases(), config, t0).unwrap();
        let events = run(&mut l, t0, &mut 0, &audio);
        let h = heard(&events);
        assert_eq!(h.len(), 1, "{events:?}");
        assert_eq!(h[0].text, "여덟");
        results.push((h[0].ended_by, h[0].endpoint - t0));
    }
    assert_eq!(results[0].0, EndedBy::Silence);
    assert_eq!(results[1].0, EndedBy::Early);
    assert!(
        results[1].1 + Duration::from_millis(200) < results[0].1,
        "early {:?} vs full silence {:?}",
        results[1].1,
        results[0].1
    );
}

#[test]
fn announcement_mutes_the_microphone() {
    let dir = tempfile::tempdir().unwrap();
    let six = samples(&korean_wav(dir.path(), "six", "여섯"));
    let t0 = Duration::ZERO;
    let mut l = Recognizer::new(model(), phrases(), RecognizerConfig::default(), t0).unwrap();
    let mut offset = 0;
    l.handle_input(t0, Input::AnnouncementPlaying(true))
        .unwrap();
    let mut audio = silence(200);
    audio.extend(&six);
    audio.extend(silence(800));
    let events = run(&mut l, t0, &mut offset, &audio);
    assert!(events.is_empty(), "deaf while our voice plays: {events:?}");
    let now = t0 + Duration::from_secs_f64(offset as f64 / 16_000.0);
    l.handle_input(now, Input::AnnouncementPlaying(false))
        .unwrap();
    let events = run(&mut l, t0, &mut offset, &audio);
    let h = heard(&events);
    assert_eq!(h.len(), 1, "{events:?}");
    assert_eq!(h[0].text, "여섯");
}

#[test]
fn push_to_talk_hears_only_while_the_key_is_down_and_ends_on_release() {
    let dir = tempfile::tempdir().unwrap();
    let six = samples(&korean_wav(dir.path(), "six", "여섯"));
    let four = samples(&korean_wav(dir.path(), "four", "넷"));
    let t0 = Duration::ZERO;
    let config = RecognizerConfig {
        mode: Mode::PushToTalk,
        ..RecognizerConfig::default()
    };
    let mut l = Recognizer::new(model(), phrases(), config, t0).unwrap();
    let mut offset = 0;
    // Spoken without the key: nothing.
    let mut audio = silence(200);
    audio.extend(&six);
    audio.extend(silence(800));
    assert!(run(&mut l, t0, &mut offset, &audio).is_empty());
    // Key down, speak, key up right after the word (no trailing silence needed).
    let now = t0 + Duration::from_secs_f64(offset as f64 / 16_000.0);
    l.handle_input(now, Input::Talk(true)).unwrap();
    let mut audio = silence(100);
    audio.extend(&four);
    audio.extend(silence(100));
    let mut events = run(&mut l, t0, &mut offset, &audio);
    assert!(heard(&events).is_empty(), "nothing before the release");
    let up = t0 + Duration::from_secs_f64(offset as f64 / 16_000.0);
    l.handle_input(up, Input::Talk(false)).unwrap();
    while let Some(e) = l.poll_event() {
        events.push(e);
    }
    let h = heard(&events);
    assert_eq!(h.len(), 1, "{events:?}");
    assert_eq!(h[0].text, "넷");
    assert_eq!(h[0].ended_by, EndedBy::Released);
    assert_eq!(h[0].endpoint, up);
}

/// Korean phrases: 여섯 and 넷 are phrases that longer ones extend; 여덟 and 여섯 넷 are
/// leaves.
fn korean_phrases() -> ListenFor {
    ListenFor::Phrases(
        ["여덟", "여섯", "여섯 넷", "넷", "넷 여덟"]
            .iter()
            .map(|s| s.to_string())
            .collect(),
    )
}

/// Where espeak's voice ends in `audio` (last 10 ms frame above −50 dBFS).
fn voice_end(audio: &[i16]) -> usize {
    audio
        .chunks(160)
        .rposition(|f| annabella_speech::vad::level_dbfs(f) > -50.0)
        .map_or(0, |i| (i + 1) * 160)
}

#[test]
fn a_leaf_phrase_is_final_soon_after_its_last_word() {
    let dir = tempfile::tempdir().unwrap();
    let mut audio = silence(300);
    audio.extend(samples(&korean_wav(dir.path(), "eight", "여덟")));
    let end = voice_end(&audio);
    audio.extend(silence(1200));
    let t0 = Duration::ZERO;
    let config = RecognizerConfig::default();
    let mut l = Recognizer::new(model(), korean_phrases(), config, t0).unwrap();
    let events = run(&mut l, t0, &mut 0, &audio);
    let h = heard(&events);
    assert_eq!(h.len(), 1, "{events:?}");
    assert_eq!((h[0].text.as_str(), h[0].ended_by), ("여덟", EndedBy::Leaf));
    let spoken_end = t0 + Duration::from_secs_f64(end as f64 / 16_000.0);
    let after = h[0].final_at.saturating_sub(spoken_end);
    // 120 ms of silence, the 20 ms chunk and the decoding; the full silence is 600 ms.
    assert!(after <= Duration::from_millis(300), "{after:?}");
}

#[test]
fn an_extendable_phrase_with_a_300_ms_pause_inside_is_not_cut() {
    let dir = tempfile::tempdir().unwrap();
    let mut audio = silence(300);
    let six = samples(&korean_wav(dir.path(), "six", "여섯"));
    audio.extend(&six[..voice_end(&six)]);
    audio.extend(silence(300));
    audio.extend(samples(&korean_wav(dir.path(), "four", "넷")));
    audio.extend(silence(1200));
    let t0 = Duration::ZERO;
    let model = model();
    let mut l = Recognizer::new(
        model.clone(),
        korean_phrases(),
        RecognizerConfig::default(),
        t0,
    )
    .unwrap();
    let events = run(&mut l, t0, &mut 0, &audio);
    let h = heard(&events);
    assert_eq!(h.len(), 1, "{events:?}");
    assert_eq!(
        (h[0].text.as_str(), h[0].ended_by),
        ("여섯 넷", EndedBy::Leaf)
    );
    // The older rule (a complete phrase stable for 150 ms) cuts the same audio after 여섯
    // (with every reading trusted; the default trust asks again, as "여섯 넷" comes close).
    let older = RecognizerConfig {
        leaf_silence: None,
        early: Some(Duration::from_millis(150)),
        trust: Trust::OFF,
        ..RecognizerConfig::default()
    };
    let mut l = Recognizer::new(model, korean_phrases(), older, t0).unwrap();
    let events = run(&mut l, t0, &mut 0, &audio);
    let texts: Vec<&str> = heard(&events).iter().map(|h| h.text.as_str()).collect();
    assert_eq!(texts.first(), Some(&"여섯"), "{events:?}");
}

/// Steady hiss (white noise from a fixed seed) at `db` below the RMS of `speech`.
fn hiss_under(speech: &[i16], len: usize, db: f64) -> Vec<f64> {
    let rms = |s: &[f64]| (s.iter().map(|v| v * v).sum::<f64>() / s.len() as f64).sqrt();
    let voice: Vec<f64> = speech.iter().map(|&v| f64::from(v)).collect();
    let mut seed = 12_345u32;
    let raw: Vec<f64> = (0..len)
        .map(|_| {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            f64::from((seed >> 16) as i16)
        })
        .collect();
    let gain = rms(&voice) / 10f64.powf(db / 20.0) / rms(&raw);
    raw.into_iter().map(|v| v * gain).collect()
}

/// A phrase said clearly is acted on; the same phrase under steady noise 10 dB below it
/// is reported without words (the table asks again), doubted as noisy, and so is a
/// shorter phrase heard where voice goes on past its word.
#[test]
fn a_phrase_heard_under_noise_is_asked_again() {
    let dir = tempfile::tempdir().unwrap();
    let take = samples(&korean_wav(dir.path(), "six-four", "여섯 넷"));
    let mut clean = silence(3000);
    clean.extend(&take);
    clean.extend(silence(1200));
    let t0 = Duration::ZERO;
    let model = model();
    let config = RecognizerConfig {
        report_unrecognised: true,
        ..RecognizerConfig::default()
    };
    let mut l = Recognizer::new(model.clone(), korean_phrases(), config.clone(), t0).unwrap();
    let events = run(&mut l, t0, &mut 0, &clean);
    let h = heard(&events);
    assert_eq!(h.len(), 1, "{events:?}");
    assert_eq!((h[0].text.as_str(), h[0].doubt), ("여섯 넷", None));
    assert!(h[0].snr_db > 30.0, "{}", h[0].snr_db);
    // The read-back rendered when the leaf showed is the one played.
    let (rendered, finals) = read_ahead(&events);
    assert_eq!(
        rendered.last().map(String::as_str),
        Some("여섯 넷"),
        "{events:?}"
    );
    assert_eq!(finals, [Ok("여섯 넷".to_owned())]);

    let noise = hiss_under(&take, clean.len(), 10.0);
    let noisy: Vec<i16> = clean
        .iter()
        .zip(&noise)
        .map(|(&v, n)| (f64::from(v) + n).clamp(-32768.0, 32767.0) as i16)
        .collect();
    let mut l = Recognizer::new(model, korean_phrases(), config, t0).unwrap();
    let mut offset = 0;
    let mut events = run(&mut l, t0, &mut offset, &noisy);
    // The end of the stream ends an utterance the noise keeps open.
    l.finish(t0 + Duration::from_secs_f64(offset as f64 / 16_000.0))
        .unwrap();
    events.extend(std::iter::from_fn(|| l.poll_event()));
    let h = heard(&events);
    assert!(!h.is_empty(), "{events:?}");
    // The leaf showed through the noise and its read-back was rendered ahead; the
    // doubted result drops it unheard.
    let (rendered, finals) = read_ahead(&events);
    assert!(rendered.contains(&"여섯 넷".to_owned()), "{events:?}");
    assert!(
        !finals.is_empty() && finals.iter().all(Result::is_err),
        "{finals:?}"
    );
    for h in h {
        assert_eq!(h.text, "", "{h:?}");
        assert!(h.alternatives.is_empty() && h.resolution.is_none());
        assert!(
            h.doubt.is_some() || h.ended_by == EndedBy::NotUnderstood,
            "{h:?}"
        );
    }
}

/// Voice going on 250 ms after a leaf was taken is the rest of something longer: not
/// acted on as a phrase of its own (with every reading trusted, it is).
#[test]
fn voice_right_after_a_leaf_is_not_a_phrase_of_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let mut audio = silence(500);
    audio.extend(samples(&korean_wav(dir.path(), "eight", "여덟")));
    audio.extend(silence(250));
    audio.extend(samples(&korean_wav(dir.path(), "four", "넷")));
    audio.extend(silence(1200));
    let t0 = Duration::ZERO;
    let model = model();
    let config = RecognizerConfig {
        report_unrecognised: true,
        ..RecognizerConfig::default()
    };
    let texts = |config: RecognizerConfig| {
        let mut l = Recognizer::new(model.clone(), korean_phrases(), config, t0).unwrap();
        let events = run(&mut l, t0, &mut 0, &audio);
        heard(&events)
            .iter()
            .map(|h| (h.text.clone(), h.ended_by))
            .collect::<Vec<_>>()
    };
    let trusting = texts(RecognizerConfig {
        trust: Trust::OFF,
        ..config.clone()
    });
    assert_eq!(
        trusting,
        [
            ("여덟".to_owned(), EndedBy::Leaf),
            ("넷".to_owned(), EndedBy::Silence)
        ]
    );
    assert_eq!(
        texts(config),
        [
            ("여덟".to_owned(), EndedBy::Leaf),
            (String::new(), EndedBy::NotUnderstood)
        ]
    );
}
