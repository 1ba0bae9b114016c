//! The hall's push shell: the round of [`Shared`] to a Lichess broadcast after every
//! change, paced by [`Pacer`], over reqwest (rustls with ring). What to send and when is
//! [`broadcast`](crate::broadcast)'s.

use std::{sync::Arc, time::Duration};

use annabella_rules::printable_within;
use tokio::sync::mpsc;

use crate::{
    broadcast::{
        PushProblem, PushSettings, PushStatus,
        lichess::{self, PushReply, PushSetupError},
        pace::{Outcome, Pacer},
        tell,
    },
    round::News,
    subscriber::{Shared, Stamped},
};

/// The HTTP client: rustls (ring) with the system's roots for `https://`.
fn client(url: &str) -> Result<reqwest::Client, PushSetupError> {
    let tls = if url.starts_with("https://") {
        (*annabella_broker::tls::client_config(None).map_err(PushSetupError::Roots)?).clone()
    } else {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(PushSetupError::Tls)?
            .with_root_certificates(rustls::RootCertStore::empty())
            .with_no_client_auth()
    };
    reqwest::Client::builder()
        .tls_backend_preconfigured(tls)
        .connect_timeout(Duration::from_secs(10))
        .timeout(Duration::from_secs(30))
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(concat!("annabella-hall/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(PushSetupError::Client)
}

/// One push of `games`: every request in turn, stopping at the first that fails.
async fn push(
    client: &reqwest::Client,
    settings: &PushSettings,
    games: &[String],
) -> (Outcome, PushStatus) {
    let mut status = PushStatus {
        round: settings.round.to_string(),
        delivered: false,
        games: games.len(),
        requests: 0,
        errors: Vec::new(),
        errors_left_out: 0,
        problem: None,
        retry_in_ms: None,
        cause: None,
    };
    for body in lichess::bodies(games) {
        status.requests += 1;
        let sent = client
            .post(&settings.url)
            .bearer_auth(&settings.token)
            .header(reqwest::header::CONTENT_TYPE, "text/plain")
            .body(body)
            .send()
            .await;
        let reply = match sent {
            Ok(r) => r,
            Err(e) => {
                status.problem = Some(printable_within(
                    &format!("{}: {e}", settings.url),
                    lichess::MAX_TEXT,
                ));
                status.cause = Some(PushProblem::Unreachable {
                    url: printable_within(&settings.url, lichess::MAX_TEXT),
                });
                return (Outcome::Unreachable, status);
            }
        };
        let code = reply.status();
        let location = reply
            .headers()
            .get(reqwest::header::LOCATION)
            .map(|l| String::from_utf8_lossy(l.as_bytes()).into_owned());
        let text = match read_within(reply, lichess::MAX_REPLY).await {
            Ok(text) => text,
            Err(problem) => {
                status.problem = Some(printable_within(&problem.to_string(), lichess::MAX_TEXT));
                status.cause = Some(match problem {
                    ReplyError::TooLong(max) => PushProblem::TooLong { kib: max / 1024 },
                    ReplyError::Broke(_) => PushProblem::BrokeOff,
                });
                return (Outcome::Unreachable, status);
            }
        };
        let outcome = if code.is_success() {
            match serde_json::from_str::<PushReply>(&text) {
                Ok(r) => {
                    let (errors, left_out) = r.errors(lichess::MAX_ERRORS - status.errors.len());
                    status.errors.extend(errors);
                    status.errors_left_out += left_out;
                    continue;
                }
                Err(e) => {
                    status.problem = Some(format!("a reply that is not Lichess's: {e}"));
                    status.cause = Some(PushProblem::NotLichess);
                    Outcome::Unreachable
                }
            }
        } else if code.is_redirection() {
            let to = printable_within(
                location.as_deref().unwrap_or("no Location"),
                lichess::MAX_TEXT,
            );
            status.problem = Some(format!(
                "refused, {code}: the server sends the push elsewhere ({to}); a push is never sent on to another address"
            ));
            status.cause = Some(PushProblem::Redirected {
                code: code.as_u16(),
                to,
            });
            Outcome::Refused
        } else if code.as_u16() == 429 {
            status.problem = Some("Lichess asks to slow down (429)".into());
            status.cause = Some(PushProblem::SlowDown);
            Outcome::Busy
        } else if code.is_server_error() {
            let said = lichess::refusal(&text);
            status.problem = Some(format!("{code}: {said}"));
            status.cause = Some(PushProblem::ServerError {
                code: code.as_u16(),
                said,
            });
            Outcome::Unreachable
        } else {
            let hint = match code.as_u16() {
                401 | 403 => " (is the token valid, with study:write, and yours the broadcast?)",
                404 => " (is the round id right?)",
                _ => "",
            };
            let said = lichess::refusal(&text);
            status.problem = Some(format!("refused, {code}: {said}{hint}"));
            status.cause = Some(PushProblem::Refused {
                code: code.as_u16(),
                said,
            });
            Outcome::Refused
        };
        return (outcome, status);
    }
    status.delivered = true;
    (Outcome::Delivered, status)
}

/// Why a reply was not read.
#[derive(Debug, thiserror::Error)]
enum ReplyError {
    /// Longer than the cap.
    #[error("a reply longer than {} KiB, not read", .0 / 1024)]
    TooLong(usize),
    /// The connection broke off.
    #[error("the reply broke off: {0}")]
    Broke(#[source] reqwest::Error),
}

/// The reply's body, at most `max` bytes (a longer reply is not read on).
async fn read_within(mut reply: reqwest::Response, max: usize) -> Result<String, ReplyError> {
    if reply
        .content_length()
        .is_some_and(|n| usize::try_from(n).map_or(true, |n| n > max))
    {
        return Err(ReplyError::TooLong(max));
    }
    let mut body = Vec::new();
    while let Some(chunk) = reply.chunk().await.map_err(ReplyError::Broke)? {
        if body.len() + chunk.len() > max {
            return Err(ReplyError::TooLong(max));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(String::from_utf8_lossy(&body).into_owned())
}

/// Pushes the round of `shared` after every change until the hall stops; every push's
/// [`PushStatus`] goes to `news`; failures and per-game errors are warnings.
///
/// # Errors
/// The HTTP client cannot be made (TLS roots).
pub fn start(
    settings: PushSettings,
    shared: Arc<Shared>,
    news: mpsc::UnboundedSender<Stamped>,
) -> Result<tokio::task::JoinHandle<()>, PushSetupError> {
    let client = client(&settings.url)?;
    Ok(tokio::spawn(async move {
        let mut rounds = shared.round.subscribe();
        let origin = tokio::time::Instant::now();
        let mut pacer = Pacer::new();
        pacer.changed(*rounds.borrow_and_update());
        let mut last_told = String::new();
        loop {
            if let Some(_version) = pacer.poll(origin.elapsed()) {
                let games = shared
                    .hall
                    .read()
                    .map(|h| h.pgn_games())
                    .unwrap_or_default();
                if games.is_empty() {
                    pacer.finished(origin.elapsed(), Outcome::Delivered);
                    continue;
                }
                let (outcome, mut status) = push(&client, &settings, &games).await;
                let wait = pacer.finished(origin.elapsed(), outcome);
                status.retry_in_ms = wait.map(|w| u64::try_from(w.as_millis()).unwrap_or(u64::MAX));
                let told = tell(&status, pacer.failures());
                if told != last_told {
                    if status.delivered && status.errors.is_empty() {
                        tracing::info!("{told}");
                    } else {
                        tracing::warn!("{told}");
                    }
                    last_told = told;
                }
                if let Ok(mut hall) = shared.hall.write() {
                    hall.set_broadcast(status.clone());
                }
                shared.version.send_modify(|v| *v += 1);
                let _ = news.send(Stamped::now(News::Broadcast(Box::new(status))));
                continue;
            }
            let wake = pacer.next_at().map(|at| origin + at);
            tokio::select! {
                changed = rounds.changed() => {
                    if changed.is_err() {
                        return;
                    }
                    pacer.changed(*rounds.borrow_and_update());
                }
                () = async {
                    match wake {
                        Some(at) => tokio::time::sleep_until(at).await,
                        None => std::future::pending().await,
                    }
                } => {}
            }
        }
    }))
}
