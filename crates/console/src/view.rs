//! What the console shows: the table as the station sees it, published through a
//! `tokio::sync::watch` channel.

use annabella_arbiter::Plan;
use serde::{Deserialize, Serialize};
use shakmaty::{Board, Square};

/// A side of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// White.
    White,
    /// Black.
    Black,
}

impl From<shakmaty::Color> for Side {
    fn from(c: shakmaty::Color) -> Side {
        match c {
            shakmaty::Color::White => Side::White,
            shakmaty::Color::Black => Side::Black,
        }
    }
}

impl From<Side> for shakmaty::Color {
    fn from(s: Side) -> shakmaty::Color {
        match s {
            Side::White => shakmaty::Color::White,
            Side::Black => shakmaty::Color::Black,
        }
    }
}

impl Side {
    /// "White" / "Black".
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }

    /// The other side.
    #[must_use]
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

/// Both boards as observed, as FEN piece fields (or full FEN; only the piece field counts).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct BoardsView {
    /// The VI player's tactile board.
    pub vi: String,
    /// The sighted player's board.
    pub sighted: String,
}

/// The clocks.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ClocksView {
    /// White's time left, milliseconds.
    pub white_ms: u64,
    /// Black's time left, milliseconds.
    pub black_ms: u64,
    /// Whose clock runs (none before the start or after the end).
    pub running: Option<Side>,
    /// Whether the arbiter paused the clocks (Law 6.11).
    pub paused: bool,
    /// White's move counter.
    pub white_moves: u32,
    /// Black's move counter.
    pub black_moves: u32,
}

/// Both scoresheets as the station keeps them (SAN or as written).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct MovesView {
    /// The VI player's scoresheet.
    pub vi: Vec<String>,
    /// The sighted player's scoresheet.
    pub sighted: Vec<String>,
}

/// One line of the event log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    /// When, as the station shows it ("0:42:10" game time or a wall-clock time).
    pub at: String,
    /// What happened.
    pub text: String,
}

/// A claim waiting for the arbiter's decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimView {
    /// The station's id of the claim.
    pub id: u64,
    /// Who claims.
    pub by: Side,
    /// The ground ("threefold repetition (9.2)", "flag fall (6.9)", "illegal move (7.5)").
    pub ground: String,
    /// Details (the intended move, the positions, the times).
    pub detail: String,
}

/// An alert for the arbiter (a discrepancy, a flag, a device lost).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Alert {
    /// The station's id of the alert.
    pub id: u64,
    /// The text.
    pub text: String,
    /// Whether it needs the arbiter now (announced assertively to screen readers).
    pub urgent: bool,
}

/// Everything the console shows about one table.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ConsoleView {
    /// Increases with every change (for polling clients).
    pub revision: u64,
    /// The table's name ("Table 3").
    pub table: String,
    /// The colour the VI player has.
    pub vi_plays: Option<Side>,
    /// Both boards.
    pub boards: BoardsView,
    /// The clocks.
    pub clocks: ClocksView,
    /// Both move lists.
    pub moves: MovesView,
    /// The event log, oldest first.
    pub log: Vec<LogEntry>,
    /// Claims waiting for a decision.
    pub claims: Vec<ClaimView>,
    /// Alerts.
    pub alerts: Vec<Alert>,
    /// The reconciliation plan, when the boards differ.
    pub plan: Option<Plan>,
    /// The result, once declared ("1-0", "0-1", "1/2-1/2").
    pub result: Option<String>,
}

/// A board from a FEN or its piece field; `None` if it is not one.
pub fn parse_board(fen: &str) -> Option<Board> {
    fen.split_whitespace().next()?.parse().ok()
}

impl ConsoleView {
    /// The squares where the two boards differ (empty if either board is unreadable).
    pub fn differing_squares(&self) -> Vec<Square> {
        match (
            parse_board(&self.boards.vi),
            parse_board(&self.boards.sighted),
        ) {
            (Some(a), Some(b)) => Square::ALL
                .into_iter()
                .filter(|&sq| a.piece_at(sq) != b.piece_at(sq))
                .collect(),
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differing_squares_of_two_boards() {
        let view = ConsoleView {
            boards: BoardsView {
                vi: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".into(),
                sighted: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR".into(),
            },
            ..ConsoleView::default()
        };
        assert_eq!(view.differing_squares(), vec![Square::E2, Square::E4]);
    }

    #[test]
    fn unreadable_board_differs_nowhere() {
        let view = ConsoleView {
            boards: BoardsView {
                vi: "garbage".into(),
                sighted: "8/8/8/8/8/8/8/8".into(),
            },
            ..ConsoleView::default()
        };
        assert!(view.differing_squares().is_empty());
    }
}
