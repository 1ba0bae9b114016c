//! The VI player's refreshable Braille display.
//!
//! - [`panel`] (pure): what the display shows — the last move of each side, the answer
//!   to the last question, the clock on request, the board rank by rank — panned across
//!   the display's width and moved with its keys; keys that ask the table a question
//!   give the [`Command`](annabella_phonetic::Command), sent as words ([`keys::phrase`]).
//! - [`cells`]: Braille ASCII (liblouis's BRF output) to dots, dots to Unicode Braille.
//! - Edges behind [`Surface`]: [`brlapi`] (a real display through brltty's BrlAPI,
//!   libbrlapi loaded at run time) and [`record`] (a simulated display that writes what
//!   it showed, with times, as JSON lines).
//! - [`virtual_display`]: a display in brltty's Virtual driver protocol, and a brltty
//!   wired to it, for tests without hardware.

pub mod brlapi;
pub mod cells;
pub mod keys;
pub mod panel;
pub mod record;
pub mod virtual_display;

use std::time::Duration;

pub use keys::DisplayKey;
pub use panel::{BrailleScript, Frame, LineKind, Panel};

/// Something that shows frames: a display or a record of one.
pub trait Surface: Send {
    /// Shows `frame` at table time `at`.
    ///
    /// # Errors
    /// Why it could not be shown (the display is gone, the record cannot be written).
    fn show(&mut self, at: Duration, frame: &Frame) -> Result<(), String>;
}
