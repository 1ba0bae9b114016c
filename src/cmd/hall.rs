//! `annabella hall`: the chief arbiter's view of every table of a tournament hall over
//! one MQTT broker, the round's live PGN, and (`hall publish`) one table's journal
//! published to the hall.

use std::{io::Write as _, path::PathBuf, process::ExitCode, sync::Arc};

use annabella_console::Token;
use annabella_hall::{
    files::{action_key, broker, credentials, load_keys, load_tables, roster},
    livechess::{LiveSettings, Roster},
    outbox::{self, OutboxSettings, OutboxStatus, tail::JournalTail},
    signing::TableSigningKey,
    subscriber::{self, HallSettings},
    web::HallWeb,
};
use anyhow::{Context, bail};
use tokio::sync::{mpsc, watch};

/// Flags of `annabella hall`.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    #[command(subcommand)]
    job: Option<Job>,
    #[command(flatten)]
    serve: ServeArgs,
}

/// What else `annabella hall` does.
#[derive(Debug, clap::Subcommand)]
enum Job {
    /// Publish one table's journal to the hall (what `play` with `[hall]` and `demo
    /// --hall` do beside the table); stays, following the journal, until killed.
    Publish(PublishArgs),
}

/// Flags of the hall itself.
#[derive(Debug, clap::Args)]
struct ServeArgs {
    /// The broker, `mqtt://host:port`.
    #[arg(long, value_name = "URL")]
    broker: Option<String>,
    /// Serve the hall's page here (e.g. 127.0.0.1:8970; port 0 picks a free one).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8970")]
    listen: String,
    /// Keep the round's PGN in this file, rewritten atomically on every move.
    #[arg(long, value_name = "FILE")]
    pgn_out: Option<PathBuf>,
    /// Keep the round in DGT LiveChess's export layout in this directory
    /// (`tournament.json`, `round-N/index.json`, `round-N/game-K.pgn`,
    /// `round-N/games.pgn`), each file replaced atomically on every move; the hall also
    /// serves the tree under `/live/`.
    #[arg(long, value_name = "DIR")]
    export_dir: Option<PathBuf>,
    /// The tournament's FIDE TRF file: a table whose `Round` is `N.K` (`annabella init
    /// --trf`) shows board K of round N's titles, federations, FIDE ids and ratings.
    #[arg(long, value_name = "FILE")]
    trf: Option<PathBuf>,
    /// Print one JSON line per event (moves, alerts, results, rejected messages).
    #[arg(long)]
    json: bool,
    /// The chief arbiter's token (default: a random one, printed at start).
    #[arg(long)]
    token: Option<String>,
    /// TOML file of the tables' action keys: `"3" = "hex…"` per table (each the
    /// `[hall] action_key` of that table's table.toml).
    #[arg(long, value_name = "FILE")]
    keys: Option<PathBuf>,
    /// One table's action key, `TABLE=HEX` (repeat for more tables; adds to --keys).
    #[arg(long, value_name = "TABLE=HEX")]
    action_key: Vec<String>,
    /// With `mqtts://`: the PEM file of the CA that signed the broker's certificate
    /// (default: the system's roots).
    #[arg(long, value_name = "FILE")]
    ca: Option<PathBuf>,
    /// The hall's client id at the broker (the broker keeps its session under it).
    #[arg(long, default_value = "annabella-hall")]
    client_id: String,
    /// A host name the hall's page answers to besides IP addresses and localhost
    /// (repeatable; any other name in a request's Host is refused: DNS rebinding).
    #[arg(long, value_name = "NAME")]
    host_name: Vec<String>,
    /// The tables file: `[tables."3"]` with `public_key = "hex…"` (the table's
    /// `table.pub`, printed by `annabella init`) and optionally `action_key`. The hall
    /// believes only messages signed by a table's key.
    #[arg(long, value_name = "FILE")]
    tables: Option<PathBuf>,
    /// The hall's user at the broker (with --password-file).
    #[arg(long, requires = "password_file")]
    user: Option<String>,
    /// A file whose first line is the hall's password at the broker.
    #[arg(long, value_name = "FILE", requires = "user")]
    password_file: Option<PathBuf>,
    /// Push the round's PGN to this Lichess broadcast round (its 8-character id) after
    /// every change, at most once a second (needs --token-file).
    #[arg(long, value_name = "ROUND_ID", requires = "token_file")]
    push_lichess: Option<String>,
    /// A file (mode 600) whose first line is the Lichess API token (scope study:write)
    /// of --push-lichess.
    #[arg(long, value_name = "FILE", requires = "push_lichess")]
    token_file: Option<PathBuf>,
    /// The Lichess of --push-lichess.
    #[arg(
        long,
        value_name = "URL",
        default_value = annabella_hall::broadcast::lichess::LICHESS,
        requires = "push_lichess"
    )]
    lichess_url: String,
}

/// Flags of `annabella hall publish`.
#[derive(Debug, clap::Args)]
pub struct PublishArgs {
    /// The broker, `mqtt://host:port`.
    #[arg(long, value_name = "URL")]
    broker: String,
    /// The table's name in the hall.
    #[arg(long)]
    table: String,
    /// The station's journal (read-only).
    #[arg(long)]
    journal: PathBuf,
    /// Stop once every record is at the broker (default: follow the journal).
    #[arg(long)]
    once: bool,
    /// With `mqtts://`: the PEM file of the CA that signed the broker's certificate.
    #[arg(long, value_name = "FILE")]
    ca: Option<PathBuf>,
    /// The table's private signing key (`table.key`, made by `annabella init`).
    #[arg(long, value_name = "FILE")]
    key: PathBuf,
    /// The table's secret: a keyed journal's MACs are checked before anything is
    /// published, so a forged record never is (default: `table.secret` beside `--key`,
    /// when there is one).
    #[arg(long, value_name = "FILE")]
    secret: Option<PathBuf>,
    /// The table's user at the broker (with --password-file).
    #[arg(long, requires = "password_file")]
    user: Option<String>,
    /// A file whose first line is the table's password at the broker.
    #[arg(long, value_name = "FILE", requires = "user")]
    password_file: Option<PathBuf>,
}

/// Runs `annabella hall`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("tokio runtime")?;
    match args.job {
        Some(Job::Publish(p)) => runtime.block_on(publish(p)),
        None => runtime.block_on(serve(args.serve)),
    }
}

async fn serve(args: ServeArgs) -> anyhow::Result<ExitCode> {
    let Some(url) = &args.broker else {
        bail!("--broker URL is needed (e.g. mqtt://127.0.0.1:1883)");
    };
    let broker = broker(url, "--broker", args.ca.as_ref())?;
    let token = match args.token {
        Some(t) if t.len() < 8 => bail!("--token: use at least 8 characters"),
        Some(t) => t,
        None => Token::random()
            .context("no randomness for the hall token")?
            .as_str()
            .to_owned(),
    };
    let Some(tables) = &args.tables else {
        bail!(
            "--tables FILE is needed: the hall believes only messages signed by a table's key \
             (`annabella init` prints each table's lines for it)"
        );
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
        .with_context(|| format!("--listen {}: cannot listen there", args.listen))?;
    let addr = listener.local_addr().context("listening address")?;
    let push = match (&args.push_lichess, &args.token_file) {
        (Some(round), Some(file)) => Some(
            annabella_hall::broadcast::PushSettings::new(&args.lichess_url, round, file)
                .map_err(|e| anyhow::anyhow!("--push-lichess: {e}"))?,
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
    let shared = subscriber::start(
        settings,
        news_tx,
        Box::new(|line| eprintln!("annabella: {line}")),
    )
    .map_err(|e| anyhow::anyhow!("--broker {url}: {e}"))?;
    if let Some(push) = push {
        eprintln!("hall: pushing the round to {}", push.url);
        annabella_hall::push::start(
            push,
            Arc::clone(&shared),
            push_news,
            Box::new(|line| eprintln!("annabella: {line}")),
        )
        .map_err(|e| anyhow::anyhow!("--push-lichess: {e}"))?;
    }
    eprintln!("hall: http://{addr}/ (spectators, read-only)");
    eprintln!("arbiter: http://{addr}/arbiter?token={token}&by=YOUR%20NAME");
    eprintln!("games: http://{addr}/games.pgn");
    eprintln!("live (DGT LiveChess layout): http://{addr}/live/tournament.json");
    let json = args.json;
    tokio::spawn(async move {
        while let Some(n) = news_rx.recv().await {
            if json && let Ok(line) = serde_json::to_string(&n) {
                let mut out = std::io::stdout().lock();
                let _ = writeln!(out, "{line}");
                let _ = out.flush();
            }
        }
    });
    HallWeb::new(Arc::clone(&shared), &token)
        .with_host_names(args.host_name)
        .serve(listener)
        .await
        .context("hall server")?;
    Ok(ExitCode::SUCCESS)
}

async fn publish(args: PublishArgs) -> anyhow::Result<ExitCode> {
    let broker = broker(&args.broker, "--broker", args.ca.as_ref())?;
    annabella_hall::topic::check_table_name(&args.table)
        .map_err(|e| anyhow::anyhow!("--table {:?}: {e}", args.table))?;
    let key = TableSigningKey::read(&args.key).map_err(|e| anyhow::anyhow!("--key {e}"))?;
    let beside = args
        .key
        .with_file_name(annabella_station::journal::SECRET_FILE);
    let secret = super::journal::secret(
        args.secret
            .as_deref()
            .or_else(|| beside.exists().then_some(beside.as_path())),
    )?;
    let mut settings = OutboxSettings::new(args.journal.clone(), &args.table, broker, key);
    settings.credentials = credentials(args.user.as_ref(), args.password_file.as_ref())?;
    settings.secret.clone_from(&secret);
    let (status_tx, mut status_rx) = watch::channel(OutboxStatus::default());
    let task = tokio::spawn(outbox::run(
        settings,
        None,
        status_tx,
        Box::new(|line| eprintln!("annabella: {line}")),
    ));
    if !args.once {
        task.await.context("outbox")?;
        return Ok(ExitCode::SUCCESS);
    }
    // The records to publish: every one up to the first damage (a damaged journal's good
    // prefix is published, then the damage is named).
    let journal = args.journal.clone();
    let (last, damage) = tokio::task::spawn_blocking(move || -> anyhow::Result<_> {
        let (tail, _, _) = JournalTail::open_with(&journal, secret.as_ref())?;
        let last = tail.last_seq()?;
        let (_, recovery) = annabella_station::Journal::<annabella_table::Input>::open_with(
            &journal,
            annabella_station::journal::OpenMode::ReadOnly,
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
    .context("journal")??;
    status_rx
        .wait_for(|s| s.acked >= last)
        .await
        .context("outbox stopped")?;
    eprintln!("hall: records 1-{last} are at the broker");
    task.abort();
    if damage.is_empty() {
        return Ok(ExitCode::SUCCESS);
    }
    for d in &damage {
        eprintln!(
            "annabella: journal {}: {d}; nothing after it was published",
            args.journal.display()
        );
    }
    Ok(ExitCode::from(super::DAMAGED))
}

/// The `[hall]` of `demo --hall URL --table NAME` (TLS with `mqtts://` and the system's
/// roots).
pub fn demo_hall(
    url: &str,
    table: &str,
    key: &std::path::Path,
    user: Option<&String>,
    password_file: Option<&PathBuf>,
) -> anyhow::Result<annabella_hall::HallConfig> {
    let (user, password) = credentials(user, password_file)?.unzip();
    annabella_hall::RawHall {
        broker: Some(url.to_owned()),
        table: Some(table.to_owned()),
        signing_key: Some(key.display().to_string()),
        user,
        password,
        ..annabella_hall::RawHall::default()
    }
    .check("hall", std::path::Path::new("."))
    .map_err(|problems| {
        let text: Vec<String> = problems
            .iter()
            .map(|p| {
                let flag = match p.key.as_str() {
                    "hall.table" => "--table",
                    "hall.signing_key" => "--hall-key",
                    _ => "--hall",
                };
                format!("{flag}: {}", p.message)
            })
            .collect();
        anyhow::anyhow!(text.join("; "))
    })
}
