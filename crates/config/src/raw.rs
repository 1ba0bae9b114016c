//! `table.toml` as written: every key optional, nothing checked beyond TOML's own
//! kinds and unknown keys. [`RawConfig::validate`](super::RawConfig::validate) turns it
//! into a checked [`StationConfig`](super::StationConfig).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

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
    /// `[table]`: the table's options for the VI player.
    pub table: RawTable,
    /// `[console]`: the arbiter's web console (served only when the section is there).
    pub console: Option<RawConsole>,
    /// `[braille]`: the VI player's refreshable Braille display.
    pub braille: Option<RawBraille>,
    /// `[hall]`: the tournament hall's broker (published only when the section is there).
    pub hall: Option<super::hall::RawHall>,
    /// `[opponent]`: an engine across the board instead of a sighted player (a practice
    /// game; only when the section is there).
    pub opponent: Option<super::opponent::RawOpponent>,
}

/// `[braille]` as written.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct RawBraille {
    /// `"brlapi"` (a display through brltty) or `"none"`.
    pub display: Option<String>,
    /// brltty's BrlAPI server (`host:port`, `:N`; libbrlapi's default when absent).
    pub host: Option<String>,
    /// BrlAPI authorization (`none`, `keyfile:/etc/brlapi.key`; libbrlapi's default when absent).
    pub auth: Option<String>,
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
    /// PGN `Round` (`N.K` for board K of round N).
    pub round: Option<String>,
    /// The board of the round (PGN `Board`): the tournament's board this table plays.
    pub board: Option<u32>,
    /// The arbiter's name (PGN `Arbiter`, the printed scoresheet).
    pub arbiter: Option<String>,
    /// The pairing program's TRF file: after each game the next round's pairing at
    /// `board` comes from it (names, colours, details, `Round "N.K"`).
    pub trf: Option<String>,
    /// The VI player's start number in `trf`: the table follows him from round to round
    /// (his board may change in a Swiss); without it the table takes its board's pairing.
    pub vi_player: Option<u32>,
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
    /// White's FIDE title (`GM`, `WIM`).
    pub white_title: Option<String>,
    /// White's rating.
    pub white_rating: Option<u32>,
    /// White's FIDE id.
    pub white_fide_id: Option<u64>,
    /// White's federation (three letters).
    pub white_federation: Option<String>,
    /// Black's FIDE title.
    pub black_title: Option<String>,
    /// Black's rating.
    pub black_rating: Option<u32>,
    /// Black's FIDE id.
    pub black_fide_id: Option<u64>,
    /// Black's federation.
    pub black_federation: Option<String>,
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
    /// The clock: the tactile clock's serial path or `"sim"`, `"dgt"` (a DGT 3000 on the
    /// DGT board's cable), or `"none"` (the table keeps the time itself).
    pub clock: Option<String>,
    /// What the DGT 3000's five buttons ask, left to right: `time`, `whose_turn`,
    /// `repeat`, `arbiter`, `pause` or `none` each.
    pub dgt_buttons: Option<Vec<String>>,
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
    /// Silence after a phrase that no phrase extends before it is final, ms (100).
    pub leaf_silence_ms: Option<u64>,
    /// An utterance whose voice stands less than this many dB over the room's noise
    /// is asked again (30; 0: never for noise).
    pub min_snr_db: Option<u8>,
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
    /// `auto` (the screen reader on Windows, else speech-dispatcher, else espeak-ng,
    /// else text), `speechd`, `tts`, `espeak`, `text` or `none`.
    pub backend: Option<String>,
    /// A voice name of the back end (`de`, `en-us`, …); the player's language when absent.
    pub voice: Option<String>,
    /// Speaking rate, words per minute, 80–350 (175 is normal; speech-dispatcher gets
    /// the same relative rate).
    pub rate: Option<u32>,
    /// Earcons for this player: `true` or `false` (off).
    pub earcons: Option<bool>,
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

/// `[table]` as written.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct RawTable {
    /// "Uhr gedrückt." after the VI player's own press completed the move: `true` or
    /// `false` (any TOML value here; the check names a wrong one by its key).
    pub press_confirmation: Option<toml::Value>,
    /// A haptic tick at every whole minute of the VI player's time at or below this:
    /// `"3m"`, `"180s"`, `"2m30s"` or seconds (`180`).
    pub low_time_warning: Option<toml::Value>,
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
