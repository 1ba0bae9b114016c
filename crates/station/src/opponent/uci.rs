//! The UCI conversation with an engine, sans-IO: lines from the engine in with the time
//! they were read ([`Uci::handle_line`]), lines for the engine out
//! ([`Uci::poll_transmit`]), what the engine said as [`UciEvent`]s, and one deadline
//! ([`Uci::poll_timeout`], [`Uci::handle_timeout`]) that bounds every wait for an
//! answer. The messages are `shakmaty-uci`'s; no process, no clock here.
//!
//! The conversation: `uci` → `id name` and `option`s → `uciok`; the options and the
//! strength ([`Uci::configure`]) → `isready` → `readyok`; then for each search
//! `position` and `go` → `info … score` lines → `bestmove`. Lines the engine prints that
//! are no UCI (a banner) are skipped, as the protocol says; a `bestmove` that is no legal
//! move, an option the engine lacks or a wait past the deadline is a [`UciError`].

use std::{collections::VecDeque, fmt, time::Duration};

use annabella_config::Strength;
use shakmaty::{Chess, fen::Fen, uci::UciMove};
use shakmaty_uci::{UciInfoScore, UciMessage, UciOptionConfig, UciSearchControl, UciTimeControl};

/// The option that switches an engine to Chess960 castling (king takes rook).
const CHESS960: &str = "UCI_Chess960";

/// Lines of no UCI the engine may print while the table waits for one answer before it
/// counts as talking nonsense.
const MAX_STRAY_LINES: usize = 1000;

/// What the engine said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UciEvent {
    /// `uciok`: the engine's name (`id name`, or "UCI engine") and the options it has.
    Identified {
        /// Its `id name`.
        name: String,
    },
    /// `readyok` after the options: it can search.
    Ready,
    /// `bestmove` of the search started by [`Uci::search`].
    BestMove {
        /// The move, legal in the searched position.
        best: UciMove,
        /// The last score of the search, from the side to move's view.
        score: Option<EngineScore>,
        /// When its line was read.
        at: Duration,
    },
}

/// An engine's score, from the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineScore {
    /// Hundredths of a pawn.
    Centipawns(i32),
    /// Mate in this many moves (negative: mated).
    Mate(i32),
}

impl EngineScore {
    fn from_info(score: &UciInfoScore) -> Option<EngineScore> {
        match (score.mate, score.cp) {
            (Some(m), _) => Some(EngineScore::Mate(i32::from(m))),
            (None, Some(cp)) => Some(EngineScore::Centipawns(cp)),
            (None, None) => None,
        }
    }
}

/// What went wrong with the engine: one sentence each.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UciError {
    /// No answer in time.
    #[error("the engine did not answer {waiting} within {} ms{}", .within.as_millis(), last_words(.last))]
    Hung {
        /// What the table waited for (`uciok`, `readyok`, `bestmove`).
        waiting: &'static str,
        /// How long.
        within: Duration,
        /// The engine's last line, if it printed any.
        last: Option<String>,
    },
    /// Too many lines of no UCI.
    #[error("the engine prints no UCI ({MAX_STRAY_LINES} lines such as {0:?})")]
    Garbage(String),
    /// A `bestmove` that is no legal move of the position.
    #[error("the engine's best move {said:?} is not a legal move in {fen}")]
    IllegalMove {
        /// What it said.
        said: String,
        /// The position searched.
        fen: String,
    },
    /// An option of `[opponent] options` the engine does not have, or a value it cannot take.
    #[error("opponent.options.{name}: {why}")]
    Option {
        /// The option.
        name: String,
        /// Why.
        why: String,
    },
    /// The engine was asked while it could not take the request (a search before it was ready).
    #[error("the engine is not ready to {0}")]
    NotReady(&'static str),
    /// A Chess960 game, and the engine has no `UCI_Chess960` option: it would read the
    /// castling moves (king takes rook) wrongly.
    #[error("the engine {engine} cannot play Chess960: it has no UCI_Chess960 option")]
    NoChess960 {
        /// Its `id name`.
        engine: String,
    },
}

fn last_words(last: &Option<String>) -> String {
    last.as_ref()
        .map(|l| format!(" (its last words: {l:?})"))
        .unwrap_or_default()
}

/// Where the conversation stands.
#[derive(Debug, Clone, PartialEq, Eq)]
enum State {
    /// `uci` sent, waiting for `uciok`.
    Starting,
    /// `uciok` read; waiting to be configured.
    Identified,
    /// `isready` sent after the options.
    Configuring,
    /// Ready for a search.
    Idle,
    /// A search runs in this position.
    Searching(Chess),
    /// `quit` sent.
    Quitting,
}

/// How long one search may take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Limit {
    /// `go nodes N`.
    Nodes(u64),
    /// `go movetime MS`.
    MoveTime(Duration),
    /// `go wtime btime winc binc movestogo`: the game's clock.
    Clock(ClockLimit),
}

/// The clock as the engine is told it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClockLimit {
    /// White's remaining time.
    pub white: Duration,
    /// Black's remaining time.
    pub black: Duration,
    /// White's increment (a delay counts as one).
    pub white_increment: Duration,
    /// Black's increment.
    pub black_increment: Duration,
    /// Moves to the next time control, if there is one.
    pub moves_to_go: Option<u32>,
    /// The searching side's own remaining time (the longest the search may take).
    pub own: Duration,
}

/// The UCI conversation with one engine (see the module).
#[derive(Debug)]
pub struct Uci {
    state: State,
    within: Duration,
    deadline: Option<(Duration, &'static str)>,
    out: VecDeque<String>,
    events: VecDeque<UciEvent>,
    name: Option<String>,
    options: Vec<UciOptionConfig>,
    score: Option<EngineScore>,
    stray: usize,
    last_line: Option<String>,
    new_game_sent: bool,
    strength: String,
}

impl Uci {
    /// Starts the conversation at `now` (`uci` is the first line out); every answer is
    /// waited for at most `within`.
    pub fn new(now: Duration, within: Duration) -> Uci {
        Uci {
            state: State::Starting,
            within,
            deadline: Some((now + within, "uciok")),
            out: VecDeque::from([UciMessage::Uci.to_string()]),
            events: VecDeque::new(),
            name: None,
            options: Vec::new(),
            score: None,
            stray: 0,
            last_line: None,
            new_game_sent: false,
            strength: String::new(),
        }
    }

    /// The engine's `id name`, once it said it.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// How strong it was set to play ("Elo 1500", "Skill Level 5"; empty: full strength).
    pub fn strength(&self) -> &str {
        &self.strength
    }

    /// Whether a search is running.
    pub fn is_searching(&self) -> bool {
        matches!(self.state, State::Searching(_))
    }

    /// Whether the engine is ready for a search.
    pub fn is_idle(&self) -> bool {
        self.state == State::Idle
    }

    /// One line the engine printed, read at `now`.
    ///
    /// # Errors
    /// [`UciError`] when the line breaks the conversation (an illegal best move, too
    /// much that is no UCI).
    pub fn handle_line(&mut self, now: Duration, line: &str) -> Result<(), UciError> {
        let line = line.trim();
        if line.is_empty() {
            return Ok(());
        }
        self.last_line = Some(crate::opponent::strip_controls(line));
        let Ok(message) = line.parse::<UciMessage>() else {
            return self.stray(line);
        };
        match (message, &self.state) {
            (UciMessage::Id { name: Some(n), .. }, State::Starting) => {
                self.name = Some(crate::opponent::strip_controls(&n));
            }
            (UciMessage::Option(o), State::Starting) if self.options.len() < 1000 => {
                self.options.push(o);
            }
            (UciMessage::UciOk, State::Starting) => {
                self.state = State::Identified;
                self.deadline = None;
                self.events.push_back(UciEvent::Identified {
                    name: self.name.clone().unwrap_or_else(|| "UCI engine".into()),
                });
            }
            (UciMessage::ReadyOk, State::Configuring) => {
                self.state = State::Idle;
                self.deadline = None;
                self.events.push_back(UciEvent::Ready);
            }
            (UciMessage::Info(info), State::Searching(_)) => {
                if info.multi_pv.is_none_or(|n| n == 1)
                    && let Some(s) = info.score.as_ref().and_then(EngineScore::from_info)
                {
                    self.score = Some(s);
                }
            }
            (UciMessage::BestMove { best_move, .. }, State::Searching(pos)) => {
                if best_move.to_move(pos).is_err() {
                    return Err(UciError::IllegalMove {
                        said: best_move.to_string(),
                        fen: Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string(),
                    });
                }
                self.state = State::Idle;
                self.deadline = None;
                self.events.push_back(UciEvent::BestMove {
                    best: best_move,
                    score: self.score.take(),
                    at: now,
                });
            }
            // Anything else (a late `info`, `readyok` to nobody) changes nothing.
            _ => {}
        }
        Ok(())
    }

    fn stray(&mut self, line: &str) -> Result<(), UciError> {
        self.stray += 1;
        if self.stray >= MAX_STRAY_LINES {
            return Err(UciError::Garbage(crate::opponent::strip_controls(line)));
        }
        Ok(())
    }

    /// Sets the options (each checked against those the engine announced), Chess960
    /// castling when `chess960` (`UCI_Chess960`: castling moves are then the king taking
    /// its rook, both ways) and the strength, then asks `isready`.
    ///
    /// # Errors
    /// [`UciError::Option`] for an option the engine lacks or a value it cannot take;
    /// [`UciError::NoChess960`] for a Chess960 game and an engine without the option.
    pub fn configure(
        &mut self,
        now: Duration,
        options: &[(String, String)],
        strength: Strength,
        chess960: bool,
    ) -> Result<(), UciError> {
        if self.state != State::Identified {
            return Err(UciError::NotReady("take options"));
        }
        let own_960 = options
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(CHESS960));
        if chess960 {
            if !matches!(self.option(CHESS960), Some(UciOptionConfig::Check { .. })) {
                return Err(UciError::NoChess960 {
                    engine: self.name.clone().unwrap_or_else(|| "UCI engine".into()),
                });
            }
            if own_960.is_some_and(|(_, v)| v != "true") {
                return Err(UciError::Option {
                    name: CHESS960.into(),
                    why: "the game is Chess960: the option must be true".into(),
                });
            }
        }
        for (name, value) in options {
            let value = self.option_value(name, value)?;
            self.set_option(name, Some(value));
        }
        if chess960 && own_960.is_none() {
            self.set_option(CHESS960, Some("true".into()));
        }
        self.strength = self.set_strength(strength);
        self.out.push_back(UciMessage::IsReady.to_string());
        self.state = State::Configuring;
        self.deadline = Some((now + self.within, "readyok"));
        Ok(())
    }

    fn set_option(&mut self, name: &str, value: Option<String>) {
        self.out.push_back(
            UciMessage::SetOption {
                name: name.to_owned(),
                value,
            }
            .to_string(),
        );
    }

    fn option(&self, name: &str) -> Option<&UciOptionConfig> {
        self.options
            .iter()
            .find(|o| o.get_name().eq_ignore_ascii_case(name))
    }

    /// The value to send for `name`, checked against the engine's announcement.
    fn option_value(&self, name: &str, value: &str) -> Result<String, UciError> {
        let wrong = |why: String| UciError::Option {
            name: name.to_owned(),
            why,
        };
        let Some(option) = self.option(name) else {
            let mut known: Vec<&str> = self.options.iter().map(UciOptionConfig::get_name).collect();
            known.truncate(40);
            return Err(wrong(format!(
                "the engine has no such option (it has: {})",
                known.join(", ")
            )));
        };
        match option {
            UciOptionConfig::Spin { min, max, .. } => {
                let n: i64 = value
                    .parse()
                    .map_err(|_| wrong(format!("{value:?} is not a whole number")))?;
                if min.is_some_and(|m| n < m) || max.is_some_and(|m| n > m) {
                    return Err(wrong(format!(
                        "{n} is outside {}–{}",
                        min.unwrap_or(i64::MIN),
                        max.unwrap_or(i64::MAX)
                    )));
                }
                Ok(n.to_string())
            }
            UciOptionConfig::Check { .. } => match value {
                "true" | "false" => Ok(value.to_owned()),
                _ => Err(wrong(format!("{value:?}: expected true or false"))),
            },
            UciOptionConfig::Combo { var, .. } => var
                .iter()
                .find(|v| v.eq_ignore_ascii_case(value))
                .cloned()
                .ok_or_else(|| wrong(format!("{value:?}: expected one of {}", var.join(", ")))),
            UciOptionConfig::Button { .. } => Err(wrong("a button takes no value".into())),
            UciOptionConfig::String { .. } => Ok(value.to_owned()),
        }
    }

    /// The strength as the engine can take it: `UCI_LimitStrength` and `UCI_Elo` (clamped
    /// to the engine's range) where it has them, else its `Skill Level`; what was set.
    fn set_strength(&mut self, strength: Strength) -> String {
        let spin = |o: Option<&UciOptionConfig>| match o {
            Some(UciOptionConfig::Spin { min, max, .. }) => {
                Some((min.unwrap_or(i64::MIN), max.unwrap_or(i64::MAX)))
            }
            _ => None,
        };
        let limit = matches!(
            self.option("UCI_LimitStrength"),
            Some(UciOptionConfig::Check { .. })
        );
        let elo = spin(self.option("UCI_Elo"));
        let skill = spin(self.option("Skill Level"));
        match strength {
            Strength::Full => String::new(),
            Strength::Elo(e) => {
                if let (true, Some((lo, hi))) = (limit, elo) {
                    let e = i64::from(e).clamp(lo, hi);
                    self.set_option("UCI_LimitStrength", Some("true".into()));
                    self.set_option("UCI_Elo", Some(e.to_string()));
                    format!("Elo {e}")
                } else if let Some((lo, hi)) = skill {
                    // Stockfish's levels span about Elo 1350 (0) to 2850 (20).
                    let level = ((i64::from(e) - 1350) * 20 / 1500).clamp(lo, hi);
                    self.set_option("Skill Level", Some(level.to_string()));
                    format!("Skill Level {level}")
                } else {
                    tracing::warn!(
                        "the engine has neither UCI_Elo nor Skill Level: it plays at full strength"
                    );
                    String::new()
                }
            }
            Strength::Skill(s) => match skill {
                Some((lo, hi)) => {
                    let level = i64::from(s).clamp(lo, hi);
                    self.set_option("Skill Level", Some(level.to_string()));
                    format!("Skill Level {level}")
                }
                None => {
                    tracing::warn!("the engine has no Skill Level: it plays at full strength");
                    String::new()
                }
            },
        }
    }

    /// Searches `moves` played from `start` (its FEN, `None`: the standard start) whose
    /// position is `pos`, within `limit`; the answer is a [`UciEvent::BestMove`].
    ///
    /// # Errors
    /// [`UciError::NotReady`] unless the engine is idle.
    pub fn search(
        &mut self,
        now: Duration,
        start: Option<&Fen>,
        moves: &[UciMove],
        pos: &Chess,
        limit: &Limit,
    ) -> Result<(), UciError> {
        if self.state != State::Idle {
            return Err(UciError::NotReady("search"));
        }
        if !self.new_game_sent {
            self.new_game_sent = true;
            self.out.push_back(UciMessage::UciNewGame.to_string());
        }
        self.out.push_back(
            UciMessage::Position {
                startpos: start.is_none(),
                fen: start.cloned(),
                moves: moves.to_vec(),
            }
            .to_string(),
        );
        let (go, longest) = go(limit);
        self.out.push_back(go.to_string());
        self.score = None;
        self.state = State::Searching(pos.clone());
        self.deadline = Some((now + longest + self.within, "bestmove"));
        Ok(())
    }

    /// Says `quit` (the engine ends itself; the shell ends it if it does not).
    pub fn quit(&mut self) {
        if self.state != State::Quitting {
            self.out.push_back(UciMessage::Quit.to_string());
            self.state = State::Quitting;
            self.deadline = None;
        }
    }

    /// The next line for the engine (without its newline).
    pub fn poll_transmit(&mut self) -> Option<String> {
        self.out.pop_front()
    }

    /// The next thing the engine said.
    pub fn poll_event(&mut self) -> Option<UciEvent> {
        self.events.pop_front()
    }

    /// When the current wait for an answer runs out.
    pub fn poll_timeout(&self) -> Option<Duration> {
        self.deadline.map(|(at, _)| at)
    }

    /// The time is `now`.
    ///
    /// # Errors
    /// [`UciError::Hung`] once a wait has run out.
    pub fn handle_timeout(&mut self, now: Duration) -> Result<(), UciError> {
        match self.deadline {
            Some((at, waiting)) if now >= at => Err(UciError::Hung {
                waiting,
                within: self.within,
                last: self.last_line.clone(),
            }),
            _ => Ok(()),
        }
    }
}

/// The `go` line of `limit` and the longest the search may take by it.
fn go(limit: &Limit) -> (UciMessage, Duration) {
    match limit {
        Limit::Nodes(n) => (
            UciMessage::Go {
                time_control: None,
                search_control: Some(UciSearchControl::nodes(*n)),
            },
            Duration::ZERO,
        ),
        Limit::MoveTime(t) => (
            UciMessage::Go {
                time_control: Some(UciTimeControl::MoveTime(*t)),
                search_control: None,
            },
            *t,
        ),
        Limit::Clock(c) => (
            UciMessage::Go {
                time_control: Some(UciTimeControl::TimeLeft {
                    white_time: Some(c.white),
                    black_time: Some(c.black),
                    white_increment: Some(c.white_increment),
                    black_increment: Some(c.black_increment),
                    moves_to_go: c.moves_to_go.map(|m| u8::try_from(m).unwrap_or(u8::MAX)),
                }),
                search_control: None,
            },
            c.own,
        ),
    }
}

impl fmt::Display for EngineScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineScore::Centipawns(cp) => write!(f, "{cp:+} cp"),
            EngineScore::Mate(m) => write!(f, "mate {m}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn drain(uci: &mut Uci) -> Vec<String> {
        std::iter::from_fn(|| uci.poll_transmit()).collect()
    }

    /// An engine that said who it is and what it has, up to `uciok`.
    fn identified() -> Uci {
        let mut uci = Uci::new(ms(0), ms(1000));
        assert_eq!(drain(&mut uci), ["uci"]);
        for line in [
            "Stockfish 15.1 by the Stockfish developers (see AUTHORS file)",
            "id name Stockfish 15.1",
            "id author the Stockfish developers",
            "option name Threads type spin default 1 min 1 max 1024",
            "option name Hash type spin default 16 min 1 max 33554432",
            "option name Ponder type check default false",
            "option name Skill Level type spin default 20 min 0 max 20",
            "option name UCI_LimitStrength type check default false",
            "option name UCI_Elo type spin default 1350 min 1350 max 2850",
            "uciok",
        ] {
            uci.handle_line(ms(10), line).unwrap();
        }
        assert_eq!(
            uci.poll_event(),
            Some(UciEvent::Identified {
                name: "Stockfish 15.1".into()
            })
        );
        uci
    }

    #[test]
    fn options_and_elo_strength_are_sent_before_isready() {
        let mut uci = identified();
        let options = [
            ("Threads".to_owned(), "1".to_owned()),
            ("hash".to_owned(), "16".to_owned()),
        ];
        uci.configure(ms(20), &options, Strength::Elo(1200), false)
            .unwrap();
        assert_eq!(
            drain(&mut uci),
            [
                "setoption name Threads value 1",
                "setoption name hash value 16",
                "setoption name UCI_LimitStrength value true",
                "setoption name UCI_Elo value 1350",
                "isready"
            ]
        );
        assert_eq!(uci.strength(), "Elo 1350");
        uci.handle_line(ms(30), "readyok").unwrap();
        assert_eq!(uci.poll_event(), Some(UciEvent::Ready));
    }

    #[test]
    fn without_uci_elo_the_skill_level_stands_for_the_rating() {
        let mut uci = Uci::new(ms(0), ms(1000));
        for line in [
            "option name Skill Level type spin default 20 min 0 max 20",
            "uciok",
        ] {
            uci.handle_line(ms(1), line).unwrap();
        }
        drain(&mut uci);
        uci.configure(ms(2), &[], Strength::Elo(2100), false)
            .unwrap();
        assert_eq!(
            drain(&mut uci),
            ["setoption name Skill Level value 10", "isready"]
        );
    }

    #[test]
    fn an_option_the_engine_lacks_or_a_value_out_of_range_is_named() {
        let mut uci = identified();
        let err = uci
            .configure(ms(1), &[("Hsh".into(), "16".into())], Strength::Full, false)
            .unwrap_err();
        assert!(
            err.to_string()
                .starts_with("opponent.options.Hsh: the engine has no such option"),
            "{err}"
        );
        let mut uci = identified();
        let err = uci
            .configure(
                ms(1),
                &[("Threads".into(), "0".into())],
                Strength::Full,
                false,
            )
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "opponent.options.Threads: 0 is outside 1–1024"
        );
    }

    #[test]
    fn a_search_gives_the_best_move_with_its_last_score() {
        let mut uci = identified();
        uci.configure(ms(1), &[], Strength::Full, false).unwrap();
        uci.handle_line(ms(2), "readyok").unwrap();
        uci.poll_event();
        drain(&mut uci);
        let pos = Chess::default();
        uci.search(ms(3), None, &[], &pos, &Limit::Nodes(1000))
            .unwrap();
        assert_eq!(
            drain(&mut uci),
            ["ucinewgame", "position startpos", "go nodes 1000"]
        );
        assert!(uci.is_searching());
        uci.handle_line(ms(4), "info depth 1 seldepth 1 multipv 1 score cp 31 nodes 20 nps 20000 tbhits 0 time 1 pv e2e4").unwrap();
        uci.handle_line(ms(5), "info depth 2 seldepth 2 multipv 1 score mate -3 nodes 40 nps 20000 tbhits 0 time 2 pv d2d4").unwrap();
        uci.handle_line(ms(6), "bestmove e2e4 ponder e7e5").unwrap();
        assert_eq!(
            uci.poll_event(),
            Some(UciEvent::BestMove {
                best: "e2e4".parse().unwrap(),
                score: Some(EngineScore::Mate(-3)),
                at: ms(6)
            })
        );
        assert!(uci.is_idle());
    }

    #[test]
    fn an_illegal_best_move_is_an_error_naming_the_position() {
        let mut uci = identified();
        uci.configure(ms(1), &[], Strength::Full, false).unwrap();
        uci.handle_line(ms(2), "readyok").unwrap();
        uci.search(ms(3), None, &[], &Chess::default(), &Limit::Nodes(10))
            .unwrap();
        let err = uci.handle_line(ms(4), "bestmove e2e5").unwrap_err();
        assert_eq!(
            err.to_string(),
            "the engine's best move \"e2e5\" is not a legal move in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
    }

    #[test]
    fn every_wait_is_bounded_and_a_clock_search_by_its_own_time_too() {
        let mut uci = Uci::new(ms(0), ms(1000));
        uci.handle_line(ms(500), "hello").unwrap();
        assert!(uci.handle_timeout(ms(999)).is_ok());
        let err = uci.handle_timeout(ms(1000)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the engine did not answer uciok within 1000 ms (its last words: \"hello\")"
        );
        let mut uci = identified();
        uci.configure(ms(0), &[], Strength::Full, false).unwrap();
        uci.handle_line(ms(0), "readyok").unwrap();
        let clock = ClockLimit {
            white: ms(60_000),
            black: ms(50_000),
            white_increment: ms(2000),
            black_increment: ms(2000),
            moves_to_go: Some(12),
            own: ms(60_000),
        };
        drain(&mut uci);
        uci.search(ms(100), None, &[], &Chess::default(), &Limit::Clock(clock))
            .unwrap();
        let sent = drain(&mut uci);
        assert_eq!(
            sent[2],
            "go wtime 60000 btime 50000 winc 2000 binc 2000 movestogo 12"
        );
        assert_eq!(uci.poll_timeout(), Some(ms(61_100)));
    }

    #[test]
    fn a_chess960_game_switches_the_engine_and_castles_king_takes_rook_both_ways() {
        use shakmaty::{CastlingMode, Move, Position, Square};
        let mut uci = Uci::new(ms(0), ms(1000));
        for line in [
            "id name Stockfish 15.1",
            "option name UCI_Chess960 type check default false",
            "option name Threads type spin default 1 min 1 max 1024",
            "uciok",
        ] {
            uci.handle_line(ms(1), line).unwrap();
        }
        drain(&mut uci);
        uci.poll_event();
        let options = [("Threads".to_owned(), "1".to_owned())];
        uci.configure(ms(2), &options, Strength::Full, true)
            .unwrap();
        assert_eq!(
            drain(&mut uci),
            [
                "setoption name Threads value 1",
                "setoption name UCI_Chess960 value true",
                "isready"
            ]
        );
        uci.handle_line(ms(3), "readyok").unwrap();
        assert_eq!(uci.poll_event(), Some(UciEvent::Ready));
        // Kings on b1 and b8: White's O-O (king to g1, rook to f1) is b1h1 in Chess960
        // notation, while b1g1 would read as a plain king move in the standard one.
        let fen: Fen = "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1".parse().unwrap();
        let start: Chess = fen.clone().into_position(CastlingMode::Chess960).unwrap();
        let castle = Move::Castle {
            king: Square::B1,
            rook: Square::H1,
        };
        let mut pos = start.clone();
        pos.play_unchecked(castle);
        let moves = [castle.to_uci(CastlingMode::Chess960)];
        uci.search(ms(4), Some(&fen), &moves, &pos, &Limit::Nodes(100))
            .unwrap();
        assert_eq!(
            drain(&mut uci),
            [
                "ucinewgame",
                "position fen rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1 moves b1h1",
                "go nodes 100"
            ]
        );
        // Black's O-O-O as the engine says it: the king takes the rook on a8.
        uci.handle_line(ms(5), "bestmove b8a8").unwrap();
        let Some(UciEvent::BestMove { best, .. }) = uci.poll_event() else {
            panic!("no best move");
        };
        assert_eq!(
            best.to_move(&pos).ok(),
            Some(Move::Castle {
                king: Square::B8,
                rook: Square::A8
            })
        );
    }

    #[test]
    fn an_engine_without_chess960_is_refused_at_a_chess960_game() {
        let mut uci = identified();
        let err = uci.configure(ms(1), &[], Strength::Full, true).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the engine Stockfish 15.1 cannot play Chess960: it has no UCI_Chess960 option"
        );
        assert!(drain(&mut uci).is_empty(), "nothing set");
        let mut uci = Uci::new(ms(0), ms(1000));
        for line in ["option name UCI_Chess960 type check default false", "uciok"] {
            uci.handle_line(ms(1), line).unwrap();
        }
        let off = [("uci_chess960".to_owned(), "false".to_owned())];
        let err = uci
            .configure(ms(2), &off, Strength::Full, true)
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "opponent.options.UCI_Chess960: the game is Chess960: the option must be true"
        );
    }

    #[test]
    fn endless_lines_of_no_uci_are_garbage() {
        let mut uci = Uci::new(ms(0), ms(1000));
        let mut result = Ok(());
        for _ in 0..MAX_STRAY_LINES {
            result = result.and(uci.handle_line(ms(1), "\u{7f}ELF garbage"));
        }
        assert!(matches!(result, Err(UciError::Garbage(_))), "{result:?}");
    }
}
