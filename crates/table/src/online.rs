//! An online game's own requests and news (the opponent plays on a server that keeps the
//! game, Lichess): what the VI player asks of that server ([`OnlineRequest`], the
//! opponent's seat sends each once) and what the server tells him ([`OnlineNotice`]).

use serde::{Deserialize, Serialize};

/// What the VI player asks of the server that keeps an online game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OnlineRequest {
    /// Agree to the opponent's request to take back a move.
    AcceptTakeBack,
    /// Refuse the opponent's request to take back a move.
    DeclineTakeBack,
    /// Abort the game (the server allows it only before it has really begun).
    Abort,
    /// Claim the win: the opponent left and the server lets the player who stayed claim.
    ClaimVictory,
}

/// What the server that keeps an online game tells the VI player, through the
/// opponent's seat (journalled like every input).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "notice", rename_all = "snake_case")]
pub enum OnlineNotice {
    /// The opponent asks to take back a move; the VI player agrees or refuses.
    TakeBackAsked,
    /// The VI player did not answer the takeback request in time: it was declined.
    TakeBackLapsed,
    /// The opponent left the game; a win may be claimed in this many seconds.
    OpponentLeft {
        /// Seconds until a win may be claimed, if the server said.
        #[serde(default)]
        claim_in_secs: Option<u64>,
    },
    /// The opponent is still gone: the win may be claimed now.
    VictoryClaimable,
    /// The opponent came back to the game.
    OpponentReturned,
    /// A line the opponent wrote in the players' chat (printable, bounded).
    Chat {
        /// Who wrote it.
        user: String,
        /// What.
        text: String,
    },
    /// Both clocks as the server reports them, spoken to the VI player (after the
    /// opponent's move, when the table's file asks for it).
    Clocks,
    /// The server aborted the game (the VI player's abort, the opponent's, or none
    /// made in time): it ends without a result, and is not continued.
    Aborted,
    /// The server refused a request of the VI player.
    Refused {
        /// What was asked.
        request: OnlineRequest,
        /// The server's reason (printable, bounded).
        reason: String,
    },
}
