//! What happens at the table: everything the state machine is told. Serde, so that the
//! station can journal every `(now, Input)` and replay it.

use std::time::Duration;

use annabella_rules::{ClaimKind, GameResult};
use serde::{Deserialize, Serialize};
use shakmaty::{Board, Color, Square, uci::UciMove};

/// One recognizer hypothesis of what the VI player said.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Hypothesis {
    /// The words heard, as recognised text ("springer felix drei").
    pub text: String,
    /// The recognizer's score; higher is better.
    pub score: f32,
}

/// A button of the tactile clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClockButton {
    /// Ask for both players' remaining time (assistant duty d: only when asked).
    TimeQuery,
    /// Stop the clocks and call the arbiter (6.11.1).
    Pause,
    /// Hold to speak (the microphone is open while held).
    PushToTalk,
    /// Whose turn it is (a DGT 3000 button).
    WhoseTurn,
    /// Repeat the last move, and a fix-up of the VI player's board still to do (a DGT
    /// 3000 button).
    RepeatLastMove,
    /// Call the arbiter: the clocks stop (a DGT 3000 button).
    CallArbiter,
}

/// What the clock device reports of itself (a DGT 3000 on the DGT board's cable).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClockDevice {
    /// The clock answers and can be trusted: its lever presses count again.
    Connected,
    /// The clock is not connected or switched off: the table keeps the time itself and
    /// completes moves without its lever (presses become automatic) until it is back.
    Lost,
    /// The clock reports a low battery: the arbiter is told; play goes on.
    LowBattery,
    /// The clock did not take the table's setting (times and running side, e.g. after it
    /// came back): the table sets it again, and alerts the arbiter when it keeps refusing.
    Refused,
}

/// What the sighted player (or the assistant for them) declares at the console.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum SightedCommand {
    /// Offer a draw (9.1.2).
    OfferDraw,
    /// Accept the VI player's draw offer.
    AcceptDraw,
    /// Decline the VI player's draw offer.
    DeclineDraw,
    /// Resign (5.1.2).
    Resign,
    /// Claim a draw, with the intended move when it is the move that repeats (9.2, 9.3).
    Claim {
        /// Repetition or fifty moves.
        ground: ClaimKind,
        /// The intended move (UCI), if any.
        #[serde(default, with = "crate::text_serde::option")]
        intended: Option<UciMove>,
    },
    /// Claim that the VI player's flag has fallen (6.8).
    ClaimFlag,
    /// Call the arbiter.
    CallArbiter,
}

/// A verdict of the arbiter (or a correction they make at the console).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum ArbiterAction {
    /// Stop both clocks (6.11.1).
    Pause,
    /// Restart the clocks.
    Resume,
    /// Set a player's remaining time (6.10.2).
    SetTime {
        /// Whose clock.
        #[serde(with = "crate::text_serde")]
        color: Color,
        /// The time to show.
        time: Duration,
    },
    /// Add time to a player's clock (7.5.5, 9.5.3 awards).
    AddTime {
        /// Whose clock.
        #[serde(with = "crate::text_serde")]
        color: Color,
        /// How much.
        amount: Duration,
    },
    /// Set a player's move counter (6.10.2).
    SetMoves {
        /// Whose counter.
        #[serde(with = "crate::text_serde")]
        color: Color,
        /// Moves completed.
        moves: u32,
    },
    /// The player made an illegal move (7.5): the game's penalties apply (strikes,
    /// time to the opponent, loss at the second or third).
    IllegalMove {
        /// Who made it.
        #[serde(with = "crate::text_serde")]
        by: Color,
    },
    /// Uphold the pending claim (a claim waits for the arbiter when the game rejected it
    /// and the claimant insists, or when the arbiter must rule).
    UpholdClaim,
    /// Reject the pending claim: the claim stands as a draw offer and play goes on.
    RejectClaim,
    /// The flag of this player has fallen (6.8: observed by the arbiter).
    FlagFall {
        /// Whose flag.
        #[serde(with = "crate::text_serde")]
        color: Color,
    },
    /// End the game with this result (in JSON `"1-0"`, `"0-1"`, `"1/2-1/2"`; `"½-½"` is
    /// read too).
    DeclareResult {
        /// The result.
        result: GameResult,
    },
    /// Take the game back to the position after `ply` half-moves (the last point where
    /// both scoresheets agree); clocks are set with `SetTime`.
    RestorePosition {
        /// Half-moves kept.
        ply: usize,
    },
    /// Both boards have been put right by hand: the peg board and the sighted board are
    /// taken to show the game position.
    BoardsCorrected,
    /// Start the game whatever the sighted board shows (a `start` waits for the start
    /// position on it).
    Start,
    /// Adjourn the game (duty f): the player having the move seals their next move — the
    /// VI player by announcing it, the sighted player through [`SealMove`](Self::SealMove).
    Adjourn,
    /// The sighted player's sealed move, as the arbiter received it (UCI).
    SealMove {
        /// The move.
        #[serde(with = "crate::text_serde")]
        uci: UciMove,
    },
    /// The arbiter confirms the finished game's result: its records are written and the
    /// table goes on to the next game (`play`). It changes nothing at the table itself.
    NextGame,
}

/// One input to the table. Everything the table knows comes through these.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "input", rename_all = "snake_case")]
pub enum Input {
    /// The arbiter starts the game: White's clock starts (6.2).
    Start,
    /// A timer came due (see [`Table::poll_timeout`](crate::Table::poll_timeout)); journal
    /// it like any other input.
    Tick,
    /// The VI player said something: the recogniser's n-best list (best first or not).
    Heard {
        /// The hypotheses.
        alternatives: Vec<Hypothesis>,
    },
    /// A peg was taken out of a hole of the peg board (a touch, D.2.2).
    PegLift {
        /// The hole.
        #[serde(with = "crate::text_serde")]
        square: Square,
    },
    /// A peg went into a hole of the peg board.
    PegPlace {
        /// The hole.
        #[serde(with = "crate::text_serde")]
        square: Square,
    },
    /// The full occupancy of the peg board (after connecting or a link gap).
    PegSnapshot {
        /// The holes holding a peg.
        #[serde(with = "crate::text_serde::vec")]
        occupied: Vec<Square>,
    },
    /// A settled snapshot of the sighted player's e-board (DGT). The table finds the
    /// sighted player's moves, the copying of the VI player's moves, touches and
    /// discrepancies in these.
    SightedBoard {
        /// The pieces on the board; in JSON the piece placement part of a FEN
        /// (`rnbqkbnr/pppppppp/8/…`).
        #[serde(with = "crate::text_serde")]
        placement: Board,
    },
    /// A move that the station's own detector found on the sighted board.
    SightedMove {
        /// The move (UCI).
        #[serde(with = "crate::text_serde")]
        uci: UciMove,
    },
    /// A piece lifted from the sighted board (DGT field update).
    SightedLift {
        /// Its square.
        #[serde(with = "crate::text_serde")]
        square: Square,
    },
    /// The assistant typed the sighted player's move (a table without sensors): UCI, SAN
    /// or phonetic words.
    AssistantMove {
        /// What was typed.
        text: String,
    },
    /// A clock lever was pressed: `side` completes its move.
    Lever {
        /// Whose lever.
        #[serde(with = "crate::text_serde")]
        side: Color,
    },
    /// The VI player confirmed that the announced move is placed and released on a
    /// board without sensors: their word ("gesetzt", "done"), the assistant's key, or the
    /// Braille display's key (E.2.3: a move is made once announced and placed).
    ViPlaced,
    /// The clock device reported its state.
    ClockDevice {
        /// Connected, lost or on low battery.
        state: ClockDevice,
        /// The side whose lever is down, as the clock reports it (a DGT 3000's rocker;
        /// absent in older journals and from clocks that do not say).
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            with = "crate::text_serde::option"
        )]
        lever: Option<Color>,
    },
    /// A button of the tactile clock was pressed.
    Button {
        /// Which.
        button: ClockButton,
    },
    /// A button of the tactile clock was released.
    ButtonReleased {
        /// Which.
        button: ClockButton,
    },
    /// The sighted player's declaration.
    Sighted(SightedCommand),
    /// The arbiter's action.
    Arbiter(ArbiterAction),
    /// An action taken at the arbiter's web console, journalled with who took it. A
    /// note without `action` (a warning, a carried-out plan) changes nothing at the table.
    ByArbiter {
        /// Who (the arbiter's name as signed in at the console).
        by: String,
        /// What, in words ("carry out the reconciliation plan").
        what: String,
        /// The table action, if the console action changes the table.
        #[serde(default)]
        action: Option<ArbiterAction>,
        /// The journal record whose alerts the chief arbiter dismissed from the hall
        /// (absent from other notes, and from dismissals journalled before the field).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dismissed: Option<u64>,
    },
    /// The move of the station's opponent (an engine, a remote player) in the position
    /// after `ply` half-moves; a move for another position (the VI player took back
    /// meanwhile) is not played.
    OpponentMove {
        /// The move.
        #[serde(with = "crate::text_serde")]
        uci: UciMove,
        /// The half-moves played when the opponent chose it.
        ply: usize,
    },
    /// The opponent of a practice game answers the VI player's question (the view's
    /// `consult`): a hint or the evaluation, announced to the VI player.
    Advice(crate::Advice),
    /// The opponent (an engine, a remote player) is gone: it crashed, hung, said what is
    /// no chess or lost its connection. The clocks stop and the game is kept, adjourned,
    /// to be resumed with the same opponent or another.
    OpponentLost {
        /// What happened, in one sentence (an engine's own words stripped of control
        /// characters): for the log, and said as it is when `failure` is unknown.
        reason: String,
        /// What kind of failure it was, said in the table's language (absent in older
        /// journals).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        failure: Option<crate::OpponentFailure>,
    },
    /// The opponent is back (the game resumed with it, or with another): the clocks run
    /// again.
    OpponentBack {
        /// The opponent's name (an engine's `id name`).
        name: String,
    },
    /// The server that keeps an online game tells the VI player something (a takeback
    /// asked, the opponent gone or back, a chat line, a request refused).
    Online(crate::OnlineNotice),
    /// An announcement has been spoken to its end (or was interrupted).
    AnnouncementDone {
        /// The id of [`Announcement::id`](crate::Announcement::id).
        id: u64,
    },
}
