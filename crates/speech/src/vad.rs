//! Energy-based voice activity detection on the 16 kHz stream, frame by frame (10 ms).
//! Pure: samples in, a speech/silence decision per frame out.

/// Samples per VAD frame: 10 ms at 16 kHz.
pub const FRAME: usize = 160;

/// When a frame counts as speech.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct VadConfig {
    /// How far above the tracked noise floor a frame must be, in dB.
    pub above_noise_db: f32,
    /// A frame below this level (dBFS) is never speech, whatever the noise floor.
    pub min_level_dbfs: f32,
    /// The noise floor never goes below this (dBFS): digital silence would otherwise
    /// make every breath speech.
    pub noise_floor_min_dbfs: f32,
}

impl Default for VadConfig {
    fn default() -> Self {
        VadConfig {
            above_noise_db: 12.0,
            min_level_dbfs: -45.0,
            noise_floor_min_dbfs: -70.0,
        }
    }
}

/// Tracks the noise floor and classifies frames.
#[derive(Debug, Clone)]
pub struct Vad {
    config: VadConfig,
    noise_dbfs: f32,
}

/// The level of a frame in dBFS (RMS; −96 for digital silence).
pub fn level_dbfs(frame: &[i16]) -> f32 {
    if frame.is_empty() {
        return -96.0;
    }
    let energy: f64 = frame
        .iter()
        .map(|&s| f64::from(s) * f64::from(s))
        .sum::<f64>()
        / frame.len() as f64;
    let rms = energy.sqrt() / 32768.0;
    if rms <= 1.0e-5 {
        -96.0
    } else {
        (20.0 * rms.log10()) as f32
    }
}

impl Vad {
    /// A detector with no noise heard yet (floor at `noise_floor_min_dbfs`).
    pub fn new(config: VadConfig) -> Vad {
        Vad {
            noise_dbfs: config.noise_floor_min_dbfs,
            config,
        }
    }

    /// Whether one frame (normally [`FRAME`] samples) is speech; adapts the noise floor:
    /// quickly down; up slowly in quiet frames and by 0.05 dB a frame (5 dB/s) under a
    /// loud one, so a steady fan becomes noise within seconds while an utterance of a
    /// second or two barely moves the floor.
    pub fn is_speech(&mut self, frame: &[i16]) -> bool {
        let level = level_dbfs(frame);
        let speech = level >= self.config.min_level_dbfs
            && level >= self.noise_dbfs + self.config.above_noise_db;
        if level < self.noise_dbfs {
            self.noise_dbfs += (level - self.noise_dbfs) * 0.3;
        } else if speech {
            self.noise_dbfs += 0.05;
        } else {
            self.noise_dbfs += (level - self.noise_dbfs) * 0.05;
        }
        self.noise_dbfs = self.noise_dbfs.max(self.config.noise_floor_min_dbfs);
        speech
    }

    /// The current noise floor estimate in dBFS.
    pub fn noise_dbfs(&self) -> f32 {
        self.noise_dbfs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tone(amplitude: f32, n: usize) -> Vec<i16> {
        (0..n)
            .map(|i| (amplitude * 32767.0 * (i as f32 * 0.2).sin()) as i16)
            .collect()
    }

    fn noise(amplitude: f32, n: usize, seed: &mut u32) -> Vec<i16> {
        (0..n)
            .map(|_| {
                *seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                ((*seed >> 16) as f32 / 65536.0 - 0.5) * 2.0 * amplitude * 32767.0
            })
            .map(|v| v as i16)
            .collect()
    }

    #[test]
    fn levels() {
        assert_eq!(level_dbfs(&[0; FRAME]), -96.0);
        let full = tone(1.0, FRAME * 10);
        assert!(
            (level_dbfs(&full) + 3.0).abs() < 0.5,
            "{}",
            level_dbfs(&full)
        );
    }

    #[test]
    fn voice_over_silence_and_over_steady_noise() {
        let mut vad = Vad::new(VadConfig::default());
        assert!(!vad.is_speech(&[0; FRAME]));
        assert!(vad.is_speech(&tone(0.3, FRAME)));
        let mut seed = 7;
        // A fan at about −40 dBFS: after it settles it is noise, and a louder voice is still speech.
        let mut first = true;
        let mut last = true;
        for i in 0..500 {
            let s = vad.is_speech(&noise(0.02, FRAME, &mut seed));
            if i == 0 {
                first = s;
            }
            last = s;
        }
        assert!(first, "an unheard-of level starts as speech");
        assert!(
            !last,
            "a steady fan becomes noise (floor {})",
            vad.noise_dbfs()
        );
        assert!(vad.is_speech(&tone(0.3, FRAME)));
        assert!(
            !vad.is_speech(&tone(0.015, FRAME)),
            "quieter than the fan is not speech"
        );
    }

    #[test]
    fn whisper_below_minimum_is_not_speech() {
        let mut vad = Vad::new(VadConfig::default());
        assert!(!vad.is_speech(&tone(0.003, FRAME)));
    }
}
