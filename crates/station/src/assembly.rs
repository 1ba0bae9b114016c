//! One station assembly for `play` and `demo`: [`StationPlan`] says what the table is
//! made of; [`Station::start`] opens the journal, the devices (serial ports or
//! simulators), the voices, the hearing and the web console, and returns the running
//! [`Station`] with the handles the people at the table use (requests, simulators,
//! push-to-talk, fed audio) and what it publishes (the table's view, the last committed
//! journal record). Every failure is one [`StationError`] naming what failed.

use std::{
    io::Write,
    path::{Path, PathBuf},
    sync::{Arc, mpsc as std_mpsc},
    time::Duration,
};

use annabella_devices::sim::{ClockSim, DgtSim, Hands as _, PegBoardSim, Simulated, Simulator};
use annabella_speech::{AudioInput, Ears, Hearing, HearingError, HearingSetup};
use annabella_table::{TableConfig, TableView};
use annabella_voice::{HeraldError, VoicePlan};
use tokio::sync::{mpsc, watch};

use crate::{
    braille_display::{BrailleDisplayPlan, DisplayKeys, RunningDisplay},
    config::{DeviceSpec, Devices},
    console_link::ConsoleSetup,
    records,
    session::{Session, SessionError, TableTime},
    shell::{self, Channels, Ending, Request, ShellOptions},
};

mod devices;
mod hearing;
mod journal;
mod screens;
mod voices;

pub use journal::holds_journal;

/// Requests waiting for the shell (keyboard, script, console, hearing).
const REQUESTS: usize = 64;
/// Herald news waiting for the shell.
const NEWS: usize = 256;

/// Audio the program pushes to the hearing (16 kHz mono samples).
pub type AudioFeed = std_mpsc::Sender<Vec<i16>>;

/// Why a station could not start or run to its end: one thing, named.
#[derive(Debug, thiserror::Error)]
pub enum StationError {
    /// The records directory or a record could not be written.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The session (journal, table) refused.
    #[error(transparent)]
    Session(#[from] SessionError),
    /// The table's secret cannot be read or made.
    #[error("the table's secret: {0}")]
    Secret(#[from] crate::journal::SecretError),
    /// A device's simulator could not be started.
    #[error("simulated {device}: {source}")]
    Device {
        /// The device (`peg board`, `DGT board`, `tactile clock`).
        device: &'static str,
        /// Why.
        source: std::io::Error,
    },
    /// The speech front end could not start (model, audio input).
    #[error(transparent)]
    Hearing(#[from] HearingError),
    /// A voice back end could not start.
    #[error(transparent)]
    Voice(#[from] HeraldError),
    /// The web console could not be served.
    #[error("console.listen {addr}: {source}")]
    Console {
        /// The address asked for.
        addr: String,
        /// Why.
        source: std::io::Error,
    },
    /// The VI player's Braille display could not start (libbrlapi, its record).
    #[error("braille display: {0}")]
    BrailleDisplay(#[source] crate::braille_display::DisplayStartError),
    /// The async runtime or a thread could not start.
    #[error("cannot start the station's threads: {0}")]
    Runtime(std::io::Error),
    /// Configured serial devices that cannot be opened: the table does not start without
    /// them unless told to.
    #[error(
        "cannot open {}; check the cables and [devices] in table.toml (\"none\" for a device the table has not), or let the table start without them and keep trying",
        .0.join("; ")
    )]
    DevicesMissing(Vec<String>),
    /// A new game was to start where a journal already is: a journal is never replaced.
    #[error(
        "{} already holds a game's journal; a new game never replaces it (choose another records directory)",
        .0.display()
    )]
    JournalExists(PathBuf),
    /// The journal holds no adjourned game to resume.
    #[error("{journal}: {reason}")]
    Resume {
        /// The journal given.
        journal: PathBuf,
        /// Why it cannot be resumed.
        reason: String,
    },
    /// The tournament hall's link could not start (`[hall]`).
    #[error("hall: {0}")]
    Hall(String),
    /// The opponent across the board (`[opponent]`) could not get ready.
    #[error(transparent)]
    Opponent(#[from] crate::opponent::OpponentError),
    /// The table's configuration, read again for the next game, is refused.
    #[error(transparent)]
    Config(#[from] annabella_config::ConfigError),
    /// The records directory holds a finished game and the next one was not wanted.
    #[error(
        "{} holds a finished game; nothing was started (the next game is started only when asked for)",
        .0.display()
    )]
    Finished(PathBuf),
    /// A script step failed (a device refused, an expected announcement never came).
    #[error("script line {line}: {message}")]
    Script {
        /// The line.
        line: usize,
        /// What happened.
        message: String,
    },
}

/// Names the file an I/O error happened on.
pub(crate) fn io(path: &Path) -> impl FnOnce(std::io::Error) -> StationError {
    let path = path.to_owned();
    move |source| StationError::Io { path, source }
}

/// How the VI player's words reach the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HearingPlan {
    /// As typed or recognised words in requests (no speech front end).
    Words,
    /// Through Vosk from the microphone, a recording or standard input.
    Setup(HearingSetup),
    /// Through Vosk from audio the program pushes ([`Station::feed`]), heard in real
    /// time (the demo's spoken phrases).
    Fed {
        /// The Vosk model directory.
        model: PathBuf,
    },
}

/// What a station is made of.
pub struct StationPlan {
    /// Where the journal and the records go.
    pub records_dir: PathBuf,
    /// The table (an existing journal keeps its own).
    pub table: TableConfig,
    /// Continue an existing journal and audio record (`play`) instead of starting
    /// afresh (`demo`).
    pub continue_journal: bool,
    /// The devices.
    pub devices: Devices,
    /// The voices.
    pub voices: VoicePlan,
    /// The VI player's words.
    pub hearing: HearingPlan,
    /// The web console, bound already (a busy port is reported before anything starts).
    pub console: Option<ConsoleSetup>,
    /// Where console lines go.
    pub output: Box<dyn Write + Send>,
    /// How console lines are written.
    pub style: crate::story::ConsoleStyle,
    /// Announcements also go to [`Station::heard`] (the script's `expect:`).
    pub heard_log: bool,
    /// Start even when a configured serial device cannot be opened (it is then tried
    /// again and again, as after a lost connection).
    pub allow_missing_devices: bool,
    /// The VI player's refreshable Braille display, if any.
    pub braille_display: Option<BrailleDisplayPlan>,
    /// The table's secret: the journal is keyed with it (none: not authenticated).
    pub secret: Option<crate::journal::TableSecret>,
    /// The operator's `--accept-unkeyed`: a journal without MACs at a table with a secret
    /// is continued (said loudly, once) instead of refused.
    pub accept_unkeyed: bool,
    /// The opponent in the sighted player's seat (`[opponent]`), if any.
    pub opponent: Option<Box<dyn crate::opponent::Opponent>>,
    /// Game after game (`play`): at the result the table stays up until the arbiter
    /// confirms it (`next game`); otherwise (`demo`) the station stops at the result.
    pub game_after_game: bool,
}

impl std::fmt::Debug for StationPlan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StationPlan")
            .field("records_dir", &self.records_dir)
            .field("devices", &self.devices)
            .field("hearing", &self.hearing)
            .finish_non_exhaustive()
    }
}

/// The simulators started for devices configured as `sim` (or `firmware`).
#[derive(Debug, Default)]
pub struct Sims {
    /// The peg board.
    pub peg: Option<Simulated<PegBoardSim>>,
    /// The DGT board.
    pub dgt: Option<Simulator<DgtSim>>,
    /// The tactile clock.
    pub clock: Option<Simulated<ClockSim>>,
}

impl Sims {
    /// Waits (at most `limit` each) until the station has opened every simulator.
    pub fn wait_for_host(&self, limit: Duration) -> bool {
        self.peg.as_ref().is_none_or(|s| s.wait_for_host(limit))
            && self.dgt.as_ref().is_none_or(|s| s.wait_for_host(limit))
            && self.clock.as_ref().is_none_or(|s| s.wait_for_host(limit))
    }
}

/// A running station.
pub struct Station {
    runtime: tokio::runtime::Runtime,
    shell: tokio::task::JoinHandle<Result<shell::Outcome, SessionError>>,
    hearing: Option<Hearing>,
    /// The journal.
    pub journal: PathBuf,
    /// The records directory.
    pub records_dir: PathBuf,
    /// Inputs for the table (keyboard, script).
    pub requests: mpsc::Sender<Request>,
    /// The simulators.
    pub sims: Arc<Sims>,
    /// Push-to-talk and the grammar's position, when the VI player is heard.
    pub ears: Option<Ears>,
    /// The VI player's audio, when it is fed by the program ([`HearingPlan::Fed`]).
    pub feed: Option<AudioFeed>,
    /// The VI player's audio comes on standard input (there is no keyboard then).
    pub audio_on_stdin: bool,
    /// The table's snapshot after every input.
    pub view: watch::Receiver<TableView>,
    /// The number of the last journal record committed: await it to act only after an
    /// input is on disk.
    pub committed: watch::Receiver<u64>,
    /// Every announcement's text, when [`StationPlan::heard_log`] was asked for.
    pub heard: Option<std_mpsc::Receiver<String>>,
    /// The audio record, if announcements are recorded.
    pub audio_record: Option<PathBuf>,
    /// The keys of the VI player's Braille display, if there is one.
    pub braille_keys: Option<DisplayKeys>,
    /// The VI player's Braille display, if any.
    braille_display: Option<RunningDisplay>,
    /// The opponent's play, if there is an opponent.
    opponent: Option<tokio::task::JoinHandle<crate::opponent::OpponentEnd>>,
}

impl std::fmt::Debug for Station {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Station")
            .field("journal", &self.journal)
            .finish_non_exhaustive()
    }
}

/// A station that has stopped.
#[derive(Debug)]
pub struct Stopped {
    /// How the shell ended.
    pub ending: Ending,
    /// The session (for the records).
    pub session: Session,
    /// How the opponent's play ended, if there was an opponent.
    pub opponent: Option<crate::opponent::OpponentEnd>,
}

impl Station {
    /// Opens the journal, the devices, the voices, the hearing and the console, and
    /// starts the shell.
    ///
    /// # Errors
    /// [`StationError`] naming the part that failed.
    pub fn start(mut plan: StationPlan) -> Result<Station, StationError> {
        let dir = plan.records_dir.clone();
        devices::check(&plan.devices, plan.allow_missing_devices)?;
        let runtime = runtime()?;
        let opponent = crate::opponent::prepare(&runtime, plan.opponent.take(), &mut plan.table)?;
        let (journal, session) = journal::open(
            &dir,
            plan.continue_journal,
            plan.table,
            plan.secret.as_ref(),
            plan.accept_unkeyed,
        )?;
        let epoch = session.epoch_unix_ms()?.unwrap_or_default();
        let time = TableTime::new(epoch, session.journal().last_now());
        let table = session.table().config().clone();
        let position = session.table().game().position().clone();

        let (requests_tx, requests_rx) = mpsc::channel(REQUESTS);
        let (news_tx, news_rx) = mpsc::channel(NEWS);
        let voices = plan
            .voices
            .with_languages(table.language, table.sighted_language);
        let herald = voices::open(&voices, &dir, plan.continue_journal, time, news_tx)?;
        let audio_record = herald.record.clone();
        let audio_on_stdin =
            matches!(&plan.hearing, HearingPlan::Setup(s) if s.input == AudioInput::Stdin);
        let (hearing, feed) = hearing::open(
            &plan.hearing,
            position.clone(),
            table.language,
            time,
            &requests_tx,
        )?;
        let ears = hearing.as_ref().map(Hearing::ears);

        let _entered = runtime.enter();
        let (sims, links) = devices::open(&plan.devices, &position)?;
        let sims = Arc::new(sims);
        let (view_tx, view_rx) = watch::channel(session.table().snapshot());
        let (committed_tx, committed_rx) = watch::channel(session.journal().len());
        let console = plan.console.map(|mut c| {
            c.game_after_game = plan.game_after_game;
            c
        });
        let (lines, braille_display) = screens::open(
            console,
            plan.braille_display,
            &screens::Screens {
                table: &table,
                sims: &sims,
                view: &view_rx,
                requests: &requests_tx,
                time,
                dir: &dir,
            },
        )?;
        let opponent = opponent.map(|o| {
            crate::opponent::seat(
                &runtime,
                o,
                table.clone(),
                view_rx.clone(),
                requests_tx.clone(),
                time,
            )
        });
        let (heard_tx, heard_rx) = heard_log(plan.heard_log);
        let shell = runtime.spawn(shell::run(
            session,
            time,
            links,
            Some(herald),
            Channels {
                news: news_rx,
                requests: requests_rx,
                view: view_tx,
                committed: committed_tx,
            },
            ShellOptions {
                console: plan.output,
                style: plan.style,
                stop_at_game_over: !plan.game_after_game,
                heard_log: heard_tx,
                lines,
                ears: ears.clone(),
                dgt_clock: (plan.devices.clock == DeviceSpec::OnDgt)
                    .then_some(plan.devices.dgt_buttons),
            },
        ));
        drop(_entered);
        Ok(Station {
            runtime,
            shell,
            hearing,
            journal,
            records_dir: dir,
            requests: requests_tx,
            sims,
            ears,
            feed,
            audio_on_stdin,
            view: view_rx,
            committed: committed_rx,
            heard: heard_rx,
            audio_record,
            braille_keys: braille_display.as_ref().map(RunningDisplay::keys),
            braille_display,
            opponent,
        })
    }

    /// Waits until the shell stops (game over, [`Request::Quit`], or every input
    /// closed), then stops the hearing and the devices.
    ///
    /// # Errors
    /// The journal could not be written.
    pub fn wait(self) -> Result<Stopped, StationError> {
        let Station {
            runtime,
            shell,
            mut hearing,
            requests,
            feed,
            braille_display,
            opponent,
            ..
        } = self;
        drop(requests);
        let result = runtime.block_on(shell);
        let opponent = opponent.and_then(|o| crate::opponent::ended(&runtime, o));
        runtime.shutdown_timeout(Duration::from_millis(500));
        if let Some(display) = braille_display {
            display.join();
        }
        if let Some(h) = hearing.as_mut() {
            h.stop();
        }
        drop(feed);
        let (ending, session, _herald) =
            result.map_err(|e| StationError::Runtime(std::io::Error::other(e)))??;
        Ok(Stopped {
            ending,
            session,
            opponent,
        })
    }
}

/// The station's own runtime: two worker threads for the shell, the console and the
/// devices.
fn runtime() -> Result<tokio::runtime::Runtime, StationError> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(StationError::Runtime)
}

/// The announcements' log for the script's `expect:`, when asked for: its sender (for
/// the shell) and receiver (for the station).
fn heard_log(
    wanted: bool,
) -> (
    Option<std_mpsc::Sender<String>>,
    Option<std_mpsc::Receiver<String>>,
) {
    if wanted {
        let (tx, rx) = std_mpsc::channel();
        (Some(tx), Some(rx))
    } else {
        (None, None)
    }
}

/// What a station wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StationReport {
    /// The journal.
    pub journal: PathBuf,
    /// PGN, BRF (and the audio record with its index when spoken).
    pub written: Vec<PathBuf>,
    /// Whether the game ended.
    pub game_over: bool,
    /// The result, if over.
    pub result: Option<String>,
    /// How the game ended, if over (the rules crate's name: `checkmate`, `flag-fall`, …).
    pub termination: Option<String>,
    /// A Braille problem (the PGN is written anyway).
    pub braille_problem: Option<String>,
    /// Why the printed scoresheet (`game.pdf`) was not written, if it was not.
    pub pdf_problem: Option<String>,
}

impl StationReport {
    /// Writes the records of a table that stopped (PGN, Braille) and reports them with
    /// the audio record and its index, when there is one.
    ///
    /// # Errors
    /// A record could not be written.
    pub fn finish(
        journal: PathBuf,
        stopped: &Stopped,
        dir: &Path,
        braille_table: &str,
        audio_record: Option<PathBuf>,
    ) -> Result<StationReport, StationError> {
        let session = &stopped.session;
        let (mut written, problem) =
            records::write(session.table(), dir, braille_table).map_err(io(dir))?;
        let pdf_problem = match records::write_pdf(session.table(), dir) {
            Ok(path) => {
                written.push(path);
                None
            }
            Err(e) => Some(e.to_string()),
        };
        let display = dir.join(annabella_braille_display::record::FILE_NAME);
        if display.exists() {
            written.push(display);
        }
        if let Some(r) = audio_record.filter(|r| r.exists()) {
            let index = r.with_extension("jsonl");
            if index.exists() {
                written.push(index);
            }
            written.push(r);
        }
        Ok(StationReport {
            journal,
            written,
            game_over: matches!(stopped.ending, Ending::GameOver | Ending::NextGame),
            result: session.table().end().map(|e| e.result.to_string()),
            termination: (session.table().end()).map(|e| e.termination.as_str().to_owned()),
            braille_problem: problem.map(|e| e.to_string()),
            pdf_problem,
        })
    }
}

/// Waits on a station's table view from a thread outside the station's runtime (a script
/// driver, the keyboard). Its small runtime is made once, not per wait, and is its own,
/// so a wait works even while the station shuts down.
#[derive(Debug)]
pub struct ViewWaiter {
    view: watch::Receiver<TableView>,
    runtime: tokio::runtime::Runtime,
}

impl ViewWaiter {
    /// A waiter on `view`.
    ///
    /// # Errors
    /// Its runtime cannot be made.
    pub fn new(view: watch::Receiver<TableView>) -> Result<ViewWaiter, StationError> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .map_err(StationError::Runtime)?;
        Ok(ViewWaiter { view, runtime })
    }

    /// Waits (at most `limit`) until the table's view satisfies `ready`; `false` when
    /// it did not in time or the station stopped.
    pub fn wait(&mut self, limit: Duration, ready: impl FnMut(&TableView) -> bool) -> bool {
        let view = &mut self.view;
        self.runtime.block_on(async {
            matches!(
                tokio::time::timeout(limit, view.wait_for(ready)).await,
                Ok(Ok(_))
            )
        })
    }
}
