//! Host side of the tactile peg board (`hardware/tactile-board/PROTOCOL.md`): sans-IO.
//!
//! Reports the device's raw events (hello, occupancy snapshot, lifts and places with the
//! device's millisecond timestamps). Moves are inferred from them by
//! [`OccupancyTracker`](crate::detect::OccupancyTracker).

use std::collections::VecDeque;
use std::time::Instant;

use shakmaty::{Bitboard, Square};

use crate::link::{Endpoint, LinkConfig, LinkError, check_hello};
use crate::proto::{Hello, KIND_PEG_BOARD, Message};

/// What the peg board reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PegEvent {
    /// The board identified itself (version checked).
    Hello(Hello),
    /// Full occupancy.
    Snapshot {
        /// Squares with a peg.
        occupancy: Bitboard,
        /// Device time.
        time_ms: u32,
    },
    /// A peg left `square` (a touch, Law D.2.2).
    Lift {
        /// The square.
        square: Square,
        /// Device time.
        time_ms: u32,
    },
    /// A peg went into `square`.
    Place {
        /// The square.
        square: Square,
        /// Device time.
        time_ms: u32,
    },
    /// A link problem (reported, the link goes on).
    Error(LinkError),
}

/// The host side of a peg board.
#[derive(Debug, Default)]
pub struct PegBoard {
    link: Endpoint,
    events: VecDeque<PegEvent>,
}

impl PegBoard {
    /// A host side with this link timing.
    pub fn new(config: LinkConfig) -> Self {
        PegBoard {
            link: Endpoint::new(config),
            events: VecDeque::new(),
        }
    }

    /// The port was (re)opened: ask for HELLO (the board follows with a snapshot).
    pub fn connect(&mut self, now: Instant) {
        self.link.clear_queue();
        self.link.reset(now);
        self.link.send(now, Message::HelloRequest);
    }

    /// Keep-alive ping (the ack is the answer).
    pub fn keep_alive(&mut self, now: Instant) {
        if self.link.is_idle() {
            self.link.send(now, Message::Ping);
        }
    }

    /// Asks for a full occupancy snapshot.
    pub fn request_snapshot(&mut self, now: Instant) {
        self.link.send(now, Message::SnapshotRequest);
    }

    /// Vibrates a hole (0 off, 1 pulse, 2 steady), if the board can.
    pub fn indicate(&mut self, now: Instant, square: Square, pattern: u8) {
        self.link.send(
            now,
            Message::Indicate {
                square: square as u8,
                pattern,
            },
        );
    }

    /// Feeds bytes read from the port.
    pub fn handle_bytes(&mut self, now: Instant, bytes: &[u8]) {
        self.link.handle_bytes(now, bytes);
        while let Some(ev) = self.link.poll_event() {
            let ev = match ev.into_result() {
                Err(e) => PegEvent::Error(e),
                Ok(Message::Hello(h)) => match check_hello(&h, KIND_PEG_BOARD) {
                    Ok(()) => PegEvent::Hello(h),
                    Err(e) => PegEvent::Error(e),
                },
                Ok(Message::Snapshot { occupancy, time_ms }) => PegEvent::Snapshot {
                    occupancy: Bitboard(occupancy),
                    time_ms,
                },
                Ok(Message::Lift { square, time_ms }) => PegEvent::Lift {
                    square: Square::new(u32::from(square)),
                    time_ms,
                },
                Ok(Message::Place { square, time_ms }) => PegEvent::Place {
                    square: Square::new(u32::from(square)),
                    time_ms,
                },
                Ok(other) => PegEvent::Error(LinkError::Unexpected(other.type_code())),
            };
            self.events.push_back(ev);
        }
    }

    /// The next event.
    pub fn poll_event(&mut self) -> Option<PegEvent> {
        self.events.pop_front()
    }

    /// Appends the next frame to write; returns its length.
    pub fn poll_transmit(&mut self, buf: &mut Vec<u8>) -> Option<usize> {
        self.link.poll_transmit(buf)
    }

    /// When [`handle_timeout`](Self::handle_timeout) must run next.
    pub fn poll_timeout(&self) -> Option<Instant> {
        self.link.poll_timeout()
    }

    /// Runs retries.
    pub fn handle_timeout(&mut self, now: Instant) {
        self.link.handle_timeout(now);
        while let Some(ev) = self.link.poll_event() {
            if let Err(e) = ev.into_result() {
                self.events.push_back(PegEvent::Error(e));
            }
        }
    }
}
