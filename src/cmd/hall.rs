//! `annabella hall`: the chief arbiter's view of every table of a tournament hall over
//! one MQTT broker, the round's live PGN, and (`hall publish`) one table's journal
//! published to the hall.

use std::{io::Write as _, path::PathBuf, process::ExitCode};

use annabella_hall::program::{self, ServeOptions};
use annabella_hall_link::publish::{self, PublishOptions};
use annabella_hall_wire::outlet::Outlets;
use annabella_journal::TableSecret;
use anyhow::Context;

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

/// Where the hall's lines go: log lines and banners to standard error (printable: no
/// escape sequence or line break from a table or a server reaches the terminal or forges
/// a line), events (with `--json`) to standard output.
fn outlets(json: bool) -> Outlets {
    Outlets {
        log: |line| eprintln!("annabella: {}", annabella_rules::printable(&line)),
        banner: |line| eprintln!("{}", annabella_rules::printable(line)),
        news: json.then_some(|line: &str| {
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{line}");
            let _ = out.flush();
        }),
    }
}

async fn serve(a: ServeArgs) -> anyhow::Result<ExitCode> {
    let outlets = outlets(a.json);
    let options = ServeOptions {
        broker: a.broker,
        listen: a.listen,
        pgn_out: a.pgn_out,
        export_dir: a.export_dir,
        trf: a.trf,
        arbiter_token_file: a.arbiter_token_file,
        keys: a.keys,
        action_key: a.action_key,
        ca: a.ca,
        client_id: a.client_id,
        host_name: a.host_name,
        tables: a.tables,
        user: a.user,
        password_file: a.password_file,
        push_lichess: a.push_lichess,
        token_file: a.token_file,
        lichess_url: a.lichess_url,
    };
    program::serve(options, outlets).await?;
    Ok(ExitCode::SUCCESS)
}

async fn publish(a: PublishArgs) -> anyhow::Result<ExitCode> {
    let secret = TableSecret::named_or_beside(a.secret.as_deref(), &a.key)?;
    let journal = a.journal.clone();
    let options = PublishOptions {
        broker: a.broker,
        table: a.table,
        journal: a.journal,
        once: a.once,
        ca: a.ca,
        key: a.key,
        secret,
        user: a.user,
        password_file: a.password_file,
    };
    let damage = publish::publish(options, outlets(false)).await?;
    if damage.is_empty() {
        return Ok(ExitCode::SUCCESS);
    }
    for d in &damage {
        eprintln!(
            "annabella: journal {}: {d}; nothing after it was published",
            journal.display()
        );
    }
    Ok(ExitCode::from(super::DAMAGED))
}
