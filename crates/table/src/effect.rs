//! What the table asks the world to do: speak, set the clock, show the fix-up, alert the
//! arbiter, record a move. Serde, for the web console and the journal.

use std::time::Duration;

use annabella_rules::{GameResult, Outcome, Termination};
use serde::{Deserialize, Serialize};
use shakmaty::{Board, Color, Square, fen::Fen, uci::UciMove};

/// Who an announcement is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    /// The visually impaired player (headphones or speaker on their side).
    ViPlayer,
    /// The sighted player (speaker or display on their side).
    SightedPlayer,
    /// Both players.
    Both,
}

/// How urgent an announcement is; a higher one may interrupt a lower one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Priority {
    /// Answers to questions.
    Low,
    /// Read-backs, reminders, fix-ups.
    Normal,
    /// The opponent's move, touch-move, claims, offers.
    High,
    /// Flag fall and the end of the game.
    Urgent,
}

/// What an announcement is about (for the voice queue and the audio record).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AnnounceKind {
    /// The game starts.
    Start,
    /// The VI player's recognised move said back (D.2.8).
    ReadBack,
    /// A move of the other player, to be executed on the listener's board.
    OpponentMove,
    /// A question back to the VI player (ambiguous or incomplete utterance).
    Question,
    /// The utterance was not understood or names no legal move.
    NotUnderstood,
    /// Announced but not placed, placed but not announced, captured piece not removed.
    NotMade,
    /// Law 4.3: a touched piece must be moved or captured.
    TouchMove,
    /// How to put the peg board right, or that it is right again.
    FixUp,
    /// An answer to a question (time, moves, where is …).
    Answer,
    /// Draw offers, claims, resignation.
    Declaration,
    /// The clocks: paused, resumed, flag fall, time added.
    Clock,
    /// How this player's move is completed now: their lever is already down (a DGT
    /// 3000's rocker) or the clock is away, and what completed a move instead of it.
    Lever,
    /// The arbiter was called or ruled.
    Arbiter,
    /// The game ended.
    GameOver,
}

/// One sentence to speak.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Announcement {
    /// Identifies the announcement in [`Input::AnnouncementDone`](crate::Input::AnnouncementDone).
    pub id: u64,
    /// Who hears it.
    pub to: Audience,
    /// The words.
    pub text: String,
    /// How urgent.
    pub priority: Priority,
    /// What about.
    pub kind: AnnounceKind,
}

/// A haptic pattern of the tactile clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Haptic {
    /// A flag fell.
    Flag,
    /// Attention: listen / look at the board.
    Attention,
    /// One whole minute less on the VI player's clock, below the low-time threshold.
    MinuteTick,
}

/// What the clock devices (tactile clock, DGT 3000) must show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "clock", rename_all = "snake_case")]
pub enum ClockCommand {
    /// Show these times and let `running`'s time run down (`None`: both stopped).
    Set {
        /// White's remaining time.
        white: Duration,
        /// Black's remaining time.
        black: Duration,
        /// Whose time runs.
        #[serde(with = "crate::text_serde::option")]
        running: Option<Color>,
    },
    /// Vibrate the VI player's clock.
    Haptic {
        /// The pattern.
        pattern: Haptic,
    },
}

/// One thing to do on the peg board to make it show the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "fix", rename_all = "snake_case")]
pub enum PegFix {
    /// Take the peg out of this hole.
    Remove {
        /// The hole.
        #[serde(with = "crate::text_serde")]
        square: Square,
    },
    /// Put this piece into this hole.
    Place {
        /// The hole.
        #[serde(with = "crate::text_serde")]
        square: Square,
        /// The piece (FEN letter: `N` white knight, `n` black knight).
        piece: char,
    },
}

/// Why the arbiter is alerted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AlertKind {
    /// A player called the arbiter.
    Called,
    /// A player paused the clocks (6.11.1).
    Paused,
    /// The peg board does not show the game and the VI player could not fix it.
    PegBoardDiffers,
    /// The sighted board does not show the game.
    SightedBoardDiffers,
    /// The sighted player touched a piece and moved another (4.3; D.2.10.5 duty e).
    SightedTouch,
    /// The VI player touched a piece against 4.3, or lifted the piece of a made move
    /// again (4.6: a released piece).
    ViTouch,
    /// A clock was pressed without a move.
    PressWithoutMove,
    /// A flag fell that the table does not claim by itself (the VI player's).
    FlagFall,
    /// A claim that the arbiter must rule on.
    Claim,
    /// An illegal move was attempted on the sighted board.
    IllegalMove,
    /// The clock device is not connected, switched off, or on low battery; the table
    /// keeps the time itself (presses automatic) while it is lost.
    ClockDevice,
    /// The assistant's entry of the sighted player's move differs from the move made on
    /// the board (E.2.8; 4.6: the board's move is the move, the entry is not recorded).
    EntryDiffers,
}

/// The table asks for the arbiter, with both boards as they are.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArbiterAlert {
    /// Why.
    pub kind: AlertKind,
    /// In words (English, for the console).
    pub detail: String,
    /// The game position (in JSON its FEN).
    #[serde(with = "crate::text_serde")]
    pub game_fen: Fen,
    /// The peg board: FEN placement with `X` for a peg whose piece is unknown (the board
    /// senses only occupancy; a peg where the game has a piece shows that piece).
    pub vi_board: String,
    /// The sighted board's last snapshot (in JSON its FEN placement), if it has sensors.
    #[serde(with = "crate::text_serde::option")]
    pub sighted_board: Option<Board>,
    /// Half-moves played.
    pub ply: usize,
    /// Who called the arbiter, for a page that says it in its own language (only on a
    /// call; absent from other alerts and from journals written before the field).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caller: Option<Caller>,
    /// Why, for a page that says it in its own language (on the alerts that have one;
    /// absent from the others and from journals written before the field).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cause: Option<AlertCause>,
}

/// Why an alert was raised, as a page words it in its own language; `detail` keeps
/// the English words ([`AlertCause::english`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "cause", rename_all = "snake_case")]
pub enum AlertCause {
    /// The clock device is not connected or switched off: the table keeps the time.
    ClockLost,
    /// The clock device is back.
    ClockBack,
    /// The clock device keeps refusing the table's times.
    ClockRefuses,
    /// The clock device reports a low battery.
    ClockLowBattery,
    /// The game waits for the start position on the sighted board.
    StartWaits,
    /// The sighted board differs from the game.
    SightedBoardDiffers,
    /// The sighted player pressed the clock, but no move was seen on the board.
    SightedPressWithoutMove,
    /// The VI player stopped the clocks.
    PausedByVi,
    /// The sighted player stopped the clocks.
    PausedBySighted {
        /// Their side.
        #[serde(with = "crate::text_serde")]
        color: Color,
    },
    /// Someone at the table stopped the clocks with the clock's button.
    PausedByButton,
    /// The VI player's flag fell; the opponent or the arbiter may claim.
    FlagFall {
        /// Whose flag.
        #[serde(with = "crate::text_serde")]
        color: Color,
    },
}

impl AlertCause {
    /// The words in `m`'s language, as a page shows them after the alert's title.
    pub fn words(self, m: &annabella_phonetic::messages::Messages) -> String {
        let side = |color: Color| {
            (
                "side",
                m.text(
                    "color",
                    &[("color", annabella_phonetic::messages::color_arg(color))],
                )
                .into(),
            )
        };
        match self {
            AlertCause::ClockLost => m.text("view-cause-clock-lost", &[]),
            AlertCause::ClockBack => m.text("view-cause-clock-back", &[]),
            AlertCause::ClockRefuses => m.text("view-cause-clock-refuses", &[]),
            AlertCause::ClockLowBattery => m.text("view-cause-clock-battery", &[]),
            AlertCause::StartWaits => m.text("view-cause-start-waits", &[]),
            AlertCause::SightedBoardDiffers => m.text("view-cause-sighted-board", &[]),
            AlertCause::SightedPressWithoutMove => m.text("view-cause-sighted-press", &[]),
            AlertCause::PausedByVi => m.text("view-cause-paused-vi", &[]),
            AlertCause::PausedBySighted { color } => {
                m.text("view-cause-paused-sighted", &[side(color)])
            }
            AlertCause::PausedByButton => m.text("view-cause-paused-button", &[]),
            AlertCause::FlagFall { color } => m.text("view-cause-flag", &[side(color)]),
        }
    }

    /// The English words (the alert's `detail`).
    pub fn english(self) -> String {
        match self {
            AlertCause::ClockLost => "the clock device is not connected or switched off; the \
                                      table keeps the time and presses the clocks itself"
                .into(),
            AlertCause::ClockBack => {
                "the clock device is back; its lever presses count again".into()
            }
            AlertCause::ClockRefuses => "the clock device does not take the table's times; set it \
                                         by hand (the table keeps the time)"
                .into(),
            AlertCause::ClockLowBattery => "the clock device reports a low battery".into(),
            AlertCause::StartWaits => "the game waits for the start position on the sighted \
                                       board; the arbiter's start starts it anyway"
                .into(),
            AlertCause::SightedBoardDiffers => "the sighted board differs from the game".into(),
            AlertCause::SightedPressWithoutMove => {
                "the sighted player pressed the clock, but no move was seen on the board".into()
            }
            AlertCause::PausedByVi => "the VI player stopped the clocks".into(),
            AlertCause::PausedBySighted { color } => {
                format!("the sighted player ({color}) stopped the clocks")
            }
            AlertCause::PausedByButton => {
                "a player at the table stopped the clocks (the clock's button)".into()
            }
            AlertCause::FlagFall { color } => format!(
                "{color}'s flag fell (the VI player's); the opponent or the arbiter may claim"
            ),
        }
    }
}

/// Who called the arbiter ([`AlertKind::Called`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum Caller {
    /// A player: their side, whether they are the VI player, whether the clocks stopped.
    Player {
        /// Their side.
        #[serde(with = "crate::text_serde")]
        color: Color,
        /// The VI player (else the sighted player).
        vi: bool,
        /// The call stopped the clocks.
        stopped: bool,
    },
    /// Someone at the table, with the clock's shared button (the clocks stopped).
    ClockButton,
}

impl Caller {
    /// Who called, in `m`'s language (a whole sentence).
    pub fn words(self, m: &annabella_phonetic::messages::Messages) -> String {
        match self {
            Caller::Player { color, vi, stopped } => {
                let side = m.text(color.fold_wb("hall-white", "hall-black"), &[]);
                let id = match (vi, stopped) {
                    (true, _) => "hall-called-vi",
                    (false, true) => "hall-called-sighted",
                    (false, false) => "hall-called-sighted-running",
                };
                m.text(id, &[("side", side.into())])
            }
            Caller::ClockButton => m.text("hall-called-button", &[]),
        }
    }
}

/// A move as recorded on the scoresheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedMove {
    /// Half-move number, from 1.
    pub ply: usize,
    /// Who moved.
    #[serde(with = "crate::text_serde")]
    pub color: Color,
    /// Standard algebraic notation with check/mate sign.
    pub san: String,
    /// The move gives check (mate included): the side to move after it is in check.
    #[serde(default)]
    pub check: bool,
    /// UCI.
    #[serde(with = "crate::text_serde")]
    pub uci: UciMove,
    /// The mover's remaining time after the move (for `[%clk]`).
    pub clock: Duration,
    /// The time the move took.
    pub spent: Duration,
    /// Table time when the move was completed.
    pub at: Duration,
}

/// An illegal move the arbiter penalised (Law 7.5.5), as the scoresheet marks it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct IllegalMark {
    /// The half-move (from 1) the illegal move was made in place of: the player's next
    /// legal move has this number.
    pub ply: usize,
    /// Who made it.
    #[serde(with = "crate::text_serde")]
    pub by: Color,
    /// The time given to the opponent; `None` when the game ended with it.
    pub added: Option<Duration>,
}

/// The move sealed at an adjournment (duty f): for the journal and the sealed-move
/// record only, never announced.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SealedMove {
    /// Half-move number it will be, from 1.
    pub ply: usize,
    /// Who sealed it.
    #[serde(with = "crate::text_serde")]
    pub color: Color,
    /// Standard algebraic notation.
    pub san: String,
    /// UCI.
    #[serde(with = "crate::text_serde")]
    pub uci: UciMove,
    /// The sealer's remaining time when the clocks were stopped.
    pub clock: Duration,
}

/// The end of a game. In JSON the result and the termination are their texts (`"1-0"`,
/// `"checkmate"`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameEnd {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: GameResult,
    /// How it ended (`checkmate`, `flag-fall`, `agreement`, …: the rules crate's names).
    pub termination: Termination,
    /// The PGN `Termination` tag value (`normal`, `time forfeit`, `adjudication`, `rules
    /// infraction`): [`Termination::pgn_tag`], kept for readers of the JSON.
    pub pgn_termination: String,
}

impl From<Outcome> for GameEnd {
    fn from(o: Outcome) -> GameEnd {
        GameEnd {
            result: o.result,
            termination: o.termination,
            pgn_termination: o.termination.pgn_tag().into(),
        }
    }
}

/// One effect. Drain them with [`Table::poll_effect`](crate::Table::poll_effect) after
/// every input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum Effect {
    /// Speak.
    Announce(Announcement),
    /// Stop speaking at once ("Ruhe").
    StopSpeaking,
    /// Close the microphone (an announcement is being spoken).
    MuteMic,
    /// Open the microphone again.
    UnmuteMic,
    /// Set the clock devices.
    Clock(ClockCommand),
    /// The move sealed at an adjournment: record it privately (never speak it).
    Sealed(SealedMove),
    /// The peg board differs from the game: these steps put it right (spoken too).
    ShowOnTactile {
        /// The steps.
        fixes: Vec<PegFix>,
    },
    /// The game position changed: tell the board detectors (FEN of the new position).
    Position {
        /// The position (in JSON its FEN).
        #[serde(with = "crate::text_serde")]
        fen: Fen,
        /// The move that led to it, if it was a move.
        #[serde(with = "crate::text_serde::option")]
        last_move: Option<UciMove>,
    },
    /// Call the arbiter.
    ArbiterAlert(ArbiterAlert),
    /// A move for the scoresheet (PGN with `[%clk]`).
    RecordMove(RecordedMove),
    /// The game is over.
    GameOver(GameEnd),
}
