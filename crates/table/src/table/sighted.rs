//! The sighted player: board snapshots, detected and typed moves, declarations.

use super::*;

impl Table {
    pub(super) fn sighted_may_move(&self) -> bool {
        self.started && !self.over() && self.game.turn() == self.sighted()
    }

    pub(super) fn sighted_lift(&mut self, square: Square) {
        if self.sighted_may_move()
            && self.game.position().board().piece_at(square).is_some()
            && !self.sighted_copy_squares().contains(square)
            && !self.sighted_touches.contains(&square)
        {
            self.sighted_touches.push(square);
            let sighted = self.sighted();
            self.game.touch(sighted);
        }
    }

    pub(super) fn sighted_copy_squares(&self) -> Bitboard {
        match &self.sighted_copy {
            None => Bitboard::EMPTY,
            Some(before) => {
                let after = self.game.position().board();
                Square::ALL
                    .into_iter()
                    .filter(|&s| before.board().piece_at(s) != after.piece_at(s))
                    .collect()
            }
        }
    }

    pub(super) fn sighted_snapshot(&mut self, now: Duration, board: Board) {
        if self.sighted_board.as_ref() != Some(&board) {
            self.sighted_changed = now;
            self.sighted_handled = None;
        }
        let pos = self.game.position().clone();
        self.sighted_board = Some(board.clone());
        if &board == pos.board() {
            self.sighted_copy = None;
            return;
        }
        if self.sighted_may_move() {
            let found = detect::moves_to(&pos, &board);
            if let [m] = found.as_slice() {
                self.sighted_copy = None;
                return self.sighted_move(now, *m);
            }
            // Pieces missing from their squares: touched (once the copy is done).
            for sq in pos.board().occupied() & !board.occupied() {
                if !self.sighted_copy_squares().contains(sq) && !self.sighted_touches.contains(&sq)
                {
                    self.sighted_touches.push(sq);
                    let sighted = self.sighted();
                    self.game.touch(sighted);
                }
            }
        }
    }

    pub(super) fn sighted_uci(&mut self, now: Duration, uci: &UciMove) {
        if !self.sighted_may_move() {
            return; // a duplicate of a move already taken from a snapshot, or out of turn
        }
        let pos = self.game.position().clone();
        match uci.to_move(&pos) {
            Ok(m) => self.sighted_move(now, m),
            Err(e) => {
                let detail = format!("the sighted board reports {uci}, which is not legal: {e}");
                self.alert(AlertKind::IllegalMove, detail);
            }
        }
    }

    pub(super) fn assistant_move(&mut self, now: Duration, text: &str) {
        let words = self.sighted_words();
        if !self.started {
            return self.tell_sighted(
                words.not_started(),
                Priority::Normal,
                AnnounceKind::NotUnderstood,
            );
        }
        if self.over() {
            return self.tell_sighted(
                words.game_is_over(),
                Priority::Normal,
                AnnounceKind::NotUnderstood,
            );
        }
        if !self.sighted_may_move() {
            return self.tell_sighted(
                words.not_your_turn(),
                Priority::Normal,
                AnnounceKind::NotUnderstood,
            );
        }
        let pos = self.game.position().clone();
        let trimmed = text.trim();
        let by_notation = trimmed
            .parse::<UciMove>()
            .ok()
            .and_then(|u| u.to_move(&pos).ok())
            .or_else(|| {
                trimmed
                    .parse::<SanPlus>()
                    .ok()
                    .and_then(|s| s.san.to_move(&pos).ok())
            })
            .or_else(|| {
                trimmed
                    .parse::<San>()
                    .ok()
                    .and_then(|s| s.to_move(&pos).ok())
            });
        let m = match by_notation {
            Some(m) => m,
            None => match resolve_words(&pos, words.lex, trimmed) {
                Verdict::Move(m) => m,
                other => {
                    let why = other
                        .describe(&pos, words.lex)
                        .unwrap_or_else(|| "a command, not a move".into());
                    let text = words.sighted_illegal(trimmed, &why);
                    return self.tell_sighted(text, Priority::Normal, AnnounceKind::NotUnderstood);
                }
            },
        };
        self.sighted_move(now, m);
    }

    pub(super) fn sighted_move(&mut self, now: Duration, m: Move) {
        let pos = self.game.position().clone();
        let by = self.sighted();
        if let Err(b) = touch::check(&pos, &self.sighted_touches, &m) {
            let (square, what) = match b {
                Binding::Move { square, .. } | Binding::MoveCapture { square, .. } => {
                    (square, "move")
                }
                Binding::Capture { square, .. } => (square, "capture"),
                Binding::Free => (m.from().unwrap_or(m.to()), "move"),
            };
            let detail = format!(
                "the sighted player touched the piece on {square} (must {what} it) and played {}",
                SanPlus::from_move(pos.clone(), m)
            );
            self.alert(AlertKind::SightedTouch, detail);
        }
        let Ok(ended) = self.game.play(m) else {
            return;
        };
        let record = self.record(&pos, m, now);
        self.records.push(record);
        self.history.push(pos.clone());
        self.unpressed = Some(self.records.len() - 1);
        self.sighted_touches.clear();
        self.touches.clear();
        self.said = None;
        self.made_at = None;
        self.confirm = None;
        self.peg_copy = Some((pos.clone(), m));
        self.peg_copy_since = now;
        self.peg.reset();
        self.peg_handled = None;
        self.position_effect(Some(m));
        let text = self.vi_words().opponent_move(&pos, m, by);
        self.tell_vi(text, Priority::High, AnnounceKind::OpponentMove);
        if let Some(o) = ended {
            return self.finish(now, o);
        }
        if let Some(at) = self.pending_press.take() {
            self.press(at, by);
            self.clock_effect(now);
        } else if self.config.sighted_press == ClockPress::Automatic {
            self.press(now, by);
            self.clock_effect(now);
        }
    }

    pub(super) fn sighted_command(&mut self, now: Duration, cmd: SightedCommand) {
        let by = self.sighted();
        let words = self.sighted_words();
        match cmd {
            SightedCommand::OfferDraw => match self.game.offer_draw(by) {
                Ok(()) => {
                    let text = self.vi_words().draw_offered(by);
                    self.tell_vi(text, Priority::High, AnnounceKind::Declaration);
                }
                Err(e) => {
                    self.tell_sighted(e.to_string(), Priority::Normal, AnnounceKind::Declaration)
                }
            },
            SightedCommand::AcceptDraw => match self.game.accept_draw(by) {
                Ok(o) => self.finish(now, o),
                Err(_) => self.tell_sighted(
                    words.no_offer(),
                    Priority::Normal,
                    AnnounceKind::Declaration,
                ),
            },
            SightedCommand::DeclineDraw => match self.game.decline_draw(by) {
                Ok(()) => {
                    let text = self.vi_words().draw_declined(by);
                    self.tell_vi(text, Priority::High, AnnounceKind::Declaration);
                }
                Err(_) => self.tell_sighted(
                    words.no_offer(),
                    Priority::Normal,
                    AnnounceKind::Declaration,
                ),
            },
            SightedCommand::Resign => {
                if let Ok(o) = self.game.resign(by) {
                    self.finish(now, o);
                }
            }
            SightedCommand::Claim { ground, intended } => {
                let pos = self.game.position().clone();
                let intended = match intended.map(|u| u.to_move(&pos)) {
                    None => None,
                    Some(Ok(m)) => Some(m),
                    Some(Err(e)) => {
                        return self.tell_sighted(
                            e.to_string(),
                            Priority::Normal,
                            AnnounceKind::Declaration,
                        );
                    }
                };
                self.claim(now, by, ground_kind(ground), intended);
            }
            SightedCommand::ClaimFlag => {
                if self.clock.flag_of(self.vi, now).is_some() {
                    if let Ok(o) = self.game.flag_fall(self.vi) {
                        self.finish(now, o);
                    }
                } else {
                    self.tell_sighted(
                        words.flag_not_fallen(),
                        Priority::Normal,
                        AnnounceKind::Clock,
                    );
                }
            }
            SightedCommand::CallArbiter => {
                self.alert(
                    AlertKind::Called,
                    "the sighted player calls the arbiter".into(),
                );
                self.tell_both(
                    |p| p.arbiter_called(),
                    Priority::Normal,
                    AnnounceKind::Arbiter,
                );
            }
        }
    }

    pub(super) fn press_grace(&mut self, at: Duration) {
        if self.pending_press.take().is_some() {
            let detail = "the sighted player pressed the clock, but no move was seen on the board"
                .to_string();
            self.alert(AlertKind::PressWithoutMove, detail);
            let _ = at;
        }
    }

    /// Since when neither the sighted board nor the game has changed: a difference between
    /// them counts from then (a move just made gives the sighted player time to copy it).
    pub(super) fn sighted_quiet_since(&self) -> Duration {
        let moved = self.records.last().map_or(Duration::ZERO, |r| r.at);
        self.sighted_changed.max(moved)
    }

    pub(super) fn sighted_quiet(&mut self) {
        self.sighted_handled = Some(self.sighted_quiet_since());
        let Some(board) = self.sighted_board.clone() else {
            return;
        };
        let pos = self.game.position().clone();
        if &board == pos.board() {
            return;
        }
        // The VI player's move not yet executed there: a reminder, not an alert.
        if let Some(before) = &self.sighted_copy
            && &board == before.board()
        {
            let text = self.sighted_words().execute_on_board();
            return self.tell_sighted(text, Priority::Normal, AnnounceKind::FixUp);
        }
        // Only lifted pieces (a move being thought over in the hand): no alert.
        let extra = board.occupied() & !pos.board().occupied();
        let changed = Square::ALL
            .into_iter()
            .filter(|&s| {
                board.piece_at(s).is_some() && board.piece_at(s) != pos.board().piece_at(s)
            })
            .count();
        if extra.is_empty() && changed == 0 {
            return;
        }
        let detail = "the sighted board differs from the game".to_string();
        self.alert(AlertKind::SightedBoardDiffers, detail);
    }
}
