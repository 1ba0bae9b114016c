//! Resolution: what was said, checked against the position. A resolved move is always a
//! legal move of the position — never a guess.

use std::fmt;

use shakmaty::{
    Bitboard, CastlingMode, CastlingSide, Chess, Color, File, Move, Piece, Position, Rank, Role,
    Square, attacks,
};

use crate::{
    lexicon::Lexicon,
    messages::{Arg, Messages, role_arg},
    parse::{ParseError, ParseErrorKind, parse},
    render::{Form, render},
    utterance::{Command, SpokenMove, Utterance},
};

/// Why a said move cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResolveError {
    /// More than one legal move fits what was said.
    #[error("ambiguous: {} moves fit", .0.len())]
    Ambiguous(Vec<Move>),
    /// The move is legal only with something the player must still say.
    #[error("incomplete: {0}")]
    Incomplete(Missing),
    /// No legal move fits.
    #[error("{0}")]
    Illegal(Illegal),
}

/// What the player left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Missing {
    /// The promotion piece: the Laws require it to be named.
    Promotion,
}

impl fmt::Display for Missing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Missing::Promotion => f.write_str("promotion"),
        }
    }
}

impl Missing {
    /// What is missing, in the lexicon's language (de or en).
    pub fn describe(&self, lexicon: &Lexicon) -> String {
        match self {
            Missing::Promotion => {
                Messages::get(lexicon.language()).text("refusal-promotion-missing", &[])
            }
        }
    }
}

/// Why no legal move fits what was said. `Display` gives the English reason with
/// algebraic squares; [`Illegal::describe`] gives it in words of a lexicon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Illegal {
    /// No piece of that kind can move to the square.
    NoPieceCanReach {
        /// The piece named (a pawn when none was named).
        role: Role,
        /// The destination.
        to: Square,
    },
    /// The named origin holds no such piece of the side to move.
    NoPieceOn {
        /// The piece named.
        role: Role,
        /// The origin square named.
        from: Square,
    },
    /// A full origin square was named without a piece, and no piece of the side to move
    /// stands there.
    NothingOn {
        /// The origin square named.
        from: Square,
    },
    /// The piece could go there but is pinned against its king.
    Pinned {
        /// The pinned piece.
        role: Role,
        /// Where it stands.
        from: Square,
    },
    /// The move would leave (or put) the own king in check.
    KingInCheck,
    /// A capture was said but there is nothing to capture there.
    NothingToCapture {
        /// The destination.
        to: Square,
    },
    /// The destination holds one of the player's own pieces.
    OwnPiece {
        /// The destination.
        to: Square,
    },
    /// Castling to that side is not possible now.
    CannotCastle {
        /// The side asked for (`None`: neither side).
        side: Option<CastlingSide>,
    },
    /// En passant was said, but the move is no en passant capture.
    NotEnPassant,
    /// A promotion piece was named for a move that does not promote.
    NotPromotion,
    /// A pawn cannot promote to this piece (king or pawn).
    BadPromotion {
        /// The piece named.
        role: Role,
    },
}

/// The English name of a piece (`knight`), for messages and JSON meant for people and
/// tools rather than the spoken language.
pub fn english_piece_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

fn en_side(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "short",
        CastlingSide::QueenSide => "long",
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Illegal::NoPieceCanReach { role, to } => {
                write!(f, "no {} can reach {to}", english_piece_name(role))
            }
            Illegal::NoPieceOn { role, from } => {
                write!(f, "there is no {} on {from}", english_piece_name(role))
            }
            Illegal::Pinned { role, from } => {
                write!(f, "the {} on {from} is pinned", english_piece_name(role))
            }
            Illegal::NothingOn { from } => write!(f, "none of your pieces stands on {from}"),
            Illegal::KingInCheck => f.write_str("king would be in check"),
            Illegal::NothingToCapture { to } => write!(f, "there is nothing to capture on {to}"),
            Illegal::OwnPiece { to } => write!(f, "{to} is occupied by an own piece"),
            Illegal::CannotCastle { side: Some(side) } => {
                write!(f, "castling {} is not possible", en_side(side))
            }
            Illegal::CannotCastle { side: None } => f.write_str("castling is not possible"),
            Illegal::NotEnPassant => f.write_str("this is no en passant capture"),
            Illegal::NotPromotion => f.write_str("this move is no promotion"),
            Illegal::BadPromotion { role } => {
                write!(f, "a pawn cannot become a {}", english_piece_name(role))
            }
        }
    }
}

impl Illegal {
    /// The reason in words of the lexicon (German sentences for `de`, English for the
    /// others), with squares and pieces named as announced: to be spoken to the player.
    ///
    /// # Examples
    /// ```
    /// use annabella_phonetic::{Illegal, Lexicon, Language};
    /// use shakmaty::{Role, Square};
    /// let why = Illegal::NoPieceCanReach { role: Role::Knight, to: Square::F3 };
    /// assert_eq!(why.to_string(), "no knight can reach f3");
    /// assert_eq!(why.describe(Lexicon::get(Language::De)), "kein Springer kann Felix drei erreichen");
    /// assert_eq!(why.describe(Lexicon::get(Language::En)), "no Knight can reach Felix three");
    /// ```
    pub fn describe(&self, lexicon: &Lexicon) -> String {
        let messages = Messages::get(lexicon.language());
        let square = |s: Square| -> Arg<'static> { ("square", lexicon.square_words(s).into()) };
        let piece = |r: Role| -> [Arg<'static>; 2] {
            [
                ("role", role_arg(r)),
                ("name", lexicon.piece_name(r).into()),
            ]
        };
        let (id, args): (&str, Vec<Arg<'static>>) = match *self {
            Illegal::NoPieceCanReach { role, to } => {
                let [r, n] = piece(role);
                ("refusal-no-piece-can-reach", vec![r, n, square(to)])
            }
            Illegal::NoPieceOn { role, from } => {
                let [r, n] = piece(role);
                ("refusal-no-piece-on", vec![r, n, square(from)])
            }
            Illegal::Pinned { role, from } => {
                let [r, n] = piece(role);
                ("refusal-pinned", vec![r, n, square(from)])
            }
            Illegal::NothingOn { from } => ("refusal-nothing-on", vec![square(from)]),
            Illegal::KingInCheck => ("refusal-king-in-check", vec![]),
            Illegal::NothingToCapture { to } => ("refusal-nothing-to-capture", vec![square(to)]),
            Illegal::OwnPiece { to } => ("refusal-own-piece", vec![square(to)]),
            Illegal::CannotCastle { side } => (
                "refusal-cannot-castle",
                vec![("side", side.map_or("any", en_side).into())],
            ),
            Illegal::NotEnPassant => ("refusal-not-en-passant", vec![]),
            Illegal::NotPromotion => ("refusal-not-promotion", vec![]),
            Illegal::BadPromotion { role } => {
                let [r, n] = piece(role);
                ("refusal-bad-promotion", vec![r, n])
            }
        };
        messages.text(id, &args)
    }
}

/// What an utterance means in a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// A legal move.
    Move(Move),
    /// A command (a claim's intended move is resolved separately, see [`SpokenMove::resolve`]).
    Command(Command),
    /// Several legal moves fit.
    Ambiguous(Vec<Move>),
    /// A legal move fits once the player says what is missing.
    Incomplete(Missing),
    /// No legal move fits; the reason.
    Illegal(Illegal),
    /// The words were not understood.
    Unrecognized(ParseError),
}

impl Verdict {
    /// Whether this verdict is something the station can act on (a move or a command).
    pub fn is_resolved(&self) -> bool {
        matches!(self, Verdict::Move(_) | Verdict::Command(_))
    }

    /// The sentence to speak to the player when the verdict is not resolved (German for
    /// `de`, English otherwise); an ambiguity names its candidates in full form.
    ///
    /// # Examples
    /// ```
    /// use annabella_phonetic::{resolve_words, Lexicon, Language};
    /// use shakmaty::{Chess, CastlingMode, fen::Fen};
    /// let pos: Chess = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1".parse::<Fen>()?.into_position(CastlingMode::Standard)?;
    /// let de = Lexicon::get(Language::De);
    /// let v = resolve_words(&pos, de, "Springer David zwei");
    /// assert_eq!(
    ///     v.describe(&pos, de).as_deref(),
    ///     Some("mehrdeutig: Springer Bella eins David zwei oder Springer Felix drei David zwei")
    /// );
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn describe(&self, pos: &Chess, lexicon: &Lexicon) -> Option<String> {
        match self {
            Verdict::Move(_) | Verdict::Command(_) => None,
            Verdict::Ambiguous(moves) => {
                let said: Vec<String> = moves
                    .iter()
                    .map(|&m| render(pos, m, lexicon, Form::Full))
                    .collect();
                let messages = Messages::get(lexicon.language());
                let or = format!(" {} ", messages.text("or", &[]));
                Some(messages.text("refusal-ambiguous", &[("moves", said.join(&or).into())]))
            }
            Verdict::Incomplete(m) => Some(m.describe(lexicon)),
            Verdict::Illegal(i) => Some(i.describe(lexicon)),
            Verdict::Unrecognized(e) => Some(e.describe(lexicon)),
        }
    }
}

impl From<Result<Move, ResolveError>> for Verdict {
    fn from(r: Result<Move, ResolveError>) -> Self {
        match r {
            Ok(m) => Verdict::Move(m),
            Err(ResolveError::Ambiguous(ms)) => Verdict::Ambiguous(ms),
            Err(ResolveError::Incomplete(m)) => Verdict::Incomplete(m),
            Err(ResolveError::Illegal(i)) => Verdict::Illegal(i),
        }
    }
}

impl Utterance {
    /// Resolves the utterance in a position.
    pub fn resolve(&self, pos: &Chess) -> Verdict {
        match self {
            Utterance::Move(m) => m.resolve(pos).into(),
            Utterance::Command(c) => Verdict::Command(c.clone()),
        }
    }
}

/// Parses and resolves words (or a typed move, see [`crate::typed`]) in a position.
///
/// # Examples
/// ```
/// use annabella_phonetic::{resolve_words, Lexicon, Language, Verdict};
/// use shakmaty::{Chess, uci::UciMove, CastlingMode};
/// let pos = Chess::default();
/// let Verdict::Move(m) = resolve_words(&pos, Lexicon::get(Language::De), "Springer Felix drei") else { panic!() };
/// assert_eq!(m.to_uci(CastlingMode::Standard).to_string(), "g1f3");
/// ```
pub fn resolve_words(pos: &Chess, lexicon: &Lexicon, text: &str) -> Verdict {
    match parse(lexicon, text) {
        Ok(u) => u.resolve(pos),
        // A typed move (algebraic or UCI) resolves like the same move said.
        Err(e) => match crate::typed::parse_typed(text) {
            Some(m) => Utterance::Move(m).resolve(pos),
            None => Verdict::Unrecognized(e),
        },
    }
}

/// One recognizer hypothesis: the words and a score (higher is better, e.g. Vosk's
/// confidence).
#[derive(Debug, Clone, PartialEq)]
pub struct Alternative<'a> {
    /// The words heard.
    pub text: &'a str,
    /// The recognizer's score; higher is better.
    pub score: f32,
}

/// The one n-best margin: two readings whose scores differ by less than this and that
/// resolve to different moves make the answer ambiguous. The table decides with it, and
/// the recognizer's report (`annabella listen`) tells what the table would decide.
pub const NBEST_MARGIN: f32 = 0.05;

/// Picks the best-scored alternative that resolves (a legal move or a command). When
/// the best two that resolve to different things are closer than `margin`, the answer
/// is [`Verdict::Ambiguous`] (both moves) or, if a command is involved,
/// [`Verdict::Unrecognized`]. When none resolves, the verdict of the best-scored
/// alternative explains why.
///
/// # Examples
/// ```
/// use annabella_phonetic::{resolve_nbest, Alternative, Lexicon, Language, Verdict};
/// use shakmaty::Chess;
/// let pos = Chess::default();
/// let heard = [
///     Alternative { text: "Springer Felix sechs", score: 0.9 }, // illegal for White
///     Alternative { text: "Springer Felix drei", score: 0.6 },
/// ];
/// let v = resolve_nbest(&pos, Lexicon::get(Language::De), &heard, 0.1);
/// assert!(matches!(v, Verdict::Move(_)));
/// ```
pub fn resolve_nbest(
    pos: &Chess,
    lexicon: &Lexicon,
    alternatives: &[Alternative<'_>],
    margin: f32,
) -> Verdict {
    let mut verdicts: Vec<(f32, Verdict)> = alternatives
        .iter()
        .map(|a| (a.score, resolve_words(pos, lexicon, a.text)))
        .collect();
    verdicts.sort_by(|a, b| b.0.total_cmp(&a.0));
    let Some((best_score, best)) = verdicts.iter().find(|(_, v)| v.is_resolved()) else {
        return verdicts
            .into_iter()
            .next()
            .map(|(_, v)| v)
            .unwrap_or(Verdict::Unrecognized(ParseError {
                at: None,
                word: None,
                kind: ParseErrorKind::Empty,
            }));
    };
    let rival = verdicts.iter().find(|(_, v)| v.is_resolved() && v != best);
    match rival {
        Some((score, other)) if best_score - score < margin => match (best, other) {
            (Verdict::Move(a), Verdict::Move(b)) => Verdict::Ambiguous(vec![*a, *b]),
            _ => Verdict::Unrecognized(ParseError {
                at: None,
                word: None,
                kind: ParseErrorKind::Expected("one clear move or command"),
            }),
        },
        _ => best.clone(),
    }
}

impl SpokenMove {
    /// Resolves the said move against the legal moves of a position.
    ///
    /// An omitted capture word or an omitted pawn name still resolves; a capture word on
    /// a non-capture, a promotion without its piece, or a move that fits two legal moves
    /// does not.
    ///
    /// # Errors
    /// [`ResolveError::Ambiguous`], [`ResolveError::Incomplete`] or [`ResolveError::Illegal`]
    /// with the reason.
    pub fn resolve(&self, pos: &Chess) -> Result<Move, ResolveError> {
        match *self {
            SpokenMove::Castle { side, .. } => resolve_castle(pos, side),
            SpokenMove::Normal {
                role,
                capture,
                to,
                en_passant,
                promotion,
                ..
            } => {
                let origin = self.origin();
                let role = named_role(pos, role, origin)?;
                let fits = reaching(pos, role, origin, to);
                if fits.is_empty() {
                    return Err(ResolveError::Illegal(explain(
                        pos, role, origin, capture, to,
                    )));
                }
                let fits = narrow(fits, capture, to, en_passant, promotion)?;
                match fits.as_slice() {
                    [m] => Ok(*m),
                    [] => Err(ResolveError::Illegal(Illegal::NoPieceCanReach { role, to })),
                    _ => Err(ResolveError::Ambiguous(fits)),
                }
            }
        }
    }

    /// Where the said move comes from, as far as it was said (nothing for castling).
    fn origin(&self) -> Origin {
        match *self {
            SpokenMove::Normal {
                from_file,
                from_rank,
                ..
            } => Origin {
                file: from_file,
                rank: from_rank,
            },
            SpokenMove::Castle { .. } => Origin::default(),
        }
    }
}

/// The origin of a said move: a file, a rank, both (a square) or neither.
#[derive(Debug, Clone, Copy, Default)]
struct Origin {
    file: Option<File>,
    rank: Option<Rank>,
}

impl Origin {
    /// The square, when both file and rank were said.
    fn square(self) -> Option<Square> {
        Some(Square::from_coords(self.file?, self.rank?))
    }

    /// Whether a piece on `from` fits what was said of the origin.
    fn fits(self, from: Square) -> bool {
        self.file.is_none_or(|f| from.file() == f) && self.rank.is_none_or(|r| from.rank() == r)
    }
}

/// The piece that moves: the one named; without a name, the piece on a full origin
/// square (ours, else the move is illegal); otherwise a pawn.
fn named_role(pos: &Chess, role: Option<Role>, origin: Origin) -> Result<Role, ResolveError> {
    match (role, origin.square()) {
        (Some(r), _) => Ok(r),
        (None, Some(from)) => match pos.board().piece_at(from) {
            Some(p) if p.color == pos.turn() => Ok(p.role),
            _ => Err(ResolveError::Illegal(Illegal::NothingOn { from })),
        },
        (None, None) => Ok(Role::Pawn),
    }
}

/// The legal moves of `role` from a fitting origin to `to`; in standard chess a king
/// said to move two squares ("König Gustav eins") is castling.
fn reaching(pos: &Chess, role: Role, origin: Origin, to: Square) -> Vec<Move> {
    let fits: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| {
            m.role() == role
                && !m.is_castle()
                && m.to() == to
                && m.from().is_some_and(|from| origin.fits(from))
        })
        .collect();
    if !fits.is_empty() || role != Role::King || pos.castles().mode() != CastlingMode::Standard {
        return fits;
    }
    pos.legal_moves()
        .into_iter()
        .filter(|m| {
            m.castling_side()
                .is_some_and(|side| side.king_to(pos.turn()) == to)
                && m.from().is_some_and(|from| origin.fits(from))
        })
        .collect()
}

/// Keeps the moves that fit the capture word, "en passant" and the promotion piece said;
/// an error when one of them fits none, or when a promotion was not named.
fn narrow(
    mut fits: Vec<Move>,
    capture: bool,
    to: Square,
    en_passant: bool,
    promotion: Option<Role>,
) -> Result<Vec<Move>, ResolveError> {
    if capture && !fits.iter().any(|m| m.is_capture()) {
        return Err(ResolveError::Illegal(Illegal::NothingToCapture { to }));
    }
    if en_passant {
        fits.retain(|m| m.is_en_passant());
        if fits.is_empty() {
            return Err(ResolveError::Illegal(Illegal::NotEnPassant));
        }
    }
    let promotes = fits.iter().any(|m| m.is_promotion());
    match promotion {
        Some(_) if !promotes => Err(ResolveError::Illegal(Illegal::NotPromotion)),
        Some(p @ (Role::King | Role::Pawn)) => {
            Err(ResolveError::Illegal(Illegal::BadPromotion { role: p }))
        }
        Some(p) => {
            fits.retain(|m| m.promotion() == Some(p));
            Ok(fits)
        }
        None if promotes => Err(ResolveError::Incomplete(Missing::Promotion)),
        None => Ok(fits),
    }
}

fn resolve_castle(pos: &Chess, side: Option<CastlingSide>) -> Result<Move, ResolveError> {
    let fits: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| {
            m.castling_side()
                .is_some_and(|s| side.is_none_or(|want| want == s))
        })
        .collect();
    match fits.as_slice() {
        [m] => Ok(*m),
        [] => Err(ResolveError::Illegal(Illegal::CannotCastle { side })),
        _ => Err(ResolveError::Ambiguous(fits)),
    }
}

/// Why no legal move of `role` goes to `to`: first the board (no such piece, nothing to
/// capture, own piece there, out of reach), then king safety (pinned, in check).
fn explain(pos: &Chess, role: Role, origin: Origin, capture: bool, to: Square) -> Illegal {
    let board = pos.board();
    let us = pos.turn();
    let ours = board.by_piece(Piece { color: us, role });
    if role == Role::King
        && pos.castles().mode() == CastlingMode::Standard
        && board.king_of(us)
            == Some(if us == Color::White {
                Square::E1
            } else {
                Square::E8
            })
    {
        for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
            if to == side.king_to(us) {
                return Illegal::CannotCastle { side: Some(side) };
            }
        }
    }
    if let Some(from) = origin.square()
        && !ours.contains(from)
    {
        return Illegal::NoPieceOn { role, from };
    }
    if board.by_color(us).contains(to) {
        return Illegal::OwnPiece { to };
    }
    let enemy_there = board.by_color(!us).contains(to);
    let ep_there = role == Role::Pawn && pos.maybe_ep_square() == Some(to);
    if capture && !enemy_there && !ep_there {
        return Illegal::NothingToCapture { to };
    }
    let reaching: Vec<Square> = ours
        .into_iter()
        .filter(|&from| origin.fits(from) && reaches(pos, us, role, from, to))
        .collect();
    let Some(&from) = reaching.first() else {
        return Illegal::NoPieceCanReach { role, to };
    };
    if role != Role::King && reaching.iter().all(|&f| is_pinned(pos, us, f)) && !pos.is_check() {
        return Illegal::Pinned { role, from };
    }
    Illegal::KingInCheck
}

/// Whether the piece could move there ignoring the safety of its own king.
fn reaches(pos: &Chess, us: Color, role: Role, from: Square, to: Square) -> bool {
    let board = pos.board();
    let occupied = board.occupied();
    if role != Role::Pawn {
        return attacks::attacks(from, Piece { color: us, role }, occupied).contains(to);
    }
    if attacks::pawn_attacks(us, from).contains(to) {
        return board.by_color(!us).contains(to) || pos.maybe_ep_square() == Some(to);
    }
    let step = if us == Color::White { 8 } else { -8 };
    let Some(one) = from.offset(step) else {
        return false;
    };
    if occupied.contains(one) {
        return false;
    }
    if one == to {
        return true;
    }
    let home = from.rank()
        == if us == Color::White {
            shakmaty::Rank::Second
        } else {
            shakmaty::Rank::Seventh
        };
    home && one.offset(step) == Some(to) && !occupied.contains(to)
}

/// Whether lifting the piece on `from` would expose its own king to a slider.
fn is_pinned(pos: &Chess, us: Color, from: Square) -> bool {
    let board = pos.board();
    let Some(king) = board.king_of(us) else {
        return false;
    };
    let occupied = board.occupied();
    let before = board.attacks_to(king, !us, occupied);
    let after = board.attacks_to(king, !us, occupied ^ Bitboard::from(from));
    !(after & !before).is_empty()
}

#[cfg(test)]
mod tests {
    use shakmaty::{CastlingMode, fen::Fen};

    use super::*;
    use crate::lexicon::Language;

    fn pos(fen: &str) -> Chess {
        let fen: Fen = fen.parse().expect("fen");
        let mode = CastlingMode::detect(&fen.clone().into_setup());
        fen.into_position(mode).expect("position")
    }

    fn verdict(fen: &str, lang: Language, said: &str) -> Verdict {
        resolve_words(&pos(fen), Lexicon::get(lang), said)
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn reasons_in_words() {
        let table = [
            (START, "Springer Felix vier", "no knight can reach f4"),
            (
                START,
                "Springer schlägt Felix drei",
                "there is nothing to capture on f3",
            ),
            (START, "Läufer Bella fünf", "no bishop can reach b5"),
            (START, "Turm Anna zwei", "a2 is occupied by an own piece"),
            (
                START,
                "Springer Eva eins Felix drei",
                "there is no knight on e1",
            ),
            (START, "Kurze Rochade", "castling short is not possible"),
            // The bishop on c4 is pinned against the king on e2 by the rook on a6? No: by the bishop on a6.
            (
                "4k3/8/b7/8/2B5/8/4K3/8 w - - 0 1",
                "Läufer David fünf",
                "the bishop on c4 is pinned",
            ),
            (
                "4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1",
                "Turm Anna acht",
                "king would be in check",
            ),
            (
                "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1",
                "König Eva zwei",
                "king would be in check",
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
                "Eva vier",
                "no pawn can reach e4",
            ),
            (
                "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
                "Anna acht König",
                "a pawn cannot become a king",
            ),
            (
                "4k3/8/8/8/8/8/R7/4K3 w - - 0 1",
                "Turm Anna acht Dame",
                "this move is no promotion",
            ),
        ];
        for (fen, said, why) in table {
            match verdict(fen, Language::De, said) {
                Verdict::Illegal(i) => assert_eq!(i.to_string(), why, "{said}"),
                other => panic!("{said}: {other:?}"),
            }
        }
    }

    #[test]
    fn german_reason() {
        let v = verdict(
            "4k3/8/b7/8/2B5/8/4K3/8 w - - 0 1",
            Language::De,
            "Läufer David fünf",
        );
        assert_eq!(
            v.describe(
                &pos("4k3/8/b7/8/2B5/8/4K3/8 w - - 0 1"),
                Lexicon::get(Language::De)
            )
            .as_deref(),
            Some("der Läufer auf Cäsar vier ist gefesselt")
        );
    }

    #[test]
    fn promotion_must_be_named() {
        let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(
            verdict(fen, Language::De, "Anna acht"),
            Verdict::Incomplete(Missing::Promotion)
        );
        assert!(
            matches!(verdict(fen, Language::De, "Anna acht Springer"), Verdict::Move(m) if m.promotion() == Some(Role::Knight))
        );
    }

    #[test]
    fn ambiguity_is_reported() {
        // Knights on b1 and f3 both reach d2.
        let fen = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
        let Verdict::Ambiguous(ms) = verdict(fen, Language::De, "Springer David zwei") else {
            panic!()
        };
        assert_eq!(ms.len(), 2);
        assert!(matches!(
            verdict(fen, Language::De, "Springer Bella David zwei"),
            Verdict::Move(_)
        ));
    }

    #[test]
    fn nbest_prefers_legal_and_reports_close_calls() {
        let p = pos(START);
        let de = Lexicon::get(Language::De);
        let close = [
            Alternative {
                text: "Springer Felix drei",
                score: 0.80,
            },
            Alternative {
                text: "Springer Cäsar drei",
                score: 0.79,
            },
        ];
        assert!(
            matches!(resolve_nbest(&p, de, &close, 0.05), Verdict::Ambiguous(ms) if ms.len() == 2)
        );
        assert!(
            matches!(resolve_nbest(&p, de, &close, 0.001), Verdict::Move(m) if m.to() == Square::F3)
        );
        let none = [
            Alternative {
                text: "Springer Felix vier",
                score: 1.0,
            },
            Alternative {
                text: "Banane",
                score: 0.5,
            },
        ];
        assert!(matches!(
            resolve_nbest(&p, de, &none, 0.1),
            Verdict::Illegal(_)
        ));
    }

    #[test]
    fn reasons_are_said_in_the_players_language_with_fide_scheme_words() {
        let why = Illegal::NoPieceCanReach {
            role: Role::Knight,
            to: Square::F5,
        };
        assert_eq!(
            why.describe(Lexicon::get(Language::Lv)),
            "neviens Springer nevar nokļūt uz Felikss fünf"
        );
        assert_eq!(
            Illegal::KingInCheck.describe(Lexicon::get(Language::Hu)),
            "a király sakkban állna"
        );
        assert_eq!(
            Missing::Promotion.describe(Lexicon::get(Language::Lt)),
            "pasakykite, kuo virsta pėstininkas"
        );
    }
}
