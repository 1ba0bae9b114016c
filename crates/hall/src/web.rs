//! The hall's web server (axum): `GET /` the hall for spectators (read-only, no token),
//! `GET /arbiter?token=…&by=…` the chief arbiter's hall, `GET /table/{name}` one table,
//! `POST /action` a signed arbiter action (token), `GET /api/hall` JSON,
//! `GET /games.pgn` the round's PGN, `GET /events` server-sent updates, `GET /?screen`
//! (or `/screen`) the projector's page, `GET /style.css` the pages' stylesheet,
//! `GET /live/…` the round in DGT LiveChess's export layout (read-only).

use std::{collections::HashMap, convert::Infallible, sync::Arc};

use annabella_rules::GameResult;
use annabella_serve::{Gate, Token, encode, param, serving::Limits};
use annabella_table::ArbiterAction;
use axum::{
    Form, Json, Router,
    extract::{Path, Query, State},
    http::{StatusCode, header},
    response::{
        Html, IntoResponse, Redirect, Response,
        sse::{Event, KeepAlive, Sse},
    },
    routing::{get, post},
};
use futures_util::stream::{self, Stream};
use serde::Serialize;

use crate::{
    page::{self, Viewer},
    round::{HallAlert, TableEntry},
    stream::{Regions, Renders, Sent, Streams},
    subscriber::{KEEP_ALIVE, Shared},
};
use annabella_hall_wire::action::{HallAction, HallOnly};

/// The hall's server: the shared state and the token for the chief arbiter.
#[derive(Clone)]
pub struct HallWeb {
    shared: Arc<Shared>,
    gate: Gate,
    streams: Streams,
    renders: Arc<Renders>,
}

type Params = Query<HashMap<String, String>>;

/// What `/api/hall` answers.
#[derive(Debug, Serialize)]
pub struct HallJson<'a> {
    /// Alerts that need the arbiter, newest first.
    pub alerts: Vec<HallAlert>,
    /// Every table.
    pub tables: Vec<&'a TableEntry>,
    /// Messages dropped as duplicates.
    pub duplicates: u64,
    /// Messages rejected.
    pub rejected: u64,
    /// Messages rejected, by why (unsigned, forged, …).
    pub dropped: crate::round::Dropped,
    /// How the last push to a Lichess broadcast went (`null` when the hall does not push).
    pub broadcast: Option<&'a crate::broadcast::PushStatus>,
    /// Tables whose journal head contradicted one the hall witnessed, oldest first.
    pub witness_alerts: Vec<crate::round::WitnessAlert>,
}

impl HallWeb {
    /// A server over `shared`, with `token` for the chief arbiter.
    pub fn new(shared: Arc<Shared>, token: &str) -> HallWeb {
        HallWeb {
            shared,
            gate: Gate::new(Token::new(token)).with_scripts(&[page::SCRIPT]),
            streams: Streams::default(),
            renders: Arc::default(),
        }
    }

    /// Host names the hall answers to besides IP addresses and `localhost` (DNS
    /// rebinding: see `annabella_serve::hardening`).
    #[must_use]
    pub fn with_host_names(mut self, names: Vec<String>) -> HallWeb {
        self.gate = self.gate.with_host_names(names);
        self
    }

    /// The routes.
    pub fn router(&self) -> Router {
        Router::new()
            .route("/", get(index))
            .route("/arbiter", get(arbiter))
            .route("/table/{name}", get(table))
            .route("/action", post(action))
            .route("/api/hall", get(api_hall))
            .route("/games.pgn", get(games_pgn))
            .route("/events", get(events))
            .route("/screen", get(screen))
            .route("/style.css", get(style_css))
            .route("/live/{*path}", get(live_file))
            .with_state(self.clone())
    }

    /// Serves on `listener` within the default serving limits (idle and header
    /// timeouts, a bound on connections and bodies) until it fails.
    ///
    /// # Errors
    /// The listener's I/O error.
    pub async fn serve(self, listener: tokio::net::TcpListener) -> std::io::Result<()> {
        self.gate
            .serve(listener, self.router(), Limits::default())
            .await
    }

    fn viewer(&self, q: &HashMap<String, String>) -> Result<Viewer, Refusal> {
        match (param(q, "token"), param(q, "by")) {
            (None, _) => Ok(Viewer::Spectator),
            (Some(t), _) if !self.gate.admits(t) => Err(Refusal(
                StatusCode::UNAUTHORIZED,
                "That token is not the hall's.",
            )),
            (Some(_), None) => Err(Refusal(
                StatusCode::BAD_REQUEST,
                "Enter your name (by=…): it is recorded with every action.",
            )),
            (Some(t), Some(by)) => Ok(Viewer::Arbiter {
                token: t.to_owned(),
                by: by.to_owned(),
                keyed: self.shared.keyed_tables(),
            }),
        }
    }

    fn render(&self, viewer: &Viewer, notice: Option<&str>) -> String {
        let version = *self.shared.version.borrow();
        match self.shared.hall.read() {
            Ok(hall) => page::hall_page(&hall, viewer, version, notice),
            Err(_) => page::message_page("Error", "The hall's state is not readable."),
        }
    }
}

/// A request refused: its status and why.
struct Refusal(StatusCode, &'static str);

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        refuse(self.0, self.1)
    }
}

fn refuse(status: StatusCode, text: &str) -> Response {
    (status, Html(page::message_page(status.as_str(), text))).into_response()
}

async fn index(State(w): State<HallWeb>, Query(q): Params) -> Response {
    if q.contains_key("screen") {
        let version = *w.shared.version.borrow();
        return match w.shared.hall.read() {
            Ok(hall) => Html(page::screen_page(&hall, version)).into_response(),
            Err(_) => refuse(
                StatusCode::INTERNAL_SERVER_ERROR,
                "The hall's state is not readable.",
            ),
        };
    }
    Html(w.render(&Viewer::Spectator, None)).into_response()
}

/// The projector's page lives at `/?screen`, so that its live updates ask for the
/// projector's regions with the same page script.
async fn screen() -> Redirect {
    Redirect::to("/?screen")
}

/// The pages' stylesheet (the same for every viewer).
async fn style_css() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        page::stylesheet(),
    )
        .into_response()
}

async fn arbiter(State(w): State<HallWeb>, Query(q): Params) -> Response {
    match w.viewer(&q) {
        Ok(Viewer::Spectator) => refuse(
            StatusCode::UNAUTHORIZED,
            "The chief arbiter's hall needs the hall token.",
        ),
        Ok(v) => Html(w.render(&v, param(&q, "sent"))).into_response(),
        Err(r) => r.into_response(),
    }
}

async fn table(State(w): State<HallWeb>, Path(name): Path<String>, Query(q): Params) -> Response {
    let viewer = match w.viewer(&q) {
        Ok(v) => v,
        Err(r) => return r.into_response(),
    };
    let Ok(hall) = w.shared.hall.read() else {
        return refuse(
            StatusCode::INTERNAL_SERVER_ERROR,
            "The hall's state is not readable.",
        );
    };
    match hall.table(&name) {
        Some(t) => Html(page::table_page(hall.language(), t, &viewer)).into_response(),
        None => refuse(
            StatusCode::NOT_FOUND,
            &format!("No table {name:?} in the hall."),
        ),
    }
}

async fn action(State(w): State<HallWeb>, Form(f): Form<HashMap<String, String>>) -> Response {
    let (_, by) = match w.viewer(&f) {
        Ok(Viewer::Arbiter { token, by, .. }) => (token, by),
        Ok(Viewer::Spectator) => {
            return refuse(
                StatusCode::FORBIDDEN,
                "Arbiter actions need the hall token.",
            );
        }
        Err(r) => return r.into_response(),
    };
    let Some(table) = param(&f, "table") else {
        return refuse(StatusCode::BAD_REQUEST, "field \"table\" is missing");
    };
    let (act, what) = match hall_action(&f) {
        Ok(a) => a,
        Err(e) => return refuse(StatusCode::BAD_REQUEST, &e.to_string()),
    };
    let sent = match w.shared.send_action(table, &by, &what, act).await {
        Ok(()) => format!("Sent to table {table}: {what}."),
        Err(e) => format!("Not sent to table {table}: {e}."),
    };
    // The token stays out of the address: the browser has it as a cookie.
    Redirect::to(&format!(
        "/arbiter?by={}&sent={}",
        encode(&by),
        encode(&sent)
    ))
    .into_response()
}

/// A hall form that asks for no action: the field and what came (`None`: nothing).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum HallFormError {
    #[error("field \"result\": expected 1-0, 0-1 or 1/2-1/2, got {}", came(.0))]
    Result(Option<String>),
    #[error("field \"seq\": expected the record number of the alert")]
    Seq,
    #[error(
        "field \"action\": expected pause, resume, declare-result, dismiss-alert or next-game, got {}",
        came(.0)
    )]
    Action(Option<String>),
}

/// What a form's field held, for a refusal: quoted, at most 80 characters, without
/// control characters ("nothing" when it was absent).
fn came(text: &Option<String>) -> String {
    match text {
        Some(t) => {
            let clean: String = t.chars().filter(|c| !c.is_control()).collect();
            format!("\"{}\"", annabella_rules::excerpt(&clean))
        }
        None => "nothing".to_owned(),
    }
}

/// The action a form asks for, with its words.
fn hall_action(f: &HashMap<String, String>) -> Result<(HallAction, String), HallFormError> {
    Ok(match param(f, "action") {
        Some("pause") => (
            ArbiterAction::Pause.into(),
            "pause the clocks (from the hall)".into(),
        ),
        Some("resume") => (
            ArbiterAction::Resume.into(),
            "resume the clocks (from the hall)".into(),
        ),
        Some("declare-result") => {
            let text = param(f, "result");
            let result: GameResult = text
                .and_then(|t| t.parse().ok())
                .ok_or_else(|| HallFormError::Result(text.map(str::to_owned)))?;
            let what = format!("declare the result {result} (from the hall)");
            (ArbiterAction::DeclareResult { result }.into(), what)
        }
        Some("dismiss-alert") => {
            let seq = param(f, "seq")
                .and_then(|s| s.parse::<u64>().ok())
                .ok_or(HallFormError::Seq)?;
            (
                HallAction::Hall(HallOnly::DismissAlert { seq }),
                annabella_hall_wire::action::dismissal_what(seq),
            )
        }
        Some("next-game") => (
            ArbiterAction::NextGame.into(),
            "confirm the result and start the next game (from the hall)".into(),
        ),
        other => return Err(HallFormError::Action(other.map(str::to_owned))),
    })
}

async fn api_hall(State(w): State<HallWeb>) -> Response {
    let Ok(hall) = w.shared.hall.read() else {
        return refuse(
            StatusCode::INTERNAL_SERVER_ERROR,
            "The hall's state is not readable.",
        );
    };
    Json(HallJson {
        alerts: hall.alerts(),
        tables: hall.tables().collect(),
        duplicates: hall.duplicates(),
        rejected: hall.rejected(),
        dropped: hall.dropped(),
        broadcast: hall.broadcast(),
        witness_alerts: hall.witness_alerts(),
    })
    .into_response()
}

/// A file of the round in LiveChess's layout (`crate::livechess`), made from the hall
/// on each request: only the tree's own paths exist, nothing is read from disk.
async fn live_file(State(w): State<HallWeb>, Path(path): Path<String>) -> Response {
    let file = w
        .shared
        .hall
        .read()
        .ok()
        .and_then(|h| crate::livechess::tree(&h).remove(&path));
    match file {
        Some(text) => (
            [
                (header::CONTENT_TYPE, crate::livechess::content_type(&path)),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            text,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "No such file of the round.").into_response(),
    }
}

async fn games_pgn(State(w): State<HallWeb>) -> Response {
    let text = w.shared.hall.read().map(|h| h.pgn()).unwrap_or_default();
    (
        [(
            header::CONTENT_TYPE,
            "application/x-chess-pgn; charset=utf-8",
        )],
        text,
    )
        .into_response()
}

async fn events(
    State(w): State<HallWeb>,
    Query(q): Params,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, Refusal> {
    let viewer = w.viewer(&q)?;
    // A spectator's stream takes one of the limited places; the arbiter's needs none.
    let place = match viewer {
        Viewer::Spectator => Some(w.streams.take().ok_or(Refusal(
            StatusCode::SERVICE_UNAVAILABLE,
            "Too many spectators follow the hall live; reload the page later.",
        ))?),
        Viewer::Arbiter { .. } => None,
    };
    // The projector's page asks for its own regions (it has no controls).
    let screen = q.contains_key("screen");
    let mut rx = w.shared.version.subscribe();
    rx.mark_changed();
    let sent = Sent::default();
    let stream = stream::unfold(
        (w, rx, viewer, sent, place),
        move |(w, mut rx, viewer, mut sent, place)| async move {
            rx.changed().await.ok()?;
            let version = *rx.borrow_and_update();
            let render = || {
                let hall = w.shared.hall.read().ok()?;
                Some(if screen {
                    Regions {
                        alerts: page::screen_alerts(&hall),
                        cards: page::screen_cards(&hall),
                        tail: page::screen_tail(&hall),
                        screen: true,
                    }
                } else {
                    Regions {
                        alerts: page::alerts(&hall, &viewer),
                        cards: page::table_cards(&hall, &viewer),
                        tail: page::tables_tail(&hall),
                        screen: false,
                    }
                })
            };
            // One render per version for every stream of the same viewer.
            let rendered = w.renders.get(screen, &viewer, version, render)?;
            let (kind, data) = sent.next(version, &rendered);
            Some((
                Ok(Event::default().event(kind).data(data)),
                (w, rx, viewer, sent, place),
            ))
        },
    );
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(KEEP_ALIVE)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn the_arbiters_forms_become_hall_actions_and_bad_ones_are_named() {
        let (a, what) =
            hall_action(&form(&[("action", "declare-result"), ("result", "0-1")])).unwrap();
        assert_eq!(
            a,
            HallAction::Table(ArbiterAction::DeclareResult {
                result: GameResult::BlackWins
            })
        );
        assert!(what.contains("0-1"));
        let (a, _) = hall_action(&form(&[("action", "dismiss-alert"), ("seq", "12")])).unwrap();
        assert_eq!(a, HallAction::Hall(HallOnly::DismissAlert { seq: 12 }));
        let e = hall_action(&form(&[("action", "declare-result"), ("result", "2-0")])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "field \"result\": expected 1-0, 0-1 or 1/2-1/2, got \"2-0\""
        );
        let e = hall_action(&form(&[("action", "dismiss-alert")])).unwrap_err();
        assert_eq!(e, HallFormError::Seq);
        assert_eq!(
            hall_action(&form(&[("action", "explode")])).unwrap_err(),
            HallFormError::Action(Some("explode".into()))
        );
    }
}
