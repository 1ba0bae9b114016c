//! What the client tells the table ([`Event`]) and what the player asks of Lichess
//! ([`Action`]).

use std::time::Duration;

use shakmaty::{ByColor, Color, uci::UciMove};

use crate::wire::{ChatLine, GameFull, Status};

/// What the player at the table asks of the game on Lichess.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Play this move (UCI); it is sent once, and a refusal is told, never retried blindly.
    Move(UciMove),
    /// Offer a draw.
    OfferDraw,
    /// Accept the opponent's draw offer.
    AcceptDraw,
    /// Decline the opponent's draw offer.
    DeclineDraw,
    /// Agree to the opponent's takeback.
    AcceptTakeback,
    /// Decline the opponent's takeback (done by itself when the player does not agree in
    /// time).
    DeclineTakeback,
    /// Resign.
    Resign,
    /// Abort (only before both players moved).
    Abort,
    /// Claim victory: the opponent has left the game long enough.
    ClaimVictory,
}

/// The game as it began: what the records and the announcements need.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Started {
    /// Everything `gameFull` said.
    pub full: GameFull,
    /// The player's side.
    pub side: Color,
    /// The game's page (the PGN's `Site`).
    pub url: String,
}

/// Why the client stopped for good.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Fatal {
    /// Lichess refused the token (401 or 403).
    #[error("Lichess refused the token (is it valid, with the board:play scope?)")]
    TokenRefused,
    /// The game stream answered 404.
    #[error("Lichess does not know the game {0}")]
    GameNotFound(String),
    /// A game in a variant the table does not play.
    #[error("the game {0} is not standard chess or Chess960; play it on the site")]
    Variant(String),
    /// The game's initial position is not a start for its variant (the rules' one
    /// policy for a FEN and the Chess960 flag).
    #[error("the game {game} cannot start as Lichess says: {why}")]
    Start {
        /// The game's id.
        game: String,
        /// Why the position is no start.
        #[source]
        why: annabella_rules::StartError,
    },
    /// The event stream started a game without saying the player's side.
    #[error("Lichess did not say which side the player has in the game {0}")]
    NoSide(String),
    /// The server's moves are not legal from what it sent before.
    #[error("Lichess sent a move that is not legal: {0}")]
    IllegalMove(String),
}

/// What happened on Lichess, for the table, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// The event stream is open: waiting for a game (with a seek posted, or not).
    Waiting {
        /// Whether a seek is posted.
        seeking: bool,
    },
    /// The game began (the first `gameFull`); its moves so far follow as [`Event::Moved`].
    Started(Box<Started>),
    /// The game stream is back after a drop; the moves made meanwhile follow, none twice.
    Resumed {
        /// Half-moves known before the new ones.
        plies: usize,
    },
    /// A move was made on Lichess: each once, in order; the player's own when Lichess has it.
    Moved {
        /// Its number among the half-moves (1 = White's first).
        ply: usize,
        /// Who made it.
        side: Color,
        /// The move (UCI, standard castling in standard chess).
        uci: UciMove,
    },
    /// The game went back to `plies` half-moves (a takeback the player agreed to).
    TakenBack {
        /// Half-moves kept.
        plies: usize,
    },
    /// The Lichess clock (time left), as of the last move.
    Clock(ByColor<Duration>),
    /// The opponent offers a draw.
    DrawOffered,
    /// The player's draw offer lapsed without a draw (declined, or a move was made).
    DrawDeclined,
    /// The opponent asks to take back a move.
    TakebackProposed,
    /// The opponent left the game; a victory may be claimed after `claim_in`.
    OpponentGone {
        /// When, if Lichess says.
        claim_in: Option<Duration>,
    },
    /// The opponent is back.
    OpponentBack,
    /// The opponent has been gone long enough: the player may claim victory.
    VictoryClaimable,
    /// A line of the chat.
    Chat(ChatLine),
    /// Lichess took the action (200); a move is told as [`Event::Moved`] instead.
    Done(Action),
    /// Lichess refused the action (400 with its reason): it is not sent again.
    Refused {
        /// The action.
        action: Action,
        /// Lichess's words, or the client's when the action was not sent.
        reason: String,
    },
    /// Lichess refused the seek (400 with its reason): no other is posted.
    SeekRefused {
        /// Lichess's words.
        reason: String,
    },
    /// The action could not be sent (the server unreachable): the player may ask again.
    Unsent(Action),
    /// The connection is interrupted; the client tries again after `retry_in`.
    Interrupted {
        /// When it tries again.
        retry_in: Duration,
        /// Whether Lichess asked to slow down (429) rather than the stream dropping.
        rate_limited: bool,
    },
    /// The game ended, as Lichess reports it.
    Ended {
        /// How.
        status: Status,
        /// Who won, if anyone.
        winner: Option<Color>,
    },
    /// The client stopped for good.
    Fatal(Fatal),
}
