//! The sans-IO listening core: 16 kHz PCM chunks with their capture time in, events out.
//!
//! ```text
//! handle_audio(now, samples) ─┐                      ┌─► Event::SpeechStarted
//! handle_input(now, Input)  ──┼─► VAD ─► Vosk ─► ────┼─► Event::Partial
//! set_position(pos)         ──┘  endpoint / early    └─► Event::Heard(Heard)   ◄─ poll_event()
//! ```
//!
//! No audio device and no clock decide anything here: time is the `now` the caller
//! passes with each chunk plus the sample count. (The wall time spent inside libvosk is
//! measured and reported, never acted on.)

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Duration;

use annabella_phonetic::{Alternative, Language, Lexicon, Verdict, Vocabulary, resolve_nbest};
use shakmaty::Chess;

use crate::decoder::{DecodeError, Decoder, GrammarError, HeardWord, Reading, SAMPLE_RATE};
use crate::doubt::{Doubt, Evidence, Trust};
use crate::endpoint::{self, Endpointing, Moment, PhraseTrie, Standing};
use crate::model::SpeechModel;
use crate::vad::{FRAME, Vad, VadConfig};

/// How the player hands the floor to the recognizer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// Every stretch of speech is an utterance (voice activity detection).
    #[default]
    AlwaysListening,
    /// Only while the talk key (a key, or a tactile clock button) is held; releasing it
    /// ends the utterance at once.
    PushToTalk,
}

/// Tuning of the listener; the defaults suit a quiet tournament hall.
#[derive(Debug, Clone, PartialEq)]
pub struct RecognizerConfig {
    /// Always listening or push-to-talk.
    pub mode: Mode,
    /// Silence after the last voiced frame that ends an utterance.
    pub trailing_silence: Duration,
    /// Grammar-aware endpointing (see [`crate::endpoint`]): when the words so far are a
    /// phrase that no phrase extends, the utterance ends after this much silence (after
    /// the last word's end and the last voiced frame); words that start no phrase end it
    /// as not understood after the same silence; a phrase that may go on waits the full
    /// `trailing_silence`. `None`: the older rule, `early`.
    pub leaf_silence: Option<Duration>,
    /// Early finalization (only without `leaf_silence`): when the partial result already
    /// means one complete legal move (or command, or listed phrase), is unchanged for this
    /// long, and the voice has stopped, finalize without waiting for the whole trailing
    /// silence. `None`: never.
    pub early: Option<Duration>,
    /// Audio kept from before the detected speech onset and fed with the utterance.
    pub preroll: Duration,
    /// Voiced audio needed in a row to start an utterance.
    pub onset: Duration,
    /// An utterance is cut after this long.
    pub max_utterance: Duration,
    /// n-best readings asked from Vosk (0: one reading, with per-word confidence).
    pub alternatives: u16,
    /// Readings whose probabilities differ by less than this and that resolve to
    /// different moves make the answer ambiguous (default: the table's one margin,
    /// [`annabella_phonetic::NBEST_MARGIN`]).
    pub margin: f32,
    /// How often (stream time) the partial result is read.
    pub partial_interval: Duration,
    /// Audio ignored after our own announcement stops (room echo).
    pub echo_tail: Duration,
    /// Voice activity detection.
    pub vad: VadConfig,
    /// Also report an utterance in which no word of the grammar was recognised (empty
    /// text): a table tells the player it did not understand. Off: such stretches
    /// (noise, words of no phrase) are dropped. Push-to-talk always reports.
    pub report_unrecognised: bool,
    /// When a result is too doubtful to act on (noise, close readings): see
    /// [`crate::doubt`]. A doubted utterance is always reported, with no text.
    pub trust: Trust,
}

impl Default for RecognizerConfig {
    fn default() -> Self {
        RecognizerConfig {
            mode: Mode::AlwaysListening,
            trailing_silence: Duration::from_millis(600),
            leaf_silence: Some(Duration::from_millis(100)),
            early: Some(Duration::from_millis(150)),
            preroll: Duration::from_millis(300),
            onset: Duration::from_millis(50),
            max_utterance: Duration::from_secs(10),
            alternatives: 5,
            margin: annabella_phonetic::NBEST_MARGIN,
            partial_interval: Duration::from_millis(20),
            echo_tail: Duration::from_millis(150),
            vad: VadConfig::default(),
            report_unrecognised: false,
            trust: Trust::default(),
        }
    }
}

/// What the recognizer listens for.
#[derive(Debug, Clone)]
pub enum ListenFor {
    /// The moves legal in a position and the table's commands, in one language's
    /// spoken scheme (grammar from annabella-phonetic); results are resolved.
    Moves {
        /// The game position now.
        position: Chess,
        /// The spoken scheme.
        language: Language,
    },
    /// A plain phrase list (to check a model in any language); results are not resolved.
    Phrases(Vec<String>),
}

impl ListenFor {
    /// The phrases of a comma-separated list (`listen --grammar-words`): each phrase's
    /// words separated by single spaces, lower-cased; empty phrases dropped.
    pub fn phrase_list(text: &str) -> Vec<String> {
        text.split(',')
            .map(|p| {
                p.split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
                    .to_lowercase()
            })
            .filter(|p| !p.is_empty())
            .collect()
    }
}

/// An input other than audio.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    /// Our own announcement started (`true`) or stopped (`false`): the microphone is
    /// deaf while it plays and for the echo tail after; an utterance in progress is dropped.
    AnnouncementPlaying(bool),
    /// The push-to-talk key went down (`true`) or up (`false`).
    Talk(bool),
}

/// Why an utterance ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EndedBy {
    /// The full trailing silence.
    Silence,
    /// Early finalization: the partial result was a complete, stable answer.
    Early,
    /// A phrase that nothing extends, followed by the short silence.
    Leaf,
    /// Words that start no phrase of the grammar: not understood (no reading is kept).
    NotUnderstood,
    /// The push-to-talk key was released.
    Released,
    /// The utterance reached the maximum length.
    MaxLength,
}

/// One utterance heard: timings, words, n-best readings and what they mean. Its times
/// count from the stream's epoch, as the caller's `now` does.
#[derive(Debug, Clone)]
pub struct Heard {
    /// When the voice began (first voiced frame of the onset; the key press in push-to-talk).
    pub speech_start: Duration,
    /// When the last recognised word ended (the last voiced frame when no word was recognised).
    pub last_word_end: Duration,
    /// The end of the audio the result is based on.
    pub endpoint: Duration,
    /// When the result was ready: the capture time of the end of the chunk that completed
    /// it plus the time libvosk spent on that chunk, as the decoder measured it.
    pub final_at: Duration,
    /// What ended the utterance.
    pub ended_by: EndedBy,
    /// The best reading's words ("" when nothing was recognised).
    pub text: String,
    /// The best reading's words with timings (and confidence without alternatives).
    pub words: Vec<HeardWord>,
    /// Every reading, best first.
    pub alternatives: Vec<Reading>,
    /// What the readings mean in `position` (when listening for moves).
    pub resolution: Option<Verdict>,
    /// The position the utterance was resolved against.
    pub position: Option<Chess>,
    /// Audio in the utterance.
    pub audio: Duration,
    /// Wall time spent in libvosk for it.
    pub decode: Duration,
    /// The utterance's voiced frames (mean power) over the VAD's noise floor heard
    /// before it, in dB: how clearly the voice stood out of the room.
    pub snr_db: f32,
    /// Voice the VAD heard before the first recognised word (its start less 60 ms): a
    /// word lost at the start, or talk outside the grammar. All the voice when no word.
    pub voice_before_words: Duration,
    /// Voice the VAD heard after the last recognised word (its end plus 60 ms): a word
    /// lost at the end.
    pub voice_after_words: Duration,
    /// Why the readings were not trusted (see [`crate::doubt`]); the text and the
    /// readings are then cleared, and the table asks again.
    pub doubt: Option<Doubt>,
}

impl Heard {
    /// From the end of the last word to the result.
    pub fn speech_end_to_final(&self) -> Duration {
        self.final_at.saturating_sub(self.last_word_end)
    }

    /// Real-time factor of decoding: decode time / audio length.
    pub fn rtf(&self) -> f64 {
        if self.audio.is_zero() {
            0.0
        } else {
            self.decode.as_secs_f64() / self.audio.as_secs_f64()
        }
    }
}

/// The endpointer saw a leaf: unless the voice goes on, the utterance's result is
/// these words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Foreseen {
    /// The partial words (a whole phrase of the grammar that no phrase extends).
    pub text: String,
    /// The start of the utterance they belong to (its [`Heard::speech_start`]).
    pub speech_start: Duration,
    /// When the partial result showed them (stream time).
    pub at: Duration,
}

/// What the listener reports.
#[derive(Debug, Clone)]
pub enum Event {
    /// Voice detected: an utterance began.
    SpeechStarted {
        /// The first voiced frame.
        at: Duration,
    },
    /// The partial result changed.
    Partial {
        /// The words so far.
        text: String,
    },
    /// The partial words are a phrase that no phrase extends (grammar endpointing): unless
    /// the voice goes on, they are the result; its read-back may be rendered ahead
    /// ([`crate::read_ahead`]). Given once per new leaf of an utterance.
    Leaf(Foreseen),
    /// An utterance is complete.
    Heard(Box<Heard>),
}

#[derive(Debug)]
struct Utterance {
    /// Stream sample where the audio fed to Vosk begins (preroll included).
    start: u64,
    /// First voiced sample.
    first_voice: u64,
    /// End of the last voiced frame.
    last_voice: u64,
    /// Samples of silence since then.
    silent: u64,
    partial: String,
    partial_since: u64,
    partial_checked: u64,
    /// Began within the trailing silence after an utterance that was not understood or
    /// reached the maximum length: the rest of a phrase whose start was lost.
    fragment: bool,
    /// The VAD's noise floor when the voice began, dBFS.
    noise_dbfs: f32,
    /// Sum of the voiced frames' mean power (full scale = 1) and their count.
    voiced_power: f64,
    voiced_frames: u32,
    /// End sample of every voiced frame.
    voiced: Vec<u64>,
}

impl Utterance {
    /// Counts a frame of `samples` ending at `end`: voice resets the silence.
    fn hear(&mut self, speech: bool, level_dbfs: f32, end: u64, samples: usize) {
        if speech {
            self.last_voice = end;
            self.silent = 0;
            self.voiced_power += 10f64.powf(f64::from(level_dbfs) / 10.0);
            self.voiced_frames += 1;
            self.voiced.push(end);
        } else {
            self.silent += samples as u64;
        }
    }
}

/// The listening pipeline for one microphone and one table.
pub struct Recognizer {
    model: Arc<SpeechModel>,
    config: RecognizerConfig,
    vocabulary: Option<Vocabulary>,
    phrases: Vec<String>,
    trie: PhraseTrie,
    position: Option<Chess>,
    next: Option<(Chess, Vec<String>, Decoder)>,
    decoder: Decoder,
    vad: Vad,
    /// Samples consumed from the stream.
    sample: u64,
    /// `(sample, time)` of the latest chunk's first sample.
    anchor: (u64, Duration),
    carry: Vec<i16>,
    preroll: VecDeque<i16>,
    onset_run: u64,
    onset_first: u64,
    utterance: Option<Utterance>,
    /// Where the last utterance ended, if voice going on after it would be the rest of
    /// a phrase: not understood, doubted, cut at the maximum length, or taken at a short
    /// silence (leaf, early).
    broken_off: Option<u64>,
    feed: Vec<i16>,
    muted: bool,
    deaf_until: Option<Duration>,
    talking: bool,
    events: VecDeque<Event>,
    /// Set while a chunk is processed: (chunk end sample, libvosk time spent before it).
    chunk: Option<(u64, Duration)>,
    /// libvosk time spent by decoders already replaced by the next position's.
    retired: Duration,
}

impl std::fmt::Debug for Recognizer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Recognizer")
            .field("config", &self.config)
            .field("sample", &self.sample)
            .field("utterance", &self.utterance)
            .finish_non_exhaustive()
    }
}

/// Whether a partial result is a complete answer: in moves mode one legal move or a
/// command (not ambiguous, not missing a promotion piece); otherwise one listed phrase.
fn is_complete(moves: Option<(&Lexicon, &Chess)>, phrases: &[String], text: &str) -> bool {
    if text.is_empty() {
        return false;
    }
    match moves {
        Some((lexicon, pos)) => matches!(
            annabella_phonetic::resolve_words(pos, lexicon, text),
            Verdict::Move(_) | Verdict::Command(_)
        ),
        None => phrases.iter().any(|p| p == text),
    }
}

/// The resolver's answer for the readings (n-best by probability), in moves mode.
fn resolve(
    moves: Option<(&Lexicon, &Chess)>,
    readings: &[Reading],
    margin: f32,
) -> Option<Verdict> {
    let (lexicon, pos) = moves?;
    let alternatives: Vec<Alternative<'_>> = readings
        .iter()
        .filter(|r| !r.text.is_empty())
        .map(|r| Alternative {
            text: &r.text,
            score: r.probability,
        })
        .collect();
    if alternatives.is_empty() {
        return None;
    }
    Some(resolve_nbest(pos, lexicon, &alternatives, margin))
}

/// The grammar's phrase trie; the scheme's hesitations are skipped where heard.
fn trie_of(vocabulary: Option<&Vocabulary>, phrases: &[String]) -> PhraseTrie {
    let fillers: &[&str] = vocabulary.map_or(&[], |v| v.lexicon().hesitations());
    PhraseTrie::new(phrases, fillers)
}

/// How much of the utterance's voiced frames lies before its first word and after its
/// last word (each widened by [`WORD_SLACK`]); with no word, all of it is before.
fn unworded_voice(u: &Utterance, words: &[HeardWord]) -> (Duration, Duration) {
    let slack = WORD_SLACK.as_secs_f64();
    let first = words
        .first()
        .map_or(f64::INFINITY, |w| f64::from(w.start) - slack);
    let last = words
        .last()
        .map_or(f64::INFINITY, |w| f64::from(w.end) + slack);
    let (mut before, mut after) = (0u64, 0u64);
    for &end in &u.voiced {
        let mid =
            (end.saturating_sub(u.start) as f64 - FRAME as f64 / 2.0) / f64::from(SAMPLE_RATE);
        if mid < first {
            before += FRAME as u64;
        } else if mid > last {
            after += FRAME as u64;
        }
    }
    (duration_of(before), duration_of(after))
}

/// How far outside a recognised word's times a voiced frame still belongs to it.
const WORD_SLACK: Duration = Duration::from_millis(60);

/// The partial result `text` checked at sample `now`: when it differs from the last one
/// it is kept (with when it changed) and reported as an [`Event::Partial`]; whether it
/// changed.
fn note_partial(u: &mut Utterance, events: &mut VecDeque<Event>, text: String, now: u64) -> bool {
    u.partial_checked = now;
    if text == u.partial {
        return false;
    }
    u.partial = text.clone();
    u.partial_since = now;
    events.push_back(Event::Partial { text });
    true
}

fn samples_of(d: Duration) -> u64 {
    (d.as_secs_f64() * f64::from(SAMPLE_RATE)).round() as u64
}

fn duration_of(samples: u64) -> Duration {
    Duration::from_secs_f64(samples as f64 / f64::from(SAMPLE_RATE))
}

impl Recognizer {
    /// A listener for `listen_for` on a loaded model. The start time `now` anchors the
    /// stream until the first chunk arrives.
    ///
    /// # Errors
    /// The grammar cannot be built (see [`GrammarError`]).
    pub fn new(
        model: Arc<SpeechModel>,
        listen_for: ListenFor,
        config: RecognizerConfig,
        now: Duration,
    ) -> Result<Recognizer, GrammarError> {
        let (vocabulary, position, phrases) = match listen_for {
            ListenFor::Moves { position, language } => {
                let vocab = Vocabulary::new(Lexicon::get(language), |w| model.knows(w));
                let phrases = vocab.grammar(&position).phrases;
                (Some(vocab), Some(position), phrases)
            }
            ListenFor::Phrases(p) => (None, None, p),
        };
        let decoder = Decoder::new(&model, &phrases, config.alternatives)?;
        let trie = trie_of(vocabulary.as_ref(), &phrases);
        Ok(Recognizer {
            vad: Vad::new(config.vad),
            trie,
            model,
            vocabulary,
            phrases,
            position,
            next: None,
            decoder,
            sample: 0,
            anchor: (0, now),
            carry: Vec::with_capacity(FRAME),
            preroll: VecDeque::new(),
            onset_run: 0,
            onset_first: 0,
            utterance: None,
            broken_off: None,
            feed: Vec::new(),
            muted: false,
            deaf_until: None,
            talking: false,
            events: VecDeque::new(),
            chunk: None,
            retired: Duration::ZERO,
            config,
        })
    }

    /// The phrases the recognizer listens for now.
    pub fn phrases(&self) -> &[String] {
        &self.phrases
    }

    /// Words of the scheme (or of the phrase list) the model does not know: phrases
    /// needing them cannot be heard.
    pub fn missing_words(&self) -> Vec<String> {
        match &self.vocabulary {
            Some(v) => v.dropped().to_vec(),
            None => self
                .model
                .unknown_words(self.phrases.iter().map(String::as_str)),
        }
    }

    /// `(scheme spelling, spelling used)` where the model lacks the scheme's first spelling.
    pub fn substituted_words(&self) -> Vec<(String, String)> {
        self.vocabulary
            .as_ref()
            .map(|v| v.substituted().to_vec())
            .unwrap_or_default()
    }

    /// The position listened for (moves mode).
    pub fn position(&self) -> Option<&Chess> {
        self.position.as_ref()
    }

    /// Whether an utterance is in progress.
    pub fn in_utterance(&self) -> bool {
        self.utterance.is_some()
    }

    /// The game moved on: rebuilds the recognizer for the new position's moves (≈ 1 ms
    /// plus the grammar). During an utterance the new grammar takes effect after it, and
    /// that utterance is resolved against the old position. Ignored in phrase mode.
    ///
    /// # Errors
    /// The new grammar cannot be built; the old one stays.
    pub fn set_position(&mut self, position: Chess) -> Result<(), GrammarError> {
        let Some(vocab) = &self.vocabulary else {
            return Ok(());
        };
        let phrases = vocab.grammar(&position).phrases;
        let decoder = Decoder::new(&self.model, &phrases, self.config.alternatives)?;
        self.next = Some((position, phrases, decoder));
        if self.utterance.is_none() {
            self.swap_grammar();
        }
        Ok(())
    }

    fn swap_grammar(&mut self) {
        if let Some((position, phrases, decoder)) = self.next.take() {
            self.trie = trie_of(self.vocabulary.as_ref(), &phrases);
            self.position = Some(position);
            self.phrases = phrases;
            self.retired += self.decoder.spent();
            self.decoder = decoder;
        }
    }

    /// libvosk time spent since the recognizer was built, as its decoders measured it:
    /// the recognizer itself reads no clock.
    fn decoding_spent(&self) -> Duration {
        self.retired + self.decoder.spent()
    }

    /// Takes a non-audio input at `now`.
    ///
    /// # Errors
    /// libvosk failed while finishing an utterance.
    pub fn handle_input(&mut self, now: Duration, input: Input) -> Result<(), DecodeError> {
        match input {
            Input::AnnouncementPlaying(true) => {
                self.muted = true;
                self.drop_utterance();
            }
            Input::AnnouncementPlaying(false) => {
                if self.muted {
                    self.muted = false;
                    self.deaf_until = Some(now + self.config.echo_tail);
                }
            }
            Input::Talk(down) => {
                let was = self.talking;
                self.talking = down;
                if was && !down && self.config.mode == Mode::PushToTalk && self.utterance.is_some()
                {
                    self.chunk = Some((self.sample, self.decoding_spent()));
                    // `now` is when the key went up: the chunk boundary in wall time.
                    self.anchor = (self.sample, now);
                    let end = self.sample;
                    let r = self.finalize(EndedBy::Released, end);
                    self.chunk = None;
                    r?;
                }
            }
        }
        Ok(())
    }

    /// Feeds 16 kHz mono samples; `now` is when the chunk's first sample was captured.
    ///
    /// # Errors
    /// libvosk failed; the utterance in progress is dropped, the listener goes on.
    pub fn handle_audio(&mut self, now: Duration, samples: &[i16]) -> Result<(), DecodeError> {
        let spent = self.decoding_spent();
        let first = self.sample + self.carry.len() as u64;
        // Anchor so that the carried samples (captured before) keep their times.
        self.anchor = (first, now);
        let chunk_end = first + samples.len() as u64;
        self.chunk = Some((chunk_end, spent));
        let r = self.process(samples);
        self.chunk = None;
        if r.is_err() {
            self.drop_utterance();
        }
        r
    }

    fn process(&mut self, samples: &[i16]) -> Result<(), DecodeError> {
        let mut rest = samples;
        while !rest.is_empty() {
            let need = FRAME - self.carry.len();
            let take = need.min(rest.len());
            self.carry.extend_from_slice(&rest[..take]);
            rest = &rest[take..];
            if self.carry.len() == FRAME {
                let frame = std::mem::take(&mut self.carry);
                self.frame(&frame)?;
                self.carry = frame;
                self.carry.clear();
            }
        }
        if self.utterance.is_some() {
            self.flush()?;
            self.check_partial()?;
        }
        Ok(())
    }

    /// The time of stream sample `s`.
    fn at(&self, s: u64) -> Duration {
        let (a, t) = self.anchor;
        if s >= a {
            t + duration_of(s - a)
        } else {
            t.checked_sub(duration_of(a - s)).unwrap_or(t)
        }
    }

    fn frame(&mut self, frame: &[i16]) -> Result<(), DecodeError> {
        let start = self.sample;
        let end = start + frame.len() as u64;
        let deaf = self.muted || self.deaf_until.is_some_and(|until| self.at(start) < until);
        if deaf {
            self.sample = end;
            return Ok(());
        }
        self.deaf_until = None;
        let speech = self.vad.is_speech(frame);
        let level = crate::vad::level_dbfs(frame);
        match self.config.mode {
            Mode::AlwaysListening => self.frame_always(frame, start, end, speech, level)?,
            Mode::PushToTalk => self.frame_push_to_talk(frame, start, end, speech, level)?,
        }
        self.sample = end;
        Ok(())
    }

    fn keep_preroll(&mut self, frame: &[i16]) {
        self.preroll.extend(frame.iter().copied());
        let cap = samples_of(self.config.preroll) as usize;
        while self.preroll.len() > cap {
            self.preroll.pop_front();
        }
    }

    fn begin(&mut self, first_voice: u64, end: u64) {
        let start = end - self.preroll.len() as u64;
        self.feed.clear();
        self.feed.extend(self.preroll.drain(..));
        self.decoder.reset();
        let _ = self.decoder.take_busy();
        self.utterance = Some(Utterance {
            start,
            first_voice,
            last_voice: end,
            silent: 0,
            partial: String::new(),
            partial_since: end,
            partial_checked: start,
            fragment: false,
            noise_dbfs: self.vad.noise_dbfs(),
            voiced_power: 0.0,
            voiced_frames: 0,
            voiced: Vec::new(),
        });
        let fragment = self.config.leaf_silence.is_some()
            && endpoint::is_fragment(self.broken_off, first_voice, self.config.trailing_silence);
        if let Some(u) = &mut self.utterance {
            u.fragment = fragment;
        }
        let at = self.at(first_voice);
        self.events.push_back(Event::SpeechStarted { at });
    }

    fn frame_always(
        &mut self,
        frame: &[i16],
        start: u64,
        end: u64,
        speech: bool,
        level: f32,
    ) -> Result<(), DecodeError> {
        let Some(u) = &mut self.utterance else {
            self.keep_preroll(frame);
            if speech {
                if self.onset_run == 0 {
                    self.onset_first = start;
                }
                self.onset_run += frame.len() as u64;
                if self.onset_run >= samples_of(self.config.onset) {
                    self.onset_run = 0;
                    self.begin(self.onset_first, end);
                }
            } else {
                self.onset_run = 0;
            }
            return Ok(());
        };
        self.feed.extend_from_slice(frame);
        u.hear(speech, level, end, frame.len());
        let utterance_start = u.start;
        if u.silent >= samples_of(self.config.trailing_silence) {
            self.finalize(EndedBy::Silence, end)?;
        } else if end - utterance_start >= samples_of(self.config.max_utterance) {
            self.finalize(EndedBy::MaxLength, end)?;
        }
        Ok(())
    }

    fn frame_push_to_talk(
        &mut self,
        frame: &[i16],
        start: u64,
        end: u64,
        speech: bool,
        level: f32,
    ) -> Result<(), DecodeError> {
        if !self.talking {
            self.keep_preroll(frame);
            return Ok(());
        }
        if self.utterance.is_none() {
            self.keep_preroll(frame);
            self.begin(start, end);
            return Ok(());
        }
        self.feed.extend_from_slice(frame);
        let max = samples_of(self.config.max_utterance);
        if let Some(u) = &mut self.utterance {
            u.hear(speech, level, end, frame.len());
            if end - u.start >= max {
                self.finalize(EndedBy::MaxLength, end)?;
                // Holding the key longer does not start another utterance.
                self.talking = false;
            }
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<(), DecodeError> {
        if !self.feed.is_empty() {
            let feed = std::mem::take(&mut self.feed);
            let r = self.decoder.accept(&feed);
            self.feed = feed;
            self.feed.clear();
            r?;
        }
        Ok(())
    }

    /// Whether a partial result is a complete answer.
    fn complete(&self, text: &str) -> bool {
        let lexicon = self.vocabulary.as_ref().map(Vocabulary::lexicon);
        is_complete(lexicon.zip(self.position.as_ref()), &self.phrases, text)
    }

    fn check_partial(&mut self) -> Result<(), DecodeError> {
        let now = self.sample;
        let interval = samples_of(self.config.partial_interval);
        let Some(u) = &self.utterance else {
            return Ok(());
        };
        if now < u.partial_checked + interval {
            return Ok(());
        }
        if let Some(leaf_silence) = self.config.leaf_silence
            && self.config.mode == Mode::AlwaysListening
        {
            return self.check_grammar(leaf_silence);
        }
        let text = self.decoder.partial();
        let complete = self.config.mode == Mode::AlwaysListening
            && self.config.early.is_some()
            && self.complete(&text);
        let Some(u) = &mut self.utterance else {
            return Ok(());
        };
        if note_partial(u, &mut self.events, text, now) {
            return Ok(());
        }
        if let Some(early) = self.config.early
            && complete
            && u.silent > 0
            && now - u.partial_since >= samples_of(early)
        {
            self.finalize(EndedBy::Early, now)?;
        }
        Ok(())
    }

    /// Grammar-aware endpointing on the partial words (see [`crate::endpoint`]).
    fn check_grammar(&mut self, leaf_silence: Duration) -> Result<(), DecodeError> {
        let now = self.sample;
        let text = self.decoder.partial();
        let standing = self.trie.standing(text.split_whitespace());
        let Some(u) = &mut self.utterance else {
            return Ok(());
        };
        if note_partial(u, &mut self.events, text, now) && standing == Standing::Leaf {
            let (text, first_voice) = (u.partial.clone(), u.first_voice);
            let leaf = Foreseen {
                text,
                speech_start: self.at(first_voice),
                at: self.at(now),
            };
            self.events.push_back(Event::Leaf(leaf));
        }
        let Some(u) = &mut self.utterance else {
            return Ok(());
        };
        // libvosk 0.3.45 gives no word times in partial results of a grammar (they come
        // back empty): the words end with the last voiced frame.
        let moment = Moment {
            standing,
            last_word_end: (standing != Standing::Nothing).then_some(u.last_voice),
            last_voice: u.last_voice,
            now,
        };
        let endpointing = Endpointing {
            leaf_silence,
            trailing_silence: self.config.trailing_silence,
        };
        match endpointing.decide(moment) {
            endpoint::Verdict::Wait => Ok(()),
            endpoint::Verdict::Leaf => self.finalize(EndedBy::Leaf, now),
            endpoint::Verdict::NotUnderstood => self.finalize(EndedBy::NotUnderstood, now),
            endpoint::Verdict::Silence => self.finalize(EndedBy::Silence, now),
        }
    }

    fn drop_utterance(&mut self) {
        self.broken_off = None;
        if self.utterance.take().is_some() {
            self.decoder.reset();
            let _ = self.decoder.take_busy();
            self.feed.clear();
            self.swap_grammar();
        }
        self.preroll.clear();
        self.onset_run = 0;
    }

    fn finalize(&mut self, ended_by: EndedBy, end: u64) -> Result<(), DecodeError> {
        self.flush()?;
        let Some(u) = self.utterance.take() else {
            return Ok(());
        };
        let ended_by = if u.fragment && ended_by != EndedBy::Released {
            EndedBy::NotUnderstood
        } else {
            ended_by
        };
        let mut alternatives = self.decoder.finish();
        let decode = self.decoder.take_busy();
        // The final result stands once the chunk's last sample was captured and libvosk
        // has worked on it: capture time plus the decoding time the decoder measured.
        let spent = self.decoding_spent();
        let (chunk_end, before) = self.chunk.unwrap_or((end, spent));
        let final_at = self.at(chunk_end.max(end)) + spent.saturating_sub(before);
        let best = alternatives.first().cloned().unwrap_or(Reading {
            text: String::new(),
            score: 0.0,
            probability: 0.0,
            words: Vec::new(),
        });
        let last_word_end = match best.words.last() {
            Some(w) => u.start + (f64::from(w.end) * f64::from(SAMPLE_RATE)) as u64,
            None => u.last_voice,
        };
        let snr_db = if u.voiced_frames == 0 {
            0.0
        } else {
            (10.0 * (u.voiced_power / f64::from(u.voiced_frames)).log10()) as f32 - u.noise_dbfs
        };
        let (voice_before_words, voice_after_words) = unworded_voice(&u, &best.words);
        let doubt = if ended_by == EndedBy::NotUnderstood || best.text.is_empty() {
            None
        } else {
            self.config.trust.judge(&Evidence::of(
                &alternatives,
                snr_db,
                voice_before_words,
                voice_after_words,
                |t| {
                    matches!(
                        self.trie.standing(t.split_whitespace()),
                        Standing::Leaf | Standing::Extendable
                    )
                },
            ))
        };
        // Voice that follows within the trailing silence is the rest of this phrase (see
        // `endpoint::is_fragment`): after one not understood, doubted or cut, and after a
        // phrase taken at a short silence (leaf, early), which the voice going on shows
        // was not the end.
        let short = matches!(ended_by, EndedBy::Leaf | EndedBy::Early)
            && self.config.trust.rest_after_short_silence;
        self.broken_off = (doubt.is_some()
            || short
            || matches!(ended_by, EndedBy::NotUnderstood | EndedBy::MaxLength))
        .then_some(end);
        let (text, words) = if ended_by == EndedBy::NotUnderstood || doubt.is_some() {
            // Nothing of it is acted on (not understood, or not trusted): the table asks again.
            alternatives.clear();
            (String::new(), best.words)
        } else {
            (best.text, best.words)
        };
        let lexicon = self.vocabulary.as_ref().map(Vocabulary::lexicon);
        let resolution = resolve(
            lexicon.zip(self.position.as_ref()),
            &alternatives,
            self.config.margin,
        );
        let heard = Heard {
            speech_start: self.at(u.first_voice),
            last_word_end: self.at(last_word_end),
            endpoint: self.at(end),
            final_at,
            ended_by,
            text,
            words,
            alternatives,
            resolution,
            position: self.position.clone(),
            audio: duration_of(end - u.start),
            decode,
            snr_db,
            voice_before_words,
            voice_after_words,
            doubt,
        };
        let report = !heard.text.is_empty()
            || heard.doubt.is_some()
            || self.config.mode == Mode::PushToTalk
            || self.config.report_unrecognised;
        if report {
            self.events.push_back(Event::Heard(Box::new(heard)));
        }
        self.preroll.clear();
        self.onset_run = 0;
        self.swap_grammar();
        Ok(())
    }

    /// The end of the stream: finishes an utterance in progress as if the silence had come.
    ///
    /// # Errors
    /// libvosk failed.
    pub fn finish(&mut self, now: Duration) -> Result<(), DecodeError> {
        if self.utterance.is_some() {
            self.anchor = (self.sample, now);
            self.chunk = Some((self.sample, self.decoding_spent()));
            let end = self.sample;
            let r = self.finalize(EndedBy::Silence, end);
            self.chunk = None;
            r?;
        }
        Ok(())
    }

    /// The next event, if any; drain after every input.
    pub fn poll_event(&mut self) -> Option<Event> {
        self.events.pop_front()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Position, uci::UciMove};

    #[test]
    fn the_recognizer_reads_no_clock() {
        // Capture times come with the audio; libvosk's time is measured by the decoder.
        let source = include_str!("recognizer.rs");
        for clock in [
            concat!("Instant", "::now"),
            concat!("SystemTime", "::now"),
            concat!(".elapsed", "()"),
        ] {
            assert!(
                !source.contains(clock),
                "recognizer.rs reads a clock: {clock}"
            );
        }
    }

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    fn reading(text: &str, probability: f32) -> Reading {
        Reading {
            text: text.to_owned(),
            score: probability,
            probability,
            words: Vec::new(),
        }
    }

    #[test]
    fn a_partial_is_complete_only_when_it_means_one_move_or_a_command() {
        let de = Lexicon::get(Language::De);
        let start = Chess::default();
        let promo = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        let two_knights = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
        let table: &[(&Chess, &str, bool)] = &[
            (&start, "springer felix drei", true),
            (&start, "springer felix", false),
            (&start, "eva vier", true),
            (&start, "zeit", true),
            (&start, "", false),
            (&promo, "eva acht", false),
            (&promo, "eva acht dame", true),
            (&two_knights, "springer david zwei", false),
            (&two_knights, "springer bella eins david zwei", true),
            (&start, "springer felix sechs", false),
        ];
        for (p, text, want) in table {
            assert_eq!(is_complete(Some((de, p)), &[], text), *want, "{text:?}");
        }
        let phrases = vec!["넷".to_owned(), "여섯".to_owned()];
        assert!(is_complete(None, &phrases, "넷"));
        assert!(!is_complete(None, &phrases, "넷 여섯"));
    }

    #[test]
    fn readings_resolve_by_probability_and_legality() {
        let de = Lexicon::get(Language::De);
        let start = Chess::default();
        let uci = |v: &Verdict| match v {
            Verdict::Move(m) => m.to_uci(CastlingMode::Standard).to_string(),
            other => format!("{other:?}"),
        };
        // The best reading is illegal (no knight reaches f4): the legal second one wins.
        let v = resolve(
            Some((de, &start)),
            &[
                reading("springer felix vier", 0.7),
                reading("springer felix drei", 0.3),
            ],
            0.1,
        )
        .unwrap();
        assert_eq!(uci(&v), "g1f3");
        // Two legal readings within the margin: ambiguous, both named.
        let v = resolve(
            Some((de, &start)),
            &[reading("eva vier", 0.52), reading("david vier", 0.48)],
            0.1,
        )
        .unwrap();
        let Verdict::Ambiguous(ms) = v else {
            panic!("{v:?}")
        };
        assert_eq!(ms.len(), 2);
        assert!(ms.iter().all(|m| start.is_legal(*m)));
        // Clearly better: no ambiguity.
        let v = resolve(
            Some((de, &start)),
            &[reading("eva vier", 0.9), reading("david vier", 0.1)],
            0.1,
        )
        .unwrap();
        assert_eq!(uci(&v), UciMove::from_ascii(b"e2e4").unwrap().to_string());
        // Nothing recognised, or phrase mode: no resolution.
        assert!(resolve(Some((de, &start)), &[reading("", 1.0)], 0.1).is_none());
        assert!(resolve(None, &[reading("넷", 1.0)], 0.1).is_none());
    }
}

#[cfg(test)]
mod voice_and_words {
    use super::*;

    fn utterance(voiced_ms: impl Iterator<Item = u64>) -> Utterance {
        let ms = |m: u64| m * 16;
        Utterance {
            start: ms(1000),
            first_voice: ms(1300),
            last_voice: 0,
            silent: 0,
            partial: String::new(),
            partial_since: 0,
            partial_checked: 0,
            fragment: false,
            noise_dbfs: -70.0,
            voiced_power: 0.0,
            voiced_frames: 0,
            // Frame ends, in stream samples.
            voiced: voiced_ms.map(|m| ms(1000 + m)).collect(),
        }
    }

    fn word(w: &str, start: f32, end: f32) -> HeardWord {
        HeardWord {
            word: w.to_owned(),
            start,
            end,
            confidence: None,
        }
    }

    /// Virtual time: voice from 300 to 1100 ms of the utterance (10 ms frames), and the
    /// words Vosk placed in it.
    #[test]
    fn voice_the_words_leave_uncovered() {
        let u = utterance((31..=110).map(|f| f * 10));
        let ms = |d: Duration| d.as_millis();
        // Both words cover the voice (within 60 ms): nothing outside.
        let both = [word("넷", 0.30, 0.62), word("여덟", 0.80, 1.08)];
        let (before, after) = unworded_voice(&u, &both);
        assert_eq!((ms(before), ms(after)), (0, 0));
        // Only the second word recognised: the first one's voice (300–740 ms) is before it.
        let (before, after) = unworded_voice(&u, &both[1..]);
        assert_eq!((ms(before), ms(after)), (440, 0));
        // Only the first: 680–1100 ms after it.
        let (before, after) = unworded_voice(&u, &both[..1]);
        assert_eq!((ms(before), ms(after)), (0, 420));
        // No word: all of it counts as before.
        let (before, after) = unworded_voice(&u, &[]);
        assert_eq!((ms(before), ms(after)), (800, 0));
    }
}

#[cfg(test)]
mod grammar_endpointing {
    use super::*;
    use crate::endpoint::Standing;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn trie(fen: Option<&str>) -> PhraseTrie {
        let vocab = Vocabulary::new(Lexicon::get(Language::De), |_| true);
        let pos: Chess = fen.map_or_else(Chess::default, |f| {
            f.parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap()
        });
        trie_of(Some(&vocab), &vocab.grammar(&pos).phrases)
    }

    /// The station's grammar (every way to say each legal move, the commands) as the
    /// endpointer sees it.
    #[test]
    fn the_station_grammar_makes_moves_leaves_and_waits_for_unfinished_ones() {
        let start = trie(None);
        let s = |t: &PhraseTrie, text: &str| t.standing(text.split_whitespace());
        assert_eq!(s(&start, "springer felix drei"), Standing::Leaf);
        assert_eq!(s(&start, "springer gustav eins felix drei"), Standing::Leaf);
        assert_eq!(s(&start, "äh springer felix drei"), Standing::Leaf);
        // The from-square of the long form is not a move here: wait.
        assert_eq!(s(&start, "springer gustav eins"), Standing::Prefix);
        assert_eq!(s(&start, "eva"), Standing::Prefix);
        // No knight reaches f6: not understood at the first pause.
        assert_eq!(s(&start, "springer felix sechs"), Standing::Dead);
        // A pawn on e7 ready to promote: "eva acht" needs the piece.
        let promo = trie(Some("8/4P3/8/8/8/8/k7/4K3 w - - 0 1"));
        assert_eq!(s(&promo, "eva acht"), Standing::Prefix);
        assert_eq!(s(&promo, "eva acht dame"), Standing::Leaf);
    }
}
