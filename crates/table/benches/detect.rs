//! One detected move: the detector's work for a move once the board has settled, beside
//! its peer, generating the legal moves of the same position (which the detector must
//! do at least once).
//!
//! DGT: a settled snapshot after Bd3 goes through [`SnapshotMatcher`]. Peg board: the
//! lift of f1 and the place on d3 go through [`OccupancyTracker`]. The detectors start
//! having seen the board in sync (set-up, not timed). Run:
//! `cargo bench -p annabella-table --bench detect`.

use std::hint::black_box;
use std::time::Duration;

use annabella_table::detect::{DetectConfig, Detection, OccupancyTracker, SnapshotMatcher};
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position, Square};

fn middlegame() -> Chess {
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8"
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

fn bench(c: &mut Criterion) {
    let pos = middlegame();
    let t0 = Duration::ZERO;
    c.bench_function("peer: legal moves (middlegame)", |b| {
        b.iter(|| black_box(&pos).legal_moves())
    });

    let mut board = pos.board().clone();
    let bishop = board.remove_piece_at(Square::F1).unwrap();
    board.set_piece_at(Square::D3, bishop);
    let synced = || {
        let mut matcher = SnapshotMatcher::new(pos.clone(), DetectConfig::DGT);
        matcher.handle_snapshot(t0, pos.board().clone());
        assert_eq!(matcher.poll_event(), Some(Detection::InSync));
        matcher
    };
    c.bench_function("dgt snapshot to move (middlegame, Bd3)", |b| {
        b.iter_batched(
            synced,
            |mut matcher| {
                matcher.handle_snapshot(t0, black_box(board.clone()));
                let got = matcher.poll_event();
                assert!(matches!(got, Some(Detection::Move(_))), "{got:?}");
                got
            },
            BatchSize::SmallInput,
        )
    });

    let synced = || {
        let mut tracker = OccupancyTracker::new(pos.clone(), DetectConfig::PEG);
        tracker.handle_snapshot(t0, pos.board().occupied());
        assert_eq!(tracker.poll_event(), Some(Detection::InSync));
        tracker
    };
    c.bench_function("peg lift and place to move (middlegame, Bd3)", |b| {
        b.iter_batched(
            synced,
            |mut tracker| {
                tracker.handle_lift(t0, black_box(Square::F1), 100);
                tracker.handle_place(t0, black_box(Square::D3), 700);
                tracker.handle_timeout(t0 + Duration::from_secs(1));
                let got = std::iter::from_fn(|| tracker.poll_event())
                    .find(|d| matches!(d, Detection::Move(_)));
                assert!(got.is_some());
                got
            },
            BatchSize::SmallInput,
        )
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
