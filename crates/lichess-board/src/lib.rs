//! A rated Lichess game through the Board API, for a table whose opponent plays online.
//!
//! - [`client`]: the sans-IO core ([`BoardClient`]): the shell's stream bytes and replies
//!   and the player's [`Action`]s in with the time, [`Transmit`]s and [`Event`]s out, one
//!   timer; reconnection, rate limits and refusals decided here.
//! - [`game`]: the game's moves (each told once), offers and end; [`in_step`]: the
//!   table's moves and Lichess's kept in step (each move across once).
//! - [`wire`]: the streams' lines decoded into typed values (shakmaty's); [`ndjson`]: the
//!   lines cut from the bytes, keep-alives told apart, bounded.
//! - [`endpoint`]: the endpoints used, the one [`Origin`] the token goes to, checked ids.
//! - [`token`]: the token, a secret read from its own file only.
//! - [`backoff`]: the waits ([`Timing`]) and the doubling retries.
//! - [`shell`]: the thin async HTTP shell (reqwest over rustls) that drives a client.

pub mod backoff;
pub mod client;
pub mod endpoint;
pub mod event;
pub mod game;
pub mod in_step;
pub mod ndjson;
pub mod shell;
pub mod token;
pub mod wire;

pub use backoff::Timing;
pub use client::{BoardClient, Input, RequestId, Settings, StreamId, Transmit};
pub use endpoint::{Endpoint, GameId, LICHESS, Origin, OriginError, SeekClock, SeekClockError};
pub use event::{Action, Event, Fatal, Started};
pub use token::{Token, TokenError};
pub use wire::{GameFull, Player, Status};
