//! How one table is set up: who plays which colour, the language, the time control, the
//! Laws, the start position and the timings of the table's reminders.

use std::time::Duration;

use annabella_phonetic::Language;
use annabella_rules::{Edition, TimeControl};
use serde::{Deserialize, Serialize};
use shakmaty::{CastlingMode, Chess, Color, fen::Fen};

use crate::Practice;

/// Who presses a player's clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClockPress {
    /// The player presses the lever of the clock; the table completes the move then.
    #[default]
    Lever,
    /// The table presses for the player as soon as the move is made (assistant duty c of
    /// Appendix D: "start the opponent's clock", respecting when a move is made).
    Automatic,
}

/// What the clock's lever is, physically.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClockLever {
    /// Every press is reported (the tactile clock's buttons).
    #[default]
    Button,
    /// A rocker, one side always down (the DGT 3000): pressing the side that is already
    /// down does nothing, so the table keeps which side is down and lets that player's
    /// other ways of completing a move complete it.
    Rocker,
}

/// What the table knows of the VI player's own board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ViBoard {
    /// The tactile peg board with sensors: a move is made when its pegs show it (D.2.3).
    #[default]
    Sensors,
    /// An ordinary tactile set without sensors: a move is made when the VI player
    /// confirms it — the clock press (it stands for "placed and released"), the word
    /// "gesetzt"/"done", or the assistant's key. Touches (4.3) cannot be seen there.
    Plain,
}

/// When the table speaks up on its own (all from the last change on a board).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Timings {
    /// With [`ClockPress::Automatic`]: how long after the move is made the table waits
    /// for "nein"/"Korrektur" before it starts the opponent's clock.
    pub correction_window: Duration,
    /// Announced but not placed, or placed but not announced: the board has been still
    /// this long → the VI player is told what is missing.
    pub remind_after: Duration,
    /// The peg board differs from the game this long after the last change → the fix-up
    /// is spoken.
    pub fixup_after: Duration,
    /// A fix-up not yet carried out is repeated this often.
    pub fixup_repeat: Duration,
    /// After this many fix-ups without success the arbiter is alerted.
    pub fixups_before_alert: u32,
    /// A clock press that came before the move was seen on the sighted board waits this
    /// long for the move; then it is reported to the arbiter.
    pub press_grace: Duration,
    /// The sighted board has not shown the VI player's move, or the sighted player's own
    /// move in progress shows no legal move, this long → reminder, or what to put right
    /// and an arbiter alert.
    pub discrepancy_after: Duration,
    /// The sighted board shows a wrong copy (or anything but the game when no move of
    /// the sighted player is in progress) this long → the sighted player is told what to
    /// put right, the VI player that the opponent's board is being put right, the arbiter
    /// is alerted.
    pub sighted_fixup_after: Duration,
    /// The sighted player pressed the clock with a board that shows no legal move: when
    /// the board has stayed so this long after the press, it is an illegal move (7.5.1).
    pub press_settle: Duration,
    /// n-best recognition: two readings closer than this are ambiguous.
    pub nbest_margin: f32,
}

impl Default for Timings {
    fn default() -> Self {
        Timings {
            correction_window: Duration::from_millis(1500),
            remind_after: Duration::from_secs(4),
            fixup_after: Duration::from_secs(4),
            fixup_repeat: Duration::from_secs(15),
            fixups_before_alert: 3,
            press_grace: Duration::from_secs(3),
            discrepancy_after: Duration::from_secs(5),
            sighted_fixup_after: Duration::from_secs(2),
            press_settle: Duration::from_millis(800),
            nbest_margin: annabella_phonetic::NBEST_MARGIN,
        }
    }
}

/// The PGN seven-tag roster fields that are not decided by the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Event {
    /// Event name.
    pub event: String,
    /// Site.
    pub site: String,
    /// Date, `YYYY.MM.DD` (`????.??.??` when unknown).
    pub date: String,
    /// Round.
    pub round: String,
    /// The white player's name.
    pub white: String,
    /// The black player's name.
    pub black: String,
    /// The board (`3`), when the table plays a board of a tournament's round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// The arbiter's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arbiter: Option<String>,
    /// White's title, rating, FIDE id and federation (from the pairing program's file).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_player: Option<PlayerDetails>,
    /// Black's title, rating, FIDE id and federation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_player: Option<PlayerDetails>,
    /// Further PGN tags, in order (an online game's `WhiteElo`, `BlackElo`, titles and
    /// its page); none for a game at the table.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<(String, String)>,
}

/// What a tournament knows of a player besides the name; each may be unknown.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlayerDetails {
    /// FIDE title (`GM`, `WIM`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Rating.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<u32>,
    /// FIDE id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fide_id: Option<u64>,
    /// Federation (three letters).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub federation: Option<String>,
}

impl Default for Event {
    fn default() -> Self {
        Event {
            event: "?".into(),
            site: "?".into(),
            date: "????.??.??".into(),
            round: "-".into(),
            white: "?".into(),
            black: "?".into(),
            board: None,
            arbiter: None,
            white_player: None,
            black_player: None,
            tags: Vec::new(),
        }
    }
}

/// Everything a [`Table`](crate::Table) is created from. Serde, so that a journal can keep
/// it beside the inputs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TableConfig {
    /// The colour of the visually impaired player (the other player is sighted).
    #[serde(with = "crate::text_serde")]
    pub vi_color: Color,
    /// The language the VI player speaks and hears (`de` is the FIDE scheme).
    #[serde(with = "crate::text_serde")]
    pub language: Language,
    /// The language of announcements to the sighted player.
    #[serde(with = "crate::text_serde")]
    pub sighted_language: Language,
    /// The time control (PGN notation, e.g. `5400+30`).
    #[serde(with = "crate::text_serde")]
    pub time_control: TimeControl,
    /// The edition of the Laws.
    #[serde(with = "crate::text_serde")]
    pub edition: Edition,
    /// The start position as FEN (`None`: the standard start). Shredder-FEN or X-FEN
    /// castling rights of a Chess960 start need `chess960`.
    pub start_fen: Option<String>,
    /// Chess960 castling rules.
    pub chess960: bool,
    /// The VI player's board: with sensors (the peg board) or an ordinary tactile set.
    pub vi_board: ViBoard,
    /// Who presses the VI player's clock.
    pub vi_press: ClockPress,
    /// Who presses the sighted player's clock.
    pub sighted_press: ClockPress,
    /// The clock's lever: reported at every press, or a rocker (the DGT 3000).
    pub clock_lever: ClockLever,
    /// Claims wait for the arbiter's ruling (clocks stopped) instead of being decided by
    /// the table at once.
    pub claims_by_arbiter: bool,
    /// A short spoken confirmation after the VI player's own clock press completed the
    /// move ("Uhr gedrückt.").
    pub press_confirmation: bool,
    /// The tactile clock ticks (haptic) at every whole minute of the VI player's
    /// remaining time at or below this (opt-in; `None`: off).
    pub low_time_warning: Option<Duration>,
    /// Tag values for the PGN.
    pub event: Event,
    /// When the table speaks up on its own.
    pub timings: Timings,
    /// What a practice game against an engine allows (take-back, hint, evaluation);
    /// nothing at a rated table (written only when something is allowed, so a rated
    /// table's settings read as before).
    #[serde(skip_serializing_if = "Practice::is_rated")]
    pub practice: Practice,
    /// The opponent plays on a server that keeps the game (Lichess): the VI player may
    /// abort, answer a takeback request and claim the win when the opponent left
    /// (written only when true).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub online: bool,
}

impl Default for TableConfig {
    fn default() -> Self {
        TableConfig {
            vi_color: Color::White,
            language: Language::De,
            sighted_language: Language::De,
            time_control: TimeControl::sudden_death(
                Duration::from_secs(90 * 60),
                annabella_rules::Bonus::Increment(Duration::from_secs(30)),
            ),
            edition: Edition::default(),
            start_fen: None,
            chess960: false,
            vi_board: ViBoard::Sensors,
            vi_press: ClockPress::Lever,
            sighted_press: ClockPress::Lever,
            clock_lever: ClockLever::Button,
            claims_by_arbiter: false,
            press_confirmation: false,
            low_time_warning: None,
            event: Event::default(),
            timings: Timings::default(),
            practice: Practice::RATED,
            online: false,
        }
    }
}

/// A configuration that cannot start a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// `start_fen` is not a FEN.
    #[error("start_fen {fen:?}: {error}")]
    Fen {
        /// The text given.
        fen: String,
        /// What is wrong with it.
        error: String,
    },
    /// `start_fen` is a FEN of an impossible position.
    #[error("start_fen {fen:?}: illegal position: {error}")]
    Position {
        /// The text given.
        fen: String,
        /// Why the position is not legal.
        error: String,
    },
    /// `start_fen` has castling rights only Chess960 can have, and the game is not
    /// Chess960 (the rules' one policy, [`annabella_rules::start_position`]).
    #[error(
        "start_fen {fen:?}: castling rights only Chess960 can have, in a game not marked \
         as Chess960"
    )]
    NeedsChess960 {
        /// The text given.
        fen: String,
    },
}

impl TableConfig {
    /// The castling mode of the game.
    pub fn castling_mode(&self) -> CastlingMode {
        annabella_rules::castling_mode(self.chess960)
    }

    /// The start position.
    ///
    /// # Errors
    /// [`ConfigError`] naming the FEN and what is wrong with it.
    pub fn start_position(&self) -> Result<Chess, ConfigError> {
        let Some(text) = &self.start_fen else {
            return Ok(Chess::default());
        };
        let fen: Fen =
            text.parse()
                .map_err(|e: shakmaty::fen::ParseFenError| ConfigError::Fen {
                    fen: text.clone(),
                    error: e.to_string(),
                })?;
        annabella_rules::start_position(&fen, self.chess960).map_err(|e| match e {
            annabella_rules::StartError::NeedsChess960 { .. } => {
                ConfigError::NeedsChess960 { fen: text.clone() }
            }
            annabella_rules::StartError::Illegal { why, .. } => ConfigError::Position {
                fen: text.clone(),
                error: why,
            },
        })
    }
}
