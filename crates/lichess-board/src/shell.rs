//! The thin async HTTP shell around [`BoardClient`]: its streams and requests carried out
//! with reqwest over rustls (ring), every reply read within a bound, no redirect followed
//! off the configured [`Origin`], the token only in the `Authorization` header of requests
//! to that origin. What to send and when is the client's.

use std::{collections::HashMap, sync::Arc, time::Duration};

use tokio::{sync::mpsc, task::AbortHandle, time::Instant};

use crate::{
    client::{BoardClient, Input, Settings, Transmit},
    endpoint::{Endpoint, Origin},
    event::{Action, Event},
    token::Token,
};

/// The most bytes read of a reply that is not a stream.
pub const MAX_REPLY: usize = 16 * 1024;

/// Why the shell cannot start.
#[derive(Debug, thiserror::Error)]
pub enum ShellError {
    /// The TLS settings (the system's roots).
    #[error("TLS for Lichess: {0}")]
    Tls(#[source] annabella_broker::tls::TlsSetupError),
    /// rustls refuses its defaults.
    #[error("TLS for Lichess: {0}")]
    Rustls(#[source] rustls::Error),
    /// The HTTP client cannot be made.
    #[error("the HTTP client for Lichess: {0}")]
    Client(#[source] reqwest::Error),
    /// The token is not a header value.
    #[error("the Lichess token is not a header value")]
    Token,
}

/// The HTTP client: rustls with the system's roots (none for `http://` to this
/// machine); redirects only within `origin`.
///
/// # Errors
/// No TLS roots, or reqwest refuses the settings.
pub fn http_client(origin: &Origin) -> Result<reqwest::Client, ShellError> {
    let tls = if origin.is_https() {
        (*annabella_broker::tls::client_config(None).map_err(ShellError::Tls)?).clone()
    } else {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(ShellError::Rustls)?
            .with_root_certificates(rustls::RootCertStore::empty())
            .with_no_client_auth()
    };
    let home = origin.clone();
    let policy = reqwest::redirect::Policy::custom(move |attempt| {
        if attempt.previous().len() < 3 && home.holds(attempt.url()) {
            attempt.follow()
        } else {
            attempt.stop()
        }
    });
    reqwest::Client::builder()
        .tls_backend_preconfigured(tls)
        .redirect(policy)
        .connect_timeout(Duration::from_secs(10))
        .user_agent(concat!("annabella/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(ShellError::Client)
}

/// What a shell task reports to the loop.
type Inbox = mpsc::UnboundedSender<Input>;

/// One request of `endpoint`, with the token, to `origin` only.
fn request(
    http: &reqwest::Client,
    origin: &Origin,
    bearer: &reqwest::header::HeaderValue,
    endpoint: &Endpoint,
) -> reqwest::RequestBuilder {
    let url = origin.join(&endpoint.path());
    let builder = if endpoint.is_get() {
        http.get(url)
    } else {
        http.post(url)
    };
    let builder = builder.header(reqwest::header::AUTHORIZATION, bearer.clone());
    match endpoint.form() {
        Some(form) => builder
            .header(
                reqwest::header::CONTENT_TYPE,
                "application/x-www-form-urlencoded",
            )
            .body(form),
        None => builder,
    }
}

/// At most [`MAX_REPLY`] bytes of `reply`'s body, as text.
async fn bounded_body(mut reply: reqwest::Response) -> String {
    let mut body = Vec::new();
    while let Ok(Some(chunk)) = reply.chunk().await {
        let room = MAX_REPLY - body.len();
        body.extend_from_slice(&chunk[..chunk.len().min(room)]);
        if body.len() == MAX_REPLY {
            break;
        }
    }
    String::from_utf8_lossy(&body).into_owned()
}

/// Reads one stream to its end, reporting to `inbox`.
async fn stream(builder: reqwest::RequestBuilder, stream: crate::StreamId, inbox: Inbox) {
    match builder.send().await {
        Ok(mut reply) => {
            let code = reply.status().as_u16();
            if code != 200 {
                let body = bounded_body(reply).await;
                let _ = inbox.send(Input::Status { stream, code, body });
            } else {
                let _ = inbox.send(Input::Status {
                    stream,
                    code,
                    body: String::new(),
                });
                while let Ok(Some(chunk)) = reply.chunk().await {
                    let bytes = chunk.to_vec();
                    if inbox.send(Input::Bytes { stream, bytes }).is_err() {
                        return;
                    }
                }
            }
        }
        Err(e) => tracing::info!(error = %e.without_url(), "a Lichess stream could not open"),
    }
    let _ = inbox.send(Input::Closed { stream });
}

/// Sends one request, reporting its reply to `inbox`.
async fn send(builder: reqwest::RequestBuilder, request: crate::RequestId, inbox: Inbox) {
    let input = match builder.timeout(Duration::from_secs(30)).send().await {
        Ok(reply) => {
            let code = reply.status().as_u16();
            let body = bounded_body(reply).await;
            Input::Replied {
                request,
                code,
                body,
            }
        }
        Err(e) => {
            tracing::info!(error = %e.without_url(), "a Lichess request got no reply");
            Input::Failed { request }
        }
    };
    let _ = inbox.send(input);
}

/// Plays the account's game on Lichess: the player's `actions` in, the client's events to
/// `events`, until the game ended and every request is answered, or `actions` closes.
///
/// # Errors
/// The HTTP client cannot be made.
pub async fn run(
    settings: Settings,
    token: Token,
    mut actions: mpsc::UnboundedReceiver<Action>,
    events: mpsc::UnboundedSender<Event>,
) -> Result<(), ShellError> {
    let origin = settings.origin.clone();
    let http = http_client(&origin)?;
    let mut bearer =
        reqwest::header::HeaderValue::from_str(&token.bearer()).map_err(|_| ShellError::Token)?;
    bearer.set_sensitive(true);
    drop(token);
    let bearer = Arc::new(bearer);
    let start = Instant::now();
    let mut client = BoardClient::new(settings);
    let (inbox, mut reports) = mpsc::unbounded_channel::<Input>();
    let mut streams: HashMap<crate::StreamId, AbortHandle> = HashMap::new();
    let mut actions_open = true;
    loop {
        while let Some(t) = client.poll_transmit() {
            match t {
                Transmit::Open {
                    stream: id,
                    endpoint,
                } => {
                    let b = request(&http, &origin, &bearer, &endpoint);
                    let task = tokio::spawn(stream(b, id, inbox.clone()));
                    streams.insert(id, task.abort_handle());
                }
                Transmit::Close { stream: id } => {
                    if let Some(task) = streams.remove(&id) {
                        task.abort();
                    }
                }
                Transmit::Send {
                    request: id,
                    endpoint,
                } => {
                    let b = request(&http, &origin, &bearer, &endpoint);
                    tokio::spawn(send(b, id, inbox.clone()));
                }
            }
        }
        while let Some(e) = client.poll_event() {
            let _ = events.send(e);
        }
        if client.is_done() || !actions_open {
            for task in streams.values() {
                task.abort();
            }
            return Ok(());
        }
        let wake = client.poll_timeout().map(|at| start + at);
        tokio::select! {
            report = reports.recv() => {
                if let Some(report) = report {
                    client.handle(start.elapsed(), report);
                }
            }
            action = actions.recv() => match action {
                Some(a) => client.act(start.elapsed(), a),
                None => actions_open = false,
            },
            () = async {
                match wake {
                    Some(at) => tokio::time::sleep_until(at).await,
                    None => std::future::pending().await,
                }
            } => client.handle_timeout(start.elapsed()),
        }
    }
}
