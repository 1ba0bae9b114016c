//! What a station publishes: one [`HallMessage`] per event, each naming its table and
//! its place `(seq, part)` in the table's journal, so that the hall orders and
//! deduplicates whatever the broker or a restart delivers twice.

use annabella_rules::{TimeControl, text_serde};
use annabella_table::{AlertKind, AnnounceKind, Audience, ClaimKind};

use crate::view::WireEnd;
use serde::{Deserialize, Serialize};
use shakmaty::{Color, san::SanPlus, uci::UciMove};

use crate::topic::{Kind, TableName};

/// The protocol's version, written in every message (PROTOCOL.md beside the hall says
/// what each version changed). 1: the messages before the version was written (read as
/// 1 when absent); 2: `protocol` written.
pub const PROTOCOL: u32 = 2;

/// The version of a message that does not say (written before versions were).
pub const FIRST_PROTOCOL: u32 = 1;

fn first_protocol() -> u32 {
    FIRST_PROTOCOL
}

/// The largest payload the hall accepts; anything bigger is reported and dropped.
pub const MAX_PAYLOAD: usize = 256 * 1024;

/// One published event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HallMessage {
    /// The table's name (also the topic's last level).
    pub table: TableName,
    /// Which game of the table: the journal's epoch (Unix ms). A new journal is a new
    /// game, whose records count from 1 again.
    pub game: u64,
    /// The journal record the event came from.
    pub seq: u64,
    /// Which of the record's events (0, 1, …; the view is always the last).
    pub part: u32,
    /// When the record happened, Unix milliseconds (the journal's epoch + table time).
    pub at_ms: u64,
    /// The event.
    pub body: Body,
    /// The protocol version the message was written in ([`PROTOCOL`]; absent: 1).
    #[serde(default = "first_protocol")]
    pub protocol: u32,
}

/// The events of a table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Body {
    /// A move for the scoresheet.
    Move(MoveEvent),
    /// The table announced something (the kind only: the words stay at the table).
    Announce {
        /// What about.
        kind: AnnounceKind,
        /// Who heard it.
        to: Audience,
    },
    /// The table calls the arbiter.
    Alert(AlertNote),
    /// A claim waits for the arbiter.
    Claim {
        /// Who claims (in JSON `white`/`black`).
        #[serde(with = "annabella_rules::text_serde")]
        by: Color,
        /// Repetition or fifty moves.
        ground: ClaimKind,
        /// The intended move (in JSON its UCI), if any.
        #[serde(with = "annabella_rules::text_serde::option")]
        intended: Option<UciMove>,
    },
    /// The game is over.
    Result(WireEnd),
    /// The table as it is now.
    View(Box<TableState>),
}

impl Body {
    /// The topic level this event goes under.
    pub fn kind(&self) -> Kind {
        match self {
            Body::Move(_) => Kind::Move,
            Body::Announce { .. } => Kind::Announce,
            Body::Alert(_) => Kind::Alert,
            Body::Claim { .. } => Kind::Claim,
            Body::Result(_) => Kind::Result,
            Body::View(_) => Kind::View,
        }
    }
}

/// A move with the clocks after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveEvent {
    /// Half-move number, from 1.
    pub ply: usize,
    /// Who moved (`white` or `black` on the wire).
    #[serde(with = "text_serde")]
    pub color: Color,
    /// Standard algebraic notation, with check and mate signs.
    #[serde(with = "text_serde")]
    pub san: SanPlus,
    /// UCI.
    #[serde(with = "text_serde")]
    pub uci: UciMove,
    /// The mover's remaining time after the move, ms.
    pub clock_ms: u64,
    /// White's remaining time, ms.
    pub white_ms: u64,
    /// Black's remaining time, ms.
    pub black_ms: u64,
}

/// An arbiter alert as the hall shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AlertNote {
    /// Why.
    pub kind: AlertKind,
    /// In words.
    pub detail: String,
    /// Half-moves played when it was raised.
    pub ply: usize,
    /// The journal record that raised it.
    pub seq: u64,
    /// When, Unix ms.
    pub at_ms: u64,
    /// The chief arbiter dismissed it from the hall (journalled at the table).
    #[serde(default)]
    pub dismissed: bool,
    /// Who called the arbiter (only on a call), so the hall says it in its language.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caller: Option<annabella_table::Caller>,
    /// Why, so the hall says it in its language (on the alerts that have one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cause: Option<annabella_table::AlertCause>,
}

impl AlertNote {
    /// Whether `other` is the same alert (perhaps dismissed since).
    pub fn same(&self, other: &AlertNote) -> bool {
        self.seq == other.seq
            && self.kind == other.kind
            && self.detail == other.detail
            && self.ply == other.ply
    }
}

/// The whole table: what a newcomer to the hall needs (published retained).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableState {
    /// Players and event, for the hall's rows and the PGN.
    pub white: String,
    /// The black player's name.
    pub black: String,
    /// Event name.
    pub event: String,
    /// Round.
    pub round: String,
    /// Site.
    #[serde(default)]
    pub site: String,
    /// Date (PGN form).
    #[serde(default)]
    pub date: String,
    /// The time control (PGN `TimeControl` form on the wire; empty from stations that
    /// did not send one). A text that is no time control makes the message malformed.
    #[serde(default, with = "time_control_text")]
    pub time_control: Option<TimeControl>,
    /// The start position's FEN when it is not the standard one.
    #[serde(default)]
    pub start_fen: Option<String>,
    /// Chess960 castling.
    #[serde(default)]
    pub chess960: bool,
    /// The journal's head (chain hash, hex) at this record: the hall keeps it as a
    /// witness of what the table had committed.
    #[serde(default)]
    pub head: Option<String>,
    /// The table's view (position, clocks, moves, claim, result): the wire's own.
    pub view: crate::view::WireView,
    /// Every alert of the game so far, oldest first.
    pub alerts: Vec<AlertNote>,
    /// The arbiter's decisions the game's record shows, oldest first (the PGN's
    /// comments; absent from stations before them).
    #[serde(default)]
    pub rulings: Vec<crate::ruling::Ruling>,
    /// The game so far in PGN (the table's own writer). The hall never takes it: it
    /// writes each game from the moves it replayed.
    #[serde(default)]
    pub pgn: String,
    /// The board of the round the table plays (`3`), when it plays one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// The table's arbiter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arbiter: Option<String>,
    /// White's title, rating, FIDE id and federation, as the table has them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_player: Option<annabella_table::PlayerDetails>,
    /// Black's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_player: Option<annabella_table::PlayerDetails>,
}

/// The time control as its PGN text, `""` for none.
mod time_control_text {
    use annabella_rules::TimeControl;
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub(super) fn serialize<S: Serializer>(
        value: &Option<TimeControl>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match value {
            Some(tc) => s.collect_str(tc),
            None => s.serialize_str(""),
        }
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<TimeControl>, D::Error> {
        let text = String::deserialize(d)?;
        if text.is_empty() {
            return Ok(None);
        }
        text.parse()
            .map(Some)
            .map_err(|e| D::Error::custom(format!("time control {text:?}: {e}")))
    }
}
