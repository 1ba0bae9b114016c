//! Hearing the VI player: the speech crate's sans-IO [`Listener`] on its own thread,
//! fed from the microphone, a WAV file (played in real time) or raw PCM on standard
//! input. Each utterance becomes the same table input as typed words
//! ([`Input::Heard`] with the recogniser's n-best readings), sent with its timings
//! ([`HeardTiming`]) so the shell journals both.
//!
//! The shell steers it through an [`Ears`] handle: the grammar follows the position
//! (`set_position`, deferred while an utterance is in progress), the microphone is deaf
//! while an announcement plays (`muted`), and push-to-talk follows the key or the
//! tactile clock's button (`talk`).

use std::{
    path::{Path, PathBuf},
    sync::{Arc, mpsc as std_mpsc},
    thread,
    time::{Duration, Instant},
};

use annabella_phonetic::Language;
use annabella_speech::{
    AudioSource, Event, Heard, Input as SpeechInput, ListenFor, Listener, ListenerConfig,
    MicSource, Mode, PcmSource, SpeechModel, WavSource,
};
use annabella_table::{Hypothesis, Input};
use serde::Serialize;
use shakmaty::Chess;
use tokio::sync::mpsc;

use crate::{session::TableTime, shell::Request};

/// Audio chunks, ms.
const CHUNK_MS: u32 = 20;

/// Chunks kept for the audio record of an utterance (12 s at 20 ms).
const KEEP_CHUNKS: usize = 600;

/// Where the VI player's voice comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
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
    /// Parses `mic`, `mic:DEVICE`, `wav:PATH` (relative to `base`) or `stdin`.
    ///
    /// # Errors
    /// Any other text, with what is expected.
    pub fn parse(text: &str, base: &Path) -> Result<AudioInput, String> {
        match text.trim() {
            "mic" => Ok(AudioInput::Mic(None)),
            "stdin" => Ok(AudioInput::Stdin),
            t => {
                if let Some(device) = t.strip_prefix("mic:") {
                    Ok(AudioInput::Mic(Some(device.to_owned())))
                } else if let Some(path) = t.strip_prefix("wav:") {
                    let p = Path::new(path);
                    Ok(AudioInput::Wav(if p.is_absolute() {
                        p.to_owned()
                    } else {
                        base.join(p)
                    }))
                } else {
                    Err("expected mic, mic:DEVICE, wav:PATH or stdin".into())
                }
            }
        }
    }
}

/// How to hear the VI player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct HearingSetup {
    /// The Vosk model directory.
    pub model: PathBuf,
    /// The audio.
    pub input: AudioInput,
    /// Push-to-talk (a key, or the tactile clock's button) instead of always listening.
    pub push_to_talk: bool,
    /// Silence that ends an utterance.
    pub trailing_silence: Duration,
}

/// One utterance's timings and readings, journalled beside its `heard` input.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct HeardTiming {
    /// Table time the voice began, ms.
    pub speech_start_ms: u64,
    /// Table time the last word ended, ms.
    pub last_word_end_ms: u64,
    /// Table time the result was ready, ms.
    pub final_ms: u64,
    /// From the last word's end to the result, ms.
    pub speech_end_to_final_ms: f64,
    /// Time spent in libvosk, ms.
    pub decode_ms: f64,
    /// Real-time factor of decoding.
    pub rtf: f64,
    /// What ended the utterance (`silence`, `early`, `released`, `max_length`).
    pub ended_by: String,
    /// The best reading ("" when no word was recognised).
    pub words: String,
    /// The utterance's audio (16 kHz mono, from just before the voice to its end) for
    /// the audio record; not journalled.
    #[serde(skip)]
    pub audio: Vec<i16>,
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

enum Control {
    Position(Box<Chess>),
    Muted(bool),
    Talk(bool),
    Stop,
}

/// A handle to steer the listener (cheap to clone).
#[derive(Clone)]
pub struct Ears(std_mpsc::Sender<Control>);

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

/// The running listener thread; stopped when dropped.
#[derive(Debug)]
pub struct Hearing {
    ears: Ears,
    thread: Option<thread::JoinHandle<()>>,
    /// Scheme words the model does not know (phrases needing them cannot be heard).
    pub missing_words: Vec<String>,
    /// How many phrases the first grammar has.
    pub phrases: usize,
    /// Whether the model knows none of the scheme's words.
    pub knows_none: bool,
}

impl Hearing {
    /// Loads the model, builds the grammar for `position` in `language`, opens the
    /// audio and starts listening; utterances go to `requests` as
    /// [`Request::Heard`].
    ///
    /// # Errors
    /// The model is missing or cannot be loaded, the grammar cannot be built, or the
    /// audio input cannot be opened: one [`HearingError`] naming the key.
    pub fn start(
        setup: &HearingSetup,
        position: Chess,
        language: Language,
        time: TableTime,
        requests: mpsc::Sender<Request>,
    ) -> Result<Hearing, HearingError> {
        Hearing::open(setup, None, position, language, time, requests)
    }

    /// Like [`Hearing::start`] with the model in `model`, but the audio is pushed by the
    /// program through the returned sender (16 kHz mono samples, silence in between),
    /// heard in real time: the demo's spoken phrases.
    ///
    /// # Errors
    /// As [`Hearing::start`].
    pub fn start_fed(
        model: &Path,
        position: Chess,
        language: Language,
        time: TableTime,
        requests: mpsc::Sender<Request>,
    ) -> Result<(Hearing, std_mpsc::Sender<Vec<i16>>), HearingError> {
        let (feed, rx) = std_mpsc::channel();
        let setup = HearingSetup {
            model: model.to_owned(),
            input: AudioInput::Mic(None),
            push_to_talk: false,
            trailing_silence: Duration::from_millis(600),
        };
        let source = Box::new(FeedSource {
            rx,
            buffer: std::collections::VecDeque::new(),
            start: Instant::now(),
            emitted: 0,
        });
        let hearing = Hearing::open(&setup, Some(source), position, language, time, requests)?;
        Ok((hearing, feed))
    }

    fn open(
        setup: &HearingSetup,
        fed: Option<Box<dyn AudioSource + Send>>,
        position: Chess,
        language: Language,
        time: TableTime,
        requests: mpsc::Sender<Request>,
    ) -> Result<Hearing, HearingError> {
        let model = SpeechModel::load(&setup.model).map_err(|e| HearingError {
            key: "speech.model",
            message: e.to_string(),
        })?;
        let model = Arc::new(model);
        let config = ListenerConfig {
            mode: if setup.push_to_talk {
                Mode::PushToTalk
            } else {
                Mode::AlwaysListening
            },
            trailing_silence: setup.trailing_silence,
            // The player spoke and nothing fitted: they are told it was not understood.
            report_unrecognised: true,
            ..ListenerConfig::default()
        };
        let start = Instant::now();
        let listener = Listener::new(
            model,
            ListenFor::Moves { position, language },
            config,
            start,
        )
        .map_err(|e| HearingError {
            key: "speech.model",
            message: format!("cannot build the grammar: {e}"),
        })?;
        let missing_words = listener.missing_words();
        let phrases = listener.phrases().len();
        let knows_none = listener
            .phrases()
            .iter()
            .all(|p| p.split_whitespace().all(|w| w == "[unk]"));
        let is_fed = fed.is_some();
        let source: Box<dyn AudioSource + Send> = match (fed, &setup.input) {
            (Some(source), _) => source,
            (None, AudioInput::Wav(path)) => Box::new(
                WavSource::open(path, CHUNK_MS, start).map_err(|e| HearingError {
                    key: "speech.input",
                    message: e.to_string(),
                })?,
            ),
            (None, AudioInput::Stdin) => Box::new(
                PcmSource::new(std::io::stdin(), 16_000, CHUNK_MS, start).map_err(|e| {
                    HearingError {
                        key: "speech.input",
                        message: e.to_string(),
                    }
                })?,
            ),
            (None, AudioInput::Mic(device)) => Box::new(
                MicSource::open(device.as_deref()).map_err(|e| HearingError {
                    key: "speech.input",
                    message: e.to_string(),
                })?,
            ),
        };
        let paced = is_fed || matches!(setup.input, AudioInput::Wav(_));
        let quit_at_end = !is_fed && setup.input == AudioInput::Stdin;
        let (tx, rx) = std_mpsc::channel();
        let thread = thread::Builder::new()
            .name("annabella-hearing".into())
            .spawn(move || {
                listen(listener, source, paced, &rx, time, &requests);
                if quit_at_end {
                    let _ = requests.blocking_send(Request::Quit);
                }
            })
            .map_err(|e| HearingError {
                key: "speech.input",
                message: format!("cannot start a thread: {e}"),
            })?;
        Ok(Hearing {
            ears: Ears(tx),
            thread: Some(thread),
            missing_words,
            phrases,
            knows_none,
        })
    }

    /// [`Hearing::start`], saying on standard error what it listens with and, once, the
    /// scheme's words the model lacks.
    ///
    /// # Errors
    /// As [`Hearing::start`].
    pub fn start_reporting(
        setup: &HearingSetup,
        position: Chess,
        language: Language,
        time: TableTime,
        requests: mpsc::Sender<Request>,
    ) -> Result<Hearing, HearingError> {
        eprintln!(
            "annabella: loading the speech model {} ...",
            setup.model.display()
        );
        let loading = Instant::now();
        let hearing = Hearing::start(setup, position, language, time, requests)?;
        eprintln!(
            "annabella: listening ({}) with {} in {:.1} s: {} phrases in the first grammar, {}",
            match &setup.input {
                AudioInput::Mic(None) => "microphone".to_owned(),
                AudioInput::Mic(Some(d)) => format!("microphone {d}"),
                AudioInput::Wav(p) => format!("recording {}", p.display()),
                AudioInput::Stdin => "raw audio on standard input".to_owned(),
            },
            setup.model.display(),
            loading.elapsed().as_secs_f64(),
            hearing.phrases,
            if setup.push_to_talk {
                "push-to-talk (the clock's talk button, or Enter)"
            } else {
                "always listening"
            }
        );
        let code = language.code();
        if hearing.knows_none {
            eprintln!(
                "annabella: the model knows none of the {code} scheme's words: nothing said \
                 can be understood (fetch a {code} model with models/fetch.sh)"
            );
        } else if !hearing.missing_words.is_empty() {
            eprintln!(
                "annabella: the model lacks {} word(s) of the {code} scheme; phrases with \
                 them cannot be heard: {}",
                hearing.missing_words.len(),
                hearing.missing_words.join(", ")
            );
        }
        Ok(hearing)
    }

    /// A handle to steer the listener.
    pub fn ears(&self) -> Ears {
        self.ears.clone()
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

/// Audio pushed by the program: what was sent, else silence; ends when the sender is
/// dropped and everything sent was played.
struct FeedSource {
    rx: std_mpsc::Receiver<Vec<i16>>,
    buffer: std::collections::VecDeque<i16>,
    start: Instant,
    emitted: u64,
}

impl AudioSource for FeedSource {
    fn next_chunk(
        &mut self,
    ) -> Result<Option<annabella_speech::Chunk>, annabella_speech::AudioError> {
        let mut open = true;
        loop {
            match self.rx.try_recv() {
                Ok(samples) => self.buffer.extend(samples),
                Err(std_mpsc::TryRecvError::Empty) => break,
                Err(std_mpsc::TryRecvError::Disconnected) => {
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
        Ok(Some(annabella_speech::Chunk { samples, captured }))
    }
}

/// The VI player's words spoken by espeak-ng in `language`, as 16 kHz mono samples
/// (the demo's voice for the VI player).
///
/// # Errors
/// espeak-ng failed or the audio could not be converted.
pub fn speak_words(words: &str, language: Language) -> Result<Vec<i16>, String> {
    let pcm = annabella_voice::espeak::render(
        &annabella_voice::Speech::words(words),
        &annabella_voice::VoiceSettings::for_language(language),
    )
    .map_err(|e| e.to_string())?;
    let mut convert =
        annabella_speech::audio::ToSpeechFormat::new(pcm.rate, 1).map_err(|e| e.to_string())?;
    let floats: Vec<f32> = pcm
        .samples
        .iter()
        .map(|&s| f32::from(s) / 32768.0)
        .collect();
    let mut out = convert.push(&floats);
    out.extend(convert.finish());
    Ok(out)
}

/// Applies control messages; `false` once told to stop.
fn control(listener: &mut Listener, c: Control) -> bool {
    let now = Instant::now();
    let r = match c {
        Control::Position(p) => listener.set_position(*p).map_err(|e| e.to_string()),
        Control::Muted(m) => listener
            .handle_input(now, SpeechInput::AnnouncementPlaying(m))
            .map_err(|e| e.to_string()),
        Control::Talk(t) => listener
            .handle_input(now, SpeechInput::Talk(t))
            .map_err(|e| e.to_string()),
        Control::Stop => return false,
    };
    if let Err(e) = r {
        eprintln!("annabella: speech: {e}");
    }
    true
}

fn listen(
    mut listener: Listener,
    mut source: Box<dyn AudioSource + Send>,
    paced: bool,
    rx: &std_mpsc::Receiver<Control>,
    time: TableTime,
    requests: &mpsc::Sender<Request>,
) {
    let mut audio_open = true;
    let mut recent = std::collections::VecDeque::new();
    loop {
        // Steering first, so a position or a mute applies to the next audio.
        loop {
            let c = if audio_open {
                match rx.try_recv() {
                    Ok(c) => c,
                    Err(std_mpsc::TryRecvError::Empty) => break,
                    Err(std_mpsc::TryRecvError::Disconnected) => return,
                }
            } else {
                match rx.recv() {
                    Ok(c) => c,
                    Err(_) => return,
                }
            };
            if !control(&mut listener, c) {
                let _ = listener.finish(Instant::now());
                deliver(&mut listener, time, requests, &recent);
                return;
            }
        }
        match source.next_chunk() {
            Ok(Some(chunk)) => {
                if paced {
                    let wait = chunk.captured.saturating_duration_since(Instant::now());
                    thread::sleep(wait);
                }
                if let Err(e) = listener.handle_audio(chunk.captured, &chunk.samples) {
                    eprintln!("annabella: speech: {e}");
                }
                recent.push_back(chunk);
                if recent.len() > KEEP_CHUNKS {
                    recent.pop_front();
                }
            }
            Ok(None) => {
                let _ = listener.finish(Instant::now());
                audio_open = false;
            }
            Err(e) => {
                eprintln!("annabella: speech input: {e}; no more audio");
                let _ = listener.finish(Instant::now());
                audio_open = false;
            }
        }
        if !deliver(&mut listener, time, requests, &recent) {
            return;
        }
    }
}

/// Sends the finished utterances; `false` when the station has stopped.
fn deliver(
    listener: &mut Listener,
    time: TableTime,
    requests: &mpsc::Sender<Request>,
    recent: &std::collections::VecDeque<annabella_speech::Chunk>,
) -> bool {
    while let Some(event) = listener.poll_event() {
        if let Event::Heard(h) = event {
            let (input, mut timing) = heard(&h, time);
            // The voice from a little before its start to the end of the utterance.
            let from = h
                .speech_start
                .checked_sub(Duration::from_millis(300))
                .unwrap_or(h.speech_start);
            timing.audio = recent
                .iter()
                .filter(|c| {
                    let end =
                        c.captured + Duration::from_micros(c.samples.len() as u64 * 1000 / 16);
                    end > from && c.captured < h.endpoint
                })
                .flat_map(|c| c.samples.iter().copied())
                .collect();
            if requests
                .blocking_send(Request::Heard { input, timing })
                .is_err()
            {
                return false;
            }
        }
    }
    true
}

/// The table input and timings of one utterance.
pub fn heard(h: &Heard, time: TableTime) -> (Input, HeardTiming) {
    let now = Instant::now();
    let table_ms = |at: Instant| -> u64 {
        let ago = now.saturating_duration_since(at);
        time.now().saturating_sub(ago).as_millis() as u64
    };
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let alternatives = h
        .alternatives
        .iter()
        .map(|r| Hypothesis {
            text: r.text.clone(),
            score: r.probability,
        })
        .collect::<Vec<_>>();
    let alternatives = if alternatives.is_empty() {
        vec![Hypothesis {
            text: h.text.clone(),
            score: 1.0,
        }]
    } else {
        alternatives
    };
    let timing = HeardTiming {
        speech_start_ms: table_ms(h.speech_start),
        last_word_end_ms: table_ms(h.last_word_end),
        final_ms: table_ms(h.final_at),
        speech_end_to_final_ms: ms(h.speech_end_to_final()),
        decode_ms: ms(h.decode),
        rtf: h.rtf(),
        ended_by: serde_json::to_value(h.ended_by)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default(),
        words: h.text.clone(),
        audio: Vec::new(),
    };
    (Input::Heard { alternatives }, timing)
}

/// The journal meta key of the timings of record `seq` (a `heard` input).
pub fn timing_key(seq: u64) -> String {
    format!("heard.{seq}")
}

/// One journalled utterance: its record number and timings.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JournalledUtterance {
    /// The `heard` record.
    pub seq: u64,
    /// Its timings.
    pub timing: HeardTiming,
}

/// The timings journalled beside the `heard` records of a journal (read-only).
///
/// # Errors
/// The journal cannot be opened or a stored timing does not decode.
pub fn journalled(path: &Path) -> Result<Vec<JournalledUtterance>, crate::JournalError> {
    let (journal, recovery) =
        crate::Journal::<Input>::open(path, crate::journal::OpenMode::ReadOnly)?;
    let mut out = Vec::new();
    for r in &recovery.records {
        if matches!(r.input, Input::Heard { .. })
            && let Some(timing) = journal.meta::<HeardTiming>(&timing_key(r.seq))?
        {
            out.push(JournalledUtterance { seq: r.seq, timing });
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn audio_inputs_parse() {
        let base = Path::new("/tables/1");
        assert_eq!(AudioInput::parse("mic", base), Ok(AudioInput::Mic(None)));
        assert_eq!(
            AudioInput::parse("mic:hw:1,0", base),
            Ok(AudioInput::Mic(Some("hw:1,0".into())))
        );
        assert_eq!(
            AudioInput::parse("wav:game.wav", base),
            Ok(AudioInput::Wav("/tables/1/game.wav".into()))
        );
        assert_eq!(AudioInput::parse("stdin", base), Ok(AudioInput::Stdin));
        assert!(AudioInput::parse("microphone", base).is_err());
    }
}
