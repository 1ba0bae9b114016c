//! What `annabella export` makes of a replayed journal: the notes for the user (damage,
//! authentication, a game edited after it ended), whether the journal is damaged, and the
//! game's PGN (the stored finished game, the replayed one, or a salvaged prefix).

use annabella_table::Table;

use crate::records::salvage::salvaged;
use crate::session::Resumed;

/// A replayed journal as `annabella export` reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    /// Lines to tell the user about the journal, in order.
    pub notes: Vec<String>,
    /// The journal is damaged or was edited after its game ended.
    pub damaged: bool,
    /// The game's PGN to export.
    pub pgn: String,
    /// Why the PGN is the stored finished game, when it is.
    pub pgn_note: Option<String>,
}

/// Reviews the journal replayed into `table`.
pub fn review(table: &Table, resumed: &Resumed) -> Review {
    let warnings = resumed.warnings();
    let mut notes = warnings.clone();
    notes.extend(resumed.not_authenticated());
    let mut damaged = !warnings.is_empty();
    // The finished game stored when it ended is a witness: records (or settings) edited
    // since, with their hashes made anew, no longer replay to it.
    let witness = warnings
        .is_empty()
        .then(|| resumed.finished_games.last())
        .flatten()
        .filter(|g| g.last_seq == resumed.replayed && g.pgn != table.pgn());
    if let Some(game) = witness {
        notes.push(format!(
            "the records no longer replay to the finished game stored when it ended (record \
             {}): the journal was edited after the game; the PGN is the stored one",
            game.last_seq
        ));
        damaged = true;
    }
    // A finished game whose records are damaged: its PGN, stored whole when it ended (a
    // stored game ending after the records read is always named damage by the journal,
    // so a game the stored game says ended is never exported as `*`).
    let stored = (!warnings.is_empty())
        .then(|| resumed.finished_games.last())
        .flatten()
        .filter(|g| g.last_seq > resumed.replayed);
    let (pgn, pgn_note) = match stored.or(witness) {
        Some(game) => (
            game.pgn.clone(),
            Some(format!(
                "the PGN is the finished game stored when it ended (record {})",
                game.last_seq
            )),
        ),
        None if warnings.is_empty() => (table.pgn(), None),
        // The good prefix of a damaged journal: the file itself says so.
        None => (salvaged(&table.pgn(), &warnings.join("; ")), None),
    };
    Review {
        notes,
        damaged,
        pgn,
        pgn_note,
    }
}
