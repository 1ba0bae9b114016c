//! Property: take a random game, corrupt one board or one scoresheet at a random ply in a
//! random way; the plan's steps bring both boards to the position of the agreed moves.

use annabella_arbiter::{Case, Evidence, Plan, Player, Record, reconcile};
use proptest::prelude::*;
use shakmaty::{Board, Chess, Color, Piece, Position, Role, Square, san::San, uci::UciMove};

/// A random legal game: each choice picks among the legal moves; stops at the game's end.
fn play(choices: &[u16]) -> (Vec<Chess>, Vec<shakmaty::Move>) {
    let mut positions = vec![Chess::default()];
    let mut moves = Vec::new();
    for &c in choices {
        let pos = positions.last().expect("start").clone();
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[usize::from(c) % legal.len()];
        let mut next = pos;
        next.play_unchecked(m);
        moves.push(m);
        positions.push(next);
    }
    (positions, moves)
}

fn sans(positions: &[Chess], moves: &[shakmaty::Move]) -> Vec<String> {
    moves
        .iter()
        .zip(positions)
        .map(|(&m, p)| San::from_move(p, m).to_string())
        .collect()
}

#[derive(Debug, Clone, Copy)]
enum Corruption {
    /// The board shows an earlier ply (moves made on the other board only).
    BoardBehind,
    /// The last move executed as another legal move.
    BoardOtherMove,
    /// A piece moved to an empty square.
    BoardPieceMoved,
    /// A piece (not a king) taken off.
    BoardPieceRemoved,
    /// A piece put on an empty square.
    BoardPieceAdded,
    /// Two pieces exchanged.
    BoardPiecesSwapped,
    /// An entry left out.
    SheetMissing,
    /// Two entries exchanged.
    SheetSwapped,
    /// An entry replaced by another legal move.
    SheetOtherMove,
    /// An entry replaced by an illegal or unreadable one.
    SheetIllegal,
    /// The last entries not yet written.
    SheetTruncated,
    /// The scoresheet written in UCI (no corruption at all).
    SheetUci,
}

const ALL: [Corruption; 12] = [
    Corruption::BoardBehind,
    Corruption::BoardOtherMove,
    Corruption::BoardPieceMoved,
    Corruption::BoardPieceRemoved,
    Corruption::BoardPieceAdded,
    Corruption::BoardPiecesSwapped,
    Corruption::SheetMissing,
    Corruption::SheetSwapped,
    Corruption::SheetOtherMove,
    Corruption::SheetIllegal,
    Corruption::SheetTruncated,
    Corruption::SheetUci,
];

fn pick<T: Copy>(items: &[T], r: u16) -> Option<T> {
    (!items.is_empty()).then(|| items[usize::from(r) % items.len()])
}

/// Corrupts the board or scoresheet; returns the ply index it touched (for sheets).
fn corrupt(
    c: Corruption,
    r: [u16; 3],
    positions: &[Chess],
    moves: &[shakmaty::Move],
    board: &mut Board,
    sheet: &mut Vec<String>,
) -> Option<usize> {
    let n = moves.len();
    let empty: Vec<Square> = (!board.occupied()).into_iter().collect();
    let occupied: Vec<Square> = board.occupied().into_iter().collect();
    let non_kings: Vec<Square> = (board.occupied() & !board.kings()).into_iter().collect();
    match c {
        Corruption::BoardBehind => {
            *board = positions[usize::from(r[0]) % n].board().clone();
        }
        Corruption::BoardOtherMove => {
            let before = &positions[n - 1];
            let others: Vec<_> = before
                .legal_moves()
                .into_iter()
                .filter(|&m| m != moves[n - 1])
                .collect();
            if let Some(m) = pick(&others, r[0]) {
                let mut p = before.clone();
                p.play_unchecked(m);
                *board = p.board().clone();
            }
        }
        Corruption::BoardPieceMoved => {
            if let (Some(from), Some(to)) = (pick(&occupied, r[0]), pick(&empty, r[1])) {
                let p = board.remove_piece_at(from).expect("occupied");
                board.set_piece_at(to, p);
            }
        }
        Corruption::BoardPieceRemoved => {
            if let Some(sq) = pick(&non_kings, r[0]) {
                board.discard_piece_at(sq);
            }
        }
        Corruption::BoardPieceAdded => {
            if let Some(sq) = pick(&empty, r[0]) {
                let color = if r[1].is_multiple_of(2) {
                    Color::White
                } else {
                    Color::Black
                };
                let role = [
                    Role::Pawn,
                    Role::Knight,
                    Role::Bishop,
                    Role::Rook,
                    Role::Queen,
                ][usize::from(r[2]) % 5];
                board.set_piece_at(sq, Piece { color, role });
            }
        }
        Corruption::BoardPiecesSwapped => {
            if let (Some(a), Some(b)) = (pick(&occupied, r[0]), pick(&occupied, r[1])) {
                let pa = board.piece_at(a).expect("a");
                let pb = board.piece_at(b).expect("b");
                board.set_piece_at(a, pb);
                board.set_piece_at(b, pa);
            }
        }
        Corruption::SheetMissing => {
            let i = usize::from(r[0]) % n;
            sheet.remove(i);
            // Leaving out the last entry is only "not yet written".
            return (i + 1 < n).then_some(i);
        }
        Corruption::SheetSwapped => {
            let i = usize::from(r[0]) % n;
            let j = usize::from(r[1]) % n;
            sheet.swap(i, j);
            return Some(i.min(j));
        }
        Corruption::SheetOtherMove => {
            let i = usize::from(r[0]) % n;
            let others: Vec<_> = positions[i]
                .legal_moves()
                .into_iter()
                .filter(|&m| m != moves[i])
                .collect();
            if let Some(m) = pick(&others, r[1]) {
                sheet[i] = San::from_move(&positions[i], m).to_string();
                return Some(i);
            }
        }
        Corruption::SheetIllegal => {
            let i = usize::from(r[0]) % n;
            sheet[i] =
                ["Qxh9", "Zf3", "Ke5", "O-O-O", "a1a1", "Nxb1"][usize::from(r[1]) % 6].to_owned();
            return Some(i);
        }
        Corruption::SheetTruncated => {
            sheet.truncate(usize::from(r[0]) % n);
        }
        Corruption::SheetUci => {
            *sheet = moves
                .iter()
                .map(|&m| UciMove::from_standard(m).to_string())
                .collect();
        }
    }
    None
}

fn check(ev: &Evidence, plan: &Plan) -> Result<(), TestCaseError> {
    let target = plan.target_board();
    for (player, record) in [(Player::Vi, &ev.vi), (Player::Sighted, &ev.sighted)] {
        let fixed = plan.apply(player, &record.board);
        prop_assert!(fixed.is_ok(), "{player}: {fixed:?}\n{plan:#?}");
        prop_assert_eq!(fixed.ok(), Some(target.clone()), "{} board", player);
    }
    // The target is the position after the agreed moves.
    let mut pos = ev.start.clone();
    for san in &plan.agreed {
        let m = san.parse::<San>().expect("agreed SAN").to_move(&pos);
        prop_assert!(m.is_ok(), "agreed move {san} illegal\n{plan:#?}");
        pos.play_unchecked(m.expect("legal"));
    }
    prop_assert_eq!(pos.board(), &target);
    prop_assert_eq!(plan.agreed.len(), plan.target_ply as usize);
    // Serde round trip.
    let json = serde_json::to_string(plan).expect("json");
    let back: Plan = serde_json::from_str(&json).expect("from json");
    prop_assert_eq!(&back, plan);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn one_corruption_is_put_right(
        choices in prop::collection::vec(any::<u16>(), 1..90),
        kind in 0..ALL.len(),
        r in any::<[u16; 3]>(),
        vi_side in any::<bool>(),
    ) {
        let (positions, moves) = play(&choices);
        prop_assume!(!moves.is_empty());
        let n = moves.len();
        let truth = positions[n].board().clone();
        let sheet = sans(&positions, &moves);
        let c = ALL[kind];
        let mut board = truth.clone();
        let mut bad_sheet = sheet.clone();
        let at = corrupt(c, r, &positions, &moves, &mut board, &mut bad_sheet);
        let changed = Record { scoresheet: bad_sheet.clone(), board: board.clone() };
        let intact = Record { scoresheet: sheet.clone(), board: truth.clone() };
        let (vi, sighted) = if vi_side { (changed, intact) } else { (intact, changed) };
        let ev = Evidence { start: Chess::default(), vi, sighted, clocks: Vec::new() };
        let plan = reconcile(&ev);
        check(&ev, &plan)?;

        let target = plan.target_board();
        let board_corrupted = board != truth;
        let sheet_corrupted = bad_sheet != sheet && !matches!(c, Corruption::SheetUci);
        if !board_corrupted && !sheet_corrupted {
            // Nothing changed (or only the notation): full agreement.
            prop_assert_eq!(plan.case, Case::Agreement, "{:?}\n{:#?}", c, plan);
            prop_assert!(plan.fix.is_empty());
            prop_assert_eq!(target, truth);
        } else if board_corrupted {
            // The scoresheets agree: the game stands; the corrupted board is put right,
            // unless the board shows one more legal move that nobody recorded yet.
            prop_assert_eq!(plan.case, Case::ScoresheetsAgree, "{:?}\n{:#?}", c, plan);
            if plan.target_ply as usize == n {
                prop_assert_eq!(&target, &truth);
                prop_assert_eq!(plan.fix.len(), 1);
            } else {
                prop_assert_eq!(plan.target_ply as usize, n + 1);
                prop_assert_eq!(&target, &board);
            }
        } else {
            // A scoresheet slip with both boards right: the game stands, no board moves.
            prop_assert_eq!(&target, &truth, "{:?}\n{:#?}", c, plan);
            prop_assert!(plan.fix.is_empty());
            if let Some(i) = at {
                prop_assert_eq!(plan.case, Case::BoardsAgree, "{:?}\n{:#?}", c, plan);
                // Normally the corrupted ply; later when a swapped-in entry happens to name
                // the same move there.
                prop_assert!(plan.diverge_ply >= Some(i as u32 + 1), "{:?}\n{:#?}", c, plan);
                prop_assert!(!plan.findings.is_empty());
            } else {
                prop_assert_eq!(plan.case, Case::Agreement, "{:?}\n{:#?}", c, plan);
            }
        }
    }
}
