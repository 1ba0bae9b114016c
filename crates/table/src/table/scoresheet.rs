//! The scoresheet: the moves recorded, the positions before them, the presses still
//! outstanding and the draw offers written with the moves (9.1.2.2).

use super::*;

/// The moves recorded and what goes with them.
#[derive(Debug, Clone, Default)]
pub(super) struct Scoresheet {
    /// The position before each move played.
    pub(super) history: Vec<Chess>,
    /// The moves recorded (with clock times).
    pub(super) records: Vec<RecordedMove>,
    /// A move played and waiting for its press: its record waits too.
    pub(super) unpressed: Option<usize>,
    /// The VI player's made move, played in the game because the sighted player replied
    /// before its press (6.2.2: a late press is allowed): its record waits for the press.
    pub(super) vi_unpressed: Option<usize>,
    /// Plies (from 1) after which a draw offer was made: `(=)` on the scoresheet (9.1.2.2).
    pub(super) draw_offers: Vec<usize>,
    /// Illegal moves penalised (7.5.5), where they were made.
    pub(super) illegal: Vec<IllegalMark>,
    /// A draw offer made by this player before their move: it goes after that move.
    pub(super) offer_with_next: Option<Color>,
}

impl Scoresheet {
    /// The records still waiting for their press, in the order played; none wait after.
    pub(super) fn take_unpressed(&mut self) -> Vec<RecordedMove> {
        let mut waiting: Vec<usize> = [self.vi_unpressed.take(), self.unpressed.take()]
            .into_iter()
            .flatten()
            .collect();
        waiting.sort_unstable();
        waiting
            .into_iter()
            .map(|i| self.records[i].clone())
            .collect()
    }

    /// Keeps the first `ply` moves (a position restored).
    pub(super) fn truncate(&mut self, ply: usize) {
        self.history.truncate(ply);
        self.records.truncate(ply);
        self.draw_offers.retain(|&p| p <= ply);
        self.illegal.retain(|m| m.ply <= ply + 1);
        self.offer_with_next = None;
        self.unpressed = self.unpressed.filter(|&i| i < ply);
        self.vi_unpressed = self.vi_unpressed.filter(|&i| i < ply);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(ply: usize) -> RecordedMove {
        RecordedMove {
            ply,
            color: Color::from_white(ply % 2 == 1),
            san: format!("m{ply}"),
            check: false,
            uci: "e2e4".parse().unwrap(),
            clock: Duration::ZERO,
            spent: Duration::ZERO,
            at: Duration::ZERO,
        }
    }

    #[test]
    fn unpressed_records_come_out_in_the_order_played_once() {
        let mut sheet = Scoresheet {
            records: (1..=3).map(record).collect(),
            unpressed: Some(2),
            vi_unpressed: Some(1),
            ..Scoresheet::default()
        };
        let plies: Vec<usize> = sheet.take_unpressed().iter().map(|r| r.ply).collect();
        assert_eq!(plies, [2, 3]);
        assert!(sheet.take_unpressed().is_empty());
    }

    #[test]
    fn a_restored_position_keeps_what_came_before_it() {
        let mut sheet = Scoresheet {
            records: (1..=4).map(record).collect(),
            history: vec![Chess::default(); 4],
            unpressed: Some(3),
            vi_unpressed: Some(1),
            draw_offers: vec![1, 3],
            illegal: vec![],
            offer_with_next: Some(Color::White),
        };
        sheet.truncate(2);
        assert_eq!((sheet.records.len(), sheet.history.len()), (2, 2));
        assert_eq!((sheet.unpressed, sheet.vi_unpressed), (None, Some(1)));
        assert_eq!(sheet.draw_offers, [1]);
        assert_eq!(sheet.offer_with_next, None);
    }
}
