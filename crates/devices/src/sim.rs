//! Simulated devices speaking the exact protocols, on pseudo-terminals.
//!
//! Each device is a sans-IO core ([`DgtSim`], [`PegBoardSim`], [`ClockSim`]) driven by
//! [`Simulator`], which owns a [`Pty`] and a thread. Tests drive a simulator in-process
//! (`sim.act(...)`, `sim.inspect(...)`); `annabella sim dgt|peg-board|clock` drives one
//! from a JSON-lines script or the keyboard ([`parse_line`]).

use std::collections::VecDeque;
use std::io::{self, Read, Write};
use std::os::fd::AsFd;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
use serde::Deserialize;
use shakmaty::fen::Fen;
use shakmaty::{Bitboard, Board, Piece, Role, Square};

use crate::dgt::{self, ClockTimes, CommandDecoder, HostCommand, clk, cmd};
use crate::link::Endpoint;
use crate::proto::{
    Button, Hello, KIND_CLOCK, KIND_PEG_BOARD, Message, PROTOCOL_VERSION, Running, Side,
};
use crate::pty::{Pty, point_link};

/// An action or script line the simulated device cannot carry out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SimError {
    /// Not a square name.
    #[error("not a square: {0:?}")]
    Square(String),
    /// Not a FEN (or FEN board).
    #[error("bad FEN {fen:?}: {reason}")]
    Fen {
        /// The text.
        fen: String,
        /// The parser's reason.
        reason: String,
    },
    /// Not a move in UCI.
    #[error("not a move: {0:?}")]
    Move(String),
    /// Not a piece letter (and square).
    #[error("bad piece in {0:?}")]
    Piece(String),
    /// No piece (DGT) on the square.
    #[error("no piece on {0}")]
    NoPiece(Square),
    /// No peg in the hole.
    #[error("no peg in {0}")]
    NoPeg(Square),
    /// The hole is already full.
    #[error("{0} already holds a peg")]
    HoleFull(Square),
    /// A JSON line that does not parse.
    #[error("bad JSON: {0}")]
    Json(String),
    /// A line that names no action of this device.
    #[error("unknown action: {0}")]
    Action(String),
    /// A wait without milliseconds.
    #[error("wait needs milliseconds")]
    Wait,
    /// No host opened the port in time.
    #[error("no host opened the port within 30 s")]
    NoHost,
    /// The simulator thread has ended.
    #[error("simulator stopped")]
    Stopped,
}

/// A bad script line: what and where.
#[derive(Debug, thiserror::Error)]
#[error("script line {line}: {error}")]
pub struct ScriptError {
    /// 1-based line number.
    pub line: usize,
    /// What was wrong.
    pub error: SimError,
}

/// The device side of a simulator: sans-IO.
pub trait SimDevice: Send + 'static {
    /// One scripted action.
    type Action: Send + std::fmt::Debug + for<'de> Deserialize<'de> + 'static;
    /// Bytes from the host.
    fn handle_bytes(&mut self, now: Instant, bytes: &[u8]);
    /// Carries out an action.
    ///
    /// # Errors
    /// A message when the action does not fit the device's state (e.g. lifting from an
    /// empty hole).
    fn act(&mut self, now: Instant, action: Self::Action) -> Result<(), SimError>;
    /// Appends bytes to send to the host.
    fn poll_transmit(&mut self, buf: &mut Vec<u8>) -> Option<usize>;
    /// When [`handle_timeout`](Self::handle_timeout) must run next.
    fn poll_timeout(&self) -> Option<Instant>;
    /// Runs timers (retries).
    fn handle_timeout(&mut self, now: Instant);
}

fn parse_square(s: &str) -> Result<Square, SimError> {
    s.trim()
        .parse::<Square>()
        .map_err(|_| SimError::Square(s.to_string()))
}

fn parse_board(fen: &str) -> Result<Board, SimError> {
    let board_part = fen.split_whitespace().next().unwrap_or("");
    board_part.parse::<Board>().or_else(|_| {
        fen.parse::<Fen>()
            .map(|f| f.as_setup().board.clone())
            .map_err(|e| SimError::Fen {
                fen: fen.to_string(),
                reason: e.to_string(),
            })
    })
}

/// Squares a move (in UCI, e.g. `e2e4`, `e7e8q`, `e1g1`) changes on a board that knows
/// pieces, without checking legality: (square, new content) in the order a hand would.
fn board_move(board: &Board, uci: &str) -> Result<Vec<(Square, Option<Piece>)>, SimError> {
    let uci = uci.trim();
    if uci.len() < 4 {
        return Err(SimError::Move(uci.to_string()));
    }
    let from = parse_square(&uci[0..2])?;
    let to = parse_square(&uci[2..4])?;
    let piece = board.piece_at(from).ok_or(SimError::NoPiece(from))?;
    let mut steps = Vec::new();
    if board.piece_at(to).is_some() {
        steps.push((to, None));
    }
    steps.push((from, None));
    let placed = match uci.get(4..5) {
        Some(c) => {
            let role = c
                .chars()
                .next()
                .and_then(Role::from_char)
                .ok_or_else(|| SimError::Move(uci.to_string()))?;
            Piece {
                color: piece.color,
                role,
            }
        }
        None => piece,
    };
    steps.push((to, Some(placed)));
    if piece.role == Role::King && from.rank() == to.rank() && from.distance(to) == 2 {
        let (rook_from, rook_to) = if to.file() > from.file() {
            (
                Square::from_coords(shakmaty::File::H, from.rank()),
                Square::from_coords(shakmaty::File::F, from.rank()),
            )
        } else {
            (
                Square::from_coords(shakmaty::File::A, from.rank()),
                Square::from_coords(shakmaty::File::D, from.rank()),
            )
        };
        if let Some(rook) = board.piece_at(rook_from) {
            steps.push((rook_from, None));
            steps.push((rook_to, Some(rook)));
        }
    }
    if piece.role == Role::Pawn && from.file() != to.file() && board.piece_at(to).is_none() {
        steps.push((Square::from_coords(to.file(), from.rank()), None));
    }
    Ok(steps)
}

/// Actions of the simulated DGT board (JSON: `{"move":"e2e4"}`, `{"lift":"e2"}`,
/// `{"place":"Qd1"}`, `{"board":"<FEN>"}`, `{"clock_button":1}`).
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
    /// Press a DGT 3000 button (code).
    ClockButton(u8),
    /// Report clock times (seconds, right and left).
    ClockTimes([u64; 2]),
}

/// The simulated DGT board (with a DGT 3000 clock attached).
#[derive(Debug)]
pub struct DgtSim {
    board: Board,
    update_mode: bool,
    commands: CommandDecoder,
    out: VecDeque<u8>,
    /// Clock commands received (code, parameters), for tests.
    pub clock_log: Vec<(u8, Vec<u8>)>,
    /// Number of clock commands still to leave unacknowledged (to test retries).
    pub drop_clock_acks: u32,
    /// A hung board: reads and ignores everything, sends nothing.
    pub mute: bool,
    /// The DGT 3000: left and right time at `since`, and which side runs.
    clock: (Duration, Duration, dgt::ClockRun, Instant),
    next_clock_report: Option<Instant>,
}

impl DgtSim {
    /// A board with these pieces.
    pub fn new(board: Board) -> Self {
        DgtSim {
            board,
            update_mode: false,
            commands: CommandDecoder::default(),
            out: VecDeque::new(),
            clock_log: Vec::new(),
            drop_clock_acks: 0,
            mute: false,
            clock: (
                Duration::ZERO,
                Duration::ZERO,
                dgt::ClockRun::Paused,
                Instant::now(),
            ),
            next_clock_report: None,
        }
    }

    /// The pieces on the board now.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The DGT 3000's shown times (left, right) and which side runs.
    pub fn clock_times(&self, now: Instant) -> (Duration, Duration, dgt::ClockRun) {
        let (left, right, run, since) = self.clock;
        let ran = now.saturating_duration_since(since);
        match run {
            dgt::ClockRun::Left => (left.saturating_sub(ran), right, run),
            dgt::ClockRun::Right => (left, right.saturating_sub(ran), run),
            dgt::ClockRun::Paused => (left, right, run),
        }
    }

    fn report_clock(&mut self, now: Instant) {
        let (left, right, run) = self.clock_times(now);
        let status = if run == dgt::ClockRun::Paused { 0 } else { 1 };
        self.send(dgt::Message::ClockTimes(ClockTimes {
            right,
            left,
            status,
        }));
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
        if self.update_mode {
            self.send(dgt::Message::FieldUpdate { square: sq, piece });
        }
    }
}

impl SimDevice for DgtSim {
    type Action = DgtAction;

    fn handle_bytes(&mut self, now: Instant, bytes: &[u8]) {
        let commands = self.commands.push(bytes);
        if self.mute {
            return;
        }
        for c in commands {
            match c {
                HostCommand::Byte(cmd::RESET) => self.update_mode = false,
                HostCommand::Byte(cmd::SEND_BRD) => {
                    self.send(dgt::Message::BoardDump(self.board.clone()))
                }
                HostCommand::Byte(
                    cmd::SEND_UPDATE | cmd::SEND_UPDATE_BRD | cmd::SEND_UPDATE_NICE,
                ) => self.update_mode = true,
                HostCommand::Byte(cmd::RETURN_SERIALNR) => {
                    self.send(dgt::Message::SerialNumber("04711".into()))
                }
                HostCommand::Byte(cmd::SEND_VERSION) => {
                    self.send(dgt::Message::Version { major: 1, minor: 7 })
                }
                HostCommand::Byte(cmd::SEND_CLK) => self.report_clock(now),
                HostCommand::Byte(_) => {}
                HostCommand::Clock { code, params } => {
                    if code == clk::SETNRUN && params.len() == 7 {
                        let t = |h: u8, m: u8, s: u8| {
                            Duration::from_secs(
                                u64::from(h) * 3600 + u64::from(m) * 60 + u64::from(s),
                            )
                        };
                        let run = match params[6] {
                            0x01 => dgt::ClockRun::Left,
                            0x02 => dgt::ClockRun::Right,
                            _ => dgt::ClockRun::Paused,
                        };
                        let left = t(params[0], params[1], params[2]);
                        let right = t(params[3], params[4], params[5]);
                        self.clock = (left, right, run, now);
                        self.next_clock_report = Some(now);
                    }
                    self.clock_log.push((code, params));
                    if self.drop_clock_acks > 0 {
                        self.drop_clock_acks -= 1;
                    } else {
                        let data = if code == clk::VERSION { [2, 0] } else { [0, 0] };
                        self.send(dgt::Message::ClockAck {
                            command: code,
                            data,
                        });
                    }
                }
            }
        }
    }

    fn act(&mut self, _now: Instant, action: DgtAction) -> Result<(), SimError> {
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
            DgtAction::ClockButton(code) => self.send(dgt::Message::ClockAck {
                command: clk::ACK_BUTTON,
                data: [0, code],
            }),
            DgtAction::ClockTimes([right, left]) => {
                self.send(dgt::Message::ClockTimes(ClockTimes {
                    right: Duration::from_secs(right),
                    left: Duration::from_secs(left),
                    status: 1,
                }))
            }
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

    fn poll_timeout(&self) -> Option<Instant> {
        self.next_clock_report
            .filter(|_| self.update_mode && !self.mute)
    }

    /// In update mode the board reports the clock's times once a second while it runs.
    fn handle_timeout(&mut self, now: Instant) {
        let Some(due) = self.next_clock_report else {
            return;
        };
        if now < due || !self.update_mode || self.mute {
            return;
        }
        self.report_clock(now);
        self.next_clock_report =
            (self.clock.2 != dgt::ClockRun::Paused).then(|| now + Duration::from_secs(1));
    }
}

/// Device time in ms since `start`.
fn device_ms(start: Instant, now: Instant) -> u32 {
    now.saturating_duration_since(start).as_millis() as u32
}

/// Actions of the simulated peg board (JSON: `{"lift":"e2"}`, `{"place":"e4"}`,
/// `{"move":"e2e4"}`, `{"occupancy":"<FEN>"}`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PegAction {
    /// A peg leaves a hole.
    Lift(String),
    /// A peg goes into a hole.
    Place(String),
    /// Lift/place sequence of a move on the current pegs (UCI; castling moves the rook,
    /// a capture lifts the captured peg first, en passant lifts the pawn behind).
    Move(String),
    /// Replace the whole occupancy (FEN board part) and send a snapshot.
    Occupancy(String),
}

/// The simulated tactile peg board.
#[derive(Debug)]
pub struct PegBoardSim {
    occupancy: Bitboard,
    start: Instant,
    link: Endpoint,
    /// Hole indications received from the host (square, pattern), for tests.
    pub indications: Vec<(u8, u8)>,
}

impl PegBoardSim {
    /// A board with pegs where `occupancy` has bits.
    pub fn new(occupancy: Bitboard) -> Self {
        PegBoardSim {
            occupancy,
            start: Instant::now(),
            link: Endpoint::default(),
            indications: Vec::new(),
        }
    }

    /// The holes with a peg.
    pub fn occupancy(&self) -> Bitboard {
        self.occupancy
    }

    fn hello() -> Message {
        Message::Hello(Hello {
            version: PROTOCOL_VERSION,
            kind: KIND_PEG_BOARD,
            firmware_major: 1,
            firmware_minor: 0,
            capabilities: 0b111,
        })
    }

    fn lift(&mut self, now: Instant, sq: Square) -> Result<(), SimError> {
        if !self.occupancy.contains(sq) {
            return Err(SimError::NoPeg(sq));
        }
        self.occupancy.discard(sq);
        let time_ms = device_ms(self.start, now);
        self.link.send(
            now,
            Message::Lift {
                square: sq as u8,
                time_ms,
            },
        );
        Ok(())
    }

    fn place(&mut self, now: Instant, sq: Square) -> Result<(), SimError> {
        if self.occupancy.contains(sq) {
            return Err(SimError::HoleFull(sq));
        }
        self.occupancy.add(sq);
        let time_ms = device_ms(self.start, now);
        self.link.send(
            now,
            Message::Place {
                square: sq as u8,
                time_ms,
            },
        );
        Ok(())
    }
}

impl SimDevice for PegBoardSim {
    type Action = PegAction;

    fn handle_bytes(&mut self, now: Instant, bytes: &[u8]) {
        self.link.handle_bytes(now, bytes);
        while let Some(ev) = self.link.poll_event() {
            let Ok(m) = ev.into_result() else { continue };
            let snapshot = Message::Snapshot {
                occupancy: self.occupancy.0,
                time_ms: device_ms(self.start, now),
            };
            match m {
                Message::HelloRequest => {
                    self.link.clear_queue();
                    self.link.send(now, Self::hello());
                    self.link.send(now, snapshot);
                }
                Message::SnapshotRequest => self.link.send(now, snapshot),
                Message::Indicate { square, pattern } => self.indications.push((square, pattern)),
                Message::Ping => {}
                _ => self.link.send(now, Message::Error(1)),
            }
        }
    }

    fn act(&mut self, now: Instant, action: PegAction) -> Result<(), SimError> {
        match action {
            PegAction::Lift(s) => self.lift(now, parse_square(&s)?),
            PegAction::Place(s) => self.place(now, parse_square(&s)?),
            PegAction::Move(uci) => {
                // Use a board of anonymous pegs (white pawns); kings for castling detection.
                let uci = uci.trim();
                let from = parse_square(uci.get(0..2).unwrap_or(""))?;
                let to = parse_square(uci.get(2..4).unwrap_or(""))?;
                if self.occupancy.contains(to) {
                    self.lift(now, to)?;
                }
                self.lift(now, from)?;
                self.place(now, to)?;
                let castling = (from == Square::E1 || from == Square::E8)
                    && from.distance(to) == 2
                    && from.rank() == to.rank();
                if castling {
                    let (rf, rt) = if to.file() > from.file() {
                        (shakmaty::File::H, shakmaty::File::F)
                    } else {
                        (shakmaty::File::A, shakmaty::File::D)
                    };
                    self.lift(now, Square::from_coords(rf, from.rank()))?;
                    self.place(now, Square::from_coords(rt, from.rank()))?;
                }
                Ok(())
            }
            PegAction::Occupancy(fen) => {
                self.occupancy = parse_board(&fen)?.occupied();
                let time_ms = device_ms(self.start, now);
                self.link.send(
                    now,
                    Message::Snapshot {
                        occupancy: self.occupancy.0,
                        time_ms,
                    },
                );
                Ok(())
            }
        }
    }

    fn poll_transmit(&mut self, buf: &mut Vec<u8>) -> Option<usize> {
        self.link.poll_transmit(buf)
    }

    fn poll_timeout(&self) -> Option<Instant> {
        self.link.poll_timeout()
    }

    fn handle_timeout(&mut self, now: Instant) {
        self.link.handle_timeout(now);
        while self.link.poll_event().is_some() {}
    }
}

/// Actions of the simulated tactile clock (JSON: `{"lever":"white"}`,
/// `{"button":"pause"}`, `{"release":"push_to_talk"}`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClockAction {
    /// Press the lever of a side.
    Lever(Side),
    /// Press a button.
    Button(Button),
    /// Release a button (push-to-talk).
    Release(Button),
}

/// The simulated tactile clock: shows and runs what the host sets.
#[derive(Debug)]
pub struct ClockSim {
    start: Instant,
    link: Endpoint,
    white_ms: u32,
    black_ms: u32,
    running: Running,
    since: Instant,
    /// Commands received from the host, in order (for tests and the demo).
    pub received: Vec<Message>,
}

impl Default for ClockSim {
    fn default() -> Self {
        let now = Instant::now();
        ClockSim {
            start: now,
            link: Endpoint::default(),
            white_ms: 0,
            black_ms: 0,
            running: Running::None,
            since: now,
            received: Vec::new(),
        }
    }
}

impl ClockSim {
    /// The times shown now (White, Black) and which side runs.
    pub fn shown(&self, now: Instant) -> (u32, u32, Running) {
        let ran = device_ms(self.since, now);
        match self.running {
            Running::White => (
                self.white_ms.saturating_sub(ran),
                self.black_ms,
                self.running,
            ),
            Running::Black => (
                self.white_ms,
                self.black_ms.saturating_sub(ran),
                self.running,
            ),
            Running::None => (self.white_ms, self.black_ms, self.running),
        }
    }

    fn set(&mut self, now: Instant, white_ms: u32, black_ms: u32, running: Running) {
        self.white_ms = white_ms;
        self.black_ms = black_ms;
        self.running = running;
        self.since = now;
    }

    fn state(&self, now: Instant) -> Message {
        let (white_ms, black_ms, running) = self.shown(now);
        Message::State {
            white_ms,
            black_ms,
            running,
            time_ms: device_ms(self.start, now),
        }
    }
}

impl SimDevice for ClockSim {
    type Action = ClockAction;

    fn handle_bytes(&mut self, now: Instant, bytes: &[u8]) {
        self.link.handle_bytes(now, bytes);
        while let Some(ev) = self.link.poll_event() {
            let Ok(m) = ev.into_result() else { continue };
            match &m {
                Message::HelloRequest => {
                    self.link.clear_queue();
                    self.link.send(
                        now,
                        Message::Hello(Hello {
                            version: PROTOCOL_VERSION,
                            kind: KIND_CLOCK,
                            firmware_major: 1,
                            firmware_minor: 0,
                            capabilities: 0b1_1111,
                        }),
                    );
                    let s = self.state(now);
                    self.link.send(now, s);
                }
                Message::StateRequest => {
                    let s = self.state(now);
                    self.link.send(now, s);
                }
                Message::SetAndRun {
                    white_ms,
                    black_ms,
                    running,
                } => self.set(now, *white_ms, *black_ms, *running),
                Message::Pause => {
                    let (w, b, _) = self.shown(now);
                    self.set(now, w, b, Running::None);
                }
                Message::Display { white_ms, black_ms } => {
                    self.set(now, *white_ms, *black_ms, Running::None)
                }
                Message::Haptic { .. } | Message::Beep { .. } | Message::Ping => {}
                _ => self.link.send(now, Message::Error(1)),
            }
            if !matches!(m, Message::Ping) {
                self.received.push(m);
            }
        }
    }

    fn act(&mut self, now: Instant, action: ClockAction) -> Result<(), SimError> {
        let time_ms = device_ms(self.start, now);
        match action {
            ClockAction::Lever(side) => {
                let (w, b, _) = self.shown(now);
                let next = if side == Side::White {
                    Running::Black
                } else {
                    Running::White
                };
                self.set(now, w, b, next);
                self.link.send(now, Message::Lever { side, time_ms });
            }
            ClockAction::Button(button) => self.link.send(
                now,
                Message::Button {
                    button,
                    pressed: true,
                    time_ms,
                },
            ),
            ClockAction::Release(button) => self.link.send(
                now,
                Message::Button {
                    button,
                    pressed: false,
                    time_ms,
                },
            ),
        }
        Ok(())
    }

    fn poll_transmit(&mut self, buf: &mut Vec<u8>) -> Option<usize> {
        self.link.poll_transmit(buf)
    }

    fn poll_timeout(&self) -> Option<Instant> {
        self.link.poll_timeout()
    }

    fn handle_timeout(&mut self, now: Instant) {
        self.link.handle_timeout(now);
        while self.link.poll_event().is_some() {}
    }
}

type Inspect<D> = Box<dyn FnOnce(&mut D) + Send>;

enum Control<D: SimDevice> {
    Act(D::Action, mpsc::Sender<Result<(), SimError>>),
    Inspect(Inspect<D>),
    Stop,
}

/// A simulated device running on its own thread behind a pseudo-terminal.
pub struct Simulator<D: SimDevice> {
    host_seen: std::sync::Arc<std::sync::atomic::AtomicBool>,
    path: PathBuf,
    link: Option<PathBuf>,
    control: mpsc::Sender<Control<D>>,
    thread: Option<thread::JoinHandle<()>>,
}

impl<D: SimDevice> std::fmt::Debug for Simulator<D> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Simulator")
            .field("path", &self.path)
            .field("link", &self.link)
            .finish()
    }
}

impl<D: SimDevice> Simulator<D> {
    /// Opens a pseudo-terminal and starts the device on it.
    ///
    /// # Errors
    /// When no pseudo-terminal can be opened.
    pub fn spawn(device: D) -> io::Result<Self> {
        let pty = Pty::open()?;
        let path = pty.path().to_path_buf();
        let (tx, rx) = mpsc::channel();
        let host_seen = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let seen = host_seen.clone();
        let thread = thread::Builder::new()
            .name("annabella-sim".into())
            .spawn(move || run(pty, device, rx, seen))?;
        Ok(Simulator {
            host_seen,
            path,
            link: None,
            control: tx,
            thread: Some(thread),
        })
    }

    /// Like [`spawn`](Self::spawn), and points the symlink `link` at the new
    /// pseudo-terminal (a stable name that survives "unplugging" the device).
    ///
    /// # Errors
    /// When no pseudo-terminal can be opened or the link cannot be made.
    pub fn spawn_at(device: D, link: &Path) -> io::Result<Self> {
        let mut sim = Self::spawn(device)?;
        point_link(link, &sim.path)?;
        sim.link = Some(link.to_path_buf());
        Ok(sim)
    }

    /// The path the host opens.
    pub fn path(&self) -> &Path {
        self.link.as_deref().unwrap_or(&self.path)
    }

    /// The pseudo-terminal itself (e.g. `/dev/pts/7`).
    pub fn pty_path(&self) -> &Path {
        &self.path
    }

    /// Whether the host has sent anything yet.
    pub fn host_seen(&self) -> bool {
        self.host_seen.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Waits until the host has sent something (it opened the port), at most `limit`.
    /// Returns whether it did.
    pub fn wait_for_host(&self, limit: Duration) -> bool {
        let end = Instant::now() + limit;
        while !self.host_seen() {
            if Instant::now() >= end {
                return false;
            }
            thread::sleep(Duration::from_millis(5));
        }
        true
    }

    /// Carries out an action on the device.
    ///
    /// # Errors
    /// When the action does not fit the device's state, or the simulator stopped.
    pub fn act(&self, action: D::Action) -> Result<(), SimError> {
        let (tx, rx) = mpsc::channel();
        self.control
            .send(Control::Act(action, tx))
            .map_err(|_| SimError::Stopped)?;
        rx.recv().map_err(|_| SimError::Stopped)?
    }

    /// Runs `f` on the device's state (between two I/O rounds) and returns its result.
    pub fn inspect<R: Send + 'static>(
        &self,
        f: impl FnOnce(&mut D) -> R + Send + 'static,
    ) -> Option<R> {
        let (tx, rx) = mpsc::channel();
        let job: Inspect<D> = Box::new(move |d| {
            let _ = tx.send(f(d));
        });
        self.control.send(Control::Inspect(job)).ok()?;
        rx.recv().ok()
    }

    /// Stops the device and closes the pseudo-terminal ("unplugs" it).
    pub fn stop(mut self) {
        self.shutdown();
    }

    fn shutdown(&mut self) {
        let _ = self.control.send(Control::Stop);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl<D: SimDevice> Drop for Simulator<D> {
    fn drop(&mut self) {
        self.shutdown();
    }
}

fn run<D: SimDevice>(
    pty: Pty,
    mut device: D,
    control: mpsc::Receiver<Control<D>>,
    host_seen: std::sync::Arc<std::sync::atomic::AtomicBool>,
) {
    let mut master = pty.master();
    let mut buf = [0u8; 512];
    let mut out = Vec::new();
    loop {
        let now = Instant::now();
        let wait = device
            .poll_timeout()
            .map(|t| t.saturating_duration_since(now))
            .unwrap_or(Duration::from_millis(10))
            .min(Duration::from_millis(10));
        let mut fds = [PollFd::new(master.as_fd(), PollFlags::POLLIN)];
        let ready = poll(&mut fds, PollTimeout::from(wait.as_millis() as u16)).unwrap_or(0);
        let now = Instant::now();
        if ready > 0 {
            match master.read(&mut buf) {
                Ok(n) if n > 0 => {
                    host_seen.store(true, std::sync::atomic::Ordering::SeqCst);
                    device.handle_bytes(now, &buf[..n]);
                }
                _ => {}
            }
        }
        loop {
            match control.try_recv() {
                Ok(Control::Act(a, reply)) => {
                    let _ = reply.send(device.act(now, a));
                }
                Ok(Control::Inspect(f)) => f(&mut device),
                Ok(Control::Stop) | Err(mpsc::TryRecvError::Disconnected) => return,
                Err(mpsc::TryRecvError::Empty) => break,
            }
        }
        device.handle_timeout(now);
        out.clear();
        while device.poll_transmit(&mut out).is_some() {}
        if !out.is_empty() {
            // Non-blocking: with nobody listening the bytes are lost, as on a real line.
            let _ = master.write(&out);
        }
    }
}

/// Parses one line of a script or of keyboard input: JSON (`{"lift":"e2"}`) or words
/// (`lift e2`, `move e2e4`, `lever white`, `wait 300`, `wait_host`). Returns `Ok(None)`
/// for blank and `#` lines.
pub fn parse_line<A: for<'de> Deserialize<'de>>(line: &str) -> Result<Option<Step<A>>, SimError> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let value: serde_json::Value = if line.starts_with('{') {
        serde_json::from_str(line).map_err(|e| SimError::Json(e.to_string()))?
    } else {
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let arg = match rest.parse::<u64>() {
            Ok(n) => serde_json::Value::from(n),
            Err(_) => serde_json::Value::from(rest),
        };
        serde_json::json!({ word: arg })
    };
    if value.get("wait_host").is_some() {
        return Ok(Some(Step::WaitHost));
    }
    if let Some(ms) = value.get("wait_ms").or_else(|| value.get("wait")) {
        let ms = ms.as_u64().ok_or(SimError::Wait)?;
        return Ok(Some(Step::Wait(Duration::from_millis(ms))));
    }
    serde_json::from_value(value)
        .map(|a| Some(Step::Act(a)))
        .map_err(|e| SimError::Action(e.to_string()))
}

/// One step of a script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step<A> {
    /// Do this.
    Act(A),
    /// Wait this long.
    Wait(Duration),
    /// Wait until the host has opened the port and sent something (at most 30 s).
    WaitHost,
}

/// Runs script lines against a simulator, in order, stopping at the first bad line.
///
/// # Errors
/// A [`ScriptError`] naming the line.
pub fn run_script<D: SimDevice>(
    sim: &Simulator<D>,
    lines: impl IntoIterator<Item = String>,
    mut echo: impl FnMut(&str),
) -> Result<(), ScriptError> {
    for (i, line) in lines.into_iter().enumerate() {
        let err = |error: SimError| ScriptError { line: i + 1, error };
        match parse_line::<D::Action>(&line).map_err(err)? {
            None => {}
            Some(Step::Wait(d)) => thread::sleep(d),
            Some(Step::WaitHost) if !sim.wait_for_host(Duration::from_secs(30)) => {
                return Err(err(SimError::NoHost));
            }
            Some(Step::WaitHost) => {}
            Some(Step::Act(a)) => {
                sim.act(a).map_err(err)?;
                echo(&line);
            }
        }
    }
    Ok(())
}

/// Start occupancy of a new game (ranks 1, 2, 7, 8).
pub fn start_occupancy() -> Bitboard {
    Board::default().occupied()
}

/// Start pieces of a new game.
pub fn start_board() -> Board {
    Board::default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Color;

    #[test]
    fn script_lines_parse_as_json_or_words() {
        assert_eq!(
            parse_line::<PegAction>(r#"{"lift":"e2"}"#),
            Ok(Some(Step::Act(PegAction::Lift("e2".into()))))
        );
        assert_eq!(
            parse_line::<PegAction>("place e4"),
            Ok(Some(Step::Act(PegAction::Place("e4".into()))))
        );
        assert_eq!(
            parse_line::<ClockAction>("lever black"),
            Ok(Some(Step::Act(ClockAction::Lever(Side::Black))))
        );
        assert_eq!(
            parse_line::<ClockAction>(r#"{"button":"push_to_talk"}"#),
            Ok(Some(Step::Act(ClockAction::Button(Button::PushToTalk))))
        );
        assert_eq!(
            parse_line::<DgtAction>("wait 300"),
            Ok(Some(Step::Wait(Duration::from_millis(300))))
        );
        assert_eq!(parse_line::<DgtAction>("# comment"), Ok(None));
        assert_eq!(
            parse_line::<DgtAction>("wait_host"),
            Ok(Some(Step::WaitHost))
        );
        assert_eq!(
            parse_line::<DgtAction>(r#"{"wait_host":true}"#),
            Ok(Some(Step::WaitHost))
        );
        assert!(matches!(
            parse_line::<DgtAction>("fly e2"),
            Err(SimError::Action(_))
        ));
        assert_eq!(
            parse_line::<PegAction>("lift").map(|_| ()),
            Ok(()),
            "a missing square is caught when the action runs"
        );
    }

    #[test]
    fn dgt_move_steps_castling_and_en_passant() {
        let b: Board = "r3k2r/8/8/3pP3/8/8/8/R3K2R".parse().unwrap();
        let steps = board_move(&b, "e1g1").unwrap();
        assert_eq!(steps.len(), 4);
        assert_eq!(steps[3], (Square::F1, Some(Color::White.rook())));
        let steps = board_move(&b, "e5d6").unwrap();
        assert_eq!(steps.last(), Some(&(Square::D5, None)));
    }
}
