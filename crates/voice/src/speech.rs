//! What is said: words with short pauses, and how a move becomes that.

use std::{fmt, time::Duration};

use annabella_phonetic::{Form, Lexicon, Lookup, Word, render_words};
use shakmaty::{Chess, Move};

use crate::earcon::Earcon;

/// The pause between a file and its rank ("Felix · drei"), so the two are not heard as one.
pub const FILE_RANK_PAUSE: Duration = Duration::from_millis(150);

/// One piece of speech: words, or a pause.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Segment {
    /// Words to say.
    Words(String),
    /// Silence of this length.
    Pause(Duration),
}

/// Something to say: words and pauses, rendered by each back end in its own markup.
///
/// # Examples
/// ```
/// use annabella_voice::Speech;
/// use std::time::Duration;
/// let s = Speech::words("Springer Felix").pause(Duration::from_millis(150)).then("drei");
/// assert_eq!(s.to_plain(), "Springer Felix, drei");
/// assert_eq!(s.to_string(), "Springer Felix drei");
/// assert_eq!(s.to_ssml(), r#"<speak>Springer Felix <break time="150ms"/> drei</speak>"#);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Speech {
    segments: Vec<Segment>,
    /// A sound instead of words ([`Speech::earcon`]).
    earcon: Option<Earcon>,
}

impl Speech {
    /// Speech of these words.
    pub fn words(text: impl Into<String>) -> Self {
        Self::default().then(text)
    }

    /// An earcon: a short sound, played through the same queue as words.
    ///
    /// # Examples
    /// ```
    /// use annabella_voice::{Earcon, Speech};
    /// let s = Speech::earcon(Earcon::Check);
    /// assert_eq!(s.earcon_sound(), Some(Earcon::Check));
    /// assert!(!s.is_empty());
    /// assert_eq!(s.to_string(), "(earcon: check)");
    /// ```
    pub fn earcon(earcon: Earcon) -> Self {
        Self {
            segments: Vec::new(),
            earcon: Some(earcon),
        }
    }

    /// The earcon this speech is, if it is one.
    pub fn earcon_sound(&self) -> Option<Earcon> {
        self.earcon
    }

    /// Appends words (joined to the previous words with a space).
    #[must_use]
    pub fn then(mut self, text: impl Into<String>) -> Self {
        let text = text.into();
        if text.trim().is_empty() {
            return self;
        }
        match self.segments.last_mut() {
            Some(Segment::Words(w)) => {
                w.push(' ');
                w.push_str(text.trim());
            }
            _ => self.segments.push(Segment::Words(text.trim().to_owned())),
        }
        self
    }

    /// Appends a pause.
    #[must_use]
    pub fn pause(mut self, length: Duration) -> Self {
        self.segments.push(Segment::Pause(length));
        self
    }

    /// The segments in order.
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// Whether there is nothing to say.
    pub fn is_empty(&self) -> bool {
        self.earcon.is_none() && !self.segments.iter().any(|s| matches!(s, Segment::Words(_)))
    }

    /// The announcement of a legal move in a lexicon, with a pause between each file and
    /// its rank; the promotion piece is always named (the renderer's rule).
    ///
    /// # Examples
    /// ```
    /// use annabella_phonetic::{Form, Language, Lexicon};
    /// use annabella_voice::Speech;
    /// use shakmaty::{Chess, Move, Role, Square};
    /// let m = Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::F3, promotion: None };
    /// let s = Speech::for_move(&Chess::default(), m, Lexicon::get(Language::De), Form::Short);
    /// assert_eq!(s.to_plain(), "Springer Felix, drei");
    /// ```
    pub fn for_move(pos: &Chess, m: Move, lexicon: &Lexicon, form: Form) -> Self {
        let words = render_words(pos, m, lexicon, form);
        let mut speech = Speech::default();
        let mut previous_was_file = false;
        for w in words {
            let kind = lexicon.lookup(w);
            if previous_was_file && matches!(kind, Lookup::Word(Word::Rank(_))) {
                speech = speech.pause(FILE_RANK_PAUSE);
            }
            previous_was_file = matches!(kind, Lookup::Word(Word::File(_)));
            speech = speech.then(w);
        }
        speech
    }

    /// The speech as a voice of `language` (a code such as "lv" or "lv+f3") should get
    /// it: the FIDE scheme's German words respelled so that voice says them as German
    /// ([`annabella_phonetic::voiced`]); unchanged for German, English or unknown voices.
    ///
    /// # Examples
    /// ```
    /// use annabella_voice::Speech;
    /// let s = Speech::words("Springer Felikss drei");
    /// assert_eq!(s.voiced_for("lv").to_plain(), "špringer Felikss drai");
    /// assert_eq!(s.voiced_for("de").to_plain(), "Springer Felikss drei");
    /// ```
    #[must_use]
    pub fn voiced_for(&self, language: &str) -> Speech {
        let code = language.split(['-', '+', '_']).next().unwrap_or_default();
        let Ok(voice) = code.parse::<annabella_phonetic::Language>() else {
            return self.clone();
        };
        let segments = self
            .segments
            .iter()
            .map(|s| match s {
                Segment::Words(w) => Segment::Words(annabella_phonetic::voiced::text(voice, w)),
                pause => pause.clone(),
            })
            .collect();
        Speech {
            segments,
            earcon: self.earcon,
        }
    }

    /// Plain text for engines without markup: a pause becomes a comma.
    pub fn to_plain(&self) -> String {
        let mut out = String::new();
        for s in &self.segments {
            match s {
                Segment::Words(w) => {
                    if !out.is_empty() && !out.ends_with(' ') {
                        out.push(' ');
                    }
                    out.push_str(w);
                }
                Segment::Pause(_) => {
                    if !out.is_empty() && !out.ends_with(',') {
                        out.push(',');
                    }
                }
            }
        }
        out.trim_end_matches(',').to_owned()
    }

    /// SSML (`<speak>` with `<break time="…ms"/>`), for espeak-ng `-m` and SSML engines.
    pub fn to_ssml(&self) -> String {
        let mut out = String::from("<speak>");
        for (i, s) in self.segments.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            match s {
                Segment::Words(w) => escape_xml(w, &mut out),
                Segment::Pause(d) => {
                    out.push_str(&format!(r#"<break time="{}ms"/>"#, d.as_millis()));
                }
            }
        }
        out.push_str("</speak>");
        out
    }

    /// Splits long speech into parts of at most `max_chars` characters of words each,
    /// at sentence ends, then commas, then spaces, so each part can be skipped.
    ///
    /// # Examples
    /// ```
    /// use annabella_voice::Speech;
    /// let s = Speech::words("Reihe eins: Turm Anna eins. Springer Bella eins. Läufer Cäsar eins.");
    /// let parts: Vec<String> = s.split(30).iter().map(|p| p.to_string()).collect();
    /// assert_eq!(parts, ["Reihe eins: Turm Anna eins.", "Springer Bella eins.", "Läufer Cäsar eins."]);
    /// ```
    pub fn split(&self, max_chars: usize) -> Vec<Speech> {
        let max_chars = max_chars.max(1);
        let mut parts: Vec<Speech> = Vec::new();
        let mut current = Speech::default();
        let mut len = 0;
        for s in &self.segments {
            match s {
                Segment::Pause(d) => {
                    current = current.pause(*d);
                }
                Segment::Words(w) => {
                    for piece in split_text(w, max_chars) {
                        let n = piece.chars().count();
                        if len > 0 && len + 1 + n > max_chars {
                            parts.push(std::mem::take(&mut current));
                            len = 0;
                        }
                        len += n + usize::from(len > 0);
                        current = current.then(piece);
                    }
                }
            }
        }
        if !current.is_empty() {
            parts.push(current);
        }
        parts
    }
}

/// Splits text into the largest pieces that fit, preferring sentence ends, then commas,
/// then spaces; a single word longer than `max` stays whole.
fn split_text(text: &str, max: usize) -> Vec<String> {
    let mut out = Vec::new();
    for sentence in split_after(text, &['.', '!', '?', ':', ';']) {
        if sentence.chars().count() <= max {
            out.push(sentence);
            continue;
        }
        for clause in split_after(&sentence, &[',']) {
            if clause.chars().count() <= max {
                out.push(clause);
                continue;
            }
            let mut line = String::new();
            for word in clause.split_whitespace() {
                if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > max {
                    out.push(std::mem::take(&mut line));
                }
                if !line.is_empty() {
                    line.push(' ');
                }
                line.push_str(word);
            }
            if !line.is_empty() {
                out.push(line);
            }
        }
    }
    out
}

/// Splits after each of the marks (the mark stays with the text before it), trimmed.
fn split_after(text: &str, marks: &[char]) -> Vec<String> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if marks.contains(&c) {
            let end = i + c.len_utf8();
            let piece = text[start..end].trim();
            if !piece.is_empty() {
                out.push(piece.to_owned());
            }
            start = end;
        }
    }
    let piece = text[start..].trim();
    if !piece.is_empty() {
        out.push(piece.to_owned());
    }
    out
}

fn escape_xml(text: &str, out: &mut String) {
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
}

/// The words alone, without pauses: what the record's index and logs show.
impl fmt::Display for Speech {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(e) = self.earcon {
            return write!(f, "(earcon: {e})");
        }
        let mut first = true;
        for s in &self.segments {
            if let Segment::Words(w) = s {
                if !first {
                    f.write_str(" ")?;
                }
                f.write_str(w)?;
                first = false;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use annabella_phonetic::Language;
    use shakmaty::{CastlingMode, fen::Fen, uci::UciMove};

    use super::*;

    fn say(fen: &str, uci: &str, lang: Language) -> Speech {
        let fen: Fen = fen.parse().expect("fen");
        let mode = CastlingMode::detect(&fen.clone().into_setup());
        let pos: Chess = fen.into_position(mode).expect("position");
        let m = uci
            .parse::<UciMove>()
            .expect("uci")
            .to_move(&pos)
            .expect("legal");
        Speech::for_move(&pos, m, Lexicon::get(lang), Form::Short)
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn pause_between_file_and_rank_of_each_square() {
        let s = say(START, "g1f3", Language::De);
        assert_eq!(s.to_plain(), "Springer Felix, drei");
        assert_eq!(
            s.to_ssml(),
            r#"<speak>Springer Felix <break time="150ms"/> drei</speak>"#
        );
        let s = say(START, "e2e4", Language::En);
        assert_eq!(s.to_plain(), "Eva, four");
        // Disambiguation by a whole square: a pause inside each square, none between.
        let fen = "4k3/8/8/8/8/2N3N1/8/2N1K3 w - - 0 1";
        let s = say(fen, "c3e2", Language::De);
        assert_eq!(s.to_plain(), "Springer Cäsar, drei Eva, zwei");
    }

    #[test]
    fn promotion_piece_always_said() {
        let fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
        for (uci, de, en) in [
            ("e7e8q", "Eva, acht Dame", "Eva, eight Queen"),
            ("e7e8n", "Eva, acht Springer", "Eva, eight Knight"),
            ("e7e8r", "Eva, acht Turm", "Eva, eight Rook"),
            ("e7e8b", "Eva, acht Läufer", "Eva, eight Bishop"),
        ] {
            assert_eq!(say(fen, uci, Language::De).to_plain(), de);
            assert_eq!(say(fen, uci, Language::En).to_plain(), en);
        }
    }

    #[test]
    fn castling_and_check_have_no_square_pause() {
        let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
        assert_eq!(say(fen, "e1g1", Language::De).to_plain(), "Kurze Rochade");
        let fen = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1";
        assert_eq!(
            say(fen, "a1a8", Language::De).to_plain(),
            "Turm Anna, acht Schach"
        );
    }

    #[test]
    fn ssml_escapes_markup() {
        let s = Speech::words("a < b & \"c\"");
        assert_eq!(s.to_ssml(), "<speak>a &lt; b &amp; &quot;c&quot;</speak>");
    }

    #[test]
    fn split_keeps_every_word_in_order_and_respects_the_limit() {
        let text = "Weiß: König Gustav eins, Dame David eins, Turm Anna eins, Turm Felix eins. \
                    Schwarz: König Gustav acht, Dame David acht, Turm Anna acht.";
        let s = Speech::words(text);
        for max in [10, 20, 40, 80, 1000] {
            let parts = s.split(max);
            let joined: Vec<String> = parts.iter().map(|p| p.to_string()).collect();
            assert_eq!(
                joined.join(" ").split_whitespace().collect::<Vec<_>>(),
                text.split_whitespace().collect::<Vec<_>>(),
                "max {max}"
            );
            for p in &parts {
                let words = p.to_string();
                let longest = words.split_whitespace().map(|w| w.chars().count()).max();
                assert!(
                    words.chars().count() <= max || longest > Some(max),
                    "max {max}: {words:?}"
                );
            }
        }
        assert_eq!(s.split(1000).len(), 1);
        assert_eq!(s.split(80).len(), 2, "split at the sentence end");
    }

    #[test]
    fn empty_speech() {
        assert!(Speech::words("  ").is_empty());
        assert!(Speech::default().pause(FILE_RANK_PAUSE).is_empty());
        assert!(Speech::default().split(10).is_empty());
    }
}
