//! The piece handling that turns an observed board into the position it must show:
//! the fewest pieces touched, in an order a person can follow with one hand.

use serde::{Deserialize, Serialize};
use shakmaty::{Board, Color, Piece, Role, Square};

use annabella_phonetic::{Language, Lexicon};

use crate::player::Words;

/// One thing to do with one piece on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum RestoreStep {
    /// Take a piece off the board and put it aside.
    Remove {
        /// The piece (FEN letter in JSON).
        #[serde(with = "piece_letter")]
        piece: Piece,
        /// Where it stands.
        #[serde(with = "annabella_rules::text_serde")]
        from: Square,
    },
    /// Move a piece from one square to another (the destination is empty by then).
    Move {
        /// The piece.
        #[serde(with = "piece_letter")]
        piece: Piece,
        /// Where it stands.
        #[serde(with = "annabella_rules::text_serde")]
        from: Square,
        /// Where it goes.
        #[serde(with = "annabella_rules::text_serde")]
        to: Square,
    },
    /// Lift a piece and keep it in hand (pieces that must swap places).
    Lift {
        /// The piece.
        #[serde(with = "piece_letter")]
        piece: Piece,
        /// Where it stands.
        #[serde(with = "annabella_rules::text_serde")]
        from: Square,
    },
    /// Place the piece held in hand.
    Place {
        /// The piece.
        #[serde(with = "piece_letter")]
        piece: Piece,
        /// Where it goes.
        #[serde(with = "annabella_rules::text_serde")]
        to: Square,
    },
    /// Put a piece from beside the board onto an empty square.
    Add {
        /// The piece.
        #[serde(with = "piece_letter")]
        piece: Piece,
        /// Where it goes.
        #[serde(with = "annabella_rules::text_serde")]
        to: Square,
    },
}

/// A step together with its words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Instruction {
    /// What to do, as data.
    #[serde(flatten)]
    pub step: RestoreStep,
    /// What to do, in words.
    pub words: Words,
}

/// A step that cannot be carried out on the board it was given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("step {index}: {reason}")]
pub struct ApplyError {
    /// The step's position in the list, from 0 (the list's length: after the last step).
    pub index: usize,
    /// What was wrong.
    pub reason: StepError,
}

/// Why a [`RestoreStep`] cannot be carried out on a board (or a list of them ends badly).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    /// The piece to take is not on its square.
    #[error("no {} on {from}", en_piece(*piece))]
    NotThere {
        /// The piece the step takes.
        piece: Piece,
        /// The square it should stand on.
        from: Square,
    },
    /// The destination is not empty.
    #[error("{to} is occupied by a {}", en_piece(*by))]
    Occupied {
        /// The destination.
        to: Square,
        /// The piece standing there.
        by: Piece,
    },
    /// The piece to place was never lifted.
    #[error("no {} in hand", en_piece(*piece))]
    NotInHand {
        /// The piece to place.
        piece: Piece,
    },
    /// The steps are done but a lifted piece was never put down.
    #[error("the {} is still in hand", en_piece(*piece))]
    StillInHand {
        /// The piece left in hand.
        piece: Piece,
    },
}

/// German adjective for a piece's colour, accusative (den weißen Springer, die weiße Dame).
fn de_piece_acc(piece: Piece) -> String {
    let de = Lexicon::get(Language::De);
    let stem = piece.color.fold_wb("weiß", "schwarz");
    let (ending, noun_end) = match piece.role {
        Role::Queen => ("e", ""),
        Role::Pawn => ("en", "n"),
        _ => ("en", ""),
    };
    format!("{stem}{ending} {}{noun_end}", de.piece_name(piece.role))
}

fn en_piece(piece: Piece) -> String {
    let en = Lexicon::get(Language::En);
    format!(
        "{} {}",
        piece.color.fold_wb("white", "black"),
        en.piece_name(piece.role).to_lowercase()
    )
}

fn de_sq(sq: Square) -> String {
    Lexicon::get(Language::De).square_words(sq)
}

fn en_sq(sq: Square) -> String {
    Lexicon::get(Language::En).square_words(sq)
}

impl RestoreStep {
    /// The piece this step handles.
    pub fn piece(&self) -> Piece {
        match *self {
            RestoreStep::Remove { piece, .. }
            | RestoreStep::Move { piece, .. }
            | RestoreStep::Lift { piece, .. }
            | RestoreStep::Place { piece, .. }
            | RestoreStep::Add { piece, .. } => piece,
        }
    }

    /// The step in words: "weißen Springer von Gustav eins nach Felix drei setzen" /
    /// "move the white knight from Gustav one to Felix three".
    pub fn words(&self) -> Words {
        let p = self.piece();
        match *self {
            RestoreStep::Remove { from, .. } => Words::new(
                format!("{} von {} wegnehmen", de_piece_acc(p), de_sq(from)),
                format!("remove the {} from {}", en_piece(p), en_sq(from)),
            ),
            RestoreStep::Move { from, to, .. } => Words::new(
                format!(
                    "{} von {} nach {} setzen",
                    de_piece_acc(p),
                    de_sq(from),
                    de_sq(to)
                ),
                format!(
                    "move the {} from {} to {}",
                    en_piece(p),
                    en_sq(from),
                    en_sq(to)
                ),
            ),
            RestoreStep::Lift { from, .. } => Words::new(
                format!("{} von {} aufnehmen", de_piece_acc(p), de_sq(from)),
                format!("lift the {} from {} and keep it", en_piece(p), en_sq(from)),
            ),
            RestoreStep::Place { to, .. } => Words::new(
                format!("{} auf {} setzen", de_piece_acc(p), de_sq(to)),
                format!("place the {} on {}", en_piece(p), en_sq(to)),
            ),
            RestoreStep::Add { to, .. } => Words::new(
                format!("{} auf {} dazustellen", de_piece_acc(p), de_sq(to)),
                format!("put a {} on {}", en_piece(p), en_sq(to)),
            ),
        }
    }

    /// The step with its words.
    pub fn instruction(self) -> Instruction {
        Instruction {
            words: self.words(),
            step: self,
        }
    }

    /// Carries the step out on `board`; `hand` holds lifted pieces.
    ///
    /// # Errors
    /// The piece is not where the step says, or the destination is occupied, or the
    /// piece to place is not in hand. The board is then unchanged.
    pub fn apply(&self, board: &mut Board, hand: &mut Vec<Piece>) -> Result<(), StepError> {
        let take = |board: &Board, from: Square, piece: Piece| {
            if board.piece_at(from) == Some(piece) {
                Ok(())
            } else {
                Err(StepError::NotThere { piece, from })
            }
        };
        let empty = |board: &Board, to: Square| match board.piece_at(to) {
            None => Ok(()),
            Some(by) => Err(StepError::Occupied { to, by }),
        };
        match *self {
            RestoreStep::Remove { piece, from } => {
                take(board, from, piece)?;
                board.discard_piece_at(from);
            }
            RestoreStep::Move { piece, from, to } => {
                take(board, from, piece)?;
                empty(board, to)?;
                board.discard_piece_at(from);
                board.set_piece_at(to, piece);
            }
            RestoreStep::Lift { piece, from } => {
                take(board, from, piece)?;
                board.discard_piece_at(from);
                hand.push(piece);
            }
            RestoreStep::Place { piece, to } => {
                empty(board, to)?;
                let at = hand
                    .iter()
                    .position(|&p| p == piece)
                    .ok_or(StepError::NotInHand { piece })?;
                hand.swap_remove(at);
                board.set_piece_at(to, piece);
            }
            RestoreStep::Add { piece, to } => {
                empty(board, to)?;
                board.set_piece_at(to, piece);
            }
        }
        Ok(())
    }
}

/// Carries out `steps` on a copy of `board`.
///
/// # Errors
/// The first step that cannot be carried out, or pieces left in hand at the end.
///
/// # Examples
/// ```
/// use annabella_arbiter::{restore, apply_steps};
/// use shakmaty::Board;
/// let wrong: Board = "rnbqkbnr/pppppppp/8/8/8/3N4/PPPPPPPP/R1BQKBNR".parse()?;
/// let right = Board::default();
/// let steps = restore(&wrong, &right);
/// assert_eq!(steps.len(), 1);
/// assert_eq!(apply_steps(&wrong, &steps).expect("applies"), right);
/// # Ok::<_, shakmaty::fen::ParseFenError>(())
/// ```
pub fn apply_steps(board: &Board, steps: &[RestoreStep]) -> Result<Board, ApplyError> {
    let mut board = board.clone();
    let mut hand = Vec::new();
    for (index, step) in steps.iter().enumerate() {
        step.apply(&mut board, &mut hand)
            .map_err(|reason| ApplyError { index, reason })?;
    }
    if let Some(&p) = hand.first() {
        return Err(ApplyError {
            index: steps.len(),
            reason: StepError::StillInHand { piece: p },
        });
    }
    Ok(board)
}

fn distance(a: Square, b: Square) -> u32 {
    a.distance(b)
}

/// Pairs pieces that must leave `surplus` squares with `deficit` squares of the same
/// piece, nearest first; exhaustive for small sets (the usual case), greedy otherwise.
fn pair(surplus: &[Square], deficit: &[Square]) -> Vec<(Square, Square)> {
    let n = surplus.len().min(deficit.len());
    if n == 0 {
        return Vec::new();
    }
    let (small, large, flipped) = if surplus.len() <= deficit.len() {
        (surplus, deficit, false)
    } else {
        (deficit, surplus, true)
    };
    let orient = |a: Square, b: Square| if flipped { (b, a) } else { (a, b) };
    if large.len() <= 7 {
        // Try every injective assignment of `small` into `large`.
        let mut best: Option<(u32, Vec<usize>)> = None;
        let mut chosen = Vec::with_capacity(small.len());
        let mut used = vec![false; large.len()];
        fn search(
            small: &[Square],
            large: &[Square],
            chosen: &mut Vec<usize>,
            used: &mut [bool],
            cost: u32,
            best: &mut Option<(u32, Vec<usize>)>,
        ) {
            if best.as_ref().is_some_and(|(c, _)| *c <= cost) {
                return;
            }
            let i = chosen.len();
            if i == small.len() {
                *best = Some((cost, chosen.clone()));
                return;
            }
            for j in 0..large.len() {
                if !used[j] {
                    used[j] = true;
                    chosen.push(j);
                    search(
                        small,
                        large,
                        chosen,
                        used,
                        cost + distance(small[i], large[j]),
                        best,
                    );
                    chosen.pop();
                    used[j] = false;
                }
            }
        }
        search(small, large, &mut chosen, &mut used, 0, &mut best);
        let (_, assignment) = best.unwrap_or_default();
        return small
            .iter()
            .zip(assignment)
            .map(|(&a, j)| orient(a, large[j]))
            .collect();
    }
    let mut candidates: Vec<(u32, usize, usize)> = small
        .iter()
        .enumerate()
        .flat_map(|(i, &a)| {
            large
                .iter()
                .enumerate()
                .map(move |(j, &b)| (distance(a, b), i, j))
        })
        .collect();
    candidates.sort_unstable();
    let mut small_done = vec![false; small.len()];
    let mut large_done = vec![false; large.len()];
    let mut pairs = Vec::with_capacity(n);
    for (_, i, j) in candidates {
        if !small_done[i] && !large_done[j] {
            small_done[i] = true;
            large_done[j] = true;
            pairs.push(orient(small[i], large[j]));
        }
    }
    pairs
}

/// The steps that turn `from` into `to`: every piece that is wrong is handled once
/// (moved when the same piece is missing elsewhere, otherwise removed or added), and
/// the order never puts a piece on an occupied square.
///
/// Removals come first, then moves (a move waits until its square is free; pieces that
/// must swap places are broken up with one lift and place), then additions.
pub fn restore(from: &Board, to: &Board) -> Vec<RestoreStep> {
    let mut removes = Vec::new();
    let mut moves: Vec<(Piece, Square, Square)> = Vec::new();
    let mut adds = Vec::new();
    for color in Color::ALL {
        for role in Role::ALL {
            let piece = Piece { color, role };
            let have = from.by_piece(piece);
            let want = to.by_piece(piece);
            let surplus: Vec<Square> = (have & !want).into_iter().collect();
            let deficit: Vec<Square> = (want & !have).into_iter().collect();
            let pairs = pair(&surplus, &deficit);
            for &(a, b) in &pairs {
                moves.push((piece, a, b));
            }
            removes.extend(
                surplus
                    .iter()
                    .filter(|s| !pairs.iter().any(|(a, _)| a == *s))
                    .map(|&from| RestoreStep::Remove { piece, from }),
            );
            adds.extend(
                deficit
                    .iter()
                    .filter(|s| !pairs.iter().any(|(_, b)| b == *s))
                    .map(|&to| RestoreStep::Add { piece, to }),
            );
        }
    }
    let mut steps = removes;
    // Occupancy after the removals.
    let mut occupied = from.occupied();
    for step in &steps {
        if let RestoreStep::Remove { from, .. } = step {
            occupied.discard(*from);
        }
    }
    let mut held: Vec<(Piece, Square)> = Vec::new();
    while !moves.is_empty() || !held.is_empty() {
        if let Some(i) = held.iter().position(|&(_, to)| !occupied.contains(to)) {
            let (piece, to) = held.swap_remove(i);
            steps.push(RestoreStep::Place { piece, to });
            occupied.add(to);
            continue;
        }
        if let Some(i) = moves.iter().position(|&(_, _, to)| !occupied.contains(to)) {
            let (piece, from, to) = moves.remove(i);
            steps.push(RestoreStep::Move { piece, from, to });
            occupied.discard(from);
            occupied.add(to);
            continue;
        }
        // Every remaining destination is taken by a piece that must itself move: a cycle.
        let (piece, from, to) = moves.remove(0);
        steps.push(RestoreStep::Lift { piece, from });
        occupied.discard(from);
        held.push((piece, to));
    }
    steps.extend(adds);
    steps
}

pub(crate) mod piece_letter {
    //! Pieces as FEN letters ("N" white knight, "n" black knight) in serde.
    use serde::{Deserialize, Deserializer, Serializer, de::Error};
    use shakmaty::Piece;

    pub fn serialize<S: Serializer>(p: &Piece, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&p.char())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Piece, D::Error> {
        let text = String::deserialize(d)?;
        let mut chars = text.chars();
        match (chars.next().and_then(Piece::from_char), chars.next()) {
            (Some(p), None) => Ok(p),
            _ => Err(D::Error::custom(format!("not a piece letter: {text:?}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        fen.parse().expect("board fen")
    }

    #[test]
    fn one_misplaced_piece_is_one_move() {
        let wrong = board("rnbqkbnr/pppppppp/8/8/8/3N4/PPPPPPPP/R1BQKBNR");
        let steps = restore(&wrong, &Board::default());
        assert_eq!(
            steps,
            vec![RestoreStep::Move {
                piece: Piece::from_char('N').expect("N"),
                from: Square::D3,
                to: Square::B1
            }]
        );
        assert_eq!(
            steps[0].words().de,
            "weißen Springer von David drei nach Bella eins setzen"
        );
        assert_eq!(
            steps[0].words().en,
            "move the white knight from David three to Bella one"
        );
    }

    #[test]
    fn capture_not_made_is_a_removal_and_wrong_capture_an_addition() {
        // Should be: white knight took on e5. Board: black pawn still on e5, knight on f3.
        let right = board("4k3/8/8/4N3/8/8/8/4K3");
        let wrong = board("4k3/8/8/4p3/8/5N2/8/4K3");
        let steps = restore(&wrong, &right);
        assert_eq!(steps.len(), 2, "{steps:?}");
        assert!(matches!(
            steps[0],
            RestoreStep::Remove {
                from: Square::E5,
                ..
            }
        ));
        assert!(matches!(
            steps[1],
            RestoreStep::Move {
                from: Square::F3,
                to: Square::E5,
                ..
            }
        ));
        assert_eq!(
            steps[0].words().de,
            "schwarzen Bauern von Eva fünf wegnehmen"
        );
        let back = restore(&right, &wrong);
        assert_eq!(apply_steps(&right, &back).expect("applies"), wrong);
        assert!(
            back.iter()
                .any(|s| matches!(s, RestoreStep::Add { to: Square::E5, .. })),
            "{back:?}"
        );
    }

    #[test]
    fn swapped_pieces_use_one_lift() {
        let right = board("4k3/8/8/8/8/8/8/3QK2R");
        // Queen and rook swapped: each must go where the other stands.
        let wrong = board("4k3/8/8/8/8/8/8/3RK2Q");
        let steps = restore(&wrong, &right);
        assert_eq!(steps.len(), 3, "{steps:?}");
        assert!(matches!(steps[0], RestoreStep::Lift { .. }));
        assert!(matches!(steps[2], RestoreStep::Place { .. }));
        assert_eq!(apply_steps(&wrong, &steps).expect("applies"), right);
    }

    #[test]
    fn chains_wait_for_their_square() {
        // Rook a1→b1 must wait for the knight b1→c3.
        let wrong = board("4k3/8/8/8/8/8/8/RN2K3");
        let right = board("4k3/8/8/8/8/2N5/8/1R2K3");
        let steps = restore(&wrong, &right);
        assert_eq!(steps.len(), 2, "{steps:?}");
        assert_eq!(apply_steps(&wrong, &steps).expect("applies"), right);
    }

    #[test]
    fn pairs_nearest_pieces() {
        // Two white pawns a2, h2 must go to a3, h3: a2→a3 and h2→h3, not crossed.
        let wrong = board("4k3/8/8/8/8/8/P6P/4K3");
        let right = board("4k3/8/8/8/8/P6P/8/4K3");
        let steps = restore(&wrong, &right);
        for s in &steps {
            let RestoreStep::Move { from, to, .. } = *s else {
                panic!("{s:?}")
            };
            assert_eq!(from.file(), to.file(), "{s:?}");
        }
    }

    #[test]
    fn equal_boards_need_nothing() {
        assert!(restore(&Board::default(), &Board::default()).is_empty());
    }

    #[test]
    fn apply_refuses_wrong_steps_and_names_them() {
        let steps = [RestoreStep::Move {
            piece: Piece::from_char('N').expect("N"),
            from: Square::E4,
            to: Square::E5,
        }];
        let err = apply_steps(&Board::default(), &steps).expect_err("no knight on e4");
        assert_eq!(err.index, 0);
        assert_eq!(
            err.reason,
            StepError::NotThere {
                piece: Color::White.knight(),
                from: Square::E4
            }
        );
        assert_eq!(err.reason.to_string(), "no white knight on e4");
    }

    #[test]
    fn steps_round_trip_through_json() {
        let wrong = board("4k3/8/8/4p3/8/5N2/8/4K3");
        let right = board("4k3/8/8/4N3/8/8/8/4K3");
        let ins: Vec<Instruction> = restore(&wrong, &right)
            .into_iter()
            .map(RestoreStep::instruction)
            .collect();
        let json = serde_json::to_string(&ins).expect("json");
        assert!(
            json.starts_with(r#"[{"action":"remove","piece":"p","from":"e5","words":{"de":"#),
            "{json}"
        );
        let back: Vec<Instruction> = serde_json::from_str(&json).expect("parse");
        assert_eq!(back, ins);
    }
}
