//! Scripts: JSON lines or words, one action or wait per line.

use std::thread;
use std::time::Duration;

use std::path::Path;

use super::{FirmwareSim, SimDevice, SimError, Simulator};
use serde::{Deserialize, Serialize};

/// A bad script line: what and where.
#[derive(Debug, thiserror::Error)]
#[error("script line {line}: {error}")]
pub struct ScriptError {
    /// 1-based line number.
    pub line: usize,
    /// What was wrong.
    pub error: SimError,
}

/// Parses one line of a script or of keyboard input: JSON (`{"lift":"e2"}`) or words
/// (`lift e2`, `move e2e4`, `lever white`, `wait 300`, `wait_host`). Returns `Ok(None)`
/// for blank and `#` lines.
pub fn parse_line<A: for<'de> Deserialize<'de>>(
    line: &str,
) -> Result<Option<ScriptLine<A>>, SimError> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let value: serde_json::Value = if line.starts_with('{') {
        serde_json::from_str(line).map_err(|e| SimError::Json(e.into()))?
    } else {
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let arg = match rest.parse::<u64>() {
            Ok(n) => serde_json::Value::from(n),
            Err(_) => serde_json::Value::from(rest),
        };
        serde_json::json!({ word: arg })
    };
    if value.get("wait_host").is_some() {
        return Ok(Some(ScriptLine::WaitHost));
    }
    if let Some(ms) = value.get("wait_ms").or_else(|| value.get("wait")) {
        let ms = ms.as_u64().ok_or(SimError::Wait)?;
        return Ok(Some(ScriptLine::Wait(Duration::from_millis(ms))));
    }
    serde_json::from_value(value)
        .map(|a| Some(ScriptLine::Act(a)))
        .map_err(|e| SimError::Action(e.into()))
}

/// One line of a script (or of keyboard input), parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScriptLine<A> {
    /// Do this.
    Act(A),
    /// Wait this long.
    Wait(Duration),
    /// Wait until the host has opened the port and sent something (at most 30 s).
    WaitHost,
}

/// What a script drives: a device that carries out actions of type `A` and knows
/// whether its host has opened the port.
pub trait Hands<A> {
    /// Carries out one action.
    ///
    /// # Errors
    /// When the action does not fit the device's state, or the device has stopped.
    fn act(&self, action: A) -> Result<(), SimError>;
    /// Waits (at most `limit`) until the host has sent something; returns whether it did.
    fn wait_for_host(&self, limit: Duration) -> bool;
    /// Waits (at most `limit`) until the host has read what the device sent so far;
    /// returns whether it did (a device that cannot tell answers at once).
    fn taken(&self, limit: Duration) -> bool {
        let _ = limit;
        true
    }
}

impl<D: SimDevice> Hands<D::Action> for Simulator<D> {
    fn act(&self, action: D::Action) -> Result<(), SimError> {
        Simulator::act(self, action)
    }
    fn wait_for_host(&self, limit: Duration) -> bool {
        Simulator::wait_for_host(self, limit)
    }
    fn taken(&self, limit: Duration) -> bool {
        Simulator::taken(self, limit)
    }
}

impl<A: Serialize> Hands<A> for FirmwareSim {
    fn act(&self, action: A) -> Result<(), SimError> {
        FirmwareSim::act(self, &action)
    }
    fn wait_for_host(&self, limit: Duration) -> bool {
        FirmwareSim::wait_for_host(self, limit)
    }
}

/// A simulated peg board or clock: the Rust simulator, or the real firmware in simavr.
#[derive(Debug)]
pub enum Simulated<D: SimDevice> {
    /// The Rust simulator ([`Simulator`]).
    Rust(Simulator<D>),
    /// The firmware image in `avr-harness` ([`FirmwareSim`]).
    Firmware(FirmwareSim),
}

impl<D: SimDevice> Simulated<D> {
    /// The path the host opens.
    pub fn path(&self) -> &Path {
        match self {
            Simulated::Rust(s) => s.path(),
            Simulated::Firmware(f) => f.path(),
        }
    }
}

impl<D: SimDevice> Hands<D::Action> for Simulated<D>
where
    D::Action: Serialize,
{
    fn act(&self, action: D::Action) -> Result<(), SimError> {
        match self {
            Simulated::Rust(s) => s.act(action),
            Simulated::Firmware(f) => f.act(&action),
        }
    }
    fn wait_for_host(&self, limit: Duration) -> bool {
        match self {
            Simulated::Rust(s) => s.wait_for_host(limit),
            Simulated::Firmware(f) => f.wait_for_host(limit),
        }
    }
    fn taken(&self, limit: Duration) -> bool {
        match self {
            Simulated::Rust(s) => s.taken(limit),
            Simulated::Firmware(f) => Hands::<D::Action>::taken(f, limit),
        }
    }
}

/// Runs script lines against a simulated device, in order, stopping at the first bad
/// line.
///
/// # Errors
/// A [`ScriptError`] naming the line.
pub fn run_script<A: for<'de> Deserialize<'de>>(
    sim: &impl Hands<A>,
    lines: impl IntoIterator<Item = String>,
    mut echo: impl FnMut(&str),
) -> Result<(), ScriptError> {
    for (i, line) in lines.into_iter().enumerate() {
        let err = |error: SimError| ScriptError { line: i + 1, error };
        match parse_line::<A>(&line).map_err(err)? {
            None => {}
            Some(ScriptLine::Wait(d)) => thread::sleep(d),
            Some(ScriptLine::WaitHost) if !sim.wait_for_host(Duration::from_secs(30)) => {
                return Err(err(SimError::NoHost));
            }
            Some(ScriptLine::WaitHost) => {}
            Some(ScriptLine::Act(a)) => {
                sim.act(a).map_err(err)?;
                echo(&line);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proto::{Button, Color};
    use crate::sim::{ClockAction, ClockState, DgtAction, PegAction};

    #[test]
    fn script_lines_parse_as_json_or_words() {
        assert_eq!(
            parse_line::<PegAction>(r#"{"lift":"e2"}"#),
            Ok(Some(ScriptLine::Act(PegAction::Lift("e2".into()))))
        );
        assert_eq!(
            parse_line::<PegAction>("place e4"),
            Ok(Some(ScriptLine::Act(PegAction::Place("e4".into()))))
        );
        assert_eq!(
            parse_line::<ClockAction>("lever black"),
            Ok(Some(ScriptLine::Act(ClockAction::Lever(Color::Black))))
        );
        assert_eq!(
            parse_line::<ClockAction>(r#"{"button":"push_to_talk"}"#),
            Ok(Some(ScriptLine::Act(ClockAction::Button(
                Button::PushToTalk
            ))))
        );
        assert_eq!(
            parse_line::<DgtAction>("wait 300"),
            Ok(Some(ScriptLine::Wait(Duration::from_millis(300))))
        );
        assert_eq!(parse_line::<DgtAction>("# comment"), Ok(None));
        // The DGT 3000 on the DGT board (`dgt: lever white` in the table's scripts).
        assert_eq!(
            parse_line::<DgtAction>("lever white"),
            Ok(Some(ScriptLine::Act(DgtAction::Lever(Color::White))))
        );
        assert_eq!(
            parse_line::<DgtAction>("clock_button 3"),
            Ok(Some(ScriptLine::Act(DgtAction::ClockButton(3))))
        );
        assert_eq!(
            parse_line::<DgtAction>("clock disconnected"),
            Ok(Some(ScriptLine::Act(DgtAction::Clock(
                ClockState::Disconnected
            ))))
        );
        assert_eq!(
            parse_line::<DgtAction>(r#"{"clock":"low_battery"}"#),
            Ok(Some(ScriptLine::Act(DgtAction::Clock(
                ClockState::LowBattery
            ))))
        );
        assert!(matches!(
            parse_line::<DgtAction>("lever left"),
            Err(SimError::Action(_))
        ));
        assert_eq!(
            parse_line::<DgtAction>("wait_host"),
            Ok(Some(ScriptLine::WaitHost))
        );
        assert_eq!(
            parse_line::<DgtAction>(r#"{"wait_host":true}"#),
            Ok(Some(ScriptLine::WaitHost))
        );
        assert!(matches!(
            parse_line::<DgtAction>("fly e2"),
            Err(SimError::Action(_))
        ));
        assert_eq!(
            parse_line::<PegAction>("lift").map(|_| ()),
            Ok(()),
            "a missing square is caught when the action runs"
        );
    }
}
