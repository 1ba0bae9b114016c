//! The arbiter's actions.

use super::*;

impl Table {
    /// The player on move seals `m` (duty f): recorded privately, clocks stopped.
    pub(super) fn seal(&mut self, now: Duration, m: Move) {
        let by = self.game.turn();
        if self.clock.is_started() && !self.clock.is_paused() {
            let _ = self.clock.pause(now);
        }
        let pos = self.game.position().clone();
        let clock = self.clock.remaining(by, now);
        self.sealed = Some((m, clock));
        self.said = None;
        self.made_at = None;
        self.effects.push_back(Effect::Sealed(SealedMove {
            ply: self.records.len() + 1,
            color: by,
            san: SanPlus::from_move(pos.clone(), m).to_string(),
            uci: m.to_uci(self.config.castling_mode()),
            clock,
        }));
        self.clock_effect(now);
        if by == self.vi {
            let text = self.vi_words().sealed_by_you(&pos, m);
            self.tell_vi(text, Priority::High, AnnounceKind::Declaration);
            let text = self.sighted_words().sealed(by);
            self.tell_sighted(text, Priority::High, AnnounceKind::Declaration);
        } else {
            self.tell_both(|p| p.sealed(by), Priority::High, AnnounceKind::Declaration);
        }
    }

    /// Resumption after an adjournment: the sealed move is made and announced (it still
    /// has to be executed on both boards), and the opponent's clock starts.
    fn resume_adjourned(&mut self, now: Duration, m: Move, clock: Duration) {
        self.adjourned = false;
        let before = self.game.position().clone();
        let by = before.turn();
        let Ok(ended) = self.game.play(m) else {
            return;
        };
        let _ = self.clock.resume(now);
        self.flush_unpressed();
        let press = self.clock.press(now, by).ok();
        let record = RecordedMove {
            clock: press.as_ref().map_or(clock, |p| p.remaining),
            spent: Duration::ZERO,
            ..self.record(&before, m, now)
        };
        self.records.push(record.clone());
        self.history.push(before.clone());
        self.effects.push_back(Effect::RecordMove(record));
        self.touches.clear();
        self.sighted_touches.clear();
        // The VI player may have set their sealed move on the peg board already.
        let on_peg = by == self.vi && !m.is_capture() && self.peg.shows(self.game.position());
        self.peg_copy = (!on_peg).then(|| (before.clone(), m));
        self.peg_copy_since = now;
        self.peg.reset();
        self.peg_handled = None;
        self.sighted_copy = Some(before.clone());
        self.position_effect(Some(m));
        self.clock_effect(now);
        self.tell_both(
            |p| p.opponent_move(&before, m, by),
            Priority::High,
            AnnounceKind::OpponentMove,
        );
        if let Some(o) = ended {
            self.finish(now, o);
        }
    }

    /// A player calls the arbiter: the clocks stop while the arbiter is sought (6.11.1,
    /// 6.11.2), the arbiter is alerted and both players are told.
    pub(super) fn call_arbiter(&mut self, now: Duration, by: Color) {
        if self.clock.is_started() && !self.clock.is_paused() && !self.over() {
            let _ = self.clock.pause(now);
            self.clock_effect(now);
        }
        let who = if by == self.vi { "VI" } else { "sighted" };
        let detail = format!("the {who} player ({by}) calls the arbiter; the clocks are stopped");
        self.alert(AlertKind::Called, detail);
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
            ArbiterAction::Pause => {
                if self.clock.pause(now).is_ok() {
                    self.clock_effect(now);
                    self.tell_both(|p| p.paused(), Priority::High, AnnounceKind::Clock);
                }
            }
            ArbiterAction::Resume if self.sealed.is_some() && !self.over() => {
                if let Some((m, clock)) = self.sealed.take() {
                    self.resume_adjourned(now, m, clock);
                }
            }
            ArbiterAction::Adjourn => {
                if self.started && !self.over() && self.sealed.is_none() {
                    let made = self.vi_made().filter(|_| self.vi_move_made());
                    self.adjourned = true;
                    let turn = self.game.turn();
                    self.tell_both(|p| p.adjourned(turn), Priority::High, AnnounceKind::Arbiter);
                    match made {
                        // A move made on the board stands (4.6): it is the sealed move.
                        Some(m) => self.seal(now, m),
                        // An announcement not yet made is not the sealed move: the VI
                        // player seals by announcing again.
                        None => {
                            self.said = None;
                            self.made_at = None;
                        }
                    }
                }
            }
            ArbiterAction::SealMove { uci } => {
                if self.adjourned && self.sealed.is_none() && self.game.turn() == self.sighted() {
                    let pos = self.game.position().clone();
                    match uci.to_move(&pos) {
                        Ok(m) => self.seal(now, m),
                        Err(e) => {
                            let detail = format!("the sealed move {uci} is not legal: {e}");
                            self.alert(AlertKind::IllegalMove, detail);
                        }
                    }
                }
            }
            ArbiterAction::Resume => {
                if !self.over() && self.clock.resume(now).is_ok() {
                    // The correction window starts again after the pause.
                    if self.made_at.is_some() {
                        self.made_at = Some(now);
                    }
                    self.clock_effect(now);
                    self.tell_both(|p| p.resumed(), Priority::High, AnnounceKind::Clock);
                }
            }
            ArbiterAction::SetTime { color, time } => {
                if self.clock.set_time(now, color, time).is_ok() {
                    if time > Duration::ZERO {
                        self.flag_seen[color_index(color)] = false;
                        if self.first_flag == Some(color) {
                            let other = !color;
                            self.first_flag = self.flag_seen[color_index(other)].then_some(other);
                        }
                    }
                    self.clock_effect(now);
                }
            }
            ArbiterAction::AddTime { color, amount } => {
                if self.clock.add_time(now, color, amount).is_ok() {
                    self.clock_effect(now);
                    self.tell_both(
                        |p| p.time_added(color, amount),
                        Priority::Normal,
                        AnnounceKind::Clock,
                    );
                }
            }
            ArbiterAction::SetMoves { color, moves } => self.clock.set_moves(color, moves),
            ArbiterAction::IllegalMove { by } => {
                match self.game.illegal_move(by, IllegalKind::Move) {
                    Ok(IllegalVerdict::Penalised { strike, penalty }) => {
                        self.tell_both(
                            |p| p.illegal_move_penalty(by, strike),
                            Priority::High,
                            AnnounceKind::Arbiter,
                        );
                        let Penalty::AddTime { to, amount } = penalty;
                        if self.clock.add_time(now, to, amount).is_ok() {
                            self.clock_effect(now);
                            self.tell_both(
                                |p| p.time_added(to, amount),
                                Priority::Normal,
                                AnnounceKind::Clock,
                            );
                        }
                    }
                    Ok(IllegalVerdict::Ended(o)) => self.finish(now, o),
                    Err(_) => {}
                }
            }
            ArbiterAction::UpholdClaim => {
                if let Some(c) = self.pending_claim.take() {
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
            }
            ArbiterAction::RejectClaim => {
                if let Some(c) = self.pending_claim.take() {
                    let _ = self.clock.resume(now);
                    let correct = self
                        .game
                        .claim_is_correct(c.kind, c.intended)
                        .unwrap_or(false);
                    if correct {
                        // The arbiter overrules the table: no penalty, the claim stands
                        // as a draw offer and the intended move is made.
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
            }
            ArbiterAction::FlagFall { color } => {
                // The first flag observed decides (6.8–6.10): the opponent's, when it fell
                // before this one.
                let color = match self.first_flag {
                    Some(first) if first != color && self.flag_seen[color_index(first)] => first,
                    _ => color,
                };
                if let Ok(o) = self.game.flag_fall(color) {
                    self.finish(now, o);
                }
            }
            ArbiterAction::DeclareResult { result } => {
                let r = match result.trim() {
                    "1-0" => GameResult::WhiteWins,
                    "0-1" => GameResult::BlackWins,
                    "1/2-1/2" | "½-½" => GameResult::Draw,
                    _ => return Err(InputError::Result(result)),
                };
                let o = Outcome {
                    result: r,
                    termination: Termination::Arbiter,
                };
                self.game.declare(o);
                self.end = None;
                self.finish(now, o);
            }
            ArbiterAction::RestorePosition { ply } => {
                let before = self.game.position().board().clone();
                self.game
                    .go_back_to(ply)
                    .map_err(|e| InputError::Restore(e.to_string()))?;
                self.history.truncate(ply);
                self.records.truncate(ply);
                self.draw_offers.retain(|&p| p <= ply);
                self.offer_with_next = None;
                self.unpressed = self.unpressed.filter(|&i| i < ply);
                self.vi_unpressed = self.vi_unpressed.filter(|&i| i < ply);
                self.assistant_entry = None;
                // The reconciliation ends an adjournment: a sealed move belongs to the
                // position it was sealed in.
                self.adjourned = false;
                self.sealed = None;
                self.end = None;
                self.said = None;
                self.intended = None;
                self.sighted_intended = None;
                self.made_at = None;
                self.touches.clear();
                self.sighted_touches.clear();
                self.confirm = None;
                self.pending_claim = None;
                self.peg_copy = None;
                self.peg_resync = !self.peg.shows(self.game.position());
                self.peg_copy_since = now;
                self.peg.reset();
                self.peg_handled = None;
                self.sighted_copy = None;
                self.sighted_handled = None;
                // The running clock follows the side to move; times are the arbiter's.
                let turn = self.game.turn();
                if let Some(on) = self.clock.on_move()
                    && on != turn
                {
                    // Also while paused: the clock that runs at the resumption is the
                    // side to move's.
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
                self.position_effect(None);
                self.clock_effect(now);
                self.tell_both(
                    |p| p.position_restored(ply),
                    Priority::High,
                    AnnounceKind::Arbiter,
                );
                self.plain_restored(&before);
                if let Some(o) = self.game.outcome().copied() {
                    self.finish(now, o);
                }
            }
            ArbiterAction::BoardsCorrected => {
                self.plain_fix = None;
                let pos = self.game.position().clone();
                self.peg.snapshot(now, pos.board().occupied());
                self.peg.reset();
                self.peg_copy = None;
                self.peg_resync = false;
                self.peg_fix_spoken = false;
                self.peg_fixups = 0;
                self.peg_handled = None;
                self.sighted_board = Some(pos.board().clone());
                self.sighted_base = Some(pos.board().clone());
                self.sighted_copy = None;
                self.sighted_handled = None;
            }
        }
        Ok(())
    }
}
