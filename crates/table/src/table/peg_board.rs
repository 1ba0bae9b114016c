//! The peg board: touches, copies of the opponent's move, reminders and fix-ups.

use super::*;

/// The VI player's board: the peg tracker, the copy of the opponent's move, fix-ups.
#[derive(Debug, Clone)]
pub(super) struct PegSide {
    /// What the peg board's sensors show.
    pub(super) tracker: PegTracker,
    /// The opponent's move still to be copied on the peg board (the position before it).
    pub(super) copy: Option<(Chess, Move)>,
    /// Since when the copy is due (reminders count from it).
    pub(super) copy_since: Duration,
    /// The quiet moment of the pegs last looked at (each quiet state is handled once).
    pub(super) handled: Option<Duration>,
    /// When the last fix-up was given (it is repeated after a while).
    pub(super) last_fix: Option<Duration>,
    /// The peg board must be brought to the game position (after the arbiter restored one).
    pub(super) resync: bool,
    /// Fix-ups given for the board as it is (the arbiter is alerted after enough).
    pub(super) fixups: u32,
    /// A fix-up is out: the VI player hears when the board is right again.
    pub(super) fix_spoken: bool,
    /// A board without sensors: the fix-up still to be done, repeated on request.
    pub(super) plain_fix: Option<String>,
}

impl PegSide {
    /// A peg board holding pegs in `occupied`.
    pub(super) fn new(occupied: Bitboard) -> PegSide {
        PegSide {
            tracker: PegTracker::new(occupied),
            copy: None,
            copy_since: Duration::ZERO,
            handled: None,
            last_fix: None,
            resync: false,
            fixups: 0,
            fix_spoken: false,
            plain_fix: None,
        }
    }
}

impl Table {
    /// Squares a pending copy of the opponent's move changes (lifting them is executing
    /// that move, not a touch).
    pub(super) fn copy_squares(&self) -> Bitboard {
        match &self.peg.copy {
            None => Bitboard::EMPTY,
            Some((before, _)) => {
                let after = self.game.position().board();
                let before = before.board();
                Square::ALL
                    .into_iter()
                    .filter(|&s| before.piece_at(s) != after.piece_at(s))
                    .collect()
            }
        }
    }

    pub(super) fn peg_lift(&mut self, now: Duration, square: Square) {
        if self.vi_move_made() {
            // 4.6: the move is made; lifting its piece again touches a released piece.
            if self.released_squares().contains(square) {
                let text = self.vi_words().released_touched();
                self.tell_vi(text, Priority::High, AnnounceKind::TouchMove);
                let detail = format!(
                    "the VI player lifted the piece on {square} again after the move was made"
                );
                self.alert(AlertKind::ViTouch, detail);
            }
            self.peg.tracker.lift(now, square);
            return;
        }
        if self.vi_to_move()
            && !self.copy_squares().contains(square)
            && let Some(piece) = self.game.position().board().piece_at(square)
        {
            // D.2.2: taken out of its hole = touched (own or opponent's piece, 4.3).
            let _ = piece;
            if !self.vi_side.touches.contains(&square) {
                self.vi_side.touches.push(square);
            }
            self.game.touch(self.vi);
        }
        self.peg.tracker.lift(now, square);
    }

    pub(super) fn peg_place(&mut self, now: Duration, square: Square) {
        self.peg.tracker.place(now, square);
    }

    /// After every input: finished copies, "board right", the made state.
    pub(super) fn settle(&mut self, now: Duration) {
        self.plain_follow(now);
        let made = self.vi_made().is_some();
        if made && let Some(said) = self.vi_side.said.as_mut() {
            said.made = true;
        }
        if let Some((before, m)) = &self.peg.copy
            && self.peg.tracker.shows_move(before, m)
        {
            // The copy is done on its own squares; the VI player's own move may be too.
            let mut after = before.clone();
            after.play_unchecked(*m);
            let squares = detect::changed_squares(before.board(), after.board());
            self.peg.copy = None;
            self.peg.tracker.forget(squares);
            self.peg.handled = None;
        }
        if self.peg.copy.is_none()
            && (self.peg.fix_spoken || self.peg.resync)
            && self.peg.tracker.shows(&self.peg_target())
        {
            self.peg.resync = false;
            self.peg.tracker.reset();
            self.board_right();
        }
        if made {
            if self.vi_side.made_at.is_none() {
                self.vi_side.made_at = Some(now);
            }
        } else {
            self.vi_side.made_at = None;
        }
    }

    pub(super) fn board_right(&mut self) {
        if self.peg.fix_spoken {
            self.peg.fix_spoken = false;
            self.peg.fixups = 0;
            self.peg.last_fix = None;
            let text = self.vi_words().board_right();
            self.tell_vi(text, Priority::Normal, AnnounceKind::FixUp);
        }
    }

    /// What the peg board must show: the game, and on the VI player's turn their
    /// announced move once it is made (D.2.3) — a fix-up never undoes a made move.
    pub(super) fn peg_target(&self) -> Chess {
        let mut target = self.game.position().clone();
        if let Some(m) = self.vi_made() {
            target.play_unchecked(m);
        }
        target
    }

    /// The steps that put the peg board right: towards [`peg_target`](Self::peg_target),
    /// leaving alone the squares of an announced move still being executed (its
    /// reminders say what is missing there).
    pub(super) fn peg_fixes(&self) -> Vec<Difference> {
        let pos = self.game.position();
        let fixes = self.peg.tracker.fixes(&self.peg_target());
        match &self.vi_side.said {
            Some(said) if self.vi_to_move() && self.vi_made().is_none() => {
                let mut after = pos.clone();
                after.play_unchecked(said.m);
                let own = detect::changed_squares(pos.board(), after.board());
                fixes
                    .into_iter()
                    .filter(|d| !own.contains(d.square()))
                    .collect()
            }
            _ => fixes,
        }
    }

    /// Whether the peg board must show the game (fix-ups) rather than the VI player's
    /// move in progress (reminders).
    pub(super) fn peg_fixing(&self) -> bool {
        self.peg.copy.is_some() || self.peg.resync || self.game.turn() != self.vi
    }

    /// Since when the peg board (and what was said) has been still.
    pub(super) fn peg_quiet_since(&self) -> Duration {
        let said = self.vi_side.said.as_ref().map_or(Duration::ZERO, |s| s.at);
        self.peg
            .tracker
            .last_change()
            .max(said)
            .max(self.peg.copy_since)
    }

    /// Whether the peg board needs a word when it stays still.
    pub(super) fn peg_needs_attention(&self) -> bool {
        // A sealed move waits for the resumption: the peg board is not told anything. A
        // board without sensors shows nothing to remind of.
        if !self.started || self.over() || self.adjournment.sealed.is_some() || self.plain() {
            return false;
        }
        let pos = self.game.position();
        if self.peg.copy.is_some() || self.peg.resync {
            return !self.peg.tracker.shows(&self.peg_target()) || self.peg.copy.is_some();
        }
        if self.game.turn() == self.vi {
            match &self.vi_side.said {
                Some(_) => self.vi_made().is_none(),
                None => !self.peg.tracker.shows(pos),
            }
        } else {
            !self.peg.tracker.shows(pos)
        }
    }

    pub(super) fn peg_quiet(&mut self, at: Duration) {
        self.peg.handled = Some(self.peg_quiet_since());
        let pos = self.game.position().clone();
        let words = self.vi_words();
        if !self.peg_fixing() {
            // The VI player's own move: reminders, no fix-ups (a piece may be in the hand).
            match &self.vi_side.said {
                Some(said) => {
                    let text = self.said_not_made_words(&pos, said.m);
                    self.tell_vi(text, Priority::Normal, AnnounceKind::NotMade);
                }
                None => {
                    if let [m] = self.peg.tracker.executed_moves(&pos).as_slice() {
                        let text = words.placed_not_announced(&pos, *m);
                        self.tell_vi(text, Priority::Normal, AnnounceKind::NotMade);
                    }
                }
            }
            let _ = at;
            return;
        }
        // The board must show the game: speak the fix-up.
        let fixes = self.peg_fixes();
        if fixes.is_empty() {
            // Nothing to put right: the board already shows the game (a copy made before
            // the move was taken), so the copy is done; otherwise wait a repeat (the
            // timer must not stay due).
            if self.peg.tracker.shows(&self.peg_target()) {
                self.peg.copy = None;
                self.peg.resync = false;
                self.peg.tracker.reset();
                self.board_right();
            } else {
                self.peg.last_fix = Some(at);
            }
            return;
        }
        self.peg.fixups += 1;
        self.peg.fix_spoken = true;
        self.peg.last_fix = Some(at);
        let steps = fixes
            .iter()
            .filter_map(|d| match *d {
                Difference::Remove { square } => Some(PegFix::Remove { square }),
                Difference::Place { square, piece } => Some(PegFix::Place {
                    square,
                    piece: piece.char(),
                }),
                // An occupancy board knows no pieces: it never shows a wrong one.
                Difference::Replace { .. } => None,
            })
            .collect();
        self.out
            .effects
            .push_back(Effect::ShowOnTactile { fixes: steps });
        self.tell_vi(words.fixes(&fixes), Priority::Normal, AnnounceKind::FixUp);
        if self.peg.fixups == self.config.timings.fixups_before_alert {
            let detail = format!(
                "the peg board still differs from the game after {} fix-ups",
                self.peg.fixups
            );
            self.alert(AlertKind::PegBoardDiffers, detail);
        }
    }
}
