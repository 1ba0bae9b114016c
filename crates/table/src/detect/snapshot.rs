//! Piece-aware boards (DGT): settled snapshots matched against every legal move.

use std::time::Duration;

use shakmaty::{Board, Chess, Move, Position};

use super::{DetectConfig, Detection, Outbox, Pending, board_differences};

/// The legal moves of `pos` after which the board is exactly `board` (every promotion
/// piece is told apart; a capture in progress or half a castling matches nothing).
pub fn moves_to(pos: &Chess, board: &Board) -> Vec<Move> {
    pos.legal_moves()
        .into_iter()
        .filter(|m| {
            let mut after = pos.clone();
            after.play_unchecked(*m);
            after.board() == board
        })
        .collect()
}

/// Matches piece-aware snapshots (DGT) against the game.
#[derive(Debug, Clone)]
pub struct SnapshotMatcher {
    position: Chess,
    config: DetectConfig,
    board: Option<Board>,
    gap: bool,
    in_sync: bool,
    out: Outbox,
}

impl SnapshotMatcher {
    /// A matcher for the game at `position`.
    pub fn new(position: Chess, config: DetectConfig) -> Self {
        SnapshotMatcher {
            position,
            config,
            board: None,
            gap: true,
            in_sync: false,
            out: Outbox::default(),
        }
    }

    /// The game position the matcher compares with.
    pub fn position(&self) -> &Chess {
        &self.position
    }

    /// The game moved on (e.g. the VI player's spoken move): compare with this now.
    pub fn set_position(&mut self, now: Duration, position: Chess) {
        self.position = position;
        self.in_sync = false;
        self.evaluate(now);
    }

    /// The link had a gap: the next snapshot is compared with the game, never read as a
    /// move.
    pub fn handle_gap(&mut self) {
        self.gap = true;
        self.in_sync = false;
        self.board = None;
        self.out.pending = None;
    }

    /// A settled snapshot arrived.
    pub fn handle_snapshot(&mut self, now: Duration, board: Board) {
        if self.board.as_ref() == Some(&board) && self.out.pending.is_some() {
            return; // same state: keep its timer
        }
        self.board = Some(board);
        self.evaluate(now);
    }

    fn evaluate(&mut self, now: Duration) {
        let Some(board) = self.board.as_ref() else {
            return;
        };
        self.out.pending = None;
        if board == self.position.board() {
            self.gap = false;
            if !self.in_sync {
                self.in_sync = true;
                self.out.events.push_back(Detection::InSync);
            }
            return;
        }
        self.in_sync = false;
        if !self.gap {
            let moves = moves_to(&self.position, board);
            if !moves.is_empty() {
                let hold = self.config.hold(&self.position, &moves);
                self.out.pending = Some((now + hold, Pending::Moves(moves)));
                self.handle_timeout(now);
                return;
            }
        }
        let diffs = board_differences(self.position.board(), board);
        self.out.pending = Some((now + self.config.mismatch_after, Pending::Mismatch(diffs)));
    }

    /// The next detection.
    pub fn poll_event(&mut self) -> Option<Detection> {
        self.out.poll_event()
    }

    /// When [`handle_timeout`](Self::handle_timeout) must run next.
    pub fn poll_timeout(&self) -> Option<Duration> {
        self.out.poll_timeout()
    }

    /// Reports a move or mismatch whose hold time is over.
    pub fn handle_timeout(&mut self, now: Duration) {
        let Some(moves) = self.out.due_moves(now) else {
            return;
        };
        let detection = match moves[..] {
            [one] => {
                self.position.play_unchecked(one);
                self.in_sync = true;
                Detection::Move(one)
            }
            _ => Detection::Ambiguous(moves),
        };
        self.out.events.push_back(detection);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::detect::Difference;
    use crate::test_positions::{mv, pos};

    use shakmaty::Color;
    use shakmaty::{Board, Square};

    fn after(p: &Chess, m: Move) -> Board {
        let mut q = p.clone();
        q.play_unchecked(m);
        q.board().clone()
    }

    /// A matcher that has seen the board match the game (so it infers moves).
    fn synced(p: &Chess, t0: Duration) -> SnapshotMatcher {
        let mut m = SnapshotMatcher::new(p.clone(), DetectConfig::DGT);
        m.handle_snapshot(t0, p.board().clone());
        assert_eq!(m.poll_event(), Some(Detection::InSync));
        m
    }

    #[test]
    fn dgt_first_board_is_only_compared() {
        let p = Chess::default();
        let t0 = Duration::ZERO;
        let mut m = SnapshotMatcher::new(p.clone(), DetectConfig::DGT);
        m.handle_snapshot(t0, after(&p, mv(&p, "e2e4")));
        m.handle_timeout(t0 + Duration::from_secs(3));
        assert!(matches!(drain(&mut m).as_slice(), [Detection::Mismatch(_)]));
    }

    fn drain(m: &mut SnapshotMatcher) -> Vec<Detection> {
        std::iter::from_fn(|| m.poll_event()).collect()
    }

    #[test]
    fn dgt_every_promotion_is_told_apart() {
        let p = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        let t0 = Duration::ZERO;
        for role in ["q", "r", "b", "n"] {
            let m = mv(&p, &format!("e7e8{role}"));
            let mut matcher = synced(&p, t0);
            matcher.handle_snapshot(t0, after(&p, m));
            assert_eq!(
                drain(&mut matcher),
                vec![Detection::Move(m)],
                "promotion to {role}"
            );
        }
    }

    #[test]
    fn dgt_capture_in_progress_is_ignored_until_it_stays() {
        let p = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        let t0 = Duration::ZERO;
        let mut matcher = synced(&p, t0);
        let mut half = p.board().clone();
        half.discard_piece_at(Square::D5);
        matcher.handle_snapshot(t0, half.clone());
        assert_eq!(drain(&mut matcher), vec![]);
        let exd5 = mv(&p, "e4d5");
        matcher.handle_snapshot(t0 + Duration::from_millis(900), after(&p, exd5));
        assert_eq!(drain(&mut matcher), vec![Detection::Move(exd5)]);
        // A piece knocked over and left off: reported after it stays.
        let mut knocked = matcher.position().board().clone();
        knocked.discard_piece_at(Square::D1);
        let t1 = t0 + Duration::from_secs(2);
        matcher.handle_snapshot(t1, knocked);
        matcher.handle_timeout(t1 + Duration::from_millis(1999));
        assert_eq!(drain(&mut matcher), vec![]);
        matcher.handle_timeout(t1 + Duration::from_secs(2));
        assert_eq!(
            drain(&mut matcher),
            vec![Detection::Mismatch(vec![Difference::Place {
                square: Square::D1,
                piece: Color::White.queen()
            }])]
        );
    }

    #[test]
    fn dgt_rook_first_castling_waits_for_the_king() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let t0 = Duration::ZERO;
        let mut matcher = synced(&p, t0);
        let rook_half = mv(&p, "h1f1");
        matcher.handle_snapshot(t0, after(&p, rook_half));
        assert_eq!(drain(&mut matcher), vec![]);
        let castle = mv(&p, "e1g1");
        matcher.handle_snapshot(t0 + Duration::from_millis(800), after(&p, castle));
        assert_eq!(drain(&mut matcher), vec![Detection::Move(castle)]);
    }

    #[test]
    fn dgt_no_move_across_a_gap() {
        let p = Chess::default();
        let t0 = Duration::ZERO;
        let mut matcher = synced(&p, t0);
        matcher.handle_gap();
        let e4 = mv(&p, "e2e4");
        matcher.handle_snapshot(t0, after(&p, e4));
        matcher.handle_timeout(t0 + Duration::from_secs(5));
        let got = drain(&mut matcher);
        assert!(
            matches!(got.as_slice(), [Detection::Mismatch(d)] if d.len() == 2),
            "{got:?}"
        );
        assert_eq!(matcher.position(), &p);
    }
}
