//! `annabella replay`: replays every game of a PGN file under the Laws and tells how each
//! ended — decided from the moves, never from the `Result` tag.

use std::{
    fs::File,
    io::{BufReader, BufWriter, Write},
    path::PathBuf,
    process::ExitCode,
};

use annabella_rules::{
    Edition, RateOfPlay,
    pgn::{PgnReader, report::replay_lines},
};
use anyhow::Context;
use serde_json::json;

/// Flags of `annabella replay`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The PGN file (any number of games).
    file: PathBuf,
    /// One JSON object per game and line instead of text.
    #[arg(long)]
    json: bool,
    /// Edition of the Laws: 2018 or 2023.
    #[arg(long, default_value = "2023")]
    edition: Edition,
    /// Rate of play: standard, rapid or blitz.
    #[arg(long, default_value = "standard")]
    rate: RateOfPlay,
}

/// Replays each game in file order, reading one game at a time (memory stays that of the
/// largest game, whatever the file's size); a broken game is reported and the others
/// still are.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let path = args.file.display().to_string();
    let file = File::open(&args.file).with_context(|| format!("cannot read {path}"))?;
    let mut failed = false;
    let mut number = 0;
    // One buffered writer: a line per game must not be a write each (a million games).
    let mut out = BufWriter::with_capacity(64 * 1024, std::io::stdout().lock());
    for game in PgnReader::new(BufReader::with_capacity(64 * 1024, file)) {
        let result = match game {
            Ok(g) => {
                number += 1;
                g.replay(args.edition, args.rate)
                    .map(|r| (g, r))
                    .map_err(|e| format!("{path}: game {number}, {e}"))
            }
            Err(e) => {
                number = e.game;
                Err(format!("{path}: {e}"))
            }
        };
        match result {
            Ok((pgn, game)) => {
                for line in replay_lines(number, &pgn, &game, args.json) {
                    writeln!(out, "{line}")?;
                }
            }
            Err(message) => {
                failed = true;
                out.flush()?;
                annabella_logging::warn(&format!("annabella: {message}"));
                if args.json {
                    writeln!(out, "{}", json!({ "game": number, "error": message }))?;
                }
            }
        }
    }
    out.flush()?;
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
