//! The lines of the event and game streams, decoded into typed values: moves as shakmaty's
//! [`UciMove`], sides as [`Color`], clock times as [`Duration`]; every string from the
//! server stripped of control characters and cut to a bound, every number bounded.

use std::time::Duration;

use serde::Deserialize;
use shakmaty::{ByColor, Color, fen::Fen, uci::UciMove};

use crate::endpoint::GameId;

/// The most half-moves a game's `moves` may hold.
pub const MAX_PLIES: usize = 2000;
/// The longest clock time read (a day; longer is cut to it).
pub const MAX_CLOCK: Duration = Duration::from_secs(24 * 3600);

/// Why a line is not one of Lichess's messages.
#[derive(Debug, thiserror::Error)]
pub enum DecodeError {
    /// Not the JSON of a message.
    #[error("a line that is not a Lichess message: {0}")]
    Json(#[source] serde_json::Error),
    /// A move in `moves` that is not UCI.
    #[error("a move that is not UCI: {0:?}")]
    Move(String),
    /// More than [`MAX_PLIES`] moves.
    #[error("more than {MAX_PLIES} moves")]
    TooLong,
    /// The game's id is not one.
    #[error("a game id that is not one: {0:?}")]
    GameId(String),
    /// The initial position is not a FEN.
    #[error("an initial position that is not a FEN: {0:?}")]
    Fen(String),
}

/// `text` without control characters, at most `max` characters.
pub fn clean(text: &str, max: usize) -> String {
    text.chars().filter(|c| !c.is_control()).take(max).collect()
}

/// How a game stands or ended, as Lichess names it (`GameStatusName`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Status {
    /// Created, not started.
    Created,
    /// Being played.
    Started,
    /// Aborted (before both players moved).
    Aborted,
    /// Checkmate.
    Mate,
    /// A player resigned.
    Resign,
    /// Stalemate.
    Stalemate,
    /// A player left and the other claimed victory (or a draw).
    Timeout,
    /// Drawn (agreed, repetition, fifty moves, or a claim).
    Draw,
    /// A flag fell.
    #[serde(rename = "outoftime")]
    OutOfTime,
    /// A player was found cheating.
    Cheat,
    /// A player did not make the first move in time.
    NoStart,
    /// Drawn by insufficient material.
    InsufficientMaterialClaim,
    /// A variant's own end.
    VariantEnd,
    /// Ended in a way Lichess does not know (or a status newer than this crate).
    #[serde(other)]
    UnknownFinish,
}

impl Status {
    /// Whether the game is over.
    pub fn is_over(self) -> bool {
        !matches!(self, Status::Created | Status::Started)
    }
}

/// A player of the game as `gameFull` names them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Player {
    /// The name (an AI's is "Stockfish level N").
    pub name: String,
    /// The title (GM, IM, …), if any.
    pub title: Option<String>,
    /// The rating, if any.
    pub rating: Option<u32>,
    /// Whether the rating is provisional.
    pub provisional: bool,
}

/// The clock of the game: initial time and increment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockSetting {
    /// Each player's time at the start.
    pub initial: Duration,
    /// Added after each move.
    pub increment: Duration,
}

/// The game's variant as far as the table plays it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    /// Standard chess (also from a position).
    Standard,
    /// Chess960.
    Chess960,
    /// Any other (crazyhouse, atomic, …): not played at the table.
    Other,
}

/// The state of the game: its moves, clocks, offers and status (`gameState`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameState {
    /// Every move since the initial position, in UCI.
    pub moves: Vec<UciMove>,
    /// Time left on each clock.
    pub clock: ByColor<Duration>,
    /// How the game stands.
    pub status: Status,
    /// The winner, if the game is over and won.
    pub winner: Option<Color>,
    /// Whose draw offer stands.
    pub draw_offer: ByColor<bool>,
    /// Whose takeback proposal stands.
    pub takeback: ByColor<bool>,
}

/// Everything about the game (`gameFull`, always the game stream's first line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameFull {
    /// The game's id.
    pub id: GameId,
    /// Whether the game is rated.
    pub rated: bool,
    /// The variant.
    pub variant: Variant,
    /// "rapid", "classical", … (cleaned).
    pub speed: String,
    /// The clock, if the game has one (none in correspondence).
    pub clock: Option<ClockSetting>,
    /// The players.
    pub players: ByColor<Player>,
    /// The position it started from, if not the standard one.
    pub initial_fen: Option<Fen>,
    /// When the game was created, in milliseconds since 1970.
    pub created_at: u64,
    /// Its state now.
    pub state: GameState,
}

/// A line of the game's chat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatLine {
    /// Who wrote it (cleaned).
    pub user: String,
    /// What (cleaned, at most 280 characters).
    pub text: String,
    /// Whether the players' room (else the spectators').
    pub players_room: bool,
}

/// A line of the game stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameMessage {
    /// `gameFull`.
    Full(Box<GameFull>),
    /// `gameState`.
    State(GameState),
    /// `chatLine`.
    Chat(ChatLine),
    /// `opponentGone`: whether the opponent left, and in how long a victory can be claimed.
    OpponentGone {
        /// Left (true) or back (false).
        gone: bool,
        /// When a win may be claimed, if Lichess says.
        claim_in: Option<Duration>,
    },
    /// A message of a type this crate does not read.
    Other,
}

/// A line of the event stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AccountEvent {
    /// `gameStart`: a game of the player's began (or goes on, when the stream opens).
    GameStart {
        /// The game.
        game: GameId,
        /// The player's side, if told.
        color: Option<Color>,
    },
    /// `gameFinish`.
    GameFinish {
        /// The game.
        game: GameId,
    },
    /// A challenge or anything else: the player accepts challenges on the site.
    Other,
}

mod raw {
    use serde::Deserialize;

    #[derive(Deserialize)]
    #[serde(tag = "type", rename_all = "camelCase")]
    pub enum Message {
        GameFull(Box<Full>),
        GameState(State),
        ChatLine {
            #[serde(default)]
            room: String,
            #[serde(default)]
            username: String,
            #[serde(default)]
            text: String,
        },
        #[serde(rename_all = "camelCase")]
        OpponentGone {
            gone: bool,
            #[serde(default)]
            claim_win_in_seconds: Option<i64>,
        },
        #[serde(other)]
        Other,
    }

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Full {
        pub id: String,
        #[serde(default)]
        pub variant: Option<VariantKey>,
        #[serde(default)]
        pub clock: Option<Clock>,
        #[serde(default)]
        pub speed: String,
        #[serde(default)]
        pub rated: bool,
        #[serde(default)]
        pub created_at: u64,
        pub white: Player,
        pub black: Player,
        #[serde(default)]
        pub initial_fen: Option<String>,
        pub state: State,
    }

    #[derive(Deserialize)]
    pub struct VariantKey {
        pub key: String,
    }

    #[derive(Deserialize)]
    pub struct Clock {
        pub initial: u64,
        pub increment: u64,
    }

    #[derive(Deserialize, Default)]
    #[serde(rename_all = "camelCase")]
    pub struct Player {
        #[serde(default)]
        pub name: Option<String>,
        #[serde(default)]
        pub title: Option<String>,
        #[serde(default)]
        pub rating: Option<u32>,
        #[serde(default)]
        pub provisional: bool,
        #[serde(default)]
        pub ai_level: Option<u8>,
    }

    #[derive(Deserialize)]
    pub struct State {
        #[serde(default)]
        pub moves: String,
        pub wtime: u64,
        pub btime: u64,
        pub status: super::Status,
        #[serde(default)]
        pub winner: Option<String>,
        #[serde(default)]
        pub wdraw: bool,
        #[serde(default)]
        pub bdraw: bool,
        #[serde(default)]
        pub wtakeback: bool,
        #[serde(default)]
        pub btakeback: bool,
    }

    #[derive(Deserialize)]
    #[serde(tag = "type", rename_all = "camelCase")]
    pub enum Event {
        GameStart {
            game: Info,
        },
        GameFinish {
            game: Info,
        },
        #[serde(other)]
        Other,
    }

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Info {
        pub game_id: String,
        #[serde(default)]
        pub color: Option<String>,
    }
}

fn color(text: Option<&str>) -> Option<Color> {
    match text {
        Some("white") => Some(Color::White),
        Some("black") => Some(Color::Black),
        _ => None,
    }
}

fn millis(ms: u64) -> Duration {
    Duration::from_millis(ms).min(MAX_CLOCK)
}

fn game_id(text: &str) -> Result<GameId, DecodeError> {
    GameId::parse(text).ok_or_else(|| DecodeError::GameId(clean(text, 20)))
}

impl GameState {
    fn from_raw(s: raw::State) -> Result<GameState, DecodeError> {
        let mut moves = Vec::new();
        for word in s.moves.split_ascii_whitespace() {
            if moves.len() == MAX_PLIES {
                return Err(DecodeError::TooLong);
            }
            let uci: UciMove = word
                .parse()
                .map_err(|_| DecodeError::Move(clean(word, 10)))?;
            moves.push(uci);
        }
        Ok(GameState {
            moves,
            clock: ByColor {
                white: millis(s.wtime),
                black: millis(s.btime),
            },
            status: s.status,
            winner: color(s.winner.as_deref()),
            draw_offer: ByColor {
                white: s.wdraw,
                black: s.bdraw,
            },
            takeback: ByColor {
                white: s.wtakeback,
                black: s.btakeback,
            },
        })
    }
}

impl Player {
    fn from_raw(p: raw::Player) -> Player {
        let name = match (p.name, p.ai_level) {
            (Some(n), _) => clean(&n, 40),
            (None, Some(level)) => format!("Stockfish level {level}"),
            (None, None) => "?".into(),
        };
        Player {
            name,
            title: p.title.map(|t| clean(&t, 4)),
            rating: p.rating.filter(|r| *r <= 4000),
            provisional: p.provisional,
        }
    }
}

impl GameMessage {
    /// One line of the game stream.
    ///
    /// # Errors
    /// Not a message, a move not UCI, too many moves, a bad id or FEN.
    pub fn decode(line: &str) -> Result<GameMessage, DecodeError> {
        let raw: raw::Message = serde_json::from_str(line).map_err(DecodeError::Json)?;
        Ok(match raw {
            raw::Message::GameFull(f) => {
                let f = *f;
                let variant = match f.variant.as_ref().map(|v| v.key.as_str()) {
                    None | Some("standard" | "fromPosition") => Variant::Standard,
                    Some("chess960") => Variant::Chess960,
                    Some(_) => Variant::Other,
                };
                let initial_fen = match f.initial_fen.as_deref() {
                    None | Some("startpos") => None,
                    Some(text) => Some(
                        text.parse::<Fen>()
                            .map_err(|_| DecodeError::Fen(clean(text, 100)))?,
                    ),
                };
                GameMessage::Full(Box::new(GameFull {
                    id: game_id(&f.id)?,
                    rated: f.rated,
                    variant,
                    speed: clean(&f.speed, 20),
                    clock: f.clock.map(|c| ClockSetting {
                        initial: millis(c.initial),
                        increment: millis(c.increment),
                    }),
                    players: ByColor {
                        white: Player::from_raw(f.white),
                        black: Player::from_raw(f.black),
                    },
                    initial_fen,
                    created_at: f.created_at,
                    state: GameState::from_raw(f.state)?,
                }))
            }
            raw::Message::GameState(s) => GameMessage::State(GameState::from_raw(s)?),
            raw::Message::ChatLine {
                room,
                username,
                text,
            } => GameMessage::Chat(ChatLine {
                user: clean(&username, 40),
                text: clean(&text, 280),
                players_room: room == "player",
            }),
            raw::Message::OpponentGone {
                gone,
                claim_win_in_seconds,
            } => GameMessage::OpponentGone {
                gone,
                claim_in: claim_win_in_seconds
                    .map(|s| Duration::from_secs(u64::try_from(s.clamp(0, 3600)).unwrap_or(0))),
            },
            raw::Message::Other => GameMessage::Other,
        })
    }
}

impl AccountEvent {
    /// One line of the event stream.
    ///
    /// # Errors
    /// Not a message, or a game id that is not one.
    pub fn decode(line: &str) -> Result<AccountEvent, DecodeError> {
        let raw: raw::Event = serde_json::from_str(line).map_err(DecodeError::Json)?;
        Ok(match raw {
            raw::Event::GameStart { game } => AccountEvent::GameStart {
                game: game_id(&game.game_id)?,
                color: color(game.color.as_deref()),
            },
            raw::Event::GameFinish { game } => AccountEvent::GameFinish {
                game: game_id(&game.game_id)?,
            },
            raw::Event::Other => AccountEvent::Other,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_specs_example_game_full_is_read_with_typed_values() {
        let line = r#"{"id":"BEOucQJo","variant":{"key":"standard","name":"Standard","short":"Std"},"speed":"rapid","perf":{"name":"Rapid"},"rated":false,"createdAt":1745112707998,"white":{"id":"bobby","name":"Bobby","title":null,"rating":1751},"black":{"id":"mary","name":"Mary\u0007","title":"WFM","rating":1021,"provisional":true},"initialFen":"startpos","clock":{"initial":900000,"increment":10000},"type":"gameFull","state":{"type":"gameState","moves":"d2d3 e7e5","wtime":900000,"btime":899000,"winc":0,"binc":0,"status":"started","bdraw":true}}"#;
        let GameMessage::Full(full) = GameMessage::decode(line).unwrap() else {
            panic!("not a gameFull");
        };
        assert_eq!(full.id.as_str(), "BEOucQJo");
        assert_eq!(full.players.white.name, "Bobby");
        assert_eq!(
            full.players.black.name, "Mary",
            "control characters stripped"
        );
        assert_eq!(full.players.black.title.as_deref(), Some("WFM"));
        assert_eq!(full.players.black.rating, Some(1021));
        assert!(full.players.black.provisional);
        assert_eq!(
            full.clock,
            Some(ClockSetting {
                initial: Duration::from_secs(900),
                increment: Duration::from_secs(10)
            })
        );
        assert_eq!(full.state.moves.len(), 2);
        assert_eq!(full.state.moves[1].to_string(), "e7e5");
        assert_eq!(full.state.clock.black, Duration::from_secs(899));
        assert!(full.state.draw_offer.black && !full.state.draw_offer.white);
        assert_eq!(full.state.status, Status::Started);
        assert_eq!(full.variant, Variant::Standard);
    }

    #[test]
    fn every_status_and_the_other_lines_are_read() {
        for (name, status) in [
            ("mate", Status::Mate),
            ("resign", Status::Resign),
            ("outoftime", Status::OutOfTime),
            ("timeout", Status::Timeout),
            ("draw", Status::Draw),
            ("aborted", Status::Aborted),
            ("noStart", Status::NoStart),
            ("somethingNew", Status::UnknownFinish),
        ] {
            let line = format!(
                r#"{{"type":"gameState","moves":"","wtime":1,"btime":2,"winc":0,"binc":0,"status":"{name}","winner":"black"}}"#
            );
            let GameMessage::State(s) = GameMessage::decode(&line).unwrap() else {
                panic!()
            };
            assert_eq!(s.status, status);
            assert!(s.status.is_over());
            assert_eq!(s.winner, Some(Color::Black));
        }
        assert_eq!(
            GameMessage::decode(r#"{"type":"opponentGone","gone":true,"claimWinInSeconds":8}"#)
                .unwrap(),
            GameMessage::OpponentGone {
                gone: true,
                claim_in: Some(Duration::from_secs(8))
            }
        );
        assert_eq!(
            GameMessage::decode(
                r#"{"type":"chatLine","username":"thibault","text":"Good luck\u001b[2J","room":"player"}"#
            )
            .unwrap(),
            GameMessage::Chat(ChatLine {
                user: "thibault".into(),
                text: "Good luck[2J".into(),
                players_room: true
            })
        );
        assert_eq!(
            GameMessage::decode(r#"{"type":"somethingElse"}"#).unwrap(),
            GameMessage::Other
        );
        assert_eq!(
            AccountEvent::decode(
                r#"{"type":"gameStart","game":{"gameId":"abcd1234","fullId":"abcd1234wxyz","color":"black"}}"#
            )
            .unwrap(),
            AccountEvent::GameStart {
                game: GameId::parse("abcd1234").unwrap(),
                color: Some(Color::Black)
            }
        );
        assert_eq!(
            AccountEvent::decode(r#"{"type":"challenge","challenge":{}}"#).unwrap(),
            AccountEvent::Other
        );
    }

    #[test]
    fn what_is_not_lichess_is_refused_by_name() {
        let bad_move = r#"{"type":"gameState","moves":"e2e4 zz","wtime":1,"btime":2,"winc":0,"binc":0,"status":"started"}"#;
        assert!(matches!(
            GameMessage::decode(bad_move),
            Err(DecodeError::Move(m)) if m == "zz"
        ));
        let many = vec!["e2e4"; MAX_PLIES + 1].join(" ");
        let long = format!(
            r#"{{"type":"gameState","moves":"{many}","wtime":1,"btime":2,"winc":0,"binc":0,"status":"started"}}"#
        );
        assert!(matches!(
            GameMessage::decode(&long),
            Err(DecodeError::TooLong)
        ));
        assert!(matches!(
            AccountEvent::decode(r#"{"type":"gameStart","game":{"gameId":"../x","fullId":"y"}}"#),
            Err(DecodeError::GameId(_))
        ));
        assert!(matches!(
            GameMessage::decode("not json"),
            Err(DecodeError::Json(_))
        ));
        let huge = r#"{"type":"gameState","moves":"","wtime":99999999999999,"btime":2,"winc":0,"binc":0,"status":"started"}"#;
        let GameMessage::State(s) = GameMessage::decode(huge).unwrap() else {
            panic!()
        };
        assert_eq!(s.clock.white, MAX_CLOCK);
    }
}
