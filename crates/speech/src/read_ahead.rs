//! Rendering the read-back ahead: when the endpointer sees a leaf (the partial words are
//! a phrase no phrase extends), the read-back of that phrase can be rendered while the
//! recognizer still takes the final result; this decides what to render and whether the
//! final result keeps it (the same phrase, trusted, of the same utterance) or drops it
//! (another phrase, doubted, not understood, or the utterance dropped) — dropped audio
//! is never heard.
//!
//! ```text
//! Event::Leaf(Foreseen) ─► ReadAhead::foresee ─► [Step::Drop(old)], Step::Render(Ahead)
//! Event::Heard(heard)   ─► ReadAhead::heard   ─► Final::Keep(Ahead) | Final::Fresh { dropped }
//! ```
//!
//! Pure: times (since the hearing's epoch) are passed in; what rendering means (espeak-ng into a buffer, the
//! table's ruling on a copy of its state) is the caller's.

use std::time::Duration;

use crate::recognizer::{EndedBy, Foreseen, Heard};

/// A read-back being rendered ahead of the final result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ahead {
    /// The caller's number for this rendering (to find or cancel it).
    pub id: u64,
    /// The phrase whose read-back is rendered.
    pub phrase: String,
    /// The utterance it belongs to.
    pub speech_start: Duration,
    /// When the rendering was asked for.
    pub since: Duration,
}

/// What the caller does now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// Start rendering this phrase's read-back (not to be heard yet).
    Render(Ahead),
    /// Drop this rendering unheard (stop it, forget its audio).
    Drop(u64),
}

/// What becomes of the rendering when the final result comes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Final {
    /// The result is the phrase rendered, trusted: its read-back plays from what was
    /// rendered.
    Keep(Ahead),
    /// Nothing rendered fits: the read-back (if any) is rendered now; `dropped` is the
    /// rendering to drop unheard.
    Fresh {
        /// The rendering that no longer fits.
        dropped: Option<u64>,
    },
}

/// What became of a rendering ahead, as `listen --json` reports it (`read_ahead`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The read-back played from what was rendered ahead.
    Kept,
    /// A rendering for other words (or a doubted result) was dropped unheard.
    Dropped,
}

impl Final {
    /// What became of the rendering ahead (`None`: there was none).
    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            Final::Keep(_) => Some(Outcome::Kept),
            Final::Fresh { dropped: Some(_) } => Some(Outcome::Dropped),
            Final::Fresh { dropped: None } => None,
        }
    }
}

/// Two speech starts this close belong to one utterance: the recognizer dates a sample
/// from the latest chunk's capture time, which a live source gives with some jitter.
pub const SAME_UTTERANCE: Duration = Duration::from_millis(30);

fn same_utterance(a: Duration, b: Duration) -> bool {
    a.max(b) - a.min(b) <= SAME_UTTERANCE
}

/// The decision of one hearer's read-ahead (one rendering at a time).
#[derive(Debug, Default)]
pub struct ReadAhead {
    ahead: Option<Ahead>,
    next: u64,
}

impl ReadAhead {
    /// No rendering yet.
    pub fn new() -> ReadAhead {
        ReadAhead::default()
    }

    /// The rendering going on, if any.
    pub fn ahead(&self) -> Option<&Ahead> {
        self.ahead.as_ref()
    }

    /// A leaf was seen at `f.at`: render its read-back, dropping a rendering of other
    /// words or of another utterance; the same words again change nothing.
    pub fn foresee(&mut self, f: &Foreseen) -> Vec<Step> {
        if let Some(a) = &self.ahead
            && a.phrase == f.text
            && same_utterance(a.speech_start, f.speech_start)
        {
            return Vec::new();
        }
        let mut steps: Vec<Step> = self
            .ahead
            .take()
            .map(|a| Step::Drop(a.id))
            .into_iter()
            .collect();
        self.next += 1;
        let ahead = Ahead {
            id: self.next,
            phrase: f.text.clone(),
            speech_start: f.speech_start,
            since: f.at,
        };
        self.ahead = Some(ahead.clone());
        steps.push(Step::Render(ahead));
        steps
    }

    /// The final result `h`: the rendering is kept only when `h` is the same utterance
    /// and the same words, acted on (not doubted, not "not understood").
    pub fn heard(&mut self, h: &Heard) -> Final {
        let Some(a) = self.ahead.take() else {
            return Final::Fresh { dropped: None };
        };
        let acted_on =
            !h.text.is_empty() && h.doubt.is_none() && h.ended_by != EndedBy::NotUnderstood;
        if acted_on && h.text == a.phrase && same_utterance(h.speech_start, a.speech_start) {
            Final::Keep(a)
        } else {
            Final::Fresh {
                dropped: Some(a.id),
            }
        }
    }

    /// The utterance was dropped without a result (our own announcement began, or the
    /// recognizer failed): the rendering to drop, if any.
    pub fn forget(&mut self) -> Option<u64> {
        self.ahead.take().map(|a| a.id)
    }
}

/// When the read-back's first sample can sound, after the final result at `final_at`:
/// played from a rendering whose first sample was ready at `ready`, it sounds at the
/// later of the two; rendered only now, `render` (the time to a first sample) after the
/// result.
pub fn first_sound(final_at: Duration, ready: Option<Duration>, render: Duration) -> Duration {
    match ready {
        Some(ready) => final_at.max(ready),
        None => final_at + render,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doubt::Doubt;

    fn heard(t0: Duration, start_ms: u64, text: &str, final_ms: u64) -> Heard {
        let at = |ms| t0 + Duration::from_millis(ms);
        Heard {
            speech_start: at(start_ms),
            last_word_end: at(final_ms - 120),
            endpoint: at(final_ms - 10),
            final_at: at(final_ms),
            ended_by: EndedBy::Leaf,
            text: text.to_owned(),
            words: Vec::new(),
            alternatives: Vec::new(),
            resolution: None,
            position: None,
            audio: Duration::from_millis(final_ms - start_ms),
            decode: Duration::from_millis(5),
            snr_db: 50.0,
            voice_before_words: Duration::ZERO,
            voice_after_words: Duration::ZERO,
            doubt: None,
        }
    }

    fn seen(t0: Duration, start_ms: u64, text: &str, at_ms: u64) -> Foreseen {
        Foreseen {
            text: text.to_owned(),
            speech_start: t0 + Duration::from_millis(start_ms),
            at: t0 + Duration::from_millis(at_ms),
        }
    }

    fn rendered(steps: &[Step]) -> Vec<(u64, &str)> {
        steps
            .iter()
            .filter_map(|s| match s {
                Step::Render(a) => Some((a.id, a.phrase.as_str())),
                Step::Drop(_) => None,
            })
            .collect()
    }

    /// Virtual time: the leaf 여덟 seen at 700 ms, its result final at 830 ms.
    #[test]
    fn the_same_trusted_phrase_keeps_what_was_rendered() {
        let t0 = Duration::from_secs(1000);
        let mut r = ReadAhead::new();
        let steps = r.foresee(&seen(t0, 300, "여덟", 700));
        assert_eq!(rendered(&steps), [(1, "여덟")]);
        // The partial shows the same words again: nothing new is rendered.
        assert!(r.foresee(&seen(t0, 300, "여덟", 720)).is_empty());
        match r.heard(&heard(t0, 300, "여덟", 830)) {
            Final::Keep(a) => {
                assert_eq!((a.id, a.phrase.as_str()), (1, "여덟"));
                assert_eq!(a.since, t0 + Duration::from_millis(700));
            }
            other => panic!("{other:?}"),
        }
        // A live source's capture times jitter: the same utterance dated 3 ms apart.
        r.foresee(&seen(t0, 1000, "여덟", 1400));
        assert!(matches!(
            r.heard(&heard(t0, 1003, "여덟", 1530)),
            Final::Keep(_)
        ));
        // Used up: the next result finds nothing rendered.
        assert_eq!(
            r.heard(&heard(t0, 2000, "여덟", 2500)),
            Final::Fresh { dropped: None }
        );
    }

    #[test]
    fn other_words_a_doubt_or_not_understood_drop_it_unheard() {
        let t0 = Duration::from_secs(1000);
        let other = |h: Heard| {
            let mut r = ReadAhead::new();
            r.foresee(&seen(t0, 300, "여섯 넷", 700));
            r.heard(&h)
        };
        let dropped = Final::Fresh { dropped: Some(1) };
        assert_eq!(other(heard(t0, 300, "여덟", 830)), dropped);
        let mut doubted = heard(t0, 300, "여섯 넷", 830);
        doubted.doubt = Some(Doubt::Noisy);
        doubted.text.clear();
        assert_eq!(other(doubted), dropped);
        // A doubt with the words kept (a caller's own result) is dropped all the same.
        let mut doubted = heard(t0, 300, "여섯 넷", 830);
        doubted.doubt = Some(Doubt::LongerReading);
        assert_eq!(other(doubted), dropped);
        let mut lost = heard(t0, 300, "여섯 넷", 830);
        lost.ended_by = EndedBy::NotUnderstood;
        assert_eq!(other(lost), dropped);
        // The same words of another utterance (this one's result never came).
        assert_eq!(other(heard(t0, 1500, "여섯 넷", 2100)), dropped);
    }

    #[test]
    fn a_new_leaf_replaces_the_rendering_and_a_dropped_utterance_forgets_it() {
        let t0 = Duration::from_secs(1000);
        let mut r = ReadAhead::new();
        r.foresee(&seen(t0, 300, "여덟", 600));
        // The voice went on: the partial is now another leaf.
        let steps = r.foresee(&seen(t0, 300, "넷 여덟", 900));
        assert_eq!(steps[0], Step::Drop(1));
        assert_eq!(rendered(&steps), [(2, "넷 여덟")]);
        assert!(matches!(r.heard(&heard(t0, 300, "넷 여덟", 1000)), Final::Keep(a) if a.id == 2));
        r.foresee(&seen(t0, 2000, "여덟", 2400));
        assert_eq!(r.forget(), Some(3));
        assert_eq!(r.forget(), None);
        assert!(r.ahead().is_none());
    }

    #[test]
    fn a_kept_rendering_sounds_when_both_the_result_and_its_first_sample_are_there() {
        let t0 = Duration::from_secs(1000);
        let at = |ms| t0 + Duration::from_millis(ms);
        let render = Duration::from_millis(15);
        // Ready 20 ms before the result: it sounds with the result.
        assert_eq!(first_sound(at(830), Some(at(810)), render), at(830));
        // Still rendering at the result: it sounds when its first sample comes.
        assert_eq!(first_sound(at(830), Some(at(836)), render), at(836));
        // Rendered only now: the whole render time after the result.
        assert_eq!(first_sound(at(830), None, render), at(845));
    }
}
