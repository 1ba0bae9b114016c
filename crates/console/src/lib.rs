//! The arbiter's web console for one table (axum): both boards side by side as SVG with
//! the differing squares marked, clocks, move lists, the event log, pending claims,
//! alerts and the reconciliation plan (Law D.2.9); the arbiter's actions as forms.
//!
//! The console is fed by a `tokio::sync::watch::Receiver<ConsoleView>` and sends
//! [`ArbiterRequest`]s (each naming who made it) over a `tokio::sync::mpsc::Sender`; the
//! station maps both to the table. Bind it to 127.0.0.1 ([`DEFAULT_ADDR`]). Views are
//! read-only and free on localhost; actions need the [`Token`] (printed at start), and so
//! does any access from another host. Live updates come over server-sent events; the
//! pages work without JavaScript too.
//!
//! Routes: `GET /` (read-only view), `GET /arbiter?token=…&by=…` (the arbiter's console),
//! `POST /action` (form), `POST /api/requests` (JSON [`ArbiterRequest`], `Authorization:
//! Bearer TOKEN`), `GET /api/view` (JSON [`ConsoleView`]), `GET /events` (SSE, event
//! `view` with the changed page regions), `GET /style.css` (the pages' stylesheet).
//!
//! ```
//! use std::collections::HashMap;
//! use annabella_console::action_from_form;
//! use annabella_view::ArbiterCommand;
//! use shakmaty::Color;
//! // The arbiter's "set a clock" form, as the console reads it.
//! let form: HashMap<String, String> = [("action", "set-clock"), ("side", "white"), ("time", "1:05:00")]
//!     .map(|(k, v)| (k.to_owned(), v.to_owned()))
//!     .into();
//! assert_eq!(action_from_form(&form), Ok(ArbiterCommand::SetClock { side: Color::White, ms: 3_900_000 }));
//! ```

use std::{collections::HashMap, convert::Infallible, net::SocketAddr};

use annabella_phonetic::Language;
use annabella_serve::{Gate, encode, param, serving::Limits};
use annabella_view::{ArbiterRequest, ConsoleView};
use axum::{
    Form, Json, Router,
    extract::{ConnectInfo, Query, State},
    http::{HeaderMap, StatusCode, header},
    response::{
        Html, IntoResponse, Redirect, Response,
        sse::{Event, KeepAlive, Sse},
    },
    routing::{get, post},
};
use futures_util::stream::{self, Stream};
use tokio::sync::{mpsc, watch};

pub mod demo;
pub mod form;
pub mod page;
pub mod text;

pub use form::{FormError, action_from_form};
pub use page::Mode;

/// Where the console listens unless told otherwise: localhost only.
pub const DEFAULT_ADDR: &str = "127.0.0.1:8960";

pub use annabella_serve::Token;

/// One table's console: the view to show, where requests go, and the token.
#[derive(Clone)]
pub struct Console {
    view: watch::Receiver<ConsoleView>,
    requests: mpsc::Sender<ArbiterRequest>,
    gate: Gate,
    language: Language,
}

type Params = Query<HashMap<String, String>>;

fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
}

/// What the web guard's refusals say in `language`.
fn refusals(language: Language) -> annabella_serve::Refusals {
    let m = annabella_phonetic::messages::Messages::get(language);
    annabella_serve::Refusals {
        two_hosts: m.text("serve-two-hosts", &[]),
        foreign_host: m.text("serve-foreign-host", &[]),
        foreign_form: m.text("serve-foreign-form", &[]),
        guesses: m.text("serve-guesses", &[]),
    }
}

fn status_page(status: StatusCode, html: String) -> Response {
    (status, Html(html)).into_response()
}

impl Console {
    /// A console over `view`, sending requests to `requests`, guarded by `token`.
    pub fn new(
        view: watch::Receiver<ConsoleView>,
        requests: mpsc::Sender<ArbiterRequest>,
        token: Token,
    ) -> Console {
        Console {
            view,
            requests,
            gate: Gate::new(token).with_scripts(&[page::SCRIPT]),
            language: Language::En,
        }
    }

    /// The pages in `language` (the table's; English unless told).
    #[must_use]
    pub fn with_language(mut self, language: Language) -> Console {
        self.language = language;
        self.gate = self.gate.with_refusals(refusals(language));
        self
    }

    /// Host names the console answers to besides IP addresses and `localhost` (see
    /// `annabella_serve::hardening`).
    #[must_use]
    pub fn with_host_names(mut self, names: Vec<String>) -> Console {
        self.gate = self.gate.with_host_names(names);
        self
    }

    /// The routes. Serve them with connection info (see [`Console::serve`]): the console
    /// tells local from remote peers by address.
    pub fn router(&self) -> Router {
        Router::new()
            .route("/", get(index))
            .route("/arbiter", get(arbiter))
            .route("/action", post(action_form))
            .route("/api/view", get(api_view))
            .route("/api/requests", post(api_request))
            .route("/events", get(events))
            .route("/style.css", get(style_css))
            .with_state(self.clone())
    }

    /// Serves the console on `listener` within the default [`Limits`] until the
    /// listener fails.
    ///
    /// # Errors
    /// The listener's I/O error.
    pub async fn serve(self, listener: tokio::net::TcpListener) -> std::io::Result<()> {
        self.serve_within(listener, Limits::default()).await
    }

    /// Serves the console on `listener` within `limits` until the listener fails.
    ///
    /// # Errors
    /// The listener's I/O error.
    pub async fn serve_within(
        self,
        listener: tokio::net::TcpListener,
        limits: Limits,
    ) -> std::io::Result<()> {
        self.gate.serve(listener, self.router(), limits).await
    }

    fn token_ok(&self, given: Option<&str>) -> bool {
        given.is_some_and(|t| self.gate.admits(t))
    }

    /// Views: free from localhost, the token from anywhere else.
    fn may_view(&self, peer: SocketAddr, given: Option<&str>) -> bool {
        peer.ip().is_loopback() || self.token_ok(given)
    }

    fn mode(&self, q: &HashMap<String, String>) -> Mode {
        match (param(q, "token"), param(q, "by")) {
            (Some(t), Some(by)) if self.token_ok(Some(t)) => Mode::Arbiter {
                token: t.to_owned(),
                by: by.to_owned(),
            },
            _ => Mode::Spectator,
        }
    }

    async fn send(&self, request: ArbiterRequest) -> Result<(), Response> {
        self.requests.send(request).await.map_err(|_| {
            status_page(
                StatusCode::SERVICE_UNAVAILABLE,
                page::error(
                    &page::sentence("console-say-not-running", self.language),
                    self.language,
                ),
            )
        })
    }
}

/// The pages' stylesheet (the same for every viewer; no token needed).
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

async fn index(
    State(c): State<Console>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Query(q): Params,
) -> Response {
    if !c.may_view(peer, param(&q, "token")) {
        return status_page(
            StatusCode::UNAUTHORIZED,
            page::login(
                &page::sentence("console-say-remote-token", c.language),
                c.language,
            ),
        );
    }
    let view = c.view.borrow().clone();
    Html(page::page(&view, &Mode::Spectator, None, c.language)).into_response()
}

async fn arbiter(State(c): State<Console>, Query(q): Params) -> Response {
    if !c.token_ok(param(&q, "token")) {
        let message = if param(&q, "token").is_some() {
            "console-say-wrong-token"
        } else {
            "console-say-needs-token"
        };
        return status_page(
            StatusCode::UNAUTHORIZED,
            page::login(&page::sentence(message, c.language), c.language),
        );
    }
    let mode = c.mode(&q);
    if mode == Mode::Spectator {
        return status_page(
            StatusCode::BAD_REQUEST,
            page::login(
                &page::sentence("console-say-needs-name", c.language),
                c.language,
            ),
        );
    }
    let view = c.view.borrow().clone();
    Html(page::page(&view, &mode, param(&q, "sent"), c.language)).into_response()
}

async fn action_form(State(c): State<Console>, Form(f): Form<HashMap<String, String>>) -> Response {
    if !c.token_ok(param(&f, "token")) {
        return status_page(
            StatusCode::FORBIDDEN,
            page::error(
                &page::sentence("console-say-action-token", c.language),
                c.language,
            ),
        );
    }
    let Some(by) = param(&f, "by")
        .map(|b| b.trim().to_owned())
        .filter(|b| !b.is_empty())
    else {
        return status_page(
            StatusCode::BAD_REQUEST,
            page::error(
                &page::sentence("console-say-action-name", c.language),
                c.language,
            ),
        );
    };
    let action = match action_from_form(&f) {
        Ok(a) => a,
        Err(e) => {
            return status_page(
                StatusCode::BAD_REQUEST,
                page::error(&e.sentence(c.language), c.language),
            );
        }
    };
    let sent = page::sent(&action, &by, c.language);
    if let Err(r) = c
        .send(ArbiterRequest {
            by: by.clone(),
            action,
        })
        .await
    {
        return r;
    }
    // The token stays out of the address: the browser has it as a cookie.
    Redirect::to(&format!(
        "/arbiter?by={}&sent={}",
        encode(&by),
        encode(&sent)
    ))
    .into_response()
}

async fn api_view(
    State(c): State<Console>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Query(q): Params,
) -> Response {
    if !c.may_view(peer, bearer(&headers).or(param(&q, "token"))) {
        return (StatusCode::UNAUTHORIZED, "token required").into_response();
    }
    Json(c.view.borrow().clone()).into_response()
}

async fn api_request(
    State(c): State<Console>,
    headers: HeaderMap,
    Json(request): Json<ArbiterRequest>,
) -> Response {
    if !c.token_ok(bearer(&headers)) {
        return (StatusCode::FORBIDDEN, "token required").into_response();
    }
    if request.by.trim().is_empty() {
        return (StatusCode::BAD_REQUEST, "\"by\" must name who acts").into_response();
    }
    match c.send(request).await {
        Ok(()) => StatusCode::ACCEPTED.into_response(),
        Err(r) => r,
    }
}

async fn events(
    State(c): State<Console>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Query(q): Params,
) -> Response {
    if !c.may_view(peer, param(&q, "token")) {
        return (StatusCode::UNAUTHORIZED, "token required").into_response();
    }
    let mode = c.mode(&q);
    let rx = c.view.clone();
    let stream = updates(rx, mode, c.language);
    Sse::new(stream)
        .keep_alive(KeepAlive::default())
        .into_response()
}

/// The current regions at once, then again after every change of the view.
fn updates(
    rx: watch::Receiver<ConsoleView>,
    mode: Mode,
    language: Language,
) -> impl Stream<Item = Result<Event, Infallible>> {
    stream::unfold((rx, mode, true), move |(mut rx, mode, first)| async move {
        if !first && rx.changed().await.is_err() {
            return None;
        }
        let html = page::regions(&rx.borrow_and_update(), &mode, language);
        Some((
            Ok(Event::default().event("view").data(html)),
            (rx, mode, false),
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use annabella_view::ArbiterCommand;

    #[test]
    fn tokens_are_random_and_compared_whole() {
        let a = Token::random().expect("random");
        let b = Token::random().expect("random");
        assert_ne!(a, b);
        assert_eq!(a.as_str().len(), 32);
        assert!(a.matches(a.as_str()));
        assert!(!a.matches(&a.as_str()[..31]));
        assert!(!a.matches(""));
        assert!(!Token::new("").matches(""));
    }

    #[test]
    fn forms_become_actions_or_name_the_field() {
        let form = |pairs: &[(&str, &str)]| -> HashMap<String, String> {
            pairs
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect()
        };
        assert_eq!(
            action_from_form(&form(&[
                ("action", "set-clock"),
                ("side", "black"),
                ("time", "1:05:00")
            ])),
            Ok(ArbiterCommand::SetClock {
                side: shakmaty::Color::Black,
                ms: 3_900_000
            })
        );
        assert_eq!(
            action_from_form(&form(&[
                ("action", "set-clock"),
                ("side", "black"),
                ("time", "soon")
            ])),
            Err(FormError::Clock(text::ClockError::NotAClock {
                shown: "soon".into()
            }))
        );
        assert_eq!(
            action_from_form(&form(&[
                ("action", "penalty"),
                ("side", "grey"),
                ("penalty", "warning")
            ])),
            Err(FormError::Side {
                text: "grey".into()
            })
        );
        assert_eq!(
            action_from_form(&form(&[("action", "set-moves"), ("side", "white")])),
            Err(FormError::Missing { field: "moves" })
        );
        assert_eq!(
            action_from_form(&form(&[("action", "fly")])),
            Err(FormError::UnknownAction { text: "fly".into() })
        );
        let unknown = action_from_form(&form(&[("action", "fly")])).unwrap_err();
        assert_eq!(
            unknown.to_string(),
            "field \"action\": unknown action \"fly\""
        );
    }

    #[test]
    fn remote_peers_need_the_token_even_to_view() {
        let (_view_tx, view_rx) = watch::channel(ConsoleView::default());
        let (req_tx, _req_rx) = mpsc::channel(1);
        let c = Console::new(view_rx, req_tx, Token::new("s3cret-token"));
        let local: SocketAddr = "127.0.0.1:5000".parse().expect("addr");
        let local6: SocketAddr = "[::1]:5000".parse().expect("addr");
        let remote: SocketAddr = "192.168.1.20:5000".parse().expect("addr");
        assert!(c.may_view(local, None));
        assert!(c.may_view(local6, None));
        assert!(!c.may_view(remote, None));
        assert!(!c.may_view(remote, Some("wrong")));
        assert!(c.may_view(remote, Some("s3cret-token")));
        // Arbiter mode needs the right token and a name, wherever the peer is.
        let q = |pairs: &[(&str, &str)]| -> HashMap<String, String> {
            pairs
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect()
        };
        assert_eq!(
            c.mode(&q(&[("token", "wrong"), ("by", "A")])),
            Mode::Spectator
        );
        assert_eq!(c.mode(&q(&[("token", "s3cret-token")])), Mode::Spectator);
        assert_eq!(
            c.mode(&q(&[("token", "s3cret-token"), ("by", "A")])),
            Mode::Arbiter {
                token: "s3cret-token".into(),
                by: "A".into()
            }
        );
    }
}
