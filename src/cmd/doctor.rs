//! `annabella doctor`: one line per thing the table needs, with the fix when it fails;
//! exits 1 when the table cannot play.

use std::{io::Write, path::PathBuf, process::ExitCode};

use annabella_setup::doctor;

/// Flags of `annabella doctor`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The table's configuration (default: ./table.toml, else /etc/annabella/table.toml).
    #[arg(long)]
    config: Option<PathBuf>,
    /// One JSON object per check (`status`, `check`, `detail`, `fix`).
    #[arg(long)]
    json: bool,
}

/// Runs every check of the table's configuration.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let path = match args.config {
        Some(p) => p,
        None => doctor::default_config().ok_or_else(|| {
            anyhow::anyhow!(
                "no table.toml here nor /etc/annabella/table.toml: give --config FILE \
                 (annabella init writes one)"
            )
        })?,
    };
    let checks = doctor::check_file(&path);
    let mut out = std::io::stdout().lock();
    for check in &checks {
        if args.json {
            writeln!(out, "{}", serde_json::to_string(check)?)?;
        } else {
            writeln!(out, "{}", check.line())?;
        }
    }
    Ok(if doctor::ready(&checks) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
