//! `annabella journal replay FILE`: rebuilds a table from its journal and prints it.

use std::{path::PathBuf, process::ExitCode};

use annabella_journal::TableSecret;
use annabella_station::{closing::Told, export, journal_notice::Flags, session::Session};

/// The flags `journal replay` and `export` name to the reader of a doubtful journal (the
/// library names the doubt).
pub const NOTICE_FLAGS: Flags = Flags {
    accept_unkeyed: "--accept-unkeyed",
    secret: "--secret",
};

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
    // For people in the table's language, with --json in the machine form as ever.
    let told = Told::from_json(json, table.config().language);
    for notice in resumed.notices() {
        annabella_logging::warn(&notice.told(&file, told, NOTICE_FLAGS));
    }
    // A damaged journal still shows everything before the damage, but never passes for whole.
    let status = if resumed.warnings().is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(super::DAMAGED)
    };
    for line in export::shown(&file, &table, &resumed, told)? {
        super::out!("{line}");
    }
    Ok(status)
}
