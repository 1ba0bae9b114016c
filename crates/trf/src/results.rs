//! Writing a round's results into the file: the round's result columns and the points
//! column of each player at a board; every other byte stays.

use crate::player::{POINTS, RESULT, round_column};
use crate::{ByeKind, Pairing, Trf, TrfError};

/// A game's result as PGN writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: not finished; the result columns are left blank.
    Unfinished,
    /// White wins by forfeit (Black did not play): `+` and `-`.
    WhiteWinsByForfeit,
    /// Black wins by forfeit (White did not play): `-` and `+`.
    BlackWinsByForfeit,
}

/// Text that is no game result, as read from a PGN Result tag.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a result (1-0, 0-1, 1/2-1/2 or *)")]
pub struct ParseResultError {
    /// The text, trimmed.
    pub text: String,
}

impl std::str::FromStr for GameResult {
    type Err = ParseResultError;
    fn from_str(s: &str) -> Result<GameResult, ParseResultError> {
        match s.trim() {
            "1-0" => Ok(GameResult::WhiteWins),
            "0-1" => Ok(GameResult::BlackWins),
            "1/2-1/2" | "½-½" => Ok(GameResult::Draw),
            "*" => Ok(GameResult::Unfinished),
            other => Err(ParseResultError {
                text: other.to_owned(),
            }),
        }
    }
}

impl GameResult {
    /// White's and Black's result characters in a TRF round column.
    pub fn characters(self) -> (char, char) {
        match self {
            GameResult::WhiteWins => ('1', '0'),
            GameResult::BlackWins => ('0', '1'),
            GameResult::Draw => ('=', '='),
            GameResult::Unfinished => (' ', ' '),
            GameResult::WhiteWinsByForfeit => ('+', '-'),
            GameResult::BlackWinsByForfeit => ('-', '+'),
        }
    }

    /// The same result won by forfeit (a decisive result; a draw or an unfinished game
    /// stays as it is).
    #[must_use]
    pub fn by_forfeit(self) -> GameResult {
        match self {
            GameResult::WhiteWins => GameResult::WhiteWinsByForfeit,
            GameResult::BlackWins => GameResult::BlackWinsByForfeit,
            other => other,
        }
    }
}

/// One change: replace the bytes `at..at + len` by `with`.
struct Edit {
    at: usize,
    len: usize,
    with: Vec<u8>,
}

impl Trf {
    /// The file's bytes with round `round`'s results at the given boards (board number →
    /// result) written into both players' result columns and points columns. Boards not
    /// listed keep their bytes. The round's forfeits and byes keep the codes their
    /// pairing names (`+`/`-`, `H`, `F`, `U`, `Z`, …) and are counted in the points: a
    /// player's points become the sum of their results when the column says otherwise
    /// (a pairing program that wrote a bye before counting it). Everything else is kept
    /// byte for byte.
    pub fn with_results(
        &self,
        round: u32,
        results: &[(u32, GameResult)],
    ) -> Result<Vec<u8>, TrfError> {
        let boards = self.boards_of(round)?;
        let mut edits = Vec::new();
        for &(number, result) in results {
            let board = boards
                .iter()
                .find(|b| b.number == number)
                .ok_or(TrfError::NoSuch {
                    round,
                    what: format!("no board {number} (the round has {} boards)", boards.len()),
                })?;
            let (white, black) = result.characters();
            for (rank, ch) in [(board.white.rank, white), (board.black.rank, black)] {
                self.result_edits(rank, round, ch, &mut edits)?;
            }
        }
        for pairing in self.pairings_of(round)? {
            let ranks = match pairing {
                Pairing::Board(_) => continue,
                Pairing::Forfeit(f) => vec![f.white.rank, f.black.rank],
                Pairing::Bye(b) if b.kind == ByeKind::NotPaired => continue,
                Pairing::Bye(b) => vec![b.player.rank],
            };
            for rank in ranks {
                self.counted_edit(rank, &mut edits)?;
            }
        }
        edits.sort_by_key(|e| std::cmp::Reverse(e.at));
        let mut out = self.bytes.clone();
        for edit in edits {
            out.splice(edit.at..edit.at + edit.len, edit.with);
        }
        Ok(out)
    }

    /// The edit that makes `rank`'s points the sum of their results, if they are not.
    fn counted_edit(&self, rank: u32, edits: &mut Vec<Edit>) -> Result<(), TrfError> {
        let player = self.player(rank).expect("a pairing's player has a line");
        let sum: f64 = player
            .rounds
            .iter()
            .map(|r| self.scoring.points(r.result))
            .sum();
        let text = format!("{sum:4.1}");
        if text == format!("{:4.1}", player.points) {
            return Ok(());
        }
        self.points_edit(player, text, edits)
    }

    fn points_edit(
        &self,
        player: &crate::Player,
        text: String,
        edits: &mut Vec<Edit>,
    ) -> Result<(), TrfError> {
        let line = self.lines[player.line - 1];
        let at = line
            .byte_of_column(&self.bytes, POINTS.0)
            .ok_or(TrfError::BadField {
                line: player.line,
                field: "points",
                text: String::new(),
            })?;
        if text.len() != POINTS.1 - POINTS.0 {
            return Err(TrfError::BadField {
                line: player.line,
                field: "points",
                text,
            });
        }
        edits.push(Edit {
            at,
            len: POINTS.1 - POINTS.0,
            with: text.into_bytes(),
        });
        Ok(())
    }

    /// The edits that put `ch` in `rank`'s result column of `round` and adjust the points.
    fn result_edits(
        &self,
        rank: u32,
        round: u32,
        ch: char,
        edits: &mut Vec<Edit>,
    ) -> Result<(), TrfError> {
        let player = self.player(rank).expect("a board's player has a line");
        let line = self.lines[player.line - 1];
        let old = player.rounds[round as usize - 1].result;
        let column = round_column(round) + RESULT;
        match line.byte_of_column(&self.bytes, column) {
            Some(at) => edits.push(Edit {
                at,
                len: 1,
                with: vec![ch as u8],
            }),
            None => {
                // The line ends before the result column (a trailing blank cut off).
                let have = line.text(&self.bytes).chars().count();
                let mut with = vec![b' '; column - have];
                with.push(ch as u8);
                edits.push(Edit {
                    at: line.end,
                    len: 0,
                    with,
                });
            }
        }
        if old != ch {
            let points = player.points - self.scoring.points(old) + self.scoring.points(ch);
            self.points_edit(player, format!("{points:4.1}"), edits)?;
        }
        Ok(())
    }
}
