//! `annabella devices`: look at the table's serial hardware. `list` shows the serial
//! ports with their stable names; `watch` opens one device and prints what it reports
//! (moves, touches, presses, mismatches, reconnects: what the table's detector sees in
//! its events), one JSON line per event with `--json`.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use annabella_devices::transport::list_ports;
use annabella_phonetic::{Language, messages::Messages};
use annabella_setup::watch::{WatchOptions, WatchedPort, watch_port};

/// Flags of `annabella devices`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The language of what is said in words (not the ports' and devices' own lines nor
    /// `--json`): de, en, lt, lv or hu.
    #[arg(long, global = true, default_value = "de")]
    language: Language,
    #[command(subcommand)]
    command: DevicesCommand,
}

/// What to do with the devices (one variant per job; audio devices join here).
#[derive(Debug, clap::Subcommand)]
pub enum DevicesCommand {
    /// List serial ports and their stable /dev/serial/by-id names.
    List(ListArgs),
    /// Open one device and print its events.
    Watch(WatchArgs),
    /// List audio input devices (microphones) for `annabella listen --mic`.
    Audio(ListArgs),
}

/// Flags of `annabella devices list`.
#[derive(Debug, clap::Args)]
pub struct ListArgs {
    /// One JSON object per line.
    #[arg(long)]
    json: bool,
}

/// Flags of `annabella devices watch`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("device").required(true).args(["dgt", "peg_board", "clock"])))]
pub struct WatchArgs {
    /// A DGT e-board (9600 baud) at this path.
    #[arg(long, value_name = "PATH")]
    dgt: Option<PathBuf>,
    /// A tactile peg board at this path.
    #[arg(long, value_name = "PATH")]
    peg_board: Option<PathBuf>,
    /// A tactile clock at this path.
    #[arg(long, value_name = "PATH")]
    clock: Option<PathBuf>,
    /// Game position to detect moves from (default: the initial position).
    #[arg(long)]
    fen: Option<String>,
    /// The FEN is a Chess960 position (castling as king-takes-rook in the output).
    #[arg(long)]
    chess960: bool,
    /// Baud rate (default 9600 for DGT, 115200 for our devices).
    #[arg(long)]
    baud: Option<u32>,
    /// One JSON object per line.
    #[arg(long)]
    json: bool,
    /// Stop after this many events.
    #[arg(long)]
    count: Option<usize>,
}

/// Runs `annabella devices …`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.command {
        DevicesCommand::List(a) => list(a, args.language),
        DevicesCommand::Watch(a) => watch(a, args.language),
        DevicesCommand::Audio(a) => audio(a, args.language),
    }
}

fn list(args: ListArgs, language: Language) -> anyhow::Result<ExitCode> {
    let ports = list_ports();
    let mut out = std::io::stdout().lock();
    if ports.is_empty() && !args.json {
        writeln!(
            out,
            "{}",
            Messages::get(language).text("devices-no-ports", &[])
        )?;
    }
    for p in ports {
        if args.json {
            writeln!(out, "{}", serde_json::to_string(&p)?)?;
        } else {
            writeln!(out, "{}", p.line())?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn watch(args: WatchArgs, language: Language) -> anyhow::Result<ExitCode> {
    let port = match (args.dgt, args.peg_board, args.clock) {
        (Some(path), _, _) => WatchedPort::Dgt(path),
        (None, Some(path), _) => WatchedPort::PegBoard(path),
        (None, None, Some(path)) => WatchedPort::Clock(path),
        (None, None, None) => unreachable!("clap requires one device"),
    };
    let options = WatchOptions {
        fen: args.fen,
        chess960: args.chess960,
        baud: args.baud,
        json: args.json,
        count: args.count,
        language,
    };
    watch_port(&port, &options, std::io::stdout().lock())?;
    Ok(ExitCode::SUCCESS)
}

fn audio(args: ListArgs, language: Language) -> anyhow::Result<ExitCode> {
    let devices = annabella_speech::audio::input_devices();
    let mut out = std::io::stdout().lock();
    if devices.is_empty() && !args.json {
        writeln!(
            out,
            "{}",
            Messages::get(language).text("devices-no-audio", &[])
        )?;
    }
    for d in devices {
        if args.json {
            writeln!(out, "{}", serde_json::to_string(&d)?)?;
        } else {
            writeln!(out, "{}", d.line())?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
