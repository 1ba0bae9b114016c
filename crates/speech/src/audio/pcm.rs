//! Raw PCM from any reader (stdin): signed 16-bit little-endian, mono, at a given rate.

use std::io::Read;
use std::time::Instant;

use super::{AudioError, AudioSource, Chunk, Converting, ToSpeechFormat};

/// Raw s16le mono PCM, converted to 16 kHz when it comes at another rate.
pub struct PcmSource<R> {
    reader: R,
    buf: Vec<u8>,
    /// An odd byte left from the last read.
    odd: Option<u8>,
    chunks: Converting,
}

impl<R> std::fmt::Debug for PcmSource<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PcmSource").finish_non_exhaustive()
    }
}

impl<R: Read> PcmSource<R> {
    /// Reads s16le mono at `rate` Hz from `reader` in reads of up to `chunk_ms`; capture
    /// times count from `start` (a live pipe delivers in real time, so they hold).
    ///
    /// # Errors
    /// A rate outside [`SOURCE_RATES`](super::SOURCE_RATES) or one that cannot be converted.
    pub fn new(reader: R, rate: u32, chunk_ms: u32, start: Instant) -> Result<Self, AudioError> {
        if !super::SOURCE_RATES.contains(&rate) {
            return Err(AudioError::Format(format!(
                "raw PCM at {rate} Hz: the sample rate must be {} to {} Hz",
                super::SOURCE_RATES.start(),
                super::SOURCE_RATES.end()
            )));
        }
        let bytes = (rate as usize * chunk_ms.max(1) as usize / 1000).max(1) * 2;
        Ok(PcmSource {
            reader,
            buf: vec![0; bytes],
            odd: None,
            chunks: Converting::new(ToSpeechFormat::new(rate, 1)?, start),
        })
    }
}

impl<R: Read> AudioSource for PcmSource<R> {
    fn next_chunk(&mut self) -> Result<Option<Chunk>, AudioError> {
        let PcmSource {
            reader,
            buf,
            odd,
            chunks,
        } = self;
        chunks.next_chunk(|| {
            let n = match reader.read(buf) {
                Ok(0) => return Ok(None),
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {
                    return Ok(Some(Vec::new()));
                }
                Err(e) => return Err(e.into()),
            };
            let mut bytes: Vec<u8> = odd.take().into_iter().collect();
            bytes.extend_from_slice(&buf[..n]);
            if bytes.len() % 2 == 1 {
                *odd = bytes.pop();
            }
            Ok(Some(
                bytes
                    .chunks_exact(2)
                    .map(|b| f32::from(i16::from_le_bytes([b[0], b[1]])) / 32768.0)
                    .collect(),
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_split_anywhere_give_the_same_samples() {
        let samples: Vec<i16> = (0..5000).map(|i| (i * 7 % 3000 - 1500) as i16).collect();
        let bytes: Vec<u8> = samples.iter().flat_map(|s| s.to_le_bytes()).collect();
        // A reader returning 3 bytes at a time splits samples in the middle.
        struct Dribble(Vec<u8>, usize);
        impl Read for Dribble {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                let n = 3.min(buf.len()).min(self.0.len() - self.1);
                buf[..n].copy_from_slice(&self.0[self.1..self.1 + n]);
                self.1 += n;
                Ok(n)
            }
        }
        let t0 = Instant::now();
        let mut src = PcmSource::new(Dribble(bytes, 0), 16_000, 20, t0).unwrap();
        let mut got = Vec::new();
        let mut last = t0;
        while let Some(c) = src.next_chunk().unwrap() {
            assert!(c.captured >= last);
            last = c.captured;
            got.extend(c.samples);
        }
        assert_eq!(got, samples);
    }
}
