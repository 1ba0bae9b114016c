//! The speech-dispatcher back end: the normal Linux path. It uses the
//! `speech-dispatcher` crate, the `tts` crate's own Linux back end, directly: `tts`
//! offers no language or SSML setting, and its `set_voice` fetches the server's whole
//! voice list (≈ 13 000 espeak-ng voices, 2–3 s) on every change, which two hearers
//! sharing one speaker would pay on every announcement.
//!
//! speech-dispatcher's begin/end/cancel callbacks become [`SpeechEvent`](crate::SpeechEvent)s; text goes
//! as SSML, so the pause between file and rank is a real `<break>`.
//!
//! The client finds the server as every speech-dispatcher client does (the
//! `SPEECHD_ADDRESS` environment variable, else the user's default socket).

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, PoisonError},
};

use speech_dispatcher::{Connection, DataMode, Mode, Priority};

use crate::{
    announcer::{Announcer, EventSender, SpeakRequest, SpeechEventKind, VoiceError, report},
    hearer::VoiceSettings,
    queue::UtteranceId,
};

/// Maps a back end's message ids (`K`) to our utterances. Callbacks may arrive before
/// `speak` has learnt the message id; they wait in `early` until it has.
pub(crate) struct Ids<K> {
    events: EventSender,
    known: HashMap<K, UtteranceId>,
    early: Vec<(K, SpeechEventKind)>,
}

impl<K: Eq + std::hash::Hash + Clone> Ids<K> {
    /// No message known yet; events go to `events`.
    pub(crate) fn new(events: EventSender) -> Self {
        Self {
            events,
            known: HashMap::new(),
            early: Vec::new(),
        }
    }

    /// The back end reported `kind` for message `msg`.
    pub(crate) fn deliver(&mut self, msg: K, kind: SpeechEventKind) {
        match self.known.get(&msg) {
            Some(&utterance) => {
                if kind != SpeechEventKind::Started {
                    self.known.remove(&msg);
                }
                report(&self.events, utterance, kind);
            }
            None => self.early.push((msg, kind)),
        }
    }

    /// `speak` learnt that message `msg` is `utterance`.
    pub(crate) fn learn(&mut self, msg: K, utterance: UtteranceId) {
        self.known.insert(msg.clone(), utterance);
        let early = std::mem::take(&mut self.early);
        for (m, kind) in early {
            if m == msg {
                self.deliver(m, kind);
            } else {
                self.early.push((m, kind));
            }
        }
        // Events of messages we never sent (other clients' ids cannot reach us, so
        // these are ours from before a failed speak) are not kept forever.
        if self.early.len() > 64 {
            self.early.drain(..32);
        }
    }
}

/// The speech-dispatcher back end.
pub struct SpeechDispatcher {
    connection: Connection,
    ids: Arc<Mutex<Ids<u64>>>,
    current: Option<VoiceSettings>,
}

impl std::fmt::Debug for SpeechDispatcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SpeechDispatcher")
            .field("client", &self.connection.client_id())
            .field("current", &self.current)
            .finish()
    }
}

fn failed(what: &str) -> impl FnOnce(speech_dispatcher::Error) -> VoiceError + '_ {
    move |e| VoiceError::SpeechDispatcher(format!("{what}: {e}"))
}

impl SpeechDispatcher {
    /// Connects to speech-dispatcher, switches it to SSML and registers the callbacks.
    ///
    /// # Errors
    /// When the server cannot be reached (not running, wrong `SPEECHD_ADDRESS`).
    pub fn new(events: EventSender) -> Result<Self, VoiceError> {
        let connection = Connection::open("annabella", "voice", "annabella", Mode::Threaded)
            .map_err(|e| {
                VoiceError::SpeechDispatcher(format!(
                    "cannot connect ({e}); is speech-dispatcher running? SPEECHD_ADDRESS={}",
                    std::env::var("SPEECHD_ADDRESS").unwrap_or_else(|_| "(unset)".into())
                ))
            })?;
        let ids = Arc::new(Mutex::new(Ids::new(events)));
        let callback = |kind: SpeechEventKind| {
            let ids = Arc::clone(&ids);
            Some(Box::new(move |msg: usize, _client: usize| {
                ids.lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .deliver(msg as u64, kind.clone());
            }) as Box<dyn FnMut(usize, usize)>)
        };
        connection.on_begin(callback(SpeechEventKind::Started));
        connection.on_end(callback(SpeechEventKind::Finished));
        connection.on_cancel(callback(SpeechEventKind::Cancelled));
        connection
            .set_data_mode(DataMode::SSML)
            .map_err(failed("SSML mode"))?;
        Ok(Self {
            connection,
            ids,
            current: None,
        })
    }

    fn apply(&mut self, v: &VoiceSettings) -> Result<(), VoiceError> {
        if self.current.as_ref() == Some(v) {
            return Ok(());
        }
        let c = &self.connection;
        c.set_language(v.language.as_str())
            .map_err(failed("language"))?;
        if let Some(name) = &v.voice {
            let voice = speech_dispatcher::Voice {
                name: name.clone(),
                language: v.language.clone(),
                variant: None,
            };
            c.set_synthesis_voice(&voice)
                .map_err(|_| VoiceError::NoVoice(name.clone()))?;
        }
        c.set_voice_rate(i32::from(v.rate.clamp(-100, 100)))
            .map_err(failed("rate"))?;
        // speech-dispatcher volume is -100 … 100.
        c.set_volume(i32::from(v.volume.min(100)) * 2 - 100)
            .map_err(failed("volume"))?;
        self.current = Some(v.clone());
        Ok(())
    }
}

impl Announcer for SpeechDispatcher {
    fn speak(&mut self, request: SpeakRequest<'_>) -> Result<(), VoiceError> {
        self.apply(request.voice)?;
        let id = self
            .connection
            .say(Priority::Message, request.speech.to_ssml())
            .ok_or_else(|| VoiceError::SpeechDispatcher("the server refused the text".into()))?;
        self.ids
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .learn(id, request.utterance);
        Ok(())
    }

    fn cancel(&mut self) -> Result<(), VoiceError> {
        self.connection.cancel().map_err(failed("cancel"))
    }

    fn name(&self) -> &'static str {
        "speechd"
    }
}
