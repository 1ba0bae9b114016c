//! The VI player's board without sensors (an ordinary tactile set): a move is made when
//! the VI player confirms it, the table's picture of that board follows the game, and a
//! fix-up it needs (after the arbiter restored a position) is spoken and repeated on
//! request. The clock device's own state: a lost clock makes the presses automatic.

use super::*;
use crate::{ClockDevice, ViBoard};

/// How often the clock device may refuse the table's setting before the arbiter is told.
const REFUSALS_BEFORE_ALERT: u32 = 3;

impl Table {
    /// Whether the VI player's board has no sensors.
    pub(super) fn plain(&self) -> bool {
        self.config.vi_board == ViBoard::Plain
    }

    /// Who presses the VI player's clock now: as configured, or the table while the clock
    /// device is lost.
    pub(super) fn vi_press(&self) -> ClockPress {
        if self.clock_side.device_lost || self.lever_stuck() == Some(self.vi) {
            ClockPress::Automatic
        } else {
            self.config.vi_press
        }
    }

    /// Who presses the sighted player's clock now (see [`vi_press`](Self::vi_press)).
    pub(super) fn sighted_press(&self) -> ClockPress {
        if self.clock_side.device_lost || self.lever_stuck() == Some(self.sighted()) {
            ClockPress::Automatic
        } else {
            self.config.sighted_press
        }
    }

    /// At a board without sensors: the announced move is placed and released (E.2.3),
    /// as the VI player (or the assistant for them) confirms. Returns whether it is made.
    pub(super) fn confirm_placed(&mut self) -> bool {
        if !self.plain()
            || !self.vi_to_move()
            || self.adjournment.sealed.is_some()
            || self.adjournment.adjourned
        {
            return false;
        }
        match self.vi_side.said.as_mut() {
            Some(said) => {
                said.made = true;
                true
            }
            None => false,
        }
    }

    /// `Input::ViPlaced` or the word "gesetzt"/"done": the move is made; with automatic
    /// presses the opponent's clock starts at once (the confirmation is the press).
    pub(super) fn vi_placed(&mut self, now: Duration) {
        let words = self.vi_words();
        if !self.started || self.over() {
            let text = if self.over() {
                words.game_is_over()
            } else {
                words.not_started()
            };
            return self.tell_vi(text, Priority::Normal, AnnounceKind::NotMade);
        }
        if self.game.turn() != self.vi {
            return self.tell_vi(
                words.not_your_turn(),
                Priority::Normal,
                AnnounceKind::NotMade,
            );
        }
        if self.clock.is_paused() {
            return self.tell_vi(words.paused(), Priority::Normal, AnnounceKind::Clock);
        }
        // The move the opponent already answered (a copy and a reply): the word confirms
        // it, and presses for it when the lever cannot.
        if self.sheet.vi_unpressed.is_some() && self.clock.on_move() == Some(self.vi) {
            if self.vi_press() != ClockPress::Automatic {
                let text = self.vi_words().placed_press();
                return self.tell_vi(text, Priority::Low, AnnounceKind::Clock);
            }
            self.vi_late_press(now);
            // The next move, announced (and set) meanwhile, is completed with it.
            let next = if self.plain() {
                self.confirm_placed()
            } else {
                self.vi_made().is_some()
            };
            if next {
                self.commit_vi(now);
            }
            let text = self.vi_words().placed_done();
            return self.tell_vi(text, Priority::Low, AnnounceKind::Clock);
        }
        // The peg board decides (the word only asks what is still missing); on a board
        // without sensors the word makes the move.
        let made = if self.plain() {
            self.confirm_placed()
        } else {
            self.vi_made().is_some()
        };
        if !made {
            return self.vi_press_refused();
        }
        // The word is always answered: the move completed, or the press still to come.
        if self.vi_press() == ClockPress::Automatic {
            self.commit_vi(now);
            let text = self.vi_words().placed_done();
            self.tell_vi(text, Priority::Low, AnnounceKind::Clock);
        } else {
            let text = self.vi_words().placed_press();
            self.tell_vi(text, Priority::Low, AnnounceKind::Clock);
        }
    }

    /// At a board without sensors the table's picture of it is the game (with the VI
    /// player's confirmed move): nothing can be seen there, so nothing is reminded.
    pub(super) fn plain_follow(&mut self, now: Duration) {
        if !self.plain() {
            return;
        }
        let occupied = self.peg_target().board().occupied();
        if self.peg.tracker.occupancy() != occupied {
            self.peg.tracker.snapshot(now, occupied);
            self.peg.tracker.reset();
        }
        self.peg.resync = false;
    }

    /// The arbiter took the game back from `before` (a board without sensors): the VI
    /// player hears how to set their board, piece by piece, and can ask again.
    pub(super) fn plain_restored(&mut self, before: &Board) {
        if !self.plain() {
            return;
        }
        let after = self.game.position().board().clone();
        let text = self.vi_words().plain_fixes(before, &after);
        self.peg.plain_fix = (!text.is_empty()).then(|| text.clone());
        self.tell_vi(text, Priority::Normal, AnnounceKind::FixUp);
    }

    /// The fix-up of the VI player's board still to be done, for "repeat".
    pub(super) fn plain_fix_words(&self) -> Option<String> {
        self.peg.plain_fix.clone()
    }

    /// The clock device reported its state: a lost clock makes the table keep the time
    /// and complete moves without its lever; the arbiter and both players are told.
    pub(super) fn clock_device(&mut self, now: Duration, state: ClockDevice) {
        match state {
            ClockDevice::Lost if !self.clock_side.device_lost => {
                self.clock_side.device_lost = true;
                self.alert_for(AlertKind::ClockDevice, AlertCause::ClockLost);
                self.tell_both(|p| p.clock_lost(), Priority::High, AnnounceKind::Clock);
                // A made move waiting for the lever is completed now.
                if self.vi_made().is_some() && !self.clock.is_paused() && self.started {
                    self.commit_vi(now);
                }
            }
            ClockDevice::Connected if self.clock_side.device_lost => {
                self.clock_side.device_lost = false;
                self.clock_side.refusals = 0;
                self.alert_for(AlertKind::ClockDevice, AlertCause::ClockBack);
                self.tell_both(|p| p.clock_back(), Priority::Normal, AnnounceKind::Clock);
                self.clock_effect(now);
            }
            ClockDevice::Refused => {
                // Set again (a clock that came back may refuse its first setting); the
                // arbiter is alerted when it keeps refusing.
                self.clock_side.refusals = self.clock_side.refusals.saturating_add(1);
                if self.clock_side.refusals <= REFUSALS_BEFORE_ALERT {
                    self.clock_effect(now);
                }
                if self.clock_side.refusals == REFUSALS_BEFORE_ALERT {
                    self.alert_for(AlertKind::ClockDevice, AlertCause::ClockRefuses);
                }
            }
            ClockDevice::LowBattery if self.clock_side.device_lost => {
                // It answers again (on a low battery): back first, then the battery.
                self.clock_device(now, ClockDevice::Connected);
                self.clock_device(now, ClockDevice::LowBattery);
            }
            ClockDevice::LowBattery if !self.clock_side.low_battery => {
                self.clock_side.low_battery = true;
                self.alert_for(AlertKind::ClockDevice, AlertCause::ClockLowBattery);
            }
            _ => {}
        }
    }
}
