//! The checks of a value in the table's file that only an edge can make: whether a speech
//! model's files are complete, whether a Lichess address or seek is one the Lichess board
//! takes, whether `[hall]` names a broker and keys the broker can use. The configuration
//! asks them while it reads the file (so one reading still names every problem, each at
//! its key); the station answers them with each edge's own check.

use std::path::Path;

use crate::{Problem, RawHall};

/// An edge's answer that a value will not do: the edge's own error, kept as the source,
/// and shown as it shows itself.
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct EdgeRefusal(Box<dyn std::error::Error + Send + Sync>);

impl EdgeRefusal {
    /// The refusal of `error` (an edge's error, or words where the edge has no type).
    pub fn new(error: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> EdgeRefusal {
        EdgeRefusal(error.into())
    }
}

/// The edges' own checks of values in the table's file; each answers what is wrong in
/// words (the configuration names the key).
pub trait EdgeCheck {
    /// Whether `dir` holds a speech model the hearing can load.
    ///
    /// # Errors
    /// What is missing or wrong in the directory.
    fn speech_model(&self, dir: &Path) -> Result<(), EdgeRefusal>;

    /// Whether `url` is an address the Lichess board may send the player's token to.
    ///
    /// # Errors
    /// What is wrong with the address.
    fn lichess_origin(&self, url: &str) -> Result<(), EdgeRefusal>;

    /// Whether `text` is a seek's time control the Lichess board can post (`"15+10"`).
    ///
    /// # Errors
    /// What is wrong and what is expected.
    fn lichess_seek(&self, text: &str) -> Result<(), EdgeRefusal>;

    /// What is wrong in `[hall]` for the broker (relative paths taken from `base`): every
    /// problem, each at its key path (`hall.broker`); none when the table can join.
    fn hall(&self, section: &RawHall, base: &Path) -> Vec<Problem>;
}
