//! The simulated DGT e-board with a DGT 3000 on its cable.
//!
//! The clock keeps its own two times, counting down the running side; in update mode
//! the board reports them (the 10-byte clock message with the status byte) once a
//! second while the clock runs (always, in the plain update mode `0x43`), at once on a
//! lever press, a set-and-run or a change of connection or battery, and whenever the
//! host asks (`0x41`). Clock commands are acked as the board does in update mode; a
//! text stays on the display until the end-text command.

use std::collections::VecDeque;
use std::time::Duration;

use serde::Deserialize;
use shakmaty::{Board, Piece, Square};

use super::{SimDevice, SimError, board_move, parse_board, parse_square};
use crate::dgt::{
    self, ClockRun, ClockSide, ClockStatus, ClockTimes, CommandDecoder, HostCommand, SideFlags,
    button, clk, cmd,
};
use crate::proto::Color;

/// Actions of the simulated DGT board (JSON: `{"move":"e2e4"}`, `{"lift":"e2"}`,
/// `{"place":"Qd1"}`, `{"board":"<FEN>"}`, `{"lever":"white"}`, `{"clock_button":3}`,
/// `{"clock":"disconnected"}`, `{"clock_times":[300,295]}`; or words: `lever white`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DgtAction {
    /// Move a piece (UCI; castling moves the rook too, en passant removes the pawn).
    Move(String),
    /// Take the piece off a square.
    Lift(String),
    /// Put a piece on a square: piece letter and square, `Qd1` / `pe5`.
    Place(String),
    /// Set up a whole board (FEN or its board part); sends one field update per change.
    Board(String),
    /// Press a DGT 3000 button: 1–5 from left to right (`<`, `−`, play/pause, `+`, `>`).
    ClockButton(u8),
    /// Set the clock's shown times (seconds, right and left) and report them.
    ClockTimes([u64; 2]),
    /// This player presses their lever on the DGT 3000: their clock stops and, if the
    /// clock runs, the other player's runs.
    Lever(#[serde(with = "annabella_rules::text_serde")] Color),
    /// The DGT 3000 is (dis)connected, its battery low or fine, or the board goes silent.
    Clock(ClockState),
}

/// What can happen to the DGT 3000 on the board's cable (`dgt: clock disconnected`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClockState {
    /// Plugged in and on (also ends `silent`); reported at once.
    Connected,
    /// Unplugged or switched off: the board reports "no clock" (status D5).
    Disconnected,
    /// The clock shows its low-battery sign (status D2).
    LowBattery,
    /// The battery is fine again.
    BatteryOk,
    /// The board stops relaying the clock at all: no reports, no acks.
    Silent,
}

/// The DGT 3000's own state in the simulator.
#[derive(Debug, Clone)]
struct Dgt3000 {
    /// Left and right time at `since`.
    left: Duration,
    right: Duration,
    run: ClockRun,
    since: Duration,
    lever_down: ClockSide,
    connected: bool,
    low_battery: bool,
    silent: bool,
    text: Option<String>,
}

/// The simulated DGT board (with a DGT 3000 clock attached).
#[derive(Debug)]
pub struct DgtSim {
    board: Board,
    /// The update mode command in force (`None`: idle).
    update_mode: Option<u8>,
    commands: CommandDecoder,
    out: VecDeque<u8>,
    /// Clock commands received (code, parameters), for tests.
    pub clock_log: Vec<(u8, Vec<u8>)>,
    /// Number of clock commands still to leave unacknowledged (to test retries).
    pub drop_clock_acks: u32,
    /// A hung board: reads and ignores everything, sends nothing.
    pub mute: bool,
    /// The side of the clock White sits at (left, as the host assumes by default).
    pub white: ClockSide,
    clock: Dgt3000,
    next_clock_report: Option<Duration>,
    /// The board has sent the clock's state at least once: a lever pressed from now on
    /// reaches the host as a press, not as where the lever was found.
    clock_reported: bool,
    /// When the host last put the board into update mode.
    update_since: Option<Duration>,
    /// The device's time as last seen.
    now: Duration,
}

/// How long after the host took the board up the board waits for it to ask the clock's
/// state: a host that has not asked by then (a board-only program) never will.
const CLOCK_GRACE: Duration = Duration::from_secs(5);

impl DgtSim {
    /// A board with these pieces; its DGT 3000 connected, stopped at 0:00 / 0:00, the
    /// right (Black's) lever down: White to move.
    pub fn new(board: Board) -> Self {
        DgtSim {
            board,
            update_mode: None,
            commands: CommandDecoder::default(),
            out: VecDeque::new(),
            clock_log: Vec::new(),
            drop_clock_acks: 0,
            mute: false,
            white: ClockSide::Left,
            clock: Dgt3000 {
                left: Duration::ZERO,
                right: Duration::ZERO,
                run: ClockRun::Paused,
                since: Duration::ZERO,
                lever_down: ClockSide::Right,
                connected: true,
                low_battery: false,
                silent: false,
                text: None,
            },
            next_clock_report: None,
            clock_reported: false,
            update_since: None,
            now: Duration::ZERO,
        }
    }

    /// The pieces on the board now.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The DGT 3000's shown times (left, right) and which side runs.
    pub fn clock_times(&self, now: Duration) -> (Duration, Duration, ClockRun) {
        let c = &self.clock;
        let ran = now.saturating_sub(c.since);
        match c.run {
            ClockRun::Left => (c.left.saturating_sub(ran), c.right, c.run),
            ClockRun::Right => (c.left, c.right.saturating_sub(ran), c.run),
            ClockRun::Paused => (c.left, c.right, c.run),
        }
    }

    /// The status byte the board would report now.
    pub fn clock_status(&self) -> ClockStatus {
        let c = &self.clock;
        ClockStatus {
            connected: c.connected,
            running: c.run != ClockRun::Paused,
            lever_down: c.lever_down,
            low_battery: c.low_battery,
            to_move: Some(c.lever_down.other()),
        }
    }

    /// The text the DGT 3000 shows (after an ASCII command, until the end-text command).
    pub fn clock_text(&self) -> Option<&str> {
        self.clock.text.as_deref()
    }

    /// `player` presses their lever: it goes down; if the clock runs, the other side
    /// runs from now. Pressing a lever that is already down changes nothing.
    ///
    /// # Errors
    /// When the clock is not connected.
    pub fn press_lever(&mut self, now: Duration, player: Color) -> Result<(), SimError> {
        self.clock_present()?;
        let side = match player {
            Color::White => self.white,
            Color::Black => self.white.other(),
        };
        if self.clock.lever_down == side {
            return Ok(());
        }
        self.freeze(now);
        self.clock.lever_down = side;
        if self.clock.run != ClockRun::Paused {
            self.clock.run = match side {
                ClockSide::Left => ClockRun::Right,
                ClockSide::Right => ClockRun::Left,
            };
        }
        self.report_now(now);
        Ok(())
    }

    /// Presses button `number` (1–5, left to right): the board sends the clock's
    /// button ack.
    ///
    /// # Errors
    /// When there is no such button or the clock is not connected.
    pub fn press_clock_button(&mut self, number: u8) -> Result<(), SimError> {
        let (Some(code), Some(mask)) = (button::code(number), button::mask(number)) else {
            return Err(SimError::Clock(format!(
                "no button {number}: the DGT 3000's buttons are 1-5, left to right"
            )));
        };
        self.clock_present()?;
        if self.update_mode.is_some() && !self.clock.silent {
            self.send(dgt::Message::ClockAck {
                command: clk::ACK_BUTTON,
                data: [mask, code],
            });
        }
        Ok(())
    }

    /// Changes the clock's connection or battery, or silences the board's clock reports.
    pub fn set_clock_state(&mut self, now: Duration, state: ClockState) {
        let c = &mut self.clock;
        match state {
            ClockState::Connected => {
                c.connected = true;
                c.silent = false;
            }
            ClockState::Disconnected => c.connected = false,
            ClockState::LowBattery => c.low_battery = true,
            ClockState::BatteryOk => c.low_battery = false,
            ClockState::Silent => c.silent = true,
        }
        self.report_now(now);
    }

    fn clock_present(&self) -> Result<(), SimError> {
        if self.clock.connected {
            Ok(())
        } else {
            Err(SimError::Clock("the DGT 3000 is not connected".into()))
        }
    }

    /// Books the running side's time up to `now`.
    fn freeze(&mut self, now: Duration) {
        let (left, right, _) = self.clock_times(now);
        self.clock.left = left;
        self.clock.right = right;
        self.clock.since = now;
    }

    fn report_now(&mut self, now: Duration) {
        self.next_clock_report = Some(now);
    }

    fn report_clock(&mut self, now: Duration) {
        if self.clock.silent {
            return;
        }
        let times = if self.clock.connected {
            let (left, right, _) = self.clock_times(now);
            let flags = |t: Duration| SideFlags {
                blocked: t.is_zero(),
                ..SideFlags::default()
            };
            ClockTimes {
                right,
                left,
                right_flags: flags(right),
                left_flags: flags(left),
                status: self.clock_status(),
            }
        } else {
            ClockTimes::new(Duration::ZERO, Duration::ZERO, self.clock_status())
        };
        self.send(dgt::Message::ClockTimes(times));
        self.clock_reported = true;
    }

    fn clock_command(&mut self, now: Duration, code: u8, params: Vec<u8>) {
        self.clock_log.push((code, params.clone()));
        if !self.clock.connected || self.clock.silent {
            return;
        }
        match code {
            clk::SETNRUN if params.len() == 7 => {
                let t = |h: u8, m: u8, s: u8| {
                    Duration::from_secs(
                        u64::from(h & 0x0F) * 3600 + u64::from(m) * 60 + u64::from(s),
                    )
                };
                self.clock.left = t(params[0], params[1], params[2]);
                self.clock.right = t(params[3], params[4], params[5]);
                self.clock.run = match params[6] {
                    r if r & 0x04 != 0 => ClockRun::Paused,
                    r if r & 0x01 != 0 => ClockRun::Left,
                    r if r & 0x02 != 0 => ClockRun::Right,
                    _ => ClockRun::Paused,
                };
                self.clock.since = now;
                self.report_now(now);
            }
            clk::ASCII if params.len() == 9 => {
                let text = String::from_utf8_lossy(&params[..8]).trim_end().to_string();
                self.clock.text = Some(text);
            }
            clk::END_DISPLAY => self.clock.text = None,
            _ => {}
        }
        if self.update_mode.is_none() {
            return;
        }
        if self.drop_clock_acks > 0 {
            self.drop_clock_acks -= 1;
        } else {
            let data = if code == clk::VERSION {
                [0x20, 0]
            } else {
                [0, 0]
            };
            self.send(dgt::Message::ClockAck {
                command: code,
                data,
            });
        }
    }

    fn send(&mut self, m: dgt::Message) {
        let mut b = Vec::new();
        m.encode(&mut b);
        self.out.extend(b);
    }

    fn set(&mut self, sq: Square, piece: Option<Piece>) {
        match piece {
            Some(p) => self.board.set_piece_at(sq, p),
            None => self.board.discard_piece_at(sq),
        }
        if self.update_mode.is_some() {
            self.send(dgt::Message::FieldUpdate { square: sq, piece });
        }
    }
}

impl SimDevice for DgtSim {
    type Action = DgtAction;

    fn handle_bytes(&mut self, now: Duration, bytes: &[u8]) {
        self.now = now;
        let commands = self.commands.push(bytes);
        if self.mute {
            return;
        }
        for c in commands {
            match c {
                HostCommand::Byte(cmd::RESET) => self.update_mode = None,
                HostCommand::Byte(cmd::SEND_BRD) => {
                    self.send(dgt::Message::BoardDump(self.board.clone()))
                }
                HostCommand::Byte(
                    m @ (cmd::SEND_UPDATE | cmd::SEND_UPDATE_BRD | cmd::SEND_UPDATE_NICE),
                ) => {
                    self.update_mode = Some(m);
                    self.update_since = Some(now);
                    if m == cmd::SEND_UPDATE {
                        self.report_now(now);
                    }
                }
                HostCommand::Byte(cmd::RETURN_SERIALNR) => {
                    self.send(dgt::Message::SerialNumber("04711".into()))
                }
                HostCommand::Byte(cmd::SEND_VERSION) => {
                    self.send(dgt::Message::Version { major: 1, minor: 7 })
                }
                HostCommand::Byte(cmd::SEND_CLK) => self.report_clock(now),
                HostCommand::Byte(_) => {}
                HostCommand::Clock { code, params } => self.clock_command(now, code, params),
            }
        }
    }

    fn act(&mut self, now: Duration, action: DgtAction) -> Result<(), SimError> {
        match action {
            DgtAction::Move(uci) => {
                for (sq, p) in board_move(&self.board, &uci)? {
                    self.set(sq, p);
                }
            }
            DgtAction::Lift(sq) => {
                let sq = parse_square(&sq)?;
                if self.board.piece_at(sq).is_none() {
                    return Err(SimError::NoPiece(sq));
                }
                self.set(sq, None);
            }
            DgtAction::Place(spec) => {
                let mut chars = spec.trim().chars();
                let piece = chars
                    .next()
                    .and_then(Piece::from_char)
                    .ok_or_else(|| SimError::Piece(spec.clone()))?;
                let sq = parse_square(chars.as_str())?;
                self.set(sq, Some(piece));
            }
            DgtAction::Board(fen) => {
                let target = parse_board(&fen)?;
                for sq in Square::ALL {
                    if self.board.piece_at(sq) != target.piece_at(sq) {
                        self.set(sq, target.piece_at(sq));
                    }
                }
            }
            DgtAction::ClockButton(n) => self.press_clock_button(n)?,
            DgtAction::ClockTimes([right, left]) => {
                self.clock_present()?;
                self.clock.right = Duration::from_secs(right);
                self.clock.left = Duration::from_secs(left);
                self.clock.since = now;
                self.report_now(now);
            }
            DgtAction::Lever(player) => self.press_lever(now, player)?,
            DgtAction::Clock(state) => self.set_clock_state(now, state),
        }
        Ok(())
    }

    fn poll_transmit(&mut self, buf: &mut Vec<u8>) -> Option<usize> {
        if self.out.is_empty() {
            return None;
        }
        let n = self.out.len();
        buf.extend(self.out.drain(..));
        Some(n)
    }

    fn poll_timeout(&self) -> Option<Duration> {
        self.next_clock_report
            .filter(|_| self.update_mode.is_some() && !self.mute)
    }

    /// In update mode with the clock's state sent once (the station asks for it as it
    /// connects), or [`CLOCK_GRACE`] after update mode began when the host never asks the
    /// clock; a hung board is as ready as it will be.
    fn host_ready(&self) -> bool {
        let asked_or_never = self.clock_reported
            || (self.update_since).is_some_and(|since| self.now >= since + CLOCK_GRACE);
        self.mute || (self.update_mode.is_some() && asked_or_never)
    }

    /// In update mode the board reports the clock's times once a second while it runs
    /// (always in the plain update mode), and at once when something changed.
    fn handle_timeout(&mut self, now: Duration) {
        self.now = now;
        let Some(due) = self.next_clock_report else {
            return;
        };
        if now < due || self.update_mode.is_none() || self.mute {
            return;
        }
        self.report_clock(now);
        let every_second = self.clock.run != ClockRun::Paused && self.clock.connected
            || self.update_mode == Some(cmd::SEND_UPDATE);
        self.next_clock_report = every_second.then(|| now + Duration::from_secs(1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dgt::{ClockCommand, DgtBoard, DgtConfig, DgtEvent};
    use annabella_rules::{Bonus, Clock, TimeControl};
    use shakmaty::Color;

    #[test]
    fn dgt_move_steps_castling_and_en_passant() {
        let b: Board = "r3k2r/8/8/3pP3/8/8/8/R3K2R".parse().unwrap();
        let steps = board_move(&b, "e1g1").unwrap();
        assert_eq!(steps.len(), 4);
        assert_eq!(steps[3], (Square::F1, Some(Color::White.rook())));
        let steps = board_move(&b, "e5d6").unwrap();
        assert_eq!(steps.last(), Some(&(Square::D5, None)));
    }

    /// The host side and the simulated board, wired byte for byte in virtual time.
    struct Bench {
        host: DgtBoard,
        sim: DgtSim,
        now: Duration,
    }

    impl Bench {
        fn new() -> Bench {
            let now = Duration::from_secs(1000);
            let mut host = DgtBoard::default();
            host.connect(now);
            let mut b = Bench {
                host,
                sim: DgtSim::new(Board::default()),
                now,
            };
            b.exchange();
            b.events();
            b
        }

        fn exchange(&mut self) {
            for _ in 0..4 {
                let mut wire = Vec::new();
                while self.host.poll_transmit(&mut wire).is_some() {}
                self.sim.handle_bytes(self.now, &wire);
                self.sim.handle_timeout(self.now);
                wire.clear();
                while self.sim.poll_transmit(&mut wire).is_some() {}
                self.host.handle_bytes(self.now, &wire);
            }
        }

        /// Runs both sides' timers for `d` of virtual time.
        fn run(&mut self, d: Duration) {
            let end = self.now + d;
            loop {
                let next = [self.host.poll_timeout(), self.sim.poll_timeout()]
                    .into_iter()
                    .flatten()
                    .min()
                    .filter(|t| *t <= end);
                let Some(t) = next else { break };
                self.now = self.now.max(t);
                self.host.handle_timeout(self.now);
                self.exchange();
            }
            self.now = end;
        }

        fn act(&mut self, a: DgtAction) {
            self.sim.act(self.now, a).unwrap();
            self.sim.handle_timeout(self.now);
            self.exchange();
        }

        fn events(&mut self) -> Vec<DgtEvent> {
            std::iter::from_fn(|| self.host.poll_event()).collect()
        }
    }

    #[test]
    fn the_board_is_taken_up_once_the_host_has_its_clock_state() {
        let now = Duration::from_secs(1000);
        let mut sim = DgtSim::new(Board::default());
        assert!(!sim.host_ready(), "nothing asked yet");
        sim.handle_bytes(now, &[cmd::SEND_BRD, cmd::SEND_UPDATE_NICE]);
        assert!(!sim.host_ready(), "the clock's state not sent yet");
        // A press now would reach the host as where the lever was found; after the
        // clock's first report it reaches it as a press.
        sim.handle_bytes(now, &[cmd::SEND_CLK]);
        assert!(sim.host_ready());
        let mut hung = DgtSim::new(Board::default());
        hung.mute = true;
        assert!(hung.host_ready(), "a hung board is as ready as it will be");
        // A board-only program never asks the clock: taken up once the grace is over.
        let mut board_only = DgtSim::new(Board::default());
        let at = Duration::from_secs(1);
        board_only.handle_bytes(at, &[cmd::SEND_BRD, cmd::SEND_UPDATE_NICE]);
        board_only.handle_timeout(at + CLOCK_GRACE - Duration::from_millis(1));
        assert!(!board_only.host_ready(), "the host may still ask the clock");
        board_only.handle_timeout(at + CLOCK_GRACE);
        assert!(board_only.host_ready(), "a host that never asks the clock");
    }

    #[test]
    fn the_clock_counts_down_the_running_side_and_levers_switch_it() {
        let mut b = Bench::new();
        b.host.clock_command(
            b.now,
            ClockCommand::SetAndRun {
                left: Duration::from_secs(300),
                right: Duration::from_secs(300),
                run: ClockRun::Left,
            },
        );
        b.exchange();
        b.run(Duration::from_millis(3500));
        let ev = b.events();
        assert!(matches!(ev[0], DgtEvent::ClockAck(_)), "{ev:?}");
        let times: Vec<u64> = ev
            .iter()
            .filter_map(|e| match e {
                DgtEvent::ClockTimes(t) => Some(t.left.as_secs()),
                _ => None,
            })
            .collect();
        assert_eq!(times, vec![300, 299, 298, 297], "once a second");
        assert!(!ev.iter().any(|e| matches!(e, DgtEvent::ClockLever { .. })));
        // White presses: reported at once, Black's time runs.
        b.act(DgtAction::Lever(Color::White));
        let ev = b.events();
        assert!(
            matches!(
                &ev[..],
                [DgtEvent::ClockLever { side: Color::White, lever: ClockSide::Left, times }, DgtEvent::ClockTimes(_)]
                    if times.left.as_secs() == 296
            ),
            "{ev:?}"
        );
        assert_eq!(b.sim.clock_times(b.now).2, ClockRun::Right);
        b.run(Duration::from_secs(2));
        let (left, right, _) = b.sim.clock_times(b.now);
        assert_eq!((left.as_millis(), right.as_millis()), (296_500, 298_000));
        // Pressing the lever that is already down is nothing.
        b.sim.press_lever(b.now, Color::White).unwrap();
        b.exchange();
        assert!(
            !b.events()
                .iter()
                .any(|e| matches!(e, DgtEvent::ClockLever { .. }))
        );
        b.act(DgtAction::Lever(Color::Black));
        assert!(matches!(
            b.events()[0],
            DgtEvent::ClockLever {
                side: Color::Black,
                ..
            }
        ));
    }

    #[test]
    fn texts_stay_until_ended_and_buttons_are_numbered() {
        let mut b = Bench::new();
        b.host.clock_text(b.now, "PAUSE", false);
        b.exchange();
        assert_eq!(b.sim.clock_text(), Some("PAUSE"));
        b.host.clock_end_text(b.now);
        b.exchange();
        assert_eq!(b.sim.clock_text(), None);
        assert_eq!(
            b.events(),
            vec![
                DgtEvent::ClockAck(ClockCommand::text("PAUSE", false)),
                DgtEvent::ClockAck(ClockCommand::EndText)
            ]
        );
        for n in 1..=5 {
            b.act(DgtAction::ClockButton(n));
            assert_eq!(b.events(), vec![DgtEvent::ClockButton(n)]);
        }
        assert!(matches!(
            b.sim.act(b.now, DgtAction::ClockButton(6)),
            Err(SimError::Clock(_))
        ));
    }

    #[test]
    fn an_unplugged_clock_a_low_battery_and_a_silent_board_are_reported() {
        let mut b = Bench::new();
        // The host asked for the clock on connecting: its state is known from the start.
        assert!(
            b.host
                .clock_status()
                .is_some_and(|s| s.connected && !s.running)
        );
        b.act(DgtAction::ClockTimes([60, 60]));
        b.events();
        b.act(DgtAction::Clock(ClockState::LowBattery));
        assert!(matches!(b.events()[0], DgtEvent::ClockStatus(s) if s.low_battery));
        b.act(DgtAction::Clock(ClockState::Disconnected));
        assert!(matches!(b.events()[..], [DgtEvent::ClockStatus(s)] if !s.connected));
        assert!(b.sim.act(b.now, DgtAction::Lever(Color::White)).is_err());
        // Commands to a missing clock are never acked.
        b.host.clock_text(b.now, "CHECK", true);
        b.exchange();
        b.run(Duration::from_secs(3));
        assert!(
            b.events()
                .contains(&DgtEvent::ClockFailed(ClockCommand::text("CHECK", true)))
        );
        b.act(DgtAction::Clock(ClockState::Connected));
        assert!(matches!(b.events()[0], DgtEvent::ClockStatus(s) if s.connected));
        // The board stops relaying the clock: gone after the silence limit.
        b.act(DgtAction::Clock(ClockState::Silent));
        b.run(Duration::from_secs(6));
        let ev = b.events();
        assert!(
            matches!(ev[..], [DgtEvent::ClockGone { silent }] if silent == DgtConfig::default().clock_silence),
            "{ev:?}"
        );
    }

    /// A delay game with the DGT 3000 as the table's clock, pressed as players press it,
    /// up to White's flag: every tenth of a second the display (the clock's own count,
    /// to the millisecond) is at or below the table's clock by less than the whole
    /// second the set-and-run cannot carry, the running side's equals it to the tenth,
    /// and 0:00 comes with the table's flag, never before.
    fn the_display_follows_the_table_through_a_delay_game_to_the_flag(bonus: Bonus) {
        let mut b = Bench::new();
        let mut clock = Clock::new(TimeControl::sudden_death(Duration::from_secs(60), bonus));
        let start = b.now;
        let t = |b: &Bench| b.now - start;
        let run_of = |c: Color| match c {
            Color::White => ClockRun::Left,
            Color::Black => ClockRun::Right,
        };
        let set = |b: &mut Bench, clock: &Clock, mover: Color| {
            let now = t(b);
            b.host.clock_set(
                b.now,
                clock.remaining(Color::White, now),
                clock.remaining(Color::Black, now),
                run_of(mover),
                clock.delay_remaining(mover, now),
            );
            b.exchange();
        };
        let check = |b: &Bench, clock: &Clock| {
            let now = t(b);
            let (left, right, run) = b.sim.clock_times(b.now);
            for (color, shown) in [(Color::White, left), (Color::Black, right)] {
                let table = clock.remaining(color, now);
                assert!(
                    shown <= table && table - shown < Duration::from_secs(1),
                    "{bonus:?} at {now:?}: {color:?} shows {shown:?}, the table has {table:?}"
                );
                if run == run_of(color) {
                    assert!(
                        table - shown <= Duration::from_millis(100),
                        "{bonus:?} at {now:?}: {color:?} runs at {shown:?}, the table has {table:?}"
                    );
                }
                if shown.is_zero() {
                    assert!(
                        clock.flag(now).is_some(),
                        "{bonus:?}: 0:00 before the flag at {now:?}"
                    );
                }
            }
        };
        let think = |b: &mut Bench, clock: &Clock, d: Duration| {
            let end = b.now + d;
            while b.now < end {
                b.run((end - b.now).min(Duration::from_millis(100)));
                check(b, clock);
            }
        };
        clock.start(t(&b), Color::White).unwrap();
        set(&mut b, &clock, Color::White);
        check(&b, &clock);
        let mut mover = Color::White;
        // Within the delay, past it by a little and by much, at its end, odd milliseconds.
        for ms in [4_000, 15_350, 10_000, 2_730, 12_250, 9_990, 21_010, 6_400] {
            think(&mut b, &clock, Duration::from_millis(ms));
            b.act(DgtAction::Lever(mover));
            clock.press(t(&b), mover).unwrap();
            mover = mover.other();
            set(&mut b, &clock, mover);
            check(&b, &clock);
        }
        assert_eq!(mover, Color::White);
        while clock.flag(t(&b)).is_none() {
            assert!(t(&b) < Duration::from_secs(600), "{bonus:?}: no flag");
            think(&mut b, &clock, Duration::from_millis(100));
        }
        let (left, _, _) = b.sim.clock_times(b.now);
        assert!(
            left <= Duration::from_millis(100),
            "{bonus:?}: White's display at the flag {left:?}"
        );
    }

    #[test]
    fn the_display_follows_the_table_under_a_us_delay() {
        the_display_follows_the_table_through_a_delay_game_to_the_flag(Bonus::UsDelay(
            Duration::from_secs(10),
        ));
    }

    #[test]
    fn the_display_follows_the_table_under_a_bronstein_delay() {
        the_display_follows_the_table_through_a_delay_game_to_the_flag(Bonus::Bronstein(
            Duration::from_secs(10),
        ));
    }

    #[test]
    fn the_display_follows_the_table_without_a_delay() {
        the_display_follows_the_table_through_a_delay_game_to_the_flag(Bonus::Increment(
            Duration::from_secs(2),
        ));
    }
}
