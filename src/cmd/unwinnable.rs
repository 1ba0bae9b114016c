//! `annabella unwinnable`: can a side still checkmate by any series of legal moves?
//! (Laws 5.2.2, 6.9, 7.5.5), by chasolver's helpmate search.

use std::process::ExitCode;

use annabella_phonetic::{Language, messages::Messages};
use annabella_rules::{
    Winnability, excerpt,
    shakmaty::Color,
    unwinnable::{position_for_question, winnability},
};
use anyhow::bail;
use serde_json::json;

/// Flags of `annabella unwinnable`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The position (FEN; Chess960 castling rights with --chess960).
    #[arg(long)]
    fen: String,
    /// The position is a Chess960 game's: castling rights only Chess960 can have are
    /// read as Chess960's.
    #[arg(long)]
    chess960: bool,
    /// The side that would have to checkmate: white or black.
    #[arg(long)]
    color: String,
    /// One JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// The language of the answer in words (not `--json`): de, en, lt, lv or hu.
    #[arg(long, default_value = "de")]
    language: Language,
}

/// Runs the search and prints the verdict and, when winnable, one helpmate.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let color = match args.color.to_ascii_lowercase().as_str() {
        "white" | "w" => Color::White,
        "black" | "b" => Color::Black,
        other => bail!("--color {:?}: expected white or black", excerpt(other)),
    };
    let (pos, unreachable) = match position_for_question(&args.fen, args.chess960) {
        Ok(answer) => answer,
        Err(e) if e.needs_chess960 => bail!("--fen: {e}; give --chess960 for a Chess960 game"),
        Err(e) => bail!("--fen: {e}"),
    };
    let verdict = winnability(&pos, color);
    let helpmate: Vec<String> = match &verdict {
        Winnability::Winnable(line) => line.iter().map(ToString::to_string).collect(),
        _ => Vec::new(),
    };
    if args.json {
        super::out!(
            "{}",
            json!({
                "verdict": verdict.as_str(),
                "helpmate": helpmate,
                "reachable_in_a_game": unreachable.is_none(),
                "unreachable_because": unreachable.map(|u| u.as_str()),
            })
        );
    } else {
        let m = Messages::get(args.language);
        let side = ("color", color.fold_wb("white", "black").into());
        if let Some(why) = unreachable {
            let why = why.as_str().replace(' ', "-");
            super::out!(
                "{}",
                m.text("unwinnable-unreachable", &[("why", why.into())])
            );
        }
        let line = match verdict {
            Winnability::Unwinnable => m.text("unwinnable-no", &[side]),
            Winnability::Winnable(_) => m.text(
                "unwinnable-yes",
                &[side, ("moves", helpmate.join(" ").into())],
            ),
            Winnability::Undetermined => m.text("unwinnable-undetermined", &[]),
        };
        super::out!("{line}");
    }
    Ok(ExitCode::SUCCESS)
}
