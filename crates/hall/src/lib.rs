//! The tournament hall: many annabella tables over one MQTT broker (Mosquitto), the
//! chief arbiter's view of every table, and the live PGN broadcast of the round — the
//! hall's side only. A station's side (outbox, inbox) is `annabella-hall-link`; what both
//! share (topics, messages, signatures, `[hall]`, TLS, the MQTT driver) is
//! `annabella-hall-wire`.
//!
//! - [`round::Hall`] (pure) believes only signed messages, orders and deduplicates what
//!   arrives and keeps every table's state, replaying each game under the Laws
//!   ([`game`]); [`subscriber`] is its MQTT shell (and keeps the round's PGN file),
//!   [`web`] and [`page`] the chief arbiter's and the spectators' pages, [`stream`] and
//!   [`cards`] what their live updates send and keep.
//! - [`livechess`]: the round in DGT LiveChess's export layout, with the pairing
//!   program's [`roster`]; [`broadcast`] and [`push`]: the round's PGN pushed to a Lichess
//!   broadcast.
//! - [`files`]: the hall's tables file, action keys and roster; [`program`]: `annabella
//!   hall` from its options.
//!
//! The topic tree and payloads are written down in `PROTOCOL.md` beside this crate.

pub mod broadcast;
pub mod cards;
pub mod files;
pub mod game;
pub mod livechess;
pub mod page;
pub mod program;
pub mod push;
pub mod roster;
pub mod round;
pub mod stream;
pub mod subscriber;
pub mod web;

pub use round::{Hall, HallAlert, News, TableEntry};
