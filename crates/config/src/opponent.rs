//! `[opponent]`: who plays across the board from the VI player instead of a sighted
//! player — a UCI engine now (`engine = "stockfish"` or a path), with its options, its
//! strength, how it searches and what the practice game allows (take-back, a hint, the
//! evaluation). Raw as written, then checked by key path like every other section.
//!
//! Another kind of opponent (a remote player through a server's account) is another
//! variant of [`Opponent`] and its own keys here; the station drives every kind through
//! the same seam.

use std::{
    collections::BTreeMap,
    path::{Path, PathBuf},
    time::Duration,
};

use annabella_table::Practice;
use serde::{Deserialize, Serialize};

use super::{EdgeCheck, Problem};

/// `[opponent]` as written.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct RawOpponent {
    /// A UCI engine: `"stockfish"` (found on `PATH`, else in `/usr/games`) or the path
    /// of any UCI engine.
    pub engine: Option<String>,
    /// The engine's UCI options, set as given (`{ Hash = 16, Threads = 1 }`).
    pub options: Option<BTreeMap<String, toml::Value>>,
    /// The engine's strength as an Elo rating (`UCI_LimitStrength` and `UCI_Elo` where
    /// the engine has them, else its `Skill Level` nearest to it).
    pub elo: Option<u32>,
    /// The engine's `Skill Level` (0–20 for Stockfish).
    pub skill: Option<u32>,
    /// Search a fixed number of nodes per move (deterministic play, with `Threads = 1`)
    /// instead of thinking on the game's clock.
    pub nodes: Option<u64>,
    /// How long the table waits for the engine's answer, ms (10 000): to `uci` and
    /// `isready`, to a fixed-node search, and beyond its own time on the clock.
    pub answer_within_ms: Option<u64>,
    /// "zurück"/"undo" takes the VI player's last move back (`false`).
    pub take_back: Option<bool>,
    /// The engine's best move, spoken when the VI player asks for a hint (`false`).
    pub hint: Option<bool>,
    /// The engine's evaluation, spoken when asked (`false`).
    pub evaluation: Option<bool>,
    /// A player on Lichess: the file of the personal token (scope `board:play`, mode
    /// 0600), relative to the config's directory.
    pub lichess_token_file: Option<PathBuf>,
    /// Lichess's URL (`https://lichess.org`).
    pub lichess_url: Option<String>,
    /// Post a seek with this clock (`"15+10"`); without it, the games that start are
    /// played (a challenge accepted on the site).
    pub seek: Option<String>,
    /// A game on Lichess: both clocks, as Lichess reports them, spoken after each of the
    /// opponent's moves (`false`: on request, "Zeit").
    pub announce_clock: Option<bool>,
    /// A game on Lichess: the spectators' chat is read to the VI player too (`false`:
    /// only his opponent's lines).
    pub spectator_chat: Option<bool>,
}

/// The opponent across the board, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Opponent {
    /// A UCI engine, a child process of the table.
    Engine(EngineSettings),
    /// A player on Lichess, through the Board API.
    Lichess(LichessSettings),
}

impl Opponent {
    /// What the practice game allows with this opponent: nothing in a game on Lichess
    /// (a rated game: no hint, no evaluation, no take-back at the table).
    pub fn practice(&self) -> Practice {
        match self {
            Opponent::Engine(e) => e.practice,
            Opponent::Lichess(_) => Practice::RATED,
        }
    }
}

/// A player on Lichess as the opponent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LichessSettings {
    /// The token's file (read when the table opens; refused if others may read it).
    pub token_file: PathBuf,
    /// The one address the token goes to (`lichess_url`, checked by the Lichess board);
    /// `None`: Lichess itself.
    pub origin: Option<String>,
    /// The seek's time control to post (`"15+10"`, checked by the Lichess board), if any.
    pub seek: Option<String>,
    /// Both clocks spoken after each of the opponent's moves.
    pub announce_clock: bool,
    /// The spectators' chat read to the VI player too.
    pub spectator_chat: bool,
}

/// Checks the Lichess keys of `[opponent]` (`raw.lichess_token_file` is there).
fn check_lichess(
    raw: &RawOpponent,
    token_file: &Path,
    base: &Path,
    edges: &dyn EdgeCheck,
    problem: &mut impl FnMut(&str, String),
) -> Option<Opponent> {
    let engine_keys = [
        ("engine", raw.engine.is_some()),
        ("options", raw.options.is_some()),
        ("elo", raw.elo.is_some()),
        ("skill", raw.skill.is_some()),
        ("nodes", raw.nodes.is_some()),
        ("answer_within_ms", raw.answer_within_ms.is_some()),
        ("take_back", raw.take_back.is_some()),
        ("hint", raw.hint.is_some()),
        ("evaluation", raw.evaluation.is_some()),
    ];
    for (key, given) in engine_keys {
        if given {
            problem(
                key,
                "an engine's key, but the opponent plays on Lichess (lichess_token_file): \
                 one opponent per table"
                    .into(),
            );
        }
    }
    let origin = match raw.lichess_url.as_deref().map(str::trim) {
        None => Some(None),
        Some(url) => match edges.lichess_origin(url) {
            Ok(()) => Some(Some(url.to_owned())),
            Err(e) => {
                problem("lichess_url", e.to_string());
                None
            }
        },
    };
    let seek = match raw.seek.as_deref().map(str::trim) {
        None => Some(None),
        Some(text) => match edges.lichess_seek(text) {
            Ok(()) => Some(Some(text.to_owned())),
            Err(e) => {
                problem("seek", e.to_string());
                None
            }
        },
    };
    if token_file.as_os_str().is_empty() {
        problem(
            "lichess_token_file",
            "empty: the file of the Lichess token (mode 0600)".into(),
        );
        return None;
    }
    let given = token_file;
    let token_file = if given.is_absolute() {
        given.to_owned()
    } else {
        base.join(given)
    };
    Some(Opponent::Lichess(LichessSettings {
        token_file,
        origin: origin?,
        seek: seek?,
        announce_clock: raw.announce_clock.unwrap_or(false),
        spectator_chat: raw.spectator_chat.unwrap_or(false),
    }))
}

/// A UCI engine as the opponent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineSettings {
    /// The engine's program (found on `PATH` or in `/usr/games` for a bare name).
    pub program: PathBuf,
    /// UCI options, in the order of their names: `setoption name N value V`.
    pub options: Vec<(String, String)>,
    /// How strong it plays.
    pub strength: Strength,
    /// How long it thinks.
    pub search: Search,
    /// The longest wait for an answer (beyond its clock time in a clock search).
    pub answer_within: Duration,
    /// What the practice game allows.
    pub practice: Practice,
}

/// How strong the engine plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strength {
    /// At its full strength.
    Full,
    /// At this Elo rating (`UCI_LimitStrength`, `UCI_Elo`; else `Skill Level`).
    Elo(u32),
    /// At this `Skill Level`.
    Skill(u32),
}

/// How long the engine thinks on each move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Search {
    /// On the game's clock (`go wtime btime winc binc movestogo`): it loses on time like
    /// a player.
    Clock,
    /// A fixed number of nodes (deterministic).
    Nodes(u64),
}

impl EngineSettings {
    /// An engine to analyse with (`annabella review --engine`): `engine` as in
    /// `[opponent] engine`, one thread, `nodes` per position.
    ///
    /// # Errors
    /// [`ConfigError`](super::ConfigError) naming `opponent.engine` or `opponent.nodes`.
    pub fn for_analysis(engine: &str, nodes: u64) -> Result<EngineSettings, super::ConfigError> {
        let raw = RawOpponent {
            engine: Some(engine.to_owned()),
            nodes: Some(nodes),
            ..RawOpponent::default()
        };
        let mut problems = Vec::new();
        let found = check_engine(&raw, Path::new("."), &mut problems);
        match found {
            Some(Opponent::Engine(e)) if problems.is_empty() => Ok(EngineSettings {
                options: vec![("Threads".into(), "1".into())],
                ..e
            }),
            _ => Err(super::ConfigError {
                path: None,
                problems,
            }),
        }
    }
}

/// The longest option name, value and the most options.
const MAX_OPTION: usize = 100;
const MAX_OPTIONS: usize = 64;

/// Where a bare `engine` name is looked for after `PATH`: Debian installs its engines
/// (stockfish) into `/usr/games`, which is not on a service's `PATH`.
const GAMES_DIR: &str = "/usr/games";

/// Checks `[opponent]`; every problem is named by its key path.
pub(super) fn check(
    raw: &RawOpponent,
    base: &Path,
    edges: &dyn EdgeCheck,
    problems: &mut Vec<Problem>,
) -> Option<Opponent> {
    if let Some(token_file) = &raw.lichess_token_file {
        let mut problem = |key: &str, message: String| {
            problems.push(Problem {
                key: format!("opponent.{key}"),
                message,
            });
        };
        return check_lichess(raw, token_file, base, edges, &mut problem);
    }
    check_engine(raw, base, problems)
}

/// Checks `[opponent]` without `lichess_token_file`: a UCI engine.
fn check_engine(raw: &RawOpponent, base: &Path, problems: &mut Vec<Problem>) -> Option<Opponent> {
    let mut problem = |key: &str, message: String| {
        problems.push(Problem {
            key: format!("opponent.{key}"),
            message,
        });
    };
    for (key, given) in [
        ("lichess_url", raw.lichess_url.is_some()),
        ("seek", raw.seek.is_some()),
        ("announce_clock", raw.announce_clock.is_some()),
        ("spectator_chat", raw.spectator_chat.is_some()),
    ] {
        if given {
            problem(
                key,
                "a Lichess game's key without opponent.lichess_token_file".into(),
            );
        }
    }
    let Some(engine) = raw.engine.as_deref().map(str::trim) else {
        problem(
            "engine",
            "an opponent needs its engine (\"stockfish\" or the path of a UCI engine) or \
             a Lichess token file (lichess_token_file)"
                .into(),
        );
        return None;
    };
    let program = match find_program(engine, base) {
        Ok(p) => Some(p),
        Err(why) => {
            problem("engine", why.to_string());
            None
        }
    };
    let mut options = Vec::new();
    let given = raw.options.clone().unwrap_or_default();
    if given.len() > MAX_OPTIONS {
        problem(
            "options",
            format!("{} options: at most {MAX_OPTIONS}", given.len()),
        );
    }
    for (name, value) in given.iter().take(MAX_OPTIONS) {
        let key = format!("options.{name}");
        let bad_name = name.trim().is_empty()
            || name.chars().count() > MAX_OPTION
            || name
                .split_whitespace()
                .any(|w| w.eq_ignore_ascii_case("value"))
            || name.chars().any(char::is_control);
        if bad_name {
            problem(
                &key,
                format!(
                    "{name:?} is no UCI option name (one line of at most {MAX_OPTION} \
                     characters without the word \"value\")"
                ),
            );
            continue;
        }
        let text = match value {
            toml::Value::String(s) => s.clone(),
            toml::Value::Integer(i) => i.to_string(),
            toml::Value::Boolean(b) => b.to_string(),
            other => {
                problem(
                    &key,
                    format!("{other}: expected a string, a whole number or true/false"),
                );
                continue;
            }
        };
        if text.chars().count() > MAX_OPTION {
            problem(&key, format!("at most {MAX_OPTION} characters"));
            continue;
        }
        if matches!(
            name.as_str(),
            "UCI_Elo" | "UCI_LimitStrength" | "Skill Level"
        ) {
            problem(
                &key,
                "the strength is set by opponent.elo or opponent.skill, not as an option".into(),
            );
            continue;
        }
        options.push((name.trim().to_owned(), text));
    }
    let strength = match (raw.elo, raw.skill) {
        (Some(_), Some(_)) => {
            problem(
                "elo",
                "give elo or skill, not both (elo is asked of the engine first; skill is \
                 its Skill Level)"
                    .into(),
            );
            Strength::Full
        }
        (Some(elo), None) if !(500..=3500).contains(&elo) => {
            problem("elo", format!("{elo} is outside 500–3500"));
            Strength::Full
        }
        (Some(elo), None) => Strength::Elo(elo),
        (None, Some(skill)) if skill > 20 => {
            problem("skill", format!("{skill} is outside 0–20"));
            Strength::Full
        }
        (None, Some(skill)) => Strength::Skill(skill),
        (None, None) => Strength::Full,
    };
    let search = match raw.nodes {
        None => Search::Clock,
        Some(n) if (1..=1_000_000_000).contains(&n) => Search::Nodes(n),
        Some(n) => {
            problem("nodes", format!("{n} is outside 1–1000000000"));
            Search::Clock
        }
    };
    let within = raw.answer_within_ms.unwrap_or(10_000);
    if !(100..=600_000).contains(&within) {
        problem(
            "answer_within_ms",
            format!("{within} ms is outside 100 ms to ten minutes"),
        );
    }
    let practice = Practice {
        take_back: raw.take_back.unwrap_or(false),
        hint: raw.hint.unwrap_or(false),
        evaluation: raw.evaluation.unwrap_or(false),
    };
    Some(Opponent::Engine(EngineSettings {
        program: program?,
        options,
        strength,
        search,
        answer_within: Duration::from_millis(within),
        practice,
    }))
}

/// Why `engine` names no program.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum ProgramError {
    /// Nothing given.
    #[error("empty: give \"stockfish\" or the path of a UCI engine")]
    Empty,
    /// A path that is no executable file.
    #[error("{} is not an executable file", .0.display())]
    NotExecutable(PathBuf),
    /// A bare name found nowhere.
    #[error(
        "{0:?} is neither on PATH nor in {GAMES_DIR} (Debian: apt-get install {0}, or give \
         the engine's path)"
    )]
    NotFound(String),
}

/// The engine's program: a path (relative to the config's directory), or a bare name
/// on `PATH`, else in `/usr/games`.
fn find_program(engine: &str, base: &Path) -> Result<PathBuf, ProgramError> {
    if engine.is_empty() {
        return Err(ProgramError::Empty);
    }
    let given = Path::new(engine);
    if given.components().count() > 1 || given.is_absolute() {
        let path = if given.is_absolute() {
            given.to_owned()
        } else {
            base.join(given)
        };
        return if is_program(&path) {
            Ok(path)
        } else {
            Err(ProgramError::NotExecutable(path))
        };
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from(GAMES_DIR)])
        .map(|dir| dir.join(engine))
        .find(|p| is_program(p))
        .ok_or_else(|| ProgramError::NotFound(engine.to_owned()))
}

fn is_program(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        path.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        path.is_file()
    }
}
