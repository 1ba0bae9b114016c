//! `annabella clock`: runs a file of timestamped presses through a clock and prints the
//! times left after each, and every flag that falls — to check time controls by hand.

use std::{path::PathBuf, process::ExitCode};

use annabella_rules::{
    TimeControl,
    clock::script::{self, Runner},
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
}

/// Runs the presses and prints each step as it happens.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let control: TimeControl = args.control.parse()?;
    let path = args.presses.display();
    let text =
        std::fs::read_to_string(&args.presses).with_context(|| format!("cannot read {path}"))?;
    let events = script::parse(&text).with_context(|| format!("{path}"))?;
    if !args.json {
        super::out!(
            "control {control} ({}), White's clock starts at 0",
            control.rate_of_play()
        );
    }
    let mut runner = Runner::new(control);
    for event in &events {
        let step = runner.step(event).with_context(|| format!("{path}"))?;
        let lines = if args.json {
            step.json_lines()
        } else {
            step.text_lines()
        };
        for line in lines {
            super::out!("{line}");
        }
    }
    Ok(ExitCode::SUCCESS)
}
