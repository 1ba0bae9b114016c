//! The recognizer loop of `annabella listen`: one [`Recognizer`] over one audio source,
//! each utterance given as a line (or a JSON line) for the caller to print, until the
//! audio ends or enough utterances were heard. Notes for the user (the model loading,
//! words the model lacks, trouble, lost buffers) are `tracing` events.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use annabella_phonetic::{Language, Lexicon};

use crate::audio::{AudioError, AudioSource, MicSource};
use crate::read_ahead::{Final, ReadAhead, Step};
use crate::report::{heard_json, heard_text};
use crate::{
    Ears, Heard, Hearing, HearingNews, LoadProgress, ModelError, Pacing, Recognizer, SpeechModel,
};

/// How `annabella listen` listens (what its flags say beyond the recognizer's settings).
#[derive(Debug, Clone)]
pub struct ListenRun {
    /// The model's directory (named when it knows none of the scheme's words).
    pub model: PathBuf,
    /// The spoken scheme (the lexicon of the lines).
    pub scheme: Language,
    /// The microphone, when there is no other source (`Some("")`: the default).
    pub mic: Option<String>,
    /// One JSON line per utterance.
    pub json: bool,
    /// Stop after this many utterances.
    pub count: Option<usize>,
    /// Enter on standard input starts and ends an utterance.
    pub push_to_talk: bool,
}

/// Why listening stopped short.
#[derive(Debug, thiserror::Error)]
pub enum ListenError {
    /// The grammar has none of the model's words.
    #[error(
        "the model in {} knows none of the {scheme} scheme's words: use a model of that language (models/fetch.sh) or listen for words of its own",
        model.display()
    )]
    UnknownScheme {
        /// The model's directory.
        model: PathBuf,
        /// The scheme.
        scheme: Language,
    },
    /// The microphone could not be opened.
    #[error(transparent)]
    Audio(#[from] AudioError),
    /// The recognizer's thread could not be started.
    #[error(transparent)]
    Thread(std::io::Error),
    /// The audio failed (what was heard before was written).
    #[error("{0}")]
    AudioFailed(String),
    /// The recognizer stopped without a word.
    #[error("the recognizer stopped")]
    Stopped,
}

/// Loads the model in `dir`, telling (an info event) when it starts (with its size) and
/// how long it took.
///
/// # Errors
/// The model cannot be loaded.
pub fn load_model(dir: &Path) -> Result<Arc<SpeechModel>, ModelError> {
    let model = SpeechModel::load_with_progress(dir, |p| match p {
        LoadProgress::Started { bytes } => tracing::info!(
            "loading speech model {} ({} MB)…",
            dir.display(),
            bytes / 1_000_000
        ),
        LoadProgress::Loaded { took } => {
            tracing::info!("model loaded in {:.1} s", took.as_secs_f64());
        }
    })?;
    Ok(Arc::new(model))
}

/// The voice of `listen --read-back`: says results back and renders them ahead.
pub trait ReadBackVoice: Send + 'static {
    /// Starts rendering the read-back of `text` unheard, as rendering `id`.
    fn render_ahead(&mut self, id: u64, text: &str);
    /// Drops rendering `id` unheard.
    fn drop_ahead(&mut self, id: u64);
    /// Says `text` (from rendering `ahead` when it was rendered ahead); the wall time
    /// from now to its first audio, or `None` when it could not be said.
    fn say(&mut self, text: &str, ahead: Option<u64>) -> Option<Duration>;
    /// Whether anything is said at all (nothing is rendered ahead otherwise).
    fn speaks(&self) -> bool {
        true
    }
}

/// No read-back when `None` (`listen` without `--read-back`).
impl<V: ReadBackVoice> ReadBackVoice for Option<V> {
    fn render_ahead(&mut self, id: u64, text: &str) {
        if let Some(v) = self {
            v.render_ahead(id, text);
        }
    }
    fn drop_ahead(&mut self, id: u64) {
        if let Some(v) = self {
            v.drop_ahead(id);
        }
    }
    fn say(&mut self, text: &str, ahead: Option<u64>) -> Option<Duration> {
        self.as_mut()?.say(text, ahead)
    }
    fn speaks(&self) -> bool {
        self.as_ref().is_some_and(ReadBackVoice::speaks)
    }
}

/// What the hearing thread hands the caller of [`listen`].
enum Outcome {
    /// An utterance's line.
    Line(String),
    /// The run ended: the number of utterances, or why it stopped short.
    End(Result<usize, ListenError>),
}

/// A running `listen`: each utterance's line (text, or JSON with `run.json`) in the order
/// heard, until the audio ends or `run.count` lines were given; then a last error if the
/// run stopped short. Dropping it stops the hearing.
pub struct Listening {
    outcomes: std::sync::mpsc::Receiver<Outcome>,
    hearing: Option<Hearing>,
    json: bool,
}

impl Iterator for Listening {
    type Item = Result<String, ListenError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.hearing.as_ref()?;
        let outcome = self
            .outcomes
            .recv()
            .unwrap_or(Outcome::End(Err(ListenError::Stopped)));
        match outcome {
            Outcome::Line(line) => Some(Ok(line)),
            Outcome::End(ended) => {
                self.hearing = None;
                match ended {
                    Ok(0) if !self.json => {
                        tracing::info!("nothing heard");
                        None
                    }
                    Ok(_) => None,
                    Err(e) => Some(Err(e)),
                }
            }
        }
    }
}

/// Runs `recognizer` over `source` (or the microphone of `run`) and gives each
/// utterance's line; `read_back` says a result back (`--read-back`, rendered ahead from
/// the leaf on, see [`crate::read_ahead`]) and gives the wall time to its first audio.
///
/// # Errors
/// A [`ListenError`] when the model knows no word of the scheme, the microphone does not
/// open or the recognizer's thread does not start; later ones end the [`Listening`].
pub fn listen(
    recognizer: Recognizer,
    source: Option<Box<dyn AudioSource + Send>>,
    start: Instant,
    run: &ListenRun,
    read_back: impl ReadBackVoice,
) -> Result<Listening, ListenError> {
    check_vocabulary(&recognizer, run)?;
    let source: Box<dyn AudioSource + Send> = match source {
        Some(s) => s,
        None => {
            let device = run.mic.as_deref().filter(|d| !d.is_empty());
            Box::new(MicSource::open(device)?)
        }
    };
    let (done_tx, done_rx) = std::sync::mpsc::channel();
    let mut printer = Printer {
        read_back,
        ahead: ReadAhead::new(),
        lexicon: Lexicon::get(run.scheme),
        json: run.json,
        limit: run.count,
        count: 0,
        failed: None,
        done: done_tx,
    };
    let hearing = Hearing::spawn(
        recognizer,
        source,
        Pacing::AsDelivered,
        start,
        move |news| printer.on_news(news),
    )
    .map_err(ListenError::Thread)?;
    if run.push_to_talk {
        tracing::info!("press Enter to talk, Enter again when done");
        talk_key(hearing.ears());
    }
    Ok(Listening {
        outcomes: done_rx,
        hearing: Some(hearing),
        json: run.json,
    })
}

/// Notes the words the model lacks; an error when the model knows no word of the scheme.
fn check_vocabulary(recognizer: &Recognizer, run: &ListenRun) -> Result<(), ListenError> {
    for (from, to) in recognizer.substituted_words() {
        tracing::info!("the model lacks {from:?}; listening for {to:?}");
    }
    if recognizer.phrases().iter().all(|p| p == "[unk]") {
        return Err(ListenError::UnknownScheme {
            model: run.model.clone(),
            scheme: run.scheme,
        });
    }
    let missing = recognizer.missing_words();
    if !missing.is_empty() {
        tracing::warn!(
            "the model does not know {}; phrases with them cannot be heard",
            missing.join(", ")
        );
    }
    Ok(())
}

/// What `listen` does with the hearing's news: renders ahead, says back, gives a line
/// per utterance, and reports the end of the run, both on `done`.
struct Printer<V> {
    read_back: V,
    ahead: ReadAhead,
    lexicon: &'static Lexicon,
    json: bool,
    limit: Option<usize>,
    count: usize,
    failed: Option<String>,
    done: std::sync::mpsc::Sender<Outcome>,
}

impl<V: ReadBackVoice> Printer<V> {
    fn on_news(&mut self, news: HearingNews) -> ControlFlow<()> {
        match news {
            HearingNews::Leaf(f) if self.read_back.speaks() => {
                for step in self.ahead.foresee(&f) {
                    match step {
                        Step::Render(a) => self.read_back.render_ahead(a.id, &a.phrase),
                        Step::Drop(id) => self.read_back.drop_ahead(id),
                    }
                }
            }
            HearingNews::Leaf(_) => {}
            HearingNews::Utterance(heard, _) => return self.utterance(&heard),
            HearingNews::Trouble(e) => tracing::warn!("{e}"),
            // The utterance in progress is still delivered; the failure ends the run.
            HearingNews::AudioFailed(e) => self.failed = Some(e),
            HearingNews::BuffersLost(n) => {
                tracing::warn!("the recognizer fell behind: {n} audio buffers lost so far");
            }
            HearingNews::AudioEnded => {
                let _ = self.done.send(Outcome::End(
                    self.failed
                        .take()
                        .map_or(Ok(self.count), |e| Err(ListenError::AudioFailed(e))),
                ));
            }
        }
        ControlFlow::Continue(())
    }

    /// Says `heard` back (from the rendering ahead when it was kept) and prints its line.
    fn utterance(&mut self, heard: &Heard) -> ControlFlow<()> {
        let decided = self.ahead.heard(heard);
        let kept = match &decided {
            Final::Keep(a) => Some(a.id),
            Final::Fresh { dropped } => {
                if let Some(id) = *dropped {
                    self.read_back.drop_ahead(id);
                }
                None
            }
        };
        let first_audio = if heard.text.is_empty() {
            None
        } else {
            self.read_back.say(&heard.text, kept)
        };
        let line = if self.json {
            let read_ahead = decided.outcome();
            heard_json(heard, self.lexicon, first_audio, read_ahead)
        } else {
            heard_text(heard, self.lexicon)
        };
        if self.done.send(Outcome::Line(line)).is_err() {
            // The caller stopped listening (its output closed).
            return ControlFlow::Break(());
        }
        self.count += 1;
        if self.limit.is_some_and(|c| self.count >= c) {
            let _ = self.done.send(Outcome::End(Ok(self.count)));
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

/// Presses of Enter on standard input toggle push-to-talk.
fn talk_key(ears: Ears) {
    std::thread::spawn(move || {
        let mut talking = false;
        let mut line = String::new();
        while std::io::stdin().read_line(&mut line).is_ok_and(|n| n > 0) {
            talking = !talking;
            ears.talk(talking);
            tracing::info!("{}", if talking { "listening…" } else { "done" });
            line.clear();
        }
    });
}
