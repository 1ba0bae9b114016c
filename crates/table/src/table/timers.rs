//! Timers: flag fall, the correction window, reminders, fix-ups, early presses.

use super::*;

impl Table {
    /// Every armed timer but the clock's running flag.
    pub(super) fn timers(&self) -> Vec<(Duration, Timer)> {
        let t = &self.config.timings;
        let mut out = Vec::new();
        let now = self.now;
        for color in [Color::White, Color::Black] {
            if !self.clock_side.flags_seen[color]
                && let Some(f) = self.clock.flag_of(color, now)
            {
                out.push((f.at, Timer::Flag(color)));
            }
        }
        if self.vi_press() == ClockPress::Automatic
            && !self.clock.is_paused()
            && let Some(at) = self.vi_side.made_at
        {
            out.push((at + t.correction_window, Timer::AutoCommit));
        }
        if let Some(at) = self.low_time_tick_at() {
            out.push((at, Timer::LowTime));
        }
        if self.peg_needs_attention() {
            let since = self.peg_quiet_since();
            let fixing = self.peg_fixing();
            if self.peg.handled != Some(since) {
                let delay = if fixing {
                    t.fixup_after
                } else {
                    t.remind_after
                };
                out.push((since + delay, Timer::PegQuiet));
            } else if fixing
                && self.peg.fix_spoken
                && self.peg.fixups < t.fixups_before_alert
                && let Some(last) = self.peg.last_fix
            {
                out.push((last + t.fixup_repeat, Timer::PegQuiet));
            }
        }
        if let Some(at) = self.sighted_side.pending_press {
            out.push((at + t.press_grace, Timer::PressGrace));
            if self.illegal_on_sighted_board().is_some() {
                let still = at.max(self.sighted_side.changed);
                out.push((still + t.press_settle, Timer::PressSettle));
            }
        }
        if let Some((_, at, _)) = &self.sighted_side.assistant_entry {
            let at = *at;
            out.push((at + t.discrepancy_after, Timer::AssistantEntry));
        }
        let since = self.sighted_quiet_since();
        if self.started
            && !self.over()
            && self.sighted_side.handled != Some(since)
            && let Some(delay) = self.sighted_delay()
        {
            out.push((since + delay, Timer::SightedQuiet));
        }
        out
    }

    /// With a low-time warning set: when the VI player's running clock next reaches a
    /// whole minute at or below the threshold (ticked there, then disarmed until the next).
    pub(super) fn low_time_tick_at(&self) -> Option<Duration> {
        let threshold = self.config.low_time_warning?;
        if !self.started
            || self.over()
            || self.clock.is_paused()
            || self.clock.on_move() != Some(self.vi)
        {
            return None;
        }
        let left = self.clock.remaining(self.vi, self.now);
        let minute = Duration::from_secs(60);
        // The whole minute at or below what is left, no higher than the threshold; the
        // one ticked just now is done.
        let mut mark =
            (minute * (left.as_secs() / 60) as u32).min(minute * (threshold.as_secs() / 60) as u32);
        if mark == left && self.clock_side.low_time_ticked == Some(self.now) {
            mark = mark.saturating_sub(minute);
        }
        (mark > Duration::ZERO).then(|| self.now + (left - mark))
    }

    pub(super) fn run_timers(&mut self, now: Duration) {
        // Each timer disarms itself when it fires; the bound guards against a loop.
        for _ in 0..64 {
            let due = self
                .timers()
                .into_iter()
                .filter(|(at, _)| *at <= now)
                .min_by_key(|(at, _)| *at);
            let Some((at, timer)) = due else {
                break;
            };
            match timer {
                Timer::Flag(color) => self.flag(at, color),
                Timer::AutoCommit => {
                    if self.vi_made().is_some() && !self.clock.is_paused() {
                        self.commit_vi(at);
                    } else {
                        self.vi_side.made_at = None;
                    }
                }
                Timer::LowTime => {
                    self.clock_side.low_time_ticked = Some(at);
                    self.out.push(Effect::Clock(ClockCommand::Haptic {
                        pattern: Haptic::MinuteTick,
                    }));
                }
                Timer::PegQuiet => self.peg_quiet(at),
                Timer::PressGrace => self.press_grace(at),
                Timer::PressSettle => self.sighted_illegal_move(),
                Timer::SightedQuiet => self.sighted_quiet(),
                Timer::AssistantEntry => self.assistant_entry_due(),
            }
            self.settle(at);
        }
    }
}
