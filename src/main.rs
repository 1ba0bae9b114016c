//! `annabella`: the command-line front of the table. Parses flags and wires the crates.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// The assistant the FIDE Laws allow a visually impaired chess player.
#[derive(Debug, Parser)]
#[command(name = "annabella", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// One subcommand per job.
#[derive(Debug, Subcommand)]
enum Command {}

// The allow goes once the first subcommand exists.
#[allow(unreachable_code, unused_variables)]
fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("annabella: {err:#}");
            ExitCode::from(2)
        }
    }
}

fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {}
}
