//! WAV files (hound): any rate, channel count and PCM/float format, converted to 16 kHz mono.

use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::{AudioError, AudioSource, Chunk, Converting, ToSpeechFormat};

/// Reads a WAV file chunk by chunk.
pub struct WavSource {
    reader: hound::WavReader<BufReader<std::fs::File>>,
    path: PathBuf,
    frames_per_chunk: usize,
    chunks: Converting,
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
        if !super::SOURCE_RATES.contains(&spec.sample_rate) {
            return Err(AudioError::Wav {
                path,
                reason: format!(
                    "its header claims {} Hz; the sample rate must be {} to {} Hz",
                    spec.sample_rate,
                    super::SOURCE_RATES.start(),
                    super::SOURCE_RATES.end()
                ),
            });
        }
        let convert = ToSpeechFormat::new(spec.sample_rate, spec.channels)?;
        let frames_per_chunk = (spec.sample_rate as usize * chunk_ms.max(1) as usize / 1000).max(1);
        Ok(WavSource {
            reader,
            path,
            frames_per_chunk,
            chunks: Converting::new(convert, start),
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
}

/// Up to `frames` frames (interleaved, as floats in −1…1) from the WAV `reader` of `path`.
fn read_frames(
    reader: &mut hound::WavReader<BufReader<std::fs::File>>,
    path: &Path,
    frames: usize,
) -> Result<Vec<f32>, AudioError> {
    let spec = reader.spec();
    let want = frames * usize::from(spec.channels);
    let mut out = Vec::with_capacity(want);
    let bad = |e: hound::Error| AudioError::Wav {
        path: path.to_owned(),
        reason: e.to_string(),
    };
    match spec.sample_format {
        hound::SampleFormat::Float => {
            for s in reader.samples::<f32>().take(want) {
                out.push(s.map_err(bad)?);
            }
        }
        hound::SampleFormat::Int => {
            let scale = 1.0 / (1u64 << (spec.bits_per_sample - 1)) as f32;
            for s in reader.samples::<i32>().take(want) {
                out.push(s.map_err(bad)? as f32 * scale);
            }
        }
    }
    Ok(out)
}

impl AudioSource for WavSource {
    fn next_chunk(&mut self) -> Result<Option<Chunk>, AudioError> {
        let WavSource {
            reader,
            path,
            frames_per_chunk,
            chunks,
        } = self;
        chunks.next_chunk(|| {
            let frames = read_frames(reader, path, *frames_per_chunk)?;
            Ok((!frames.is_empty()).then_some(frames))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 16-bit mono PCM WAV file with `rate` in its header and `frames` silent samples.
    fn crafted(rate: u32, frames: u32) -> Vec<u8> {
        let data = frames * 2;
        let mut b = Vec::new();
        b.extend_from_slice(b"RIFF");
        b.extend_from_slice(&(36 + data).to_le_bytes());
        b.extend_from_slice(b"WAVEfmt ");
        b.extend_from_slice(&16u32.to_le_bytes());
        b.extend_from_slice(&1u16.to_le_bytes()); // PCM
        b.extend_from_slice(&1u16.to_le_bytes()); // mono
        b.extend_from_slice(&rate.to_le_bytes());
        b.extend_from_slice(&(rate * 2).to_le_bytes());
        b.extend_from_slice(&2u16.to_le_bytes());
        b.extend_from_slice(&16u16.to_le_bytes());
        b.extend_from_slice(b"data");
        b.extend_from_slice(&data.to_le_bytes());
        b.resize(b.len() + data as usize, 0);
        b
    }

    /// Issue 26, item 5: a header claiming 1 Hz made `listen` take 110 s and 2.5 GB.
    #[test]
    fn rates_outside_8_to_192_khz_are_refused_naming_the_file() {
        let dir = tempfile::tempdir().unwrap();
        for rate in [1, 7_999, 192_001, u32::MAX / 2] {
            let path = dir.path().join(format!("r{rate}.wav"));
            std::fs::write(&path, crafted(rate, 16)).unwrap();
            let e = WavSource::open(&path, 20, Instant::now()).unwrap_err();
            let text = e.to_string();
            assert!(text.contains(&format!("r{rate}.wav")), "{text}");
            assert!(text.contains(&format!("claims {rate} Hz")), "{text}");
            assert!(text.contains("8000 to 192000 Hz"), "{text}");
        }
        for rate in [8_000, 16_000, 192_000] {
            let path = dir.path().join(format!("ok{rate}.wav"));
            std::fs::write(&path, crafted(rate, rate / 10)).unwrap();
            let samples = WavSource::read_all(&path).unwrap();
            assert_eq!(samples.len(), 1600, "{rate} Hz: 0.1 s at 16 kHz");
        }
    }

    #[test]
    fn raw_pcm_at_a_rate_out_of_range_is_refused() {
        let pcm = |rate| super::super::PcmSource::new(&[][..], rate, 20, Instant::now());
        let e = pcm(1).unwrap_err().to_string();
        assert!(e.contains("raw PCM at 1 Hz"), "{e}");
        assert!(e.contains("8000 to 192000 Hz"), "{e}");
        assert!(pcm(8_000).is_ok());
    }
}
