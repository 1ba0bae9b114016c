//! When a result is too doubtful to act on: the recognizer asks again rather than act on
//! a wrong phrase. Pure: the evidence of one utterance in, a doubt (or none) out.
//!
//! Evidence: the utterance's own SNR (its voiced frames over the VAD's noise floor
//! heard before it), the best reading's probability among Vosk's n-best readings, and
//! its lead over the best *different* reading (the top-2 margin).

use std::time::Duration;

use crate::decoder::Reading;

/// Thresholds of trust; `None` switches a test off. The defaults come from the
/// endpointing bench (BENCHMARKS.md): with them no wrong phrase is acted on there, in
/// quiet or under babble or pink noise at 10 and 5 dB SNR.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Trust {
    /// An utterance whose voice stands less than this far over the noise floor (dB) is
    /// asked again, whatever Vosk says: under noise at 10 dB and below, right and wrong
    /// readings look alike (both often with probability 1). Default 30 dB.
    pub min_snr_db: Option<f32>,
    /// Voice heard before the first word longer than this: a word was lost at the start
    /// ("넷 여덟" heard as "여덟"). Default 30 ms.
    pub max_voice_before_words: Option<Duration>,
    /// Voice heard after the last word longer than this: a word was lost at the end.
    /// Default 150 ms.
    pub max_voice_after_words: Option<Duration>,
    /// A reading that holds the best one's words and more, with at least this
    /// probability: the best one may have lost a word ("여섯" against "여섯 넷"). Default 0.1.
    pub max_longer_probability: Option<f32>,
    /// Voice that begins within the trailing silence after a phrase taken at a short
    /// silence (a leaf, or early) is the rest of something longer, not a phrase of its
    /// own: not understood (like the rest after one not understood). Default on.
    pub rest_after_short_silence: bool,
    /// A phrase of several words whose words take less than this each (first word's
    /// start to last word's end, over the words) is faster than people speak: words
    /// made of noise or of a shorter utterance ("여덟" heard as "여섯 넷" under quiet
    /// noise). Default 250 ms (240 words a minute).
    pub min_word_time: Option<Duration>,
}

impl Trust {
    /// Every reading trusted (only the resolver's margin applies): the behaviour before
    /// these tests.
    pub const OFF: Trust = Trust {
        min_snr_db: None,
        max_voice_before_words: None,
        max_voice_after_words: None,
        max_longer_probability: None,
        rest_after_short_silence: false,
        min_word_time: None,
    };
}

impl Default for Trust {
    fn default() -> Self {
        Trust {
            min_snr_db: Some(30.0),
            max_voice_before_words: Some(Duration::from_millis(30)),
            max_voice_after_words: Some(Duration::from_millis(150)),
            max_longer_probability: Some(0.1),
            rest_after_short_silence: true,
            min_word_time: Some(Duration::from_millis(250)),
        }
    }
}

/// What one utterance offers to judge it by.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Evidence {
    /// Voiced frames over the noise floor, dB.
    pub snr_db: f32,
    /// The best reading's probability (0–1).
    pub probability: f32,
    /// Its lead over the best reading with different words (its probability when none).
    pub margin: f32,
    /// How many readings Vosk gave.
    pub readings: usize,
    /// Voice heard before the first recognised word.
    pub voice_before_words: Duration,
    /// Voice heard after the last recognised word.
    pub voice_after_words: Duration,
    /// The probability of the likeliest reading that is a phrase and holds the best
    /// reading's words and more (a word of it may have been lost), 0 when none.
    pub longer: f32,
    /// The best reading's words and their mean time (first start to last end, over
    /// the words).
    pub words: usize,
    /// See `words`.
    pub word_time: Duration,
}

impl Evidence {
    /// The evidence of `readings` (best first) heard at `snr_db`, with the voice the
    /// words leave uncovered before and after them; `is_phrase` tells the grammar's
    /// phrases (Vosk also offers strings of them, such as "여섯 넷 넷", which are no
    /// longer reading of anything).
    pub fn of(
        readings: &[Reading],
        snr_db: f32,
        voice_before_words: Duration,
        voice_after_words: Duration,
        is_phrase: impl Fn(&str) -> bool,
    ) -> Evidence {
        let best = readings.first();
        let probability = best.map_or(0.0, |r| r.probability);
        let rival = readings
            .iter()
            .filter(|r| best.is_some_and(|b| b.text != r.text))
            .map(|r| r.probability)
            .fold(0.0, f32::max);
        let words = best.map_or(&[][..], |b| &b.words[..]);
        let span = match (words.first(), words.last()) {
            (Some(a), Some(b)) => f64::from(b.end - a.start).max(0.0),
            _ => 0.0,
        };
        Evidence {
            words: words.len(),
            word_time: Duration::from_secs_f64(span / words.len().max(1) as f64),
            snr_db,
            probability,
            margin: probability - rival,
            readings: readings.len(),
            voice_before_words,
            voice_after_words,
            longer: readings
                .iter()
                .filter(|r| best.is_some_and(|b| extends(&r.text, &b.text)) && is_phrase(&r.text))
                .map(|r| r.probability)
                .fold(0.0, f32::max),
        }
    }
}

/// Whether `longer` has every word of `shorter`, in a row, and more.
fn extends(longer: &str, shorter: &str) -> bool {
    let long: Vec<&str> = longer.split_whitespace().collect();
    let short: Vec<&str> = shorter.split_whitespace().collect();
    !short.is_empty() && long.len() > short.len() && long.windows(short.len()).any(|w| w == short)
}

/// Why a result was not trusted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Doubt {
    /// The voice stood too little out of the noise ([`Trust::min_snr_db`]).
    Noisy,
    /// Voice before the first word or after the last that no word covers.
    VoiceOutsideWords,
    /// A longer reading holding the best one's words came close.
    LongerReading,
    /// Several words, faster than people speak them.
    TooFast,
}

impl Trust {
    /// The doubt about a result with `evidence`, if any (noise first).
    pub fn judge(&self, e: &Evidence) -> Option<Doubt> {
        if self.min_snr_db.is_some_and(|min| e.snr_db < min) {
            return Some(Doubt::Noisy);
        }
        if self
            .max_voice_before_words
            .is_some_and(|max| e.voice_before_words > max)
            || self
                .max_voice_after_words
                .is_some_and(|max| e.voice_after_words > max)
        {
            return Some(Doubt::VoiceOutsideWords);
        }
        if self
            .max_longer_probability
            .is_some_and(|max| e.longer >= max)
        {
            return Some(Doubt::LongerReading);
        }
        if e.words >= 2 && self.min_word_time.is_some_and(|min| e.word_time < min) {
            return Some(Doubt::TooFast);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reading(text: &str, probability: f32) -> Reading {
        Reading {
            text: text.to_owned(),
            score: probability,
            probability,
            words: Vec::new(),
        }
    }

    const MS: fn(u64) -> Duration = Duration::from_millis;

    fn any(_: &str) -> bool {
        true
    }

    #[test]
    fn evidence_reads_the_margin_and_a_longer_reading() {
        let e = Evidence::of(
            &[reading("여섯", 0.77), reading("여섯 넷", 0.23)],
            52.0,
            MS(0),
            MS(10),
            any,
        );
        assert!((e.margin - 0.54).abs() < 1e-6);
        assert!((e.longer - 0.23).abs() < 1e-6);
        // The runner-up is shorter: no longer reading.
        let e = Evidence::of(
            &[reading("여섯 넷", 0.64), reading("여섯", 0.36)],
            52.0,
            MS(0),
            MS(10),
            any,
        );
        assert_eq!(e.longer, 0.0);
        // "넷 여덟" holds "넷" and more.
        let e = Evidence::of(
            &[reading("넷", 0.6), reading("넷 여덟", 0.4)],
            52.0,
            MS(0),
            MS(0),
            any,
        );
        assert!((e.longer - 0.4).abs() < 1e-6);
        let e = Evidence::of(&[reading("넷", 1.0)], 52.0, MS(0), MS(0), any);
        assert_eq!((e.margin, e.longer), (1.0, 0.0));
        // Vosk strings phrases together ("여섯 넷 넷"): not a phrase, not a longer reading.
        let grammar = |t: &str| ["여섯", "여섯 넷", "넷"].contains(&t);
        let e = Evidence::of(
            &[reading("여섯 넷", 0.63), reading("여섯 넷 넷", 0.37)],
            52.0,
            MS(0),
            MS(0),
            grammar,
        );
        assert_eq!(e.longer, 0.0);
        assert!((e.margin - 0.26).abs() < 1e-6);
        assert_eq!(Evidence::of(&[], 0.0, MS(0), MS(0), any).probability, 0.0);
    }

    /// Values recorded by the endpointing bench (Korean model, espeak-ng takes).
    #[test]
    fn the_default_rule_on_recorded_results() {
        let trust = Trust::default();
        let judge = |readings: &[Reading], snr: f32, before: u64, after: u64| {
            trust.judge(&Evidence::of(readings, snr, MS(before), MS(after), any))
        };
        // Quiet, right: trusted, even with a shorter runner-up close by.
        assert_eq!(judge(&[reading("여섯 넷", 1.0)], 52.9, 0, 30), None);
        assert_eq!(judge(&[reading("넷 여덟", 1.0)], 52.0, 0, 110), None);
        assert_eq!(
            judge(
                &[reading("여섯 넷", 0.64), reading("여섯", 0.36)],
                54.3,
                0,
                10
            ),
            None
        );
        // Quiet, wrong: "넷 여덟" heard as "여덟" with probability 1, 90 ms of voice
        // before the word; "여섯 넷" as "여섯" with 220 ms after it.
        assert_eq!(
            judge(&[reading("여덟", 1.0)], 51.9, 90, 70),
            Some(Doubt::VoiceOutsideWords)
        );
        assert_eq!(
            judge(&[reading("여섯", 1.0)], 53.6, 0, 220),
            Some(Doubt::VoiceOutsideWords)
        );
        // "여섯 넷" heard as "여섯" with "여섯 넷" the runner-up.
        assert_eq!(
            judge(
                &[reading("여섯", 0.77), reading("여섯 넷", 0.23)],
                52.0,
                0,
                10
            ),
            Some(Doubt::LongerReading)
        );
        // Babble at 10 dB: a wrong phrase with probability 1 and nothing outside its
        // words; only the noise tells.
        assert_eq!(
            judge(&[reading("여덟", 1.0)], 24.4, 0, 0),
            Some(Doubt::Noisy)
        );
        assert_eq!(
            judge(&[reading("여덟", 1.0)], 0.0, 0, 0),
            Some(Doubt::Noisy)
        );
    }

    /// A reading with its words timed: (word, start s, end s).
    fn timed(probability: f32, words: &[(&str, f32, f32)]) -> Reading {
        Reading {
            text: words.iter().map(|w| w.0).collect::<Vec<_>>().join(" "),
            score: probability,
            probability,
            words: words
                .iter()
                .map(|&(word, start, end)| crate::decoder::HeardWord {
                    word: word.to_owned(),
                    start,
                    end,
                    confidence: None,
                })
                .collect(),
        }
    }

    /// Word times recorded by the bench: "여덟" under pink noise 30 dB below it heard as
    /// "여섯 넷" in 0.42 s; the same phrase said at 200 words a minute takes 0.54 s.
    #[test]
    fn several_words_faster_than_speech_are_doubted() {
        let trust = Trust::default();
        let judge = |r: Reading| trust.judge(&Evidence::of(&[r], 35.0, MS(0), MS(10), any));
        let noise = timed(1.0, &[("여섯", 0.21, 0.45), ("넷", 0.45, 0.63)]);
        assert_eq!(judge(noise), Some(Doubt::TooFast));
        let fast = timed(1.0, &[("여섯", 0.24, 0.57), ("넷", 0.57, 0.78)]);
        assert_eq!(judge(fast), None);
        // One short word is no evidence of speed.
        assert_eq!(judge(timed(1.0, &[("넷", 0.30, 0.45)])), None);
    }

    #[test]
    fn each_test_switches_off_alone() {
        let e = Evidence::of(
            &[reading("여섯", 0.7), reading("여섯 넷", 0.3)],
            12.0,
            MS(90),
            MS(220),
            any,
        );
        assert_eq!(Trust::OFF.judge(&e), None);
        let only = |t: Trust| t.judge(&e);
        assert_eq!(
            only(Trust {
                min_snr_db: Some(10.0),
                ..Trust::OFF
            }),
            None,
            "12 dB passes a 10 dB floor"
        );
        assert_eq!(
            only(Trust {
                max_voice_before_words: Some(MS(100)),
                ..Trust::OFF
            }),
            None
        );
        assert_eq!(
            only(Trust {
                max_voice_after_words: Some(MS(150)),
                ..Trust::OFF
            }),
            Some(Doubt::VoiceOutsideWords)
        );
        assert_eq!(
            only(Trust {
                max_longer_probability: Some(0.5),
                ..Trust::OFF
            }),
            None
        );
        assert_eq!(
            only(Trust {
                max_longer_probability: Some(0.3),
                ..Trust::OFF
            }),
            Some(Doubt::LongerReading)
        );
    }
}
