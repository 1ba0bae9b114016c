//! The scoresheet as PGN: the seven-tag roster, `TimeControl`, `Termination`, the start
//! position when it is not the standard one, and `{[%clk h:mm:ss]}` after every move.

use std::fmt::Write;
use std::time::Duration;

use shakmaty::{Color, EnPassantMode, Position, fen::Fen};

use crate::Table;

/// `h:mm:ss` as in `[%clk 1:29:55]` (rounded down to the second).
pub fn clk(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

pub(crate) fn write(table: &Table) -> String {
    let config = table.config();
    let ev = &config.event;
    let end = table.end();
    let result = end.map_or("*", |e| e.result.as_str());
    let mut tags: Vec<(&str, String)> = vec![
        ("Event", ev.event.clone()),
        ("Site", ev.site.clone()),
        ("Date", ev.date.clone()),
        ("Round", ev.round.clone()),
        ("White", ev.white.clone()),
        ("Black", ev.black.clone()),
        ("Result", result.to_string()),
        ("TimeControl", config.time_control.to_string()),
        (
            "Termination",
            end.map_or("unterminated".to_string(), |e| e.pgn_termination.clone()),
        ),
    ];
    let start = table.start_position();
    let fen = Fen::from_position(start, EnPassantMode::Legal).to_string();
    if config.chess960 {
        tags.push(("Variant", "Chess960".into()));
    }
    if config.start_fen.is_some() || config.chess960 {
        tags.push(("SetUp", "1".into()));
        tags.push(("FEN", fen));
    }
    let mut out = String::new();
    for (k, v) in tags {
        let _ = writeln!(out, "[{k} \"{}\"]", escape(&v));
    }
    out.push('\n');
    let mut tokens: Vec<String> = Vec::new();
    let first = start.fullmoves().get();
    let first_black = start.turn() == Color::Black;
    for r in table.records() {
        let index = r.ply - 1 + usize::from(first_black);
        let number = first as usize + index / 2;
        match r.color {
            Color::White => tokens.push(format!("{number}.")),
            Color::Black => tokens.push(format!("{number}...")),
        }
        tokens.push(r.san.clone());
        tokens.push(format!("{{[%clk {}]}}", clk(r.clock)));
        if table.draw_offers().contains(&r.ply) {
            // 9.1.2.2: the draw offer, as a comment (a bare "(" would open a variation).
            tokens.push("{(=)}".into());
        }
    }
    tokens.push(result.to_string());
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clk_format() {
        assert_eq!(clk(Duration::from_millis(5_395_999)), "1:29:55");
        assert_eq!(clk(Duration::from_secs(59)), "0:00:59");
    }
}
