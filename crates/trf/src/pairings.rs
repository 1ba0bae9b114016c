//! A round's pairings from the player lines: boards, forfeits and byes.
//!
//! Board order, as the pairing programs number boards (FIDE C.04.2 and bbpPairings'
//! output): the pair whose higher score before the round is higher comes first, then the
//! higher sum of the two scores, then the pair holding the better (lower) start rank.
//! A pairing the file decides by forfeit was paired as a board and keeps its number
//! there: the boards are numbered as the posted pairing list numbers them.

use annabella_rules::shakmaty::Color;

use crate::{Player, Scoring, Trf, TrfError};

/// A player as a pairing names them.
#[derive(Debug, Clone, PartialEq)]
pub struct Seat {
    /// Start rank.
    pub rank: u32,
    /// Name as written.
    pub name: String,
    /// FIDE title, empty when none.
    pub title: String,
    /// Federation, empty when none.
    pub federation: String,
    /// FIDE id, if given.
    pub fide_id: Option<u64>,
    /// Rating, if given.
    pub rating: Option<u32>,
}

impl From<&Player> for Seat {
    fn from(p: &Player) -> Seat {
        Seat {
            rank: p.rank,
            name: p.name.clone(),
            title: p.title.clone(),
            federation: p.federation.clone(),
            fide_id: p.fide_id,
            rating: p.rating,
        }
    }
}

/// A game to be played at a board.
#[derive(Debug, Clone, PartialEq)]
pub struct Board {
    /// The board number, from 1.
    pub number: u32,
    /// White.
    pub white: Seat,
    /// Black.
    pub black: Seat,
}

/// A pairing decided by forfeit (`+`/`-` with an opponent, or `-`/`-` when neither
/// came): no game is played at its board.
#[derive(Debug, Clone, PartialEq)]
pub struct Forfeit {
    /// The board number the pairing list gives it, from 1.
    pub number: u32,
    /// The player who had White.
    pub white: Seat,
    /// The player who had Black.
    pub black: Seat,
    /// Who wins by forfeit; `None`: a double forfeit (neither player came, neither scores).
    pub winner: Option<Color>,
}

impl Forfeit {
    /// The forfeit as a round's result.
    pub fn result(&self) -> crate::RoundResult {
        crate::RoundResult::Forfeit {
            winner: self.winner,
        }
    }
}

/// Why a player has no game in the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ByeKind {
    /// `H`: a half-point bye.
    HalfPoint,
    /// `F`: a full-point bye.
    FullPoint,
    /// `U`: the pairing-allocated bye.
    PairingAllocated,
    /// `+` without an opponent: a win by forfeit.
    ForfeitWin,
    /// `Z`, `-`, `0` or blank without an opponent: no game, no point.
    ZeroPoint,
    /// The player's line has no entry for the round.
    NotPaired,
}

/// A player without a game in the round.
#[derive(Debug, Clone, PartialEq)]
pub struct Bye {
    /// The player.
    pub player: Seat,
    /// Which bye.
    pub kind: ByeKind,
}

/// One pairing of a round.
#[derive(Debug, Clone, PartialEq)]
pub enum Pairing {
    /// A game at a board.
    Board(Board),
    /// A pairing decided by forfeit.
    Forfeit(Forfeit),
    /// A bye.
    Bye(Bye),
}

impl Trf {
    /// Round `round`'s pairings: the boards and the forfeits in board order, then byes (in
    /// start-rank order). Err when no player has an opponent in that round, or when the
    /// two sides of a pairing disagree.
    pub fn pairings_of(&self, round: u32) -> Result<Vec<Pairing>, TrfError> {
        let index = (round as usize).checked_sub(1).ok_or(TrfError::NoSuch {
            round,
            what: "rounds are numbered from 1".into(),
        })?;
        // Every pair the pairing program made, with White's and Black's result characters.
        let mut games: Vec<(&Player, &Player, char, char)> = Vec::new();
        let mut byes = Vec::new();
        for player in &self.players {
            let Some(entry) = player.rounds.get(index) else {
                byes.push(Bye {
                    player: player.into(),
                    kind: ByeKind::NotPaired,
                });
                continue;
            };
            let Some(opponent_rank) = entry.opponent else {
                let kind = match entry.result.to_ascii_uppercase() {
                    'H' | '=' | 'D' => ByeKind::HalfPoint,
                    'F' | '1' | 'W' => ByeKind::FullPoint,
                    'U' => ByeKind::PairingAllocated,
                    '+' => ByeKind::ForfeitWin,
                    _ => ByeKind::ZeroPoint,
                };
                byes.push(Bye {
                    player: player.into(),
                    kind,
                });
                continue;
            };
            let inconsistent = |what: String| TrfError::Inconsistent {
                line: player.line,
                round,
                what,
            };
            let opponent = self.player(opponent_rank).ok_or_else(|| {
                inconsistent(format!("opponent {opponent_rank} has no player line"))
            })?;
            let theirs = opponent.rounds.get(index);
            if theirs.and_then(|e| e.opponent) != Some(player.rank) {
                return Err(inconsistent(format!(
                    "paired with {opponent_rank}, whose line (line {}) does not name {} in this round",
                    opponent.line, player.rank
                )));
            }
            let their_colour = theirs.and_then(|e| e.colour);
            match entry.colour {
                Some(Color::White) if their_colour == Some(Color::Black) => {}
                Some(Color::Black) if their_colour == Some(Color::White) => continue,
                _ => {
                    return Err(inconsistent(format!(
                        "{} and {opponent_rank} do not have one White and one Black",
                        player.rank
                    )));
                }
            }
            let their_result = theirs.map_or(' ', |e| e.result);
            games.push((player, opponent, entry.result, their_result));
        }
        if games.is_empty() {
            return Err(TrfError::NoSuch {
                round,
                what: "no player is paired with an opponent".into(),
            });
        }
        let key = |&(w, b, _, _): &(&Player, &Player, char, char)| {
            board_key(&(w, b), round, &self.scoring)
        };
        games.sort_by(|a, b| key(b).total_cmp_key(&key(a)));
        let mut pairings: Vec<Pairing> = games
            .into_iter()
            .enumerate()
            .map(|(i, (white, black, w, b))| {
                let number = i as u32 + 1;
                let forfeit = |winner| {
                    Pairing::Forfeit(Forfeit {
                        number,
                        white: white.into(),
                        black: black.into(),
                        winner,
                    })
                };
                match (w, b) {
                    ('+', _) => forfeit(Some(Color::White)),
                    (_, '+') => forfeit(Some(Color::Black)),
                    ('-', _) | (_, '-') => forfeit(None),
                    _ => Pairing::Board(Board {
                        number,
                        white: white.into(),
                        black: black.into(),
                    }),
                }
            })
            .collect();
        byes.sort_by_key(|b| b.player.rank);
        pairings.extend(byes.into_iter().map(Pairing::Bye));
        Ok(pairings)
    }

    /// The pairing at board `board` of round `round`, as the posted list numbers it: a
    /// game (`Ok`) or a forfeit (`Err`); `None` when the round has no such board.
    pub fn at_board(
        &self,
        round: u32,
        board: u32,
    ) -> Result<Option<Result<Board, Forfeit>>, TrfError> {
        Ok(self.pairings_of(round)?.into_iter().find_map(|p| match p {
            Pairing::Board(b) if b.number == board => Some(Ok(b)),
            Pairing::Forfeit(f) if f.number == board => Some(Err(f)),
            _ => None,
        }))
    }

    /// The pairing of the player with start rank `rank` in round `round`: a game, a
    /// forfeit or a bye; `None` when the round does not name the player.
    ///
    /// # Errors
    /// As [`pairings_of`](Self::pairings_of): the round is not in the file yet, or its
    /// two sides of a pairing disagree.
    pub fn pairing_of_player(&self, round: u32, rank: u32) -> Result<Option<Pairing>, TrfError> {
        Ok(self.pairings_of(round)?.into_iter().find(|p| match p {
            Pairing::Board(b) => b.white.rank == rank || b.black.rank == rank,
            Pairing::Forfeit(f) => f.white.rank == rank || f.black.rank == rank,
            Pairing::Bye(b) => b.player.rank == rank,
        }))
    }

    /// Round `round`'s boards to play only (a forfeit's board is not among them).
    pub fn boards_of(&self, round: u32) -> Result<Vec<Board>, TrfError> {
        Ok(self
            .pairings_of(round)?
            .into_iter()
            .filter_map(|p| match p {
                Pairing::Board(b) => Some(b),
                _ => None,
            })
            .collect())
    }
}

/// The ordering key of a pair: higher score, sum of scores, then the better rank (as a
/// negative so that "greater" is "first").
struct Key(f64, f64, i64);

impl Key {
    fn total_cmp_key(&self, other: &Key) -> std::cmp::Ordering {
        self.0
            .total_cmp(&other.0)
            .then(self.1.total_cmp(&other.1))
            .then(self.2.cmp(&other.2))
    }
}

fn board_key((white, black): &(&Player, &Player), round: u32, scoring: &Scoring) -> Key {
    let (a, b) = (
        white.points_before(round, scoring),
        black.points_before(round, scoring),
    );
    Key(a.max(b), a + b, -i64::from(white.rank.min(black.rank)))
}
