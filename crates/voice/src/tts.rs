//! The `tts` crate back end: the platform's own speech. On Linux it is
//! speech-dispatcher; on Windows the running screen reader (NVDA, JAWS through Tolk, in
//! the player's own voice and rate) or else WinRT; on macOS AVFoundation.
//!
//! `tts` has no language or markup per utterance, and its `set_voice` lists every voice
//! of the server on each call (speech-dispatcher: ≈ 13 000 espeak-ng variants, 2–3 s).
//! So each voice is chosen once, when the back end is made: one engine (one connection)
//! per voice the listeners use, and an utterance goes to its listener's engine as it is.

use std::{
    sync::{Arc, Mutex, PoisonError},
    time::{Duration, Instant},
};

use ::tts::{Features, Tts, UtteranceId as TtsUtterance};

use crate::{
    announcer::{Announcer, EventSender, SpeakRequest, SpeechEventKind, VoiceError, report_said},
    hearer::VoiceSettings,
    speechd::Ids,
};

/// Which engine of the platform speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TtsEngine {
    /// The platform's speech (speech-dispatcher, WinRT, AVFoundation), voice chosen by us.
    Platform,
    /// The running screen reader (Windows: NVDA, JAWS), with its own voice and rate.
    ScreenReader,
}

impl TtsEngine {
    /// The screen reader when one runs (Windows only), else the platform's speech.
    pub fn detect() -> TtsEngine {
        if screen_reader_running() {
            TtsEngine::ScreenReader
        } else {
            TtsEngine::Platform
        }
    }
}

/// Whether a screen reader runs that `tts` can speak through (Windows: Tolk finds NVDA
/// or JAWS; always `false` elsewhere).
pub fn screen_reader_running() -> bool {
    Tts::screen_reader_available()
}

#[cfg(windows)]
fn open(engine: TtsEngine) -> Result<Tts, ::tts::Error> {
    match engine {
        TtsEngine::ScreenReader => Tts::new(::tts::Backends::Tolk),
        TtsEngine::Platform => Tts::new(::tts::Backends::WinRt),
    }
}

#[cfg(not(windows))]
fn open(_engine: TtsEngine) -> Result<Tts, ::tts::Error> {
    Tts::default()
}

struct Voice {
    settings: VoiceSettings,
    tts: Tts,
    callbacks: bool,
}

/// The `tts` back end: one engine per voice, chosen at start.
pub struct TtsSpeaker {
    engine: TtsEngine,
    voices: Vec<Voice>,
    ids: Arc<Mutex<Ids<String>>>,
    events: EventSender,
    speaking: Option<usize>,
    choosing: Duration,
}

impl std::fmt::Debug for TtsSpeaker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TtsSpeaker")
            .field("engine", &self.engine)
            .field(
                "voices",
                &self.voices.iter().map(|v| &v.settings).collect::<Vec<_>>(),
            )
            .finish_non_exhaustive()
    }
}

fn failed(what: &'static str) -> impl FnOnce(::tts::Error) -> VoiceError {
    move |e| VoiceError::Tts(format!("{what}: {e}"))
}

/// The key of a `tts` utterance id (its id type differs per platform).
fn key(id: &TtsUtterance) -> String {
    format!("{id:?}")
}

/// `value` (-100 … 100, 0 normal) on the engine's scale `min … normal … max`.
fn scale(value: i8, min: f32, normal: f32, max: f32) -> f32 {
    let v = f32::from(value.clamp(-100, 100)) / 100.0;
    if v >= 0.0 {
        normal + (max - normal) * v
    } else {
        normal + (normal - min) * v
    }
}

impl TtsSpeaker {
    /// Opens one engine for each of `voices` (the same settings share one) and chooses
    /// its voice, language, rate and volume now — the slow part, kept off the
    /// announcements. A screen reader keeps the player's own voice and rate.
    ///
    /// # Errors
    /// When the platform's speech cannot be reached (speech-dispatcher not running) or
    /// has no voice of the name or language asked for.
    pub fn new(
        events: EventSender,
        engine: TtsEngine,
        voices: &[VoiceSettings],
    ) -> Result<Self, VoiceError> {
        let began = Instant::now();
        let ids = Arc::new(Mutex::new(Ids::new(events.clone())));
        let mut made: Vec<Voice> = Vec::new();
        let mut listed: Option<Vec<::tts::Voice>> = None;
        for settings in voices {
            if made.iter().any(|v| &v.settings == settings) {
                continue;
            }
            let mut tts = open(engine).map_err(|e| {
                VoiceError::Tts(format!(
                    "cannot open the platform's speech ({e}); on Linux: is speech-dispatcher \
                     running? SPEECHD_ADDRESS={}",
                    std::env::var("SPEECHD_ADDRESS").unwrap_or_else(|_| "(unset)".into())
                ))
            })?;
            let features = tts.supported_features();
            if engine == TtsEngine::Platform {
                // The list is the slow part: fetched once for all engines.
                if listed.is_none() && features.voice {
                    listed = Some(tts.voices().map_err(failed("listing voices"))?);
                }
                choose(
                    &mut tts,
                    features,
                    listed.as_deref().unwrap_or(&[]),
                    settings,
                )?;
            }
            let callbacks = features.utterance_callbacks;
            if callbacks {
                register(&tts, &ids)?;
            }
            made.push(Voice {
                settings: settings.clone(),
                tts,
                callbacks,
            });
        }
        Ok(Self {
            engine,
            voices: made,
            ids,
            events,
            speaking: None,
            choosing: began.elapsed(),
        })
    }

    /// How long opening the engines and choosing their voices took.
    pub fn choosing_took(&self) -> Duration {
        self.choosing
    }

    /// The engine in use.
    pub fn engine(&self) -> TtsEngine {
        self.engine
    }
}

/// Chooses the voice (by name, else the first of the language, from `voices`), rate and
/// volume. (`set_voice` lists the voices once more.)
fn choose(
    tts: &mut Tts,
    features: Features,
    voices: &[::tts::Voice],
    v: &VoiceSettings,
) -> Result<(), VoiceError> {
    if features.voice {
        let wanted = voices
            .iter()
            .find(|x| match &v.voice {
                Some(name) => x.name().eq_ignore_ascii_case(name) || x.id() == *name,
                None => x
                    .language()
                    .primary_language()
                    .eq_ignore_ascii_case(&v.language),
            })
            .ok_or_else(|| {
                VoiceError::NoVoice(v.voice.clone().unwrap_or_else(|| v.language.clone()))
            })?;
        tts.set_voice(wanted).map_err(failed("voice"))?;
    }
    if features.rate {
        let rate = scale(v.rate, tts.min_rate(), tts.normal_rate(), tts.max_rate());
        tts.set_rate(rate).map_err(failed("rate"))?;
    }
    if features.volume {
        let (min, max) = (tts.min_volume(), tts.max_volume());
        let volume = min + (max - min) * f32::from(v.volume.min(100)) / 100.0;
        tts.set_volume(volume).map_err(failed("volume"))?;
    }
    Ok(())
}

/// Routes the engine's begin/end/stop callbacks to our utterances.
fn register(tts: &Tts, ids: &Arc<Mutex<Ids<String>>>) -> Result<(), VoiceError> {
    let callback = |kind: SpeechEventKind| {
        let ids = Arc::clone(ids);
        Some(Box::new(move |id: TtsUtterance| {
            ids.lock()
                .unwrap_or_else(PoisonError::into_inner)
                .deliver(key(&id), kind.clone());
        }) as Box<dyn FnMut(TtsUtterance)>)
    };
    tts.on_utterance_begin(callback(SpeechEventKind::Started))
        .map_err(failed("callbacks"))?;
    tts.on_utterance_end(callback(SpeechEventKind::Finished))
        .map_err(failed("callbacks"))?;
    tts.on_utterance_stop(callback(SpeechEventKind::Cancelled))
        .map_err(failed("callbacks"))?;
    Ok(())
}

impl Announcer for TtsSpeaker {
    fn speak(&mut self, request: SpeakRequest<'_>) -> Result<(), VoiceError> {
        // A screen reader has one voice; otherwise the listener's engine, else the first.
        let index = self
            .voices
            .iter()
            .position(|v| &v.settings == request.voice)
            .unwrap_or(0);
        let Some(v) = self.voices.get_mut(index) else {
            return Err(VoiceError::Tts("no voice was opened".into()));
        };
        let id = v
            .tts
            .speak(request.speech.to_plain(), false)
            .map_err(failed("speak"))?;
        self.speaking = Some(index);
        match (id, v.callbacks) {
            (Some(id), true) => self
                .ids
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .learn(key(&id), request.utterance),
            // No callbacks (a screen reader): it speaks on its own; the queue goes on.
            _ => report_said(&self.events, request.utterance),
        }
        Ok(())
    }

    fn cancel(&mut self) -> Result<(), VoiceError> {
        if let Some(v) = self.speaking.and_then(|i| self.voices.get_mut(i)) {
            v.tts.stop().map_err(failed("stop"))?;
        }
        Ok(())
    }

    fn name(&self) -> &'static str {
        match self.engine {
            TtsEngine::Platform => "tts",
            TtsEngine::ScreenReader => "tts (screen reader)",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_and_volumes_map_onto_the_engine_scale() {
        // speech-dispatcher's scale: -100 … 0 … 100.
        assert_eq!(scale(0, -100.0, 0.0, 100.0), 0.0);
        assert_eq!(scale(-100, -100.0, 0.0, 100.0), -100.0);
        assert_eq!(scale(50, -100.0, 0.0, 100.0), 50.0);
        // WinRT's: 0.5 … 1 … 6.
        assert_eq!(scale(0, 0.5, 1.0, 6.0), 1.0);
        assert_eq!(scale(100, 0.5, 1.0, 6.0), 6.0);
        assert_eq!(scale(-100, 0.5, 1.0, 6.0), 0.5);
        assert!((scale(-50, 0.5, 1.0, 6.0) - 0.75).abs() < 1e-6);
    }

    #[test]
    fn no_screen_reader_runs_off_windows() {
        if cfg!(not(windows)) {
            assert!(!screen_reader_running());
            assert_eq!(TtsEngine::detect(), TtsEngine::Platform);
        }
    }
}
