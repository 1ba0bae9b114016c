//! What was read back from a journal on opening it.

use crate::{Authentication, DamagedRecord, DroppedRecord, Record};

/// What was read back from a journal on opening it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recovery<I> {
    /// Every intact record before any damage, in order: replay them to rebuild the table.
    pub records: Vec<Record<I>>,
    /// The damaged last record that was set aside, if there was one.
    pub dropped: Option<DroppedRecord>,
    /// Read-only: the first damaged record, when the damage is not a torn last record;
    /// `records` holds everything before it.
    pub damage: Option<DamagedRecord>,
    /// Read-only: damage to the file outside the records (pages, settings, finished
    /// games), each named.
    pub file_damage: Vec<String>,
    /// How far the records, settings and games read are authenticated.
    pub authentication: Authentication,
}

impl<I> Recovery<I> {
    /// True when the journal was read without finding any damage at all.
    pub fn is_whole(&self) -> bool {
        self.dropped.is_none() && self.damage.is_none() && self.file_damage.is_empty()
    }
}
