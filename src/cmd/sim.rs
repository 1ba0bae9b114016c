//! `annabella sim dgt|peg-board|clock`: a simulated device on a pseudo-terminal. Prints
//! the path to open on the first line, then acts as the device, driven by a script of
//! JSON lines (`{"move":"e2e4"}`, `{"lift":"e2"}`, `{"lever":"white"}`,
//! `{"wait_ms":300}`) and then by stdin (the same, or words: `lift e2`, `lever white`).
//! With `--firmware FILE.elf` the peg board or clock is the real firmware in simavr
//! (`hardware/build/avr-harness`), driven at its pins by the same script.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use annabella_devices::sim::{
    ClockAction, ClockSim, DgtSim, FirmwareKind, FirmwarePlan, FirmwareSim, Hands, PegAction,
    PegBoardSim, SimDevice, Simulator, run_script, start_board, start_occupancy,
};
use anyhow::Context;
use shakmaty::Board;

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
    let board = match &args.fen {
        Some(fen) => {
            let part = fen.split_whitespace().next().unwrap_or("");
            part.parse::<Board>()
                .with_context(|| format!("bad board in FEN {fen:?}"))?
        }
        None => start_board(),
    };
    if let Some(elf) = &args.firmware {
        let kind = match args.device {
            Device::Dgt => anyhow::bail!("--firmware: the DGT board has no firmware of ours"),
            Device::PegBoard => FirmwareKind::PegBoard,
            Device::Clock => FirmwareKind::Clock,
        };
        let mut plan = FirmwarePlan::with_image(kind, elf.clone());
        plan.link = args.link.clone();
        plan.occupancy = args
            .fen
            .as_ref()
            .filter(|_| kind == FirmwareKind::PegBoard)
            .map(|_| board.to_string());
        let sim = FirmwareSim::spawn(&plan).context("--firmware")?;
        return match kind {
            FirmwareKind::PegBoard => drive::<PegAction>(&sim, &args),
            FirmwareKind::Clock => drive::<ClockAction>(&sim, &args),
        };
    }
    match args.device {
        Device::Dgt => serve(DgtSim::new(board), &args),
        Device::PegBoard => {
            let occ = if args.fen.is_some() {
                board.occupied()
            } else {
                start_occupancy()
            };
            serve(PegBoardSim::new(occ), &args)
        }
        Device::Clock => serve(ClockSim::default(), &args),
    }
}

fn serve<D: SimDevice>(device: D, args: &Args) -> anyhow::Result<ExitCode> {
    let sim = match &args.link {
        Some(link) => Simulator::spawn_at(device, link),
        None => Simulator::spawn(device),
    }
    .context("cannot start the simulated device")?;
    drive::<D::Action>(&sim, args)
}

/// Prints the path to open, then runs the script and standard input against `sim`.
fn drive<A: for<'de> serde::Deserialize<'de>>(
    sim: &(impl Hands<A> + Opened),
    args: &Args,
) -> anyhow::Result<ExitCode> {
    {
        let mut out = std::io::stdout().lock();
        writeln!(out, "{}", sim.path().display())?;
        out.flush()?;
    }
    let echo = |line: &str| eprintln!("sim: {line}");
    if let Some(script) = &args.script {
        let text = std::fs::read_to_string(script)
            .with_context(|| format!("cannot read {}", script.display()))?;
        run_script(sim, text.lines().map(str::to_owned), echo)
            .with_context(|| format!("in {}", script.display()))?;
    }
    // Keyboard (or piped) input: a bad line is reported and the simulator goes on.
    let stdin = std::io::stdin();
    for (i, line) in stdin.lock().lines().enumerate() {
        let line = line?;
        if line.trim() == "quit" {
            return Ok(ExitCode::SUCCESS);
        }
        if let Err(e) = run_script(sim, [line], echo) {
            eprintln!("sim: input line {}: {}", i + 1, e.error);
        }
    }
    if !args.exit {
        loop {
            std::thread::park();
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A device with a path for the host to open.
trait Opened {
    fn path(&self) -> &std::path::Path;
}

impl<D: SimDevice> Opened for Simulator<D> {
    fn path(&self) -> &std::path::Path {
        Simulator::path(self)
    }
}

impl Opened for FirmwareSim {
    fn path(&self) -> &std::path::Path {
        FirmwareSim::path(self)
    }
}
