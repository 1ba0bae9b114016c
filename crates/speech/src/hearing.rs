//! The recognizer loop: a [`Recognizer`] on its own thread, fed chunk by chunk from an
//! [`AudioSource`] (a microphone, a WAV file played in real time, raw PCM, or audio the
//! program pushes through a [`FedSource`]), steered through [`Ears`] (the grammar's
//! position, muting while an announcement plays, push-to-talk), each finished utterance
//! handed to the caller's sink as [`Hearing::News`](HearingNews) with the audio around it.
//!
//! [`HearingSetup`] is the usual way to start it (model, input, push-to-talk, trailing
//! silence); [`Hearing::spawn`] takes a recognizer and a source made by the caller.

use std::{
    collections::VecDeque,
    ops::ControlFlow,
    path::PathBuf,
    sync::{Arc, mpsc},
    thread,
    time::{Duration, Instant},
};

use annabella_phonetic::Language;
use serde::{Deserialize, Serialize};
use shakmaty::Chess;

use crate::{
    AudioError, AudioSource, Chunk, Event, Foreseen, Heard, Input, ListenFor, MicSource, Mode,
    PcmSource, Recognizer, RecognizerConfig, SpeechModel, WavSource,
};

/// Length of the chunks read from files, standard input and fed audio, ms.
pub const CHUNK_MS: u32 = 20;

/// Chunks kept for the audio of an utterance (12 s at 20 ms).
const KEEP_CHUNKS: usize = 600;

/// Audio kept from before the voice began, for the utterance's recording.
const LEAD_IN: Duration = Duration::from_millis(300);

/// Where the VI player's voice comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AudioInput {
    /// A microphone (cpal); `None` is the default input device.
    Mic(Option<String>),
    /// A WAV file, played as if spoken live (tests, recorded games).
    Wav(PathBuf),
    /// Raw 16 kHz mono s16le PCM on standard input.
    Stdin,
}

impl AudioInput {
    /// The input in words, for the start message.
    pub fn describe(&self) -> String {
        match self {
            AudioInput::Mic(None) => "microphone".to_owned(),
            AudioInput::Mic(Some(d)) => format!("microphone {d}"),
            AudioInput::Wav(p) => format!("recording {}", p.display()),
            AudioInput::Stdin => "raw audio on standard input".to_owned(),
        }
    }
}

/// How to hear the VI player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HearingSetup {
    /// The Vosk model directory.
    pub model: PathBuf,
    /// The audio.
    pub input: AudioInput,
    /// Push-to-talk (a key, or the tactile clock's button) instead of always listening.
    pub push_to_talk: bool,
    /// Silence that ends an utterance.
    pub trailing_silence: Duration,
    /// Silence after a phrase that no phrase extends before it is final (grammar-aware
    /// endpointing, see [`crate::endpoint`]).
    pub leaf_silence: Duration,
    /// An utterance whose voice stands less than this over the noise floor (dB) is
    /// asked again ([`crate::Trust::min_snr_db`]; 0: never for noise). Default 30.
    #[serde(default = "default_min_snr_db")]
    pub min_snr_db: u8,
}

/// [`HearingSetup::min_snr_db`] by default.
pub const DEFAULT_MIN_SNR_DB: u8 = 30;

fn default_min_snr_db() -> u8 {
    DEFAULT_MIN_SNR_DB
}

/// Why hearing could not start: one clear problem with its config key.
#[derive(Debug, thiserror::Error)]
#[error("{key}: {message}")]
pub struct HearingError {
    /// The config key (`speech.model`, `speech.input`).
    pub key: &'static str,
    /// What is wrong.
    pub message: String,
}

impl HearingError {
    fn model(message: impl ToString) -> HearingError {
        HearingError {
            key: "speech.model",
            message: message.to_string(),
        }
    }

    fn input(message: impl ToString) -> HearingError {
        HearingError {
            key: "speech.input",
            message: message.to_string(),
        }
    }
}

/// What the hearing thread reports to its sink.
#[derive(Debug)]
pub enum HearingNews {
    /// An utterance ended: what was heard, and its audio (16 kHz mono, from a little
    /// before the voice began to the endpoint) for the audio record.
    Utterance(Box<Heard>, Vec<i16>),
    /// The endpointer saw a leaf ([`Event::Leaf`]): the read-back of these words may be
    /// rendered ahead of the result ([`crate::read_ahead`]).
    Leaf(Foreseen),
    /// The recognizer could not take some audio or a steering message.
    Trouble(String),
    /// A live source lost audio because the recognizer fell behind (the total so far).
    BuffersLost(u64),
    /// The audio source failed; [`HearingNews::AudioEnded`] follows.
    AudioFailed(String),
    /// The audio source ended (a file or standard input); nothing more will be heard.
    AudioEnded,
}

enum Control {
    Position(Box<Chess>),
    Muted(bool),
    Talk(bool),
    Stop,
}

/// A handle to steer a running [`Hearing`] (cheap to clone).
#[derive(Clone)]
pub struct Ears(mpsc::Sender<Control>);

impl std::fmt::Debug for Ears {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Ears")
    }
}

impl Ears {
    /// The game moved on: listen for the new position's moves.
    pub fn set_position(&self, position: Chess) {
        let _ = self.0.send(Control::Position(Box::new(position)));
    }

    /// An announcement plays (`true`) or all have ended (`false`).
    pub fn muted(&self, muted: bool) {
        let _ = self.0.send(Control::Muted(muted));
    }

    /// The push-to-talk key or button went down (`true`) or up (`false`).
    pub fn talk(&self, down: bool) {
        let _ = self.0.send(Control::Talk(down));
    }
}

/// What the recognizer of a [`HearingSetup`] can hear.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coverage {
    /// Scheme words the model does not know (phrases needing them cannot be heard).
    pub missing_words: Vec<String>,
    /// How many phrases the first grammar has.
    pub phrases: usize,
    /// Whether the model knows none of the scheme's words.
    pub knows_none: bool,
}

impl Coverage {
    /// The coverage of `recognizer`'s current grammar.
    pub fn of(recognizer: &Recognizer) -> Coverage {
        Coverage {
            missing_words: recognizer.missing_words(),
            phrases: recognizer.phrases().len(),
            knows_none: recognizer
                .phrases()
                .iter()
                .all(|p| p.split_whitespace().all(|w| w == "[unk]")),
        }
    }
}

/// The running recognizer thread; stopped when dropped.
#[derive(Debug)]
pub struct Hearing {
    ears: Ears,
    thread: Option<thread::JoinHandle<()>>,
}

/// Whether chunks are played at the pace they were captured (files and fed audio) or
/// taken as they come (live sources, which keep their own pace).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pacing {
    /// As fast as the source delivers (microphone, standard input).
    AsDelivered,
    /// Each chunk waits for its capture instant (a recording heard as if live).
    RealTime,
}

impl HearingSetup {
    /// Loads the model and builds the recognizer for the moves of `position` in
    /// `language`, with this setup's mode and trailing silence.
    ///
    /// # Errors
    /// The model is missing or cannot be loaded, or the grammar cannot be built.
    pub fn recognizer(
        &self,
        position: Chess,
        language: Language,
    ) -> Result<Recognizer, HearingError> {
        let model = SpeechModel::load(&self.model).map_err(HearingError::model)?;
        let config = RecognizerConfig {
            mode: if self.push_to_talk {
                Mode::PushToTalk
            } else {
                Mode::AlwaysListening
            },
            trailing_silence: self.trailing_silence,
            leaf_silence: Some(self.leaf_silence),
            // The player spoke and nothing fitted: they are told it was not understood.
            report_unrecognised: true,
            trust: crate::Trust {
                min_snr_db: (self.min_snr_db > 0).then_some(f32::from(self.min_snr_db)),
                ..crate::Trust::default()
            },
            ..RecognizerConfig::default()
        };
        Recognizer::new(
            Arc::new(model),
            ListenFor::Moves { position, language },
            config,
            Duration::ZERO,
        )
        .map_err(|e| HearingError::model(format!("cannot build the grammar: {e}")))
    }

    /// Opens this setup's audio input.
    ///
    /// # Errors
    /// The file, standard input or microphone cannot be opened.
    pub fn open_input(
        &self,
        start: Instant,
    ) -> Result<(Box<dyn AudioSource + Send>, Pacing), HearingError> {
        Ok(match &self.input {
            AudioInput::Wav(path) => (
                Box::new(WavSource::open(path, CHUNK_MS, start).map_err(HearingError::input)?),
                Pacing::RealTime,
            ),
            AudioInput::Stdin => (
                Box::new(
                    PcmSource::new(std::io::stdin(), 16_000, CHUNK_MS, start)
                        .map_err(HearingError::input)?,
                ),
                Pacing::AsDelivered,
            ),
            AudioInput::Mic(device) => (
                Box::new(MicSource::open(device.as_deref()).map_err(HearingError::input)?),
                Pacing::AsDelivered,
            ),
        })
    }
}

impl Hearing {
    /// Runs `recognizer` on `source` on a thread of its own; every [`HearingNews`]
    /// goes to `sink` (on that thread), which stops the hearing by returning
    /// `ControlFlow::Break`. The recognizer's times (and so every [`Heard`]'s) count
    /// from `epoch`: the thread translates the sources' capture instants, once, here.
    ///
    /// # Errors
    /// The thread cannot be started.
    pub fn spawn(
        recognizer: Recognizer,
        source: Box<dyn AudioSource + Send>,
        pacing: Pacing,
        epoch: Instant,
        sink: impl FnMut(HearingNews) -> ControlFlow<()> + Send + 'static,
    ) -> std::io::Result<Hearing> {
        let (tx, rx) = mpsc::channel();
        let thread = thread::Builder::new()
            .name("annabella-hearing".into())
            .spawn(move || {
                Loop {
                    recognizer,
                    source,
                    pacing,
                    epoch,
                    recent: VecDeque::new(),
                    sink: Box::new(sink),
                }
                .run(&rx);
            })?;
        Ok(Hearing {
            ears: Ears(tx),
            thread: Some(thread),
        })
    }

    /// A handle to steer the recognizer.
    pub fn ears(&self) -> Ears {
        self.ears.clone()
    }

    /// Waits until the hearing has ended (the source ended and everything was
    /// delivered, or the sink stopped it).
    pub fn join(mut self) {
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    /// Stops listening: an utterance in progress is finished and delivered first. The
    /// thread is not waited for (a microphone or standard input may block it); it ends
    /// at its next chunk.
    pub fn stop(&mut self) {
        let _ = self.ears.0.send(Control::Stop);
        self.thread.take();
    }
}

impl Drop for Hearing {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The hearing thread's state.
struct Loop {
    recognizer: Recognizer,
    source: Box<dyn AudioSource + Send>,
    pacing: Pacing,
    /// The instant the recognizer's time counts from.
    epoch: Instant,
    recent: VecDeque<Chunk>,
    sink: Box<dyn FnMut(HearingNews) -> ControlFlow<()> + Send>,
}

impl Loop {
    fn run(&mut self, rx: &mpsc::Receiver<Control>) {
        let mut lost = 0;
        loop {
            // Steering first, so a position or a mute applies to the next audio.
            loop {
                match rx.try_recv() {
                    Ok(c) => {
                        if !self.control(c) {
                            self.end();
                            let _ = self.deliver();
                            return;
                        }
                    }
                    Err(mpsc::TryRecvError::Empty) => break,
                    Err(mpsc::TryRecvError::Disconnected) => return,
                }
            }
            let chunk = match self.source.next_chunk() {
                Ok(Some(chunk)) => chunk,
                Ok(None) => return self.audio_ended(),
                Err(e) => {
                    let _ = (self.sink)(HearingNews::AudioFailed(e.to_string()));
                    return self.audio_ended();
                }
            };
            if self.pacing == Pacing::RealTime {
                // Pacing a recording to its capture instants, not ordering events.
                thread::sleep(chunk.captured.saturating_duration_since(Instant::now()));
            }
            let captured = chunk.captured.saturating_duration_since(self.epoch);
            if let Err(e) = self.recognizer.handle_audio(captured, &chunk.samples)
                && (self.sink)(HearingNews::Trouble(format!(
                    "{e}; the utterance is dropped"
                )))
                .is_break()
            {
                return;
            }
            self.recent.push_back(chunk);
            if self.recent.len() > KEEP_CHUNKS {
                self.recent.pop_front();
            }
            if self.source.dropped() > lost {
                lost = self.source.dropped();
                if (self.sink)(HearingNews::BuffersLost(lost)).is_break() {
                    return;
                }
            }
            if self.deliver().is_break() {
                return;
            }
        }
    }

    /// The source ended: the last utterance is finished and delivered, then the end.
    fn audio_ended(&mut self) {
        self.end();
        if self.deliver().is_continue() {
            let _ = (self.sink)(HearingNews::AudioEnded);
        }
    }

    /// The end of the audio: an utterance in progress is finished.
    fn end(&mut self) {
        let at = self.recent.back().map_or_else(Instant::now, |c| {
            c.captured + Duration::from_micros(c.samples.len() as u64 * 1000 / 16)
        });
        let _ = self
            .recognizer
            .finish(at.saturating_duration_since(self.epoch));
    }

    /// Applies a steering message; `false` once told to stop.
    fn control(&mut self, c: Control) -> bool {
        let now = self.epoch.elapsed();
        let r = match c {
            Control::Position(p) => self.recognizer.set_position(*p).map_err(|e| e.to_string()),
            Control::Muted(m) => self
                .recognizer
                .handle_input(now, Input::AnnouncementPlaying(m))
                .map_err(|e| e.to_string()),
            Control::Talk(t) => self
                .recognizer
                .handle_input(now, Input::Talk(t))
                .map_err(|e| e.to_string()),
            Control::Stop => return false,
        };
        if let Err(e) = r {
            let _ = (self.sink)(HearingNews::Trouble(e));
        }
        true
    }

    /// Hands the finished utterances to the sink.
    fn deliver(&mut self) -> ControlFlow<()> {
        while let Some(event) = self.recognizer.poll_event() {
            if let Event::Leaf(f) = event {
                (self.sink)(HearingNews::Leaf(f))?;
            } else if let Event::Heard(h) = event {
                // The voice from a little before its start to the end of the utterance.
                let from = self.epoch + h.speech_start.saturating_sub(LEAD_IN);
                let until = self.epoch + h.endpoint;
                let audio = self
                    .recent
                    .iter()
                    .filter(|c| {
                        let end =
                            c.captured + Duration::from_micros(c.samples.len() as u64 * 1000 / 16);
                        end > from && c.captured < until
                    })
                    .flat_map(|c| c.samples.iter().copied())
                    .collect();
                (self.sink)(HearingNews::Utterance(h, audio))?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// Audio pushed by the program (16 kHz mono): what was sent, else silence, in
/// [`CHUNK_MS`] chunks stamped as if captured live from `start`; ends when the sender is
/// dropped and everything sent was played. Heard with [`Pacing::RealTime`].
#[derive(Debug)]
pub struct FedSource {
    rx: mpsc::Receiver<Vec<i16>>,
    buffer: VecDeque<i16>,
    start: Instant,
    emitted: u64,
}

impl FedSource {
    /// A source and the sender that feeds it.
    pub fn new(start: Instant) -> (FedSource, mpsc::Sender<Vec<i16>>) {
        let (tx, rx) = mpsc::channel();
        (
            FedSource {
                rx,
                buffer: VecDeque::new(),
                start,
                emitted: 0,
            },
            tx,
        )
    }
}

impl AudioSource for FedSource {
    fn next_chunk(&mut self) -> Result<Option<Chunk>, AudioError> {
        let mut open = true;
        loop {
            match self.rx.try_recv() {
                Ok(samples) => self.buffer.extend(samples),
                Err(mpsc::TryRecvError::Empty) => break,
                Err(mpsc::TryRecvError::Disconnected) => {
                    open = false;
                    break;
                }
            }
        }
        if !open && self.buffer.is_empty() {
            return Ok(None);
        }
        let n = (CHUNK_MS * 16) as usize;
        let samples = (0..n)
            .map(|_| self.buffer.pop_front().unwrap_or(0))
            .collect();
        let captured = self.start + Duration::from_micros(self.emitted * 1000 / 16);
        self.emitted += n as u64;
        Ok(Some(Chunk { samples, captured }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fed_audio_plays_what_was_sent_then_ends() {
        let start = Instant::now();
        let (mut source, feed) = FedSource::new(start);
        feed.send(vec![7; 400]).unwrap();
        drop(feed);
        let first = source.next_chunk().unwrap().unwrap();
        assert_eq!(first.samples.len(), 320);
        assert!(first.samples.iter().all(|&s| s == 7));
        assert_eq!(first.captured, start);
        let second = source.next_chunk().unwrap().unwrap();
        assert_eq!(&second.samples[..80], &[7; 80]);
        assert!(second.samples[80..].iter().all(|&s| s == 0));
        assert_eq!(second.captured, start + Duration::from_millis(20));
        assert!(source.next_chunk().unwrap().is_none());
    }
}
