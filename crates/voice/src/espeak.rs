//! The espeak-ng back end: runs the `espeak-ng` program with SSML input and reads its
//! WAV output as it is made, for machines without speech-dispatcher, for WAV files
//! and for the audio record.

use std::{
    io::{self, Read},
    path::{Path, PathBuf},
    process::{Child, ChildStdout, Command, Stdio},
    sync::{
        Arc, Mutex, OnceLock, PoisonError,
        atomic::{AtomicBool, Ordering},
    },
    thread,
};

use crate::{
    announcer::{Announcer, EventSender, SpeakRequest, SpeechEventKind, VoiceError, report},
    hearer::VoiceSettings,
    queue::UtteranceId,
    speech::Speech,
};

/// The espeak-ng program (looked up on `PATH`).
pub const PROGRAM: &str = "espeak-ng";

pub use crate::pcm::Pcm;

/// Receives the audio of the espeak-ng back end as it is made.
pub trait PcmSink: Send {
    /// An utterance begins, at this sample rate.
    ///
    /// # Errors
    /// When the sink cannot write.
    fn begin(&mut self, utterance: UtteranceId, rate: u32) -> Result<(), VoiceError>;
    /// More samples of the current utterance.
    ///
    /// # Errors
    /// When the sink cannot write.
    fn samples(&mut self, samples: &[i16]) -> Result<(), VoiceError>;
    /// The utterance ended (finished or cut off).
    ///
    /// # Errors
    /// When the sink cannot write.
    fn end(&mut self, utterance: UtteranceId) -> Result<(), VoiceError>;
}

/// A sink that drops the audio: for timing the events only (the read-back's first sound,
/// the voice bench).
pub struct DiscardPcm;

impl PcmSink for DiscardPcm {
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

/// Appends every utterance to one WAV file (mono 16-bit at espeak-ng's rate),
/// with the header brought up to date after each utterance.
pub struct WavSink {
    path: PathBuf,
    writer: Option<hound::WavWriter<io::BufWriter<std::fs::File>>>,
}

impl WavSink {
    /// A sink writing to `path` (created or replaced on the first utterance).
    pub fn new(path: impl Into<PathBuf>) -> Self {
        Self {
            path: path.into(),
            writer: None,
        }
    }

    fn wav_error(&self, source: hound::Error) -> VoiceError {
        VoiceError::Wav {
            path: self.path.clone(),
            source,
        }
    }
}

impl PcmSink for WavSink {
    fn begin(&mut self, _utterance: UtteranceId, rate: u32) -> Result<(), VoiceError> {
        if self.writer.is_none() {
            let spec = hound::WavSpec {
                channels: 1,
                sample_rate: rate,
                bits_per_sample: 16,
                sample_format: hound::SampleFormat::Int,
            };
            let w = hound::WavWriter::create(&self.path, spec).map_err(|e| self.wav_error(e))?;
            self.writer = Some(w);
        }
        Ok(())
    }

    fn samples(&mut self, samples: &[i16]) -> Result<(), VoiceError> {
        let Some(w) = self.writer.as_mut() else {
            return Ok(());
        };
        let mut err = None;
        for &s in samples {
            if let Err(e) = w.write_sample(s) {
                err = Some(e);
                break;
            }
        }
        match err {
            Some(e) => Err(self.wav_error(e)),
            None => Ok(()),
        }
    }

    fn end(&mut self, _utterance: UtteranceId) -> Result<(), VoiceError> {
        let result = self.writer.as_mut().map(hound::WavWriter::flush);
        match result {
            Some(Err(e)) => Err(self.wav_error(e)),
            _ => Ok(()),
        }
    }
}

/// Where the espeak-ng back end's audio goes.
pub enum EspeakOutput {
    /// espeak-ng plays it on the sound device itself.
    Speaker,
    /// The samples go to a sink (a WAV file, a test).
    Sink(Box<dyn PcmSink>),
}

/// The arguments for one utterance: SSML in, voice, rate, volume.
fn args(speech: &Speech, voice: &VoiceSettings) -> Vec<String> {
    vec![
        "-m".into(),
        "-v".into(),
        voice.espeak_voice().to_owned(),
        "-s".into(),
        voice.espeak_words_per_minute().to_string(),
        "-a".into(),
        // espeak-ng amplitude 0..200, 100 normal.
        u32::from(voice.volume.min(100)).to_string(),
        speech.to_ssml(),
    ]
}

/// One voice of `espeak-ng --voices`: its language code, name and file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EspeakVoice {
    /// The language code (`de`, `en-us`).
    pub language: String,
    /// The voice's name (`German`, `English_(America)`).
    pub name: String,
    /// The voice file (`gmw/de`, `mb/mb-de1`, `!v/f3` for a variant).
    pub file: String,
}

impl EspeakVoice {
    /// Whether espeak-ng can speak with it: a variant (`!v/…`) is no voice of its own,
    /// and an MBROLA voice is listed even when its data is not installed.
    pub fn installed(&self) -> bool {
        if self.file.starts_with("!v/") {
            return false;
        }
        match self.file.strip_prefix("mb/mb-") {
            Some(voice) => {
                let data = voice.split('-').next().unwrap_or(voice);
                std::path::Path::new("/usr/share/mbrola")
                    .join(data)
                    .exists()
            }
            None => true,
        }
    }
}

/// Reads the table `espeak-ng --voices[=LANG]` prints (a header line, then `Pty
/// Language Age/Gender VoiceName File Other…` a voice).
pub fn parse_voices(text: &str) -> Vec<EspeakVoice> {
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let cols: Vec<&str> = line.split_whitespace().collect();
            Some(EspeakVoice {
                language: (*cols.get(1)?).to_owned(),
                name: (*cols.get(3)?).to_owned(),
                file: (*cols.get(4)?).to_owned(),
            })
        })
        .collect()
}

/// espeak-ng's voices, all or for one language (`espeak-ng --voices=LANG`).
///
/// # Errors
/// When espeak-ng cannot be run.
pub fn list_voices(language: Option<&str>) -> Result<Vec<EspeakVoice>, VoiceError> {
    voices_output(language).map_err(cannot_run)
}

/// Runs `espeak-ng --voices[=LANG]` and parses what it lists.
fn voices_output(language: Option<&str>) -> std::io::Result<Vec<EspeakVoice>> {
    let arg = language.map_or_else(|| "--voices".to_owned(), |l| format!("--voices={l}"));
    let out = Command::new(PROGRAM).arg(arg).output()?;
    Ok(parse_voices(&String::from_utf8_lossy(&out.stdout)))
}

fn cannot_run(e: impl std::fmt::Display) -> VoiceError {
    VoiceError::Espeak(format!("cannot run {PROGRAM}: {e}"))
}

/// The names espeak-ng accepts for its voices (language codes, voice names, files),
/// lower case; read once from `espeak-ng --voices`.
fn known_voices() -> Result<&'static [String], VoiceError> {
    static VOICES: OnceLock<std::io::Result<Vec<String>>> = OnceLock::new();
    let voices = VOICES.get_or_init(|| {
        let mut names = Vec::new();
        for v in voices_output(None)? {
            names.push(v.language.to_lowercase());
            names.push(v.name.to_lowercase());
            names.push(v.file.to_lowercase());
            if let Some((_, base)) = v.file.rsplit_once('/') {
                names.push(base.to_lowercase());
            }
        }
        Ok(names)
    });
    match voices {
        Err(e) => Err(cannot_run(e)),
        Ok(names) if names.is_empty() => Err(VoiceError::Espeak(format!(
            "{PROGRAM} --voices lists no voices"
        ))),
        Ok(names) => Ok(names),
    }
}

/// Checks that espeak-ng has the voice (espeak-ng itself silently falls back to
/// English for an unknown one). A variant after `+` ("de+f3") is not checked.
///
/// # Errors
/// [`VoiceError::NoVoice`] naming the voice, or an error running espeak-ng.
pub fn check_voice(voice: &VoiceSettings) -> Result<(), VoiceError> {
    let name = voice.espeak_voice();
    let base = name.split('+').next().unwrap_or(name).to_lowercase();
    if known_voices()?.contains(&base) {
        Ok(())
    } else {
        Err(VoiceError::NoVoice(name.to_owned()))
    }
}

fn spawn(speech: &Speech, voice: &VoiceSettings, stdout: bool) -> Result<Child, VoiceError> {
    check_voice(voice)?;
    let mut cmd = Command::new(PROGRAM);
    if stdout {
        cmd.arg("--stdout");
    }
    cmd.args(args(speech, voice))
        .stdin(Stdio::null())
        .stdout(if stdout {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stderr(Stdio::piped());
    cmd.spawn()
        .map_err(|e| VoiceError::Espeak(format!("cannot run {PROGRAM}: {e}")))
}

/// Reads a WAV header from espeak-ng's stdout (which gives no real data length) and
/// returns the sample rate; the reader is then at the first sample.
fn read_header(r: &mut impl Read) -> Result<u32, VoiceError> {
    let bad = |m: &str| VoiceError::BadAudio(m.to_owned());
    let mut riff = [0u8; 12];
    r.read_exact(&mut riff)
        .map_err(|_| bad("no WAV header (is the voice installed?)"))?;
    if &riff[0..4] != b"RIFF" || &riff[8..12] != b"WAVE" {
        return Err(bad("not a RIFF/WAVE stream"));
    }
    let mut rate = None;
    loop {
        let mut head = [0u8; 8];
        r.read_exact(&mut head)
            .map_err(|_| bad("WAV stream ends before its data"))?;
        let size = u32::from_le_bytes([head[4], head[5], head[6], head[7]]);
        match &head[0..4] {
            b"fmt " => {
                if !(16..=64).contains(&size) {
                    return Err(bad("fmt chunk of unexpected size"));
                }
                let mut fmt = vec![0u8; size as usize];
                r.read_exact(&mut fmt).map_err(|_| bad("short fmt chunk"))?;
                let format = u16::from_le_bytes([fmt[0], fmt[1]]);
                let channels = u16::from_le_bytes([fmt[2], fmt[3]]);
                let bits = u16::from_le_bytes([fmt[14], fmt[15]]);
                if format != 1 || channels != 1 || bits != 16 {
                    return Err(bad("not mono 16-bit PCM"));
                }
                rate = Some(u32::from_le_bytes([fmt[4], fmt[5], fmt[6], fmt[7]]));
            }
            b"data" => return rate.ok_or_else(|| bad("data before fmt")),
            _ => {
                let mut skip = r.take(u64::from(size));
                io::copy(&mut skip, &mut io::sink()).map_err(|_| bad("short chunk"))?;
            }
        }
    }
}

/// Streams samples from espeak-ng's stdout into `each` (in blocks as they come).
fn stream_samples(
    out: &mut ChildStdout,
    mut each: impl FnMut(&[i16]) -> Result<bool, VoiceError>,
) -> Result<(), VoiceError> {
    let mut buf = vec![0u8; 4096];
    let mut carry: Option<u8> = None;
    let mut samples = Vec::with_capacity(2048);
    loop {
        let n = match out.read(&mut buf) {
            Ok(0) => return Ok(()),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(VoiceError::Espeak(format!("reading audio: {e}"))),
        };
        samples.clear();
        let mut bytes = &buf[..n];
        if let Some(lo) = carry.take() {
            samples.push(i16::from_le_bytes([lo, bytes[0]]));
            bytes = &bytes[1..];
        }
        let mut chunks = bytes.chunks_exact(2);
        samples.extend(chunks.by_ref().map(|c| i16::from_le_bytes([c[0], c[1]])));
        carry = chunks.remainder().first().copied();
        if !samples.is_empty() && !each(&samples)? {
            return Ok(());
        }
    }
}

fn finish_child(mut child: Child) -> Result<(), VoiceError> {
    let mut err = String::new();
    if let Some(mut e) = child.stderr.take() {
        let _ = e.read_to_string(&mut err);
    }
    let status = child
        .wait()
        .map_err(|e| VoiceError::Espeak(format!("waiting for {PROGRAM}: {e}")))?;
    if status.success() {
        Ok(())
    } else {
        Err(VoiceError::Espeak(format!(
            "{PROGRAM} exited with {status}: {}",
            err.trim()
        )))
    }
}

/// Renders speech to audio in one go (for the audio record and WAV files).
///
/// # Errors
/// When espeak-ng cannot be run, fails (unknown voice), or gives no audio.
pub fn render(speech: &Speech, voice: &VoiceSettings) -> Result<Pcm, VoiceError> {
    let mut child = spawn(speech, voice, true)?;
    let mut out = child
        .stdout
        .take()
        .ok_or_else(|| VoiceError::Espeak("no stdout".into()))?;
    let header = read_header(&mut out);
    let rate = match header {
        Ok(rate) => rate,
        Err(e) => {
            finish_child(child)?;
            return Err(e);
        }
    };
    let mut samples = Vec::new();
    stream_samples(&mut out, |s| {
        samples.extend_from_slice(s);
        Ok(true)
    })?;
    finish_child(child)?;
    if samples.is_empty() {
        return Err(VoiceError::BadAudio("no samples".into()));
    }
    Ok(Pcm { rate, samples })
}

/// Writes speech to a WAV file.
///
/// # Errors
/// As [`render`], or when the file cannot be written.
pub fn render_to_wav(
    speech: &Speech,
    voice: &VoiceSettings,
    path: &Path,
) -> Result<Pcm, VoiceError> {
    let pcm = render(speech, voice)?;
    write_wav(path, &pcm)?;
    Ok(pcm)
}

/// Writes audio to a WAV file (mono, 16-bit).
///
/// # Errors
/// When the file cannot be written.
pub fn write_wav(path: &Path, pcm: &Pcm) -> Result<(), VoiceError> {
    let wav = |source| VoiceError::Wav {
        path: path.to_owned(),
        source,
    };
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: pcm.rate,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut w = hound::WavWriter::create(path, spec).map_err(wav)?;
    for &s in &pcm.samples {
        w.write_sample(s).map_err(wav)?;
    }
    w.finalize().map_err(wav)
}

struct Running {
    child: Arc<Mutex<Option<Child>>>,
    cancelled: Arc<AtomicBool>,
}

/// The espeak-ng back end: one `espeak-ng` process per utterance; "started" is
/// reported when its first audio sample arrives.
pub struct Espeak {
    events: EventSender,
    sink: Option<Arc<Mutex<Box<dyn PcmSink>>>>,
    running: Option<Running>,
    /// An espeak-ng rendering ahead into its pipe (sink output only), with its arguments.
    ahead: Option<(Vec<String>, Child)>,
}

impl std::fmt::Debug for Espeak {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Espeak")
            .field("sink", &self.sink.is_some())
            .finish()
    }
}

impl Espeak {
    /// An espeak-ng back end sending events to `events`.
    pub fn new(events: EventSender, output: EspeakOutput) -> Self {
        let sink = match output {
            EspeakOutput::Speaker => None,
            EspeakOutput::Sink(s) => Some(Arc::new(Mutex::new(s))),
        };
        Self {
            events,
            sink,
            running: None,
            ahead: None,
        }
    }

    /// Whether the espeak-ng program runs here.
    ///
    /// # Errors
    /// When it cannot be run; the error names the program.
    pub fn check() -> Result<String, VoiceError> {
        let out = Command::new(PROGRAM)
            .arg("--version")
            .output()
            .map_err(|e| VoiceError::Espeak(format!("cannot run {PROGRAM}: {e}")))?;
        Ok(String::from_utf8_lossy(&out.stdout).trim().to_owned())
    }
}

impl Announcer for Espeak {
    fn speak(&mut self, request: SpeakRequest<'_>) -> Result<(), VoiceError> {
        let (speech, voice) = (request.speech, request.voice);
        // What was rendered ahead serves only the very same words and voice.
        let mut child = match self.ahead.take() {
            Some((key, child)) if key == args(speech, voice) => child,
            other => {
                if let Some((_, mut stale)) = other {
                    let _ = stale.kill();
                    let _ = stale.wait();
                }
                spawn(speech, voice, self.sink.is_some())?
            }
        };
        let stdout = child.stdout.take();
        let cancelled = Arc::new(AtomicBool::new(false));
        let child = Arc::new(Mutex::new(Some(child)));
        self.running = Some(Running {
            child: Arc::clone(&child),
            cancelled: Arc::clone(&cancelled),
        });
        let (events, sink, utterance) = (self.events.clone(), self.sink.clone(), request.utterance);
        thread::Builder::new()
            .name("espeak-ng".into())
            .spawn(move || {
                let result = run_utterance(utterance, stdout, sink, &events, &cancelled);
                let child = child.lock().unwrap_or_else(PoisonError::into_inner).take();
                let result = result.and_then(|()| match child {
                    Some(c) if !cancelled.load(Ordering::SeqCst) => finish_child(c),
                    Some(mut c) => {
                        let _ = c.wait();
                        Ok(())
                    }
                    None => Ok(()),
                });
                let kind = if cancelled.load(Ordering::SeqCst) {
                    SpeechEventKind::Cancelled
                } else {
                    match result {
                        Ok(()) => SpeechEventKind::Finished,
                        Err(e) => SpeechEventKind::Failed(e.to_string()),
                    }
                };
                report(&events, utterance, kind);
            })
            .map_err(|e| VoiceError::Espeak(format!("cannot start a thread: {e}")))?;
        Ok(())
    }

    fn cancel(&mut self) -> Result<(), VoiceError> {
        if let Some(r) = self.running.take() {
            r.cancelled.store(true, Ordering::SeqCst);
            if let Some(c) = r
                .child
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .as_mut()
            {
                // Already exited is fine: the cut-off came late.
                let _ = c.kill();
            }
        }
        Ok(())
    }

    fn name(&self) -> &'static str {
        PROGRAM
    }

    /// With a sink, espeak-ng starts at once and renders into its pipe (≈ 1.5 s of
    /// audio before it waits); played by espeak-ng itself, nothing is rendered ahead.
    fn render_ahead(&mut self, speech: &Speech, voice: &VoiceSettings) {
        self.drop_ahead();
        if self.sink.is_some()
            && let Ok(child) = spawn(speech, voice, true)
        {
            self.ahead = Some((args(speech, voice), child));
        }
    }

    fn drop_ahead(&mut self) {
        if let Some((_, mut child)) = self.ahead.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for Espeak {
    fn drop(&mut self) {
        self.drop_ahead();
    }
}

/// One utterance on its thread: header, then samples into the sink; `Started` at the
/// first sample (or at once when espeak-ng plays the audio itself).
fn run_utterance(
    utterance: UtteranceId,
    stdout: Option<ChildStdout>,
    sink: Option<Arc<Mutex<Box<dyn PcmSink>>>>,
    events: &EventSender,
    cancelled: &AtomicBool,
) -> Result<(), VoiceError> {
    let (Some(mut out), Some(sink)) = (stdout, sink) else {
        report(events, utterance, SpeechEventKind::Started);
        return Ok(());
    };
    let rate = read_header(&mut out)?;
    let lock = || sink.lock().unwrap_or_else(PoisonError::into_inner);
    lock().begin(utterance, rate)?;
    let mut started = false;
    let streamed = stream_samples(&mut out, |s| {
        if cancelled.load(Ordering::SeqCst) {
            return Ok(false);
        }
        if !started {
            started = true;
            report(events, utterance, SpeechEventKind::Started);
        }
        lock().samples(s)?;
        Ok(true)
    });
    let ended = lock().end(utterance);
    streamed?;
    ended?;
    if !started && !cancelled.load(Ordering::SeqCst) {
        return Err(VoiceError::BadAudio("no samples".into()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_voice_table_is_read_column_by_column() {
        let text = "Pty Language       Age/Gender VoiceName          File                 Other Languages\n \
                    5  de              --/M      German             gmw/de\n \
                    5  en-us           --/M      English_(America)  gmw/en-US            (en 3)\n \
                    5  variant         --/F      f3                 !v/f3\n";
        let voices = parse_voices(text);
        assert_eq!(voices.len(), 3);
        assert_eq!(voices[1].language, "en-us");
        assert_eq!(voices[1].name, "English_(America)");
        assert_eq!(voices[1].file, "gmw/en-US");
        assert!(voices[0].installed());
        assert!(!voices[2].installed(), "a variant is no voice of its own");
    }

    #[test]
    fn header_parsing_rejects_garbage() {
        let mut r: &[u8] = b"not a wav at all....";
        assert!(matches!(read_header(&mut r), Err(VoiceError::BadAudio(_))));
        let mut r: &[u8] = b"RIFF\0\0\0\0WAVE";
        assert!(matches!(read_header(&mut r), Err(VoiceError::BadAudio(_))));
        let mut r: &[u8] = b"";
        assert!(read_header(&mut r).is_err());
    }

    #[test]
    fn header_parsing_reads_the_rate() {
        let mut wav = Vec::new();
        wav.extend_from_slice(b"RIFF\x24\xf0\xff\x7fWAVEfmt \x10\0\0\0\x01\0\x01\0");
        wav.extend_from_slice(&22050u32.to_le_bytes());
        wav.extend_from_slice(&44100u32.to_le_bytes());
        wav.extend_from_slice(b"\x02\0\x10\0data\0\xf0\xff\x7f\x01\x02");
        let mut r: &[u8] = &wav;
        assert_eq!(read_header(&mut r).expect("header"), 22050);
        assert_eq!(r, b"\x01\x02", "positioned at the first sample");
    }
}
