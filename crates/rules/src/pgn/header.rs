//! The tags before a game's moves: the one header of every PGN annabella writes (the
//! table's records, the hall's round PGN, the LiveChess files), with the PGN standard's
//! forms for what is not known: `?` for a name, an event, a site or a round,
//! `????.??.??` for the date (8.1.1.3), `*` for a game not over and `Termination
//! "unterminated"` for it (9.8.1).

use super::PgnWriter;
use crate::GameResult;

/// The PGN standard's date of an unknown day.
pub const UNKNOWN_DATE: &str = "????.??.??";

/// A player as the tags name them; every field may be unknown.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PgnPlayer {
    /// The name as the pairing lists it (`Last, First`).
    pub name: Option<String>,
    /// The FIDE title (`GM`, `WIM`, …).
    pub title: Option<String>,
    /// The rating.
    pub elo: Option<u32>,
    /// The FIDE id.
    pub fide_id: Option<u64>,
    /// The federation (three letters).
    pub federation: Option<String>,
}

/// Everything a game's tags say about the day, the players and the end.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PgnHeader {
    /// `Event`.
    pub event: Option<String>,
    /// `Site`.
    pub site: Option<String>,
    /// `Date`, `YYYY.MM.DD` (parts may be `??`).
    pub date: Option<String>,
    /// `Round` (`3`, `3.2`, `-` when not a tournament's).
    pub round: Option<String>,
    /// `Board`, after the round (a board number, or the hall's table).
    pub board: Option<String>,
    /// White.
    pub white: PgnPlayer,
    /// Black.
    pub black: PgnPlayer,
    /// The result; `None`: not over (`*`).
    pub result: Option<GameResult>,
    /// `TimeControl` in PGN form (`5400+30`).
    pub time_control: Option<String>,
    /// `Termination` of a finished game (`normal`, `time forfeit`, …); a game not over is
    /// `unterminated`.
    pub termination: Option<String>,
    /// `Arbiter`: the arbiter of the table.
    pub arbiter: Option<String>,
}

/// `Some(text)` unless `text` is empty or one of the PGN standard's unknown forms (`?`,
/// `????.??.??`): what a page or a scoresheet shows only when it is known.
///
/// ```
/// use annabella_rules::pgn::known;
/// assert_eq!(known("?"), None);
/// assert_eq!(known(" ????.??.?? "), None);
/// assert_eq!(known("Club Open"), Some("Club Open".to_owned()));
/// ```
pub fn known(text: &str) -> Option<String> {
    let text = text.trim();
    (!(text.is_empty() || text == "?" || text == UNKNOWN_DATE)).then(|| text.to_owned())
}

/// The PGN date (`YYYY.MM.DD`, UTC) of an instant given as seconds since the Unix epoch:
/// the day of play of a game that starts then.
///
/// ```
/// assert_eq!(annabella_rules::pgn::date_of_unix_seconds(0), "1970.01.01");
/// assert_eq!(annabella_rules::pgn::date_of_unix_seconds(1_780_000_000), "2026.05.28");
/// ```
pub fn date_of_unix_seconds(seconds: u64) -> String {
    // Days to the civil date (H. Hinnant's algorithm, proleptic Gregorian).
    let z = i64::try_from(seconds / 86_400).unwrap_or(i64::MAX / 2) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

impl PgnHeader {
    /// The result marker: `1-0`, `0-1`, `1/2-1/2`, or `*` for a game not over.
    pub fn result_text(&self) -> &'static str {
        self.result.map_or("*", GameResult::as_str)
    }

    /// Writes the tags: the seven-tag roster in its order (an unknown value in the
    /// standard's form), `Board`, each player's title, rating, FIDE id and federation
    /// that is known, `TimeControl`, `Termination` and `Arbiter`.
    ///
    /// ```
    /// use annabella_rules::pgn::{PgnHeader, PgnWriter};
    /// let mut pgn = PgnWriter::new();
    /// PgnHeader { event: Some("Club Open".into()), ..PgnHeader::default() }.write(&mut pgn);
    /// let text = pgn.finish("*");
    /// assert!(text.starts_with("[Event \"Club Open\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[Termination \"unterminated\"]\n"), "{text}");
    /// ```
    pub fn write(&self, pgn: &mut PgnWriter) {
        let or = |value: &Option<String>, unknown: &str| {
            value
                .as_deref()
                .and_then(known)
                .unwrap_or_else(|| unknown.to_owned())
        };
        pgn.tag("Event", &or(&self.event, "?"));
        pgn.tag("Site", &or(&self.site, "?"));
        pgn.tag("Date", &or(&self.date, UNKNOWN_DATE));
        pgn.tag("Round", &or(&self.round, "?"));
        if let Some(board) = self.board.as_deref().and_then(known) {
            pgn.tag("Board", &board);
        }
        pgn.tag("White", &or(&self.white.name, "?"));
        pgn.tag("Black", &or(&self.black.name, "?"));
        pgn.tag("Result", self.result_text());
        for (side, player) in [("White", &self.white), ("Black", &self.black)] {
            if let Some(title) = player.title.as_deref().and_then(known) {
                pgn.tag(&format!("{side}Title"), &title);
            }
            if let Some(elo) = player.elo {
                pgn.tag(&format!("{side}Elo"), &elo.to_string());
            }
            if let Some(id) = player.fide_id {
                pgn.tag(&format!("{side}FideId"), &id.to_string());
            }
            if let Some(federation) = player.federation.as_deref().and_then(known) {
                pgn.tag(&format!("{side}Federation"), &federation);
            }
        }
        if let Some(tc) = self.time_control.as_deref().and_then(known) {
            pgn.tag("TimeControl", &tc);
        }
        match (self.result, self.termination.as_deref().and_then(known)) {
            // A game that ended without a result says why (an online game aborted).
            (None, Some(termination)) => pgn.tag("Termination", &termination),
            (None, None) => pgn.tag("Termination", "unterminated"),
            (Some(_), Some(termination)) => pgn.tag("Termination", &termination),
            (Some(_), None) => {}
        }
        if let Some(arbiter) = self.arbiter.as_deref().and_then(known) {
            pgn.tag("Arbiter", &arbiter);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::read_games;

    #[test]
    fn a_tournament_game_carries_the_day_and_reads_back() {
        let header = PgnHeader {
            event: Some("Club Open".into()),
            site: Some("Vilnius".into()),
            date: Some("2026.12.01".into()),
            round: Some("2.3".into()),
            board: Some("3".into()),
            white: PgnPlayer {
                name: Some("Šimkutė, Rūta".into()),
                title: Some("WIM".into()),
                elo: Some(2300),
                fide_id: Some(1_200_002),
                federation: Some("LTU".into()),
            },
            black: PgnPlayer {
                name: Some("Carl, C".into()),
                ..PgnPlayer::default()
            },
            result: Some(GameResult::BlackWins),
            time_control: Some("5400+30".into()),
            termination: Some("normal".into()),
            arbiter: Some("Ona Arbitrė".into()),
        };
        let mut pgn = PgnWriter::new();
        header.write(&mut pgn);
        let text = pgn.finish(header.result_text());
        let game = read_games(&text).remove(0).expect("reads back");
        let tags: Vec<(&str, &str)> = game
            .tags
            .iter()
            .map(|t| (t.name.as_str(), t.value.as_str()))
            .collect();
        assert_eq!(
            tags,
            [
                ("Event", "Club Open"),
                ("Site", "Vilnius"),
                ("Date", "2026.12.01"),
                ("Round", "2.3"),
                ("Board", "3"),
                ("White", "Šimkutė, Rūta"),
                ("Black", "Carl, C"),
                ("Result", "0-1"),
                ("WhiteTitle", "WIM"),
                ("WhiteElo", "2300"),
                ("WhiteFideId", "1200002"),
                ("WhiteFederation", "LTU"),
                ("TimeControl", "5400+30"),
                ("Termination", "normal"),
                ("Arbiter", "Ona Arbitrė"),
            ]
        );
    }

    #[test]
    fn unknown_values_take_the_standards_forms_and_an_empty_text_is_unknown() {
        let header = PgnHeader {
            event: Some(String::new()),
            date: Some("?".into()),
            white: PgnPlayer {
                name: Some("  ".into()),
                title: Some(String::new()),
                ..PgnPlayer::default()
            },
            result: Some(GameResult::Draw),
            ..PgnHeader::default()
        };
        let mut pgn = PgnWriter::new();
        header.write(&mut pgn);
        assert_eq!(
            pgn.finish("1/2-1/2"),
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
             [Black \"?\"]\n[Result \"1/2-1/2\"]\n\n1/2-1/2\n"
        );
    }
}
