//! `annabella parse`: words → a move or a command in a position, as one JSON line.

use std::{
    io::{BufRead, Write},
    process::ExitCode,
};

pub use annabella_phonetic::verdict_json::{object, verdict_json};
use annabella_phonetic::{Language, Lexicon, resolve_words};
use anyhow::Context;
use serde_json::{Value, json};
use shakmaty::{CastlingMode, Chess, fen::Fen};

/// Flags of `annabella parse`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The position, as FEN or Shredder-FEN (Chess960 castling is detected).
    #[arg(long, required_unless_present = "stdin")]
    fen: Option<String>,
    /// The language of the words: de (FIDE scheme), en, lt, lv or hu.
    #[arg(long, default_value = "de")]
    scheme: Language,
    /// Read JSON lines {"fen":…,"scheme":"de|en","words":"…"} and answer one line each.
    #[arg(long, conflicts_with_all = ["fen", "words"])]
    stdin: bool,
    /// The words heard or typed.
    #[arg(required_unless_present = "stdin")]
    words: Vec<String>,
}

/// Parses and resolves; prints one JSON line per utterance.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.stdin {
        let stdin = std::io::stdin();
        let mut out = std::io::stdout().lock();
        // Lines as bytes: a line that is not UTF-8 is answered with an error naming it,
        // and the lines after it are still read.
        for (n, line) in stdin.lock().split(b'\n').enumerate() {
            let line = line.context("cannot read standard input")?;
            let answer = match std::str::from_utf8(&line) {
                Ok(text) if text.trim().is_empty() => continue,
                Ok(text) => answer_line(text.trim_end_matches('\r')),
                Err(e) => Err(anyhow::anyhow!(
                    "not UTF-8 text (byte {} of the line)",
                    e.valid_up_to() + 1
                )),
            }
            .unwrap_or_else(|e| {
                object(&[
                    ("status", json!("error").to_string()),
                    ("line", (n + 1).to_string()),
                    ("error", json!(format!("{e:#}")).to_string()),
                ])
            });
            writeln!(out, "{answer}")?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let fen = args.fen.as_deref().unwrap_or_default();
    let pos = position(fen)?;
    let verdict = resolve_words(&pos, Lexicon::get(args.scheme), &args.words.join(" "));
    super::out!(
        "{}",
        verdict_json(&pos, &verdict, Lexicon::get(args.scheme))
    );
    Ok(if verdict.is_resolved() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn answer_line(line: &str) -> anyhow::Result<String> {
    let input: Value = serde_json::from_str(line).context("not a JSON object")?;
    let field = |name: &str| input.get(name).and_then(Value::as_str);
    let fen = field("fen").context("missing \"fen\"")?;
    let words = field("words").context("missing \"words\"")?;
    let scheme: Language = field("scheme").unwrap_or("de").parse()?;
    let pos = position(fen)?;
    let lexicon = Lexicon::get(scheme);
    Ok(verdict_json(
        &pos,
        &resolve_words(&pos, lexicon, words),
        lexicon,
    ))
}

/// A position from FEN or Shredder-FEN, in the castling mode the FEN implies.
pub fn position(fen: &str) -> anyhow::Result<Chess> {
    let fen: Fen = fen
        .parse()
        .with_context(|| format!("invalid FEN {}", super::quoted(fen)))?;
    let mode = CastlingMode::detect(&fen.clone().into_setup());
    fen.into_position(mode)
        .context("FEN is not a legal position")
}
