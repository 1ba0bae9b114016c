//! The scoresheet as PGN, written by the one PGN writer of `annabella-rules`: the seven-tag roster, `TimeControl`, `Termination`, the start
//! position when it is not the standard one, and `{[%clk h:mm:ss]}` after every move.

use std::time::Duration;

use annabella_rules::{
    ClockTime,
    pgn::{PgnHeader, PgnPlayer, PgnWriter},
};

use crate::{GameEnd, PlayerDetails, Table, TableConfig};

/// The game's tags: the day and the players from the table's [`crate::Event`], the time
/// control and how the game ended.
pub fn header(config: &TableConfig, end: Option<&GameEnd>) -> PgnHeader {
    let ev = &config.event;
    let player = |name: &str, details: &Option<PlayerDetails>| {
        let d = details.clone().unwrap_or_default();
        PgnPlayer {
            name: Some(name.to_owned()),
            title: d.title,
            elo: d.rating,
            fide_id: d.fide_id,
            federation: d.federation,
        }
    };
    PgnHeader {
        event: Some(ev.event.clone()),
        site: Some(ev.site.clone()),
        date: Some(ev.date.clone()),
        round: Some(ev.round.clone()),
        board: ev.board.clone(),
        white: player(&ev.white, &ev.white_player),
        black: player(&ev.black, &ev.black_player),
        result: end.map(|e| e.result),
        time_control: Some(config.time_control.to_string()),
        termination: end.map(|e| e.pgn_termination.clone()),
        arbiter: ev.arbiter.clone(),
    }
}

/// `h:mm:ss` as in `[%clk 1:29:55]` (rounded down to the second): [`ClockTime::hms`].
pub fn clk(d: Duration) -> String {
    ClockTime(d).hms()
}

pub(crate) fn write(table: &Table) -> String {
    let config = table.config();
    let end = table.end();
    let mut header = header(config, end);
    if table.aborted() {
        // An online game its server aborted: no result, and the reason said.
        header.termination = Some("aborted".to_owned());
    }
    let result = header.result_text();
    let mut pgn = PgnWriter::new();
    header.write(&mut pgn);
    for (name, value) in &config.event.tags {
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
