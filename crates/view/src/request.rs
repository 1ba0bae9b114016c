//! What the arbiter asks the table to do, sent to the station over a
//! `tokio::sync::mpsc` channel. Every request names who made it.

use serde::{Deserialize, Serialize};

use shakmaty::{Color, fen::Fen};

use annabella_rules::{ClockTime, GameResult};

use crate::console_view::side_name;

/// A penalty of the Laws (12.9; 7.5.5 for illegal moves).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "penalty", rename_all = "kebab-case")]
pub enum Penalty {
    /// A warning (12.9.1).
    Warning,
    /// Time added to the opponent's clock (12.9.2; 7.5.5: two minutes for an illegal move).
    AddOpponentTime {
        /// Seconds to add.
        secs: u32,
    },
    /// Time taken off the offender's clock (12.9.3).
    ReduceTime {
        /// Seconds to take off.
        secs: u32,
    },
    /// The game declared lost (12.9.7; 7.5.5 after the second illegal move).
    LoseGame,
}

/// What the arbiter does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum ArbiterCommand {
    /// Stop the clocks (6.11.1).
    Pause,
    /// Start them again.
    Resume,
    /// Set one clock (6.10.2, D.2.9).
    SetClock {
        /// Whose clock.
        #[serde(with = "annabella_rules::text_serde")]
        side: Color,
        /// Time left, milliseconds.
        ms: u64,
    },
    /// Set one move counter.
    SetMoves {
        /// Whose counter.
        #[serde(with = "annabella_rules::text_serde")]
        side: Color,
        /// Moves made.
        moves: u32,
    },
    /// Penalise a player.
    Penalty {
        /// The offender.
        #[serde(with = "annabella_rules::text_serde")]
        side: Color,
        /// The penalty.
        #[serde(flatten)]
        penalty: Penalty,
    },
    /// Decide a pending claim.
    DecideClaim {
        /// The claim's id.
        claim: u64,
        /// Upheld or rejected.
        accept: bool,
    },
    /// Declare the result.
    DeclareResult {
        /// The result.
        result: GameResult,
        /// Why (resignation, flag fall, 7.5.5, agreement, …).
        reason: String,
    },
    /// Carry out the reconciliation plan shown: put both boards right and the game
    /// (and clocks, when it goes back) to the plan's position.
    ApplyPlan {
        /// The plan's target position (in JSON its FEN), so a plan that changed meanwhile
        /// is not applied.
        #[serde(with = "annabella_rules::text_serde")]
        target_fen: Fen,
    },
    /// Mark an alert as seen.
    DismissAlert {
        /// The alert's id.
        alert: u64,
    },
    /// Confirm the finished game's result: its records are written and the table goes
    /// on to the next game (`play`, game after game).
    NextGame,
}

/// One action and who did it; the station journals both.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArbiterRequest {
    /// Who did it (the arbiter's name as entered in the console).
    pub by: String,
    /// What to do.
    #[serde(flatten)]
    pub action: ArbiterCommand,
}

impl ArbiterCommand {
    /// A short description for logs and confirmations ("pause", "set White's clock to 1:29:00").
    pub fn describe(&self) -> String {
        match self {
            ArbiterCommand::Pause => "pause the clocks".into(),
            ArbiterCommand::Resume => "resume the clocks".into(),
            ArbiterCommand::SetClock { side, ms } => {
                format!(
                    "set {}'s clock to {}",
                    side_name(*side),
                    ClockTime(std::time::Duration::from_millis(*ms)).hms()
                )
            }
            ArbiterCommand::SetMoves { side, moves } => {
                format!("set {}'s move counter to {moves}", side_name(*side))
            }
            ArbiterCommand::Penalty { side, penalty } => match penalty {
                Penalty::Warning => format!("warn {}", side_name(*side)),
                Penalty::AddOpponentTime { secs } => format!(
                    "penalise {}: {secs} s added to {}",
                    side_name(*side),
                    side_name(!*side)
                ),
                Penalty::ReduceTime { secs } => {
                    format!("penalise {}: {secs} s taken off", side_name(*side))
                }
                Penalty::LoseGame => format!("declare the game lost for {}", side_name(*side)),
            },
            ArbiterCommand::DecideClaim { claim, accept } => format!(
                "{} claim {claim}",
                if *accept { "uphold" } else { "reject" }
            ),
            ArbiterCommand::DeclareResult { result, reason } => {
                format!("declare the result {} ({reason})", result.as_str())
            }
            ArbiterCommand::ApplyPlan { .. } => "carry out the reconciliation plan".into(),
            ArbiterCommand::DismissAlert { alert } => format!("dismiss alert {alert}"),
            ArbiterCommand::NextGame => "confirm the result and start the next game".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_shape() {
        let r = ArbiterRequest {
            by: "IA Weber".into(),
            action: ArbiterCommand::Penalty {
                side: Color::Black,
                penalty: Penalty::AddOpponentTime { secs: 120 },
            },
        };
        let json = serde_json::to_string(&r).expect("json");
        assert_eq!(
            json,
            r#"{"by":"IA Weber","action":"penalty","side":"black","penalty":"add-opponent-time","secs":120}"#
        );
        assert_eq!(
            serde_json::from_str::<ArbiterRequest>(&json).expect("back"),
            r
        );
        let r = ArbiterRequest {
            by: "A".into(),
            action: ArbiterCommand::DeclareResult {
                result: GameResult::Draw,
                reason: "agreement".into(),
            },
        };
        let json = serde_json::to_string(&r).expect("json");
        assert_eq!(
            json,
            r#"{"by":"A","action":"declare-result","result":"1/2-1/2","reason":"agreement"}"#
        );
        assert_eq!(
            serde_json::from_str::<ArbiterRequest>(&json).expect("back"),
            r
        );
        let r = ArbiterRequest {
            by: "A".into(),
            action: ArbiterCommand::NextGame,
        };
        let json = serde_json::to_string(&r).expect("json");
        assert_eq!(json, r#"{"by":"A","action":"next-game"}"#);
        assert_eq!(
            serde_json::from_str::<ArbiterRequest>(&json).expect("back"),
            r
        );
    }
}
