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
//!
//! The table's position on a 40-cell display, read rank by rank with the display's keys
//! (here in computer Braille, one cell per character; the station translates with
//! liblouis):
//!
//! ```
//! use annabella_braille_display::{cells, BrailleScript, CellsError, DisplayKey, LineKind, Panel};
//! use annabella_table::{Table, TableConfig};
//! use shakmaty::{Color, Rank, Role};
//!
//! struct ComputerBraille;
//! impl BrailleScript for ComputerBraille {
//!     fn piece_letter(&self, role: Role) -> String { role.upper_char().to_string() }
//!     fn side_letter(&self, color: Color) -> String { color.fold_wb("W", "B").into() }
//!     fn san(&self, san: &str) -> String { san.into() }
//!     fn cells(&self, text: &str) -> Result<Vec<cells::Dots>, CellsError> {
//!         text.chars()
//!             .map(|c| cells::from_braille_ascii(c).ok_or(CellsError::NotBrailleAscii(c)))
//!             .collect()
//!     }
//! }
//!
//! let mut panel = Panel::new(40, Color::White);
//! let table = Table::new(TableConfig::default())?;
//! panel.observe_view(&table.snapshot(), &ComputerBraille)?;
//! for _ in 0..3 {
//!     panel.key(DisplayKey::LineDown, &ComputerBraille)?; // answer, clock, 8th rank
//! }
//! let frame = panel.frame();
//! assert_eq!(frame.line, LineKind::Rank(Rank::Eighth));
//! assert_eq!(frame.cells.len(), 40);
//! println!("{}: {}", frame.text, cells::unicode_row(&frame.cells));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

pub mod brlapi;
pub mod cells;
pub mod keys;
pub mod panel;
pub mod record;
pub mod virtual_display;

use std::{path::PathBuf, time::Duration};

pub use keys::{DisplayKey, KeyNameError};
pub use panel::{BrailleScript, CellsError, Frame, LineKind, Panel};

/// Why a [`Surface`] could not show a frame (or a record of one could not be created).
#[derive(Debug, thiserror::Error)]
pub enum SurfaceError {
    /// The record file could not be created or written.
    #[error("{}: {error}", path.display())]
    Record {
        /// The record file.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// A frame could not be written as JSON.
    #[error("cannot encode the frame as JSON: {0}")]
    Encode(#[from] serde_json::Error),
    /// The thread that talks to the display has ended.
    #[error("the braille display thread has stopped")]
    Stopped,
}

/// Something that shows frames: a display or a record of one.
pub trait Surface: Send {
    /// Shows `frame` at table time `at`.
    ///
    /// # Errors
    /// Why it could not be shown (the display is gone, the record cannot be written).
    fn show(&mut self, at: Duration, frame: &Frame) -> Result<(), SurfaceError>;
}
