//! `annabella export pgn|brf|pdf JOURNAL [--out FILE]`: the game's records from its
//! journal.

use std::{path::PathBuf, process::ExitCode};

use annabella_config as config;
use annabella_journal::TableSecret;
use annabella_records as records;
use annabella_station::{closing::Told, export, journal_notice::JournalNotice, session::Session};

use super::journal::NOTICE_FLAGS;

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
    /// The table's secret (`table.secret` beside its table.toml): the journal's MACs are
    /// checked with it; without it a keyed journal is read as not authenticated.
    #[arg(long, value_name = "FILE")]
    secret: Option<PathBuf>,
    /// Export a journal without MACs with `--secret` as not authenticated instead of
    /// naming it as possible tampering (exit 3).
    #[arg(long, requires = "secret")]
    accept_unkeyed: bool,
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
    let secret = args.secret.as_deref().map(TableSecret::read).transpose()?;
    let (table, resumed) =
        Session::replay_accepting(&args.journal, secret.as_ref(), args.accept_unkeyed)?;
    // The table's language: export has no machine form.
    let told = Told::People(table.config().language);
    let path = &args.journal;
    if resumed.accepted_unkeyed {
        annabella_logging::warn(&JournalNotice::AcceptedUnkeyed.told(path, told, NOTICE_FLAGS));
    }
    if resumed.unkeyed_refused {
        annabella_logging::warn(&JournalNotice::UnkeyedHint.told(path, told, NOTICE_FLAGS));
    }
    let review = export::review(&table, &resumed);
    for note in &review.notes {
        annabella_logging::warn(&note.told(path, told, NOTICE_FLAGS));
    }
    if args.format == "pgn" {
        if let Some(note) = &review.pgn_note {
            annabella_logging::warn(&note.told(path, told, NOTICE_FLAGS));
        }
        emit(args.out.as_ref(), review.pgn.as_bytes())?;
    } else if args.format == "pdf" {
        let bytes = annabella_records::scoresheet_pdf::pdf(&table)?;
        let out = args
            .out
            .unwrap_or_else(|| args.journal.with_file_name(records::PDF));
        emit(Some(&out), &bytes)?;
        annabella_logging::say(&told.written(&out));
    } else {
        let louis = args
            .braille_table
            .unwrap_or_else(|| config::default_braille_table(table.config().language).to_owned());
        emit(args.out.as_ref(), records::brf(&table, &louis)?.as_bytes())?;
    }
    Ok(if review.damaged {
        ExitCode::from(super::DAMAGED)
    } else {
        ExitCode::SUCCESS
    })
}
