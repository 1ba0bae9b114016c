//! One journalled input.

use std::time::Duration;

/// One journalled input: its place in the sequence, when it happened, what it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record<I> {
    /// Position in the journal, from 1 without gaps.
    pub seq: u64,
    /// Time of the event since the table's epoch, in whole milliseconds.
    pub now: Duration,
    /// The input event itself.
    pub input: I,
}
