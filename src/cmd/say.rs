//! `annabella say`: a move (UCI) → the words announced in a lexicon.

use std::process::ExitCode;

use annabella_phonetic::{Form, Language, Lexicon, render};
use anyhow::Context;
use shakmaty::uci::UciMove;

/// Flags of `annabella say`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The position before the move, as FEN or Shredder-FEN.
    #[arg(long)]
    pub fen: String,
    /// The announcement language: de (FIDE scheme), en, lt, lv or hu.
    #[arg(long, default_value = "de")]
    pub scheme: Language,
    /// Say the full from-to form instead of the shortest unambiguous one.
    #[arg(long)]
    pub full: bool,
    /// The move in UCI (castling as the king's destination, e1g1, or king takes rook).
    pub uci: String,
}

/// The words of a legal move in the position, as announced.
pub fn words(args: &Args) -> anyhow::Result<String> {
    let pos = super::parse::position(&args.fen)?;
    let uci: UciMove = args
        .uci
        .parse()
        .with_context(|| format!("invalid UCI move {:?}", args.uci))?;
    let m = uci
        .to_move(&pos)
        .with_context(|| format!("{} is not legal in this position", args.uci))?;
    let form = if args.full { Form::Full } else { Form::Short };
    Ok(render(&pos, m, Lexicon::get(args.scheme), form))
}

/// Prints the words.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    println!("{}", words(&args)?);
    Ok(ExitCode::SUCCESS)
}
