//! One station assembly for `play` and `demo`: [`StationPlan`] says what the table is
//! made of; [`Station::start`] opens the journal, the devices (serial ports or
//! simulators), the voices, the hearing and the web console, and returns the running
//! [`Station`] with the handles the people at the table use (requests, simulators,
//! push-to-talk, fed audio) and what it publishes (the table's view, the last committed
//! journal record). Every failure is one [`StationError`] naming what failed.

use std::{
    io::Write,
    ops::ControlFlow,
    path::{Path, PathBuf},
    sync::{Arc, mpsc as std_mpsc},
    time::{Duration, Instant},
};

use annabella_devices::{
    sim::{
        ClockSim, DgtSim, FirmwareKind, FirmwarePlan, FirmwareSim, Hands as _, PegBoardSim,
        SimDevice, Simulated, Simulator,
    },
    transport::PortConfig,
};
use annabella_phonetic::Language;
use annabella_speech::{
    AudioInput, Coverage, Ears, FedSource, Final, Hearing, HearingError, HearingNews, HearingSetup,
    Pacing, ReadAhead, Step,
};
use annabella_table::{TableConfig, TableView};
use annabella_voice::{HeraldError, VoicePlan};
use shakmaty::{Chess, Position};
use tokio::sync::{mpsc, watch};

use crate::{
    braille_display::{BrailleDisplayPlan, DisplayKeys, RunningDisplay},
    config::{DeviceSpec, Devices},
    console_link::ConsoleSetup,
    heard, records,
    session::{Session, SessionError, TableTime},
    shell::{self, Channels, Ending, Request, ShellOptions},
};

mod parts;

/// Requests waiting for the shell (keyboard, script, console, hearing).
const REQUESTS: usize = 64;
/// Herald news waiting for the shell.
const NEWS: usize = 256;
/// Console lines waiting for the web console.
const CONSOLE_LINES: usize = 1024;

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

/// Each configured serial device that cannot be opened, named with its key and why.
fn unreachable_devices(devices: &Devices) -> Vec<String> {
    [
        ("devices.peg_board", &devices.peg_board),
        ("devices.dgt", &devices.dgt),
        ("devices.clock", &devices.clock),
    ]
    .into_iter()
    .filter_map(|(key, spec)| match spec {
        DeviceSpec::Serial { path, baud } => {
            annabella_devices::transport::probe(&PortConfig::new(path, *baud))
                .err()
                .map(|why| format!("{key} ({why})"))
        }
        DeviceSpec::Sim | DeviceSpec::Firmware { .. } | DeviceSpec::OnDgt | DeviceSpec::None => {
            None
        }
    })
    .collect()
}

/// True when `dir` holds a journal (its file, or the log of one that was never closed).
pub fn holds_journal(dir: &Path) -> bool {
    [crate::records::JOURNAL, "game.journal-wal"]
        .iter()
        .any(|name| dir.join(name).exists())
}

impl Station {
    /// Opens the journal, the devices, the voices, the hearing and the console, and
    /// starts the shell.
    ///
    /// # Errors
    /// [`StationError`] naming the part that failed.
    pub fn start(mut plan: StationPlan) -> Result<Station, StationError> {
        let dir = plan.records_dir.clone();
        let journal = parts::records_journal(&dir, plan.continue_journal)?;
        parts::check_devices(&plan.devices, plan.allow_missing_devices)?;
        let runtime = parts::runtime()?;
        let opponent = crate::opponent::prepare(&runtime, plan.opponent.take(), &mut plan.table)?;
        let session = open_session(
            &journal,
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
        let herald = parts::start_herald(&voices, &dir, plan.continue_journal, time, news_tx)?;
        let audio_record = herald.record.clone();
        let audio_on_stdin =
            matches!(&plan.hearing, HearingPlan::Setup(s) if s.input == AudioInput::Stdin);
        let (hearing, feed) = start_hearing(
            &plan.hearing,
            position.clone(),
            table.language,
            time,
            &requests_tx,
        )?;
        let ears = hearing.as_ref().map(Hearing::ears);

        let _entered = runtime.enter();
        let sims = Arc::new(start_sims(&plan.devices, &position)?);
        let links = parts::open_links(&plan.devices, &sims);
        let (view_tx, view_rx) = watch::channel(session.table().snapshot());
        let (committed_tx, committed_rx) = watch::channel(session.journal().len());
        let console = plan.console.map(|mut c| {
            c.game_after_game = plan.game_after_game;
            c
        });
        let lines = parts::start_console(console, &table, &sims, &view_rx, &requests_tx)?;
        let (lines, braille_display) = parts::start_braille_display(
            plan.braille_display,
            lines,
            &table,
            &view_rx,
            &requests_tx,
            time,
            &dir,
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
        let (heard_tx, heard_rx) = parts::heard_log(plan.heard_log);
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

/// Opens (or continues) the journal, saying what it found.
fn open_session(
    journal: &Path,
    table: TableConfig,
    secret: Option<&crate::journal::TableSecret>,
    accept_unkeyed: bool,
) -> Result<Session, StationError> {
    let (session, resumed) = Session::open_accepting(journal, table, secret, accept_unkeyed)?;
    if resumed.accepted_unkeyed {
        tracing::warn!(journal = %journal.display(), "{}", crate::session::ACCEPTED_UNKEYED);
    }
    if let Some(line) = resumed.not_authenticated().filter(|_| resumed.replayed > 0) {
        tracing::warn!(journal = %journal.display(), "{line}");
    }
    if let Some(d) = &resumed.dropped {
        tracing::warn!("journal {}: {d}", journal.display());
    }
    if resumed.replayed > 0 {
        tracing::info!(
            "continuing the game in {} ({} records replayed)",
            journal.display(),
            resumed.replayed
        );
    }
    if resumed.config_from_journal {
        tracing::info!("the journal's own table settings are kept (they differ from the config)");
    }
    Ok(session)
}

/// Starts the simulators of the devices configured as `sim` or `firmware`.
fn start_sims(devices: &Devices, position: &Chess) -> Result<Sims, StationError> {
    fn sim<D: SimDevice>(
        spec: &DeviceSpec,
        device: &'static str,
        make: impl FnOnce() -> D,
    ) -> Result<Option<Simulator<D>>, StationError> {
        if *spec != DeviceSpec::Sim {
            return Ok(None);
        }
        let s =
            Simulator::spawn(make()).map_err(|source| StationError::Device { device, source })?;
        tracing::info!("simulated {device} on {}", s.path().display());
        Ok(Some(s))
    }
    fn simulated<D: SimDevice>(
        spec: &DeviceSpec,
        device: &'static str,
        kind: FirmwareKind,
        occupancy: Option<String>,
        make: impl FnOnce() -> D,
    ) -> Result<Option<Simulated<D>>, StationError> {
        let DeviceSpec::Firmware { elf, harness } = spec else {
            return Ok(sim(spec, device, make)?.map(Simulated::Rust));
        };
        let plan = FirmwarePlan {
            harness: harness.clone(),
            elf: elf.clone(),
            kind,
            link: None,
            occupancy,
        };
        let f = FirmwareSim::spawn(&plan).map_err(|e| StationError::Device {
            device,
            source: std::io::Error::other(e),
        })?;
        tracing::info!(
            "{device} firmware {} in simavr on {}",
            elf.display(),
            f.path().display()
        );
        Ok(Some(Simulated::Firmware(f)))
    }
    let occupancy = position.board().to_string();
    Ok(Sims {
        peg: simulated(
            &devices.peg_board,
            "peg board",
            FirmwareKind::PegBoard,
            Some(occupancy),
            || PegBoardSim::new(position.board().occupied()),
        )?,
        dgt: sim(&devices.dgt, "DGT board", || {
            DgtSim::new(position.board().clone())
        })?,
        clock: simulated(
            &devices.clock,
            "tactile clock",
            FirmwareKind::Clock,
            None,
            ClockSim::default,
        )?,
    })
}

/// Where the station opens a device: its serial port, or its simulator's terminal `sim`
/// (at the device's own `sim_baud`).
fn port(spec: &DeviceSpec, sim: Option<&Path>, sim_baud: u32) -> Option<PortConfig> {
    match spec {
        // The DGT 3000's messages come through the DGT board's link.
        DeviceSpec::None | DeviceSpec::OnDgt => None,
        DeviceSpec::Serial { path, baud } => Some(PortConfig::new(path, *baud)),
        DeviceSpec::Sim | DeviceSpec::Firmware { .. } => sim.map(|p| PortConfig::new(p, sim_baud)),
    }
}

/// Starts hearing the VI player as planned; each utterance goes to `requests`.
fn start_hearing(
    plan: &HearingPlan,
    position: Chess,
    language: Language,
    time: TableTime,
    requests: &mpsc::Sender<Request>,
) -> Result<(Option<Hearing>, Option<AudioFeed>), StationError> {
    let loading = Instant::now();
    let thread_failed = |e: std::io::Error| HearingError {
        key: "speech.input",
        message: format!("cannot start a thread: {e}"),
    };
    match plan {
        HearingPlan::Words => Ok((None, None)),
        HearingPlan::Setup(setup) => {
            tracing::info!("loading the speech model {} ...", setup.model.display());
            let recognizer = setup.recognizer(position, language, Instant::now())?;
            let coverage = Coverage::of(&recognizer);
            // A recording plays from now, once the model is loaded.
            let (source, pacing) = setup.open_input(Instant::now())?;
            let quit_at_end = setup.input == AudioInput::Stdin;
            let hearing = Hearing::spawn(
                recognizer,
                source,
                pacing,
                sink(time, requests.clone(), quit_at_end),
            )
            .map_err(thread_failed)?;
            report_listening(setup, &coverage, language, loading.elapsed());
            Ok((Some(hearing), None))
        }
        HearingPlan::Fed { model } => {
            if language != Language::De {
                tracing::info!(
                    "the VI player's phrases: fed as recognised words (the VI \
                     player's language is {}, the model is German)",
                    language.code()
                );
                return Ok((None, None));
            }
            let setup = HearingSetup {
                model: model.clone(),
                input: AudioInput::Mic(None),
                push_to_talk: false,
                trailing_silence: Duration::from_millis(600),
                leaf_silence: Duration::from_millis(100),
                min_snr_db: annabella_speech::hearing::DEFAULT_MIN_SNR_DB,
            };
            let recognizer = setup.recognizer(position, language, Instant::now())?;
            let coverage = Coverage::of(&recognizer);
            let (source, feed) = FedSource::new(Instant::now());
            let hearing = Hearing::spawn(
                recognizer,
                Box::new(source),
                Pacing::RealTime,
                sink(time, requests.clone(), false),
            )
            .map_err(thread_failed)?;
            tracing::info!(
                "the VI player's phrases: spoken by espeak-ng -v de and heard \
                 through Vosk ({}, {} phrases in the first grammar)",
                model.display(),
                coverage.phrases
            );
            Ok((Some(hearing), Some(feed)))
        }
    }
}

/// Each utterance becomes a [`Request::Heard`] (input and timings); with
/// `quit_at_end`, the end of the audio stops the table.
fn sink(
    time: TableTime,
    requests: mpsc::Sender<Request>,
    quit_at_end: bool,
) -> impl FnMut(HearingNews) -> ControlFlow<()> + Send + 'static {
    let mut ahead = ReadAhead::new();
    move |news| {
        match news {
            // The read-back of a leaf is rendered ahead; a request lost to a full queue
            // only costs the head start.
            HearingNews::Leaf(f) => {
                for step in ahead.foresee(&f) {
                    let _ = requests.try_send(match step {
                        Step::Render(a) => Request::RenderAhead {
                            id: a.id,
                            phrase: a.phrase,
                        },
                        Step::Drop(id) => Request::DropAhead(id),
                    });
                }
            }
            HearingNews::Utterance(heard, audio) => {
                if let Final::Fresh { dropped: Some(id) } = ahead.heard(&heard) {
                    let _ = requests.try_send(Request::DropAhead(id));
                }
                let (input, mut timing) = heard::heard(&heard, time);
                timing.audio = audio;
                if requests
                    .blocking_send(Request::Heard { input, timing })
                    .is_err()
                {
                    return ControlFlow::Break(());
                }
            }
            HearingNews::Trouble(e) => tracing::warn!("speech: {e}"),
            HearingNews::AudioFailed(e) => {
                tracing::warn!("speech input: {e}; no more audio");
            }
            HearingNews::BuffersLost(n) => {
                tracing::warn!("speech: the recognizer fell behind ({n} audio buffers lost)");
            }
            HearingNews::AudioEnded => {
                if quit_at_end {
                    let _ = requests.blocking_send(Request::Quit);
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// Says on standard error what the table listens with and, once, the scheme's words
/// the model lacks.
fn report_listening(
    setup: &HearingSetup,
    coverage: &Coverage,
    language: Language,
    loading: Duration,
) {
    tracing::info!(
        "listening ({}) with {} in {:.1} s: {} phrases in the first grammar, {}",
        setup.input.describe(),
        setup.model.display(),
        loading.as_secs_f64(),
        coverage.phrases,
        if setup.push_to_talk {
            "push-to-talk (the clock's talk button, or Enter)"
        } else {
            "always listening"
        }
    );
    let code = language.code();
    if coverage.knows_none {
        tracing::warn!(
            "the model knows none of the {code} scheme's words: nothing said \
             can be understood (fetch a {code} model with models/fetch.sh)"
        );
    } else if !coverage.missing_words.is_empty() {
        tracing::warn!(
            "the model lacks {} word(s) of the {code} scheme; phrases with \
             them cannot be heard: {}",
            coverage.missing_words.len(),
            coverage.missing_words.join(", ")
        );
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
    /// A Braille problem (the PGN is written anyway).
    pub braille_problem: Option<String>,
    /// Why the printed scoresheet (`game.pdf`) was not written, if it was not.
    pub pdf_problem: Option<String>,
}

impl StationReport {
    /// The lines that say what was written and what was not (`written: …`, and
    /// `annabella: … not written: …` for a scoresheet that could not be).
    pub fn records_lines(&self) -> Vec<String> {
        let written = self
            .written
            .iter()
            .map(|p| format!("written: {}", p.display()));
        let problems = [
            ("Braille", &self.braille_problem),
            ("printed", &self.pdf_problem),
        ]
        .into_iter()
        .filter_map(|(kind, p)| {
            p.as_ref()
                .map(|p| format!("annabella: {kind} scoresheet not written: {p}"))
        });
        written.chain(problems).collect()
    }

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
