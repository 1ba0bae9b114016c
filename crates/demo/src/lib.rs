//! A whole table on one machine: simulated peg board, DGT board and tactile clock on
//! pseudo-terminals (the real serial code talks to them), the VI player's words from a
//! script, announcements through the best back end, and the records at the end.

use std::{
    path::PathBuf,
    sync::mpsc as std_mpsc,
    thread,
    time::{Duration, Instant},
};

use annabella_phonetic::Language;
use annabella_table::{TableConfig, TableView};
use annabella_voice::VoicePlan;
use tokio::sync::mpsc;

use annabella_config::{DeviceSpec, Devices};
use annabella_station::{
    assembly::{HearingPlan, Sims, Station, StationError, StationPlan, StationReport, ViewWaiter},
    braille_display::{BrailleDisplayPlan, DisplayKeys, DisplaySurface},
    console_link::ConsoleSetup,
    people::{self, StepError},
    script::Act,
    shell::Request,
};

/// How long `expect:` waits for its announcement.
pub const EXPECT_LIMIT: Duration = Duration::from_secs(15);

/// How long the script waits for the devices to be opened and the boards' first reports.
const SETTLE_LIMIT: Duration = Duration::from_secs(10);

/// How long, after its last step, the script waits for the game to end before it stops
/// the table.
const LAST_INPUTS: Duration = Duration::from_millis(1500);

/// What the demo is made of besides its script.
pub struct DemoSetup {
    /// The table.
    pub config: TableConfig,
    /// Where the records go (journal `game.journal`, `game.pgn`, `game.brf`,
    /// `announcements.wav`/`.jsonl`, the simulated Braille display's
    /// `braille-display.jsonl`).
    pub out: PathBuf,
    /// The voices.
    pub voices: VoicePlan,
    /// The German Vosk model that hears the VI player's phrases spoken by espeak-ng
    /// (`None`: they are fed as recognised words).
    pub vi_model: Option<PathBuf>,
    /// liblouis table of the Braille scoresheet.
    pub braille_table: String,
    /// Where console lines go.
    pub console: Box<dyn std::io::Write + Send>,
    /// How console lines are written (the story, every event, or JSON).
    pub style: annabella_view::story::ConsoleStyle,
    /// The web console, bound already (the demo then stays until standard input ends).
    pub served: Option<ConsoleSetup>,
    /// The peg board's and the clock's firmware in simavr instead of the Rust
    /// simulators (`None`: the Rust simulators).
    pub firmware: Option<DemoFirmware>,
    /// The table's devices, each simulated ([`Devices::simulated`]): the full tactile set
    /// by default, a club's DGT board and DGT 3000 with `--config samples/table-club.toml`.
    pub devices: Devices,
    /// The opponent in the sighted player's seat (`[opponent]`: an engine), if any.
    pub opponent: Option<Box<dyn annabella_station::opponent::Opponent>>,
    /// The secret of the table whose configuration the demo plays (`--config`), when it
    /// has one: the demo's journal is keyed with it, so `play` at that table continues
    /// it; none: the journal is unkeyed by design.
    pub secret: Option<annabella_station::session::TableSecret>,
}

/// The firmware images the demo runs in simavr for the peg board and the clock.
#[derive(Debug, Clone)]
pub struct DemoFirmware {
    /// `avr-harness`.
    pub harness: PathBuf,
    /// The peg board's image (`tactile-board.elf`).
    pub peg_board: PathBuf,
    /// The clock's image (`tactile-clock.elf`).
    pub clock: PathBuf,
}

impl DemoFirmware {
    /// The images built by `make -C hardware`, or the ones given instead.
    pub fn built(peg_board: Option<PathBuf>, clock: Option<PathBuf>) -> DemoFirmware {
        use annabella_devices::sim::FirmwareKind;
        let build = annabella_devices::sim::hardware_build_dir();
        DemoFirmware {
            harness: build.join("avr-harness"),
            peg_board: peg_board.unwrap_or_else(|| build.join(FirmwareKind::PegBoard.image_name())),
            clock: clock.unwrap_or_else(|| build.join(FirmwareKind::Clock.image_name())),
        }
    }
}

impl DemoFirmware {
    /// The device of `elf` run by this harness.
    fn spec(&self, elf: &std::path::Path) -> DeviceSpec {
        DeviceSpec::Firmware {
            elf: elf.to_owned(),
            harness: self.harness.clone(),
        }
    }
}

impl std::fmt::Debug for DemoSetup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DemoSetup")
            .field("out", &self.out)
            .field("vi_model", &self.vi_model)
            .finish_non_exhaustive()
    }
}

/// Runs `script` on a fresh table made from `setup`.
///
/// # Errors
/// [`StationError`] naming the script line or the part that failed; the journal and
/// the records written so far stay.
pub fn run(setup: DemoSetup, script: Vec<(usize, Act)>) -> Result<StationReport, StationError> {
    let hold = setup.served.is_some();
    let hearing = match &setup.vi_model {
        Some(model) => HearingPlan::Fed {
            model: model.clone(),
        },
        None => {
            tracing::info!(
                "the VI player's phrases: fed as recognised words (no German model \
                 under models/: models/fetch.sh de fetches one)"
            );
            HearingPlan::Words
        }
    };
    let mut station = Station::start(StationPlan {
        game_after_game: false,
        records_dir: setup.out.clone(),
        table: setup.config,
        continue_journal: false,
        devices: match &setup.firmware {
            Some(f) => Devices {
                peg_board: f.spec(&f.peg_board),
                dgt: DeviceSpec::Sim,
                clock: f.spec(&f.clock),
                dgt_buttons: setup.devices.dgt_buttons,
            },
            None => setup.devices.clone(),
        },
        voices: setup.voices,
        hearing,
        console: setup.served,
        output: setup.console,
        style: setup.style,
        heard_log: true,
        allow_missing_devices: false,
        secret: setup.secret.clone(),
        accept_unkeyed: false,
        braille_display: Some(BrailleDisplayPlan {
            surface: DisplaySurface::Simulated,
            braille_table: setup.braille_table.clone(),
        }),
        opponent: setup.opponent,
    })?;
    // Asked for with `heard_log`; an empty log would fail every `expect:` step.
    let heard = station
        .heard
        .take()
        .unwrap_or_else(|| std_mpsc::channel().1);
    let people = People {
        sims: station.sims.clone(),
        requests: station.requests.clone(),
        heard,
        feed: station.feed.take(),
        view: ViewWaiter::new(station.view.clone())?,
        hold,
        braille_keys: station.braille_keys.clone(),
    };
    let driver = thread::spawn(move || people.drive(script));
    let (journal, record) = (station.journal.clone(), station.audio_record.clone());
    let stopped = station.wait()?;
    let script_result = driver.join().unwrap_or_else(|_| {
        Err(StationError::Script {
            line: 0,
            message: "the script driver panicked".into(),
        })
    });
    let report =
        StationReport::finish(journal, &stopped, &setup.out, &setup.braille_table, record)?;
    // A failed script step matters only when the game did not end.
    if !report.game_over {
        script_result?;
    }
    Ok(report)
}

/// The people at the demo table: the script's hands and voice.
struct People {
    sims: std::sync::Arc<Sims>,
    requests: mpsc::Sender<Request>,
    heard: std_mpsc::Receiver<String>,
    feed: Option<std_mpsc::Sender<Vec<i16>>>,
    view: ViewWaiter,
    hold: bool,
    braille_keys: Option<DisplayKeys>,
}

impl People {
    /// Carries out the script.
    fn drive(mut self, script: Vec<(usize, Act)>) -> Result<(), StationError> {
        let requests = self.requests.clone();
        let fail = |line: usize, message: String| {
            let _ = requests.blocking_send(Request::Quit);
            Err(StationError::Script { line, message })
        };
        if !self.sims.wait_for_host(SETTLE_LIMIT) {
            return fail(
                0,
                "a simulated device was never opened by the station".into(),
            );
        }
        // The boards' first reports are journalled before anyone acts.
        // (A board that is not there reports nothing: a practice game has no DGT board.)
        let (peg, dgt) = (self.sims.peg.is_some(), self.sims.dgt.is_some());
        let boards_known = |v: &TableView| {
            (!peg || !v.peg_board.is_empty()) && (!dgt || v.sighted_board.is_some())
        };
        if !self.view.wait(SETTLE_LIMIT, boards_known) {
            return fail(0, "the simulated boards never reported their pieces".into());
        }
        for (line, act) in script {
            if let Err(e) = self.act(act) {
                return fail(line, e.to_string());
            }
        }
        // The last inputs arrive; the game may end with them (the station then stops by
        // itself). Otherwise the demo stops (with the web console: once standard input
        // closes, so the arbiter can act).
        let over = |v: &TableView| v.result.is_some();
        if self.view.wait(LAST_INPUTS, over) || requests.is_closed() {
            return Ok(());
        }
        if self.hold {
            tracing::info!("demo: script done; the console stays until standard input ends");
            thread::spawn(move || {
                std::io::copy(&mut std::io::stdin().lock(), &mut std::io::sink()).ok();
                let _ = requests.blocking_send(Request::Quit);
            });
            return Ok(());
        }
        let _ = requests.blocking_send(Request::Quit);
        Ok(())
    }

    /// One step of the script.
    fn act(&self, act: Act) -> Result<(), StepError> {
        match act {
            Act::Vi(words) if self.feed.is_some() => {
                let samples = speak_words(&words, Language::De)?;
                self.feed.as_ref().map_or(Ok(()), |f| {
                    f.send(samples).map_err(|_| StepError::ListenerStopped)
                })
            }
            Act::Expect(text) => expect(&self.heard, &text),
            Act::Braille(key) => match &self.braille_keys {
                Some(keys) if keys.press(key) => Ok(()),
                Some(_) => Err(StepError::DisplayStopped),
                None => Err(StepError::NoDisplay),
            },
            // Typed lines are text, whether the spoken ones go through Vosk or not; the
            // script's own "wait N" step is time passing at the table.
            other => people::perform(other, &self.sims, &self.requests),
        }
    }
}

/// The VI player's words spoken by espeak-ng in `language`, as 16 kHz mono samples
/// (the demo's voice for the VI player).
///
/// # Errors
/// espeak-ng failed or the audio could not be converted.
pub fn speak_words(words: &str, language: Language) -> Result<Vec<i16>, StepError> {
    let pcm = annabella_voice::espeak::render(
        &annabella_voice::Speech::words(words),
        &annabella_voice::VoiceSettings::for_language(language),
    )
    .map_err(|e| StepError::Speech(e.into()))?;
    let mut convert = annabella_speech::audio::ToSpeechFormat::new(pcm.rate, 1)
        .map_err(|e| StepError::Speech(e.into()))?;
    let floats: Vec<f32> = pcm
        .samples
        .iter()
        .map(|&s| f32::from(s) / 32768.0)
        .collect();
    let mut out = convert.push(&floats);
    out.extend(convert.finish());
    Ok(out)
}

fn expect(heard: &std_mpsc::Receiver<String>, text: &str) -> Result<(), StepError> {
    let end = Instant::now() + EXPECT_LIMIT;
    let wanted = text.to_lowercase();
    let mut seen = Vec::new();
    loop {
        let left = end.saturating_duration_since(Instant::now());
        match heard.recv_timeout(left) {
            Ok(said) if said.to_lowercase().contains(&wanted) => return Ok(()),
            Ok(said) => seen.push(said),
            Err(_) => {
                return Err(StepError::NotAnnounced {
                    text: text.to_owned(),
                    secs: EXPECT_LIMIT.as_secs(),
                    heard: seen,
                });
            }
        }
    }
}

/// The German small model fetched by `models/fetch.sh de`: in `models/` here, in the
/// installed share directory (`/usr/share/annabella/models`, found beside the binary as
/// `../share/annabella/models`), or in the source tree's `models/`.
pub fn german_model() -> Option<PathBuf> {
    let name = "vosk-model-small-de-0.15";
    let installed = std::env::current_exe().ok().and_then(|exe| {
        exe.parent()
            .map(|bin| bin.join("../share/annabella/models"))
    });
    [
        Some(PathBuf::from("models")),
        installed,
        Some(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../models")),
    ]
    .into_iter()
    .flatten()
    .map(|dir| dir.join(name))
    .find(|p| annabella_speech::check_model_dir(p).is_ok())
}

/// `dir` when it holds no records yet, else its first numbered subdirectory (`2`, `3`, …)
/// that holds none: a demo never replaces an earlier game's journal, PGN or BRF.
pub fn fresh_records_dir(dir: &std::path::Path) -> PathBuf {
    let holds_records = |d: &std::path::Path| {
        annabella_station::assembly::holds_journal(d)
            || [annabella_records::PGN, annabella_records::BRF]
                .iter()
                .any(|name| d.join(name).symlink_metadata().is_ok())
    };
    if !holds_records(dir) {
        return dir.to_owned();
    }
    (2u32..)
        .map(|n| dir.join(n.to_string()))
        .find(|d| !holds_records(d))
        .expect("some number is free")
}

/// The sample table's configuration (`samples/table.toml`): the demo's when none is given.
pub const SAMPLE_CONFIG: &str = include_str!("../../../samples/table.toml");

/// The practice game's script (`samples/table-practice.toml`: an engine across the
/// board), and its name.
pub fn practice_script() -> (&'static str, &'static str) {
    (
        include_str!("../../../samples/demo-script-practice.txt"),
        "samples/demo-script-practice.txt",
    )
}

/// The script a demo plays when none is given, and its name: with a peg board the sample
/// game, on a club's ordinary tactile set (no peg board) the club's.
pub fn sample_script(vi_board: annabella_table::ViBoard) -> (&'static str, &'static str) {
    match vi_board {
        annabella_table::ViBoard::Plain => (
            include_str!("../../../samples/demo-script-club.txt"),
            "samples/demo-script-club.txt",
        ),
        annabella_table::ViBoard::Sensors => (
            include_str!("../../../samples/demo-script.txt"),
            "samples/demo-script.txt",
        ),
    }
}
