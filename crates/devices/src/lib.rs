//! annabella's serial devices: the DGT e-board of the sighted player, the tactile peg
//! board of the visually impaired player, and the tactile clock. Codecs, transport and
//! simulators only: what the boards' events mean (moves, touches, mismatches) is decided
//! by the table (`annabella_table::detect`).
//!
//! - Codecs are sans-IO (quinn-proto style): `handle_bytes(now, bytes)`,
//!   `poll_event()`, `poll_transmit(&mut buf)`, `poll_timeout()`, `handle_timeout(now)`.
//!   [`dgt::DgtBoard`], and one generic [`device::Device`] over the shared link layer
//!   ([`frame`], [`link`], [`proto`]) for [`peg::PegBoard`] and [`clock::TactileClock`].
//! - Transports over serial ports with reconnect: [`transport`].
//! - Simulated devices on pseudo-terminals: [`sim`], [`pty`].
//!
//! # Example
//!
//! The host side of a peg board talking to a simulated board, byte for byte, with no
//! port in between (what [`transport::spawn`] does over a serial line):
//!
//! ```
//! use std::time::Duration;
//! use annabella_devices::peg::{PegBoard, PegEvent};
//! use annabella_devices::sim::{PegAction, PegBoardSim, SimDevice, start_occupancy};
//! use shakmaty::Square;
//!
//! /// Each side's frames (and acks) to the other until nothing is left to say.
//! fn exchange(host: &mut PegBoard, board: &mut PegBoardSim, now: Duration) -> Vec<PegEvent> {
//!     let mut events = Vec::new();
//!     for _ in 0..4 {
//!         let mut wire = Vec::new();
//!         while host.poll_transmit(&mut wire).is_some() {}
//!         board.handle_bytes(now, &wire);
//!         wire.clear();
//!         while board.poll_transmit(&mut wire).is_some() {}
//!         host.handle_bytes(now, &wire);
//!         events.extend(std::iter::from_fn(|| host.poll_event()));
//!     }
//!     events
//! }
//!
//! let now = Duration::from_secs(1000);
//! let (mut host, mut board) = (PegBoard::default(), PegBoardSim::new(start_occupancy()));
//! host.connect(now);
//! let hello = exchange(&mut host, &mut board, now);
//! assert!(matches!(hello[0], PegEvent::Hello(_)), "{hello:?}");
//! board.act(now, PegAction::Lift("g1".into())).unwrap();
//! let lift = exchange(&mut host, &mut board, now);
//! assert!(matches!(lift[..], [PegEvent::Lift { square: Square::G1, .. }]), "{lift:?}");
//! ```

pub mod clock;
pub mod device;
pub mod dgt;
pub mod frame;
pub mod identify;
pub mod link;
pub mod peg;
pub mod proto;
pub mod pty;
pub mod sim;
pub mod transport;

pub use clock::{ClockEvent, TactileClock};
pub use dgt::{DgtBoard, DgtEvent};
pub use peg::{PegBoard, PegEvent};
