//! The DGT e-board protocol (9600 8N1) and a DGT 3000 clock driven through the board.
//!
//! Commands are single bytes (0x40 reset, 0x42 board dump, 0x43/0x44/0x4B update modes,
//! 0x45 serial number, 0x4D version) except the clock wrapper `0x2B len 0x03 cmd … 0x00`.
//! Messages start with `0x80 | code`, then a 14-bit length (two 7-bit bytes, high
//! first) that counts the 3-byte header; all data bytes have the top bit clear.
//! Squares run 0 = a8 … 63 = h1; pieces 1–6 are white P R N B K Q, 7–12 black.
//!
//! [`Decoder`] splits the byte stream (resyncing on a stray top-bit byte, rejecting
//! bad lengths); [`DgtBoard`] is the sans-IO host side: update mode, debounce of field
//! updates then a board-dump request, clock commands one at a time with ack and retry.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use shakmaty::{Board, Color, File, Piece, Rank, Role, Square};

/// Host → board command bytes.
pub mod cmd {
    /// Reset to idle mode.
    pub const RESET: u8 = 0x40;
    /// Ask for the clock times.
    pub const SEND_CLK: u8 = 0x41;
    /// Ask for a board dump.
    pub const SEND_BRD: u8 = 0x42;
    /// Update mode: field updates and clock times.
    pub const SEND_UPDATE: u8 = 0x43;
    /// Update mode: field updates only.
    pub const SEND_UPDATE_BRD: u8 = 0x44;
    /// Ask for the serial number.
    pub const RETURN_SERIALNR: u8 = 0x45;
    /// Update mode: field updates, clock times only when they change.
    pub const SEND_UPDATE_NICE: u8 = 0x4B;
    /// Ask for the firmware version.
    pub const SEND_VERSION: u8 = 0x4D;
    /// Wrapper of a clock command.
    pub const CLOCK_MESSAGE: u8 = 0x2B;
}

/// Board → host message codes (the id byte is `0x80 | code`).
pub mod msg {
    /// Board dump, length 67.
    pub const BOARD_DUMP: u8 = 0x06;
    /// Clock times or clock ack, length 10.
    pub const BWTIME: u8 = 0x0D;
    /// One square changed, length 5.
    pub const FIELD_UPDATE: u8 = 0x0E;
    /// Serial number, length 8.
    pub const SERIALNR: u8 = 0x11;
    /// Trademark text, any length.
    pub const TRADEMARK: u8 = 0x12;
    /// Firmware version, length 5.
    pub const VERSION: u8 = 0x13;
}

/// DGT 3000 clock command codes inside the 0x2B wrapper.
pub mod clk {
    /// Starts a wrapped command.
    pub const START: u8 = 0x03;
    /// Ends a wrapped command.
    pub const END: u8 = 0x00;
    /// Ends a display (back to times).
    pub const END_DISPLAY: u8 = 0x03;
    /// Ask the clock's version.
    pub const VERSION: u8 = 0x09;
    /// Set both times and run.
    pub const SETNRUN: u8 = 0x0A;
    /// Beep.
    pub const BEEP: u8 = 0x0B;
    /// Show 8 ASCII characters.
    pub const ASCII: u8 = 0x0C;
    /// Ack code the clock uses for a button press.
    pub const ACK_BUTTON: u8 = 0x88;
}

/// Converts a DGT square index (0 = a8 … 63 = h1) to a square.
pub fn square_from_dgt(i: u8) -> Option<Square> {
    (i < 64)
        .then(|| Square::from_coords(File::new(u32::from(i % 8)), Rank::new(7 - u32::from(i / 8))))
}

/// Converts a square to its DGT index (0 = a8 … 63 = h1).
pub fn square_to_dgt(sq: Square) -> u8 {
    (7 - u8::from(sq.rank())) * 8 + u8::from(sq.file())
}

/// Converts a DGT piece code (0 empty, 1–6 white P R N B K Q, 7–12 black) to a piece.
pub fn piece_from_dgt(code: u8) -> Result<Option<Piece>, u8> {
    const ROLES: [Role; 6] = [
        Role::Pawn,
        Role::Rook,
        Role::Knight,
        Role::Bishop,
        Role::King,
        Role::Queen,
    ];
    match code {
        0 => Ok(None),
        1..=6 => Ok(Some(Piece {
            color: Color::White,
            role: ROLES[usize::from(code - 1)],
        })),
        7..=12 => Ok(Some(Piece {
            color: Color::Black,
            role: ROLES[usize::from(code - 7)],
        })),
        other => Err(other),
    }
}

/// Converts a piece (or an empty square) to its DGT code.
pub fn piece_to_dgt(piece: Option<Piece>) -> u8 {
    let Some(p) = piece else { return 0 };
    let base = match p.role {
        Role::Pawn => 1,
        Role::Rook => 2,
        Role::Knight => 3,
        Role::Bishop => 4,
        Role::King => 5,
        Role::Queen => 6,
    };
    if p.color.is_white() { base } else { base + 6 }
}

/// Times shown by a clock connected to the board (right and left as seen by the
/// board's owner; the DGT 3000 reports both).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct ClockTimes {
    /// Right side's time.
    pub right: Duration,
    /// Left side's time.
    pub left: Duration,
    /// Status bits (bit 0 running, bit 1 lever: right side down, bit 2 battery low).
    pub status: u8,
}

/// Which clock side runs after a DGT 3000 set-and-run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ClockRun {
    /// Both stopped.
    Paused,
    /// The left clock runs.
    Left,
    /// The right clock runs.
    Right,
}

/// One board → host message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    /// All 64 squares.
    BoardDump(Board),
    /// One square changed.
    FieldUpdate {
        /// The square.
        square: Square,
        /// What is on it now.
        piece: Option<Piece>,
    },
    /// Clock times.
    ClockTimes(ClockTimes),
    /// The clock acknowledged `command` (a [`clk`] code or [`clk::ACK_BUTTON`]);
    /// `data` holds the two ack bytes that follow.
    ClockAck {
        /// Command acknowledged.
        command: u8,
        /// Further ack bytes (button code, version).
        data: [u8; 2],
    },
    /// Serial number (five characters).
    SerialNumber(String),
    /// Trademark text.
    Trademark(String),
    /// Firmware version.
    Version {
        /// Major.
        major: u8,
        /// Minor.
        minor: u8,
    },
}

/// What went wrong with the byte stream, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("dgt stream at byte {offset}: {kind}")]
pub struct DecodeError {
    /// Stream offset of the offending header.
    pub offset: u64,
    /// What was wrong.
    pub kind: DecodeErrorKind,
}

/// Kinds of DGT stream errors.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DecodeErrorKind {
    /// A data byte where a message id was expected.
    #[error("stray byte {0:#04x}")]
    Stray(u8),
    /// An id byte this crate does not know.
    #[error("unknown message id {0:#04x}")]
    UnknownId(u8),
    /// The length field does not fit the message id.
    #[error("message {id:#04x} with length {len}, expected {expected}")]
    BadLength {
        /// Id byte.
        id: u8,
        /// Length field.
        len: usize,
        /// Length the id requires.
        expected: usize,
    },
    /// A message was cut short by a byte with the top bit set.
    #[error("message {id:#04x} cut off after {got} of {len} bytes")]
    Truncated {
        /// Id byte.
        id: u8,
        /// Bytes received.
        got: usize,
        /// Length announced.
        len: usize,
    },
    /// A data byte out of range (e.g. a piece code above 12).
    #[error("message {id:#04x}: bad value {value} at data byte {index}")]
    BadValue {
        /// Id byte.
        id: u8,
        /// Data index.
        index: usize,
        /// Value.
        value: u8,
    },
}

fn expected_len(code: u8) -> Option<Option<usize>> {
    match code {
        msg::BOARD_DUMP => Some(Some(67)),
        msg::BWTIME => Some(Some(10)),
        msg::FIELD_UPDATE => Some(Some(5)),
        msg::SERIALNR => Some(Some(8)),
        msg::VERSION => Some(Some(5)),
        msg::TRADEMARK => Some(None),
        _ => None,
    }
}

const MAX_VARIABLE_LEN: usize = 256;

/// Streaming decoder of board → host messages.
#[derive(Debug, Default)]
pub struct Decoder {
    buf: Vec<u8>,
    /// Stream offset of `buf[0]`.
    start: u64,
    out: VecDeque<Result<Message, DecodeError>>,
}

impl Decoder {
    /// A decoder at the start of a stream.
    pub fn new() -> Self {
        Self::default()
    }

    /// Feeds bytes; results come out of [`next_message`](Self::next_message).
    pub fn push(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
        self.parse();
    }

    /// The next message or error, in stream order.
    pub fn next_message(&mut self) -> Option<Result<Message, DecodeError>> {
        self.out.pop_front()
    }

    /// Drops a partial message (after a reconnect).
    pub fn reset(&mut self) {
        self.start += self.buf.len() as u64;
        self.buf.clear();
    }

    fn skip(&mut self, n: usize) {
        self.buf.drain(..n);
        self.start += n as u64;
    }

    fn err(&mut self, kind: DecodeErrorKind) {
        self.out.push_back(Err(DecodeError {
            offset: self.start,
            kind,
        }));
    }

    fn parse(&mut self) {
        loop {
            let Some(&id) = self.buf.first() else { return };
            if id & 0x80 == 0 {
                // Count a run of stray bytes as one error.
                let n = self.buf.iter().take_while(|b| **b & 0x80 == 0).count();
                self.err(DecodeErrorKind::Stray(id));
                self.skip(n);
                continue;
            }
            let code = id & 0x7F;
            let Some(expected) = expected_len(code) else {
                self.err(DecodeErrorKind::UnknownId(id));
                self.skip(1);
                continue;
            };
            if self.buf.len() < 3 {
                if self.buf[1..].iter().any(|b| b & 0x80 != 0) {
                    let got = self.buf.len();
                    self.err(DecodeErrorKind::Truncated { id, got, len: 3 });
                    self.skip(1);
                    continue;
                }
                return;
            }
            if self.buf[1] & 0x80 != 0 || self.buf[2] & 0x80 != 0 {
                self.err(DecodeErrorKind::Truncated { id, got: 1, len: 3 });
                self.skip(1);
                continue;
            }
            let len = (usize::from(self.buf[1]) << 7) | usize::from(self.buf[2]);
            let ok = match expected {
                Some(e) => len == e,
                None => (3..=MAX_VARIABLE_LEN).contains(&len),
            };
            if !ok {
                self.err(DecodeErrorKind::BadLength {
                    id,
                    len,
                    expected: expected.unwrap_or(MAX_VARIABLE_LEN),
                });
                self.skip(1);
                continue;
            }
            let avail = self.buf.len().min(len);
            if let Some(pos) = self.buf[3..avail].iter().position(|b| b & 0x80 != 0) {
                self.err(DecodeErrorKind::Truncated {
                    id,
                    got: 3 + pos,
                    len,
                });
                self.skip(3 + pos);
                continue;
            }
            if self.buf.len() < len {
                return;
            }
            let res = decode_body(id, &self.buf[3..len]).map_err(|kind| DecodeError {
                offset: self.start,
                kind,
            });
            self.out.push_back(res);
            self.skip(len);
        }
    }
}

fn bcd(b: u8) -> u64 {
    u64::from(b >> 4) * 10 + u64::from(b & 0x0F)
}

fn to_bcd(v: u64) -> u8 {
    (((v / 10) as u8) << 4) | (v % 10) as u8
}

fn decode_body(id: u8, d: &[u8]) -> Result<Message, DecodeErrorKind> {
    match id & 0x7F {
        msg::BOARD_DUMP => {
            let mut board = Board::empty();
            for (i, &code) in d.iter().enumerate() {
                let piece = piece_from_dgt(code).map_err(|value| DecodeErrorKind::BadValue {
                    id,
                    index: i,
                    value,
                })?;
                if let (Some(p), Some(sq)) = (piece, square_from_dgt(i as u8)) {
                    board.set_piece_at(sq, p);
                }
            }
            Ok(Message::BoardDump(board))
        }
        msg::FIELD_UPDATE => {
            let square = square_from_dgt(d[0]).ok_or(DecodeErrorKind::BadValue {
                id,
                index: 0,
                value: d[0],
            })?;
            let piece = piece_from_dgt(d[1]).map_err(|value| DecodeErrorKind::BadValue {
                id,
                index: 1,
                value,
            })?;
            Ok(Message::FieldUpdate { square, piece })
        }
        msg::BWTIME => {
            if d[0] & 0x0F == 0x0A || d[3] & 0x0F == 0x0A {
                let ack0 = (d[1] & 0x7F) | ((d[3] << 3) & 0x80);
                let ack1 = (d[2] & 0x7F) | ((d[3] << 2) & 0x80);
                let ack2 = (d[4] & 0x7F) | ((d[0] << 3) & 0x80);
                let ack3 = (d[5] & 0x7F) | ((d[0] << 2) & 0x80);
                if ack0 != 0x10 {
                    return Err(DecodeErrorKind::BadValue {
                        id,
                        index: 1,
                        value: d[1],
                    });
                }
                return Ok(Message::ClockAck {
                    command: ack1,
                    data: [ack2, ack3],
                });
            }
            let time = |h: u8, m: u8, s: u8| {
                Duration::from_secs(u64::from(h & 0x0F) * 3600 + bcd(m) * 60 + bcd(s))
            };
            Ok(Message::ClockTimes(ClockTimes {
                right: time(d[0], d[1], d[2]),
                left: time(d[3], d[4], d[5]),
                status: d[6],
            }))
        }
        msg::SERIALNR => Ok(Message::SerialNumber(
            String::from_utf8_lossy(d).into_owned(),
        )),
        msg::TRADEMARK => Ok(Message::Trademark(String::from_utf8_lossy(d).into_owned())),
        msg::VERSION => Ok(Message::Version {
            major: d[0],
            minor: d[1],
        }),
        _ => Err(DecodeErrorKind::UnknownId(id)),
    }
}

impl Message {
    /// Encodes the message as the board sends it (used by the simulator).
    pub fn encode(&self, out: &mut Vec<u8>) {
        let mut data = Vec::with_capacity(64);
        let code = match self {
            Message::BoardDump(board) => {
                for i in 0..64u8 {
                    let sq = square_from_dgt(i).expect("0..64");
                    data.push(piece_to_dgt(board.piece_at(sq)));
                }
                msg::BOARD_DUMP
            }
            Message::FieldUpdate { square, piece } => {
                data.extend_from_slice(&[square_to_dgt(*square), piece_to_dgt(*piece)]);
                msg::FIELD_UPDATE
            }
            Message::ClockTimes(t) => {
                for d in [t.right, t.left] {
                    let s = d.as_secs();
                    data.extend_from_slice(&[
                        ((s / 3600) % 10) as u8,
                        to_bcd((s / 60) % 60),
                        to_bcd(s % 60),
                    ]);
                }
                data.push(t.status & 0x7F);
                msg::BWTIME
            }
            Message::ClockAck {
                command,
                data: [a2, a3],
            } => {
                let ack0: u8 = 0x10;
                let ack1 = *command;
                let m0 = 0x0A | ((a2 >> 7) << 4) | ((a3 >> 7) << 5);
                let m3 = 0x0A | ((ack0 >> 7) << 4) | ((ack1 >> 7) << 5);
                data.extend_from_slice(&[
                    m0,
                    ack0 & 0x7F,
                    ack1 & 0x7F,
                    m3,
                    a2 & 0x7F,
                    a3 & 0x7F,
                    0,
                ]);
                msg::BWTIME
            }
            Message::SerialNumber(s) => {
                let mut b: Vec<u8> = s.bytes().map(|c| c & 0x7F).take(5).collect();
                b.resize(5, b'0');
                data.extend_from_slice(&b);
                msg::SERIALNR
            }
            Message::Trademark(s) => {
                data.extend(s.bytes().map(|c| c & 0x7F).take(MAX_VARIABLE_LEN - 3));
                msg::TRADEMARK
            }
            Message::Version { major, minor } => {
                data.extend_from_slice(&[major & 0x7F, minor & 0x7F]);
                msg::VERSION
            }
        };
        let len = data.len() + 3;
        out.extend_from_slice(&[0x80 | code, ((len >> 7) & 0x7F) as u8, (len & 0x7F) as u8]);
        out.extend_from_slice(&data);
    }
}

/// A DGT 3000 command sent through the board.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "clock", rename_all = "snake_case")]
pub enum ClockCommand {
    /// Set both times and start one side (or none).
    SetAndRun {
        /// Left clock time.
        left: Duration,
        /// Right clock time.
        right: Duration,
        /// Which side runs.
        run: ClockRun,
    },
    /// Show eight characters.
    Text {
        /// The text (cut or padded to 8 ASCII characters).
        text: String,
        /// Beep with it.
        beep: bool,
    },
    /// Return to showing times.
    EndText,
    /// Beep for `duration` (in 64 ms steps on the clock).
    Beep {
        /// How long.
        duration: Duration,
    },
    /// Ask for the clock's version.
    Version,
}

impl ClockCommand {
    /// The clock command code (also the code of its ack).
    pub fn code(&self) -> u8 {
        match self {
            ClockCommand::SetAndRun { .. } => clk::SETNRUN,
            ClockCommand::Text { .. } => clk::ASCII,
            ClockCommand::EndText => clk::END_DISPLAY,
            ClockCommand::Beep { .. } => clk::BEEP,
            ClockCommand::Version => clk::VERSION,
        }
    }

    /// The wrapped bytes `0x2B len 0x03 cmd params 0x00`.
    pub fn encode(&self, out: &mut Vec<u8>) {
        let mut params = Vec::new();
        match self {
            ClockCommand::SetAndRun { left, right, run } => {
                for d in [left, right] {
                    let s = d.as_secs();
                    params.extend_from_slice(&[
                        (s / 3600).min(9) as u8,
                        ((s / 60) % 60) as u8,
                        (s % 60) as u8,
                    ]);
                }
                params.push(match run {
                    ClockRun::Paused => 0x04,
                    ClockRun::Left => 0x01,
                    ClockRun::Right => 0x02,
                });
            }
            ClockCommand::Text { text, beep } => {
                let mut t: Vec<u8> = text
                    .bytes()
                    .filter(|c| c.is_ascii() && *c >= 0x20)
                    .take(8)
                    .collect();
                t.resize(8, b' ');
                params.extend_from_slice(&t);
                params.push(if *beep { 0x03 } else { 0x00 });
            }
            ClockCommand::EndText | ClockCommand::Version => {}
            ClockCommand::Beep { duration } => {
                params.push((duration.as_millis() / 64).min(0x7F) as u8)
            }
        }
        out.extend_from_slice(&[
            cmd::CLOCK_MESSAGE,
            (params.len() + 3) as u8,
            clk::START,
            self.code(),
        ]);
        out.extend_from_slice(&params);
        out.push(clk::END);
    }
}

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

/// A host → board command as the board (simulator) parses it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HostCommand {
    /// A single-byte command (see [`cmd`]).
    Byte(u8),
    /// A wrapped clock command: code and parameters.
    Clock {
        /// Clock command code.
        code: u8,
        /// Parameters between code and end byte.
        params: Vec<u8>,
    },
}

/// Splits the host → board byte stream (for the simulator).
#[derive(Debug, Default)]
pub struct CommandDecoder {
    buf: Vec<u8>,
}

impl CommandDecoder {
    /// Feeds bytes and returns the complete commands.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<HostCommand> {
        self.buf.extend_from_slice(bytes);
        let mut out = Vec::new();
        while let Some(&first) = self.buf.first() {
            if first != cmd::CLOCK_MESSAGE {
                out.push(HostCommand::Byte(first));
                self.buf.remove(0);
                continue;
            }
            let Some(&len) = self.buf.get(1) else { break };
            let total = 2 + usize::from(len);
            if len < 3 {
                self.buf.remove(0);
                continue;
            }
            if self.buf.len() < total {
                break;
            }
            let frame: Vec<u8> = self.buf.drain(..total).collect();
            if frame[2] == clk::START && frame[total - 1] == clk::END {
                out.push(HostCommand::Clock {
                    code: frame[3],
                    params: frame[4..total - 1].to_vec(),
                });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn start_board() -> Board {
        Board::default()
    }

    fn decode_all(bytes: &[u8]) -> Vec<Result<Message, DecodeError>> {
        let mut d = Decoder::new();
        d.push(bytes);
        std::iter::from_fn(|| d.next_message()).collect()
    }

    #[test]
    fn squares_and_pieces_map_like_dgt() {
        assert_eq!(square_from_dgt(0), Some(Square::A8));
        assert_eq!(square_from_dgt(63), Some(Square::H1));
        assert_eq!(square_from_dgt(52), Some(Square::E2));
        assert_eq!(square_to_dgt(Square::E2), 52);
        assert_eq!(piece_from_dgt(6), Ok(Some(Color::White.queen())));
        assert_eq!(piece_from_dgt(11), Ok(Some(Color::Black.king())));
        assert_eq!(piece_from_dgt(13), Err(13));
        for c in 0..=12 {
            assert_eq!(piece_to_dgt(piece_from_dgt(c).unwrap()), c);
        }
    }

    #[test]
    fn board_dump_of_start_position() {
        let mut bytes = Vec::new();
        Message::BoardDump(start_board()).encode(&mut bytes);
        assert_eq!(&bytes[..3], &[0x86, 0, 67]);
        assert_eq!(bytes[3], 8, "a8 holds a black rook");
        assert_eq!(
            decode_all(&bytes),
            vec![Ok(Message::BoardDump(start_board()))]
        );
    }

    #[test]
    fn field_update_bytes() {
        // e2 is square 52, empty.
        assert_eq!(
            decode_all(&[0x8E, 0, 5, 52, 0]),
            vec![Ok(Message::FieldUpdate {
                square: Square::E2,
                piece: None
            })]
        );
    }

    #[test]
    fn bad_length_rejected_and_next_message_found() {
        let mut bytes = vec![0x8E, 0, 6, 52, 0, 0];
        bytes.extend_from_slice(&[0x93, 0, 5, 1, 2]);
        let got = decode_all(&bytes);
        assert_eq!(
            got[0],
            Err(DecodeError {
                offset: 0,
                kind: DecodeErrorKind::BadLength {
                    id: 0x8E,
                    len: 6,
                    expected: 5
                }
            })
        );
        assert_eq!(
            got.last(),
            Some(&Ok(Message::Version { major: 1, minor: 2 }))
        );
    }

    #[test]
    fn stray_top_bit_byte_mid_message_resyncs() {
        // A dump cut off by a field update: the dump is dropped, the update survives.
        let mut bytes = Vec::new();
        Message::BoardDump(start_board()).encode(&mut bytes);
        bytes.truncate(20);
        bytes.extend_from_slice(&[0x8E, 0, 5, 52, 0]);
        let got = decode_all(&bytes);
        assert!(matches!(
            got[0],
            Err(DecodeError {
                offset: 0,
                kind: DecodeErrorKind::Truncated { id: 0x86, .. }
            })
        ));
        assert_eq!(
            got[1],
            Ok(Message::FieldUpdate {
                square: Square::E2,
                piece: None
            })
        );
        assert_eq!(got.len(), 2);
    }

    #[test]
    fn clock_ack_round_trip_including_high_bits() {
        for command in [clk::SETNRUN, clk::ASCII, clk::ACK_BUTTON, clk::VERSION] {
            let m = Message::ClockAck {
                command,
                data: [0x81, 0x7F],
            };
            let mut b = Vec::new();
            m.encode(&mut b);
            assert!(b[1..].iter().all(|x| x & 0x80 == 0));
            assert_eq!(decode_all(&b), vec![Ok(m)]);
        }
    }

    #[test]
    fn clock_times_round_trip() {
        let m = Message::ClockTimes(ClockTimes {
            right: Duration::from_secs(5400 + 59),
            left: Duration::from_secs(3 * 60 + 7),
            status: 1,
        });
        let mut b = Vec::new();
        m.encode(&mut b);
        assert_eq!(decode_all(&b), vec![Ok(m)]);
    }

    #[test]
    fn set_and_run_bytes() {
        let mut b = Vec::new();
        ClockCommand::SetAndRun {
            left: Duration::from_secs(5400),
            right: Duration::from_secs(65),
            run: ClockRun::Right,
        }
        .encode(&mut b);
        assert_eq!(
            b,
            vec![0x2B, 0x0A, 0x03, 0x0A, 1, 30, 0, 0, 1, 5, 0x02, 0x00]
        );
        let mut d = CommandDecoder::default();
        assert_eq!(
            d.push(&b),
            vec![HostCommand::Clock {
                code: 0x0A,
                params: b[4..11].to_vec()
            }]
        );
    }

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

    fn any_board() -> impl Strategy<Value = Board> {
        prop::collection::vec(0u8..=12, 64).prop_map(|codes| {
            let mut b = Board::empty();
            for (i, c) in codes.into_iter().enumerate() {
                if let (Some(sq), Ok(Some(p))) = (square_from_dgt(i as u8), piece_from_dgt(c)) {
                    b.set_piece_at(sq, p);
                }
            }
            b
        })
    }

    fn any_message() -> impl Strategy<Value = Message> {
        prop_oneof![
            any_board().prop_map(Message::BoardDump),
            (0u8..64, 0u8..=12).prop_map(|(s, p)| Message::FieldUpdate {
                square: square_from_dgt(s).unwrap(),
                piece: piece_from_dgt(p).unwrap()
            }),
            (0u64..36000, 0u64..36000, 0u8..0x80).prop_map(|(r, l, status)| Message::ClockTimes(
                ClockTimes {
                    right: Duration::from_secs(r),
                    left: Duration::from_secs(l),
                    status
                }
            )),
            (any::<u8>(), any::<u8>(), any::<u8>()).prop_map(|(command, a, b)| Message::ClockAck {
                command,
                data: [a, b]
            }),
            "[0-9]{5}".prop_map(Message::SerialNumber),
            "[ -~]{0,40}".prop_map(Message::Trademark),
            (0u8..0x80, 0u8..0x80).prop_map(|(major, minor)| Message::Version { major, minor }),
        ]
    }

    proptest! {
        #[test]
        fn encode_decode_round_trip(msgs in prop::collection::vec(any_message(), 1..5), split in 1usize..70) {
            let mut bytes = Vec::new();
            for m in &msgs { m.encode(&mut bytes); }
            let mut d = Decoder::new();
            let mut got = Vec::new();
            for c in bytes.chunks(split) {
                d.push(c);
                got.extend(std::iter::from_fn(|| d.next_message()));
            }
            let want: Vec<_> = msgs.into_iter().map(Ok).collect();
            prop_assert_eq!(got, want);
        }

        #[test]
        fn random_bytes_never_panic_and_resync(garbage in prop::collection::vec(any::<u8>(), 0..400), m in any_message()) {
            let mut d = Decoder::new();
            d.push(&garbage);
            while d.next_message().is_some() {}
            // A message that starts after the garbage is decoded, whatever came before:
            // its id byte ends any partial message (at worst after the partial's length).
            let mut b = Vec::new();
            m.encode(&mut b);
            // Pad so a partial message the garbage opened is cut off by our header.
            d.push(&b);
            let got: Vec<_> = std::iter::from_fn(|| d.next_message()).collect();
            prop_assert_eq!(got.last(), Some(&Ok(m)));
        }

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
