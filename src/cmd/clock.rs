//! `annabella clock`: runs a file of timestamped presses through a clock and prints the
//! times left after each, and every flag that falls — to check time controls by hand.

use std::{path::PathBuf, process::ExitCode, time::Duration};

use annabella_rules::{
    ClockTime, TimeControl,
    clock::script::{self, ClockAction, Runner, StepReport},
    shakmaty::Color,
};
use anyhow::Context;
use serde_json::json;

/// Flags of `annabella clock`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Time control, e.g. "40/5400+30:1800+30", "300+2", "5400d30" (US delay) or
    /// "5400b30" (Bronstein delay).
    #[arg(long)]
    control: String,
    /// File of events, one per line: a timestamp (seconds or mm:ss) and white|black
    /// (who pressed), pause, resume or "add white|black SECONDS"; '#' starts a comment.
    #[arg(long)]
    presses: PathBuf,
    /// One JSON object per line instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs the presses and prints each step as it happens.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let control: TimeControl = args.control.parse()?;
    let path = args.presses.display();
    let text =
        std::fs::read_to_string(&args.presses).with_context(|| format!("cannot read {path}"))?;
    let events = script::parse(&text).with_context(|| format!("{path}"))?;
    if !args.json {
        println!(
            "control {control} ({}), White's clock starts at 0",
            control.rate_of_play()
        );
    }
    let mut runner = Runner::new(control);
    for event in &events {
        let step = runner.step(event).with_context(|| format!("{path}"))?;
        if args.json {
            print_json(&step);
        } else {
            print_text(&step);
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn color(color: Color) -> &'static str {
    color.fold_wb("white", "black")
}

fn seconds(d: Duration) -> f64 {
    d.as_millis() as f64 / 1000.0
}

fn print_text(step: &StepReport) {
    let line = step.event.line;
    for flag in &step.flags {
        println!(
            "line {line}: FLAG {}'s time ran out at {}",
            color(flag.color),
            ClockTime(flag.at)
        );
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
    println!(
        "line {line}: {}  {what}: white {}  black {}",
        ClockTime(step.event.at),
        ClockTime(step.remaining.white),
        ClockTime(step.remaining.black),
    );
}

fn print_json(step: &StepReport) {
    let line = step.event.line;
    for flag in &step.flags {
        println!(
            "{}",
            json!({"line": line, "flag": color(flag.color), "at": seconds(flag.at)})
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
    println!("{out}");
}
