//! `annabella journal replay FILE`: rebuilds a table from its journal and prints it.

use std::{path::PathBuf, process::ExitCode};

use annabella_journal::TableSecret;
use annabella_station::{export, session::Session};

/// Flags of `annabella journal`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, clap::Subcommand)]
enum Command {
    /// Replay a journal (read-only) and print the rebuilt table.
    Replay {
        /// The journal file.
        file: PathBuf,
        /// The table view as one JSON object.
        #[arg(long)]
        json: bool,
        /// The table's secret (`table.secret` beside its table.toml): the journal's MACs
        /// are checked with it; without it a keyed journal is read as not authenticated.
        #[arg(long, value_name = "FILE")]
        secret: Option<PathBuf>,
        /// Read a journal without MACs with `--secret` as not authenticated instead of
        /// naming it as possible tampering (exit 3).
        #[arg(long, requires = "secret")]
        accept_unkeyed: bool,
    },
}

/// What the operator may do about a journal without MACs at a keyed table (the library
/// names the doubt; the flag is the command line's).
pub const UNKEYED_HINT: &str =
    "if you know the journal is genuine, --accept-unkeyed reads it, not authenticated";

/// Runs `journal replay`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let Command::Replay {
        file,
        json,
        secret,
        accept_unkeyed,
    } = args.command;
    let secret = secret.as_deref().map(TableSecret::read).transpose()?;
    let (table, resumed) = Session::replay_accepting(&file, secret.as_ref(), accept_unkeyed)?;
    if resumed.accepted_unkeyed {
        annabella_logging::warn(&format!(
            "annabella: journal {}: {} (--accept-unkeyed)",
            file.display(),
            annabella_station::session::ACCEPTED_UNKEYED
        ));
    }
    let warnings = resumed.warnings();
    for w in &warnings {
        annabella_logging::warn(&format!("annabella: journal {}: {w}", file.display()));
    }
    if resumed.unkeyed_refused {
        annabella_logging::warn(&format!(
            "annabella: journal {}: {UNKEYED_HINT}",
            file.display()
        ));
    }
    if let Some(line) = resumed.not_authenticated() {
        // The flag that gives the secret is ours to name.
        let hint = match resumed.authentication {
            Some(annabella_journal::Authentication::NoSecret) => " (give it with --secret)",
            _ => "",
        };
        annabella_logging::warn(&format!(
            "annabella: journal {}: {line}{hint}",
            file.display()
        ));
    }
    // A damaged journal still shows everything before the damage, but never passes for whole.
    let status = if warnings.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(super::DAMAGED)
    };
    for (seq, why) in &resumed.refused {
        annabella_logging::warn(&format!(
            "annabella: record {seq} was refused by the table: {why}"
        ));
    }
    for line in export::shown(&file, &table, &resumed, json)? {
        super::out!("{line}");
    }
    Ok(status)
}
