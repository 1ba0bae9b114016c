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
    let warnings = resumed.warnings();
    for w in &warnings {
        eprintln!("annabella: journal {}: {w}", args.journal.display());
    }
    let status = if warnings.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(super::DAMAGED)
    };
    // A finished game whose records are damaged: its PGN, stored whole when it ended (a
    // stored game ending after the records read is always named damage by the journal,
    // so a game the stored game says ended is never exported as `*`).
    let stored = (!warnings.is_empty())
        .then(|| resumed.finished_games.last())
        .flatten()
        .filter(|g| g.last_seq > resumed.replayed);
    if args.format == "pgn" {
        match stored {
            Some(game) => {
                eprintln!(
                    "annabella: journal {}: the PGN is the finished game stored when it ended \
                     (record {})",
                    args.journal.display(),
                    game.last_seq
                );
                print!("{}", game.pgn);
            }
            None => print!("{}", table.pgn()),
        }
    } else {
        let louis = args
            .braille_table
            .unwrap_or_else(|| config::default_braille_table(table.config().language).to_owned());
        print!("{}", records::brf(&table, &louis)?);
    }
    Ok(status)
}
