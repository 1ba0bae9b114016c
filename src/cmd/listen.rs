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
use annabella_speech::{
    Ears, Heard, Hearing, HearingNews, ListenFor, LoadProgress, Mode, Pacing, Recognizer,
    RecognizerConfig, SpeechModel,
};
use annabella_voice::Announcer as _;
use annabella_voice::Speech;
use annabella_voice::espeak::{EspeakOutput, PcmSink};
use annabella_voice::queue::UtteranceId;
use annabella_voice::{Espeak, SpeechEvent, SpeechEventKind, VoiceError, VoiceSettings};
use anyhow::Context;
use serde_json::json;

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
    /// Push-to-talk with the microphone: Enter starts an utterance, Enter again ends it
    /// (instead of voice activity detection).
    #[arg(long)]
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

/// Discards the read-back's audio: only its first sample's time is wanted.
struct Discard;

impl PcmSink for Discard {
    fn begin(&mut self, _: UtteranceId, _: u32) -> Result<(), VoiceError> {
        Ok(())
    }
    fn samples(&mut self, _: &[i16]) -> Result<(), VoiceError> {
        Ok(())
    }
    fn end(&mut self, _: UtteranceId) -> Result<(), VoiceError> {
        Ok(())
    }
}

/// Reads results back with espeak-ng and times the first audio.
struct ReadBack {
    espeak: Espeak,
    events: std::sync::mpsc::Receiver<SpeechEvent>,
    voice: VoiceSettings,
    seq: u64,
}

impl ReadBack {
    fn new(voice: &str) -> ReadBack {
        let (tx, events) = std::sync::mpsc::channel();
        ReadBack {
            espeak: Espeak::new(tx, EspeakOutput::Sink(Box::new(Discard))),
            events,
            voice: VoiceSettings {
                language: voice.to_owned(),
                voice: None,
                rate: 0,
                volume: 100,
            },
            seq: 0,
        }
    }

    /// Says `text`; the wall time from the request to the first audio sample.
    fn say(&mut self, text: &str) -> Result<Duration, VoiceError> {
        self.seq += 1;
        let id = UtteranceId {
            output: 0,
            seq: self.seq,
        };
        let asked = Instant::now();
        self.espeak.speak(id, &Speech::words(text), &self.voice)?;
        loop {
            let e = self
                .events
                .recv_timeout(Duration::from_secs(10))
                .map_err(|_| VoiceError::Espeak("no audio from espeak-ng within 10 s".into()))?;
            if e.utterance != id {
                continue;
            }
            match e.kind {
                SpeechEventKind::Started => return Ok(asked.elapsed()),
                SpeechEventKind::Failed(why) => return Err(VoiceError::Espeak(why)),
                SpeechEventKind::Finished | SpeechEventKind::Cancelled => {
                    return Err(VoiceError::Espeak("espeak-ng gave no audio".into()));
                }
            }
        }
    }
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
                .map(|p| {
                    p.split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" ")
                        .to_lowercase()
                })
                .filter(|p| !p.is_empty())
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
        leaf_silence: (args.endpointing == Endpointing::Grammar && !args.no_early)
            .then(|| Duration::from_millis(args.leaf_silence)),
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
    let mut read_back = args
        .read_back
        .as_deref()
        .map(|v| ReadBack::new(if v.is_empty() { args.scheme.code() } else { v }));
    let (json, limit) = (args.json, args.count);
    let mut count = 0usize;
    let mut failed = None;
    let (done_tx, done_rx) = std::sync::mpsc::channel();
    let hearing = Hearing::spawn(recognizer, source, Pacing::AsDelivered, move |news| {
        match news {
            HearingNews::Utterance(heard, _) => {
                let first_audio = match read_back.as_mut() {
                    Some(r) if !heard.text.is_empty() => match r.say(&heard.text) {
                        Ok(took) => Some(took),
                        Err(e) => {
                            eprintln!("annabella: read-back: {e}");
                            None
                        }
                    },
                    _ => None,
                };
                let line = if json {
                    heard_json(&heard, start, lexicon, first_audio)
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

fn ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 10_000.0).round() / 10.0
}

/// One utterance as the JSON line documented in crates/speech/README.md.
/// `first_audio`: the wall time from asking for the read-back (when the result was
/// final) to its first audio sample.
fn heard_json(
    h: &Heard,
    start: Instant,
    lexicon: &'static Lexicon,
    first_audio: Option<Duration>,
) -> String {
    let resolution = match (&h.resolution, &h.position) {
        (Some(v), Some(pos)) => serde_json::from_str(&super::parse::verdict_json(pos, v, lexicon))
            .unwrap_or(serde_json::Value::Null),
        _ => serde_json::Value::Null,
    };
    let alternatives: Vec<_> = h
        .alternatives
        .iter()
        .map(|r| json!({"words": r.text, "probability": r.probability, "score": r.score}))
        .collect();
    let timings = [
        (
            "speech_start",
            h.speech_start.saturating_duration_since(start),
        ),
        (
            "last_word_end",
            h.last_word_end.saturating_duration_since(start),
        ),
        ("endpoint", h.endpoint.saturating_duration_since(start)),
        ("final", h.final_at.saturating_duration_since(start)),
        ("speech_end_to_final", h.speech_end_to_final()),
        (
            "endpoint_to_final",
            h.final_at.saturating_duration_since(h.endpoint),
        ),
        ("decode", h.decode),
        ("audio", h.audio),
    ]
    .map(|(k, d)| format!("{}:{}", json!(k), json!(ms(d))))
    .join(",");
    // The read-back is asked for when the result is final (stream time) and takes the
    // wall time espeak-ng needs for its first sample.
    let read_back = match first_audio {
        Some(took) => {
            let first = h.final_at + took;
            format!(
                "{{\"request_to_first_audio\":{},\"first_audio\":{},\"last_word_end_to_first_audio\":{}}}",
                json!(ms(took)),
                json!(ms(first.saturating_duration_since(start))),
                json!(ms(first.saturating_duration_since(h.last_word_end))),
            )
        }
        None => "null".to_owned(),
    };
    // Keys in the documented order (serde_json's map would sort them).
    format!(
        "{{\"words\":{},\"alternatives\":{},\"resolution\":{},\"timings_ms\":{{{timings}}},\"rtf\":{},\"ended_by\":{},\"word_times\":{},\"read_back_ms\":{read_back},\"snr_db\":{},\"doubt\":{}}}",
        json!(h.text),
        json!(alternatives),
        resolution,
        json!((h.rtf() * 10_000.0).round() / 10_000.0),
        json!(h.ended_by),
        json!(
            h.words
                .iter()
                .map(|w| json!({
                    "word": w.word,
                    "start": seconds(w.start),
                    "end": seconds(w.end),
                    "confidence": w.confidence.map(seconds),
                }))
                .collect::<Vec<_>>()
        ),
        json!((f64::from(h.snr_db) * 10.0).round() / 10.0),
        json!(h.doubt),
    )
}

/// Rounds an `f32` to three decimals as an `f64` (no `0.6000000238` in the JSON).
fn seconds(v: f32) -> f64 {
    (f64::from(v) * 1000.0).round() / 1000.0
}

fn heard_text(h: &Heard, lexicon: &'static Lexicon) -> String {
    let meaning = match (&h.resolution, &h.position) {
        (Some(v), Some(pos)) => v
            .describe(pos, lexicon)
            .map(|d| format!(" → {d}"))
            .unwrap_or_default(),
        _ => String::new(),
    };
    let text = if h.text.is_empty() {
        "(nothing understood)"
    } else {
        h.text.as_str()
    };
    format!(
        "{text}{meaning}  ({:?}, result {} ms after the speech ended)",
        h.ended_by,
        ms(h.speech_end_to_final())
    )
}
