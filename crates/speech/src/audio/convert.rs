//! Any rate and channel count → 16 kHz mono `i16`: channels are averaged, the rate is
//! converted by rubato's FFT resampler (band-limited, no aliasing).

use audioadapter_buffers::direct::InterleavedSlice;
use rubato::{Fft, FixedSync, Indexing, Resampler};

use crate::decoder::SAMPLE_RATE;

use super::AudioError;

/// Input frames per resampler call.
const BLOCK: usize = 1024;

/// A streaming converter to the recognizer's format.
pub struct ToSpeechFormat {
    channels: usize,
    rate: u32,
    resampler: Option<Fft<f32>>,
    /// Mono input waiting for a full block.
    pending: Vec<f32>,
    out: Vec<f32>,
    /// Output frames still to drop (the resampler's delay).
    skip: usize,
    /// Mono frames that went into the resampler.
    frames_in: u64,
    /// Frames handed out.
    frames_out: u64,
}

impl std::fmt::Debug for ToSpeechFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ToSpeechFormat")
            .field("channels", &self.channels)
            .field("rate", &self.rate)
            .finish_non_exhaustive()
    }
}

fn to_i16(v: f32) -> i16 {
    (v * 32768.0).round().clamp(-32768.0, 32767.0) as i16
}

impl ToSpeechFormat {
    /// A converter from `channels` interleaved channels at `rate` Hz.
    ///
    /// # Errors
    /// [`AudioError::Format`] for zero channels or a rate rubato cannot convert.
    pub fn new(rate: u32, channels: u16) -> Result<ToSpeechFormat, AudioError> {
        if channels == 0 || rate == 0 {
            return Err(AudioError::Format(format!(
                "{channels} channels at {rate} Hz"
            )));
        }
        let resampler = if rate == SAMPLE_RATE {
            None
        } else {
            Some(
                Fft::<f32>::new(
                    rate as usize,
                    SAMPLE_RATE as usize,
                    BLOCK,
                    2,
                    1,
                    FixedSync::Input,
                )
                .map_err(|e| AudioError::Format(format!("cannot resample {rate} Hz: {e}")))?,
            )
        };
        let skip = resampler.as_ref().map_or(0, |r| r.output_delay());
        Ok(ToSpeechFormat {
            channels: usize::from(channels),
            rate,
            resampler,
            pending: Vec::new(),
            out: Vec::new(),
            skip,
            frames_in: 0,
            frames_out: 0,
        })
    }

    /// Converts interleaved samples (−1.0…1.0); returns the 16 kHz mono samples ready
    /// so far (the resampler works in blocks of 1024 input frames).
    pub fn push(&mut self, interleaved: &[f32]) -> Vec<i16> {
        let ch = self.channels;
        // Non-finite samples (a driver delivering garbage) would poison the FFT: silence them.
        let mono = interleaved.chunks_exact(ch).map(|f| {
            let v = f.iter().sum::<f32>() / ch as f32;
            if v.is_finite() {
                v.clamp(-1.0, 1.0)
            } else {
                0.0
            }
        });
        let Some(resampler) = &mut self.resampler else {
            return mono.map(to_i16).collect();
        };
        self.pending.extend(mono);
        let mut ready = Vec::new();
        while self.pending.len() >= resampler.input_frames_next() {
            let n = resampler.input_frames_next();
            Self::run(resampler, &self.pending[..n], None, &mut self.out);
            self.pending.drain(..n);
            self.frames_in += n as u64;
            Self::emit(&mut self.out, &mut self.skip, &mut ready);
        }
        self.frames_out += ready.len() as u64;
        ready
    }

    /// Flushes what the resampler still holds (end of stream): the output then has
    /// exactly as many samples as the input's length at 16 kHz (rounded up).
    pub fn finish(&mut self) -> Vec<i16> {
        let Some(resampler) = &mut self.resampler else {
            return Vec::new();
        };
        let total = self.frames_in + self.pending.len() as u64;
        let expected = (total as f64 * f64::from(SAMPLE_RATE) / f64::from(self.rate)).ceil() as u64;
        let mut ready = Vec::new();
        let mut input = std::mem::take(&mut self.pending);
        let mut partial = input.len();
        while self.frames_out + (ready.len() as u64) < expected {
            let n = resampler.input_frames_next();
            input.resize(n.max(input.len()), 0.0);
            let before = ready.len();
            Self::run(resampler, &input[..n], Some(partial), &mut self.out);
            Self::emit(&mut self.out, &mut self.skip, &mut ready);
            input.clear();
            partial = 0;
            if ready.len() == before && self.skip == 0 {
                break;
            }
        }
        let keep = expected.saturating_sub(self.frames_out) as usize;
        ready.truncate(keep);
        self.frames_in = 0;
        self.frames_out = 0;
        self.skip = resampler.output_delay();
        resampler.reset();
        ready
    }

    fn run(resampler: &mut Fft<f32>, input: &[f32], partial: Option<usize>, out: &mut Vec<f32>) {
        let frames_out = resampler.output_frames_next();
        let start = out.len();
        out.resize(start + frames_out, 0.0);
        let Ok(adapter_in) = InterleavedSlice::new(input, 1, input.len()) else {
            out.truncate(start);
            return;
        };
        let Ok(mut adapter_out) = InterleavedSlice::new_mut(&mut out[start..], 1, frames_out)
        else {
            out.truncate(start);
            return;
        };
        let indexing = Indexing {
            input_offset: 0,
            output_offset: 0,
            partial_len: partial,
            active_channels_mask: None,
        };
        match resampler.process_into_buffer(&adapter_in, &mut adapter_out, Some(&indexing)) {
            Ok((_, written)) => out.truncate(start + written),
            Err(_) => out.truncate(start),
        }
    }

    fn emit(out: &mut Vec<f32>, skip: &mut usize, ready: &mut Vec<i16>) {
        let drop = (*skip).min(out.len());
        *skip -= drop;
        ready.extend(out[drop..].iter().copied().map(to_i16));
        out.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sine(rate: u32, hz: f32, secs: f32, channels: usize) -> Vec<f32> {
        let n = (rate as f32 * secs) as usize;
        (0..n)
            .flat_map(|i| {
                let v = 0.5 * (std::f32::consts::TAU * hz * i as f32 / rate as f32).sin();
                std::iter::repeat_n(v, channels)
            })
            .collect()
    }

    /// Frequency of a signal by counting zero crossings.
    fn frequency(s: &[i16]) -> f32 {
        let crossings = s.windows(2).filter(|w| (w[0] < 0) != (w[1] < 0)).count();
        crossings as f32 / 2.0 / (s.len() as f32 / SAMPLE_RATE as f32)
    }

    #[test]
    fn resamples_48k_stereo_in_odd_chunks_keeping_length_and_pitch() {
        let input = sine(48_000, 440.0, 1.0, 2);
        let mut c = ToSpeechFormat::new(48_000, 2).unwrap();
        let mut out = Vec::new();
        for chunk in input.chunks(2 * 333) {
            out.extend(c.push(chunk));
        }
        out.extend(c.finish());
        assert!((out.len() as i64 - 16_000).abs() <= 2, "{}", out.len());
        let f = frequency(&out[1000..15_000]);
        assert!((f - 440.0).abs() < 3.0, "{f}");
        let peak = out[1000..15_000]
            .iter()
            .map(|v| v.unsigned_abs())
            .max()
            .unwrap();
        assert!((15_500..=17_000).contains(&peak), "amplitude kept: {peak}");
    }

    #[test]
    fn removes_what_16k_cannot_carry() {
        // 10 kHz is above the 8 kHz Nyquist limit of 16 kHz: filtered, not aliased to 6 kHz.
        let input = sine(44_100, 10_000.0, 0.5, 1);
        let mut c = ToSpeechFormat::new(44_100, 1).unwrap();
        let mut out = c.push(&input);
        out.extend(c.finish());
        let peak = out[500..out.len() - 500]
            .iter()
            .map(|v| v.unsigned_abs())
            .max()
            .unwrap();
        assert!(peak < 400, "alias amplitude {peak}");
    }

    #[test]
    fn passes_16k_mono_through_unchanged() {
        let input: Vec<f32> = (0..1000).map(|i| (i as f32 / 1000.0) - 0.5).collect();
        let mut c = ToSpeechFormat::new(16_000, 1).unwrap();
        let out = c.push(&input);
        assert_eq!(out.len(), 1000);
        assert_eq!(out[0], -16384);
    }

    #[test]
    fn garbage_samples_become_silence_not_a_panic() {
        let mut input = sine(48_000, 440.0, 0.2, 1);
        input[100] = f32::NAN;
        input[200] = f32::INFINITY;
        input[300] = 1.0e30;
        let mut c = ToSpeechFormat::new(48_000, 1).unwrap();
        let mut out = c.push(&input);
        out.extend(c.finish());
        assert_eq!(out.len(), 3200);
    }

    #[test]
    fn zero_channels_is_an_error() {
        assert!(ToSpeechFormat::new(16_000, 0).is_err());
    }
}
