//! Occupancy-only boards (the peg board): moves inferred from lifts and places.

use std::time::Duration;

use shakmaty::{Bitboard, Chess, Move, Position, Role, Square};

use super::PegTracker;
use super::{DetectConfig, Detection, Outbox, Pending};

/// Infers moves on an occupancy-only board from lifts and places.
#[derive(Debug, Clone)]
pub struct OccupancyTracker {
    position: Chess,
    config: DetectConfig,
    /// The board as the lifts, places and snapshots show it (`None` until a snapshot).
    pegs: Option<PegTracker>,
    promotion: Option<Role>,
    awaiting_promotion: Option<Vec<Move>>,
    gap: bool,
    in_sync: bool,
    out: Outbox,
}

impl OccupancyTracker {
    /// A tracker for the game at `position`; it needs a snapshot before it can infer.
    pub fn new(position: Chess, config: DetectConfig) -> Self {
        OccupancyTracker {
            position,
            config,
            pegs: None,
            promotion: None,
            awaiting_promotion: None,
            gap: true,
            in_sync: false,
            out: Outbox::default(),
        }
    }

    /// The game position the tracker compares with.
    pub fn position(&self) -> &Chess {
        &self.position
    }

    /// The occupancy as last reported, if known.
    pub fn occupancy(&self) -> Option<Bitboard> {
        self.pegs.as_ref().map(PegTracker::occupancy)
    }

    /// The game moved on (e.g. the opponent's move, which the VI player now replicates).
    pub fn set_position(&mut self, now: Duration, position: Chess) {
        self.position = position;
        if let Some(pegs) = self.pegs.as_mut() {
            pegs.reset();
        }
        self.awaiting_promotion = None;
        self.in_sync = false;
        self.evaluate(now);
    }

    /// The promotion piece from the announcement (before or after the pawn is placed).
    pub fn set_promotion(&mut self, role: Role) {
        self.promotion = Some(role);
        if let Some(moves) = self.awaiting_promotion.take() {
            match moves.iter().find(|m| m.promotion() == Some(role)) {
                Some(m) => self.apply(*m),
                None => self.awaiting_promotion = Some(moves),
            }
        }
    }

    /// The link had a gap: wait for a snapshot and only compare it with the game.
    pub fn handle_gap(&mut self) {
        self.gap = true;
        self.in_sync = false;
        self.pegs = None;
        self.out.pending = None;
        self.awaiting_promotion = None;
    }

    /// A full occupancy snapshot.
    pub fn handle_snapshot(&mut self, now: Duration, occupancy: Bitboard) {
        match self.pegs.as_mut() {
            Some(pegs) => pegs.snapshot(now, occupancy),
            None => self.pegs = Some(PegTracker::new(occupancy)),
        }
        self.evaluate(now);
    }

    /// A peg left `square`.
    pub fn handle_lift(&mut self, now: Duration, square: Square, time_ms: u32) {
        let Some(pegs) = self.pegs.as_mut() else {
            return;
        };
        if !pegs.touched().contains(square)
            && let Some(piece) = self.position.board().piece_at(square)
        {
            self.out.events.push_back(Detection::Touched {
                square,
                piece,
                time_ms,
            });
        }
        pegs.lift(now, square);
        self.evaluate(now);
    }

    /// A peg went into `square`.
    pub fn handle_place(&mut self, now: Duration, square: Square, _time_ms: u32) {
        let Some(pegs) = self.pegs.as_mut() else {
            return;
        };
        pegs.place(now, square);
        self.evaluate(now);
    }

    /// Reports a pending move at once (e.g. the clock lever was pressed).
    pub fn commit(&mut self, now: Duration) {
        if let Some((t, Pending::Moves(_))) = self.out.pending.as_mut() {
            *t = now;
            self.handle_timeout(now);
        }
    }

    fn evaluate(&mut self, now: Duration) {
        let Some(pegs) = self.pegs.as_mut() else {
            return;
        };
        self.out.pending = None;
        self.awaiting_promotion = None;
        let moves = if self.gap {
            Vec::new()
        } else {
            pegs.executed_moves(&self.position)
        };
        if !moves.is_empty() {
            self.in_sync = false;
            let hold = self.config.hold(&self.position, &moves);
            self.out.pending = Some((now + hold, Pending::Moves(moves)));
            self.handle_timeout(now);
            return;
        }
        if pegs.shows(&self.position) {
            self.gap = false;
            pegs.reset();
            if !self.in_sync {
                self.in_sync = true;
                self.out.events.push_back(Detection::InSync);
            }
            return;
        }
        self.in_sync = false;
        let diffs = pegs.fixes(&self.position);
        self.out.pending = Some((now + self.config.mismatch_after, Pending::Mismatch(diffs)));
    }

    fn apply(&mut self, m: Move) {
        self.position.play_unchecked(m);
        if let Some(pegs) = self.pegs.as_mut() {
            pegs.reset();
        }
        self.promotion = None;
        self.in_sync = true;
        self.out.events.push_back(Detection::Move(m));
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
        match self.out.due_moves(now) {
            Some(moves) if moves.len() == 1 => self.apply(moves[0]),
            Some(moves) => self.promotion_or_ambiguous(moves),
            None => {}
        }
    }

    /// Several moves fit: the promotions of one pawn take the announced piece (or wait
    /// for it); anything else is ambiguous.
    fn promotion_or_ambiguous(&mut self, moves: Vec<Move>) {
        let (from, to) = (moves[0].from(), moves[0].to());
        let promotions = moves
            .iter()
            .all(|m| m.is_promotion() && m.from() == from && m.to() == to);
        match from {
            Some(from) if promotions => match self
                .promotion
                .and_then(|r| moves.iter().find(|m| m.promotion() == Some(r)))
            {
                Some(m) => self.apply(*m),
                None => {
                    self.out
                        .events
                        .push_back(Detection::PromotionPending { from, to });
                    self.awaiting_promotion = Some(moves);
                }
            },
            _ => self.out.events.push_back(Detection::Ambiguous(moves)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_positions::{mv, pos};
    use shakmaty::Square;

    use shakmaty::Color;

    #[test]
    fn peg_promotion_waits_for_the_announcement() {
        let p = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        let t0 = Duration::ZERO;
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
        t.set_promotion(Role::Knight);
        assert_eq!(t.poll_event(), Some(Detection::Move(mv(&p, "e7e8n"))));
    }

    #[test]
    fn peg_touch_and_put_back_is_reported_but_no_move() {
        let p = Chess::default();
        let t0 = Duration::ZERO;
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
