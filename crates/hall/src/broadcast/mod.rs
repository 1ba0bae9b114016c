//! The round pushed to a Lichess broadcast (`annabella hall --push-lichess ROUND_ID`):
//! after every change of the round's PGN, at most once a second, every game goes to
//! `POST {URL}/api/broadcast/round/{ROUND_ID}/push` in requests of at most 100 games;
//! while the network is away the push is tried again with a doubling backoff; the
//! reply's per-game errors are reported (log and `--json`).
//!
//! [`pace`] decides when (pure, virtual time); [`lichess`] is the endpoint's part
//! (round id, token file, bodies, reply); [`run`] is the thin HTTP shell (reqwest over
//! rustls with ring).

pub mod lichess;
pub mod pace;

use std::{sync::Arc, time::Duration};

use serde::Serialize;
use tokio::sync::mpsc;

use crate::{
    hall::News,
    outbox::Report,
    subscriber::{Shared, Stamped},
};
use lichess::{GameError, PushReply, PushSetupError, RoundId};
use pace::{Outcome, Pacer};

/// Where and as whom the round is pushed.
#[derive(Clone)]
pub struct PushSettings {
    /// The broadcast round.
    pub round: RoundId,
    /// The push URL.
    pub url: String,
    token: String,
}

impl std::fmt::Debug for PushSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PushSettings")
            .field("round", &self.round)
            .field("url", &self.url)
            .finish_non_exhaustive()
    }
}

impl PushSettings {
    /// The push of round `round` to the Lichess at `base`, with the token of
    /// `token_file`.
    ///
    /// # Errors
    /// A bad round id or URL; a token file that cannot be read, is world-readable or
    /// empty.
    pub fn new(
        base: &str,
        round: &str,
        token_file: &std::path::Path,
    ) -> Result<PushSettings, PushSetupError> {
        let round: RoundId = round.parse()?;
        let url = lichess::push_url(base, &round)?;
        let token = lichess::read_token(token_file)?;
        Ok(PushSettings { round, url, token })
    }
}

/// How the last push went (a `--json` line `{"news":"broadcast",…}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PushStatus {
    /// The broadcast round.
    pub round: String,
    /// Lichess took every request.
    pub delivered: bool,
    /// Games pushed.
    pub games: usize,
    /// Requests sent (at most 100 games each).
    pub requests: usize,
    /// The games Lichess did not take, and why.
    pub errors: Vec<GameError>,
    /// Why the push failed (no network, a refusal), if it did.
    pub problem: Option<String>,
    /// When the next try comes, if the push is tried again (ms).
    pub retry_in_ms: Option<u64>,
}

/// The HTTP client: rustls (ring) with the system's roots for `https://`.
fn client(url: &str) -> Result<reqwest::Client, PushSetupError> {
    let tls = if url.starts_with("https://") {
        (*crate::tls::client_config(None).map_err(PushSetupError::Tls)?).clone()
    } else {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| PushSetupError::Tls(e.to_string()))?
            .with_root_certificates(rustls::RootCertStore::empty())
            .with_no_client_auth()
    };
    reqwest::Client::builder()
        .tls_backend_preconfigured(tls)
        .connect_timeout(Duration::from_secs(10))
        .timeout(Duration::from_secs(30))
        .user_agent(concat!("annabella-hall/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(|e| PushSetupError::Tls(e.to_string()))
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
        problem: None,
        retry_in_ms: None,
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
                status.problem = Some(format!("{}: {e}", settings.url));
                return (Outcome::Unreachable, status);
            }
        };
        let code = reply.status();
        let text = reply.text().await.unwrap_or_default();
        let outcome = if code.is_success() {
            match serde_json::from_str::<PushReply>(&text) {
                Ok(r) => {
                    status.errors.extend(r.errors());
                    continue;
                }
                Err(e) => {
                    status.problem = Some(format!("a reply that is not Lichess's: {e}"));
                    Outcome::Unreachable
                }
            }
        } else if code.as_u16() == 429 {
            status.problem = Some("Lichess asks to slow down (429)".into());
            Outcome::Busy
        } else if code.is_server_error() {
            status.problem = Some(format!("{code}: {}", lichess::refusal(&text)));
            Outcome::Unreachable
        } else {
            let hint = match code.as_u16() {
                401 | 403 => " (is the token valid, with study:write, and yours the broadcast?)",
                404 => " (is the round id right?)",
                _ => "",
            };
            status.problem = Some(format!(
                "refused, {code}: {}{hint}",
                lichess::refusal(&text)
            ));
            Outcome::Refused
        };
        return (outcome, status);
    }
    status.delivered = true;
    (Outcome::Delivered, status)
}

/// Pushes the round of `shared` after every change until the hall stops; every push's
/// [`PushStatus`] goes to `news`, failures and per-game errors to `report`.
///
/// # Errors
/// The HTTP client cannot be made (TLS roots).
pub fn start(
    settings: PushSettings,
    shared: Arc<Shared>,
    news: mpsc::UnboundedSender<Stamped>,
    report: Report,
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
                    report(told.clone());
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

/// The hall page's line on the push (empty when the hall does not push).
pub fn status_html(status: Option<&PushStatus>) -> String {
    let Some(s) = status else {
        return String::new();
    };
    let mut text = if let Some(problem) = &s.problem {
        let again = s.retry_in_ms.map_or_else(
            || "; not sent again until the round changes".to_owned(),
            |ms| format!("; trying again in {} s", ms.div_ceil(1000)),
        );
        format!("push failed: {problem}{again}")
    } else {
        format!("{} games pushed", s.games)
    };
    for e in &s.errors {
        text.push_str(&format!(
            "; not taken: board {} ({} - {}): {}",
            e.board, e.white, e.black, e.error
        ));
    }
    format!(
        r#"<p id="broadcast" data-delivered="{}">Lichess broadcast round {}: {}.</p>"#,
        s.delivered,
        annabella_board::escape(&s.round),
        annabella_board::escape(&text)
    )
}

/// The log's line for a push (the same line is not repeated).
fn tell(status: &PushStatus, failures: u32) -> String {
    let round = &status.round;
    if let Some(problem) = &status.problem {
        let again = status.retry_in_ms.map_or_else(
            || " (not sent again until the round changes)".to_owned(),
            |ms| format!(" (try {failures}; again in {} s)", ms.div_ceil(1000)),
        );
        return format!("hall: Lichess round {round}: push failed: {problem}{again}");
    }
    let mut line = format!("hall: Lichess round {round}: the round's games are pushed");
    for e in &status.errors {
        line.push_str(&format!(
            "; Lichess did not take board {} ({} - {}): {}",
            e.board, e.white, e.black, e.error
        ));
    }
    line
}
