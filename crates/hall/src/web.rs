//! The hall's web server (axum): `GET /` the hall for spectators (read-only, no token),
//! `GET /arbiter?token=…&by=…` the chief arbiter's hall, `GET /table/{name}` one table,
//! `POST /action` a signed arbiter action (token), `GET /api/hall` JSON,
//! `GET /games.pgn` the round's PGN, `GET /events` server-sent updates, `GET /?screen`
//! (or `/screen`) the projector's page, `GET /style.css` the pages' stylesheet,
//! `GET /live/…` the round in DGT LiveChess's export layout (read-only).

use std::{collections::HashMap, convert::Infallible, sync::Arc};

use annabella_phonetic::{Language, messages::Messages};
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
    /// The language of the hall's pages, notices and refusals.
    language: Language,
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
        let language = shared
            .hall
            .read()
            .map_or_else(|_| Language::default(), |h| h.language());
        HallWeb {
            shared,
            language,
            gate: Gate::new(Token::new(token))
                .with_scripts(&[page::SCRIPT])
                .with_refusals(refusals(language)),
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
            (Some(t), _) if !self.gate.admits(t) => {
                Err(self.refusal(StatusCode::UNAUTHORIZED, "hall-error-token"))
            }
            (Some(_), None) => Err(self.refusal(StatusCode::BAD_REQUEST, "hall-error-name")),
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
            Err(_) => page::message_page(
                self.language,
                StatusCode::INTERNAL_SERVER_ERROR.as_str(),
                &self.say("hall-error-state"),
            ),
        }
    }

    /// The hall's message `id` (no arguments) in its language.
    fn say(&self, id: &str) -> String {
        Messages::get(self.language).text(id, &[])
    }

    /// A refusal with `status` saying the message `id`.
    fn refusal(&self, status: StatusCode, id: &str) -> Refusal {
        Refusal {
            status,
            text: self.say(id),
            language: self.language,
        }
    }

    /// A page refusing with `status`, saying the message `id`.
    fn refuse(&self, status: StatusCode, id: &str) -> Response {
        self.refusal(status, id).into_response()
    }
}

/// What the web guard's refusals say in `language`.
fn refusals(language: Language) -> annabella_serve::Refusals {
    let m = Messages::get(language);
    annabella_serve::Refusals {
        two_hosts: m.text("serve-two-hosts", &[]),
        foreign_host: m.text("serve-foreign-host", &[]),
        foreign_form: m.text("serve-foreign-form", &[]),
        guesses: m.text("serve-guesses", &[]),
    }
}

/// A request refused: its status and why, in the hall's language.
struct Refusal {
    status: StatusCode,
    text: String,
    language: Language,
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let page = page::message_page(self.language, self.status.as_str(), &self.text);
        (self.status, Html(page)).into_response()
    }
}

async fn index(State(w): State<HallWeb>, Query(q): Params) -> Response {
    if q.contains_key("screen") {
        let version = *w.shared.version.borrow();
        return match w.shared.hall.read() {
            Ok(hall) => Html(page::screen_page(&hall, version)).into_response(),
            Err(_) => w.refuse(StatusCode::INTERNAL_SERVER_ERROR, "hall-error-state"),
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
        Ok(Viewer::Spectator) => w.refuse(StatusCode::UNAUTHORIZED, "hall-error-arbiter"),
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
        return w.refuse(StatusCode::INTERNAL_SERVER_ERROR, "hall-error-state");
    };
    match hall.table(&name) {
        Some(t) => Html(page::table_page(hall.language(), t, &viewer)).into_response(),
        None => Refusal {
            status: StatusCode::NOT_FOUND,
            text: Messages::get(w.language)
                .text("hall-error-no-table", &[("table", printable(&name).into())]),
            language: w.language,
        }
        .into_response(),
    }
}

async fn action(State(w): State<HallWeb>, Form(f): Form<HashMap<String, String>>) -> Response {
    let (_, by) = match w.viewer(&f) {
        Ok(Viewer::Arbiter { token, by, .. }) => (token, by),
        Ok(Viewer::Spectator) => return w.refuse(StatusCode::FORBIDDEN, "hall-error-action"),
        Err(r) => return r.into_response(),
    };
    let Some(table) = param(&f, "table") else {
        return w.refuse(StatusCode::BAD_REQUEST, "hall-error-field-table");
    };
    let m = Messages::get(w.language);
    let (act, what) = match hall_action(&f) {
        Ok(a) => a,
        Err(e) => {
            return Refusal {
                status: StatusCode::BAD_REQUEST,
                text: e.words(m),
                language: w.language,
            }
            .into_response();
        }
    };
    let table_arg = ("table", printable(table).into());
    // The journal keeps the wire's `what`; the arbiter reads the notice in the hall's language.
    let sent = match w.shared.send_action(table, &by, &what, act.clone()).await {
        Ok(()) => m.text(
            "hall-sent",
            &[table_arg, ("what", action_words(m, &act).into())],
        ),
        Err(e) => not_sent_words(m, table, &e),
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
#[derive(Debug, Clone, PartialEq, Eq)]
enum HallFormError {
    Result(Option<String>),
    Seq,
    Action(Option<String>),
}

impl HallFormError {
    /// The refusal's sentence in `m`'s language, naming the field and what came.
    fn words(&self, m: &Messages) -> String {
        let with = |id: &str, missing: &str, got: &Option<String>| match got {
            Some(got) => m.text(id, &[("got", printable(got).into())]),
            None => m.text(missing, &[]),
        };
        match self {
            HallFormError::Result(got) => with(
                "hall-error-field-result",
                "hall-error-field-result-missing",
                got,
            ),
            HallFormError::Seq => m.text("hall-error-field-seq", &[]),
            HallFormError::Action(got) => with(
                "hall-error-field-action",
                "hall-error-field-action-missing",
                got,
            ),
        }
    }
}

/// What the hall sent, in `m`'s language (the notice the arbiter reads).
fn action_words(m: &Messages, action: &HallAction) -> String {
    match action {
        HallAction::Table(ArbiterAction::Pause) => m.text("hall-what-pause", &[]),
        HallAction::Table(ArbiterAction::Resume) => m.text("hall-what-resume", &[]),
        HallAction::Table(ArbiterAction::NextGame) => m.text("hall-what-next-game", &[]),
        HallAction::Table(ArbiterAction::DeclareResult { result }) => {
            m.text("hall-what-result", &[("result", result.to_string().into())])
        }
        HallAction::Hall(HallOnly::DismissAlert { seq }) => {
            m.text("hall-what-dismiss", &[("seq", seq.to_string().into())])
        }
        // The hall's forms ask for no other action.
        HallAction::Table(_) => String::new(),
    }
}

/// Why an action was not sent, in `m`'s language (the log keeps the error's own words).
fn not_sent_words(m: &Messages, table: &str, error: &crate::subscriber::SendError) -> String {
    use crate::subscriber::SendError;
    let id = match error {
        SendError::NoKey(_) => "hall-not-sent-key",
        SendError::TableName { .. } => "hall-not-sent-name",
        SendError::Encode(_) => "hall-not-sent-encode",
        SendError::Client(_) => "hall-not-sent-broker",
    };
    m.text(id, &[("table", printable(table).into())])
}

/// `text` from outside without control characters, at most 80 characters (a page shows it).
fn printable(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).take(80).collect()
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
        return w.refuse(StatusCode::INTERNAL_SERVER_ERROR, "hall-error-state");
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
        None => (StatusCode::NOT_FOUND, w.say("hall-error-no-file")).into_response(),
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
        Viewer::Spectator => Some(
            w.streams
                .take()
                .ok_or_else(|| w.refusal(StatusCode::SERVICE_UNAVAILABLE, "hall-error-busy"))?,
        ),
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
            let render = |cards: &mut crate::cards::Cards| {
                let hall = w.shared.hall.read().ok()?;
                let language = hall.language();
                Some(if screen {
                    Regions {
                        alerts: page::screen_alerts(&hall),
                        cards: cards.get(language, page::screen_order(&hall), |t| {
                            page::screen_card(language, t)
                        }),
                        tail: page::screen_tail(&hall),
                        screen: true,
                    }
                } else {
                    Regions {
                        alerts: page::alerts(&hall, &viewer),
                        cards: cards.get(language, hall.tables(), |t| {
                            page::table_card(language, t, &viewer)
                        }),
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
        assert_eq!(e, HallFormError::Result(Some("2-0".into())));
        let e = hall_action(&form(&[("action", "dismiss-alert")])).unwrap_err();
        assert_eq!(e, HallFormError::Seq);
        assert_eq!(
            hall_action(&form(&[("action", "explode")])).unwrap_err(),
            HallFormError::Action(Some("explode".into()))
        );
    }

    #[test]
    fn refusals_name_the_field_and_what_came_in_every_language() {
        let de = Messages::get(Language::De);
        assert_eq!(
            HallFormError::Result(Some("2-0\u{1b}[2J".into())).words(de),
            "Feld „result“: Erwartet wird 1-0, 0-1 oder 1/2-1/2, gekommen ist „2-0[2J“."
        );
        assert_eq!(
            HallFormError::Action(None).words(de),
            "Im Formular fehlt das Feld „action“ (pause, resume, declare-result, dismiss-alert oder next-game)."
        );
        let en = Messages::get(Language::En);
        assert_eq!(
            HallFormError::Seq.words(en),
            "Field “seq”: Expected the record number of the alert."
        );
        for language in Language::ALL {
            let m = Messages::get(language);
            for e in [
                HallFormError::Result(Some("x".into())),
                HallFormError::Result(None),
                HallFormError::Seq,
                HallFormError::Action(Some("x".into())),
                HallFormError::Action(None),
            ] {
                let text = e.words(m);
                assert!(!text.starts_with("hall-"), "{language}: {text}");
                assert!(!text.contains("Some("), "{language}: {text}");
            }
        }
    }

    #[test]
    fn the_notice_says_what_was_sent_in_the_halls_language() {
        let de = Messages::get(Language::De);
        let words = |f: &[(&str, &str)]| action_words(de, &hall_action(&form(f)).unwrap().0);
        assert_eq!(words(&[("action", "pause")]), "Uhren anhalten");
        assert_eq!(words(&[("action", "resume")]), "Uhren weiterlaufen lassen");
        assert_eq!(
            words(&[("action", "declare-result"), ("result", "1/2-1/2")]),
            "Ergebnis 1/2-1/2 festlegen"
        );
        assert_eq!(
            words(&[("action", "dismiss-alert"), ("seq", "12")]),
            "Eintrag 12 erledigen"
        );
        let lt = Messages::get(Language::Lt);
        assert_eq!(
            lt.text(
                "hall-sent",
                &[
                    ("table", "3".into()),
                    (
                        "what",
                        action_words(lt, &ArbiterAction::Pause.into()).into()
                    )
                ]
            ),
            "Išsiųsta prie lentos 3: sustabdyti laikrodžius."
        );
    }

    #[test]
    fn why_an_action_was_not_sent_is_said_in_the_halls_language() {
        use crate::subscriber::SendError;
        let errors = [
            SendError::NoKey("3".into()),
            SendError::TableName {
                table: "3/4".into(),
                error: annabella_hall_wire::topic::TableNameError::Forbidden('/'),
            },
            SendError::Encode(serde_json::from_str::<u8>("x").unwrap_err()),
            SendError::Client(rumqttc::v5::ClientError::Request(
                rumqttc::v5::Request::Disconnect,
            )),
        ];
        for language in Language::ALL {
            let m = Messages::get(language);
            for e in &errors {
                let text = not_sent_words(m, "3\u{1b}", e);
                assert!(text.contains('3') && !text.contains('\u{1b}'), "{text}");
                assert!(text.ends_with('.') && !text.starts_with("hall-"), "{text}");
                if language != Language::En {
                    for english in ["eventloop", "MQTT", "expected", "action key", "topic"] {
                        assert!(!text.contains(english), "{language}: {text}");
                    }
                }
            }
        }
        assert_eq!(
            not_sent_words(Messages::get(Language::De), "3", &errors[3]),
            "Nicht an Brett 3 gesendet: Die Verbindung zum Broker nimmt gerade keine \
             Nachrichten an; versuchen Sie es gleich noch einmal."
        );
    }

    #[test]
    fn the_web_guard_refuses_in_the_halls_language() {
        let english = annabella_serve::Refusals::default();
        assert_eq!(refusals(Language::En), english);
        for language in Language::ALL.into_iter().filter(|l| *l != Language::En) {
            let r = refusals(language);
            for (ours, theirs) in [
                (&r.two_hosts, &english.two_hosts),
                (&r.foreign_host, &english.foreign_host),
                (&r.foreign_form, &english.foreign_form),
                (&r.guesses, &english.guesses),
            ] {
                assert!(
                    ours != theirs && !ours.starts_with("serve-"),
                    "{language}: {ours}"
                );
            }
        }
        assert_eq!(
            refusals(Language::De).guesses,
            "Zu viele falsche Schlüssel von diesem Computer; versuchen Sie es in einer Minute erneut."
        );
    }

    #[test]
    fn a_refusal_page_speaks_the_halls_language() {
        let page = page::message_page(Language::De, "401", "Nein.");
        assert!(page.contains(r#"<html lang="de">"#), "{page}");
        assert!(page.contains("<h1>Fehler 401</h1>"), "{page}");
        let page = page::message_page(Language::Hu, "404", "<b>");
        assert!(
            page.contains("<h1>Hiba 404</h1>") && page.contains("&lt;b&gt;"),
            "{page}"
        );
    }
}
