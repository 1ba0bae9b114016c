//! Whether a side can still checkmate by any series of legal moves (Laws 5.2.2, 6.9,
//! 7.5.5), decided by chasolver's helpmate search.
//!
//! chasolver works on the `chess` crate's boards, so positions are copied over square by square.
//! Chess960 castling rights are dropped on the way (the `chess` crate knows only
//! standard castling); a castling move is never what decides whether a mate exists
//! except in constructed positions, and the verdict then errs towards "winnable".

use shakmaty::FromSetup;

use shakmaty::{
    CastlingMode, CastlingSide, Chess, Color, EnPassantMode, Position, Role, fen::Fen, uci::UciMove,
};

/// Whether a side can still checkmate.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Winnability {
    /// No series of legal moves ends in a checkmate by this side.
    Unwinnable,
    /// A helpmate exists; the moves (UCI) of one are given.
    Winnable(Vec<UciMove>),
    /// The search gave up before deciding (chasolver's node limit).
    Undetermined,
}

impl Winnability {
    /// The kebab-case name used in JSON: `unwinnable`, `winnable`, `undetermined`.
    pub fn as_str(&self) -> &'static str {
        match self {
            Winnability::Unwinnable => "unwinnable",
            Winnability::Winnable(_) => "winnable",
            Winnability::Undetermined => "undetermined",
        }
    }
}

/// The position on the `chess` crate's board, square by square (no FEN text in between);
/// `None` where that crate refuses it (it checks the board is sane).
fn to_chess(pos: &Chess) -> Option<chess::Board> {
    let mut board = chess::BoardBuilder::new();
    for (square, piece) in pos.board() {
        board.piece(
            chess::ALL_SQUARES[usize::from(square)],
            to_chess_role(piece.role),
            to_chess_color(piece.color),
        );
    }
    board.side_to_move(to_chess_color(pos.turn()));
    if pos.castles().mode() == CastlingMode::Standard {
        for color in Color::ALL {
            let rights = match (
                pos.castles().has(color, CastlingSide::KingSide),
                pos.castles().has(color, CastlingSide::QueenSide),
            ) {
                (true, true) => chess::CastleRights::Both,
                (true, false) => chess::CastleRights::KingSide,
                (false, true) => chess::CastleRights::QueenSide,
                (false, false) => chess::CastleRights::NoRights,
            };
            board.castle_rights(to_chess_color(color), rights);
        }
    }
    board.en_passant(
        pos.ep_square(EnPassantMode::Legal)
            .map(|square| chess::File::from_index(usize::from(square.file()))),
    );
    chess::Board::try_from(board).ok()
}

fn from_chess_square(square: chess::Square) -> shakmaty::Square {
    shakmaty::Square::new(square.to_index() as u32)
}

fn from_chess_role(piece: chess::Piece) -> Role {
    match piece {
        chess::Piece::Pawn => Role::Pawn,
        chess::Piece::Knight => Role::Knight,
        chess::Piece::Bishop => Role::Bishop,
        chess::Piece::Rook => Role::Rook,
        chess::Piece::Queen => Role::Queen,
        chess::Piece::King => Role::King,
    }
}

fn to_chess_role(role: Role) -> chess::Piece {
    match role {
        Role::Pawn => chess::Piece::Pawn,
        Role::Knight => chess::Piece::Knight,
        Role::Bishop => chess::Piece::Bishop,
        Role::Rook => chess::Piece::Rook,
        Role::Queen => chess::Piece::Queen,
        Role::King => chess::Piece::King,
    }
}

fn to_chess_color(color: Color) -> chess::Color {
    match color {
        Color::White => chess::Color::White,
        Color::Black => chess::Color::Black,
    }
}

/// Full helpmate search: can `color` checkmate from `pos` by any series of legal moves?
///
/// # Examples
///
/// ```
/// use annabella_rules::{unwinnable::{winnability, Winnability}, shakmaty::{Chess, Color, fen::Fen, CastlingMode}};
/// let pos: Chess = "8/8/8/8/8/5k2/8/4K2Q b - - 0 1".parse::<Fen>()?.into_position(CastlingMode::Standard)?;
/// assert_eq!(winnability(&pos, Color::Black), Winnability::Unwinnable);
/// assert!(matches!(winnability(&pos, Color::White), Winnability::Winnable(_)));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn winnability(pos: &Chess, color: Color) -> Winnability {
    if pos.has_insufficient_material(color) {
        return Winnability::Unwinnable;
    }
    match to_chess(pos) {
        Some(board) => search(&board, color),
        None => Winnability::Undetermined,
    }
}

/// Whether chasolver's full search proves that `color` cannot mate (the helpmate it finds
/// otherwise is not needed, so it is not converted).
fn proven_unwinnable(board: &chess::Board, color: Color) -> bool {
    matches!(
        chasolver::winnability(board, to_chess_color(color)),
        Some(chasolver::Winnability::Unwinnable)
    )
}

/// chasolver's full helpmate search for `color` on the converted board.
fn search(board: &chess::Board, color: Color) -> Winnability {
    match chasolver::winnability(board, to_chess_color(color)) {
        Some(chasolver::Winnability::Unwinnable) => Winnability::Unwinnable,
        Some(chasolver::Winnability::Winnable { helpmate }) => Winnability::Winnable(
            helpmate
                .iter()
                .map(|m| UciMove::Normal {
                    from: from_chess_square(m.get_source()),
                    to: from_chess_square(m.get_dest()),
                    promotion: m.get_promotion().map(from_chess_role),
                })
                .collect(),
        ),
        None => Winnability::Undetermined,
    }
}

/// Whether `color` provably cannot checkmate (the cheap, sound but incomplete check).
pub fn is_unwinnable_fast(pos: &Chess, color: Color) -> bool {
    if pos.has_insufficient_material(color) {
        return true;
    }
    to_chess(pos).is_some_and(|board| chasolver::is_unwinnable_fast(&board, to_chess_color(color)))
}

/// Law 5.2.2: a dead position, where neither player can checkmate by any series of legal
/// moves. Each side is proven unable to mate by the fast check or else by the full
/// search; the side likelier to have a helpmate goes first (a queen, rook or pawn, then
/// more material), and one found ends the question (the position is not dead) without
/// searching for the other side. When that side has a queen, rook or pawn its search
/// runs before its fast check (the helpmate is usually found sooner than the fast check
/// ends; the fast check still decides if the search gives up), so the verdict is the same.
///
/// # Examples
///
/// ```
/// use annabella_rules::{unwinnable::is_dead_position, shakmaty::{Chess, fen::Fen, CastlingMode}};
/// let locked: Chess = "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1".parse::<Fen>()?.into_position(CastlingMode::Standard)?;
/// assert!(is_dead_position(&locked));
/// assert!(!is_dead_position(&Chess::default()));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn is_dead_position(pos: &Chess) -> bool {
    if pos.is_insufficient_material() {
        return true;
    }
    // The initial array is never dead (1. f3 e5 2. g4 Qh4# whoever is to move): the
    // start of every game is settled without a search (a PGN of a million empty games).
    if *pos.board() == shakmaty::Board::new() {
        return false;
    }
    let Some(board) = to_chess(pos) else {
        return false; // undetermined: never called dead
    };
    let (white, black) = (promise(pos, Color::White), promise(pos, Color::Black));
    let (first, likely) = if black > white {
        (Color::Black, black.0)
    } else {
        (Color::White, white.0)
    };
    [first, !first].into_iter().all(|color| {
        let fast = || chasolver::is_unwinnable_fast(&board, to_chess_color(color));
        pos.has_insufficient_material(color)
            || if color == first && likely {
                // Most likely a helpmate, found before the fast check would have ended.
                match chasolver::winnability(&board, to_chess_color(color)) {
                    Some(chasolver::Winnability::Unwinnable) => true,
                    Some(chasolver::Winnability::Winnable { .. }) => false,
                    None => fast(),
                }
            } else {
                fast() || proven_unwinnable(&board, color)
            }
    })
}

/// How likely `color` is to have a helpmate that is quick to find: first whether it has
/// a queen, a rook or a pawn (a lone minor piece's mates need the opponent's own men
/// around the king and take the search long), then the usual count of its material (pawn
/// 1, knight and bishop 3, rook 5, queen 9).
fn promise(pos: &Chess, color: Color) -> (bool, u32) {
    let board = pos.board();
    let ours = board.by_color(color);
    let major_or_pawn = ((board.queens() | board.rooks() | board.pawns()) & ours).any();
    let material = [
        (Role::Pawn, 1),
        (Role::Knight, 3),
        (Role::Bishop, 3),
        (Role::Rook, 5),
        (Role::Queen, 9),
    ]
    .into_iter()
    .map(|(role, value)| value * (board.by_role(role) & ours).count() as u32)
    .sum();
    (major_or_pawn, material)
}

/// The cheap, sound but incomplete half of [`is_dead_position`]: `true` only when the
/// position is proven dead.
pub fn is_dead_position_fast(pos: &Chess) -> bool {
    if pos.is_insufficient_material() {
        return true;
    }
    match to_chess(pos) {
        Some(board) => {
            chasolver::is_unwinnable_fast(&board, chess::Color::White)
                && chasolver::is_unwinnable_fast(&board, chess::Color::Black)
        }
        None => false,
    }
}

/// Why a position set up from a FEN cannot arise in a game, though the question "can this
/// side still checkmate" still has an answer there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unreachable {
    /// More pieces than the pawns' promotions could give.
    TooMuchMaterial,
    /// A check no last move could have given (e.g. a double check by two pieces that
    /// cannot both have been uncovered).
    ImpossibleCheck,
}

impl Unreachable {
    /// In words: "too much material", "impossible check".
    pub fn as_str(self) -> &'static str {
        match self {
            Unreachable::TooMuchMaterial => "too much material",
            Unreachable::ImpossibleCheck => "impossible check",
        }
    }
}

/// A FEN that cannot be asked about: unreadable, or not a position at all (no king, a
/// side not to move in check, pawns on the back rank …). The FEN is echoed at most 80
/// characters long.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("FEN {:?}: {why}", crate::excerpt(fen))]
pub struct FenError {
    /// The FEN as given.
    pub fen: String,
    /// Why it was refused.
    pub why: String,
    /// The FEN has castling rights only Chess960 can have and the question was not
    /// asked about Chess960 (the rules' one policy, [`crate::start_position`]).
    pub needs_chess960: bool,
}

/// The position of a FEN for the winnability question, read by the one policy of
/// [`crate::start_position`] (Chess960 castling when `chess960`, else standard castling,
/// refusing rights only Chess960 can have), and why no game can reach it if it cannot:
/// such positions (more promoted pieces than pawns could give, impossible checks) are
/// still answered.
///
/// # Errors
///
/// [`FenError`] when the text is no FEN or no position.
///
/// # Examples
///
/// ```
/// use annabella_rules::unwinnable::{position_for_question, Unreachable};
/// // Eleven white queens: no game reaches this, but White can still mate.
/// let (_, why) = position_for_question("1QQQQQQ1/1QQQQQ2/8/8/8/8/8/k6K w - - 0 1", false)?;
/// assert_eq!(why, Some(Unreachable::TooMuchMaterial));
/// # Ok::<_, annabella_rules::unwinnable::FenError>(())
/// ```
// shakmaty hands the refused position back inside its error; it is big by design.
#[allow(clippy::result_large_err)]
pub fn position_for_question(
    text: &str,
    chess960: bool,
) -> Result<(Chess, Option<Unreachable>), FenError> {
    use shakmaty::PositionErrorKinds as Kinds;
    let bad = |why: String| FenError {
        fen: text.to_owned(),
        why,
        needs_chess960: false,
    };
    let fen: Fen = text.trim().parse().map_err(|e| bad(format!("{e}")))?;
    let setup = fen.into_setup();
    let strict = |mode| Chess::from_setup(setup.clone(), mode);
    let relaxed = |mode| {
        strict(mode)
            .or_else(|e| e.ignore_too_much_material())
            .or_else(|e| e.ignore_impossible_check())
    };
    let mode = crate::start::castling_mode(chess960);
    let error = match strict(mode) {
        Ok(pos) => return Ok((pos, None)),
        Err(e) => e,
    };
    let kinds = error.kinds();
    let why = if kinds.contains(Kinds::TOO_MUCH_MATERIAL) {
        Unreachable::TooMuchMaterial
    } else {
        Unreachable::ImpossibleCheck
    };
    match relaxed(mode) {
        Ok(pos) => Ok((pos, Some(why))),
        Err(_) if !chess960 && relaxed(CastlingMode::Chess960).is_ok() => Err(FenError {
            needs_chess960: true,
            ..bad(
                "castling rights only Chess960 can have, in a position not asked about as \
                   Chess960"
                    .to_owned(),
            )
        }),
        Err(e) => Err(bad(format!("{e}"))),
    }
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use super::*;
    use crate::test_positions::plies_two_deep;

    /// The board copied square by square is the board the `chess` crate reads from the
    /// same position's FEN: pieces, side to move, castling rights and a legal en passant
    /// square, over every position two plies deep from positions that have all of them.
    #[test]
    fn the_copied_board_is_the_one_its_fen_gives() {
        let plies = plies_two_deep(&[
            "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 8",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "r3k3/8/8/8/3pP3/8/8/4K2R b Kq e3 0 1",
        ]);
        assert!(plies.len() > 2_000, "{} positions", plies.len());
        for (_, _, pos) in plies {
            let text = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
            assert_eq!(
                to_chess(&pos),
                Some(chess::Board::from_str(&text).unwrap()),
                "{text}"
            );
        }
    }

    /// The question reads its FEN by the one start-position policy: Chess960 rights only
    /// with the flag, refused with a mark the caller can name its flag by.
    #[test]
    fn chess960_rights_need_the_flag_in_the_question_too() {
        let fen = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1";
        let err = position_for_question(fen, false).unwrap_err();
        assert!(err.needs_chess960, "{err}");
        assert!(err.to_string().contains("only Chess960"), "{err}");
        let (pos, why) = position_for_question(fen, true).unwrap();
        assert_eq!((pos.castles().mode(), why), (CastlingMode::Chess960, None));
        // Standard rights in either mode; no kings at all is no position in either.
        let standard = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        for chess960 in [false, true] {
            assert!(position_for_question(standard, chess960).is_ok());
            let err = position_for_question("8/8/8/8/8/8/8/8 w - - 0 1", chess960).unwrap_err();
            assert!(!err.needs_chess960, "{err}");
        }
    }
}
