//! The round's results from its games (PGN): each game matched to its board by its
//! `Board` tag, else its `Round` tag `N.K`, else its White and Black names.

use std::collections::BTreeMap;

use annabella_rules::pgn::{PgnGame, read_games};

use crate::{Board, Forfeit, RoundResult};

/// Why a round's PGN gives no results.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RoundPgnError {
    /// A game cannot be read.
    #[error("{0}")]
    Pgn(#[source] annabella_rules::pgn::PgnSyntaxError),
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
    /// The board found by number has other players than the game names.
    #[error("board {number} is {board_white} – {board_black}, the game is {white} – {black}")]
    OtherPlayers {
        /// The board.
        number: u32,
        /// The board's White.
        board_white: String,
        /// The board's Black.
        board_black: String,
        /// The game's White.
        white: String,
        /// The game's Black.
        black: String,
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

/// Whether a game was won by forfeit: its `Termination` tag says `forfeit`, or it has
/// a decisive result and no move. (A game lost on time, `time forfeit`, was played.)
pub fn is_forfeit(game: &PgnGame) -> bool {
    game.tag("Termination")
        .is_some_and(|t| t.trim().eq_ignore_ascii_case("forfeit"))
        || game.moves.is_empty()
}

/// Board number → result of every game of the round's PGN `text` (an unfinished game
/// as [`RoundResult::Unfinished`]). A game between the players of one of the file's
/// `forfeits` (its result written before) is left out when its result is the one
/// written.
///
/// # Errors
/// A game that cannot be read, has no board or no result, whose `Result` tag disagrees
/// with its movetext's termination marker, contradicts a forfeit of the file, or a
/// board with two games.
pub fn results_of(
    text: &str,
    boards: &[&Board],
    forfeits: &[&Forfeit],
) -> Result<BTreeMap<u32, RoundResult>, RoundPgnError> {
    results_of_round(text, None, boards, forfeits).map(|(found, _)| found)
}

/// As [`results_of`], for round `round` when given: a game whose `Round` tag names
/// another round (`N` or `N.K`) is of that round, not this one, and is left out; each
/// left out is named in the list returned beside the results (a hall's round file holds
/// the last game of every table, and a table without a game this round still shows the
/// last round's).
///
/// # Errors
/// As [`results_of`].
pub fn results_of_round(
    text: &str,
    round: Option<u32>,
    boards: &[&Board],
    forfeits: &[&Forfeit],
) -> Result<(BTreeMap<u32, RoundResult>, Vec<OtherRound>), RoundPgnError> {
    let mut found: BTreeMap<u32, (RoundResult, usize)> = BTreeMap::new();
    let mut other_rounds = Vec::new();
    for game in read_games(text) {
        let game = game.map_err(RoundPgnError::Pgn)?;
        if let (Some(wanted), Some(played)) = (round, round_of(&game))
            && wanted != played
        {
            let tag = |t| {
                game.tag(t)
                    .map(str::trim)
                    .filter(|v| !v.is_empty() && *v != "?")
                    .map(str::to_owned)
            };
            other_rounds.push(OtherRound {
                white: tag("White"),
                black: tag("Black"),
                board: tag("Board").or(tag("Round")),
                line: game.line,
                round: played,
            });
            continue;
        }
        let result_text = game
            .tag("Result")
            .or(game.result_marker.as_deref())
            .unwrap_or("*");
        let parse = |text: &str, line: usize| {
            text.parse::<RoundResult>()
                .map_err(|e| RoundPgnError::Game {
                    line,
                    why: format!("{}: {e}", game_name(&game)),
                })
        };
        let tag_line = game.tag_line("Result").unwrap_or(game.line);
        let mut result = parse(result_text, tag_line)?;
        if let Some(marker) = game.result_marker.as_deref() {
            let after_moves = parse(marker, game.moves.last().map_or(game.line, |m| m.line))?;
            if after_moves != result {
                return Err(RoundPgnError::Game {
                    line: tag_line,
                    why: format!(
                        "{}: the Result tag says {result_text}, the moves end {marker}; \
                         correct the game before its result is written",
                        game_name(&game)
                    ),
                });
            }
        }
        if is_forfeit(&game) {
            result = result.by_forfeit();
        }
        if let Some(f) = written_forfeit(&game, forfeits) {
            if f.result().characters() == result.characters() || result == RoundResult::Unfinished {
                continue;
            }
            return Err(RoundPgnError::Game {
                line: game.line,
                why: format!(
                    "{} – {} is a forfeit ({}) in the TRF file, the game says {result_text}",
                    f.white.name,
                    f.black.name,
                    f.result(),
                ),
            });
        }
        let board = board_of(&game, boards).map_err(|e| RoundPgnError::Game {
            line: game.line,
            why: e.to_string(),
        })?;
        if let Some((_, first)) = found.insert(board, (result, game.line)) {
            return Err(RoundPgnError::Game {
                line: game.line,
                why: format!("board {board} has a game already (line {first})"),
            });
        }
    }
    Ok((
        found.into_iter().map(|(b, (r, _))| (b, r)).collect(),
        other_rounds,
    ))
}

/// The round `N` a game's `Round` tag names (`N` or `N.K`); `None` when it names none.
fn round_of(game: &PgnGame) -> Option<u32> {
    game.tag("Round")?.trim().split('.').next()?.parse().ok()
}

/// A game of the round's PGN that is of another round (by its `Round` tag): left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OtherRound {
    /// Its White tag, if any.
    pub white: Option<String>,
    /// Its Black tag, if any.
    pub black: Option<String>,
    /// Its `Board` tag, else its `Round` tag, if any.
    pub board: Option<String>,
    /// The line its tags begin on.
    pub line: usize,
    /// The round it is of.
    pub round: u32,
}

impl std::fmt::Display for OtherRound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the game {} – {}",
            self.white.as_deref().unwrap_or("(no White)"),
            self.black.as_deref().unwrap_or("(no Black)")
        )?;
        if let Some(board) = &self.board {
            write!(f, " ({board})")?;
        }
        write!(f, " (line {}) is of round {}", self.line, self.round)
    }
}

/// A game as an error names it: `White – Black` (and its `Board` or `Round` tag).
fn game_name(game: &PgnGame) -> String {
    let tag = |t| {
        game.tag(t)
            .map(str::trim)
            .filter(|v| !v.is_empty() && *v != "?")
    };
    let mut name = format!(
        "the game {} – {}",
        tag("White").unwrap_or("(no White)"),
        tag("Black").unwrap_or("(no Black)")
    );
    if let Some(board) = tag("Board").or(tag("Round")) {
        name.push_str(&format!(" ({board})"));
    }
    name
}

fn same_name(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

/// The game's White and Black, when it names them.
fn named_players(game: &PgnGame) -> Option<(&str, &str)> {
    let name = |tag| {
        game.tag(tag)
            .filter(|n| !n.trim().is_empty() && n.trim() != "?")
    };
    Some((name("White")?, name("Black")?))
}

/// The file's forfeit between the game's two players (its result written before).
fn written_forfeit<'a>(game: &PgnGame, forfeits: &[&'a Forfeit]) -> Option<&'a Forfeit> {
    let (white, black) = named_players(game)?;
    forfeits
        .iter()
        .find(|f| same_name(&f.white.name, white) && same_name(&f.black.name, black))
        .copied()
}

/// The board of a game: its `Board` tag, else its `Round` tag's `N.K`, else the board
/// whose White and Black it names. A board found by number must have the players the
/// game names (when it names them); the hall's `Board` tag is the table's name, so a
/// `Round` tag `N.K` whose board has them is taken before refusing.
///
/// # Errors
/// The `Board` tag is not a board of the round, the board has other players, or no
/// board has the game's players.
pub fn board_of(game: &PgnGame, boards: &[&Board]) -> Result<u32, BoardError> {
    let checked = |b: &Board| match named_players(game) {
        Some((white, black))
            if !(same_name(&b.white.name, white) && same_name(&b.black.name, black)) =>
        {
            Err(BoardError::OtherPlayers {
                number: b.number,
                board_white: b.white.name.clone(),
                board_black: b.black.name.clone(),
                white: white.to_owned(),
                black: black.to_owned(),
            })
        }
        _ => Ok(b.number),
    };
    // `[Round "N.K"]` (as `annabella init --trf` writes it): board K.
    let by_round = game
        .tag("Round")
        .and_then(|r| r.trim().split_once('.'))
        .and_then(|(_, k)| k.parse::<u32>().ok())
        .and_then(|k| boards.iter().find(|b| b.number == k));
    if let Some(tag) = game.tag("Board") {
        let number: u32 = tag
            .trim()
            .parse()
            .map_err(|_| BoardError::NotANumber(tag.to_owned()))?;
        let by_tag = boards
            .iter()
            .find(|b| b.number == number)
            .ok_or(BoardError::NoSuchBoard {
                number,
                boards: boards.len(),
            })
            .and_then(|b| checked(b));
        return match (by_tag, by_round.map(|b| checked(b))) {
            (Err(_), Some(Ok(k))) => Ok(k),
            (outcome, _) => outcome,
        };
    }
    if let Some(b) = by_round {
        return checked(b);
    }
    let (white, black) = (
        game.tag("White").unwrap_or(""),
        game.tag("Black").unwrap_or(""),
    );
    boards
        .iter()
        .find(|b| same_name(&b.white.name, white) && same_name(&b.black.name, black))
        .map(|b| b.number)
        .ok_or(BoardError::Unmatched {
            white: white.to_owned(),
            black: black.to_owned(),
        })
}
