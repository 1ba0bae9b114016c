//! Writing a round's results into the file: the round's result columns and the points
//! column of each player at a board; every other byte stays.

use annabella_rules::{GameResult, shakmaty::Color};

use crate::player::{POINTS, RESULT, round_column};
use crate::{ByeKind, Pairing, Trf, TrfError};

/// A round's result at a pairing: a game played to its result (the rules'
/// [`GameResult`]), a pairing decided by forfeit (its winner; none for a double forfeit),
/// or a game not finished yet (PGN `*`), which is never written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundResult {
    /// A played game's result.
    Played(GameResult),
    /// Decided by forfeit: `winner` came, the other did not (`+`/`-`); `None`: neither
    /// came (a double forfeit, `-`/`-`).
    Forfeit {
        /// Who wins by forfeit.
        winner: Option<Color>,
    },
    /// `*`: not finished; nothing is written for it.
    Unfinished,
}

/// Text that is no game result, as read from a PGN Result tag.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a result (1-0, 0-1, 1/2-1/2 or *)")]
pub struct ParseResultError {
    /// The text, trimmed.
    pub text: String,
}

impl std::str::FromStr for RoundResult {
    type Err = ParseResultError;
    /// A PGN result: the rules' (`1-0`, `0-1`, `1/2-1/2`, `½-½`) or `*`.
    fn from_str(s: &str) -> Result<RoundResult, ParseResultError> {
        match s.trim() {
            "*" => Ok(RoundResult::Unfinished),
            other => other
                .parse::<GameResult>()
                .map(RoundResult::Played)
                .map_err(|_| ParseResultError {
                    text: other.to_owned(),
                }),
        }
    }
}

impl RoundResult {
    /// White's and Black's result characters in a TRF round column.
    pub fn characters(self) -> (char, char) {
        match self {
            RoundResult::Played(GameResult::WhiteWins) => ('1', '0'),
            RoundResult::Played(GameResult::BlackWins) => ('0', '1'),
            RoundResult::Played(GameResult::Draw) => ('=', '='),
            RoundResult::Forfeit {
                winner: Some(Color::White),
            } => ('+', '-'),
            RoundResult::Forfeit {
                winner: Some(Color::Black),
            } => ('-', '+'),
            RoundResult::Forfeit { winner: None } => ('-', '-'),
            RoundResult::Unfinished => (' ', ' '),
        }
    }

    /// The result a round's two result characters hold (White's, Black's), if any.
    pub fn from_characters(white: char, black: char) -> Option<RoundResult> {
        let result = match (white.to_ascii_uppercase(), black.to_ascii_uppercase()) {
            ('1' | 'W', '0' | 'L') => RoundResult::Played(GameResult::WhiteWins),
            ('0' | 'L', '1' | 'W') => RoundResult::Played(GameResult::BlackWins),
            ('=' | 'D', '=' | 'D') => RoundResult::Played(GameResult::Draw),
            ('+', _) => RoundResult::Forfeit {
                winner: Some(Color::White),
            },
            (_, '+') => RoundResult::Forfeit {
                winner: Some(Color::Black),
            },
            ('-', '-') => RoundResult::Forfeit { winner: None },
            _ => return None,
        };
        Some(result)
    }

    /// The same result won by forfeit (a decisive result; a draw or an unfinished game
    /// stays as it is).
    #[must_use]
    pub fn by_forfeit(self) -> RoundResult {
        match self {
            RoundResult::Played(r) if r.winner().is_some() => {
                RoundResult::Forfeit { winner: r.winner() }
            }
            other => other,
        }
    }

    /// The result as a listing and PGN name it: `1-0`, `0-1`, `1/2-1/2`, `*`, and a
    /// double forfeit `0-0` (neither player scores).
    pub fn as_str(self) -> &'static str {
        match self {
            RoundResult::Played(r) => r.as_str(),
            RoundResult::Forfeit {
                winner: Some(Color::White),
            } => "1-0",
            RoundResult::Forfeit {
                winner: Some(Color::Black),
            } => "0-1",
            RoundResult::Forfeit { winner: None } => "0-0",
            RoundResult::Unfinished => "*",
        }
    }
}

impl std::fmt::Display for RoundResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())?;
        if matches!(self, RoundResult::Forfeit { .. }) {
            f.write_str(" by forfeit")?;
        }
        Ok(())
    }
}

/// A board whose result `--results` did not write, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeftOut {
    /// The board.
    pub board: u32,
    /// Why nothing was written.
    pub why: LeftOutWhy,
}

/// Why a board's result was not written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeftOutWhy {
    /// The game is not finished (`*`).
    Unfinished,
    /// The file has a result for this board already (kept as it is).
    InFile {
        /// The file's result.
        has: RoundResult,
        /// The result given.
        given: RoundResult,
    },
    /// No result was given for the board (no game in the round's PGN).
    NoGame,
}

impl std::fmt::Display for LeftOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.why {
            LeftOutWhy::Unfinished => write!(f, "board {}: the game is not finished", self.board),
            LeftOutWhy::InFile { has, given } if has == given => {
                write!(f, "board {}: the file has {has} already", self.board)
            }
            LeftOutWhy::InFile { has, given } => write!(
                f,
                "board {}: the file has {has}, the game says {given}; the file's is kept",
                self.board
            ),
            LeftOutWhy::NoGame => write!(f, "board {}: no game of the board", self.board),
        }
    }
}

/// What writing a round's results made: the file's new bytes, the boards written and the
/// boards left as they were.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// The whole file with the results.
    pub bytes: Vec<u8>,
    /// The boards whose results were written, in board order.
    pub boards: Vec<u32>,
    /// The boards of the round whose results were not written, in board order.
    pub left_out: Vec<LeftOut>,
}

/// One change: replace the bytes `at..at + len` by `with`.
struct Edit {
    at: usize,
    len: usize,
    with: Vec<u8>,
}

impl Trf {
    /// Round `round`'s results at the given boards (board number → result) written into
    /// both players' result columns and points columns. A board not listed, a game not
    /// finished (`*`) and a board whose columns hold a result already keep their bytes
    /// and are named in [`Written::left_out`]. The round's forfeits and byes keep the
    /// codes their pairing names (`+`/`-`, `H`, `F`, `U`, `Z`, …) and are counted in the
    /// points: a player's points become the sum of their results when the column says
    /// otherwise (a pairing program that wrote a bye before counting it). Everything else
    /// is kept byte for byte.
    ///
    /// # Errors
    /// A board the round does not have, or one that the file decides by forfeit.
    pub fn with_results(
        &self,
        round: u32,
        results: &[(u32, RoundResult)],
    ) -> Result<Written, TrfError> {
        let boards = self.boards_of(round)?;
        let mut edits = Vec::new();
        let mut written = Vec::new();
        let mut left_out = Vec::new();
        for &(number, result) in results {
            let board = boards
                .iter()
                .find(|b| b.number == number)
                .ok_or(TrfError::NoSuch {
                    round,
                    what: format!(
                        "no board {number} to play (the round has {} pairings)",
                        self.pairings_of(round)?.len()
                    ),
                })?;
            if result == RoundResult::Unfinished {
                left_out.push(LeftOut {
                    board: number,
                    why: LeftOutWhy::Unfinished,
                });
                continue;
            }
            let column = |rank: u32| {
                self.player(rank)
                    .and_then(|p| p.rounds.get(round as usize - 1))
                    .map_or(' ', |e| e.result)
            };
            let has = (column(board.white.rank), column(board.black.rank));
            if has != (' ', ' ') {
                let has = RoundResult::from_characters(has.0, has.1).unwrap_or(result);
                left_out.push(LeftOut {
                    board: number,
                    why: LeftOutWhy::InFile { has, given: result },
                });
                continue;
            }
            let (white, black) = result.characters();
            for (rank, ch) in [(board.white.rank, white), (board.black.rank, black)] {
                self.result_edits(rank, round, ch, &mut edits)?;
            }
            written.push(number);
        }
        for b in &boards {
            if !results.iter().any(|(n, _)| *n == b.number) {
                left_out.push(LeftOut {
                    board: b.number,
                    why: LeftOutWhy::NoGame,
                });
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
        written.sort_unstable();
        left_out.sort_by_key(|l| l.board);
        Ok(Written {
            bytes: out,
            boards: written,
            left_out,
        })
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
