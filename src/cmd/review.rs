//! `annabella review RECORD`: a finished game (its journal or a PGN file) reviewed line
//! by line — typed words or the Braille display's key names (`key LNDN`) on standard
//! input, and with `--model` the listener's voice through Vosk — each answer on standard
//! output (and spoken with `--speak`).

use std::{path::PathBuf, process::ExitCode, time::Duration};

use annabella_braille_display::brlapi::BrlapiSettings;
use annabella_config::EngineSettings;
use annabella_phonetic::Language;
use annabella_speech::{AudioInput, HearingSetup};
use annabella_station::review::{self, ReviewEngine, ReviewOptions};

/// Flags of `annabella review`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The record: a journal (`game.journal`) or a PGN file.
    pub record: PathBuf,
    /// The game of a PGN file to review, from 1 (default: the first).
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub game: Option<u32>,
    /// List the games of a PGN file (number, players, result) and end.
    #[arg(long, conflicts_with = "game")]
    pub list_games: bool,
    /// The listener's language: de, en, lt, lv, hu (default: the table's).
    #[arg(long)]
    pub language: Option<Language>,
    /// The engine that gives the evaluation, the best move and the mistakes at each
    /// move ("stockfish" or a path); a practice game's journal uses stockfish unless
    /// told otherwise.
    #[arg(long)]
    pub engine: Option<String>,
    /// No engine analysis, even after a practice game.
    #[arg(long, conflicts_with = "engine")]
    pub no_engine: bool,
    /// Nodes the engine searches in each position.
    #[arg(long, default_value_t = 200_000,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub nodes: u64,
    /// Speak every answer through espeak-ng too.
    #[arg(long)]
    pub speak: bool,
    /// Hear the listener's words through this Vosk model (models/fetch.sh) as well as
    /// the typed lines: from the microphone, or from `--wav`.
    #[arg(long, value_name = "DIR")]
    pub model: Option<PathBuf>,
    /// The listener's words from this recording instead of the microphone (any rate,
    /// played as if spoken live).
    #[arg(long, value_name = "FILE", requires = "model", conflicts_with = "mic")]
    pub wav: Option<PathBuf>,
    /// The microphone: a device id from `annabella devices audio` (default: the
    /// system's).
    #[arg(long, value_name = "DEVICE", requires = "model")]
    pub mic: Option<String>,
    /// Show every answer on a Braille display through brltty's BrlAPI and take its keys
    /// (`LNDN` forward, `LNUP` back, `TOP` start, `BOT` end, `FWINLT`/`FWINRT` pan a long
    /// answer, past its ends the position and the next mistake, `SAY_LINE` the
    /// evaluation, `INFO` the moves): brltty's host (`host:port`, `:N`; default: its own).
    #[arg(long, value_name = "HOST", num_args = 0..=1, default_missing_value = "")]
    pub braille: Option<String>,
    /// BrlAPI's authorization (`none`, a key file; default: brltty's).
    #[arg(long, value_name = "AUTH", requires = "braille")]
    pub braille_auth: Option<String>,
}

/// Runs the review.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let is_journal = args.record.extension().is_some_and(|e| e == "journal");
    if is_journal && (args.game.is_some() || args.list_games) {
        anyhow::bail!(
            "{}: a journal holds one game; --game and --list-games choose among the games \
             of a PGN file",
            args.record.display()
        );
    }
    if args.list_games {
        let language = args.language.unwrap_or(Language::De);
        review::list(&args.record, language, std::io::stdout())?;
        return Ok(ExitCode::SUCCESS);
    }
    let engine = match (&args.engine, args.no_engine) {
        (_, true) => None,
        (Some(e), false) => Some(e.clone()),
        (None, false) => review::is_practice(&args.record).then(|| "stockfish".to_owned()),
    };
    let engine = match engine {
        None => ReviewEngine::None,
        Some(e) => match EngineSettings::for_analysis(&e, args.nodes) {
            Ok(settings) => ReviewEngine::Engine(settings),
            // The library names its settings; here they came from our flags. The review
            // says in the listener's language that it goes on without the engine.
            Err(err) => ReviewEngine::Unusable {
                engine: e,
                why: err
                    .problems
                    .iter()
                    .map(|p| {
                        let key = p
                            .key
                            .replace("opponent.engine", "--engine")
                            .replace("opponent.nodes", "--nodes");
                        format!("{key}: {}", p.message)
                    })
                    .collect::<Vec<_>>()
                    .join("; "),
            },
        },
    };
    let hearing = args.model.map(|model| HearingSetup {
        model,
        input: match (args.wav, args.mic) {
            (Some(wav), _) => AudioInput::Wav(wav),
            (None, mic) => AudioInput::Mic(mic.filter(|m| !m.is_empty())),
        },
        push_to_talk: false,
        trailing_silence: Duration::from_millis(600),
        leaf_silence: Duration::from_millis(100),
        min_snr_db: annabella_speech::hearing::DEFAULT_MIN_SNR_DB,
    });
    if let Some(h) = &hearing {
        annabella_speech::check_model_dir(&h.model)?;
    }
    let options = ReviewOptions {
        record: args.record,
        game: args.game.map(|g| g as usize),
        language: args.language,
        engine,
        speak: args.speak,
        hearing,
        braille: args.braille.map(|host| BrlapiSettings {
            host: Some(host).filter(|h| !h.is_empty()),
            auth: args.braille_auth,
        }),
    };
    review::review(
        &options,
        std::io::BufReader::new(std::io::stdin()),
        std::io::stdout(),
    )?;
    Ok(ExitCode::SUCCESS)
}
