//! Draw claims (9.2, 9.3) and moves played by a rejected claim.

use super::*;

impl Table {
    pub(super) fn claim(
        &mut self,
        now: Duration,
        by: Color,
        kind: ClaimKind,
        intended: Option<Move>,
    ) {
        if self.config.claims_by_arbiter {
            let correct = self.game.claim_is_correct(kind, intended).unwrap_or(false);
            if self.clock.is_started() && !self.clock.is_paused() {
                let _ = self.clock.pause(now);
                self.clock_effect(now);
            }
            self.pending_claim = Some(PendingClaim { by, kind, intended });
            let detail = format!(
                "{by} claims {} {}; the table finds it {}",
                kind.as_str(),
                intended.map_or("on the position".to_string(), |m| format!(
                    "with the intended move {}",
                    m.to_uci(self.config.castling_mode())
                )),
                if correct { "correct" } else { "incorrect" }
            );
            self.alert(AlertKind::Claim, detail);
            self.tell_both(
                |p| p.arbiter_called(),
                Priority::High,
                AnnounceKind::Arbiter,
            );
            return;
        }
        let before = self.game.position().clone();
        match self.game.claim(by, kind, intended) {
            Ok(ClaimVerdict::Upheld(o)) => self.finish(now, o),
            Ok(ClaimVerdict::Rejected { penalty, ended }) => {
                self.tell_both(
                    |p| p.claim_rejected(),
                    Priority::High,
                    AnnounceKind::Declaration,
                );
                if let Some(Penalty::AddTime { to, amount }) = penalty
                    && self.clock.add_time(now, to, amount).is_ok()
                {
                    self.tell_both(
                        |p| p.time_added(to, amount),
                        Priority::Normal,
                        AnnounceKind::Clock,
                    );
                }
                if let Some(m) = intended {
                    self.after_played(now, by, &before, m);
                }
                self.clock_effect(now);
                if let Some(o) = ended {
                    self.finish(now, o);
                }
            }
            Err(e) => {
                let text = self.game_error_words(&e);
                if by == self.vi {
                    self.tell_vi(text, Priority::Normal, AnnounceKind::Declaration);
                } else {
                    self.tell_sighted(e.to_string(), Priority::Normal, AnnounceKind::Declaration);
                }
            }
        }
    }

    /// Bookkeeping after the game played `m` for `by` outside the normal flow (an
    /// intended move of a rejected claim): the move still has to be executed on the
    /// boards, and the claimant's clock is pressed.
    pub(super) fn after_played(&mut self, now: Duration, by: Color, before: &Chess, m: Move) {
        let record = self.record(before, m, now);
        self.history.push(before.clone());
        let press = self.clock.press(now, by).ok();
        let record = RecordedMove {
            clock: press.as_ref().map_or(record.clock, |p| p.remaining),
            spent: press.as_ref().map_or(Duration::ZERO, |p| p.spent),
            ..record
        };
        self.records.push(record.clone());
        self.effects.push_back(Effect::RecordMove(record));
        self.position_effect(Some(m));
        self.touches.clear();
        self.sighted_touches.clear();
        if by == self.vi {
            // The VI player executes it on the peg board; the sighted player copies it.
            self.peg_copy = Some((before.clone(), m));
            self.peg_copy_since = now;
            self.peg.reset();
            self.sighted_copy = Some(before.clone());
            let text = self.sighted_words().opponent_move(before, m, by);
            self.tell_sighted(text, Priority::High, AnnounceKind::OpponentMove);
            let text = self.vi_words().opponent_move(before, m, by);
            self.tell_vi(text, Priority::High, AnnounceKind::OpponentMove);
        } else {
            self.peg_copy = Some((before.clone(), m));
            self.peg_copy_since = now;
            self.peg.reset();
            let text = self.vi_words().opponent_move(before, m, by);
            self.tell_vi(text, Priority::High, AnnounceKind::OpponentMove);
        }
        self.peg_handled = None;
    }
}
