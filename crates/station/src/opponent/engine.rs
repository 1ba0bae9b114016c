//! A UCI engine as the opponent: a child process the table starts ([`Opponent::prepare`])
//! and ends (at the end of the game, when the station stops, or when it fails), its
//! standard input and output a thin async shell around the sans-IO [`Uci`]
//! conversation. It moves on its turn (a fixed number of nodes, or on the game's clock),
//! answers the VI player's draw offer by its evaluation, claims the VI player's flag,
//! claims a draw by threefold repetition or the 50-move rule when it may and is not
//! winning (`CLAIM_UP_TO`), offers a draw after its move when its evaluation has been
//! level late in the game (`offers_draw`), resigns a hopeless game, and answers a
//! practice game's hint and evaluation questions.
//! A crash, a hang past the bounded wait or output that is no UCI is one clear sentence
//! ([`Seat::lost`]): the clocks stop and the game is kept, adjourned.

use std::{
    process::Stdio,
    time::{Duration, Instant},
};

use annabella_config::{EngineSettings, Search};
use annabella_table::{Advice, ClaimKind, Consult, OpponentFailure, Score, TableConfig, TableView};
use shakmaty::{Chess, Color, Position, fen::Fen, uci::UciMove};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    process::{Child, ChildStdin, ChildStdout, Command},
};

use super::{
    Opponent, OpponentEnd, OpponentError, OpponentFuture, OpponentName, Seat,
    uci::{ClockLimit, EngineScore, Limit, Uci, UciError, UciEvent},
};

/// The longest line read from an engine; a longer one is cut there.
const MAX_LINE: usize = 64 * 1024;
/// The engine accepts the VI player's draw offer when it stands at least this much worse
/// (hundredths of a pawn, from its side).
const ACCEPT_DRAW_AT: i32 = -50;
/// The engine resigns once it has stood this badly at this many of its moves in a row.
const RESIGN_AT: i32 = -1000;
/// See [`RESIGN_AT`].
const RESIGN_AFTER: usize = 4;
/// The engine claims a draw it may claim (9.2, 9.3) unless it stands better than this
/// (hundredths of a pawn, from its side): a player who is winning plays on.
const CLAIM_UP_TO: i32 = 50;
/// The engine offers a draw late in a game (from this move on)…
const OFFER_FROM_MOVE: u32 = 40;
/// …when its evaluation has been level (within this many hundredths of a pawn either
/// way)…
const OFFER_LEVEL: i32 = 25;
/// …at this many of its moves in a row…
const OFFER_AFTER: usize = 4;
/// …and it has not offered one in its last this many moves (9.1.2: no repeated offers).
const OFFER_EVERY: usize = 10;
/// A hint or an evaluation on the clock: the engine thinks this long.
const CONSULT_TIME: Duration = Duration::from_secs(1);
/// The engine has this long to end itself after `quit`.
const QUIT_GRACE: Duration = Duration::from_secs(2);

/// Why the engine could not start or play: one sentence.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The program could not be started.
    #[error("cannot start the engine {program}: {source}")]
    Spawn {
        /// The program.
        program: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// Its pipes failed.
    #[error("the engine's {pipe}: {source}")]
    Pipe {
        /// `input` or `output`.
        pipe: &'static str,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// It ended by itself.
    #[error("the engine stopped ({status})")]
    Exited {
        /// Its exit status, as far as known.
        status: String,
    },
    /// The conversation broke.
    #[error(transparent)]
    Uci(#[from] UciError),
}

impl EngineError {
    /// The kind of failure, for the table to say in its own language.
    pub fn failure(&self) -> OpponentFailure {
        match self {
            EngineError::Spawn { .. } => OpponentFailure::NotStarted,
            EngineError::Pipe { .. } | EngineError::Exited { .. } => OpponentFailure::Stopped,
            EngineError::Uci(e) => match e {
                UciError::Hung { within, .. } => OpponentFailure::Hung {
                    within_ms: u64::try_from(within.as_millis()).unwrap_or(u64::MAX),
                },
                UciError::Garbage(_) => OpponentFailure::Garbage,
                UciError::IllegalMove { .. } => OpponentFailure::IllegalMove,
                UciError::Option { .. } | UciError::NoChess960 { .. } => OpponentFailure::Refused,
                UciError::NotReady(_) => OpponentFailure::Stopped,
            },
        }
    }
}

/// A UCI engine as the opponent (see the module).
#[derive(Debug)]
pub struct EngineOpponent {
    settings: EngineSettings,
    running: Option<Running>,
}

impl EngineOpponent {
    /// The engine of `settings`, not started yet.
    pub fn new(settings: EngineSettings) -> EngineOpponent {
        EngineOpponent {
            settings,
            running: None,
        }
    }
}

impl Opponent for EngineOpponent {
    fn prepare<'a>(
        &'a mut self,
        table: &TableConfig,
    ) -> OpponentFuture<'a, Result<OpponentName, OpponentError>> {
        let chess960 = table.chess960;
        Box::pin(async move {
            let running = Running::start(&self.settings, chess960)
                .await
                .map_err(|e| OpponentError(Box::new(e)))?;
            let name = running.name.clone();
            self.running = Some(running);
            Ok(name)
        })
    }

    fn play(self: Box<Self>, seat: Seat) -> OpponentFuture<'static, OpponentEnd> {
        Box::pin(async move {
            let EngineOpponent { settings, running } = *self;
            let Some(running) = running else {
                return seat.lost("the engine was never started").await;
            };
            Game::new(settings, running, seat).run().await
        })
    }
}

/// The engine's process and the conversation with it.
#[derive(Debug)]
struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: Lines,
    uci: Uci,
    epoch: Instant,
    name: OpponentName,
}

/// What one step of the engine's I/O brought.
enum Step {
    Line(String),
    Timeout,
    Ended(EngineError),
}

impl Running {
    /// Starts the program, says `uci`, sets the options, Chess960 castling (when
    /// `chess960`) and the strength, waits for `readyok`.
    async fn start(settings: &EngineSettings, chess960: bool) -> Result<Running, EngineError> {
        let program = settings.program.display().to_string();
        let mut child = Command::new(&settings.program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .map_err(|source| EngineError::Spawn {
                program: program.clone(),
                source,
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(EngineError::Pipe {
                pipe: "input",
                source: std::io::Error::other("not piped"),
            });
        };
        let epoch = Instant::now();
        let mut running = Running {
            child,
            stdin,
            lines: Lines::new(stdout),
            uci: Uci::new(Duration::ZERO, settings.answer_within),
            epoch,
            name: OpponentName(String::new()),
        };
        running.flush().await?;
        let name = loop {
            if let Some(UciEvent::Identified { name }) = running.next_event().await? {
                break name;
            }
        };
        let now = running.now();
        running
            .uci
            .configure(now, &settings.options, settings.strength, chess960)?;
        running.flush().await?;
        while running.next_event().await? != Some(UciEvent::Ready) {}
        let strength = running.uci.strength();
        running.name = OpponentName(if strength.is_empty() {
            name
        } else {
            format!("{name} ({strength})")
        });
        tracing::info!(
            "the opponent: {} ({})",
            running.name.0,
            settings.program.display()
        );
        Ok(running)
    }

    fn now(&self) -> Duration {
        self.epoch.elapsed()
    }

    /// Writes every line the conversation has for the engine.
    async fn flush(&mut self) -> Result<(), EngineError> {
        let pipe = |source| EngineError::Pipe {
            pipe: "input",
            source,
        };
        let mut wrote = false;
        while let Some(line) = self.uci.poll_transmit() {
            tracing::debug!("to the engine: {line}");
            self.stdin
                .write_all(format!("{line}\n").as_bytes())
                .await
                .map_err(pipe)?;
            wrote = true;
        }
        if wrote {
            self.stdin.flush().await.map_err(pipe)?;
        }
        Ok(())
    }

    /// The next line of the engine, or its deadline.
    async fn step(&mut self) -> Step {
        let deadline = self.uci.poll_timeout();
        let wait = deadline.map(|at| at.saturating_sub(self.now()));
        let sleep = async {
            match wait {
                Some(d) => tokio::time::sleep(d).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            line = self.lines.next() => match line {
                Ok(Some(l)) => Step::Line(l),
                Ok(None) => Step::Ended(self.exit_status().await),
                Err(source) => Step::Ended(EngineError::Pipe { pipe: "output", source }),
            },
            () = sleep => Step::Timeout,
        }
    }

    /// Handles what [`step`](Self::step) brought.
    fn take(&mut self, step: Step) -> Result<(), EngineError> {
        let now = self.now();
        match step {
            Step::Line(l) => {
                tracing::trace!("from the engine: {l}");
                self.uci.handle_line(now, &l)?;
            }
            Step::Timeout => self.uci.handle_timeout(now)?,
            Step::Ended(e) => return Err(e),
        }
        Ok(())
    }

    /// Reads until the engine says something of note.
    async fn next_event(&mut self) -> Result<Option<UciEvent>, EngineError> {
        if let Some(e) = self.uci.poll_event() {
            return Ok(Some(e));
        }
        let step = self.step().await;
        self.take(step)?;
        self.flush().await?;
        Ok(self.uci.poll_event())
    }

    async fn exit_status(&mut self) -> EngineError {
        let status = match tokio::time::timeout(Duration::from_secs(1), self.child.wait()).await {
            Ok(Ok(s)) => s.to_string(),
            _ => "its output closed".into(),
        };
        EngineError::Exited { status }
    }

    /// Says `quit` and ends the process if it does not end itself.
    async fn stop(mut self) {
        self.uci.quit();
        let _ = self.flush().await;
        if tokio::time::timeout(QUIT_GRACE, self.child.wait())
            .await
            .is_err()
        {
            let _ = self.child.kill().await;
        }
    }
}

/// Each position of a game analysed by the engine of `settings` (for `annabella
/// review`): the best move there and the score from the side to move, `None` where the
/// game is over. `positions[i]` is reached by `moves[..i]` from `start` (its FEN, `None`:
/// the standard start), in Chess960 notation when `chess960` (the engine is switched to
/// it, and its best moves come in it); each search is `settings`' nodes (20000 when it
/// thinks on the clock).
///
/// # Errors
/// [`EngineError`]: the engine could not start (a Chess960 game and an engine that cannot
/// play it: [`UciError::NoChess960`]) or failed on the way.
pub async fn analyse(
    settings: &EngineSettings,
    chess960: bool,
    start: Option<&Fen>,
    moves: &[UciMove],
    positions: &[Chess],
) -> Result<Vec<Option<(UciMove, Option<EngineScore>)>>, EngineError> {
    let mut running = Running::start(settings, chess960).await?;
    let limit = match settings.search {
        Search::Nodes(n) => Limit::Nodes(n),
        Search::Clock => Limit::Nodes(20_000),
    };
    let mut out = Vec::with_capacity(positions.len());
    for (i, pos) in positions.iter().enumerate() {
        if pos.is_game_over() || i > moves.len() {
            out.push(None);
            continue;
        }
        let now = running.now();
        running.uci.search(now, start, &moves[..i], pos, &limit)?;
        running.flush().await?;
        loop {
            if let Some(UciEvent::BestMove { best, score, .. }) = running.next_event().await? {
                out.push(Some((best, score)));
                break;
            }
        }
    }
    running.stop().await;
    Ok(out)
}

/// What the running search is for.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Purpose {
    /// The engine's move in the position after `ply` half-moves; `offer` when the VI
    /// player's draw offer waits for its answer.
    Move { ply: usize, fen: Fen, offer: bool },
    /// The VI player's question.
    Consult { ply: usize, consult: Consult },
}

/// The engine at the table: what it searched for, its scores.
struct Game {
    settings: EngineSettings,
    running: Running,
    seat: Seat,
    searching: Option<Purpose>,
    moved_for: Option<(usize, Fen)>,
    consulted_for: Option<(usize, Consult)>,
    flag_claimed: bool,
    own_scores: Vec<i32>,
    /// How many of its moves had been scored when it last offered a draw.
    offered_at: Option<usize>,
}

impl Game {
    fn new(settings: EngineSettings, running: Running, seat: Seat) -> Game {
        Game {
            settings,
            running,
            seat,
            searching: None,
            moved_for: None,
            consulted_for: None,
            flag_claimed: false,
            own_scores: Vec::new(),
            offered_at: None,
        }
    }

    async fn run(mut self) -> OpponentEnd {
        let mut view = self.seat.view();
        loop {
            if view.result.is_some() {
                self.running.stop().await;
                return OpponentEnd::GameOver;
            }
            if let Err(e) = self.act(&view).await {
                return self.lost(e).await;
            }
            let step = tokio::select! {
                step = self.running.step() => Some(step),
                v = self.seat.changed(Duration::from_secs(1)) => match v {
                    None => None,
                    Some(v) => { view = v; continue; }
                },
            };
            let Some(step) = step else {
                self.running.stop().await;
                return OpponentEnd::Stopped;
            };
            if let Err(e) = self.running.take(step) {
                return self.lost(e).await;
            }
            while let Some(event) = self.running.uci.poll_event() {
                if let UciEvent::BestMove { best, score, at } = event
                    && self.answered(best, score, at).await.is_err()
                {
                    self.running.stop().await;
                    return OpponentEnd::Stopped;
                }
            }
        }
    }

    async fn lost(self, e: EngineError) -> OpponentEnd {
        let Game { running, seat, .. } = self;
        let reason = e.to_string();
        running.stop().await;
        seat.lost_with(&format!("{reason}."), Some(e.failure()))
            .await
    }

    /// Starts a search when the table waits for the engine: its move, or the VI
    /// player's question; claims the VI player's fallen flag.
    async fn act(&mut self, view: &TableView) -> Result<(), EngineError> {
        let me = self.seat.color();
        let vi = !me;
        if !self.flag_claimed && view.started && view.result.is_none() {
            let vi_time = match vi {
                Color::White => view.white_time,
                Color::Black => view.black_time,
            };
            if vi_time.is_zero() {
                self.flag_claimed = true;
                let _ = self.seat.claim_flag().await;
            }
        }
        if !self.running.uci.is_idle() || self.searching.is_some() {
            return Ok(());
        }
        let ply = view.moves.len();
        // Its clock runs once the VI player's move is complete (pressed, or pressed by
        // the table): then it thinks.
        let waiting = view.started
            && !view.paused
            && view.turn == me
            && view.running == Some(me)
            && !view.claim_pending
            && view.opponent_lost.is_none();
        if waiting && self.moved_for.as_ref() != Some(&(ply, view.fen.clone())) {
            let limit = self.limit(view, me);
            let purpose = Purpose::Move {
                ply,
                fen: view.fen.clone(),
                offer: view.draw_offer == Some(vi),
            };
            return self.search(view, &limit, purpose).await;
        }
        if let Some(consult) = view.consult
            && self.consulted_for != Some((ply, consult))
        {
            let limit = match self.settings.search {
                Search::Nodes(n) => Limit::Nodes(n),
                Search::Clock => Limit::MoveTime(CONSULT_TIME),
            };
            return self
                .search(view, &limit, Purpose::Consult { ply, consult })
                .await;
        }
        Ok(())
    }

    async fn search(
        &mut self,
        view: &TableView,
        limit: &Limit,
        purpose: Purpose,
    ) -> Result<(), EngineError> {
        let config = self.seat.config();
        let (start, moves, pos) = line_of(view, config);
        let now = self.running.now();
        self.running
            .uci
            .search(now, start.as_ref(), &moves, &pos, limit)?;
        self.running.flush().await?;
        match &purpose {
            Purpose::Move { ply, fen, .. } => self.moved_for = Some((*ply, fen.clone())),
            Purpose::Consult { ply, consult } => self.consulted_for = Some((*ply, *consult)),
        }
        self.searching = Some(purpose);
        Ok(())
    }

    /// How long the engine thinks on its move: fixed nodes, or the game's clock.
    fn limit(&self, view: &TableView, me: Color) -> Limit {
        match self.settings.search {
            Search::Nodes(n) => Limit::Nodes(n),
            Search::Clock => Limit::Clock(clock_limit(&self.seat.config().time_control, view, me)),
        }
    }

    /// A draw the engine may claim in the position after `ply` half-moves, where it
    /// intends `best`: threefold repetition (9.2) or the 50-move rule (9.3), with the
    /// intended move when that move makes it so, else on the position as it stands.
    fn claimable(&self, ply: usize, best: &UciMove) -> Option<(ClaimKind, Option<UciMove>)> {
        let view = self.seat.view();
        if view.moves.len() != ply || view.result.is_some() {
            return None;
        }
        let config = self.seat.config();
        let start: Chess = config.start_position().unwrap_or_default();
        let mut game = annabella_rules::Game::from_position(
            start,
            annabella_rules::Edition::default(),
            annabella_rules::RateOfPlay::Standard,
        );
        for san in &view.moves {
            let m = san.san.to_move(game.position()).ok()?;
            game.play(m).ok()?;
        }
        let intended = best.to_move(game.position()).ok();
        for ground in [ClaimKind::Threefold, ClaimKind::FiftyMoves] {
            if intended.is_some() && game.claim_is_correct(ground, intended) == Ok(true) {
                return Some((ground, Some(*best)));
            }
        }
        game.claimable().first().map(|&ground| (ground, None))
    }

    /// The engine's best move came: its move (or its answer to a draw offer, or its
    /// resignation), or the answer to the VI player's question.
    async fn answered(
        &mut self,
        best: UciMove,
        score: Option<EngineScore>,
        at: Duration,
    ) -> Result<(), super::SeatClosed> {
        let Some(purpose) = self.searching.take() else {
            return Ok(());
        };
        let me = self.seat.color();
        let cp = score.map(|s| to_table(s).centipawns());
        match purpose {
            Purpose::Move { ply, offer, .. } => {
                // The benchmark's start: when the engine's `bestmove` line was read, in
                // the table's time (its end is the announcement's first sample in the
                // audio record's index).
                if let Some(ms) = self.seat.table_ms(self.running.epoch + at) {
                    tracing::debug!(target: "annabella::opponent", bestmove_ms = ms, "the engine's move {best}");
                }
                if let Some(cp) = cp {
                    self.own_scores.push(cp);
                }
                if offer && cp.is_some_and(|cp| cp <= ACCEPT_DRAW_AT) {
                    return self.seat.answer_draw(true).await;
                }
                // A draw it may claim, unless it is winning: on the move it intends, or
                // on the position as it stands (9.2.1, 9.3).
                if cp.is_none_or(|cp| cp <= CLAIM_UP_TO)
                    && let Some((ground, intended)) = self.claimable(ply, &best)
                {
                    return self.seat.claim(ground, intended).await;
                }
                let hopeless = self.own_scores.len() >= RESIGN_AFTER
                    && self.own_scores[self.own_scores.len() - RESIGN_AFTER..]
                        .iter()
                        .all(|&s| s <= RESIGN_AT);
                if hopeless {
                    return self.seat.resign().await;
                }
                self.seat.play(best, ply).await?;
                // 9.1.2.1: a draw is offered after making one's move.
                let fullmoves = self.seat.view().fen.as_setup().fullmoves.get();
                if !offer && offers_draw(&self.own_scores, self.offered_at, fullmoves) {
                    self.offered_at = Some(self.own_scores.len());
                    return self.seat.offer_draw().await;
                }
                Ok(())
            }
            Purpose::Consult { consult, .. } => {
                // The score is the side to move's; the table speaks from the VI player's.
                let view = self.seat.view();
                let score = score.map(|s| {
                    let s = to_table(s);
                    if view.turn == me { s.flipped() } else { s }
                });
                self.seat
                    .advise(Advice {
                        consult,
                        best: (view.turn != me).then_some(best),
                        score,
                    })
                    .await
            }
        }
    }
}

fn to_table(s: EngineScore) -> Score {
    match s {
        EngineScore::Centipawns(cp) => Score::Centipawns(cp),
        EngineScore::Mate(m) => Score::Mate(m),
    }
}

/// The game of `view` at the table of `config` as the engine is told it: the start (its
/// FEN, `None` for the standard start; the position by the table's own policy), the moves
/// in UCI and the position they lead to.
fn line_of(view: &TableView, config: &TableConfig) -> (Option<Fen>, Vec<UciMove>, Chess) {
    let mode = config.castling_mode();
    let start_fen: Option<Fen> = config.start_fen.as_deref().and_then(|f| f.parse().ok());
    let start: Option<Chess> = start_fen
        .as_ref()
        .and_then(|_| config.start_position().ok());
    let mut pos = start.clone().unwrap_or_default();
    let mut moves = Vec::with_capacity(view.moves.len());
    for san in &view.moves {
        let Ok(m) = san.san.to_move(&pos) else {
            break;
        };
        moves.push(m.to_uci(mode));
        pos.play_unchecked(m);
    }
    if moves.len() != view.moves.len() {
        // The moves cannot be replayed (cannot happen: the table played them): the
        // position alone.
        let pos = view.fen.clone().into_position(mode).unwrap_or_default();
        return (Some(view.fen.clone()), Vec::new(), pos);
    }
    (start_fen.filter(|_| start.is_some()), moves, pos)
}

/// Whether the engine offers a draw after its move in move `fullmoves`, with `scores`
/// its evaluations so far (the last one this move's) and its last offer made when it had
/// `offered_at` of them: late in the game (from move [`OFFER_FROM_MOVE`] on), its
/// evaluation level ([`OFFER_LEVEL`]) at its last [`OFFER_AFTER`] moves, and no offer
/// of its own in its last [`OFFER_EVERY`] moves.
fn offers_draw(scores: &[i32], offered_at: Option<usize>, fullmoves: u32) -> bool {
    let n = scores.len();
    fullmoves >= OFFER_FROM_MOVE
        && n >= OFFER_AFTER
        && scores[n - OFFER_AFTER..]
            .iter()
            .all(|s| s.abs() <= OFFER_LEVEL)
        && offered_at.is_none_or(|at| n >= at + OFFER_EVERY)
}

/// The clock as the engine is told it: both times, both increments (a delay counts as
/// one), the moves to the next control.
fn clock_limit(tc: &annabella_rules::TimeControl, view: &TableView, me: Color) -> ClockLimit {
    let next = |moves: u32| moves.saturating_add(1);
    let bonus = |moves: u32| tc.period_of_move(next(moves)).1.bonus.per_move();
    let (own, own_moves) = match me {
        Color::White => (view.white_time, view.white_moves),
        Color::Black => (view.black_time, view.black_moves),
    };
    ClockLimit {
        white: view.white_time,
        black: view.black_time,
        white_increment: bonus(view.white_moves),
        black_increment: bonus(view.black_moves),
        moves_to_go: moves_to_go(tc, next(own_moves)),
        own,
    }
}

/// How many moves from the `next`-th (counted from 1) to the end of its period, itself
/// included; `None` in sudden death.
fn moves_to_go(tc: &annabella_rules::TimeControl, next: u32) -> Option<u32> {
    let periods = tc.periods();
    let mut first = 1u32;
    for (i, period) in periods.iter().enumerate() {
        let n = period.moves?.get();
        let end = first.saturating_add(n);
        if next < end {
            return Some(end - next);
        }
        if i == periods.len() - 1 {
            return Some(n - (next - end) % n);
        }
        first = end;
    }
    None
}

/// The engine's output as lines, each at most [`MAX_LINE`] bytes.
#[derive(Debug)]
struct Lines {
    out: ChildStdout,
    buf: Vec<u8>,
    ended: bool,
}

impl Lines {
    fn new(out: ChildStdout) -> Lines {
        Lines {
            out,
            buf: Vec::new(),
            ended: false,
        }
    }

    /// The next line; `None` at the end of the output. Cancel-safe: what was read stays.
    async fn next(&mut self) -> std::io::Result<Option<String>> {
        loop {
            if let Some(at) = self.buf.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.buf.drain(..=at).collect();
                return Ok(Some(String::from_utf8_lossy(&line).trim_end().to_owned()));
            }
            if self.buf.len() >= MAX_LINE || (self.ended && !self.buf.is_empty()) {
                let line: Vec<u8> = self.buf.drain(..self.buf.len().min(MAX_LINE)).collect();
                return Ok(Some(String::from_utf8_lossy(&line).into_owned()));
            }
            if self.ended {
                return Ok(None);
            }
            let mut chunk = [0u8; 4096];
            let n = self.out.read(&mut chunk).await?;
            if n == 0 {
                self.ended = true;
            }
            self.buf.extend_from_slice(&chunk[..n]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_to_go_counts_to_the_end_of_the_period_and_repeats_the_last() {
        let tc: annabella_rules::TimeControl = "40/5400+30:20/1800+30".parse().unwrap();
        assert_eq!(moves_to_go(&tc, 1), Some(40));
        assert_eq!(moves_to_go(&tc, 40), Some(1));
        assert_eq!(moves_to_go(&tc, 41), Some(20));
        assert_eq!(moves_to_go(&tc, 61), Some(20));
        assert_eq!(moves_to_go(&tc, 65), Some(16));
        let sudden: annabella_rules::TimeControl = "40/5400:900+30".parse().unwrap();
        assert_eq!(moves_to_go(&sudden, 41), None);
    }

    #[test]
    fn the_engine_offers_a_draw_only_late_level_and_not_again_at_once() {
        let level = [10, -5, 0, 20];
        assert!(offers_draw(&level, None, 40));
        assert!(!offers_draw(&level, None, 39), "too early");
        assert!(!offers_draw(&[10, -5, 0, 60], None, 50), "it stands better");
        assert!(
            !offers_draw(&[-80, -5, 0, 20], None, 50),
            "not level long enough"
        );
        assert!(!offers_draw(&level[1..], None, 50), "too few moves scored");
        let after: Vec<i32> = std::iter::repeat_n(0, 13).collect();
        assert!(!offers_draw(&after, Some(4), 60), "offered nine moves ago");
        assert!(offers_draw(&after, Some(3), 60), "offered ten moves ago");
    }
}
