//! The back-end interface: something that can say an utterance and report when it
//! started and finished.

use std::sync::mpsc::Sender;

use crate::{hearer::VoiceSettings, queue::UtteranceId, speech::Speech};

/// What a back end reports about an utterance (its begin/end callbacks).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpeechEvent {
    /// The utterance.
    pub utterance: UtteranceId,
    /// What happened.
    pub kind: SpeechEventKind,
}

/// The kinds of [`SpeechEvent`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SpeechEventKind {
    /// The first audio is out (the begin callback).
    Started,
    /// Said to the end (the end callback).
    Finished,
    /// Cut off (after [`Announcer::cancel`], or by another client of the speech server).
    Cancelled,
    /// Could not be said; the text names the cause.
    Failed(String),
}

/// Where back ends send their [`SpeechEvent`]s.
pub type EventSender = Sender<SpeechEvent>;

/// Sends `kind` for `utterance` to `events`; nobody listening any more is not an
/// error of the speech, so a closed channel is passed over.
pub(crate) fn report(events: &EventSender, utterance: UtteranceId, kind: SpeechEventKind) {
    let _ = events.send(SpeechEvent { utterance, kind });
}

/// Reports `utterance` said at once, `Started` then `Finished`: for a back end that
/// cannot tell when the sound ends (a screen reader, text only, earcons without a
/// sound device).
pub(crate) fn report_said(events: &EventSender, utterance: UtteranceId) {
    report(events, utterance, SpeechEventKind::Started);
    report(events, utterance, SpeechEventKind::Finished);
}

/// One utterance handed to a back end: its id (its events carry it), the words and the
/// voice to say them in.
#[derive(Debug, Clone, Copy)]
pub struct SpeakRequest<'a> {
    /// The utterance; every [`SpeechEvent`] about it carries this id.
    pub utterance: UtteranceId,
    /// What to say.
    pub speech: &'a Speech,
    /// The voice to say it in.
    pub voice: &'a VoiceSettings,
}

/// A voice back end: speech-dispatcher, espeak-ng, or the in-memory recorder.
///
/// `speak` returns at once; the back end reports through the [`EventSender`] it was
/// built with: `Started`, then `Finished` (or `Cancelled` / `Failed`).
pub trait Announcer {
    /// Starts saying the request's speech in its voice. One utterance at a time: the
    /// queue cancels the previous one first when it cuts it off.
    ///
    /// # Errors
    /// When the back end cannot take the request at all (server gone, program missing).
    fn speak(&mut self, request: SpeakRequest<'_>) -> Result<(), VoiceError>;

    /// Cuts off what is being said now.
    ///
    /// # Errors
    /// When the back end cannot be reached.
    fn cancel(&mut self) -> Result<(), VoiceError>;

    /// A short name for logs ("speechd", "espeak-ng", "recorder").
    fn name(&self) -> &'static str;

    /// Starts rendering `speech` in `voice` ahead, unheard, for a [`speak`](Self::speak)
    /// of the very same words and voice soon (a read-back rendered while the recognizer
    /// takes its final result); `speak` of anything else drops it. Back ends that cannot
    /// render without playing (speech-dispatcher, `tts`, espeak-ng playing on the sound
    /// device itself) ignore it.
    fn render_ahead(&mut self, _speech: &Speech, _voice: &VoiceSettings) {}

    /// Drops what was rendered ahead, unheard.
    fn drop_ahead(&mut self) {}
}

/// A back end shows as its [`Announcer::name`] (its connection or child process is
/// not worth showing).
impl std::fmt::Debug for dyn Announcer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Errors of the voice back ends and the audio record.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum VoiceError {
    /// speech-dispatcher could not be reached or refused a request.
    #[error("speech-dispatcher: {0}")]
    SpeechDispatcher(String),
    /// The platform's speech through the `tts` crate failed.
    #[error("tts: {0}")]
    Tts(String),
    /// An earcon could not be played.
    #[error("earcon: {0}")]
    Earcon(String),
    /// The espeak-ng program could not be run or failed.
    #[error("espeak-ng: {0}")]
    Espeak(String),
    /// espeak-ng's output was not the WAV expected.
    #[error("espeak-ng output: {0}")]
    BadAudio(String),
    /// No voice of this name or language is installed.
    #[error("no voice {0:?} is installed")]
    NoVoice(String),
    /// Reading or writing an audio or index file failed.
    #[error("{path}: {source}")]
    File {
        /// The file.
        path: std::path::PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The audio record stopped so that its disk keeps room for the journal.
    #[error(
        "{path}: the audio record stops here: {} MB free on its disk, {} MB are kept for the \
         journal",
        free / (1024 * 1024),
        reserve / (1024 * 1024)
    )]
    DiskReserve {
        /// The record's WAV file.
        path: std::path::PathBuf,
        /// Free bytes on its file system.
        free: u64,
        /// The bytes the record leaves free.
        reserve: u64,
    },
    /// Writing WAV audio failed.
    #[error("{path}: {source}")]
    Wav {
        /// The file.
        path: std::path::PathBuf,
        /// The cause.
        source: hound::Error,
    },
    /// A line of a record index is not valid.
    #[error("{path}:{line}: {message}")]
    Index {
        /// The index file.
        path: std::path::PathBuf,
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
}
