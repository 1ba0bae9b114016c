//! `annabella play --config table.toml`: one real table (devices, voices, time control,
//! players from the config), game after game (`next game` confirms a result). The VI player's words come as lines on standard input; the
//! journal in the records directory is continued after a restart; `--resume JOURNAL`
//! resumes an adjourned game, its sealed move made at once.
//!
//! At a board without sensors (`peg_board = "none"`, a club's ordinary tactile set) the
//! VI player's clock press stands for "placed and released": the announced move is made
//! then. The word "gesetzt"/"done" (or the keyboard line `placed`, the assistant's key)
//! makes it too, and with `vi_press = "automatic"` also starts the opponent's clock.

use std::{path::PathBuf, process::ExitCode};

use annabella_station::{assembly::StationError, closing::Told, play};
use annabella_view::story::ConsoleStyle;

/// Flags of `annabella play`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The table's configuration (see samples/table.toml).
    #[arg(long)]
    config: PathBuf,
    /// JSON lines (the event stream) instead of the table's story.
    #[arg(long)]
    json: bool,
    /// Every input, effect and device report in words instead of the table's story.
    #[arg(long, conflicts_with = "json")]
    verbose: bool,
    /// Start even when a configured serial device cannot be opened; it is tried again
    /// until it answers (otherwise the table refuses to start, naming each device).
    #[arg(long)]
    allow_missing: bool,
    /// Resume the adjourned game of this journal (a records directory's game.journal):
    /// the sealed move is made at once and the opponent's clock starts.
    #[arg(long, value_name = "JOURNAL")]
    resume: Option<PathBuf>,
    /// Start the next game in the next numbered records folder, whatever the records
    /// directory holds (a finished game's journal is never written into in any case).
    #[arg(long, conflicts_with = "resume")]
    new_game: bool,
    /// Continue a journal that carries no MACs although the table has a secret (one made
    /// before the table had its secret, or elsewhere). Without it such a journal is
    /// refused: its MACs may have been stripped and its game rewritten.
    #[arg(long)]
    accept_unkeyed: bool,
}

/// Runs the table, game after game: at the result the table stays up until the arbiter
/// confirms it (`next game`), then the next game begins in the next records folder.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let config = annabella_station::edges::load_config(&args.config)?;
    // The closing lines: for people in the table's language, with --json as programs read them.
    let told = Told::from_json(args.json, config.game.vi_language);
    // What a person at the table notices by default, as the demo tells it.
    let style = ConsoleStyle::from_flags(args.json, args.verbose, ConsoleStyle::Story);
    let report = match &args.resume {
        Some(journal) => play::resume(
            &config,
            journal,
            style,
            args.allow_missing,
            args.accept_unkeyed,
        )
        .map_err(|e| match e {
            // The library names the journal; the flag that gave it is ours to name.
            StationError::Resume { .. } => anyhow::Error::new(e).context("--resume"),
            e => flag_named(e),
        })?,
        None => play::run_games(
            &args.config,
            style,
            args.allow_missing,
            args.new_game,
            args.accept_unkeyed,
        )
        .map_err(flag_named)?,
    };
    annabella_logging::say(&told.journal(&report.journal));
    for line in report.records_lines(told) {
        annabella_logging::say(&line);
    }
    if let Some(line) = report.result_line(told) {
        annabella_logging::say(&line);
    }
    Ok(ExitCode::SUCCESS)
}

/// The station's refusal, told with the flag that changes it (the library names none).
fn flag_named(e: StationError) -> anyhow::Error {
    let flag = match &e {
        StationError::DevicesMissing(_) => "--allow-missing plays on and keeps trying",
        StationError::Finished(_) => "--new-game starts the next game",
        StationError::Session(annabella_station::session::SessionError::Downgraded(_)) => {
            "--accept-unkeyed continues it, not authenticated, if you know it is genuine"
        }
        _ => return e.into(),
    };
    anyhow::Error::new(FlagNamed { error: e, flag })
}

/// A library error with the flag of ours that answers it, told after it.
#[derive(Debug)]
struct FlagNamed {
    error: StationError,
    flag: &'static str,
}

impl std::fmt::Display for FlagNamed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}; {}", self.error, self.flag)
    }
}

impl std::error::Error for FlagNamed {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}
