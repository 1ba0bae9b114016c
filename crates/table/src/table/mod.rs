//! The table state machine: inputs with `now` in, effects out, timers through
//! `poll_timeout`. All state is a pure function of the configuration and the inputs.

use std::collections::{BTreeSet, VecDeque};
use std::time::Duration;

use annabella_phonetic::{
    Alternative, ClaimGround, Command, Lexicon, Side, Verdict, answer, resolve_nbest, resolve_words,
};
use annabella_rules::{
    ClaimKind, ClaimVerdict, Clock, Game, GameError, GameResult, IllegalKind, IllegalVerdict,
    Outcome, Penalty, Termination,
};
use shakmaty::{
    Bitboard, Board, Chess, Color, EnPassantMode, Move, Piece, Position, Role, Square,
    fen::Fen,
    san::{San, SanPlus},
    uci::UciMove,
};

mod arbiter;
mod claims;
mod clock;
mod peg_board;
mod plain;
mod sighted;
mod timers;

mod vi;

use crate::{
    AlertKind, AnnounceKind, Announcement, ArbiterAction, ArbiterAlert, Audience, ClockButton,
    ClockCommand, ClockPress, Effect, GameEnd, Ground, Haptic, Input, PegFix, PendingClaimView,
    Priority, RecordedMove, SealedMove, SightedCommand, TableConfig, TableView,
    config::ConfigError,
    detect::{self, Difference, PegTracker},
    phrases::Phrases,
    touch::{self, Binding, captured_square},
};

/// An input the table could not take (nothing changed).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    /// A sighted-board snapshot whose placement is not a FEN board.
    #[error("sighted board placement {placement:?}: {error}")]
    Placement {
        /// The text received.
        placement: String,
        /// What is wrong with it.
        error: String,
    },
    /// `DeclareResult` with a result that is not `1-0`, `0-1` or `1/2-1/2`.
    #[error("declare result {0:?}: expected 1-0, 0-1 or 1/2-1/2")]
    Result(String),
    /// `RestorePosition` beyond the moves played.
    #[error("restore position: {0}")]
    Restore(String),
}

/// The VI player's announced move, waiting to be made (D.2.3) and its clock pressed.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Said {
    m: Move,
    at: Duration,
    /// The move has been made (D.2.3, 4.6): announced, placed, capture removed. From
    /// then on it stands; only the clock press is left.
    made: bool,
}

/// A declaration that waits for "ja".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Confirm {
    Resign,
    AcceptDraw,
}

/// A claim waiting for the arbiter (with `claims_by_arbiter`).
#[derive(Debug, Clone, PartialEq, Eq)]
struct PendingClaim {
    by: Color,
    kind: ClaimKind,
    intended: Option<Move>,
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
/// assert_eq!(table.snapshot().moves, ["Nf3"]);
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
    effects: VecDeque<Effect>,
    next_id: u64,
    speaking: BTreeSet<u64>,
    history: Vec<Chess>,
    records: Vec<RecordedMove>,
    unpressed: Option<usize>,
    /// The VI player's made move, played in the game because the sighted player replied
    /// before its press (6.2.2: a late press is allowed): its record waits for the press.
    vi_unpressed: Option<usize>,
    end: Option<GameEnd>,
    said: Option<Said>,
    /// The intended move of the VI player's rejected claim: it must be the move made.
    intended: Option<Move>,
    /// The intended move of the sighted player's rejected claim: the only move they may
    /// make on their board.
    sighted_intended: Option<Move>,
    touches: Vec<Square>,
    confirm: Option<Confirm>,
    made_at: Option<Duration>,
    peg: PegTracker,
    peg_copy: Option<(Chess, Move)>,
    peg_copy_since: Duration,
    peg_handled: Option<Duration>,
    peg_last_fix: Option<Duration>,
    /// The peg board must be brought to the game position (after the arbiter restored one).
    peg_resync: bool,
    peg_fixups: u32,
    peg_fix_spoken: bool,
    sighted_board: Option<Board>,
    /// The sighted player's own last observed board, without a move of theirs in
    /// progress: their move is the change from it (E.2.7, D.2.9).
    sighted_base: Option<Board>,
    /// The assistant's entry of the sighted player's move, waiting for the board's (4.6:
    /// the move made on the board is the move; an entry that differs goes to the arbiter).
    assistant_entry: Option<(Move, Duration, Chess)>,
    sighted_changed: Duration,
    sighted_handled: Option<Duration>,
    sighted_copy: Option<Chess>,
    sighted_touches: Vec<Square>,
    /// The sighted player was told their board is wrong; they hear when it is right.
    sighted_wrong: bool,
    /// The arbiter was alerted during this input: the VI player is told once its
    /// announcements (a move first) are out.
    arbiter_notice_due: bool,
    pending_press: Option<Duration>,
    flag_seen: [bool; 2],
    /// The flag observed first (6.8–6.10): it decides when both fall.
    first_flag: Option<Color>,
    /// Adjourned (duty f): the player on move seals their next move; then the sealed move.
    adjourned: bool,
    sealed: Option<(Move, Duration)>,
    /// When the last low-time minute tick was given.
    low_time_ticked: Option<Duration>,
    pending_claim: Option<PendingClaim>,
    alerts: usize,
    /// The clock device is lost: the table keeps the time, presses are automatic.
    clock_lost: bool,
    /// The clock device reported a low battery (told once).
    clock_low_battery: bool,
    /// A board without sensors: the fix-up still to be done, repeated on request.
    plain_fix: Option<String>,
    /// Plies (from 1) after which a draw offer was made: `(=)` on the scoresheet (9.1.2.2).
    draw_offers: Vec<usize>,
    /// A draw offer made by this player before their move: it goes after that move.
    offer_with_next: Option<Color>,
}

fn color_index(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

fn ground_kind(g: Ground) -> ClaimKind {
    match g {
        Ground::Threefold => ClaimKind::Threefold,
        Ground::FiftyMoves => ClaimKind::FiftyMoves,
    }
}

fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// `1-0` / `0-1` / `1/2-1/2`.
fn result_text(r: GameResult) -> &'static str {
    match r {
        GameResult::WhiteWins => "1-0",
        GameResult::BlackWins => "0-1",
        GameResult::Draw => "1/2-1/2",
    }
}

/// The PGN `Termination` tag value.
fn pgn_termination(t: Termination) -> &'static str {
    match t {
        Termination::FlagFall => "time forfeit",
        Termination::IllegalMoves => "rules infraction",
        Termination::Arbiter => "adjudication",
        _ => "normal",
    }
}

fn game_end(o: Outcome) -> GameEnd {
    GameEnd {
        result: result_text(o.result).into(),
        termination: o.termination.as_str().into(),
        pgn_termination: pgn_termination(o.termination).into(),
    }
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
            peg: PegTracker::new(start.board().occupied()),
            sighted_board: None,
            sighted_base: None,
            assistant_entry: None,
            config,
            game,
            clock,
            now: Duration::ZERO,
            started: false,
            effects: VecDeque::new(),
            next_id: 1,
            speaking: BTreeSet::new(),
            history: Vec::new(),
            records: Vec::new(),
            unpressed: None,
            vi_unpressed: None,
            end: None,
            said: None,
            intended: None,
            sighted_intended: None,
            touches: Vec::new(),
            confirm: None,
            made_at: None,
            peg_copy: None,
            peg_copy_since: Duration::ZERO,
            peg_handled: None,
            peg_last_fix: None,
            peg_resync: false,
            peg_fixups: 0,
            peg_fix_spoken: false,
            sighted_changed: Duration::ZERO,
            sighted_handled: None,
            sighted_copy: None,
            sighted_touches: Vec::new(),
            sighted_wrong: false,
            arbiter_notice_due: false,
            pending_press: None,
            flag_seen: [false; 2],
            first_flag: None,
            low_time_ticked: None,
            adjourned: false,
            sealed: None,
            pending_claim: None,
            alerts: 0,
            clock_lost: false,
            clock_low_battery: false,
            plain_fix: None,
            draw_offers: Vec::new(),
            offer_with_next: None,
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
        &self.records
    }

    /// The plies (from 1) after which a player offered a draw: `(=)` after that move on
    /// the scoresheet (9.1.2.2).
    pub fn draw_offers(&self) -> &[usize] {
        &self.draw_offers
    }

    /// The sealed move of an adjourned game, waiting for the arbiter's `resume` (duty f).
    pub fn sealed_move(&self) -> Option<Move> {
        self.sealed.map(|(m, _)| m)
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
        let said_move = self.said.as_ref().map(|s| s.m);
        TableView {
            fen: fen_of(pos),
            turn: pos.turn(),
            vi_color: self.vi,
            started: self.started,
            paused: self.clock.is_paused(),
            moves: self.records.iter().map(|r| r.san.clone()).collect(),
            white_time: self.clock.remaining(Color::White, now),
            black_time: self.clock.remaining(Color::Black, now),
            running: self.clock.running(),
            said: said_move.map(|m| m.to_uci(self.config.castling_mode())),
            said_words: said_move.map(|m| self.vi_words().full(pos, m)),
            made: self.vi_made().is_some(),
            touched: self.touches.clone(),
            peg_board: self.peg.occupancy().into_iter().collect(),
            peg_in_sync: self.peg_copy.is_none() && self.peg.shows(pos),
            sighted_board: self.sighted_board.as_ref().map(|b| b.to_string()),
            sighted_in_sync: self.sighted_board.as_ref().map(|b| b == pos.board()),
            draw_offer: self.game.pending_draw_offer(),
            claim_pending: self.pending_claim.is_some(),
            claim: self.pending_claim.as_ref().map(|c| PendingClaimView {
                by: c.by,
                ground: match c.kind {
                    ClaimKind::Threefold => Ground::Threefold,
                    ClaimKind::FiftyMoves => Ground::FiftyMoves,
                },
                intended: c.intended.map(|m| m.to_uci(self.config.castling_mode())),
            }),
            white_moves: self.clock.moves(Color::White),
            black_moves: self.clock.moves(Color::Black),
            move_clocks: self.records.iter().map(|r| r.clock).collect(),
            alerts: self.alerts,
            draw_offers: self.draw_offers.clone(),
            result: self.end.clone(),
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
        self.effects.pop_front()
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
        let records_before = self.records.len();
        let sighted_touches_before = self.sighted_touches.clone();
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
                self.peg.snapshot(now, occ);
            }
            Input::SightedBoard { placement } => {
                let board: Board =
                    placement
                        .parse()
                        .map_err(|e: shakmaty::fen::ParseFenError| InputError::Placement {
                            placement: placement.clone(),
                            error: e.to_string(),
                        })?;
                self.sighted_snapshot(now, board);
            }
            Input::SightedMove { uci } => self.sighted_uci(now, &uci),
            Input::SightedLift { square } => self.sighted_lift(square),
            Input::AssistantMove { text } => self.assistant_move(now, &text),
            Input::Lever { side } => self.lever(now, side),
            Input::ViPlaced => self.vi_placed(now),
            Input::ClockDevice { state } => self.clock_device(now, state),
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
            Input::AnnouncementDone { id } => {
                if self.speaking.remove(&id) && self.speaking.is_empty() {
                    self.effects.push_back(Effect::UnmuteMic);
                }
            }
        }
        self.settle(now);
        self.note_draw_offer(offer_before, records_before);
        self.tell_arbiter_notice();
        self.tell_sighted_touches(&sighted_touches_before, records_before);
        Ok(())
    }

    /// D.2.10.5 duty e: once the sighted player's move is on the board, the VI player is
    /// told of every other piece they touched before it (claiming stays the VI player's
    /// decision).
    fn tell_sighted_touches(&mut self, touched: &[Square], records_before: usize) {
        let sighted = self.sighted();
        if touched.is_empty()
            || self.records.len() <= records_before
            || self.records.last().is_none_or(|r| r.color != sighted)
        {
            return;
        }
        let (Some(&m), Some(before)) = (self.game.moves().last(), self.history.last()) else {
            return;
        };
        let moved = [m.from(), Some(m.to()), captured_square(&m)];
        let told: Vec<(Square, shakmaty::Piece)> = touched
            .iter()
            .filter(|&&sq| !moved.contains(&Some(sq)))
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
        if let Some(by) = self.offer_with_next
            && let Some(r) = self.records[records_before.min(self.records.len())..]
                .iter()
                .find(|r| r.color == by)
        {
            self.draw_offers.push(r.ply);
            self.offer_with_next = None;
        }
        let Some(by) = self.game.pending_draw_offer() else {
            return;
        };
        if before == Some(by) {
            return;
        }
        if self.game.turn() == by && !self.over() {
            self.offer_with_next = Some(by);
        } else if let Some(r) = self.records.iter().rev().find(|r| r.color == by)
            && !self.draw_offers.contains(&r.ply)
        {
            self.draw_offers.push(r.ply);
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
        if text.is_empty() {
            return;
        }
        let id = self.next_id;
        self.next_id += 1;
        if self.speaking.is_empty() {
            self.effects.push_back(Effect::MuteMic);
        }
        self.speaking.insert(id);
        self.effects.push_back(Effect::Announce(Announcement {
            id,
            to,
            text,
            priority,
            kind,
        }));
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
        self.effects.push_back(Effect::Clock(ClockCommand::Set {
            white: self.clock.remaining(Color::White, now),
            black: self.clock.remaining(Color::Black, now),
            running,
        }));
    }

    fn position_effect(&mut self, last_move: Option<Move>) {
        let mode = self.config.castling_mode();
        self.effects.push_back(Effect::Position {
            fen: fen_of(self.game.position()),
            last_move: last_move.map(|m| m.to_uci(mode)),
        });
    }

    fn alert(&mut self, kind: AlertKind, detail: String) {
        let pos = self.game.position();
        let alert = ArbiterAlert {
            kind: kind.clone(),
            detail,
            game_fen: fen_of(pos),
            vi_board: self.peg.placement(pos),
            sighted_board: self.sighted_board.as_ref().map(|b| b.to_string()),
            ply: self.game.moves().len(),
        };
        self.alerts += 1;
        self.effects.push_back(Effect::ArbiterAlert(alert));
        // The VI player is told whenever the arbiter is alerted (a call says so itself),
        // after this input's other announcements, so that a move is never cut off by it.
        if !matches!(kind, AlertKind::Called | AlertKind::Claim) {
            self.arbiter_notice_due = true;
        }
    }

    fn tell_arbiter_notice(&mut self) {
        if std::mem::take(&mut self.arbiter_notice_due) {
            let text = self.vi_words().arbiter_informed();
            self.tell_vi(text, Priority::Normal, AnnounceKind::Arbiter);
        }
    }

    /// Records every move still waiting for its press, in the order played.
    fn flush_unpressed(&mut self) {
        let mut waiting: Vec<usize> = [self.vi_unpressed.take(), self.unpressed.take()]
            .into_iter()
            .flatten()
            .collect();
        waiting.sort_unstable();
        for i in waiting {
            let r = self.records[i].clone();
            self.effects.push_back(Effect::RecordMove(r));
        }
    }

    fn finish(&mut self, now: Duration, outcome: Outcome) {
        if self.over() {
            return;
        }
        let end = game_end(outcome);
        self.flush_unpressed();
        if self.clock.is_started() && !self.clock.is_paused() {
            let _ = self.clock.pause(now);
        }
        self.end = Some(end.clone());
        self.said = None;
        self.intended = None;
        self.sighted_intended = None;
        self.made_at = None;
        self.confirm = None;
        self.pending_claim = None;
        self.assistant_entry = None;
        self.clock_effect(now);
        self.tell_both(
            |p| p.game_over(&end),
            Priority::Urgent,
            AnnounceKind::GameOver,
        );
        self.effects.push_back(Effect::GameOver(end));
    }
}
