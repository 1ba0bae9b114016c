//! The web console's cost per table update: `Observer::view` (the game's boards replayed,
//! the peg board's pieces inferred, the D.2.9 plan reconciled, the view compared and
//! published) on a 60-ply game whose last move was copied wrongly on the peg board, vs
//! the peer `annabella_arbiter::reconcile` alone on the same evidence (the least any
//! console showing a plan must do).

use std::{hint::black_box, time::Duration};

use annabella_arbiter::{Evidence, Record, reconcile};
use annabella_table::{Table, TableConfig};
use annabella_view::observer::{self, Observer};
use criterion::{Criterion, criterion_group, criterion_main};
use shakmaty::{Chess, Position, san::SanPlus};

/// A 60-ply game from fixed pseudo-random legal moves (no game end; the last move is
/// a plain one).
fn game() -> (Vec<SanPlus>, Chess) {
    let mut pos = Chess::default();
    let mut sans = Vec::new();
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    while sans.len() < 60 {
        let moves = pos.legal_moves();
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let m = moves[(seed % moves.len() as u64) as usize];
        let mut next = pos.clone();
        next.play_unchecked(m);
        if next.is_game_over() || (sans.len() == 59 && (m.is_capture() || m.is_castle())) {
            continue;
        }
        sans.push(SanPlus::from_move(pos.clone(), m));
        pos = next;
    }
    (sans, pos)
}

fn bench(c: &mut Criterion) {
    let config = TableConfig::default();
    let (moves, pos) = game();
    let boards = observer::game_boards(&Chess::default(), &moves);
    let before = &boards[boards.len() - 2];
    // The peg board shows the last move's piece one rank off its square (a wrong copy);
    // the sighted board shows the game.
    let now = pos.board().occupied();
    let to = (now & !before.occupied())
        .into_iter()
        .next()
        .expect("the last move lands on an empty square");
    let off = [8, -8]
        .into_iter()
        .filter_map(|d| to.offset(d))
        .find(|sq| !now.contains(*sq))
        .expect("an empty square next to it");
    let mut peg = now;
    peg.toggle(to);
    peg.toggle(off);
    let mut view = Table::new(config.clone()).expect("table").snapshot();
    view.moves.clone_from(&moves);
    view.peg_board = peg.into_iter().collect();
    view.sighted_board = Some(pos.board().clone());
    view.move_clocks = (0..moves.len() as u64)
        .map(|i| Duration::from_secs(5400 - i * 20))
        .collect();
    let mut observer = Observer::new("Table 1", &config).expect("observer");
    let plan = observer.view(&view).expect("a view").plan;
    assert!(plan.is_some(), "the bench game has a discrepancy");

    let scoresheet: Vec<String> = moves.iter().map(ToString::to_string).collect();
    let vi_board = (observer.last().expect("view").boards.vi.clone()).expect("board");
    let evidence = Evidence {
        start: Chess::default(),
        vi: Record {
            scoresheet: scoresheet.clone(),
            board: vi_board,
        },
        sighted: Record {
            scoresheet: scoresheet.clone(),
            board: pos.board().clone(),
        },
        clocks: observer::readings(
            &Chess::default(),
            Duration::from_secs(5400),
            &view.move_clocks,
        ),
    };
    let mut g = c.benchmark_group("console/view of a 60-ply game with a discrepancy");
    g.bench_function("Observer::view (boards, peg pieces, plan, compare)", |b| {
        b.iter(|| black_box(observer.view(black_box(&view))))
    });
    g.bench_function("peer: reconcile alone", |b| {
        b.iter(|| black_box(reconcile(black_box(&evidence))))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
