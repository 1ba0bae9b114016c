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
//!
//! One file per idea: `codes` (wire codes and numbering), messages and their
//! decoder, DGT 3000 clock commands, the host-side [`DgtBoard`], the board-side
//! [`CommandDecoder`], and what the DGT 3000 reports ([`ClockTimes`], [`ClockStatus`],
//! [`button`] numbers). Everything is re-exported here, so paths such as
//! `dgt::Message` and `dgt::cmd::BOARD_DUMP` stay as they were.

mod board;
mod clock;
mod codes;
mod command;
mod message;
mod status;

pub use board::*;
pub use clock::*;
pub use codes::*;
pub use command::*;
pub use message::*;
pub use status::*;
