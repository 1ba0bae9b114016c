//! `annabella review RECORD`: a finished game (a journal or a PGN file) reviewed by
//! typed or recognised lines and the Braille display's key names, each answer printed
//! (for a screen reader or a Braille display) and, when asked, spoken by espeak-ng. The
//! review itself is the pure `annabella_review` crate; this shell reads the record, has
//! the engine analyse every position (after a practice game, or when an engine is
//! given) and carries lines in and sentences out.

use std::{
    io::{BufRead, Write},
    path::{Path, PathBuf},
};

use annabella_phonetic::Language;
use annabella_review::{Analysis, Eval, Request, Review};
use shakmaty::{CastlingMode, Chess, Color, Move, fen::Fen, uci::UciMove};

use crate::{
    config::EngineSettings,
    opponent::{engine, uci::EngineScore},
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
    /// The engine failed.
    #[error("the engine: {0}")]
    Engine(#[from] engine::EngineError),
    /// The runtime for the engine could not start.
    #[error("cannot start the engine's runtime: {0}")]
    Runtime(#[source] std::io::Error),
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
}

impl Record {
    /// Reads a journal (`*.journal`) or a PGN file (its first game).
    ///
    /// # Errors
    /// [`ReviewError`] naming the file.
    pub fn read(path: &Path) -> Result<Record, ReviewError> {
        if path.extension().is_some_and(|e| e == "journal") {
            return Record::journal(path);
        }
        let text = std::fs::read_to_string(path).map_err(|source| ReviewError::Read {
            path: path.to_owned(),
            source,
        })?;
        let pgn_error = |why: Box<dyn std::error::Error + Send + Sync>| ReviewError::Pgn {
            path: path.to_owned(),
            why,
        };
        let game = annabella_rules::pgn::read_games(&text)
            .into_iter()
            .next()
            .ok_or_else(|| pgn_error("no game in the file".into()))?
            .map_err(|e| pgn_error(e.into()))?;
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
        let tag = |name: &str| game.tag(name).unwrap_or("?").to_owned();
        Ok(Record {
            start_fen: game.tag("FEN").and_then(|f| f.parse().ok()),
            start: first,
            moves: played.moves().to_vec(),
            white: tag("White"),
            black: tag("Black"),
            result: game.result_marker.clone().unwrap_or_else(|| "*".into()),
            vi: Color::White,
            language: Language::De,
            practice: false,
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
            moves: table.game().moves().to_vec(),
            white: config.event.white.clone(),
            black: config.event.black.clone(),
            result: table
                .end()
                .map_or_else(|| "*".into(), |e| e.result.to_string()),
            vi: config.vi_color,
            language: config.language,
            practice: !config.practice.is_rated(),
        })
    }
}

/// How `annabella review` runs.
#[derive(Debug, Clone)]
pub struct ReviewOptions {
    /// The record.
    pub record: PathBuf,
    /// The listener's language (the table's by default).
    pub language: Option<Language>,
    /// The engine that analyses every position (after a practice game the table's
    /// `stockfish` by default).
    pub engine: Option<EngineSettings>,
    /// Speak every answer through espeak-ng too.
    pub speak: bool,
}

/// Reviews the record of `options`: the game's sentence first, then one answer per line
/// of `input` (words, or `key NAME` for a Braille display's key), until its end.
///
/// # Errors
/// [`ReviewError`]: the record, the engine or the output failed.
pub fn review(
    options: &ReviewOptions,
    input: impl BufRead,
    mut output: impl Write,
) -> Result<(), ReviewError> {
    let record = Record::read(&options.record)?;
    let language = options.language.unwrap_or(record.language);
    let mut review = Review::new(language, record.vi, record.start.clone(), &record.moves);
    if let Some(settings) = &options.engine {
        review.set_analysis(analysis(settings, &record, review.positions())?);
    }
    let mut voice = options
        .speak
        .then(|| annabella_voice::read_back::ReadBack::new(language.code()));
    let mut say = |text: &str, output: &mut dyn Write| -> Result<(), ReviewError> {
        writeln!(output, "{text}").map_err(ReviewError::Output)?;
        if let Some(v) = voice.as_mut()
            && let Err(e) = v.say(text)
        {
            tracing::warn!("speaking: {e}");
        }
        Ok(())
    };
    say(
        &review.opening(&record.white, &record.black, &record.result),
        &mut output,
    )?;
    for line in input.lines() {
        let line = line.map_err(ReviewError::Output)?;
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let request = match line.strip_prefix("key ") {
            Some(name) => Request::from_key(name),
            None => Request::parse(language, line),
        };
        let text = match request {
            Some(r) => review.handle(r),
            None => annabella_phonetic::messages::Messages::get(language)
                .text("review-not-understood", &[]),
        };
        say(&text, &mut output)?;
    }
    Ok(())
}

/// The engine's analysis of every position of the record.
fn analysis(
    settings: &EngineSettings,
    record: &Record,
    positions: &[Chess],
) -> Result<Vec<Option<Analysis>>, ReviewError> {
    let mode = CastlingMode::Standard;
    let moves: Vec<UciMove> = record.moves.iter().map(|m| m.to_uci(mode)).collect();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(ReviewError::Runtime)?;
    let found = runtime.block_on(engine::analyse(
        settings,
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
    Record::read(path).is_ok_and(|r| r.practice)
}
