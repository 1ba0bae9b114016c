//! A read-back timed to its first sound: `annabella listen --read-back` says each result
//! with espeak-ng and reports the wall time from the request to the first audio sample
//! (the audio itself is discarded).

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
}

impl ReadBack {
    /// A read-back in espeak-ng's `voice` (a language code or voice name).
    pub fn new(voice: &str) -> ReadBack {
        let (tx, events) = std::sync::mpsc::channel();
        ReadBack {
            espeak: Espeak::new(tx, EspeakOutput::Sink(Box::new(DiscardPcm))),
            events,
            voice: VoiceSettings {
                language: voice.to_owned(),
                voice: None,
                rate: 0,
                volume: 100,
            },
            seq: 0,
        }
    }

    /// Says `text`; the wall time from the request to the first audio sample.
    ///
    /// # Errors
    /// espeak-ng fails or gives no audio within 10 s.
    pub fn say(&mut self, text: &str) -> Result<Duration, VoiceError> {
        self.seq += 1;
        let id = UtteranceId {
            output: 0,
            seq: self.seq,
        };
        let asked = Instant::now();
        self.espeak.speak(SpeakRequest {
            utterance: id,
            speech: &Speech::words(text),
            voice: &self.voice,
        })?;
        loop {
            let e = self
                .events
                .recv_timeout(Duration::from_secs(10))
                .map_err(|_| VoiceError::Espeak("no audio from espeak-ng within 10 s".into()))?;
            if e.utterance != id {
                continue;
            }
            match e.kind {
                SpeechEventKind::Started => return Ok(asked.elapsed()),
                SpeechEventKind::Failed(why) => return Err(VoiceError::Espeak(why)),
                SpeechEventKind::Finished | SpeechEventKind::Cancelled => {
                    return Err(VoiceError::Espeak("espeak-ng gave no audio".into()));
                }
            }
        }
    }
}

/// `listen --read-back`'s timer: with a voice (empty: `default`), says each text and gives
/// the wall time to its first audio; a failure is a warning and `None`. Without a voice,
/// always `None`.
pub fn timer(
    voice: Option<&str>,
    default: &str,
) -> impl FnMut(&str) -> Option<Duration> + Send + 'static {
    let mut read_back = voice.map(|v| ReadBack::new(if v.is_empty() { default } else { v }));
    move |text: &str| {
        let r = read_back.as_mut()?;
        r.say(text)
            .map_err(|e| tracing::warn!(error = %e, "read-back failed"))
            .ok()
    }
}
