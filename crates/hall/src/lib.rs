//! The tournament hall: many annabella tables over one MQTT broker (Mosquitto), the
//! chief arbiter's view of every table, and the live PGN broadcast of the round.
//!
//! - Station side: [`outbox`] publishes a table's journal record by record (a
//!   [`replica::Replica`] rebuilds the table from the journal and turns each record's
//!   effects into [`message::HallMessage`]s); the last record the broker acknowledged is
//!   remembered beside the journal, so nothing is lost when the broker or the network
//!   goes away, and the table never waits for the broker.
//! - Hall side: [`hall::Hall`] orders and deduplicates what arrives and keeps every
//!   table's state; [`subscriber`] is its MQTT shell (and keeps the round's PGN file),
//!   [`web`] and [`page`] the chief arbiter's and the spectators' page.
//! - [`action`]: signed arbiter actions from the hall to a table, [`inbox`] the
//!   station's MQTT shell that receives them; [`config`]: `[hall]`; [`tls`]: TLS to the
//!   broker.
//!
//! The topic tree and payloads are written down in `PROTOCOL.md` beside this crate.
//!
//! An arbiter's action from the hall, signed with the table's key, and the station's
//! check of it (a second delivery of the same message is refused as a replay):
//!
//! ```
//! use annabella_hall::action::{sign, ActionBody, ActionRefused, ReplayGuard};
//! use annabella_table::ArbiterAction;
//!
//! let key = "00112233445566778899aabbccddeeff".parse()?;
//! let body = ActionBody {
//!     table: "board-7".into(),
//!     nonce: 1,
//!     sent_ms: 0,
//!     by: "Chief Arbiter".into(),
//!     what: "pause".into(),
//!     action: ArbiterAction::Pause.into(),
//! };
//! let payload = sign(&key, &body)?;
//! let mut guard = ReplayGuard::default();
//! assert_eq!(guard.accept(&key, "board-7", &payload).ok(), Some(body));
//! assert!(matches!(
//!     guard.accept(&key, "board-7", &payload),
//!     Err(ActionRefused::Replayed { .. })
//! ));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

pub mod action;
mod blocking;
pub mod broadcast;
pub mod config;
pub mod files;
pub mod game;
pub mod inbox;
pub mod link5;
pub mod livechess;
pub mod message;
pub mod outbox;
pub mod page;
pub mod probe;
pub mod program;
pub mod push;
pub mod replica;
pub mod roster;
pub mod round;
pub mod ruling;
pub mod setup;
pub mod signing;
pub mod subscriber;
pub mod tls;
pub mod topic;
pub mod web;

pub use action::{
    ActionBody, ActionKey, ActionKeys, ActionRefused, HallAction, HallOnly, ReplayGuard,
    SignedAction,
};
pub use config::{Broker, HallConfig, HallProblem, RawHall};
pub use message::{AlertNote, Body, HallMessage, MoveEvent, TableState};
pub use replica::Replica;
pub use round::{Hall, HallAlert, News, TableEntry};
