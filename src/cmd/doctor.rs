//! `annabella doctor`: one line per thing the table needs, with the fix when it fails;
//! exits 1 when the table cannot play.

use std::{io::Write, path::PathBuf, process::ExitCode};

use annabella_station::{config::StationConfig, doctor};

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
        None => default_config().ok_or_else(|| {
            anyhow::anyhow!(
                "no table.toml here nor /etc/annabella/table.toml: give --config FILE \
                 (annabella init writes one)"
            )
        })?,
    };
    let mut checks = Vec::new();
    match StationConfig::load(&path) {
        Ok(config) => {
            checks.push(doctor::Check {
                status: doctor::Status::Ok,
                check: "config".into(),
                detail: path.display().to_string(),
                fix: None,
            });
            checks.extend(doctor::check_table(&config));
        }
        Err(e) => checks.extend(e.problems.iter().map(|p| doctor::Check {
            status: doctor::Status::Fail,
            check: "config".into(),
            detail: format!("{}: {p}", path.display()),
            fix: Some(config_fix(&p.key).into()),
        })),
    }
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

/// What to do about a problem at `key` of the config.
fn config_fix(key: &str) -> &'static str {
    match key {
        "speech.model" => {
            "fetch the model again (models/fetch.sh de) and point [speech] model at it"
        }
        k if k.starts_with("devices") => "annabella init lists the ports and what answers on each",
        _ => "correct this key (samples/table.toml explains each)",
    }
}

fn default_config() -> Option<PathBuf> {
    ["table.toml", "/etc/annabella/table.toml"]
        .into_iter()
        .map(PathBuf::from)
        .find(|p| p.is_file())
}
