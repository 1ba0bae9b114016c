//! Property test of peg-board move inference: every physically possible ordering of the
//! lifts and places of a random legal move (quiet, capture, en passant, castling incl.
//! Chess960, promotion) is detected as exactly that move, and no intermediate state
//! produces a move.

use std::time::Duration;

use annabella_table::detect::{DetectConfig, Detection, OccupancyTracker, changed_squares};
use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, FromSetup, Move, Position, Role, Setup, Square,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    Lift(Square),
    Place(Square),
}

const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1",
    "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R b KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "rnbqkbnr/pppp1ppp/8/8/2PPp3/8/PP2PPPP/RNBQKBNR b KQkq d3 0 3",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
];

/// A Chess960 start with only kings, rooks and pawns, so castling is possible at once.
fn chess960_castling(n: u32) -> Chess {
    let full = Board::chess960(n);
    let keep = full.kings() | full.rooks() | full.pawns();
    let board: Board = full.iter().filter(|(sq, _)| keep.contains(*sq)).collect();
    let mut setup = Setup::empty();
    setup.castling_rights = board.rooks();
    setup.board = board;
    Chess::from_setup(setup, CastlingMode::Chess960).expect("legal 960 setup")
}

fn start(choice: u32) -> Chess {
    let i = choice as usize % (FENS.len() + 1);
    match FENS.get(i) {
        Some(fen) => fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap(),
        None => chess960_castling(choice % 960),
    }
}

fn is_special(m: &Move) -> bool {
    m.is_castle() || m.is_en_passant() || m.is_promotion() || m.is_capture()
}

/// The physical actions of a move, before ordering.
fn actions(before: &Board, after: &Board) -> Vec<Action> {
    let mut out = Vec::new();
    for sq in changed_squares(before, after) {
        match (before.piece_at(sq), after.piece_at(sq)) {
            (Some(_), None) => out.push(Action::Lift(sq)),
            (None, Some(_)) => out.push(Action::Place(sq)),
            _ => {
                out.push(Action::Lift(sq));
                out.push(Action::Place(sq));
            }
        }
    }
    out
}

fn permutations(items: &[Action]) -> Vec<Vec<Action>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut p in permutations(&rest) {
            p.insert(0, first);
            out.push(p);
        }
    }
    out.sort_by_key(|p| format!("{p:?}"));
    out.dedup();
    out
}

/// The square a placed peg comes from: the mover's square (the king's or the rook's
/// for castling).
fn origin(m: &Move, placed: Square, turn: shakmaty::Color) -> Square {
    match *m {
        Move::Castle { king, rook } => {
            let side = m.castling_side().expect("castle");
            if placed == side.king_to(turn) {
                king
            } else {
                rook
            }
        }
        _ => m.from().expect("board move"),
    }
}

/// Physically possible: lift only a full hole, place only into an empty one, and only
/// the peg that belongs there, after it was lifted.
fn possible(start: Bitboard, m: &Move, turn: shakmaty::Color, order: &[Action]) -> bool {
    let (mut occ, mut lifted) = (start, Bitboard::EMPTY);
    for a in order {
        match *a {
            Action::Lift(sq) if occ.contains(sq) => {
                occ.discard(sq);
                lifted.add(sq);
            }
            Action::Place(sq) if !occ.contains(sq) && lifted.contains(origin(m, sq, turn)) => {
                occ.add(sq);
            }
            _ => return false,
        }
    }
    true
}

fn feed(t: &mut OccupancyTracker, t0: Duration, order: &[Action]) -> Duration {
    let mut now = t0;
    for (i, a) in order.iter().enumerate() {
        now = t0 + Duration::from_millis(100 * (i as u64 + 1));
        match *a {
            Action::Lift(sq) => t.handle_lift(now, sq, i as u32),
            Action::Place(sq) => t.handle_place(now, sq, i as u32),
        }
    }
    now
}

fn outcomes(t: &mut OccupancyTracker) -> Vec<Detection> {
    std::iter::from_fn(|| t.poll_event())
        .filter(|d| !matches!(d, Detection::Touched { .. } | Detection::InSync))
        .collect()
}

fn check_move(pos: &Chess, m: Move) -> Result<(), TestCaseError> {
    let mut next = pos.clone();
    next.play_unchecked(m);
    let (before, after) = (pos.board(), next.board());
    // A board identical to another legal move's (a Chess960 castling where the king stays
    // is also a rook move) cannot be told apart by any board: skip it.
    let twins = pos
        .legal_moves()
        .into_iter()
        .filter(|o| *o != m && !(o.is_promotion() && o.from() == m.from() && o.to() == m.to()))
        .any(|o| {
            let mut q = pos.clone();
            q.play_unchecked(o);
            q.board() == after
        });
    if twins {
        return Ok(());
    }
    let acts = actions(before, after);
    let orders: Vec<_> = permutations(&acts)
        .into_iter()
        .filter(|o| possible(before.occupied(), &m, pos.turn(), o))
        .collect();
    prop_assert!(!orders.is_empty(), "no possible ordering for {m:?}");
    let t0 = Duration::ZERO;
    for order in &orders {
        // The whole ordering, with 100 ms between actions: exactly this move.
        let mut t = OccupancyTracker::new(pos.clone(), DetectConfig::PEG);
        t.handle_snapshot(t0, before.occupied());
        let mut now = t0;
        for (i, a) in order.iter().enumerate() {
            now = feed_one(&mut t, t0, i, *a);
            if i + 1 < order.len() {
                let early = outcomes(&mut t);
                prop_assert!(
                    early.is_empty(),
                    "{m:?} {order:?}: after action {i}: {early:?}"
                );
            }
        }
        t.handle_timeout(now + Duration::from_secs(5));
        let mut got = outcomes(&mut t);
        if let [Detection::PromotionPending { from, to }] = got.as_slice() {
            prop_assert_eq!((Some(*from), *to), (m.from(), m.to()));
            t.set_promotion(m.promotion().expect("a promotion"));
            got = outcomes(&mut t);
        }
        prop_assert_eq!(&got, &vec![Detection::Move(m)], "{:?} {:?}", m, order);
        prop_assert_eq!(t.position(), &next);

        // Every proper prefix held for ever: no move (but half a castling that is itself a
        // legal rook or king move, reported after the castling grace).
        for cut in 1..order.len() {
            let mut t = OccupancyTracker::new(pos.clone(), DetectConfig::PEG);
            t.handle_snapshot(t0, before.occupied());
            let now = feed(&mut t, t0, &order[..cut]);
            t.handle_timeout(now + Duration::from_secs(10));
            for d in outcomes(&mut t) {
                match d {
                    Detection::Mismatch(_) => {}
                    Detection::Move(r) if castling_half(pos, &m, &r) => {}
                    other => prop_assert!(false, "{m:?} prefix {:?} gave {other:?}", &order[..cut]),
                }
            }
        }
    }
    Ok(())
}

/// `r` moves the rook (or the king) of castling `m` to its castling square.
fn castling_half(pos: &Chess, m: &Move, r: &Move) -> bool {
    let (Move::Castle { king, rook }, Some(side)) = (*m, m.castling_side()) else {
        return false;
    };
    let turn = pos.turn();
    (r.from() == Some(rook) && r.to() == side.rook_to(turn) && r.role() == Role::Rook)
        || (r.from() == Some(king) && r.to() == side.king_to(turn) && r.role() == Role::King)
}

fn feed_one(t: &mut OccupancyTracker, t0: Duration, i: usize, a: Action) -> Duration {
    let now = t0 + Duration::from_millis(100 * (i as u64 + 1));
    match a {
        Action::Lift(sq) => t.handle_lift(now, sq, i as u32),
        Action::Place(sq) => t.handle_place(now, sq, i as u32),
    }
    now
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn every_ordering_is_detected_as_exactly_that_move(
        choice in any::<u32>(),
        playout in prop::collection::vec(any::<u16>(), 0..10),
        special in any::<bool>(),
        pick in any::<u16>(),
    ) {
        let mut pos = start(choice);
        for r in playout {
            let moves = pos.legal_moves();
            if moves.is_empty() { break; }
            // Keep castling available: prefer moves of pawns, knights and bishops.
            let quiet: Vec<Move> = moves.iter().copied().filter(|m| matches!(m.role(), Role::Pawn | Role::Knight | Role::Bishop)).collect();
            let from = if quiet.is_empty() { moves.to_vec() } else { quiet };
            pos.play_unchecked(from[r as usize % from.len()]);
        }
        let moves = pos.legal_moves();
        prop_assume!(!moves.is_empty());
        let specials: Vec<Move> = moves.iter().copied().filter(is_special).collect();
        let pool = if special && !specials.is_empty() { specials } else { moves.to_vec() };
        check_move(&pos, pool[pick as usize % pool.len()])?;
    }
}

#[test]
fn named_cases() {
    let cases = [
        (
            "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1",
            "e1g1",
        ),
        (
            "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1",
            "e1c1",
        ),
        (
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "e5f6",
        ),
        ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1", "b7a8q"),
        ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1", "b7b8n"),
        (
            "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
            "e4d5",
        ),
    ];
    for (fen, uci) in cases {
        let pos: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let m = uci
            .parse::<shakmaty::uci::UciMove>()
            .unwrap()
            .to_move(&pos)
            .unwrap();
        check_move(&pos, m).unwrap_or_else(|e| panic!("{fen} {uci}: {e}"));
    }
    for n in [0, 518, 959, 100] {
        let pos = chess960_castling(n);
        for m in pos.legal_moves().into_iter().filter(|m| m.is_castle()) {
            check_move(&pos, m).unwrap_or_else(|e| panic!("960 #{n} {m:?}: {e}"));
        }
    }
}
