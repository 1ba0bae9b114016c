//! `annabella listen`: recognise speech from a WAV file, raw PCM on stdin or a
//! microphone with a Vosk model, against the moves of a position (or a plain word list),
//! and print each utterance (one JSON line with `--json`).

use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use annabella_phonetic::{Language, Lexicon};
use annabella_speech::audio::{AudioSource, MicSource, PcmSource, SOURCE_RATES, WavSource};
use annabella_speech::report::{heard_json, heard_text};
use annabella_speech::{
    Ears, Hearing, HearingNews, ListenFor, LoadProgress, Mode, Pacing, Recognizer,
    RecognizerConfig, SpeechModel,
};
use anyhow::Context;

/// Flags of `annabella listen`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("source").required(true).args(["wav", "mic", "stdin_pcm"])))]
pub struct Args {
    /// A small Vosk model directory (models/fetch.sh).
    #[arg(long, value_name = "DIR")]
    model: PathBuf,
    /// Read this WAV file (any rate, channels and format).
    #[arg(long, value_name = "FILE")]
    wav: Option<PathBuf>,
    /// Capture from a microphone: a device id from `annabella devices audio`, or the default.
    #[arg(long, value_name = "DEVICE", num_args = 0..=1, default_missing_value = "")]
    mic: Option<String>,
    /// Read raw signed 16-bit little-endian mono PCM from standard input.
    #[arg(long)]
    stdin_pcm: bool,
    /// Sample rate of `--stdin-pcm` (8,000 to 192,000, as for a WAV file).
    #[arg(long, default_value_t = 16_000, value_name = "HZ",
          value_parser = clap::value_parser!(u32).range(
              i64::from(*SOURCE_RATES.start())..=i64::from(*SOURCE_RATES.end())))]
    rate: u32,
    /// The position whose moves are listened for (default: the initial position).
    #[arg(long)]
    fen: Option<String>,
    /// The spoken scheme: de (FIDE) or en.
    #[arg(long, default_value = "de")]
    scheme: Language,
    /// Listen for these words or phrases (comma-separated) instead of the scheme's moves.
    #[arg(long, value_name = "W1,W2,…")]
    grammar_words: Option<String>,
    /// Silence that ends an utterance, in ms (100 to 10,000: shorter would end every word).
    #[arg(long, default_value_t = 600, value_name = "MS",
          value_parser = clap::value_parser!(u64).range(100..=10_000))]
    trailing_silence: u64,
    /// Finalize early once the partial result is a complete move stable this long (ms).
    #[arg(long, default_value_t = 150, value_name = "MS",
          value_parser = clap::value_parser!(u64).range(0..=10_000))]
    early: u64,
    /// Never finalize early: always wait for the full trailing silence.
    #[arg(long)]
    no_early: bool,
    /// n-best readings to ask for (0: one reading with per-word confidence).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u16).range(0..=100))]
    alternatives: u16,
    /// Chunk length fed to the recognizer, in ms (10 to 1,000).
    #[arg(long, default_value_t = 20, value_name = "MS",
          value_parser = clap::value_parser!(u32).range(10..=1_000))]
    chunk: u32,
    /// One JSON object per utterance.
    #[arg(long)]
    json: bool,
    /// Push-to-talk with the microphone: Enter starts an utterance, Enter again ends it
    /// (instead of voice activity detection).
    #[arg(long)]
    push_to_talk: bool,
    /// Stop after this many utterances (a microphone never ends by itself).
    #[arg(long)]
    count: Option<usize>,
}

/// Runs `annabella listen`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.grammar_words.is_none() && !matches!(args.scheme, Language::De | Language::En) {
        anyhow::bail!(
            "--scheme {}: spoken commands exist only for de and en",
            args.scheme
        );
    }
    anyhow::ensure!(
        !args.push_to_talk || args.mic.is_some(),
        "--push-to-talk needs --mic (the key is Enter on standard input)"
    );
    annabella_speech::check_model_dir(&args.model)?;
    let start = Instant::now();
    // A file is checked before the model loads (seconds); the microphone opens after.
    let mut source: Option<Box<dyn AudioSource + Send>> = match (&args.wav, args.stdin_pcm) {
        (Some(path), _) => Some(Box::new(WavSource::open(path, args.chunk, start)?)),
        (None, true) => Some(Box::new(PcmSource::new(
            std::io::stdin(),
            args.rate,
            args.chunk,
            start,
        )?)),
        (None, false) => None,
    };
    let model = SpeechModel::load_with_progress(&args.model, |p| match p {
        LoadProgress::Started { bytes } => eprintln!(
            "annabella: loading speech model {} ({} MB)…",
            args.model.display(),
            bytes / 1_000_000
        ),
        LoadProgress::Loaded { took } => {
            eprintln!("annabella: model loaded in {:.1} s", took.as_secs_f64());
        }
    })?;
    let model = Arc::new(model);
    let listen_for = match &args.grammar_words {
        Some(words) => {
            let phrases: Vec<String> = words
                .split(',')
                .map(|w| w.trim().to_lowercase())
                .filter(|w| !w.is_empty())
                .collect();
            anyhow::ensure!(!phrases.is_empty(), "--grammar-words lists no word");
            ListenFor::Phrases(phrases)
        }
        None => ListenFor::Moves {
            position: match &args.fen {
                Some(fen) => super::parse::position(fen)?,
                None => shakmaty::Chess::default(),
            },
            language: args.scheme,
        },
    };
    let config = RecognizerConfig {
        mode: if args.push_to_talk {
            Mode::PushToTalk
        } else {
            Mode::AlwaysListening
        },
        trailing_silence: Duration::from_millis(args.trailing_silence),
        early: (!args.no_early).then(|| Duration::from_millis(args.early)),
        alternatives: args.alternatives,
        ..RecognizerConfig::default()
    };
    let recognizer =
        Recognizer::new(model, listen_for, config, start).context("cannot build the grammar")?;
    for (from, to) in recognizer.substituted_words() {
        eprintln!("annabella: the model lacks {from:?}; listening for {to:?}");
    }
    if recognizer.phrases().iter().all(|p| p == "[unk]") {
        anyhow::bail!(
            "the model in {} knows none of the {} scheme's words: use a model of that language (models/fetch.sh) or --grammar-words",
            args.model.display(),
            args.scheme
        );
    }
    let missing = recognizer.missing_words();
    if !missing.is_empty() {
        eprintln!(
            "annabella: the model does not know {}; phrases with them cannot be heard",
            missing.join(", ")
        );
    }
    let source: Box<dyn AudioSource + Send> = match source.take() {
        Some(s) => s,
        None => {
            let device = args.mic.as_deref().filter(|d| !d.is_empty());
            Box::new(MicSource::open(device)?)
        }
    };
    let lexicon = Lexicon::get(args.scheme);
    let (json, limit) = (args.json, args.count);
    let mut count = 0usize;
    let mut failed = None;
    let (done_tx, done_rx) = std::sync::mpsc::channel();
    let hearing = Hearing::spawn(recognizer, source, Pacing::AsDelivered, move |news| {
        match news {
            HearingNews::Utterance(heard, _) => {
                let line = if json {
                    heard_json(&heard, start, lexicon)
                } else {
                    heard_text(&heard, lexicon)
                };
                let mut out = std::io::stdout().lock();
                if let Err(e) = writeln!(out, "{line}").and_then(|()| out.flush()) {
                    let _ = done_tx.send(Err(format!("standard output: {e}")));
                    return ControlFlow::Break(());
                }
                count += 1;
                if limit.is_some_and(|c| count >= c) {
                    let _ = done_tx.send(Ok(count));
                    return ControlFlow::Break(());
                }
            }
            HearingNews::Trouble(e) => eprintln!("annabella: {e}"),
            // The utterance in progress is still delivered; the failure ends the run.
            HearingNews::AudioFailed(e) => failed = Some(e),
            HearingNews::BuffersLost(n) => {
                eprintln!("annabella: the recognizer fell behind: {n} audio buffers lost so far");
            }
            HearingNews::AudioEnded => {
                let _ = done_tx.send(failed.take().map_or(Ok(count), Err));
            }
        }
        ControlFlow::Continue(())
    })?;
    if args.push_to_talk {
        eprintln!("annabella: press Enter to talk, Enter again when done");
        talk_key(hearing.ears());
    }
    let ended = done_rx
        .recv()
        .unwrap_or_else(|_| Err("the recognizer stopped".to_owned()));
    drop(hearing);
    let count = ended.map_err(anyhow::Error::msg)?;
    if count == 0 && !args.json {
        eprintln!("annabella: nothing heard");
    }
    Ok(ExitCode::SUCCESS)
}

/// Presses of Enter on standard input toggle push-to-talk.
fn talk_key(ears: Ears) {
    std::thread::spawn(move || {
        let mut talking = false;
        let mut line = String::new();
        while std::io::stdin().read_line(&mut line).is_ok_and(|n| n > 0) {
            talking = !talking;
            ears.talk(talking);
            eprintln!("annabella: {}", if talking { "listening…" } else { "done" });
            line.clear();
        }
    });
}
