//! A player on Lichess as the opponent (`[opponent] lichess_token_file`): the account's
//! game through the Board API ([`annabella_lichess_board`]), played at the table.
//!
//! Before the table opens it waits for the game (a challenge accepted on the site, or
//! its own seek) and the table takes the game's side, clock, players, ratings and page
//! from its `gameFull` ([`Opponent::settle`]). Then the VI player's moves made at the
//! table go to Lichess, the opponent's come to the table as [`Seat::play`] (announced in
//! the scheme for the VI player to set), each once ([`InStep`]); the Lichess clock sets
//! the table's after each move (its devices and its answers follow); draw offers go both
//! ways, the VI player's resignation goes to Lichess, and so do his words that only an
//! online game has (the table's `online_requests`: an answer to the opponent's takeback
//! request, an abort, a claimed win once Lichess allows it); what Lichess tells (a
//! takeback asked, the opponent gone or back, a line of the players' chat, a refusal) is
//! spoken to him ([`OnlineNotice`]); a move Lichess refused is taken back at the table
//! (both told), and the end Lichess reports ends the table's game. Everything reaches the table as journalled inputs, so the
//! journal replays the game as it was played.

use std::time::Duration;

use annabella_lichess_board::{
    Action, Event, Started, Status, Timing, Token,
    in_step::{InStep, Step},
    shell,
};
use annabella_rules::{GameResult, Termination};
use annabella_table::{OnlineNotice, OnlineRequest, TableConfig, TableView};
use shakmaty::{CastlingMode, Chess, Color, Position as _, uci::UciMove};
use tokio::sync::mpsc;

use super::{
    Opponent, OpponentEnd, OpponentError, OpponentFuture, OpponentName, Seat, strip_controls,
};
use crate::config::LichessSettings;

/// Why the Lichess opponent cannot play.
#[derive(Debug, thiserror::Error)]
pub enum LichessError {
    /// The token file.
    #[error(transparent)]
    Token(#[from] annabella_lichess_board::TokenError),
    /// Lichess stopped the client before a game began.
    #[error("Lichess: {0}")]
    Fatal(#[from] annabella_lichess_board::Fatal),
    /// Lichess refused the seek.
    #[error("Lichess refused the seek: {0}")]
    Seek(String),
    /// The client ended before a game began.
    #[error("the connection to Lichess ended before a game began")]
    Ended,
}

fn boxed(e: LichessError) -> OpponentError {
    OpponentError(Box::new(e))
}

/// The account's game, once it began.
#[derive(Debug)]
struct Running {
    actions: mpsc::UnboundedSender<Action>,
    events: mpsc::UnboundedReceiver<Event>,
    started: Started,
}

/// A player on Lichess.
#[derive(Debug)]
pub struct LichessOpponent {
    settings: LichessSettings,
    running: Option<Running>,
}

impl LichessOpponent {
    /// The opponent of `settings`, not connected yet.
    pub fn new(settings: LichessSettings) -> LichessOpponent {
        LichessOpponent {
            settings,
            running: None,
        }
    }
}

impl Opponent for LichessOpponent {
    fn prepare<'a>(
        &'a mut self,
        _table: &TableConfig,
    ) -> OpponentFuture<'a, Result<OpponentName, OpponentError>> {
        Box::pin(async move {
            let token = Token::read(&self.settings.token_file).map_err(|e| boxed(e.into()))?;
            let (origin, seek) = crate::edges::lichess_origin_and_seek(&self.settings)
                .map_err(|e| OpponentError(Box::new(e)))?;
            let client = annabella_lichess_board::Settings {
                origin: origin.clone(),
                seek,
                timing: Timing::default(),
            };
            let (actions, actions_rx) = mpsc::unbounded_channel();
            let (events_tx, mut events) = mpsc::unbounded_channel();
            tokio::spawn(async move {
                if let Err(e) = shell::run(client, token, actions_rx, events_tx).await {
                    tracing::error!("Lichess: {e}");
                }
            });
            let started = loop {
                match events.recv().await {
                    Some(Event::Started(s)) => break *s,
                    Some(Event::Waiting { seeking }) => {
                        let how = match seek {
                            Some(clock) if seeking => format!("a seek {clock} is posted"),
                            _ => "accept a challenge on the site".into(),
                        };
                        tracing::info!("waiting for a game on {origin} ({how})");
                    }
                    Some(Event::Interrupted { retry_in, .. }) => tracing::warn!(
                        "Lichess is not reachable; trying again in {} s",
                        retry_in.as_secs()
                    ),
                    Some(Event::Fatal(f)) => return Err(boxed(f.into())),
                    Some(Event::SeekRefused { reason }) => {
                        return Err(boxed(LichessError::Seek(reason)));
                    }
                    Some(_) => {}
                    None => return Err(boxed(LichessError::Ended)),
                }
            };
            let opponent = &started.full.players[!started.side];
            let name = OpponentName(opponent.name.clone());
            tracing::info!(
                "the game on Lichess: {} as {}, against {}{} ({})",
                started.full.players[started.side].name,
                started.side,
                opponent.name,
                opponent.rating.map(|r| format!(" {r}")).unwrap_or_default(),
                started.url
            );
            self.running = Some(Running {
                actions,
                events,
                started,
            });
            Ok(name)
        })
    }

    fn settle(&self, table: &mut TableConfig) {
        if let Some(r) = &self.running {
            settle_table(table, &r.started);
        }
    }

    fn play(self: Box<Self>, seat: Seat) -> OpponentFuture<'static, OpponentEnd> {
        Box::pin(async move {
            let Some(running) = self.running else {
                return seat
                    .lost_with(
                        "Lichess was never reached",
                        Some(annabella_table::OpponentFailure::Unreachable),
                    )
                    .await;
            };
            let mut game = Game::new(running, seat);
            game.announce_clock = self.settings.announce_clock;
            game.spectator_chat = self.settings.spectator_chat;
            game.run().await
        })
    }
}

/// The table's settings from the game's `gameFull`: the VI player's side, the clock, the
/// players (the PGN's names, ratings and titles), the event and the page as `Site`.
pub fn settle_table(table: &mut TableConfig, started: &Started) {
    let full = &started.full;
    table.online = true;
    table.vi_color = started.side;
    if let Some(clock) = full.clock
        && let Ok(tc) = format!("{}+{}", clock.initial.as_secs(), clock.increment.as_secs()).parse()
    {
        table.time_control = tc;
    }
    if let Some(fen) = &full.initial_fen {
        table.start_fen = Some(fen.to_string());
    }
    table.chess960 = full.variant == annabella_lichess_board::wire::Variant::Chess960;
    let ev = &mut table.event;
    ev.white.clone_from(&full.players.white.name);
    ev.black.clone_from(&full.players.black.name);
    let mut speed: Vec<char> = full.speed.chars().collect();
    if let Some(c) = speed.first_mut() {
        *c = c.to_ascii_uppercase();
    }
    ev.event = format!(
        "{} {} game",
        if full.rated { "Rated" } else { "Casual" },
        speed.into_iter().collect::<String>()
    );
    ev.site.clone_from(&started.url);
    ev.date = pgn_date(full.created_at);
    ev.round = "-".into();
    ev.tags.clear();
    for (color, side) in [(Color::White, "White"), (Color::Black, "Black")] {
        let p = &full.players[color];
        if let Some(r) = p.rating {
            ev.tags.push((format!("{side}Elo"), r.to_string()));
        }
        if let Some(t) = &p.title {
            ev.tags.push((format!("{side}Title"), t.clone()));
        }
    }
}

/// `YYYY.MM.DD` of `ms` milliseconds since 1970 (UTC).
fn pgn_date(ms: u64) -> String {
    if ms == 0 {
        return "????.??.??".into();
    }
    annabella_rules::pgn::date_of_unix_seconds(ms / 1000)
}

/// What came first: Lichess or the table.
enum Got {
    Lichess(Option<Event>),
    Table(Option<Box<TableView>>),
}

/// The game being played at the seat.
struct Game {
    actions: mpsc::UnboundedSender<Action>,
    events: mpsc::UnboundedReceiver<Event>,
    seat: Seat,
    vi: Color,
    start: Chess,
    in_step: InStep,
    online: Vec<UciMove>,
    table: Vec<UciMove>,
    view: TableView,
    clock: Option<(Duration, Duration)>,
    over: bool,
    differs: bool,
    /// Both clocks spoken after each of the opponent's moves (`[opponent]
    /// announce_clock`).
    announce_clock: bool,
    /// An opponent's move was fed: the clocks are spoken once Lichess's times are set.
    clock_owed: bool,
    /// The spectators' chat spoken too (`[opponent] spectator_chat`).
    spectator_chat: bool,
}

impl Game {
    fn new(running: Running, seat: Seat) -> Game {
        let config = seat.config();
        let vi = config.vi_color;
        // The table's own start (it refused a start it cannot play before any game).
        let start = config.start_position().unwrap_or_default();
        let view = seat.view();
        Game {
            actions: running.actions,
            events: running.events,
            in_step: InStep::new(vi, &start),
            start,
            vi,
            seat,
            online: Vec::new(),
            table: Vec::new(),
            view,
            clock: None,
            over: false,
            differs: false,
            announce_clock: false,
            clock_owed: false,
            spectator_chat: false,
        }
    }

    fn send(&self, action: Action) {
        if self.actions.send(action).is_err() {
            tracing::warn!("the connection to Lichess has ended");
        }
    }

    async fn run(mut self) -> OpponentEnd {
        if self.seat.start().await.is_err() {
            return OpponentEnd::Stopped;
        }
        self.table = table_moves(&self.start, &self.view);
        loop {
            let got = tokio::select! {
                e = self.events.recv() => Got::Lichess(e),
                v = self.seat.changed(Duration::from_secs(3600)) => Got::Table(v.map(Box::new)),
            };
            match got {
                Got::Lichess(Some(e)) => {
                    if let Some(end) = self.lichess(e).await {
                        return end;
                    }
                }
                Got::Lichess(None) if self.over => return OpponentEnd::GameOver,
                Got::Lichess(None) => {
                    return self
                        .seat
                        .lost_with(
                            "the connection to Lichess ended",
                            Some(annabella_table::OpponentFailure::Disconnected),
                        )
                        .await;
                }
                Got::Table(None) => return OpponentEnd::Stopped,
                Got::Table(Some(v)) => self.table_changed(*v),
            }
            if self.sync().await.is_err() {
                return OpponentEnd::Stopped;
            }
            if self.over && self.view.result.is_some() {
                return OpponentEnd::GameOver;
            }
        }
    }

    /// The moves across, each once, then the Lichess clock.
    async fn sync(&mut self) -> Result<(), super::SeatClosed> {
        let mut ply = self.table.len();
        let mut fed = false;
        for step in self.in_step.steps(&self.table, &self.online) {
            match step {
                Step::Send(uci) => self.send(Action::Move(uci)),
                Step::Feed(uci) => {
                    self.seat.play(uci, ply).await?;
                    ply += 1;
                    fed = true;
                }
                Step::Differ { ply } => {
                    if !self.differs {
                        self.differs = true;
                        tracing::error!(
                            "the table and Lichess differ from half-move {ply} (a move made \
                             on the site?): the table follows Lichess no further"
                        );
                    }
                }
            }
        }
        self.clock_owed |= fed && self.announce_clock;
        if let Some((white, black)) = self.clock.take() {
            self.seat.set_clocks(white, black).await?;
            if std::mem::take(&mut self.clock_owed) && !self.over {
                // After the opponent's move: both clocks as Lichess reports them.
                self.seat.online(OnlineNotice::Clocks).await?;
            }
        }
        Ok(())
    }

    /// What the table did that Lichess is to know: a draw offered or answered, a
    /// resignation.
    fn table_changed(&mut self, v: TableView) {
        let (vi, opponent) = (self.vi, !self.vi);
        let last = std::mem::replace(&mut self.view, v);
        let v = &self.view;
        if v.moves.len() != last.moves.len() {
            self.table = table_moves(&self.start, v);
        }
        if self.over {
            return;
        }
        for request in v.online_requests.iter().skip(last.online_requests.len()) {
            self.send(match request {
                OnlineRequest::AcceptTakeBack => Action::AcceptTakeback,
                OnlineRequest::DeclineTakeBack => Action::DeclineTakeback,
                OnlineRequest::Abort => Action::Abort,
                OnlineRequest::ClaimVictory => Action::ClaimVictory,
            });
        }
        if v.draw_offer == Some(vi) && last.draw_offer != Some(vi) && v.result.is_none() {
            self.send(Action::OfferDraw);
        }
        if last.draw_offer == Some(opponent) && v.draw_offer != Some(opponent) {
            let agreed = v
                .result
                .as_ref()
                .is_some_and(|r| r.termination == Termination::Agreement);
            if agreed {
                self.send(Action::AcceptDraw);
            } else if v.result.is_none() && v.moves.len() == last.moves.len() {
                self.send(Action::DeclineDraw);
            }
        }
        if last.result.is_none()
            && let Some(end) = &v.result
            && end.termination == Termination::Resignation
            && end.result == GameResult::win_for(opponent)
        {
            self.send(Action::Resign);
        }
    }

    /// What Lichess reported; the opponent's end when play stops.
    async fn lichess(&mut self, e: Event) -> Option<OpponentEnd> {
        let closed = |_| Some(OpponentEnd::Stopped);
        match e {
            Event::Moved { ply, uci, .. } => {
                self.online.truncate(ply.saturating_sub(1));
                self.online.push(uci);
            }
            Event::TakenBack { plies } => {
                self.online.truncate(plies);
                self.in_step = InStep::new(self.vi, &self.start);
                if self.table.len() > plies {
                    self.seat
                        .take_back_to(plies)
                        .await
                        .map_or_else(closed, |()| None)?;
                }
            }
            Event::Clock(c) => self.clock = Some((c.white, c.black)),
            Event::DrawOffered => {
                self.seat
                    .offer_draw()
                    .await
                    .map_or_else(closed, |()| None)?;
            }
            Event::DrawDeclined if self.view.draw_offer == Some(self.vi) => {
                self.seat
                    .answer_draw(false)
                    .await
                    .map_or_else(closed, |()| None)?;
            }
            Event::VictoryClaimable => {
                tracing::info!("the opponent is still gone: the VI player may claim the win");
                return self.notice(OnlineNotice::VictoryClaimable).await;
            }
            Event::OpponentGone { claim_in } => {
                tracing::warn!(
                    "the opponent left the game on Lichess (a victory may be claimed in {} s)",
                    claim_in.unwrap_or_default().as_secs()
                );
                let claim_in_secs = claim_in.map(|d| d.as_secs());
                return self
                    .notice(OnlineNotice::OpponentLeft { claim_in_secs })
                    .await;
            }
            Event::OpponentBack => {
                tracing::info!("the opponent is back on Lichess");
                return self.notice(OnlineNotice::OpponentReturned).await;
            }
            Event::TakebackProposed => {
                tracing::info!(
                    "the opponent asks to take back a move: declined unless the VI player agrees"
                );
                return self.notice(OnlineNotice::TakeBackAsked).await;
            }
            Event::Refused {
                action: action @ Action::Move(_),
                reason,
            } => {
                tracing::warn!("Lichess refused the move: {reason}");
                return self.move_refused(&action).await;
            }
            Event::Unsent(action @ Action::Move(_)) => return self.move_refused(&action).await,
            Event::Refused { action, reason } => {
                tracing::warn!("Lichess refused {action:?}: {reason}");
                if let Some(request) = request_of(&action) {
                    let reason = strip_controls(&reason);
                    return self.notice(OnlineNotice::Refused { request, reason }).await;
                }
            }
            Event::Unsent(action) => tracing::warn!("{action:?} could not be sent to Lichess"),
            Event::Interrupted {
                retry_in,
                rate_limited,
            } => tracing::warn!(
                "Lichess {}; again in {} s",
                if rate_limited {
                    "asks to slow down"
                } else {
                    "is not reachable"
                },
                retry_in.as_secs()
            ),
            Event::Chat(line) => {
                tracing::info!("Lichess chat, {}: {}", line.user, line.text);
                // The spectators' room is not spoken unless the table's file asks for it:
                // the VI player hears his opponent.
                let heard = line.players_room || self.spectator_chat;
                if heard && !written_by_lichess(&line.user) {
                    let user = bounded(&line.user, 30);
                    let text = bounded(&line.text, CHAT_SPOKEN);
                    if !text.is_empty() {
                        return self.notice(OnlineNotice::Chat { user, text }).await;
                    }
                }
            }
            Event::Ended { status, winner } => {
                self.over = true;
                // The last move first, so that a mate is the table's own.
                if self.sync().await.is_err() {
                    return Some(OpponentEnd::Stopped);
                }
                return self.ended(status, winner).await;
            }
            Event::Fatal(f) => return Some(self.seat.lost(&f.to_string()).await),
            Event::Done(Action::DeclineTakeback) if self.view.takeback_asked => {
                // Declined for the VI player, who did not answer in time.
                return self.notice(OnlineNotice::TakeBackLapsed).await;
            }
            Event::Resumed { .. }
            | Event::Done(_)
            | Event::Started(_)
            | Event::Waiting { .. }
            | Event::SeekRefused { .. }
            | Event::DrawDeclined => {}
        }
        None
    }

    /// Tells the VI player what Lichess said (a journalled input).
    async fn notice(&self, notice: OnlineNotice) -> Option<OpponentEnd> {
        self.seat
            .online(notice)
            .await
            .map_or(Some(OpponentEnd::Stopped), |()| None)
    }

    /// Lichess refused the VI player's move (or it could not be sent): the table takes it
    /// back, both are told, and the VI player makes another.
    async fn move_refused(&mut self, action: &Action) -> Option<OpponentEnd> {
        let ply = self.table.len();
        tracing::warn!("Lichess did not take {action:?}: the table takes it back");
        self.in_step.refused(ply);
        let back = ply.saturating_sub(1);
        self.seat
            .take_back_to(back)
            .await
            .map_or(Some(OpponentEnd::Stopped), |()| None)
    }

    /// The end Lichess reported, at the table: a mate or stalemate is the table's own; a
    /// resignation, a draw, a flag or a victory claimed is declared.
    async fn ended(&mut self, status: Status, winner: Option<Color>) -> Option<OpponentEnd> {
        tracing::info!("the game on Lichess ended: {status:?}, winner {winner:?}");
        if self.view.result.is_some() {
            return Some(OpponentEnd::GameOver);
        }
        let sent = match status {
            Status::Mate | Status::Stalemate => Ok(()),
            Status::Aborted | Status::NoStart | Status::Created | Status::Started => {
                tracing::warn!("the game was aborted on Lichess: the table stops without a result");
                if self.seat.online(OnlineNotice::Aborted).await.is_err() {
                    return Some(OpponentEnd::Stopped);
                }
                self.seat.stop().await;
                return Some(OpponentEnd::GameOver);
            }
            Status::Resign if winner == Some(self.vi) => self.seat.resign().await,
            Status::Draw if self.view.draw_offer == Some(self.vi) => {
                self.seat.answer_draw(true).await
            }
            _ => {
                let result = winner.map_or(GameResult::Draw, GameResult::win_for);
                self.seat.declare(result).await
            }
        };
        sent.map_or(Some(OpponentEnd::Stopped), |()| None)
    }
}

/// Whether `user` wrote as Lichess itself (its own lines in the players' room, such as
/// "Takeback sent"), which the table already says in its own words.
fn written_by_lichess(user: &str) -> bool {
    user.eq_ignore_ascii_case("lichess")
}

/// The most characters of a chat line spoken to the VI player.
const CHAT_SPOKEN: usize = 200;

/// `text` as one printable line of at most `max` characters.
fn bounded(text: &str, max: usize) -> String {
    let line = strip_controls(text);
    match line.char_indices().nth(max) {
        Some((at, _)) => format!("{} …", line[..at].trim_end()),
        None => line,
    }
}

/// The table's request of an action the VI player asked for (none for a move, a draw or
/// a resignation: the table says those in its own words).
fn request_of(action: &Action) -> Option<OnlineRequest> {
    match action {
        Action::AcceptTakeback => Some(OnlineRequest::AcceptTakeBack),
        Action::DeclineTakeback => Some(OnlineRequest::DeclineTakeBack),
        Action::Abort => Some(OnlineRequest::Abort),
        Action::ClaimVictory => Some(OnlineRequest::ClaimVictory),
        _ => None,
    }
}

/// The table's moves in UCI (standard castling), replayed from `start`.
fn table_moves(start: &Chess, view: &TableView) -> Vec<UciMove> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(view.moves.len());
    for san in &view.moves {
        let Ok(m) = san.san.to_move(&pos) else { break };
        out.push(m.to_uci(CastlingMode::Standard));
        pos.play_unchecked(m);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chat_is_one_bounded_printable_line() {
        assert_eq!(bounded("gut\n\u{1b}[2J gespielt", 200), "gut [2J gespielt");
        let long = bounded(&"ä".repeat(500), 200);
        assert_eq!(long.chars().count(), 202, "{long}");
        assert!(long.ends_with(" …"));
    }

    #[test]
    fn dates_are_the_pgns() {
        assert_eq!(pgn_date(1_764_633_600_000), "2025.12.02");
        assert_eq!(pgn_date(951_782_400_000), "2000.02.29");
        assert_eq!(pgn_date(0), "????.??.??");
    }
}
