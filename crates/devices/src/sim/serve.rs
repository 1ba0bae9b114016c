//! `annabella sim`: one simulated device (or our firmware in simavr) served on a
//! pseudo-terminal, its path written first, then driven by a script and by input lines.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use serde::Deserialize;
use shakmaty::Board;

use super::{
    ClockAction, ClockSim, DgtSim, FirmwareError, FirmwareKind, FirmwarePlan, FirmwareSim, Hands,
    PegAction, PegBoardSim, ScriptError, SimDevice, Simulator, run_script, start_board,
    start_occupancy,
};

/// The devices `annabella sim` serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SimKind {
    /// A DGT e-board with a DGT 3000 clock.
    Dgt,
    /// The tactile peg board.
    PegBoard,
    /// The tactile clock.
    Clock,
}

/// What to serve and how (the flags of `annabella sim`).
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// Which device.
    pub device: SimKind,
    /// A JSON-lines script run before the input lines.
    pub script: Option<PathBuf>,
    /// Pieces on the board at the start (FEN or its board part).
    pub fen: Option<String>,
    /// A symlink pointed at the pseudo-terminal.
    pub link: Option<PathBuf>,
    /// Return when the input ends instead of serving until the process is killed.
    pub exit: bool,
    /// Our firmware image (ELF) to run in simavr instead of the Rust simulator.
    pub firmware: Option<PathBuf>,
}

/// Why a device could not be served.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// `--fen` names no board.
    #[error("bad board in FEN {fen:?}")]
    Fen {
        /// The FEN as given.
        fen: String,
        /// Why.
        #[source]
        source: shakmaty::fen::ParseFenError,
    },
    /// The DGT board runs no firmware of ours.
    #[error("the DGT board has no firmware of ours")]
    NoFirmware,
    /// The firmware could not be started.
    #[error("the firmware could not be started")]
    Firmware(#[source] FirmwareError),
    /// The pseudo-terminal or its link could not be made.
    #[error("cannot start the simulated device")]
    Start(#[source] std::io::Error),
    /// The script could not be read.
    #[error("cannot read {}", path.display())]
    ReadScript {
        /// The script.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A script line is bad.
    #[error("in {}", path.display())]
    Script {
        /// The script.
        path: PathBuf,
        /// The line and what is wrong with it.
        #[source]
        source: ScriptError,
    },
    /// The output or the input failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// Serves the device of `options`: writes its path to `out`, runs the script, then each
/// line of `input` (`quit` ends; a bad line goes to `echo` as `input line N: …` and the
/// device goes on). Actions are reported to `echo`. Without `exit` it never returns Ok.
///
/// # Errors
/// A [`ServeError`] naming what could not be started or read.
pub fn serve(
    options: &ServeOptions,
    input: impl BufRead,
    out: impl Write,
    echo: impl Fn(&str),
) -> Result<(), ServeError> {
    let board = match &options.fen {
        Some(fen) => {
            let part = fen.split_whitespace().next().unwrap_or("");
            part.parse::<Board>().map_err(|source| ServeError::Fen {
                fen: fen.clone(),
                source,
            })?
        }
        None => start_board(),
    };
    let io = Io { input, out, echo };
    if let Some(elf) = &options.firmware {
        let kind = match options.device {
            SimKind::Dgt => return Err(ServeError::NoFirmware),
            SimKind::PegBoard => FirmwareKind::PegBoard,
            SimKind::Clock => FirmwareKind::Clock,
        };
        let mut plan = FirmwarePlan::with_image(kind, elf.clone());
        plan.link.clone_from(&options.link);
        plan.occupancy = options
            .fen
            .as_ref()
            .filter(|_| kind == FirmwareKind::PegBoard)
            .map(|_| board.to_string());
        let sim = FirmwareSim::spawn(&plan).map_err(ServeError::Firmware)?;
        return match kind {
            FirmwareKind::PegBoard => drive::<PegAction>(&sim, options, io),
            FirmwareKind::Clock => drive::<ClockAction>(&sim, options, io),
        };
    }
    match options.device {
        SimKind::Dgt => start(DgtSim::new(board), options, io),
        SimKind::PegBoard => {
            let occ = if options.fen.is_some() {
                board.occupied()
            } else {
                start_occupancy()
            };
            start(PegBoardSim::new(occ), options, io)
        }
        SimKind::Clock => start(ClockSim::default(), options, io),
    }
}

/// The input, output and echo of [`serve`].
struct Io<I, O, E> {
    input: I,
    out: O,
    echo: E,
}

fn start<D: SimDevice>(
    device: D,
    options: &ServeOptions,
    io: Io<impl BufRead, impl Write, impl Fn(&str)>,
) -> Result<(), ServeError> {
    let sim = match &options.link {
        Some(link) => Simulator::spawn_at(device, link),
        None => Simulator::spawn(device),
    }
    .map_err(ServeError::Start)?;
    drive::<D::Action>(&sim, options, io)
}

/// Writes the path to open, then runs the script and the input against `sim`.
fn drive<A: for<'de> Deserialize<'de>>(
    sim: &(impl Hands<A> + Opened),
    options: &ServeOptions,
    mut io: Io<impl BufRead, impl Write, impl Fn(&str)>,
) -> Result<(), ServeError> {
    writeln!(io.out, "{}", sim.path().display())?;
    io.out.flush()?;
    let echo = &io.echo;
    if let Some(script) = &options.script {
        let text = std::fs::read_to_string(script).map_err(|source| ServeError::ReadScript {
            path: script.clone(),
            source,
        })?;
        run_script(sim, text.lines().map(str::to_owned), echo).map_err(|source| {
            ServeError::Script {
                path: script.clone(),
                source,
            }
        })?;
    }
    // Keyboard (or piped) input: a bad line is reported and the simulator goes on.
    for (i, line) in io.input.lines().enumerate() {
        let line = line?;
        if line.trim() == "quit" {
            return Ok(());
        }
        if let Err(e) = run_script(sim, [line], echo) {
            echo(&format!("input line {}: {}", i + 1, e.error));
        }
    }
    if !options.exit {
        loop {
            std::thread::park();
        }
    }
    Ok(())
}

/// A device with a path for the host to open.
trait Opened {
    fn path(&self) -> &Path;
}

impl<D: SimDevice> Opened for Simulator<D> {
    fn path(&self) -> &Path {
        Simulator::path(self)
    }
}

impl Opened for FirmwareSim {
    fn path(&self) -> &Path {
        FirmwareSim::path(self)
    }
}
