//! `play`: a real table from a checked [`StationConfig`]: serial devices (or simulators
//! driven from the keyboard), the VI player's words as lines on standard input (or
//! heard through Vosk), the journal in the records directory (an existing one is
//! continued: the game survives a restart), records written when the game ends or the
//! input closes.
//!
//! Game after game ([`run_games`]): at the result the table stays up until the arbiter
//! confirms it (`next game`); the game's records are written, and the next game starts
//! in the next numbered records folder (game 1 in the records directory, game N in
//! `game-N/` inside it), with the table's file read again (new names, a new round).

use std::{
    io::{BufRead, IsTerminal as _},
    path::{Path, PathBuf},
    sync::{Arc, Mutex},
};

use annabella_phonetic::messages::{Arg, Messages};
use annabella_speech::Ears;
use annabella_table::{ArbiterAction, Input};
use tokio::sync::mpsc;

use crate::{
    assembly::{
        HearingPlan, Sims, Station, StationError, StationPlan, StationReport, holds_journal,
    },
    braille_display::{BrailleDisplayPlan, DisplaySurface},
    closing::Told,
    config::{SpeechSource, StationConfig},
    console_link::ConsoleSetup,
    hall_link,
    people::{self, StepError},
    script::parse_act,
    session::Session,
    shell::{Ending, Request},
    story::ConsoleStyle,
};

/// How long a stopped table waits for the hall's broker to have every record.
const HALL_DRAIN: std::time::Duration = std::time::Duration::from_secs(10);

/// Runs the table until the game is over or standard input ends. A configured serial
/// device that cannot be opened stops it before anything starts, unless
/// `allow_missing_devices`.
///
/// Keyboard lines use the script language (`crate::script`); a line without a prefix is
/// the VI player's words.
///
/// # Errors
/// [`StationError`] naming what failed: the journal, a device, the voices, the hearing,
/// the console or the records.
pub fn run(
    config: &StationConfig,
    style: ConsoleStyle,
    allow_missing_devices: bool,
) -> Result<StationReport, StationError> {
    let keyboard = Keyboard::start();
    run_table(
        config,
        style,
        allow_missing_devices,
        None,
        &keyboard,
        bind_console(config)?,
        Mode::default(),
    )
    .map(|(r, _)| r)
}

/// The records folder of game `number` (from 1): the records directory itself for the
/// first, `game-N/` inside it for the others.
pub fn game_dir(records_dir: &Path, number: u32) -> PathBuf {
    match number {
        0 | 1 => records_dir.to_owned(),
        n => records_dir.join(format!("game-{n}")),
    }
}

/// The journal `play --config` opens first in `records_dir`: the last game begun's
/// (`game.journal`, or `game-N/game.journal` of the highest N that holds one). A
/// finished game there makes `play` start the next; `doctor` opens this one as `play`
/// would.
pub fn journal_to_continue(records_dir: &Path) -> PathBuf {
    game_dir(records_dir, last_game(records_dir)).join(crate::records::JOURNAL)
}

/// The number of the last game begun in `records_dir` (1 when none is).
fn last_game(records_dir: &Path) -> u32 {
    let numbered = std::fs::read_dir(records_dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            e.file_name()
                .to_str()?
                .strip_prefix("game-")?
                .parse::<u32>()
                .ok()
        })
        .filter(|&n| n >= 2 && holds_journal(&game_dir(records_dir, n)))
        .max();
    numbered.unwrap_or(1)
}

/// The result of the game in `dir` when its journal holds a finished game, and its PGN
/// round.
fn finished_game(dir: &Path, config: &StationConfig) -> Option<(String, String)> {
    if !holds_journal(dir) {
        return None;
    }
    let secret_file = crate::setups::secret_file(config);
    let secret = secret_file
        .exists()
        .then(|| crate::journal::TableSecret::read(&secret_file).ok())
        .flatten();
    let (table, _) =
        Session::replay_with(&dir.join(crate::records::JOURNAL), secret.as_ref()).ok()?;
    let round = table.config().event.round.clone();
    if table.aborted() {
        // An online game its server aborted: over, without a result.
        return Some(("*, aborted".to_owned(), round));
    }
    table
        .end()
        .map(|e| (format!("{}, {}", e.result, e.termination), round))
}

/// The round `N` of a PGN round `N.K` (or `N`).
fn round_number(round: &str) -> Option<u32> {
    round.split('.').next()?.trim().parse().ok()
}

/// A text of `play` for the people at the table, in the table's language (the Fluent
/// messages `play-*`).
fn say(config: &StationConfig, id: &str, args: &[Arg<'_>]) -> String {
    Messages::get(config.game.vi_language).text(id, args)
}

/// What the TRF the table's file names says of the table's board in round `round`.
#[derive(Debug)]
enum NextPairing {
    /// A game: the file's players, colours and round.
    Game,
    /// Decided by forfeit: nothing to play at this board.
    Forfeit(String),
    /// The file has no such pairing yet (or cannot be read now: a file being replaced).
    NotYet(String),
}

/// Board `game.board` of round `round` from the TRF `game.trf` into `config`: the names,
/// their details, the VI player's colour (the VI player followed by name) and `Round
/// "N.K"`.
fn take_pairing(config: &mut StationConfig, round: u32) -> NextPairing {
    let Some(trf) = config.game.trf.clone() else {
        return NextPairing::NotYet(say(config, "play-no-trf", &[]));
    };
    let in_file = |why: String| NextPairing::NotYet(format!("{}: {why}", trf.display()));
    let bytes = match std::fs::read(&trf) {
        Ok(b) => b,
        Err(e) => return in_file(e.to_string()),
    };
    let parsed = match annabella_trf::Trf::parse(&bytes) {
        Ok(t) => t,
        Err(e) => return in_file(e.to_string()),
    };
    // The VI player's pairing wherever his board is, else the pairing at the board.
    let found = match (config.game.vi_player, config.game.board) {
        (Some(rank), _) => match parsed.pairing_of_player(round, rank) {
            Err(e) => return in_file(e.to_string()),
            Ok(Some(annabella_trf::Pairing::Board(b))) => Ok(b),
            Ok(Some(annabella_trf::Pairing::Forfeit(f))) => Err(f),
            Ok(Some(annabella_trf::Pairing::Bye(b))) => {
                let name = b.player.name.as_str().into();
                return NextPairing::Forfeit(say(
                    config,
                    "play-vi-bye",
                    &[("round", round.into()), ("name", name)],
                ));
            }
            Ok(None) => {
                let args = [("round", round.into()), ("rank", rank.into())];
                return in_file(say(config, "play-vi-not-paired", &args));
            }
        },
        (None, Some(board)) => match parsed.at_board(round, board) {
            Err(e) => return in_file(e.to_string()),
            Ok(Some(found)) => found,
            Ok(None) => {
                let args = [("round", round.into()), ("board", board.into())];
                return in_file(say(config, "play-no-pairing", &args));
            }
        },
        (None, None) => return NextPairing::NotYet(say(config, "play-no-trf", &[])),
    };
    let b = match found {
        Ok(b) => b,
        Err(f) => {
            return NextPairing::Forfeit(say(
                config,
                "play-forfeit",
                &[
                    ("round", round.into()),
                    ("board", f.number.into()),
                    ("white", f.white.name.as_str().into()),
                    ("black", f.black.name.as_str().into()),
                ],
            ));
        }
    };
    let g = &mut config.game;
    let vi_name = match g.vi_color {
        shakmaty::Color::White => g.white.clone(),
        shakmaty::Color::Black => g.black.clone(),
    };
    let vi_is = |seat: &annabella_trf::Seat| match g.vi_player {
        Some(rank) => seat.rank == rank,
        None => seat.name == vi_name,
    };
    if vi_is(&b.white) {
        g.vi_color = shakmaty::Color::White;
    } else if vi_is(&b.black) {
        g.vi_color = shakmaty::Color::Black;
    }
    let details = |s: &annabella_trf::Seat| annabella_table::PlayerDetails {
        title: Some(s.title.clone()).filter(|t| !t.is_empty()),
        rating: s.rating,
        fide_id: s.fide_id,
        federation: Some(s.federation.clone()).filter(|t| !t.is_empty()),
    };
    g.white = b.white.name.clone();
    g.black = b.black.name.clone();
    g.white_player = details(&b.white);
    g.black_player = details(&b.black);
    g.board = Some(b.number);
    g.round = format!("{round}.{}", b.number);
    NextPairing::Game
}

/// With a TRF: waits until the file has round `round`'s pairing at the table's board
/// (read again every two seconds: the pairing program adds it, or the file is replaced)
/// and takes it; a forfeit at the board goes on to the round after. `None` when the
/// input ended while waiting; without a TRF, the round as it is.
fn await_pairing(config: &mut StationConfig, mut round: u32, keyboard: &Keyboard) -> Option<u32> {
    if config.game.trf.is_none() {
        return Some(round);
    }
    let mut said = None;
    loop {
        match take_pairing(config, round) {
            NextPairing::Game => {
                let g = &config.game;
                tracing::info!(
                    "{}",
                    say(
                        config,
                        "play-round",
                        &[
                            ("round", round.into()),
                            ("white", g.white.as_str().into()),
                            ("black", g.black.as_str().into()),
                            ("pgn", g.round.as_str().into()),
                        ],
                    )
                );
                return Some(round);
            }
            NextPairing::Forfeit(why) => {
                tracing::info!("{why}");
                round += 1;
            }
            NextPairing::NotYet(why) => {
                if said.as_ref() != Some(&why) {
                    tracing::info!(
                        "{}",
                        say(
                            config,
                            "play-waiting",
                            &[("round", round.into()), ("why", why.as_str().into())],
                        )
                    );
                    said = Some(why);
                }
                if keyboard.ended() {
                    return None;
                }
                std::thread::sleep(std::time::Duration::from_secs(2));
            }
        }
    }
}

/// The arguments `dir`, `result` and `next` of the texts about a finished game.
fn finished_args<'a>(dir: &'a str, result: &'a str, next: &'a str) -> [Arg<'a>; 3] {
    [
        ("dir", dir.into()),
        ("result", result.into()),
        ("next", next.into()),
    ]
}

/// Asks on the terminal (in the table's language) whether to start the next game after
/// the finished one in `dir`.
fn offer_next(config: &StationConfig, dir: &Path, result: &str, next: &Path) -> bool {
    use std::io::Write as _;
    let (dir, next) = (dir.display().to_string(), next.display().to_string());
    let mut err = std::io::stderr().lock();
    let _ = writeln!(
        err,
        "{}",
        say(
            config,
            "play-offer-next",
            &finished_args(&dir, result, &next)
        )
    );
    let mut line = String::new();
    if std::io::stdin().lock().read_line(&mut line).is_err() {
        return false;
    }
    // Yes in each of the table's languages (Enter alone is yes).
    matches!(
        line.trim().to_lowercase().as_str(),
        "" | "y" | "yes" | "j" | "ja" | "i" | "igen" | "jā" | "t" | "taip"
    )
}

/// Game after game at one table, from the table's file at `config_path`: the game in
/// the records directory is continued; a finished one is never written into, the next
/// game starts instead (asked first on a terminal, unless `new_game`); `new_game`
/// starts the next game in any case. After each result the arbiter's `next game` (the
/// keyboard line, `arbiter: next_game`, the console or the hall) writes the game's
/// records and starts the next game with the file read again. Ends when the input ends
/// (or a game is stopped); returns the last game's report.
///
/// # Errors
/// As [`run`], and the file read again being refused.
pub fn run_games(
    config_path: &Path,
    style: ConsoleStyle,
    allow_missing_devices: bool,
    new_game: bool,
    accept_unkeyed: bool,
) -> Result<StationReport, StationError> {
    let mut config = crate::edges::load_config(config_path)?;
    let mut number = last_game(&config.records_dir);
    let current = game_dir(&config.records_dir, number);
    let next = game_dir(&config.records_dir, number + 1);
    let mut round = round_number(&config.game.round);
    let keyboard = Keyboard::start();
    if let Some((result, played)) = finished_game(&current, &config) {
        let asked = !new_game && std::io::stdin().is_terminal();
        if asked && !offer_next(&config, &current, &result, &next) {
            return Err(StationError::Finished(current));
        }
        let (dir, to) = (current.display().to_string(), next.display().to_string());
        tracing::info!(
            "{}",
            say(
                &config,
                "play-next-begins",
                &finished_args(&dir, &result, &to)
            )
        );
        number += 1;
        round = round_number(&played).map(|n| n + 1);
        if let Some(n) = round {
            round = await_pairing(&mut config, n, &keyboard);
            if round.is_none() {
                return Err(StationError::Finished(current));
            }
        }
    } else if new_game && holds_journal(&current) {
        let (dir, to) = (current.display().to_string(), next.display().to_string());
        tracing::info!(
            "{}",
            say(&config, "play-new-game", &finished_args(&dir, "", &to))
        );
        number += 1;
    }
    // One console for the whole day: bound once, its token kept from game to game.
    let mut console = Console::default();
    loop {
        let mut game = config.clone();
        game.records_dir = game_dir(&config.records_dir, number);
        let setup = console.for_game(&game)?;
        // The hall's actions of the game before (its `next game`) are never taken again.
        let hall_floor = match number {
            0 | 1 => 0,
            n => hall_link::accepted_nonce(
                &game_dir(&config.records_dir, n - 1).join(crate::records::JOURNAL),
            ),
        };
        let (report, ending) = run_table(
            &game,
            style,
            allow_missing_devices,
            None,
            &keyboard,
            setup,
            Mode {
                game_after_game: true,
                accept_unkeyed,
                hall_floor,
            },
        )?;
        if ending != Ending::NextGame || keyboard.ended() {
            return Ok(report);
        }
        let told = Told::from_json(style == ConsoleStyle::Json, game.game.vi_language);
        for line in report.records_lines(told) {
            tracing::info!(
                "{}",
                say(
                    &game,
                    "play-game-records",
                    &[("number", number.into()), ("line", line.as_str().into())],
                )
            );
        }
        if let Some(r) = &report.result {
            tracing::info!(
                "{}",
                say(
                    &game,
                    "play-game-over",
                    &[("number", number.into()), ("result", r.as_str().into())],
                )
            );
        }
        config = crate::edges::load_config(config_path)?;
        number += 1;
        if let Some(n) = round {
            // With a TRF the next game is the next round's at this board.
            match await_pairing(&mut config, n + 1, &keyboard) {
                Some(next) => round = Some(next),
                None => return Ok(report),
            }
        }
    }
}

/// Resumes the adjourned game of `journal` (duty f): the table is rebuilt from the
/// journal (its own settings kept, times continuing from its last record), then the
/// arbiter's resumption makes the sealed move and starts the opponent's clock. The
/// records go beside the journal.
///
/// # Errors
/// [`StationError::Resume`] when the journal is not a `game.journal`, is damaged (naming
/// the damage), holds a finished game or no sealed move; otherwise as [`run`].
pub fn resume(
    config: &StationConfig,
    journal: &Path,
    style: ConsoleStyle,
    allow_missing_devices: bool,
    accept_unkeyed: bool,
) -> Result<StationReport, StationError> {
    let refuse = |reason: &str| StationError::Resume {
        journal: journal.to_owned(),
        reason: reason.to_owned(),
    };
    if journal
        .file_name()
        .is_none_or(|n| n != crate::records::JOURNAL)
    {
        return Err(refuse("expected the game.journal of a records directory"));
    }
    if !journal.is_file() {
        return Err(refuse("no such journal"));
    }
    let secret_file = crate::setups::secret_file(config);
    let secret = if secret_file.exists() {
        Some(crate::journal::TableSecret::read(&secret_file).map_err(StationError::Secret)?)
    } else {
        None
    };
    let (table, resumed) = Session::replay_accepting(journal, secret.as_ref(), accept_unkeyed)?;
    let damage = resumed.warnings();
    if !damage.is_empty() {
        return Err(refuse(&format!(
            "the journal is damaged: {} (nothing was changed)",
            damage.join("; ")
        )));
    }
    if let Some(end) = table.end() {
        return Err(refuse(&format!(
            "the game is over ({}, {})",
            end.result, end.termination
        )));
    }
    if table.sealed_move().is_none() {
        return Err(refuse(
            "no sealed move: the game was not adjourned (the table continues it from its records directory, without resuming)",
        ));
    }
    let dir = journal.parent().unwrap_or(Path::new("."));
    let mut config = config.clone();
    config.records_dir = if dir.as_os_str().is_empty() {
        ".".into()
    } else {
        dir.to_owned()
    };
    let keyboard = Keyboard::start();
    let console = bind_console(&config)?;
    run_table(
        &config,
        style,
        allow_missing_devices,
        Some(Input::Arbiter(ArbiterAction::Resume)),
        &keyboard,
        console,
        Mode {
            accept_unkeyed,
            ..Mode::default()
        },
    )
    .map(|(r, _)| r)
}

/// The day's console: bound at the first game, the same socket and token for every
/// game after it (bound again only when the table's file names another address).
#[derive(Default)]
struct Console {
    bound: Option<(std::net::SocketAddr, ConsoleSetup)>,
}

impl Console {
    /// The console for the game of `config` (none when the file has none).
    fn for_game(&mut self, config: &StationConfig) -> Result<Option<ConsoleSetup>, StationError> {
        let Some(c) = &config.console else {
            self.bound = None;
            return Ok(None);
        };
        if let Some((addr, held)) = &self.bound
            && *addr == c.listen
        {
            let again = held
                .again(c.table.clone())
                .map_err(|source| StationError::Console {
                    addr: c.listen.to_string(),
                    source,
                })?;
            return Ok(Some(again));
        }
        // The first game (or a new address): bound now, its banner logged once.
        self.bound = None;
        let Some(setup) = bind_console(config)? else {
            return Ok(None);
        };
        let game = setup
            .again(c.table.clone())
            .map_err(|source| StationError::Console {
                addr: c.listen.to_string(),
                source,
            })?;
        self.bound = Some((c.listen, setup));
        Ok(Some(game))
    }
}

/// How one game of a table runs.
#[derive(Debug, Clone, Copy, Default)]
struct Mode {
    /// The table stays up at the result until the arbiter confirms it.
    game_after_game: bool,
    /// A journal without MACs is continued at a table with a secret.
    accept_unkeyed: bool,
    /// The hall's actions must have a nonce above this one (the game before's last).
    hall_floor: u64,
}

/// Runs the table; `first` is fed before anything from the keyboard; `console` is the
/// arbiter's console bound for it.
fn run_table(
    config: &StationConfig,
    style: ConsoleStyle,
    allow_missing_devices: bool,
    first: Option<Input>,
    keyboard: &Keyboard,
    console: Option<ConsoleSetup>,
    mode: Mode,
) -> Result<(StationReport, Ending), StationError> {
    let Mode {
        game_after_game,
        accept_unkeyed,
        hall_floor,
    } = mode;
    let (hearing, push_to_talk) = match &config.speech {
        SpeechSource::Vosk(settings) => (
            HearingPlan::Setup(crate::edges::hearing_setup(settings)),
            settings.push_to_talk,
        ),
        SpeechSource::Lines => (HearingPlan::Words, false),
    };
    let (secret, made) = table_secret(config)?;
    // A secret made just now is younger than any journal found: that one is continued,
    // not authenticated, and said so (there was nothing to strip its MACs from).
    let accept_unkeyed = accept_unkeyed || made;
    let mut table = config.table_config();
    // The date is the day of play (a game continued keeps its journal's).
    if annabella_rules::pgn::known(&table.event.date).is_none() {
        let seconds = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        table.event.date = annabella_rules::pgn::date_of_unix_seconds(seconds);
    }
    // A Lichess game ends where Lichess ends it: the next one is a new seek or challenge,
    // a new `play` (the table waits for no `next game`).
    let online = matches!(
        config.opponent,
        Some(annabella_config::Opponent::Lichess(_))
    );
    let station = Station::start(StationPlan {
        game_after_game: game_after_game && !online,
        secret: secret.clone(),
        accept_unkeyed,
        records_dir: config.records_dir.clone(),
        table,
        continue_journal: true,
        devices: config.devices.clone(),
        voices: crate::setups::voice_plan(config),
        hearing,
        console,
        output: Box::new(std::io::stdout()),
        style,
        heard_log: false,
        allow_missing_devices,
        braille_display: config
            .braille_display
            .clone()
            .map(|settings| BrailleDisplayPlan {
                surface: DisplaySurface::Brlapi(crate::setups::brlapi(&settings)),
                braille_table: config.braille_table.clone(),
            }),
        opponent: config.opponent.as_ref().map(crate::opponent::from_config),
    })?;
    let hall = join_hall(config, &station, secret, hall_floor)?;
    if let Some(input) = first {
        let _ = station.requests.blocking_send(Request::Input(input));
    }
    // With the VI player's audio on standard input there is no keyboard: the table
    // stops when the audio ends.
    if !station.audio_on_stdin {
        keyboard.seat(Seat {
            sims: station.sims.clone(),
            requests: station.requests.clone(),
            talk_key: station.ears.clone().filter(|_| push_to_talk),
        });
    }
    let (journal, dir, record) = (
        station.journal.clone(),
        station.records_dir.clone(),
        station.audio_record.clone(),
    );
    let stopped = station.wait()?;
    keyboard.unseat();
    drain_hall(hall);
    let report = StationReport::finish(journal, &stopped, &dir, &config.braille_table, record)?;
    Ok((report, stopped.ending))
}

/// Binds the arbiter's web console, if configured, and logs its banner (address and
/// token): a busy port stops the table before anything starts.
fn bind_console(config: &StationConfig) -> Result<Option<ConsoleSetup>, StationError> {
    let Some(c) = &config.console else {
        return Ok(None);
    };
    let setup = ConsoleSetup::bind(&c.listen.to_string(), c.table.clone()).map_err(|source| {
        StationError::Console {
            addr: c.listen.to_string(),
            source,
        }
    })?;
    let banner = setup.banner().map_err(|source| StationError::Console {
        addr: c.listen.to_string(),
        source,
    })?;
    // One event a line: a log line never holds a line break (the format makes one a space).
    for line in banner.lines() {
        tracing::info!("{line}");
    }
    Ok(Some(setup))
}

/// The table's secret, made the first time (then `true`). A secret that cannot be made
/// (a configuration directory the table's user may not write) leaves the journal unkeyed,
/// said; one that is there but exposed, malformed or unreadable stops the table.
fn table_secret(
    config: &StationConfig,
) -> Result<(Option<crate::journal::TableSecret>, bool), StationError> {
    let secret_file = crate::setups::secret_file(config);
    match crate::journal::TableSecret::read_or_make(&secret_file) {
        Ok((secret, made)) => {
            if made {
                tracing::info!(secret = %secret_file.display(), "made the table's secret");
            }
            Ok((Some(secret), made))
        }
        Err(e @ crate::journal::SecretError::Io { .. }) if !secret_file.exists() => {
            tracing::warn!(
                "the table's secret cannot be made ({e}): a new journal is not authenticated; \
                 run `annabella init` as the table's user"
            );
            Ok((None, false))
        }
        Err(e) => Err(StationError::Secret(e)),
    }
}

/// The table in the hall, if configured: its journal published, the hall's signed
/// actions taken.
fn join_hall(
    config: &StationConfig,
    station: &Station,
    secret: Option<crate::journal::TableSecret>,
    floor: u64,
) -> Result<Option<hall_link::HallLink>, StationError> {
    config
        .hall
        .as_ref()
        .map(|h| {
            hall_link::start_after(
                &crate::edges::hall_config(h)?,
                station.journal.clone(),
                Some(station.committed.clone()),
                Some(station.requests.clone()),
                secret,
                floor,
            )
        })
        .transpose()
}

/// After the game: waits (at most [`HALL_DRAIN`]) until the hall's broker has every
/// record, and says so.
fn drain_hall(mut hall: Option<hall_link::HallLink>) {
    if let Some(h) = hall.as_mut() {
        match h.drain(HALL_DRAIN) {
            Ok(last) => tracing::info!("hall: records 1-{last} are at the broker"),
            Err(e) => tracing::warn!("hall: {e}"),
        }
    }
    drop(hall);
}

/// The running table the keyboard's lines go to.
struct Seat {
    sims: Arc<Sims>,
    requests: mpsc::Sender<Request>,
    talk_key: Option<Ears>,
}

/// Standard input, read by one thread for the whole day: each line goes to the table
/// playing now (between games a line waits for the next game's table).
struct Keyboard {
    seat: Arc<(Mutex<Option<Seat>>, std::sync::Condvar)>,
    ended: Arc<std::sync::atomic::AtomicBool>,
    started: std::sync::Once,
}

impl Keyboard {
    fn start() -> Keyboard {
        Keyboard {
            seat: Arc::new((Mutex::new(None), std::sync::Condvar::new())),
            ended: Arc::new(std::sync::atomic::AtomicBool::new(false)),
            started: std::sync::Once::new(),
        }
    }

    /// Lines go to `seat` from now on (the reading thread starts with the first table).
    fn seat(&self, seat: Seat) {
        *self
            .seat
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(seat);
        self.seat.1.notify_all();
        self.started.call_once(|| {
            let (seat, ended) = (self.seat.clone(), self.ended.clone());
            std::thread::spawn(move || keyboard(&seat, &ended));
        });
    }

    fn unseat(&self) {
        *self
            .seat
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = None;
    }

    /// Standard input has ended.
    fn ended(&self) -> bool {
        self.ended.load(std::sync::atomic::Ordering::SeqCst)
    }
}

/// Keyboard lines → simulators or table inputs; a bad line is reported and skipped. The
/// line `next game` is the arbiter's confirmation of the result.
///
/// With push-to-talk, an empty line (Enter) starts an utterance and the next ends it.
fn keyboard(
    seat: &(Mutex<Option<Seat>>, std::sync::Condvar),
    ended: &std::sync::atomic::AtomicBool,
) {
    let mut talking = false;
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let mut guard = seat
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // Between games (no table, or one that has stopped) the line waits for the next
        // game's table.
        while guard.as_ref().is_none_or(|s| s.requests.is_closed()) {
            guard = seat
                .1
                .wait_timeout(guard, std::time::Duration::from_millis(100))
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .0;
        }
        let Some(Seat {
            sims,
            requests,
            talk_key,
        }) = guard.as_ref()
        else {
            continue;
        };
        if let Some(ears) = talk_key
            && line.trim().is_empty()
        {
            talking = !talking;
            ears.talk(talking);
            tracing::info!(
                "{}",
                if talking {
                    "listening (Enter again to end)"
                } else {
                    "listening ended"
                }
            );
            continue;
        }
        let confirms = line.trim().eq_ignore_ascii_case("next game");
        let act = if confirms {
            crate::script::Act::Input(Input::Arbiter(ArbiterAction::NextGame))
        } else {
            match parse_act(&line, true) {
                Ok(Some(a)) => a,
                Ok(None) => continue,
                Err(e) => {
                    tracing::warn!("{e}");
                    continue;
                }
            }
        };
        match people::perform(act, sims, requests) {
            Err(StepError::Stopped) => tracing::warn!("{line:?}: the game has stopped"),
            Err(e) => tracing::warn!("{line:?}: {e}"),
            Ok(()) => {}
        }
        if confirms {
            // The next lines are the next game's once this one has ended (a game not
            // over goes on: then after a second).
            for _ in 0..20 {
                if requests.is_closed() {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
        }
    }
    ended.store(true, std::sync::atomic::Ordering::SeqCst);
    let guard = seat
        .0
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(s) = guard.as_ref() {
        let _ = s.requests.blocking_send(Request::Quit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A TRF16 line of player `rank` with one block per round.
    fn player(rank: u32, name: &str, rounds: &[&str]) -> String {
        let blocks: String = rounds.iter().map(|r| format!("  {r}")).collect();
        format!(
            "001 {rank:>4} m{:>3} {name:<33} {:>4} {:>3} {:>11} {:<10} {:>4} {rank:>4}{blocks}",
            "", "2000", "GER", "", "1990", "0.0"
        )
    }

    /// A table following its VI player (start number 1): in round 2 he has a bye, which
    /// is said and skipped; in round 3 the file does not name him yet.
    #[test]
    fn a_vi_players_bye_is_said_and_a_round_without_him_waits() {
        let dir = tempfile::tempdir().unwrap();
        let trf = dir.path().join("swiss.trf");
        let lines = [
            "012 Swiss".to_owned(),
            player(1, "Anna, A", &["   2 w 1", "0000 - H"]),
            player(2, "Bert, B", &["   1 b 0", "   3 w  "]),
            player(3, "Carl, C", &["0000 - U", "   2 b  "]),
        ];
        std::fs::write(&trf, lines.join("\n") + "\n").unwrap();
        let text =
            "[game]\ntrf = \"swiss.trf\"\nvi_player = 1\nboard = 1\n[players]\nvi = \"white\"\n";
        let mut config = crate::edges::config_from_str(text, dir.path()).unwrap();
        match take_pairing(&mut config, 2) {
            NextPairing::Forfeit(said) => {
                assert!(said.contains("Anna, A hat keine Partie"), "{said}");
            }
            other => panic!("a bye is said and skipped: {other:?}"),
        }
        match take_pairing(&mut config, 3) {
            NextPairing::NotYet(why) => assert!(why.contains("swiss.trf"), "{why}"),
            other => panic!("round 3 is not there yet: {other:?}"),
        }
        // Round 1 at board 1, as paired: White, against Bert.
        assert!(matches!(take_pairing(&mut config, 1), NextPairing::Game));
        assert_eq!(
            (config.game.white.as_str(), config.game.black.as_str()),
            ("Anna, A", "Bert, B")
        );
        assert_eq!(config.game.round, "1.1");
    }
}
