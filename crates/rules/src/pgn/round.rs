//! The `Round` tag as a number: `N` (round N) or `N.K` (board K of round N, what a
//! pairing program's table writes). A number from outside sizes work (the hall's
//! LiveChess tree has a folder per round and a file per board), so both are bounded:
//! by the pairing program's file where there is one, else by [`MAX_ROUND`] and
//! [`MAX_BOARD`].

/// The most rounds of a tournament where no pairing program's file says otherwise
/// (a Swiss of 99 rounds is unheard of; the longest round robins have 30 or so).
pub const MAX_ROUND: u32 = 99;

/// The most boards of a round where no pairing program's file says otherwise (an
/// Olympiad round has fewer than 1,000).
pub const MAX_BOARD: u32 = 1000;

/// A `Round` tag read as numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundNumber {
    /// The round, from 1.
    pub round: u32,
    /// The board, from 1, when the tag is `N.K`.
    pub board: Option<u32>,
}

/// A `Round` tag whose numbers are beyond any tournament's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AbsurdRound {
    /// The round is beyond the limit.
    #[error("round {given} is beyond the last round ({limit})")]
    Round {
        /// The round as given (at most 20 characters of it).
        given: String,
        /// The last round there may be.
        limit: u32,
    },
    /// The board is beyond the limit.
    #[error("board {given} is beyond the last board of the round ({limit})")]
    Board {
        /// The board as given (at most 20 characters of it).
        given: String,
        /// The last board there may be.
        limit: u32,
    },
}

impl RoundNumber {
    /// Reads `tag` (`"3"`, `"3.12"`) within `max_round` rounds and `max_board` boards;
    /// `Ok(None)` for a tag that is no number (`?`, `-`, `Final`, `0`).
    ///
    /// # Errors
    /// A round or board beyond the limits (also one too long for a number).
    ///
    /// # Examples
    ///
    /// ```
    /// use annabella_rules::pgn::{MAX_BOARD, MAX_ROUND, RoundNumber};
    /// let read = |t| RoundNumber::read(t, MAX_ROUND, MAX_BOARD);
    /// assert_eq!(read("3.12").unwrap(), Some(RoundNumber { round: 3, board: Some(12) }));
    /// assert_eq!(read("?").unwrap(), None);
    /// assert!(read("1.4000000000").is_err());
    /// ```
    pub fn read(tag: &str, max_round: u32, max_board: u32) -> Result<Option<Self>, AbsurdRound> {
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        let given = |s: &str| s.chars().take(20).collect::<String>();
        let within = |s: &str, limit: u32| {
            s.parse::<u32>()
                .ok()
                .filter(|&n| n <= limit)
                .ok_or_else(|| given(s))
        };
        let tag = tag.trim();
        let (n, k) = match tag.split_once('.') {
            Some((n, k)) if digits(n) && digits(k) => (n, Some(k)),
            None if digits(tag) => (tag, None),
            _ => return Ok(None),
        };
        let round = within(n, max_round).map_err(|given| AbsurdRound::Round {
            given,
            limit: max_round,
        })?;
        let board = k
            .map(|k| {
                within(k, max_board).map_err(|given| AbsurdRound::Board {
                    given,
                    limit: max_board,
                })
            })
            .transpose()?;
        if round == 0 || board == Some(0) {
            return Ok(None);
        }
        Ok(Some(RoundNumber { round, board }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_and_boards_beyond_any_tournament_are_absurd() {
        let read = |t| RoundNumber::read(t, MAX_ROUND, MAX_BOARD);
        assert_eq!(
            read("1.20000"),
            Err(AbsurdRound::Board {
                given: "20000".into(),
                limit: MAX_BOARD
            })
        );
        assert_eq!(
            read("4000000000000000000000000.1"),
            Err(AbsurdRound::Round {
                given: "40000000000000000000".into(),
                limit: MAX_ROUND
            })
        );
        assert_eq!(
            read("99.1000").unwrap(),
            Some(RoundNumber {
                round: 99,
                board: Some(1000)
            })
        );
        assert_eq!(
            read("7").unwrap(),
            Some(RoundNumber {
                round: 7,
                board: None
            })
        );
        for none in ["", "-", "?", "Final", "0", "1.0", "1.x", "1.2.3"] {
            assert_eq!(read(none).unwrap(), None, "{none:?}");
        }
        assert!(RoundNumber::read("3.5", 2, 10).is_err(), "a roster's bound");
        assert!(RoundNumber::read("2.11", 2, 10).is_err());
    }
}
