//! The hall's program, `annabella hall` ([`serve`]: subscriber, pages, the Lichess push).
//! The binary passes its flags as options and says where lines go ([`Outlets`]); one
//! table's publisher, `annabella hall publish`, is the station's link's
//! (`annabella_hall_link::publish`).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use annabella_broker::files::{HallFileError, broker, credentials};
use annabella_hall_wire::ActionKeys;
pub use annabella_hall_wire::outlet::Outlets;
use annabella_hall_wire::signing::TableKeys;
use annabella_serve::Token;
use tokio::sync::mpsc;

use crate::files::{action_key, load_keys, load_tables, roster};
use crate::livechess::{LiveSettings, Roster};
use crate::subscriber::{self, HallSettings, Stamped};
use crate::web::HallWeb;

/// Why the hall stopped or could not start.
#[derive(Debug, thiserror::Error)]
pub enum HallRunError {
    /// A file or flag is wrong.
    #[error(transparent)]
    File(#[from] HallFileError),
    /// A flag is missing or wrong.
    #[error("{0}")]
    Flag(String),
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
    /// A task of the program ended unexpectedly.
    #[error("{at}")]
    Task {
        /// Which task.
        at: &'static str,
        /// How it ended.
        #[source]
        source: tokio::task::JoinError,
    },
}

fn flag(at: impl std::fmt::Display, e: impl std::fmt::Display) -> HallRunError {
    HallRunError::Flag(format!("{at}: {e}"))
}

/// The hall's settings (the flags of `annabella hall`).
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// The broker, `mqtt://host:port`.
    pub broker: Option<String>,
    /// Where the hall's page is served.
    pub listen: String,
    /// The round's PGN, rewritten on every move.
    pub pgn_out: Option<PathBuf>,
    /// The round in DGT LiveChess's export layout.
    pub export_dir: Option<PathBuf>,
    /// The tournament's TRF file (the roster).
    pub trf: Option<PathBuf>,
    /// The file of the chief arbiter's token (else `$ANNABELLA_HALL_TOKEN`, else a
    /// random one).
    pub arbiter_token_file: Option<PathBuf>,
    /// The tables' action keys file.
    pub keys: Option<PathBuf>,
    /// Action keys as `TABLE=HEX`.
    pub action_key: Vec<String>,
    /// The broker's CA (with `mqtts://`).
    pub ca: Option<PathBuf>,
    /// The hall's client id at the broker.
    pub client_id: String,
    /// Host names the page answers to besides addresses and localhost.
    pub host_name: Vec<String>,
    /// The tables file (public keys, action keys).
    pub tables: Option<PathBuf>,
    /// The hall's user at the broker.
    pub user: Option<String>,
    /// The file of the hall's password at the broker.
    pub password_file: Option<PathBuf>,
    /// The Lichess broadcast round to push to.
    pub push_lichess: Option<String>,
    /// The file of the Lichess API token.
    pub token_file: Option<PathBuf>,
    /// The Lichess of the push.
    pub lichess_url: String,
}

/// Runs the hall until its server stops.
///
/// # Errors
/// A [`HallRunError`] naming the flag or file that is wrong, or what failed.
pub async fn serve(args: ServeOptions, outlets: Outlets) -> Result<(), HallRunError> {
    let Some(url) = &args.broker else {
        return Err(HallRunError::Flag(
            "--broker URL is needed (e.g. mqtt://127.0.0.1:1883)".into(),
        ));
    };
    let broker = broker(url, "--broker", args.ca.as_ref())?;
    let token = arbiter_token(args.arbiter_token_file.as_deref())?;
    let (table_keys, keys) = keys(&args)?;
    let (listener, addr) = listen(&args.listen).await?;
    let push = match (&args.push_lichess, &args.token_file) {
        (Some(round), Some(file)) => Some(
            crate::broadcast::PushSettings::new(&args.lichess_url, round, file)
                .map_err(|e| flag("--push-lichess", e))?,
        ),
        _ => None,
    };
    let (news_tx, news_rx) = mpsc::unbounded_channel();
    let push_news = news_tx.clone();
    let settings = HallSettings {
        broker,
        credentials: credentials(args.user.as_ref(), args.password_file.as_ref())?,
        client_id: args.client_id,
        pgn_out: args.pgn_out,
        keys,
        table_keys,
        live: LiveSettings {
            dir: args.export_dir.clone(),
            roster: match &args.trf {
                Some(path) => roster(path)?,
                None => Roster::default(),
            },
        },
    };
    let shared = subscriber::start(settings, news_tx, Box::new(outlets.log))
        .map_err(|e| flag(format!("--broker {url}"), e))?;
    if let Some(push) = push {
        (outlets.banner)(&format!("hall: pushing the round to {}", push.url));
        crate::push::start(push, Arc::clone(&shared), push_news, Box::new(outlets.log))
            .map_err(|e| flag("--push-lichess", e))?;
    }
    announce(outlets.banner, addr, &token);
    tokio::spawn(forward_news(news_rx, outlets.news));
    HallWeb::new(Arc::clone(&shared), &token)
        .with_host_names(args.host_name)
        .serve(listener)
        .await
        .map_err(|source| HallRunError::Io {
            at: "hall server".into(),
            source,
        })
}

/// The variable that may hold the chief arbiter's token.
pub const TOKEN_VARIABLE: &str = "ANNABELLA_HALL_TOKEN";

/// The chief arbiter's token: [`TOKEN_VARIABLE`], else `--arbiter-token-file` (mode
/// 600), each at least 128 bits; else a random one.
fn arbiter_token(file: Option<&std::path::Path>) -> Result<String, HallRunError> {
    match Token::from_env_or_file(TOKEN_VARIABLE, file) {
        Ok(Some(t)) => Ok(t.as_str().to_owned()),
        Ok(None) => Ok(Token::random()
            .map_err(HallRunError::Randomness)?
            .as_str()
            .to_owned()),
        Err(e) => Err(flag("the chief arbiter's token", e)),
    }
}

/// The tables' public keys and action keys: the tables file (`--tables`, needed), then
/// `--keys` and each `--action-key`.
fn keys(args: &ServeOptions) -> Result<(TableKeys, ActionKeys), HallRunError> {
    let Some(tables) = &args.tables else {
        return Err(HallRunError::Flag(
            "--tables FILE is needed: the hall believes only messages signed by a table's key \
             (`annabella init` prints each table's lines for it)"
                .into(),
        ));
    };
    let (table_keys, mut keys) = load_tables(tables)?;
    if let Some(p) = &args.keys {
        keys.extend(load_keys(p)?);
    }
    for pair in &args.action_key {
        let (table, key) = action_key(pair)?;
        keys.insert(table, key);
    }
    Ok((table_keys, keys))
}

/// Listens at `--listen`: the listener and the address it got.
async fn listen(at: &str) -> Result<(tokio::net::TcpListener, SocketAddr), HallRunError> {
    let listener = tokio::net::TcpListener::bind(at)
        .await
        .map_err(|source| HallRunError::Io {
            at: format!("--listen {at}: cannot listen there"),
            source,
        })?;
    let addr = listener.local_addr().map_err(|source| HallRunError::Io {
        at: "listening address".into(),
        source,
    })?;
    Ok((listener, addr))
}

/// Tells the user where the hall's pages are.
fn announce(banner: fn(&str), addr: SocketAddr, token: &str) {
    banner(&format!("hall: http://{addr}/ (spectators, read-only)"));
    banner(&format!(
        "arbiter: http://{addr}/arbiter?token={token}&by=YOUR%20NAME"
    ));
    banner(&format!("games: http://{addr}/games.pgn"));
    banner(&format!(
        "live (DGT LiveChess layout): http://{addr}/live/tournament.json"
    ));
}

/// Every news item as a JSON line to `news` (with `--json`), until the hall stops.
async fn forward_news(mut news_rx: mpsc::UnboundedReceiver<Stamped>, news: Option<fn(&str)>) {
    while let Some(n) = news_rx.recv().await {
        if let Some(write) = news
            && let Ok(line) = serde_json::to_string(&n)
        {
            write(&line);
        }
    }
}
