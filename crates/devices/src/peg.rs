//! Host side of the tactile peg board (`hardware/tactile-board/PROTOCOL.md`): sans-IO.
//!
//! Reports the device's raw events (hello, occupancy snapshot, lifts and places with the
//! device's millisecond timestamps). Moves are inferred from them by the table's
//! detector (`annabella_table::detect::OccupancyTracker`), not here.

use std::time::Duration;

use shakmaty::{Bitboard, Square};

use crate::device::{Device, DeviceKind};
use crate::link::LinkError;
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

impl std::fmt::Display for PegEvent {
    /// The report as a whole sentence for the console, the log and the story.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PegEvent::Hello(h) => write!(
                f,
                "The peg board reports firmware version {}.{}.",
                h.firmware_major, h.firmware_minor
            ),
            PegEvent::Snapshot { occupancy, .. } => write!(
                f,
                "The peg board sent its pegs: {} holes hold one.",
                occupancy.count()
            ),
            PegEvent::Lift { square, .. } => write!(f, "A peg left {square}."),
            PegEvent::Place { square, .. } => write!(f, "A peg went into {square}."),
            PegEvent::Error(e) => write!(f, "The peg board's link: {e}."),
        }
    }
}

/// The peg board's kind on the shared link: its HELLO kind and its messages.
#[derive(Debug)]
pub enum PegBoardKind {}

impl DeviceKind for PegBoardKind {
    type Event = PegEvent;
    const KIND: u8 = KIND_PEG_BOARD;
    fn hello(hello: Hello) -> PegEvent {
        PegEvent::Hello(hello)
    }
    fn event(message: Message) -> Option<PegEvent> {
        Some(match message {
            Message::Snapshot { occupancy, time_ms } => PegEvent::Snapshot {
                occupancy: Bitboard(occupancy),
                time_ms,
            },
            Message::Lift { square, time_ms } => PegEvent::Lift {
                square: Square::new(u32::from(square)),
                time_ms,
            },
            Message::Place { square, time_ms } => PegEvent::Place {
                square: Square::new(u32::from(square)),
                time_ms,
            },
            _ => return None,
        })
    }
    fn error(error: LinkError) -> PegEvent {
        PegEvent::Error(error)
    }
}

/// The host side of a peg board.
pub type PegBoard = Device<PegBoardKind>;

impl Device<PegBoardKind> {
    /// Asks for a full occupancy snapshot.
    pub fn request_snapshot(&mut self, now: Duration) {
        self.link.send(now, Message::SnapshotRequest);
    }

    /// Vibrates a hole (0 off, 1 pulse, 2 steady), if the board can.
    pub fn indicate(&mut self, now: Duration, square: Square, pattern: u8) {
        self.link.send(
            now,
            Message::Indicate {
                square: square as u8,
                pattern,
            },
        );
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
        let t0 = Duration::from_secs(1000);
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
                // The simulated board's own clock counts from the epoch it was made at.
                time_ms: 1_000_000
            })
        );
    }

    #[test]
    fn keep_alive_asks_for_hello_until_one_came() {
        let t0 = Duration::from_secs(1000);
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
        let t0 = Duration::from_secs(1000);
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
            let t0 = Duration::from_secs(1000);
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
            let t0 = Duration::from_secs(1000);
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
            let t0 = Duration::from_secs(1000);
            let mut host = crate::clock::TactileClock::default();
            host.handle_bytes(t0, &garbage);
            while host.poll_event().is_some() {}
            host.handle_timeout(t0 + std::time::Duration::from_secs(5));
        }

        #[test]
        fn simulated_devices_never_panic_on_host_bytes(garbage in prop::collection::vec(any::<u8>(), 0..300)) {
            let t0 = Duration::from_secs(1000);
            let mut peg = PegBoardSim::new(Bitboard::EMPTY);
            peg.handle_bytes(t0, &garbage);
            let mut clock = crate::sim::ClockSim::default();
            clock.handle_bytes(t0, &garbage);
            let mut dgt = crate::sim::DgtSim::new(shakmaty::Board::default());
            dgt.handle_bytes(t0, &garbage);
        }
    }
}
