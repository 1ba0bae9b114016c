//! [`DgtBoard`]: the sans-IO host side of a DGT board: update mode, debounce of field
//! updates then a board-dump request, clock commands one at a time with ack and retry,
//! rotated-board recognition.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use super::clock::ClockCommand;
use super::codes::{clk, cmd};
use super::message::{ClockTimes, DecodeError, Decoder, Message};
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
}

impl Default for DgtConfig {
    fn default() -> Self {
        DgtConfig {
            debounce: Duration::from_millis(250),
            clock_ack_timeout: Duration::from_millis(500),
            clock_retries: 3,
            update_mode: cmd::SEND_UPDATE_NICE,
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
    /// Clock times.
    ClockTimes(ClockTimes),
    /// A DGT 3000 button was pressed (button code).
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

#[derive(Debug)]
struct ClockInFlight {
    command: ClockCommand,
    deadline: Instant,
    retries: u8,
}

/// The host side of a DGT board: sans-IO.
#[derive(Debug)]
pub struct DgtBoard {
    config: DgtConfig,
    decoder: Decoder,
    events: VecDeque<DgtEvent>,
    transmits: VecDeque<Vec<u8>>,
    debounce: Option<Instant>,
    clock_queue: VecDeque<ClockCommand>,
    clock: Option<ClockInFlight>,
    rotated: bool,
    awaiting_dump: bool,
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
        }
    }

    /// Whether the board stands the other way round (Black's pieces on the squares the
    /// board calls rank 1). Set when a dump shows the initial position rotated; from then
    /// on dumps and field updates are turned to match.
    pub fn is_rotated(&self) -> bool {
        self.rotated
    }

    /// The port was (re)opened: drop partial input and read the full state (version,
    /// serial number, board dump), then switch to update mode.
    pub fn connect(&mut self, now: Instant) {
        self.decoder.reset();
        self.debounce = None;
        self.awaiting_dump = true;
        self.transmits.clear();
        for c in [
            cmd::SEND_VERSION,
            cmd::RETURN_SERIALNR,
            cmd::SEND_BRD,
            self.config.update_mode,
        ] {
            self.transmits.push_back(vec![c]);
        }
        if let Some(f) = self.clock.as_mut() {
            f.deadline = now;
        }
    }

    /// Asks for a board dump now (asked again on each keep-alive until one arrives).
    pub fn request_board(&mut self) {
        self.awaiting_dump = true;
        self.transmits.push_back(vec![cmd::SEND_BRD]);
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

    /// Queues a clock command; they go out one at a time, each waiting for its ack.
    pub fn clock_command(&mut self, now: Instant, command: ClockCommand) {
        self.clock_queue.push_back(command);
        self.pump_clock(now);
    }

    fn pump_clock(&mut self, now: Instant) {
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
    pub fn handle_bytes(&mut self, now: Instant, bytes: &[u8]) {
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
                Ok(Message::ClockTimes(t)) => self.events.push_back(DgtEvent::ClockTimes(t)),
                Ok(Message::ClockAck { command, data }) => {
                    if command == clk::ACK_BUTTON {
                        self.events.push_back(DgtEvent::ClockButton(data[1]));
                    } else if self
                        .clock
                        .as_ref()
                        .is_some_and(|f| f.command.code() == command)
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
    pub fn poll_timeout(&self) -> Option<Instant> {
        match (self.debounce, self.clock.as_ref().map(|f| f.deadline)) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Runs due timers: the debounce (→ board-dump request) and clock retries.
    pub fn handle_timeout(&mut self, now: Instant) {
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
        let t0 = Instant::now();
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
        let t0 = Instant::now();
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
    }

    #[test]
    fn keep_alive_repeats_an_unanswered_board_request() {
        let t0 = Instant::now();
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
        let t0 = Instant::now();
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

    proptest! {
        #[test]
        fn host_side_never_panics(garbage in prop::collection::vec(any::<u8>(), 0..400)) {
            let t0 = Instant::now();
            let mut board = DgtBoard::default();
            board.handle_bytes(t0, &garbage);
            while board.poll_event().is_some() {}
            board.handle_timeout(t0 + Duration::from_secs(1));
        }
    }
}
