//! The arbiter's console actions as table inputs. Every action becomes at least one
//! [`Input::ByArbiter`] naming who took it, so the journal keeps who did what and a
//! replay rebuilds the same table.

use std::time::Duration;

use annabella_arbiter::Plan;
use annabella_console::{ArbiterCommand, ArbiterRequest, GameResult, Penalty};
use annabella_table::{ArbiterAction, Input, TableView};
use shakmaty::Color;

/// What a console request comes to.
#[derive(Debug, Clone, PartialEq)]
pub struct Carried {
    /// The inputs for the table, in order (all signed).
    pub inputs: Vec<Input>,
    /// The plan to carry out on the boards (the arbiter's hands), when one was applied.
    pub plan: Option<Plan>,
}

fn signed(by: &str, what: String, action: Option<ArbiterAction>) -> Input {
    Input::ByArbiter {
        by: by.to_owned(),
        what,
        action,
    }
}

/// Why a console request is not carried out (journalled as a note with the request).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The request names no arbiter.
    #[error("the arbiter's name is missing")]
    Nameless,
    /// The claim decided is not the pending one.
    #[error("no pending claim {0}")]
    NoPendingClaim(u64),
    /// There is no plan to carry out.
    #[error("there is no plan")]
    NoPlan,
    /// The plan is not the one the console showed.
    #[error("the plan changed since it was shown")]
    PlanChanged,
}

/// Turns a request into table inputs, given the table and the plan the console shows
/// (`claim_id`: the id the console gave the pending claim).
///
/// # Errors
/// Why the request cannot be carried out (a claim that is not pending, a plan that changed
/// since it was shown, no plan); the caller journals the refusal as a note.
pub fn inputs_for(
    request: &ArbiterRequest,
    table: &TableView,
    plan: Option<&Plan>,
    claim_id: u64,
) -> Result<Carried, Refusal> {
    let by = request.by.trim();
    if by.is_empty() {
        return Err(Refusal::Nameless);
    }
    let what = request.action.describe();
    let one = |action: ArbiterAction| Carried {
        inputs: vec![signed(by, what.clone(), Some(action))],
        plan: None,
    };
    Ok(match &request.action {
        ArbiterCommand::Pause => one(ArbiterAction::Pause),
        ArbiterCommand::Resume => one(ArbiterAction::Resume),
        ArbiterCommand::SetClock { side, ms } => one(ArbiterAction::SetTime {
            color: *side,
            time: Duration::from_millis(*ms),
        }),
        ArbiterCommand::SetMoves { side, moves } => one(ArbiterAction::SetMoves {
            color: *side,
            moves: *moves,
        }),
        ArbiterCommand::Penalty { side, penalty } => match penalty {
            Penalty::Warning => Carried {
                inputs: vec![signed(by, format!("{what} (12.9.1)"), None)],
                plan: None,
            },
            Penalty::AddOpponentTime { secs } => one(ArbiterAction::AddTime {
                color: !*side,
                amount: Duration::from_secs(u64::from(*secs)),
            }),
            Penalty::ReduceTime { secs } => {
                let left = match side {
                    Color::White => table.white_time,
                    Color::Black => table.black_time,
                };
                one(ArbiterAction::SetTime {
                    color: *side,
                    time: left.saturating_sub(Duration::from_secs(u64::from(*secs))),
                })
            }
            Penalty::LoseGame => one(ArbiterAction::DeclareResult {
                result: GameResult::win_for(!*side),
            }),
        },
        ArbiterCommand::DecideClaim { claim, accept } => {
            if table.claim.is_none() || *claim != claim_id {
                return Err(Refusal::NoPendingClaim(*claim));
            }
            one(if *accept {
                ArbiterAction::UpholdClaim
            } else {
                ArbiterAction::RejectClaim
            })
        }
        ArbiterCommand::DeclareResult { result, .. } => {
            one(ArbiterAction::DeclareResult { result: *result })
        }
        ArbiterCommand::ApplyPlan { target_fen } => {
            let plan = plan.ok_or(Refusal::NoPlan)?;
            if plan.target_fen != *target_fen {
                return Err(Refusal::PlanChanged);
            }
            let mut inputs = vec![signed(
                by,
                format!("{what}: {}", plan.summary.en.trim_end_matches('.')),
                None,
            )];
            let ply = plan.target_ply as usize;
            if ply < table.moves.len() {
                inputs.push(signed(
                    by,
                    format!("take the game back to ply {ply} (D.2.9)"),
                    Some(ArbiterAction::RestorePosition { ply }),
                ));
            }
            if let Some(c) = &plan.clocks {
                for (c_color, ms) in [(Color::White, c.white_ms), (Color::Black, c.black_ms)] {
                    if let Some(ms) = ms {
                        inputs.push(signed(
                            by,
                            format!("set {c_color}'s clock as proposed by the plan"),
                            Some(ArbiterAction::SetTime {
                                color: c_color,
                                time: Duration::from_millis(ms),
                            }),
                        ));
                    }
                }
                for (c_color, moves) in
                    [(Color::White, c.white_moves), (Color::Black, c.black_moves)]
                {
                    inputs.push(signed(
                        by,
                        format!("set {c_color}'s move counter to {moves}"),
                        Some(ArbiterAction::SetMoves {
                            color: c_color,
                            moves,
                        }),
                    ));
                }
            }
            Carried {
                inputs,
                plan: Some(plan.clone()),
            }
        }
        ArbiterCommand::DismissAlert { .. } => Carried {
            inputs: vec![signed(by, what, None)],
            plan: None,
        },
    })
}

/// The note journalled for a request that was refused.
pub fn refusal(request: &ArbiterRequest, why: &str) -> Input {
    let by = request.by.trim();
    signed(
        if by.is_empty() { "(no name)" } else { by },
        format!("{} — refused: {why}", request.action.describe()),
        None,
    )
}
