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
