//! What the arbiter asks the table to do, sent to the station over a
//! `tokio::sync::mpsc` channel. Every request names who made it.

use serde::{Deserialize, Serialize};

use shakmaty::{Color, fen::Fen};

use annabella_phonetic::{
    Language,
    messages::{Arg, Messages},
};
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
    /// What the arbiter did in `language`, for a person reading a log or a confirmation
    /// ("Uhr von Weiß auf 1:29:00 gestellt"); the journal keeps [`Self::describe`].
    pub fn describe_in(&self, language: Language) -> String {
        let m = Messages::get(language);
        let side = |c: Color| m.text(c.fold_wb("view-act-white", "view-act-black"), &[]);
        let say = |id: &str, args: &[Arg<'_>]| m.text(id, args);
        match self {
            ArbiterCommand::Pause => say("view-act-pause", &[]),
            ArbiterCommand::Resume => say("view-act-resume", &[]),
            ArbiterCommand::SetClock { side: c, ms } => say(
                "view-act-set-clock",
                &[
                    ("side", side(*c).into()),
                    (
                        "time",
                        ClockTime(std::time::Duration::from_millis(*ms))
                            .hms()
                            .into(),
                    ),
                ],
            ),
            ArbiterCommand::SetMoves { side: c, moves } => say(
                "view-act-set-moves",
                &[
                    ("side", side(*c).into()),
                    ("moves", moves.to_string().into()),
                ],
            ),
            ArbiterCommand::Penalty { side: c, penalty } => match penalty {
                Penalty::Warning => say("view-act-warn", &[("side", side(*c).into())]),
                Penalty::AddOpponentTime { secs } => say(
                    "view-act-add-opponent",
                    &[
                        ("side", side(*c).into()),
                        ("seconds", secs.to_string().into()),
                        ("other", side(!*c).into()),
                    ],
                ),
                Penalty::ReduceTime { secs } => say(
                    "view-act-reduce",
                    &[
                        ("side", side(*c).into()),
                        ("seconds", secs.to_string().into()),
                    ],
                ),
                Penalty::LoseGame => say("view-act-lose", &[("side", side(*c).into())]),
            },
            ArbiterCommand::DecideClaim { claim, accept } => say(
                if *accept {
                    "view-act-uphold"
                } else {
                    "view-act-reject"
                },
                &[("claim", claim.to_string().into())],
            ),
            ArbiterCommand::DeclareResult { result, reason } => {
                let reason: String = reason
                    .chars()
                    .filter(|c| !c.is_control())
                    .take(200)
                    .collect();
                say(
                    "view-act-result",
                    &[
                        ("result", result.as_str().into()),
                        ("reason", reason.into()),
                    ],
                )
            }
            ArbiterCommand::ApplyPlan { .. } => say("view-act-plan", &[]),
            ArbiterCommand::DismissAlert { alert } => {
                say("view-act-dismiss", &[("alert", alert.to_string().into())])
            }
            ArbiterCommand::NextGame => say("view-act-next-game", &[]),
        }
    }

    /// The journal's words for the action, always English and unchanged so that journals
    /// read the same ("pause the clocks", "set White's clock to 1:29:00"); a person reads
    /// [`Self::describe_in`].
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

    #[test]
    fn a_person_reads_the_action_in_the_tables_language_and_the_journal_keeps_english() {
        let set = ArbiterCommand::SetClock {
            side: Color::White,
            ms: 5_340_000,
        };
        assert_eq!(set.describe(), "set White's clock to 1:29:00");
        assert_eq!(
            set.describe_in(Language::De),
            "Uhr von Weiß auf 1:29:00 gestellt"
        );
        assert_eq!(set.describe_in(Language::En), set.describe());
        let penalty = ArbiterCommand::Penalty {
            side: Color::Black,
            penalty: Penalty::AddOpponentTime { secs: 120 },
        };
        assert_eq!(
            penalty.describe_in(Language::De),
            "Strafe für Schwarz: 120 s für Weiß hinzugefügt"
        );
        assert_eq!(penalty.describe_in(Language::En), penalty.describe());
        let result = ArbiterCommand::DeclareResult {
            result: GameResult::Draw,
            reason: "agreement\u{1b}[2J".into(),
        };
        assert_eq!(
            result.describe_in(Language::De),
            "Ergebnis 1/2-1/2 festgelegt (agreement[2J)"
        );
        let all = [
            ArbiterCommand::Pause,
            ArbiterCommand::Resume,
            set,
            ArbiterCommand::SetMoves {
                side: Color::Black,
                moves: 40,
            },
            penalty,
            ArbiterCommand::Penalty {
                side: Color::White,
                penalty: Penalty::Warning,
            },
            ArbiterCommand::Penalty {
                side: Color::White,
                penalty: Penalty::ReduceTime { secs: 60 },
            },
            ArbiterCommand::Penalty {
                side: Color::White,
                penalty: Penalty::LoseGame,
            },
            ArbiterCommand::DecideClaim {
                claim: 3,
                accept: true,
            },
            ArbiterCommand::DecideClaim {
                claim: 3,
                accept: false,
            },
            ArbiterCommand::DeclareResult {
                result: GameResult::WhiteWins,
                reason: "resignation".into(),
            },
            ArbiterCommand::ApplyPlan {
                target_fen: Fen::default(),
            },
            ArbiterCommand::DismissAlert { alert: 9 },
        ];
        for c in &all {
            // English words are the journal's, unchanged.
            assert_eq!(c.describe_in(Language::En), c.describe(), "{c:?}");
            for language in Language::ALL {
                let text = c.describe_in(language);
                assert!(
                    !text.contains("view-act") && !text.is_empty(),
                    "{language}: {text}"
                );
                if language != Language::En {
                    assert_ne!(text, c.describe(), "{language}: {c:?}");
                }
            }
        }
    }
}
