//! `annabella export pgn|brf JOURNAL`: the game's records from its journal.

use std::{path::PathBuf, process::ExitCode};

use annabella_station::{config, records, session::Session};

/// Flags of `annabella export`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `pgn` (with [%clk]) or `brf` (Braille scoresheet).
    #[arg(value_parser = ["pgn", "brf"])]
    format: String,
    /// The journal file.
    journal: PathBuf,
    /// liblouis table for `brf` (default: the VI player's language, uncontracted).
    #[arg(long)]
    braille_table: Option<String>,
}

/// Runs the export to standard output.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let (table, resumed) = Session::replay(&args.journal)?;
    if let Some(d) = &resumed.dropped {
        eprintln!("annabella: journal {}: {d}", args.journal.display());
    }
    if args.format == "pgn" {
        print!("{}", table.pgn());
    } else {
        let louis = args
            .braille_table
            .unwrap_or_else(|| config::default_braille_table(table.config().language).to_owned());
        print!("{}", records::brf(&table, &louis)?);
    }
    Ok(ExitCode::SUCCESS)
}
