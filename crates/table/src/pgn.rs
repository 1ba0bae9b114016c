//! The scoresheet as PGN, written by the one PGN writer of `annabella-rules`: the seven-tag roster, `TimeControl`, `Termination`, the start
//! position when it is not the standard one, and `{[%clk h:mm:ss]}` after every move.

use std::time::Duration;

use annabella_rules::{ClockTime, pgn::PgnWriter};

use crate::Table;

/// `h:mm:ss` as in `[%clk 1:29:55]` (rounded down to the second): [`ClockTime::hms`].
pub fn clk(d: Duration) -> String {
    ClockTime(d).hms()
}

pub(crate) fn write(table: &Table) -> String {
    let config = table.config();
    let ev = &config.event;
    let end = table.end();
    let result = end.map_or("*", |e| e.result.as_str());
    let mut pgn = PgnWriter::new();
    // The seven-tag roster first (PGN standard 8.1.1), then ours.
    for (name, value) in [
        ("Event", ev.event.as_str()),
        ("Site", &ev.site),
        ("Date", &ev.date),
        ("Round", &ev.round),
        ("White", &ev.white),
        ("Black", &ev.black),
        ("Result", result),
    ] {
        pgn.tag(name, value);
    }
    pgn.tag("TimeControl", &config.time_control.to_string());
    pgn.tag(
        "Termination",
        end.map_or("unterminated", |e| e.pgn_termination.as_str()),
    );
    for (name, value) in &ev.tags {
        pgn.tag(name, value);
    }
    let start = table.start_position();
    if config.start_fen.is_some() || config.chess960 {
        pgn.setup_tags(start, config.chess960);
    }
    let offers = table.draw_offers();
    pgn.moves(
        start,
        table.records().iter().map(|r| {
            let mut comments = vec![format!("[%clk {}]", clk(r.clock))];
            if offers.contains(&r.ply) {
                // 9.1.2.2: the draw offer, as a comment (a bare "(" would open a variation).
                comments.push("(=)".to_owned());
            }
            (r.san.as_str(), comments)
        }),
    );
    pgn.finish(result)
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
