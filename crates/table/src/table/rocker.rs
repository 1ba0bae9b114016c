//! The DGT 3000's lever as it physically is: a rocker, one side always down. Pressing
//! the side that is already down does nothing, so a player whose lever is down when they
//! are to move (a press the table refused, a move reinstated after an illegal one, a
//! sealed move made at the resumption, a move never pressed, Black to move at the start)
//! cannot press: that player's other ways of completing a move complete it, and they are
//! told so once, in words.

use super::*;
use crate::ClockLever;

/// What the table knows of the clock's lever and what it told about it.
#[derive(Debug, Clone, Default)]
pub(super) struct Rocker {
    /// The side whose lever is down (the player who pressed last), when known: from each
    /// press and from the clock's own reports.
    pub(super) down: Option<Color>,
    /// The player told that their lever is already down (once each time it sticks).
    pub(super) told: Option<Color>,
    /// The VI player was told how their moves are completed while the clock is away.
    pub(super) away_told: bool,
}

impl Table {
    /// Whether the clock's lever is a rocker (the DGT 3000).
    pub(super) fn rocker(&self) -> bool {
        self.config.clock_lever == ClockLever::Rocker
    }

    /// The player to move whose lever is already down: their press can do nothing, so
    /// their move is completed by the other ways (the VI player's "gesetzt" or key, the
    /// peg board or the sighted board showing it).
    pub(super) fn lever_stuck(&self) -> Option<Color> {
        if !self.rocker() || self.clock_side.device_lost || !self.started || self.over() {
            return None;
        }
        let down = self.rocker.down?;
        (down == self.game.turn()).then_some(down)
    }

    /// A press of `side`'s lever: that side is down now. The DGT 3000 switches its own
    /// display at a press; the table sets it again to what runs.
    pub(super) fn lever_went_down(&mut self, side: Color) {
        self.rocker.down = Some(side);
    }

    /// The clock reported where its lever is (on connecting, on coming back).
    pub(super) fn lever_reported(&mut self, lever: Option<Color>) {
        if lever.is_some() {
            self.rocker.down = lever;
        }
    }

    /// After each input: a move played but not pressed whose player's lever is down is
    /// pressed now (they pressed, or cannot: no clock runs against a player who pressed).
    pub(super) fn press_owed(&mut self, now: Duration) {
        if !self.rocker()
            || self.clock_side.device_lost
            || !self.started
            || self.over()
            || self.clock.is_paused()
        {
            return;
        }
        let Some(down) = self.rocker.down else {
            return;
        };
        if self.clock.on_move() != Some(down) || self.game.turn() == down {
            return;
        }
        if down == self.vi {
            self.vi_late_press(now);
        } else if self.sheet.unpressed.is_some() {
            self.press(now, down);
            self.clock_effect(now);
        }
    }

    /// After each input: a player to move whose lever is down hears once how their move
    /// is completed now; while the clock is away the VI player hears it once.
    pub(super) fn tell_lever(&mut self) {
        let running = self.started
            && !self.over()
            && !self.clock.is_paused()
            && !self.adjournment.adjourned
            && self.adjournment.sealed.is_none();
        // Told when it matters: their own clock runs (a press refused, a reinstated
        // move, the start, a resumption), or the VI player announces while the opponent's
        // press is still owed (a sighted move never pressed); not while the opponent's
        // press that frees the lever may still come.
        let matters = |c: Color| {
            self.clock.on_move() == Some(c) || (c == self.vi && self.vi_side.said.is_some())
        };
        match self.lever_stuck() {
            Some(c) if running && self.rocker.told != Some(c) && !matters(c) => {}
            Some(c) if running && self.rocker.told != Some(c) => {
                self.rocker.told = Some(c);
                if c == self.vi {
                    let words = self.vi_words();
                    let text = if self.plain() {
                        words.lever_down_plain()
                    } else {
                        words.lever_down_board()
                    };
                    self.tell_vi(text, Priority::High, AnnounceKind::Lever);
                } else {
                    let text = self.sighted_words().lever_down_board();
                    self.tell_sighted(text, Priority::High, AnnounceKind::Lever);
                }
            }
            Some(_) => {}
            None => self.rocker.told = None,
        }
        if !self.clock_side.device_lost {
            self.rocker.away_told = false;
        } else if running && !self.rocker.away_told {
            self.rocker.away_told = true;
            let words = self.vi_words();
            let text = if self.plain() {
                words.clock_away_plain()
            } else {
                words.clock_away_board()
            };
            self.tell_vi(text, Priority::High, AnnounceKind::Lever);
        }
    }
}
