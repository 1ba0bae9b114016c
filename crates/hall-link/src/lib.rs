//! A station's link to the tournament hall, and nothing of the hall itself (no web
//! server, no HTTP client): what a table needs to take part in a hall.
//!
//! - [`outbox`] publishes the table's journal record by record (the wire's `Replica`
//!   turns each record's effects into messages, each sealed with the table's key); the
//!   last record the broker acknowledged is remembered beside the journal, so nothing is
//!   lost when the broker or the network goes away, and the table never waits for the
//!   broker.
//! - [`inbox`] receives the arbiter's signed actions on the table's own action topic.
//! - [`probe`]: does the broker answer (`annabella doctor`); [`setup`]: the table's key
//!   pair and the lines `annabella init` prints for the hall's administrator;
//!   [`publish`]: `annabella hall publish`, one table's journal to the broker.
//!
//! The shared vocabulary (topics, messages, signatures, `[hall]`, TLS, the MQTT driver)
//! is `annabella-hall-wire`'s; the hall's own program is `annabella-hall`.

pub mod inbox;
pub mod outbox;
pub mod probe;
pub mod publish;
pub mod setup;
