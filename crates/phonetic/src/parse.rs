//! The grammar of the table, written with nom over word tokens ([`Words`]): one grammar
//! for every language, since each lexicon maps its spellings onto the same [`Word`]s.

use std::{
    fmt,
    iter::{Copied, Enumerate},
    slice::Iter,
};

use nom::{
    Err, IResult, Input, Needed, Parser,
    branch::alt,
    combinator::{all_consuming, cut, map, opt, value},
    error::ErrorKind,
    multi::many0,
    sequence::{preceded, terminated},
};
use shakmaty::{CastlingSide, File, Rank, Role, Square};

use crate::{
    lexicon::Lexicon,
    utterance::{Analysis, ClaimGround, Command, Side, SpokenMove, Suffix, Utterance},
    word::{Keyword as K, Token, Word},
};

/// A run of word tokens: the input type of the grammar (nom 8's [`Input`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Words<'a>(pub &'a [Token]);

impl<'a> Input for Words<'a> {
    type Item = Token;
    type Iter = Copied<Iter<'a, Token>>;
    type IterIndices = Enumerate<Self::Iter>;

    fn input_len(&self) -> usize {
        self.0.len()
    }

    fn take(&self, index: usize) -> Self {
        Words(&self.0[..index])
    }

    fn take_from(&self, index: usize) -> Self {
        Words(&self.0[index..])
    }

    fn take_split(&self, index: usize) -> (Self, Self) {
        let (prefix, suffix) = self.0.split_at(index);
        (Words(suffix), Words(prefix))
    }

    fn position<P>(&self, predicate: P) -> Option<usize>
    where
        P: Fn(Self::Item) -> bool,
    {
        self.0.iter().position(|t| predicate(*t))
    }

    fn iter_elements(&self) -> Self::Iter {
        self.0.iter().copied()
    }

    fn iter_indices(&self) -> Self::IterIndices {
        self.iter_elements().enumerate()
    }

    fn slice_index(&self, count: usize) -> Result<usize, Needed> {
        if self.0.len() >= count {
            Ok(count)
        } else {
            Err(Needed::new(count - self.0.len()))
        }
    }
}

/// The grammar's own error: where it stopped and what it expected there.
#[derive(Debug, Clone, Copy, PartialEq)]
struct WordError<'a> {
    input: Words<'a>,
    expected: &'static str,
}

impl<'a> nom::error::ParseError<Words<'a>> for WordError<'a> {
    fn from_error_kind(input: Words<'a>, kind: ErrorKind) -> Self {
        let expected = match kind {
            ErrorKind::Eof => "no more words",
            _ => "a move or a command",
        };
        WordError { input, expected }
    }

    fn append(_: Words<'a>, _: ErrorKind, other: Self) -> Self {
        other
    }

    /// Keeps the error that got furthest: it names the word that really broke the phrase.
    fn or(self, other: Self) -> Self {
        if other.input.0.len() < self.input.0.len() {
            other
        } else {
            self
        }
    }
}

type PResult<'a, T> = IResult<Words<'a>, T, WordError<'a>>;

/// One token that `f` accepts, or an error expecting `expected`.
fn tok<'a, T>(
    expected: &'static str,
    f: impl Fn(Word) -> Option<T>,
) -> impl FnMut(Words<'a>) -> PResult<'a, T> {
    move |i: Words<'a>| match i.0.first().and_then(|t| f(t.word)) {
        Some(v) => Ok((Words(&i.0[1..]), v)),
        None => Err(Err::Error(WordError { input: i, expected })),
    }
}

fn is<'a>(word: Word, expected: &'static str) -> impl FnMut(Words<'a>) -> PResult<'a, ()> {
    tok(expected, move |w| (w == word).then_some(()))
}

fn key<'a>(k: K) -> impl FnMut(Words<'a>) -> PResult<'a, ()> {
    tok("a command word", move |w| (w == Word::Key(k)).then_some(()))
}

/// The file a word names, if it names one.
fn file_of(w: Word) -> Option<File> {
    match w {
        Word::File(f) => Some(f),
        _ => None,
    }
}

fn file_word(i: Words<'_>) -> PResult<'_, File> {
    tok("a file", file_of)(i)
}

fn rank_word(i: Words<'_>) -> PResult<'_, Rank> {
    tok("a rank", |w| match w {
        Word::Rank(r) => Some(r),
        _ => None,
    })(i)
}

fn square(i: Words<'_>) -> PResult<'_, Square> {
    let (i, file) = tok("a square", file_of)(i)?;
    let (i, rank) = rank_word(i)?;
    Ok((i, Square::from_coords(file, rank)))
}

fn piece(i: Words<'_>) -> PResult<'_, Role> {
    tok("a piece", |w| match w {
        Word::Piece(r) => Some(r),
        _ => None,
    })(i)
}

fn number(i: Words<'_>) -> PResult<'_, u8> {
    tok("a number", |w| match w {
        Word::Rank(r) => Some(r as u8 + 1),
        Word::Number(n) if n > 0 => Some(n),
        _ => None,
    })(i)
}

fn takes(i: Words<'_>) -> PResult<'_, ()> {
    is(Word::Takes, "a capture word")(i)
}

fn suffix(i: Words<'_>) -> PResult<'_, Suffix> {
    alt((
        map(
            (is(Word::Check, "check"), opt(is(Word::Mate, "mate"))),
            |(_, mate)| {
                if mate.is_some() {
                    Suffix::Mate
                } else {
                    Suffix::Check
                }
            },
        ),
        value(Suffix::Mate, is(Word::Mate, "mate")),
    ))
    .parse(i)
}

fn promotion(i: Words<'_>) -> PResult<'_, Role> {
    alt((preceded(is(Word::Promotes, "promotion"), cut(piece)), piece)).parse(i)
}

fn castling_side(i: Words<'_>) -> PResult<'_, CastlingSide> {
    tok("long or short", |w| match w {
        Word::Long => Some(CastlingSide::QueenSide),
        Word::Short => Some(CastlingSide::KingSide),
        _ => None,
    })(i)
}

fn castle(i: Words<'_>) -> PResult<'_, SpokenMove> {
    let castles = || is(Word::Castles, "castling");
    map(
        (
            alt((
                map(terminated(castling_side, castles()), Some),
                preceded(castles(), opt(castling_side)),
            )),
            opt(suffix),
        ),
        |(side, suffix)| SpokenMove::Castle { side, suffix },
    )
    .parse(i)
}

/// Origin (none, file, rank or square), capture word, destination.
type Route = (Option<File>, Option<Rank>, bool, Square);

fn route(i: Words<'_>) -> PResult<'_, Route> {
    alt((
        map((square, opt(takes), square), |(from, c, to)| {
            (Some(from.file()), Some(from.rank()), c.is_some(), to)
        }),
        map((file_word, opt(takes), square), |(f, c, to)| {
            (Some(f), None, c.is_some(), to)
        }),
        map((rank_word, opt(takes), square), |(r, c, to)| {
            (None, Some(r), c.is_some(), to)
        }),
        map(preceded(takes, cut(square)), |to| (None, None, true, to)),
        map(square, |to| (None, None, false, to)),
    ))
    .parse(i)
}

fn normal_move(i: Words<'_>) -> PResult<'_, SpokenMove> {
    map(
        (
            opt(piece),
            route,
            opt(is(Word::EnPassant, "en passant")),
            opt(promotion),
            opt(suffix),
        ),
        |(role, (from_file, from_rank, capture, to), ep, promotion, suffix)| SpokenMove::Normal {
            role,
            from_file,
            from_rank,
            capture,
            to,
            en_passant: ep.is_some(),
            promotion,
            suffix,
        },
    )
    .parse(i)
}

fn spoken_move(i: Words<'_>) -> PResult<'_, SpokenMove> {
    alt((castle, normal_move)).parse(i)
}

fn side(i: Words<'_>) -> PResult<'_, Side> {
    alt((
        value(Side::Own, key(K::Own)),
        value(Side::Opponent, key(K::Opponent)),
        value(Side::White, key(K::White)),
        value(Side::Black, key(K::Black)),
    ))
    .parse(i)
}

/// "alle meine Figuren", "wo sind die schwarzen Figuren", "where are my pieces".
fn pieces(i: Words<'_>) -> PResult<'_, Command> {
    map(
        preceded(opt(key(K::Where)), terminated(side, key(K::Pieces))),
        Command::Pieces,
    )
    .parse(i)
}

/// "wer ist mein Gegner", "Name des Gegners", "opponents name".
fn opponent_name(i: Words<'_>) -> PResult<'_, Command> {
    value(
        Command::OpponentName,
        alt((
            map((key(K::Name), opt(key(K::Own)), key(K::Opponent)), |_| ()),
            map((opt(key(K::Own)), key(K::Opponent), key(K::Name)), |_| ()),
            map((key(K::Own), key(K::Opponent)), |_| ()),
        )),
    )
    .parse(i)
}

fn where_is(i: Words<'_>) -> PResult<'_, Command> {
    map(
        preceded(key(K::Where), cut((opt(side), piece, opt(side)))),
        |(before, role, after)| Command::WhereIs {
            role,
            side: before.or(after).unwrap_or(Side::Own),
        },
    )
    .parse(i)
}

fn ground(i: Words<'_>) -> PResult<'_, ClaimGround> {
    alt((
        value(ClaimGround::Repetition, key(K::Repetition)),
        value(ClaimGround::FiftyMoves, (key(K::Fifty), opt(key(K::Moves)))),
    ))
    .parse(i)
}

fn claim(i: Words<'_>) -> PResult<'_, Command> {
    let intro = || {
        alt((
            map((key(K::Claim), opt(key(K::Draw))), |_| ()),
            key(K::Draw),
        ))
    };
    map(
        (
            alt((preceded(intro(), ground), terminated(ground, intro()))),
            opt(spoken_move),
        ),
        |(ground, intended)| Command::Claim { ground, intended },
    )
    .parse(i)
}

/// Whose pieces, said any number of times around an analysis question ("mein Gegner").
fn sides(i: Words<'_>) -> PResult<'_, ()> {
    map(many0(side), |_| ()).parse(i)
}

/// The word that makes a question one for analysis, and what it asks for.
fn analysis_word(i: Words<'_>) -> PResult<'_, Analysis> {
    tok("a question", |w| match w {
        Word::Key(K::Attack) => Some(Analysis::Attackers),
        Word::Key(K::Defend) => Some(Analysis::Defenders),
        Word::Key(K::Threat) => Some(Analysis::Threats),
        Word::Key(K::Pin) => Some(Analysis::Pins),
        Word::Key(K::Material) => Some(Analysis::Material),
        Word::Key(K::Mobility) => Some(Analysis::Mobility),
        Word::Key(K::Best) => Some(Analysis::BestMove),
        Word::Key(K::Evaluation) => Some(Analysis::Evaluation),
        _ => None,
    })(i)
}

/// A question for analysis, understood so that it can be refused (11.3.1): "wer greift
/// Eva vier an", "Eva vier angegriffen", "was droht mein Gegner", "bester Zug",
/// "geschlagene Figuren", "who defends Eva four", "any threats", "legal moves".
fn analysis(i: Words<'_>) -> PResult<'_, Command> {
    alt((
        map(
            (
                opt(key(K::What)),
                sides,
                opt(square),
                analysis_word,
                sides,
                opt(square),
                opt(analysis_word),
                opt(key(K::Moves)),
                opt(key(K::Pieces)),
            ),
            |(_, _, before, asked, _, after, _, _, _)| Command::Analysis {
                asked,
                square: before.or(after),
            },
        ),
        value(
            Command::Analysis {
                asked: Analysis::Material,
                square: None,
            },
            (key(K::Captured), key(K::Pieces)),
        ),
    ))
    .parse(i)
}

fn questions(i: Words<'_>) -> PResult<'_, Command> {
    alt((
        analysis,
        value(
            Command::AskTime,
            (opt(key(K::HowMany)), sides, key(K::Time), sides),
        ),
        value(
            Command::WhoseTurn,
            (key(K::Turn), opt(alt((key(K::Moves), key(K::Turn))))),
        ),
        value(Command::Help, key(K::Help)),
        map(preceded(key(K::Diagonal), cut(square)), Command::Diagonals),
        pieces,
        opponent_name,
        value(
            Command::AskMovesPlayed,
            alt((
                map((key(K::HowMany), key(K::Moves)), |_| ()),
                map((key(K::Moves), key(K::HowMany)), |_| ()),
                key(K::MoveCount),
            )),
        ),
        map((key(K::Last), number, key(K::Moves)), |(_, n, _)| {
            Command::LastMoves(n)
        }),
        value(Command::LastCapture, (key(K::Last), key(K::Capture))),
        value(
            Command::RepeatLastMove,
            alt((
                map((key(K::Repeat), opt((key(K::Last), key(K::Moves)))), |_| ()),
                map((key(K::Last), key(K::Moves)), |_| ()),
            )),
        ),
        where_is,
        map(preceded(key(K::What), cut(square)), Command::WhatIsOn),
        map(
            preceded((opt(key(K::Read)), key(K::RankWord)), cut(rank_word)),
            Command::ReadRank,
        ),
        map(
            preceded((opt(key(K::Read)), key(K::FileWord)), cut(file_word)),
            Command::ReadFile,
        ),
    ))
    .parse(i)
}

fn declarations(i: Words<'_>) -> PResult<'_, Command> {
    let draw = || opt(key(K::Draw));
    alt((
        // E.2.6: "Korrektur Springer Hektor drei", "nein, Springer Hektor drei".
        map(
            preceded(alt((key(K::Correction), key(K::No))), spoken_move),
            Command::Corrected,
        ),
        value(Command::Correction, key(K::Correction)),
        value(Command::No, key(K::No)),
        value(Command::Yes, key(K::Yes)),
        value(Command::Accept, (draw(), key(K::Accept), draw())),
        value(Command::Decline, (draw(), key(K::Decline), draw())),
        value(
            Command::ClaimVictory,
            (opt(key(K::Claim)), key(K::Victory), opt(key(K::Claim))),
        ),
        claim,
        value(
            Command::OfferDraw,
            (opt(key(K::Offer)), key(K::Draw), opt(key(K::Offer))),
        ),
        value(Command::Resign, key(K::Resign)),
        value(
            Command::CallArbiter,
            (opt(key(K::Call)), key(K::Arbiter), opt(key(K::Call))),
        ),
        value(Command::Pause, key(K::Pause)),
        value(Command::StopSpeaking, key(K::Stop)),
        value(Command::Placed, (opt(key(K::Moves)), key(K::Placed))),
        value(
            Command::TakeBack,
            (opt(key(K::Moves)), key(K::TakeBack), opt(key(K::Moves))),
        ),
        value(Command::Abort, key(K::Abort)),
    ))
    .parse(i)
}

/// A move corrected within the utterance: "Springer Felix drei nein Springer Cäsar drei"
/// means the last move said.
fn self_corrected_move(i: Words<'_>) -> PResult<'_, SpokenMove> {
    let again = || preceded(alt((key(K::No), key(K::Correction))), spoken_move);
    map(
        (spoken_move, again(), many0(again())),
        |(_, first, more)| more.last().copied().unwrap_or(first),
    )
    .parse(i)
}

fn utterance(i: Words<'_>) -> PResult<'_, Utterance> {
    all_consuming(alt((
        map(questions, Utterance::Command),
        map(declarations, Utterance::Command),
        map(self_corrected_move, Utterance::Move),
        map(spoken_move, Utterance::Move),
    )))
    .parse(i)
}

/// Why words could not be read as a move or a command.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ParseError {
    /// Index of the offending word in the utterance; `None` when the phrase ended too soon.
    pub at: Option<usize>,
    /// The offending word as heard.
    pub word: Option<String>,
    /// What went wrong.
    pub kind: ParseErrorKind,
}

/// The kinds of [`ParseError`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// Nothing meaningful was said (silence or fillers only).
    Empty,
    /// Only hesitations were said ("äh", "um"): the player is still thinking; nothing
    /// needs an answer.
    Hesitation,
    /// A word that is not in the lexicon.
    UnknownWord,
    /// A known word in a place where the grammar expected something else.
    Expected(&'static str),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.kind, &self.word) {
            (ParseErrorKind::Empty, _) => f.write_str("nothing was said"),
            (ParseErrorKind::Hesitation, _) => f.write_str("only a hesitation was said"),
            (ParseErrorKind::UnknownWord, Some(w)) => write!(f, "unknown word \"{w}\""),
            (ParseErrorKind::UnknownWord, None) => f.write_str("unknown word"),
            (ParseErrorKind::Expected(what), Some(w)) => {
                write!(f, "unexpected \"{w}\" (expected {what})")
            }
            (ParseErrorKind::Expected(what), None) => write!(f, "incomplete: expected {what}"),
        }
    }
}

impl ParseError {
    /// The error in words of the lexicon's language (German or English; the others get
    /// English), to be spoken to the player.
    pub fn describe(&self, lexicon: &Lexicon) -> String {
        let messages = crate::messages::Messages::get(lexicon.language());
        let expected = |label: &'static str| {
            let what = match label {
                "a file" => "file",
                "a rank" => "rank",
                "a square" => "square",
                "a piece" => "piece",
                "a number" => "number",
                "no more words" => "nothing",
                _ => "other",
            };
            [("label", label.into()), ("what", what.into())]
        };
        match (&self.kind, &self.word) {
            (ParseErrorKind::Empty | ParseErrorKind::Hesitation, _) => {
                messages.text("heard-nothing", &[])
            }
            (ParseErrorKind::UnknownWord, Some(w)) => {
                messages.text("heard-unknown-word", &[("word", w.as_str().into())])
            }
            (ParseErrorKind::UnknownWord, None) => messages.text("heard-unknown", &[]),
            (ParseErrorKind::Expected(e), Some(w)) => {
                let [label, what] = expected(e);
                messages.text(
                    "heard-unexpected",
                    &[("word", w.as_str().into()), label, what],
                )
            }
            (ParseErrorKind::Expected(e), None) => {
                let [label, what] = expected(e);
                messages.text("heard-incomplete", &[label, what])
            }
        }
    }
}

/// Parses what was heard or typed into an [`Utterance`].
///
/// # Errors
/// A [`ParseError`] naming the word that could not be read and what was expected there.
///
/// # Examples
/// ```
/// use annabella_phonetic::{parse, Lexicon, Language, Utterance, SpokenMove};
/// use shakmaty::Square;
/// let de = Lexicon::get(Language::De);
/// let Utterance::Move(SpokenMove::Normal { to, .. }) = parse(de, "Springer Felix drei")? else {
///     panic!()
/// };
/// assert_eq!(to, Square::F3);
/// assert!(parse(de, "Springer Felix").is_err());
/// # Ok::<_, annabella_phonetic::ParseError>(())
/// ```
pub fn parse(lexicon: &Lexicon, text: &str) -> Result<Utterance, ParseError> {
    let tokens = lexicon.tokenize(text);
    let word_at = |at: usize| {
        text.split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .nth(at)
            .map(str::to_owned)
    };
    if tokens.is_empty() {
        let hesitated = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .any(|w| lexicon.is_hesitation(w));
        return Err(ParseError {
            at: None,
            word: None,
            kind: if hesitated {
                ParseErrorKind::Hesitation
            } else {
                ParseErrorKind::Empty
            },
        });
    }
    if let Some(t) = tokens.iter().find(|t| t.word == Word::Unknown) {
        return Err(ParseError {
            at: Some(t.at),
            word: word_at(t.at),
            kind: ParseErrorKind::UnknownWord,
        });
    }
    match utterance(Words(&tokens)) {
        Ok((_, u)) => Ok(u),
        Err(Err::Error(e) | Err::Failure(e)) => {
            let at = e.input.0.first().map(|t| t.at);
            let expected = if e.input.0.len() == tokens.len() {
                "a move or a command"
            } else {
                e.expected
            };
            Err(ParseError {
                at,
                word: at.and_then(word_at),
                kind: ParseErrorKind::Expected(expected),
            })
        }
        Err(Err::Incomplete(_)) => Err(ParseError {
            at: None,
            word: None,
            kind: ParseErrorKind::Expected("more words"),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexicon::Language;

    fn de(text: &str) -> Utterance {
        parse(Lexicon::get(Language::De), text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }
    fn en(text: &str) -> Utterance {
        parse(Lexicon::get(Language::En), text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn moves_in_every_form() {
        let normal = |role, ff, fr, capture, to, promotion, suffix| {
            Utterance::Move(SpokenMove::Normal {
                role,
                from_file: ff,
                from_rank: fr,
                capture,
                to,
                en_passant: false,
                promotion,
                suffix,
            })
        };
        let table = [
            (
                "Springer Felix drei",
                normal(
                    Some(Role::Knight),
                    None,
                    None,
                    false,
                    Square::F3,
                    None,
                    None,
                ),
            ),
            (
                "Eva vier",
                normal(None, None, None, false, Square::E4, None, None),
            ),
            (
                "Eva schlägt David fünf",
                normal(None, Some(File::E), None, true, Square::D5, None, None),
            ),
            (
                "Springer Gustav eins Felix drei",
                normal(
                    Some(Role::Knight),
                    Some(File::G),
                    Some(Rank::First),
                    false,
                    Square::F3,
                    None,
                    None,
                ),
            ),
            (
                "Turm Anna David eins",
                normal(
                    Some(Role::Rook),
                    Some(File::A),
                    None,
                    false,
                    Square::D1,
                    None,
                    None,
                ),
            ),
            (
                "Turm eins nimmt Eva eins",
                normal(
                    Some(Role::Rook),
                    None,
                    Some(Rank::First),
                    true,
                    Square::E1,
                    None,
                    None,
                ),
            ),
            (
                "Eva acht Dame",
                normal(None, None, None, false, Square::E8, Some(Role::Queen), None),
            ),
            (
                "Eva acht wird Dame Schach",
                normal(
                    None,
                    None,
                    None,
                    false,
                    Square::E8,
                    Some(Role::Queen),
                    Some(Suffix::Check),
                ),
            ),
            (
                "Eva acht Umwandlung in Springer",
                normal(
                    None,
                    None,
                    None,
                    false,
                    Square::E8,
                    Some(Role::Knight),
                    None,
                ),
            ),
            (
                "Dame Hektor sieben Matt",
                normal(
                    Some(Role::Queen),
                    None,
                    None,
                    false,
                    Square::H7,
                    None,
                    Some(Suffix::Mate),
                ),
            ),
            (
                "Dame Hektor sieben Schach Matt",
                normal(
                    Some(Role::Queen),
                    None,
                    None,
                    false,
                    Square::H7,
                    None,
                    Some(Suffix::Mate),
                ),
            ),
            (
                "Bauer schlägt Zäsar zwo",
                normal(Some(Role::Pawn), None, None, true, Square::C2, None, None),
            ),
            (
                "Läufer nach Cesar Vier",
                normal(
                    Some(Role::Bishop),
                    None,
                    None,
                    false,
                    Square::C4,
                    None,
                    None,
                ),
            ),
        ];
        for (said, want) in table {
            assert_eq!(de(said), want, "{said}");
        }
        assert_eq!(
            en("Eva eight promotes to queen check"),
            normal(
                None,
                None,
                None,
                false,
                Square::E8,
                Some(Role::Queen),
                Some(Suffix::Check)
            )
        );
        assert_eq!(
            en("e four"),
            normal(None, None, None, false, Square::E4, None, None)
        );
        assert_eq!(
            en("Knight g one f three"),
            normal(
                Some(Role::Knight),
                Some(File::G),
                Some(Rank::First),
                false,
                Square::F3,
                None,
                None
            )
        );
        assert_eq!(
            en("Knight to f3"),
            normal(
                Some(Role::Knight),
                None,
                None,
                false,
                Square::F3,
                None,
                None
            )
        );
    }

    #[test]
    fn castling() {
        let castle = |side| Utterance::Move(SpokenMove::Castle { side, suffix: None });
        assert_eq!(de("Kurze Rochade"), castle(Some(CastlingSide::KingSide)));
        assert_eq!(de("lange rochade"), castle(Some(CastlingSide::QueenSide)));
        assert_eq!(de("Rochade"), castle(None));
        assert_eq!(en("castles short"), castle(Some(CastlingSide::KingSide)));
        assert_eq!(en("long castle"), castle(Some(CastlingSide::QueenSide)));
        assert_eq!(en("O-O-O"), castle(Some(CastlingSide::QueenSide)));
    }

    #[test]
    fn commands_in_both_languages() {
        use Command as C;
        let table: &[(&str, &str, Command)] = &[
            ("Zeit", "time", C::AskTime),
            ("wie viele Züge", "how many moves", C::AskMovesPlayed),
            ("wiederholen", "repeat", C::RepeatLastMove),
            ("letzter Zug", "last move", C::RepeatLastMove),
            ("letzte drei Züge", "last three moves", C::LastMoves(3)),
            ("letzte zehn Züge", "last ten moves", C::LastMoves(10)),
            (
                "wo ist mein Springer",
                "where is my knight",
                C::WhereIs {
                    role: Role::Knight,
                    side: Side::Own,
                },
            ),
            (
                "wo ist der gegnerische Turm",
                "where is the opponents rook",
                C::WhereIs {
                    role: Role::Rook,
                    side: Side::Opponent,
                },
            ),
            (
                "was steht auf Eva vier",
                "what is on Eva four",
                C::WhatIsOn(Square::E4),
            ),
            ("Reihe vier", "rank four", C::ReadRank(Rank::Fourth)),
            ("Linie Felix", "file Felix", C::ReadFile(File::F)),
            ("Korrektur", "correction", C::Correction),
            ("nein", "no", C::No),
            ("ja", "yes", C::Yes),
            ("Remis", "draw", C::OfferDraw),
            ("Remis angenommen", "draw accepted", C::Accept),
            ("Remis abgelehnt", "draw declined", C::Decline),
            ("ich gebe auf", "I resign", C::Resign),
            (
                "Reklamation Stellungswiederholung",
                "claim repetition",
                C::Claim {
                    ground: ClaimGround::Repetition,
                    intended: None,
                },
            ),
            (
                "Reklamation fünfzig Züge",
                "claim fifty moves",
                C::Claim {
                    ground: ClaimGround::FiftyMoves,
                    intended: None,
                },
            ),
            ("Schiedsrichter", "call the arbiter", C::CallArbiter),
            ("Pause", "pause", C::Pause),
            ("Ruhe", "stop", C::StopSpeaking),
            ("gesetzt", "done", C::Placed),
            ("fertig", "placed", C::Placed),
            ("Zug gesetzt", "move placed", C::Placed),
            ("zurück", "undo", C::TakeBack),
            ("Zug zurücknehmen", "takeback", C::TakeBack),
            ("wer ist am Zug", "whose turn", C::WhoseTurn),
            ("am Zug", "whose move", C::WhoseTurn),
            ("meine Zeit", "my time", C::AskTime),
            ("Hilfe", "help", C::Help),
            ("wer ist mein Gegner", "who is my opponent", C::OpponentName),
            ("Name des Gegners", "opponents name", C::OpponentName),
            (
                "alle meine Figuren",
                "where are my pieces",
                C::Pieces(Side::Own),
            ),
            (
                "wo sind die schwarzen Figuren",
                "where are the black pieces",
                C::Pieces(Side::Black),
            ),
            (
                "wo sind meine Bauern",
                "where are my pawns",
                C::WhereIs {
                    role: Role::Pawn,
                    side: Side::Own,
                },
            ),
            (
                "wo ist die schwarze Dame",
                "where is the black queen",
                C::WhereIs {
                    role: Role::Queen,
                    side: Side::Black,
                },
            ),
            (
                "wo sind die weißen Türme",
                "where are the white rooks",
                C::WhereIs {
                    role: Role::Rook,
                    side: Side::White,
                },
            ),
            ("letzter Schlagzug", "last capture", C::LastCapture),
            (
                "Diagonale Cäsar eins",
                "diagonal c1",
                C::Diagonals(Square::C1),
            ),
        ];
        for (d, e, want) in table {
            assert_eq!(de(d), Utterance::Command(want.clone()), "{d}");
            assert_eq!(en(e), Utterance::Command(want.clone()), "{e}");
        }
        let Utterance::Command(C::Claim {
            intended: Some(m), ..
        }) = de("Reklamation Stellungswiederholung Springer Felix drei")
        else {
            panic!("claim with move")
        };
        assert!(matches!(m, SpokenMove::Normal { to: Square::F3, .. }));
    }

    #[test]
    fn analysis_questions_are_understood_in_every_language() {
        use Analysis as A;
        let e4 = Some(Square::E4);
        let table: &[(Language, &str, Analysis, Option<Square>)] = &[
            (Language::De, "wer greift Eva vier an", A::Attackers, e4),
            (Language::De, "Eva vier angegriffen", A::Attackers, e4),
            (Language::De, "wer deckt Eva vier", A::Defenders, e4),
            (Language::De, "ist Eva vier gedeckt", A::Defenders, e4),
            (Language::De, "was droht", A::Threats, None),
            (Language::De, "was droht mein Gegner", A::Threats, None),
            (Language::De, "gibt es Drohungen", A::Threats, None),
            (Language::De, "ist etwas gefesselt", A::Pins, None),
            (Language::De, "Material", A::Material, None),
            (Language::De, "geschlagene Figuren", A::Material, None),
            (Language::De, "mögliche Züge", A::Mobility, None),
            (Language::De, "bester Zug", A::BestMove, None),
            (Language::De, "Tipp", A::BestMove, None),
            (Language::De, "wer steht besser", A::Evaluation, None),
            (Language::En, "who attacks Eva four", A::Attackers, e4),
            (Language::En, "is e4 attacked", A::Attackers, e4),
            (Language::En, "who defends Eva four", A::Defenders, e4),
            (Language::En, "any threats", A::Threats, None),
            (
                Language::En,
                "what does my opponent threaten",
                A::Threats,
                None,
            ),
            (Language::En, "is anything pinned", A::Pins, None),
            (Language::En, "material", A::Material, None),
            (Language::En, "captured pieces", A::Material, None),
            (Language::En, "legal moves", A::Mobility, None),
            (Language::En, "best move", A::BestMove, None),
            (Language::En, "hint please", A::BestMove, None),
            (Language::En, "who is better", A::Evaluation, None),
            (Language::Lt, "kas puola Eva vier", A::Attackers, e4),
            (Language::Lt, "kas gina Eva vier", A::Defenders, e4),
            (Language::Lt, "grėsmė", A::Threats, None),
            (Language::Lt, "surišimas", A::Pins, None),
            (Language::Lt, "materialas", A::Material, None),
            (Language::Lt, "galimi ėjimai", A::Mobility, None),
            (Language::Lt, "geriausias ėjimas", A::BestMove, None),
            (Language::Lt, "įvertinimas", A::Evaluation, None),
            (Language::Lv, "kuri uzbrūk Eva vier", A::Attackers, e4),
            (Language::Lv, "kuri aizsargā Eva vier", A::Defenders, e4),
            (Language::Lv, "draudi", A::Threats, None),
            (Language::Lv, "piesaiste", A::Pins, None),
            (Language::Lv, "materiāls", A::Material, None),
            (Language::Lv, "iespējamie gājieni", A::Mobility, None),
            (Language::Lv, "labākais gājiens", A::BestMove, None),
            (Language::Lv, "novērtējums", A::Evaluation, None),
            (
                Language::Hu,
                "ki támadja az Eva vier mezőt",
                A::Attackers,
                e4,
            ),
            (Language::Hu, "ki védi a Eva vier mezőt", A::Defenders, e4),
            (Language::Hu, "fenyegetés", A::Threats, None),
            (Language::Hu, "kötés", A::Pins, None),
            (Language::Hu, "anyag", A::Material, None),
            (Language::Hu, "lehetséges lépések", A::Mobility, None),
            (Language::Hu, "legjobb lépés", A::BestMove, None),
            (Language::Hu, "értékelés", A::Evaluation, None),
        ];
        for &(language, said, asked, square) in table {
            assert_eq!(
                parse(Lexicon::get(language), said),
                Ok(Utterance::Command(Command::Analysis { asked, square })),
                "{language}: {said}"
            );
        }
        // The position questions stay what they were.
        assert_eq!(
            de("was steht auf Eva vier"),
            Utterance::Command(Command::WhatIsOn(Square::E4))
        );
        assert_eq!(
            de("wie viele Züge"),
            Utterance::Command(Command::AskMovesPlayed)
        );
    }

    #[test]
    fn natural_phrasings_in_every_language() {
        use Command as C;
        let knight = |to| SpokenMove::Normal {
            role: Some(Role::Knight),
            from_file: None,
            from_rank: None,
            capture: false,
            to,
            en_passant: false,
            promotion: None,
            suffix: None,
        };
        let castle = |side| SpokenMove::Castle {
            side: Some(side),
            suffix: None,
        };
        let short = castle(CastlingSide::KingSide);
        let long = castle(CastlingSide::QueenSide);
        let mv = |m| Utterance::Move(m);
        let cmd = |c| Utterance::Command(c);
        let corrected = |m| cmd(C::Corrected(m));
        let h3 = knight(Square::H3);
        let c3 = knight(Square::C3);
        let table: Vec<(Language, &str, Utterance)> = vec![
            // A time request as a sentence.
            (Language::De, "wie viel Zeit habe ich", cmd(C::AskTime)),
            (Language::De, "wie viel Zeit habe ich noch", cmd(C::AskTime)),
            (Language::De, "wie viel Zeit bleibt mir", cmd(C::AskTime)),
            (Language::En, "how much time do I have", cmd(C::AskTime)),
            (
                Language::En,
                "how much time do I have left",
                cmd(C::AskTime),
            ),
            (
                Language::En,
                "how much time does my opponent have",
                cmd(C::AskTime),
            ),
            (Language::Lt, "kiek laiko man liko", cmd(C::AskTime)),
            (Language::Lt, "kiek laiko turiu", cmd(C::AskTime)),
            (Language::Lv, "cik man ir laika", cmd(C::AskTime)),
            (Language::Lv, "cik laika man palicis", cmd(C::AskTime)),
            (Language::Hu, "mennyi időm van", cmd(C::AskTime)),
            (Language::Hu, "mennyi időm maradt még", cmd(C::AskTime)),
            // An arbiter call as a sentence.
            (
                Language::De,
                "ich möchte den Schiedsrichter sprechen",
                cmd(C::CallArbiter),
            ),
            (Language::De, "Schiedsrichter bitte", cmd(C::CallArbiter)),
            (
                Language::De,
                "ich brauche den Schiedsrichter",
                cmd(C::CallArbiter),
            ),
            (
                Language::En,
                "I want to speak to the arbiter",
                cmd(C::CallArbiter),
            ),
            (
                Language::En,
                "I would like to call the arbiter please",
                cmd(C::CallArbiter),
            ),
            (Language::En, "arbiter please", cmd(C::CallArbiter)),
            (
                Language::Lt,
                "noriu kalbėti su teisėju",
                cmd(C::CallArbiter),
            ),
            (Language::Lt, "prašau teisėjo", cmd(C::CallArbiter)),
            (
                Language::Lv,
                "es gribu runāt ar tiesnesi",
                cmd(C::CallArbiter),
            ),
            (
                Language::Hu,
                "a bíróval szeretnék beszélni",
                cmd(C::CallArbiter),
            ),
            // A correction in one breath (E.2.6).
            (
                Language::De,
                "Korrektur Springer Hektor drei",
                corrected(h3),
            ),
            (Language::De, "nein, Springer Hektor drei", corrected(h3)),
            (
                Language::En,
                "correction Knight Hector three",
                corrected(h3),
            ),
            (Language::En, "no Knight Hector three", corrected(h3)),
            (Language::Lt, "taisymas Springer Hektor drei", corrected(h3)),
            (Language::Lv, "labojums Springer Hektor drei", corrected(h3)),
            (Language::Hu, "javítás Springer Hektor drei", corrected(h3)),
            // The Laws' castling words at a table of any language.
            (Language::De, "Kurze Rochade", mv(short)),
            (Language::En, "Kurze Rochade", mv(short)),
            (Language::En, "Lange Rochade", mv(long)),
            (Language::Lt, "Lange Rochade", mv(long)),
            (Language::Lv, "Kurze Rochade", mv(short)),
            (Language::Hu, "Lange Rochade", mv(long)),
            // Hesitations around a move.
            (Language::De, "äh Springer Hektor drei", mv(h3)),
            (Language::De, "ähm, Springer, äh, Hektor drei", mv(h3)),
            (Language::De, "also Springer Hektor drei bitte", mv(h3)),
            (Language::En, "uh Knight Hector three please", mv(h3)),
            (Language::En, "um, so, Knight Hector three", mv(h3)),
            (Language::Lt, "ee Springer Hektor drei prašau", mv(h3)),
            (Language::Lv, "ēē Springer Hektor drei lūdzu", mv(h3)),
            (Language::Hu, "öö Springer Hektor drei kérem", mv(h3)),
            // A self-correction inside one utterance: the last move.
            (
                Language::De,
                "Springer Felix drei nein Springer Cäsar drei",
                mv(c3),
            ),
            (
                Language::De,
                "Springer Felix drei, äh, Korrektur, Springer Hektor drei nein Springer Cäsar drei",
                mv(c3),
            ),
            (
                Language::En,
                "Knight Felix three no Knight Caesar three",
                mv(c3),
            ),
            (
                Language::Lt,
                "Springer Felix drei ne Springer Cäsar drei",
                mv(c3),
            ),
            (
                Language::Lv,
                "Springer Felix drei nē Springer Cäsar drei",
                mv(c3),
            ),
            (
                Language::Hu,
                "Springer Felix drei nem Springer Cäsar drei",
                mv(c3),
            ),
            // Placed: the move is on the board.
            (Language::De, "fertig", cmd(C::Placed)),
            (Language::En, "done", cmd(C::Placed)),
            (Language::Lt, "padėjau", cmd(C::Placed)),
            (Language::Lv, "gatavs", cmd(C::Placed)),
            (Language::Hu, "kész", cmd(C::Placed)),
            // Take back (practice only).
            (Language::De, "zurück", cmd(C::TakeBack)),
            (Language::En, "undo", cmd(C::TakeBack)),
            (Language::Lt, "atšaukti", cmd(C::TakeBack)),
            (Language::Lv, "atsaukt", cmd(C::TakeBack)),
            (Language::Hu, "vissza", cmd(C::TakeBack)),
            // An online game: abort it, claim the win when the opponent left.
            (Language::De, "Partie abbrechen", cmd(C::Abort)),
            (Language::En, "abort the game", cmd(C::Abort)),
            (Language::Lt, "nutraukti partiją", cmd(C::Abort)),
            (Language::Lv, "pārtraukt partiju", cmd(C::Abort)),
            (Language::Hu, "megszakítom a játszmát", cmd(C::Abort)),
            (Language::De, "Sieg beanspruchen", cmd(C::ClaimVictory)),
            (
                Language::De,
                "ich beanspruche den Sieg",
                cmd(C::ClaimVictory),
            ),
            (Language::En, "claim victory", cmd(C::ClaimVictory)),
            (Language::Lt, "reikalauju pergalės", cmd(C::ClaimVictory)),
            (Language::Lv, "pieprasu uzvaru", cmd(C::ClaimVictory)),
            (Language::Hu, "igénylem a győzelmet", cmd(C::ClaimVictory)),
        ];
        for (language, said, want) in table {
            for lexicon in [Lexicon::get(language), Lexicon::local(language)] {
                assert_eq!(
                    parse(lexicon, said).as_ref(),
                    Ok(&want),
                    "{language} (local: {}): {said}",
                    lexicon.is_local()
                );
            }
        }
    }

    #[test]
    fn errors_name_the_word() {
        let lex = Lexicon::get(Language::De);
        let e = parse(lex, "Springer Felix Banane").unwrap_err();
        assert_eq!(
            (e.at, e.word.as_deref(), &e.kind),
            (Some(2), Some("Banane"), &ParseErrorKind::UnknownWord)
        );
        let e = parse(lex, "Springer Felix Eva Anna").unwrap_err();
        assert_eq!(e.word.as_deref(), Some("Anna"));
        assert_eq!(e.kind, ParseErrorKind::Expected("a rank"));
        let e = parse(lex, "Springer schlägt").unwrap_err();
        assert_eq!(
            (e.at, e.kind.clone()),
            (None, ParseErrorKind::Expected("a square"))
        );
        assert_eq!(
            parse(lex, "  auf nach ").unwrap_err().kind,
            ParseErrorKind::Empty
        );
        // A hesitation alone is not an error to answer: the player is still thinking.
        assert_eq!(
            parse(lex, "äh, ähm").unwrap_err().kind,
            ParseErrorKind::Hesitation
        );
        assert_eq!(
            parse(Lexicon::get(Language::En), "um").unwrap_err().kind,
            ParseErrorKind::Hesitation
        );
        assert_eq!(e.to_string(), "incomplete: expected a square");
    }
}
