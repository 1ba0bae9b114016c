//! The arbiter's submitted forms → [`ArbiterCommand`]s, each bad field named in a
//! [`FormError`].

use std::collections::HashMap;

use crate::param;
use crate::text::{self, ClockError};
use annabella_phonetic::{Language, messages::Messages};
use annabella_rules::GameResult;
use annabella_view::{ArbiterCommand, Penalty};
use shakmaty::Color;

/// A submitted form that asks for no action: the field that is missing or malformed,
/// with what was expected and (at most 80 characters of) what came.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormError {
    /// A field the action needs is absent or empty.
    #[error("field \"{field}\" is missing")]
    Missing {
        /// The field's name.
        field: &'static str,
    },
    /// A field that holds no whole number.
    #[error("field \"{field}\": expected a whole number, got {text:?}")]
    NotANumber {
        /// The field's name.
        field: &'static str,
        /// What it held.
        text: String,
    },
    /// The side is neither white nor black.
    #[error("field \"side\": expected white or black, got {text:?}")]
    Side {
        /// What the field held.
        text: String,
    },
    /// A clock time that cannot be set.
    #[error(transparent)]
    Clock(#[from] ClockError),
    /// A penalty the console does not know.
    #[error("field \"penalty\": unknown penalty {text:?}")]
    UnknownPenalty {
        /// What the field held.
        text: String,
    },
    /// A claim decision that is neither true nor false.
    #[error("field \"accept\": expected true or false, got {text:?}")]
    Accept {
        /// What the field held.
        text: String,
    },
    /// A result other than 1-0, 0-1 and 1/2-1/2.
    #[error("field \"result\": unknown result {text:?}")]
    UnknownResult {
        /// What the field held.
        text: String,
    },
    /// A target position that is not FEN.
    #[error("field \"target_fen\": {text:?} is not FEN: {error}")]
    TargetFen {
        /// What the field held.
        text: String,
        /// What is wrong with it.
        error: shakmaty::fen::ParseFenError,
    },
    /// An action the console does not know.
    #[error("field \"action\": unknown action {text:?}")]
    UnknownAction {
        /// What the field held.
        text: String,
    },
}

impl FormError {
    /// The refusal as the arbiter reads it in `language`: the field to fill in or correct
    /// by its label on the page, or (for a field the page fills itself) to reload it.
    pub fn sentence(&self, language: Language) -> String {
        let m = Messages::get(language);
        let label = |field: &str| {
            let id = match field {
                "time" => "console-time-left",
                "moves" => "console-moves-made",
                "secs" => "console-seconds",
                "reason" => "console-reason",
                _ => return None,
            };
            Some(m.text(id, &[]))
        };
        let form = || m.text("console-say-refuse-form", &[]);
        match self {
            FormError::Missing { field } => label(field).map_or_else(form, |l| {
                m.text("console-say-refuse-missing", &[("field", l.into())])
            }),
            FormError::NotANumber { field, text } => label(field).map_or_else(form, |l| {
                m.text(
                    "console-say-refuse-number",
                    &[("field", l.into()), ("text", text.clone().into())],
                )
            }),
            FormError::Clock(ClockError::NotAClock { shown }) => m.text(
                "console-say-refuse-clock",
                &[("text", shown.clone().into())],
            ),
            FormError::Clock(ClockError::OverADay { shown }) => m.text(
                "console-say-refuse-over-a-day",
                &[("text", shown.clone().into())],
            ),
            FormError::Side { .. }
            | FormError::UnknownPenalty { .. }
            | FormError::Accept { .. }
            | FormError::UnknownResult { .. }
            | FormError::TargetFen { .. }
            | FormError::UnknownAction { .. } => form(),
        }
    }
}

fn field<'a>(f: &'a HashMap<String, String>, name: &'static str) -> Result<&'a str, FormError> {
    param(f, name).ok_or(FormError::Missing { field: name })
}

fn shown(text: &str) -> String {
    annabella_rules::excerpt(text).into_owned()
}

fn number<T: std::str::FromStr>(
    f: &HashMap<String, String>,
    name: &'static str,
) -> Result<T, FormError> {
    let text = field(f, name)?;
    text.trim().parse().map_err(|_| FormError::NotANumber {
        field: name,
        text: shown(text),
    })
}

fn side(f: &HashMap<String, String>) -> Result<Color, FormError> {
    match field(f, "side")? {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        other => Err(FormError::Side { text: shown(other) }),
    }
}

/// The action a submitted form asks for.
///
/// # Errors
/// A missing or malformed field, named.
pub fn action_from_form(f: &HashMap<String, String>) -> Result<ArbiterCommand, FormError> {
    Ok(match field(f, "action")? {
        "pause" => ArbiterCommand::Pause,
        "resume" => ArbiterCommand::Resume,
        "set-clock" => {
            let ms = text::settable_clock(field(f, "time")?)?;
            ArbiterCommand::SetClock { side: side(f)?, ms }
        }
        "set-moves" => ArbiterCommand::SetMoves {
            side: side(f)?,
            moves: number(f, "moves")?,
        },
        "penalty" => {
            let penalty = match field(f, "penalty")? {
                "warning" => Penalty::Warning,
                "add-opponent-time" => Penalty::AddOpponentTime {
                    secs: number(f, "secs")?,
                },
                "reduce-time" => Penalty::ReduceTime {
                    secs: number(f, "secs")?,
                },
                "lose-game" => Penalty::LoseGame,
                other => return Err(FormError::UnknownPenalty { text: shown(other) }),
            };
            ArbiterCommand::Penalty {
                side: side(f)?,
                penalty,
            }
        }
        "decide-claim" => ArbiterCommand::DecideClaim {
            claim: number(f, "claim")?,
            accept: match field(f, "accept")? {
                "true" => true,
                "false" => false,
                other => return Err(FormError::Accept { text: shown(other) }),
            },
        },
        "declare-result" => ArbiterCommand::DeclareResult {
            result: {
                let text = field(f, "result")?;
                text.parse::<GameResult>()
                    .map_err(|_| FormError::UnknownResult { text: shown(text) })?
            },
            reason: field(f, "reason")?.to_owned(),
        },
        "apply-plan" => ArbiterCommand::ApplyPlan {
            target_fen: {
                let text = field(f, "target_fen")?;
                text.parse().map_err(|error| FormError::TargetFen {
                    text: shown(text),
                    error,
                })?
            },
        },
        "dismiss-alert" => ArbiterCommand::DismissAlert {
            alert: number(f, "alert")?,
        },
        "next-game" => ArbiterCommand::NextGame,
        other => return Err(FormError::UnknownAction { text: shown(other) }),
    })
}
