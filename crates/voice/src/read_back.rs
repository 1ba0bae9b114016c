//! A read-back timed to its first sound: `annabella listen --read-back` says each result
//! with espeak-ng and reports the wall time from the request to the first audio sample
//! (the audio itself is discarded). A read-back can be rendered ahead (from the moment
//! the endpointer sees a leaf, while the final result is taken): said from that
//! rendering, its first sample is there as soon as the rendering has made it; dropped,
//! it is never heard.

use std::time::{Duration, Instant};

use crate::espeak::{DiscardPcm, EspeakOutput};
use crate::queue::UtteranceId;
use crate::{
    Announcer as _, Espeak, SpeakRequest, Speech, SpeechEvent, SpeechEventKind, VoiceError,
    VoiceSettings,
};

/// Reads results back with espeak-ng and times the first audio.
pub struct ReadBack {
    espeak: Espeak,
    events: std::sync::mpsc::Receiver<SpeechEvent>,
    voice: VoiceSettings,
    seq: u64,
    /// A second espeak-ng for the rendering ahead (one at a time), and its events.
    ahead: Espeak,
    ahead_events: std::sync::mpsc::Receiver<SpeechEvent>,
    /// The caller's number of the rendering ahead and its utterance.
    rendering: Option<(u64, UtteranceId)>,
}

impl ReadBack {
    /// A read-back in espeak-ng's `voice` (a language code or voice name).
    pub fn new(voice: &str) -> ReadBack {
        let (tx, events) = std::sync::mpsc::channel();
        let (ahead_tx, ahead_events) = std::sync::mpsc::channel();
        ReadBack {
            espeak: Espeak::new(tx, EspeakOutput::Sink(Box::new(DiscardPcm))),
            events,
            ahead: Espeak::new(ahead_tx, EspeakOutput::Sink(Box::new(DiscardPcm))),
            ahead_events,
            rendering: None,
            voice: VoiceSettings {
                language: voice.to_owned(),
                voice: None,
                rate: 0,
                volume: 100,
            },
            seq: 0,
        }
    }

    fn next_id(&mut self) -> UtteranceId {
        self.seq += 1;
        UtteranceId {
            output: 0,
            seq: self.seq,
        }
    }

    /// Says `text`; the wall time from the request to the first audio sample.
    ///
    /// # Errors
    /// espeak-ng fails or gives no audio within 10 s.
    pub fn say(&mut self, text: &str) -> Result<Duration, VoiceError> {
        let id = self.next_id();
        let asked = Instant::now();
        self.espeak.speak(SpeakRequest {
            utterance: id,
            speech: &Speech::words(text),
            voice: &self.voice,
        })?;
        first_audio(&self.events, id).map(|()| asked.elapsed())
    }

    /// Starts rendering `text` ahead, unheard, as the caller's rendering `ahead` (one at
    /// a time: a rendering still going on is dropped).
    ///
    /// # Errors
    /// espeak-ng cannot be started.
    pub fn render_ahead(&mut self, ahead: u64, text: &str) -> Result<(), VoiceError> {
        self.ahead.cancel()?;
        let id = self.next_id();
        self.rendering = Some((ahead, id));
        self.ahead.speak(SpeakRequest {
            utterance: id,
            speech: &Speech::words(text),
            voice: &self.voice,
        })
    }

    /// Drops the rendering `ahead`, unheard (espeak-ng is stopped).
    pub fn drop_ahead(&mut self, ahead: u64) {
        if self.rendering.is_some_and(|(n, _)| n == ahead) {
            self.rendering = None;
            let _ = self.ahead.cancel();
        }
    }

    /// Says the rendering `ahead`: the wall time from now to its first audio sample
    /// (nothing when the rendering has made it already).
    ///
    /// # Errors
    /// No such rendering, or it failed or gave no audio within 10 s.
    pub fn say_ahead(&mut self, ahead: u64) -> Result<Duration, VoiceError> {
        let asked = Instant::now();
        let Some((_, id)) = self.rendering.take().filter(|(n, _)| *n == ahead) else {
            return Err(VoiceError::Espeak(format!(
                "no read-back rendered ahead as {ahead}"
            )));
        };
        first_audio(&self.ahead_events, id).map(|()| asked.elapsed())
    }
}

impl ReadBack {
    /// [`ReadBack::render_ahead`], a failure a warning.
    pub fn try_render_ahead(&mut self, ahead: u64, text: &str) {
        if let Err(error) = self.render_ahead(ahead, text) {
            tracing::warn!(%error, "read-back: not rendered ahead");
        }
    }

    /// Says `text` from the rendering `ahead` when there is one (else, or when it
    /// failed, anew): the wall time from now to its first audio; a failure is a warning
    /// and `None`.
    pub fn try_say(&mut self, text: &str, ahead: Option<u64>) -> Option<Duration> {
        let said = match ahead {
            Some(id) => self.say_ahead(id).or_else(|_| self.say(text)),
            None => self.say(text),
        };
        said.map_err(|error| tracing::warn!(%error, "read-back failed"))
            .ok()
    }
}

/// Waits for the first audio of `id` among `events`.
fn first_audio(
    events: &std::sync::mpsc::Receiver<SpeechEvent>,
    id: UtteranceId,
) -> Result<(), VoiceError> {
    loop {
        let e = events
            .recv_timeout(Duration::from_secs(10))
            .map_err(|_| VoiceError::Espeak("no audio from espeak-ng within 10 s".into()))?;
        if e.utterance != id {
            continue;
        }
        match e.kind {
            SpeechEventKind::Started => return Ok(()),
            SpeechEventKind::Failed(why) => return Err(VoiceError::Espeak(why)),
            SpeechEventKind::Finished | SpeechEventKind::Cancelled => {
                return Err(VoiceError::Espeak("espeak-ng gave no audio".into()));
            }
        }
    }
}

/// `listen --read-back`'s voice: with a voice (empty: `default`), a [`ReadBack`];
/// without one, none.
pub fn for_listen(voice: Option<&str>, default: &str) -> Option<ReadBack> {
    voice.map(|v| ReadBack::new(if v.is_empty() { default } else { v }))
}
