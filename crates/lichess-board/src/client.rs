//! The sans-IO Board API client: the shell's [`Input`]s (a stream's status, bytes and end;
//! a request's reply) and the player's [`Action`]s in with the time, [`Transmit`]s (streams
//! to open and close, requests to send) and [`Event`]s for the table out, and one timer
//! ([`BoardClient::poll_timeout`]). No I/O, no clock: every wait is tested in virtual time.
//!
//! What it keeps: the event stream open (reopened with [`Backoff`] when it drops or falls
//! silent), the seek posted once that stream is open, the game stream of the game that
//! starts (reopened the same way; its `gameFull` resumes the game without a move told twice
//! or lost), one request in flight at a time (after a 429 nothing is sent for
//! [`Timing::rate_limited`]), a move refused with 400 told and dropped, a move whose request
//! was lost checked against the next `gameFull` before it is sent again (once).

use std::{collections::VecDeque, time::Duration};

use shakmaty::Color;

use crate::{
    backoff::{Backoff, Timing},
    endpoint::{Endpoint, GameId, Origin, SeekClock},
    event::{Action, Event, Fatal, Started},
    game::OnlineGame,
    ndjson::{Line, LineBuffer},
    wire::{AccountEvent, GameMessage, clean},
};

/// A stream's number; a new one for every opening, so a dropped stream's late bytes are
/// told apart from its successor's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StreamId(pub u64);

/// A request's number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RequestId(pub u64);

/// What the shell is to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Transmit {
    /// Open a stream (read its lines as [`Input::Bytes`], then [`Input::Closed`]).
    Open {
        /// Its number.
        stream: StreamId,
        /// What.
        endpoint: Endpoint,
    },
    /// Stop reading a stream and drop its connection.
    Close {
        /// Which.
        stream: StreamId,
    },
    /// Send a request and report its reply (a bounded body) or its failure.
    Send {
        /// Its number.
        request: RequestId,
        /// What.
        endpoint: Endpoint,
    },
}

/// What the shell reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A stream's reply status (and, when it is not 200, the start of its body).
    Status {
        /// Which stream.
        stream: StreamId,
        /// The HTTP status.
        code: u16,
        /// The body, when the status is not 200 (bounded by the shell).
        body: String,
    },
    /// Bytes of a stream.
    Bytes {
        /// Which stream.
        stream: StreamId,
        /// As they came.
        bytes: Vec<u8>,
    },
    /// A stream ended (the server closed it, or the connection broke).
    Closed {
        /// Which stream.
        stream: StreamId,
    },
    /// A request's reply.
    Replied {
        /// Which request.
        request: RequestId,
        /// The HTTP status.
        code: u16,
        /// The body (bounded by the shell).
        body: String,
    },
    /// A request got no reply (unreachable, timed out): it may or may not have landed.
    Failed {
        /// Which request.
        request: RequestId,
    },
}

/// The client's settings.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Where Lichess is (for the game's URL).
    pub origin: Origin,
    /// The seek to post, if any; without it, the games that start are played.
    pub seek: Option<SeekClock>,
    /// The waits.
    pub timing: Timing,
}

/// Which of the three streams.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Events,
    Seek,
    Game,
}

/// One open stream.
#[derive(Debug)]
struct Open {
    id: StreamId,
    lines: LineBuffer,
    last_heard: Duration,
}

/// A stream's slot: open, waiting to be reopened, or neither.
#[derive(Debug, Default)]
struct Slot {
    open: Option<Open>,
    reopen_at: Option<Duration>,
    backoff: Backoff,
}

/// A move sent and not yet seen in the game stream.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Pending {
    uci: shakmaty::uci::UciMove,
    ply: usize,
    /// Its request got no reply: the next `gameFull` says whether it landed.
    uncertain: bool,
    /// Sent a second time already.
    resent: bool,
}

/// The sans-IO client of one player's account and one game.
#[derive(Debug)]
pub struct BoardClient {
    settings: Settings,
    next: u64,
    events: Slot,
    seek: Slot,
    game_stream: Slot,
    game_id: Option<GameId>,
    side: Option<Color>,
    game: Option<OnlineGame>,
    pending: Option<Pending>,
    queue: VecDeque<(Action, Endpoint)>,
    in_flight: Option<(RequestId, Action, Endpoint)>,
    hold_until: Option<Duration>,
    takeback_deadline: Option<Duration>,
    claim_at: Option<Duration>,
    stopped: bool,
    transmits: VecDeque<Transmit>,
    out: VecDeque<Event>,
}

impl BoardClient {
    /// A client that opens the event stream at once.
    pub fn new(settings: Settings) -> BoardClient {
        let mut c = BoardClient {
            settings,
            next: 0,
            events: Slot::default(),
            seek: Slot::default(),
            game_stream: Slot::default(),
            game_id: None,
            side: None,
            game: None,
            pending: None,
            queue: VecDeque::new(),
            in_flight: None,
            hold_until: None,
            takeback_deadline: None,
            claim_at: None,
            stopped: false,
            transmits: VecDeque::new(),
            out: VecDeque::new(),
        };
        c.open(Kind::Events, Duration::ZERO);
        c
    }

    /// The next thing for the shell to do.
    pub fn poll_transmit(&mut self) -> Option<Transmit> {
        self.transmits.pop_front()
    }

    /// The next event for the table.
    pub fn poll_event(&mut self) -> Option<Event> {
        self.out.pop_front()
    }

    /// Whether the client is done: the game ended (or it stopped for good) and no request
    /// is left to send.
    pub fn is_done(&self) -> bool {
        self.stopped && self.in_flight.is_none() && self.queue.is_empty()
    }

    /// The game being played, if one started.
    pub fn game(&self) -> Option<&OnlineGame> {
        self.game.as_ref()
    }

    /// When [`handle_timeout`](Self::handle_timeout) is due next.
    pub fn poll_timeout(&self) -> Option<Duration> {
        let silence = self.settings.timing.silence;
        let mut at: Vec<Duration> = Vec::new();
        for slot in [&self.events, &self.seek, &self.game_stream] {
            at.extend(slot.reopen_at);
            at.extend(slot.open.as_ref().map(|o| o.last_heard + silence));
        }
        if self.in_flight.is_none() && !self.queue.is_empty() {
            at.extend(self.hold_until);
        }
        at.extend(self.takeback_deadline);
        at.extend(self.claim_at);
        at.into_iter().min()
    }

    /// Carries out what is due at `now`.
    pub fn handle_timeout(&mut self, now: Duration) {
        let silence = self.settings.timing.silence;
        for kind in [Kind::Events, Kind::Seek, Kind::Game] {
            let slot = self.slot(kind);
            if slot.reopen_at.is_some_and(|at| at <= now) {
                slot.reopen_at = None;
                if self.wants(kind) {
                    self.open(kind, now);
                }
            } else if slot
                .open
                .as_ref()
                .is_some_and(|o| o.last_heard + silence <= now)
            {
                tracing::info!(stream = ?kind, "a silent Lichess stream is reopened");
                self.drop_stream(kind, now);
            }
        }
        if self.hold_until.is_some_and(|at| at <= now) {
            self.hold_until = None;
        }
        if self.takeback_deadline.is_some_and(|at| at <= now) {
            // The player did not agree in time (act takes the deadline).
            self.act(now, Action::DeclineTakeback);
        }
        if self.claim_at.is_some_and(|at| at <= now) {
            self.claim_at = None;
            self.out.push_back(Event::VictoryClaimable);
        }
        self.pump(now);
    }

    /// What the player asks; a move or an answer that cannot be sent now is refused here.
    pub fn act(&mut self, now: Duration, action: Action) {
        let refuse = |c: &mut BoardClient, reason: &str| {
            c.out.push_back(Event::Refused {
                action: action.clone(),
                reason: reason.into(),
            });
        };
        let (Some(game_id), Some(game)) = (self.game_id.clone(), self.game.as_mut()) else {
            return refuse(self, "no game on Lichess yet");
        };
        if game.is_over() {
            return refuse(self, "the game is over");
        }
        let endpoint = match &action {
            Action::Move(uci) => {
                if !game.players_turn() || self.pending.is_some() {
                    return refuse(self, "it is not the player's turn");
                }
                let Some(uci) = game.legal(uci) else {
                    return refuse(self, "not a legal move");
                };
                self.pending = Some(Pending {
                    uci,
                    ply: game.moves().len() + 1,
                    uncertain: false,
                    resent: false,
                });
                Endpoint::Move { game: game_id, uci }
            }
            Action::OfferDraw => {
                game.offer_sent();
                Endpoint::Draw {
                    game: game_id,
                    accept: true,
                }
            }
            Action::AcceptDraw | Action::DeclineDraw => {
                if !game.opponent_offers_draw() {
                    return refuse(self, "no draw offer stands");
                }
                Endpoint::Draw {
                    game: game_id,
                    accept: action == Action::AcceptDraw,
                }
            }
            Action::AcceptTakeback | Action::DeclineTakeback => {
                if self.takeback_deadline.take().is_none() {
                    return refuse(self, "no takeback is asked for");
                }
                Endpoint::Takeback {
                    game: game_id,
                    accept: action == Action::AcceptTakeback,
                }
            }
            Action::Resign => Endpoint::Resign(game_id),
            Action::Abort => Endpoint::Abort(game_id),
            Action::ClaimVictory => Endpoint::ClaimVictory(game_id),
        };
        self.queue.push_back((action, endpoint));
        self.pump(now);
    }

    /// What the shell reports.
    pub fn handle(&mut self, now: Duration, input: Input) {
        match input {
            Input::Status { stream, code, body } => self.status(now, stream, code, &body),
            Input::Bytes { stream, bytes } => self.bytes(now, stream, &bytes),
            Input::Closed { stream } => {
                if let Some(kind) = self.kind_of(stream) {
                    self.slot(kind).open = None;
                    self.closed(now, kind);
                }
            }
            Input::Replied {
                request,
                code,
                body,
            } => self.replied(now, request, code, &body),
            Input::Failed { request } => self.failed(now, request),
        }
        self.pump(now);
    }

    fn slot(&mut self, kind: Kind) -> &mut Slot {
        match kind {
            Kind::Events => &mut self.events,
            Kind::Seek => &mut self.seek,
            Kind::Game => &mut self.game_stream,
        }
    }

    fn kind_of(&self, stream: StreamId) -> Option<Kind> {
        [
            (Kind::Events, &self.events),
            (Kind::Seek, &self.seek),
            (Kind::Game, &self.game_stream),
        ]
        .into_iter()
        .find(|(_, s)| s.open.as_ref().is_some_and(|o| o.id == stream))
        .map(|(k, _)| k)
    }

    /// Whether the stream of `kind` should be open now.
    fn wants(&self, kind: Kind) -> bool {
        if self.stopped {
            return false;
        }
        match kind {
            Kind::Events => true,
            Kind::Seek => self.settings.seek.is_some() && self.game_id.is_none(),
            Kind::Game => self.game_id.is_some(),
        }
    }

    fn open(&mut self, kind: Kind, now: Duration) {
        let endpoint = match kind {
            Kind::Events => Endpoint::EventStream,
            Kind::Seek => match self.settings.seek {
                Some(c) => Endpoint::Seek(c),
                None => return,
            },
            Kind::Game => match &self.game_id {
                Some(g) => Endpoint::GameStream(g.clone()),
                None => return,
            },
        };
        self.next += 1;
        let id = StreamId(self.next);
        let slot = self.slot(kind);
        if let Some(old) = slot.open.take() {
            self.transmits.push_back(Transmit::Close { stream: old.id });
        }
        let slot = self.slot(kind);
        slot.reopen_at = None;
        slot.open = Some(Open {
            id,
            lines: LineBuffer::default(),
            last_heard: now,
        });
        self.transmits.push_back(Transmit::Open {
            stream: id,
            endpoint,
        });
    }

    /// Drops the stream of `kind` (silent, or not to be trusted) and schedules its reopening.
    fn drop_stream(&mut self, kind: Kind, now: Duration) {
        if let Some(old) = self.slot(kind).open.take() {
            self.transmits.push_back(Transmit::Close { stream: old.id });
        }
        self.closed(now, kind);
    }

    /// A stream of `kind` ended: reopened later if it is still wanted.
    fn closed(&mut self, now: Duration, kind: Kind) {
        if !self.wants(kind) {
            return;
        }
        let timing = self.settings.timing;
        let wait = match kind {
            // The seek ends when it is accepted (the game starts on the event stream) or
            // expires: posted again after a while if no game started.
            Kind::Seek => timing.first_retry.max(Duration::from_secs(5)),
            _ => self.slot(kind).backoff.failed(&timing),
        };
        self.slot(kind).reopen_at = Some(now + wait);
        if kind != Kind::Seek {
            self.out.push_back(Event::Interrupted {
                retry_in: wait,
                rate_limited: false,
            });
        }
    }

    fn status(&mut self, now: Duration, stream: StreamId, code: u16, body: &str) {
        let Some(kind) = self.kind_of(stream) else {
            return;
        };
        if code == 200 {
            if let Some(o) = self.slot(kind).open.as_mut() {
                o.last_heard = now;
            }
            if kind == Kind::Events && self.game_id.is_none() {
                let seeking = self.settings.seek.is_some();
                self.out.push_back(Event::Waiting { seeking });
                if seeking && self.seek.open.is_none() && self.seek.reopen_at.is_none() {
                    self.open(Kind::Seek, now);
                }
            }
            return;
        }
        if let Some(old) = self.slot(kind).open.take() {
            self.transmits.push_back(Transmit::Close { stream: old.id });
        }
        match code {
            429 => {
                let wait = self.settings.timing.rate_limited;
                self.slot(kind).reopen_at = Some(now + wait);
                self.out.push_back(Event::Interrupted {
                    retry_in: wait,
                    rate_limited: true,
                });
            }
            401 | 403 => self.stop(Fatal::TokenRefused),
            404 if kind == Kind::Game => {
                let game = self.game_id.as_ref().map(ToString::to_string);
                self.stop(Fatal::GameNotFound(game.unwrap_or_default()));
            }
            400 if kind == Kind::Seek => {
                tracing::warn!(reason = %clean(body, 200), "Lichess refused the seek");
                self.out.push_back(Event::SeekRefused {
                    reason: refusal(body),
                });
                self.settings.seek = None;
            }
            _ => self.closed(now, kind),
        }
    }

    fn bytes(&mut self, now: Duration, stream: StreamId, bytes: &[u8]) {
        let Some(kind) = self.kind_of(stream) else {
            return;
        };
        let Some(open) = self.slot(kind).open.as_mut() else {
            return;
        };
        open.last_heard = now;
        let lines = match open.lines.push(bytes) {
            Ok(lines) => lines,
            Err(e) => {
                tracing::warn!(error = %e, "a Lichess stream is dropped");
                return self.drop_stream(kind, now);
            }
        };
        for line in lines {
            let Line::Text(text) = line else { continue };
            self.slot(kind).backoff.reset();
            match kind {
                Kind::Events => match AccountEvent::decode(&text) {
                    Ok(e) => self.account_event(now, e),
                    Err(e) => tracing::warn!(error = %e, "a line of the event stream is skipped"),
                },
                Kind::Game => match GameMessage::decode(&text) {
                    Ok(m) => self.game_message(now, m),
                    Err(e) => tracing::warn!(error = %e, "a line of the game stream is skipped"),
                },
                Kind::Seek => {}
            }
            if self.stopped {
                return;
            }
        }
    }

    fn account_event(&mut self, now: Duration, event: AccountEvent) {
        match event {
            AccountEvent::GameStart { game, color } => {
                if self.game_id.is_some() {
                    if self.game_id.as_ref() != Some(&game) {
                        tracing::info!(%game, "another game of the account is not played here");
                    }
                    return;
                }
                let Some(side) = color else {
                    return self.stop(Fatal::NoSide(game.to_string()));
                };
                self.game_id = Some(game);
                self.side = Some(side);
                if let Some(seek) = self.seek.open.take() {
                    self.transmits
                        .push_back(Transmit::Close { stream: seek.id });
                }
                self.seek.reopen_at = None;
                self.open(Kind::Game, now);
            }
            AccountEvent::GameFinish { game } => {
                let ours = self.game_id.as_ref() == Some(&game);
                if ours && self.game_stream.open.is_none() {
                    self.open(Kind::Game, now);
                }
            }
            AccountEvent::Other => {}
        }
    }

    fn game_message(&mut self, now: Duration, message: GameMessage) {
        match message {
            GameMessage::Full(full) => {
                let resumed = self.game.is_some();
                if !resumed {
                    let side = self.side.unwrap_or(Color::White);
                    match OnlineGame::new(&full, side) {
                        Ok(g) => self.game = Some(g),
                        Err(f) => return self.stop(f),
                    }
                    self.out.push_back(Event::Started(Box::new(Started {
                        url: self.settings.origin.game_url(&full.id),
                        side,
                        full: (*full).clone(),
                    })));
                } else {
                    let plies = self.game.as_ref().map_or(0, |g| g.moves().len());
                    self.out.push_back(Event::Resumed { plies });
                }
                self.state(now, &full.state, resumed);
            }
            GameMessage::State(s) => self.state(now, &s, false),
            GameMessage::Chat(line) => self.out.push_back(Event::Chat(line)),
            GameMessage::OpponentGone {
                gone: true,
                claim_in,
            } => {
                self.claim_at = claim_in.map(|d| now + d);
                self.out.push_back(Event::OpponentGone { claim_in });
            }
            GameMessage::OpponentGone { gone: false, .. } => {
                self.claim_at = None;
                self.out.push_back(Event::OpponentBack);
            }
            GameMessage::Other => {}
        }
    }

    fn state(&mut self, now: Duration, state: &crate::wire::GameState, full: bool) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let mut events = Vec::new();
        game.update(state, &mut events);
        let moves = game.moves().to_vec();
        let players_turn = game.players_turn();
        let over = game.is_over();
        for e in events {
            match &e {
                Event::TakebackProposed => {
                    self.takeback_deadline = Some(now + self.settings.timing.takeback_answer);
                }
                Event::Fatal(f) => {
                    let f = f.clone();
                    self.out.push_back(e);
                    self.stopped = true;
                    return self.stop_quietly(f);
                }
                _ => {}
            }
            self.out.push_back(e);
        }
        if let Some(p) = self.pending.clone() {
            if moves.get(p.ply - 1) == Some(&p.uci) {
                self.pending = None;
            } else if moves.len() >= p.ply || over {
                // The game went on without it (or back): it is not the move to send.
                self.pending = None;
            } else if full && p.uncertain && players_turn && !p.resent {
                // The lost request did not land: sent once more, now that it is known.
                self.pending = Some(Pending {
                    uncertain: false,
                    resent: true,
                    ..p.clone()
                });
                if let Some(g) = self.game_id.clone() {
                    self.queue.push_front((
                        Action::Move(p.uci),
                        Endpoint::Move {
                            game: g,
                            uci: p.uci,
                        },
                    ));
                }
            } else if full && p.uncertain {
                self.pending = None;
                self.out.push_back(Event::Unsent(Action::Move(p.uci)));
            }
        }
        if over {
            self.takeback_deadline = None;
            self.claim_at = None;
            self.finish();
        }
    }

    /// The game is over: streams closed, no more requests but those in flight.
    fn finish(&mut self) {
        self.stopped = true;
        for kind in [Kind::Events, Kind::Seek, Kind::Game] {
            let slot = self.slot(kind);
            slot.reopen_at = None;
            if let Some(o) = slot.open.take() {
                self.transmits.push_back(Transmit::Close { stream: o.id });
            }
        }
        self.queue.clear();
    }

    fn stop(&mut self, fatal: Fatal) {
        self.out.push_back(Event::Fatal(fatal.clone()));
        self.stop_quietly(fatal);
    }

    fn stop_quietly(&mut self, fatal: Fatal) {
        tracing::warn!(error = %fatal, "the Lichess client stops");
        self.finish();
    }

    fn pump(&mut self, now: Duration) {
        if self.in_flight.is_some() || self.hold_until.is_some_and(|at| at > now) {
            return;
        }
        if let Some((action, endpoint)) = self.queue.pop_front() {
            self.next += 1;
            let request = RequestId(self.next);
            self.transmits.push_back(Transmit::Send {
                request,
                endpoint: endpoint.clone(),
            });
            self.in_flight = Some((request, action, endpoint));
        }
    }

    fn replied(&mut self, now: Duration, request: RequestId, code: u16, body: &str) {
        let Some((id, action, endpoint)) = self.in_flight.take() else {
            return;
        };
        if id != request {
            self.in_flight = Some((id, action, endpoint));
            return;
        }
        match code {
            200..=299 => {
                if !matches!(action, Action::Move(_)) {
                    self.out.push_back(Event::Done(action));
                }
            }
            429 => {
                let wait = self.settings.timing.rate_limited;
                self.hold_until = Some(now + wait);
                self.queue.push_front((action, endpoint));
                self.out.push_back(Event::Interrupted {
                    retry_in: wait,
                    rate_limited: true,
                });
            }
            401 | 403 => self.stop(Fatal::TokenRefused),
            500..=599 => self.lost(now, action),
            _ => {
                if matches!(action, Action::Move(_)) {
                    self.pending = None;
                }
                let reason = refusal(body);
                tracing::info!(%reason, "Lichess refused an action");
                self.out.push_back(Event::Refused { action, reason });
            }
        }
    }

    fn failed(&mut self, now: Duration, request: RequestId) {
        let Some((id, action, endpoint)) = self.in_flight.take() else {
            return;
        };
        if id != request {
            self.in_flight = Some((id, action, endpoint));
            return;
        }
        self.lost(now, action);
    }

    /// An action's request got no answer that says whether it landed.
    fn lost(&mut self, now: Duration, action: Action) {
        match (&action, &mut self.pending) {
            (Action::Move(_), Some(p)) if !p.resent => {
                // The game stream's next gameFull says whether it landed.
                p.uncertain = true;
                if self.game_stream.open.is_some() {
                    self.open(Kind::Game, now);
                }
            }
            _ => {
                if matches!(action, Action::Move(_)) {
                    self.pending = None;
                }
                self.out.push_back(Event::Unsent(action));
            }
        }
    }
}

/// Lichess's `error` of a refusal, or the body's start, cleaned.
fn refusal(body: &str) -> String {
    #[derive(serde::Deserialize)]
    struct Refusal {
        error: String,
    }
    let text = serde_json::from_str::<Refusal>(body)
        .map(|r| r.error)
        .unwrap_or_else(|_| body.to_owned());
    clean(&text, 200)
}

#[cfg(test)]
mod tests;
