//! Grammar-aware endpointing: when an utterance is over, decided from the grammar's
//! phrases (a trie of words), the decoder's word end times and the VAD's frames.
//!
//! - the words so far are a complete phrase that no phrase extends (a *leaf*): the
//!   utterance ends after a short silence ([`Endpointing::leaf_silence`], 100 ms by default);
//! - a complete phrase that a longer one extends ("Springer Gustav eins" … "Felix drei"),
//!   or an unfinished phrase: the full trailing silence (600 ms), so a pause inside a
//!   phrase never cuts it;
//! - a prefix of no phrase (or `[unk]`): not understood, ended as soon as the voice
//!   pauses ([`Endpointing::leaf_silence`]), so the table asks again at once.
//!
//! Pure: virtual time (sample counts of the stream) in, a decision out.

use std::collections::{BTreeMap, HashSet};
use std::time::Duration;

/// The word Vosk puts for speech outside the grammar.
pub const UNKNOWN: &str = "[unk]";

#[derive(Debug, Clone, Default)]
struct Node {
    children: BTreeMap<String, usize>,
    complete: bool,
}

/// The grammar's phrases as a trie of words.
#[derive(Debug, Clone)]
pub struct PhraseTrie {
    nodes: Vec<Node>,
    fillers: HashSet<String>,
}

/// Where the words heard so far stand in the grammar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// No word yet.
    Nothing,
    /// The start of a phrase, not a phrase yet.
    Prefix,
    /// A whole phrase that a longer phrase extends.
    Extendable,
    /// A whole phrase that nothing extends.
    Leaf,
    /// No phrase starts like this (or a word outside the grammar, `[unk]`).
    Dead,
}

impl PhraseTrie {
    /// The trie of `phrases` (words separated by whitespace, compared in lower case).
    /// `fillers` (hesitations such as "äh") are skipped wherever they are heard; a phrase
    /// that is only a filler or `[unk]` is left out.
    pub fn new<S: AsRef<str>, F: AsRef<str>>(phrases: &[S], fillers: &[F]) -> PhraseTrie {
        let fillers: HashSet<String> = fillers.iter().map(|f| f.as_ref().to_lowercase()).collect();
        let mut trie = PhraseTrie {
            nodes: vec![Node::default()],
            fillers,
        };
        for p in phrases {
            let words: Vec<String> = p
                .as_ref()
                .split_whitespace()
                .map(str::to_lowercase)
                .filter(|w| !trie.fillers.contains(w))
                .collect();
            if words.is_empty() || words.iter().any(|w| w == UNKNOWN) {
                continue;
            }
            let mut at = 0;
            for w in words {
                at = match trie.nodes[at].children.get(&w) {
                    Some(&next) => next,
                    None => {
                        trie.nodes.push(Node::default());
                        let next = trie.nodes.len() - 1;
                        trie.nodes[at].children.insert(w, next);
                        next
                    }
                };
            }
            trie.nodes[at].complete = true;
        }
        trie
    }

    /// Where `words` (as heard, fillers included) stand.
    pub fn standing<'a>(&self, words: impl IntoIterator<Item = &'a str>) -> Standing {
        let mut at = 0;
        let mut any = false;
        for w in words {
            let w = w.to_lowercase();
            if self.fillers.contains(&w) {
                continue;
            }
            any = true;
            match self.nodes[at].children.get(&w) {
                Some(&next) => at = next,
                None => return Standing::Dead,
            }
        }
        let node = &self.nodes[at];
        match (any, node.complete, node.children.is_empty()) {
            (false, _, _) => Standing::Nothing,
            (true, true, true) => Standing::Leaf,
            (true, true, false) => Standing::Extendable,
            (true, false, _) => Standing::Prefix,
        }
    }
}

/// The silences that end an utterance, by standing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Endpointing {
    /// After a leaf, and after words that start no phrase.
    pub leaf_silence: Duration,
    /// After a phrase that may go on, an unfinished phrase, or no word.
    pub trailing_silence: Duration,
}

/// Why the endpointer ends an utterance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Not yet.
    Wait,
    /// A leaf followed by the short silence.
    Leaf,
    /// Words that start no phrase, followed by the short silence: not understood.
    NotUnderstood,
    /// The full trailing silence after words.
    Silence,
}

/// One look at an utterance in progress, in samples of the stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Moment {
    /// Where the words so far stand.
    pub standing: Standing,
    /// The end of the last word heard (`None`: no word yet): the decoder's time where it
    /// gives one, else the last voiced frame after the words.
    pub last_word_end: Option<u64>,
    /// The end of the last frame the VAD heard as voice.
    pub last_voice: u64,
    /// Now: the end of the audio fed so far.
    pub now: u64,
}

impl Endpointing {
    /// The decision for `m` at 16 kHz: silence counts from the later of the last word's
    /// end (decoder) and the last voiced frame (VAD), so both must have stopped.
    pub fn decide(&self, m: Moment) -> Verdict {
        let Some(word_end) = m.last_word_end else {
            return Verdict::Wait;
        };
        let quiet = duration_of(m.now.saturating_sub(word_end.max(m.last_voice)));
        match m.standing {
            Standing::Nothing => Verdict::Wait,
            Standing::Leaf if quiet >= self.leaf_silence => Verdict::Leaf,
            Standing::Dead if quiet >= self.leaf_silence => Verdict::NotUnderstood,
            Standing::Prefix | Standing::Extendable if quiet >= self.trailing_silence => {
                Verdict::Silence
            }
            _ => Verdict::Wait,
        }
    }
}

/// Whether an utterance whose voice begins at `start` is the rest of a phrase whose start
/// was lost: it begins within `trailing_silence` of the end of an utterance broken off
/// (`broken_off`: not understood, or cut at the maximum length). Such a rest is not
/// understood either, whatever phrase it sounds like ("… Felix drei" of "Springer
/// Gustav eins Felix drei" would be a move of its own).
pub fn is_fragment(broken_off: Option<u64>, start: u64, trailing_silence: Duration) -> bool {
    broken_off.is_some_and(|end| duration_of(start.saturating_sub(end)) < trailing_silence)
}

fn duration_of(samples: u64) -> Duration {
    Duration::from_micros(samples * 1_000_000 / u64::from(crate::decoder::SAMPLE_RATE))
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: u64 = 16; // samples per millisecond at 16 kHz

    fn fide() -> PhraseTrie {
        PhraseTrie::new(
            &[
                "springer gustav eins",
                "springer gustav eins felix drei",
                "turm anna eins",
                "eva vier",
                "zeit",
                "[unk]",
                "äh",
            ],
            &["äh"],
        )
    }

    #[test]
    fn the_trie_tells_leaves_from_extendable_phrases_prefixes_and_dead_ends() {
        let t = fide();
        let s = |text: &str| t.standing(text.split_whitespace());
        assert_eq!(s(""), Standing::Nothing);
        assert_eq!(s("äh"), Standing::Nothing);
        assert_eq!(s("springer"), Standing::Prefix);
        assert_eq!(s("springer gustav eins"), Standing::Extendable);
        assert_eq!(s("springer gustav eins felix"), Standing::Prefix);
        assert_eq!(s("springer gustav eins felix drei"), Standing::Leaf);
        assert_eq!(s("äh Eva vier"), Standing::Leaf);
        assert_eq!(s("eva äh vier"), Standing::Leaf);
        assert_eq!(s("zeit"), Standing::Leaf);
        assert_eq!(s("vier"), Standing::Dead);
        assert_eq!(s("eva vier eva"), Standing::Dead);
        assert_eq!(s("[unk]"), Standing::Dead);
        assert_eq!(s("eva [unk]"), Standing::Dead);
    }

    /// Plays an utterance in virtual time: `words` are (text, start ms, end ms) as the
    /// decoder places them, the voice is on exactly while a word is spoken, and the
    /// decoder reports a word `lag` ms after its end. Returns the verdict and when (ms)
    /// it came, looking every 10 ms as the VAD frames do.
    fn play(words: &[(&str, u64, u64)], lag: u64, until: u64) -> (Verdict, u64) {
        let trie = fide();
        let e = Endpointing {
            leaf_silence: Duration::from_millis(120),
            trailing_silence: Duration::from_millis(600),
        };
        for now in (0..=until).step_by(10) {
            let known: Vec<&(&str, u64, u64)> = words.iter().filter(|w| w.2 + lag <= now).collect();
            let last_voice = words
                .iter()
                .filter(|w| w.1 <= now)
                .map(|w| w.2.min(now))
                .max()
                .unwrap_or(0);
            let m = Moment {
                standing: trie.standing(known.iter().map(|w| w.0)),
                last_word_end: known.last().map(|w| w.2 * MS),
                last_voice: last_voice * MS,
                now: now * MS,
            };
            let v = e.decide(m);
            if v != Verdict::Wait {
                return (v, now);
            }
        }
        (Verdict::Wait, until)
    }

    #[test]
    fn a_leaf_ends_after_the_short_silence() {
        let words = [("eva", 100, 400), ("vier", 450, 800)];
        assert_eq!(play(&words, 0, 3000), (Verdict::Leaf, 920));
        // The decoder places the last word late: the verdict comes as soon as it does.
        assert_eq!(play(&words, 200, 3000), (Verdict::Leaf, 1000));
    }

    #[test]
    fn an_extendable_phrase_survives_pauses_inside_and_ends_after_the_full_silence() {
        for pause in [150, 250, 300, 400, 550] {
            let first_end = 1000;
            let second = first_end + pause;
            let words = [
                ("springer", 100, 500),
                ("gustav", 520, 800),
                ("eins", 820, first_end),
                ("felix", second, second + 300),
                ("drei", second + 320, second + 600),
            ];
            let (v, at) = play(&words, 100, 5000);
            assert_eq!(
                (v, at),
                (Verdict::Leaf, second + 600 + 120),
                "pause {pause} ms"
            );
        }
        // Nothing follows: the phrase ends after the full trailing silence.
        let words = [
            ("springer", 100, 500),
            ("gustav", 520, 800),
            ("eins", 820, 1000),
        ];
        assert_eq!(play(&words, 100, 5000), (Verdict::Silence, 1600));
    }

    #[test]
    fn a_dead_prefix_is_not_understood_at_the_first_pause() {
        let words = [("vier", 100, 400), ("eva", 700, 1000)];
        assert_eq!(play(&words, 0, 3000), (Verdict::NotUnderstood, 520));
        let words = [("[unk]", 100, 400)];
        assert_eq!(play(&words, 50, 3000), (Verdict::NotUnderstood, 520));
    }

    #[test]
    fn the_rest_of_a_phrase_broken_off_is_a_fragment() {
        let trailing = Duration::from_millis(600);
        assert!(is_fragment(Some(1000 * MS), 1000 * MS, trailing));
        assert!(is_fragment(Some(1000 * MS), 1590 * MS, trailing));
        assert!(!is_fragment(Some(1000 * MS), 1600 * MS, trailing));
        assert!(!is_fragment(None, 1000 * MS, trailing));
    }

    #[test]
    fn the_voice_after_the_last_placed_word_holds_the_verdict() {
        let trie = fide();
        let e = Endpointing {
            leaf_silence: Duration::from_millis(120),
            trailing_silence: Duration::from_millis(600),
        };
        // "eva vier" placed, but the VAD still hears voice 50 ms ago.
        let m = Moment {
            standing: trie.standing(["eva", "vier"]),
            last_word_end: Some(800 * MS),
            last_voice: 1000 * MS,
            now: 1050 * MS,
        };
        assert_eq!(e.decide(m), Verdict::Wait);
        assert_eq!(
            e.decide(Moment {
                now: 1120 * MS,
                ..m
            }),
            Verdict::Leaf
        );
        // Before any word is placed, nothing is decided here (the VAD's silence is).
        assert_eq!(
            e.decide(Moment {
                standing: Standing::Nothing,
                last_word_end: None,
                ..m
            }),
            Verdict::Wait
        );
    }
}
