//! Where the audio comes from: a WAV file, raw PCM (stdin), or a microphone. Every
//! source delivers 16 kHz mono `i16` chunks with the instant their first sample was
//! captured, ready for [`Recognizer::handle_audio`](crate::Recognizer::handle_audio).

mod convert;
mod mic;
mod pcm;
mod wav;

use std::time::Instant;

pub use convert::ToSpeechFormat;

/// The sample rates a WAV file or raw PCM may have (8 to 192 kHz): a header claiming 1 Hz
/// would make a short file take minutes and gigabytes to resample.
pub const SOURCE_RATES: std::ops::RangeInclusive<u32> = 8_000..=192_000;
pub use mic::{InputDevice, MicSource, input_devices};
pub use pcm::PcmSource;
pub use wav::WavSource;

/// A piece of the stream: 16 kHz mono samples and when the first one was captured.
#[derive(Debug, Clone, PartialEq)]
pub struct Chunk {
    /// 16 kHz mono samples.
    pub samples: Vec<i16>,
    /// Capture time of `samples[0]` (for files: as if played in real time from the start).
    pub captured: Instant,
}

/// Why audio could not be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AudioError {
    /// A file could not be opened or read.
    #[error("{}: {error}", path.display())]
    File {
        /// The file.
        path: std::path::PathBuf,
        /// What went wrong.
        error: std::io::Error,
    },
    /// A WAV file that is not valid or not supported.
    #[error("{}: not a usable WAV file: {reason}", path.display())]
    Wav {
        /// The file.
        path: std::path::PathBuf,
        /// What hound reported.
        reason: String,
    },
    /// A sample format, rate or channel count that cannot be converted.
    #[error("unsupported audio format: {0}")]
    Format(String),
    /// Reading the stream failed.
    #[error("reading audio: {0}")]
    Io(#[from] std::io::Error),
    /// No such input device, or it cannot be opened.
    #[error("microphone: {0}")]
    Device(String),
}

/// A source of speech audio.
pub trait AudioSource {
    /// The next chunk; `None` at the end of the stream (a microphone never ends).
    ///
    /// # Errors
    /// The source failed; see [`AudioError`].
    fn next_chunk(&mut self) -> Result<Option<Chunk>, AudioError>;

    /// Audio buffers lost so far because the reader fell behind (live sources only).
    fn dropped(&self) -> u64 {
        0
    }
}

impl<S: AudioSource + ?Sized> AudioSource for Box<S> {
    fn next_chunk(&mut self) -> Result<Option<Chunk>, AudioError> {
        (**self).next_chunk()
    }

    fn dropped(&self) -> u64 {
        (**self).dropped()
    }
}

/// Counts samples into capture instants for sources read faster than real time.
#[derive(Debug, Clone, Copy)]
struct StreamClock {
    start: Instant,
    samples: u64,
}

impl StreamClock {
    fn new(start: Instant) -> Self {
        StreamClock { start, samples: 0 }
    }

    /// The instant of the next sample, then advances by `n` samples.
    fn advance(&mut self, n: usize) -> Instant {
        let at = self.start
            + std::time::Duration::from_secs_f64(
                self.samples as f64 / f64::from(crate::SAMPLE_RATE),
            );
        self.samples += n as u64;
        at
    }
}

/// A source read faster than real time (a file, a pipe), turned into speech chunks: its
/// frames converted to 16 kHz mono, stamped by a [`StreamClock`], the converter's tail
/// flushed at the end.
struct Converting {
    convert: ToSpeechFormat,
    clock: StreamClock,
    done: bool,
}

impl Converting {
    fn new(convert: ToSpeechFormat, start: Instant) -> Self {
        Converting {
            convert,
            clock: StreamClock::new(start),
            done: false,
        }
    }

    /// The next chunk from `read`, which gives interleaved frames (perhaps none yet) or
    /// `None` at the end of the source.
    fn next_chunk(
        &mut self,
        mut read: impl FnMut() -> Result<Option<Vec<f32>>, AudioError>,
    ) -> Result<Option<Chunk>, AudioError> {
        loop {
            if self.done {
                return Ok(None);
            }
            let samples = match read()? {
                Some(frames) => self.convert.push(&frames),
                None => {
                    self.done = true;
                    self.convert.finish()
                }
            };
            if samples.is_empty() {
                continue;
            }
            let captured = self.clock.advance(samples.len());
            return Ok(Some(Chunk { samples, captured }));
        }
    }
}
