//! `table.toml`: how one table is set up — devices, speech, voices, the game (time
//! control, Laws, players), records.
//!
//! Two layers, as in ripgrep's `LowArgs`/`HiArgs`: [`RawConfig`] mirrors the file and
//! only has TOML's own checks (syntax, unknown keys, value kinds); [`RawConfig::validate`]
//! turns it into a [`StationConfig`] of checked values and reports **every** problem at
//! once, each naming its key path (`game.time_control: …`). Relative paths are taken
//! from the config file's directory.
//!
//! # Examples
//!
//! ```
//! use annabella_station::config::StationConfig;
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
//! "#, std::path::Path::new("."))?;
//! assert_eq!(config.game.time_control.to_string(), "40/5400+30:1800+30");
//! # Ok::<_, annabella_station::config::ConfigError>(())
//! ```

use std::{
    fmt,
    path::{Path, PathBuf},
    time::Duration,
};

use annabella_phonetic::Language;
use annabella_rules::{Edition, RateOfPlay, TimeControl, TimeControlTag};
use serde::{Deserialize, Serialize};
use shakmaty::{CastlingMode, Chess, Color, fen::Fen};

/// `table.toml` as written: every key optional, nothing checked beyond TOML kinds.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct RawConfig {
    /// `[game]`: the Laws, time control, start position, PGN tags.
    pub game: RawGame,
    /// `[players]`: names and who is visually impaired.
    pub players: RawPlayers,
    /// `[language]`: the spoken scheme of each player.
    pub language: RawLanguage,
    /// `[devices]`: serial ports (or `"sim"`, `"none"`).
    pub devices: RawDevices,
    /// `[speech]`: where the VI player's words come from.
    pub speech: RawSpeech,
    /// `[voice.vi]`, `[voice.sighted]`: who hears announcements how.
    pub voice: RawVoices,
    /// `[clock]`: who presses which clock.
    pub clock: RawClock,
    /// `[records]`: where the journal, PGN, Braille and audio go.
    pub records: RawRecords,
    /// `[timings]`: when the table speaks up on its own (milliseconds).
    pub timings: RawTimings,
    /// `[console]`: the arbiter's web console (served only when the section is there).
    pub console: Option<RawConsole>,
}

/// `[console]` as written.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct RawConsole {
    /// Address to listen on (`127.0.0.1:8960` when absent; keep it on localhost).
    pub listen: Option<String>,
    /// The table's name on the page (`Table 1`).
    pub table: Option<String>,
}

/// The arbiter's web console of a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConsoleSettings {
    /// Address to listen on.
    pub listen: std::net::SocketAddr,
    /// The table's name on the page.
    pub table: String,
}

/// `[game]` as written.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct RawGame {
    /// PGN `TimeControl` notation (`5400+30`, `40/5400+30:1800+30`, `5400d30`).
    pub time_control: Option<String>,
    /// Edition of the Laws: `2018` or `2023`.
    pub edition: Option<String>,
    /// `standard`, `rapid` or `blitz`; must agree with the time control (A.1, B.1).
    pub rate_of_play: Option<String>,
    /// Start position (FEN); the standard start when absent.
    pub start_fen: Option<String>,
    /// Chess960 castling.
    pub chess960: Option<bool>,
    /// PGN `Event`.
    pub event: Option<String>,
    /// PGN `Site`.
    pub site: Option<String>,
    /// PGN `Date` (`YYYY.MM.DD`).
    pub date: Option<String>,
    /// PGN `Round`.
    pub round: Option<String>,
}

/// `[players]` as written.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct RawPlayers {
    /// The colour of the visually impaired player: `white` or `black`.
    pub vi: Option<String>,
    /// White's name.
    pub white: Option<String>,
    /// Black's name.
    pub black: Option<String>,
}

/// `[language]` as written.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct RawLanguage {
    /// The VI player's scheme: `de` (FIDE), `en`, `lt`, `lv`, `hu`.
    pub vi: Option<String>,
    /// Announcements to the sighted player.
    pub sighted: Option<String>,
}

/// `[devices]` as written: a serial path, `"sim"` or `"none"` each.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct RawDevices {
    /// The VI player's tactile peg board.
    pub peg_board: Option<String>,
    /// The sighted player's DGT e-board.
    pub dgt: Option<String>,
    /// The tactile clock.
    pub clock: Option<String>,
    /// Baud rate of the DGT board (9600).
    pub dgt_baud: Option<u32>,
    /// Baud rate of the peg board and tactile clock (115200).
    pub tactile_baud: Option<u32>,
}

/// `[speech]` as written.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct RawSpeech {
    /// `vosk` (microphone through a model) or `lines` (recognised or typed text, one
    /// utterance per line on standard input).
    pub source: Option<String>,
    /// The Vosk model directory (with `source = "vosk"`).
    pub model: Option<PathBuf>,
    /// The audio (with `source = "vosk"`): `mic` (default input device), `mic:DEVICE`,
    /// `wav:PATH` (played as if live) or `stdin` (raw 16 kHz mono s16le).
    pub input: Option<String>,
    /// Push-to-talk: the VI player holds the tactile clock's talk button (or presses
    /// Enter at the keyboard to start and again to end) instead of always listening.
    pub push_to_talk: Option<bool>,
    /// Silence that ends an utterance, ms (600).
    pub trailing_silence_ms: Option<u64>,
}

/// `[voice]` as written.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct RawVoices {
    /// The VI player's voice.
    pub vi: RawVoice,
    /// The sighted player's voice.
    pub sighted: RawVoice,
}

/// One listener's `[voice.*]` as written.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct RawVoice {
    /// `auto` (speech-dispatcher, else espeak-ng, else text), `speechd`, `espeak`, `text`
    /// or `none`.
    pub backend: Option<String>,
    /// A voice name of the back end (`de`, `en-us`, …); the player's language when absent.
    pub voice: Option<String>,
    /// Speaking rate, words per minute, 80–350 (175 is normal; speech-dispatcher gets
    /// the same relative rate).
    pub rate: Option<u32>,
}

/// `[clock]` as written.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct RawClock {
    /// Who presses the VI player's clock: `lever` (the player) or `automatic` (the table,
    /// once the move is made).
    pub vi_press: Option<String>,
    /// Who presses the sighted player's clock.
    pub sighted_press: Option<String>,
}

/// `[records]` as written.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct RawRecords {
    /// Directory for journal, PGN, Braille and audio (created if missing).
    pub dir: Option<PathBuf>,
    /// liblouis table for the Braille scoresheet (`en-us-g1.ctb`, `de-g0.utb`, …).
    pub braille_table: Option<String>,
}

/// `[timings]` as written (milliseconds).
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct RawTimings {
    /// With automatic presses: the wait for "Korrektur" before the clock is pressed.
    pub correction_window_ms: Option<u64>,
    /// Announced but not placed (or the reverse) this long → reminder.
    pub remind_after_ms: Option<u64>,
    /// Peg board wrong this long → the fix-up is spoken.
    pub fixup_after_ms: Option<u64>,
    /// Sighted board wrong this long → arbiter alert.
    pub discrepancy_after_ms: Option<u64>,
}

/// Where a device is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeviceSpec {
    /// Not connected.
    None,
    /// A simulator on a pseudo-terminal, started by the station.
    Sim,
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
    /// The tactile clock.
    pub clock: DeviceSpec,
}

/// Where the VI player's words come from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpeechSource {
    /// Recognised (or typed) text, one utterance per line.
    Lines,
    /// The microphone (or a recording) through a Vosk model.
    Vosk(crate::hearing::HearingSetup),
}

/// How a listener hears announcements.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Backend {
    /// The best available: speech-dispatcher, else espeak-ng, else text.
    Auto,
    /// speech-dispatcher.
    Speechd,
    /// espeak-ng.
    Espeak,
    /// Printed text only.
    Text,
    /// Silent (e.g. the sighted player reads the console).
    None,
}

/// One listener's voice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Voice {
    /// The back end.
    pub backend: Backend,
    /// The back end's voice name.
    pub voice: String,
    /// Words per minute, if set.
    pub rate: Option<u32>,
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
    pub vi_voice: Voice,
    /// The sighted player's voice.
    pub sighted_voice: Voice,
    /// Where records go.
    pub records_dir: PathBuf,
    /// liblouis table of the Braille scoresheet.
    pub braille_table: String,
    /// Reminder timings given in the file.
    pub timings: TimingsOverride,
    /// The web console, when `[console]` is in the file.
    pub console: Option<ConsoleSettings>,
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
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.key, self.message)
        }
    }
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
    pub fn load(path: &Path) -> Result<StationConfig, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|e| ConfigError {
            path: Some(path.to_owned()),
            problems: vec![Problem {
                key: String::new(),
                message: format!("cannot read: {e}"),
            }],
        })?;
        let base = path.parent().unwrap_or(Path::new("."));
        Self::from_toml_str(&text, base).map_err(|mut e| {
            e.path = Some(path.to_owned());
            e
        })
    }

    /// Parses and checks TOML text; relative paths are taken from `base`.
    ///
    /// # Errors
    ///
    /// [`ConfigError`] listing every problem.
    pub fn from_toml_str(text: &str, base: &Path) -> Result<StationConfig, ConfigError> {
        let raw: RawConfig = toml::from_str(text).map_err(|e| ConfigError {
            path: None,
            problems: vec![toml_problem(&e)],
        })?;
        raw.validate(base)
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

/// Collects problems while checking.
struct Checker<'a> {
    base: &'a Path,
    problems: Vec<Problem>,
}

impl Checker<'_> {
    fn problem(&mut self, key: &str, message: impl Into<String>) {
        self.problems.push(Problem {
            key: key.into(),
            message: message.into(),
        });
    }

    fn parse<T, E: fmt::Display>(
        &mut self,
        key: &str,
        value: Option<&str>,
        default: T,
        parse: impl FnOnce(&str) -> Result<T, E>,
    ) -> T {
        match value {
            None => default,
            Some(text) => match parse(text) {
                Ok(v) => v,
                Err(e) => {
                    self.problem(key, format!("{text:?}: {e}"));
                    default
                }
            },
        }
    }

    fn path(&self, p: &Path) -> PathBuf {
        if p.is_absolute() {
            p.to_owned()
        } else {
            self.base.join(p)
        }
    }

    fn device(&mut self, key: &str, value: Option<&str>, baud: u32) -> DeviceSpec {
        match value.map(str::trim) {
            None | Some("none") => DeviceSpec::None,
            Some("sim") => DeviceSpec::Sim,
            Some("") => {
                self.problem(key, "empty: give a serial port path, \"sim\" or \"none\"");
                DeviceSpec::None
            }
            Some(path) => DeviceSpec::Serial {
                path: self.path(Path::new(path)),
                baud,
            },
        }
    }

    fn voice(&mut self, key: &str, raw: &RawVoice, language: Language) -> Voice {
        let backend = self.parse(
            &format!("{key}.backend"),
            raw.backend.as_deref(),
            Backend::Auto,
            |s| match s {
                "auto" => Ok(Backend::Auto),
                "speechd" | "speech-dispatcher" => Ok(Backend::Speechd),
                "espeak" | "espeak-ng" => Ok(Backend::Espeak),
                "text" => Ok(Backend::Text),
                "none" => Ok(Backend::None),
                _ => Err("expected auto, speechd, espeak, text or none"),
            },
        );
        if let Some(rate) = raw.rate
            && !(80..=350).contains(&rate)
        {
            self.problem(
                &format!("{key}.rate"),
                format!("{rate} words per minute is outside 80–350"),
            );
        }
        Voice {
            backend,
            voice: raw
                .voice
                .clone()
                .unwrap_or_else(|| language.code().to_owned()),
            rate: raw.rate,
        }
    }
}

fn press(s: &str) -> Result<Press, &'static str> {
    match s {
        "lever" => Ok(Press::Lever),
        "automatic" => Ok(Press::Automatic),
        _ => Err("expected lever or automatic"),
    }
}

fn color(s: &str) -> Result<Color, &'static str> {
    match s.to_ascii_lowercase().as_str() {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        _ => Err("expected white or black"),
    }
}

impl RawConfig {
    /// Checks every value and builds the [`StationConfig`]; relative paths are taken
    /// from `base` (the config file's directory).
    ///
    /// # Errors
    ///
    /// [`ConfigError`] with one [`Problem`] per wrong value, each naming its key path.
    pub fn validate(&self, base: &Path) -> Result<StationConfig, ConfigError> {
        let mut c = Checker {
            base,
            problems: Vec::new(),
        };
        let g = &self.game;
        let default_tc: TimeControl = "5400+30".parse().expect("a valid default");
        let time_control = c.parse(
            "game.time_control",
            g.time_control.as_deref(),
            default_tc.clone(),
            |s| match s.parse::<TimeControlTag>() {
                Ok(TimeControlTag::Timed(tc)) => Ok(tc),
                Ok(_) => Err("a table needs a time control, not \"?\" or \"-\"".to_owned()),
                Err(e) => Err(e.to_string()),
            },
        );
        let edition = c.parse(
            "game.edition",
            g.edition.as_deref(),
            Edition::default(),
            str::parse,
        );
        let rate_of_play = time_control.rate_of_play();
        if let Some(given) = &g.rate_of_play {
            match given.parse::<RateOfPlay>() {
                Err(e) => c.problem("game.rate_of_play", format!("{given:?}: {e}")),
                Ok(r) if r != rate_of_play => c.problem(
                    "game.rate_of_play",
                    format!(
                        "{given:?} disagrees with the time control {time_control}, which is \
                         {rate_of_play} play (Appendices A.1, B.1)"
                    ),
                ),
                Ok(_) => {}
            }
        }
        let chess960 = g.chess960.unwrap_or(false);
        if let Some(fen) = &g.start_fen {
            let mode = if chess960 {
                CastlingMode::Chess960
            } else {
                CastlingMode::Standard
            };
            match fen.parse::<Fen>() {
                Err(e) => c.problem("game.start_fen", format!("{fen:?}: {e}")),
                Ok(f) => {
                    if let Err(e) = f.into_position::<Chess>(mode) {
                        c.problem("game.start_fen", format!("{fen:?}: illegal position: {e}"));
                    }
                }
            }
        }
        if let Some(date) = &g.date
            && !is_pgn_date(date)
        {
            c.problem(
                "game.date",
                format!("{date:?}: expected YYYY.MM.DD (? for unknown digits)"),
            );
        }
        let vi_color = c.parse(
            "players.vi",
            self.players.vi.as_deref(),
            Color::White,
            color,
        );
        let vi_language = c.parse(
            "language.vi",
            self.language.vi.as_deref(),
            Language::De,
            str::parse,
        );
        let sighted_language = c.parse(
            "language.sighted",
            self.language.sighted.as_deref(),
            vi_language,
            str::parse,
        );
        let vi_press = c.parse(
            "clock.vi_press",
            self.clock.vi_press.as_deref(),
            Press::Lever,
            press,
        );
        let sighted_press = c.parse(
            "clock.sighted_press",
            self.clock.sighted_press.as_deref(),
            Press::Lever,
            press,
        );

        let d = &self.devices;
        let dgt_baud = d.dgt_baud.unwrap_or(9600);
        let tactile_baud = d.tactile_baud.unwrap_or(115_200);
        for (key, baud) in [
            ("devices.dgt_baud", d.dgt_baud),
            ("devices.tactile_baud", d.tactile_baud),
        ] {
            if let Some(b) = baud
                && !matches!(
                    b,
                    1200 | 2400 | 4800 | 9600 | 19200 | 38400 | 57600 | 115_200
                )
            {
                c.problem(key, format!("{b} is not a standard baud rate"));
            }
        }
        let devices = Devices {
            peg_board: c.device("devices.peg_board", d.peg_board.as_deref(), tactile_baud),
            dgt: c.device("devices.dgt", d.dgt.as_deref(), dgt_baud),
            clock: c.device("devices.clock", d.clock.as_deref(), tactile_baud),
        };

        let sp = &self.speech;
        let base = c.base;
        let vosk_keys =
            sp.input.is_some() || sp.push_to_talk.is_some() || sp.trailing_silence_ms.is_some();
        let speech = match self.speech.source.as_deref() {
            None | Some("lines") if self.speech.model.is_none() && !vosk_keys => {
                SpeechSource::Lines
            }
            Some("lines") if self.speech.model.is_none() => {
                c.problem(
                    "speech.input",
                    "input, push_to_talk and trailing_silence_ms are only used with source = \"vosk\"",
                );
                SpeechSource::Lines
            }
            Some("lines") => {
                c.problem(
                    "speech.model",
                    "a model is only used with source = \"vosk\"",
                );
                SpeechSource::Lines
            }
            None | Some("vosk") => match &self.speech.model {
                None => {
                    c.problem(
                        "speech.model",
                        "source = \"vosk\" needs the model directory (see models/README.md)",
                    );
                    SpeechSource::Lines
                }
                Some(m) => {
                    let model = c.path(m);
                    if !model.is_dir() {
                        c.problem(
                            "speech.model",
                            format!(
                                "{} is not a directory (fetch a model with models/fetch.sh)",
                                model.display()
                            ),
                        );
                    } else if let Err(e) = annabella_speech::check_model_dir(&model) {
                        c.problem("speech.model", e.to_string());
                    }
                    let input = c.parse(
                        "speech.input",
                        sp.input.as_deref(),
                        crate::hearing::AudioInput::Mic(None),
                        |t| crate::hearing::AudioInput::parse(t, base),
                    );
                    if let crate::hearing::AudioInput::Wav(p) = &input
                        && !p.is_file()
                    {
                        c.problem("speech.input", format!("{} is not a file", p.display()));
                    }
                    let trailing = sp.trailing_silence_ms.unwrap_or(600);
                    if !(100..=5000).contains(&trailing) {
                        c.problem(
                            "speech.trailing_silence_ms",
                            format!("{trailing} ms is outside 100–5000"),
                        );
                    }
                    SpeechSource::Vosk(crate::hearing::HearingSetup {
                        model,
                        input,
                        push_to_talk: sp.push_to_talk.unwrap_or(false),
                        trailing_silence: Duration::from_millis(trailing),
                    })
                }
            },
            Some(other) => {
                c.problem(
                    "speech.source",
                    format!("{other:?}: expected vosk or lines"),
                );
                SpeechSource::Lines
            }
        };

        let vi_voice = c.voice("voice.vi", &self.voice.vi, vi_language);
        let sighted_voice = c.voice("voice.sighted", &self.voice.sighted, sighted_language);

        let records_dir = c.path(self.records.dir.as_deref().unwrap_or(Path::new("games")));
        let braille_table = self
            .records
            .braille_table
            .clone()
            .unwrap_or_else(|| crate::braille::default_table(vi_language).to_owned());
        if braille_table.trim().is_empty() || braille_table.contains(['/', '\\']) {
            c.problem(
                "records.braille_table",
                format!("{braille_table:?}: expected a liblouis table name like en-us-g1.ctb"),
            );
        }

        let t = &self.timings;
        let ms = |v: Option<u64>| v.map(Duration::from_millis);
        for (key, v) in [
            ("timings.correction_window_ms", t.correction_window_ms),
            ("timings.remind_after_ms", t.remind_after_ms),
            ("timings.fixup_after_ms", t.fixup_after_ms),
            ("timings.discrepancy_after_ms", t.discrepancy_after_ms),
        ] {
            if let Some(v) = v
                && v > 600_000
            {
                c.problem(key, format!("{v} ms is more than ten minutes"));
            }
        }

        let console = self.console.as_ref().map(|raw| ConsoleSettings {
            listen: c.parse(
                "console.listen",
                raw.listen.as_deref(),
                ([127, 0, 0, 1], 8960).into(),
                |t| {
                    t.parse::<std::net::SocketAddr>()
                        .map_err(|_| "expected an address and port like 127.0.0.1:8960")
                },
            ),
            table: raw.table.clone().unwrap_or_else(|| "Table 1".into()),
        });
        if !c.problems.is_empty() {
            return Err(ConfigError {
                path: None,
                problems: c.problems,
            });
        }
        let name = |n: &Option<String>| n.clone().unwrap_or_else(|| "?".into());
        Ok(StationConfig {
            game: GameSettings {
                time_control,
                edition,
                rate_of_play,
                vi_color,
                start_fen: g.start_fen.clone(),
                chess960,
                white: name(&self.players.white),
                black: name(&self.players.black),
                event: name(&g.event),
                site: name(&g.site),
                date: g.date.clone().unwrap_or_else(|| "????.??.??".into()),
                round: g.round.clone().unwrap_or_else(|| "-".into()),
                vi_language,
                sighted_language,
                vi_press,
                sighted_press,
            },
            devices,
            speech,
            vi_voice,
            sighted_voice,
            records_dir,
            braille_table,
            timings: TimingsOverride {
                correction_window: ms(t.correction_window_ms),
                remind_after: ms(t.remind_after_ms),
                fixup_after: ms(t.fixup_after_ms),
                discrepancy_after: ms(t.discrepancy_after_ms),
            },
            console,
        })
    }
}

/// PGN dates: `YYYY.MM.DD`, any digit may be `?`.
fn is_pgn_date(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 10
        && b[4] == b'.'
        && b[7] == b'.'
        && b.iter()
            .enumerate()
            .all(|(i, &c)| i == 4 || i == 7 || c.is_ascii_digit() || c == b'?')
}

#[cfg(test)]
mod tests;

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
            vi_press: press(g.vi_press),
            sighted_press: press(g.sighted_press),
            event: Event {
                event: g.event.clone(),
                site: g.site.clone(),
                date: g.date.clone(),
                round: g.round.clone(),
                white: g.white.clone(),
                black: g.black.clone(),
            },
            timings: Timings {
                correction_window: t.correction_window.unwrap_or(defaults.correction_window),
                remind_after: t.remind_after.unwrap_or(defaults.remind_after),
                fixup_after: t.fixup_after.unwrap_or(defaults.fixup_after),
                discrepancy_after: t.discrepancy_after.unwrap_or(defaults.discrepancy_after),
                ..defaults
            },
            ..TableConfig::default()
        }
    }
}
