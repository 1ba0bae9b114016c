//! The checks of `table.toml`, one per section, each naming every problem by its key
//! path; [`RawConfig::validate`] runs them all and reports every problem at once.

use std::{
    fmt,
    path::{Path, PathBuf},
    time::Duration,
};

use annabella_phonetic::Language;
use annabella_rules::{Edition, RateOfPlay, TimeControl, TimeControlTag};
use shakmaty::{Color, fen::Fen};

use super::{
    BrailleDisplaySettings, ConfigError, ConsoleSettings, DeviceSpec, Devices, EdgeCheck,
    GameSettings, HallSettings, HearingSettings, Press, Problem, SpeechInput, SpeechSource,
    StationConfig, TableOptions, TimingsOverride, VoiceBackend, VoiceSpec,
    raw::{
        RawBraille, RawConfig, RawConsole, RawDevices, RawRecords, RawSpeech, RawTable, RawTimings,
        RawVoice,
    },
};

/// The liblouis table of a Braille scoresheet when none is configured: the player's
/// language, uncontracted.
pub fn default_braille_table(language: Language) -> &'static str {
    match language {
        Language::De => "de-g0.utb",
        Language::En => "en-us-g1.ctb",
        Language::Lt => "lt.ctb",
        Language::Lv => "lv.tbl",
        Language::Hu => "hu-hu-g1.ctb",
    }
}

/// Collects problems while checking.
struct Checker<'a> {
    base: &'a Path,
    edges: &'a dyn EdgeCheck,
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

    /// `[game]`, `[players]`, `[language]` and `[clock]`.
    fn game(&mut self, raw: &RawConfig) -> GameSettings {
        let g = &raw.game;
        let time_control = self.time_control(g.time_control.as_deref());
        let edition = self.parse(
            "game.edition",
            g.edition.as_deref(),
            Edition::default(),
            str::parse,
        );
        let rate_of_play = time_control.rate_of_play();
        if let Some(given) = &g.rate_of_play {
            self.rate_of_play(given, &time_control);
        }
        let chess960 = g.chess960.unwrap_or(false);
        if let Some(fen) = &g.start_fen {
            self.start_fen(fen, chess960);
        }
        if let Some(date) = &g.date
            && !is_pgn_date(date)
        {
            self.problem(
                "game.date",
                format!("{date:?}: expected YYYY.MM.DD (? for unknown digits)"),
            );
        }
        let vi_color = self.parse("players.vi", raw.players.vi.as_deref(), Color::White, color);
        let vi_language = self.parse(
            "language.vi",
            raw.language.vi.as_deref(),
            Language::De,
            str::parse,
        );
        let sighted_language = self.parse(
            "language.sighted",
            raw.language.sighted.as_deref(),
            vi_language,
            str::parse,
        );
        let vi_press = self.parse(
            "clock.vi_press",
            raw.clock.vi_press.as_deref(),
            Press::Lever,
            press,
        );
        let sighted_press = self.parse(
            "clock.sighted_press",
            raw.clock.sighted_press.as_deref(),
            Press::Lever,
            press,
        );
        let name = |n: &Option<String>| n.clone().unwrap_or_else(|| "?".into());
        let p = &raw.players;
        let text = |t: &Option<String>| {
            t.as_deref()
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(str::to_owned)
        };
        let white_player = annabella_table::PlayerDetails {
            title: text(&p.white_title),
            rating: p.white_rating.filter(|&r| r > 0),
            fide_id: p.white_fide_id.filter(|&i| i > 0),
            federation: text(&p.white_federation),
        };
        let black_player = annabella_table::PlayerDetails {
            title: text(&p.black_title),
            rating: p.black_rating.filter(|&r| r > 0),
            fide_id: p.black_fide_id.filter(|&i| i > 0),
            federation: text(&p.black_federation),
        };
        for (key, rating) in [
            ("players.white_rating", p.white_rating),
            ("players.black_rating", p.black_rating),
        ] {
            if rating.is_some_and(|r| r > 4000) {
                self.problem(
                    key,
                    format!("{}: a rating is at most 4000", rating.unwrap_or_default()),
                );
            }
        }
        if g.board == Some(0) {
            self.problem("game.board", "boards are numbered from 1");
        }
        let trf = g.trf.as_deref().map(|t| self.path(Path::new(t)));
        match g.vi_player {
            Some(0) => self.problem("game.vi_player", "start numbers count from 1"),
            Some(n) if n > 9999 => self.problem(
                "game.vi_player",
                format!("{n}: a TRF file numbers its players with at most four digits"),
            ),
            Some(_) if trf.is_none() => self.problem(
                "game.vi_player",
                "is the VI player's start number in the pairing program's file: set game.trf too",
            ),
            _ => {}
        }
        GameSettings {
            time_control,
            edition,
            rate_of_play,
            vi_color,
            start_fen: g.start_fen.clone(),
            chess960,
            white: name(&raw.players.white),
            black: name(&raw.players.black),
            event: name(&g.event),
            site: name(&g.site),
            date: g.date.clone().unwrap_or_else(|| "????.??.??".into()),
            round: g.round.clone().unwrap_or_else(|| "-".into()),
            board: g.board,
            arbiter: text(&g.arbiter),
            trf,
            vi_player: g.vi_player,
            white_player,
            black_player,
            vi_language,
            sighted_language,
            vi_press,
            sighted_press,
        }
    }

    /// `game.time_control`: a PGN time control (a table needs one; 5400+30 by default).
    fn time_control(&mut self, given: Option<&str>) -> TimeControl {
        let default_tc: TimeControl = "5400+30".parse().expect("a valid default");
        self.parse("game.time_control", given, default_tc.clone(), |s| match s
            .parse::<TimeControlTag>()
        {
            Ok(TimeControlTag::Timed(tc)) => Ok(tc),
            Ok(_) => Err("a table needs a time control, not \"?\" or \"-\"".to_owned()),
            Err(e) => Err(e.to_string()),
        })
    }

    /// `game.rate_of_play`, when given: it must be the time control's (Appendices A.1, B.1).
    fn rate_of_play(&mut self, given: &str, time_control: &TimeControl) {
        let rate_of_play = time_control.rate_of_play();
        match given.parse::<RateOfPlay>() {
            Err(e) => self.problem("game.rate_of_play", format!("{given:?}: {e}")),
            Ok(r) if r != rate_of_play => self.problem(
                "game.rate_of_play",
                format!(
                    "{given:?} disagrees with the time control {time_control}, which is \
                     {rate_of_play} play (Appendices A.1, B.1)"
                ),
            ),
            Ok(_) => {}
        }
    }

    /// `game.start_fen`: a legal position (Chess960 castling when asked for).
    fn start_fen(&mut self, fen: &str, chess960: bool) {
        use annabella_rules::StartError;
        match fen.parse::<Fen>() {
            Err(e) => self.problem("game.start_fen", format!("{fen:?}: {e}")),
            Ok(f) => match annabella_rules::start_position(&f, chess960) {
                Ok(_) => {}
                Err(StartError::NeedsChess960 { .. }) => self.problem(
                    "game.start_fen",
                    format!(
                        "{fen:?} has castling rights only Chess960 can have: set \
                         game.chess960 = true, or give standard castling rights"
                    ),
                ),
                Err(StartError::Illegal { why, .. }) => {
                    self.problem(
                        "game.start_fen",
                        format!("{fen:?}: illegal position: {why}"),
                    );
                }
            },
        }
    }

    /// `[devices]`.
    fn devices(&mut self, d: &RawDevices) -> Devices {
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
                self.problem(key, format!("{b} is not a standard baud rate"));
            }
        }
        let clock = match d.clock.as_deref().map(str::trim) {
            Some("dgt") => DeviceSpec::OnDgt,
            other => self.device("devices.clock", other, tactile_baud),
        };
        Devices {
            peg_board: self.device("devices.peg_board", d.peg_board.as_deref(), tactile_baud),
            dgt: self.device("devices.dgt", d.dgt.as_deref(), dgt_baud),
            clock,
            dgt_buttons: match super::set_up::dgt_buttons(d.dgt_buttons.as_deref()) {
                Ok(b) => b,
                Err(p) => {
                    self.problems.push(p);
                    super::DEFAULT_DGT_BUTTONS
                }
            },
        }
    }

    /// `[speech]`.
    fn speech(&mut self, sp: &RawSpeech) -> SpeechSource {
        let vosk_keys = sp.input.is_some()
            || sp.push_to_talk.is_some()
            || sp.trailing_silence_ms.is_some()
            || sp.leaf_silence_ms.is_some()
            || sp.min_snr_db.is_some();
        match sp.source.as_deref() {
            None | Some("lines") if sp.model.is_none() && !vosk_keys => SpeechSource::Lines,
            Some("lines") if sp.model.is_none() => {
                self.problem(
                    "speech.input",
                    "input, push_to_talk, trailing_silence_ms, leaf_silence_ms and min_snr_db are only used with source = \"vosk\"",
                );
                SpeechSource::Lines
            }
            Some("lines") => {
                self.problem(
                    "speech.model",
                    "a model is only used with source = \"vosk\"",
                );
                SpeechSource::Lines
            }
            None | Some("vosk") => match &sp.model {
                None => {
                    self.problem(
                        "speech.model",
                        "source = \"vosk\" needs the model directory (see models/README.md)",
                    );
                    SpeechSource::Lines
                }
                Some(m) => SpeechSource::Vosk(self.vosk(sp, m)),
            },
            Some(other) => {
                self.problem(
                    "speech.source",
                    format!("{other:?}: expected vosk or lines"),
                );
                SpeechSource::Lines
            }
        }
    }

    /// `[speech]` with `source = "vosk"` and a model.
    fn vosk(&mut self, sp: &RawSpeech, model: &Path) -> HearingSettings {
        let model = self.path(model);
        if !model.is_dir() {
            self.problem(
                "speech.model",
                format!(
                    "{} is not a directory (fetch a model with models/fetch.sh)",
                    model.display()
                ),
            );
        } else if let Err(e) = self.edges.speech_model(&model) {
            self.problem("speech.model", e.to_string());
        }
        let base = self.base;
        let input = self.parse(
            "speech.input",
            sp.input.as_deref(),
            SpeechInput::Mic(None),
            |t| SpeechInput::parse(t, base),
        );
        if let SpeechInput::Wav(p) = &input
            && !p.is_file()
        {
            self.problem("speech.input", format!("{} is not a file", p.display()));
        }
        let trailing = sp.trailing_silence_ms.unwrap_or(600);
        if !(100..=5000).contains(&trailing) {
            self.problem(
                "speech.trailing_silence_ms",
                format!("{trailing} ms is outside 100–5000"),
            );
        }
        let leaf = sp.leaf_silence_ms.unwrap_or(100);
        if !(50..=trailing.max(50)).contains(&leaf) {
            self.problem(
                "speech.leaf_silence_ms",
                format!("{leaf} ms is outside 50 ms to the trailing silence ({trailing} ms)"),
            );
        }
        let min_snr_db = sp.min_snr_db;
        if let Some(min_snr_db) = min_snr_db
            && min_snr_db > 60
        {
            self.problem(
                "speech.min_snr_db",
                format!("{min_snr_db} dB is above 60 (0 switches the test off)"),
            );
        }
        HearingSettings {
            model,
            input,
            push_to_talk: sp.push_to_talk.unwrap_or(false),
            trailing_silence: Duration::from_millis(trailing),
            leaf_silence: Duration::from_millis(leaf),
            min_snr_db,
        }
    }

    /// `[voice.vi]` or `[voice.sighted]` (`key`).
    fn voice(&mut self, key: &str, raw: &RawVoice, language: Language) -> VoiceSpec {
        let backend = self.parse(
            &format!("{key}.backend"),
            raw.backend.as_deref(),
            VoiceBackend::Auto,
            |s| match s {
                "auto" => Ok(VoiceBackend::Auto),
                "speechd" | "speech-dispatcher" => Ok(VoiceBackend::Speechd),
                "tts" => Ok(VoiceBackend::Tts),
                "espeak" | "espeak-ng" => Ok(VoiceBackend::Espeak),
                "text" => Ok(VoiceBackend::Text),
                "none" => Ok(VoiceBackend::None),
                _ => Err("expected auto, speechd, tts, espeak, text or none"),
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
        VoiceSpec {
            backend,
            voice: raw
                .voice
                .clone()
                .unwrap_or_else(|| language.code().to_owned()),
            rate: raw.rate,
            earcons: raw.earcons.unwrap_or(false),
        }
    }

    /// `[records]`: the directory and the Braille table.
    fn records(&mut self, r: &RawRecords, vi_language: Language) -> (PathBuf, String) {
        let dir = self.path(r.dir.as_deref().unwrap_or(Path::new("games")));
        let braille_table = r
            .braille_table
            .clone()
            .unwrap_or_else(|| default_braille_table(vi_language).to_owned());
        if braille_table.trim().is_empty() || braille_table.contains(['/', '\\']) {
            self.problem(
                "records.braille_table",
                format!("{braille_table:?}: expected a liblouis table name like en-us-g1.ctb"),
            );
        }
        (dir, braille_table)
    }

    /// `[timings]`.
    fn timings(&mut self, t: &RawTimings) -> TimingsOverride {
        for (key, v) in [
            ("timings.correction_window_ms", t.correction_window_ms),
            ("timings.remind_after_ms", t.remind_after_ms),
            ("timings.fixup_after_ms", t.fixup_after_ms),
            ("timings.discrepancy_after_ms", t.discrepancy_after_ms),
        ] {
            if let Some(v) = v
                && v > 600_000
            {
                self.problem(key, format!("{v} ms is more than ten minutes"));
            }
        }
        let ms = |v: Option<u64>| v.map(Duration::from_millis);
        TimingsOverride {
            correction_window: ms(t.correction_window_ms),
            remind_after: ms(t.remind_after_ms),
            fixup_after: ms(t.fixup_after_ms),
            discrepancy_after: ms(t.discrepancy_after_ms),
        }
    }

    /// `[table]`.
    fn table(&mut self, raw: &RawTable) -> TableOptions {
        let key = "table.low_time_warning";
        let low_time_warning = match &raw.low_time_warning {
            None => None,
            Some(toml::Value::Integer(s)) => match u64::try_from(*s) {
                Ok(s) => Some(Duration::from_secs(s)),
                Err(_) => {
                    self.problem(key, format!("{s}: expected seconds, not a negative number"));
                    None
                }
            },
            Some(toml::Value::String(t)) => match parse_span(t) {
                Ok(d) => Some(d),
                Err(e) => {
                    self.problem(key, format!("{t:?}: {e}"));
                    None
                }
            },
            Some(other) => {
                self.problem(
                    key,
                    format!("{other}: expected a time like \"3m\" or seconds"),
                );
                None
            }
        };
        let press_confirmation = match &raw.press_confirmation {
            None => false,
            Some(toml::Value::Boolean(b)) => *b,
            Some(other) => {
                self.problem(
                    "table.press_confirmation",
                    format!("{other}: expected true or false"),
                );
                false
            }
        };
        let low_time_warning = low_time_warning.filter(|&d| {
            let ok = (Duration::from_secs(60)..=Duration::from_secs(10 * 3600)).contains(&d);
            if !ok {
                self.problem(
                    key,
                    format!(
                        "{} s: expected one minute to ten hours (the ticks come at whole minutes)",
                        d.as_secs()
                    ),
                );
            }
            ok
        });
        TableOptions {
            press_confirmation,
            low_time_warning,
        }
    }

    /// `[braille]`: the display, if one is configured.
    fn braille(&mut self, raw: &RawBraille) -> Option<BrailleDisplaySettings> {
        match raw.display.as_deref() {
            Some("brlapi") => Some(BrailleDisplaySettings {
                host: raw.host.clone(),
                auth: raw.auth.clone(),
            }),
            None | Some("none") => None,
            Some(other) => {
                self.problem(
                    "braille.display",
                    format!("{other:?}: expected \"brlapi\" or \"none\""),
                );
                None
            }
        }
    }

    /// `[console]`.
    fn console(&mut self, raw: &RawConsole) -> ConsoleSettings {
        ConsoleSettings {
            listen: self.parse(
                "console.listen",
                raw.listen.as_deref(),
                ([127, 0, 0, 1], 8960).into(),
                |t| {
                    t.parse::<std::net::SocketAddr>()
                        .map_err(|_| "expected an address and port like 127.0.0.1:8960")
                },
            ),
            table: raw.table.clone().unwrap_or_else(|| "Table 1".into()),
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

impl RawConfig {
    /// Checks every value and builds the [`StationConfig`]; relative paths are taken
    /// from `base` (the config file's directory), and `edges` checks what only an edge
    /// knows (a speech model's files, a Lichess address).
    ///
    /// # Errors
    ///
    /// [`ConfigError`] with one [`Problem`] per wrong value, each naming its key path.
    pub fn validate(
        &self,
        base: &Path,
        edges: &dyn EdgeCheck,
    ) -> Result<StationConfig, ConfigError> {
        let mut c = Checker {
            base,
            edges,
            problems: Vec::new(),
        };
        let mut game = c.game(self);
        let devices = c.devices(&self.devices);
        for p in super::set_up::check(self, &mut game, &devices) {
            c.problems.push(p);
        }
        let speech = c.speech(&self.speech);
        let vi_voice = c.voice("voice.vi", &self.voice.vi, game.vi_language);
        let sighted_voice = c.voice("voice.sighted", &self.voice.sighted, game.sighted_language);
        let (records_dir, braille_table) = c.records(&self.records, game.vi_language);
        let timings = c.timings(&self.timings);
        let table = c.table(&self.table);
        let console = self.console.as_ref().map(|raw| c.console(raw));
        let braille_display = self.braille.as_ref().and_then(|raw| c.braille(raw));
        let opponent = self
            .opponent
            .as_ref()
            .and_then(|raw| super::opponent::check(raw, c.base, c.edges, &mut c.problems));
        let mut sighted_voice = sighted_voice;
        if self.opponent.is_some() && self.voice.sighted.backend.is_none() {
            // Nobody sits across the board to hear the sighted player's announcements.
            sighted_voice.backend = VoiceBackend::None;
        }
        let hall = self.hall.as_ref().and_then(|raw| {
            let found = c.edges.hall(raw, c.base);
            let whole = found.is_empty();
            c.problems.extend(found);
            whole.then(|| HallSettings {
                section: raw.clone(),
                base: c.base.to_owned(),
            })
        });
        if !c.problems.is_empty() {
            return Err(ConfigError {
                path: None,
                problems: c.problems,
            });
        }
        Ok(StationConfig {
            game,
            devices,
            speech,
            vi_voice,
            sighted_voice,
            records_dir,
            braille_table,
            timings,
            table,
            console,
            braille_display,
            hall,
            opponent,
            file: c.base.join("table.toml"),
        })
    }
}

/// A span that is none of the forms [`parse_span`] reads.
#[derive(Debug, Clone, Copy, thiserror::Error)]
#[error("expected a time like \"3m\", \"180s\", \"2m30s\" or seconds")]
struct SpanError;

/// A span written as `"3m"`, `"90s"`, `"1h"`, `"2m30s"` or bare seconds `"180"`.
fn parse_span(text: &str) -> Result<Duration, SpanError> {
    let expected = SpanError;
    let t = text.trim();
    if let Ok(secs) = t.parse::<u64>() {
        return Ok(Duration::from_secs(secs));
    }
    let mut total = 0u64;
    let mut digits = String::new();
    let mut last_unit = 0u64;
    for c in t.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        let unit = match c {
            'h' => 3600,
            'm' => 60,
            's' => 1,
            _ => return Err(expected),
        };
        // Each part once, largest first: "1h30m", never "30m1h" or "3m3m".
        let n: u64 = digits.parse().map_err(|_| expected)?;
        if last_unit != 0 && unit >= last_unit {
            return Err(expected);
        }
        total = n
            .checked_mul(unit)
            .and_then(|v| total.checked_add(v))
            .ok_or(expected)?;
        last_unit = unit;
        digits.clear();
    }
    if !digits.is_empty() || last_unit == 0 {
        return Err(expected);
    }
    Ok(Duration::from_secs(total))
}
