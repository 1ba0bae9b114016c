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

mod config;
pub mod detect;
mod effect;
mod input;
pub mod pgn;
mod phrases;
mod table;
#[cfg(test)]
mod test_positions;
mod text_serde;
mod touch;
mod view;

pub use config::{ClockPress, ConfigError, Event, TableConfig, Timings};
pub use effect::{
    AlertKind, AnnounceKind, Announcement, ArbiterAlert, Audience, ClockCommand, Effect, GameEnd,
    Haptic, PegFix, Priority, RecordedMove, SealedMove,
};
pub use input::{ArbiterAction, ClockButton, Ground, Hypothesis, Input, SightedCommand};
pub use table::{InputError, Table};
pub use view::{PendingClaimView, TableView};
