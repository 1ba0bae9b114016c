//! Bytes → detected move: the host-side work for one move after the debounce.
//!
//! DGT: the board's field updates for e2–e4 and the board dump that answers the
//! post-debounce request go through [`DgtBoard`] and [`SnapshotMatcher`] until the move
//! comes out. Peg board: the framed LIFT/PLACE packets go through [`PegBoard`] and
//! [`OccupancyTracker`]. The detectors start having seen the board in sync (set-up, not
//! timed). Run: `cargo bench -p annabella-devices --bench detect`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use annabella_devices::detect::{DetectConfig, Detection, OccupancyTracker, SnapshotMatcher};
use annabella_devices::dgt::{self, DgtBoard, DgtEvent, square_to_dgt};
use annabella_devices::link::packet_frame;
use annabella_devices::peg::{PegBoard, PegEvent};
use annabella_devices::proto::Message;
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

fn dgt_bytes(pos: &Chess, from: Square, to: Square) -> (Vec<u8>, Vec<u8>) {
    let mut updates = Vec::new();
    let piece = pos.board().piece_at(from);
    dgt::Message::FieldUpdate {
        square: from,
        piece: None,
    }
    .encode(&mut updates);
    dgt::Message::FieldUpdate { square: to, piece }.encode(&mut updates);
    let mut board = pos.board().clone();
    board.discard_piece_at(from);
    board.set_piece_at(to, piece.unwrap());
    let mut dump = Vec::new();
    dgt::Message::BoardDump(board).encode(&mut dump);
    (updates, dump)
}

fn bench(c: &mut Criterion) {
    let pos = middlegame();
    let (updates, dump) = dgt_bytes(&pos, Square::F1, Square::D3);
    assert_eq!(square_to_dgt(Square::F1), 61);
    // Setup (not timed): a host side and a matcher that has seen the board in sync.
    let synced = || {
        let t0 = Instant::now();
        let mut matcher = SnapshotMatcher::new(pos.clone(), DetectConfig::DGT);
        matcher.handle_snapshot(t0, pos.board().clone());
        assert_eq!(matcher.poll_event(), Some(Detection::InSync));
        (DgtBoard::default(), matcher, t0)
    };
    c.bench_function("dgt bytes to move (middlegame, Bd3)", |b| {
        b.iter_batched(
            synced,
            |(mut board, mut matcher, t0)| {
                board.handle_bytes(t0, black_box(&updates));
                board.handle_timeout(t0 + Duration::from_millis(250));
                let mut out = Vec::new();
                board.poll_transmit(&mut out);
                board.handle_bytes(t0 + Duration::from_millis(260), black_box(&dump));
                while let Some(ev) = board.poll_event() {
                    if let DgtEvent::Snapshot(b) = ev {
                        matcher.handle_snapshot(t0, b);
                    }
                }
                let got = matcher.poll_event();
                assert!(matches!(got, Some(Detection::Move(_))), "{got:?}");
                got
            },
            BatchSize::SmallInput,
        )
    });

    let mut peg_bytes = Vec::new();
    peg_bytes.extend(packet_frame(
        5,
        &Message::Lift {
            square: Square::F1 as u8,
            time_ms: 100,
        },
    ));
    peg_bytes.extend(packet_frame(
        6,
        &Message::Place {
            square: Square::D3 as u8,
            time_ms: 700,
        },
    ));
    let synced = || {
        let t0 = Instant::now();
        let mut tracker = OccupancyTracker::new(pos.clone(), DetectConfig::PEG);
        tracker.handle_snapshot(t0, pos.board().occupied());
        assert_eq!(tracker.poll_event(), Some(Detection::InSync));
        (PegBoard::default(), tracker, t0)
    };
    c.bench_function("peg bytes to move (middlegame, Bd3)", |b| {
        b.iter_batched(
            synced,
            |(mut peg, mut tracker, t0)| {
                peg.handle_bytes(t0, black_box(&peg_bytes));
                while let Some(ev) = peg.poll_event() {
                    match ev {
                        PegEvent::Lift { square, time_ms } => {
                            tracker.handle_lift(t0, square, time_ms)
                        }
                        PegEvent::Place { square, time_ms } => {
                            tracker.handle_place(t0, square, time_ms)
                        }
                        _ => {}
                    }
                }
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
