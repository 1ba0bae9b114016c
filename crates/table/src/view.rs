//! What the web console shows of a table.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use shakmaty::{Board, Color, Square, fen::Fen, san::SanPlus, uci::UciMove};

use crate::{ClaimKind, GameEnd};

/// A claim waiting for the arbiter.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PendingClaimView {
    /// Who claims.
    #[serde(with = "crate::text_serde")]
    pub by: Color,
    /// Repetition or fifty moves.
    pub ground: ClaimKind,
    /// The intended move, if any.
    #[serde(with = "crate::text_serde::option")]
    pub intended: Option<UciMove>,
}

/// A snapshot of the table (serde, for the console and `journal replay`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableView {
    /// The game position (in JSON its FEN).
    #[serde(with = "crate::text_serde")]
    pub fen: Fen,
    /// Who is to move.
    #[serde(with = "crate::text_serde")]
    pub turn: Color,
    /// The VI player's colour.
    #[serde(with = "crate::text_serde")]
    pub vi_color: Color,
    /// Whether the game has been started.
    pub started: bool,
    /// Whether the clocks are paused.
    pub paused: bool,
    /// The moves so far (in JSON their SAN with check and mate signs).
    #[serde(with = "crate::text_serde::vec")]
    pub moves: Vec<SanPlus>,
    /// White's remaining time.
    pub white_time: Duration,
    /// Black's remaining time.
    pub black_time: Duration,
    /// Whose time runs (None when paused or stopped).
    #[serde(with = "crate::text_serde::option")]
    pub running: Option<Color>,
    /// The VI player's announced move, not yet completed.
    #[serde(with = "crate::text_serde::option")]
    pub said: Option<UciMove>,
    /// The same in words.
    pub said_words: Option<String>,
    /// Whether the announced move is made (announced, placed, capture removed).
    pub made: bool,
    /// Squares the VI player touched this turn, in order.
    #[serde(with = "crate::text_serde::vec")]
    pub touched: Vec<Square>,
    /// Holes of the peg board holding a peg.
    #[serde(with = "crate::text_serde::vec")]
    pub peg_board: Vec<Square>,
    /// Whether the peg board shows the game.
    pub peg_in_sync: bool,
    /// The sighted board's last snapshot (in JSON its FEN placement), if it has sensors.
    #[serde(with = "crate::text_serde::option")]
    pub sighted_board: Option<Board>,
    /// Whether the sighted board shows the game.
    pub sighted_in_sync: Option<bool>,
    /// A pending draw offer, by whom.
    #[serde(with = "crate::text_serde::option")]
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
    /// A question of the VI player waiting for the opponent's answer (practice only).
    #[serde(default)]
    pub consult: Option<crate::Consult>,
    /// Why the opponent is gone, while it is (the game is adjourned until it is back).
    #[serde(default)]
    pub opponent_lost: Option<String>,
    /// Adjourned (duty f): the player on move seals, or has sealed, the next move (in
    /// JSON only when true).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub adjourned: bool,
    /// An online game: the opponent asks to take back a move (in JSON only when true).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub takeback_asked: bool,
    /// An online game: the opponent left it (in JSON only when true).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub opponent_left: bool,
    /// An online game: what the VI player asked of its server, in order (the opponent's
    /// seat sends each new one; in JSON only when there is one).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub online_requests: Vec<crate::OnlineRequest>,
    /// An online game its server aborted: ended without a result (in JSON only when
    /// true).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub aborted: bool,
}
