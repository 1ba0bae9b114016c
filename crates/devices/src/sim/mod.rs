//! Simulated devices speaking the exact protocols, on pseudo-terminals.
//!
//! Each device is a sans-IO core ([`DgtSim`], [`PegBoardSim`], [`ClockSim`]) driven by
//! [`Simulator`], which owns a [`Pty`](crate::pty::Pty) and a thread. Tests drive a
//! simulator in-process (`sim.act(...)`, `sim.inspect(...)`); `annabella sim
//! dgt|peg-board|clock` drives one from a JSON-lines script or the keyboard
//! ([`parse_line`] gives one [`ScriptLine`]).

mod clock;
mod dgt;
mod firmware;
mod framed;
mod peg;
mod runner;
mod script;
pub mod serve;

use std::time::Duration;

use serde::Deserialize;
use shakmaty::fen::Fen;
use shakmaty::{Bitboard, Board, Piece, Role, Square};

pub use clock::{ClockAction, ClockSim};
pub use dgt::{ClockState, DgtAction, DgtSim};
pub use firmware::{
    FirmwareError, FirmwareKind, FirmwarePlan, FirmwareSim, HarnessClock, hardware_build_dir,
};
pub use framed::FramedDevice;
pub use peg::{PegAction, PegBoardSim};
pub use runner::Simulator;
pub use script::{Hands, ScriptError, ScriptLine, Simulated, parse_line, run_script};

/// The JSON reader's or writer's error behind a [`SimError`], kept as its source (shared,
/// so the error stays `Clone`; two compare equal when they read the same).
#[derive(Debug, Clone)]
pub struct JsonCause(pub std::sync::Arc<serde_json::Error>);

impl From<serde_json::Error> for JsonCause {
    fn from(e: serde_json::Error) -> JsonCause {
        JsonCause(std::sync::Arc::new(e))
    }
}

impl std::fmt::Display for JsonCause {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for JsonCause {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&*self.0)
    }
}

impl PartialEq for JsonCause {
    fn eq(&self, other: &JsonCause) -> bool {
        self.0.to_string() == other.0.to_string()
    }
}

impl Eq for JsonCause {}

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
    Json(#[source] JsonCause),
    /// A line that names no action of this device.
    #[error("unknown action: {0}")]
    Action(#[source] JsonCause),
    /// A wait without milliseconds.
    #[error("wait needs milliseconds")]
    Wait,
    /// No host opened the port in time.
    #[error("no host opened the port within 30 s")]
    NoHost,
    /// The simulator thread (or the firmware's harness) has ended.
    #[error("simulator stopped")]
    Stopped,
    /// The simulated DGT 3000 cannot do this (no such button, not connected).
    #[error("{0}")]
    Clock(String),
    /// The firmware's harness refused the action (its reason).
    #[error("{0}")]
    Firmware(String),
}

/// The device side of a simulator: sans-IO.
pub trait SimDevice: Send + 'static {
    /// One scripted action.
    type Action: Send + std::fmt::Debug + for<'de> Deserialize<'de> + 'static;
    /// Bytes from the host.
    fn handle_bytes(&mut self, now: Duration, bytes: &[u8]);
    /// Carries out an action.
    ///
    /// # Errors
    /// A message when the action does not fit the device's state (e.g. lifting from an
    /// empty hole).
    fn act(&mut self, now: Duration, action: Self::Action) -> Result<(), SimError>;
    /// Appends bytes to send to the host.
    fn poll_transmit(&mut self, buf: &mut Vec<u8>) -> Option<usize>;
    /// When [`handle_timeout`](Self::handle_timeout) must run next.
    fn poll_timeout(&self) -> Option<Duration>;
    /// Runs timers (retries).
    fn handle_timeout(&mut self, now: Duration);
    /// Whether the host has taken the device up: what a person does from now on reaches
    /// the host as a change (by default, once the host has sent anything).
    fn host_ready(&self) -> bool {
        true
    }
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

/// Device time in ms since `start`.
fn device_ms(start: Duration, now: Duration) -> u32 {
    now.saturating_sub(start).as_millis() as u32
}

/// Start occupancy of a new game (ranks 1, 2, 7, 8).
pub fn start_occupancy() -> Bitboard {
    Board::default().occupied()
}

/// Start pieces of a new game.
pub fn start_board() -> Board {
    Board::default()
}
