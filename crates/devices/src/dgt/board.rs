//! [`DgtBoard`]: the sans-IO host side of a DGT board: update mode, debounce of field
//! updates then a board-dump request, clock commands one at a time with ack and retry,
//! rotated-board recognition, and the DGT 3000 on the board's cable: its lever, status,
//! buttons and silence.
//!
//! # The DGT 3000
//!
//! Every valid clock report carries the status byte ([`ClockStatus`]). The host keeps
//! the last one and compares:
//!
//! - the lever's position changed between two reports of a connected clock →
//!   [`DgtEvent::ClockLever`] (a *press*); a report with the lever where it was is a
//!   mere time report ([`DgtEvent::ClockTimes`] only). The first report after
//!   connecting, after the clock came back, or after it was not connected, only sets
//!   the position: no press is inferred across a gap;
//! - connected, running or low battery changed (or the first report) →
//!   [`DgtEvent::ClockStatus`];
//! - no clock message (times or ack) for [`DgtConfig::clock_silence`] while the clock
//!   was connected → [`DgtEvent::ClockGone`] once. After [`DgtConfig::clock_poll`] of
//!   quiet (a stopped clock in the default update mode reports nothing) the host asks
//!   for the times (`0x41`), so a silent but present clock is never taken for gone.
//!
//! A report while no clock is connected (status D5) carries no valid times: only its
//! [`DgtEvent::ClockStatus`] is given. An all-zero report (some boards send one right
//! after a clock command) is ignored.

use std::collections::VecDeque;
use std::time::Duration;

use super::clock::ClockCommand;
use super::codes::{clk, cmd};
use super::message::{ClockRun, DecodeError, Decoder, Message};
use super::status::{ClockSide, ClockStatus, ClockTimes, button};
use crate::proto::Color;
use shakmaty::{Board, Piece, Square};

/// Timing and mode of the host side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DgtConfig {
    /// Quiet time after the last field update before a board dump is requested.
    pub debounce: Duration,
    /// How long to wait for a clock ack.
    pub clock_ack_timeout: Duration,
    /// Clock command resends before giving up.
    pub clock_retries: u8,
    /// Update mode command sent after connecting.
    pub update_mode: u8,
    /// The side of the DGT clock White's lever and time are on.
    pub white: ClockSide,
    /// Quiet time after which the clock's times are asked for (`0x41`).
    pub clock_poll: Duration,
    /// Silence after which a connected clock is reported gone.
    pub clock_silence: Duration,
}

impl DgtConfig {
    /// The player at a side of the clock.
    pub fn player(&self, side: ClockSide) -> Color {
        if side == self.white {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The side of the clock a player sits at.
    pub fn side_of(&self, player: Color) -> ClockSide {
        match player {
            Color::White => self.white,
            Color::Black => self.white.other(),
        }
    }
}

impl Default for DgtConfig {
    fn default() -> Self {
        DgtConfig {
            debounce: Duration::from_millis(250),
            clock_ack_timeout: Duration::from_millis(500),
            clock_retries: 3,
            update_mode: cmd::SEND_UPDATE_NICE,
            white: ClockSide::Left,
            clock_poll: Duration::from_secs(2),
            clock_silence: Duration::from_secs(5),
        }
    }
}

/// What the host side of a DGT board reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DgtEvent {
    /// A full board after the pieces came to rest (or on request).
    Snapshot(Board),
    /// A square changed (raw; use snapshots for moves).
    FieldUpdate {
        /// The square.
        square: Square,
        /// What is on it now.
        piece: Option<Piece>,
    },
    /// Clock times of a connected clock (every valid report, presses included).
    ClockTimes(ClockTimes),
    /// The DGT 3000's lever changed position between two reports: `side` pressed it.
    /// Their lever is now down, their move is complete, and the other player's clock is
    /// the one to run (the clock itself switches only if it was set to; the table sets
    /// the times and the running side again). Comes before the report's `ClockTimes`.
    ClockLever {
        /// The player who pressed (by [`DgtConfig::white`]).
        side: Color,
        /// The side of the clock whose lever went down.
        lever: ClockSide,
        /// The report that showed the press.
        times: ClockTimes,
    },
    /// The clock's connection, run state or battery changed, or the first report since
    /// connecting (or since the clock was gone).
    ClockStatus(ClockStatus),
    /// A connected clock sent nothing (no times, no ack) for this long, although asked:
    /// cable pulled, clock off or the board stopped relaying it. Given once; the next
    /// report brings a [`DgtEvent::ClockStatus`].
    ClockGone {
        /// How long it has been silent.
        silent: Duration,
    },
    /// A DGT 3000 button was pressed: its number, 1–5 from left to right (`<`, `−`,
    /// play/pause, `+`, `>`; see [`button`]).
    ClockButton(u8),
    /// The clock acknowledged a command.
    ClockAck(ClockCommand),
    /// The clock never acknowledged a command.
    ClockFailed(ClockCommand),
    /// Board firmware version.
    Version {
        /// Major.
        major: u8,
        /// Minor.
        minor: u8,
    },
    /// Board serial number.
    SerialNumber(String),
    /// Trademark text.
    Trademark(String),
    /// The byte stream had an error (the decoder resynced).
    Error(DecodeError),
}

/// The event in whole sentences, for the console and the log (never debug text).
impl std::fmt::Display for DgtEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DgtEvent::Snapshot(_) => f.write_str("The board sent its position."),
            DgtEvent::FieldUpdate { square, .. } => {
                write!(f, "The board reports a change on {square}.")
            }
            DgtEvent::ClockTimes(_) => f.write_str("The clock sent its times."),
            DgtEvent::ClockLever { side, .. } => write!(
                f,
                "The {} player pressed the clock.",
                match side {
                    Color::White => "white",
                    Color::Black => "black",
                }
            ),
            DgtEvent::ClockStatus(_) => f.write_str("The clock's state changed."),
            DgtEvent::ClockGone { silent } => write!(
                f,
                "The clock has been silent for {} seconds: check its cable and power.",
                silent.as_secs()
            ),
            DgtEvent::ClockButton(n) => write!(f, "Clock button {n} was pressed."),
            DgtEvent::ClockAck(command) => write!(f, "The clock did as asked: {command}."),
            DgtEvent::ClockFailed(command) => write!(
                f,
                "The clock did not answer the command to {command}: check its cable to the board."
            ),
            DgtEvent::Version { major, minor } => {
                write!(f, "The board reports firmware version {major}.{minor}.")
            }
            DgtEvent::SerialNumber(n) => write!(
                f,
                "The board reports serial number {}.",
                annabella_rules::printable(n)
            ),
            DgtEvent::Trademark(t) => write!(
                f,
                "The board reports: {}.",
                annabella_rules::printable(t.trim())
            ),
            DgtEvent::Error(e) => write!(f, "The board's data was garbled ({e}); reading goes on."),
        }
    }
}

#[derive(Debug)]
struct ClockInFlight {
    command: ClockCommand,
    deadline: Duration,
    retries: u8,
}

/// The host side of a DGT board: sans-IO.
#[derive(Debug)]
pub struct DgtBoard {
    config: DgtConfig,
    decoder: Decoder,
    events: VecDeque<DgtEvent>,
    transmits: VecDeque<Vec<u8>>,
    debounce: Option<Duration>,
    clock_queue: VecDeque<ClockCommand>,
    clock: Option<ClockInFlight>,
    rotated: bool,
    awaiting_dump: bool,
    /// The last valid clock status since connecting (or since the clock went silent).
    clock_status: Option<ClockStatus>,
    /// When the last clock message (times or ack) came; `None` before connecting.
    clock_heard: Option<Duration>,
    /// When to ask for the clock's times next.
    clock_poll_at: Option<Duration>,
    /// A text shown for a while ([`DgtBoard::clock_text_for`]) ends then.
    text_until: Option<Duration>,
    /// A side held stopped through its delay ([`DgtBoard::clock_set`]):
    /// this set-and-run goes out then.
    held: Option<(Duration, ClockCommand)>,
}

impl Default for DgtBoard {
    fn default() -> Self {
        Self::new(DgtConfig::default())
    }
}

impl DgtBoard {
    /// A host side with this configuration; call [`connect`](Self::connect) once the
    /// port is open.
    pub fn new(config: DgtConfig) -> Self {
        DgtBoard {
            config,
            decoder: Decoder::new(),
            events: VecDeque::new(),
            transmits: VecDeque::new(),
            debounce: None,
            clock_queue: VecDeque::new(),
            clock: None,
            rotated: false,
            awaiting_dump: false,
            clock_status: None,
            clock_heard: None,
            clock_poll_at: None,
            text_until: None,
            held: None,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &DgtConfig {
        &self.config
    }

    /// The clock's last valid status (`None` before the first report since connecting,
    /// or after it went silent).
    pub fn clock_status(&self) -> Option<ClockStatus> {
        self.clock_status
    }

    /// Whether the board stands the other way round (Black's pieces on the squares the
    /// board calls rank 1). Set when a dump shows the initial position rotated; from then
    /// on dumps and field updates are turned to match.
    pub fn is_rotated(&self) -> bool {
        self.rotated
    }

    /// The port was (re)opened: drop partial input and read the full state (version,
    /// serial number, board dump), then switch to update mode.
    pub fn connect(&mut self, now: Duration) {
        self.decoder.reset();
        self.debounce = None;
        self.awaiting_dump = true;
        self.transmits.clear();
        for c in [
            cmd::SEND_VERSION,
            cmd::RETURN_SERIALNR,
            cmd::SEND_BRD,
            self.config.update_mode,
            // A DGT 3000 on the cable answers at once: the table knows its clock from
            // the start (and `init` tells a board with a clock from one without).
            cmd::SEND_CLK,
        ] {
            self.transmits.push_back(vec![c]);
        }
        if let Some(f) = self.clock.as_mut() {
            f.deadline = now;
        }
        self.clock_status = None;
        self.clock_heard = Some(now);
        self.clock_poll_at = Some(now + self.config.clock_poll);
    }

    /// Asks for a board dump now (asked again on each keep-alive until one arrives).
    pub fn request_board(&mut self) {
        self.awaiting_dump = true;
        self.transmits.push_back(vec![cmd::SEND_BRD]);
    }

    /// Asks for the clock's times and status now (`0x41`), e.g. to learn at once whether
    /// a clock is connected; the host also asks by itself after
    /// [`DgtConfig::clock_poll`] of quiet.
    pub fn request_clock(&mut self) {
        self.transmits.push_back(vec![cmd::SEND_CLK]);
    }

    /// Keep-alive: asks for the serial number (any answer proves the link; the version
    /// is asked only on connect, so a [`DgtEvent::Version`] marks a fresh connection).
    /// While a board dump is outstanding (e.g. the board ignored the re-read after a
    /// reconnect), the keep-alive asks for the dump and the update mode again instead.
    pub fn keep_alive(&mut self) {
        if self.awaiting_dump {
            self.transmits.push_back(vec![cmd::SEND_BRD]);
            self.transmits.push_back(vec![self.config.update_mode]);
        } else {
            self.transmits.push_back(vec![cmd::RETURN_SERIALNR]);
        }
    }

    /// Queues a clock command; they go out one at a time, each waiting for its ack. A new
    /// set-and-run replaces a start still held for a delay.
    pub fn clock_command(&mut self, now: Duration, command: ClockCommand) {
        if matches!(command, ClockCommand::SetAndRun { .. }) {
            self.held = None;
        }
        self.clock_queue.push_back(command);
        self.pump_clock(now);
    }

    /// Sets both times as the table's clock has them, `run`'s side started once the rest
    /// of its US delay (6.3.2) has passed. The DGT 3000's set-and-run has no delay mode
    /// and takes whole seconds only, so the running side is set to its whole seconds and
    /// held stopped through the delay and the part of a second cut off, then started: its
    /// display stands while the table's main time stands, then counts down with it, and
    /// never reaches 0:00 before the table's flag. Bronstein needs nothing more: the
    /// main time runs during the move and the give-back is in the times set after the
    /// press.
    pub fn clock_set(
        &mut self,
        now: Duration,
        left: Duration,
        right: Duration,
        run: ClockRun,
        delay: Duration,
    ) {
        let whole = |d: Duration| Duration::from_secs(d.as_secs());
        let running = match run {
            ClockRun::Left => left,
            ClockRun::Right => right,
            ClockRun::Paused => Duration::ZERO,
        };
        let hold = match run {
            ClockRun::Paused => Duration::ZERO,
            _ => delay + (running - whole(running)),
        };
        let (left, right) = (whole(left), whole(right));
        if hold.is_zero() {
            self.clock_command(now, ClockCommand::SetAndRun { left, right, run });
            return;
        }
        self.clock_command(
            now,
            ClockCommand::SetAndRun {
                left,
                right,
                run: ClockRun::Paused,
            },
        );
        self.held = Some((now + hold, ClockCommand::SetAndRun { left, right, run }));
    }

    /// Shows `text` on the DGT 3000 ("PAUSE", "ARBITER", "CHECK"; eight ASCII
    /// characters), beeping with it if `beep`; [`clock_end_text`](Self::clock_end_text)
    /// brings the times back.
    pub fn clock_text(&mut self, now: Duration, text: &str, beep: bool) {
        self.clock_command(now, ClockCommand::text(text, beep));
    }

    /// The DGT 3000 shows its times again.
    pub fn clock_end_text(&mut self, now: Duration) {
        self.text_until = None;
        self.clock_command(now, ClockCommand::EndText);
    }

    /// The DGT 3000 shows `text` for `duration`, then its times again ("CHECK" for a
    /// moment, while the clock runs on).
    pub fn clock_text_for(&mut self, now: Duration, text: &str, beep: bool, duration: Duration) {
        self.clock_text(now, text, beep);
        self.text_until = Some(now + duration);
    }

    /// The DGT 3000 beeps for `duration` (64 ms steps).
    pub fn clock_beep(&mut self, now: Duration, duration: Duration) {
        self.clock_command(now, ClockCommand::beep(duration));
    }

    fn heard_clock(&mut self, now: Duration) {
        self.clock_heard = Some(now);
        self.clock_poll_at = Some(now + self.config.clock_poll);
    }

    fn clock_report(&mut self, t: ClockTimes) {
        if t.is_empty_report() {
            return;
        }
        let status = t.status;
        let previous = self.clock_status.replace(status);
        if !status.connected {
            if previous.is_none_or(|p| p.connected) {
                self.events.push_back(DgtEvent::ClockStatus(status));
            }
            return;
        }
        match previous {
            Some(p) if p.connected => {
                if (p.running, p.low_battery) != (status.running, status.low_battery) {
                    self.events.push_back(DgtEvent::ClockStatus(status));
                }
                if p.lever_down != status.lever_down {
                    self.events.push_back(DgtEvent::ClockLever {
                        side: self.config.player(status.lever_down),
                        lever: status.lever_down,
                        times: t,
                    });
                }
            }
            _ => self.events.push_back(DgtEvent::ClockStatus(status)),
        }
        self.events.push_back(DgtEvent::ClockTimes(t));
    }

    fn pump_clock(&mut self, now: Duration) {
        if self.clock.is_some() {
            return;
        }
        if let Some(command) = self.clock_queue.pop_front() {
            let mut b = Vec::new();
            command.encode(&mut b);
            self.transmits.push_back(b);
            self.clock = Some(ClockInFlight {
                command,
                deadline: now + self.config.clock_ack_timeout,
                retries: 0,
            });
        }
    }

    /// Feeds bytes read from the port.
    pub fn handle_bytes(&mut self, now: Duration, bytes: &[u8]) {
        self.decoder.push(bytes);
        while let Some(m) = self.decoder.next_message() {
            match m {
                Err(e) => self.events.push_back(DgtEvent::Error(e)),
                Ok(Message::BoardDump(mut b)) => {
                    self.awaiting_dump = false;
                    let start = Board::default();
                    if b == start {
                        self.rotated = false;
                    } else if rotated(&b) == start {
                        self.rotated = true;
                    }
                    if self.rotated {
                        b = rotated(&b);
                    }
                    self.events.push_back(DgtEvent::Snapshot(b));
                }
                Ok(Message::FieldUpdate { square, piece }) => {
                    self.debounce = Some(now + self.config.debounce);
                    let square = if self.rotated {
                        square.rotate_180()
                    } else {
                        square
                    };
                    self.events
                        .push_back(DgtEvent::FieldUpdate { square, piece });
                }
                Ok(Message::ClockTimes(t)) => {
                    self.heard_clock(now);
                    self.clock_report(t);
                }
                Ok(Message::ClockAck { command, data }) => {
                    self.heard_clock(now);
                    if command == clk::ACK_BUTTON {
                        if let Some(n) = button::number(data[1]) {
                            self.events.push_back(DgtEvent::ClockButton(n));
                        }
                    } else if self
                        .clock
                        .as_ref()
                        .is_some_and(|f| f.command.acked_by(command))
                    {
                        let f = self.clock.take().expect("in flight");
                        self.events.push_back(DgtEvent::ClockAck(f.command));
                        self.pump_clock(now);
                    }
                }
                Ok(Message::Version { major, minor }) => {
                    self.events.push_back(DgtEvent::Version { major, minor })
                }
                Ok(Message::SerialNumber(s)) => self.events.push_back(DgtEvent::SerialNumber(s)),
                Ok(Message::Trademark(s)) => self.events.push_back(DgtEvent::Trademark(s)),
            }
        }
    }

    /// The next event.
    pub fn poll_event(&mut self) -> Option<DgtEvent> {
        self.events.pop_front()
    }

    /// Appends the next bytes to write to `buf`; returns how many.
    pub fn poll_transmit(&mut self, buf: &mut Vec<u8>) -> Option<usize> {
        let t = self.transmits.pop_front()?;
        buf.extend_from_slice(&t);
        Some(t.len())
    }

    /// When [`handle_timeout`](Self::handle_timeout) must run next.
    pub fn poll_timeout(&self) -> Option<Duration> {
        [
            self.debounce,
            self.clock.as_ref().map(|f| f.deadline),
            self.clock_poll_at,
            self.clock_gone_at(),
            self.text_until,
            self.held.as_ref().map(|(at, _)| *at),
        ]
        .into_iter()
        .flatten()
        .min()
    }

    /// When a connected clock counts as gone if nothing comes before.
    fn clock_gone_at(&self) -> Option<Duration> {
        self.clock_status
            .filter(|s| s.connected)
            .and(self.clock_heard)
            .map(|t| t + self.config.clock_silence)
    }

    /// Runs due timers: the debounce (→ board-dump request), clock retries, the clock
    /// poll (→ times request), the clock's silence (→ [`DgtEvent::ClockGone`]) and a start
    /// held through a delay.
    pub fn handle_timeout(&mut self, now: Duration) {
        if self.held.as_ref().is_some_and(|(at, _)| now >= *at) {
            let (_, command) = self.held.take().expect("held");
            self.clock_queue.push_back(command);
            self.pump_clock(now);
        }
        if self.text_until.is_some_and(|t| now >= t) {
            self.clock_end_text(now);
        }
        if let (Some(gone), Some(heard)) = (self.clock_gone_at(), self.clock_heard)
            && now >= gone
        {
            self.clock_status = None;
            self.events.push_back(DgtEvent::ClockGone {
                silent: now.saturating_sub(heard),
            });
        }
        if self.clock_poll_at.is_some_and(|t| now >= t) {
            self.clock_poll_at = Some(now + self.config.clock_poll);
            if self.clock.is_none() {
                self.transmits.push_back(vec![cmd::SEND_CLK]);
            }
        }
        if self.debounce.is_some_and(|d| now >= d) {
            self.debounce = None;
            self.request_board();
        }
        if let Some(f) = self.clock.as_mut()
            && now >= f.deadline
        {
            if f.retries >= self.config.clock_retries {
                let f = self.clock.take().expect("in flight");
                self.events.push_back(DgtEvent::ClockFailed(f.command));
                self.pump_clock(now);
            } else {
                f.retries += 1;
                f.deadline = now + self.config.clock_ack_timeout;
                let mut b = Vec::new();
                f.command.encode(&mut b);
                self.transmits.push_back(b);
            }
        }
    }
}

fn rotated(b: &Board) -> Board {
    let mut r = b.clone();
    r.rotate_180();
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn debounce_then_dump_request() {
        let t0 = Duration::from_secs(1000);
        let mut board = DgtBoard::default();
        let mut out = Vec::new();
        board.handle_bytes(t0, &[0x8E, 0, 5, 52, 0]);
        assert_eq!(board.poll_transmit(&mut out), None);
        board.handle_bytes(t0 + Duration::from_millis(100), &[0x8E, 0, 5, 36, 1]);
        assert_eq!(board.poll_timeout(), Some(t0 + Duration::from_millis(350)));
        board.handle_timeout(t0 + Duration::from_millis(300));
        assert_eq!(
            board.poll_transmit(&mut out),
            None,
            "still within the debounce"
        );
        board.handle_timeout(t0 + Duration::from_millis(350));
        assert_eq!(board.poll_transmit(&mut out), Some(1));
        assert_eq!(out, vec![cmd::SEND_BRD]);
        assert_eq!(board.poll_timeout(), None);
    }

    #[test]
    fn clock_commands_one_at_a_time_with_retry() {
        let t0 = Duration::from_secs(1000);
        let mut board = DgtBoard::default();
        let beep = ClockCommand::Beep {
            duration: Duration::from_millis(128),
        };
        board.clock_command(t0, ClockCommand::Version);
        board.clock_command(t0, beep.clone());
        let mut out = Vec::new();
        while board.poll_transmit(&mut out).is_some() {}
        assert_eq!(
            out,
            vec![0x2B, 3, 3, clk::VERSION, 0],
            "only the first goes out"
        );
        // No ack: retried after the timeout.
        let t1 = t0 + Duration::from_millis(500);
        board.handle_timeout(t1);
        out.clear();
        while board.poll_transmit(&mut out).is_some() {}
        assert_eq!(out, vec![0x2B, 3, 3, clk::VERSION, 0]);
        let mut ack = Vec::new();
        Message::ClockAck {
            command: clk::VERSION,
            data: [2, 1],
        }
        .encode(&mut ack);
        board.handle_bytes(t1, &ack);
        assert_eq!(
            board.poll_event(),
            Some(DgtEvent::ClockAck(ClockCommand::Version))
        );
        out.clear();
        while board.poll_transmit(&mut out).is_some() {}
        assert_eq!(out, vec![0x2B, 4, 3, clk::BEEP, 2, 0], "then the next");
        let mut now = t1;
        for _ in 0..4 {
            now += Duration::from_millis(500);
            board.handle_timeout(now);
        }
        assert_eq!(board.poll_event(), Some(DgtEvent::ClockFailed(beep)));
        let told = DgtEvent::ClockFailed(ClockCommand::text("CHECK", true)).to_string();
        assert_eq!(
            told,
            "The clock did not answer the command to show the text \"CHECK\": check its cable to the board."
        );
        assert!(
            !told.contains('{') && !told.contains("ClockFailed"),
            "{told}"
        );
        assert_eq!(
            DgtEvent::Version { major: 1, minor: 7 }.to_string(),
            "The board reports firmware version 1.7."
        );
    }

    #[test]
    fn a_text_shown_for_a_while_gives_way_to_the_times() {
        let t0 = Duration::from_secs(1000);
        let mut board = DgtBoard::default();
        board.clock_text_for(t0, "CHECK", true, Duration::from_secs(2));
        let mut out = Vec::new();
        while board.poll_transmit(&mut out).is_some() {}
        assert_eq!(&out[3..4], &[clk::ASCII], "{out:?}");
        let mut ack = Vec::new();
        Message::ClockAck {
            command: clk::ASCII,
            data: [0, 0],
        }
        .encode(&mut ack);
        board.handle_bytes(t0, &ack);
        assert_eq!(board.poll_timeout(), Some(t0 + Duration::from_secs(2)));
        board.handle_timeout(t0 + Duration::from_secs(2));
        out.clear();
        while board.poll_transmit(&mut out).is_some() {}
        assert_eq!(out, vec![0x2B, 3, 3, clk::END_DISPLAY, 0]);
        assert_ne!(board.poll_timeout(), Some(t0 + Duration::from_secs(2)));
    }

    #[test]
    fn keep_alive_repeats_an_unanswered_board_request() {
        let t0 = Duration::from_secs(1000);
        let mut board = DgtBoard::default();
        board.connect(t0);
        let mut out = Vec::new();
        while board.poll_transmit(&mut out).is_some() {}
        out.clear();
        board.keep_alive();
        while board.poll_transmit(&mut out).is_some() {}
        assert_eq!(out, vec![cmd::SEND_BRD, cmd::SEND_UPDATE_NICE]);
        let mut dump = Vec::new();
        Message::BoardDump(Board::default()).encode(&mut dump);
        board.handle_bytes(t0, &dump);
        out.clear();
        board.keep_alive();
        while board.poll_transmit(&mut out).is_some() {}
        assert_eq!(out, vec![cmd::RETURN_SERIALNR]);
    }

    #[test]
    fn rotated_board_is_recognised_from_the_initial_position() {
        let t0 = Duration::from_secs(1000);
        let mut board = DgtBoard::default();
        let mut bytes = Vec::new();
        Message::BoardDump(rotated(&Board::default())).encode(&mut bytes);
        // The pawn the board calls d7 is White's e2 pawn.
        Message::FieldUpdate {
            square: Square::D7,
            piece: None,
        }
        .encode(&mut bytes);
        board.handle_bytes(t0, &bytes);
        assert_eq!(
            board.poll_event(),
            Some(DgtEvent::Snapshot(Board::default()))
        );
        assert!(board.is_rotated());
        assert_eq!(
            board.poll_event(),
            Some(DgtEvent::FieldUpdate {
                square: Square::E2,
                piece: None
            })
        );
    }

    fn report(left: u64, right: u64, status: u8) -> Vec<u8> {
        let mut b = Vec::new();
        Message::ClockTimes(ClockTimes::new(
            Duration::from_secs(left),
            Duration::from_secs(right),
            ClockStatus::from_byte(status),
        ))
        .encode(&mut b);
        b
    }

    fn events(board: &mut DgtBoard) -> Vec<DgtEvent> {
        std::iter::from_fn(|| board.poll_event()).collect()
    }

    fn is_lever(e: &DgtEvent) -> bool {
        matches!(e, DgtEvent::ClockLever { .. })
    }

    // Status bytes: running (D0), left lever down (D1), battery low (D2), right's turn
    // (D3), left's turn (D4), no clock (D5).
    const WHITE_TO_MOVE_RUNNING: u8 = 0x11;
    const BLACK_TO_MOVE_RUNNING: u8 = 0x0B;

    #[test]
    fn a_lever_press_is_told_from_a_time_report() {
        let t0 = Duration::from_secs(1000);
        let mut board = DgtBoard::default();
        board.connect(t0);
        // The first report only sets the lever's position.
        board.handle_bytes(t0, &report(300, 300, WHITE_TO_MOVE_RUNNING));
        let first = events(&mut board);
        assert!(
            matches!(
                first[..],
                [DgtEvent::ClockStatus(s), DgtEvent::ClockTimes(_)]
                    if s.connected && s.running && s.lever_down == ClockSide::Right
            ),
            "{first:?}"
        );
        // Times go down, the lever stays: mere time reports.
        board.handle_bytes(t0, &report(299, 300, WHITE_TO_MOVE_RUNNING));
        board.handle_bytes(t0, &report(298, 300, WHITE_TO_MOVE_RUNNING));
        let reports = events(&mut board);
        assert_eq!(reports.len(), 2);
        assert!(reports.iter().all(|e| matches!(e, DgtEvent::ClockTimes(_))));
        // White presses: the left lever goes down (D1), Black's turn.
        board.handle_bytes(t0, &report(297, 300, BLACK_TO_MOVE_RUNNING));
        let press = events(&mut board);
        let DgtEvent::ClockLever { side, lever, times } = &press[0] else {
            panic!("{press:?}")
        };
        assert_eq!((*side, *lever), (Color::White, ClockSide::Left));
        assert_eq!(times.left, Duration::from_secs(297));
        assert!(matches!(press[1], DgtEvent::ClockTimes(_)));
        assert_eq!(press.len(), 2, "running did not change: no status");
        // Black answers.
        board.handle_bytes(t0, &report(297, 290, WHITE_TO_MOVE_RUNNING));
        assert!(matches!(
            events(&mut board)[0],
            DgtEvent::ClockLever {
                side: Color::Black,
                lever: ClockSide::Right,
                ..
            }
        ));
    }

    #[test]
    fn a_turned_clock_maps_the_levers_to_the_players() {
        let t0 = Duration::from_secs(1000);
        let mut board = DgtBoard::new(DgtConfig {
            white: ClockSide::Right,
            ..DgtConfig::default()
        });
        board.connect(t0);
        board.handle_bytes(t0, &report(300, 300, WHITE_TO_MOVE_RUNNING));
        board.handle_bytes(t0, &report(300, 299, BLACK_TO_MOVE_RUNNING));
        let lever = events(&mut board).into_iter().find(is_lever);
        assert!(
            matches!(
                lever,
                Some(DgtEvent::ClockLever {
                    side: Color::Black,
                    lever: ClockSide::Left,
                    ..
                })
            ),
            "{lever:?}"
        );
    }

    #[test]
    fn status_changes_are_reported_once() {
        let t0 = Duration::from_secs(1000);
        let mut board = DgtBoard::default();
        board.connect(t0);
        board.handle_bytes(t0, &report(60, 60, 0x10));
        events(&mut board);
        // Started by the host: running.
        board.handle_bytes(t0, &report(60, 60, 0x11));
        board.handle_bytes(t0, &report(59, 60, 0x11));
        let ev = events(&mut board);
        let statuses: Vec<_> = ev
            .iter()
            .filter_map(|e| match e {
                DgtEvent::ClockStatus(s) => Some(*s),
                _ => None,
            })
            .collect();
        assert_eq!(statuses.len(), 1);
        assert!(statuses[0].running);
        // Low battery.
        board.handle_bytes(t0, &report(58, 60, 0x15));
        board.handle_bytes(t0, &report(57, 60, 0x15));
        let ev = events(&mut board);
        assert!(
            matches!(ev[0], DgtEvent::ClockStatus(s) if s.low_battery),
            "{ev:?}"
        );
        assert_eq!(
            ev.iter()
                .filter(|e| matches!(e, DgtEvent::ClockStatus(_)))
                .count(),
            1
        );
        // Unplugged: no valid times, one status; a lever seen on return is no press.
        board.handle_bytes(t0, &report(0, 0, 0x20));
        board.handle_bytes(t0, &report(0, 0, 0x20));
        let ev = events(&mut board);
        assert!(
            matches!(ev[..], [DgtEvent::ClockStatus(s)] if !s.connected),
            "{ev:?}"
        );
        board.handle_bytes(t0, &report(57, 60, 0x0B));
        let ev = events(&mut board);
        assert!(
            matches!(ev[..], [DgtEvent::ClockStatus(s), DgtEvent::ClockTimes(_)] if s.connected),
            "{ev:?}"
        );
    }

    #[test]
    fn an_empty_report_is_ignored() {
        let t0 = Duration::from_secs(1000);
        let mut board = DgtBoard::default();
        board.connect(t0);
        board.handle_bytes(t0, &report(300, 300, 0x0B));
        events(&mut board);
        // All zero would read as the right lever down: not a press.
        board.handle_bytes(t0, &[0x8D, 0, 10, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(events(&mut board), vec![]);
    }

    #[test]
    fn buttons_come_as_numbers_left_to_right() {
        let t0 = Duration::from_secs(1000);
        let mut board = DgtBoard::default();
        for (code, number) in [(0x31, 1), (0x34, 2), (0x33, 3), (0x32, 4), (0x35, 5)] {
            let mut b = Vec::new();
            Message::ClockAck {
                command: clk::ACK_BUTTON,
                data: [0x01, code],
            }
            .encode(&mut b);
            board.handle_bytes(t0, &b);
            assert_eq!(board.poll_event(), Some(DgtEvent::ClockButton(number)));
        }
        let mut b = Vec::new();
        Message::ClockAck {
            command: clk::ACK_BUTTON,
            data: [0x01, 0x36],
        }
        .encode(&mut b);
        board.handle_bytes(t0, &b);
        assert_eq!(board.poll_event(), None, "no sixth button");
    }

    #[test]
    fn a_quiet_clock_is_asked_and_a_silent_one_is_gone() {
        let t0 = Duration::from_secs(1000);
        let config = DgtConfig::default();
        let mut board = DgtBoard::new(config);
        board.connect(t0);
        let mut out = Vec::new();
        while board.poll_transmit(&mut out).is_some() {}
        board.handle_bytes(t0, &report(300, 300, 0x10));
        events(&mut board);
        // Stopped, the clock says nothing: after the poll interval its times are asked.
        let poll = t0 + config.clock_poll;
        assert_eq!(board.poll_timeout(), Some(poll));
        board.handle_timeout(poll);
        out.clear();
        while board.poll_transmit(&mut out).is_some() {}
        assert_eq!(out, vec![cmd::SEND_CLK]);
        assert_eq!(events(&mut board), vec![]);
        // It answers: not gone.
        board.handle_bytes(poll, &report(300, 300, 0x10));
        assert_eq!(events(&mut board).len(), 1, "times only");
        // Then nothing at all: gone once, at the silence limit, still asked after.
        let heard = poll;
        let mut now = heard;
        let mut gone = Vec::new();
        while now < heard + config.clock_silence * 2 {
            now = board.poll_timeout().expect("a timer");
            board.handle_timeout(now);
            gone.extend(events(&mut board));
        }
        assert_eq!(
            gone,
            vec![DgtEvent::ClockGone {
                silent: config.clock_silence
            }]
        );
        out.clear();
        while board.poll_transmit(&mut out).is_some() {}
        assert!(
            out.iter().all(|b| *b == cmd::SEND_CLK) && out.len() >= 4,
            "{out:?}"
        );
        // It comes back: a status, no press inferred across the gap.
        board.handle_bytes(now, &report(300, 300, 0x0B));
        let back = events(&mut board);
        assert!(
            matches!(back[..], [DgtEvent::ClockStatus(s), DgtEvent::ClockTimes(_)] if s.connected),
            "{back:?}"
        );
    }

    #[test]
    fn a_board_without_a_clock_never_reports_one_gone() {
        let t0 = Duration::from_secs(1000);
        let mut board = DgtBoard::default();
        board.connect(t0);
        let mut now = t0;
        for _ in 0..10 {
            now = board.poll_timeout().expect("the poll");
            board.handle_timeout(now);
        }
        assert!(now >= t0 + Duration::from_secs(10));
        assert_eq!(events(&mut board), vec![]);
    }

    #[test]
    fn text_and_beep_commands_wait_for_their_acks() {
        let t0 = Duration::from_secs(1000);
        let mut board = DgtBoard::default();
        board.clock_text(t0, "ARBITER", true);
        board.clock_beep(t0, Duration::from_millis(640));
        let mut out = Vec::new();
        while board.poll_transmit(&mut out).is_some() {}
        assert_eq!(&out[..4], &[0x2B, 0x0C, 0x03, clk::ASCII]);
        assert_eq!(out.len(), 14, "only the text goes out first");
        let mut ack = Vec::new();
        Message::ClockAck {
            command: clk::ASCII,
            data: [0, 0],
        }
        .encode(&mut ack);
        board.handle_bytes(t0, &ack);
        assert_eq!(
            board.poll_event(),
            Some(DgtEvent::ClockAck(ClockCommand::text("ARBITER", true)))
        );
        out.clear();
        while board.poll_transmit(&mut out).is_some() {}
        assert_eq!(out, vec![0x2B, 0x04, 0x03, clk::BEEP, 10, 0x00]);
    }

    proptest! {
        #[test]
        fn host_side_never_panics(garbage in prop::collection::vec(any::<u8>(), 0..400)) {
            let t0 = Duration::from_secs(1000);
            let mut board = DgtBoard::default();
            board.handle_bytes(t0, &garbage);
            while board.poll_event().is_some() {}
            board.handle_timeout(t0 + Duration::from_secs(1));
        }
    }
}
