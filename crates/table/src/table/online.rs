//! An online game's own words (the opponent plays on a server that keeps the game): the
//! VI player answers the opponent's takeback request, aborts the game, claims the win
//! when the opponent left; the server's news (a takeback asked, the opponent gone or
//! back, a chat line, a refusal) is told to him. The requests wait in the view
//! (`online_requests`) for the opponent's seat to send; the server's answer comes back
//! as the game's own inputs (a move taken back, the game's end).

use annabella_phonetic::Command;

use super::Table;
use crate::{AnnounceKind, OnlineNotice, OnlineRequest, Priority};

/// What an online game keeps beside the game.
#[derive(Debug, Clone, Default)]
pub(super) struct OnlineSide {
    /// The opponent asks to take back a move, and the VI player has not answered.
    pub(super) takeback_asked: bool,
    /// The opponent left the game.
    pub(super) left: bool,
    /// The opponent left and the server lets the VI player claim the win now.
    pub(super) claimable: bool,
    /// What the VI player asked of the server, in order.
    pub(super) requests: Vec<OnlineRequest>,
    /// The server aborted the game: it ended without a result.
    pub(super) aborted: bool,
}

type Told = (String, Priority, AnnounceKind);

impl Table {
    /// Whether the server of an online game aborted it: the game ended without a result
    /// (PGN `*`, `Termination "aborted"`) and is not continued.
    pub fn aborted(&self) -> bool {
        self.online.aborted && self.end.is_none()
    }

    /// The VI player's words that only an online game knows (abort, claim the win) or
    /// that mean something else while the opponent asks to take back (accept, decline);
    /// `None` for every other command.
    pub(super) fn online_command(&mut self, c: &Command) -> Option<Told> {
        let words = self.vi_words();
        let answer = |text: String| Some((text, Priority::Normal, AnnounceKind::Declaration));
        let draw_offered = self.game.pending_draw_offer() == Some(self.sighted());
        match c {
            Command::Abort | Command::ClaimVictory if !self.config.online => {
                answer(words.online_only())
            }
            Command::Abort | Command::ClaimVictory if self.over() => answer(words.game_is_over()),
            Command::Abort => {
                self.online.requests.push(OnlineRequest::Abort);
                answer(words.abort_asked())
            }
            Command::ClaimVictory if !self.online.left => answer(words.opponent_is_here()),
            Command::ClaimVictory if !self.online.claimable => answer(words.victory_not_yet()),
            Command::ClaimVictory => {
                self.online.requests.push(OnlineRequest::ClaimVictory);
                answer(words.victory_claimed())
            }
            Command::Accept | Command::Decline
                if self.online.takeback_asked && !draw_offered && !self.over() =>
            {
                self.online.takeback_asked = false;
                let accept = *c == Command::Accept;
                self.online.requests.push(if accept {
                    OnlineRequest::AcceptTakeBack
                } else {
                    OnlineRequest::DeclineTakeBack
                });
                answer(words.takeback_answered(accept))
            }
            _ => None,
        }
    }

    /// What the server of an online game tells the VI player.
    pub(super) fn online_notice(&mut self, now: std::time::Duration, notice: OnlineNotice) {
        if self.over() || self.online.aborted {
            return;
        }
        let words = self.vi_words();
        let text = match notice {
            OnlineNotice::TakeBackAsked => {
                self.online.takeback_asked = true;
                words.takeback_asked()
            }
            OnlineNotice::TakeBackLapsed => {
                if !std::mem::take(&mut self.online.takeback_asked) {
                    return;
                }
                words.takeback_lapsed()
            }
            OnlineNotice::OpponentLeft { claim_in_secs } => {
                self.online.left = true;
                self.online.claimable = claim_in_secs == Some(0);
                words.opponent_left(claim_in_secs)
            }
            OnlineNotice::VictoryClaimable => {
                if !self.online.left {
                    return;
                }
                self.online.claimable = true;
                words.victory_claimable()
            }
            OnlineNotice::OpponentReturned => {
                if !self.online.left {
                    return;
                }
                self.online.left = false;
                self.online.claimable = false;
                words.opponent_returned()
            }
            OnlineNotice::Chat { user, text } => {
                return self.tell_vi(
                    words.opponent_chat(&user, &text),
                    Priority::Low,
                    AnnounceKind::Answer,
                );
            }
            OnlineNotice::Clocks => {
                let white = self.clock.remaining(shakmaty::Color::White, now);
                let black = self.clock.remaining(shakmaty::Color::Black, now);
                return self.tell_vi(words.time(white, black), Priority::Low, AnnounceKind::Clock);
            }
            OnlineNotice::Aborted => {
                self.online.aborted = true;
                self.online.takeback_asked = false;
                self.online.left = false;
                if self.started && self.clock.pause(now).is_ok() {
                    self.clock_effect(now);
                }
                words.game_aborted()
            }
            OnlineNotice::Refused { request, reason } => {
                if matches!(
                    request,
                    OnlineRequest::AcceptTakeBack | OnlineRequest::DeclineTakeBack
                ) {
                    self.online.takeback_asked = false;
                }
                words.online_refused(&reason)
            }
        };
        self.tell_vi(text, Priority::High, AnnounceKind::Declaration);
    }
}
