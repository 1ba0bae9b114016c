//! `annabella listen`: recognise speech from a WAV file, raw PCM on stdin or a
//! microphone with a Vosk model, against the moves of a position (or a plain word list),
//! and print each utterance (one JSON line with `--json`).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use annabella_phonetic::Language;
use annabella_speech::audio::{AudioSource, PcmSource, SOURCE_RATES, WavSource};
use annabella_speech::listen::{ListenRun, ReadBackVoice, listen, load_model};
use annabella_speech::{ListenFor, Mode, Recognizer, RecognizerConfig};
use annabella_voice::read_back::{ReadBack, for_listen};
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
    /// Listen for these phrases instead of the scheme's moves: comma-separated phrases,
    /// words in a phrase separated by spaces ("여섯,여섯 넷,여덟").
    #[arg(long, value_name = "P1,P2 W,…")]
    grammar_words: Option<String>,
    /// Silence that ends an utterance, in ms (100 to 10,000: shorter would end every word).
    #[arg(long, default_value_t = 600, value_name = "MS",
          value_parser = clap::value_parser!(u64).range(100..=10_000))]
    trailing_silence: u64,
    /// How an utterance ends early: `grammar` (a phrase nothing extends ends after
    /// `--leaf-silence`; one a longer phrase extends waits the trailing silence) or
    /// `stable` (the older rule: a complete phrase unchanged for `--early`).
    #[arg(long, value_enum, default_value_t = Endpointing::Grammar)]
    endpointing: Endpointing,
    /// Silence after a phrase that nothing extends before it is final, in ms (grammar
    /// endpointing).
    #[arg(long, default_value_t = 100, value_name = "MS",
          value_parser = clap::value_parser!(u64).range(0..=10_000))]
    leaf_silence: u64,
    /// Read each result back with espeak-ng in this voice (default: the scheme's
    /// language) and report when its first audio came (`read_back_ms` in the JSON); the
    /// audio itself is discarded.
    #[arg(long, value_name = "VOICE", num_args = 0..=1, default_missing_value = "")]
    read_back: Option<String>,
    /// With `--endpointing stable`: finalize once the partial result is a complete move
    /// stable this long (ms).
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
    /// Push-to-talk with the microphone (`--mic`): Enter starts an utterance, Enter again
    /// ends it (instead of voice activity detection).
    #[arg(long, requires = "mic")]
    push_to_talk: bool,
    /// Stop after this many utterances (a microphone never ends by itself).
    #[arg(long)]
    count: Option<usize>,
}

/// How `listen` ends an utterance before the full trailing silence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Endpointing {
    /// Grammar-aware: leaves end after `--leaf-silence`.
    Grammar,
    /// The older rule: a complete phrase stable for `--early`.
    Stable,
}

/// Runs `annabella listen`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.grammar_words.is_none() && !matches!(args.scheme, Language::De | Language::En) {
        anyhow::bail!(
            "--scheme {}: spoken commands exist only for de and en",
            args.scheme
        );
    }
    annabella_speech::check_model_dir(&args.model)?;
    let start = Instant::now();
    // A file is checked before the model loads (seconds); the microphone opens after.
    let mut source: Option<Box<dyn AudioSource + Send>> = match (&args.wav, args.stdin_pcm) {
        (Some(path), _) => Some(Box::new(WavSource::open(path, args.chunk, start)?)),
        (None, true) => {
            let pcm = PcmSource::new(std::io::stdin(), args.rate, args.chunk, start)?;
            Some(Box::new(pcm))
        }
        (None, false) => None,
    };
    let model = load_model(&args.model)?;
    let listen_for = match &args.grammar_words {
        Some(words) => {
            let phrases = ListenFor::phrase_list(words);
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
        leaf_silence: (args.endpointing == Endpointing::Grammar && !args.no_early)
            .then(|| Duration::from_millis(args.leaf_silence)),
        early: (!args.no_early).then(|| Duration::from_millis(args.early)),
        alternatives: args.alternatives,
        ..RecognizerConfig::default()
    };
    let recognizer = Recognizer::new(model, listen_for, config, Duration::ZERO)
        .context("cannot build the grammar")?;
    let run = ListenRun {
        model: args.model.clone(),
        scheme: args.scheme,
        mic: args.mic.clone(),
        json: args.json,
        count: args.count,
        push_to_talk: args.push_to_talk,
    };
    let read_back = for_listen(args.read_back.as_deref(), args.scheme.code()).map(Voice);
    let heard = listen(recognizer, source.take(), start, &run, read_back).map_err(|e| match e {
        // The library says what is wrong; the flag that answers it is ours to name.
        e @ annabella_speech::listen::ListenError::UnknownScheme { .. } => {
            anyhow::anyhow!("{e} (--grammar-words)")
        }
        e => e.into(),
    })?;
    for line in heard {
        super::out!("{}", line?);
    }
    Ok(ExitCode::SUCCESS)
}

/// `--read-back`'s espeak-ng voice for the listening loop.
struct Voice(ReadBack);

impl ReadBackVoice for Voice {
    fn render_ahead(&mut self, id: u64, text: &str) {
        self.0.try_render_ahead(id, text);
    }
    fn drop_ahead(&mut self, id: u64) {
        self.0.drop_ahead(id);
    }
    fn say(&mut self, text: &str, ahead: Option<u64>) -> Option<Duration> {
        self.0.try_say(text, ahead)
    }
}
