//! A [`Verdict`] as one JSON object in its stable shape (`annabella parse` and `listen`
//! print these): `status` first, then the move (`uci`, `san`), the candidates, what is
//! missing, why it is refused, or the command and its details; `spoken` says it in words.

use serde_json::json;
use shakmaty::{Chess, Position, san::San};

use crate::{ClaimGround, Command, Lexicon, Side, Verdict, english_piece_name};

/// A JSON object with its keys in the given order (`status` first); values are JSON text.
pub fn object(pairs: &[(&str, String)]) -> String {
    let body: Vec<String> = pairs
        .iter()
        .map(|(k, v)| format!("{}:{v}", json!(k)))
        .collect();
    format!("{{{}}}", body.join(","))
}

/// `v` as a JSON string.
fn json_str(v: &str) -> String {
    json!(v).to_string()
}

/// The stable JSON shape of a verdict, keys in the documented order.
pub fn verdict_json(pos: &Chess, verdict: &Verdict, lexicon: &Lexicon) -> String {
    let mode = pos.castles().mode();
    let spoken = json!(verdict.describe(pos, lexicon)).to_string();
    match verdict {
        Verdict::Move(m) => object(&[
            ("status", json_str("move")),
            ("uci", json_str(&m.to_uci(mode).to_string())),
            ("san", json_str(&San::from_move(pos, *m).to_string())),
        ]),
        Verdict::Ambiguous(ms) => object(&[
            ("status", json_str("ambiguous")),
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
            ("status", json_str("incomplete")),
            ("missing", json_str(&missing.to_string())),
            ("spoken", spoken),
        ]),
        Verdict::Illegal(why) => object(&[
            ("status", json_str("illegal")),
            ("reason", json_str(&why.to_string())),
            ("spoken", spoken),
        ]),
        Verdict::Unrecognized(e) => object(&[
            ("status", json_str("unrecognized")),
            ("reason", json_str(&e.to_string())),
            ("spoken", spoken),
        ]),
        Verdict::Command(c) => command_json(pos, c, lexicon),
    }
}

/// A command's verdict: its name and, as far as it has them, its arguments.
fn command_json(pos: &Chess, c: &Command, lexicon: &Lexicon) -> String {
    let mut pairs = vec![
        ("status", json_str("command")),
        ("command", json_str(c.name())),
    ];
    if let Command::Analysis { .. } = c {
        // Understood and refused: the Laws forbid the assistant analysis (11.3.1).
        pairs.push(("refused", "true".to_owned()));
    }
    match c {
        Command::LastMoves(n) => pairs.push(("n", n.to_string())),
        Command::WhereIs { role, side } => {
            pairs.push(("piece", json_str(english_piece_name(*role))));
            pairs.push((
                "side",
                json_str(match side {
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
        } => pairs.push(("square", json_str(&sq.to_string()))),
        Command::Corrected(m) => {
            pairs.push(("move", verdict_json(pos, &m.resolve(pos).into(), lexicon)));
        }
        Command::ReadRank(r) => pairs.push(("rank", json_str(&r.char().to_string()))),
        Command::ReadFile(f) => pairs.push(("file", json_str(&f.char().to_string()))),
        Command::Claim { ground, intended } => {
            pairs.push((
                "ground",
                json_str(match ground {
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
