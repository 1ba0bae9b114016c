//! The table's view as the wire carries it: the hall protocol's own struct, so a field
//! added to the table's `TableView` (for its console) does not silently change what a
//! station publishes. [`WireView::from`] takes a `TableView`; a new field here is a
//! change of the protocol (PROTOCOL.md).

use std::time::Duration;

use annabella_table::{GameEnd, PendingClaimView, TableView};
use serde::{Deserialize, Serialize};
use shakmaty::{Board, Color, Square, fen::Fen, san::SanPlus, uci::UciMove};

/// The table as the retained view publishes it (the fields, names and JSON of the
/// table's view of protocol version 1).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WireView {
    /// The game position (in JSON its FEN).
    #[serde(with = "annabella_rules::text_serde")]
    pub fen: Fen,
    /// Who is to move.
    #[serde(with = "annabella_rules::text_serde")]
    pub turn: Color,
    /// The VI player's colour.
    #[serde(with = "annabella_rules::text_serde")]
    pub vi_color: Color,
    /// Whether the game has been started.
    pub started: bool,
    /// Whether the clocks are paused.
    pub paused: bool,
    /// The moves so far (in JSON their SAN with check and mate signs).
    #[serde(with = "annabella_rules::text_serde::vec")]
    pub moves: Vec<SanPlus>,
    /// White's remaining time.
    pub white_time: Duration,
    /// Black's remaining time.
    pub black_time: Duration,
    /// Whose time runs (None when paused or stopped).
    #[serde(with = "annabella_rules::text_serde::option")]
    pub running: Option<Color>,
    /// The VI player's announced move, not yet completed.
    #[serde(with = "annabella_rules::text_serde::option")]
    pub said: Option<UciMove>,
    /// The same in words.
    pub said_words: Option<String>,
    /// Whether the announced move is made (announced, placed, capture removed).
    pub made: bool,
    /// Squares the VI player touched this turn, in order.
    #[serde(with = "annabella_rules::text_serde::vec")]
    pub touched: Vec<Square>,
    /// Holes of the peg board holding a peg.
    #[serde(with = "annabella_rules::text_serde::vec")]
    pub peg_board: Vec<Square>,
    /// Whether the peg board shows the game.
    pub peg_in_sync: bool,
    /// The sighted board's last snapshot (in JSON its FEN placement), if it has sensors.
    #[serde(with = "annabella_rules::text_serde::option")]
    pub sighted_board: Option<Board>,
    /// Whether the sighted board shows the game.
    pub sighted_in_sync: Option<bool>,
    /// A pending draw offer, by whom.
    #[serde(with = "annabella_rules::text_serde::option")]
    pub draw_offer: Option<Color>,
    /// Whether a claim waits for the arbiter.
    pub claim_pending: bool,
    /// The claim that waits for the arbiter.
    #[serde(default)]
    pub claim: Option<PendingClaimView>,
    /// White's move counter on the clock (the arbiter may set it, 6.10.2).
    #[serde(default)]
    pub white_moves: u32,
    /// Black's move counter.
    #[serde(default)]
    pub black_moves: u32,
    /// The mover's remaining time after each ply (the scoresheet's `%clk`).
    #[serde(default)]
    pub move_clocks: Vec<Duration>,
    /// Arbiter alerts raised so far.
    pub alerts: usize,
    /// Plies (from 1) after which a draw was offered (`(=)` on the scoresheet, 9.1.2.2).
    #[serde(default)]
    pub draw_offers: Vec<usize>,
    /// The end of the game, if it is over.
    pub result: Option<GameEnd>,
}

impl From<TableView> for WireView {
    fn from(v: TableView) -> WireView {
        WireView {
            fen: v.fen,
            turn: v.turn,
            vi_color: v.vi_color,
            started: v.started,
            paused: v.paused,
            moves: v.moves,
            white_time: v.white_time,
            black_time: v.black_time,
            running: v.running,
            said: v.said,
            said_words: v.said_words,
            made: v.made,
            touched: v.touched,
            peg_board: v.peg_board,
            peg_in_sync: v.peg_in_sync,
            sighted_board: v.sighted_board,
            sighted_in_sync: v.sighted_in_sync,
            draw_offer: v.draw_offer,
            claim_pending: v.claim_pending,
            claim: v.claim,
            white_moves: v.white_moves,
            black_moves: v.black_moves,
            move_clocks: v.move_clocks,
            alerts: v.alerts,
            draw_offers: v.draw_offers,
            result: v.result,
        }
    }
}
