//! The FIDE Laws of Chess as a pure library.
//!
//! Legal play comes from [`shakmaty`]; everything the Laws add on top of it — endings,
//! claims, penalties, clocks, unwinnability — lives here. No I/O and no clock of its own:
//! time comes in as values.
//!
//! ```
//! use annabella_rules::{Edition, RateOfPlay, Termination, pgn::PgnReader};
//! // Read a game (from any `BufRead`), replay it under the Laws, and see how it ended.
//! let pgn = "[White \"Anna\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
//! for game in PgnReader::new(pgn.as_bytes()) {
//!     let game = game?.replay(Edition::Laws2023, RateOfPlay::Standard)?;
//!     assert_eq!(game.outcome().map(|o| o.termination), Some(Termination::Checkmate));
//! }
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

pub use shakmaty;

mod edition;
mod excerpt;
mod printable;

pub use excerpt::{EXCERPT_CHARS, excerpt};
pub use printable::{is_bidi_control, is_unprintable, printable, printable_within};

pub use edition::{Edition, ParseLawsError, RateOfPlay};

pub mod clock;
pub use clock::{Clock, ClockError, ClockTime, FlagFall, ParseClockTimeError, Press};

pub mod time_control;
pub use time_control::{Bonus, ParseTimeControlError, Period, TimeControl, TimeControlTag};

pub mod game;
pub use game::{
    ClaimKind, ClaimVerdict, Game, GameError, GameResult, IllegalKind, IllegalVerdict, Outcome,
    ParseResultError, Penalty, Termination,
};

pub mod start;
pub use start::{StartError, castling_mode, start_position};

pub mod unwinnable;
pub use unwinnable::Winnability;

pub mod pgn;
#[cfg(test)]
mod test_positions;
pub mod text_serde;
