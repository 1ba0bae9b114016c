//! The recognizer's grammar: for a position, every phrase that says a legal move (in
//! every form the parser accepts) plus the commands plus the hesitations plus `[unk]`, in
//! the spellings the recognizer's model knows.
//!
//! Vosk compiles a phrase list into a loop (its final state returns to the start), so an
//! utterance may be any sequence of phrases: "äh springer felix drei bitte", "springer
//! felix drei nein springer cäsar drei" and "korrektur springer hektor drei" are heard
//! from the phrases for the hesitations, the moves and the commands, without a phrase for
//! each combination.

use std::collections::{HashMap, HashSet};

use shakmaty::{CastlingSide, Chess, File, Move, Position, Rank, Role, Square, san::San};

use crate::{
    lexicon::{Lexicon, Lookup, side_word},
    render::suffix_of,
    utterance::Suffix,
    word::Word,
};

/// A lexicon filtered through a recognizer's vocabulary: for every word the spelling
/// the model knows, the substitutions made and the words dropped. Build it once per
/// model and language; then [`Vocabulary::grammar`] is cheap per position.
#[derive(Debug, Clone)]
pub struct Vocabulary {
    lexicon: &'static Lexicon,
    spelling: HashMap<Word, &'static str>,
    takes: Vec<&'static str>,
    fillers: HashSet<&'static str>,
    /// Command-template words the model knows as written ("meine", "Türme"): kept as
    /// written, so that phrases stay grammatical ("meine Dame", not "mein Dame").
    literals: HashSet<&'static str>,
    /// Command phrases without a move slot, complete.
    commands: Vec<String>,
    /// Command phrases that end in a move (`{move}` slot): their prefixes.
    command_move_prefixes: Vec<String>,
    /// Hesitations the model knows ("äh", "please"), each a phrase of its own.
    hesitations: Vec<String>,
    /// Whether castling may be said in the Laws' words ("Kurze Rochade") with this model.
    laws_castling: bool,
    substituted: Vec<(String, String)>,
    dropped: Vec<String>,
    /// A file's spelling in phrases → its letter, where the lexicon reads the letter as
    /// that file ("e four" in English) and the model knows it.
    letters: HashMap<&'static str, &'static str>,
}

/// The files' letters, a to h.
const LETTERS: [&str; 8] = ["a", "b", "c", "d", "e", "f", "g", "h"];

/// A phrase list for the recognizer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grammar {
    /// Every phrase, deduplicated, lower case, `[unk]` last.
    pub phrases: Vec<String>,
    /// `(lexicon spelling, spelling used)` where the model lacked the first.
    pub substituted: Vec<(String, String)>,
    /// Words the model knows in no spelling; phrases needing them are left out.
    pub dropped: Vec<String>,
}

impl Grammar {
    /// The phrase list as Vosk expects it: a JSON array of strings.
    pub fn to_json(&self) -> String {
        let mut out =
            String::with_capacity(self.phrases.iter().map(|p| p.len() + 3).sum::<usize>() + 2);
        out.push('[');
        for (i, p) in self.phrases.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push('"');
            for c in p.chars() {
                match c {
                    '"' => out.push_str("\\\""),
                    '\\' => out.push_str("\\\\"),
                    c => out.push(c),
                }
            }
            out.push('"');
        }
        out.push(']');
        out
    }
}

/// The words of a lexicon each in the first spelling a model knows.
struct Spelled {
    /// Each known word's spelling.
    spelling: HashMap<Word, &'static str>,
    /// Every known spelling of the capture word.
    takes: Vec<&'static str>,
    /// `(lexicon spelling, spelling used)` where the model lacked the first.
    substituted: Vec<(String, String)>,
    /// Words the model knows in no spelling.
    dropped: Vec<String>,
}

impl Spelled {
    /// Spells every word a phrase may need (files, ranks, pieces, the move words and the
    /// words of the command templates) in its first spelling `probe` knows.
    fn new(lexicon: &'static Lexicon, probe: &impl Fn(&str) -> bool) -> Spelled {
        let mut spelled = Spelled {
            spelling: HashMap::new(),
            takes: Vec::new(),
            substituted: Vec::new(),
            dropped: Vec::new(),
        };
        let mut seen = HashSet::new();
        for word in words_to_spell(lexicon) {
            if !seen.insert(word) {
                continue;
            }
            let mut variants = lexicon.variants(word).peekable();
            let Some(first) = variants.peek().copied() else {
                continue;
            };
            let known: Vec<&'static str> = variants.filter(|v| probe(&v.to_lowercase())).collect();
            if word == Word::Takes {
                spelled.takes = known.clone();
            }
            match known.first() {
                Some(&k) => {
                    if k != first {
                        let pair = (first.to_lowercase(), k.to_lowercase());
                        spelled.substituted.push(pair);
                    }
                    spelled.spelling.insert(word, k);
                }
                None => spelled.dropped.push(first.to_lowercase()),
            }
        }
        spelled
    }
}

/// Every word a phrase may need, in this order (repeats included): files, ranks,
/// pieces, the move words, then the words of the command templates.
fn words_to_spell(lexicon: &Lexicon) -> Vec<Word> {
    let mut all_words: Vec<Word> = Vec::new();
    all_words.extend(File::ALL.map(Word::File));
    all_words.extend(Rank::ALL.map(Word::Rank));
    all_words.extend(Role::ALL.map(Word::Piece));
    all_words.extend([
        Word::Takes,
        Word::EnPassant,
        Word::Promotes,
        Word::Check,
        Word::Mate,
        Word::Castles,
        Word::Long,
        Word::Short,
    ]);
    for template in lexicon.command_templates() {
        for w in template.split_whitespace() {
            if let Lookup::Word(word) = lexicon.lookup(w) {
                all_words.push(word);
            }
        }
    }
    all_words
}

impl Vocabulary {
    /// Filters a lexicon through a vocabulary probe (`word → known?`, asked with lower-case
    /// spellings, e.g. Vosk's `find_word`). Each word takes its first known spelling; a
    /// word with none is dropped and reported.
    ///
    /// # Examples
    /// ```
    /// use annabella_phonetic::{Vocabulary, Lexicon, Language};
    /// // A model that spells Cäsar without the umlaut and lacks "zwo" and "Hektor" entirely.
    /// let vocab = Vocabulary::new(Lexicon::get(Language::De), |w| !matches!(w, "cäsar" | "hektor" | "hector"));
    /// assert!(vocab.substituted().contains(&("cäsar".to_owned(), "caesar".to_owned())));
    /// assert!(vocab.dropped().contains(&"hektor".to_owned()));
    /// ```
    pub fn new(lexicon: &'static Lexicon, probe: impl Fn(&str) -> bool) -> Vocabulary {
        let Spelled {
            spelling,
            takes,
            substituted,
            mut dropped,
        } = Spelled::new(lexicon, &probe);
        let fillers: HashSet<&'static str> = lexicon
            .filler_words()
            .iter()
            .copied()
            .filter(|f| probe(&f.to_lowercase()))
            .collect();
        for f in lexicon.filler_words() {
            if !fillers.contains(f) {
                dropped.push(f.to_lowercase());
            }
        }
        let literals: HashSet<&'static str> = lexicon
            .command_templates()
            .iter()
            .flat_map(|t| t.split_whitespace())
            .filter(|w| !w.starts_with('{') && probe(&w.to_lowercase()))
            .collect();
        let letters = File::ALL
            .into_iter()
            .filter_map(|file| {
                let letter = LETTERS[usize::from(file)];
                let reads = lexicon.lookup(letter) == Lookup::Word(Word::File(file));
                let spelled = spelling.get(&Word::File(file)).copied()?;
                (reads && probe(letter)).then_some((spelled, letter))
            })
            .collect();
        let hesitations = lexicon
            .hesitations()
            .iter()
            .map(|h| h.to_lowercase())
            .filter(|h| probe(h))
            .collect();
        let laws_castling = [
            ("Kurze", Word::Short),
            ("Lange", Word::Long),
            ("Rochade", Word::Castles),
        ]
        .into_iter()
        .all(|(w, word)| lexicon.lookup(w) == Lookup::Word(word) && probe(&w.to_lowercase()));
        let mut vocab = Vocabulary {
            hesitations,
            laws_castling,
            letters,
            lexicon,
            spelling,
            takes,
            fillers,
            literals,
            commands: Vec::new(),
            command_move_prefixes: Vec::new(),
            substituted,
            dropped,
        };
        vocab.expand_commands();
        vocab
    }

    /// Expands the lexicon's command templates: complete phrases, and the prefixes of
    /// those that end in a move.
    fn expand_commands(&mut self) {
        for template in self.lexicon.command_templates() {
            if let Some(prefix) = template.strip_suffix(" {move}") {
                let prefixes = self.expand(prefix);
                self.command_move_prefixes.extend(prefixes);
            } else {
                let phrases = self.expand(template);
                self.commands.extend(phrases);
            }
        }
    }

    /// The lexicon this vocabulary filters.
    pub fn lexicon(&self) -> &'static Lexicon {
        self.lexicon
    }

    /// `(lexicon spelling, spelling used)` where the model lacked the first.
    pub fn substituted(&self) -> &[(String, String)] {
        &self.substituted
    }

    /// Words the model knows in no spelling.
    pub fn dropped(&self) -> &[String] {
        &self.dropped
    }

    fn spell(&self, word: Word) -> Option<&'static str> {
        self.spelling.get(&word).copied()
    }

    fn file_spellings(&self) -> impl Iterator<Item = &'static str> + '_ {
        File::ALL
            .into_iter()
            .filter_map(|f| self.spell(Word::File(f)))
    }

    /// One template with slots → its phrases (none if a word is missing).
    fn expand(&self, template: &'static str) -> Vec<String> {
        let mut phrases = vec![String::new()];
        for w in template.split_whitespace() {
            let options: Vec<&'static str> = match w {
                "{piece}" => Role::ALL
                    .iter()
                    .filter_map(|&r| self.spell(Word::Piece(r)))
                    .collect(),
                "{rank}" => Rank::ALL
                    .iter()
                    .filter_map(|&r| self.spell(Word::Rank(r)))
                    .collect(),
                "{file}" => File::ALL
                    .iter()
                    .filter_map(|&f| self.spell(Word::File(f)))
                    .collect(),
                "{n}" => Rank::ALL[1..]
                    .iter()
                    .filter_map(|&r| self.spell(Word::Rank(r)))
                    .collect(),
                "{square}" => {
                    let mut out = Vec::new();
                    for sq in Square::ALL {
                        if let (Some(f), Some(r)) = (
                            self.spell(Word::File(sq.file())),
                            self.spell(Word::Rank(sq.rank())),
                        ) {
                            out.push((f, r));
                        }
                    }
                    let mut next = Vec::with_capacity(phrases.len() * out.len());
                    for p in &phrases {
                        for (f, r) in &out {
                            next.push(join(p, &format!("{f} {r}")));
                        }
                    }
                    phrases = next;
                    continue;
                }
                literal => match self.lexicon.lookup(literal) {
                    Lookup::Word(_) if self.literals.contains(literal) => vec![literal],
                    Lookup::Word(word) => self.spell(word).into_iter().collect(),
                    Lookup::Filler => self.fillers.get(literal).copied().into_iter().collect(),
                    Lookup::Unknown => Vec::new(),
                },
            };
            let mut next = Vec::with_capacity(phrases.len() * options.len());
            for p in &phrases {
                for o in &options {
                    next.push(join(p, o));
                }
            }
            phrases = next;
        }
        phrases.into_iter().map(|p| p.to_lowercase()).collect()
    }

    /// The grammar for a position: every way to say each legal move, the commands, `[unk]`.
    pub fn grammar(&self, pos: &Chess) -> Grammar {
        let mut seen: HashSet<String> = HashSet::with_capacity(1024);
        let mut phrases: Vec<String> = Vec::with_capacity(1024);
        let mut push = |p: String| {
            if !seen.contains(&p) {
                seen.insert(p.clone());
                phrases.push(p);
            }
        };
        let mut short_forms = Vec::new();
        for m in pos.legal_moves() {
            let said = self.move_phrases(pos, m);
            if let Some(first) = said.first() {
                short_forms.push(first.clone());
            }
            for p in said {
                push(p);
            }
        }
        for c in &self.commands {
            push(c.clone());
        }
        for prefix in &self.command_move_prefixes {
            for s in &short_forms {
                push(format!("{prefix} {s}"));
            }
        }
        for h in &self.hesitations {
            push(h.clone());
        }
        push("[unk]".to_owned());
        Grammar {
            phrases,
            substituted: self.substituted.clone(),
            dropped: self.dropped.clone(),
        }
    }

    /// Every phrase for one legal move, the announced (short) form first.
    pub fn move_phrases(&self, pos: &Chess, m: Move) -> Vec<String> {
        let suffixes = self.suffix_words(pos, m);
        let mut bodies = match m.castling_side() {
            Some(side) => self.castling_bodies(side),
            None => self.normal_bodies(pos, m),
        };
        // The same with the files by their letter ("e four"), where every file has one.
        if m.castling_side().is_none() {
            let lettered = self.lettered(&bodies);
            bodies.extend(lettered);
        }
        let mut out = Vec::with_capacity(bodies.len() * suffixes.len());
        for b in &bodies {
            for s in &suffixes {
                let mut p = b.join(" ");
                if !s.is_empty() {
                    p.push(' ');
                    p.push_str(s);
                }
                out.push(p.to_lowercase());
            }
        }
        out
    }

    /// What may follow the move: nothing, then its check or mate word ("" for nothing).
    fn suffix_words(&self, pos: &Chess, m: Move) -> Vec<&'static str> {
        let suffixes: Vec<Option<&'static str>> = match suffix_of(pos, m) {
            None => vec![None],
            Some(Suffix::Check) => vec![None, self.spell(Word::Check)]
                .into_iter()
                .filter(|s| s != &Some(""))
                .collect(),
            Some(Suffix::Mate) => vec![None, self.spell(Word::Mate)],
        };
        // In a fixed order (the bare move first): the grammar is the same in every run.
        let mut words: Vec<&'static str> = suffixes.into_iter().map(|s| s.unwrap_or("")).collect();
        words.dedup();
        words
    }

    /// Castling to `side`: the lexicon's words in its order, then the other order, and
    /// the Laws' words ("Kurze Rochade") at a table of any language (appendix E).
    fn castling_bodies(&self, side: CastlingSide) -> Vec<Vec<&'static str>> {
        let mut bodies = Vec::new();
        if let (Some(c), Some(s)) = (self.spell(Word::Castles), self.spell(side_word(side))) {
            if self.lexicon.castles_first() {
                bodies.push(vec![c, s]);
                bodies.push(vec![s, c]);
            } else {
                bodies.push(vec![s, c]);
                bodies.push(vec![c, s]);
            }
        }
        if self.laws_castling {
            let laws = match side {
                CastlingSide::KingSide => vec!["Kurze", "Rochade"],
                CastlingSide::QueenSide => vec!["Lange", "Rochade"],
            };
            let said = |b: &Vec<&str>| b.join(" ").to_lowercase();
            if !bodies.iter().any(|b| said(b) == said(&laws)) {
                bodies.push(laws);
            }
        }
        bodies
    }

    /// A move other than castling: each way to name the piece and its origin, with and
    /// without a capture word, then the destination and what follows it. None when a
    /// word of the destination or the promotion piece is missing.
    fn normal_bodies(&self, pos: &Chess, m: Move) -> Vec<Vec<&'static str>> {
        let (Some(to_f), Some(to_r)) = (
            self.spell(Word::File(m.to().file())),
            self.spell(Word::Rank(m.to().rank())),
        ) else {
            return Vec::new();
        };
        let Some(tails) = self.tails(m, to_f, to_r) else {
            return Vec::new();
        };
        let mut captures: Vec<Option<&'static str>> = vec![None];
        if m.is_capture() {
            captures.extend(self.takes.iter().map(|&t| Some(t)));
        }
        let mut bodies = Vec::new();
        for (piece, origin) in &self.origins(pos, m) {
            for c in &captures {
                for t in &tails {
                    let mut v: Vec<&'static str> = Vec::with_capacity(8);
                    v.extend(piece);
                    v.extend(origin.iter().copied());
                    v.extend(c);
                    v.extend(t.iter().copied());
                    bodies.push(v);
                }
            }
        }
        bodies
    }

    /// The ways to name the piece and its origin: as in SAN (a pawn also with its
    /// name), and from its full square (a piece also without its name).
    fn origins(&self, pos: &Chess, m: Move) -> Vec<(Option<&'static str>, Vec<&'static str>)> {
        let from = m.from().expect("a normal move has an origin");
        let role = m.role();
        let (san_file, san_rank) = match San::from_move(pos, m) {
            San::Normal { file, rank, .. } => (file, rank),
            _ => (None, None),
        };
        let mut origins = Vec::new();
        let piece = self.spell(Word::Piece(role));
        let full: Option<Vec<&'static str>> = match (
            self.spell(Word::File(from.file())),
            self.spell(Word::Rank(from.rank())),
        ) {
            (Some(f), Some(r)) => Some(vec![f, r]),
            _ => None,
        };
        let san: Option<Vec<&'static str>> = (|| {
            let mut v = Vec::new();
            if let Some(f) = san_file {
                v.push(self.spell(Word::File(f))?);
            }
            if let Some(r) = san_rank {
                v.push(self.spell(Word::Rank(r))?);
            }
            Some(v)
        })();
        if role == Role::Pawn {
            if let Some(san) = &san {
                origins.push((None, san.clone()));
                if let Some(p) = piece {
                    origins.push((Some(p), san.clone()));
                }
            }
            if let Some(full) = &full {
                origins.push((None, full.clone()));
            }
        } else {
            if let (Some(p), Some(san)) = (piece, &san) {
                origins.push((Some(p), san.clone()));
            }
            if let Some(full) = &full {
                if let Some(p) = piece {
                    origins.push((Some(p), full.clone()));
                }
                origins.push((None, full.clone()));
            }
        }
        origins
    }

    /// The destination and what follows it: "en passant" (also left out), the promotion
    /// piece (also in the lexicon's promotion forms). None when the piece is missing.
    fn tails(
        &self,
        m: Move,
        to_f: &'static str,
        to_r: &'static str,
    ) -> Option<Vec<Vec<&'static str>>> {
        let mut tails: Vec<Vec<&'static str>> = vec![vec![to_f, to_r]];
        if m.is_en_passant()
            && let (Some(en), Some(passant)) =
                (self.fillers.get("en").copied(), self.spell(Word::EnPassant))
        {
            tails.push(vec![to_f, to_r, en, passant]);
        }
        let Some(p) = m.promotion() else {
            return Some(tails);
        };
        let name = self.spell(Word::Piece(p))?;
        let mut with = Vec::new();
        for t in &tails {
            let mut a = t.clone();
            a.push(name);
            with.push(a);
            for form in self.lexicon.promotion_forms() {
                if let Some(mut b) = self.promotion_form(t, form) {
                    b.push(name);
                    with.push(b);
                }
            }
        }
        Some(with)
    }

    /// `tail` followed by a promotion form's words ("verwandelt in"), or None when the
    /// model lacks one of them.
    fn promotion_form(
        &self,
        tail: &[&'static str],
        form: &[&'static str],
    ) -> Option<Vec<&'static str>> {
        let mut b = tail.to_vec();
        for w in form {
            b.push(match self.lexicon.lookup(w) {
                Lookup::Word(word) => self.spell(word)?,
                Lookup::Filler => self.fillers.get(w).copied()?,
                Lookup::Unknown => return None,
            });
        }
        Some(b)
    }

    /// `bodies` with every file said by its letter, for those whose files all have one.
    fn lettered(&self, bodies: &[Vec<&'static str>]) -> Vec<Vec<&'static str>> {
        let has_file = |b: &[&str]| b.iter().any(|w| self.letters.contains_key(w));
        bodies
            .iter()
            .filter(|b| has_file(b))
            .filter_map(|b| {
                b.iter()
                    .map(|w| {
                        let is_file = self.file_spellings().any(|f| f == *w);
                        match (is_file, self.letters.get(w)) {
                            (false, _) => Some(*w),
                            (true, Some(l)) => Some(*l),
                            (true, None) => None,
                        }
                    })
                    .collect()
            })
            .collect()
    }
}

fn join(a: &str, b: &str) -> String {
    if a.is_empty() {
        b.to_owned()
    } else {
        format!("{a} {b}")
    }
}

/// Builds the grammar for a position in one call (see [`Vocabulary`] to reuse the probe).
pub fn build_grammar(
    pos: &Chess,
    lexicon: &'static Lexicon,
    probe: impl Fn(&str) -> bool,
) -> Grammar {
    Vocabulary::new(lexicon, probe).grammar(pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        lexicon::Language,
        parse::{ParseError, ParseErrorKind, parse},
        resolve::{Verdict, resolve_words},
        utterance::{Command, Utterance},
    };

    #[test]
    fn every_phrase_means_a_legal_move_or_a_command() {
        let pos = Chess::default();
        for lang in Language::ALL {
            let lexicon = Lexicon::get(lang);
            let grammar = build_grammar(&pos, lexicon, |_| true);
            assert_eq!(grammar.phrases.last().map(String::as_str), Some("[unk]"));
            assert!(grammar.dropped.is_empty() && grammar.substituted.is_empty());
            let unique: HashSet<&String> = grammar.phrases.iter().collect();
            assert_eq!(unique.len(), grammar.phrases.len(), "deduplicated");
            let mut commands = HashSet::new();
            for p in &grammar.phrases[..grammar.phrases.len() - 1] {
                if lexicon.hesitations().iter().any(|h| h.to_lowercase() == *p) {
                    // A hesitation alone means nothing; around a move it is skipped.
                    assert!(matches!(
                        resolve_words(&pos, lexicon, p),
                        Verdict::Unrecognized(ParseError {
                            kind: ParseErrorKind::Hesitation,
                            ..
                        })
                    ));
                    continue;
                }
                match resolve_words(&pos, lexicon, p) {
                    Verdict::Move(m) => assert!(pos.is_legal(m)),
                    Verdict::Command(c) => {
                        commands.insert(c.name());
                    }
                    other => panic!("{lang}: {p:?} → {other:?}"),
                }
            }
            // Every command of the vocabulary can be said.
            assert_eq!(commands.len(), 36, "{lang}: {commands:?}");
            if lang == Language::De {
                // Grammatical German: the words of the phrase as written.
                for phrase in [
                    "wo ist meine dame",
                    "wo sind meine bauern",
                    "wo ist die schwarze dame",
                ] {
                    assert!(grammar.phrases.iter().any(|p| p == phrase), "{phrase}");
                }
                assert!(!grammar.phrases.iter().any(|p| p == "wo ist mein dame"));
            }
            if lang == Language::Lv {
                // Both the German and the Latvian piece name, as written.
                for phrase in ["kur ir mana dame", "kur ir mana dāma", "kam gājiens"] {
                    assert!(grammar.phrases.iter().any(|p| p == phrase), "{phrase}");
                }
            }
            for m in pos.legal_moves() {
                let said = crate::render::render(&pos, m, lexicon, crate::render::Form::Short)
                    .to_lowercase();
                assert!(grammar.phrases.contains(&said), "{lang}: {said}");
            }
        }
    }

    /// Both sides can castle either way.
    const CASTLES: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";

    #[test]
    fn natural_phrasings_are_in_the_grammar_of_every_language() {
        let pos: Chess = CASTLES
            .parse::<shakmaty::fen::Fen>()
            .expect("fen")
            .into_position(shakmaty::CastlingMode::Standard)
            .expect("position");
        let wanted: &[(Language, &[&str])] = &[
            (
                Language::De,
                &[
                    "wie viel zeit habe ich",
                    "ich möchte den schiedsrichter sprechen",
                    "korrektur turm bella eins",
                    "kurze rochade",
                    "lange rochade",
                    "äh",
                    "ähm",
                    "also",
                    "bitte",
                    "gesetzt",
                    "fertig",
                ],
            ),
            (
                Language::En,
                &[
                    "how much time do i have",
                    "i want to speak to the arbiter",
                    "correction rook bella one",
                    "kurze rochade",
                    "lange rochade",
                    "castles short",
                    "uh",
                    "um",
                    "please",
                    "done",
                    "placed",
                ],
            ),
            (
                Language::Lt,
                &[
                    "kiek laiko man liko",
                    "noriu kalbėti su teisėju",
                    "taisymas turm bella eins",
                    "kurze rochade",
                    "ee",
                    "prašau",
                    "padėjau",
                ],
            ),
            (
                Language::Lv,
                &[
                    "cik man ir laika",
                    "es gribu runāt ar tiesnesi",
                    "labojums turm bella eins",
                    "lange rochade",
                    "ēē",
                    "lūdzu",
                    "noliku",
                ],
            ),
            (
                Language::Hu,
                &[
                    "mennyi időm van",
                    "a bíróval szeretnék beszélni",
                    "javítás turm bella eins",
                    "kurze rochade",
                    "öö",
                    "kérem",
                    "kész",
                ],
            ),
        ];
        for &(language, phrases) in wanted {
            for lexicon in [Lexicon::get(language), Lexicon::local(language)] {
                let g = build_grammar(&pos, lexicon, |_| true);
                for p in phrases {
                    let local_move = lexicon.is_local() && p.contains("turm");
                    assert!(
                        local_move || g.phrases.iter().any(|x| x == p),
                        "{language} (local: {}): {p:?} missing",
                        lexicon.is_local()
                    );
                }
                // "Kurze Rochade" resolves to castling in every lexicon.
                assert!(matches!(
                    resolve_words(&pos, lexicon, "Kurze Rochade"),
                    Verdict::Move(m) if m.castling_side() == Some(shakmaty::CastlingSide::KingSide)
                ));
                // A model without "rochade" gets no such phrase.
                let without = build_grammar(&pos, lexicon, |w| w != "rochade");
                assert!(!without.phrases.iter().any(|p| p.contains("rochade")));
            }
        }
    }

    #[test]
    fn the_grammar_stays_small() {
        // The start position and a middlegame: the new phrasings add a few dozen phrases.
        let middle: Chess = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9"
            .parse::<shakmaty::fen::Fen>()
            .expect("fen")
            .into_position(shakmaty::CastlingMode::Standard)
            .expect("position");
        for lang in Language::ALL {
            for pos in [Chess::default(), middle.clone()] {
                let g = build_grammar(&pos, Lexicon::get(lang), |_| true);
                assert!(g.phrases.len() < 2500, "{lang}: {}", g.phrases.len());
                assert!(g.to_json().len() < 80_000, "{lang}: {}", g.to_json().len());
            }
        }
    }

    #[test]
    fn english_files_are_said_by_their_letter_too() {
        let pos = Chess::default();
        let lexicon = Lexicon::get(Language::En);
        let g = build_grammar(&pos, lexicon, |_| true);
        for phrase in [
            "e four",
            "eva four",
            "knight g one f three",
            "knight f three",
        ] {
            assert!(g.phrases.iter().any(|p| p == phrase), "{phrase}");
            assert!(matches!(
                resolve_words(&pos, lexicon, phrase),
                Verdict::Move(_)
            ));
        }
        // "a" is a filler word in English: the a-file keeps its name.
        assert!(g.phrases.iter().any(|p| p == "anna four"));
        assert!(!g.phrases.iter().any(|p| p == "a four"));
        // A model without the letter gets no such phrases.
        let g = build_grammar(&pos, lexicon, |w| w != "e");
        assert!(!g.phrases.iter().any(|p| p == "e four"));
        assert!(g.phrases.iter().any(|p| p == "d four"));
        // German reads no letters as files: its grammar stays as announced.
        let de = build_grammar(&pos, Lexicon::get(Language::De), |_| true);
        assert!(!de.phrases.iter().any(|p| p == "e vier"));
    }

    #[test]
    fn claim_phrases_carry_the_intended_move() {
        let pos = Chess::default();
        let g = build_grammar(&pos, Lexicon::get(Language::De), |_| true);
        let p = "reklamation stellungswiederholung springer felix drei";
        assert!(g.phrases.iter().any(|x| x == p));
        assert!(matches!(
            parse(Lexicon::get(Language::De), p),
            Ok(Utterance::Command(Command::Claim {
                intended: Some(_),
                ..
            }))
        ));
    }

    #[test]
    fn unknown_words_are_replaced_or_dropped_and_reported() {
        let pos = Chess::default();
        let lexicon = Lexicon::get(Language::De);
        // The model knows "caesar" but not "cäsar", and no spelling of "Hektor" or of "Ruhe" (stop).
        let g = build_grammar(&pos, lexicon, |w| {
            !matches!(
                w,
                "cäsar" | "hektor" | "hector" | "ruhe" | "still" | "stopp" | "leise"
            )
        });
        assert!(
            g.substituted
                .contains(&("cäsar".to_owned(), "caesar".to_owned()))
        );
        assert!(g.dropped.contains(&"hektor".to_owned()));
        assert!(g.dropped.contains(&"ruhe".to_owned()));
        assert!(g.phrases.contains(&"springer caesar drei".to_owned()));
        assert!(
            !g.phrases
                .iter()
                .any(|p| p.contains("hektor") || p.contains("cäsar") || p == "ruhe")
        );
        assert_eq!(g.to_json().chars().next(), Some('['));
    }
}
