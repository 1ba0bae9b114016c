//! The real transports over pseudo-terminal pairs, against the simulated devices. What
//! the devices report is fed into the table's move detector ([`annabella_table::detect`])
//! with explicit times, to show that it sees the moves, touches and mismatches.

use std::time::Duration;

use annabella_devices::clock::{ClockEvent, TactileClock};
use annabella_devices::dgt::{ClockCommand, ClockRun, DgtBoard, DgtEvent};
use annabella_devices::link::LinkConfig;
use annabella_devices::peg::{PegBoard, PegEvent};
use annabella_devices::proto::{Button, ButtonChange, LeverPress, Message, Running};
use annabella_devices::sim::{
    ClockAction, ClockSim, DgtAction, DgtSim, PegAction, PegBoardSim, Simulator, start_board,
    start_occupancy,
};
use annabella_devices::transport::{Codec, Link, PortConfig, PortEvent, spawn};
use annabella_phonetic::Language;
use annabella_table::detect::{DetectConfig, Detection, OccupancyTracker, SnapshotMatcher};
use shakmaty::uci::UciMove;
use shakmaty::{Board, Chess, Color, Position, Square};

/// Waits for the first event matching `want`, failing after 10 s; returns the events
/// seen on the way (the match last).
async fn until<C: Codec>(
    link: &mut Link<C>,
    want: impl Fn(&PortEvent<C::Event>) -> bool,
) -> Vec<PortEvent<C::Event>> {
    let mut seen = Vec::new();
    let r = tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(ev) = link.next_event().await {
            let hit = want(&ev);
            seen.push(ev);
            if hit {
                return true;
            }
        }
        false
    })
    .await;
    assert!(matches!(r, Ok(true)), "event not seen; got {seen:?}");
    seen
}

fn fast(path: &std::path::Path, baud: u32) -> PortConfig {
    let mut c = PortConfig::new(path, baud);
    c.keep_alive = Duration::from_millis(200);
    c.silence = Duration::from_millis(3000);
    c.backoff = Duration::from_millis(50);
    c.backoff_max = Duration::from_millis(200);
    c
}

fn is_snapshot(e: &PortEvent<DgtEvent>) -> bool {
    matches!(e, PortEvent::Device(DgtEvent::Snapshot(_)))
}

/// The DGT snapshots among `events`, in order.
fn snapshots(events: &[PortEvent<DgtEvent>]) -> Vec<Board> {
    events
        .iter()
        .filter_map(|e| match e {
            PortEvent::Device(DgtEvent::Snapshot(b)) => Some(b.clone()),
            _ => None,
        })
        .collect()
}

/// Waits for the snapshot showing `board`; returns every snapshot on the way.
async fn until_board(link: &mut Link<DgtBoard>, board: &Board) -> Vec<Board> {
    snapshots(
        &until(
            link,
            |e| matches!(e, PortEvent::Device(DgtEvent::Snapshot(b)) if b == board),
        )
        .await,
    )
}

/// The move `uci` in `pos`, and the position after it.
fn play(pos: &Chess, uci: &str) -> (shakmaty::Move, Chess) {
    let m = uci.parse::<UciMove>().unwrap().to_move(pos).unwrap();
    let mut next = pos.clone();
    next.play_unchecked(m);
    (m, next)
}

/// Feeds snapshots into the detector 100 ms apart from `t`; returns its detections and
/// the time of the last snapshot.
fn detect(
    matcher: &mut SnapshotMatcher,
    t: Duration,
    boards: Vec<Board>,
) -> (Vec<Detection>, Duration) {
    let mut now = t;
    for b in boards {
        now += Duration::from_millis(100);
        matcher.handle_snapshot(now, b);
    }
    (std::iter::from_fn(|| matcher.poll_event()).collect(), now)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dgt_move_is_detected_after_debounce_and_dump() {
    let sim = Simulator::spawn(DgtSim::new(start_board())).unwrap();
    let mut link = spawn(fast(sim.path(), 9600), DgtBoard::default());
    let mut matcher = SnapshotMatcher::new(Chess::default(), DetectConfig::DGT);
    until(&mut link, |e| {
        matches!(
            e,
            PortEvent::Opened {
                reconnect: false,
                ..
            }
        )
    })
    .await;
    let first = snapshots(&until(&mut link, is_snapshot).await);
    let (got, t) = detect(&mut matcher, Duration::ZERO, first);
    assert_eq!(got, vec![Detection::InSync]);
    // A capture sequence with intermediate states: only the final move comes out.
    sim.act(DgtAction::Move("e2e4".into())).unwrap();
    let (m, e4) = play(&Chess::default(), "e2e4");
    let (got, t) = detect(&mut matcher, t, until_board(&mut link, e4.board()).await);
    assert_eq!(got.last(), Some(&Detection::Move(m)));
    sim.act(DgtAction::Move("d7d5".into())).unwrap();
    let (m, d5) = play(&e4, "d7d5");
    let (got, t) = detect(&mut matcher, t, until_board(&mut link, d5.board()).await);
    assert_eq!(got, vec![Detection::Move(m)]);
    sim.act(DgtAction::Lift("d5".into())).unwrap();
    tokio::time::sleep(Duration::from_millis(400)).await;
    sim.act(DgtAction::Move("e4d5".into())).unwrap();
    let (m, exd5) = play(&d5, "e4d5");
    let (got, t) = detect(&mut matcher, t, until_board(&mut link, exd5.board()).await);
    assert_eq!(got.last(), Some(&Detection::Move(m)));
    assert!(
        !got.iter().any(|e| matches!(e, Detection::Mismatch(_))),
        "{got:?}"
    );
    // A knocked-over piece that stays off: described in words.
    sim.act(DgtAction::Lift("d1".into())).unwrap();
    let mut knocked = exd5.board().clone();
    knocked.discard_piece_at(Square::D1);
    let (got, t) = detect(&mut matcher, t, until_board(&mut link, &knocked).await);
    assert_eq!(got, vec![]);
    matcher.handle_timeout(t + DetectConfig::DGT.mismatch_after);
    let Some(Detection::Mismatch(diffs)) = matcher.poll_event() else {
        panic!("no mismatch")
    };
    let words = |l| diffs.iter().map(|d| d.instruction(l)).collect::<Vec<_>>();
    assert_eq!(
        words(Language::En),
        vec!["Put the white Queen on David one."]
    );
    assert_eq!(
        words(Language::De),
        vec!["Setzen Sie die weiße Dame auf David eins."]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dgt_clock_commands_are_acked_and_retried() {
    let sim = Simulator::spawn(DgtSim::new(start_board())).unwrap();
    sim.inspect(|d| d.drop_clock_acks = 1).unwrap();
    let mut link = spawn(fast(sim.path(), 9600), DgtBoard::default());
    until(&mut link, |e| matches!(e, PortEvent::Opened { .. })).await;
    link.command(|b, now| {
        b.clock_command(
            now,
            ClockCommand::SetAndRun {
                left: Duration::from_secs(300),
                right: Duration::from_secs(300),
                run: ClockRun::Left,
            },
        )
    });
    link.command(|b, now| {
        b.clock_command(
            now,
            ClockCommand::Text {
                text: "annabell".into(),
                beep: false,
            },
        )
    });
    let ack = |e: &PortEvent<DgtEvent>| matches!(e, PortEvent::Device(DgtEvent::ClockAck(_)));
    until(&mut link, ack).await;
    until(&mut link, ack).await;
    // The running DGT 3000 reports its times through the board (left shown as White).
    let seen = until(&mut link, |e| {
        matches!(e, PortEvent::Device(DgtEvent::ClockTimes(_)))
    })
    .await;
    let Some(PortEvent::Device(DgtEvent::ClockTimes(times))) = seen.last() else {
        unreachable!()
    };
    let (white_ms, black_ms) = (times.left.as_millis(), times.right.as_millis());
    assert!((298_000..=300_000).contains(&white_ms), "{white_ms}");
    assert_eq!(black_ms, 300_000);
    let log = sim
        .inspect(|d| d.clock_log.iter().map(|(c, _)| *c).collect::<Vec<_>>())
        .unwrap();
    assert_eq!(
        log,
        vec![0x0A, 0x0A, 0x0C],
        "first set-and-run retried once, then the text"
    );
    sim.act(DgtAction::ClockButton(3)).unwrap();
    until(&mut link, |e| {
        *e == PortEvent::Device(DgtEvent::ClockButton(3))
    })
    .await;
}

/// Feeds one peg-board event into the tracker at `now`.
fn feed_peg(tracker: &mut OccupancyTracker, now: Duration, ev: &PortEvent<PegEvent>) {
    match ev {
        PortEvent::Device(PegEvent::Snapshot { occupancy, .. }) => {
            tracker.handle_snapshot(now, *occupancy)
        }
        PortEvent::Device(PegEvent::Lift { square, time_ms }) => {
            tracker.handle_lift(now, *square, *time_ms)
        }
        PortEvent::Device(PegEvent::Place { square, time_ms }) => {
            tracker.handle_place(now, *square, *time_ms)
        }
        PortEvent::Lost { .. } => tracker.handle_gap(),
        _ => {}
    }
}

/// Feeds the events 100 ms apart from `t`; returns the detections and the last time.
fn track(
    tracker: &mut OccupancyTracker,
    t: Duration,
    events: &[PortEvent<PegEvent>],
) -> (Vec<Detection>, Duration) {
    let mut now = t;
    for ev in events {
        now += Duration::from_millis(100);
        feed_peg(tracker, now, ev);
    }
    (std::iter::from_fn(|| tracker.poll_event()).collect(), now)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn peg_board_moves_and_touches() {
    let sim = Simulator::spawn(PegBoardSim::new(start_occupancy())).unwrap();
    let mut link = spawn(
        fast(sim.path(), 115_200),
        PegBoard::new(LinkConfig::default()),
    );
    let mut tracker = OccupancyTracker::new(Chess::default(), DetectConfig::PEG);
    until(&mut link, |e| {
        matches!(e, PortEvent::Device(PegEvent::Hello(_)))
    })
    .await;
    let seen = until(&mut link, |e| {
        matches!(e, PortEvent::Device(PegEvent::Snapshot { .. }))
    })
    .await;
    let (got, t) = track(&mut tracker, Duration::ZERO, &seen);
    assert_eq!(got, vec![Detection::InSync]);
    sim.act(PegAction::Lift("g1".into())).unwrap();
    let seen = until(&mut link, |e| {
        matches!(e, PortEvent::Device(PegEvent::Lift { .. }))
    })
    .await;
    let (got, t) = track(&mut tracker, t, &seen);
    assert!(
        matches!(got.last(), Some(Detection::Touched { square: Square::G1, piece, .. }) if *piece == Color::White.knight()),
        "{got:?}"
    );
    sim.act(PegAction::Place("f3".into())).unwrap();
    let seen = until(&mut link, |e| {
        matches!(e, PortEvent::Device(PegEvent::Place { .. }))
    })
    .await;
    let (_, t) = track(&mut tracker, t, &seen);
    tracker.handle_timeout(t + DetectConfig::PEG.settle);
    let (nf3, pos) = play(&Chess::default(), "g1f3");
    assert_eq!(tracker.poll_event(), Some(Detection::Move(nf3)));
    // The opponent's move is announced; the VI player replicates it on the pegs.
    let (_, pos) = play(&pos, "d7d5");
    tracker.set_position(t, pos);
    sim.act(PegAction::Move("d7d5".into())).unwrap();
    let seen = until(&mut link, |e| {
        matches!(e, PortEvent::Device(PegEvent::Place { .. }))
    })
    .await;
    let (got, _) = track(&mut tracker, t, &seen);
    assert_eq!(got.last(), Some(&Detection::InSync), "{got:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clock_levers_buttons_and_commands() {
    let sim = Simulator::spawn(ClockSim::default()).unwrap();
    let mut link = spawn(
        fast(sim.path(), 115_200),
        TactileClock::new(LinkConfig::default()),
    );
    until(&mut link, |e| {
        matches!(e, PortEvent::Device(ClockEvent::Hello(_)))
    })
    .await;
    link.command(|c, now| {
        c.set_and_run(
            now,
            Duration::from_secs(300),
            Duration::from_secs(300),
            Running::White,
        )
    });
    sim.act(ClockAction::Lever(Color::White)).unwrap();
    until(&mut link, |e| {
        matches!(
            e,
            PortEvent::Device(ClockEvent::Lever(LeverPress {
                side: Color::White,
                ..
            }))
        )
    })
    .await;
    sim.act(ClockAction::Button(Button::PushToTalk)).unwrap();
    sim.act(ClockAction::Release(Button::PushToTalk)).unwrap();
    until(&mut link, |e| {
        matches!(
            e,
            PortEvent::Device(ClockEvent::Button(ButtonChange {
                button: Button::PushToTalk,
                pressed: false,
                ..
            }))
        )
    })
    .await;
    let received = sim.inspect(|c| c.received.clone()).unwrap();
    assert!(
        received.contains(&Message::SetAndRun {
            white_ms: 300_000,
            black_ms: 300_000,
            running: Running::White
        }),
        "{received:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconnect_after_unplug_rereads_and_never_infers_a_move() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("usb-DGT_board");
    let sim = Simulator::spawn_at(DgtSim::new(start_board()), &path).unwrap();
    let mut link = spawn(fast(&path, 9600), DgtBoard::default());
    let mut matcher = SnapshotMatcher::new(Chess::default(), DetectConfig::DGT);
    let first = snapshots(&until(&mut link, is_snapshot).await);
    let (got, t) = detect(&mut matcher, Duration::ZERO, first);
    assert_eq!(got, vec![Detection::InSync]);
    // Unplug: the pty disappears.
    sim.stop();
    until(&mut link, |e| matches!(e, PortEvent::Lost { .. })).await;
    matcher.handle_gap();
    // While unplugged, e2-e4 is played. Plug in again (a new pty behind the same name).
    let (_, e4) = play(&Chess::default(), "e2e4");
    let sim = Simulator::spawn_at(DgtSim::new(e4.board().clone()), &path).unwrap();
    let seen = until(&mut link, is_snapshot).await;
    assert!(
        seen.iter().any(|e| matches!(
            e,
            PortEvent::Opened {
                reconnect: true,
                ..
            }
        )),
        "{seen:?}"
    );
    let (got, t) = detect(&mut matcher, t, snapshots(&seen));
    matcher.handle_timeout(t + DetectConfig::DGT.mismatch_after);
    let got: Vec<Detection> = got.into_iter().chain(matcher.poll_event()).collect();
    assert!(
        matches!(got.as_slice(), [Detection::Mismatch(d)] if d.len() == 2),
        "a move across the gap, or no mismatch: {got:?}"
    );
    // The link works again: put the pawn back, the board is in sync.
    sim.act(DgtAction::Move("e4e2".into())).unwrap();
    let (got, _) = detect(
        &mut matcher,
        t,
        until_board(&mut link, &start_board()).await,
    );
    assert_eq!(got.last(), Some(&Detection::InSync));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn peg_board_reconnects_and_rereads_snapshot() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("usb-annabella_peg");
    let sim = Simulator::spawn_at(PegBoardSim::new(start_occupancy()), &path).unwrap();
    let mut link = spawn(fast(&path, 115_200), PegBoard::new(LinkConfig::default()));
    let mut tracker = OccupancyTracker::new(Chess::default(), DetectConfig::PEG);
    let peg_snapshot =
        |e: &PortEvent<PegEvent>| matches!(e, PortEvent::Device(PegEvent::Snapshot { .. }));
    let seen = until(&mut link, peg_snapshot).await;
    let (got, t) = track(&mut tracker, Duration::ZERO, &seen);
    assert_eq!(got, vec![Detection::InSync]);
    drop(sim);
    let seen = until(&mut link, |e| matches!(e, PortEvent::Lost { .. })).await;
    track(&mut tracker, t, &seen);
    let _sim = Simulator::spawn_at(PegBoardSim::new(start_occupancy()), &path).unwrap();
    let seen = until(&mut link, peg_snapshot).await;
    assert!(
        seen.iter().any(|e| matches!(
            e,
            PortEvent::Opened {
                reconnect: true,
                ..
            }
        )),
        "{seen:?}"
    );
    assert!(
        seen.iter()
            .any(|e| matches!(e, PortEvent::Device(PegEvent::Hello(_)))),
        "{seen:?}"
    );
    let (got, _) = track(&mut tracker, t, &seen);
    assert_eq!(got, vec![Detection::InSync]);
    assert_eq!(Chess::default().board().occupied(), start_occupancy());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_board_is_a_gap_found_by_keep_alive() {
    let sim = Simulator::spawn(DgtSim::new(start_board())).unwrap();
    let mut config = fast(sim.path(), 9600);
    config.silence = Duration::from_millis(800);
    let mut link = spawn(config, DgtBoard::default());
    until(&mut link, is_snapshot).await;
    // The board hangs (the port stays open): the keep-alive goes unanswered.
    sim.inspect(|d| d.mute = true).unwrap();
    let seen = until(&mut link, |e| matches!(e, PortEvent::Lost { .. })).await;
    assert!(
        matches!(seen.last(), Some(PortEvent::Lost { reason }) if reason.contains("no answer")),
        "{seen:?}"
    );
    // It comes back after the host's re-read went unanswered: the keep-alive asks again.
    tokio::time::sleep(Duration::from_millis(300)).await;
    sim.inspect(|d| d.mute = false).unwrap();
    until(&mut link, |e| {
        matches!(
            e,
            PortEvent::Opened {
                reconnect: true,
                ..
            }
        )
    })
    .await;
    let seen = until(&mut link, is_snapshot).await;
    assert_eq!(snapshots(&seen).last(), Some(&start_board()));
}
