//! A clock script's step as the lines `annabella clock` prints: readable text, or one
//! JSON object a line.

use std::time::Duration;

use serde_json::json;
use shakmaty::Color;

use super::script::{ClockAction, StepReport};
use crate::ClockTime;

/// A colour as the clock's lines name it.
fn color(color: Color) -> &'static str {
    color.fold_wb("white", "black")
}

/// A duration in seconds, to the millisecond.
fn seconds(d: Duration) -> f64 {
    d.as_millis() as f64 / 1000.0
}

impl StepReport {
    /// The event as `annabella clock` writes it: each flag that fell, then the times left.
    pub fn text_lines(&self) -> Vec<String> {
        let step = self;
        let mut lines = Vec::new();
        let line = step.event.line;
        for flag in &step.flags {
            lines.push(format!(
                "line {line}: FLAG {}'s time ran out at {}",
                color(flag.color),
                ClockTime(flag.at)
            ));
        }
        let what = match step.event.action {
            ClockAction::Start(c) => format!("{} starts", color(c)),
            ClockAction::Press(c) => match step.press {
                Some(p) => format!("{} completes move {}", color(c), p.move_number),
                None => format!("{} presses", color(c)),
            },
            ClockAction::Pause => "pause".to_owned(),
            ClockAction::Resume => "resume".to_owned(),
            ClockAction::Add(c, d) => format!("add {} to {}", ClockTime(d), color(c)),
            ClockAction::Show => "show".to_owned(),
        };
        lines.push(format!(
            "line {line}: {}  {what}: white {}  black {}",
            ClockTime(step.event.at),
            ClockTime(step.remaining.white),
            ClockTime(step.remaining.black),
        ));
        lines
    }

    /// The event as the JSON lines of `annabella clock --json`: each flag, then the event.
    pub fn json_lines(&self) -> Vec<String> {
        let step = self;
        let mut lines = Vec::new();
        let line = step.event.line;
        for flag in &step.flags {
            lines.push(
                json!({"line": line, "flag": color(flag.color), "at": seconds(flag.at)})
                    .to_string(),
            );
        }
        let (event, who) = match step.event.action {
            ClockAction::Start(c) => ("start", Some(c)),
            ClockAction::Press(c) => ("press", Some(c)),
            ClockAction::Pause => ("pause", None),
            ClockAction::Resume => ("resume", None),
            ClockAction::Add(c, _) => ("add", Some(c)),
            ClockAction::Show => ("show", None),
        };
        let mut out = json!({
            "line": line,
            "at": seconds(step.event.at),
            "event": event,
            "white": seconds(step.remaining.white),
            "black": seconds(step.remaining.black),
            "running": step.running.map(color),
        });
        if let Some(c) = who {
            out["color"] = json!(color(c));
        }
        if let Some(p) = step.press {
            out["move"] = json!(p.move_number);
        }
        lines.push(out.to_string());
        lines
    }
}
