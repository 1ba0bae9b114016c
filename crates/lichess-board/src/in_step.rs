//! The table's moves and Lichess's kept in step: the VI player's move made at the table
//! goes to Lichess once, the opponent's move from Lichess goes to the table once, however
//! often either side is read (a resumed stream, a station restarted from its journal).

use shakmaty::{Chess, Color, Position as _, uci::UciMove};

/// What to do next to keep the two in step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// Send the VI player's move (made at the table) to Lichess.
    Send(UciMove),
    /// Make the opponent's move (made on Lichess) at the table.
    Feed(UciMove),
    /// The two differ from this half-move on (a move made on the site instead of at the
    /// table, or a move Lichess refused): nothing is sent or fed past it.
    Differ {
        /// The first half-move (from 1) that differs.
        ply: usize,
    },
}

/// The two sides' moves as last compared.
#[derive(Debug, Clone)]
pub struct InStep {
    vi: Color,
    first: Color,
    sent: usize,
    fed: usize,
}

impl InStep {
    /// For the VI player of `vi` in a game starting from `start`.
    pub fn new(vi: Color, start: &Chess) -> InStep {
        InStep {
            vi,
            first: start.turn(),
            sent: 0,
            fed: 0,
        }
    }

    /// Who makes half-move `ply` (from 1).
    pub fn mover(&self, ply: usize) -> Color {
        if ply % 2 == 1 {
            self.first
        } else {
            !self.first
        }
    }

    /// The steps that bring `table` (the moves made at the table) and `online` (Lichess's)
    /// in step; each move is sent or fed once.
    pub fn steps(&mut self, table: &[UciMove], online: &[UciMove]) -> Vec<Step> {
        let common = table.iter().zip(online).take_while(|(a, b)| a == b).count();
        if common < table.len().min(online.len()) {
            return vec![Step::Differ { ply: common + 1 }];
        }
        let mut steps = Vec::new();
        if table.len() > common {
            let ply = common + 1;
            if self.mover(ply) == self.vi {
                if self.sent < ply {
                    self.sent = ply;
                    steps.push(Step::Send(table[common]));
                }
            } else {
                steps.push(Step::Differ { ply });
            }
        }
        for (i, uci) in online.iter().enumerate().skip(common) {
            let ply = i + 1;
            if self.mover(ply) == self.vi {
                steps.push(Step::Differ { ply });
                break;
            }
            if self.fed < ply {
                self.fed = ply;
                steps.push(Step::Feed(*uci));
            }
        }
        steps
    }

    /// A move sent was refused: it may be sent again once the table has another.
    pub fn refused(&mut self, ply: usize) {
        self.sent = self.sent.min(ply.saturating_sub(1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ucis(s: &str) -> Vec<UciMove> {
        s.split_whitespace().map(|m| m.parse().unwrap()).collect()
    }

    #[test]
    fn each_move_goes_across_once_whichever_side_is_read_again() {
        let mut s = InStep::new(Color::White, &Chess::default());
        assert_eq!(s.steps(&[], &[]), []);
        assert_eq!(
            s.steps(&ucis("e2e4"), &[]),
            [Step::Send("e2e4".parse().unwrap())]
        );
        assert_eq!(s.steps(&ucis("e2e4"), &[]), [], "not sent twice");
        assert_eq!(s.steps(&ucis("e2e4"), &ucis("e2e4")), []);
        assert_eq!(
            s.steps(&ucis("e2e4"), &ucis("e2e4 e7e5")),
            [Step::Feed("e7e5".parse().unwrap())]
        );
        assert_eq!(
            s.steps(&ucis("e2e4"), &ucis("e2e4 e7e5")),
            [],
            "not fed twice"
        );
        assert_eq!(s.steps(&ucis("e2e4 e7e5"), &ucis("e2e4 e7e5")), []);
    }

    #[test]
    fn a_restarted_table_catches_up_with_what_lichess_has() {
        // The VI player is Black. The journal replayed 1.e4; Lichess has 1.e4 e5 2.Nf3:
        // 1…e5 was made on the site, not at the table — they differ from there.
        let mut s = InStep::new(Color::Black, &Chess::default());
        assert_eq!(
            s.steps(&ucis("e2e4"), &ucis("e2e4 e7e5 g1f3")),
            [Step::Differ { ply: 2 }]
        );
        let mut s = InStep::new(Color::Black, &Chess::default());
        assert_eq!(
            s.steps(&ucis("e2e4 e7e5"), &ucis("e2e4 e7e5 g1f3")),
            [Step::Feed("g1f3".parse().unwrap())]
        );
        assert_eq!(
            s.steps(&ucis("e2e4 e7e6"), &ucis("e2e4 e7e5")),
            [Step::Differ { ply: 2 }]
        );
    }

    #[test]
    fn a_refused_move_may_be_replaced_by_another() {
        let mut s = InStep::new(Color::White, &Chess::default());
        assert_eq!(s.steps(&ucis("e2e4"), &[]).len(), 1);
        s.refused(1);
        // The table took it back; the player makes another.
        assert_eq!(s.steps(&[], &[]), []);
        assert_eq!(
            s.steps(&ucis("d2d4"), &[]),
            [Step::Send("d2d4".parse().unwrap())]
        );
    }
}
