//! A stand-in Lichess for the Board API on 127.0.0.1: one account, one game against an
//! opponent the test moves, every request checked against Lichess's OpenAPI description
//! (`tests/data/lichess-board`, see its SOURCE.md) and every reply and streamed line
//! checked before it is sent; what does not fit is kept in [`World::violations`]. Legal
//! chess and the end by mate or stalemate come from shakmaty.

use std::{
    collections::VecDeque,
    convert::Infallible,
    sync::{Arc, Mutex},
    time::Duration,
};

use axum::{
    body::{Body, Bytes},
    http::{HeaderMap, Method, StatusCode, Uri, header},
    response::Response,
};
use serde_json::{Value, json};
use shakmaty::{Chess, Color, Position as _, uci::UciMove};
use tokio::sync::{Notify, mpsc};

use crate::openapi::Description;

/// The token the stand-in accepts.
pub const TOKEN: &str = "lip_standInToken42";
/// The game's id.
pub const GAME: &str = "tAbLe043";

/// The description kept in the repository.
pub fn description() -> Description {
    Description::load(&crate::workspace_root().join("tests/data/lichess-board"))
}

/// One request as it came.
#[derive(Debug, Clone)]
pub struct Logged {
    /// `GET` or `POST`.
    pub method: String,
    /// The path.
    pub path: String,
    /// The `Authorization` header, if any.
    pub authorization: Option<String>,
    /// The body.
    pub body: String,
}

/// A reply the test puts ahead of the stand-in's own for the next request whose path
/// contains `path`.
#[derive(Debug, Clone)]
pub struct Scripted {
    /// Part of the path.
    pub path: String,
    /// The status.
    pub status: u16,
    /// The body (JSON).
    pub body: String,
    /// A `Location` header (a redirect).
    pub location: Option<String>,
}

/// The game on the stand-in.
#[derive(Debug, Clone)]
pub struct Game {
    /// The player's side.
    pub side: Color,
    /// The moves (UCI as sent).
    pub moves: Vec<String>,
    /// `started`, `mate`, `resign`, …
    pub status: &'static str,
    /// The winner, if any.
    pub winner: Option<Color>,
    /// Draw offers standing (white, black).
    pub draw: [bool; 2],
    /// Takeback proposals standing (white, black).
    pub takeback: [bool; 2],
    /// Clock times in ms (white, black).
    pub time: [u64; 2],
    /// The opponent left.
    pub opponent_gone: bool,
}

fn idx(c: Color) -> usize {
    c.fold_wb(0, 1)
}

fn colour(c: Color) -> &'static str {
    c.fold_wb("white", "black")
}

impl Game {
    fn position(&self) -> Option<Chess> {
        let mut p = Chess::default();
        for m in &self.moves {
            let uci: UciMove = m.parse().ok()?;
            let mv = uci.to_move(&p).ok()?;
            p.play_unchecked(mv);
        }
        Some(p)
    }

    /// The `gameState` line.
    pub fn state(&self) -> Value {
        let mut s = json!({
            "type": "gameState",
            "moves": self.moves.join(" "),
            "wtime": self.time[0], "btime": self.time[1],
            "winc": 5000, "binc": 5000,
            "status": self.status,
        });
        if let Some(w) = self.winner {
            s["winner"] = json!(colour(w));
        }
        for (i, key) in ["wdraw", "bdraw"].iter().enumerate() {
            if self.draw[i] {
                s[key] = json!(true);
            }
        }
        for (i, key) in ["wtakeback", "btakeback"].iter().enumerate() {
            if self.takeback[i] {
                s[key] = json!(true);
            }
        }
        s
    }

    /// The `gameFull` line.
    pub fn full(&self) -> Value {
        let (vi, opp) = (
            json!({"id": "vi-player", "name": "VI-Player", "title": null, "rating": 1712}),
            json!({"id": "online-opp", "name": "Online-Opponent", "title": "FM", "rating": 2034}),
        );
        let (white, black) = match self.side {
            Color::White => (vi, opp),
            Color::Black => (opp, vi),
        };
        json!({
            "type": "gameFull", "id": GAME,
            "variant": {"key": "standard", "name": "Standard", "short": "Std"},
            "clock": {"initial": 900_000, "increment": 5000},
            "speed": "rapid", "perf": {"name": "Rapid"}, "rated": true,
            "createdAt": 1_764_633_600_000_u64,
            "white": white, "black": black,
            "initialFen": "startpos",
            "state": self.state(),
        })
    }

    fn over(&self) -> bool {
        !matches!(self.status, "created" | "started")
    }

    /// Plays `uci` for whoever is to move; the end by mate or stalemate.
    pub fn play(&mut self, uci: &str) -> Result<(), &'static str> {
        let p = self.position().ok_or("a broken game")?;
        let m: UciMove = uci.parse().map_err(|_| "not UCI")?;
        let mv = m.to_move(&p).map_err(|_| "illegal move")?;
        let mover = p.turn();
        let mut after = p.clone();
        after.play_unchecked(mv);
        self.moves.push(uci.to_owned());
        self.time[idx(mover)] = self.time[idx(mover)].saturating_sub(3000) + 5000;
        self.draw[idx(!mover)] = false;
        self.takeback = [false, false];
        if after.is_checkmate() {
            self.status = "mate";
            self.winner = Some(mover);
        } else if after.is_stalemate() {
            self.status = "stalemate";
        }
        Ok(())
    }
}

/// Everything the stand-in knows.
#[derive(Debug, Default)]
pub struct World {
    /// The game, once it started.
    pub game: Option<Game>,
    /// The side the player gets when a game starts.
    pub side: Option<Color>,
    /// Start the game as soon as a seek is posted (else the test starts it).
    pub start_on_seek: bool,
    /// The opponent's replies, played after each of the player's moves.
    pub replies: VecDeque<String>,
    /// Replies ahead of the stand-in's own.
    pub scripted: VecDeque<Scripted>,
    /// Every request.
    pub log: Vec<Logged>,
    /// What did not fit the description (requests, replies, lines).
    pub violations: Vec<String>,
    events: Vec<mpsc::UnboundedSender<Bytes>>,
    games: Vec<mpsc::UnboundedSender<Bytes>>,
    seeks: Vec<mpsc::UnboundedSender<Bytes>>,
}

/// A running stand-in.
#[derive(Clone)]
pub struct StandIn {
    /// `http://127.0.0.1:port`.
    pub url: String,
    world: Arc<Mutex<World>>,
    changed: Arc<Notify>,
    description: Arc<Description>,
}

fn line(v: &Value) -> Bytes {
    Bytes::from(format!("{v}\n"))
}

impl StandIn {
    /// Starts a stand-in on a free port of 127.0.0.1 in the current runtime.
    pub async fn start(world: World) -> StandIn {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let s = StandIn {
            url,
            world: Arc::new(Mutex::new(world)),
            changed: Arc::new(Notify::new()),
            description: Arc::new(description()),
        };
        let app = {
            let s = s.clone();
            axum::Router::new().fallback(
                move |method: Method, uri: Uri, headers: HeaderMap, body: Bytes| {
                    let s = s.clone();
                    async move { s.serve(method, uri, headers, body) }
                },
            )
        };
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        // Lichess's keep-alive: an empty line on every stream every 7 seconds.
        let world = s.world.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_secs(7));
            loop {
                every.tick().await;
                let mut guard = world.lock().unwrap();
                let w = &mut *guard;
                let blank = Bytes::from_static(b"\n");
                for streams in [&mut w.events, &mut w.games, &mut w.seeks] {
                    streams.retain(|tx| tx.send(blank.clone()).is_ok());
                }
            }
        });
        s
    }

    /// Runs `f` on the world, then wakes whoever waits on it.
    pub fn with<T>(&self, f: impl FnOnce(&mut World) -> T) -> T {
        let out = f(&mut self.world.lock().unwrap());
        self.changed.notify_waiters();
        out
    }

    /// Waits (at most 60 s) until `cond` holds of the world.
    ///
    /// # Panics
    /// It does not hold in time.
    pub async fn wait_until(&self, what: &str, cond: impl Fn(&World) -> bool) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
        loop {
            let notified = self.changed.notified();
            if cond(&self.world.lock().unwrap()) {
                return;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                let w = self.world.lock().unwrap();
                let log: Vec<String> = w
                    .log
                    .iter()
                    .map(|l| format!("{} {}", l.method, l.path))
                    .collect();
                panic!("the stand-in Lichess waited in vain for {what}; requests: {log:?}");
            }
        }
    }

    /// The number of requests so far whose path contains `part`.
    pub fn count(&self, part: &str) -> usize {
        self.with(|w| w.log.iter().filter(|l| l.path.contains(part)).count())
    }

    /// Starts the game (as when a challenge is accepted on the site).
    pub fn start_game(&self) {
        self.with(World::start_game);
    }

    /// Changes the game and sends its `gameState` to the game streams.
    pub fn update(&self, f: impl FnOnce(&mut Game)) {
        let d = self.description.clone();
        self.with(|w| {
            if let Some(g) = w.game.as_mut() {
                f(g);
            }
            w.broadcast_state(&d);
        });
    }

    /// Sends `v` as a line of the game streams.
    pub fn game_line(&self, v: Value) {
        let d = self.description.clone();
        self.with(|w| w.send_game(&d, &v));
    }

    /// Ends every game stream (a dropped connection).
    pub fn drop_game_streams(&self) {
        self.with(|w| w.games.clear());
    }

    /// Whether `op`'s reply `status` with `body` fits the description; noted if not.
    fn checked(&self, w: &mut World, op: &str, status: u16, ct: &str, body: &str) {
        if let Err(e) = self.description.check_reply(op, status, ct, body) {
            w.violations.push(format!("reply: {e}"));
        }
    }

    fn serve(&self, method: Method, uri: Uri, headers: HeaderMap, body: Bytes) -> Response {
        let path = uri.path().to_owned();
        let body = String::from_utf8_lossy(&body).into_owned();
        let authorization = headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let bearer = authorization
            .as_deref()
            .and_then(|a| a.strip_prefix("Bearer "));
        let content_type = headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok());
        let d = self.description.clone();
        let mut w = self.world.lock().unwrap();
        w.log.push(Logged {
            method: method.to_string(),
            path: path.clone(),
            authorization: authorization.clone(),
            body: body.clone(),
        });
        let checked = d.check_request(
            method.as_str(),
            &path,
            uri.query(),
            bearer,
            content_type,
            &body,
        );
        let op = match checked {
            Ok(op) => op,
            Err(e) => {
                w.violations.push(format!("request: {e}"));
                drop(w);
                self.changed.notify_waiters();
                return json_reply(400, &json!({"error": "not a request of the description"}));
            }
        };
        if bearer != Some(TOKEN) {
            drop(w);
            self.changed.notify_waiters();
            return json_reply(401, &json!({"error": "No such token"}));
        }
        let scripted = w
            .scripted
            .iter()
            .position(|s| path.contains(&s.path))
            .and_then(|i| w.scripted.remove(i));
        let reply = if let Some(s) = scripted {
            let mut r = Response::builder().status(s.status);
            if let Some(l) = &s.location {
                r = r.header(header::LOCATION, l);
            }
            if s.status != 429 && s.location.is_none() {
                self.checked(&mut w, &op, s.status, "application/json", &s.body);
            }
            r.header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(s.body))
                .unwrap()
        } else {
            self.route(&mut w, &d, &op, &path)
        };
        drop(w);
        self.changed.notify_waiters();
        reply
    }

    fn route(&self, w: &mut World, d: &Description, op: &str, path: &str) -> Response {
        let ok = json!({"ok": true});
        let segments: Vec<&str> = path.split('/').collect();
        let refuse = |s: &Self, w: &mut World, why: &str| {
            let body = json!({"error": why});
            s.checked(w, op, 400, "application/json", &body.to_string());
            json_reply(400, &body)
        };
        match op {
            "apiStreamEvent" => {
                let (tx, rx) = mpsc::unbounded_channel();
                let _ = tx.send(Bytes::from_static(b"\n"));
                if let Some(g) = &w.game
                    && !g.over()
                {
                    let start = game_start(g.side);
                    self.checked(w, op, 200, "application/x-ndjson", &start.to_string());
                    let _ = tx.send(line(&start));
                }
                w.events.push(tx);
                stream_reply(rx)
            }
            "apiBoardSeek" => {
                let (tx, rx) = mpsc::unbounded_channel();
                let _ = tx.send(Bytes::from_static(b"\n"));
                if w.start_on_seek && w.game.is_none() {
                    w.start_game();
                    // Accepted: the seek's connection closes.
                    drop(tx);
                } else {
                    w.seeks.push(tx);
                }
                stream_reply(rx)
            }
            "boardGameStream" => {
                let Some(g) = &w.game else {
                    let body = json!({"error": "Not found."});
                    self.checked(w, op, 404, "application/json", &body.to_string());
                    return json_reply(404, &body);
                };
                let full = g.full();
                let over = g.over();
                self.checked(w, op, 200, "application/x-ndjson", &full.to_string());
                let (tx, rx) = mpsc::unbounded_channel();
                let _ = tx.send(line(&full));
                if !over {
                    w.games.push(tx);
                }
                stream_reply(rx)
            }
            _ => {
                let Some(g) = w.game.as_mut() else {
                    return refuse(self, w, "No such game");
                };
                if g.over() {
                    return refuse(self, w, "The game is over");
                }
                let me = g.side;
                match op {
                    "boardGameMove" => {
                        let to_move = g.position().map(|p| p.turn());
                        if to_move != Some(me) {
                            return refuse(self, w, "Not your turn, or game already over");
                        }
                        if let Err(why) = g.play(segments[6]) {
                            return refuse(self, w, why);
                        }
                        w.broadcast_state(d);
                        let goes_on = w.game.as_ref().is_some_and(|g| !g.over());
                        if let Some(reply) = goes_on.then(|| w.replies.pop_front()).flatten() {
                            if let Some(g) = w.game.as_mut() {
                                let _ = g.play(&reply);
                            }
                            w.broadcast_state(d);
                        }
                    }
                    "boardGameDraw" => {
                        let yes = segments[6] == "yes" || segments[6] == "true";
                        if yes && g.draw[idx(!me)] {
                            g.status = "draw";
                            g.draw = [false, false];
                        } else if yes {
                            g.draw[idx(me)] = true;
                        } else {
                            g.draw[idx(!me)] = false;
                        }
                        w.broadcast_state(d);
                    }
                    "boardGameTakeback" => {
                        let yes = segments[6] == "yes" || segments[6] == "true";
                        if yes && g.takeback[idx(!me)] {
                            let turn = g.position().map(|p| p.turn());
                            let plies = if turn == Some(!me) { 2 } else { 1 };
                            let keep = g.moves.len().saturating_sub(plies);
                            g.moves.truncate(keep);
                        }
                        g.takeback = [false, false];
                        w.broadcast_state(d);
                    }
                    "boardGameResign" => {
                        g.status = "resign";
                        g.winner = Some(!me);
                        w.broadcast_state(d);
                    }
                    "boardGameAbort" => {
                        if g.moves.len() >= 2 {
                            return refuse(self, w, "The game can no longer be aborted");
                        }
                        g.status = "aborted";
                        w.broadcast_state(d);
                    }
                    "boardGameClaimVictory" => {
                        if !g.opponent_gone {
                            return refuse(self, w, "The opponent is still here");
                        }
                        g.status = "timeout";
                        g.winner = Some(me);
                        w.broadcast_state(d);
                    }
                    _ => return refuse(self, w, "not served by the stand-in"),
                }
                self.checked(w, op, 200, "application/json", &ok.to_string());
                json_reply(200, &ok)
            }
        }
    }
}

fn game_start(side: Color) -> Value {
    json!({"type": "gameStart", "game": {
        "fullId": format!("{GAME}wxyz"), "gameId": GAME, "color": colour(side),
        "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "hasMoved": false, "isMyTurn": side == Color::White, "lastMove": "",
        "opponent": {"id": "online-opp", "username": "Online-Opponent", "rating": 2034},
        "perf": "rapid", "rated": true, "secondsLeft": 900,
        "source": "lobby", "speed": "rapid",
        "status": {"id": 20, "name": "started"},
        "variant": {"key": "standard", "name": "Standard"},
        "compat": {"bot": false, "board": true},
        "id": GAME
    }})
}

impl World {
    /// A world in which the player gets `side` when the game starts.
    pub fn new(side: Color) -> World {
        World {
            side: Some(side),
            ..World::default()
        }
    }

    fn start_game(&mut self) {
        let side = self.side.unwrap_or(Color::White);
        self.game = Some(Game {
            side,
            moves: Vec::new(),
            status: "started",
            winner: None,
            draw: [false, false],
            takeback: [false, false],
            time: [900_000, 900_000],
            opponent_gone: false,
        });
        let start = line(&game_start(side));
        self.events.retain(|tx| tx.send(start.clone()).is_ok());
        self.seeks.clear();
    }

    /// Sends `v` to the game streams, checked against the description.
    fn send_game(&mut self, d: &Description, v: &Value) {
        if let Err(e) = d.check_reply(
            "boardGameStream",
            200,
            "application/x-ndjson",
            &v.to_string(),
        ) {
            self.violations.push(format!("line: {e}"));
        }
        let l = line(v);
        self.games.retain(|tx| tx.send(l.clone()).is_ok());
    }

    fn broadcast_state(&mut self, d: &Description) {
        let Some(g) = &self.game else { return };
        let state = g.state();
        let over = g.over();
        self.send_game(d, &state);
        if over {
            // Lichess closes the game stream at the end and tells the event stream.
            self.games.clear();
            let finish = json!({"type": "gameFinish", "game": {"fullId": format!("{GAME}wxyz"), "gameId": GAME}});
            if let Err(e) = d.check_reply(
                "apiStreamEvent",
                200,
                "application/x-ndjson",
                &finish.to_string(),
            ) {
                self.violations.push(format!("line: {e}"));
            }
            let l = line(&finish);
            self.events.retain(|tx| tx.send(l.clone()).is_ok());
        }
    }
}

fn json_reply(status: u16, v: &Value) -> Response {
    Response::builder()
        .status(StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_REQUEST))
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(v.to_string()))
        .unwrap()
}

fn stream_reply(rx: mpsc::UnboundedReceiver<Bytes>) -> Response {
    let stream = futures_util::stream::unfold(rx, |mut rx| async move {
        rx.recv().await.map(|b| (Ok::<_, Infallible>(b), rx))
    });
    Response::builder()
        .status(200)
        .header(header::CONTENT_TYPE, "application/x-ndjson")
        .body(Body::from_stream(stream))
        .unwrap()
}
