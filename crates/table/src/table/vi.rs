//! The VI player: utterances, the announced move, when it is made, commands.

use super::*;

/// What the VI player is told: the text, its priority and kind.
type Told = (String, Priority, AnnounceKind);

/// The VI player's announced move, waiting to be made (D.2.3) and its clock pressed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Said {
    /// The move.
    pub(super) m: Move,
    /// When it was announced.
    pub(super) at: Duration,
    /// The move has been made (D.2.3, 4.6): announced, placed, capture removed. From
    /// then on it stands; only the clock press is left.
    pub(super) made: bool,
}

/// A declaration that waits for "ja".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Confirm {
    /// "Aufgeben" (5.1.2).
    Resign,
    /// Accepting the opponent's draw offer (9.1.2).
    AcceptDraw,
}

/// The VI player's move in progress.
#[derive(Debug, Clone, Default)]
pub(super) struct ViSide {
    /// The announced move.
    pub(super) said: Option<Said>,
    /// When the move was made (the correction window runs from it).
    pub(super) made_at: Option<Duration>,
    /// The pieces touched on the peg board before the move (4.3).
    pub(super) touches: Vec<Square>,
    /// A resignation or a draw acceptance waiting for "ja".
    pub(super) confirm: Option<Confirm>,
    /// The last announcement refused as illegal (its words), while no move is announced:
    /// a press after it is the arbiter's to judge (7.5.1, 7.5.3).
    pub(super) refused_illegal: Option<String>,
}

impl ViSide {
    /// Forgets the move in progress (a position restored, the game over).
    pub(super) fn clear(&mut self) {
        *self = ViSide::default();
    }
}

impl Table {
    /// The said move, when it is made (D.2.3: announced, placed, capture removed) and
    /// respects the touches. Once made it stays made (4.6), whatever the pegs do next.
    pub(super) fn vi_made(&self) -> Option<Move> {
        let said = self.vi_side.said.as_ref()?;
        if !self.vi_to_move() {
            return None;
        }
        if said.made {
            return Some(said.m);
        }
        if self.plain() {
            // Nothing is seen on a board without sensors: only a confirmation makes it.
            return None;
        }
        let pos = self.game.position();
        (self.peg.tracker.shows_move(pos, &said.m)
            && touch::check(pos, &self.vi_side.touches, &said.m).is_ok())
        .then_some(said.m)
    }

    /// Whether the announced move has been made and only waits for the clock press.
    pub(super) fn vi_move_made(&self) -> bool {
        self.vi_to_move() && self.vi_side.said.as_ref().is_some_and(|s| s.made)
    }

    /// The squares of the piece(s) the made move released (the king and rook of castling).
    pub(super) fn released_squares(&self) -> Bitboard {
        let Some(said) = self.vi_side.said.as_ref().filter(|s| s.made) else {
            return Bitboard::EMPTY;
        };
        let mut after = self.game.position().clone();
        after.play_unchecked(said.m);
        let before = self.game.position().board();
        Square::ALL
            .into_iter()
            .filter(|&s| {
                after
                    .board()
                    .piece_at(s)
                    .is_some_and(|p| p.color == self.vi)
            })
            .filter(|&s| before.piece_at(s) != after.board().piece_at(s))
            .collect()
    }

    pub(super) fn commit_vi(&mut self, now: Duration) {
        self.commit_vi_pressed(now, true);
    }

    /// Plays the VI player's made move; with `pressed` their clock is pressed and the
    /// move recorded now, without it (the opponent replied first, 6.2.2) the record
    /// waits for the late press.
    pub(super) fn commit_vi_pressed(&mut self, now: Duration, pressed: bool) {
        let Some(said) = self.vi_side.said.take() else {
            return;
        };
        self.claims.vi_intended = None;
        self.peg.plain_fix = None;
        let m = said.m;
        // The sighted player forgot to press: their clock ran until now.
        let sighted = self.sighted();
        if pressed && self.clock.on_move() == Some(sighted) {
            self.press(now, sighted);
        }
        // Earlier moves never pressed go on the scoresheet before this one.
        self.flush_unpressed();
        let remaining_before = self.clock.remaining(self.vi, now);
        let press = if pressed {
            self.clock.press(now, self.vi).ok()
        } else {
            None
        };
        let before = self.game.position().clone();
        let Ok(ended) = self.game.play(m) else {
            return;
        };
        let record = self.record(&before, m, now);
        let record = RecordedMove {
            clock: press.as_ref().map_or(remaining_before, |p| p.remaining),
            spent: press.as_ref().map_or(Duration::ZERO, |p| p.spent),
            ..record
        };
        self.sheet.records.push(record.clone());
        self.sheet.history.push(before.clone());
        // A mate or dead position made after the VI player's own flag was seen fallen
        // does not undo it: the flag came first and decides (6.9; made is made, D.2.3).
        let ended = match ended {
            Some(_) if self.clock_side.flags_seen[self.vi] => {
                let o = self.flag_decision(self.clock_side.deciding_flag(self.vi));
                self.game.declare(o);
                Some(o)
            }
            other => other,
        };
        if pressed {
            self.out.push(Effect::RecordMove(record));
        } else {
            self.sheet.vi_unpressed = Some(self.sheet.records.len() - 1);
        }
        self.vi_side.made_at = None;
        self.vi_side.touches.clear();
        self.vi_side.confirm = None;
        self.vi_side.refused_illegal = None;
        if self.peg.copy.is_some() {
            // The opponent's last move is still being copied: only this move is done with.
            let after = self.game.position().board();
            self.peg
                .tracker
                .forget(detect::changed_squares(before.board(), after));
        } else {
            self.peg.tracker.reset();
        }
        self.peg.handled = None;
        // Copied before the press (D.2: no alarm), or to be copied now.
        let copied = self.sighted_side.board.as_ref() == Some(self.game.position().board());
        self.sighted_side.copy = (!copied).then(|| before.clone());
        self.sighted_side.touches.clear();
        self.position_effect(Some(m));
        self.clock_effect(now);
        let by = self.vi;
        let text = self.sighted_words().move_by(&before, m, by);
        self.tell_sighted(text, Priority::High, AnnounceKind::OpponentMove);
        if let Some(o) = ended {
            self.finish(now, o);
        }
    }

    pub(super) fn record(&self, before: &Chess, m: Move, now: Duration) -> RecordedMove {
        let mode = self.config.castling_mode();
        RecordedMove {
            ply: self.sheet.records.len() + 1,
            color: before.turn(),
            san: SanPlus::from_move(before.clone(), m).to_string(),
            check: before.clone().play(m).is_ok_and(|after| after.is_check()),
            uci: m.to_uci(mode),
            clock: self.clock.remaining(before.turn(), now),
            spent: Duration::ZERO,
            at: now,
        }
    }

    /// The VI player pressed (or confirmed) without a move that can be made: they are
    /// told why; after an announcement refused as illegal the arbiter is informed too
    /// (the move may have been completed on the board, 7.5.1/7.5.3; 7.5.5 is theirs).
    pub(super) fn vi_press_refused(&mut self) {
        if self.vi_side.said.is_none()
            && let Some(heard) = self.vi_side.refused_illegal.take()
        {
            // Words from outside: no control characters, bounded, before a log or page.
            let heard: String = heard.chars().filter(|c| !c.is_control()).take(80).collect();
            let detail = format!(
                "the VI player ({}) pressed the clock after announcing \"{heard}\", which was \
                 refused as illegal; the position stands (7.5.1, 7.5.3; the penalty is the \
                 arbiter's, 7.5.5)",
                self.vi
            );
            self.alert(AlertKind::PressWithoutMove, detail);
        }
        self.explain_not_made();
    }

    /// Tells the VI player why the lever press did not complete the move.
    pub(super) fn explain_not_made(&mut self) {
        let words = self.vi_words();
        let pos = self.game.position().clone();
        let text = match &self.vi_side.said {
            None => match self.peg.tracker.executed_moves(&pos).as_slice() {
                [m] => words.placed_not_announced(&pos, *m),
                _ => words.not_announced(),
            },
            Some(said) => self.said_not_made_words(&pos, said.m),
        };
        self.tell_vi(text, Priority::Normal, AnnounceKind::NotMade);
    }

    /// Why the announced `m` is not made: a touch it breaks, or what the board lacks. A
    /// different move executed on the board (that the touches allow) is named first: the
    /// announcement is what needs correcting then.
    pub(super) fn said_not_made_words(&self, pos: &Chess, m: Move) -> String {
        match touch::check(pos, &self.vi_side.touches, &m) {
            Ok(()) => self.missing_words(pos, m),
            Err(b) => match self.peg.tracker.executed_moves(pos).as_slice() {
                [other]
                    if *other != m && touch::check(pos, &self.vi_side.touches, other).is_ok() =>
                {
                    self.vi_words().placed_other(pos, *other, m)
                }
                _ => self.binding_words(b),
            },
        }
    }

    /// What is missing on the peg board for `m` to be made.
    pub(super) fn missing_words(&self, pos: &Chess, m: Move) -> String {
        let words = self.vi_words();
        let occ = self.peg.tracker.occupancy();
        let to = m.to();
        let role = m.role();
        if let Some(c) = captured_square(&m) {
            let captured = pos.board().piece_at(c);
            if c != to
                && occ.contains(c)
                && let Some(p) = captured
            {
                return words.capture_not_removed(c, p);
            }
            if c == to
                && occ.contains(to)
                && !self.peg.tracker.was_lifted(to)
                && let Some(p) = captured
            {
                return words.capture_not_removed(c, p);
            }
        }
        if !occ.contains(to)
            || (captured_square(&m) == Some(to) && !self.peg.tracker.executed(pos, &m))
        {
            if let [other] = self.peg.tracker.executed_moves(pos).as_slice()
                && *other != m
            {
                return words.placed_other(pos, *other, m);
            }
            return words.not_placed(role, to);
        }
        if let [other] = self.peg.tracker.executed_moves(pos).as_slice()
            && *other != m
        {
            return words.placed_other(pos, *other, m);
        }
        let mut after = pos.clone();
        after.play_unchecked(m);
        words.fixes(&self.peg.tracker.fixes(&after))
    }

    pub(super) fn binding_words(&self, b: Binding) -> String {
        let words = self.vi_words();
        match b {
            Binding::Free => String::new(),
            Binding::Move { square, piece } | Binding::MoveCapture { square, piece } => {
                words.touch_move(square, piece)
            }
            Binding::Capture { square, piece } => words.touch_capture(square, piece),
        }
    }

    pub(super) fn heard(&mut self, now: Duration, alternatives: &[crate::Hypothesis]) {
        let lex = Lexicon::get(self.config.language);
        let alts: Vec<Alternative<'_>> = alternatives
            .iter()
            .map(|h| Alternative {
                text: &h.text,
                score: h.score,
            })
            .collect();
        let pos = self.game.position().clone();
        let verdict = resolve_nbest(&pos, lex, &alts, self.config.timings.nbest_margin);
        // Only "äh" or "um": the player is still thinking; an answer would talk over the
        // move that follows.
        if let Verdict::Unrecognized(e) = &verdict
            && e.kind == annabella_phonetic::ParseErrorKind::Hesitation
        {
            return;
        }
        // A pending "really?" takes only yes or no; anything else drops it.
        if let Some(confirm) = self.vi_side.confirm.take() {
            match verdict {
                Verdict::Command(Command::Yes) => return self.confirmed(now, confirm),
                Verdict::Command(Command::No | Command::Correction) => {
                    let text = self.vi_words().cancelled();
                    return self.tell_vi(text, Priority::Normal, AnnounceKind::Declaration);
                }
                _ => {}
            }
        }
        // Out of turn, a move would be resolved for the opponent: say whose turn it is.
        let out_of_turn = self.started && !self.over() && pos.turn() != self.vi;
        match verdict {
            Verdict::Command(c) => self.command(now, c),
            Verdict::Move(_)
            | Verdict::Ambiguous(_)
            | Verdict::Incomplete(_)
            | Verdict::Illegal(_)
                if out_of_turn =>
            {
                let text = self.vi_words().not_your_turn();
                self.tell_vi(text, Priority::Normal, AnnounceKind::NotUnderstood);
            }
            Verdict::Move(m) => self.vi_move(now, &pos, m),
            other => {
                let kind = match other {
                    Verdict::Ambiguous(_) | Verdict::Incomplete(_) => AnnounceKind::Question,
                    _ => AnnounceKind::NotUnderstood,
                };
                if matches!(other, Verdict::Illegal(_)) && self.vi_to_move() {
                    let heard = alternatives.first().map(|h| h.text.clone());
                    self.vi_side.refused_illegal = heard;
                }
                let text = other.describe(&pos, lex).unwrap_or_default();
                self.tell_vi(text, Priority::Normal, kind);
            }
        }
    }

    pub(super) fn vi_move(&mut self, now: Duration, pos: &Chess, m: Move) {
        let words = self.vi_words();
        if !self.started {
            return self.tell_vi(
                words.not_started(),
                Priority::Normal,
                AnnounceKind::NotUnderstood,
            );
        }
        if self.over() {
            return self.tell_vi(
                words.game_is_over(),
                Priority::Normal,
                AnnounceKind::NotUnderstood,
            );
        }
        if pos.turn() != self.vi {
            return self.tell_vi(
                words.not_your_turn(),
                Priority::Normal,
                AnnounceKind::NotUnderstood,
            );
        }
        if self.adjournment.sealed.is_some() {
            return self.tell_vi(
                words.adjourned_sealed(),
                Priority::Normal,
                AnnounceKind::NotUnderstood,
            );
        }
        if self.adjournment.adjourned {
            // Duty f: the move is sealed, not played nor announced to the opponent.
            return self.seal(now, m);
        }
        if self.vi_move_made() {
            // 4.6: a made move cannot be replaced; only the announcement could be corrected.
            return self.tell_vi(
                words.already_made(),
                Priority::Normal,
                AnnounceKind::NotUnderstood,
            );
        }
        if let Some(intended) = self.claims.vi_intended
            && intended != m
        {
            // 9.5.2: after a rejected claim the intended move must be made.
            return self.tell_vi(
                words.make_intended(pos, intended),
                Priority::Normal,
                AnnounceKind::NotUnderstood,
            );
        }
        if let Err(b) = touch::check(pos, &self.vi_side.touches, &m) {
            let text = self.binding_words(b);
            return self.tell_vi(text, Priority::High, AnnounceKind::TouchMove);
        }
        // D.2.8: a new announcement replaces the previous one until the move is made.
        self.vi_side.refused_illegal = None;
        self.vi_side.said = Some(Said {
            m,
            at: now,
            made: false,
        });
        self.vi_side.made_at = None;
        self.peg.handled = None;
        self.tell_vi(
            words.read_back(pos, m),
            Priority::Normal,
            AnnounceKind::ReadBack,
        );
    }

    pub(super) fn confirmed(&mut self, now: Duration, confirm: Confirm) {
        let result = match confirm {
            Confirm::Resign => self.game.resign(self.vi),
            Confirm::AcceptDraw => self.game.accept_draw(self.vi),
        };
        match result {
            Ok(o) => self.finish(now, o),
            Err(e) => {
                let text = self.game_error_words(&e);
                self.tell_vi(text, Priority::Normal, AnnounceKind::Declaration);
            }
        }
    }

    /// The VI player's draw offer or decline once the game has taken it (`done`): the
    /// sighted player hears it at once, the VI player hears it confirmed (`say` words
    /// it); a refusal by the game is read back to the VI player.
    fn vi_draw_step(
        &mut self,
        done: Result<(), GameError>,
        say: fn(Phrases, Color) -> String,
    ) -> (String, Priority, AnnounceKind) {
        match done {
            Ok(()) => {
                let by = self.vi;
                let text = say(self.sighted_words(), by);
                self.tell_sighted(text, Priority::High, AnnounceKind::Declaration);
                (
                    say(self.vi_words(), by),
                    Priority::Normal,
                    AnnounceKind::Declaration,
                )
            }
            Err(e) => (
                self.game_error_words(&e),
                Priority::Normal,
                AnnounceKind::Declaration,
            ),
        }
    }

    pub(super) fn game_error_words(&self, e: &GameError) -> String {
        let words = self.vi_words();
        match e {
            GameError::Over(_) => words.game_is_over(),
            GameError::NotOnMove(_) => words.not_your_turn(),
            GameError::NoOffer(_) => words.no_offer(),
            GameError::ClaimRightLost(_) => words.claim_right_lost(),
            other => other.to_string(),
        }
    }

    /// A command of the VI player: a question is answered; a declaration acts.
    pub(super) fn command(&mut self, now: Duration, c: Command) {
        match c {
            Command::Analysis { asked, .. } => return self.analysis_asked(asked),
            Command::TakeBack => return self.take_back(now),
            _ => {}
        }
        if let Some((text, priority, kind)) = self.online_command(&c) {
            return self.tell_vi(text, priority, kind);
        }
        if let Some(text) = self.answer(now, &c) {
            return self.tell_vi(text, Priority::Low, AnnounceKind::Answer);
        }
        let words = self.vi_words();
        let said = match c {
            Command::Corrected(spoken) => self.corrected(now, spoken),
            Command::Correction | Command::No => Some(self.withdrawn()),
            Command::Placed => return self.vi_placed(now),
            Command::Yes => Some((
                words.nothing_to_confirm(),
                Priority::Low,
                AnnounceKind::Answer,
            )),
            Command::OfferDraw => {
                let done = self.game.offer_draw(self.vi);
                Some(self.vi_draw_step(done, Phrases::draw_offered))
            }
            Command::Accept => Some(self.accept_asked()),
            Command::Decline => {
                let done = self.game.decline_draw(self.vi);
                Some(self.vi_draw_step(done, Phrases::draw_declined))
            }
            Command::Resign => Some(self.resign_asked()),
            Command::Claim { ground, intended } => self.vi_claim(now, ground, intended),
            Command::CallArbiter => return self.call_arbiter(now, self.vi),
            Command::Pause => return self.vi_pause(now),
            Command::StopSpeaking => return self.stop_speaking(),
            // The questions, answered above.
            _ => None,
        };
        if let Some((text, priority, kind)) = said {
            self.tell_vi(text, priority, kind);
        }
    }

    /// The answer to a question of the VI player (duty d and what stands where: only what
    /// they ask), or `None` when `c` is not a question.
    fn answer(&self, now: Duration, c: &Command) -> Option<String> {
        let words = self.vi_words();
        let lex = words.lex;
        let pos = self.game.position();
        let board = pos.board();
        Some(match c {
            Command::AskTime => words.time(
                self.clock.remaining(Color::White, now),
                self.clock.remaining(Color::Black, now),
            ),
            Command::AskMovesPlayed => {
                let count =
                    |c: Color| self.sheet.records.iter().filter(|r| r.color == c).count() as u32;
                words.moves_played(
                    count(Color::White),
                    count(Color::Black),
                    self.moves_to_control(),
                )
            }
            Command::RepeatLastMove => {
                let last = self.last_moves_words(1);
                match self.plain_fix_words() {
                    Some(fix) => format!("{last} {fix}"),
                    None => last,
                }
            }
            Command::LastMoves(n) => self.last_moves_words(usize::from((*n).max(1))),
            Command::WhereIs { role, side } => {
                answer::where_is(board, *role, self.side_color(*side), lex)
            }
            Command::Pieces(side) => answer::pieces(board, self.side_color(*side), lex),
            Command::Diagonals(sq) => answer::diagonals(board, *sq, lex),
            Command::LastCapture => self.last_capture_words(),
            Command::WhoseTurn => words.whose_turn(pos.turn(), pos.turn() == self.vi),
            Command::OpponentName => {
                let ev = &self.config.event;
                words.opponent_name(match self.sighted() {
                    Color::White => &ev.white,
                    Color::Black => &ev.black,
                })
            }
            Command::Help if self.plain() => format!("{} {}", words.help(), words.help_plain()),
            Command::Help => words.help(),
            Command::WhatIsOn(sq) => answer::what_is_on(board, *sq, lex),
            Command::ReadRank(r) => answer::read_rank(board, *r, lex),
            Command::ReadFile(f) => answer::read_file(board, *f, lex),
            // 11.3.1: computed information is a source the Laws forbid; only refused.
            Command::Analysis { .. } => words.analysis_refused(),
            _ => return None,
        })
    }

    /// E.2.6: "Korrektur" with a new move before the move is made withdraws the
    /// announcement; the new move is announced in the same breath and read back.
    fn corrected(&mut self, now: Duration, spoken: SpokenMove) -> Option<Told> {
        let words = self.vi_words();
        let pos = self.game.position().clone();
        if self.vi_move_made() || self.just_moved() {
            // 4.6 / D.2.3: a made move stands; only the announcement is correctable.
            return Some((
                words.already_made(),
                Priority::Normal,
                AnnounceKind::ReadBack,
            ));
        }
        if self.started && !self.over() && pos.turn() != self.vi {
            return Some((
                words.not_your_turn(),
                Priority::Normal,
                AnnounceKind::NotUnderstood,
            ));
        }
        self.vi_side.said = None;
        self.vi_side.made_at = None;
        match Verdict::from(spoken.resolve(&pos)) {
            Verdict::Move(m) => {
                self.vi_move(now, &pos, m);
                None
            }
            other => {
                let text = other
                    .describe(&pos, words.lex)
                    .unwrap_or_else(|| words.say_move_again());
                Some((text, Priority::Normal, AnnounceKind::Question))
            }
        }
    }

    /// "Korrektur" or "nein": the announcement is withdrawn, if the move is not made.
    fn withdrawn(&mut self) -> Told {
        let words = self.vi_words();
        let text = if self.vi_move_made() || self.just_moved() {
            // 4.6 / D.2.3: a made move stands; only the announcement is correctable.
            words.already_made()
        } else if self.vi_side.said.take().is_some() {
            self.vi_side.made_at = None;
            words.say_move_again()
        } else {
            words.nothing_to_correct()
        };
        (text, Priority::Normal, AnnounceKind::ReadBack)
    }

    /// Accepting the sighted player's draw offer waits for "ja".
    fn accept_asked(&mut self) -> Told {
        let words = self.vi_words();
        if self.game.pending_draw_offer() == Some(self.sighted()) && !self.over() {
            self.vi_side.confirm = Some(Confirm::AcceptDraw);
            (
                words.confirm_accept(),
                Priority::High,
                AnnounceKind::Question,
            )
        } else {
            (
                words.no_offer(),
                Priority::Normal,
                AnnounceKind::Declaration,
            )
        }
    }

    /// Resigning waits for "ja".
    fn resign_asked(&mut self) -> Told {
        let words = self.vi_words();
        if self.over() {
            return (
                words.game_is_over(),
                Priority::Normal,
                AnnounceKind::Declaration,
            );
        }
        self.vi_side.confirm = Some(Confirm::Resign);
        (
            words.confirm_resign(),
            Priority::High,
            AnnounceKind::Question,
        )
    }

    /// The VI player claims a draw (9.2, 9.3), before their move is made.
    fn vi_claim(
        &mut self,
        now: Duration,
        ground: ClaimGround,
        intended: Option<SpokenMove>,
    ) -> Option<Told> {
        let words = self.vi_words();
        let pos = self.game.position().clone();
        let kind = claim_kind(ground);
        let intended = match intended.map(|spoken| Verdict::from(spoken.resolve(&pos))) {
            None => None,
            Some(Verdict::Move(m)) => Some(m),
            Some(other) => {
                let text = other
                    .describe(&pos, words.lex)
                    .unwrap_or_else(|| words.claim_needs_move());
                return Some((text, Priority::Normal, AnnounceKind::Question));
            }
        };
        let text = if !self.vi_to_move() {
            words.not_your_turn()
        } else if self.vi_move_made() {
            // 9.2.1.1: a claim comes before the move is made; a made move stands (4.6)
            // and is not dropped by a late claim.
            words.already_made()
        } else {
            self.vi_side.said = None;
            self.vi_side.made_at = None;
            self.claim(now, self.vi, kind, intended);
            return None;
        };
        Some((text, Priority::Normal, AnnounceKind::Declaration))
    }

    /// The VI player stops the clocks (6.11.1): the arbiter is alerted.
    fn vi_pause(&mut self, now: Duration) {
        self.pause_by(now, Some(self.vi));
    }

    /// A player stops the clocks (6.11.1): the VI player by word, or someone at the
    /// table with the clock's shared button (`None`); the arbiter is alerted.
    pub(super) fn pause_by(&mut self, now: Duration, by: Option<Color>) {
        if self.clock.is_started() && !self.clock.is_paused() && !self.over() {
            let _ = self.clock.pause(now);
            self.clock_effect(now);
        }
        let cause = match by {
            Some(c) if c == self.vi => AlertCause::PausedByVi,
            Some(color) => AlertCause::PausedBySighted { color },
            None => AlertCause::PausedByButton,
        };
        self.alert_for(AlertKind::Paused, cause);
        self.tell_both(|p| p.paused(), Priority::High, AnnounceKind::Clock);
    }

    /// "Stopp": every announcement stops and the microphone opens.
    fn stop_speaking(&mut self) {
        self.out.speaking.clear();
        self.out.push(Effect::StopSpeaking);
        self.out.push(Effect::UnmuteMic);
    }

    /// The VI player's move was the last one completed and nothing was said since: a
    /// correction now comes after the clock press.
    pub(super) fn just_moved(&self) -> bool {
        self.started
            && !self.over()
            && self.vi_side.said.is_none()
            && self.game.turn() != self.vi
            && self
                .sheet
                .records
                .last()
                .is_some_and(|r| r.color == self.vi)
    }

    /// Moves the VI player has left until the next time control (a period with a move
    /// count), `None` in sudden death.
    pub(super) fn moves_to_control(&self) -> Option<u32> {
        let done = self.clock.moves(self.vi);
        let mut end = 0u32;
        for period in self.config.time_control.periods() {
            let n = period.moves?.get();
            end = end.saturating_add(n);
            if done < end {
                return Some(end - done);
            }
        }
        // The last period repeats.
        let n = self.config.time_control.periods().last()?.moves?.get();
        Some(n - (done - end) % n)
    }

    /// The colour a question's side means for the VI player.
    pub(super) fn side_color(&self, side: Side) -> Color {
        match side {
            Side::Own => self.vi,
            Side::Opponent => self.sighted(),
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }

    /// The last capture of the game, as announced ("Schwarz: Springer … schlägt …").
    pub(super) fn last_capture_words(&self) -> String {
        let moves = self.game.moves();
        (0..moves.len())
            .rev()
            .find(|&i| moves[i].is_capture())
            .and_then(|i| {
                let before = self.sheet.history.get(i)?;
                Some(self.vi_words().move_by(before, moves[i], before.turn()))
            })
            .unwrap_or_else(|| self.vi_words().no_capture_yet())
    }

    pub(super) fn last_moves_words(&self, n: usize) -> String {
        let words = self.vi_words();
        let moves = self.game.moves();
        if moves.is_empty() {
            return words.no_moves_yet();
        }
        let from = moves.len().saturating_sub(n);
        (from..moves.len())
            .filter_map(|i| {
                let before = self.sheet.history.get(i)?;
                Some(words.opponent_move(before, moves[i], before.turn()))
            })
            .collect::<Vec<_>>()
            .join(". ")
    }
}
