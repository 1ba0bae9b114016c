//! The round's results from its games (PGN): each game matched to its board by its
//! `Board` tag, else its `Round` tag `N.K`, else its White and Black names.

use std::collections::BTreeMap;

use annabella_rules::pgn::{PgnGame, read_games};

use crate::{Board, GameResult};

/// Why a round's PGN gives no results.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RoundPgnError {
    /// A game cannot be read.
    #[error("{0}")]
    Pgn(String),
    /// A game's board or result cannot be found, or its board has a game already.
    #[error("line {line}: {why}")]
    Game {
        /// The game's (or its tag's) line.
        line: usize,
        /// What is wrong.
        why: String,
    },
}

/// Why a game has no board of the round.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// The `Board` tag is not a number.
    #[error("Board tag {0:?} is not a number")]
    NotANumber(String),
    /// The `Board` tag names a board the round does not have.
    #[error("no board {number} in the round ({boards} boards)")]
    NoSuchBoard {
        /// The tag's board.
        number: u32,
        /// How many boards the round has.
        boards: usize,
    },
    /// No tag, and no board has these players.
    #[error("no Board tag, and no board of the round has White {white:?} and Black {black:?}")]
    Unmatched {
        /// The game's White.
        white: String,
        /// The game's Black.
        black: String,
    },
}

/// Board number → result of every game of the round's PGN `text`.
///
/// # Errors
/// A game that cannot be read, has no board or no result, or a board with two games.
pub fn results_of(
    text: &str,
    boards: &[&Board],
) -> Result<BTreeMap<u32, GameResult>, RoundPgnError> {
    let mut found: BTreeMap<u32, (GameResult, usize)> = BTreeMap::new();
    for game in read_games(text) {
        let game = game.map_err(|e| RoundPgnError::Pgn(e.to_string()))?;
        let board = board_of(&game, boards).map_err(|e| RoundPgnError::Game {
            line: game.line,
            why: e.to_string(),
        })?;
        let result_text = game
            .tag("Result")
            .or(game.result_marker.as_deref())
            .unwrap_or("*");
        let result = result_text
            .parse::<GameResult>()
            .map_err(|e| RoundPgnError::Game {
                line: game.tag_line("Result").unwrap_or(game.line),
                why: e.to_string(),
            })?;
        if let Some((_, first)) = found.insert(board, (result, game.line)) {
            return Err(RoundPgnError::Game {
                line: game.line,
                why: format!("board {board} has a game already (line {first})"),
            });
        }
    }
    Ok(found.into_iter().map(|(b, (r, _))| (b, r)).collect())
}

/// The board of a game: its `Board` tag, else its `Round` tag's `N.K`, else the board
/// whose White and Black it names.
///
/// # Errors
/// The `Board` tag is not a board of the round, or no board has the game's players.
pub fn board_of(game: &PgnGame, boards: &[&Board]) -> Result<u32, BoardError> {
    if let Some(tag) = game.tag("Board") {
        let number: u32 = tag
            .trim()
            .parse()
            .map_err(|_| BoardError::NotANumber(tag.to_owned()))?;
        return boards
            .iter()
            .find(|b| b.number == number)
            .map(|b| b.number)
            .ok_or(BoardError::NoSuchBoard {
                number,
                boards: boards.len(),
            });
    }
    // `[Round "N.K"]` (as `annabella init --trf` writes it): board K.
    if let Some((_, board)) = game.tag("Round").and_then(|r| r.trim().split_once('.'))
        && let Ok(number) = board.parse::<u32>()
        && let Some(b) = boards.iter().find(|b| b.number == number)
    {
        return Ok(b.number);
    }
    let same = |a: &str, b: &str| a.trim().eq_ignore_ascii_case(b.trim());
    let (white, black) = (
        game.tag("White").unwrap_or(""),
        game.tag("Black").unwrap_or(""),
    );
    boards
        .iter()
        .find(|b| same(&b.white.name, white) && same(&b.black.name, black))
        .map(|b| b.number)
        .ok_or(BoardError::Unmatched {
            white: white.to_owned(),
            black: black.to_owned(),
        })
}
