//! `annabella export pgn|brf|pdf JOURNAL [--out FILE]`: the game's records from its
//! journal.

use std::{path::PathBuf, process::ExitCode};

use annabella_station::{config, records, session::Session};

/// Flags of `annabella export`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `pgn` (with [%clk]), `brf` (Braille scoresheet) or `pdf` (the printed scoresheet
    /// to sign, A4).
    #[arg(value_parser = ["pgn", "brf", "pdf"])]
    format: String,
    /// The journal file.
    journal: PathBuf,
    /// liblouis table for `brf` (default: the VI player's language, uncontracted).
    #[arg(long)]
    braille_table: Option<String>,
    /// Write to FILE instead of standard output (`pdf` default: `game.pdf` beside the
    /// journal).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

/// Writes `text` to `out`, or to standard output.
fn emit(out: Option<&PathBuf>, text: &[u8]) -> anyhow::Result<()> {
    use std::io::Write;
    match out {
        Some(path) => {
            std::fs::write(path, text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?
        }
        None => std::io::stdout().write_all(text)?,
    }
    Ok(())
}

/// Runs the export to standard output (or `--out`).
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
    // A finished game whose records are damaged: its PGN, stored whole when it ended.
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
                emit(args.out.as_ref(), game.pgn.as_bytes())?;
            }
            None => emit(args.out.as_ref(), table.pgn().as_bytes())?,
        }
    } else if args.format == "pdf" {
        let bytes = annabella_station::scoresheet_pdf::pdf(&table)?;
        let out = args
            .out
            .unwrap_or_else(|| args.journal.with_file_name("game.pdf"));
        emit(Some(&out), &bytes)?;
        eprintln!("written: {}", out.display());
    } else {
        let louis = args
            .braille_table
            .unwrap_or_else(|| config::default_braille_table(table.config().language).to_owned());
        emit(args.out.as_ref(), records::brf(&table, &louis)?.as_bytes())?;
    }
    Ok(status)
}
