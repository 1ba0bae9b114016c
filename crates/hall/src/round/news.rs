//! What changed in the hall: one value per change, a JSON line each for `--json`.

use annabella_hall_wire::WireEnd;
use annabella_table::{AnnounceKind, Audience};
use serde::Serialize;

use super::WitnessAlert;
use annabella_hall_wire::TableName;
use annabella_hall_wire::message::{AlertNote, MoveEvent};

/// What changed in the hall (one JSON line each for `annabella hall --json`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "news", rename_all = "snake_case")]
pub enum News {
    /// A move, in order.
    Move {
        /// The table.
        table: TableName,
        /// The game (journal epoch).
        game: u64,
        /// The journal record.
        seq: u64,
        /// The move.
        #[serde(flatten)]
        mv: MoveEvent,
        /// When it was made (Unix ms).
        at_ms: u64,
        /// Taken from the table's view because its own message was lost.
        repaired: bool,
    },
    /// An alert for the arbiter.
    Alert {
        /// The table.
        table: TableName,
        /// The alert.
        #[serde(flatten)]
        note: AlertNote,
    },
    /// The table journalled that the chief arbiter dismissed an alert.
    Dismissed {
        /// The table.
        table: TableName,
        /// The alert.
        #[serde(flatten)]
        note: AlertNote,
    },
    /// The table announced something.
    Announce {
        /// The table.
        table: TableName,
        /// What about.
        kind: AnnounceKind,
        /// To whom.
        to: Audience,
    },
    /// A claim waits for the arbiter.
    Claim {
        /// The table.
        table: TableName,
        /// Who claims (in JSON `white`/`black`).
        #[serde(with = "annabella_rules::text_serde")]
        by: shakmaty::Color,
    },
    /// A game ended.
    Result {
        /// The table.
        table: TableName,
        /// How.
        #[serde(flatten)]
        end: WireEnd,
    },
    /// A table started a new game (a new journal).
    NewGame {
        /// The table.
        table: TableName,
        /// The game's journal epoch.
        game: u64,
    },
    /// A correctly signed arbiter action went to a table.
    Action {
        /// The table.
        table: TableName,
        /// Who acted.
        by: String,
        /// What, in words.
        what: String,
    },
    /// How a push of the round to a Lichess broadcast went.
    Broadcast(Box<crate::broadcast::PushStatus>),
    /// A table's view contradicted a head the hall witnessed before.
    Contradicted(WitnessAlert),
    /// A message that was not applied, and why (bad JSON, forged action, too big, …).
    Rejected {
        /// The topic it came on.
        topic: String,
        /// Why it was ignored.
        reason: String,
    },
}

impl News {
    /// Whether a page showing the hall must be redrawn (a rejection moves its count).
    pub fn changes_page(&self) -> bool {
        !matches!(self, News::Announce { .. })
    }
}
