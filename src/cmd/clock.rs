//! `annabella clock`: runs a file of timestamped presses through a clock and prints the
//! times left after each, and every flag that falls — to check time controls by hand.

use std::{path::PathBuf, process::ExitCode};

use annabella_phonetic::{
    Language,
    messages::{Arg, Messages},
};
use annabella_rules::{
    ClockTime, TimeControl,
    clock::script::{self, ClockAction, Runner, StepReport},
};
use anyhow::Context;

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
    /// The language of the lines in words (not `--json`): de, en, lt, lv or hu.
    #[arg(long, default_value = "de")]
    language: Language,
}

/// Runs the presses and prints each step as it happens.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let control: TimeControl = args.control.parse()?;
    let path = args.presses.display();
    let text =
        std::fs::read_to_string(&args.presses).with_context(|| format!("cannot read {path}"))?;
    let events = script::parse(&text).with_context(|| format!("{path}"))?;
    let m = Messages::get(args.language);
    if !args.json {
        let line = m.text(
            "clock-control",
            &[
                ("control", control.to_string().into()),
                ("rate", control.rate_of_play().to_string().into()),
            ],
        );
        super::out!("{line}");
    }
    let mut runner = Runner::new(control);
    for event in &events {
        let step = runner.step(event).with_context(|| format!("{path}"))?;
        let lines = if args.json {
            step.json_lines()
        } else {
            words(&step, m)
        };
        for line in lines {
            super::out!("{line}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A step in sentences of the messages' language: each flag that fell, then the times
/// left after the event.
fn words(step: &StepReport, m: &Messages) -> Vec<String> {
    let side =
        |c: shakmaty::Color| -> Arg<'static> { ("color", c.fold_wb("white", "black").into()) };
    let time = |d| ClockTime(d).to_string().into();
    let line = || ("line", step.event.line.to_string().into());
    let mut lines: Vec<String> = step
        .flags
        .iter()
        .map(|f| m.text("clock-flag", &[line(), side(f.color), ("at", time(f.at))]))
        .collect();
    let what = match step.event.action {
        ClockAction::Start(c) => m.text("clock-what-start", &[side(c)]),
        ClockAction::Press(c) => match step.press {
            Some(p) => m.text(
                "clock-what-move",
                &[side(c), ("number", p.move_number.to_string().into())],
            ),
            None => m.text("clock-what-press", &[side(c)]),
        },
        ClockAction::Pause => m.text("clock-what-pause", &[]),
        ClockAction::Resume => m.text("clock-what-resume", &[]),
        ClockAction::Add(c, d) => m.text("clock-what-add", &[side(c), ("time", time(d))]),
        ClockAction::Show => m.text("clock-what-show", &[]),
    };
    lines.push(m.text(
        "clock-step",
        &[
            line(),
            ("at", time(step.event.at)),
            ("what", what.into()),
            ("white", time(step.remaining.white)),
            ("black", time(step.remaining.black)),
        ],
    ));
    lines
}
