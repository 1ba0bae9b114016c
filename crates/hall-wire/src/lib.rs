//! The hall's protocol: what a station and the tournament hall say to each other over
//! one MQTT broker (Mosquitto). The topic tree ([`topic`]), the messages ([`message`])
//! and how a table's journal records become them ([`replica::Replica`], with the
//! arbiter's [`ruling`]s), every message sealed with the table's Ed25519 key
//! ([`signing`]), the arbiter's actions back to a table signed with HMAC-SHA256
//! ([`action`]). No MQTT client, TLS, files or flags: the broker's plumbing and the
//! key files are `annabella-broker`'s.
//!
//! The station's side (`annabella-hall-link`: outbox, inbox) and the hall's
//! (`annabella-hall`: subscriber, pages, broadcast) both depend on this crate and on
//! nothing of each other. The topic tree and payloads are written down in
//! `crates/hall/PROTOCOL.md`.
//!
//! An arbiter's action from the hall, signed with the table's key, and the station's
//! check of it (a second delivery of the same message is refused as a replay):
//!
//! ```
//! use annabella_hall_wire::action::{sign, ActionBody, ActionRefused, ReplayGuard};
//! use annabella_table::ArbiterAction;
//!
//! let key = "00112233445566778899aabbccddeeff".parse()?;
//! let body = ActionBody {
//!     table: "board-7".parse()?,
//!     nonce: 1,
//!     sent_ms: 0,
//!     by: "Chief Arbiter".into(),
//!     what: "pause".into(),
//!     action: ArbiterAction::Pause.into(),
//!     protocol: annabella_hall_wire::message::PROTOCOL,
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
pub mod message;
pub mod replica;
pub mod ruling;
pub mod signing;
pub mod topic;
pub mod view;

pub use action::{
    ActionBody, ActionKey, ActionKeys, ActionRefused, HallAction, HallOnly, ReplayGuard,
    SignedAction,
};
pub use message::{AlertNote, Body, HallMessage, MoveEvent, TableState};
pub use replica::Replica;
pub use topic::TableName;
pub use view::{WireClaim, WireEnd, WireView};
