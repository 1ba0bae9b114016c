//! The in-memory back end for tests: remembers what it was asked to say.

use std::sync::{Arc, Mutex, PoisonError};

use crate::{
    announcer::{
        Announcer, EventSender, SpeakRequest, SpeechEvent, SpeechEventKind, VoiceError, report,
    },
    hearer::VoiceSettings,
    queue::UtteranceId,
};

/// One request the recorder saw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Recorded {
    /// `speak` with the words (pauses as commas) and the voice.
    Spoke {
        /// The utterance.
        utterance: UtteranceId,
        /// The words, with pauses as commas.
        text: String,
        /// The voice it was asked for.
        voice: VoiceSettings,
    },
    /// `cancel` while this utterance was being said (`None`: nothing was).
    Cancelled(Option<UtteranceId>),
}

/// Whether the recorder finishes utterances by itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pace {
    /// Started and finished at once.
    Instant,
    /// Started at once; finished only by [`RecorderLog::finish`].
    Hold,
}

#[derive(Debug, Default)]
struct State {
    log: Vec<Recorded>,
    speaking: Option<UtteranceId>,
}

/// A shared view of a [`Recorder`]'s log, kept by the test after the recorder is moved.
#[derive(Debug, Clone)]
pub struct RecorderLog {
    state: Arc<Mutex<State>>,
    events: EventSender,
}

impl RecorderLog {
    /// Everything recorded so far.
    pub fn entries(&self) -> Vec<Recorded> {
        self.lock().log.clone()
    }

    /// The texts spoken so far, in order.
    pub fn texts(&self) -> Vec<String> {
        self.lock()
            .log
            .iter()
            .filter_map(|r| match r {
                Recorded::Spoke { text, .. } => Some(text.clone()),
                Recorded::Cancelled(_) => None,
            })
            .collect()
    }

    /// The utterance being said (under [`Pace::Hold`]).
    pub fn speaking(&self) -> Option<UtteranceId> {
        self.lock().speaking
    }

    /// Finishes the utterance being said (sends `Finished`); false if none was.
    pub fn finish(&self) -> bool {
        let Some(utterance) = self.lock().speaking.take() else {
            return false;
        };
        self.events
            .send(SpeechEvent {
                utterance,
                kind: SpeechEventKind::Finished,
            })
            .is_ok()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The in-memory back end.
#[derive(Debug)]
pub struct Recorder {
    log: RecorderLog,
    pace: Pace,
}

impl Recorder {
    /// A recorder sending its events to `events`.
    pub fn new(events: EventSender, pace: Pace) -> Self {
        Self {
            log: RecorderLog {
                state: Arc::default(),
                events,
            },
            pace,
        }
    }

    /// A handle on the log that outlives moving the recorder.
    pub fn log(&self) -> RecorderLog {
        self.log.clone()
    }

    fn send(&self, utterance: UtteranceId, kind: SpeechEventKind) {
        report(&self.log.events, utterance, kind);
    }
}

impl Announcer for Recorder {
    fn speak(&mut self, request: SpeakRequest<'_>) -> Result<(), VoiceError> {
        let utterance = request.utterance;
        {
            let mut state = self.log.lock();
            state.log.push(Recorded::Spoke {
                utterance,
                text: request.speech.to_plain(),
                voice: request.voice.clone(),
            });
            state.speaking = Some(utterance);
        }
        self.send(utterance, SpeechEventKind::Started);
        if self.pace == Pace::Instant {
            self.log.lock().speaking = None;
            self.send(utterance, SpeechEventKind::Finished);
        }
        Ok(())
    }

    fn cancel(&mut self) -> Result<(), VoiceError> {
        let speaking = {
            let mut state = self.log.lock();
            let speaking = state.speaking.take();
            state.log.push(Recorded::Cancelled(speaking));
            speaking
        };
        if let Some(u) = speaking {
            self.send(u, SpeechEventKind::Cancelled);
        }
        Ok(())
    }

    fn name(&self) -> &'static str {
        "recorder"
    }
}
