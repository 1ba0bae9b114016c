//! The table's view as the wire carries it: the hall protocol's own struct, so a field
//! added to the table's `TableView` (for its console) does not silently change what a
//! station publishes. [`WireView::from`] takes a `TableView`; a new field here is a
//! change of the protocol (PROTOCOL.md).

use std::time::Duration;

use annabella_rules::{ClaimKind, GameResult, Termination};
use annabella_table::{GameEnd, PendingClaimView, TableView};
use serde::{Deserialize, Serialize};
use shakmaty::{Board, Color, Square, fen::Fen, san::SanPlus, uci::UciMove};

/// A claim waiting for the arbiter, as the wire carries it (the JSON of protocol
/// version 1: `by`, `ground`, `intended`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireClaim {
    /// Who claims.
    #[serde(with = "annabella_rules::text_serde")]
    pub by: Color,
    /// Repetition or fifty moves (Laws 9.2, 9.3).
    pub ground: ClaimKind,
    /// The move the claimant intends to make, if any (in JSON its UCI).
    #[serde(with = "annabella_rules::text_serde::option")]
    pub intended: Option<UciMove>,
}

impl From<PendingClaimView> for WireClaim {
    fn from(c: PendingClaimView) -> WireClaim {
        WireClaim {
            by: c.by,
            ground: c.ground,
            intended: c.intended,
        }
    }
}

/// The end of a game, as the wire carries it: the result and the termination as their
/// texts (`"1-0"`, `"checkmate"`) and the PGN `Termination` tag beside them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireEnd {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: GameResult,
    /// How it ended (the rules crate's names: `checkmate`, `flag-fall`, …).
    pub termination: Termination,
    /// The PGN `Termination` tag's value (`normal`, `time forfeit`, …), as the station
    /// sent it; readers of the JSON use it, the hall writes it into the round's PGN.
    pub pgn_termination: String,
}

impl From<GameEnd> for WireEnd {
    fn from(e: GameEnd) -> WireEnd {
        WireEnd {
            result: e.result,
            termination: e.termination,
            pgn_termination: e.pgn_termination,
        }
    }
}

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
    pub claim: Option<WireClaim>,
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
    pub result: Option<WireEnd>,
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
            claim: v.claim.map(WireClaim::from),
            white_moves: v.white_moves,
            black_moves: v.black_moves,
            move_clocks: v.move_clocks,
            alerts: v.alerts,
            draw_offers: v.draw_offers,
            result: v.result.map(WireEnd::from),
        }
    }
}
