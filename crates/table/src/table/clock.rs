//! The clocks: starting, presses, levers, buttons, flag fall.

use super::*;

/// What the table keeps of the clock beside the clock itself: the flags seen, the
/// low-time reminders, the clock device's state.
#[derive(Debug, Clone, Default)]
pub(super) struct ClockSide {
    /// The flags observed fallen (6.8).
    pub(super) flags_seen: ByColor<bool>,
    /// The flag observed first (6.8–6.10): it decides when both fall.
    pub(super) first_flag: Option<Color>,
    /// When the last low-time minute tick was given.
    pub(super) low_time_ticked: Option<Duration>,
    /// The clock device is lost: the table keeps the time, presses are automatic.
    pub(super) device_lost: bool,
    /// The clock device reported a low battery (told once).
    pub(super) low_battery: bool,
    /// How many moves the game had when each flag was seen fallen: 6.9 is judged in
    /// that position, whatever was made after it (made is made, D.2.3).
    pub(super) flag_ply: ByColor<Option<usize>>,
    /// The clock device's refusals of the table's setting in a row.
    pub(super) refusals: u32,
}

impl ClockSide {
    /// `color`'s flag is seen fallen; the first seen is remembered.
    pub(super) fn flag_fell(&mut self, color: Color) -> Color {
        self.flags_seen[color] = true;
        *self.first_flag.get_or_insert(color)
    }

    /// `color` got time again (6.10.2): their flag no longer counts as fallen.
    pub(super) fn flag_restored(&mut self, color: Color) {
        self.flags_seen[color] = false;
        self.flag_ply[color] = None;
        if self.first_flag == Some(color) {
            self.first_flag = self.flags_seen[!color].then_some(!color);
        }
    }

    /// The flag that decides when `color`'s is reported: the opponent's when it was seen
    /// fallen before (6.8–6.10).
    pub(super) fn deciding_flag(&self, color: Color) -> Color {
        match self.first_flag {
            Some(first) if first != color && self.flags_seen[first] => first,
            _ => color,
        }
    }
}

impl Table {
    /// `start`: the game starts once the sighted board shows the start position (the
    /// sighted player is told what to set, piece by piece; the arbiter may start anyway).
    pub(super) fn start(&mut self, now: Duration) {
        self.start_game(now, false);
    }

    /// Starts the game (`anyway`: whatever the sighted board shows).
    pub(super) fn start_game(&mut self, now: Duration, anyway: bool) {
        if self.started {
            return;
        }
        let start = self.game.start().board().clone();
        if !anyway
            && let Some(board) = self.sighted_side.board.clone()
            && board != start
        {
            let first = !self.sighted_side.start_waits;
            self.sighted_side.start_waits = true;
            let fixes = detect::board_differences(&start, &board);
            let text = self.sighted_words().sighted_fixes(&board, &fixes);
            self.tell_sighted(text, Priority::High, AnnounceKind::FixUp);
            if first {
                let text = self.vi_words().start_waits();
                self.tell_vi(text, Priority::Normal, AnnounceKind::Start);
                self.alert_for(AlertKind::SightedBoardDiffers, AlertCause::StartWaits);
            }
            return;
        }
        self.sighted_side.start_waits = false;
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
            && let Some(i) = self.sheet.vi_unpressed.take()
        {
            let r = self.sheet.records[i].clone();
            self.out.push(Effect::RecordMove(r));
        }
        if color == self.sighted()
            && let Some(i) = self.sheet.unpressed.take()
        {
            self.sheet.records[i].clock = press.remaining;
            self.sheet.records[i].spent = press.spent;
            self.sheet.records[i].at = at;
            let r = self.sheet.records[i].clone();
            self.out.push(Effect::RecordMove(r));
        }
    }

    pub(super) fn lever(&mut self, now: Duration, side: Color) {
        self.lever_went_down(side);
        if !self.started || self.over() {
            return;
        }
        self.lever_pressed(now, side);
        // The DGT 3000 switched its own display at the press: it is set again to what
        // runs (also after a press the table refused).
        if self.rocker() && !self.clock.is_paused() {
            self.clock_effect(now);
        }
    }

    fn lever_pressed(&mut self, now: Duration, side: Color) {
        if self.clock.is_paused() {
            if side == self.vi {
                let text = self.vi_words().paused();
                self.tell_vi(text, Priority::Normal, AnnounceKind::Clock);
            }
            return;
        }
        if side == self.vi {
            if self.vi_late_press(now) {
                // The next move already made (or, without sensors, announced and set)
                // is completed by the same press: a rocker cannot be pressed twice.
                if self.game.turn() == self.vi
                    && (self.vi_made().is_some() || self.confirm_placed())
                {
                    self.commit_vi(now);
                }
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
                self.vi_press_refused();
            }
        } else if self.clock.on_move() == Some(side) {
            if self.game.turn() == self.vi {
                self.press(now, side);
                self.clock_effect(now);
            } else {
                // The move may not have been seen on the board yet (debounce): wait.
                self.sighted_side.pending_press = Some(now);
            }
        }
    }

    /// `loser`'s flag decides (6.9): a loss, or a draw when the opponent cannot mate, in
    /// the position when that flag was seen fallen (a move made after it does not count).
    pub(super) fn flag_outcome(&mut self, loser: Color) -> Result<Outcome, GameError> {
        if self.flag_position(loser).is_none() {
            return self.game.flag_fall(loser);
        }
        if let Some(o) = self.game.outcome() {
            return Err(GameError::Over(*o));
        }
        let o = self.flag_decision(loser);
        self.game.declare(o);
        Ok(o)
    }

    /// The position when `loser`'s flag was seen fallen, when moves came after it.
    fn flag_position(&self, loser: Color) -> Option<Chess> {
        self.clock_side.flag_ply[loser]
            .filter(|&p| p < self.game.moves().len())
            .and_then(|p| self.sheet.history.get(p).cloned())
    }

    /// 6.9 for `loser`'s flag, in the position when it fell (or the game's now).
    pub(super) fn flag_decision(&self, loser: Color) -> Outcome {
        let pos = self
            .flag_position(loser)
            .unwrap_or_else(|| self.game.position().clone());
        if annabella_rules::unwinnable::winnability(&pos, !loser)
            == annabella_rules::Winnability::Unwinnable
        {
            Outcome::draw(Termination::FlagFall)
        } else {
            Outcome::win(!loser, Termination::FlagFall)
        }
    }

    /// The late press of the VI player's made move the opponent already answered
    /// (6.2.2): it is recorded now, in order, and the opponent's clock runs until their
    /// press. Whether there was one.
    pub(super) fn vi_late_press(&mut self, now: Duration) -> bool {
        let Some(i) = self.sheet.vi_unpressed else {
            return false;
        };
        if self.clock.on_move() != Some(self.vi) {
            return false;
        }
        self.sheet.vi_unpressed = None;
        if let Ok(press) = self.clock.press(now, self.vi) {
            self.sheet.records[i].clock = press.remaining;
            self.sheet.records[i].spent = press.spent;
            self.sheet.records[i].at = now;
        }
        let r = self.sheet.records[i].clone();
        self.out.push(Effect::RecordMove(r));
        self.clock_effect(now);
        true
    }

    pub(super) fn button(&mut self, now: Duration, button: ClockButton) {
        match button {
            ClockButton::TimeQuery => self.command(now, Command::AskTime),
            // The clock's buttons are shared: a player at the table pressed them.
            ClockButton::Pause => self.pause_by(now, None),
            ClockButton::WhoseTurn => self.command(now, Command::WhoseTurn),
            ClockButton::RepeatLastMove => self.command(now, Command::RepeatLastMove),
            ClockButton::CallArbiter => self.call_arbiter_by(now, None),
            ClockButton::PushToTalk => {
                if !self.out.speaking.is_empty() {
                    self.out.speaking.clear();
                    self.out.push(Effect::StopSpeaking);
                    self.out.push(Effect::UnmuteMic);
                }
            }
        }
    }

    pub(super) fn flag(&mut self, at: Duration, color: Color) {
        // Made is made (D.2.3): the VI player's move made before the flag fell is on the
        // board when it falls; a mate or a dead position it gives ended the game first
        // (5.1.1, 5.2.2), and 6.9 is judged after it.
        if self.vi_made().is_some() && !self.clock.is_paused() {
            self.commit_vi_pressed(at, false);
        }
        let first = self.clock_side.flag_fell(color);
        if self.clock_side.flag_ply[color].is_none() {
            self.clock_side.flag_ply[color] = Some(self.game.moves().len());
        }
        if self.over() {
            return;
        }
        self.out.push(Effect::Clock(ClockCommand::Haptic {
            pattern: Haptic::Flag,
        }));
        if color == self.sighted() {
            // Appendix D duty e: the assistant claims for the VI player; 6.9 decides. When
            // the VI player's own flag fell first, that flag decides (6.8–6.10, Guidelines
            // III): a player whose flag fell first never wins on time.
            if let Ok(o) = self.flag_outcome(first) {
                self.finish(at, o);
            }
        } else {
            self.tell_both(
                |p| p.flag_fell(color),
                Priority::Urgent,
                AnnounceKind::Clock,
            );
            self.alert_for(AlertKind::FlagFall, AlertCause::FlagFall { color });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_flag_seen_decides_until_it_gets_time_again() {
        let mut side = ClockSide::default();
        assert_eq!(side.deciding_flag(Color::White), Color::White);
        // Black's flag falls first, then White's: Black's decides (6.8–6.10).
        assert_eq!(side.flag_fell(Color::Black), Color::Black);
        assert_eq!(side.flag_fell(Color::White), Color::Black);
        assert_eq!(side.deciding_flag(Color::White), Color::Black);
        assert_eq!(side.deciding_flag(Color::Black), Color::Black);
        // The arbiter gives Black time (6.10.2): White's fallen flag is now the first.
        side.flag_restored(Color::Black);
        assert_eq!(side.first_flag, Some(Color::White));
        assert!(!side.flags_seen[Color::Black] && side.flags_seen[Color::White]);
        assert_eq!(side.deciding_flag(Color::Black), Color::White);
        side.flag_restored(Color::White);
        assert_eq!(side.first_flag, None);
        assert_eq!(side.deciding_flag(Color::White), Color::White);
    }
}
