//! The messages the hall did not believe or could not apply, counted by why.

use serde::Serialize;

/// Messages the hall did not believe or could not apply, by why (on the page and in
/// `/api/hall`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Dropped {
    /// Not signed at all.
    pub unsigned: u64,
    /// Signed with another key than the topic's table's (or altered).
    pub forged: u64,
    /// For a table the hall has no public key of.
    pub unknown_table: u64,
    /// Over the payload limit.
    pub too_big: u64,
    /// Not a hall message, on a wrong topic, or naming another table.
    pub malformed: u64,
    /// A move that is not legal where the hall's replay of the game is.
    pub illegal: u64,
    /// After a gap: they wait for the table's next view.
    pub out_of_order: u64,
    /// A `seq`, `part` or `game` beyond any the table can have (absurd jumps).
    pub absurd: u64,
    /// Of a game older than the table's current one.
    pub old_game: u64,
    /// Forged or malformed arbiter actions seen on the tree.
    pub actions: u64,
    /// Views whose journal head contradicts one witnessed before.
    #[serde(default)]
    pub contradicting: u64,
    /// Signed by the table in a newer protocol than the hall reads (update the hall).
    #[serde(default)]
    pub newer_protocol: u64,
    /// A table's earlier signed view published again after the hall's restart (older than
    /// what the hall had accepted before it): a replay, with an alert.
    #[serde(default)]
    pub replayed: u64,
}

impl Dropped {
    /// All of them.
    pub fn total(&self) -> u64 {
        self.unsigned
            + self.forged
            + self.unknown_table
            + self.too_big
            + self.malformed
            + self.illegal
            + self.out_of_order
            + self.absurd
            + self.old_game
            + self.actions
            + self.contradicting
            + self.newer_protocol
            + self.replayed
    }
}
