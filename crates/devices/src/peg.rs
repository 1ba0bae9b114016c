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
    greeted: bool,
    events: VecDeque<PegEvent>,
}

impl PegBoard {
    /// A host side with this link timing.
    pub fn new(config: LinkConfig) -> Self {
        PegBoard {
            link: Endpoint::new(config),
            greeted: false,
            events: VecDeque::new(),
        }
    }

    /// The port was (re)opened: ask for HELLO (the board follows with a snapshot).
    pub fn connect(&mut self, now: Instant) {
        self.link.clear_queue();
        self.link.reset(now);
        self.link.send(now, Message::HelloRequest);
        self.greeted = false;
    }

    /// Keep-alive ping (the ack is the answer); HELLO_REQUEST again while no HELLO came.
    pub fn keep_alive(&mut self, now: Instant) {
        if !self.link.is_idle() {
            return;
        }
        // No HELLO since connecting (the request went unanswered): ask again.
        let m = if self.greeted {
            Message::Ping
        } else {
            Message::HelloRequest
        };
        self.link.send(now, m);
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
                    Ok(()) => {
                        self.greeted = true;
                        PegEvent::Hello(h)
                    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::packet_frame;
    use crate::sim::{PegBoardSim, SimDevice};
    use proptest::prelude::*;

    fn lift(seq: u8, square: u8) -> Vec<u8> {
        packet_frame(
            seq,
            &Message::Lift {
                square,
                time_ms: 1000 + u32::from(seq),
            },
        )
    }

    #[test]
    fn hello_snapshot_and_events_from_the_simulated_board() {
        let t0 = Instant::now();
        let mut host = PegBoard::default();
        let mut dev = PegBoardSim::new(Bitboard::from(Square::E2));
        host.connect(t0);
        let mut wire = Vec::new();
        while host.poll_transmit(&mut wire).is_some() {}
        dev.handle_bytes(t0, &wire);
        // Stop-and-wait: hello first, the snapshot after the host's ack.
        for _ in 0..3 {
            let mut back = Vec::new();
            while dev.poll_transmit(&mut back).is_some() {}
            host.handle_bytes(t0, &back);
            let mut acks = Vec::new();
            while host.poll_transmit(&mut acks).is_some() {}
            dev.handle_bytes(t0, &acks);
        }
        assert!(matches!(host.poll_event(), Some(PegEvent::Hello(h)) if h.kind == KIND_PEG_BOARD));
        assert_eq!(
            host.poll_event(),
            Some(PegEvent::Snapshot {
                occupancy: Bitboard::from(Square::E2),
                time_ms: 0
            })
        );
    }

    #[test]
    fn keep_alive_asks_for_hello_until_one_came() {
        let t0 = Instant::now();
        let mut host = PegBoard::default();
        host.connect(t0);
        // The board never answers: the request is given up after its retries ...
        for i in 1..=5 {
            host.handle_timeout(t0 + std::time::Duration::from_millis(250 * i));
        }
        let mut out = Vec::new();
        while host.poll_transmit(&mut out).is_some() {}
        out.clear();
        // ... and the keep-alive asks again instead of pinging.
        host.keep_alive(t0 + std::time::Duration::from_secs(2));
        host.poll_transmit(&mut out);
        assert_eq!(out, packet_frame(2, &Message::HelloRequest));
    }

    #[test]
    fn corrupt_frame_is_an_error_and_the_next_lift_arrives() {
        let t0 = Instant::now();
        let mut host = PegBoard::default();
        let mut bytes = lift(1, 12);
        bytes[3] ^= 0x01;
        bytes.extend(lift(2, 28));
        host.handle_bytes(t0, &bytes);
        assert!(matches!(
            host.poll_event(),
            Some(PegEvent::Error(LinkError::Frame(_)))
        ));
        assert_eq!(
            host.poll_event(),
            Some(PegEvent::Lift {
                square: Square::E4,
                time_ms: 1002
            })
        );
    }

    proptest! {
        #[test]
        fn random_bytes_never_panic_and_resync(garbage in prop::collection::vec(any::<u8>(), 0..300)) {
            let t0 = Instant::now();
            let mut host = PegBoard::default();
            host.handle_bytes(t0, &garbage);
            while host.poll_event().is_some() {}
            // A terminator closes whatever the garbage left open; the next frame arrives.
            let mut bytes = vec![0];
            bytes.extend(lift(200, 12));
            host.handle_bytes(t0, &bytes);
            let mut last = None;
            while let Some(e) = host.poll_event() { last = Some(e); }
            prop_assert_eq!(last, Some(PegEvent::Lift { square: Square::E2, time_ms: 1200 }));
        }

        #[test]
        fn flipped_bits_never_deliver_a_wrong_event(flip in 0usize..40, bit in 0u8..8) {
            let t0 = Instant::now();
            let mut host = PegBoard::default();
            let mut bytes = lift(1, 12);
            let i = flip % bytes.len();
            bytes[i] ^= 1 << bit;
            host.handle_bytes(t0, &bytes);
            while let Some(e) = host.poll_event() {
                // CRC-16 catches every single-bit error: a lift comes through intact or not at all.
                if let PegEvent::Lift { square, time_ms } = e {
                    prop_assert_eq!((square, time_ms), (Square::E2, 1001));
                }
            }
        }

        #[test]
        fn clock_host_never_panics(garbage in prop::collection::vec(any::<u8>(), 0..300)) {
            let t0 = Instant::now();
            let mut host = crate::clock::TactileClock::default();
            host.handle_bytes(t0, &garbage);
            while host.poll_event().is_some() {}
            host.handle_timeout(t0 + std::time::Duration::from_secs(5));
        }

        #[test]
        fn simulated_devices_never_panic_on_host_bytes(garbage in prop::collection::vec(any::<u8>(), 0..300)) {
            let t0 = Instant::now();
            let mut peg = PegBoardSim::new(Bitboard::EMPTY);
            peg.handle_bytes(t0, &garbage);
            let mut clock = crate::sim::ClockSim::default();
            clock.handle_bytes(t0, &garbage);
            let mut dgt = crate::sim::DgtSim::new(shakmaty::Board::default());
            dgt.handle_bytes(t0, &garbage);
        }
    }
}
