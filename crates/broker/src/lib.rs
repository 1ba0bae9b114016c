//! The hall's MQTT broker as a station and the hall reach it: where it is and how a
//! table signs in ([`config`]: `[hall]` of table.toml, [`Broker`] from `mqtt://` and
//! `mqtts://` URLs), TLS to it ([`tls`]), the MQTT 5 client options and the one driver
//! of every client's event loop ([`link5`]), and blocking work off the runtime's workers
//! ([`blocking`]), and the table's signing key on disk ([`key_file`]). What travels over it is `annabella-hall-wire`'s; this crate only
//! carries it.
//!
//! ```
//! use annabella_broker::Broker;
//!
//! let broker = Broker::parse("mqtts://hall.local")?;
//! assert_eq!((broker.host.as_str(), broker.port, broker.tls), ("hall.local", 8883, true));
//! # Ok::<_, annabella_broker::config::BrokerUrlError>(())
//! ```

pub mod blocking;
pub mod config;
pub mod key_file;
pub mod link5;
pub mod tls;

pub use config::{Broker, HallConfig, HallProblem, RawHall};
