//! The two programs of `annabella hall`: the hall itself ([`serve`]: subscriber, pages,
//! the Lichess push) and one table's publisher ([`publish`]: its journal to the broker).
//! The binary passes its flags as options and says where lines go ([`Outlets`]).

use std::path::PathBuf;
use std::sync::Arc;

use annabella_journal::{Journal, OpenMode, TableSecret};
use annabella_serve::Token;
use tokio::sync::{mpsc, watch};

use crate::files::{
    HallFileError, action_key, broker, credentials, load_keys, load_tables, roster,
};
use crate::livechess::{LiveSettings, Roster};
use crate::outbox::{self, OutboxSettings, OutboxStatus, tail::JournalTail};
use crate::signing::TableSigningKey;
use crate::subscriber::{self, HallSettings};
use crate::web::HallWeb;

/// Where the programs' lines go.
#[derive(Debug, Clone, Copy)]
pub struct Outlets {
    /// Log lines (a broker lost, a message refused).
    pub log: fn(String),
    /// What the user is told once: addresses, records at the broker.
    pub banner: fn(&str),
    /// With `--json`: one JSON line per event.
    pub news: Option<fn(&str)>,
}

/// Why a program of the hall stopped or could not start.
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
    /// The journal cannot be read.
    #[error(transparent)]
    Journal(#[from] annabella_journal::JournalError),
    /// The journal's tail cannot be read.
    #[error(transparent)]
    Tail(#[from] outbox::tail::TailError),
    /// A task of the program ended unexpectedly.
    #[error("{at}")]
    Task {
        /// Which task.
        at: &'static str,
        /// How it ended.
        #[source]
        source: tokio::task::JoinError,
    },
    /// The outbox stopped before every record was at the broker.
    #[error("outbox stopped")]
    OutboxStopped(#[source] watch::error::RecvError),
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
    /// The chief arbiter's token (default: a random one).
    pub token: Option<String>,
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
    let token = match args.token {
        Some(t) if t.len() < 8 => {
            return Err(HallRunError::Flag(
                "--token: use at least 8 characters".into(),
            ));
        }
        Some(t) => t,
        None => Token::random()
            .map_err(HallRunError::Randomness)?
            .as_str()
            .to_owned(),
    };
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
    let listener = tokio::net::TcpListener::bind(&args.listen)
        .await
        .map_err(|source| HallRunError::Io {
            at: format!("--listen {}: cannot listen there", args.listen),
            source,
        })?;
    let addr = listener.local_addr().map_err(|source| HallRunError::Io {
        at: "listening address".into(),
        source,
    })?;
    let push = match (&args.push_lichess, &args.token_file) {
        (Some(round), Some(file)) => Some(
            crate::broadcast::PushSettings::new(&args.lichess_url, round, file)
                .map_err(|e| flag("--push-lichess", e))?,
        ),
        _ => None,
    };
    let (news_tx, mut news_rx) = mpsc::unbounded_channel();
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
    (outlets.banner)(&format!("hall: http://{addr}/ (spectators, read-only)"));
    (outlets.banner)(&format!(
        "arbiter: http://{addr}/arbiter?token={token}&by=YOUR%20NAME"
    ));
    (outlets.banner)(&format!("games: http://{addr}/games.pgn"));
    (outlets.banner)(&format!(
        "live (DGT LiveChess layout): http://{addr}/live/tournament.json"
    ));
    let news = outlets.news;
    tokio::spawn(async move {
        while let Some(n) = news_rx.recv().await {
            if let Some(write) = news
                && let Ok(line) = serde_json::to_string(&n)
            {
                write(&line);
            }
        }
    });
    HallWeb::new(Arc::clone(&shared), &token)
        .with_host_names(args.host_name)
        .serve(listener)
        .await
        .map_err(|source| HallRunError::Io {
            at: "hall server".into(),
            source,
        })
}

/// One table's publisher (the flags of `annabella hall publish`, files read).
#[derive(Debug)]
pub struct PublishOptions {
    /// The broker, `mqtt://host:port`.
    pub broker: String,
    /// The table's name in the hall.
    pub table: String,
    /// The station's journal (read-only).
    pub journal: PathBuf,
    /// Stop once every record is at the broker.
    pub once: bool,
    /// The broker's CA.
    pub ca: Option<PathBuf>,
    /// The table's private signing key file.
    pub key: PathBuf,
    /// The table's secret, when the journal is keyed.
    pub secret: Option<TableSecret>,
    /// The table's user at the broker.
    pub user: Option<String>,
    /// The file of its password.
    pub password_file: Option<PathBuf>,
}

/// Publishes the journal; with `once`, returns when every record up to the first damage
/// is at the broker, with the damage named (empty: none). Without `once` it follows the
/// journal until the outbox stops.
///
/// # Errors
/// A [`HallRunError`] naming the flag or file that is wrong, or what failed.
pub async fn publish(args: PublishOptions, outlets: Outlets) -> Result<Vec<String>, HallRunError> {
    let broker = broker(&args.broker, "--broker", args.ca.as_ref())?;
    crate::topic::check_table_name(&args.table)
        .map_err(|e| flag(format!("--table {:?}", args.table), e))?;
    let key =
        TableSigningKey::read(&args.key).map_err(|e| HallRunError::Flag(format!("--key {e}")))?;
    let mut settings = OutboxSettings::new(args.journal.clone(), &args.table, broker, key);
    settings.credentials = credentials(args.user.as_ref(), args.password_file.as_ref())?;
    settings.secret.clone_from(&args.secret);
    let (status_tx, mut status_rx) = watch::channel(OutboxStatus::default());
    let task = tokio::spawn(outbox::run(
        settings,
        None,
        status_tx,
        Box::new(outlets.log),
    ));
    if !args.once {
        task.await.map_err(|source| HallRunError::Task {
            at: "outbox",
            source,
        })?;
        return Ok(Vec::new());
    }
    // The records to publish: every one up to the first damage (a damaged journal's good
    // prefix is published, then the damage is named).
    let journal = args.journal.clone();
    let secret = args.secret.clone();
    let (last, damage) = tokio::task::spawn_blocking(move || -> Result<_, HallRunError> {
        let (tail, _, _) = JournalTail::open_with(&journal, secret.as_ref())?;
        let last = tail.last_seq()?;
        let (_, recovery) = Journal::<annabella_table::Input>::open_with(
            &journal,
            OpenMode::ReadOnly,
            secret.as_ref(),
        )?;
        let damage: Vec<String> = recovery
            .dropped
            .iter()
            .map(ToString::to_string)
            .chain(recovery.damage.iter().map(ToString::to_string))
            .collect();
        let good = if damage.is_empty() {
            last
        } else {
            recovery.records.len() as u64
        };
        Ok((good, damage))
    })
    .await
    .map_err(|source| HallRunError::Task {
        at: "journal",
        source,
    })??;
    status_rx
        .wait_for(|s| s.acked >= last)
        .await
        .map_err(HallRunError::OutboxStopped)?;
    (outlets.banner)(&format!("hall: records 1-{last} are at the broker"));
    task.abort();
    Ok(damage)
}
