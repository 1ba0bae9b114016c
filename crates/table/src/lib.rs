//! One chess table under the FIDE Laws for play between a visually impaired (VI) player
//! and a sighted player: a pure, sans-IO state machine in the style of quinn-proto.
//!
//! [`Table::handle`] takes an [`Input`] (speech heard, peg-board lifts and places,
//! sighted-board snapshots, clock levers, declarations, the arbiter's actions) with the
//! current time; [`Table::poll_effect`] gives the [`Effect`]s (announcements, clock
//! commands, fix-ups, arbiter alerts, moves for the scoresheet); [`Table::poll_timeout`]
//! says when to call [`Table::handle_timeout`]. No I/O, no clock of its own: the same
//! inputs always rebuild the same table, so a journal of `(now, Input)` is a complete
//! record. See the crate README for the rules the table follows.
//!
//! ```
//! use std::time::Duration;
//! use annabella_table::{Audience, Effect, Hypothesis, Input, Table, TableConfig};
//!
//! let mut table = Table::new(TableConfig::default())?;
//! table.handle(Duration::ZERO, Input::Start)?;
//! // The VI player (White by default) says a move in the blind-play scheme.
//! let heard = vec![Hypothesis { text: "Springer Felix drei".into(), score: 1.0 }];
//! table.handle(Duration::from_secs(2), Input::Heard { alternatives: heard })?;
//! let mut read_back = Vec::new();
//! while let Some(effect) = table.poll_effect() {
//!     if let Effect::Announce(a) = effect {
//!         if a.to == Audience::ViPlayer {
//!             read_back.push(a.text);
//!         }
//!     }
//! }
//! // The move is read back to the player (Law D.2.8) before it is executed.
//! assert!(read_back.iter().any(|t| t.contains("Gustav eins Felix drei")), "{read_back:?}");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod config;
pub mod detect;
mod effect;
mod input;
mod online;
pub mod pgn;
mod phrases;
mod practice;
mod table;
#[cfg(test)]
mod test_positions;
/// Typed fields as their text in JSON: the rules' one adapter.
use annabella_rules::text_serde;
mod touch;
mod view;

/// The vocabulary of results, terminations and claims is the rules' own.
pub use annabella_rules::{ClaimKind, GameResult, Termination};
pub use config::{
    ClockLever, ClockPress, ConfigError, Event, PlayerDetails, TableConfig, Timings, ViBoard,
};
pub use effect::{
    AlertCause, AlertKind, AnnounceKind, Announcement, ArbiterAlert, Audience, Caller,
    ClockCommand, Effect, GameEnd, Haptic, IllegalMark, PegFix, Priority, RecordedMove, SealedMove,
};
pub use input::{ArbiterAction, ClockButton, ClockDevice, Hypothesis, Input, SightedCommand};
pub use online::{OnlineNotice, OnlineRequest};
pub use practice::{Advice, Consult, OpponentFailure, Practice, Score};
pub use table::{InputError, Table};
pub use view::{PendingClaimView, TableView};
