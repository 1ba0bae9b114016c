//! Benchmarks of the reconciliation of an 80-ply game, against the peer of replaying the
//! same two scoresheets with shakmaty alone (SAN parse + play).

use std::hint::black_box;

use annabella_arbiter::{Evidence, Record, reconcile, restore};
use criterion::{Criterion, criterion_group, criterion_main};
use shakmaty::{Board, Chess, Position, Square, san::San};

/// A deterministic 80-ply game: at each ply the legal move picked by a fixed sequence.
fn game(plies: usize) -> (Vec<String>, Vec<Chess>) {
    let mut pos = Chess::default();
    let mut sans = Vec::new();
    let mut positions = vec![pos.clone()];
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let m = legal[usize::try_from(seed >> 33).unwrap_or(0) % legal.len()];
        sans.push(San::from_move(&pos, m).to_string());
        pos.play_unchecked(m);
        positions.push(pos.clone());
    }
    (sans, positions)
}

fn replay(sheet: &[String]) -> Chess {
    let mut pos = Chess::default();
    for s in sheet {
        let m = s.parse::<San>().expect("san").to_move(&pos).expect("legal");
        pos.play_unchecked(m);
    }
    pos
}

fn benches(c: &mut Criterion) {
    let (sheet, positions) = game(80);
    let n = sheet.len();
    let last = positions[n].board().clone();
    // Scoresheets agree; one board lacks the last two moves and has a piece knocked off.
    let mut behind = positions[n - 2].board().clone();
    let knocked = (behind.occupied() & !behind.kings())
        .into_iter()
        .next()
        .unwrap_or(Square::A1);
    behind.discard_piece_at(knocked);
    let agree = Evidence {
        start: Chess::default(),
        vi: Record {
            scoresheet: sheet.clone(),
            board: last.clone(),
        },
        sighted: Record {
            scoresheet: sheet.clone(),
            board: behind,
        },
        clocks: Vec::new(),
    };
    // Scoresheets differ at ply 41 (the sighted player left out a move).
    let mut short = sheet.clone();
    short.remove(40);
    let differ = Evidence {
        start: Chess::default(),
        vi: Record {
            scoresheet: sheet.clone(),
            board: last.clone(),
        },
        sighted: Record {
            scoresheet: short.clone(),
            board: replay(&short[..40]).board().clone(),
        },
        clocks: Vec::new(),
    };
    c.bench_function(
        "reconcile 80 plies, scoresheets agree, board disturbed",
        |b| b.iter(|| reconcile(black_box(&agree))),
    );
    c.bench_function(
        "reconcile 80 plies, scoresheets differ (missing move)",
        |b| b.iter(|| reconcile(black_box(&differ))),
    );
    c.bench_function("restore: start position from an emptied board", |b| {
        let empty = Board::empty();
        let start = Board::default();
        b.iter(|| restore(black_box(&empty), black_box(&start)))
    });
    c.bench_function(
        "peer: shakmaty replay of both scoresheets (SAN parse + play)",
        |b| b.iter(|| (replay(black_box(&sheet)), replay(black_box(&sheet)))),
    );
}

criterion_group!(group, benches);
criterion_main!(group);
