//! `annabella console --demo`: the arbiter's web console (crates/console) over a fixed
//! discrepancy, with a stand-in for the station that carries out the arbiter's requests.

use std::process::ExitCode;

use annabella_console::{Console, DEFAULT_ADDR, Token, demo};
use annabella_phonetic::Language;
use annabella_rules::ClockTime;
use annabella_view::ArbiterRequest;
use anyhow::{Context, bail};
use tokio::sync::{mpsc, watch};

/// Flags of `annabella console`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Serve the demo scenario (a misplaced bishop on the sighted board, a pending claim).
    /// The live table's console is served by the station.
    #[arg(long)]
    pub demo: bool,
    /// Address to listen on. Keep it on 127.0.0.1 unless other computers must reach it;
    /// they then need the token for everything.
    #[arg(long, default_value = DEFAULT_ADDR)]
    pub listen: String,
    /// A file (mode 600) whose first line is the token for arbiter actions, at least 32
    /// characters (else `$ANNABELLA_CONSOLE_TOKEN`; default: a random one, printed at
    /// start). Never on the command line, where every user of the machine sees it.
    #[arg(long, value_name = "FILE")]
    pub token_file: Option<std::path::PathBuf>,
}

/// Serves the console until interrupted.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if !args.demo {
        bail!(
            "only `annabella console --demo` is served on its own; the live table's console comes with the station"
        );
    }
    let token = match Token::from_env_or_file("ANNABELLA_CONSOLE_TOKEN", args.token_file.as_deref())
        .context("the console's token")?
    {
        Some(t) => t,
        None => Token::random().context("no randomness for the console token")?,
    };
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("tokio runtime")?
        .block_on(serve(args.listen, token))
}

async fn serve(listen: String, token: Token) -> anyhow::Result<ExitCode> {
    let listener = tokio::net::TcpListener::bind(&listen)
        .await
        .with_context(|| format!("--listen {listen}: cannot listen there"))?;
    let addr = listener.local_addr().context("listening address")?;
    let (view_tx, view_rx) = watch::channel(demo::scenario());
    let (req_tx, mut req_rx) = mpsc::channel::<ArbiterRequest>(16);
    let console = Console::new(view_rx, req_tx, token.clone());
    super::out!("console: http://{addr}/ (read-only)");
    super::out!(
        "arbiter: http://{addr}/arbiter?token={}&by=YOUR%20NAME",
        token.as_str()
    );
    super::out!("token: {}", token.as_str());
    let started = std::time::Instant::now();
    tokio::spawn(async move {
        while let Some(request) = req_rx.recv().await {
            let at = ClockTime(started.elapsed()).hms();
            view_tx.send_modify(|view| {
                if let Err(e) = demo::handle(view, &request, &at, Language::En) {
                    annabella_logging::warn(&format!("annabella: request refused: {e}"));
                }
            });
        }
    });
    console.serve(listener).await.context("console server")?;
    Ok(ExitCode::SUCCESS)
}
