//! annabella's serial devices: the DGT e-board of the sighted player, the tactile peg
//! board of the visually impaired player, and the tactile clock.
//!
//! - Codecs are sans-IO (quinn-proto style): `handle_bytes(now, bytes)`,
//!   `poll_event()`, `poll_transmit(&mut buf)`, `poll_timeout()`, `handle_timeout(now)`.
//!   [`dgt::DgtBoard`], [`peg::PegBoard`], [`clock::TactileClock`].
//! - Move detection: [`detect::SnapshotMatcher`] (boards that know pieces) and
//!   [`detect::OccupancyTracker`] (the peg board), with differences in words
//!   ([`describe()`]).
//! - Transports over serial ports with reconnect: [`transport`].
//! - Simulated devices on pseudo-terminals: [`sim`].

pub mod clock;
pub mod device;
pub mod dgt;
pub mod frame;
pub mod link;
pub mod peg;
pub mod proto;

pub use clock::{ClockEvent, TactileClock};
pub use dgt::{DgtBoard, DgtEvent};
pub use peg::{PegBoard, PegEvent};
pub mod pty;
pub mod sim;
pub mod transport;
