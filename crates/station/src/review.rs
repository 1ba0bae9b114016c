//! `annabella review RECORD`: a finished game (a journal or a PGN file) reviewed by
//! typed or recognised lines and the Braille display's key names, each answer printed
//! (for a screen reader or a Braille display) and, when asked, spoken by espeak-ng. The
//! review itself is the pure `annabella_review` crate; this shell reads the record, has
//! the engine analyse every position (after a practice game, or when an engine is
//! given) and carries lines in and sentences out.

use std::{
    io::{BufRead, Write},
    ops::ControlFlow,
    path::{Path, PathBuf},
    time::Duration,
};

use annabella_braille_display::{
    DisplayKey, Frame, LineKind, Surface,
    brlapi::{BrlapiDisplay, BrlapiSettings, DisplayEvent},
    cells::Dots,
};
use annabella_phonetic::Language;
use annabella_review::{Analysis, Eval, Request, Review};
use annabella_speech::{
    AudioInput, Coverage, Hearing, HearingError, HearingNews, HearingSetup, ListenFor, Mode,
    Recognizer, RecognizerConfig, SpeechModel,
};
use shakmaty::{CastlingMode, Chess, Color, Move, Position, fen::Fen, uci::UciMove};

use crate::{
    braille_display::text_cells,
    config::EngineSettings,
    opponent::{
        engine,
        uci::{EngineScore, UciError},
    },
    session::Session,
};

/// Why a review could not run: one thing, named.
#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    /// The record cannot be read.
    #[error("{}: {source}", .path.display())]
    Read {
        /// The record.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The journal cannot be replayed.
    #[error("{}: {source}", .path.display())]
    Journal {
        /// The journal.
        path: PathBuf,
        /// Why.
        #[source]
        source: crate::session::SessionError,
    },
    /// The PGN file holds no readable game.
    #[error("{}: {why}", .path.display())]
    Pgn {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        #[source]
        why: Box<dyn std::error::Error + Send + Sync>,
    },
    /// The PGN file holds fewer games than the one asked for.
    #[error(
        "{}: there is no game {asked}: the file holds {count} game{}",
        .path.display(),
        if *.count == 1 { "" } else { "s" }
    )]
    NoSuchGame {
        /// The file.
        path: PathBuf,
        /// The game asked for (from 1).
        asked: usize,
        /// How many games the file holds.
        count: usize,
    },
    /// The engine failed.
    #[error("the engine: {0}")]
    Engine(#[from] engine::EngineError),
    /// The runtime for the engine could not start.
    #[error("cannot start the engine's runtime: {0}")]
    Runtime(#[source] std::io::Error),
    /// The Braille display's library (libbrlapi) cannot be used.
    #[error("the Braille display: {0}")]
    Braille(#[from] annabella_braille_display::brlapi::BrlapiError),
    /// The speech recognizer could not start.
    #[error("{0}")]
    Hearing(#[from] annabella_speech::HearingError),
    /// The answers could not be written.
    #[error("standard output: {0}")]
    Output(#[source] std::io::Error),
}

/// A game as recorded: its start, moves and players, and whether it was a practice game.
#[derive(Debug, Clone)]
pub struct Record {
    /// The start position.
    pub start: Chess,
    /// Its FEN, unless it is the standard start.
    pub start_fen: Option<Fen>,
    /// A Chess960 game (its castling is the king taking its rook in UCI).
    pub chess960: bool,
    /// The moves.
    pub moves: Vec<Move>,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The result (`1-0`, `*`).
    pub result: String,
    /// The VI player's colour (White for a PGN file).
    pub vi: Color,
    /// The table's language (German for a PGN file).
    pub language: Language,
    /// A practice game (the table had an engine's practice rules).
    pub practice: bool,
    /// Which game of the file this is (from 1; a journal holds one).
    pub number: usize,
    /// How many games the file holds.
    pub games: usize,
}

/// One game of a PGN file as a list names it: readable, or why not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Listed {
    /// A game that can be read.
    Game(GameEntry),
    /// A game that cannot: its syntax error, printable.
    Unreadable(String),
}

/// A readable game of a PGN file as a list names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameEntry {
    /// White's name (printable, at most an excerpt's length).
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The result marker (`1-0`, `*`).
    pub result: String,
}

/// A tag's text fit for a line said or shown: printable, at most an excerpt long.
fn shown_text(text: &str) -> String {
    annabella_rules::printable(&annabella_rules::excerpt(text.trim())).into_owned()
}

/// The games of the PGN `text`, unreadable ones as their syntax error.
fn pgn_games(
    text: &str,
) -> Vec<Result<annabella_rules::pgn::PgnGame, annabella_rules::pgn::PgnSyntaxError>> {
    annabella_rules::pgn::read_games(text)
}

/// The games of the PGN file at `path`, in order; an unreadable game is named by its
/// number and what is wrong with it.
///
/// # Errors
/// [`ReviewError`]: the file cannot be read or holds no game.
pub fn list_games(path: &Path) -> Result<Vec<Listed>, ReviewError> {
    let text = read_pgn_text(path)?;
    let games = pgn_games(&text);
    if games.is_empty() || text.trim().is_empty() {
        return Err(no_game(path, &text));
    }
    Ok(games
        .into_iter()
        .map(|g| match g {
            Ok(g) => {
                let tag = |name: &str| shown_text(g.tag(name).unwrap_or("?"));
                Listed::Game(GameEntry {
                    white: tag("White"),
                    black: tag("Black"),
                    result: shown_text(g.result_marker.as_deref().unwrap_or("*")),
                })
            }
            Err(e) => {
                let why = e.to_string();
                Listed::Unreadable(
                    annabella_rules::printable(why.trim_end_matches('.')).into_owned(),
                )
            }
        })
        .collect())
}

/// Lists the games of the PGN file at `path` on `output` in `language`: how many, then
/// one line a game (its number, players and result).
///
/// # Errors
/// [`ReviewError`]: the file cannot be read, holds no game, or the output failed.
pub fn list(path: &Path, language: Language, mut output: impl Write) -> Result<(), ReviewError> {
    let games = list_games(path)?;
    let messages = annabella_phonetic::messages::Messages::get(language);
    let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX).into();
    let mut lines = vec![messages.text("review-list", &[("count", count(games.len()))])];
    for (i, game) in games.iter().enumerate() {
        let number = ("number", count(i + 1));
        lines.push(match game {
            Listed::Game(g) => {
                let result = match g.result.as_str() {
                    "1-0" => "white-wins",
                    "0-1" => "black-wins",
                    "1/2-1/2" => "draw",
                    _ => "unfinished",
                };
                messages.text(
                    "review-list-entry",
                    &[
                        number,
                        ("white", g.white.clone().into()),
                        ("black", g.black.clone().into()),
                        ("result", result.into()),
                    ],
                )
            }
            Listed::Unreadable(why) => messages.text(
                "review-list-unreadable",
                &[number, ("why", why.clone().into())],
            ),
        });
    }
    for line in lines {
        writeln!(output, "{line}").map_err(ReviewError::Output)?;
    }
    Ok(())
}

/// The largest PGN file a review reads (a few thousand games); a larger file, or a
/// device that never ends, is refused before it is read whole.
pub const MAX_PGN_BYTES: u64 = 16 << 20;

fn read_pgn_text(path: &Path) -> Result<String, ReviewError> {
    use std::io::Read;
    let read = |source| ReviewError::Read {
        path: path.to_owned(),
        source,
    };
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_PGN_BYTES + 1).read_to_end(&mut bytes))
        .map_err(read)?;
    if bytes.len() as u64 > MAX_PGN_BYTES {
        return Err(ReviewError::Pgn {
            path: path.to_owned(),
            why: format!(
                "the file is larger than {} MiB: a PGN file of one or more games is expected",
                MAX_PGN_BYTES >> 20
            )
            .into(),
        });
    }
    String::from_utf8(bytes).map_err(|_| {
        read(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        ))
    })
}

/// The error of a file without a game: empty, or text that is no PGN.
fn no_game(path: &Path, text: &str) -> ReviewError {
    let why = if text.trim().is_empty() {
        "the file is empty: a PGN file of one or more games is expected".to_owned()
    } else {
        "no game in the file: a PGN file of one or more games is expected".to_owned()
    };
    ReviewError::Pgn {
        path: path.to_owned(),
        why: why.into(),
    }
}

/// The variants a review knows: standard chess (with or without a set-up position)
/// and Chess960.
fn known_variant(variant: &str) -> bool {
    let v = variant.trim().to_ascii_lowercase();
    v.is_empty()
        || matches!(
            v.as_str(),
            "standard" | "chess" | "normal" | "from position" | "fromposition"
        )
        || v.contains("960")
}

impl Record {
    /// Reads a journal (`*.journal`) or game `game` (from 1; the first by default) of a
    /// PGN file.
    ///
    /// # Errors
    /// [`ReviewError`] naming the file.
    pub fn read(path: &Path, game: Option<usize>) -> Result<Record, ReviewError> {
        if path.extension().is_some_and(|e| e == "journal") {
            return Record::journal(path);
        }
        let text = read_pgn_text(path)?;
        let pgn_error = |why: Box<dyn std::error::Error + Send + Sync>| ReviewError::Pgn {
            path: path.to_owned(),
            why,
        };
        let mut games = pgn_games(&text);
        let count = games.len();
        if count == 0 || text.trim().is_empty() {
            return Err(no_game(path, &text));
        }
        let number = game.unwrap_or(1);
        if number == 0 || number > count {
            return Err(ReviewError::NoSuchGame {
                path: path.to_owned(),
                asked: number,
                count,
            });
        }
        let game = games
            .swap_remove(number - 1)
            .map_err(|e| pgn_error(e.into()))?;
        if let Some(variant) = game.tag("Variant")
            && !known_variant(variant)
        {
            return Err(pgn_error(
                format!(
                    "game {number} is of the variant \"{}\": a review knows standard chess \
                     and Chess960 only",
                    shown_text(variant)
                )
                .into(),
            ));
        }
        let played = game
            .replay(
                annabella_rules::Edition::default(),
                annabella_rules::RateOfPlay::Standard,
            )
            .map_err(|e| pgn_error(e.into()))?;
        let first = game.start_position().map_err(|e| {
            pgn_error(match e {
                annabella_rules::pgn::ReplayErrorKind::BadFen { fen, why } => format!(
                    "the FEN tag \"{}\" is not a legal position: {}",
                    annabella_rules::excerpt(&fen),
                    annabella_rules::printable(&why)
                )
                .into(),
                _ => "the starting position cannot be read".into(),
            })
        })?;
        let tag = |name: &str| shown_text(game.tag(name).unwrap_or("?"));
        let chess960 = game
            .tag("Variant")
            .is_some_and(|v| v.to_ascii_lowercase().contains("960"))
            || first.castles().mode() == CastlingMode::Chess960;
        Ok(Record {
            start_fen: game.tag("FEN").and_then(|f| f.parse().ok()),
            chess960,
            start: first,
            moves: played.moves().to_vec(),
            white: tag("White"),
            black: tag("Black"),
            result: game.result_marker.clone().unwrap_or_else(|| "*".into()),
            vi: Color::White,
            language: Language::De,
            practice: false,
            number,
            games: count,
        })
    }

    fn journal(path: &Path) -> Result<Record, ReviewError> {
        let (table, _) = Session::replay(path).map_err(|source| ReviewError::Journal {
            path: path.to_owned(),
            source,
        })?;
        let config = table.config();
        Ok(Record {
            start: table.game().start().clone(),
            start_fen: config.start_fen.as_deref().and_then(|f| f.parse().ok()),
            chess960: config.chess960
                || table.game().start().castles().mode() == CastlingMode::Chess960,
            moves: table.game().moves().to_vec(),
            white: shown_text(&config.event.white),
            black: shown_text(&config.event.black),
            result: table
                .end()
                .map_or_else(|| "*".into(), |e| e.result.to_string()),
            vi: config.vi_color,
            language: config.language,
            practice: !config.practice.is_rated(),
            number: 1,
            games: 1,
        })
    }
}

/// The engine a review asks, if any.
#[derive(Debug, Clone)]
pub enum ReviewEngine {
    /// No engine: the review has no evaluation.
    None,
    /// This engine analyses every position.
    Engine(EngineSettings),
    /// The engine asked for cannot be used: the review says so in the listener's
    /// language and goes on without evaluation.
    Unusable {
        /// The engine as it was named (`stockfish`, a path).
        engine: String,
        /// Why, in the log's words.
        why: String,
    },
}

/// How `annabella review` runs.
#[derive(Debug, Clone)]
pub struct ReviewOptions {
    /// The record.
    pub record: PathBuf,
    /// The game of a PGN file (from 1; the first by default).
    pub game: Option<usize>,
    /// The listener's language (the table's by default).
    pub language: Option<Language>,
    /// The engine that analyses every position (after a practice game the table's
    /// `stockfish` by default).
    pub engine: ReviewEngine,
    /// Speak every answer through espeak-ng too.
    pub speak: bool,
    /// Hear the listener through a Vosk model too (a microphone or a recording).
    pub hearing: Option<HearingSetup>,
    /// Show every answer on a Braille display through brltty's BrlAPI and take its
    /// keys (the liblouis table of the listener's language).
    pub braille: Option<BrlapiSettings>,
}

/// A line for the review: typed (or a display key's name) or heard.
enum Line {
    /// A line of the input.
    Typed(String),
    /// The words the recognizer heard ("" when it understood none).
    Heard(String),
    /// The input ended.
    TypedEnd,
    /// The recording ended (a microphone never ends).
    AudioEnd,
    /// News of the Braille display.
    Display(DisplayEvent),
}

impl From<DisplayEvent> for Line {
    fn from(e: DisplayEvent) -> Line {
        Line::Display(e)
    }
}

/// The answer on a Braille display: its cells and the window shown.
struct Shown {
    display: BrlapiDisplay,
    language: Language,
    width: usize,
    cells: Vec<Dots>,
    window: usize,
}

impl Shown {
    /// Shows `text` from its start.
    fn answer(&mut self, text: &str) {
        self.cells = match text_cells(
            self.language,
            annabella_config::default_braille_table(self.language),
            text,
        ) {
            Ok(c) => c,
            Err(e) => {
                tracing::warn!("the Braille display: {e}");
                return;
            }
        };
        self.window = 0;
        self.show();
    }

    fn windows(&self) -> usize {
        self.cells.len().div_ceil(self.width.max(1)).max(1)
    }

    fn show(&mut self) {
        let width = self.width.max(1);
        let from = (self.window * width).min(self.cells.len());
        let mut cells = self.cells[from..(from + width).min(self.cells.len())].to_vec();
        cells.resize(width, 0);
        let frame = Frame {
            line: LineKind::Answer,
            text: String::new(),
            window: self.window,
            cells,
        };
        if let Err(e) = self.display.show(Duration::ZERO, &frame) {
            tracing::warn!("the Braille display: {e}");
        }
    }

    /// Pans the answer by a window (`on`: to the right); false at its end.
    fn pan(&mut self, on: bool) -> bool {
        let to = match on {
            true if self.window + 1 < self.windows() => self.window + 1,
            false if self.window > 0 => self.window - 1,
            _ => return false,
        };
        self.window = to;
        self.show();
        true
    }
}

/// The review's request of a display key (see [`Request::from_key`]).
fn key_request(key: DisplayKey) -> Option<Request> {
    let name = match key {
        DisplayKey::PanLeft => "FWINLT",
        DisplayKey::PanRight => "FWINRT",
        DisplayKey::LineUp => "LNUP",
        DisplayKey::LineDown => "LNDN",
        DisplayKey::Top => "TOP",
        DisplayKey::Bottom => "BOT",
        DisplayKey::SayLine => "SAY_LINE",
        DisplayKey::Info => "INFO",
        DisplayKey::Time | DisplayKey::Route(_) => return None,
    };
    Request::from_key(name)
}

/// Reviews the record of `options`: the game's sentence first, then one answer per line
/// of `input` (words, or `key NAME` for a Braille display's key) and per utterance heard
/// (with `options.hearing`), until both have ended (a microphone: until the input ends).
///
/// # Errors
/// [`ReviewError`]: the record, the recognizer or the output failed.
pub fn review(
    options: &ReviewOptions,
    input: impl BufRead + Send + 'static,
    mut output: impl Write,
) -> Result<(), ReviewError> {
    let record = Record::read(&options.record, options.game)?;
    let language = options.language.unwrap_or(record.language);
    let messages = annabella_phonetic::messages::Messages::get(language);
    let mut review = Review::new(language, record.vi, record.start.clone(), &record.moves);
    review.set_unfinished(record.result.trim() == "*");
    let mut notes = Vec::new();
    if record.games > 1 {
        notes.push(review.games_note(record.games, record.number));
    }
    match &options.engine {
        ReviewEngine::None => {}
        ReviewEngine::Engine(settings) => match analysis(settings, &record, review.positions()) {
            Ok(found) => review.set_analysis(found),
            Err(e) => {
                tracing::warn!("the review goes on without evaluation: {e}");
                let engine = shown_text(&settings.program.display().to_string());
                let message = match e {
                    ReviewError::Engine(engine::EngineError::Uci(UciError::NoChess960 {
                        ..
                    })) => "review-engine-no-chess960",
                    _ => "review-engine-failed",
                };
                notes.push(messages.text(message, &[("engine", engine.into())]));
            }
        },
        ReviewEngine::Unusable { engine, why } => {
            tracing::warn!("the review goes on without evaluation: {why}");
            notes.push(messages.text(
                "review-engine-missing",
                &[("engine", shown_text(engine).into())],
            ));
        }
    }
    let lines = std::sync::mpsc::channel();
    let (send, heard) = lines;
    let mut hearing = match &options.hearing {
        Some(setup) => Some(hear(setup, language, &review, send.clone())?),
        None => None,
    };
    let from_mic = options
        .hearing
        .as_ref()
        .is_some_and(|h| !matches!(h.input, AudioInput::Wav(_)));
    let mut shown = match &options.braille {
        Some(settings) => Some(Shown {
            display: BrlapiDisplay::start(settings.clone(), send.clone())?,
            language,
            width: 40,
            cells: Vec::new(),
            window: 0,
        }),
        None => None,
    };
    std::thread::spawn(move || {
        for line in input.lines() {
            let Ok(line) = line else { break };
            if send.send(Line::Typed(line)).is_err() {
                return;
            }
        }
        let _ = send.send(Line::TypedEnd);
    });
    let mut voice = options
        .speak
        .then(|| annabella_voice::read_back::ReadBack::new(language.code()));
    let ears = hearing.as_ref().map(Hearing::ears);
    let mut say = |text: &str, output: &mut dyn Write, shown: &mut Option<Shown>| {
        writeln!(output, "{text}").map_err(ReviewError::Output)?;
        output.flush().map_err(ReviewError::Output)?;
        if let Some(s) = shown.as_mut() {
            s.answer(text);
        }
        if let Some(v) = voice.as_mut() {
            // Not heard as the listener's words.
            if let Some(e) = &ears {
                e.muted(true);
            }
            if let Err(e) = v.say(text) {
                tracing::warn!("speaking: {e}");
            }
            if let Some(e) = &ears {
                e.muted(false);
            }
        }
        Ok::<(), ReviewError>(())
    };
    say(
        &review.opening(&record.white, &record.black, &record.result),
        &mut output,
        &mut shown,
    )?;
    for note in &notes {
        say(note, &mut output, &mut shown)?;
    }
    let (mut typed_done, mut audio_done) = (false, options.hearing.is_none());
    while !(typed_done && (audio_done || from_mic)) {
        let Ok(line) = heard.recv() else { break };
        let said = match line {
            Line::TypedEnd => {
                typed_done = true;
                continue;
            }
            Line::AudioEnd => {
                audio_done = true;
                continue;
            }
            Line::Typed(line) => {
                let line = line.trim();
                if line.is_empty() {
                    continue;
                }
                match line.strip_prefix("key ") {
                    Some(name) => Request::from_key(name),
                    None => Request::parse(language, line),
                }
            }
            Line::Heard(words) => {
                tracing::info!("heard: {}", shown_text(&words));
                Request::parse(language, &words)
            }
            Line::Display(DisplayEvent::Connected { width }) => {
                tracing::info!("the Braille display is connected: {width} cells");
                if let Some(s) = shown.as_mut() {
                    s.width = width;
                    s.window = 0;
                    s.show();
                }
                continue;
            }
            Line::Display(DisplayEvent::Lost(why)) => {
                tracing::warn!("the Braille display: {why} (tried again)");
                continue;
            }
            Line::Display(DisplayEvent::Key(key)) => {
                // Panning shows the rest of a long answer; past its end the keys ask.
                let pan = match key {
                    DisplayKey::PanRight => Some(true),
                    DisplayKey::PanLeft => Some(false),
                    _ => None,
                };
                if let (Some(on), Some(s)) = (pan, shown.as_mut())
                    && s.pan(on)
                {
                    continue;
                }
                match key_request(key) {
                    Some(r) => Some(r),
                    None => continue,
                }
            }
        };
        let text = match said {
            Some(r) => review.handle(r),
            None => messages.text("review-not-understood", &[]),
        };
        say(&text, &mut output, &mut shown)?;
    }
    if let Some(h) = hearing.as_mut() {
        h.stop();
    }
    Ok(())
}

/// Starts hearing the listener by `setup`: each utterance's words, then the end of a
/// recording, go to `lines`.
fn hear(
    setup: &HearingSetup,
    language: Language,
    review: &Review,
    lines: std::sync::mpsc::Sender<Line>,
) -> Result<Hearing, ReviewError> {
    let start = std::time::Instant::now();
    let model = SpeechModel::load(&setup.model).map_err(|e| HearingError {
        key: "speech.model",
        message: e.to_string(),
    })?;
    let last_move = review.positions().last().map_or(1, |p| p.fullmoves().get());
    let config = RecognizerConfig {
        mode: Mode::AlwaysListening,
        trailing_silence: setup.trailing_silence,
        leaf_silence: Some(setup.leaf_silence),
        report_unrecognised: true,
        ..RecognizerConfig::default()
    };
    let recognizer = Recognizer::new(
        std::sync::Arc::new(model),
        ListenFor::Phrases(annabella_review::phrases(language, last_move)),
        config,
        Duration::ZERO,
    )
    .map_err(|e| HearingError {
        key: "speech.model",
        message: format!("cannot build the grammar: {e}"),
    })?;
    let coverage = Coverage::of(&recognizer);
    if coverage.knows_none {
        tracing::warn!(
            "the model in {} knows none of the review's {} words: nothing said can be \
             understood (use a model of that language, models/fetch.sh)",
            setup.model.display(),
            language.code()
        );
    } else if !coverage.missing_words.is_empty() {
        tracing::warn!(
            "the model does not know {}; phrases with them cannot be heard",
            coverage.missing_words.join(", ")
        );
    }
    let (source, pacing) = setup.open_input(start)?;
    tracing::info!("listening: {}", setup.input.describe());
    Hearing::spawn(recognizer, source, pacing, start, move |news| {
        let line = match news {
            HearingNews::Utterance(heard, _) => Line::Heard(heard.text.clone()),
            HearingNews::AudioEnded => {
                let _ = lines.send(Line::AudioEnd);
                return ControlFlow::Break(());
            }
            HearingNews::AudioFailed(e) | HearingNews::Trouble(e) => {
                tracing::warn!("hearing: {e}");
                return ControlFlow::Continue(());
            }
            _ => return ControlFlow::Continue(()),
        };
        match lines.send(line) {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(()),
        }
    })
    .map_err(|e| {
        ReviewError::Hearing(HearingError {
            key: "speech.model",
            message: format!("the recognizer's thread does not start: {e}"),
        })
    })
}

/// The engine's analysis of every position of the record.
fn analysis(
    settings: &EngineSettings,
    record: &Record,
    positions: &[Chess],
) -> Result<Vec<Option<Analysis>>, ReviewError> {
    let mode = annabella_rules::castling_mode(record.chess960);
    let moves: Vec<UciMove> = record.moves.iter().map(|m| m.to_uci(mode)).collect();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(ReviewError::Runtime)?;
    let found = runtime.block_on(engine::analyse(
        settings,
        record.chess960,
        record.start_fen.as_ref(),
        &moves,
        positions,
    ))?;
    Ok(found
        .into_iter()
        .map(|a| {
            a.map(|(best, score)| Analysis {
                best: Some(best),
                eval: score.map(|s| match s {
                    EngineScore::Centipawns(cp) => Eval::Centipawns(cp),
                    EngineScore::Mate(m) => Eval::Mate(m),
                }),
            })
        })
        .collect())
}

/// Whether the record at `path` is of a practice game (its journal says so).
pub fn is_practice(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "journal")
        && Record::read(path, None).is_ok_and(|r| r.practice)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_larger_than_a_pgn_collection_is_refused_before_it_is_read_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("huge.pgn");
        let file = std::fs::File::create(&path).unwrap();
        file.set_len(MAX_PGN_BYTES + 1).unwrap();
        let error = read_pgn_text(&path).unwrap_err().to_string();
        assert!(error.contains("larger than 16 MiB"), "{error}");
        assert!(error.contains("huge.pgn"), "{error}");
    }

    #[test]
    fn a_file_that_is_not_text_is_refused_with_its_name() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("binary.pgn");
        std::fs::write(&path, [0xff, 0xfe, 0x00, 0x31]).unwrap();
        let error = read_pgn_text(&path).unwrap_err().to_string();
        assert!(error.contains("binary.pgn"), "{error}");
        assert!(error.contains("UTF-8"), "{error}");
    }
}
