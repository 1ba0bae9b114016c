//! `annabella review RECORD`: a finished game (its journal or a PGN file) reviewed line
//! by line — typed words or the Braille display's key names (`key LNDN`) on standard
//! input, each answer on standard output (and spoken with `--speak`).

use std::{path::PathBuf, process::ExitCode};

use annabella_config::EngineSettings;
use annabella_phonetic::Language;
use annabella_station::review::{self, ReviewOptions};

/// Flags of `annabella review`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The record: a journal (`game.journal`) or a PGN file.
    pub record: PathBuf,
    /// The listener's language: de, en, lt, lv, hu (default: the table's).
    #[arg(long)]
    pub language: Option<Language>,
    /// The engine that gives the evaluation, the best move and the mistakes at each
    /// move ("stockfish" or a path); a practice game's journal uses stockfish unless
    /// told otherwise.
    #[arg(long)]
    pub engine: Option<String>,
    /// No engine analysis, even after a practice game.
    #[arg(long, conflicts_with = "engine")]
    pub no_engine: bool,
    /// Nodes the engine searches in each position.
    #[arg(long, default_value_t = 200_000,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub nodes: u64,
    /// Speak every answer through espeak-ng too.
    #[arg(long)]
    pub speak: bool,
}

/// Runs the review.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let engine = match (&args.engine, args.no_engine) {
        (_, true) => None,
        (Some(e), false) => Some(e.clone()),
        (None, false) => review::is_practice(&args.record).then(|| "stockfish".to_owned()),
    };
    let engine = engine
        .map(|e| EngineSettings::for_analysis(&e, args.nodes))
        .transpose()
        .map_err(|mut e| {
            // The library names its settings; here they came from our flags.
            for p in &mut e.problems {
                p.key = p
                    .key
                    .replace("opponent.engine", "--engine")
                    .replace("opponent.nodes", "--nodes");
            }
            e
        })?;
    let options = ReviewOptions {
        record: args.record,
        language: args.language,
        engine,
        speak: args.speak,
    };
    let stdin = std::io::stdin();
    review::review(&options, stdin.lock(), std::io::stdout())?;
    Ok(ExitCode::SUCCESS)
}
