//! Mono 16-bit audio as the voices make it and the earcons are drawn.

/// Mono 16-bit audio.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Pcm {
    /// Samples per second.
    pub rate: u32,
    /// The samples.
    pub samples: Vec<i16>,
}

impl Pcm {
    /// The length in milliseconds.
    pub fn duration_ms(&self) -> u64 {
        if self.rate == 0 {
            return 0;
        }
        self.samples.len() as u64 * 1000 / u64::from(self.rate)
    }
}
