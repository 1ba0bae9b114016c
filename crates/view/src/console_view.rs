//! What the arbiter's console shows: the table as the station sees it (the station
//! publishes it to the console through a `tokio::sync::watch` channel).

use annabella_arbiter::Plan;
use annabella_rules::GameResult;
use serde::{Deserialize, Serialize};
use shakmaty::{Board, Color, Square};

/// Both boards as observed (in JSON their FEN piece fields; `""` for a board not known yet,
/// as in the view before the station's first).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct BoardsView {
    /// The VI player's tactile board.
    #[serde(with = "board_or_blank")]
    pub vi: Option<Board>,
    /// The sighted player's board.
    #[serde(with = "board_or_blank")]
    pub sighted: Option<Board>,
}

/// The clocks.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ClocksView {
    /// White's time left, milliseconds.
    pub white_ms: u64,
    /// Black's time left, milliseconds.
    pub black_ms: u64,
    /// Whose clock runs (none before the start or after the end).
    #[serde(with = "annabella_rules::text_serde::option")]
    pub running: Option<Color>,
    /// Whether the arbiter paused the clocks (Law 6.11).
    pub paused: bool,
    /// White's move counter.
    pub white_moves: u32,
    /// Black's move counter.
    pub black_moves: u32,
    /// Whether the game is adjourned (duty f; in JSON only when true).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub adjourned: bool,
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
    #[serde(with = "annabella_rules::text_serde")]
    pub by: Color,
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
    #[serde(with = "annabella_rules::text_serde::option")]
    pub vi_plays: Option<Color>,
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
    /// The result, once declared (in JSON "1-0", "0-1", "1/2-1/2").
    pub result: Option<GameResult>,
    /// The game is over and the table waits for the arbiter to confirm the result before
    /// the next game (`play`, game after game; in JSON only when true).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub next_game: bool,
}

/// A side's name on the page and in confirmations ("White", "Black").
pub fn side_name(side: Color) -> &'static str {
    side.fold_wb("White", "Black")
}

/// A board from a FEN or its piece field; `None` if it is not one.
pub fn parse_board(fen: &str) -> Option<Board> {
    fen.split_whitespace().next()?.parse().ok()
}

mod board_or_blank {
    //! A board that may not be known yet as its FEN piece field, `""` when it is not
    //! (a full FEN is read too: only its piece field counts).
    use serde::{Deserialize, Deserializer, Serializer, de::Error};
    use shakmaty::Board;

    pub(super) fn serialize<S: Serializer>(board: &Option<Board>, s: S) -> Result<S::Ok, S::Error> {
        match board {
            Some(b) => annabella_rules::text_serde::serialize(b, s),
            None => s.serialize_str(""),
        }
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Board>, D::Error> {
        let text = String::deserialize(d)?;
        if text.trim().is_empty() {
            return Ok(None);
        }
        super::parse_board(&text)
            .map(Some)
            .ok_or_else(|| D::Error::custom(format!("{text:?}: not a FEN piece field")))
    }
}

impl ConsoleView {
    /// The squares where the two boards differ (empty if either board is not known).
    pub fn differing_squares(&self) -> Vec<Square> {
        match (&self.boards.vi, &self.boards.sighted) {
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
                vi: parse_board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
                sighted: Some(Board::new()),
            },
            ..ConsoleView::default()
        };
        assert_eq!(view.differing_squares(), vec![Square::E2, Square::E4]);
    }

    /// A view with every typed field set, and its JSON as the console has always served it.
    fn wire_sample() -> (ConsoleView, &'static str) {
        let view = ConsoleView {
            revision: 7,
            table: "Table 2".into(),
            vi_plays: Some(Color::Black),
            boards: BoardsView {
                vi: parse_board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"),
                sighted: Some(Board::new()),
            },
            clocks: ClocksView {
                white_ms: 60_000,
                black_ms: 59_000,
                running: Some(Color::White),
                paused: false,
                white_moves: 1,
                black_moves: 0,
                adjourned: false,
            },
            moves: MovesView {
                vi: vec!["e4".into()],
                sighted: vec![],
            },
            log: vec![LogEntry {
                at: "0:00:01".into(),
                text: "The game is started.".into(),
            }],
            claims: vec![ClaimView {
                id: 1,
                by: Color::White,
                ground: "threefold repetition (9.2)".into(),
                detail: "the table could not uphold it".into(),
            }],
            alerts: vec![Alert {
                id: 2,
                text: "Flag fall".into(),
                urgent: true,
            }],
            plan: None,
            result: Some(GameResult::Draw),
            next_game: false,
        };
        (
            view,
            r#"{"revision":7,"table":"Table 2","vi_plays":"black","boards":{"vi":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR","sighted":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"},"clocks":{"white_ms":60000,"black_ms":59000,"running":"white","paused":false,"white_moves":1,"black_moves":0},"moves":{"vi":["e4"],"sighted":[]},"log":[{"at":"0:00:01","text":"The game is started."}],"claims":[{"id":1,"by":"white","ground":"threefold repetition (9.2)","detail":"the table could not uphold it"}],"alerts":[{"id":2,"text":"Flag fall","urgent":true}],"plan":null,"result":"1/2-1/2"}"#,
        )
    }

    #[test]
    fn the_wire_shape_is_kept_both_ways() {
        // The full view, and the view before the station's first, with its blank boards.
        let blank = r#"{"revision":0,"table":"","vi_plays":null,"boards":{"vi":"","sighted":""},"clocks":{"white_ms":0,"black_ms":0,"running":null,"paused":false,"white_moves":0,"black_moves":0},"moves":{"vi":[],"sighted":[]},"log":[],"claims":[],"alerts":[],"plan":null,"result":null}"#;
        for (view, json) in [wire_sample(), (ConsoleView::default(), blank)] {
            assert_eq!(serde_json::to_string(&view).expect("writes"), json);
            assert_eq!(
                serde_json::from_str::<ConsoleView>(json).expect("reads"),
                view
            );
        }
    }

    #[test]
    fn a_board_that_is_no_board_is_named() {
        let json = r#"{"vi":"garbage","sighted":""}"#;
        let err = serde_json::from_str::<BoardsView>(json).expect_err("no board");
        assert!(
            err.to_string()
                .contains(r#""garbage": not a FEN piece field"#),
            "{err}"
        );
    }

    #[test]
    fn an_unknown_board_differs_nowhere() {
        let view = ConsoleView {
            boards: BoardsView {
                vi: None,
                sighted: Some(Board::empty()),
            },
            ..ConsoleView::default()
        };
        assert!(view.differing_squares().is_empty());
    }
}
