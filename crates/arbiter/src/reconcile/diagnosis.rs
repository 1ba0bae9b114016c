//! Why a board differs from the agreed game: it is behind, it shows another last move,
//! or squares are disturbed — each a finding, with the ply the board diverged at.

use shakmaty::{Board, Chess, Color, Move, Position, Square};

use super::{Builder, ply};
use crate::{
    line::{san, say_move, say_ply},
    plan::FindingKind,
    player::{Player, Words},
};

/// The squares a move changes (for castling and en passant more than two).
fn touched(m: Move) -> Vec<Square> {
    match m {
        Move::Castle { king, rook } => {
            let side = m
                .castling_side()
                .unwrap_or(shakmaty::CastlingSide::KingSide);
            let color = if king.rank() == shakmaty::Rank::First {
                Color::White
            } else {
                Color::Black
            };
            vec![king, rook, side.king_to(color), side.rook_to(color)]
        }
        Move::EnPassant { from, to } => {
            vec![from, to, Square::from_coords(to.file(), from.rank())]
        }
        _ => vec![m.from().unwrap_or(m.to()), m.to()],
    }
}

/// The agreed game: its moves, and the positions before each and after the last.
#[derive(Clone, Copy)]
pub(super) struct Agreed<'a> {
    /// The moves both scoresheets agree on.
    pub moves: &'a [Move],
    /// `moves.len() + 1` positions: the start, then after each move.
    pub positions: &'a [Chess],
}

/// Why a board differs from the `agreed` game: it is behind, it shows another last move,
/// or squares are disturbed.
pub(super) fn diagnose(b: &mut Builder<'_>, player: Player, board: &Board, agreed: Agreed<'_>) {
    let Agreed { moves, positions } = agreed;
    let n = moves.len();
    if let Some(j) = (0..n).rev().find(|&j| positions[j].board() == board) {
        return board_behind(b, player, j, agreed);
    }
    if n > 0 {
        let before = &positions[n - 1];
        let executed = before.legal_moves().into_iter().find(|&m| {
            let mut p = before.clone();
            p.play_unchecked(m);
            p.board() == board
        });
        if let Some(m) = executed {
            return wrong_move_executed(b, player, m, agreed);
        }
    }
    board_disturbed(b, player, board, agreed);
}

/// `player`'s board shows the position before ply `j + 1`: it lacks the moves from there.
fn board_behind(b: &mut Builder<'_>, player: Player, j: usize, agreed: Agreed<'_>) {
    let Agreed { moves, positions } = agreed;
    let n = moves.len();
    let lacking: Vec<String> = (j..n).map(|i| san(&positions[i], moves[i])).collect();
    let spoken: Vec<String> = (j..n)
        .map(|i| say_move(&positions[i], moves[i]).de)
        .collect();
    let spoken_en: Vec<String> = (j..n)
        .map(|i| say_move(&positions[i], moves[i]).en)
        .collect();
    let at = say_ply(&b.ev.start, ply(j + 1));
    b.diverge_at(ply(j + 1));
    b.finding(
        FindingKind::MoveOnOneBoardOnly {
            board: player,
            ply: ply(j + 1),
            moves: lacking,
        },
        Words::new(
            format!(
                "Auf dem Brett {} fehlt ab {}: {}.",
                player.de_genitive(),
                at.de,
                spoken.join(", ")
            ),
            format!(
                "The board of {} lacks, from {}: {}.",
                player.en(),
                at.en,
                spoken_en.join(", ")
            ),
        ),
    );
}

/// `player`'s board shows the legal move `m` where the last recorded move was made.
fn wrong_move_executed(b: &mut Builder<'_>, player: Player, m: Move, agreed: Agreed<'_>) {
    let Agreed { moves, positions } = agreed;
    let n = moves.len();
    let before = &positions[n - 1];
    let at = say_ply(&b.ev.start, ply(n));
    let rec = say_move(before, moves[n - 1]);
    let exe = say_move(before, m);
    b.diverge_at(ply(n));
    b.finding(
        FindingKind::WrongMoveExecuted {
            board: player,
            ply: ply(n),
            recorded: san(before, moves[n - 1]),
            executed: san(before, m),
        },
        Words::new(
            format!(
                "Auf dem Brett {} wurde bei {} {} statt {} ausgeführt.",
                player.de_genitive(),
                at.de,
                exe.de,
                rec.de
            ),
            format!(
                "On the board of {}, {} was executed at {} instead of {}.",
                player.en(),
                exe.en,
                at.en,
                rec.en
            ),
        ),
    );
}

/// `player`'s board differs from the game's position on some squares: named, with the
/// last move that touched one of them.
fn board_disturbed(b: &mut Builder<'_>, player: Player, board: &Board, agreed: Agreed<'_>) {
    let Agreed { moves, positions } = agreed;
    let n = moves.len();
    let target = positions[n].board();
    let squares: Vec<Square> = Square::ALL
        .into_iter()
        .filter(|&sq| board.piece_at(sq) != target.piece_at(sq))
        .collect();
    let since = (0..n)
        .rev()
        .find(|&i| touched(moves[i]).iter().any(|sq| squares.contains(sq)))
        .map_or(0, |i| i + 1);
    b.diverge_at(ply(since));
    let names = |lang: annabella_phonetic::Language| {
        let lex = annabella_phonetic::Lexicon::get(lang);
        squares
            .iter()
            .map(|&sq| lex.square_words(sq))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (since_de, since_en) = if since == 0 {
        (
            "seit der Ausgangsstellung".to_owned(),
            "since the starting position".to_owned(),
        )
    } else {
        let at = say_ply(&b.ev.start, ply(since));
        (format!("seit {}", at.de), format!("since {}", at.en))
    };
    b.finding(
        FindingKind::BoardDisturbed {
            board: player,
            since_ply: ply(since),
            squares: squares.clone(),
        },
        Words::new(
            format!(
                "Auf dem Brett {} stimmen die Felder {} nicht ({since_de}).",
                player.de_genitive(),
                names(annabella_phonetic::Language::De)
            ),
            format!(
                "On the board of {} these squares are wrong: {} ({since_en}).",
                player.en(),
                names(annabella_phonetic::Language::En)
            ),
        ),
    );
}
