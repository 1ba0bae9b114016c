//! The hearing part of [`Station::start`](super::Station::start): the VI player heard
//! through Vosk (from the microphone, a recording, standard input or fed audio), each
//! utterance a request for the shell.

use std::{
    ops::ControlFlow,
    time::{Duration, Instant},
};

use annabella_phonetic::Language;
use annabella_speech::{
    AudioInput, Coverage, FedSource, Final, Hearing, HearingError, HearingNews, HearingSetup,
    Pacing, ReadAhead, Step,
};
use shakmaty::Chess;
use tokio::sync::mpsc;

use super::{AudioFeed, HearingPlan, StationError};
use crate::{heard, session::TableTime, shell::Request};

/// Starts hearing the VI player as planned; each utterance goes to `requests`.
pub(super) fn open(
    plan: &HearingPlan,
    position: Chess,
    language: Language,
    time: TableTime,
    requests: &mpsc::Sender<Request>,
) -> Result<(Option<Hearing>, Option<AudioFeed>), StationError> {
    let loading = Instant::now();
    let thread_failed = |e: std::io::Error| HearingError {
        key: "speech.input",
        message: format!("cannot start a thread: {e}"),
    };
    match plan {
        HearingPlan::Words => Ok((None, None)),
        HearingPlan::Setup(setup) => {
            tracing::info!("loading the speech model {} ...", setup.model.display());
            let recognizer = setup.recognizer(position, language)?;
            let coverage = Coverage::of(&recognizer);
            // A recording plays from now, once the model is loaded; the hearing's times
            // count from here.
            let epoch = Instant::now();
            let (source, pacing) = setup.open_input(epoch)?;
            let quit_at_end = setup.input == AudioInput::Stdin;
            let hearing = Hearing::spawn(
                recognizer,
                source,
                pacing,
                epoch,
                sink(time, epoch, requests.clone(), quit_at_end),
            )
            .map_err(thread_failed)?;
            report_listening(setup, &coverage, language, loading.elapsed());
            Ok((Some(hearing), None))
        }
        HearingPlan::Fed { model } => {
            if language != Language::De {
                tracing::info!(
                    "the VI player's phrases: fed as recognised words (the VI \
                     player's language is {}, the model is German)",
                    language.code()
                );
                return Ok((None, None));
            }
            let setup = HearingSetup {
                model: model.clone(),
                input: AudioInput::Mic(None),
                push_to_talk: false,
                trailing_silence: Duration::from_millis(600),
                leaf_silence: Duration::from_millis(100),
                min_snr_db: annabella_speech::hearing::DEFAULT_MIN_SNR_DB,
            };
            let recognizer = setup.recognizer(position, language)?;
            let coverage = Coverage::of(&recognizer);
            let epoch = Instant::now();
            let (source, feed) = FedSource::new(epoch);
            let hearing = Hearing::spawn(
                recognizer,
                Box::new(source),
                Pacing::RealTime,
                epoch,
                sink(time, epoch, requests.clone(), false),
            )
            .map_err(thread_failed)?;
            tracing::info!(
                "the VI player's phrases: spoken by espeak-ng -v de and heard \
                 through Vosk ({}, {} phrases in the first grammar)",
                model.display(),
                coverage.phrases
            );
            Ok((Some(hearing), Some(feed)))
        }
    }
}

/// Each utterance becomes a [`Request::Heard`] (input and timings, the hearing's times
/// from `epoch` made table times); with `quit_at_end`, the end of the audio stops the table.
fn sink(
    time: TableTime,
    epoch: Instant,
    requests: mpsc::Sender<Request>,
    quit_at_end: bool,
) -> impl FnMut(HearingNews) -> ControlFlow<()> + Send + 'static {
    let mut ahead = ReadAhead::new();
    move |news| {
        match news {
            // The read-back of a leaf is rendered ahead; a request lost to a full queue
            // only costs the head start.
            HearingNews::Leaf(f) => {
                for step in ahead.foresee(&f) {
                    let _ = requests.try_send(match step {
                        Step::Render(a) => Request::RenderAhead {
                            id: a.id,
                            phrase: a.phrase,
                        },
                        Step::Drop(id) => Request::DropAhead(id),
                    });
                }
            }
            HearingNews::Utterance(heard, audio) => {
                if let Final::Fresh { dropped: Some(id) } = ahead.heard(&heard) {
                    let _ = requests.try_send(Request::DropAhead(id));
                }
                let (input, mut timing) = heard::heard(&heard, time, epoch);
                timing.audio = audio;
                if requests
                    .blocking_send(Request::Heard { input, timing })
                    .is_err()
                {
                    return ControlFlow::Break(());
                }
            }
            HearingNews::Trouble(e) => tracing::warn!("speech: {e}"),
            HearingNews::AudioFailed(e) => {
                tracing::warn!("speech input: {e}; no more audio");
            }
            HearingNews::BuffersLost(n) => {
                tracing::warn!("speech: the recognizer fell behind ({n} audio buffers lost)");
            }
            HearingNews::AudioEnded => {
                if quit_at_end {
                    let _ = requests.blocking_send(Request::Quit);
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// Says on standard error what the table listens with and, once, the scheme's words
/// the model lacks.
fn report_listening(
    setup: &HearingSetup,
    coverage: &Coverage,
    language: Language,
    loading: Duration,
) {
    tracing::info!(
        "listening ({}) with {} in {:.1} s: {} phrases in the first grammar, {}",
        setup.input.describe(),
        setup.model.display(),
        loading.as_secs_f64(),
        coverage.phrases,
        if setup.push_to_talk {
            "push-to-talk (the clock's talk button, or Enter)"
        } else {
            "always listening"
        }
    );
    let code = language.code();
    if coverage.knows_none {
        tracing::warn!(
            "the model knows none of the {code} scheme's words: nothing said \
             can be understood (fetch a {code} model with models/fetch.sh)"
        );
    } else if !coverage.missing_words.is_empty() {
        tracing::warn!(
            "the model lacks {} word(s) of the {code} scheme; phrases with \
             them cannot be heard: {}",
            coverage.missing_words.len(),
            coverage.missing_words.join(", ")
        );
    }
}
