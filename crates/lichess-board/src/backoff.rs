//! How long to wait before reopening a dropped stream: doubling from
//! [`Timing::first_retry`] up to [`Timing::longest_retry`], back to the first once a stream
//! has delivered a line; after a 429 (too many requests), [`Timing::rate_limited`].

use std::time::Duration;

/// The waits of the client. The defaults are Lichess's advice: a minute after a 429.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timing {
    /// The first wait after a dropped stream or an unreachable server.
    pub first_retry: Duration,
    /// The longest wait between two tries.
    pub longest_retry: Duration,
    /// The wait after a 429.
    pub rate_limited: Duration,
    /// A stream silent this long (no line, not even a keep-alive) is taken as dropped.
    pub silence: Duration,
    /// How long the player has to agree to the opponent's takeback before it is declined.
    pub takeback_answer: Duration,
}

impl Default for Timing {
    fn default() -> Timing {
        Timing {
            first_retry: Duration::from_secs(1),
            longest_retry: Duration::from_secs(60),
            rate_limited: Duration::from_secs(60),
            silence: Duration::from_secs(30),
            takeback_answer: Duration::from_secs(20),
        }
    }
}

/// The retries of one stream.
#[derive(Debug, Clone, Default)]
pub struct Backoff {
    failures: u32,
}

impl Backoff {
    /// The wait before the next try after one more failure.
    pub fn failed(&mut self, timing: &Timing) -> Duration {
        let wait = timing
            .first_retry
            .saturating_mul(1 << self.failures.min(16))
            .min(timing.longest_retry);
        self.failures = self.failures.saturating_add(1);
        wait
    }

    /// The stream works again: the next failure waits the first wait.
    pub fn reset(&mut self) {
        self.failures = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_double_up_to_a_minute_and_start_again_after_a_success() {
        let t = Timing::default();
        let mut b = Backoff::default();
        let waits: Vec<u64> = (0..9).map(|_| b.failed(&t).as_secs()).collect();
        assert_eq!(waits, [1, 2, 4, 8, 16, 32, 60, 60, 60]);
        b.reset();
        assert_eq!(b.failed(&t), Duration::from_secs(1));
        for _ in 0..100 {
            b.failed(&t);
        }
        assert_eq!(b.failed(&t), Duration::from_secs(60));
    }
}
