//! The real transports over pseudo-terminal pairs, against the simulated devices.

use std::time::Duration;

use annabella_devices::dgt::{ClockCommand, ClockRun};
use annabella_devices::proto::{Button, Message, Running, Side};
use annabella_devices::sim::{
    ClockAction, ClockSim, DgtAction, DgtSim, PegAction, PegBoardSim, Simulator, start_board,
    start_occupancy,
};
use annabella_devices::transport::PortConfig;
use annabella_devices::watch::{
    WatchEvent, Watchable, Watcher, watch_clock, watch_dgt, watch_peg_board,
};
use shakmaty::{Chess, Position};

/// Waits for the first event matching `want`, failing after 10 s; returns the events
/// seen on the way (the match last).
async fn until<C: Watchable>(
    w: &mut Watcher<C>,
    want: impl Fn(&WatchEvent) -> bool,
) -> Vec<WatchEvent> {
    let mut seen = Vec::new();
    let r = tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(ev) = w.next().await {
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dgt_move_is_detected_after_debounce_and_dump() {
    let sim = Simulator::spawn(DgtSim::new(start_board())).unwrap();
    let mut w = watch_dgt(fast(sim.path(), 9600), Chess::default());
    until(&mut w, |e| {
        matches!(
            e,
            WatchEvent::Opened {
                reconnect: false,
                ..
            }
        )
    })
    .await;
    until(&mut w, |e| *e == WatchEvent::InSync).await;
    // A capture sequence with intermediate states: only the final move comes out.
    sim.act(DgtAction::Move("e2e4".into())).unwrap();
    let seen = until(&mut w, |e| matches!(e, WatchEvent::Move { .. })).await;
    assert_eq!(seen.last(), Some(&WatchEvent::Move { uci: "e2e4".into() }));
    sim.act(DgtAction::Move("d7d5".into())).unwrap();
    until(&mut w, |e| *e == WatchEvent::Move { uci: "d7d5".into() }).await;
    sim.act(DgtAction::Lift("d5".into())).unwrap();
    tokio::time::sleep(Duration::from_millis(400)).await;
    sim.act(DgtAction::Move("e4d5".into())).unwrap();
    let seen = until(&mut w, |e| matches!(e, WatchEvent::Move { .. })).await;
    assert_eq!(seen.last(), Some(&WatchEvent::Move { uci: "e4d5".into() }));
    assert!(
        !seen
            .iter()
            .any(|e| matches!(e, WatchEvent::Mismatch { .. })),
        "{seen:?}"
    );
    // A knocked-over piece that stays off: described in words.
    sim.act(DgtAction::Lift("d1".into())).unwrap();
    let seen = until(&mut w, |e| matches!(e, WatchEvent::Mismatch { .. })).await;
    let Some(WatchEvent::Mismatch { en, de, .. }) = seen.last() else {
        unreachable!()
    };
    assert_eq!(en, &vec!["put the white queen on David eins".to_string()]);
    assert_eq!(de, &vec!["Setze die weiße Dame auf David eins".to_string()]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dgt_clock_commands_are_acked_and_retried() {
    let sim = Simulator::spawn(DgtSim::new(start_board())).unwrap();
    sim.inspect(|d| d.drop_clock_acks = 1).unwrap();
    let mut w = watch_dgt(fast(sim.path(), 9600), Chess::default());
    until(&mut w, |e| matches!(e, WatchEvent::Opened { .. })).await;
    w.command(|b, now| {
        b.clock_command(
            now,
            ClockCommand::SetAndRun {
                left: Duration::from_secs(300),
                right: Duration::from_secs(300),
                run: ClockRun::Left,
            },
        )
    });
    w.command(|b, now| {
        b.clock_command(
            now,
            ClockCommand::Text {
                text: "annabell".into(),
                beep: false,
            },
        )
    });
    until(&mut w, |e| *e == WatchEvent::ClockAck).await;
    until(&mut w, |e| *e == WatchEvent::ClockAck).await;
    // The running DGT 3000 reports its times through the board (left shown as White).
    let seen = until(&mut w, |e| matches!(e, WatchEvent::ClockTimes { .. })).await;
    let Some(WatchEvent::ClockTimes {
        white_ms, black_ms, ..
    }) = seen.last()
    else {
        unreachable!()
    };
    assert!((298_000..=300_000).contains(white_ms), "{white_ms}");
    assert_eq!(*black_ms, 300_000);
    let log = sim
        .inspect(|d| d.clock_log.iter().map(|(c, _)| *c).collect::<Vec<_>>())
        .unwrap();
    assert_eq!(
        log,
        vec![0x0A, 0x0A, 0x0C],
        "first set-and-run retried once, then the text"
    );
    sim.act(DgtAction::ClockButton(3)).unwrap();
    until(&mut w, |e| *e == WatchEvent::ClockButton { code: 3 }).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn peg_board_moves_and_touches() {
    let sim = Simulator::spawn(PegBoardSim::new(start_occupancy())).unwrap();
    let mut w = watch_peg_board(fast(sim.path(), 115_200), Chess::default());
    until(&mut w, |e| matches!(e, WatchEvent::Hello { .. })).await;
    until(&mut w, |e| *e == WatchEvent::InSync).await;
    sim.act(PegAction::Lift("g1".into())).unwrap();
    let seen = until(&mut w, |e| matches!(e, WatchEvent::Touched { .. })).await;
    assert!(
        matches!(seen.last(), Some(WatchEvent::Touched { square, piece, .. }) if square == "g1" && piece == "N")
    );
    sim.act(PegAction::Place("f3".into())).unwrap();
    until(&mut w, |e| *e == WatchEvent::Move { uci: "g1f3".into() }).await;
    // The opponent's move is announced; the VI player replicates it on the pegs.
    let mut pos = Chess::default();
    pos.play_unchecked(
        "g1f3"
            .parse::<shakmaty::uci::UciMove>()
            .unwrap()
            .to_move(&pos)
            .unwrap(),
    );
    let mv = "d7d5"
        .parse::<shakmaty::uci::UciMove>()
        .unwrap()
        .to_move(&pos)
        .unwrap();
    pos.play_unchecked(mv);
    w.detector().set_position(std::time::Instant::now(), pos);
    sim.act(PegAction::Move("d7d5".into())).unwrap();
    until(&mut w, |e| *e == WatchEvent::InSync).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clock_levers_buttons_and_commands() {
    let sim = Simulator::spawn(ClockSim::default()).unwrap();
    let mut w = watch_clock(fast(sim.path(), 115_200));
    until(&mut w, |e| matches!(e, WatchEvent::Hello { .. })).await;
    w.command(|c, now| {
        c.set_and_run(
            now,
            Duration::from_secs(300),
            Duration::from_secs(300),
            Running::White,
        )
    });
    sim.act(ClockAction::Lever(Side::White)).unwrap();
    until(&mut w, |e| {
        matches!(
            e,
            WatchEvent::Lever {
                side: Side::White,
                ..
            }
        )
    })
    .await;
    sim.act(ClockAction::Button(Button::PushToTalk)).unwrap();
    sim.act(ClockAction::Release(Button::PushToTalk)).unwrap();
    until(&mut w, |e| {
        matches!(
            e,
            WatchEvent::Button {
                button: Button::PushToTalk,
                pressed: false,
                ..
            }
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
    let link = dir.path().join("usb-DGT_board");
    let sim = Simulator::spawn_at(DgtSim::new(start_board()), &link).unwrap();
    let mut w = watch_dgt(fast(&link, 9600), Chess::default());
    until(&mut w, |e| *e == WatchEvent::InSync).await;
    // Unplug: the pty disappears.
    sim.stop();
    until(&mut w, |e| matches!(e, WatchEvent::Lost { .. })).await;
    // While unplugged, e2-e4 is played. Plug in again (a new pty behind the same name).
    let mut board = start_board();
    board.discard_piece_at(shakmaty::Square::E2);
    board.set_piece_at(shakmaty::Square::E4, shakmaty::Color::White.pawn());
    let sim = Simulator::spawn_at(DgtSim::new(board), &link).unwrap();
    let seen = until(&mut w, |e| matches!(e, WatchEvent::Mismatch { .. })).await;
    assert!(
        seen.iter().any(|e| matches!(
            e,
            WatchEvent::Opened {
                reconnect: true,
                ..
            }
        )),
        "{seen:?}"
    );
    assert!(
        !seen.iter().any(|e| matches!(e, WatchEvent::Move { .. })),
        "a move across the gap: {seen:?}"
    );
    // The link works again: put the pawn back, the board is in sync.
    sim.act(DgtAction::Move("e4e2".into())).unwrap();
    until(&mut w, |e| *e == WatchEvent::InSync).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn peg_board_reconnects_and_rereads_snapshot() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("usb-annabella_peg");
    let sim = Simulator::spawn_at(PegBoardSim::new(start_occupancy()), &link).unwrap();
    let mut w = watch_peg_board(fast(&link, 115_200), Chess::default());
    until(&mut w, |e| *e == WatchEvent::InSync).await;
    drop(sim);
    until(&mut w, |e| matches!(e, WatchEvent::Lost { .. })).await;
    let _sim = Simulator::spawn_at(PegBoardSim::new(start_occupancy()), &link).unwrap();
    let seen = until(&mut w, |e| *e == WatchEvent::InSync).await;
    assert!(
        seen.iter().any(|e| matches!(
            e,
            WatchEvent::Opened {
                reconnect: true,
                ..
            }
        )),
        "{seen:?}"
    );
    assert!(
        seen.iter().any(|e| matches!(e, WatchEvent::Hello { .. })),
        "{seen:?}"
    );
    assert_eq!(Chess::default().board().occupied(), start_occupancy());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_board_is_a_gap_found_by_keep_alive() {
    let sim = Simulator::spawn(DgtSim::new(start_board())).unwrap();
    let mut config = fast(sim.path(), 9600);
    config.silence = Duration::from_millis(800);
    let mut w = watch_dgt(config, Chess::default());
    until(&mut w, |e| *e == WatchEvent::InSync).await;
    // The board hangs (the port stays open): the keep-alive goes unanswered.
    sim.inspect(|d| d.mute = true).unwrap();
    let seen = until(&mut w, |e| matches!(e, WatchEvent::Lost { .. })).await;
    assert!(
        matches!(seen.last(), Some(WatchEvent::Lost { reason }) if reason.contains("no answer")),
        "{seen:?}"
    );
    // It comes back after the host's re-read went unanswered: the keep-alive asks again.
    tokio::time::sleep(Duration::from_millis(300)).await;
    sim.inspect(|d| d.mute = false).unwrap();
    until(&mut w, |e| {
        matches!(
            e,
            WatchEvent::Opened {
                reconnect: true,
                ..
            }
        )
    })
    .await;
    until(&mut w, |e| *e == WatchEvent::InSync).await;
}
