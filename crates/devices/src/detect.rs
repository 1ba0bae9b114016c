//! Move detection from what the boards report.
//!
//! - [`SnapshotMatcher`]: boards that know pieces (DGT). Each settled snapshot is
//!   matched against the position after every legal move (all promotions included).
//!   Intermediate states (a capture in progress, half a castling) match nothing and are
//!   ignored; only a mismatch that stays unchanged for `mismatch_after` is reported, with
//!   the differences to fix.
//! - [`OccupancyTracker`]: the peg board, which only knows which holes hold a peg. Moves
//!   are inferred from lift/place sequences and the known position: quiet moves, captures
//!   with the two pegs lifted in either order, en passant, castling in any order
//!   (Chess960 too), promotion (the piece comes from the announcement). Lifts are reported
//!   as touched pieces.
//!
//! Both are sans-IO: inputs with `now`, [`Detection`]s out through `poll_event`, timers
//! through `poll_timeout`/`handle_timeout`. Before the board was first seen matching the
//! game, and after a link gap ([`handle_gap`]), no move is ever inferred: the state is
//! only compared with the game until it matches (`InSync`).
//!
//! [`handle_gap`]: SnapshotMatcher::handle_gap

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use shakmaty::{Bitboard, Board, Chess, Move, Piece, Position, Role, Square};

use crate::describe::{Difference, board_differences, occupancy_differences};

/// What move detection reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Detection {
    /// A legal move was made on the board (the tracker's position now includes it).
    Move(Move),
    /// A pawn reached the last rank; the promotion piece must come from the announcement
    /// ([`OccupancyTracker::set_promotion`]).
    PromotionPending {
        /// Pawn's square.
        from: Square,
        /// Promotion square.
        to: Square,
    },
    /// Several legal moves fit equally (only in odd Chess960 cases).
    Ambiguous(Vec<Move>),
    /// The board matches the game position again.
    InSync,
    /// The board differs from the game in a way no legal move explains, and has stayed so.
    Mismatch(Vec<Difference>),
    /// A piece was lifted (a touch under Law 4.3 / D.2.2).
    Touched {
        /// Its square.
        square: Square,
        /// The piece the game has there.
        piece: Piece,
        /// Device time of the lift.
        time_ms: u32,
    },
}

/// Timing of move detection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DetectConfig {
    /// A matching state must hold this long before the move is reported.
    pub settle: Duration,
    /// Longer hold for a king or rook move that may be the first half of a castling.
    pub castling_grace: Duration,
    /// A state that matches nothing is reported after holding this long.
    pub mismatch_after: Duration,
}

impl DetectConfig {
    /// Defaults for the DGT board (its snapshots already come after a 250 ms debounce).
    pub const DGT: DetectConfig = DetectConfig {
        settle: Duration::ZERO,
        castling_grace: Duration::from_millis(1500),
        mismatch_after: Duration::from_millis(2000),
    };
    /// Defaults for the peg board.
    pub const PEG: DetectConfig = DetectConfig {
        settle: Duration::from_millis(500),
        castling_grace: Duration::from_millis(2000),
        mismatch_after: Duration::from_millis(3000),
    };
}

/// Whether `m` is a king or rook move that could be half of a legal castling (the rook
/// half in any castling; the king half in Chess960, where it can be a legal king move).
fn is_castling_half(pos: &Chess, m: &Move) -> bool {
    let Move::Normal {
        role: role @ (Role::Rook | Role::King),
        from,
        to,
        ..
    } = *m
    else {
        return false;
    };
    pos.legal_moves()
        .iter()
        .any(|c| match (*c, c.castling_side()) {
            (Move::Castle { king, rook }, Some(side)) => match role {
                Role::King => king == from && side.king_to(pos.turn()) == to,
                _ => rook == from && side.rook_to(pos.turn()) == to,
            },
            _ => false,
        })
}

#[derive(Debug, Clone)]
enum Pending {
    Moves(Vec<Move>),
    Mismatch(Vec<Difference>),
}

/// Matches piece-aware snapshots (DGT) against the game.
#[derive(Debug, Clone)]
pub struct SnapshotMatcher {
    position: Chess,
    config: DetectConfig,
    board: Option<Board>,
    pending: Option<(Instant, Pending)>,
    gap: bool,
    in_sync: bool,
    events: VecDeque<Detection>,
}

impl SnapshotMatcher {
    /// A matcher for the game at `position`.
    pub fn new(position: Chess, config: DetectConfig) -> Self {
        SnapshotMatcher {
            position,
            config,
            board: None,
            pending: None,
            gap: true,
            in_sync: false,
            events: VecDeque::new(),
        }
    }

    /// The game position the matcher compares with.
    pub fn position(&self) -> &Chess {
        &self.position
    }

    /// The game moved on (e.g. the VI player's spoken move): compare with this now.
    pub fn set_position(&mut self, now: Instant, position: Chess) {
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
        self.pending = None;
    }

    /// A settled snapshot arrived.
    pub fn handle_snapshot(&mut self, now: Instant, board: Board) {
        if self.board.as_ref() == Some(&board) && self.pending.is_some() {
            return; // same state: keep its timer
        }
        self.board = Some(board);
        self.evaluate(now);
    }

    fn evaluate(&mut self, now: Instant) {
        let Some(board) = self.board.as_ref() else {
            return;
        };
        self.pending = None;
        if board == self.position.board() {
            self.gap = false;
            if !self.in_sync {
                self.in_sync = true;
                self.events.push_back(Detection::InSync);
            }
            return;
        }
        self.in_sync = false;
        if !self.gap {
            let moves: Vec<Move> = self
                .position
                .legal_moves()
                .into_iter()
                .filter(|m| {
                    let mut after = self.position.clone();
                    after.play_unchecked(*m);
                    after.board() == board
                })
                .collect();
            if !moves.is_empty() {
                let hold = if moves.len() == 1 && is_castling_half(&self.position, &moves[0]) {
                    self.config.castling_grace
                } else {
                    self.config.settle
                };
                self.pending = Some((now + hold, Pending::Moves(moves)));
                self.handle_timeout(now);
                return;
            }
        }
        let diffs = board_differences(self.position.board(), board);
        self.pending = Some((now + self.config.mismatch_after, Pending::Mismatch(diffs)));
    }

    /// The next detection.
    pub fn poll_event(&mut self) -> Option<Detection> {
        self.events.pop_front()
    }

    /// When [`handle_timeout`](Self::handle_timeout) must run next.
    pub fn poll_timeout(&self) -> Option<Instant> {
        self.pending.as_ref().map(|(t, _)| *t)
    }

    /// Reports a move or mismatch whose hold time is over.
    pub fn handle_timeout(&mut self, now: Instant) {
        if self.pending.as_ref().is_none_or(|(t, _)| now < *t) {
            return;
        }
        match self.pending.take().expect("pending").1 {
            Pending::Moves(moves) if moves.len() == 1 => {
                self.position.play_unchecked(moves[0]);
                self.in_sync = true;
                self.events.push_back(Detection::Move(moves[0]));
            }
            Pending::Moves(moves) => self.events.push_back(Detection::Ambiguous(moves)),
            Pending::Mismatch(diffs) => self.events.push_back(Detection::Mismatch(diffs)),
        }
    }
}

/// Infers moves on an occupancy-only board from lifts and places.
#[derive(Debug, Clone)]
pub struct OccupancyTracker {
    position: Chess,
    config: DetectConfig,
    occupancy: Option<Bitboard>,
    touched: Bitboard,
    promotion: Option<Role>,
    awaiting_promotion: Option<Vec<Move>>,
    pending: Option<(Instant, Pending)>,
    gap: bool,
    in_sync: bool,
    events: VecDeque<Detection>,
}

/// Squares whose content a move changes (for a capture, the target square too).
pub fn changed_squares(before: &Board, after: &Board) -> Bitboard {
    (before.occupied() | after.occupied())
        .into_iter()
        .filter(|sq| before.piece_at(*sq) != after.piece_at(*sq))
        .collect()
}

impl OccupancyTracker {
    /// A tracker for the game at `position`; it needs a snapshot before it can infer.
    pub fn new(position: Chess, config: DetectConfig) -> Self {
        OccupancyTracker {
            position,
            config,
            occupancy: None,
            touched: Bitboard::EMPTY,
            promotion: None,
            awaiting_promotion: None,
            pending: None,
            gap: true,
            in_sync: false,
            events: VecDeque::new(),
        }
    }

    /// The game position the tracker compares with.
    pub fn position(&self) -> &Chess {
        &self.position
    }

    /// The occupancy as last reported, if known.
    pub fn occupancy(&self) -> Option<Bitboard> {
        self.occupancy
    }

    /// The game moved on (e.g. the opponent's move, which the VI player now replicates).
    pub fn set_position(&mut self, now: Instant, position: Chess) {
        self.position = position;
        self.touched = Bitboard::EMPTY;
        self.awaiting_promotion = None;
        self.in_sync = false;
        self.evaluate(now);
    }

    /// The promotion piece from the announcement (before or after the pawn is placed).
    pub fn set_promotion(&mut self, now: Instant, role: Role) {
        self.promotion = Some(role);
        if let Some(moves) = self.awaiting_promotion.take() {
            match moves.iter().find(|m| m.promotion() == Some(role)) {
                Some(m) => self.apply(*m),
                None => self.awaiting_promotion = Some(moves),
            }
        }
        let _ = now;
    }

    /// The link had a gap: wait for a snapshot and only compare it with the game.
    pub fn handle_gap(&mut self) {
        self.gap = true;
        self.in_sync = false;
        self.occupancy = None;
        self.touched = Bitboard::EMPTY;
        self.pending = None;
        self.awaiting_promotion = None;
    }

    /// A full occupancy snapshot.
    pub fn handle_snapshot(&mut self, now: Instant, occupancy: Bitboard) {
        self.occupancy = Some(occupancy);
        self.evaluate(now);
    }

    /// A peg left `square`.
    pub fn handle_lift(&mut self, now: Instant, square: Square, time_ms: u32) {
        let Some(occ) = self.occupancy.as_mut() else {
            return;
        };
        occ.discard(square);
        if !self.touched.contains(square)
            && let Some(piece) = self.position.board().piece_at(square)
        {
            self.events.push_back(Detection::Touched {
                square,
                piece,
                time_ms,
            });
        }
        self.touched.add(square);
        self.evaluate(now);
    }

    /// A peg went into `square`.
    pub fn handle_place(&mut self, now: Instant, square: Square, _time_ms: u32) {
        let Some(occ) = self.occupancy.as_mut() else {
            return;
        };
        occ.add(square);
        self.touched.add(square);
        self.evaluate(now);
    }

    /// Reports a pending move at once (e.g. the clock lever was pressed).
    pub fn commit(&mut self, now: Instant) {
        if let Some((t, Pending::Moves(_))) = self.pending.as_mut() {
            *t = now;
            self.handle_timeout(now);
        }
    }

    fn evaluate(&mut self, now: Instant) {
        let Some(occ) = self.occupancy else { return };
        self.pending = None;
        self.awaiting_promotion = None;
        let before = self.position.board();
        let fits: Vec<(Move, Bitboard)> = if self.gap {
            Vec::new()
        } else {
            self.position
                .legal_moves()
                .into_iter()
                .filter_map(|m| {
                    let mut after = self.position.clone();
                    after.play_unchecked(m);
                    let changed = changed_squares(before, after.board());
                    (after.board().occupied() == occ && changed.is_subset(self.touched))
                        .then_some((m, changed))
                })
                .collect()
        };
        // A move that explains more of the touched squares wins over one whose squares
        // are a strict subset (Chess960: castling vs. the rook move with the same pegs).
        let moves: Vec<Move> = fits
            .iter()
            .filter(|(_, c)| !fits.iter().any(|(_, o)| c.is_subset(*o) && c != o))
            .map(|(m, _)| *m)
            .collect();
        if !moves.is_empty() {
            self.in_sync = false;
            let hold = if moves.len() == 1 && is_castling_half(&self.position, &moves[0]) {
                self.config.castling_grace
            } else {
                self.config.settle
            };
            self.pending = Some((now + hold, Pending::Moves(moves)));
            self.handle_timeout(now);
            return;
        }
        if occ == before.occupied() {
            self.gap = false;
            self.touched = Bitboard::EMPTY;
            if !self.in_sync {
                self.in_sync = true;
                self.events.push_back(Detection::InSync);
            }
            return;
        }
        self.in_sync = false;
        let diffs = occupancy_differences(before, occ);
        self.pending = Some((now + self.config.mismatch_after, Pending::Mismatch(diffs)));
    }

    fn apply(&mut self, m: Move) {
        self.position.play_unchecked(m);
        self.touched = Bitboard::EMPTY;
        self.promotion = None;
        self.in_sync = true;
        self.events.push_back(Detection::Move(m));
    }

    /// The next detection.
    pub fn poll_event(&mut self) -> Option<Detection> {
        self.events.pop_front()
    }

    /// When [`handle_timeout`](Self::handle_timeout) must run next.
    pub fn poll_timeout(&self) -> Option<Instant> {
        self.pending.as_ref().map(|(t, _)| *t)
    }

    /// Reports a move or mismatch whose hold time is over.
    pub fn handle_timeout(&mut self, now: Instant) {
        if self.pending.as_ref().is_none_or(|(t, _)| now < *t) {
            return;
        }
        match self.pending.take().expect("pending").1 {
            Pending::Moves(moves) if moves.len() == 1 => self.apply(moves[0]),
            Pending::Moves(moves) => {
                let (from, to) = (moves[0].from(), moves[0].to());
                let promotions = moves
                    .iter()
                    .all(|m| m.is_promotion() && m.from() == from && m.to() == to);
                if promotions {
                    match self
                        .promotion
                        .and_then(|r| moves.iter().find(|m| m.promotion() == Some(r)))
                    {
                        Some(m) => self.apply(*m),
                        None => {
                            self.events.push_back(Detection::PromotionPending {
                                from: from.expect("promotions have a from square"),
                                to,
                            });
                            self.awaiting_promotion = Some(moves);
                        }
                    }
                } else {
                    self.events.push_back(Detection::Ambiguous(moves));
                }
            }
            Pending::Mismatch(diffs) => self.events.push_back(Detection::Mismatch(diffs)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::uci::UciMove;
    use shakmaty::{CastlingMode, Color};

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    fn uci(p: &Chess, s: &str) -> Move {
        s.parse::<UciMove>().unwrap().to_move(p).unwrap()
    }

    fn after(p: &Chess, m: Move) -> Board {
        let mut q = p.clone();
        q.play_unchecked(m);
        q.board().clone()
    }

    /// A matcher that has seen the board match the game (so it infers moves).
    fn synced(p: &Chess, t0: Instant) -> SnapshotMatcher {
        let mut m = SnapshotMatcher::new(p.clone(), DetectConfig::DGT);
        m.handle_snapshot(t0, p.board().clone());
        assert_eq!(m.poll_event(), Some(Detection::InSync));
        m
    }

    #[test]
    fn dgt_first_board_is_only_compared() {
        let p = Chess::default();
        let t0 = Instant::now();
        let mut m = SnapshotMatcher::new(p.clone(), DetectConfig::DGT);
        m.handle_snapshot(t0, after(&p, uci(&p, "e2e4")));
        m.handle_timeout(t0 + Duration::from_secs(3));
        assert!(matches!(drain(&mut m).as_slice(), [Detection::Mismatch(_)]));
    }

    fn drain(m: &mut SnapshotMatcher) -> Vec<Detection> {
        std::iter::from_fn(|| m.poll_event()).collect()
    }

    #[test]
    fn dgt_every_promotion_is_told_apart() {
        let p = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        let t0 = Instant::now();
        for role in ["q", "r", "b", "n"] {
            let m = uci(&p, &format!("e7e8{role}"));
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
        let t0 = Instant::now();
        let mut matcher = synced(&p, t0);
        let mut half = p.board().clone();
        half.discard_piece_at(Square::D5);
        matcher.handle_snapshot(t0, half.clone());
        assert_eq!(drain(&mut matcher), vec![]);
        let exd5 = uci(&p, "e4d5");
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
        let t0 = Instant::now();
        let mut matcher = synced(&p, t0);
        let rook_half = uci(&p, "h1f1");
        matcher.handle_snapshot(t0, after(&p, rook_half));
        assert_eq!(drain(&mut matcher), vec![]);
        let castle = uci(&p, "e1g1");
        matcher.handle_snapshot(t0 + Duration::from_millis(800), after(&p, castle));
        assert_eq!(drain(&mut matcher), vec![Detection::Move(castle)]);
    }

    #[test]
    fn dgt_no_move_across_a_gap() {
        let p = Chess::default();
        let t0 = Instant::now();
        let mut matcher = synced(&p, t0);
        matcher.handle_gap();
        let e4 = uci(&p, "e2e4");
        matcher.handle_snapshot(t0, after(&p, e4));
        matcher.handle_timeout(t0 + Duration::from_secs(5));
        let got = drain(&mut matcher);
        assert!(
            matches!(got.as_slice(), [Detection::Mismatch(d)] if d.len() == 2),
            "{got:?}"
        );
        assert_eq!(matcher.position(), &p);
    }

    #[test]
    fn peg_promotion_waits_for_the_announcement() {
        let p = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        let t0 = Instant::now();
        let mut t = OccupancyTracker::new(p.clone(), DetectConfig::PEG);
        t.handle_snapshot(t0, p.board().occupied());
        t.handle_lift(t0, Square::E7, 10);
        t.handle_place(t0, Square::E8, 20);
        t.handle_timeout(t0 + Duration::from_secs(1));
        let got: Vec<_> = std::iter::from_fn(|| t.poll_event()).collect();
        assert_eq!(
            got.last(),
            Some(&Detection::PromotionPending {
                from: Square::E7,
                to: Square::E8
            })
        );
        t.set_promotion(t0, Role::Knight);
        assert_eq!(t.poll_event(), Some(Detection::Move(uci(&p, "e7e8n"))));
    }

    #[test]
    fn peg_touch_and_put_back_is_reported_but_no_move() {
        let p = Chess::default();
        let t0 = Instant::now();
        let mut t = OccupancyTracker::new(p.clone(), DetectConfig::PEG);
        t.handle_snapshot(t0, p.board().occupied());
        t.handle_lift(t0, Square::G1, 100);
        t.handle_place(t0, Square::G1, 300);
        t.handle_timeout(t0 + Duration::from_secs(10));
        let got: Vec<_> = std::iter::from_fn(|| t.poll_event()).collect();
        assert_eq!(
            got,
            vec![
                Detection::InSync,
                Detection::Touched {
                    square: Square::G1,
                    piece: Color::White.knight(),
                    time_ms: 100
                },
                Detection::InSync
            ]
        );
    }
}
