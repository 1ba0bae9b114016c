//! `annabella parse`: words → a move or a command in a position, as one JSON line.

use std::{
    io::{BufRead, Write},
    process::ExitCode,
};

use annabella_phonetic::{
    ClaimGround, Command, Language, Lexicon, Side, Verdict, english_piece_name, resolve_words,
};
use anyhow::Context;
use serde_json::{Value, json};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen, san::San};

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
    println!(
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

/// A JSON object with its keys in the given order (`status` first); values are JSON text.
fn object(pairs: &[(&str, String)]) -> String {
    let body: Vec<String> = pairs
        .iter()
        .map(|(k, v)| format!("{}:{v}", json!(k)))
        .collect();
    format!("{{{}}}", body.join(","))
}

/// The stable JSON shape of a verdict, keys in the documented order.
pub fn verdict_json(pos: &Chess, verdict: &Verdict, lexicon: &Lexicon) -> String {
    let mode = pos.castles().mode();
    let spoken = json!(verdict.describe(pos, lexicon)).to_string();
    let s = |v: &str| json!(v).to_string();
    match verdict {
        Verdict::Move(m) => object(&[
            ("status", s("move")),
            ("uci", s(&m.to_uci(mode).to_string())),
            ("san", s(&San::from_move(pos, *m).to_string())),
        ]),
        Verdict::Ambiguous(ms) => object(&[
            ("status", s("ambiguous")),
            (
                "candidates",
                json!(
                    ms.iter()
                        .map(|m| m.to_uci(mode).to_string())
                        .collect::<Vec<_>>()
                )
                .to_string(),
            ),
            ("spoken", spoken),
        ]),
        Verdict::Incomplete(missing) => object(&[
            ("status", s("incomplete")),
            ("missing", s(&missing.to_string())),
            ("spoken", spoken),
        ]),
        Verdict::Illegal(why) => object(&[
            ("status", s("illegal")),
            ("reason", s(&why.to_string())),
            ("spoken", spoken),
        ]),
        Verdict::Unrecognized(e) => object(&[
            ("status", s("unrecognized")),
            ("reason", s(&e.to_string())),
            ("spoken", spoken),
        ]),
        Verdict::Command(c) => {
            let mut pairs = vec![("status", s("command")), ("command", s(c.name()))];
            if let Command::Analysis { .. } = c {
                // Understood and refused: the Laws forbid the assistant analysis (11.3.1).
                pairs.push(("refused", "true".to_owned()));
            }
            match c {
                Command::LastMoves(n) => pairs.push(("n", n.to_string())),
                Command::WhereIs { role, side } => {
                    pairs.push(("piece", s(english_piece_name(*role))));
                    pairs.push((
                        "side",
                        s(match side {
                            Side::Own => "own",
                            Side::Opponent => "opponent",
                            Side::White => "white",
                            Side::Black => "black",
                        }),
                    ));
                }
                Command::WhatIsOn(sq)
                | Command::Analysis {
                    square: Some(sq), ..
                } => pairs.push(("square", s(&sq.to_string()))),
                Command::Corrected(m) => {
                    pairs.push(("move", verdict_json(pos, &m.resolve(pos).into(), lexicon)));
                }
                Command::ReadRank(r) => pairs.push(("rank", s(&r.char().to_string()))),
                Command::ReadFile(f) => pairs.push(("file", s(&f.char().to_string()))),
                Command::Claim { ground, intended } => {
                    pairs.push((
                        "ground",
                        s(match ground {
                            ClaimGround::Repetition => "repetition",
                            ClaimGround::FiftyMoves => "fifty_moves",
                        }),
                    ));
                    if let Some(m) = intended {
                        pairs.push(("move", verdict_json(pos, &m.resolve(pos).into(), lexicon)));
                    }
                }
                _ => {}
            }
            object(&pairs)
        }
    }
}
