//! The sighted player: board snapshots, detected and typed moves, declarations.

use super::*;

/// The sighted player's side: their e-board, their move in progress, the copy of the VI
/// player's move, the assistant's entry.
#[derive(Debug, Clone, Default)]
pub(super) struct SightedSide {
    /// The sighted board's last snapshot.
    pub(super) board: Option<Board>,
    /// The sighted player's own last observed board, without a move of theirs in
    /// progress: their move is the change from it (E.2.7, D.2.9).
    pub(super) base: Option<Board>,
    /// The assistant's entry of the sighted player's move, waiting for the board's (4.6:
    /// the move made on the board is the move; an entry that differs goes to the arbiter).
    pub(super) assistant_entry: Option<(Move, Duration, Chess)>,
    /// When the sighted board last changed.
    pub(super) changed: Duration,
    /// The quiet moment of the board last looked at (each quiet state is handled once).
    pub(super) handled: Option<Duration>,
    /// The VI player's move still to be copied (the position before it).
    pub(super) copy: Option<Chess>,
    /// The pieces the sighted player touched before their move.
    pub(super) touches: Vec<Square>,
    /// The sighted player was told their board is wrong; they hear when it is right.
    pub(super) wrong: bool,
    /// The sighted player's press, waiting for their board to settle.
    pub(super) pending_press: Option<Duration>,
    /// `start` waits for the start position on this board.
    pub(super) start_waits: bool,
}

/// The way one piece went on the sighted board (role, from, to), when one piece did.
pub(super) type Way = Option<(Role, Square, Square)>;

/// What the sighted board shows, compared with the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum SightedBoard {
    /// The game position (or no sighted board).
    Right,
    /// The position before the VI player's last move: not copied yet.
    NotCopied,
    /// The VI player's announced move, before their press.
    CopiedEarly,
    /// The VI player's move partly copied: every difference on its squares, each showing
    /// what was there before or what belongs there (a capture or castling half done).
    CopyInProgress,
    /// Pieces lifted, none placed elsewhere.
    InHand,
    /// The sighted player's own move in progress, matching no legal move yet.
    OwnMove,
    /// Anything else: a wrong copy, pieces moved out of turn.
    Wrong,
}

impl Table {
    pub(super) fn sighted_may_move(&self) -> bool {
        // Adjourned (A.1): the move is sealed, not made on the board.
        self.started
            && !self.over()
            && !self.adjournment.adjourned
            && self.adjournment.sealed.is_none()
            && self.game.turn() == self.sighted()
    }

    pub(super) fn sighted_lift(&mut self, square: Square) {
        if self.sighted_may_move()
            && self.game.position().board().piece_at(square).is_some()
            && !self.copying_square(square)
            && !self.sighted_side.touches.contains(&square)
        {
            self.sighted_side.touches.push(square);
            let sighted = self.sighted();
            self.game.touch(sighted);
        }
    }

    /// Whether handling `square` on the sighted board is copying the VI player's move:
    /// its squares, and while that copy is not yet on the board, any of the VI player's
    /// pieces (a wrong copy and its correction touch nothing, 4.3).
    pub(super) fn copying_square(&self, square: Square) -> bool {
        self.sighted_copy_squares().contains(square)
            || (self.sighted_side.copy.is_some()
                && self
                    .game
                    .position()
                    .board()
                    .piece_at(square)
                    .is_some_and(|p| p.color == self.vi))
    }

    pub(super) fn sighted_copy_squares(&self) -> Bitboard {
        match &self.sighted_side.copy {
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
        if self.sighted_side.board.as_ref() != Some(&board) {
            self.sighted_side.changed = now;
            self.sighted_side.handled = None;
        }
        let pos = self.game.position().clone();
        self.sighted_side.board = Some(board.clone());
        if self.sighted_side.start_waits && !self.started {
            // The start waits for this board: it starts once it shows the start position,
            // and until then the sighted player hears what is still to set.
            self.sighted_side.base = Some(board);
            return self.start(now);
        }
        let base = self.sighted_side.base.clone();
        if &board == pos.board() {
            self.sighted_side.copy = None;
            self.sighted_side.base = Some(board);
            return self.sighted_board_right();
        }
        if self.sighted_may_move() {
            let found = detect::moves_to(&pos, &board);
            if let [m] = found.as_slice() {
                self.sighted_side.copy = None;
                self.sighted_side.base = Some(board);
                self.sighted_move(now, *m);
                return self.sighted_board_right();
            }
            // The sighted player's own move on a board that still lacks the copy of the
            // VI player's: the move stands, the copy is asked for. (With their own last
            // board known, the change from it decides, below.)
            if base.is_none()
                && let Some(m) = self.move_without_copy(&pos, &board)
            {
                self.sighted_side.base = Some(board);
                return self.sighted_move(now, m);
            }
            // A legal move made on a board that was never put right (a wrong copy, a
            // wrong set-up): the change from their own last board is the move; the old
            // difference stays to be put right (E.2.7, D.2.9).
            if let Some(m) = base.as_ref().and_then(|b| own_board_move(&pos, b, &board)) {
                self.sighted_side.base = Some(board);
                return self.sighted_move(now, m);
            }
            // Pieces missing from their squares: touched (once the copy is done).
            let was = base
                .as_ref()
                .map_or(pos.board().occupied(), Board::occupied);
            for sq in pos.board().occupied() & was & !board.occupied() {
                if !self.copying_square(sq) && !self.sighted_side.touches.contains(&sq) {
                    self.sighted_side.touches.push(sq);
                    let sighted = self.sighted();
                    self.game.touch(sighted);
                }
            }
            // Only the VI player's pieces changed (a copy, a capture's removal): their
            // own board is this one now.
            let sighted = self.sighted();
            let own_changed = Square::ALL.into_iter().any(|s| {
                let (a, b) = (
                    base.as_ref()
                        .map_or(pos.board().piece_at(s), |b| b.piece_at(s)),
                    board.piece_at(s),
                );
                a != b
                    && (a.is_some_and(|p| p.color == sighted)
                        || b.is_some_and(|p| p.color == sighted))
            });
            if !own_changed {
                self.sighted_side.base = Some(board.clone());
            }
            // A press waiting for the move, and the board shows an illegal one (7.5.1).
            if self.sighted_side.pending_press.is_some()
                && self.illegal_on_sighted_board().is_some()
            {
                self.sighted_illegal_move();
            }
            return;
        }
        // The VI player's made move waits for its press and the sighted player replied:
        // the made move stands (4.6/4.7), the reply is a move, recorded in order once the
        // presses come (6.2.2).
        if let Some(m) = self.reply_before_press(base.as_ref(), &board) {
            self.sighted_side.base = Some(board);
            if let Some(said) = self.vi_side.said.as_mut() {
                said.made = true;
            }
            self.commit_unpressed(now);
            self.sighted_side.copy = None;
            self.sighted_move(now, m);
            return self.sighted_board_right();
        }
        self.sighted_side.base = Some(board);
    }

    /// The sighted player's reply on their board to the VI player's made move that is
    /// not pressed yet.
    fn reply_before_press(&self, base: Option<&Board>, board: &Board) -> Option<Move> {
        if !self.vi_to_move() || self.adjournment.adjourned || self.adjournment.sealed.is_some() {
            return None;
        }
        let said = self.vi_side.said.as_ref()?;
        // On a board without sensors the announced move not yet confirmed counts too: the
        // opponent executing it and replying shows that both took it as made (D.2.3).
        if !said.made && !self.plain() {
            return None;
        }
        let mut after = self.game.position().clone();
        after.play_unchecked(said.m);
        if let [m] = detect::moves_to(&after, board).as_slice() {
            return Some(*m);
        }
        base.and_then(|b| own_board_move(&after, b, board))
    }

    /// The VI player's made move is played because the opponent replied before its
    /// press: recorded when the press comes (or pressed now by the table in automatic mode).
    pub(super) fn commit_unpressed(&mut self, now: Duration) {
        let automatic = self.vi_press() == ClockPress::Automatic && !self.clock.is_paused();
        self.commit_vi_pressed(now, automatic);
    }

    /// A legal move of the sighted player that `board` shows on top of the position
    /// before the VI player's last move, whose copy is missing there.
    fn move_without_copy(&self, pos: &Chess, board: &Board) -> Option<Move> {
        let before = self.sighted_side.copy.as_ref()?;
        let copy = self.sighted_copy_squares();
        if copy
            .into_iter()
            .any(|sq| board.piece_at(sq) != before.board().piece_at(sq))
        {
            return None;
        }
        let mut patched = board.clone();
        for sq in copy {
            match pos.board().piece_at(sq) {
                Some(p) => patched.set_piece_at(sq, p),
                None => {
                    patched.discard_piece_at(sq);
                }
            }
        }
        match detect::moves_to(pos, &patched).as_slice() {
            [m] => Some(*m),
            _ => None,
        }
    }

    /// The sighted board is right again after it was wrong: both players hear so.
    fn sighted_board_right(&mut self) {
        let right = self
            .sighted_side
            .board
            .as_ref()
            .is_some_and(|b| b == self.game.position().board());
        if self.sighted_side.wrong && right {
            self.sighted_side.wrong = false;
            let text = self.sighted_words().board_right();
            self.tell_sighted(text, Priority::Normal, AnnounceKind::FixUp);
            let text = self.vi_words().opponent_board_right();
            self.tell_vi(text, Priority::Normal, AnnounceKind::FixUp);
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
        let reply =
            self.vi_move_made() && !self.adjournment.adjourned && self.adjournment.sealed.is_none();
        let Some((pos, made)) = self.entry_position(reply) else {
            return self.tell_sighted(
                words.not_your_turn(),
                Priority::Normal,
                AnnounceKind::NotUnderstood,
            );
        };
        let trimmed = text.trim();
        let m = match self.typed_move(&pos, trimmed) {
            Ok(m) => m,
            Err(NotAMove(why)) => {
                let text = words.sighted_illegal(trimmed, &why);
                return self.tell_sighted(text, Priority::Normal, AnnounceKind::NotUnderstood);
            }
        };
        if let Some(made) = made {
            if made != m {
                self.entry_differs(m, Some(made), &pos);
            }
            return;
        }
        // With a sensor board the move made on it is the move (4.6): the entry waits for
        // it and is compared; without one the entry is the move.
        if self.sighted_side.board.is_some() {
            self.sighted_side.assistant_entry = Some((m, now, pos));
            return;
        }
        if reply {
            self.commit_unpressed(now);
        }
        self.sighted_move(now, m);
    }

    /// The assistant's entry `entry` differs from the move made on the board (`made`, or
    /// none made): a discrepancy for the arbiter (E.2.8), never recorded.
    pub(super) fn entry_differs(&mut self, entry: Move, made: Option<Move>, pos: &Chess) {
        let mode = self.config.castling_mode();
        let san = |m: Move| SanPlus::from_move(pos.clone(), m).to_string();
        let detail = match made {
            Some(made) => format!(
                "the assistant entered {} ({}), but {} was made on the sighted board; the \
                 board's move stands and the entry is not recorded",
                san(entry),
                entry.to_uci(mode),
                san(made)
            ),
            None => format!(
                "the assistant entered {} ({}), but the sighted board shows no move; the \
                 entry is not recorded",
                san(entry),
                entry.to_uci(mode)
            ),
        };
        self.alert(AlertKind::EntryDiffers, detail);
    }

    /// The assistant's entry waited `discrepancy_after` and the board shows no move.
    pub(super) fn assistant_entry_due(&mut self) {
        if let Some((m, _, pos)) = self.sighted_side.assistant_entry.take() {
            self.entry_differs(m, None, &pos);
        }
    }

    pub(super) fn sighted_move(&mut self, now: Duration, m: Move) {
        let pos = self.game.position().clone();
        let by = self.sighted();
        // Their lever is already down: the move on the board completes it (D.2.3).
        let pressed = self.sighted_press() == ClockPress::Automatic;
        if let Some(intended) = self.claims.sighted_intended
            && intended != m
        {
            // 9.5.2: after a rejected claim the intended move must be made; another one
            // is not played (the board is then put right like any wrong board).
            let text = self.sighted_words().make_intended(&pos, intended);
            return self.tell_sighted(text, Priority::High, AnnounceKind::Declaration);
        }
        self.claims.sighted_intended = None;
        if let Some((entry, _, entered_in)) = self.sighted_side.assistant_entry.take()
            && entry != m
        {
            // Named in the position it was entered in (the board's move in the game's).
            if &entered_in == self.game.position() {
                self.entry_differs(entry, Some(m), &pos);
            } else {
                self.entry_differs(entry, None, &entered_in);
            }
        }
        if let Err(b) = touch::check(&pos, &self.sighted_side.touches, &m) {
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
        self.sheet.records.push(record);
        self.sheet.history.push(pos.clone());
        self.sheet.unpressed = Some(self.sheet.records.len() - 1);
        self.sighted_side.touches.clear();
        self.vi_side.touches.clear();
        self.vi_side.said = None;
        self.vi_side.made_at = None;
        self.vi_side.confirm = None;
        self.vi_side.refused_illegal = None;
        self.peg.copy = Some((pos.clone(), m));
        self.peg.copy_since = now;
        self.peg.tracker.reset();
        self.peg.handled = None;
        self.position_effect(Some(m));
        let text = self.vi_words().opponent_move(&pos, m, by);
        self.tell_vi(text, Priority::High, AnnounceKind::OpponentMove);
        if let Some(o) = ended {
            return self.finish(now, o);
        }
        if let Some(at) = self.sighted_side.pending_press.take() {
            self.press(at, by);
            self.clock_effect(now);
        } else if pressed {
            self.press(now, by);
            self.clock_effect(now);
        }
    }

    /// Where the assistant's entry is played: the position on the sighted player's move,
    /// the one after the VI player's made move (`reply`: before its press, 6.2.2), or the
    /// one before the sighted move the board already gave, with that move to compare
    /// (4.6, E.2.8). `None` when it is not the sighted player's move.
    fn entry_position(&self, reply: bool) -> Option<(Chess, Option<Move>)> {
        if self.sighted_may_move() {
            return Some((self.game.position().clone(), None));
        }
        if reply && let Some(said) = &self.vi_side.said {
            let mut after = self.game.position().clone();
            after.play_unchecked(said.m);
            return Some((after, None));
        }
        match (
            self.sheet.records.last(),
            self.sheet.history.last(),
            self.game.moves().last(),
        ) {
            (Some(r), Some(before), Some(&m)) if r.color == self.sighted() => {
                Some((before.clone(), Some(m)))
            }
            _ => None,
        }
    }

    /// The assistant's typed move in `pos`: UCI, SAN (with or without its check sign) or
    /// the sighted player's language's words; why it is none otherwise.
    fn typed_move(&self, pos: &Chess, text: &str) -> Result<Move, NotAMove> {
        let by_notation = text
            .parse::<UciMove>()
            .ok()
            .and_then(|u| u.to_move(pos).ok())
            .or_else(|| {
                text.parse::<SanPlus>()
                    .ok()
                    .and_then(|s| s.san.to_move(pos).ok())
            })
            .or_else(|| text.parse::<San>().ok().and_then(|s| s.to_move(pos).ok()));
        if let Some(m) = by_notation {
            return Ok(m);
        }
        let lex = self.sighted_words().lex;
        match resolve_words(pos, lex, text) {
            Verdict::Move(m) => Ok(m),
            other => Err(NotAMove(
                other
                    .describe(pos, lex)
                    .unwrap_or_else(|| "a command, not a move".into()),
            )),
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
            SightedCommand::Claim { ground, intended } => self.sighted_claim(now, ground, intended),
            SightedCommand::ClaimFlag => self.sighted_claims_flag(now),
            SightedCommand::CallArbiter => {
                self.alert_by(
                    AlertKind::Called,
                    "the sighted player calls the arbiter".into(),
                    Some(Caller::Player {
                        color: by,
                        vi: false,
                        stopped: false,
                    }),
                );
                self.tell_both(
                    |p| p.arbiter_called(),
                    Priority::Normal,
                    AnnounceKind::Arbiter,
                );
            }
        }
    }

    /// The sighted player claims a draw (9.2, 9.3), with the intended move (UCI).
    fn sighted_claim(&mut self, now: Duration, ground: ClaimKind, intended: Option<UciMove>) {
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
        self.claim(now, self.sighted(), ground, intended);
    }

    /// The sighted player claims that the VI player's flag has fallen (6.8): the first
    /// flag observed decides (6.8–6.10), their own if it fell before.
    fn sighted_claims_flag(&mut self, now: Duration) {
        if self.clock.flag_of(self.vi, now).is_none() {
            let text = self.sighted_words().flag_not_fallen();
            return self.tell_sighted(text, Priority::Normal, AnnounceKind::Clock);
        }
        let first = self.clock_side.deciding_flag(self.vi);
        if let Ok(o) = self.flag_outcome(first) {
            self.finish(now, o);
        }
    }

    pub(super) fn press_grace(&mut self, at: Duration) {
        if self.sighted_side.pending_press.is_some() && self.illegal_on_sighted_board().is_some() {
            return self.sighted_illegal_move();
        }
        if self.sighted_side.pending_press.take().is_some() {
            self.alert_for(
                AlertKind::PressWithoutMove,
                AlertCause::SightedPressWithoutMove,
            );
            let _ = at;
        }
    }

    /// Since when neither the sighted board nor the game has changed: a difference between
    /// them counts from then (a move just made gives the sighted player time to copy it).
    pub(super) fn sighted_quiet_since(&self) -> Duration {
        let moved = self.sheet.records.last().map_or(Duration::ZERO, |r| r.at);
        self.sighted_side.changed.max(moved)
    }

    /// What the sighted board shows, compared with the game.
    pub(super) fn sighted_board_state(&self) -> SightedBoard {
        let Some(board) = &self.sighted_side.board else {
            return SightedBoard::Right;
        };
        let pos = self.game.position();
        if board == pos.board() {
            return SightedBoard::Right;
        }
        if let Some(before) = &self.sighted_side.copy
            && board == before.board()
        {
            return SightedBoard::NotCopied;
        }
        // The VI player's announced (or placed) move copied before their press: no alarm.
        if self.vi_to_move() {
            let said = self.vi_side.said.as_ref().map(|s| s.m);
            let placed = self.peg.tracker.executed_moves(pos);
            for m in said.into_iter().chain(placed) {
                let mut after = pos.clone();
                after.play_unchecked(m);
                if board == after.board() {
                    return SightedBoard::CopiedEarly;
                }
            }
        }
        if let Some(before) = &self.sighted_side.copy {
            let copy = self.sighted_copy_squares();
            let partial = Square::ALL.into_iter().all(|s| {
                let found = board.piece_at(s);
                let now = pos.board().piece_at(s);
                found == now
                    || (copy.contains(s)
                        && (found.is_none() || found == before.board().piece_at(s)))
            });
            if partial {
                return SightedBoard::CopyInProgress;
            }
        }
        // Only lifted pieces (a move being thought over in the hand).
        let placed = Square::ALL.into_iter().any(|s| {
            board
                .piece_at(s)
                .is_some_and(|p| pos.board().piece_at(s) != Some(p))
        });
        if !placed {
            return SightedBoard::InHand;
        }
        if self.sighted_may_move() && self.sighted_side.copy.is_none() {
            return SightedBoard::OwnMove;
        }
        SightedBoard::Wrong
    }

    /// How long the sighted board may show its state before the table speaks.
    pub(super) fn sighted_delay(&self) -> Option<Duration> {
        let t = &self.config.timings;
        match self.sighted_board_state() {
            SightedBoard::Right | SightedBoard::CopiedEarly | SightedBoard::InHand => None,
            SightedBoard::NotCopied | SightedBoard::CopyInProgress | SightedBoard::OwnMove => {
                Some(t.discrepancy_after)
            }
            SightedBoard::Wrong => Some(t.sighted_fixup_after),
        }
    }

    pub(super) fn sighted_quiet(&mut self) {
        self.sighted_side.handled = Some(self.sighted_quiet_since());
        match self.sighted_board_state() {
            SightedBoard::Right | SightedBoard::CopiedEarly | SightedBoard::InHand => {}
            // The VI player's move not yet executed there: a reminder, not an alert.
            SightedBoard::NotCopied => {
                let text = self.sighted_words().execute_on_board();
                self.tell_sighted(text, Priority::Normal, AnnounceKind::FixUp);
            }
            // Half a copy left standing: what is still to do, without an alarm.
            SightedBoard::CopyInProgress => {
                if let Some(board) = self.sighted_side.board.clone() {
                    let fixes = detect::board_differences(self.game.position().board(), &board);
                    let text = self.sighted_words().sighted_fixes(&board, &fixes);
                    self.tell_sighted(text, Priority::Normal, AnnounceKind::FixUp);
                }
            }
            SightedBoard::OwnMove | SightedBoard::Wrong => {
                let cause = AlertCause::SightedBoardDiffers;
                self.sighted_board_wrong(
                    AlertKind::SightedBoardDiffers,
                    (cause.english(), Some(cause)),
                    None,
                );
            }
        }
    }

    /// The sighted board is wrong: the sighted player hears exactly what to put right
    /// (after an illegal move, first which move it was), the VI player that the
    /// opponent's board is being put right (or the illegal move), and the arbiter is
    /// alerted.
    fn sighted_board_wrong(
        &mut self,
        kind: AlertKind,
        (detail, cause): (String, Option<AlertCause>),
        illegal: Option<Way>,
    ) {
        let Some(board) = self.sighted_side.board.clone() else {
            return;
        };
        let fixes = detect::board_differences(self.game.position().board(), &board);
        let (words, vi) = (self.sighted_words(), self.vi_words());
        if let Some(way) = illegal {
            let text = words.illegal_by_you(way);
            self.tell_sighted(text, Priority::High, AnnounceKind::Arbiter);
        }
        let text = words.sighted_fixes(&board, &fixes);
        self.tell_sighted(text, Priority::High, AnnounceKind::FixUp);
        if let Some(way) = illegal {
            let text = vi.illegal_by_opponent(way);
            self.tell_vi(text, Priority::High, AnnounceKind::Arbiter);
        }
        self.raise(kind, detail, None, cause);
        self.tell_vi(
            vi.opponent_board_fixing(),
            Priority::Normal,
            AnnounceKind::FixUp,
        );
        self.sighted_side.wrong = true;
    }

    /// The sighted board shows a completed move of the sighted player that is not legal:
    /// a piece of theirs on a square the game does not have it on, and no legal move that
    /// leads there. With the piece's way when one piece moved: (role, from, to).
    pub(super) fn illegal_on_sighted_board(&self) -> Option<Way> {
        let board = self.sighted_side.board.as_ref()?;
        let pos = self.game.position();
        // Judged from their own last board (E.2.7): an old difference is not this move.
        let was = self.sighted_side.base.as_ref().unwrap_or(pos.board());
        let sighted = self.sighted();
        let arrived: Vec<(Square, Piece)> = Square::ALL
            .into_iter()
            .filter_map(|s| board.piece_at(s).map(|p| (s, p)))
            .filter(|&(s, p)| {
                p.color == sighted
                    && pos.board().piece_at(s) != Some(p)
                    && was.piece_at(s) != Some(p)
            })
            .collect();
        if arrived.is_empty()
            || !detect::moves_to(pos, board).is_empty()
            || own_board_move(pos, was, board).is_some()
        {
            return None;
        }
        let left: Vec<(Square, Piece)> = Square::ALL
            .into_iter()
            .filter_map(|s| was.piece_at(s).map(|p| (s, p)))
            .filter(|&(s, p)| p.color == sighted && board.piece_at(s) != Some(p))
            .collect();
        Some(match (arrived.as_slice(), left.as_slice()) {
            ([(to, p)], [(from, q)]) if p == q => Some((p.role, *from, *to)),
            _ => None,
        })
    }

    /// 7.5.1: the sighted player pressed the clock after an illegal move. The position
    /// before it stands and it is still their move (their clock runs on); the arbiter
    /// decides the penalty (7.5.5), the VI player keeps every right to claim.
    pub(super) fn sighted_illegal_move(&mut self) {
        let Some(way) = self.illegal_on_sighted_board() else {
            return;
        };
        if let Some((Role::Pawn, from, to)) = way
            && let Some(m) = self.unpromoted_pawn(from, to)
        {
            return self.sighted_unpromoted(m);
        }
        self.sighted_side.pending_press = None;
        let uci = way.map_or("several pieces moved".into(), |(_, from, to)| {
            format!("{from}{to}")
        });
        let board = self
            .sighted_side
            .board
            .as_ref()
            .map(|b| b.to_string())
            .unwrap_or_default();
        let detail = format!(
            "the sighted player ({}) pressed the clock after an illegal move ({uci}; board \
             {board}); the position before it stands",
            self.sighted()
        );
        self.sighted_side.handled = Some(self.sighted_quiet_since());
        self.sighted_board_wrong(AlertKind::IllegalMove, (detail, None), Some(way));
    }
}

impl Table {
    /// The queen promotion of the pawn the sighted board shows moved from `from` to
    /// the last rank `to` and left a pawn there (7.5.2).
    fn unpromoted_pawn(&self, from: Square, to: Square) -> Option<Move> {
        self.game
            .position()
            .legal_moves()
            .into_iter()
            .find(|m| m.from() == Some(from) && m.to() == to && m.promotion() == Some(Role::Queen))
    }

    /// 7.5.2: the sighted player pressed with a pawn left unpromoted on the last rank:
    /// the pawn is replaced by a queen of its colour, the move stands as that promotion
    /// (announced to the VI player so, with check where it gives one), the arbiter is
    /// informed and decides the penalty (7.5.5).
    fn sighted_unpromoted(&mut self, m: Move) {
        let now = self.now;
        let pos = self.game.position().clone();
        let detail = format!(
            "7.5.2: the sighted player ({}) pressed the clock with an unpromoted pawn ({}); \
             it is replaced by a queen; the penalty is the arbiter's (7.5.5)",
            self.sighted(),
            SanPlus::from_move(pos, m)
        );
        let text = self.sighted_words().unpromoted_by_you();
        self.tell_sighted(text, Priority::High, AnnounceKind::Arbiter);
        let text = self.vi_words().unpromoted_by_opponent();
        self.tell_vi(text, Priority::High, AnnounceKind::Arbiter);
        self.alert(AlertKind::IllegalMove, detail);
        self.sighted_side.base = self.sighted_side.board.clone();
        self.sighted_move(now, m);
    }
}

/// The one legal move of `pos` that changes `was` (the mover's own last board) into
/// `board`: the move's squares set as in the position after it, every other square as it
/// was, and each square the mover's pieces arrive on changed on their board.
pub(super) fn own_board_move(pos: &Chess, was: &Board, board: &Board) -> Option<Move> {
    if was == board {
        return None;
    }
    let mover = pos.turn();
    let mut found = None;
    for m in pos.legal_moves() {
        let mut after = pos.clone();
        after.play_unchecked(m);
        let mut expected = was.clone();
        let mut arrivals_new = true;
        for sq in detect::changed_squares(pos.board(), after.board()) {
            match after.board().piece_at(sq) {
                Some(p) => {
                    if p.color == mover && was.piece_at(sq) == Some(p) {
                        arrivals_new = false;
                    }
                    expected.set_piece_at(sq, p);
                }
                None => {
                    expected.discard_piece_at(sq);
                }
            }
        }
        if arrivals_new && &expected == board {
            if found.is_some() {
                return None;
            }
            found = Some(m);
        }
    }
    found
}

/// Why the assistant's typed text is no move here, in the sighted player's words.
#[derive(Debug)]
struct NotAMove(String);
