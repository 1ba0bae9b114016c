//! The DGT 3000 on the DGT board's cable, end to end: the simulated board on one side of
//! a pseudo-terminal pair, the real tokio-serial transport and [`DgtBoard`] on the other.
//! Lever presses arrive as lever events (mere time reports never do), buttons as
//! numbers, texts and beeps are acknowledged, set times come back in the clock's
//! reports, and an unplugged, low or silent clock is reported.

use std::time::Duration;

use annabella_devices::dgt::{ClockCommand, ClockRun, ClockSide, DgtBoard, DgtConfig, DgtEvent};
use annabella_devices::proto::Color;
use annabella_devices::sim::{ClockState, DgtAction, DgtSim, Simulator, start_board};
use annabella_devices::transport::{Link, PortConfig, PortEvent, spawn};

/// Waits for the first event matching `want`, failing after 10 s; returns the events
/// seen on the way (the match last).
async fn until(
    link: &mut Link<DgtBoard>,
    want: impl Fn(&DgtEvent) -> bool,
) -> Vec<PortEvent<DgtEvent>> {
    let mut seen = Vec::new();
    let r = tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(ev) = link.next_event().await {
            let hit = matches!(&ev, PortEvent::Device(e) if want(e));
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

fn last(seen: &[PortEvent<DgtEvent>]) -> &DgtEvent {
    match seen.last() {
        Some(PortEvent::Device(e)) => e,
        other => panic!("{other:?}"),
    }
}

fn levers(seen: &[PortEvent<DgtEvent>]) -> usize {
    seen.iter()
        .filter(|e| matches!(e, PortEvent::Device(DgtEvent::ClockLever { .. })))
        .count()
}

fn config(sim: &Simulator<DgtSim>) -> PortConfig {
    let mut c = PortConfig::new(sim.path(), 9600);
    c.keep_alive = Duration::from_millis(200);
    c.silence = Duration::from_millis(3000);
    c.backoff = Duration::from_millis(50);
    c.backoff_max = Duration::from_millis(200);
    c
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn levers_buttons_texts_and_times_through_the_board() {
    let sim = Simulator::spawn(DgtSim::new(start_board())).unwrap();
    let mut link = spawn(config(&sim), DgtBoard::default());
    until(&mut link, |e| matches!(e, DgtEvent::Snapshot(_))).await;

    // The table sets the times and starts White's clock (left).
    link.command(|b, now| {
        b.clock_command(
            now,
            ClockCommand::SetAndRun {
                left: Duration::from_secs(300),
                right: Duration::from_secs(240),
                run: ClockRun::Left,
            },
        )
    });
    until(&mut link, |e| {
        matches!(e, DgtEvent::ClockAck(ClockCommand::SetAndRun { .. }))
    })
    .await;
    // The running clock's reports: the times set, White's running, no press.
    let seen = until(
        &mut link,
        |e| matches!(e, DgtEvent::ClockTimes(t) if t.left < Duration::from_secs(300)),
    )
    .await;
    let DgtEvent::ClockTimes(t) = last(&seen) else {
        unreachable!()
    };
    assert!(t.left >= Duration::from_secs(298), "{t:?}");
    assert_eq!(t.right, Duration::from_secs(240));
    assert!(t.status.running && t.status.connected);
    assert_eq!(t.status.to_move, Some(ClockSide::Left));
    assert_eq!(levers(&seen), 0, "time reports are no presses: {seen:?}");

    // White presses the lever: one lever event naming White, then Black's time runs.
    sim.act(DgtAction::Lever(Color::White)).unwrap();
    let seen = until(&mut link, |e| matches!(e, DgtEvent::ClockLever { .. })).await;
    let DgtEvent::ClockLever { side, lever, times } = last(&seen) else {
        unreachable!()
    };
    assert_eq!((*side, *lever), (Color::White, ClockSide::Left));
    assert_eq!(times.status.to_move, Some(ClockSide::Right));
    let seen = until(
        &mut link,
        |e| matches!(e, DgtEvent::ClockTimes(t) if t.right < Duration::from_secs(240)),
    )
    .await;
    assert_eq!(levers(&seen), 0, "one press, one lever event: {seen:?}");
    sim.act(DgtAction::Lever(Color::Black)).unwrap();
    let seen = until(&mut link, |e| matches!(e, DgtEvent::ClockLever { .. })).await;
    assert!(matches!(
        last(&seen),
        DgtEvent::ClockLever {
            side: Color::Black,
            lever: ClockSide::Right,
            ..
        }
    ));

    // The five buttons, by number from left to right.
    for n in 1..=5 {
        sim.act(DgtAction::ClockButton(n)).unwrap();
        until(&mut link, |e| *e == DgtEvent::ClockButton(n)).await;
    }

    // A text on the display, acknowledged and shown; a beep acknowledged.
    link.command(|b, now| b.clock_text(now, "ARBITER", true));
    until(&mut link, |e| {
        *e == DgtEvent::ClockAck(ClockCommand::text("ARBITER", true))
    })
    .await;
    assert_eq!(
        sim.inspect(|d| d.clock_text().map(str::to_owned)).unwrap(),
        Some("ARBITER".to_owned())
    );
    link.command(|b, now| b.clock_beep(now, Duration::from_millis(500)));
    until(&mut link, |e| {
        matches!(e, DgtEvent::ClockAck(ClockCommand::Beep { .. }))
    })
    .await;
    link.command(|b, now| b.clock_end_text(now));
    until(&mut link, |e| {
        *e == DgtEvent::ClockAck(ClockCommand::EndText)
    })
    .await;
    assert_eq!(
        sim.inspect(|d| d.clock_text().map(str::to_owned)).unwrap(),
        None,
        "the times are shown again"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unplugged_a_weak_and_a_silent_clock_are_reported() {
    let sim = Simulator::spawn(DgtSim::new(start_board())).unwrap();
    let dgt = DgtConfig {
        clock_poll: Duration::from_millis(300),
        clock_silence: Duration::from_millis(1200),
        ..DgtConfig::default()
    };
    let mut link = spawn(config(&sim), DgtBoard::new(dgt));
    // A stopped clock reports nothing by itself: the host's poll finds it.
    let seen = until(&mut link, |e| matches!(e, DgtEvent::ClockStatus(_))).await;
    assert!(matches!(last(&seen), DgtEvent::ClockStatus(s) if s.connected && !s.running));

    sim.act(DgtAction::Clock(ClockState::LowBattery)).unwrap();
    until(
        &mut link,
        |e| matches!(e, DgtEvent::ClockStatus(s) if s.low_battery),
    )
    .await;
    sim.act(DgtAction::Clock(ClockState::Disconnected)).unwrap();
    until(
        &mut link,
        |e| matches!(e, DgtEvent::ClockStatus(s) if !s.connected),
    )
    .await;
    sim.act(DgtAction::Clock(ClockState::Connected)).unwrap();
    until(
        &mut link,
        |e| matches!(e, DgtEvent::ClockStatus(s) if s.connected),
    )
    .await;

    // The board stops relaying the clock (the board itself still answers): gone.
    sim.act(DgtAction::Clock(ClockState::Silent)).unwrap();
    let seen = until(&mut link, |e| matches!(e, DgtEvent::ClockGone { .. })).await;
    let DgtEvent::ClockGone { silent } = last(&seen) else {
        unreachable!()
    };
    assert!(*silent >= Duration::from_millis(1200), "{silent:?}");
    assert!(
        !seen.iter().any(|e| matches!(e, PortEvent::Lost { .. })),
        "the board's link stays up: {seen:?}"
    );
    // It comes back.
    sim.act(DgtAction::Clock(ClockState::Connected)).unwrap();
    until(
        &mut link,
        |e| matches!(e, DgtEvent::ClockStatus(s) if s.connected),
    )
    .await;
}
