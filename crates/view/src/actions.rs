//! The arbiter's console actions as table inputs. Every action becomes at least one
//! [`Input::ByArbiter`] naming who took it, so the journal keeps who did what and a
//! replay rebuilds the same table.

use std::time::Duration;

use annabella_arbiter::Plan;
use annabella_rules::GameResult;
use annabella_table::{ArbiterAction, Input, TableView};
use shakmaty::Color;

use crate::request::{ArbiterCommand, ArbiterRequest, Penalty};

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
        dismissed: None,
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
    /// The next game was asked for while this one is not over (or the table does not go
    /// on to a next game).
    #[error("the game is not over yet; its result is confirmed once it is")]
    NotOver,
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
    let one = |action: ArbiterAction| Carried::one(signed(by, what.clone(), Some(action)));
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
        ArbiterCommand::Penalty { side, penalty } => {
            Carried::one(penalty_input(by, &what, *side, *penalty, table))
        }
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
            Carried {
                inputs: plan_inputs(by, &what, plan, table),
                plan: Some(plan.clone()),
            }
        }
        ArbiterCommand::DismissAlert { .. } => Carried::one(signed(by, what, None)),
        ArbiterCommand::NextGame => {
            if table.result.is_none() {
                return Err(Refusal::NotOver);
            }
            one(ArbiterAction::NextGame)
        }
    })
}

impl Carried {
    /// One input and no plan.
    fn one(input: Input) -> Carried {
        Carried {
            inputs: vec![input],
            plan: None,
        }
    }
}

/// The input of a penalty on `side` (12.9): a warning is a signed note, time added goes to
/// the opponent, time taken off is set from the offender's clock, a lost game a result.
fn penalty_input(by: &str, what: &str, side: Color, penalty: Penalty, table: &TableView) -> Input {
    let action = match penalty {
        Penalty::Warning => return signed(by, format!("{what} (12.9.1)"), None),
        Penalty::AddOpponentTime { secs } => ArbiterAction::AddTime {
            color: !side,
            amount: Duration::from_secs(u64::from(secs)),
        },
        Penalty::ReduceTime { secs } => {
            let left = match side {
                Color::White => table.white_time,
                Color::Black => table.black_time,
            };
            ArbiterAction::SetTime {
                color: side,
                time: left.saturating_sub(Duration::from_secs(u64::from(secs))),
            }
        }
        Penalty::LoseGame => ArbiterAction::DeclareResult {
            result: GameResult::win_for(!side),
        },
    };
    signed(by, what.to_owned(), Some(action))
}

/// The inputs that carry out a plan (D.2.9): a signed note of it, the game taken back
/// when the plan's position is earlier, and the clocks and move counters it proposes.
fn plan_inputs(by: &str, what: &str, plan: &Plan, table: &TableView) -> Vec<Input> {
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
    let Some(c) = &plan.clocks else {
        return inputs;
    };
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
    for (c_color, moves) in [(Color::White, c.white_moves), (Color::Black, c.black_moves)] {
        inputs.push(signed(
            by,
            format!("set {c_color}'s move counter to {moves}"),
            Some(ArbiterAction::SetMoves {
                color: c_color,
                moves,
            }),
        ));
    }
    inputs
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
