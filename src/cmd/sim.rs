//! `annabella sim dgt|peg-board|clock`: a simulated device on a pseudo-terminal. Prints
//! the path to open on the first line, then acts as the device, driven by a script of
//! JSON lines (`{"move":"e2e4"}`, `{"lift":"e2"}`, `{"lever":"white"}`,
//! `{"wait_ms":300}`) and then by stdin (the same, or words: `lift e2`, `lever white`).
//! With `--firmware FILE.elf` the peg board or clock is the real firmware in simavr
//! (`hardware/build/avr-harness`), driven at its pins by the same script.

use std::path::PathBuf;
use std::process::ExitCode;

use annabella_devices::sim::serve::{ServeError, ServeOptions, SimKind, serve};

/// Flags of `annabella sim`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Which device to simulate.
    device: Device,
    /// JSON-lines script to run first (then stdin is read).
    #[arg(long)]
    script: Option<PathBuf>,
    /// Pieces on the board at the start (FEN or its board part; DGT and peg board).
    #[arg(long)]
    fen: Option<String>,
    /// Also point this symlink at the pseudo-terminal (a stable name to open).
    #[arg(long)]
    link: Option<PathBuf>,
    /// Exit when the script (and stdin) are done instead of serving until killed.
    #[arg(long)]
    exit: bool,
    /// Run this firmware image (ELF) in simavr instead of the Rust simulator (peg board
    /// and clock; `make -C hardware` builds `hardware/build/tactile-board.elf` and
    /// `tactile-clock.elf` and the harness).
    #[arg(long, value_name = "FILE.elf")]
    firmware: Option<PathBuf>,
}

/// The simulated devices.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum Device {
    /// A DGT e-board with a DGT 3000 clock.
    Dgt,
    /// The tactile peg board.
    PegBoard,
    /// The tactile clock.
    Clock,
}

/// Runs the simulator until killed (or, with `--exit`, until its input ends).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let options = ServeOptions {
        device: match args.device {
            Device::Dgt => SimKind::Dgt,
            Device::PegBoard => SimKind::PegBoard,
            Device::Clock => SimKind::Clock,
        },
        script: args.script,
        fen: args.fen,
        link: args.link,
        exit: args.exit,
        firmware: args.firmware,
    };
    serve(
        &options,
        std::io::stdin().lock(),
        std::io::stdout().lock(),
        |line| {
            eprintln!("sim: {line}");
        },
    )
    .map_err(|e| match e {
        // The library says what is wrong; the flag that asked for it is ours to name.
        ServeError::NoFirmware | ServeError::Firmware(_) => {
            anyhow::Error::new(e).context("--firmware")
        }
        e => e.into(),
    })?;
    Ok(ExitCode::SUCCESS)
}
