//! The hall's pure part: every table's state from the messages the broker delivers, in
//! order and once each, whatever arrives twice, late or not at all; the round's PGN.
//!
//! Each message names its table, game and place `(seq, part)` in the table's journal.
//! A message at or below the table's high-water mark is a duplicate and ignored. A lost
//! message (a broker killed before it delivered) leaves a gap that the next retained
//! view closes: it carries every move and alert of the game, so the missing moves are
//! taken from it, in order.
//!
//! [`Hall`] holds the tables; `delivery` takes a delivered message, `order` refuses what
//! is absurd or out of turn, `entry` is one table's state, `witness` the journal heads it
//! published, `news` what changed, `dropped` what was not believed, `pgn` the round's PGN.

mod delivery;
mod dropped;
mod entry;
mod news;
mod order;
mod pgn;
mod restart;
mod witness;

#[cfg(test)]
pub(crate) mod tests;

use std::collections::{BTreeMap, BTreeSet};

use annabella_hall_wire::topic::TableName;
use serde::Serialize;

use crate::roster::Roster;
use annabella_hall_wire::{action::ActionKeys, message::AlertNote, signing::TableKeys};

pub use dropped::Dropped;
pub use entry::TableEntry;
pub use news::News;
pub use order::{MAX_FUTURE_MS, MAX_GAP, MAX_PART};
pub use pgn::with_board_tag;
pub use restart::{Accepted, AcceptedViews, MAX_REPLAY_ALERTS};
pub use witness::{MAX_WITNESSED, WitnessAlert};

/// Every table of the hall.
#[derive(Debug, Default)]
pub struct Hall {
    tables: BTreeMap<TableName, TableEntry>,
    keys: ActionKeys,
    table_keys: TableKeys,
    duplicates: u64,
    dropped: Dropped,
    pgn_version: u64,
    roster: Roster,
    broadcast: Option<crate::broadcast::PushStatus>,
    /// Each table's last accepted view (kept across a restart by the shell).
    views: BTreeMap<TableName, Accepted>,
    /// Tables taken again from the views kept before a restart.
    restored: BTreeSet<TableName>,
    /// Earlier views published again after the restart, oldest first.
    replays: Vec<WitnessAlert>,
    /// The language of the hall's pages (German unless told).
    language: annabella_phonetic::Language,
    /// Games that ended at a table which has begun its next game since, oldest first
    /// (the newest [`MAX_FINISHED`]): an earlier round's export keeps them.
    finished: Vec<TableEntry>,
    /// The last revision given to a table's entry ([`TableEntry::revision`]).
    revisions: u64,
}

/// How many finished games the hall keeps after their tables went on (a long day of
/// many tables; the oldest go first).
pub const MAX_FINISHED: usize = 4096;

/// An alert with its table, for the top of the hall page.
#[derive(Debug, Clone, Serialize)]
pub struct HallAlert {
    /// The table.
    pub table: TableName,
    /// The alert.
    #[serde(flatten)]
    pub note: AlertNote,
}

impl Hall {
    /// An empty hall: `keys` check the signatures of arbiter actions seen on the tree,
    /// `table_keys` (each table's public key) those of what the tables publish.
    pub fn new(keys: ActionKeys, table_keys: TableKeys) -> Hall {
        Hall {
            keys,
            table_keys,
            ..Hall::default()
        }
    }

    /// The hall with the pairing program's pairings: a table's players are named from
    /// its board (round and board from the table's `Round` tag `N.K`).
    #[must_use]
    pub fn with_roster(mut self, roster: Roster) -> Hall {
        self.roster = roster;
        self
    }

    /// The hall whose pages speak `language`.
    #[must_use]
    pub fn with_language(mut self, language: annabella_phonetic::Language) -> Hall {
        self.language = language;
        self
    }

    /// The language of the hall's pages.
    pub fn language(&self) -> annabella_phonetic::Language {
        self.language
    }

    /// Takes the tables' keys read again (a table added, renamed or withdrawn between
    /// rounds): what arrives from now on is checked with these. The tables shown stay, a
    /// table no longer listed with the game it had; its new messages are refused.
    pub fn set_keys(&mut self, keys: ActionKeys, table_keys: TableKeys) {
        self.keys = keys;
        self.table_keys = table_keys;
    }

    /// The tables whose public key the hall holds, by name.
    pub fn known_tables(&self) -> impl Iterator<Item = &TableName> {
        self.table_keys.keys()
    }

    /// Takes the pairing program's pairings read again (its file saved with a new round).
    pub fn set_roster(&mut self, roster: Roster) {
        self.roster = roster;
    }

    /// Games that ended at a table that has begun its next game since, oldest first.
    pub fn finished(&self) -> &[TableEntry] {
        &self.finished
    }

    /// The pairing program's pairings (empty without them).
    pub fn roster(&self) -> &Roster {
        &self.roster
    }

    /// The tables, by name.
    pub fn tables(&self) -> impl Iterator<Item = &TableEntry> {
        self.tables.values()
    }

    /// One table.
    pub fn table(&self, name: &str) -> Option<&TableEntry> {
        self.tables.get(name)
    }

    /// The next revision for an entry about to change.
    fn next_revision(revisions: &mut u64) -> u64 {
        *revisions += 1;
        *revisions
    }

    /// Messages ignored as delivered twice.
    pub fn duplicates(&self) -> u64 {
        self.duplicates
    }

    /// Moves on whenever [`pgn`](Self::pgn) would give another text.
    pub fn pgn_version(&self) -> u64 {
        self.pgn_version
    }

    /// How the last push to a Lichess broadcast went, if the hall pushes.
    pub fn broadcast(&self) -> Option<&crate::broadcast::PushStatus> {
        self.broadcast.as_ref()
    }

    /// Notes how the last push to a Lichess broadcast went.
    pub fn set_broadcast(&mut self, status: crate::broadcast::PushStatus) {
        self.broadcast = Some(status);
    }

    /// Messages dropped, all reasons together.
    pub fn rejected(&self) -> u64 {
        self.dropped.total()
    }

    /// Messages dropped, by reason.
    pub fn dropped(&self) -> Dropped {
        self.dropped
    }

    /// Alerts that need the arbiter, newest first: every alert of a game still running,
    /// and a waiting claim.
    pub fn alerts(&self) -> Vec<HallAlert> {
        let mut all: Vec<HallAlert> = self
            .tables
            .values()
            .filter(|t| t.result.is_none())
            .flat_map(|t| {
                t.alerts.iter().filter(|a| !a.dismissed).map(|a| HallAlert {
                    table: t.name.clone(),
                    note: a.clone(),
                })
            })
            .collect();
        all.sort_by_key(|a| std::cmp::Reverse((a.note.at_ms, a.note.seq)));
        all
    }

    /// Every view that contradicted a witnessed head, oldest first, each naming its table.
    pub fn witness_alerts(&self) -> Vec<WitnessAlert> {
        self.tables
            .values()
            .flat_map(|t| t.contradictions.iter().cloned())
            .chain(self.replays.iter().cloned())
            .collect()
    }
}
