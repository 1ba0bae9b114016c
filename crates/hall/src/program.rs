//! The hall's program, `annabella hall` ([`start`]: subscriber, pages, the Lichess push),
//! from the settings the binary checked ([`HallRun`]). What the user is told — the
//! pages' addresses ([`Running::banner`]) and, with `--json`, every news item
//! ([`Running::news`]) — are values the binary prints; what goes wrong meanwhile is a
//! `tracing` event. One table's publisher, `annabella hall publish`, is the station's
//! link's (`annabella_hall_link::publish`).

use std::net::SocketAddr;
use std::sync::Arc;

use annabella_serve::Token;
use tokio::sync::mpsc;

use crate::broadcast::{PushSettings, lichess::PushSetupError};
use crate::subscriber::{self, HallSettings, Stamped};
use crate::web::HallWeb;

/// Why the hall stopped or could not start.
#[derive(Debug, thiserror::Error)]
pub enum HallRunError {
    /// The broker's TLS settings cannot be made.
    #[error("the broker's TLS")]
    Tls(#[source] annabella_broker::tls::TlsSetupError),
    /// The Lichess push cannot be set up.
    #[error("the Lichess push")]
    Push(#[source] PushSetupError),
    /// Something of the system failed (named by `at`).
    #[error("{at}")]
    Io {
        /// What failed.
        at: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// No randomness for the token.
    #[error("no randomness for the hall token")]
    Randomness(#[source] getrandom::Error),
}

/// The hall's settings, checked (the binary makes them from its flags and files).
#[derive(Debug)]
pub struct HallRun {
    /// The subscriber's: broker, keys, the round's files and the roster.
    pub subscriber: HallSettings,
    /// Where the hall's pages are served (port 0: a free one).
    pub listen: SocketAddr,
    /// The chief arbiter's token (at least 8 characters; `None`: a random one).
    pub token: Option<String>,
    /// Host names the pages answer to besides addresses and localhost.
    pub host_names: Vec<String>,
    /// The Lichess broadcast round the round's PGN is pushed to.
    pub push: Option<PushSettings>,
}

/// The hall at work: what to tell the user, the news, and the server to run.
#[derive(Debug)]
pub struct Running {
    /// Lines for the user once: where the pages are, where the round is pushed.
    pub banner: Vec<String>,
    /// Every news item, stamped, as it happens (for `--json`).
    pub news: mpsc::UnboundedReceiver<Stamped>,
    /// The pages' server, listening.
    pub server: Server,
}

/// The hall's pages, listening, to be served.
pub struct Server {
    listener: tokio::net::TcpListener,
    web: HallWeb,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server")
            .field("listener", &self.listener)
            .finish_non_exhaustive()
    }
}

impl Server {
    /// Serves the pages until the server stops.
    ///
    /// # Errors
    /// The server failed.
    pub async fn serve(self) -> Result<(), HallRunError> {
        self.web
            .serve(self.listener)
            .await
            .map_err(|source| HallRunError::Io {
                at: "hall server".into(),
                source,
            })
    }
}

/// Starts the hall: connects to the broker, listens, starts the push.
///
/// # Errors
/// A [`HallRunError`]: the address cannot be listened at, the TLS settings or the push
/// cannot be made, no randomness for the token.
pub async fn start(run: HallRun) -> Result<Running, HallRunError> {
    let token = match run.token {
        Some(t) => t,
        None => Token::random()
            .map_err(HallRunError::Randomness)?
            .as_str()
            .to_owned(),
    };
    let (listener, addr) = listen(run.listen).await?;
    let (news_tx, news) = mpsc::unbounded_channel();
    let push_news = news_tx.clone();
    let shared = subscriber::start(run.subscriber, news_tx).map_err(HallRunError::Tls)?;
    let mut banner = Vec::new();
    if let Some(push) = run.push {
        banner.push(format!("hall: pushing the round to {}", push.url));
        crate::push::start(push, Arc::clone(&shared), push_news).map_err(HallRunError::Push)?;
    }
    banner.extend(addresses(addr, &token));
    let web = HallWeb::new(Arc::clone(&shared), &token).with_host_names(run.host_names);
    Ok(Running {
        banner,
        news,
        server: Server { listener, web },
    })
}

/// Listens at `at`: the listener and the address it got.
async fn listen(at: SocketAddr) -> Result<(tokio::net::TcpListener, SocketAddr), HallRunError> {
    let listener = tokio::net::TcpListener::bind(at)
        .await
        .map_err(|source| HallRunError::Io {
            at: format!("cannot listen at {at}"),
            source,
        })?;
    let addr = listener.local_addr().map_err(|source| HallRunError::Io {
        at: "listening address".into(),
        source,
    })?;
    Ok((listener, addr))
}

/// Where the hall's pages are.
fn addresses(addr: SocketAddr, token: &str) -> [String; 4] {
    [
        format!("hall: http://{addr}/ (spectators, read-only)"),
        format!("arbiter: http://{addr}/arbiter?token={token}&by=YOUR%20NAME"),
        format!("games: http://{addr}/games.pgn"),
        format!("live (DGT LiveChess layout): http://{addr}/live/tournament.json"),
    ]
}
