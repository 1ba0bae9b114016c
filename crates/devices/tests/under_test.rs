//! One table of device cases, each run against both kinds of device under test: the
//! Rust simulators (`PegBoardSim`, `ClockSim`) and the real firmware images in simavr
//! (`hardware/build/*.elf` under `avr-harness`; `make -C hardware` builds them, and
//! without them the firmware cases fail naming that fix). Both sit on a pseudo-terminal
//! and are driven by the same JSON actions; the host side is the real transport (or raw
//! frames for the protocol case). Where the Rust simulator cannot model a pin-level
//! thing (contact bounce, a knock, the motor and buzzer), its case checks what it can and
//! says so.

use std::io::{Read, Write};
use std::time::{Duration, Instant};

use annabella_devices::clock::{ClockEvent, TactileClock};
use annabella_devices::frame::FrameDecoder;
use annabella_devices::link::{LinkConfig, packet_frame};
use annabella_devices::peg::{PegBoard, PegEvent};
use annabella_devices::proto::{Button, ButtonChange, Color, Haptic, LeverPress, Message, Running};
use annabella_devices::sim::{
    ClockSim, FirmwareKind, FirmwarePlan, FirmwareSim, Hands, HarnessClock, PegBoardSim, SimDevice,
    Simulated, Simulator,
};
use annabella_devices::transport::{Codec, Link, PortConfig, PortEvent, spawn};
use annabella_table::detect::{DetectConfig, Detection, OccupancyTracker};
use proptest::prelude::Rng;
use proptest::test_runner::{RngAlgorithm, TestRng};
use serde_json::{Value, json};
use shakmaty::{Bitboard, Board, Chess, Square};

/// The two kinds of device under test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DeviceUnderTest {
    /// The Rust simulator.
    RustSim,
    /// The firmware image in simavr.
    Firmware,
}

impl DeviceUnderTest {
    /// A peg board with pegs on the pieces of `board` (the firmware in real time).
    fn peg_board(self, board: &Board) -> Simulated<PegBoardSim> {
        self.peg_board_on(board, HarnessClock::RealTime)
    }

    /// A peg board with pegs on the pieces of `board`, the firmware on `clock`.
    fn peg_board_on(self, board: &Board, clock: HarnessClock) -> Simulated<PegBoardSim> {
        match self {
            Self::RustSim => {
                Simulated::Rust(Simulator::spawn(PegBoardSim::new(board.occupied())).unwrap())
            }
            Self::Firmware => {
                let mut plan = FirmwarePlan::in_checkout(FirmwareKind::PegBoard);
                plan.occupancy = Some(board.to_string());
                let sim = FirmwareSim::spawn_on(&plan, clock);
                Simulated::Firmware(sim.unwrap_or_else(|e| panic!("{e}")))
            }
        }
    }

    /// A tactile clock.
    fn clock(self) -> Simulated<ClockSim> {
        match self {
            Self::RustSim => Simulated::Rust(Simulator::spawn(ClockSim::default()).unwrap()),
            Self::Firmware => {
                let plan = FirmwarePlan::in_checkout(FirmwareKind::Clock);
                Simulated::Firmware(FirmwareSim::spawn(&plan).unwrap_or_else(|e| panic!("{e}")))
            }
        }
    }
}

/// One action as the harness's JSON object, its keys in order (the action first).
#[derive(Debug, Clone)]
struct Action(Vec<(&'static str, Value)>);

impl serde::Serialize for Action {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// `action!("lift" => "e2", "bounce_ms" => 12)`.
macro_rules! action {
    ($($k:literal => $v:expr),+ $(,)?) => {
        Action(vec![$(($k, json!($v))),+])
    };
}

/// Plays one action. The Rust simulator gets it without the pin-level keys it cannot
/// model (`bounce_ms`: its contacts never bounce).
fn act<D: SimDevice>(sim: &Simulated<D>, action: Action)
where
    D::Action: serde::Serialize,
{
    match sim {
        Simulated::Firmware(f) => f.act(&action).unwrap(),
        Simulated::Rust(_) => {
            let map: serde_json::Map<String, Value> = action
                .0
                .into_iter()
                .filter(|(k, _)| *k != "bounce_ms")
                .map(|(k, v)| (k.to_owned(), v))
                .collect();
            let a: D::Action = serde_json::from_value(Value::Object(map)).unwrap();
            sim.act(a).unwrap();
        }
    }
}

fn port(path: &std::path::Path) -> PortConfig {
    let mut c = PortConfig::new(path, 115_200);
    c.keep_alive = Duration::from_millis(500);
    c.silence = Duration::from_millis(5000);
    c.backoff = Duration::from_millis(50);
    c.backoff_max = Duration::from_millis(200);
    c
}

/// Waits (at most `limit`) until `done` holds for the device events seen; returns them.
async fn events_until<C: Codec>(
    link: &mut Link<C>,
    limit: Duration,
    done: impl Fn(&[C::Event]) -> bool,
) -> Vec<C::Event> {
    let mut seen = Vec::new();
    let r = tokio::time::timeout(limit, async {
        while let Some(ev) = link.next_event().await {
            if let PortEvent::Device(e) = ev {
                seen.push(e);
                if done(&seen) {
                    return true;
                }
            }
        }
        false
    })
    .await;
    assert!(matches!(r, Ok(true)), "events not seen; got {seen:?}");
    seen
}

/// A peg board's host link, once the board has announced itself and its pegs.
async fn peg_link(sim: &Simulated<PegBoardSim>) -> Link<PegBoard> {
    let mut link = spawn(port(sim.path()), PegBoard::new(LinkConfig::default()));
    assert!(sim.wait_for_host(Duration::from_secs(10)));
    events_until(&mut link, Duration::from_secs(10), |e| {
        matches!(e.last(), Some(PegEvent::Snapshot { .. }))
    })
    .await;
    link
}

/// (square, lifted?) of the lifts and places among `events`.
fn changes(events: &[PegEvent]) -> Vec<(Square, bool)> {
    events
        .iter()
        .filter_map(|e| match e {
            PegEvent::Lift { square, .. } => Some((*square, true)),
            PegEvent::Place { square, .. } => Some((*square, false)),
            _ => None,
        })
        .collect()
}

/// Holes with a peg after `events`, starting from `occupancy`.
fn occupancy_after(mut occupancy: Bitboard, events: &[PegEvent]) -> Bitboard {
    for e in events {
        match e {
            PegEvent::Snapshot { occupancy: o, .. } => occupancy = *o,
            PegEvent::Lift { square, .. } => occupancy.discard(*square),
            PegEvent::Place { square, .. } => occupancy.add(*square),
            _ => {}
        }
    }
    occupancy
}

/// The marker ending a stretch: a lift of a2, after which nothing else may come.
fn ends_with_a2_lift(events: &[PegEvent]) -> bool {
    matches!(
        events.last(),
        Some(PegEvent::Lift {
            square: Square::A2,
            ..
        })
    )
}

// --- the cases --------------------------------------------------------------------

/// Contact bounce of 2–20 ms and a knock (chatter) give exactly one event per real
/// change. The Rust simulator has no contacts: it gets the same changes without bounce
/// and no knock, so for it the case checks one event per change only.
async fn chatter_is_one_event(dut: DeviceUnderTest) {
    let sim = dut.peg_board(&Board::default());
    let mut link = peg_link(&sim).await;
    act(&sim, action!("lift" => "e2", "bounce_ms" => 2));
    if dut == DeviceUnderTest::Firmware {
        act(&sim, action!("chatter" => "d2", "ms" => 15));
        act(&sim, action!("chatter" => "e4", "ms" => 20));
    }
    act(&sim, action!("place" => "e2", "bounce_ms" => 12));
    act(&sim, action!("lift" => "g1", "bounce_ms" => 20));
    act(&sim, action!("lift" => "a2"));
    let seen = events_until(&mut link, Duration::from_secs(10), ends_with_a2_lift).await;
    assert_eq!(
        changes(&seen),
        [
            (Square::E2, true),
            (Square::E2, false),
            (Square::G1, true),
            (Square::A2, true)
        ],
        "{dut:?}: {seen:?}"
    );
}

/// Two pegs leave their holes at the same instant: the host learns both. The firmware
/// reports two lifts (its contacts change at once); the Rust simulator one snapshot.
async fn two_pegs_lifted_at_once(dut: DeviceUnderTest) {
    let sim = dut.peg_board(&Board::default());
    let mut link = peg_link(&sim).await;
    let mut board = Board::default();
    board.discard_piece_at(Square::D2);
    board.discard_piece_at(Square::E2);
    act(&sim, action!("occupancy" => board.to_string()));
    act(&sim, action!("lift" => "a2"));
    let seen = events_until(&mut link, Duration::from_secs(10), ends_with_a2_lift).await;
    let mut want = board.occupied();
    want.discard(Square::A2);
    assert_eq!(
        occupancy_after(Board::default().occupied(), &seen),
        want,
        "{dut:?}: {seen:?}"
    );
    if dut == DeviceUnderTest::Firmware {
        let mut lifts = changes(&seen);
        lifts.sort();
        assert_eq!(
            lifts,
            [(Square::A2, true), (Square::D2, true), (Square::E2, true)],
            "{seen:?}"
        );
    }
}

/// The host restarts in the middle of a game: the new host gets HELLO and a snapshot,
/// and no move is inferred across the gap (the tracker reports a mismatch).
async fn host_restart_in_a_game(dut: DeviceUnderTest) {
    let sim = dut.peg_board(&Board::default());
    let mut tracker = OccupancyTracker::new(Chess::default(), DetectConfig::PEG);
    let mut now = Duration::ZERO;
    let mut feed = |tracker: &mut OccupancyTracker, events: &[PegEvent]| {
        for e in events {
            now += Duration::from_millis(100);
            match e {
                PegEvent::Snapshot { occupancy, .. } => tracker.handle_snapshot(now, *occupancy),
                PegEvent::Lift { square, time_ms } => tracker.handle_lift(now, *square, *time_ms),
                PegEvent::Place { square, time_ms } => tracker.handle_place(now, *square, *time_ms),
                _ => {}
            }
        }
        now += DetectConfig::PEG.settle + DetectConfig::PEG.mismatch_after;
        tracker.handle_timeout(now);
        std::iter::from_fn(|| tracker.poll_event()).collect::<Vec<_>>()
    };
    let link = peg_link(&sim).await;
    feed(
        &mut tracker,
        &[PegEvent::Snapshot {
            occupancy: Board::default().occupied(),
            time_ms: 0,
        }],
    );
    // The host goes away; White plays e2-e4 on the pegs meanwhile.
    drop(link);
    act(&sim, action!("move" => "e2e4"));
    tracker.handle_gap();
    let mut link = spawn(port(sim.path()), PegBoard::new(LinkConfig::default()));
    let seen = events_until(&mut link, Duration::from_secs(10), |e| {
        matches!(e.last(), Some(PegEvent::Snapshot { .. }))
    })
    .await;
    assert!(
        seen.iter().any(|e| matches!(e, PegEvent::Hello(_))),
        "{dut:?}: {seen:?}"
    );
    let mut e4 = Board::default().occupied();
    e4.discard(Square::E2);
    e4.add(Square::E4);
    assert_eq!(
        occupancy_after(Bitboard::EMPTY, &seen),
        e4,
        "{dut:?}: {seen:?}"
    );
    let got = feed(&mut tracker, &seen);
    assert!(
        !got.iter().any(|d| matches!(d, Detection::Move(_))),
        "{dut:?}: a move inferred across the gap: {got:?}"
    );
    assert!(
        got.iter().any(|d| matches!(d, Detection::Mismatch(_))),
        "{dut:?}: {got:?}"
    );
}

/// The seed of a random case: `ANNABELLA_TEST_SEED`, else the clock; printed.
fn seed(case: &str) -> u64 {
    let seed = std::env::var("ANNABELLA_TEST_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        });
    println!("{case}: seed {seed} (replay with ANNABELLA_TEST_SEED={seed})");
    seed
}

/// Random sensor changes: none lost, duplicated or reordered. 10,000 against both; the
/// firmware gets them 35 ms apart (just over its 30 ms debounce) in the harness's
/// simulated time (350 s of it), which runs as fast as simavr can while the host still
/// acks every frame on the pseudo-terminal.
async fn random_sensor_changes(dut: DeviceUnderTest) {
    let count = 10_000;
    let gap_ms = match dut {
        DeviceUnderTest::RustSim => 0,
        DeviceUnderTest::Firmware => 35,
    };
    let seed = seed(&format!("random_sensor_changes {dut:?}"));
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let mut rng = TestRng::from_seed(RngAlgorithm::ChaCha, &bytes);
    let mut occupancy = Board::default().occupied();
    let mut want = Vec::with_capacity(count);
    let mut actions = Vec::with_capacity(count);
    for _ in 0..count {
        let square = Square::new(rng.next_u32() % 64);
        let lifted = occupancy.contains(square);
        occupancy.toggle(square);
        want.push((square, lifted));
        // Bounce of 0–20 ms; for the firmware at most 3 ms, as a longer one would
        // overlap the next change 35 ms later.
        let bounce = rng.next_u32()
            % if dut == DeviceUnderTest::Firmware {
                4
            } else {
                21
            };
        let square = json!(square.to_string());
        actions.push(if lifted {
            action!("lift" => square, "bounce_ms" => bounce)
        } else {
            action!("place" => square, "bounce_ms" => bounce)
        });
    }
    let sim = dut.peg_board_on(&Board::default(), HarnessClock::Simulated);
    let mut link = peg_link(&sim).await;
    let started = Instant::now();
    let events = tokio::spawn(async move {
        let seen = events_until(&mut link, Duration::from_secs(300), |e| {
            changes(e).len() >= count
        })
        .await;
        (seen, link)
    });
    match &sim {
        Simulated::Firmware(f) => {
            f.play_all(&actions, gap_ms).unwrap();
        }
        Simulated::Rust(_) => {
            for a in actions {
                act(&sim, a);
            }
        }
    }
    let (seen, _link) = events.await.unwrap();
    println!(
        "random_sensor_changes {dut:?}: {count} changes in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    // Only the power-on announcement may come besides the changes (the firmware's own,
    // then its answer to the host's HELLO_REQUEST), and only before the first change.
    let first_change = seen
        .iter()
        .position(|e| matches!(e, PegEvent::Lift { .. } | PegEvent::Place { .. }))
        .unwrap_or(seen.len());
    let start = Board::default().occupied();
    assert!(
        seen[..first_change].iter().all(|e| match e {
            PegEvent::Hello(_) => true,
            PegEvent::Snapshot { occupancy, .. } => *occupancy == start,
            _ => false,
        }),
        "{dut:?}, seed {seed}: {:?}",
        &seen[..first_change]
    );
    assert_eq!(
        changes(&seen[first_change..]).len(),
        seen.len() - first_change,
        "{dut:?}, seed {seed}: something other than lifts and places among them"
    );
    let got = changes(&seen);
    let first_wrong = got.iter().zip(&want).position(|(g, w)| g != w);
    assert_eq!(
        first_wrong, None,
        "{dut:?}, seed {seed}: lost, duplicated or reordered"
    );
    assert_eq!(got.len(), want.len(), "{dut:?}, seed {seed}");
    let times: Vec<u32> = seen
        .iter()
        .filter_map(|e| match e {
            PegEvent::Lift { time_ms, .. } | PegEvent::Place { time_ms, .. } => Some(*time_ms),
            _ => None,
        })
        .collect();
    assert!(
        times.is_sorted(),
        "{dut:?}, seed {seed}: device times go back"
    );
}

/// The clock's levers and buttons reach the host; SET_AND_RUN, PAUSE, HAPTIC and BEEP
/// reach the clock. The firmware's are observed at its pins (display, motor, buzzer);
/// the Rust simulator has no pins, so for it the commands are checked as received.
async fn clock_levers_buttons_and_commands(dut: DeviceUnderTest) {
    let sim = dut.clock();
    let mut link = spawn(port(sim.path()), TactileClock::new(LinkConfig::default()));
    assert!(sim.wait_for_host(Duration::from_secs(10)));
    events_until(&mut link, Duration::from_secs(10), |e| {
        matches!(e.last(), Some(ClockEvent::State { .. }))
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
    // The clock runs: its display changes (firmware), before White presses the lever.
    if let Simulated::Firmware(f) = &sim {
        let running = f.wait_until(Duration::from_secs(5), |lines| {
            let shown: Vec<&Value> = lines.iter().filter_map(|l| l.get("display")).collect();
            shown
                .iter()
                .any(|d| d[0].as_str().unwrap_or("").contains("4:5"))
        });
        assert!(running, "{:?}", f.observed("display"));
    }
    act(&sim, action!("lever" => "white"));
    act(&sim, action!("button" => "pause"));
    act(&sim, action!("button" => "push_to_talk"));
    act(&sim, action!("release" => "push_to_talk"));
    let seen = events_until(&mut link, Duration::from_secs(10), |e| {
        matches!(
            e.last(),
            Some(ClockEvent::Button(ButtonChange {
                button: Button::PushToTalk,
                pressed: false,
                ..
            }))
        )
    })
    .await;
    let inputs: Vec<String> = seen
        .iter()
        .filter_map(|e| match e {
            ClockEvent::Lever(LeverPress { side, .. }) => Some(format!("lever {side:?}")),
            ClockEvent::Button(ButtonChange {
                button, pressed, ..
            }) => Some(format!("{button:?} {pressed}")),
            _ => None,
        })
        .collect();
    assert_eq!(
        inputs,
        [
            "lever White",
            "Pause true",
            "PushToTalk true",
            "PushToTalk false"
        ],
        "{dut:?}: {seen:?}"
    );
    assert!(
        !seen.iter().any(|e| matches!(
            e,
            ClockEvent::Lever(LeverPress {
                side: Color::Black,
                ..
            })
        )),
        "{seen:?}"
    );
    link.command(|c, now| c.pause(now));
    link.command(|c, now| c.haptic(now, Haptic::Flag, 2));
    link.command(|c, now| c.beep(now, Duration::from_millis(200)));
    match &sim {
        Simulated::Firmware(f) => {
            let heard = f.wait_until(Duration::from_secs(15), |lines| {
                let felt = lines.iter().any(|l| {
                    l["haptic_pattern"]["name"] == "flag" && l["haptic_pattern"]["repeat"] == 2
                });
                let beeped = lines.iter().any(|l| {
                    l["beep"] == "off"
                        && l["on_ms"].as_u64().is_some_and(|ms| ms.abs_diff(200) <= 5)
                });
                felt && beeped
            });
            let lines = f.observations();
            assert!(heard, "no flag pattern or 200 ms beep: {lines:?}");
            // Paused: once the pause is in (the host frame, plus the firmware's turn),
            // the display stays as it is while the pattern plays for seconds.
            let paused_at = lines
                .iter()
                .find(|l| l["host"]["type"] == "pause")
                .and_then(|l| l["t_us"].as_u64())
                .expect("pause sent");
            let shown: std::collections::BTreeSet<String> = lines
                .iter()
                .filter(|l| l["t_us"].as_u64().is_some_and(|t| t > paused_at + 100_000))
                .filter_map(|l| l.get("display").map(Value::to_string))
                .collect();
            assert!(
                shown.len() <= 1,
                "the display ran on after PAUSE: {shown:?}"
            );
        }
        Simulated::Rust(s) => {
            let want = [
                Message::Pause,
                Message::Haptic {
                    pattern: Haptic::Flag,
                    repeat: 2,
                },
                Message::Beep { duration_ms: 200 },
            ];
            let deadline = Instant::now() + Duration::from_secs(10);
            let received = loop {
                let got = s.inspect(|c| c.received.clone()).unwrap();
                if want.iter().all(|m| got.contains(m)) || Instant::now() > deadline {
                    break got;
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            };
            assert!(
                received.contains(&Message::SetAndRun {
                    white_ms: 300_000,
                    black_ms: 300_000,
                    running: Running::White
                }),
                "{received:?}"
            );
            for m in want {
                assert!(received.contains(&m), "{m:?} not received: {received:?}");
            }
        }
    }
}

// --- protocol conformance, with raw frames ------------------------------------------

/// A host speaking raw frames to a device's port.
struct RawHost {
    port: Box<dyn serialport::SerialPort>,
    decoder: FrameDecoder,
    /// Every packet (seq, message) from the device, in order.
    log: Vec<(u8, Message)>,
    /// Where the packets `until` looks at begin.
    mark: usize,
}

impl RawHost {
    fn open(path: &std::path::Path) -> Self {
        let port = serialport::new(path.to_string_lossy(), 115_200)
            .timeout(Duration::from_millis(20))
            .open()
            .unwrap();
        RawHost {
            port,
            decoder: FrameDecoder::new(),
            log: Vec::new(),
            mark: 0,
        }
    }

    fn send(&mut self, seq: u8, message: &Message) {
        self.raw(&packet_frame(seq, message));
    }

    fn raw(&mut self, bytes: &[u8]) {
        self.port.write_all(bytes).unwrap();
        self.port.flush().unwrap();
    }

    /// From now on, `until` looks only at packets that come after this.
    fn mark(&mut self) {
        self.mark = self.log.len();
    }

    /// The packets since the mark, once `done` holds for them (at most 5 s).
    fn until(&mut self, done: impl Fn(&[(u8, Message)]) -> bool) -> Vec<(u8, Message)> {
        let ok = self.collect(Duration::from_secs(5), done);
        let got = self.log[self.mark..].to_vec();
        assert!(ok, "not seen in 5 s; got {got:?}");
        got
    }

    /// Reads packets until `done` holds for those since the mark (true) or `limit` has
    /// passed (false).
    fn collect(&mut self, limit: Duration, done: impl Fn(&[(u8, Message)]) -> bool) -> bool {
        let end = Instant::now() + limit;
        let mut buf = [0u8; 256];
        loop {
            if done(&self.log[self.mark..]) {
                return true;
            }
            if Instant::now() >= end {
                return false;
            }
            if let Ok(n) = self.port.read(&mut buf) {
                self.decoder.push(&buf[..n]);
            }
            while let Some(p) = self.decoder.next_packet() {
                let Ok(p) = p else { continue };
                if let Ok(m) = Message::decode(p[1], &p[2..]) {
                    self.log.push((p[0], m));
                }
            }
        }
    }

    /// Sends a reliable packet as a host must: again every 250 ms until acked (at most
    /// 4 retries).
    fn send_reliable(&mut self, seq: u8, message: &Message) {
        for _ in 0..5 {
            self.send(seq, message);
            if self.collect(Duration::from_millis(250), |g| acks(g, seq) > 0) {
                return;
            }
        }
        panic!("{message:?} (seq {seq}) never acked; got {:?}", self.log);
    }

    /// Acknowledges every reliable packet since the mark.
    fn ack_all(&mut self) {
        let reliable: Vec<u8> = self.log[self.mark..]
            .iter()
            .filter(|(_, m)| m.is_reliable())
            .map(|(s, _)| *s)
            .collect();
        for s in reliable {
            self.send(0, &Message::Ack(s));
        }
    }
}

fn hellos(got: &[(u8, Message)]) -> Vec<u8> {
    got.iter()
        .filter(|(_, m)| matches!(m, Message::Hello(_)))
        .map(|(s, _)| *s)
        .collect()
}

fn acks(got: &[(u8, Message)], seq: u8) -> usize {
    got.iter().filter(|(_, m)| *m == Message::Ack(seq)).count()
}

/// ACK and retry, a lost ACK, a duplicate sequence number, HELLO resets, and resync
/// after garbage and after a truncated frame, on the clock with raw frames. The
/// duplicate BEEP sounds once: at the buzzer pin for the firmware, in the commands
/// received for the Rust simulator.
async fn protocol_conformance(dut: DeviceUnderTest) {
    let sim = dut.clock();
    let mut host = RawHost::open(sim.path());
    // HELLO_REQUEST: acked (the firmware may still be starting: the host retries).
    host.send_reliable(1, &Message::HelloRequest);
    // Its answer, HELLO, whose ACK is "lost": the device sends it again, same seq.
    let answers = |g: &[(u8, Message)]| {
        let acked = g.iter().position(|(_, m)| *m == Message::Ack(1));
        hellos(&g[acked.map_or(g.len(), |i| i + 1)..])
    };
    let got = host.until(|g| answers(g).len() >= 2);
    let seqs = answers(&got);
    assert_eq!(seqs[0], seqs[1], "{dut:?}: {got:?}");
    host.send(0, &Message::Ack(seqs[0]));
    // Acked: the device goes on with its STATE.
    host.until(|g| g.iter().any(|(_, m)| matches!(m, Message::State { .. })));
    host.ack_all();
    // A duplicate seq: both acked, the BEEP carried out once.
    host.mark();
    let beep = Message::Beep { duration_ms: 120 };
    host.send(2, &beep);
    host.send(2, &beep);
    let got = host.until(|g| acks(g, 2) >= 2);
    assert_eq!(acks(&got, 2), 2, "{dut:?}: {got:?}");
    // A reliable frame with sequence 0 (only ACKs carry it): refused, never acked.
    host.mark();
    host.send(0, &Message::Beep { duration_ms: 90 });
    host.send_reliable(7, &Message::StateRequest);
    let got = host.until(|g| g.iter().any(|(_, m)| matches!(m, Message::State { .. })));
    assert_eq!(acks(&got, 0), 0, "{dut:?}: sequence 0 acked: {got:?}");
    host.ack_all();
    // Garbage, then a frame: the frame glued to the garbage's tail is lost, its retry
    // (after the next delimiter) is taken: back in step.
    host.mark();
    host.raw(&[0x55, 0x13, 0xff, 0x00, 0x42, 0x00, 0x07, 0x99]);
    host.send_reliable(3, &Message::StateRequest);
    let got = host.until(|g| g.iter().any(|(_, m)| matches!(m, Message::State { .. })));
    assert_eq!(acks(&got, 3), 1, "{dut:?}: {got:?}");
    host.ack_all();
    // A truncated frame (its end cut off, then a delimiter), then a frame: in step.
    host.mark();
    let frame = packet_frame(4, &Message::Beep { duration_ms: 300 });
    host.raw(&frame[..frame.len() / 2]);
    host.raw(&[0x00]);
    host.send(5, &Message::StateRequest);
    let got = host.until(|g| g.iter().any(|(_, m)| matches!(m, Message::State { .. })));
    assert_eq!(
        acks(&got, 4),
        0,
        "{dut:?}: a truncated frame acked: {got:?}"
    );
    assert_eq!(acks(&got, 5), 1, "{dut:?}: {got:?}");
    host.ack_all();
    // HELLO_REQUEST is always delivered, even with the seq just delivered (a host that
    // restarted), and the link goes on from it.
    host.mark();
    host.send(5, &Message::HelloRequest);
    host.until(|g| acks(g, 5) >= 1 && !hellos(g).is_empty());
    host.ack_all();
    let second = Message::Beep { duration_ms: 60 };
    host.send(6, &second);
    host.until(|g| acks(g, 6) >= 1);
    match &sim {
        Simulated::Firmware(f) => {
            let beeps = |lines: &[Value]| -> Vec<u64> {
                lines
                    .iter()
                    .filter(|l| l["beep"] == "off")
                    .filter_map(|l| l["on_ms"].as_u64())
                    .collect()
            };
            assert!(f.wait_until(Duration::from_secs(5), |l| beeps(l).len() >= 2));
            let got = beeps(&f.observations());
            assert_eq!(got.len(), 2, "{got:?}");
            assert!(
                got[0].abs_diff(120) <= 5 && got[1].abs_diff(60) <= 5,
                "{got:?}"
            );
        }
        Simulated::Rust(s) => {
            let received = s.inspect(|c| c.received.clone()).unwrap();
            let beeps: Vec<&Message> = received
                .iter()
                .filter(|m| matches!(m, Message::Beep { .. }))
                .collect();
            assert_eq!(beeps, [&beep, &second], "{received:?}");
        }
    }
}

/// The table: every case against both kinds of device.
macro_rules! cases {
    ($($case:ident),* $(,)?) => {
        mod rust_sim {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $case() {
                    super::$case(super::DeviceUnderTest::RustSim).await;
                }
            )*
        }
        mod firmware {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $case() {
                    super::$case(super::DeviceUnderTest::Firmware).await;
                }
            )*
        }
    };
}

cases!(
    protocol_conformance,
    chatter_is_one_event,
    two_pegs_lifted_at_once,
    host_restart_in_a_game,
    random_sensor_changes,
    clock_levers_buttons_and_commands,
);
