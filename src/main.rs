//! `annabella`: the command-line front of the table. Parses flags and wires the crates;
//! each subcommand lives in its own module under `cmd/`.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cmd;

/// The assistant the FIDE Laws allow a visually impaired chess player.
#[derive(Debug, Parser)]
#[command(name = "annabella", version, about)]
struct Cli {
    /// How the crates' log events are written to standard error: plain lines, or one
    /// JSON object a line (`RUST_LOG` filters both; default: annabella's at info).
    #[arg(long, global = true, value_enum, default_value_t = annabella_logging::LogFormat::Plain)]
    log_format: annabella_logging::LogFormat,
    #[command(subcommand)]
    command: Command,
}

/// One subcommand per job; each variant's arguments live beside its code in `cmd/`.
#[derive(Debug, Subcommand)]
enum Command {
    /// Run timestamped clock presses through a time control and print the times.
    Clock(cmd::clock::Args),
    /// Serial hardware: list ports, watch a DGT board, peg board or clock.
    Devices(cmd::devices::Args),
    /// Words heard or typed → a move or a command in a position (one JSON line).
    Parse(cmd::parse::Args),
    /// A move (UCI) → the words announced.
    Say(cmd::say::Args),
    /// The phrase list a recognizer may hear in a position (Vosk grammar JSON).
    Grammar(cmd::grammar::Args),
    /// Recognise spoken moves from a WAV file, raw PCM or a microphone (Vosk).
    Listen(cmd::listen::Args),
    /// Replay the games of a PGN file under the Laws: how each ended, what is claimable.
    Replay(cmd::replay::Args),
    /// Review a finished game (journal or PGN) line by line: forward, back, a move, the
    /// position, the moves, and after a practice game the engine's evaluation and mistakes.
    Review(cmd::review::Args),
    /// Can a side still checkmate by any series of legal moves? (chasolver)
    Unwinnable(cmd::unwinnable::Args),
    /// Simulate a DGT board, peg board or tactile clock on a pseudo-terminal.
    Sim(cmd::sim::Args),
    /// Both scoresheets and boards → the arbiter's plan to put them right (Law D.2.9).
    Reconcile(cmd::reconcile::Args),
    /// The arbiter's web console (`--demo`: over a fixed discrepancy, to try by hand).
    Console(cmd::console::Args),
    /// One real table from a config: devices, voices, time control, players.
    Play(cmd::play::Args),
    /// A complete simulated table playing a scripted game; writes journal, PGN, Braille.
    Demo(cmd::demo::Args),
    /// The tournament hall: every table over one MQTT broker, alerts first, live PGN.
    Hall(Box<cmd::hall::Args>),
    /// A round's pairings from a FIDE TRF file; `--results PGN --out NEW.trf` writes its results.
    Pairings(cmd::pairings::Args),
    /// Find the connected devices, ask what cannot be found, write a commented table.toml.
    Init(Box<cmd::init::Args>),
    /// Is the table ready? One line per device, microphone, model, voice, records, console.
    Doctor(cmd::doctor::Args),
    /// Journals of tables: `journal replay FILE` prints the rebuilt table.
    Journal(cmd::journal::Args),
    /// A game's records from its journal: `export pgn|brf|pdf JOURNAL [--out FILE]`.
    Export(cmd::export::Args),
    /// Internal: load a speech model in this fresh process (the trial load of a model
    /// without a manifest; a crash of libvosk here is reported by the parent).
    #[command(name = annabella_speech::TRIAL_LOAD_COMMAND, hide = true)]
    TrialLoadModel {
        /// The model directory.
        dir: std::path::PathBuf,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Err(bad) = annabella_logging::init(cli.log_format) {
        // The subscriber has no filter of the user's: this one line goes straight to stderr.
        annabella_logging::warn(&format!("annabella: {bad}"));
    }
    match run(cli.command) {
        Ok(code) => code,
        // The reader went away (`| head -1`): nothing more to say, and nobody to say it to.
        Err(err) if closed_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            // Printable line by line: an error may quote a file or a server (an escape
            // sequence there never reaches the terminal), its own lines stay lines.
            let text = told(&err);
            let lines: Vec<String> = text
                .lines()
                .map(|l| annabella_rules::printable(l).into_owned())
                .collect();
            annabella_logging::fail(&format!("annabella: {}", lines.join("\n")));
            ExitCode::from(2)
        }
    }
}

/// The error and its causes as one sentence, `what: why: why`, each cause said once: an
/// error that keeps its source (`#[source]`) and also says it in its own words is not
/// repeated by its source.
fn told(err: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in err.chain() {
        let said = cause.to_string();
        if text.contains(&said) {
            continue;
        }
        if !text.is_empty() {
            text.push_str(": ");
        }
        text.push_str(&said);
    }
    text
}

/// True when the command stopped because its standard output was closed.
fn closed_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Dispatches to the subcommand's own `run`.
fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Clock(args) => cmd::clock::run(args),
        Command::Devices(args) => cmd::devices::run(args),
        Command::Sim(args) => cmd::sim::run(args),
        Command::Parse(args) => cmd::parse::run(args),
        Command::Say(args) => cmd::say::run(args),
        Command::Grammar(args) => cmd::grammar::run(args),
        Command::Reconcile(args) => cmd::reconcile::run(args),
        Command::Listen(args) => cmd::listen::run(args),
        Command::Console(args) => cmd::console::run(args),
        Command::Replay(args) => cmd::replay::run(args),
        Command::Review(args) => cmd::review::run(args),
        Command::Unwinnable(args) => cmd::unwinnable::run(args),
        Command::Play(args) => cmd::play::run(args),
        Command::Init(args) => cmd::init::run(*args),
        Command::Doctor(args) => cmd::doctor::run(args),
        Command::Demo(args) => cmd::demo::run(args),
        Command::Hall(args) => cmd::hall::run(*args),
        Command::Pairings(args) => cmd::pairings::run(args),
        Command::Journal(args) => cmd::journal::run(args),
        Command::Export(args) => cmd::export::run(args),
        Command::TrialLoadModel { dir } => {
            Ok(ExitCode::from(annabella_speech::trial_load_here(&dir)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An error that says its source in its own words, and keeps it.
    #[derive(Debug)]
    struct Says(std::io::Error);

    impl std::fmt::Display for Says {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "the scoresheet PDF: {}", self.0)
        }
    }

    impl std::error::Error for Says {
        fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
            Some(&self.0)
        }
    }

    /// An error that leaves its source to be told after it.
    #[derive(Debug)]
    struct Quiet(std::io::Error);

    impl std::fmt::Display for Quiet {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("cannot start the simulated device")
        }
    }

    impl std::error::Error for Quiet {
        fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
            Some(&self.0)
        }
    }

    #[test]
    fn a_cause_is_told_once_whether_or_not_its_error_says_it() {
        let says = anyhow::Error::new(Says(std::io::Error::other("no font"))).context("--sheet");
        assert_eq!(told(&says), "--sheet: the scoresheet PDF: no font");
        let quiet = anyhow::Error::new(Quiet(std::io::Error::other("no pty")));
        assert_eq!(told(&quiet), "cannot start the simulated device: no pty");
    }
}
