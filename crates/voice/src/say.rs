//! One announcement said to the end through one back end, or written to a WAV file
//! (`annabella say --speak`).

use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::espeak::{self, Espeak, EspeakOutput};
use crate::queue::Outcome;
use crate::speakers::{MissingOutput, NotFinished};
use crate::speechd::SpeechDispatcher;
use crate::tts::{TtsEngine, TtsSpeaker};
use crate::{
    Announcer, Hearer, MoveRef, Readout, Routing, Speakers, Speech, VoiceError, VoiceSettings,
};

/// The back ends one announcement can be said through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SayBackend {
    /// speech-dispatcher.
    Speechd,
    /// The `tts` crate: the platform's speech.
    Tts,
    /// The espeak-ng program.
    Espeak,
}

/// Why the announcement was not said.
#[derive(Debug, thiserror::Error)]
pub enum SayError {
    /// The back end failed.
    #[error(transparent)]
    Voice(#[from] VoiceError),
    /// The routing names an output without a back end.
    #[error(transparent)]
    Routing(#[from] MissingOutput),
    /// Speech was still going on at the time limit.
    #[error(transparent)]
    NotFinished(#[from] NotFinished),
    /// The announcement was cut off.
    #[error("the announcement was not said to the end: {0:?}")]
    Cut(Outcome),
    /// The back end never reported the announcement.
    #[error("the announcement was not said")]
    NotSaid,
}

/// Says the move `speech` (of `move_ref`) to the sighted player through `backend` in
/// `voice`, or with `wav` writes it there (espeak-ng). What is worth telling the user
/// (the back end ready, the file written) is an info event.
///
/// # Errors
/// A [`SayError`] when the back end fails or the announcement is not said to the end.
pub fn say_move(
    speech: Speech,
    move_ref: MoveRef,
    backend: SayBackend,
    voice: VoiceSettings,
    wav: Option<&Path>,
) -> Result<(), SayError> {
    if let Some(path) = wav {
        let pcm = espeak::render_to_wav(&speech.voiced_for(&voice.language), &voice, path)?;
        tracing::info!(
            "wrote {} ms of speech to {}",
            pcm.duration_ms(),
            path.display()
        );
        return Ok(());
    }
    let (tx, rx) = mpsc::channel();
    let backend: Box<dyn Announcer> = match backend {
        SayBackend::Speechd => Box::new(SpeechDispatcher::new(tx)?),
        SayBackend::Tts => {
            let tts = TtsSpeaker::new(tx, TtsEngine::detect(), std::slice::from_ref(&voice))?;
            tracing::info!(
                "{} ready (voice chosen in {} ms)",
                tts.name(),
                tts.choosing_took().as_millis()
            );
            Box::new(tts)
        }
        SayBackend::Espeak => {
            espeak::check_voice(&voice)?;
            Box::new(Espeak::new(tx, EspeakOutput::Speaker))
        }
    };
    let mut speakers = Speakers::new(Routing::shared(voice), vec![backend])?;
    let epoch = Instant::now();
    speakers.announce(
        epoch.elapsed(),
        Readout::of_move(Hearer::SightedPlayer, speech, move_ref),
    );
    speakers.run_until_idle(epoch, &rx, Duration::from_secs(60))?;
    if let Some((_, err)) = speakers.poll_error() {
        return Err(err.into());
    }
    match speakers.poll_report() {
        Some(r) if r.outcome == Outcome::Spoken => Ok(()),
        Some(r) => Err(SayError::Cut(r.outcome)),
        None => Err(SayError::NotSaid),
    }
}
