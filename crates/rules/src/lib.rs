//! The FIDE Laws of Chess as a pure library.
//!
//! Legal play comes from [`shakmaty`]; everything the Laws add on top of it — endings,
//! claims, penalties, clocks, unwinnability — lives here. No I/O and no clock of its own:
//! time comes in as values.

pub use shakmaty;

mod edition;

pub use edition::{Edition, ParseLawsError, RateOfPlay};

pub mod clock;
pub use clock::{Clock, ClockError, ClockTime, FlagFall, Press};

pub mod time_control;
pub use time_control::{Bonus, ParseTimeControlError, Period, TimeControl, TimeControlTag};

pub mod game;
pub use game::{
    ClaimKind, ClaimVerdict, Game, GameError, GameResult, IllegalKind, IllegalVerdict, Outcome,
    Penalty, Termination,
};

pub mod unwinnable;
pub use unwinnable::Winnability;

pub mod pgn;
