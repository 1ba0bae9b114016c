//! WAV files (hound): any rate, channel count and PCM/float format, converted to 16 kHz mono.

use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::{AudioError, AudioSource, Chunk, StreamClock, ToSpeechFormat};

/// Reads a WAV file chunk by chunk.
pub struct WavSource {
    reader: hound::WavReader<BufReader<std::fs::File>>,
    path: PathBuf,
    convert: ToSpeechFormat,
    frames_per_chunk: usize,
    clock: StreamClock,
    done: bool,
}

impl std::fmt::Debug for WavSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WavSource")
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

impl WavSource {
    /// Opens `path`; chunks are `chunk_ms` long; capture times count from `start`.
    ///
    /// # Errors
    /// The file is missing or not a supported WAV.
    pub fn open(
        path: impl AsRef<Path>,
        chunk_ms: u32,
        start: Instant,
    ) -> Result<WavSource, AudioError> {
        let path = path.as_ref().to_owned();
        let file = std::fs::File::open(&path).map_err(|error| AudioError::File {
            path: path.clone(),
            error,
        })?;
        let reader = hound::WavReader::new(BufReader::new(file)).map_err(|e| AudioError::Wav {
            path: path.clone(),
            reason: match e {
                hound::Error::IoError(_) => "truncated or unreadable header".to_owned(),
                other => other.to_string(),
            },
        })?;
        let spec = reader.spec();
        match (spec.sample_format, spec.bits_per_sample) {
            (hound::SampleFormat::Int, 8 | 16 | 24 | 32) | (hound::SampleFormat::Float, 32) => {}
            (f, b) => {
                return Err(AudioError::Wav {
                    path,
                    reason: format!("{b}-bit {f:?} samples"),
                });
            }
        }
        let convert = ToSpeechFormat::new(spec.sample_rate, spec.channels)?;
        let frames_per_chunk = (spec.sample_rate as usize * chunk_ms.max(1) as usize / 1000).max(1);
        Ok(WavSource {
            reader,
            path,
            convert,
            frames_per_chunk,
            clock: StreamClock::new(start),
            done: false,
        })
    }

    /// Reads the whole file as 16 kHz mono samples.
    ///
    /// # Errors
    /// As [`WavSource::open`] and [`AudioSource::next_chunk`].
    pub fn read_all(path: impl AsRef<Path>) -> Result<Vec<i16>, AudioError> {
        let mut src = WavSource::open(path, 1000, Instant::now())?;
        let mut all = Vec::new();
        while let Some(c) = src.next_chunk()? {
            all.extend(c.samples);
        }
        Ok(all)
    }

    fn read_frames(&mut self) -> Result<Vec<f32>, AudioError> {
        let spec = self.reader.spec();
        let want = self.frames_per_chunk * usize::from(spec.channels);
        let mut out = Vec::with_capacity(want);
        let bad = |path: &Path, e: hound::Error| AudioError::Wav {
            path: path.to_owned(),
            reason: e.to_string(),
        };
        match spec.sample_format {
            hound::SampleFormat::Float => {
                for s in self.reader.samples::<f32>().take(want) {
                    out.push(s.map_err(|e| bad(&self.path, e))?);
                }
            }
            hound::SampleFormat::Int => {
                let scale = 1.0 / (1u64 << (spec.bits_per_sample - 1)) as f32;
                for s in self.reader.samples::<i32>().take(want) {
                    out.push(s.map_err(|e| bad(&self.path, e))? as f32 * scale);
                }
            }
        }
        Ok(out)
    }
}

impl AudioSource for WavSource {
    fn next_chunk(&mut self) -> Result<Option<Chunk>, AudioError> {
        loop {
            if self.done {
                return Ok(None);
            }
            let frames = self.read_frames()?;
            let samples = if frames.is_empty() {
                self.done = true;
                self.convert.finish()
            } else {
                self.convert.push(&frames)
            };
            if samples.is_empty() {
                continue;
            }
            let captured = self.clock.advance(samples.len());
            return Ok(Some(Chunk { samples, captured }));
        }
    }
}
