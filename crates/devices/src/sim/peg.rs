//! The simulated tactile peg board.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use shakmaty::{Bitboard, Square};

use super::{FramedDevice, SimError, device_ms, parse_board, parse_square};
use crate::link::Endpoint;
use crate::proto::{Hello, KIND_PEG_BOARD, Message, PROTOCOL_VERSION};

/// Actions of the simulated peg board (JSON: `{"lift":"e2"}`, `{"place":"e4"}`,
/// `{"move":"e2e4"}`, `{"occupancy":"<FEN>"}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
    start: Duration,
    link: Endpoint,
    /// Hole indications received from the host (square, pattern), for tests.
    pub indications: Vec<(u8, u8)>,
}

impl PegBoardSim {
    /// A board with pegs where `occupancy` has bits.
    pub fn new(occupancy: Bitboard) -> Self {
        PegBoardSim {
            occupancy,
            start: Duration::ZERO,
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

    fn lift(&mut self, now: Duration, sq: Square) -> Result<(), SimError> {
        self.hand(now, sq, true)
    }

    fn place(&mut self, now: Duration, sq: Square) -> Result<(), SimError> {
        self.hand(now, sq, false)
    }

    /// A peg leaves (`lift`) or goes into the hole `sq`, reported to the host.
    fn hand(&mut self, now: Duration, sq: Square, lift: bool) -> Result<(), SimError> {
        match (self.occupancy.contains(sq), lift) {
            (false, true) => return Err(SimError::NoPeg(sq)),
            (true, false) => return Err(SimError::HoleFull(sq)),
            _ => self.occupancy.toggle(sq),
        }
        let (square, time_ms) = (sq as u8, device_ms(self.start, now));
        let message = if lift {
            Message::Lift { square, time_ms }
        } else {
            Message::Place { square, time_ms }
        };
        self.link.send(now, message);
        Ok(())
    }
}

impl FramedDevice for PegBoardSim {
    type Action = PegAction;

    fn endpoint(&mut self) -> &mut Endpoint {
        &mut self.link
    }

    fn endpoint_ref(&self) -> &Endpoint {
        &self.link
    }

    fn receive(&mut self, now: Duration, m: Message) {
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

    fn perform(&mut self, now: Duration, action: PegAction) -> Result<(), SimError> {
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
}
