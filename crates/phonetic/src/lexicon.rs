//! Lexicons: the words of each language for files, ranks, pieces, castling, captures,
//! check, mate, promotion and the command vocabulary, with the variant spellings that
//! recognizers and people really produce.

use std::{collections::HashMap, fmt, str::FromStr, sync::LazyLock};

use shakmaty::{CastlingSide, File, Rank, Role, Square};

mod own_language;

use crate::{
    normalize::normalize,
    word::{Keyword as K, Token, Word},
};

/// A language of the table (German by default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Language {
    /// German: the FIDE scheme (Anna … Hektor, eins … acht, König … Bauer).
    #[default]
    De,
    /// English: the same file names, English numbers and pieces.
    En,
    /// Lithuanian: moves in the FIDE scheme (German piece names and ranks, Anna …
    /// Hektor); Lithuanian piece names for typed input or [`Lexicon::local`]; questions
    /// and declarations in Lithuanian.
    Lt,
    /// Latvian: moves in the FIDE scheme with the Latvian Laws' file names (Cēzars,
    /// Dāvids, Felikss, Gustavs, Hektors); Latvian piece names for typed input or
    /// [`Lexicon::local`]; questions and declarations in Latvian.
    Lv,
    /// Hungarian: moves in the FIDE scheme; Hungarian piece names for typed input or
    /// [`Lexicon::local`]; questions and declarations in Hungarian.
    Hu,
}

impl Language {
    /// Every language, in a fixed order.
    pub const ALL: [Language; 5] = [
        Language::De,
        Language::En,
        Language::Lt,
        Language::Lv,
        Language::Hu,
    ];

    /// The ISO 639-1 code: `de`, `en`, `lt`, `lv`, `hu`.
    pub fn code(self) -> &'static str {
        match self {
            Language::De => "de",
            Language::En => "en",
            Language::Lt => "lt",
            Language::Lv => "lv",
            Language::Hu => "hu",
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language code that names no lexicon.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown language {0:?} (expected de, en, lt, lv or hu)")]
pub struct ParseLanguageError(pub String);

impl FromStr for Language {
    type Err = ParseLanguageError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Language::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseLanguageError(s.to_owned()))
    }
}

/// The words of one language: how to say each [`Word`], and which spellings mean it.
///
/// # Examples
/// ```
/// use annabella_phonetic::{Lexicon, Language};
/// use shakmaty::Square;
/// let de = Lexicon::get(Language::De);
/// assert_eq!(de.square_words(Square::F3), "Felix drei");
/// ```
#[derive(Debug)]
pub struct Lexicon {
    language: Language,
    /// Whether pieces and move words are the language's own instead of the FIDE scheme's.
    local: bool,
    /// Spoken entries; the first spelling of a word is the one announced.
    spoken: Vec<(&'static str, Word)>,
    /// Normalised spelling (spoken and typed-only) → word.
    map: HashMap<String, Word>,
    /// Normalised fillers, skipped by the parser.
    fillers: Vec<String>,
    /// Filler spellings as spoken (they occur in grammar phrases).
    filler_words: &'static [&'static str],
    /// Hesitations said around a move ("äh", "bitte"): skipped like fillers, and offered
    /// to the recognizer as phrases of their own.
    hesitations: &'static [&'static str],
    castles_first: bool,
    promotion_forms: &'static [&'static [&'static str]],
    command_templates: &'static [&'static str],
}

/// The result of looking a word up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookup {
    /// A meaningful word.
    Word(Word),
    /// A filler ("auf", "nach", "the"): said, but carries no meaning.
    Filler,
    /// Not in the lexicon.
    Unknown,
}

/// The parts of a lexicon before indexing: spoken entries, typed-only entries, fillers,
/// castles-first word order, promotion phrases, command templates.
type Parts = (
    Vec<(&'static str, Word)>,
    Vec<(&'static str, Word)>,
    &'static [&'static str],
    bool,
    &'static [&'static [&'static str]],
    &'static [&'static str],
);

/// The words of a lexicon: spoken and typed spellings, fillers, whether castling says
/// "castles" first, the promotion forms and the command templates; `local`: the
/// language's own piece and move words ([`Lexicon::local`]).
fn parts(language: Language, local: bool) -> Parts {
    match (language, local) {
        (Language::De, _) => (
            [
                fide_squares(),
                DE_PIECES.to_vec(),
                DE_MOVE.to_vec(),
                DE_KEYS.to_vec(),
            ]
            .concat(),
            [DE_TYPED, TYPED].concat(),
            DE_FILLERS,
            false,
            &[&["wird"], &["Umwandlung", "in"]],
            DE_COMMANDS,
        ),
        (Language::En, _) => (
            [
                EN_SQUARES.to_vec(),
                EN_PIECES.to_vec(),
                EN_MOVE.to_vec(),
                EN_KEYS.to_vec(),
            ]
            .concat(),
            [EN_TYPED, LAWS_CASTLING, TYPED].concat(),
            EN_FILLERS,
            true,
            &[&["promotes", "to"]],
            EN_COMMANDS,
        ),
        (Language::Lt | Language::Lv | Language::Hu, false) => (
            [
                local_files(language).to_vec(),
                fide_squares(),
                DE_PIECES.to_vec(),
                DE_MOVE.to_vec(),
                own_language::keys(language).to_vec(),
            ]
            .concat(),
            [local_words(language), DE_TYPED, TYPED].concat(),
            own_language::fillers(language),
            false,
            &[&["wird"]],
            own_language::commands(language),
        ),
        (Language::Lt | Language::Lv | Language::Hu, true) => (
            [
                fide_squares(),
                local_words(language).to_vec(),
                own_language::keys(language).to_vec(),
            ]
            .concat(),
            // German piece names stay understood (in questions too), and castling
            // in the Laws' words.
            [DE_PIECES, LAWS_CASTLING, DE_TYPED, TYPED].concat(),
            own_language::fillers(language),
            false,
            local_promotion(language),
            own_language::commands(language),
        ),
    }
}

static LEXICONS: LazyLock<[Lexicon; 5]> =
    LazyLock::new(|| Language::ALL.map(|l| Lexicon::build(l, false)));

static LOCAL_LEXICONS: LazyLock<[Lexicon; 5]> =
    LazyLock::new(|| Language::ALL.map(|l| Lexicon::build(l, true)));

impl Lexicon {
    /// The lexicon of a language (built once, shared): moves in the FIDE scheme, as the
    /// Laws' blind-play appendix has them for every federation (German piece names and
    /// ranks, Anna … Hektor); English keeps its own words.
    pub fn get(language: Language) -> &'static Lexicon {
        &LEXICONS[language as usize]
    }

    /// The lexicon with the language's own piece and move words ("zirgs", "huszár"), an
    /// explicit option; the same as [`Lexicon::get`] for `de` and `en`.
    ///
    /// # Examples
    /// ```
    /// use annabella_phonetic::{Lexicon, Language};
    /// use shakmaty::Role;
    /// assert_eq!(Lexicon::get(Language::Lv).piece_name(Role::Knight), "Springer");
    /// assert_eq!(Lexicon::local(Language::Lv).piece_name(Role::Knight), "zirgs");
    /// ```
    pub fn local(language: Language) -> &'static Lexicon {
        &LOCAL_LEXICONS[language as usize]
    }

    /// This lexicon's language.
    pub fn language(&self) -> Language {
        self.language
    }

    /// Whether pieces and move words are the language's own ([`Lexicon::local`]).
    pub fn is_local(&self) -> bool {
        self.local
    }

    fn build(language: Language, local: bool) -> Lexicon {
        let (spoken, typed, fillers, castles_first, promotion_forms, command_templates) =
            parts(language, local);
        let mut map = HashMap::new();
        for &(spelling, word) in spoken.iter().chain(typed.iter()) {
            map.entry(normalize(spelling)).or_insert(word);
        }
        Lexicon {
            language,
            local,
            spoken,
            map,
            fillers: fillers
                .iter()
                .chain(hesitations(language))
                .map(|f| normalize(f))
                .collect(),
            filler_words: fillers,
            hesitations: hesitations(language),
            castles_first,
            promotion_forms,
            command_templates,
        }
    }

    /// Looks up one heard or typed word (any case, umlauts or ae/oe/ue, ß or ss).
    ///
    /// # Examples
    /// ```
    /// use annabella_phonetic::{Lexicon, Language, Lookup, Word};
    /// use shakmaty::File;
    /// let de = Lexicon::get(Language::De);
    /// assert_eq!(de.lookup("ZAESAR"), Lookup::Word(Word::File(File::C)));
    /// assert_eq!(de.lookup("auf"), Lookup::Filler);
    /// ```
    pub fn lookup(&self, word: &str) -> Lookup {
        self.lookup_normalized(&normalize(word))
    }

    fn lookup_normalized(&self, n: &str) -> Lookup {
        if let Some(&w) = self.map.get(n) {
            Lookup::Word(w)
        } else if self.fillers.iter().any(|f| f == n) {
            Lookup::Filler
        } else {
            Lookup::Unknown
        }
    }

    /// Splits an utterance into meaningful tokens, dropping fillers and keeping unknown
    /// words (as [`Word::Unknown`]) so the parser can name them. Typed squares (`f3`),
    /// digits and `O-O`/`O-O-O` are understood too.
    pub fn tokenize(&self, text: &str) -> Vec<Token> {
        let mut tokens = Vec::with_capacity(8);
        for (at, raw) in text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .enumerate()
        {
            let n = normalize(raw);
            if n.is_empty() {
                continue;
            }
            let b = n.as_bytes();
            if b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]) {
                tokens.push(Token {
                    word: Word::File(File::new(u32::from(b[0] - b'a'))),
                    at,
                });
                tokens.push(Token {
                    word: Word::Rank(Rank::new(u32::from(b[1] - b'1'))),
                    at,
                });
                continue;
            }
            match n.as_str() {
                "o-o" | "0-0" => {
                    tokens.push(Token {
                        word: Word::Short,
                        at,
                    });
                    tokens.push(Token {
                        word: Word::Castles,
                        at,
                    });
                    continue;
                }
                "o-o-o" | "0-0-0" => {
                    tokens.push(Token {
                        word: Word::Long,
                        at,
                    });
                    tokens.push(Token {
                        word: Word::Castles,
                        at,
                    });
                    continue;
                }
                _ => {}
            }
            if let Ok(number) = n.parse::<u8>() {
                let word = match number {
                    1..=8 => Word::Rank(Rank::new(u32::from(number - 1))),
                    _ => Word::Number(number),
                };
                tokens.push(Token { word, at });
                continue;
            }
            match self.lookup_normalized(&n) {
                Lookup::Word(word) => tokens.push(Token { word, at }),
                Lookup::Filler => {}
                Lookup::Unknown => tokens.push(Token {
                    word: Word::Unknown,
                    at,
                }),
            }
        }
        tokens
    }

    /// How this language says a word (the first spelling listed), if it has one.
    pub fn spell(&self, word: Word) -> Option<&'static str> {
        self.variants(word).next()
    }

    /// Every spoken spelling of a word, the announced one first.
    pub fn variants(&self, word: Word) -> impl Iterator<Item = &'static str> + '_ {
        self.spoken
            .iter()
            .filter(move |(_, w)| *w == word)
            .map(|(s, _)| *s)
    }

    /// The announced name of a file ("Felix").
    pub fn file_name(&self, file: File) -> &'static str {
        self.spell(Word::File(file)).unwrap_or("?")
    }

    /// The announced name of a rank ("drei").
    pub fn rank_name(&self, rank: Rank) -> &'static str {
        self.spell(Word::Rank(rank)).unwrap_or("?")
    }

    /// The announced name of a piece ("Springer").
    pub fn piece_name(&self, role: Role) -> &'static str {
        self.spell(Word::Piece(role)).unwrap_or("?")
    }

    /// A square in words ("Felix drei").
    pub fn square_words(&self, square: Square) -> String {
        format!(
            "{} {}",
            self.file_name(square.file()),
            self.rank_name(square.rank())
        )
    }

    /// The castling phrase of a side, in announcement order ("Kurze Rochade", "castles short").
    pub fn castling_words(&self, side: CastlingSide) -> [&'static str; 2] {
        let side_word = self.spell(side_word(side)).unwrap_or("?");
        let castles = self.spell(Word::Castles).unwrap_or("?");
        if self.castles_first {
            [castles, side_word]
        } else {
            [side_word, castles]
        }
    }

    /// Whether "castles" comes before the side word in this language.
    pub fn castles_first(&self) -> bool {
        self.castles_first
    }

    /// The phrases that may introduce a promotion piece ("wird", "Umwandlung in").
    pub fn promotion_forms(&self) -> &'static [&'static [&'static str]] {
        self.promotion_forms
    }

    /// Filler words of this language as spoken.
    pub fn filler_words(&self) -> &'static [&'static str] {
        self.filler_words
    }

    /// Hesitations of this language as spoken ("äh", "ähm", "also", "bitte"; "uh", "um",
    /// "please"): the parser skips them, the grammar offers each as a phrase.
    pub fn hesitations(&self) -> &'static [&'static str] {
        self.hesitations
    }

    /// Whether a heard or typed word is one of this language's hesitations.
    pub fn is_hesitation(&self, word: &str) -> bool {
        let n = normalize(word);
        !n.is_empty() && self.hesitations.iter().any(|h| normalize(h) == n)
    }

    /// Phrase templates of the commands (`{piece}`, `{square}`, `{rank}`, `{file}`, `{n}`, `{move}` are slots).
    pub fn command_templates(&self) -> &'static [&'static str] {
        self.command_templates
    }
}

/// The hesitations of a language, said before, after or around a move.
fn hesitations(language: Language) -> &'static [&'static str] {
    match language {
        Language::De => &["äh", "ähm", "öhm", "hm", "also", "bitte"],
        Language::En => &["uh", "um", "er", "erm", "hmm", "so", "well", "please"],
        Language::Lt => &["ee", "nu", "tai", "prašau"],
        Language::Lv => &["ēē", "nu", "tātad", "lūdzu"],
        Language::Hu => &["öö", "hát", "szóval", "kérem"],
    }
}

/// Castling in the Laws' own words ("Kurze Rochade", "Lange Rochade", appendix E):
/// understood at a table of any language.
const LAWS_CASTLING: &[(&str, Word)] = &[
    ("Kurze", Word::Short),
    ("kurz", Word::Short),
    ("Lange", Word::Long),
    ("lang", Word::Long),
    ("Rochade", Word::Castles),
];

/// The word for a castling side (Long = a-side/c-file, Short = h-side/g-file).
pub fn side_word(side: CastlingSide) -> Word {
    match side {
        CastlingSide::KingSide => Word::Short,
        CastlingSide::QueenSide => Word::Long,
    }
}

fn fide_squares() -> Vec<(&'static str, Word)> {
    [DE_FILES, DE_RANKS, DE_NUMBERS].concat()
}

/// File names a federation's Laws write in its own spelling (announced before the
/// German ones, which stay understood).
fn local_files(language: Language) -> &'static [(&'static str, Word)] {
    match language {
        Language::Lv => LV_FILES,
        _ => &[],
    }
}

/// A language's own piece and move words: understood when typed, never announced in
/// the FIDE scheme.
fn local_words(language: Language) -> &'static [(&'static str, Word)] {
    match language {
        Language::Lt => LT,
        Language::Lv => LV,
        Language::Hu => HU,
        Language::De | Language::En => &[],
    }
}

/// The phrase that introduces a promotion piece in a language's own words.
fn local_promotion(language: Language) -> &'static [&'static [&'static str]] {
    match language {
        Language::Lt => &[&["virsta"]],
        Language::Lv => &[&["kļūst"]],
        Language::Hu => &[&["átváltozik"]],
        Language::De | Language::En => &[],
    }
}

/// The Latvian Laws' names of the files (appendix E.2.1 of the FIDE Laws of Chess in
/// Latvian): Anna, Bella, Cēzars, Dāvids, Eva, Felikss, Gustavs, Hektors.
const LV_FILES: &[(&str, Word)] = &[
    ("Cēzars", f(2)),
    ("Dāvids", f(3)),
    ("Felikss", f(5)),
    ("Gustavs", f(6)),
    ("Hektors", f(7)),
];

const fn f(i: u32) -> Word {
    Word::File(File::new(i))
}
const fn r(i: u32) -> Word {
    Word::Rank(Rank::new(i))
}
const fn p(role: Role) -> Word {
    Word::Piece(role)
}

const DE_FILES: &[(&str, Word)] = &[
    ("Anna", f(0)),
    ("Bella", f(1)),
    ("Cäsar", f(2)),
    ("Caesar", f(2)),
    ("Cesar", f(2)),
    ("Zäsar", f(2)),
    ("David", f(3)),
    ("Eva", f(4)),
    ("Felix", f(5)),
    ("Gustav", f(6)),
    ("Gustaf", f(6)),
    ("Hektor", f(7)),
    ("Hector", f(7)),
];

const DE_RANKS: &[(&str, Word)] = &[
    ("eins", r(0)),
    ("zwei", r(1)),
    ("zwo", r(1)),
    ("drei", r(2)),
    ("vier", r(3)),
    ("fünf", r(4)),
    ("sechs", r(5)),
    ("sieben", r(6)),
    ("acht", r(7)),
];

const DE_NUMBERS: &[(&str, Word)] = &[
    ("neun", Word::Number(9)),
    ("zehn", Word::Number(10)),
    ("elf", Word::Number(11)),
    ("zwölf", Word::Number(12)),
    ("fünfzehn", Word::Number(15)),
    ("zwanzig", Word::Number(20)),
];

const DE_PIECES: &[(&str, Word)] = &[
    ("König", p(Role::King)),
    ("Dame", p(Role::Queen)),
    ("Königin", p(Role::Queen)),
    ("Turm", p(Role::Rook)),
    ("Läufer", p(Role::Bishop)),
    ("Springer", p(Role::Knight)),
    ("Pferd", p(Role::Knight)),
    ("Bauer", p(Role::Pawn)),
    ("Könige", p(Role::King)),
    ("Damen", p(Role::Queen)),
    ("Türme", p(Role::Rook)),
    ("Bauern", p(Role::Pawn)),
];

const DE_MOVE: &[(&str, Word)] = &[
    ("schlägt", Word::Takes),
    ("nimmt", Word::Takes),
    ("passant", Word::EnPassant),
    ("wird", Word::Promotes),
    ("Umwandlung", Word::Promotes),
    ("umgewandelt", Word::Promotes),
    ("verwandelt", Word::Promotes),
    ("Schach", Word::Check),
    ("Matt", Word::Mate),
    ("schachmatt", Word::Mate),
    ("Rochade", Word::Castles),
    ("Lange", Word::Long),
    ("lang", Word::Long),
    ("Kurze", Word::Short),
    ("kurz", Word::Short),
];

/// Spellings without umlauts (typed on a plain keyboard); never announced.
const DE_TYPED: &[(&str, Word)] = &[
    ("Casar", f(2)),
    ("funf", r(4)),
    ("Konig", p(Role::King)),
    ("Laufer", p(Role::Bishop)),
    ("schlagt", Word::Takes),
    ("Zuge", Word::Key(K::Moves)),
    ("funfzig", Word::Key(K::Fifty)),
];

/// What recognizers without a grammar write for English rank numbers; never announced.
const EN_TYPED: &[(&str, Word)] = &[
    ("for", r(3)),
    ("won", r(0)),
    // Files by their letter ("e four"); "a" is a filler word in English.
    ("b", f(1)),
    ("c", f(2)),
    ("d", f(3)),
    ("e", f(4)),
    ("f", f(5)),
    ("g", f(6)),
    ("h", f(7)),
];

/// Chess symbols accepted in every language; never announced.
const TYPED: &[(&str, Word)] = &[
    ("x", Word::Takes),
    (":", Word::Takes),
    ("ep", Word::EnPassant),
    ("=", Word::Promotes),
    ("+", Word::Check),
    ("#", Word::Mate),
    ("++", Word::Mate),
];

const DE_KEYS: &[(&str, Word)] = &[
    ("Zeit", Word::Key(K::Time)),
    ("Bedenkzeit", Word::Key(K::Time)),
    ("Uhr", Word::Key(K::Time)),
    ("Restzeit", Word::Key(K::Time)),
    ("Züge", Word::Key(K::Moves)),
    ("Zug", Word::Key(K::Moves)),
    ("viele", Word::Key(K::HowMany)),
    ("Anzahl", Word::Key(K::HowMany)),
    ("Zugzahl", Word::Key(K::MoveCount)),
    ("Zuganzahl", Word::Key(K::MoveCount)),
    ("wiederholen", Word::Key(K::Repeat)),
    ("wiederhole", Word::Key(K::Repeat)),
    ("nochmal", Word::Key(K::Repeat)),
    ("nochmals", Word::Key(K::Repeat)),
    ("letzte", Word::Key(K::Last)),
    ("letzten", Word::Key(K::Last)),
    ("letzter", Word::Key(K::Last)),
    ("wo", Word::Key(K::Where)),
    ("mein", Word::Key(K::Own)),
    ("meine", Word::Key(K::Own)),
    ("meinen", Word::Key(K::Own)),
    ("meiner", Word::Key(K::Own)),
    ("eigene", Word::Key(K::Own)),
    ("eigenen", Word::Key(K::Own)),
    ("gegnerische", Word::Key(K::Opponent)),
    ("gegnerischen", Word::Key(K::Opponent)),
    ("gegnerischer", Word::Key(K::Opponent)),
    ("Gegner", Word::Key(K::Opponent)),
    ("Gegners", Word::Key(K::Opponent)),
    ("was", Word::Key(K::What)),
    ("Reihe", Word::Key(K::RankWord)),
    ("Linie", Word::Key(K::FileWord)),
    ("lies", Word::Key(K::Read)),
    ("lese", Word::Key(K::Read)),
    ("vorlesen", Word::Key(K::Read)),
    ("greift", Word::Key(K::Attack)),
    ("Angreifer", Word::Key(K::Attack)),
    ("angegriffen", Word::Key(K::Attack)),
    ("Korrektur", Word::Key(K::Correction)),
    ("Berichtigung", Word::Key(K::Correction)),
    ("korrigieren", Word::Key(K::Correction)),
    ("nein", Word::Key(K::No)),
    ("ja", Word::Key(K::Yes)),
    ("Remis", Word::Key(K::Draw)),
    ("Unentschieden", Word::Key(K::Draw)),
    ("Remisangebot", Word::Key(K::Draw)),
    ("biete", Word::Key(K::Offer)),
    ("anbieten", Word::Key(K::Offer)),
    ("Angebot", Word::Key(K::Offer)),
    ("angenommen", Word::Key(K::Accept)),
    ("annehmen", Word::Key(K::Accept)),
    ("akzeptiert", Word::Key(K::Accept)),
    ("nehme", Word::Key(K::Accept)),
    ("abgelehnt", Word::Key(K::Decline)),
    ("ablehnen", Word::Key(K::Decline)),
    ("lehne", Word::Key(K::Decline)),
    ("aufgeben", Word::Key(K::Resign)),
    ("aufgegeben", Word::Key(K::Resign)),
    ("gebe", Word::Key(K::Resign)),
    ("Reklamation", Word::Key(K::Claim)),
    ("reklamiere", Word::Key(K::Claim)),
    ("reklamieren", Word::Key(K::Claim)),
    ("beanspruche", Word::Key(K::Claim)),
    ("Stellungswiederholung", Word::Key(K::Repetition)),
    ("Wiederholung", Word::Key(K::Repetition)),
    ("dreimalige", Word::Key(K::Repetition)),
    ("fünfzig", Word::Key(K::Fifty)),
    ("50", Word::Key(K::Fifty)),
    ("Schiedsrichter", Word::Key(K::Arbiter)),
    ("rufen", Word::Key(K::Call)),
    ("rufe", Word::Key(K::Call)),
    ("Pause", Word::Key(K::Pause)),
    ("unterbrechen", Word::Key(K::Pause)),
    ("Ruhe", Word::Key(K::Stop)),
    ("still", Word::Key(K::Stop)),
    ("stopp", Word::Key(K::Stop)),
    ("leise", Word::Key(K::Stop)),
    ("am", Word::Key(K::Turn)),
    ("Hilfe", Word::Key(K::Help)),
    ("Befehle", Word::Key(K::Help)),
    ("Name", Word::Key(K::Name)),
    ("heißt", Word::Key(K::Name)),
    ("weiße", Word::Key(K::White)),
    ("weißen", Word::Key(K::White)),
    ("weißer", Word::Key(K::White)),
    ("Weiß", Word::Key(K::White)),
    ("schwarze", Word::Key(K::Black)),
    ("schwarzen", Word::Key(K::Black)),
    ("schwarzer", Word::Key(K::Black)),
    ("Schwarz", Word::Key(K::Black)),
    ("Figuren", Word::Key(K::Pieces)),
    ("Material", Word::Key(K::Material)),
    ("geschlagene", Word::Key(K::Captured)),
    ("geschlagenen", Word::Key(K::Captured)),
    ("Schlagzug", Word::Key(K::Capture)),
    ("Diagonale", Word::Key(K::Diagonal)),
    ("Diagonalen", Word::Key(K::Diagonal)),
    ("deckt", Word::Key(K::Defend)),
    ("gedeckt", Word::Key(K::Defend)),
    ("verteidigt", Word::Key(K::Defend)),
    ("Verteidiger", Word::Key(K::Defend)),
    ("schützt", Word::Key(K::Defend)),
    ("geschützt", Word::Key(K::Defend)),
    ("droht", Word::Key(K::Threat)),
    ("Drohung", Word::Key(K::Threat)),
    ("Drohungen", Word::Key(K::Threat)),
    ("bedroht", Word::Key(K::Threat)),
    ("Fesselung", Word::Key(K::Pin)),
    ("Fesselungen", Word::Key(K::Pin)),
    ("gefesselt", Word::Key(K::Pin)),
    ("Materialbilanz", Word::Key(K::Material)),
    ("mögliche", Word::Key(K::Mobility)),
    ("möglichen", Word::Key(K::Mobility)),
    ("legale", Word::Key(K::Mobility)),
    ("Mobilität", Word::Key(K::Mobility)),
    ("Beweglichkeit", Word::Key(K::Mobility)),
    ("bester", Word::Key(K::Best)),
    ("beste", Word::Key(K::Best)),
    ("besten", Word::Key(K::Best)),
    ("Tipp", Word::Key(K::Best)),
    ("Hinweis", Word::Key(K::Best)),
    ("Vorschlag", Word::Key(K::Best)),
    ("Bewertung", Word::Key(K::Evaluation)),
    ("Stellungsbewertung", Word::Key(K::Evaluation)),
    ("besser", Word::Key(K::Evaluation)),
    ("gesetzt", Word::Key(K::Placed)),
    ("fertig", Word::Key(K::Placed)),
    ("zurück", Word::Key(K::TakeBack)),
    ("zurücknehmen", Word::Key(K::TakeBack)),
    ("abbrechen", Word::Key(K::Abort)),
    ("Abbruch", Word::Key(K::Abort)),
    ("Sieg", Word::Key(K::Victory)),
    ("beanspruchen", Word::Key(K::Claim)),
];

const DE_FILLERS: &[&str] = &[
    "ich", "ist", "sind", "der", "die", "das", "des", "dem", "den", "auf", "nach", "von", "in",
    "zu", "an", "en", "wie", "steht", "stehen", "bitte", "wer", "mit", "wegen", "viel", "Regel",
    "gespielt", "noch", "mal", "alle", "es", "gibt", "etwas", "habe", "hab", "mir", "bleibt",
    "möchte", "will", "sprechen", "brauche", "holen", "hole", "einen", "Partie",
];

/// The command phrases of German, as the grammar offers them.
const DE_COMMANDS: &[&str] = &[
    "Zeit",
    "wie viel Zeit habe ich",
    "wie viel Zeit habe ich noch",
    "wie viele Züge",
    "wiederholen",
    "letzter Zug",
    "letzte {n} Züge",
    "wo ist mein König",
    "wo ist meine Dame",
    "wo ist mein Turm",
    "wo ist mein Läufer",
    "wo ist mein Springer",
    "wo sind meine Türme",
    "wo sind meine Läufer",
    "wo sind meine Springer",
    "wo sind meine Bauern",
    "wo ist der gegnerische König",
    "wo ist die gegnerische Dame",
    "wo sind die gegnerischen Türme",
    "wo sind die gegnerischen Läufer",
    "wo sind die gegnerischen Springer",
    "wo sind die gegnerischen Bauern",
    "wo ist der weiße König",
    "wo ist die weiße Dame",
    "wo sind die weißen Türme",
    "wo sind die weißen Läufer",
    "wo sind die weißen Springer",
    "wo sind die weißen Bauern",
    "wo ist der schwarze König",
    "wo ist die schwarze Dame",
    "wo sind die schwarzen Türme",
    "wo sind die schwarzen Läufer",
    "wo sind die schwarzen Springer",
    "wo sind die schwarzen Bauern",
    "alle meine Figuren",
    "alle gegnerischen Figuren",
    "alle weißen Figuren",
    "alle schwarzen Figuren",
    "wer ist am Zug",
    "meine Zeit",
    "Hilfe",
    "wer ist mein Gegner",
    "Name des Gegners",
    "Material",
    "geschlagene Figuren",
    "letzter Schlagzug",
    "Diagonale {square}",
    "was steht auf {square}",
    "Reihe {rank}",
    "Linie {file}",
    "wer greift {square} an",
    "wer deckt {square}",
    "was droht",
    "Fesselung",
    "mögliche Züge",
    "bester Zug",
    "Tipp",
    "wer steht besser",
    "Bewertung",
    "Korrektur",
    "nein",
    "ja",
    "Remis",
    "Remis angenommen",
    "Remis abgelehnt",
    "ich gebe auf",
    "Reklamation Stellungswiederholung",
    "Reklamation fünfzig Züge",
    "Reklamation Stellungswiederholung {move}",
    "Reklamation fünfzig Züge {move}",
    "Schiedsrichter",
    "Schiedsrichter bitte",
    "ich möchte den Schiedsrichter sprechen",
    "Korrektur {move}",
    "Pause",
    "Ruhe",
    "gesetzt",
    "fertig",
    "Partie abbrechen",
    "Sieg beanspruchen",
];

const EN_SQUARES: &[(&str, Word)] = &[
    ("Anna", f(0)),
    ("Bella", f(1)),
    ("Caesar", f(2)),
    ("Cesar", f(2)),
    ("Cäsar", f(2)),
    ("David", f(3)),
    ("Eva", f(4)),
    ("Felix", f(5)),
    ("Gustav", f(6)),
    ("Gustaf", f(6)),
    ("Hector", f(7)),
    ("Hektor", f(7)),
    ("one", r(0)),
    ("two", r(1)),
    ("three", r(2)),
    ("four", r(3)),
    ("five", r(4)),
    ("six", r(5)),
    ("seven", r(6)),
    ("eight", r(7)),
    ("nine", Word::Number(9)),
    ("ten", Word::Number(10)),
    ("eleven", Word::Number(11)),
    ("twelve", Word::Number(12)),
    ("fifteen", Word::Number(15)),
    ("twenty", Word::Number(20)),
];

const EN_PIECES: &[(&str, Word)] = &[
    ("King", p(Role::King)),
    ("Queen", p(Role::Queen)),
    ("Rook", p(Role::Rook)),
    ("Bishop", p(Role::Bishop)),
    ("Knight", p(Role::Knight)),
    ("Pawn", p(Role::Pawn)),
    ("Kings", p(Role::King)),
    ("Queens", p(Role::Queen)),
    ("Rooks", p(Role::Rook)),
    ("Bishops", p(Role::Bishop)),
    ("Knights", p(Role::Knight)),
    ("Pawns", p(Role::Pawn)),
];

const EN_MOVE: &[(&str, Word)] = &[
    ("takes", Word::Takes),
    ("captures", Word::Takes),
    ("passant", Word::EnPassant),
    ("promotes", Word::Promotes),
    ("promotion", Word::Promotes),
    ("becomes", Word::Promotes),
    ("check", Word::Check),
    ("mate", Word::Mate),
    ("checkmate", Word::Mate),
    ("castles", Word::Castles),
    ("castle", Word::Castles),
    ("castling", Word::Castles),
    ("long", Word::Long),
    ("queenside", Word::Long),
    ("short", Word::Short),
    ("kingside", Word::Short),
];

const EN_KEYS: &[(&str, Word)] = &[
    ("time", Word::Key(K::Time)),
    ("clock", Word::Key(K::Time)),
    ("moves", Word::Key(K::Moves)),
    ("move", Word::Key(K::Moves)),
    ("many", Word::Key(K::HowMany)),
    ("number", Word::Key(K::HowMany)),
    ("count", Word::Key(K::HowMany)),
    ("repeat", Word::Key(K::Repeat)),
    ("again", Word::Key(K::Repeat)),
    ("last", Word::Key(K::Last)),
    ("previous", Word::Key(K::Last)),
    ("where", Word::Key(K::Where)),
    ("my", Word::Key(K::Own)),
    ("own", Word::Key(K::Own)),
    ("opponents", Word::Key(K::Opponent)),
    ("opponent", Word::Key(K::Opponent)),
    ("their", Word::Key(K::Opponent)),
    ("his", Word::Key(K::Opponent)),
    ("her", Word::Key(K::Opponent)),
    ("what", Word::Key(K::What)),
    ("whats", Word::Key(K::What)),
    ("rank", Word::Key(K::RankWord)),
    ("row", Word::Key(K::RankWord)),
    ("file", Word::Key(K::FileWord)),
    ("column", Word::Key(K::FileWord)),
    ("read", Word::Key(K::Read)),
    ("attacks", Word::Key(K::Attack)),
    ("attackers", Word::Key(K::Attack)),
    ("attacked", Word::Key(K::Attack)),
    ("attack", Word::Key(K::Attack)),
    ("correction", Word::Key(K::Correction)),
    ("correct", Word::Key(K::Correction)),
    ("no", Word::Key(K::No)),
    ("yes", Word::Key(K::Yes)),
    ("draw", Word::Key(K::Draw)),
    ("offer", Word::Key(K::Offer)),
    ("offered", Word::Key(K::Offer)),
    ("accept", Word::Key(K::Accept)),
    ("accepted", Word::Key(K::Accept)),
    ("agreed", Word::Key(K::Accept)),
    ("decline", Word::Key(K::Decline)),
    ("declined", Word::Key(K::Decline)),
    ("refuse", Word::Key(K::Decline)),
    ("resign", Word::Key(K::Resign)),
    ("resigns", Word::Key(K::Resign)),
    ("claim", Word::Key(K::Claim)),
    ("repetition", Word::Key(K::Repetition)),
    ("threefold", Word::Key(K::Repetition)),
    ("fifty", Word::Key(K::Fifty)),
    ("50", Word::Key(K::Fifty)),
    ("arbiter", Word::Key(K::Arbiter)),
    ("referee", Word::Key(K::Arbiter)),
    ("call", Word::Key(K::Call)),
    ("pause", Word::Key(K::Pause)),
    ("hold", Word::Key(K::Pause)),
    ("stop", Word::Key(K::Stop)),
    ("quiet", Word::Key(K::Stop)),
    ("silence", Word::Key(K::Stop)),
    ("turn", Word::Key(K::Turn)),
    ("whose", Word::Key(K::Turn)),
    ("help", Word::Key(K::Help)),
    ("commands", Word::Key(K::Help)),
    ("name", Word::Key(K::Name)),
    ("white", Word::Key(K::White)),
    ("black", Word::Key(K::Black)),
    ("pieces", Word::Key(K::Pieces)),
    ("material", Word::Key(K::Material)),
    ("captured", Word::Key(K::Captured)),
    ("capture", Word::Key(K::Capture)),
    ("diagonal", Word::Key(K::Diagonal)),
    ("diagonals", Word::Key(K::Diagonal)),
    ("defends", Word::Key(K::Defend)),
    ("defend", Word::Key(K::Defend)),
    ("defended", Word::Key(K::Defend)),
    ("defenders", Word::Key(K::Defend)),
    ("protects", Word::Key(K::Defend)),
    ("protected", Word::Key(K::Defend)),
    ("threats", Word::Key(K::Threat)),
    ("threat", Word::Key(K::Threat)),
    ("threatens", Word::Key(K::Threat)),
    ("threaten", Word::Key(K::Threat)),
    ("threatened", Word::Key(K::Threat)),
    ("pins", Word::Key(K::Pin)),
    ("pin", Word::Key(K::Pin)),
    ("pinned", Word::Key(K::Pin)),
    ("legal", Word::Key(K::Mobility)),
    ("possible", Word::Key(K::Mobility)),
    ("mobility", Word::Key(K::Mobility)),
    ("best", Word::Key(K::Best)),
    ("hint", Word::Key(K::Best)),
    ("suggest", Word::Key(K::Best)),
    ("suggestion", Word::Key(K::Best)),
    ("evaluation", Word::Key(K::Evaluation)),
    ("evaluate", Word::Key(K::Evaluation)),
    ("better", Word::Key(K::Evaluation)),
    ("winning", Word::Key(K::Evaluation)),
    ("done", Word::Key(K::Placed)),
    ("placed", Word::Key(K::Placed)),
    ("undo", Word::Key(K::TakeBack)),
    ("takeback", Word::Key(K::TakeBack)),
    ("abort", Word::Key(K::Abort)),
    ("victory", Word::Key(K::Victory)),
    ("win", Word::Key(K::Victory)),
];

const EN_FILLERS: &[&str] = &[
    "i", "is", "are", "the", "a", "on", "to", "from", "of", "in", "en", "how", "who", "please",
    "with", "rule", "played", "speaking", "me", "there", "all", "it", "any", "anything", "does",
    "do", "much", "have", "left", "want", "would", "like", "need", "speak", "talk", "can", "get",
    "game",
];

/// The command phrases of English, as the grammar offers them.
const EN_COMMANDS: &[&str] = &[
    "time",
    "how much time do i have",
    "how much time do i have left",
    "how many moves",
    "repeat",
    "last move",
    "last {n} moves",
    "where is my {piece}",
    "where is the opponents {piece}",
    "where is the white {piece}",
    "where is the black {piece}",
    "where are my pawns",
    "where are my rooks",
    "where are my knights",
    "where are my bishops",
    "where are the white pawns",
    "where are the black pawns",
    "where are the white rooks",
    "where are the black rooks",
    "where are my pieces",
    "where are the opponents pieces",
    "where are the white pieces",
    "where are the black pieces",
    "whose turn",
    "whose move",
    "my time",
    "help",
    "who is my opponent",
    "opponents name",
    "material",
    "captured pieces",
    "last capture",
    "diagonal {square}",
    "what is on {square}",
    "rank {rank}",
    "file {file}",
    "who attacks {square}",
    "who defends {square}",
    "any threats",
    "what is pinned",
    "legal moves",
    "best move",
    "hint",
    "who is better",
    "evaluation",
    "correction",
    "no",
    "yes",
    "draw",
    "draw accepted",
    "draw declined",
    "i resign",
    "claim repetition",
    "claim fifty moves",
    "claim repetition {move}",
    "claim fifty moves {move}",
    "call the arbiter",
    "arbiter",
    "arbiter please",
    "i want to speak to the arbiter",
    "i would like to speak to the arbiter",
    "correction {move}",
    "pause",
    "stop",
    "done",
    "placed",
    "abort the game",
    "claim victory",
];

const LT: &[(&str, Word)] = &[
    ("karalius", p(Role::King)),
    ("valdovė", p(Role::Queen)),
    ("bokštas", p(Role::Rook)),
    ("rikis", p(Role::Bishop)),
    ("žirgas", p(Role::Knight)),
    ("pėstininkas", p(Role::Pawn)),
    ("kerta", Word::Takes),
    ("passant", Word::EnPassant),
    ("virsta", Word::Promotes),
    ("šachas", Word::Check),
    ("matas", Word::Mate),
    ("rokiruotė", Word::Castles),
    ("ilgoji", Word::Long),
    ("trumpoji", Word::Short),
];

const LV: &[(&str, Word)] = &[
    ("karalis", p(Role::King)),
    ("dāma", p(Role::Queen)),
    ("tornis", p(Role::Rook)),
    ("laidnis", p(Role::Bishop)),
    ("zirgs", p(Role::Knight)),
    ("bandinieks", p(Role::Pawn)),
    ("sit", Word::Takes),
    ("passant", Word::EnPassant),
    ("kļūst", Word::Promotes),
    ("šahs", Word::Check),
    ("mats", Word::Mate),
    ("rokāde", Word::Castles),
    ("garā", Word::Long),
    ("īsā", Word::Short),
];

const HU: &[(&str, Word)] = &[
    ("király", p(Role::King)),
    ("vezér", p(Role::Queen)),
    ("bástya", p(Role::Rook)),
    ("futó", p(Role::Bishop)),
    ("huszár", p(Role::Knight)),
    ("gyalog", p(Role::Pawn)),
    ("üt", Word::Takes),
    ("passant", Word::EnPassant),
    ("átváltozik", Word::Promotes),
    ("sakk", Word::Check),
    ("matt", Word::Mate),
    ("sánc", Word::Castles),
    ("hosszú", Word::Long),
    ("rövid", Word::Short),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_spelling_means_two_words() {
        for lang in Language::ALL {
            let lex = Lexicon::get(lang);
            let mut seen: HashMap<String, Word> = HashMap::new();
            for &(s, w) in &lex.spoken {
                if let Some(prev) = seen.insert(normalize(s), w) {
                    assert_eq!(prev, w, "{lang}: {s:?} means two words");
                }
                assert!(
                    !lex.fillers.contains(&normalize(s)),
                    "{lang}: {s:?} is also a filler"
                );
            }
        }
    }

    #[test]
    fn every_square_and_piece_has_a_name() {
        for lang in Language::ALL {
            let lex = Lexicon::get(lang);
            for sq in Square::ALL {
                let words = lex.square_words(sq);
                assert!(!words.contains('?'), "{lang}: {sq}");
            }
            for role in Role::ALL {
                assert_ne!(lex.piece_name(role), "?", "{lang}: {role:?}");
            }
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                assert!(!lex.castling_words(side).contains(&"?"), "{lang}");
            }
        }
    }

    #[test]
    fn variant_spellings_are_accepted() {
        let de = Lexicon::get(Language::De);
        for (said, word) in [
            ("Cäsar", f(2)),
            ("caesar", f(2)),
            ("Cesar", f(2)),
            ("zäsar", f(2)),
            ("HECTOR", f(7)),
            ("Gustaf", f(6)),
            ("zwo", r(1)),
            ("fuenf", r(4)),
            ("funf", r(4)),
            ("Koenig", p(Role::King)),
            ("LÄUFER", p(Role::Bishop)),
            ("schlaegt", Word::Takes),
        ] {
            assert_eq!(de.lookup(said), Lookup::Word(word), "{said}");
        }
        assert_eq!(
            Lexicon::get(Language::Lt).lookup("zirgas"),
            Lookup::Word(p(Role::Knight))
        );
        assert_eq!(
            Lexicon::get(Language::Hu).lookup("FUTO"),
            Lookup::Word(p(Role::Bishop))
        );
    }
}
