//! One Vosk recognizer restricted to a phrase list: audio in, partial and final
//! readings (n-best with scores, word timings, per-word confidence) out.

use std::time::{Duration, Instant};

use serde::Serialize;

use crate::model::SpeechModel;

/// Sample rate of every PCM stream the recognizer takes: 16 kHz mono, signed 16-bit.
pub const SAMPLE_RATE: u32 = 16_000;

/// Why a phrase list cannot become a recognizer.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum GrammarError {
    /// No phrase at all.
    #[error("empty grammar: no phrase to listen for")]
    Empty,
    /// A phrase that would break the grammar's JSON (`"` or `\`) or is blank.
    #[error("grammar phrase {0:?} is blank or contains a quote or backslash")]
    BadPhrase(String),
    /// libvosk refused the grammar.
    #[error("libvosk could not build a recognizer for the grammar")]
    RecognizerFailed,
}

/// Why audio could not be decoded.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum DecodeError {
    /// libvosk reported a decoding failure.
    #[error("libvosk failed to decode the audio")]
    Failed,
    /// A chunk too long for libvosk (more than 2^31 samples).
    #[error("audio chunk of {0} samples is too long")]
    ChunkTooLong(usize),
}

/// One recognised word.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HeardWord {
    /// The word as the model spells it.
    pub word: String,
    /// Start, in seconds from the beginning of the utterance's audio.
    pub start: f32,
    /// End, in seconds from the beginning of the utterance's audio.
    pub end: f32,
    /// Vosk's posterior (0–1); only when the decoder runs without alternatives.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confidence: Option<f32>,
}

/// One reading of an utterance: the words and how strongly the recognizer believes them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Reading {
    /// The words, space-separated ("" when nothing was recognised).
    pub text: String,
    /// Vosk's score: the n-best lattice score, or the mean word confidence without
    /// alternatives. Higher is better; only comparable within one utterance.
    pub score: f32,
    /// The reading's share of belief among the alternatives (softmax of the n-best
    /// scores; the mean word confidence without alternatives), 0–1.
    pub probability: f32,
    /// The words with their timings.
    pub words: Vec<HeardWord>,
}

/// Sets each reading's probability to the softmax of the scores (Vosk's n-best scores
/// are log-likelihood-like: a difference of 1 is a factor of e).
fn normalise(readings: &mut [Reading]) {
    let max = readings
        .iter()
        .map(|r| r.score)
        .fold(f32::NEG_INFINITY, f32::max);
    let sum: f32 = readings.iter().map(|r| (r.score - max).exp()).sum();
    for r in readings.iter_mut() {
        r.probability = (r.score - max).exp() / sum;
    }
}

/// A word Vosk heard, its times (seconds of the stream) made relative to `base`, the
/// start of the current utterance.
fn heard_word(word: &str, start: f32, end: f32, base: f32, confidence: Option<f32>) -> HeardWord {
    HeardWord {
        word: word.to_owned(),
        start: (start - base).max(0.0),
        end: (end - base).max(0.0),
        confidence,
    }
}

/// A Vosk recognizer for one phrase list. Rebuild it (≈ 1 ms) when the list changes.
pub struct Decoder {
    rec: vosk::Recognizer,
    alternatives: u16,
    /// Readings Vosk finalised on its own mid-utterance (its internal endpointing).
    segments: Vec<Vec<Reading>>,
    /// Audio fed since the last reset, in samples.
    fed: usize,
    /// Audio fed since the recognizer was built: Vosk's word times count from there.
    lifetime: usize,
    /// `lifetime` when the current utterance began.
    base: usize,
    /// Wall time spent inside libvosk since the last reset.
    busy: Duration,
    /// Wall time spent inside libvosk since the decoder was built (never reset).
    spent: Duration,
}

impl std::fmt::Debug for Decoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Decoder")
            .field("alternatives", &self.alternatives)
            .field("fed", &self.fed)
            .finish_non_exhaustive()
    }
}

/// Checks a phrase list for Vosk's grammar format.
///
/// # Errors
/// [`GrammarError::Empty`] or [`GrammarError::BadPhrase`].
pub fn check_phrases<S: AsRef<str>>(phrases: &[S]) -> Result<(), GrammarError> {
    if phrases.is_empty() {
        return Err(GrammarError::Empty);
    }
    for p in phrases {
        let p = p.as_ref();
        if p.trim().is_empty() || p.contains(['"', '\\']) {
            return Err(GrammarError::BadPhrase(p.to_owned()));
        }
    }
    Ok(())
}

impl Decoder {
    /// A recognizer for `phrases` (words the model lacks are ignored by Vosk: probe them
    /// first with [`SpeechModel::unknown_words`]). `alternatives` > 0 asks for n-best
    /// readings (Vosk then gives no per-word confidence); 0 gives one reading with
    /// per-word confidence.
    ///
    /// # Errors
    /// See [`GrammarError`].
    pub fn new<S: AsRef<str>>(
        model: &SpeechModel,
        phrases: &[S],
        alternatives: u16,
    ) -> Result<Decoder, GrammarError> {
        check_phrases(phrases)?;
        let mut rec =
            vosk::Recognizer::new_with_grammar(&model.lock(), SAMPLE_RATE as f32, phrases)
                .ok_or(GrammarError::RecognizerFailed)?;
        rec.set_max_alternatives(alternatives);
        rec.set_words(true);
        rec.set_partial_words(false);
        Ok(Decoder {
            rec,
            alternatives,
            segments: Vec::new(),
            fed: 0,
            lifetime: 0,
            base: 0,
            busy: Duration::ZERO,
            spent: Duration::ZERO,
        })
    }

    /// Feeds 16 kHz mono samples.
    ///
    /// # Errors
    /// See [`DecodeError`].
    pub fn accept(&mut self, samples: &[i16]) -> Result<(), DecodeError> {
        let start = Instant::now();
        let state = self.rec.accept_waveform(samples).map_err(|e| match e {
            vosk::AcceptWaveformError::BufferTooLong(n) => DecodeError::ChunkTooLong(n),
        })?;
        self.fed += samples.len();
        self.lifetime += samples.len();
        let result = match state {
            vosk::DecodingState::Running => None,
            vosk::DecodingState::Finalized => Some(self.readings(false)),
            vosk::DecodingState::Failed => {
                self.charge(start);
                return Err(DecodeError::Failed);
            }
        };
        if let Some(readings) = result
            && readings.first().is_some_and(|r| !r.text.is_empty())
        {
            self.segments.push(readings);
        }
        self.charge(start);
        Ok(())
    }

    /// The words recognised so far in this utterance (may still change).
    pub fn partial(&mut self) -> String {
        let start = Instant::now();
        let mut text: Vec<String> = self
            .segments
            .iter()
            .filter_map(|s| s.first().map(|r| r.text.clone()))
            .collect();
        let p = self.rec.partial_result().partial.to_owned();
        if !p.is_empty() {
            text.push(p);
        }
        self.charge(start);
        text.join(" ")
    }

    /// Ends the utterance: the readings, best first (never empty; a reading with empty
    /// text when nothing was recognised). Resets the decoder for the next utterance.
    pub fn finish(&mut self) -> Vec<Reading> {
        let start = Instant::now();
        let last = self.readings(true);
        let segments = std::mem::take(&mut self.segments);
        let mut readings = if segments.is_empty() {
            last
        } else {
            // Vosk cut the utterance itself: earlier segments' best readings prefix
            // each reading of the last segment.
            let mut prefix_words = Vec::new();
            let mut prefix_text = Vec::new();
            let mut prefix_score = 0.0;
            for s in &segments {
                if let Some(best) = s.first() {
                    prefix_words.extend(best.words.iter().cloned());
                    prefix_text.push(best.text.clone());
                    prefix_score += best.score;
                }
            }
            last.into_iter()
                .map(|r| {
                    let mut text = prefix_text.clone();
                    if !r.text.is_empty() {
                        text.push(r.text);
                    }
                    let mut words = prefix_words.clone();
                    words.extend(r.words);
                    Reading {
                        text: text.join(" "),
                        score: prefix_score + r.score,
                        probability: r.probability,
                        words,
                    }
                })
                .collect()
        };
        if readings.is_empty() {
            readings.push(Reading {
                text: String::new(),
                score: 0.0,
                probability: 0.0,
                words: Vec::new(),
            });
        }
        self.reset();
        self.charge(start);
        readings
    }

    /// Counts the wall time since `start` as spent inside libvosk.
    fn charge(&mut self, start: Instant) {
        let took = start.elapsed();
        self.busy += took;
        self.spent += took;
    }

    /// Wall time spent in libvosk since the decoder was built; never reset, so a caller
    /// can take the difference across one call.
    pub fn spent(&self) -> Duration {
        self.spent
    }

    /// Wall time spent in libvosk since the last [`Decoder::take_busy`].
    pub fn take_busy(&mut self) -> Duration {
        std::mem::take(&mut self.busy)
    }

    /// Drops the utterance in progress.
    pub fn reset(&mut self) {
        self.rec.reset();
        self.segments.clear();
        self.fed = 0;
        self.base = self.lifetime;
    }

    /// How many alternatives the decoder asks Vosk for.
    pub fn alternatives(&self) -> u16 {
        self.alternatives
    }

    /// Readings from Vosk's current result; word times shifted so they count from the
    /// utterance start (Vosk counts from its last reset, which `accept` never does).
    fn readings(&mut self, last: bool) -> Vec<Reading> {
        let base = self.base as f32 / SAMPLE_RATE as f32;
        let result = if last {
            self.rec.final_result()
        } else {
            self.rec.result()
        };
        match result {
            vosk::CompleteResult::Single(s) => {
                let words: Vec<HeardWord> = s
                    .result
                    .iter()
                    .map(|w| heard_word(w.word, w.start, w.end, base, Some(w.conf)))
                    .collect();
                let score = if words.is_empty() {
                    0.0
                } else {
                    words.iter().filter_map(|w| w.confidence).sum::<f32>() / words.len() as f32
                };
                vec![Reading {
                    text: s.text.to_owned(),
                    score,
                    probability: score,
                    words,
                }]
            }
            vosk::CompleteResult::Multiple(m) => {
                let mut readings: Vec<Reading> = m
                    .alternatives
                    .iter()
                    .map(|a| Reading {
                        text: a.text.to_owned(),
                        score: a.confidence,
                        probability: 0.0,
                        words: a
                            .result
                            .iter()
                            .map(|w| heard_word(w.word, w.start, w.end, base, None))
                            .collect(),
                    })
                    .collect();
                normalise(&mut readings);
                readings
            }
        }
    }
}
