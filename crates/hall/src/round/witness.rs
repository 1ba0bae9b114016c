//! The witness: the journal heads a table published for its game, and the alert when a
//! view contradicts one.

use annabella_hall_wire::topic::TableName;
use serde::Serialize;

use super::Hall;
use annabella_hall_wire::message::{Body, HallMessage};

/// How many heads the hall keeps per table's game (a game has a few thousand records).
pub const MAX_WITNESSED: usize = 100_000;

/// A table published a journal head that contradicts one it published before for the
/// same game: the same record with another chain hash — its journal was rewritten or
/// set back to an older copy and played on. The arbiter's to look at; the view is not
/// applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WitnessAlert {
    /// The table.
    pub table: TableName,
    /// The game (journal epoch).
    pub game: u64,
    /// The record.
    pub seq: u64,
    /// The head witnessed first for that record.
    pub witnessed: String,
    /// The contradicting head published now.
    pub published: String,
    /// The last record the hall had witnessed for the game: a contradiction below it means
    /// the table's journal is shorter than it was.
    pub witnessed_up_to: u64,
    /// The game of the record `witnessed_up_to` (the same game, but for a replay).
    pub witnessed_game: u64,
    /// When it arrived (the hall's clock, Unix ms).
    pub at_ms: u64,
    /// Not the table's journal but an earlier signed view of it published again after the
    /// hall's restart (record `seq` of game `game`, older than the record
    /// `witnessed_up_to` the hall had accepted): a replay, not applied.
    pub replayed: bool,
}

impl WitnessAlert {
    /// The alert in words.
    pub fn detail(&self) -> String {
        if self.replayed {
            return format!(
                "an earlier signed view of the table (record {} of game {}) was published \
                 again after the hall's restart, while the hall had accepted record {} of \
                 game {} before it: it is not shown; whoever did it holds the table's broker \
                 password",
                self.seq, self.game, self.witnessed_up_to, self.witnessed_game
            );
        }
        let shorter = if self.seq <= self.witnessed_up_to {
            format!(
                " (the hall had witnessed records up to {}: the journal was set back or \
                 rewritten)",
                self.witnessed_up_to
            )
        } else {
            String::new()
        };
        format!(
            "the table's journal contradicts its witnessed head: record {} was published \
             with chain hash {:.16}…, now with {:.16}…{shorter}; keep the table's journal \
             as it is",
            self.seq, self.witnessed, self.published
        )
    }
}

impl Hall {
    /// Compares a view's head with the heads witnessed for the table's game: a record
    /// witnessed with another hash is a contradiction (the view is not applied). Else the
    /// head is witnessed.
    pub(super) fn witness(&mut self, now_ms: u64, m: &HallMessage) -> Option<WitnessAlert> {
        let Body::View(state) = &m.body else {
            return None;
        };
        let head = state.head.as_ref()?;
        let entry = self.tables.get_mut(m.table.as_str())?;
        if entry.game != m.game {
            return None;
        }
        match entry.witnessed.get(&m.seq) {
            Some(seen) if seen != head => {
                let alert = WitnessAlert {
                    table: m.table.clone(),
                    game: m.game,
                    seq: m.seq,
                    witnessed: seen.clone(),
                    published: head.clone(),
                    witnessed_up_to: entry.witnessed.keys().next_back().copied().unwrap_or(0),
                    witnessed_game: entry.game,
                    at_ms: now_ms,
                    replayed: false,
                };
                // Once per record and head: a redelivered copy is not a new alert.
                let known = entry
                    .contradictions
                    .iter()
                    .any(|c| c.seq == alert.seq && c.published == alert.published);
                (!known).then(|| {
                    entry.revision = Hall::next_revision(&mut self.revisions);
                    entry.contradictions.push(alert.clone());
                    alert
                })
            }
            _ => None,
        }
    }
}
