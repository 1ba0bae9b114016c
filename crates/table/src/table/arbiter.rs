//! The arbiter's actions: one method each, `arbiter` dispatches.

use super::*;

impl Table {
    /// A player calls the arbiter: the clocks stop while the arbiter is sought (6.11.1,
    /// 6.11.2), the arbiter is alerted and both players are told.
    pub(super) fn call_arbiter(&mut self, now: Duration, by: Color) {
        self.call_arbiter_by(now, Some(by));
    }

    /// The arbiter is called by `by`, or by someone at the table with the clock's shared
    /// button (`None`).
    pub(super) fn call_arbiter_by(&mut self, now: Duration, by: Option<Color>) {
        if self.clock.is_started() && !self.clock.is_paused() && !self.over() {
            let _ = self.clock.pause(now);
            self.clock_effect(now);
        }
        let detail = match by {
            Some(by) => {
                let who = if by == self.vi { "VI" } else { "sighted" };
                format!("the {who} player ({by}) calls the arbiter; the clocks are stopped")
            }
            None => "a player at the table calls the arbiter (the clock's button); the clocks \
                     are stopped"
                .to_string(),
        };
        let caller = match by {
            Some(color) => Caller::Player {
                color,
                vi: color == self.vi,
                stopped: true,
            },
            None => Caller::ClockButton,
        };
        self.alert_by(AlertKind::Called, detail, Some(caller));
        let paused = self.clock.is_paused();
        self.tell_both(
            |p| p.arbiter_called_clocks(paused),
            Priority::High,
            AnnounceKind::Arbiter,
        );
    }

    pub(super) fn arbiter(
        &mut self,
        now: Duration,
        action: ArbiterAction,
    ) -> Result<(), InputError> {
        match action {
            ArbiterAction::Pause => self.arbiter_pause(now),
            ArbiterAction::Resume => self.arbiter_resume(now),
            ArbiterAction::Adjourn => self.adjourn(now),
            ArbiterAction::SealMove { uci } => self.seal_move(now, uci),
            ArbiterAction::SetTime { color, time } => self.set_time(now, color, time),
            ArbiterAction::AddTime { color, amount } => self.add_time(now, color, amount),
            ArbiterAction::SetMoves { color, moves } => self.clock.set_moves(color, moves),
            ArbiterAction::IllegalMove { by } => self.illegal_move(now, by),
            ArbiterAction::UpholdClaim => self.uphold_claim(now),
            ArbiterAction::RejectClaim => self.reject_claim(now),
            ArbiterAction::FlagFall { color } => self.arbiter_flag_fall(now, color),
            ArbiterAction::DeclareResult { result } => self.declare_result(now, result),
            ArbiterAction::RestorePosition { ply } => self.restore_position(now, ply)?,
            ArbiterAction::BoardsCorrected => self.boards_corrected(now),
            // The station's: the records and the next game.
            ArbiterAction::NextGame => {}
            ArbiterAction::Start => self.start_game(now, true),
        }
        Ok(())
    }

    fn arbiter_pause(&mut self, now: Duration) {
        if self.clock.pause(now).is_ok() {
            self.clock_effect(now);
            self.tell_both(|p| p.paused(), Priority::High, AnnounceKind::Clock);
        }
    }

    /// Restart the clocks, or make the sealed move of an adjourned game.
    fn arbiter_resume(&mut self, now: Duration) {
        if self.over() {
            return;
        }
        if let Some((m, clock)) = self.adjournment.sealed.take() {
            self.resume_adjourned(now, m, clock);
        } else if self.clock.resume(now).is_ok() {
            // The correction window starts again after the pause.
            if self.vi_side.made_at.is_some() {
                self.vi_side.made_at = Some(now);
            }
            self.clock_effect(now);
            self.tell_both(|p| p.resumed(), Priority::High, AnnounceKind::Clock);
        }
    }

    /// 6.10.2: the arbiter sets a clock; a flag given time no longer counts as fallen.
    fn set_time(&mut self, now: Duration, color: Color, time: Duration) {
        if self.clock.set_time(now, color, time).is_ok() {
            if time > Duration::ZERO {
                self.clock_side.flag_restored(color);
            }
            self.clock_effect(now);
        }
    }

    fn add_time(&mut self, now: Duration, color: Color, amount: Duration) {
        if self.clock.add_time(now, color, amount).is_ok() {
            self.clock_effect(now);
            self.tell_both(
                |p| p.time_added(color, amount),
                Priority::Normal,
                AnnounceKind::Clock,
            );
        }
    }

    /// 7.5: the game's penalties for an illegal move (strikes, time, loss).
    fn illegal_move(&mut self, now: Duration, by: Color) {
        let ply = self.sheet.records.len() + 1;
        let verdict = self.game.illegal_move(by, IllegalKind::Move);
        let added = match &verdict {
            Ok(IllegalVerdict::Penalised {
                penalty: Penalty::AddTime { amount, .. },
                ..
            }) => Some(Some(*amount)),
            Ok(IllegalVerdict::Ended(_)) => Some(None),
            Err(_) => None,
        };
        if let Some(added) = added {
            self.sheet.illegal.push(IllegalMark { ply, by, added });
        }
        match verdict {
            Ok(IllegalVerdict::Penalised { strike, penalty }) => {
                self.tell_both(
                    |p| p.illegal_move_penalty(by, strike),
                    Priority::High,
                    AnnounceKind::Arbiter,
                );
                let Penalty::AddTime { to, amount } = penalty;
                self.add_time(now, to, amount);
            }
            Ok(IllegalVerdict::Ended(o)) => self.finish(now, o),
            Err(_) => {}
        }
    }

    fn uphold_claim(&mut self, now: Duration) {
        let Some(c) = self.claims.pending.take() else {
            return;
        };
        let outcome = match self.game.claim(c.by, c.kind, c.intended) {
            Ok(ClaimVerdict::Upheld(o)) => o,
            _ => {
                let o = Outcome::draw(match c.kind {
                    ClaimKind::Threefold => Termination::ThreefoldClaim,
                    ClaimKind::FiftyMoves => Termination::FiftyMovesClaim,
                });
                self.game.declare(o);
                o
            }
        };
        self.finish(now, outcome);
    }

    fn reject_claim(&mut self, now: Duration) {
        let Some(c) = self.claims.pending.take() else {
            return;
        };
        let _ = self.clock.resume(now);
        let correct = self
            .game
            .claim_is_correct(c.kind, c.intended)
            .unwrap_or(false);
        if correct {
            // The arbiter overrules the table: no penalty, the claim stands as a draw
            // offer and the intended move is made.
            let _ = self.game.offer_draw(c.by);
            self.tell_both(
                |p| p.claim_rejected(),
                Priority::High,
                AnnounceKind::Declaration,
            );
            if let Some(m) = c.intended {
                self.intended_to_make(now, c.by, m);
            }
            self.clock_effect(now);
        } else {
            let saved = std::mem::replace(&mut self.config.claims_by_arbiter, false);
            self.claim(now, c.by, c.kind, c.intended);
            self.config.claims_by_arbiter = saved;
        }
    }

    /// The arbiter observed `color`'s flag: the first flag observed decides (6.8–6.10).
    fn arbiter_flag_fall(&mut self, now: Duration, color: Color) {
        let color = self.clock_side.deciding_flag(color);
        if let Ok(o) = self.flag_outcome(color) {
            self.finish(now, o);
        }
    }

    /// The arbiter ends the game with `result`.
    fn declare_result(&mut self, now: Duration, result: GameResult) {
        let o = Outcome {
            result,
            termination: Termination::Arbiter,
        };
        self.game.declare(o);
        self.end = None;
        self.finish(now, o);
    }

    /// Takes the game back to the position after `ply` half-moves (D.2.9: the last point
    /// where both scoresheets agree).
    fn restore_position(&mut self, now: Duration, ply: usize) -> Result<(), InputError> {
        let before = self.rewind(now, ply)?;
        self.tell_both(
            |p| p.position_restored(ply),
            Priority::High,
            AnnounceKind::Arbiter,
        );
        self.plain_restored(&before);
        if let Some(o) = self.game.outcome().copied() {
            self.finish(now, o);
        }
        Ok(())
    }

    /// The game back to the position after `ply` half-moves, the boards to be put right
    /// and the clock on the side to move; the board before it is returned.
    pub(super) fn rewind(&mut self, now: Duration, ply: usize) -> Result<Board, InputError> {
        let before = self.game.position().board().clone();
        self.game.go_back_to(ply).map_err(InputError::Restore)?;
        self.sheet.truncate(ply);
        // The reconciliation ends an adjournment: a sealed move belongs to the position
        // it was sealed in.
        self.adjournment = Adjournment::default();
        self.end = None;
        self.vi_side.clear();
        self.claims.clear();
        self.sighted_side.assistant_entry = None;
        self.sighted_side.touches.clear();
        self.sighted_side.copy = None;
        self.sighted_side.handled = None;
        self.peg.copy = None;
        self.peg.resync = !self.peg.tracker.shows(self.game.position());
        self.peg.copy_since = now;
        self.peg.tracker.reset();
        self.peg.handled = None;
        self.clock_follows_turn(now);
        self.moves_follow_game();
        self.position_effect(None);
        self.clock_effect(now);
        Ok(before)
    }

    /// After a restored position the running clock is the side to move's (also while
    /// paused: the clock that runs at the resumption); the times stay the arbiter's.
    fn clock_follows_turn(&mut self, now: Duration) {
        let turn = self.game.turn();
        let Some(on) = self.clock.on_move().filter(|&on| on != turn) else {
            return;
        };
        let paused = self.clock.is_paused();
        if paused {
            let _ = self.clock.resume(now);
        }
        let left = self.clock.remaining(on, now);
        let moves = self.clock.moves(on);
        if self.clock.press(now, on).is_ok() {
            let _ = self.clock.set_time(now, on, left);
            self.clock.set_moves(on, moves);
        }
        if paused {
            let _ = self.clock.pause(now);
        }
    }

    /// After a restored position the clock's move counters are the game's moves (the
    /// moves to the time control follow the game, 6.3).
    fn moves_follow_game(&mut self) {
        let first = self.game.start().turn();
        let plies = self.game.moves().len();
        let by_first = plies.div_ceil(2) as u32;
        let by_second = (plies / 2) as u32;
        self.clock.set_moves(first, by_first);
        self.clock.set_moves(!first, by_second);
    }

    /// Both boards were put right by hand: they show the game position.
    fn boards_corrected(&mut self, now: Duration) {
        let pos = self.game.position().clone();
        self.peg.plain_fix = None;
        self.peg.tracker.snapshot(now, pos.board().occupied());
        self.peg.tracker.reset();
        self.peg.copy = None;
        self.peg.resync = false;
        self.peg.fix_spoken = false;
        self.peg.fixups = 0;
        self.peg.handled = None;
        self.sighted_side.board = Some(pos.board().clone());
        self.sighted_side.base = Some(pos.board().clone());
        self.sighted_side.copy = None;
        self.sighted_side.handled = None;
    }
}
