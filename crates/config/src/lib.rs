//! `table.toml`: how one table is set up — devices, speech, voices, the game (time
//! control, Laws, players), records.
//!
//! Two layers, as in ripgrep's `LowArgs`/`HiArgs`: [`RawConfig`] (`raw.rs`, the serde
//! schema) mirrors the file and only has TOML's own checks (syntax, unknown keys, value
//! kinds); [`RawConfig::validate`] (`check.rs`, one check per section) turns it into a
//! [`StationConfig`] of checked values and reports **every** problem at once, each naming
//! its key path (`game.time_control: …`). Relative paths are taken from the config
//! file's directory. It depends on no part of the station and on no edge: what only an
//! edge can check (a speech model's files, a Lichess address) it asks through
//! [`EdgeCheck`], which the station answers with the edges' own checks.
//!
//! # Examples
//!
//! ```
//! use std::path::Path;
//! use annabella_config::{EdgeCheck, EdgeRefusal, Problem, RawHall, StationConfig};
//!
//! /// This example's edges: no speech model and no Lichess game here.
//! struct NoEdges;
//!
//! impl EdgeCheck for NoEdges {
//!     fn speech_model(&self, _: &Path) -> Result<(), EdgeRefusal> {
//!         Err(EdgeRefusal::new("no speech model is set up here"))
//!     }
//!     fn lichess_origin(&self, _: &str) -> Result<(), EdgeRefusal> {
//!         Err(EdgeRefusal::new("no Lichess game is set up here"))
//!     }
//!     fn lichess_seek(&self, _: &str) -> Result<(), EdgeRefusal> {
//!         Err(EdgeRefusal::new("no Lichess game is set up here"))
//!     }
//!     fn hall(&self, _: &RawHall, _: &Path) -> Vec<Problem> {
//!         Vec::new()
//!     }
//! }
//!
//! let config = StationConfig::from_toml_str(r#"
//!     [game]
//!     time_control = "40/5400+30:1800+30"
//!     [players]
//!     vi = "black"
//!     white = "Anna Muster"
//!     black = "Bella Beispiel"
//!     [devices]
//!     peg_board = "sim"
//! "#, Path::new("."), &NoEdges)?;
//! assert_eq!(config.game.time_control.to_string(), "40/5400+30:1800+30");
//! # Ok::<_, annabella_config::ConfigError>(())
//! ```

mod check;
mod edge_check;
mod hall;
mod opponent;
mod raw;
mod set_up;
mod strings;
#[cfg(test)]
mod tests;

pub use edge_check::{EdgeCheck, EdgeRefusal};
pub use hall::{HallSettings, RawHall};
pub use strings::MAX_NAME;

use std::{
    fmt,
    path::{Path, PathBuf},
    time::Duration,
};

use annabella_phonetic::Language;
use annabella_rules::{Edition, RateOfPlay, TimeControl};
use serde::{Deserialize, Serialize};
use shakmaty::Color;

pub use check::default_braille_table;
pub use opponent::{EngineSettings, LichessSettings, Opponent, RawOpponent, Search, Strength};
pub use raw::{
    RawBraille, RawClock, RawConfig, RawConsole, RawDevices, RawGame, RawLanguage, RawPlayers,
    RawRecords, RawSpeech, RawTimings, RawVoice, RawVoices,
};

/// The arbiter's web console of a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConsoleSettings {
    /// Address to listen on.
    pub listen: std::net::SocketAddr,
    /// The table's name on the page.
    pub table: String,
}

/// Where a device is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeviceSpec {
    /// Not connected.
    None,
    /// A simulator on a pseudo-terminal, started by the station.
    Sim,
    /// A firmware image (peg board or clock) run in simavr by `avr-harness` on a
    /// pseudo-terminal, started by the station (`annabella demo --firmware`).
    Firmware {
        /// The image (ELF).
        elf: PathBuf,
        /// The harness (`hardware/build/avr-harness`).
        harness: PathBuf,
    },
    /// The DGT 3000 clock on the DGT board's cable (only for `devices.clock`): its
    /// lever and buttons come through the board's link.
    OnDgt,
    /// A serial port.
    Serial {
        /// The port (`/dev/serial/by-id/…` is best: it survives replugging).
        path: PathBuf,
        /// Baud rate.
        baud: u32,
    },
}

/// The devices of the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Devices {
    /// The VI player's tactile peg board.
    pub peg_board: DeviceSpec,
    /// The sighted player's DGT e-board.
    pub dgt: DeviceSpec,
    /// The clock: the tactile clock, the DGT 3000 on the DGT board ([`DeviceSpec::OnDgt`])
    /// or none (the table keeps the time).
    pub clock: DeviceSpec,
    /// What the DGT 3000's buttons 1–5 ask (`None`: nothing).
    pub dgt_buttons: [Option<annabella_table::ClockButton>; 5],
}

impl Devices {
    /// The full simulated table: the peg board, the DGT board and the tactile clock.
    pub fn all_simulated() -> Devices {
        Devices {
            peg_board: DeviceSpec::Sim,
            dgt: DeviceSpec::Sim,
            clock: DeviceSpec::Sim,
            dgt_buttons: DEFAULT_DGT_BUTTONS,
        }
    }

    /// The same table with every connected device simulated (for `demo`): a serial port
    /// or firmware becomes its simulator, `none` and the DGT 3000 on the board stay.
    pub fn simulated(&self) -> Devices {
        let sim = |d: &DeviceSpec| match d {
            DeviceSpec::None => DeviceSpec::None,
            DeviceSpec::OnDgt => DeviceSpec::OnDgt,
            _ => DeviceSpec::Sim,
        };
        Devices {
            peg_board: sim(&self.peg_board),
            dgt: sim(&self.dgt),
            clock: sim(&self.clock),
            dgt_buttons: self.dgt_buttons,
        }
    }

    /// The clock's lever: the DGT 3000's on the board's cable is a rocker (a press of the
    /// side already down is not seen); a tactile clock reports every press.
    pub fn clock_lever(&self) -> annabella_table::ClockLever {
        match self.clock {
            DeviceSpec::OnDgt => annabella_table::ClockLever::Rocker,
            _ => annabella_table::ClockLever::Button,
        }
    }

    /// Whether the VI player's board has sensors (the peg board); without one the VI
    /// player confirms each move (the press, the word, the assistant's key).
    pub fn vi_board(&self) -> annabella_table::ViBoard {
        match self.peg_board {
            DeviceSpec::None => annabella_table::ViBoard::Plain,
            _ => annabella_table::ViBoard::Sensors,
        }
    }
}

/// The DGT 3000's buttons unless configured: time, whose turn, repeat the last move,
/// call the arbiter, pause.
pub const DEFAULT_DGT_BUTTONS: [Option<annabella_table::ClockButton>; 5] = {
    use annabella_table::ClockButton as B;
    [
        Some(B::TimeQuery),
        Some(B::WhoseTurn),
        Some(B::RepeatLastMove),
        Some(B::CallArbiter),
        Some(B::Pause),
    ]
};

/// Where the VI player's words come from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpeechSource {
    /// Recognised (or typed) text, one utterance per line.
    Lines,
    /// The microphone (or a recording) through a Vosk model.
    Vosk(HearingSettings),
}

/// How the VI player is heard through a Vosk model (`[speech]` with `source = "vosk"`);
/// the station builds the hearing's own setup from it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HearingSettings {
    /// The Vosk model directory (its files checked by the hearing edge).
    pub model: PathBuf,
    /// Where the sound comes from.
    pub input: SpeechInput,
    /// Listen only while the push-to-talk key is held.
    pub push_to_talk: bool,
    /// The silence that ends an utterance.
    pub trailing_silence: Duration,
    /// The shorter silence that ends an utterance the grammar sees as whole.
    pub leaf_silence: Duration,
    /// The least signal-to-noise ratio an utterance needs, in dB (0: no test); `None`:
    /// the hearing's own default.
    pub min_snr_db: Option<u8>,
}

/// Where the VI player's sound comes from (`input` in `[speech]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpeechInput {
    /// A microphone: the system's default, or the device of this name.
    Mic(Option<String>),
    /// A WAV recording, played as if spoken.
    Wav(PathBuf),
    /// Raw 16 kHz mono samples on standard input.
    Stdin,
}

/// An `input` that is none of the forms [`SpeechInput::parse`] reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("expected mic, mic:DEVICE, wav:PATH or stdin")]
pub struct SpeechInputError;

impl SpeechInput {
    /// Reads `mic`, `mic:DEVICE`, `wav:PATH` (relative to `base`) or `stdin`.
    ///
    /// # Errors
    /// Any other text.
    pub fn parse(text: &str, base: &Path) -> Result<SpeechInput, SpeechInputError> {
        match text.trim() {
            "mic" => Ok(SpeechInput::Mic(None)),
            "stdin" => Ok(SpeechInput::Stdin),
            t => {
                if let Some(device) = t.strip_prefix("mic:") {
                    Ok(SpeechInput::Mic(Some(device.to_owned())))
                } else if let Some(path) = t.strip_prefix("wav:") {
                    let p = Path::new(path);
                    Ok(SpeechInput::Wav(if p.is_absolute() {
                        p.to_owned()
                    } else {
                        base.join(p)
                    }))
                } else {
                    Err(SpeechInputError)
                }
            }
        }
    }
}

/// Which speech a hearer's announcements go through (`backend` in `[voice.vi]`,
/// `[voice.sighted]`); the station opens the voice edge's back end of the same name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VoiceBackend {
    /// The best available: the screen reader (Windows), else speech-dispatcher, else
    /// espeak-ng, else text.
    Auto,
    /// speech-dispatcher.
    Speechd,
    /// The platform's speech through the `tts` crate.
    Tts,
    /// espeak-ng.
    Espeak,
    /// Printed text only.
    Text,
    /// Silent (e.g. the sighted player reads the console).
    None,
}

/// One hearer's voice as configured (`[voice.vi]`, `[voice.sighted]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VoiceSpec {
    /// The back end.
    pub backend: VoiceBackend,
    /// The back end's voice name.
    pub voice: String,
    /// Words per minute, if set.
    pub rate: Option<u32>,
    /// Earcons (short sounds for moves, check, not understood, low-time ticks, the
    /// arbiter) for this player.
    pub earcons: bool,
}

/// Who presses a clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Press {
    /// The player presses the lever.
    Lever,
    /// The table presses once the move is made.
    Automatic,
}

/// The game: Laws, time control, players, start position, tags.
#[derive(Debug, Clone, PartialEq)]
pub struct GameSettings {
    /// The time control.
    pub time_control: TimeControl,
    /// The edition of the Laws.
    pub edition: Edition,
    /// The rate of play (from the time control).
    pub rate_of_play: RateOfPlay,
    /// The VI player's colour.
    pub vi_color: Color,
    /// The start position as given (`None`: standard).
    pub start_fen: Option<String>,
    /// Chess960 castling.
    pub chess960: bool,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// PGN `Event`.
    pub event: String,
    /// PGN `Site`.
    pub site: String,
    /// PGN `Date`.
    pub date: String,
    /// PGN `Round`.
    pub round: String,
    /// PGN `Board`: the round's board this table plays.
    pub board: Option<u32>,
    /// The arbiter's name.
    pub arbiter: Option<String>,
    /// The pairing program's TRF file the next round's pairing comes from.
    pub trf: Option<PathBuf>,
    /// The VI player's start number in `trf`: the table takes his pairing each round,
    /// whatever its board (`None`: the pairing at `board`).
    pub vi_player: Option<u32>,
    /// White's title, rating, FIDE id and federation.
    pub white_player: annabella_table::PlayerDetails,
    /// Black's.
    pub black_player: annabella_table::PlayerDetails,
    /// The VI player's language.
    pub vi_language: Language,
    /// The sighted player's language.
    pub sighted_language: Language,
    /// Who presses the VI player's clock.
    pub vi_press: Press,
    /// Who presses the sighted player's clock.
    pub sighted_press: Press,
}

/// Timings of the table's own reminders.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TimingsOverride {
    /// See [`RawTimings::correction_window_ms`].
    pub correction_window: Option<Duration>,
    /// See [`RawTimings::remind_after_ms`].
    pub remind_after: Option<Duration>,
    /// See [`RawTimings::fixup_after_ms`].
    pub fixup_after: Option<Duration>,
    /// See [`RawTimings::discrepancy_after_ms`].
    pub discrepancy_after: Option<Duration>,
}

/// The table's options for the VI player (`[table]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TableOptions {
    /// "Uhr gedrückt." after the VI player's own press completed the move.
    pub press_confirmation: bool,
    /// Haptic minute ticks of the VI player's clock at or below this (`None`: off).
    pub low_time_warning: Option<Duration>,
}

/// Where the VI player's refreshable Braille display is reached (`[braille] display =
/// "brlapi"`): brltty's BrlAPI server.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BrailleDisplaySettings {
    /// `host:port` or `:N` (`None`: libbrlapi's default or `BRLAPI_HOST`).
    pub host: Option<String>,
    /// The authorization (`none`, a key file; `None`: libbrlapi's default or `BRLAPI_AUTH`).
    pub auth: Option<String>,
}

/// A checked configuration: everything the station needs to open a table.
#[derive(Debug, Clone, PartialEq)]
pub struct StationConfig {
    /// The game.
    pub game: GameSettings,
    /// The devices.
    pub devices: Devices,
    /// The VI player's words.
    pub speech: SpeechSource,
    /// The VI player's voice.
    pub vi_voice: VoiceSpec,
    /// The sighted player's voice.
    pub sighted_voice: VoiceSpec,
    /// Where records go.
    pub records_dir: PathBuf,
    /// liblouis table of the Braille scoresheet.
    pub braille_table: String,
    /// Reminder timings given in the file.
    pub timings: TimingsOverride,
    /// The table's options for the VI player.
    pub table: TableOptions,
    /// The web console, when `[console]` is in the file.
    pub console: Option<ConsoleSettings>,
    /// The VI player's Braille display (`[braille] display = "brlapi"`).
    pub braille_display: Option<BrailleDisplaySettings>,
    /// The tournament hall's broker, when `[hall]` is in the file.
    pub hall: Option<HallSettings>,
    /// The opponent across the board instead of a sighted player, when `[opponent]` is
    /// in the file (a practice game).
    pub opponent: Option<Opponent>,
    /// The file the configuration was read from (`table.toml` in the base directory when
    /// checked from text): the table's other files, such as its secret, are named after it.
    pub file: PathBuf,
}

/// One problem in a config file, at a key path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The key path (`game.time_control`), or empty for the whole file.
    pub key: String,
    /// What is wrong and what is expected.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.key.is_empty() {
            f.write_str(&printable(&self.message))
        } else {
            write!(f, "{}: {}", printable(&self.key), printable(&self.message))
        }
    }
}

/// `text` (a key or value from the file) with its control characters written as escapes
/// (`\n`, `\u{1b}`), so a hostile file cannot break or colour the line it is named in.
fn printable(text: &str) -> String {
    text.chars()
        .flat_map(|c| {
            let escaped = c.is_control().then(|| c.escape_default());
            escaped
                .into_iter()
                .flatten()
                .chain((!c.is_control()).then_some(c))
        })
        .collect()
}

/// A config that cannot open a table: every problem found, one per line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ConfigError {
    /// The file, if read from one.
    pub path: Option<PathBuf>,
    /// The problems, in the order of the file's sections.
    pub problems: Vec<Problem>,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = self
            .path
            .as_ref()
            .map_or_else(|| "config".to_owned(), |p| p.display().to_string());
        if let [one] = self.problems.as_slice() {
            return write!(f, "{file}: {one}");
        }
        write!(f, "{file}: {} problems", self.problems.len())?;
        for p in &self.problems {
            write!(f, "\n  {p}")?;
        }
        Ok(())
    }
}

impl StationConfig {
    /// Reads and checks `path`.
    ///
    /// # Errors
    ///
    /// [`ConfigError`] naming the file and every problem (unreadable file, TOML syntax,
    /// unknown key, wrong value).
    pub fn load(path: &Path, edges: &dyn EdgeCheck) -> Result<StationConfig, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|e| ConfigError {
            path: Some(path.to_owned()),
            problems: vec![Problem {
                key: String::new(),
                message: format!("cannot read: {e}"),
            }],
        })?;
        let base = path.parent().unwrap_or(Path::new("."));
        let mut config = Self::from_toml_str(&text, base, edges).map_err(|mut e| {
            e.path = Some(path.to_owned());
            e
        })?;
        config.file = path.to_owned();
        Ok(config)
    }

    /// Parses and checks TOML text; relative paths are taken from `base`, and `edges`
    /// checks what only an edge knows.
    ///
    /// # Errors
    ///
    /// [`ConfigError`] listing every problem.
    pub fn from_toml_str(
        text: &str,
        base: &Path,
        edges: &dyn EdgeCheck,
    ) -> Result<StationConfig, ConfigError> {
        let syntax = |e: toml::de::Error| ConfigError {
            path: None,
            problems: vec![toml_problem(&e)],
        };
        let raw: RawConfig = toml::from_str(text).map_err(syntax)?;
        // Every string first (control characters, over-long names), then each section;
        // a key is named once, by the first problem found with it.
        let mut problems = strings::problems(&toml::from_str(text).map_err(syntax)?);
        match raw.validate(base, edges) {
            Ok(config) if problems.is_empty() => Ok(config),
            Ok(_) => Err(ConfigError {
                path: None,
                problems,
            }),
            Err(e) => {
                for p in e.problems {
                    if !problems.iter().any(|q| q.key == p.key) {
                        problems.push(p);
                    }
                }
                Err(ConfigError {
                    path: None,
                    problems,
                })
            }
        }
    }
}

fn toml_problem(e: &toml::de::Error) -> Problem {
    let message = e.message().trim().to_owned();
    // toml names the place as "TOML parse error at line L, column C" in its Display.
    let place = e
        .to_string()
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("TOML parse error at "))
        .map(str::to_owned);
    Problem {
        key: String::new(),
        message: match place {
            Some(p) => format!("{p}: {message}"),
            None => message,
        },
    }
}

impl StationConfig {
    /// The table's own configuration (what the journal keeps beside the inputs).
    pub fn table_config(&self) -> annabella_table::TableConfig {
        use annabella_table::{ClockPress, Event, TableConfig, Timings};
        let g = &self.game;
        let press = |p: Press| match p {
            Press::Lever => ClockPress::Lever,
            Press::Automatic => ClockPress::Automatic,
        };
        let defaults = Timings::default();
        let t = &self.timings;
        TableConfig {
            vi_color: g.vi_color,
            language: g.vi_language,
            sighted_language: g.sighted_language,
            time_control: g.time_control.clone(),
            edition: g.edition,
            start_fen: g.start_fen.clone(),
            chess960: g.chess960,
            vi_board: self.devices.vi_board(),
            vi_press: press(g.vi_press),
            sighted_press: press(g.sighted_press),
            clock_lever: self.devices.clock_lever(),
            event: Event {
                event: g.event.clone(),
                site: g.site.clone(),
                date: g.date.clone(),
                round: g.round.clone(),
                white: g.white.clone(),
                black: g.black.clone(),
                board: g.board.map(|b| b.to_string()),
                arbiter: g.arbiter.clone(),
                white_player: Some(g.white_player.clone())
                    .filter(|d| *d != annabella_table::PlayerDetails::default()),
                black_player: Some(g.black_player.clone())
                    .filter(|d| *d != annabella_table::PlayerDetails::default()),
                tags: Vec::new(),
            },
            timings: Timings {
                correction_window: t.correction_window.unwrap_or(defaults.correction_window),
                remind_after: t.remind_after.unwrap_or(defaults.remind_after),
                fixup_after: t.fixup_after.unwrap_or(defaults.fixup_after),
                discrepancy_after: t.discrepancy_after.unwrap_or(defaults.discrepancy_after),
                ..defaults
            },
            press_confirmation: self.table.press_confirmation,
            low_time_warning: self.table.low_time_warning,
            practice: self
                .opponent
                .as_ref()
                .map_or(annabella_table::Practice::RATED, Opponent::practice),
            ..TableConfig::default()
        }
    }
}
