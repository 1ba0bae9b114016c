//! Which device is on a serial port: a tactile peg board or clock answers HELLO (115200
//! baud), a DGT board its version request (9600 baud). `annabella init` names the ports
//! with this; `annabella doctor` checks a configured port answers as what it should be.
//!
//! Blocking on purpose: it runs before any table, one port after the other.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use shakmaty::{Bitboard, Board, Color, Role};

use crate::clock::{ClockEvent, TactileClock};
use crate::dgt::{DgtBoard, DgtEvent};
use crate::link::LinkError;
use crate::peg::{PegBoard, PegEvent};
use crate::proto::{Hello, KIND_CLOCK};
use crate::transport::{Codec, PortError};

/// Why [`identify`] found no device on a port.
#[derive(Debug, thiserror::Error)]
pub enum IdentifyError {
    /// The port could not be opened, read or written.
    #[error(transparent)]
    Port(#[from] PortError),
    /// The port opened, but nothing on it answered within the patience given.
    #[error(
        "{}: no answer to HELLO ({LINK_BAUD} baud) nor to a DGT version request ({DGT_BAUD} baud) within {} ms",
        path.display(),
        patience.as_millis()
    )]
    Silent {
        /// The port's path.
        path: PathBuf,
        /// How long each request was given.
        patience: Duration,
    },
}

/// Baud rate of the peg board and the clock.
pub const LINK_BAUD: u32 = 115_200;
/// Baud rate of a DGT board.
pub const DGT_BAUD: u32 = 9600;

/// What answered on a port.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Identity {
    /// A DGT e-board: its firmware version and its first board report.
    Dgt {
        /// Firmware version (major, minor).
        version: (u8, u8),
        /// The pieces it reported (`None`: no board report in time).
        board: Option<Board>,
        /// A DGT 3000 clock on its cable reported itself (a connected clock's message).
        clock: bool,
    },
    /// The tactile peg board: its HELLO and the holes holding a peg.
    PegBoard {
        /// Its HELLO.
        hello: Hello,
        /// The occupied holes (`None`: no snapshot in time).
        occupied: Option<Bitboard>,
    },
    /// The tactile clock: its HELLO.
    Clock {
        /// Its HELLO.
        hello: Hello,
    },
}

impl Identity {
    /// The device's name in `table.toml`'s `[devices]` (`peg_board`, `dgt`, `clock`).
    pub fn config_key(&self) -> &'static str {
        match self {
            Identity::Dgt { .. } => "dgt",
            Identity::PegBoard { .. } => "peg_board",
            Identity::Clock { .. } => "clock",
        }
    }

    /// The device and its version in words.
    pub fn describe(&self) -> String {
        match self {
            Identity::Dgt {
                version: (major, minor),
                clock,
                ..
            } => format!(
                "DGT board, firmware {major}.{minor}{}",
                if *clock {
                    ", with a DGT 3000 clock on its cable"
                } else {
                    ""
                }
            ),
            Identity::PegBoard { hello, .. } => format!(
                "tactile peg board, firmware {}.{}",
                hello.firmware_major, hello.firmware_minor
            ),
            Identity::Clock { hello } => format!(
                "tactile clock, firmware {}.{}",
                hello.firmware_major, hello.firmware_minor
            ),
        }
    }

    /// Why the reported position cannot be a chess position (a dead square, a piece
    /// falling over); `None` when it can, or when nothing was reported.
    pub fn position_problem(&self) -> Option<String> {
        self.position_fault().map(|p| p.to_string())
    }

    /// [`Identity::position_problem`] as what it is, for a caller that words it in the
    /// table's language.
    pub fn position_fault(&self) -> Option<PositionProblem> {
        match self {
            Identity::Dgt {
                board: Some(board), ..
            } => board_fault(board),
            Identity::PegBoard {
                occupied: Some(occupied),
                ..
            } if occupied.count() > 32 => Some(PositionProblem::Pegs {
                count: occupied.count(),
            }),
            _ => None,
        }
    }
}

/// Why a reported position cannot be one of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PositionProblem {
    /// A side has no king, or more than one.
    #[error("{count} {color} kings on the board")]
    Kings {
        /// The side.
        color: Color,
        /// Its kings.
        count: usize,
    },
    /// A side has more than 16 pieces.
    #[error("{count} {color} pieces on the board")]
    Pieces {
        /// The side.
        color: Color,
        /// Its pieces.
        count: usize,
    },
    /// A pawn stands on the first or the last rank.
    #[error("a pawn on the first or the last rank")]
    PawnOnEdge,
    /// More holes of the peg board hold a peg than a game has pieces.
    #[error("{count} holes hold a peg; a game has at most 32 pieces")]
    Pegs {
        /// The holes holding a peg.
        count: usize,
    },
}

/// Why `board` cannot be a position of a game: kings, piece counts, pawns on the first
/// or last rank.
pub fn board_problem(board: &Board) -> Option<String> {
    board_fault(board).map(|p| p.to_string())
}

/// [`board_problem`] as what it is.
pub fn board_fault(board: &Board) -> Option<PositionProblem> {
    for color in Color::ALL {
        let kings = (board.by_color(color) & board.by_role(Role::King)).count();
        if kings != 1 {
            return Some(PositionProblem::Kings {
                color,
                count: kings,
            });
        }
        let pieces = board.by_color(color).count();
        if pieces > 16 {
            return Some(PositionProblem::Pieces {
                color,
                count: pieces,
            });
        }
    }
    let pawns = board.by_role(Role::Pawn);
    if !(pawns
        & (Bitboard::from_rank(shakmaty::Rank::First)
            | Bitboard::from_rank(shakmaty::Rank::Eighth)))
    .is_empty()
    {
        return Some(PositionProblem::PawnOnEdge);
    }
    None
}

/// Asks the device on `path` who it is: HELLO at 115200 baud, then a DGT version request
/// at 9600, each given `patience`.
///
/// # Errors
/// The port cannot be opened (named with the reason), or nothing on it answered.
pub fn identify(path: &Path, patience: Duration) -> Result<Identity, IdentifyError> {
    let mut peg = PegBoard::default();
    let mut kind = None;
    let mut hello = None;
    let mut occupied = None;
    talk(path, LINK_BAUD, &mut peg, patience, |event| match event {
        PegEvent::Hello(h) => {
            hello = Some(h);
            occupied.is_some()
        }
        PegEvent::Snapshot { occupancy, .. } => {
            occupied = Some(occupancy);
            hello.is_some()
        }
        PegEvent::Error(LinkError::WrongKind { found, .. }) => {
            kind = Some(found);
            true
        }
        _ => false,
    })?;
    if let Some(hello) = hello {
        return Ok(Identity::PegBoard { hello, occupied });
    }
    if kind == Some(KIND_CLOCK) {
        let mut clock = TactileClock::default();
        let mut hello = None;
        talk(path, LINK_BAUD, &mut clock, patience, |event| match event {
            ClockEvent::Hello(h) => {
                hello = Some(h);
                true
            }
            _ => false,
        })?;
        if let Some(hello) = hello {
            return Ok(Identity::Clock { hello });
        }
    }
    let mut dgt = DgtBoard::default();
    let (mut version, mut board, mut clock) = (None, None, false);
    // A board without a clock is known only when patience is up: a DGT 3000 on its cable
    // reports itself about once a second.
    talk(path, DGT_BAUD, &mut dgt, patience, |event| {
        match event {
            DgtEvent::Version { major, minor } => version = Some((major, minor)),
            DgtEvent::Snapshot(b) => board = Some(b),
            DgtEvent::ClockStatus(s) if s.connected => clock = true,
            DgtEvent::ClockLever { .. } | DgtEvent::ClockButton(_) => clock = true,
            _ => {}
        }
        version.is_some() && board.is_some() && clock
    })?;
    match version {
        Some(version) => Ok(Identity::Dgt {
            version,
            board,
            clock,
        }),
        None => Err(IdentifyError::Silent {
            path: path.to_owned(),
            patience,
        }),
    }
}

/// Opens `path`, connects `codec` and runs it until `done` says so or `patience` is up.
fn talk<C: Codec>(
    path: &Path,
    baud: u32,
    codec: &mut C,
    patience: Duration,
    mut done: impl FnMut(C::Event) -> bool,
) -> Result<(), PortError> {
    let mut port = serialport::new(path.to_string_lossy(), baud)
        .timeout(Duration::from_millis(20))
        .open()
        .map_err(|e| PortError::open(path, e))?;
    let _ = port.clear(serialport::ClearBuffer::All);
    // The codec's times count from here (the one translation of `Instant`).
    let start = Instant::now();
    codec.connect(Duration::ZERO);
    let mut wire = Vec::new();
    let mut buf = [0u8; 256];
    while start.elapsed() < patience {
        wire.clear();
        while codec.poll_transmit(&mut wire).is_some() {}
        if !wire.is_empty() {
            port.write_all(&wire).map_err(|e| PortError::io(path, e))?;
        }
        match port.read(&mut buf) {
            Ok(n) => codec.handle_bytes(start.elapsed(), &buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(e) => return Err(PortError::io(path, e)),
        }
        let now = start.elapsed();
        if codec.poll_timeout().is_some_and(|t| t <= now) {
            codec.handle_timeout(now);
        }
        while let Some(event) = codec.poll_event() {
            if done(event) {
                return Ok(());
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_start_position_is_sane_a_third_king_is_not() {
        assert_eq!(board_problem(&Board::default()), None);
        let mut board = Board::default();
        board.set_piece_at(shakmaty::Square::E4, Color::White.king());
        assert_eq!(
            board_problem(&board).as_deref(),
            Some("2 white kings on the board")
        );
        let mut board = Board::default();
        board.set_piece_at(shakmaty::Square::A8, Color::White.pawn());
        assert!(board_problem(&board).is_some());
    }

    #[test]
    fn each_simulated_device_is_told_apart_by_its_answer() {
        use crate::sim::{ClockSim, DgtSim, PegBoardSim, Simulator, start_occupancy};
        let patience = Duration::from_secs(3);
        let dgt = Simulator::spawn(DgtSim::new(Board::default())).unwrap();
        let peg = Simulator::spawn(PegBoardSim::new(start_occupancy())).unwrap();
        let clock = Simulator::spawn(ClockSim::default()).unwrap();
        match identify(dgt.path(), patience).unwrap() {
            Identity::Dgt { board, clock, .. } => {
                assert_eq!(board, Some(Board::default()));
                assert!(clock, "the simulated board has a DGT 3000 on its cable");
            }
            other => panic!("{other:?}"),
        }
        match identify(peg.path(), patience).unwrap() {
            Identity::PegBoard { occupied, .. } => assert_eq!(occupied, Some(start_occupancy())),
            other => panic!("{other:?}"),
        }
        let found = identify(clock.path(), patience).unwrap();
        assert_eq!(found.config_key(), "clock", "{found:?}");
        let missing = identify(Path::new("/dev/annabella-no-such-port"), patience).unwrap_err();
        assert!(
            matches!(missing, IdentifyError::Port(PortError::Open { .. })),
            "{missing:?}"
        );
        let text = missing.to_string();
        assert!(text.starts_with("/dev/annabella-no-such-port: "), "{text}");
    }
}
