//! Adjournment (duty f): the player on move seals their next move, the clocks stop, and
//! the sealed move is made at the resumption.

use super::*;

/// Adjourned, and the sealed move with the sealer's clock time.
#[derive(Debug, Clone, Default)]
pub(super) struct Adjournment {
    /// Adjourned: the player on move seals their next move.
    pub(super) adjourned: bool,
    /// The sealed move and the sealer's time left.
    pub(super) sealed: Option<(Move, Duration)>,
}

impl Table {
    /// The player on move seals `m` (duty f): recorded privately, clocks stopped.
    pub(super) fn seal(&mut self, now: Duration, m: Move) {
        let by = self.game.turn();
        if self.clock.is_started() && !self.clock.is_paused() {
            let _ = self.clock.pause(now);
        }
        let pos = self.game.position().clone();
        let clock = self.clock.remaining(by, now);
        self.adjournment.sealed = Some((m, clock));
        self.vi_side.said = None;
        self.vi_side.made_at = None;
        self.out.push(Effect::Sealed(SealedMove {
            ply: self.sheet.records.len() + 1,
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
    pub(super) fn resume_adjourned(&mut self, now: Duration, m: Move, clock: Duration) {
        self.adjournment.adjourned = false;
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
        self.sheet.records.push(record.clone());
        self.sheet.history.push(before.clone());
        self.out.push(Effect::RecordMove(record));
        self.vi_side.touches.clear();
        self.sighted_side.touches.clear();
        // The VI player may have set their sealed move on the peg board already.
        let on_peg =
            by == self.vi && !m.is_capture() && self.peg.tracker.shows(self.game.position());
        self.peg.copy = (!on_peg).then(|| (before.clone(), m));
        self.peg.copy_since = now;
        self.peg.tracker.reset();
        self.peg.handled = None;
        self.sighted_side.copy = Some(before.clone());
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

    /// `arbiter: adjourn`: the player on move seals their next move (a move already made
    /// on the board stands, 4.6, and is the sealed move).
    pub(super) fn adjourn(&mut self, now: Duration) {
        if !self.started || self.over() || self.adjournment.sealed.is_some() {
            return;
        }
        let made = self.vi_made().filter(|_| self.vi_move_made());
        self.adjournment.adjourned = true;
        let turn = self.game.turn();
        self.tell_both(|p| p.adjourned(turn), Priority::High, AnnounceKind::Arbiter);
        match made {
            Some(m) => self.seal(now, m),
            // An announcement not yet made is not the sealed move: the VI player seals by
            // announcing again.
            None => {
                self.vi_side.said = None;
                self.vi_side.made_at = None;
            }
        }
    }

    /// The sighted player's sealed move, as the arbiter received it.
    pub(super) fn seal_move(&mut self, now: Duration, uci: UciMove) {
        if !self.adjournment.adjourned
            || self.adjournment.sealed.is_some()
            || self.game.turn() != self.sighted()
        {
            return;
        }
        match uci.to_move(self.game.position()) {
            Ok(m) => self.seal(now, m),
            Err(e) => {
                let detail = format!("the sealed move {uci} is not legal: {e}");
                self.alert(AlertKind::IllegalMove, detail);
            }
        }
    }
}
