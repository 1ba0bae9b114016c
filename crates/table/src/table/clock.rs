//! The clocks: starting, presses, levers, buttons, flag fall.

use super::*;

impl Table {
    pub(super) fn start(&mut self, now: Duration) {
        if self.started {
            return;
        }
        let turn = self.game.turn();
        if self.clock.start(now, turn).is_err() {
            return;
        }
        self.started = true;
        self.clock_effect(now);
        self.position_effect(None);
        self.tell_both(|p| p.start(turn), Priority::High, AnnounceKind::Start);
        if let Some(o) = self.game.outcome().copied() {
            self.finish(now, o);
        }
    }

    /// Presses `color`'s clock at `at`; the record of an unpressed sighted move gets its
    /// time.
    pub(super) fn press(&mut self, at: Duration, color: Color) {
        if self.clock.on_move() != Some(color) || self.clock.is_paused() {
            return;
        }
        let Ok(press) = self.clock.press(at, color) else {
            return;
        };
        // The VI player's made move still waiting for its late press comes first on the
        // scoresheet: the opponent's press after their reply settles it (6.2.2).
        if color == self.sighted()
            && let Some(i) = self.vi_unpressed.take()
        {
            let r = self.records[i].clone();
            self.effects.push_back(Effect::RecordMove(r));
        }
        if color == self.sighted()
            && let Some(i) = self.unpressed.take()
        {
            self.records[i].clock = press.remaining;
            self.records[i].spent = press.spent;
            self.records[i].at = at;
            let r = self.records[i].clone();
            self.effects.push_back(Effect::RecordMove(r));
        }
    }

    pub(super) fn lever(&mut self, now: Duration, side: Color) {
        if !self.started || self.over() {
            return;
        }
        if self.clock.is_paused() {
            if side == self.vi {
                let text = self.vi_words().paused();
                self.tell_vi(text, Priority::Normal, AnnounceKind::Clock);
            }
            return;
        }
        if side == self.vi {
            // The late press of a made move the opponent already answered (6.2.2): it is
            // recorded now, in order, and the opponent's clock runs until their press.
            if let Some(i) = self.vi_unpressed
                && self.clock.on_move() == Some(self.vi)
            {
                self.vi_unpressed = None;
                if let Ok(press) = self.clock.press(now, self.vi) {
                    self.records[i].clock = press.remaining;
                    self.records[i].spent = press.spent;
                }
                let r = self.records[i].clone();
                self.effects.push_back(Effect::RecordMove(r));
                self.clock_effect(now);
                return;
            }
            if self.game.turn() != self.vi {
                return;
            }
            // On a board without sensors the press stands for "placed and released".
            if self.vi_made().is_some() || self.confirm_placed() {
                self.commit_vi(now);
                if self.config.press_confirmation && !self.over() {
                    let text = self.vi_words().pressed();
                    self.tell_vi(text, Priority::Low, AnnounceKind::Clock);
                }
            } else {
                self.explain_not_made();
            }
        } else if self.clock.on_move() == Some(side) {
            if self.game.turn() == self.vi {
                self.press(now, side);
                self.clock_effect(now);
            } else {
                // The move may not have been seen on the board yet (debounce): wait.
                self.pending_press = Some(now);
            }
        }
    }

    pub(super) fn button(&mut self, now: Duration, button: ClockButton) {
        match button {
            ClockButton::TimeQuery => self.command(now, Command::AskTime),
            ClockButton::Pause => self.command(now, Command::Pause),
            ClockButton::WhoseTurn => self.command(now, Command::WhoseTurn),
            ClockButton::RepeatLastMove => self.command(now, Command::RepeatLastMove),
            ClockButton::CallArbiter => self.command(now, Command::CallArbiter),
            ClockButton::PushToTalk => {
                if !self.speaking.is_empty() {
                    self.speaking.clear();
                    self.effects.push_back(Effect::StopSpeaking);
                    self.effects.push_back(Effect::UnmuteMic);
                }
            }
        }
    }

    pub(super) fn flag(&mut self, at: Duration, color: Color) {
        self.flag_seen[color_index(color)] = true;
        if self.over() {
            return;
        }
        let first = *self.first_flag.get_or_insert(color);
        self.effects.push_back(Effect::Clock(ClockCommand::Haptic {
            pattern: Haptic::Flag,
        }));
        if color == self.sighted() {
            // Appendix D duty e: the assistant claims for the VI player; 6.9 decides. When
            // the VI player's own flag fell first, that flag decides (6.8–6.10, Guidelines
            // III): a player whose flag fell first never wins on time.
            if let Ok(o) = self.game.flag_fall(first) {
                self.finish(at, o);
            }
        } else {
            self.tell_both(
                |p| p.flag_fell(color),
                Priority::Urgent,
                AnnounceKind::Clock,
            );
            let detail = format!(
                "{color}'s flag fell (the VI player's); the opponent or the arbiter may claim"
            );
            self.alert(AlertKind::FlagFall, detail);
        }
    }
}
