//! `annabella unwinnable`: can a side still checkmate by any series of legal moves?
//! (Laws 5.2.2, 6.9, 7.5.5), by chasolver's helpmate search.

use std::process::ExitCode;

use annabella_rules::{
    Winnability,
    shakmaty::{CastlingMode, Chess, Color, fen::Fen},
    unwinnable::winnability,
};
use anyhow::{Context, bail};
use serde_json::json;

/// Flags of `annabella unwinnable`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The position (FEN; Chess960 castling rights are accepted).
    #[arg(long)]
    fen: String,
    /// The side that would have to checkmate: white or black.
    #[arg(long)]
    color: String,
    /// One JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs the search and prints the verdict and, when winnable, one helpmate.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let color = match args.color.to_ascii_lowercase().as_str() {
        "white" | "w" => Color::White,
        "black" | "b" => Color::Black,
        other => bail!("--color {other:?}: expected white or black"),
    };
    let fen: Fen = args
        .fen
        .parse()
        .with_context(|| format!("--fen {:?}", args.fen))?;
    let pos: Chess = match fen.clone().into_position(CastlingMode::Standard) {
        Ok(pos) => pos,
        Err(_) => fen
            .into_position(CastlingMode::Chess960)
            .with_context(|| format!("--fen {:?}: not a legal position", args.fen))?,
    };
    let verdict = winnability(&pos, color);
    let helpmate: Vec<String> = match &verdict {
        Winnability::Winnable(line) => line.iter().map(ToString::to_string).collect(),
        _ => Vec::new(),
    };
    if args.json {
        println!(
            "{}",
            json!({ "verdict": verdict.as_str(), "helpmate": helpmate })
        );
    } else {
        match verdict {
            Winnability::Unwinnable => {
                println!("{color} cannot checkmate by any series of legal moves")
            }
            Winnability::Winnable(_) => {
                println!("{color} can checkmate, e.g. {}", helpmate.join(" "))
            }
            Winnability::Undetermined => println!("undetermined: the search gave up"),
        }
    }
    Ok(ExitCode::SUCCESS)
}
