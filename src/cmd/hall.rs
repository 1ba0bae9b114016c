//! `annabella hall`: the chief arbiter's view of every table of a tournament hall over
//! one MQTT broker, the round's live PGN, and (`hall publish`) one table's journal
//! published to the hall.

use std::{
    io::Write as _,
    net::{SocketAddr, ToSocketAddrs as _},
    path::{Path, PathBuf},
    process::ExitCode,
};

use annabella_broker::{Broker, HallConfig, RawHall};
use annabella_hall::{
    files::{TablesFiles, load_keys, load_tables, roster},
    livechess::{LiveSettings, Roster},
    program::{self, HallRun},
    subscriber::HallSettings,
};
use annabella_hall_link::{outbox::OutboxSettings, publish};
use annabella_hall_wire::{ActionKey, ActionKeys, topic::TableName};
use annabella_journal::TableSecret;
use anyhow::{Context, bail};

/// Flags of `annabella hall`.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
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
    /// The broker, `mqtt://host:port` (`mqtts://` for TLS).
    #[arg(long, value_name = "URL", required = true, value_parser = Broker::parse)]
    broker: Option<Broker>,
    /// Serve the hall's page here (e.g. 127.0.0.1:8970; port 0 picks a free one).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8970", value_parser = address)]
    listen: SocketAddr,
    /// Keep the round's PGN in this file, rewritten atomically on every move.
    #[arg(long, value_name = "FILE")]
    pgn_out: Option<PathBuf>,
    /// Keep each table's last accepted view (signed, with its game, record and journal
    /// head) in this file, rewritten atomically as they change, and take it again at the
    /// start: a restarted hall never goes back to an earlier view published again.
    #[arg(long, value_name = "FILE")]
    accepted_file: Option<PathBuf>,
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
    /// A file (mode 600) whose first line is the chief arbiter's token, at least 32
    /// characters (else `$ANNABELLA_HALL_TOKEN`; default: a random one, printed at start).
    /// Never on the command line, where every user of the machine sees it.
    #[arg(long, value_name = "FILE")]
    arbiter_token_file: Option<PathBuf>,
    /// TOML file of the tables' action keys: `"3" = "hex…"` per table (each the
    /// `[hall] action_key` of that table's table.toml).
    #[arg(long, value_name = "FILE")]
    keys: Option<PathBuf>,
    /// One table's action key, `TABLE=HEX` (repeat for more tables; adds to --keys).
    #[arg(long, value_name = "TABLE=HEX", value_parser = table_action_key)]
    action_key: Vec<(TableName, ActionKey)>,
    /// With `mqtts://`: the PEM file of the CA that signed the broker's certificate
    /// (default: the system's roots).
    #[arg(long, value_name = "FILE")]
    ca: Option<PathBuf>,
    /// The hall's client id at the broker (the broker keeps its session under it; the
    /// shipped broker configuration takes the user's name instead).
    #[arg(long, default_value = "annabella-hall")]
    client_id: String,
    /// A host name the hall's page answers to besides IP addresses and localhost
    /// (repeatable; any other name in a request's Host is refused: DNS rebinding).
    #[arg(long, value_name = "NAME")]
    host_name: Vec<String>,
    /// The tables file: `[tables."3"]` with `public_key = "hex…"` (the table's
    /// `table.pub`, printed by `annabella init`) and optionally `action_key`. The hall
    /// believes only messages signed by a table's key (`annabella init` prints each
    /// table's lines for it). Read again whenever it (or --keys) is saved anew, so a
    /// table added or renamed between rounds needs no restart of the hall.
    #[arg(long, value_name = "FILE", required = true)]
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
    /// The language of the hall's pages, cards, projector and alerts: de, en, lt, lv or
    /// hu (default: de, as the table's).
    #[arg(long, default_value = "de")]
    language: annabella_phonetic::Language,
}

/// Flags of `annabella hall publish`.
#[derive(Debug, clap::Args)]
pub struct PublishArgs {
    /// The broker, `mqtt://host:port` (`mqtts://` for TLS).
    #[arg(long, value_name = "URL", value_parser = Broker::parse)]
    broker: Broker,
    /// The table's name in the hall.
    #[arg(long, value_parser = table_name)]
    table: TableName,
    /// The station's journal (read-only).
    #[arg(long)]
    journal: PathBuf,
    /// Stop once every record is at the broker (default: follow the journal).
    #[arg(long)]
    once: bool,
    /// With --once: give up after the broker has been unreachable this many seconds on
    /// end (1-3600).
    #[arg(long, value_name = "SECONDS", default_value_t = 30,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    away: u64,
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

/// `--listen`: an address and port (a host name is looked up once).
fn address(text: &str) -> anyhow::Result<SocketAddr> {
    text.to_socket_addrs()
        .with_context(|| format!("{text:?}: expected an address and port like 127.0.0.1:8970"))?
        .next()
        .with_context(|| format!("{text:?}: no address"))
}

/// The variable that may hold the chief arbiter's token.
const TOKEN_VARIABLE: &str = "ANNABELLA_HALL_TOKEN";

/// The chief arbiter's token: `$ANNABELLA_HALL_TOKEN`, else `--arbiter-token-file` (mode
/// 600), each at least 128 bits; `None`: the hall makes a random one.
fn arbiter_token(file: Option<&std::path::Path>) -> anyhow::Result<Option<String>> {
    let token = annabella_serve::Token::from_env_or_file(TOKEN_VARIABLE, file)
        .context("the chief arbiter's token")?;
    Ok(token.map(|t| t.as_str().to_owned()))
}

/// `--action-key TABLE=HEX`.
fn table_action_key(pair: &str) -> anyhow::Result<(TableName, ActionKey)> {
    let (table, hex) = pair.split_once('=').context("expected TABLE=HEX")?;
    let name = table.parse().with_context(|| format!("table {table:?}"))?;
    let key = hex
        .parse()
        .with_context(|| format!("the key of table {table:?}"))?;
    Ok((name, key))
}

/// `--table`: a name the topic tree takes.
fn table_name(text: &str) -> anyhow::Result<TableName> {
    Ok(text.parse()?)
}

/// The broker of `flag` with `--ca` as its CA (only with TLS).
fn with_ca(mut broker: Broker, ca: Option<PathBuf>, flag: &str) -> anyhow::Result<Broker> {
    if let Some(ca) = ca {
        if !broker.tls {
            bail!("--ca is for TLS: use mqtts:// in {flag}");
        }
        broker.ca = Some(ca);
    }
    Ok(broker)
}

/// `--user` and the first line of `--password-file`, a file only its owner may read (a
/// password readable by the group or others is refused, as the keys and tokens are).
fn credentials(
    user: Option<&String>,
    file: Option<&PathBuf>,
) -> anyhow::Result<Option<(String, String)>> {
    let (Some(user), Some(file)) = (user, file) else {
        return Ok(None);
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let mode = std::fs::metadata(file)
            .with_context(|| format!("--password-file {}", file.display()))?
            .permissions()
            .mode()
            & 0o777;
        if mode & 0o077 != 0 {
            bail!(
                "--password-file {}: the group or others may read it (mode {mode:03o}); \
                 make it the owner's only: chmod 600 {}",
                file.display(),
                file.display()
            );
        }
    }
    let text = std::fs::read_to_string(file)
        .with_context(|| format!("--password-file {}", file.display()))?;
    let password = text.lines().next().unwrap_or_default().to_owned();
    if password.is_empty() {
        bail!(
            "--password-file {}: the first line is empty",
            file.display()
        );
    }
    Ok(Some((user.clone(), password)))
}

/// The `[hall]` of `demo --hall URL --table NAME` (TLS with `mqtts://` and the system's
/// roots), each problem named by its flag.
pub(super) fn demo_hall(
    url: &str,
    table: &str,
    key: &Path,
    user: Option<&String>,
    password_file: Option<&PathBuf>,
) -> anyhow::Result<HallConfig> {
    let (user, password) = credentials(user, password_file)?.unzip();
    RawHall {
        broker: Some(url.to_owned()),
        table: Some(table.to_owned()),
        signing_key: Some(key.display().to_string()),
        user,
        password,
        ..RawHall::default()
    }
    .check("hall", Path::new("."))
    .map_err(|problems| {
        let named: Vec<String> = problems
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
        anyhow::anyhow!("{}", named.join("; "))
    })
}

/// The hall's checked settings from its flags, the files they name read.
fn hall_run(a: ServeArgs) -> anyhow::Result<HallRun> {
    let (Some(broker), Some(tables)) = (a.broker, a.tables) else {
        bail!("--broker and --tables are needed");
    };
    let broker = with_ca(broker, a.ca, "--broker")?;
    let (table_keys, mut keys) =
        load_tables(&tables).with_context(|| format!("--tables {}", tables.display()))?;
    if let Some(p) = &a.keys {
        keys.extend(load_keys(p).with_context(|| format!("--keys {}", p.display()))?);
    }
    let action_keys: ActionKeys = a.action_key.into_iter().collect();
    keys.extend(action_keys.clone());
    let tables = TablesFiles {
        tables,
        keys: a.keys,
        action_keys,
    };
    let roster = match &a.trf {
        Some(path) => roster(path).with_context(|| format!("--trf {}", path.display()))?,
        None => Roster::default(),
    };
    let push = match (&a.push_lichess, &a.token_file) {
        (Some(round), Some(file)) => Some(
            annabella_hall::broadcast::PushSettings::new(&a.lichess_url, round, file)
                .context("--push-lichess")?,
        ),
        _ => None,
    };
    Ok(HallRun {
        subscriber: HallSettings {
            broker,
            credentials: credentials(a.user.as_ref(), a.password_file.as_ref())?,
            client_id: a.client_id,
            pgn_out: a.pgn_out,
            accepted: match a.accepted_file {
                Some(path) => {
                    let kept = annabella_hall::subscriber::read_accepted(&path)
                        .with_context(|| format!("--accepted-file {}", path.display()))?;
                    Some((path, kept))
                }
                None => None,
            },
            keys,
            table_keys,
            tables: Some(tables),
            live: LiveSettings {
                dir: a.export_dir,
                roster,
                trf: a.trf,
            },
            language: a.language,
        },
        listen: a.listen,
        token: arbiter_token(a.arbiter_token_file.as_deref())?,
        host_names: a.host_name,
        push,
    })
}

async fn serve(a: ServeArgs) -> anyhow::Result<ExitCode> {
    let json = a.json;
    let program::Running {
        banner,
        mut news,
        server,
    } = program::start(hall_run(a)?).await?;
    // Told once, as events: plain lines or, with --log-format json, JSON objects.
    for line in &banner {
        tracing::info!("{line}");
    }
    tokio::spawn(async move {
        while let Some(n) = news.recv().await {
            if json && let Ok(line) = serde_json::to_string(&n) {
                let mut out = std::io::stdout().lock();
                let _ = writeln!(out, "{line}");
                let _ = out.flush();
            }
        }
    });
    server.serve().await?;
    Ok(ExitCode::SUCCESS)
}

async fn publish(a: PublishArgs) -> anyhow::Result<ExitCode> {
    let secret = TableSecret::named_or_beside(a.secret.as_deref(), &a.key)?;
    let broker = with_ca(a.broker, a.ca, "--broker")?;
    let key = annabella_broker::key_file::read_signing_key(&a.key).context("--key")?;
    let mut settings = OutboxSettings::new(a.journal.clone(), a.table.clone(), broker, key);
    settings.credentials = credentials(a.user.as_ref(), a.password_file.as_ref())?;
    settings.secret = secret;
    let away = std::time::Duration::from_secs(a.away);
    let published = publish::publish(settings, a.once, away).await?;
    if a.once {
        tracing::info!("hall: records 1-{} are at the broker", published.last);
    }
    if published.damage.is_empty() {
        return Ok(ExitCode::SUCCESS);
    }
    for d in &published.damage {
        tracing::error!(
            "journal {}: {d}; nothing after it was published",
            a.journal.display()
        );
    }
    Ok(ExitCode::from(super::DAMAGED))
}
