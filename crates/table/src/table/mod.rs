//! The table state machine: inputs with `now` in, effects out, timers through
//! `poll_timeout`. All state is a pure function of the configuration and the inputs.

use std::collections::{BTreeSet, VecDeque};
use std::time::Duration;

use annabella_phonetic::{
    Alternative, ClaimGround, Command, Lexicon, Side, SpokenMove, Verdict, answer, resolve_nbest,
    resolve_words,
};
use annabella_rules::{
    ClaimKind, ClaimVerdict, Clock, Game, GameError, GameResult, IllegalKind, IllegalVerdict,
    Outcome, Penalty, Termination,
};
use shakmaty::{
    Bitboard, Board, ByColor, Chess, Color, EnPassantMode, Move, Piece, Position, Role, Square,
    fen::Fen,
    san::{San, SanPlus},
    uci::UciMove,
};

mod adjournment;
mod arbiter;
mod claims;
mod clock;
mod online;
mod outbox;
mod peg_board;
mod plain;
mod practice;
mod rocker;
mod scoresheet;
mod sighted;
mod timers;
mod vi;

use adjournment::Adjournment;
use claims::{Claims, claim_kind};
use clock::ClockSide;
use online::OnlineSide;
use outbox::Outbox;
use peg_board::PegSide;
use practice::PracticeSide;
use rocker::Rocker;
use scoresheet::Scoresheet;
use sighted::SightedSide;
use vi::{Said, ViSide};

use crate::{
    AlertCause, AlertKind, AnnounceKind, Announcement, ArbiterAction, ArbiterAlert, Audience,
    Caller, ClockButton, ClockCommand, ClockPress, Effect, GameEnd, Haptic, IllegalMark, Input,
    PegFix, PendingClaimView, Priority, RecordedMove, SealedMove, SightedCommand, TableConfig,
    TableView,
    config::ConfigError,
    detect::{self, Difference, PegTracker},
    phrases::Phrases,
    touch::{self, Binding, captured_square},
};

/// An input the table could not take (nothing changed).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    /// `RestorePosition` beyond the moves played.
    #[error("restore position: {0}")]
    Restore(#[source] annabella_rules::GameError),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Timer {
    Flag(Color),
    AutoCommit,
    LowTime,
    PegQuiet,
    PressGrace,
    PressSettle,
    SightedQuiet,
    AssistantEntry,
}

/// One chess table under the Laws for play between a visually impaired and a sighted
/// player: a sans-IO state machine in the style of quinn-proto.
///
/// Feed every input with [`handle`](Table::handle), drain [`poll_effect`](Table::poll_effect)
/// after each, and call [`handle_timeout`](Table::handle_timeout) at
/// [`poll_timeout`](Table::poll_timeout). Time is a `Duration` since an epoch the caller
/// chooses; nothing here reads a clock. The same configuration and the same
/// `(now, input)` sequence always give the same table.
///
/// # Examples
/// ```
/// use std::time::Duration;
/// use annabella_table::{Table, TableConfig, Input, Effect, Hypothesis};
/// use shakmaty::Square;
/// let mut table = Table::new(TableConfig::default())?;
/// let s = Duration::from_secs;
/// table.handle(s(0), Input::Start)?;
/// table.handle(s(5), Input::Heard { alternatives: vec![Hypothesis { text: "Springer Felix drei".into(), score: 1.0 }] })?;
/// table.handle(s(7), Input::PegLift { square: Square::G1 })?;
/// table.handle(s(8), Input::PegPlace { square: Square::F3 })?;
/// table.handle(s(9), Input::Lever { side: shakmaty::Color::White })?;
/// assert_eq!(table.snapshot().moves[0].to_string(), "Nf3");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Table {
    config: TableConfig,
    vi: Color,
    game: Game,
    clock: Clock,
    now: Duration,
    started: bool,
    end: Option<GameEnd>,
    /// The effects waiting to be drained, and the announcements being spoken.
    out: Outbox,
    /// The scoresheet: moves recorded, positions before them, presses outstanding, offers.
    sheet: Scoresheet,
    /// The VI player's move in progress: announced, made, touches, a question to confirm.
    vi_side: ViSide,
    /// The VI player's peg board (or a board without sensors) and its fix-ups.
    peg: PegSide,
    /// The sighted player's e-board, their move in progress and the copy of the VI move.
    sighted_side: SightedSide,
    /// A claim waiting for the arbiter and the intended moves of rejected claims.
    claims: Claims,
    /// The flags seen, the low-time reminders and the clock device's state.
    clock_side: ClockSide,
    /// Adjourned and the sealed move (duty f).
    adjournment: Adjournment,
    /// The clock's lever as it physically is (the DGT 3000's rocker) and what was told.
    rocker: Rocker,
    /// A practice game's question to the opponent, and an opponent that is gone.
    practice: PracticeSide,
    online: OnlineSide,
}

fn fen_of(pos: &Chess) -> Fen {
    Fen::from_position(pos, EnPassantMode::Legal)
}

impl Table {
    /// A table with the pieces set up and the clocks set, not yet started.
    ///
    /// # Errors
    /// [`ConfigError`] when the start position in the configuration is not usable.
    pub fn new(config: TableConfig) -> Result<Table, ConfigError> {
        let start = config.start_position()?;
        let rate = config.time_control.rate_of_play();
        let game = Game::from_position(start.clone(), config.edition, rate);
        let clock = Clock::new(config.time_control.clone());
        Ok(Table {
            vi: config.vi_color,
            peg: PegSide::new(start.board().occupied()),
            config,
            game,
            clock,
            now: Duration::ZERO,
            started: false,
            end: None,
            out: Outbox::default(),
            sheet: Scoresheet::default(),
            vi_side: ViSide::default(),
            sighted_side: SightedSide::default(),
            claims: Claims::default(),
            clock_side: ClockSide::default(),
            adjournment: Adjournment::default(),
            rocker: Rocker::default(),
            practice: PracticeSide::default(),
            online: OnlineSide::default(),
        })
    }

    // ---------------------------------------------------------------- getters

    /// The configuration the table was made with.
    pub fn config(&self) -> &TableConfig {
        &self.config
    }

    /// The game (position, moves, outcome, offers).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The clock.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The moves recorded so far (with clock times).
    pub fn records(&self) -> &[RecordedMove] {
        &self.sheet.records
    }

    /// The plies (from 1) after which a player offered a draw: `(=)` after that move on
    /// the scoresheet (9.1.2.2).
    pub fn draw_offers(&self) -> &[usize] {
        &self.sheet.draw_offers
    }

    /// The illegal moves the arbiter penalised (7.5.5), in order: marked at the move on
    /// the printed scoresheet.
    pub fn illegal_moves(&self) -> &[IllegalMark] {
        &self.sheet.illegal
    }

    /// The sealed move of an adjourned game, waiting for the arbiter's `resume` (duty f).
    pub fn sealed_move(&self) -> Option<Move> {
        self.adjournment.sealed.map(|(m, _)| m)
    }

    /// How the game ended, if it has.
    pub fn end(&self) -> Option<&GameEnd> {
        self.end.as_ref()
    }

    /// The latest `now` the table was given.
    pub fn now(&self) -> Duration {
        self.now
    }

    /// What the console shows, at the latest `now`.
    pub fn snapshot(&self) -> TableView {
        let now = self.now;
        let pos = self.game.position();
        let said_move = self.vi_side.said.as_ref().map(|s| s.m);
        TableView {
            fen: fen_of(pos),
            turn: pos.turn(),
            vi_color: self.vi,
            started: self.started,
            paused: self.clock.is_paused(),
            moves: (self.sheet.history.iter())
                .zip(self.game.moves())
                .map(|(before, &m)| SanPlus::from_move(before.clone(), m))
                .collect(),
            white_time: self.clock.remaining(Color::White, now),
            black_time: self.clock.remaining(Color::Black, now),
            running: self.clock.running(),
            said: said_move.map(|m| m.to_uci(self.config.castling_mode())),
            said_words: said_move.map(|m| self.vi_words().full(pos, m)),
            made: self.vi_made().is_some(),
            touched: self.vi_side.touches.clone(),
            peg_board: self.peg.tracker.occupancy().into_iter().collect(),
            peg_in_sync: self.peg.copy.is_none() && self.peg.tracker.shows(pos),
            sighted_board: self.sighted_side.board.clone(),
            sighted_in_sync: self.sighted_side.board.as_ref().map(|b| b == pos.board()),
            draw_offer: self.game.pending_draw_offer(),
            claim_pending: self.claims.pending.is_some(),
            claim: self.claims.pending.as_ref().map(|c| PendingClaimView {
                by: c.by,
                ground: c.kind,
                intended: c.intended.map(|m| m.to_uci(self.config.castling_mode())),
            }),
            white_moves: self.clock.moves(Color::White),
            black_moves: self.clock.moves(Color::Black),
            move_clocks: self.sheet.records.iter().map(|r| r.clock).collect(),
            alerts: self.out.alerts,
            draw_offers: self.sheet.draw_offers.clone(),
            result: self.end.clone(),
            consult: self.practice.consult,
            opponent_lost: self.practice.opponent_lost.clone(),
            adjourned: self.adjournment.adjourned || self.adjournment.sealed.is_some(),
            takeback_asked: self.online.takeback_asked && self.end.is_none(),
            opponent_left: self.online.left && self.end.is_none(),
            online_requests: self.online.requests.clone(),
            aborted: self.aborted(),
        }
    }

    /// The game as PGN, with `[%clk h:mm:ss]` after every move.
    pub fn pgn(&self) -> String {
        crate::pgn::write(self)
    }

    pub(crate) fn start_position(&self) -> &Chess {
        self.game.start()
    }

    // ---------------------------------------------------------------- sans-IO surface

    /// The next effect to carry out, oldest first.
    pub fn poll_effect(&mut self) -> Option<Effect> {
        self.out.effects.pop_front()
    }

    /// When to call [`handle_timeout`](Table::handle_timeout) next (flag fall, correction
    /// window, reminders, fix-ups).
    pub fn poll_timeout(&self) -> Option<Duration> {
        let flag = self.clock.next_deadline(self.now);
        let timers = self.timers().into_iter().map(|(at, _)| at);
        flag.into_iter().chain(timers).min()
    }

    /// A timer came due: the same as `handle(now, Input::Tick)`.
    pub fn handle_timeout(&mut self, now: Duration) {
        // A tick cannot fail.
        let _ = self.handle(now, Input::Tick);
    }

    /// Takes one input at `now` (never earlier than the previous one; an earlier `now`
    /// counts as the previous).
    ///
    /// # Errors
    /// [`InputError`] for a malformed input; the table is unchanged then.
    pub fn handle(&mut self, now: Duration, input: Input) -> Result<(), InputError> {
        let now = now.max(self.now);
        self.now = now;
        self.run_timers(now);
        let offer_before = self.game.pending_draw_offer();
        let records_before = self.sheet.records.len();
        let sighted_touches_before = self.sighted_side.touches.clone();
        match input {
            Input::Start => self.start(now),
            Input::Tick => {}
            Input::Heard { alternatives } => self.heard(now, &alternatives),
            // A board without sensors sends nothing; a stray event changes nothing.
            Input::PegLift { .. } | Input::PegPlace { .. } | Input::PegSnapshot { .. }
                if self.plain() => {}
            Input::PegLift { square } => self.peg_lift(now, square),
            Input::PegPlace { square } => self.peg_place(now, square),
            Input::PegSnapshot { occupied } => {
                let occ: Bitboard = occupied.into_iter().collect();
                self.peg.tracker.snapshot(now, occ);
            }
            Input::SightedBoard { placement } => self.sighted_snapshot(now, placement),
            Input::SightedMove { uci } => self.sighted_uci(now, &uci),
            Input::SightedLift { square } => self.sighted_lift(square),
            Input::AssistantMove { text } => self.assistant_move(now, &text),
            Input::Lever { side } => self.lever(now, side),
            Input::ViPlaced => self.vi_placed(now),
            Input::ClockDevice { state, lever } => {
                self.lever_reported(lever);
                self.clock_device(now, state);
            }
            Input::Button { button } => self.button(now, button),
            Input::ButtonReleased { .. } => {}
            Input::Sighted(SightedCommand::CallArbiter) => {
                let by = self.sighted();
                self.call_arbiter(now, by);
            }
            Input::Sighted(cmd) => self.sighted_command(now, cmd),
            Input::Arbiter(action)
            | Input::ByArbiter {
                action: Some(action),
                ..
            } => self.arbiter(now, action)?,
            Input::ByArbiter { action: None, .. } => {}
            Input::AnnouncementDone { id } => self.out.done(id),
            Input::OpponentMove { uci, ply } => self.opponent_move(now, &uci, ply),
            Input::Advice(advice) => self.advice(&advice),
            Input::OpponentLost { reason, failure } => {
                self.opponent_lost(now, &reason, failure.as_ref());
            }
            Input::OpponentBack { name } => self.opponent_back(now, &name),
            Input::Online(notice) => self.online_notice(now, notice),
        }
        self.settle(now);
        self.press_owed(now);
        self.note_draw_offer(offer_before, records_before);
        self.tell_arbiter_notice();
        self.tell_sighted_touches(&sighted_touches_before, records_before);
        self.tell_lever();
        Ok(())
    }

    /// D.2.10.5 duty e: once the sighted player's move is on the board, the VI player is
    /// told of every other piece they touched before it (claiming stays the VI player's
    /// decision).
    fn tell_sighted_touches(&mut self, touched: &[Square], records_before: usize) {
        let sighted = self.sighted();
        if touched.is_empty()
            || self.sheet.records.len() <= records_before
            || self.sheet.records.last().is_none_or(|r| r.color != sighted)
        {
            return;
        }
        let (Some(&m), Some(before)) = (self.game.moves().last(), self.sheet.history.last()) else {
            return;
        };
        let moved = [m.from(), Some(m.to()), captured_square(&m)];
        let told: Vec<(Square, shakmaty::Piece)> = touched
            .iter()
            .filter(|&&sq| !moved.contains(&Some(sq)))
            // Only a touch that bound them (4.3) and that the move broke: not a piece
            // with no legal move (4.5), nor the rook of a castling (4.4.2).
            .filter(|&&sq| touch::check(before, &[sq], &m).is_err())
            .filter_map(|&sq| before.board().piece_at(sq).map(|p| (sq, p)))
            .collect();
        for (sq, piece) in told {
            let text = self.vi_words().opponent_touched(sq, piece);
            self.tell_vi(text, Priority::Normal, AnnounceKind::TouchMove);
        }
    }

    /// 9.1.2.2: a draw offer is written `(=)` after the offerer's move — the last one, or,
    /// when they offered before moving, the move they make next.
    fn note_draw_offer(&mut self, before: Option<Color>, records_before: usize) {
        if let Some(by) = self.sheet.offer_with_next
            && let Some(r) = self.sheet.records[records_before.min(self.sheet.records.len())..]
                .iter()
                .find(|r| r.color == by)
        {
            self.sheet.draw_offers.push(r.ply);
            self.sheet.offer_with_next = None;
        }
        let Some(by) = self.game.pending_draw_offer() else {
            return;
        };
        if before == Some(by) {
            return;
        }
        if self.game.turn() == by && !self.over() {
            self.sheet.offer_with_next = Some(by);
        } else if let Some(r) = self.sheet.records.iter().rev().find(|r| r.color == by)
            && !self.sheet.draw_offers.contains(&r.ply)
        {
            self.sheet.draw_offers.push(r.ply);
        }
    }

    // ---------------------------------------------------------------- helpers

    fn vi_words(&self) -> Phrases {
        Phrases::new(self.config.language)
    }

    fn sighted_words(&self) -> Phrases {
        Phrases::new(self.config.sighted_language)
    }

    fn sighted(&self) -> Color {
        !self.vi
    }

    fn over(&self) -> bool {
        self.end.is_some()
    }

    fn vi_to_move(&self) -> bool {
        self.started && !self.over() && self.game.turn() == self.vi
    }

    fn announce(&mut self, to: Audience, text: String, priority: Priority, kind: AnnounceKind) {
        self.out.announce(to, text, priority, kind);
    }

    fn tell_vi(&mut self, text: String, priority: Priority, kind: AnnounceKind) {
        self.announce(Audience::ViPlayer, text, priority, kind);
    }

    fn tell_sighted(&mut self, text: String, priority: Priority, kind: AnnounceKind) {
        self.announce(Audience::SightedPlayer, text, priority, kind);
    }

    /// The same sentence to both players, once when they share a language.
    fn tell_both(
        &mut self,
        say: impl Fn(Phrases) -> String,
        priority: Priority,
        kind: AnnounceKind,
    ) {
        if self.config.language == self.config.sighted_language {
            let text = say(self.vi_words());
            self.announce(Audience::Both, text, priority, kind);
        } else {
            let (a, b) = (say(self.vi_words()), say(self.sighted_words()));
            self.tell_vi(a, priority, kind);
            self.tell_sighted(b, priority, kind);
        }
    }

    fn clock_effect(&mut self, now: Duration) {
        let running = if self.clock.is_paused() || self.over() {
            None
        } else {
            self.clock.running()
        };
        self.out.push(Effect::Clock(ClockCommand::Set {
            white: self.clock.remaining(Color::White, now),
            black: self.clock.remaining(Color::Black, now),
            running,
        }));
    }

    fn position_effect(&mut self, last_move: Option<Move>) {
        let mode = self.config.castling_mode();
        self.out.push(Effect::Position {
            fen: fen_of(self.game.position()),
            last_move: last_move.map(|m| m.to_uci(mode)),
        });
    }

    fn alert(&mut self, kind: AlertKind, detail: String) {
        self.raise(kind, detail, None, None);
    }

    /// An alert naming who called the arbiter (`caller`), for pages in any language.
    fn alert_by(&mut self, kind: AlertKind, detail: String, caller: Option<Caller>) {
        self.raise(kind, detail, caller, None);
    }

    /// An alert with its `cause`, for pages in any language (its detail in English).
    fn alert_for(&mut self, kind: AlertKind, cause: AlertCause) {
        self.raise(kind, cause.english(), None, Some(cause));
    }

    fn raise(
        &mut self,
        kind: AlertKind,
        detail: String,
        caller: Option<Caller>,
        cause: Option<AlertCause>,
    ) {
        let pos = self.game.position();
        let alert = ArbiterAlert {
            kind: kind.clone(),
            detail,
            game_fen: fen_of(pos),
            vi_board: self.peg.tracker.placement(pos),
            sighted_board: self.sighted_side.board.clone(),
            ply: self.game.moves().len(),
            caller,
            cause,
        };
        self.out.alerts += 1;
        self.out.push(Effect::ArbiterAlert(alert));
        // The VI player is told whenever the arbiter is alerted (a call says so itself),
        // after this input's other announcements, so that a move is never cut off by it.
        if !matches!(kind, AlertKind::Called | AlertKind::Claim) {
            self.out.arbiter_notice_due = true;
        }
    }

    fn tell_arbiter_notice(&mut self) {
        if std::mem::take(&mut self.out.arbiter_notice_due) {
            let text = self.vi_words().arbiter_informed();
            self.tell_vi(text, Priority::Normal, AnnounceKind::Arbiter);
        }
    }

    /// Records every move still waiting for its press, in the order played.
    fn flush_unpressed(&mut self) {
        for r in self.sheet.take_unpressed() {
            self.out.push(Effect::RecordMove(r));
        }
    }

    fn finish(&mut self, now: Duration, outcome: Outcome) {
        if self.over() {
            return;
        }
        let end = GameEnd::from(outcome);
        self.flush_unpressed();
        if self.clock.is_started() && !self.clock.is_paused() {
            let _ = self.clock.pause(now);
        }
        self.end = Some(end.clone());
        self.vi_side.said = None;
        self.vi_side.made_at = None;
        self.vi_side.confirm = None;
        self.claims.clear();
        self.sighted_side.assistant_entry = None;
        self.clock_effect(now);
        self.tell_both(
            |p| p.game_over(&end),
            Priority::Urgent,
            AnnounceKind::GameOver,
        );
        self.out.push(Effect::GameOver(end));
    }
}
