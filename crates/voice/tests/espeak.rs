//! The espeak-ng back end with the real `espeak-ng` program: events, audio, cut-off.

use std::{
    sync::{Arc, Mutex, mpsc},
    time::{Duration, Instant},
};

use annabella_phonetic::Language;
use annabella_voice::{
    Announcer, SpeakRequest, Speech, SpeechEvent, SpeechEventKind, VoiceError, VoiceSettings,
    espeak::{self, Espeak, EspeakOutput, PcmSink, WavSink},
    queue::UtteranceId,
};

fn require_espeak() {
    if let Err(e) = Espeak::check() {
        panic!("espeak-ng is needed for this test (scripts/setup.sh installs it): {e}");
    }
}

/// One utterance's audio: id, sample rate, samples.
type Heard = (UtteranceId, u32, Vec<i16>);

/// Collects samples per utterance.
#[derive(Clone, Default)]
struct Collect(Arc<Mutex<Vec<Heard>>>);

impl PcmSink for Collect {
    fn begin(&mut self, u: UtteranceId, rate: u32) -> Result<(), VoiceError> {
        self.0.lock().expect("lock").push((u, rate, Vec::new()));
        Ok(())
    }
    fn samples(&mut self, s: &[i16]) -> Result<(), VoiceError> {
        if let Some(last) = self.0.lock().expect("lock").last_mut() {
            last.2.extend_from_slice(s);
        }
        Ok(())
    }
    fn end(&mut self, _u: UtteranceId) -> Result<(), VoiceError> {
        Ok(())
    }
}

fn id(seq: u64) -> UtteranceId {
    UtteranceId { output: 0, seq }
}

/// Utterance `seq` of `speech` in `voice`.
fn request<'a>(seq: u64, speech: &'a Speech, voice: &'a VoiceSettings) -> SpeakRequest<'a> {
    SpeakRequest {
        utterance: id(seq),
        speech,
        voice,
    }
}

fn next(rx: &mpsc::Receiver<SpeechEvent>) -> SpeechEvent {
    rx.recv_timeout(Duration::from_secs(10))
        .expect("espeak-ng reports within 10 s")
}

#[test]
fn started_then_finished_with_the_whole_audio() {
    require_espeak();
    let (tx, rx) = mpsc::channel();
    let sink = Collect::default();
    let mut e = Espeak::new(tx, EspeakOutput::Sink(Box::new(sink.clone())));
    let voice = VoiceSettings::for_language(Language::De);
    let speech = Speech::words("Springer Felix")
        .pause(Duration::from_millis(150))
        .then("drei");
    let t0 = Instant::now();
    e.speak(request(1, &speech, &voice)).expect("speak");
    let started = next(&rx);
    assert_eq!(started.kind, SpeechEventKind::Started);
    let t_start = t0.elapsed();
    let finished = next(&rx);
    assert_eq!(
        finished,
        SpeechEvent {
            utterance: id(1),
            kind: SpeechEventKind::Finished
        }
    );
    assert!(t_start <= t0.elapsed());

    let got = sink.0.lock().expect("lock").clone();
    assert_eq!(got.len(), 1);
    let (u, rate, samples) = &got[0];
    assert_eq!(*u, id(1));
    assert_eq!(*rate, 22050);
    // The same words rendered in one go give the same audio.
    let whole = espeak::render(&speech, &voice).expect("render");
    assert_eq!(whole.samples.len(), samples.len());
    let ms = whole.duration_ms();
    assert!(
        (700..4000).contains(&ms),
        "three words last about a second: {ms} ms"
    );
    assert!(samples.iter().any(|&s| s.unsigned_abs() > 1000), "audible");
}

#[test]
fn the_pause_between_file_and_rank_is_heard() {
    require_espeak();
    let voice = VoiceSettings::for_language(Language::De);
    let plain = espeak::render(&Speech::words("Felix drei"), &voice).expect("render");
    let paused = espeak::render(
        &Speech::words("Felix")
            .pause(Duration::from_millis(400))
            .then("drei"),
        &voice,
    )
    .expect("render");
    let longer = paused.duration_ms() as i64 - plain.duration_ms() as i64;
    assert!(
        longer >= 250,
        "a 400 ms break adds about 400 ms: {longer} ms"
    );
}

#[test]
fn faster_rate_is_shorter() {
    require_espeak();
    let mut voice = VoiceSettings::for_language(Language::En);
    let text = Speech::words("White one hour twelve minutes, Black fifty-eight minutes");
    let normal = espeak::render(&text, &voice).expect("render").duration_ms();
    voice.rate = 100;
    let fast = espeak::render(&text, &voice).expect("render").duration_ms();
    assert!(
        fast * 10 < normal * 8,
        "fast {fast} ms vs normal {normal} ms"
    );
}

#[test]
fn cancel_cuts_off_a_long_readout() {
    require_espeak();
    let (tx, rx) = mpsc::channel();
    let sink = Collect::default();
    let mut e = Espeak::new(tx, EspeakOutput::Sink(Box::new(sink.clone())));
    let voice = VoiceSettings::for_language(Language::De);
    let long = Speech::words("Turm Anna eins, Springer Bella eins, Läufer Cäsar eins. ".repeat(30));
    e.speak(request(7, &long, &voice)).expect("speak");
    assert_eq!(next(&rx).kind, SpeechEventKind::Started);
    e.cancel().expect("cancel");
    assert_eq!(
        next(&rx),
        SpeechEvent {
            utterance: id(7),
            kind: SpeechEventKind::Cancelled
        }
    );
    let got = sink.0.lock().expect("lock").clone();
    let full_ms = 30 * 2500; // far more than what arrived before the cut
    let cut_ms = got[0].2.len() as u64 * 1000 / 22050;
    assert!(cut_ms < full_ms, "cut off after {cut_ms} ms");
}

#[test]
fn unknown_voice_fails_with_a_clear_error() {
    require_espeak();
    let (tx, rx) = mpsc::channel();
    let mut e = Espeak::new(tx, EspeakOutput::Sink(Box::new(Collect::default())));
    let mut voice = VoiceSettings::for_language(Language::De);
    voice.voice = Some("no-such-voice-xx".into());
    let err = e
        .speak(request(2, &Speech::words("Eva vier"), &voice))
        .expect_err("no such voice");
    assert_eq!(
        err.to_string(),
        "no voice \"no-such-voice-xx\" is installed"
    );
    assert!(rx.try_recv().is_err(), "no events for a refused utterance");
    voice.voice = Some("de+f3".into());
    e.speak(request(3, &Speech::words("Eva vier"), &voice))
        .expect("a variant of de");
    assert_eq!(next(&rx).kind, SpeechEventKind::Started);
    voice.voice = None;
    voice.language = "xx".into();
    let err = espeak::render(&Speech::words("Eva vier"), &voice).expect_err("no such voice");
    assert!(
        matches!(err, VoiceError::NoVoice(ref v) if v == "xx"),
        "{err}"
    );
}

#[test]
fn wav_sink_appends_utterances_into_one_file() {
    require_espeak();
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("out.wav");
    let (tx, rx) = mpsc::channel();
    let mut e = Espeak::new(tx, EspeakOutput::Sink(Box::new(WavSink::new(&path))));
    let voice = VoiceSettings::for_language(Language::De);
    let a = Speech::words("Eva vier");
    let b = Speech::words("Eva fünf");
    for (n, s) in [(1, &a), (2, &b)] {
        e.speak(request(n, s, &voice)).expect("speak");
        assert_eq!(next(&rx).kind, SpeechEventKind::Started);
        assert_eq!(next(&rx).kind, SpeechEventKind::Finished);
    }
    let r = hound::WavReader::open(&path).expect("a valid WAV after each utterance");
    let want = espeak::render(&a, &voice).expect("a").samples.len()
        + espeak::render(&b, &voice).expect("b").samples.len();
    assert_eq!(r.len() as usize, want);
}

/// A read-back rendered ahead plays when the very same words come (the audio is the
/// one-go rendering's); other words drop it, and theirs are said, never the rendered ones.
#[test]
fn rendered_ahead_plays_only_for_the_same_words() {
    require_espeak();
    let voice = VoiceSettings::for_language(Language::De);
    let felix = Speech::words("Springer Felix drei");
    let whole = |s: &Speech| espeak::render(s, &voice).expect("render").samples;
    // The audio said, and the time from asking to its first sample.
    let said = |ahead: Option<&Speech>, spoken: &Speech| {
        let (tx, rx) = mpsc::channel();
        let sink = Collect::default();
        let mut e = Espeak::new(tx, EspeakOutput::Sink(Box::new(sink.clone())));
        if let Some(ahead) = ahead {
            e.render_ahead(ahead, &voice);
        }
        // Rendered ahead, unheard: nothing reaches the sink until it is spoken.
        std::thread::sleep(Duration::from_millis(200));
        assert!(sink.0.lock().expect("lock").is_empty());
        let asked = Instant::now();
        e.speak(request(1, spoken, &voice)).expect("speak");
        assert_eq!(next(&rx).kind, SpeechEventKind::Started);
        let first = asked.elapsed();
        assert_eq!(next(&rx).kind, SpeechEventKind::Finished);
        let got = sink.0.lock().expect("lock").clone();
        assert_eq!(got.len(), 1);
        (got[0].2.clone(), first)
    };
    let (audio, ahead) = said(Some(&felix), &felix);
    assert_eq!(audio, whole(&felix));
    let eva = Speech::words("Eva vier");
    let (audio, fresh) = said(Some(&felix), &eva);
    assert_eq!(audio, whole(&eva));
    // espeak-ng had its first sample ready: no start of a program, no synthesis.
    assert!(ahead < fresh, "ahead {ahead:?}, anew {fresh:?}");
}
