//! What the peg board shows: occupancy only, tracked from lifts, places and snapshots,
//! and which holes lost or received a peg since the last time the board matched the
//! game; which moves that shows executed. Shared by the table and the
//! [`OccupancyTracker`](super::OccupancyTracker).

use std::time::Duration;

use shakmaty::{Bitboard, Board, Chess, Move, Position, Square};

use super::{Difference, occupancy_differences};
use crate::touch::captured_square;

/// Squares whose content a move changes (for a capture, the target square too).
pub fn changed_squares(before: &Board, after: &Board) -> Bitboard {
    (before.occupied() | after.occupied())
        .into_iter()
        .filter(|sq| before.piece_at(*sq) != after.piece_at(*sq))
        .collect()
}

/// The picture of a peg board: its occupancy and what was touched since the last reset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PegTracker {
    occupancy: Bitboard,
    /// Holes that received a peg since the last reset (a capture is complete only when
    /// a peg went back into the captured piece's hole).
    placed: Bitboard,
    /// Holes that lost a peg since the last reset.
    lifted: Bitboard,
    /// When the board last changed.
    last_change: Duration,
}

impl PegTracker {
    /// A board showing `occupancy`, nothing touched yet.
    pub fn new(occupancy: Bitboard) -> PegTracker {
        PegTracker {
            occupancy,
            placed: Bitboard::EMPTY,
            lifted: Bitboard::EMPTY,
            last_change: Duration::ZERO,
        }
    }

    /// Which holes hold a peg.
    pub fn occupancy(&self) -> Bitboard {
        self.occupancy
    }

    /// When the board last changed.
    pub fn last_change(&self) -> Duration {
        self.last_change
    }

    /// A peg left `sq`.
    pub fn lift(&mut self, now: Duration, sq: Square) {
        self.occupancy.discard(sq);
        self.lifted.add(sq);
        self.last_change = now;
    }

    /// A peg went into `sq`.
    pub fn place(&mut self, now: Duration, sq: Square) {
        self.occupancy.add(sq);
        self.placed.add(sq);
        self.last_change = now;
    }

    /// A full snapshot (after a link gap): every occupied hole counts as placed, since
    /// the events in between are unknown.
    pub fn snapshot(&mut self, now: Duration, occupancy: Bitboard) {
        if occupancy != self.occupancy {
            self.last_change = now;
        }
        self.occupancy = occupancy;
        self.placed |= occupancy;
        self.lifted |= !occupancy;
    }

    /// The holes that lost or received a peg since the last reset.
    pub fn touched(&self) -> Bitboard {
        self.lifted | self.placed
    }

    /// Whether a peg left this hole since the last reset.
    pub(crate) fn was_lifted(&self, sq: Square) -> bool {
        self.lifted.contains(sq)
    }

    /// Forget the places (the board matched the game).
    pub fn reset(&mut self) {
        self.placed = Bitboard::EMPTY;
        self.lifted = Bitboard::EMPTY;
    }

    /// Forget the places of these holes only (a move on them is done with; what was
    /// touched elsewhere still counts).
    pub fn forget(&mut self, squares: Bitboard) {
        self.placed &= !squares;
        self.lifted &= !squares;
    }

    /// Whether the board shows `m` executed from `pos`: the occupancy after the move,
    /// every square the move changes touched since the last reset, and for a capture a
    /// peg put back into the captured piece's hole (so a capturing piece still in the
    /// hand is not taken for a finished capture).
    pub fn executed(&self, pos: &Chess, m: &Move) -> bool {
        self.executed_changing(pos, m).is_some()
    }

    /// The squares `m` changes, if the board shows it executed.
    fn executed_changing(&self, pos: &Chess, m: &Move) -> Option<Bitboard> {
        if captured_square(m).is_some() && !self.placed.contains(m.to()) {
            return None;
        }
        let mut after = pos.clone();
        after.play_unchecked(*m);
        if self.occupancy != after.board().occupied() {
            return None;
        }
        let changed = changed_squares(pos.board(), after.board());
        changed.is_subset(self.touched()).then_some(changed)
    }

    /// Whether the squares `m` changes show it executed from `pos`, whatever the rest of
    /// the board shows (D.2.3: the piece in its new hole, a captured piece removed — a
    /// copy of the opponent's move still missing elsewhere does not undo that). Each of
    /// those squares touched since the last reset, a capture's hole refilled.
    pub fn shows_move(&self, pos: &Chess, m: &Move) -> bool {
        if captured_square(m).is_some() && !self.placed.contains(m.to()) {
            return false;
        }
        let mut after = pos.clone();
        after.play_unchecked(*m);
        let changed = changed_squares(pos.board(), after.board());
        changed.is_subset(self.touched())
            && self.occupancy & changed == after.board().occupied() & changed
    }

    /// Whether the board shows `pos`.
    pub fn shows(&self, pos: &Chess) -> bool {
        self.occupancy == pos.board().occupied()
    }

    /// The legal moves of `pos` that the board shows executed. A move that explains
    /// more of the touched squares wins over one whose squares are a strict subset
    /// (Chess960: castling vs. the rook move with the same pegs).
    pub fn executed_moves(&self, pos: &Chess) -> Vec<Move> {
        let fits: Vec<(Move, Bitboard)> = pos
            .legal_moves()
            .into_iter()
            .filter_map(|m| Some((m, self.executed_changing(pos, &m)?)))
            .collect();
        fits.iter()
            .filter(|(_, c)| !fits.iter().any(|(_, o)| c.is_subset(*o) && c != o))
            .map(|(m, _)| *m)
            .collect()
    }

    /// The steps from the board to `pos`: holes to empty, then pieces to place.
    pub fn fixes(&self, pos: &Chess) -> Vec<Difference> {
        occupancy_differences(pos.board(), self.occupancy)
    }

    /// The board as a FEN placement: the game's piece where a peg stands on it, `X`
    /// for a peg on a square the game has empty.
    pub(crate) fn placement(&self, pos: &Chess) -> String {
        let mut out = String::new();
        for rank in (0..8u32).rev() {
            let mut empty = 0;
            for file in 0..8u32 {
                let sq = Square::from_coords(shakmaty::File::new(file), shakmaty::Rank::new(rank));
                if self.occupancy.contains(sq) {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(pos.board().piece_at(sq).map_or('X', |p| p.char()));
                } else {
                    empty += 1;
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_positions::pos;
    use shakmaty::uci::UciMove;

    #[test]
    fn capture_is_executed_only_with_the_peg_back_in_the_hole() {
        let p = pos("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
        let m = "e4d5".parse::<UciMove>().unwrap().to_move(&p).unwrap();
        let mut t = PegTracker::new(p.board().occupied());
        let ms = Duration::from_millis;
        t.lift(ms(1), Square::E4);
        assert!(
            !t.executed(&p, &m),
            "the capturing piece is still in the hand"
        );
        t.lift(ms(2), Square::D5);
        assert!(!t.executed(&p, &m));
        t.place(ms(3), Square::D5);
        assert!(t.executed(&p, &m));
        assert_eq!(t.executed_moves(&p), vec![m]);
    }

    #[test]
    fn a_move_shows_on_its_own_squares_whatever_else_differs() {
        let p = pos("4k3/8/8/4p3/8/8/8/4K1N1 w - - 0 1");
        let nf3 = "g1f3".parse::<UciMove>().unwrap().to_move(&p).unwrap();
        // Black's e7-e5 is still to be copied: the board is not the game.
        let copy_missing = Bitboard::from(Square::E5) | Bitboard::from(Square::E7);
        let mut t = PegTracker::new(p.board().occupied() ^ copy_missing);
        t.lift(Duration::ZERO, Square::G1);
        assert!(!t.shows_move(&p, &nf3), "the knight is in the hand");
        t.place(Duration::ZERO, Square::F3);
        assert!(t.shows_move(&p, &nf3));
        assert!(!t.executed(&p, &nf3), "the whole board differs");
        t.forget(Bitboard::from(Square::G1) | Bitboard::from(Square::F3));
        assert!(!t.shows_move(&p, &nf3), "forgotten: no longer touched");
    }

    #[test]
    fn fixes_and_placement() {
        let p = Chess::default();
        let mut t = PegTracker::new(p.board().occupied());
        t.lift(Duration::ZERO, Square::G1);
        t.place(Duration::ZERO, Square::H3);
        let fixes = t.fixes(&p);
        assert_eq!(fixes.len(), 2);
        assert_eq!(fixes[0], Difference::Remove { square: Square::H3 });
        assert_eq!(fixes[1].square(), Square::G1);
        assert!(
            t.placement(&p).ends_with("/7X/PPPPPPPP/RNBQKB1R"),
            "{}",
            t.placement(&p)
        );
    }
}
