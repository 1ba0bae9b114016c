//! Carrying out the table's effects: announcements to the voices, clock settings and
//! vibrations to the tactile clock and the DGT 3000, the microphone muted and told the
//! position, and each effect's console line.

use std::time::Duration;

use annabella_devices::{
    dgt::ClockRun,
    proto::{Haptic as DeviceHaptic, Running},
};
use annabella_table::{Announcement, ClockCommand, Effect, Haptic};
use shakmaty::Color;

use super::Shell;
use crate::line::Line;

impl Shell {
    /// Carries out one effect on the part of the table it is for, then prints its line.
    pub(super) fn carry_out(&mut self, at_ms: u64, effect: Effect) {
        match &effect {
            Effect::Announce(a) => self.announce(a),
            Effect::Clock(ClockCommand::Set {
                white,
                black,
                running,
            }) => self.set_clocks(at_ms, *white, *black, *running),
            Effect::MuteMic | Effect::UnmuteMic => {
                if let Some(e) = &self.options.ears {
                    e.muted(matches!(effect, Effect::MuteMic));
                }
            }
            Effect::Position { .. } => {
                if let Some(e) = &self.options.ears {
                    e.set_position(self.session.table().game().position().clone());
                }
            }
            Effect::StopSpeaking => {
                if let Some(v) = &self.herald {
                    v.stop();
                }
            }
            Effect::ArbiterAlert(alert) if alert.kind == annabella_table::AlertKind::Called => {
                self.dgt_show("ARBITER", true);
            }
            Effect::RecordMove(record) if record.check && self.options.dgt_clock.is_some() => {
                self.dgt_check();
            }
            Effect::Clock(ClockCommand::Haptic {
                pattern: Haptic::Flag,
            }) if self.options.dgt_clock.is_some() => {
                if let Some(d) = &self.links.dgt {
                    d.command(|d, now| d.clock_beep(now, Duration::from_secs(1)));
                }
            }
            Effect::Clock(ClockCommand::Haptic { pattern }) => self.vibrate(*pattern),
            _ => {}
        }
        self.print(&Line::Effect { at_ms, effect });
    }

    /// Says an announcement (and logs its text for the script's `expect:`).
    fn announce(&mut self, a: &Announcement) {
        if let Some(log) = &self.options.heard_log {
            let _ = log.send(a.text.clone());
        }
        if let Some(v) = &self.herald {
            crate::announcing::say(v, a);
        }
    }

    /// Sets both clocks (the tactile clock and the DGT 3000) to these times with
    /// `running`'s running; a paused game says so on the DGT 3000. Under a US delay the
    /// DGT 3000's running side is held stopped through the rest of the delay (its
    /// set-and-run has no delay mode), so its display never runs out before the table's
    /// flag.
    fn set_clocks(&mut self, at_ms: u64, w: Duration, b: Duration, running: Option<Color>) {
        let run = match running {
            None => Running::None,
            Some(Color::White) => Running::White,
            Some(Color::Black) => Running::Black,
        };
        if let Some(c) = &self.links.clock {
            c.command(move |c, now| c.set_and_run(now, w, b, run));
        }
        if let Some(d) = &self.links.dgt {
            let run = match running {
                None => ClockRun::Paused,
                Some(Color::White) => ClockRun::Left,
                Some(Color::Black) => ClockRun::Right,
            };
            let delay = running.map_or(Duration::ZERO, |c| {
                self.session
                    .table()
                    .clock()
                    .delay_remaining(c, Duration::from_millis(at_ms))
            });
            let end_text = std::mem::take(&mut self.dgt_text);
            d.command(move |d, now| {
                if end_text {
                    d.clock_end_text(now);
                }
                d.clock_set(now, w, b, run, delay);
            });
            if running.is_none() && self.session.table().clock().is_paused() {
                self.dgt_show("PAUSE", false);
            }
        }
    }

    /// "CHECK" on the DGT 3000 for a moment only: the clock runs on and its times come
    /// back.
    fn dgt_check(&self) {
        if let Some(d) = &self.links.dgt {
            d.command(|d, now| {
                d.clock_text_for(now, "CHECK", true, Duration::from_secs(2));
            });
        }
    }

    /// Vibrates the VI player's tactile clock in `pattern`.
    fn vibrate(&self, pattern: Haptic) {
        let pattern = match pattern {
            Haptic::Flag => DeviceHaptic::Flag,
            Haptic::Attention => DeviceHaptic::Attention,
            Haptic::MinuteTick => DeviceHaptic::MinuteTick,
        };
        if let Some(c) = &self.links.clock {
            c.command(move |c, now| c.haptic(now, pattern, 1));
        }
    }
}
