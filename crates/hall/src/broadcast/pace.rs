//! When to push (sans-IO, time passed in): after every change of the round, at most once
//! a [`MIN_GAP`], one push at a time; while the network is away, again after a backoff
//! that doubles from [`FIRST_BACKOFF`] up to [`MAX_BACKOFF`]. The newest round is what
//! goes: changes while a push is under way or waiting are sent together after it.

use std::time::Duration;

/// The least time between the starts of two pushes.
pub const MIN_GAP: Duration = Duration::from_secs(1);
/// The wait after the first failed push.
pub const FIRST_BACKOFF: Duration = Duration::from_secs(1);
/// The longest wait between two tries.
pub const MAX_BACKOFF: Duration = Duration::from_secs(60);

/// How a push ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The broadcast took the round (per-game errors are the reply's, reported apart).
    Delivered,
    /// No answer (no network, refused connection, a timeout) or a server error: try the
    /// same round again after the backoff.
    Unreachable,
    /// The broadcast asked to slow down (HTTP 429): try again after [`MAX_BACKOFF`].
    Busy,
    /// The broadcast refused this round (a bad token, round or PGN): not sent again
    /// until the round changes.
    Refused,
}

/// The pacing of one broadcast's pushes, in virtual time (any monotonic `Duration`).
#[derive(Debug, Clone, Default)]
pub struct Pacer {
    /// The round's newest version.
    wanted: Option<u64>,
    /// The last version pushed (delivered or refused).
    done: Option<u64>,
    /// The version being pushed.
    in_flight: Option<u64>,
    /// When the last push started.
    last_start: Option<Duration>,
    /// No push before this (the backoff).
    retry_at: Option<Duration>,
    /// Failed tries in a row.
    failures: u32,
}

impl Pacer {
    /// A pacer with nothing to push yet.
    pub fn new() -> Pacer {
        Pacer::default()
    }

    /// The round changed: `version` is its newest.
    pub fn changed(&mut self, version: u64) {
        self.wanted = Some(version);
    }

    /// When [`poll`](Self::poll) would start a push (`None`: nothing to push, or a push
    /// is under way).
    pub fn next_at(&self) -> Option<Duration> {
        if self.in_flight.is_some() || self.wanted.is_none() || self.wanted == self.done {
            return None;
        }
        let gap = self.last_start.map(|t| t + MIN_GAP);
        Some(gap.max(self.retry_at).unwrap_or_default())
    }

    /// The version to push now, if it is time: the push is then under way until
    /// [`finished`](Self::finished).
    pub fn poll(&mut self, now: Duration) -> Option<u64> {
        let at = self.next_at()?;
        if now < at {
            return None;
        }
        self.in_flight = self.wanted;
        self.last_start = Some(now);
        self.in_flight
    }

    /// The push under way ended at `now` so; the wait before the next try, if it failed.
    pub fn finished(&mut self, now: Duration, outcome: Outcome) -> Option<Duration> {
        let version = self.in_flight.take()?;
        match outcome {
            Outcome::Delivered | Outcome::Refused => {
                self.done = Some(version);
                self.failures = 0;
                self.retry_at = None;
                None
            }
            Outcome::Unreachable | Outcome::Busy => {
                self.failures = self.failures.saturating_add(1);
                let doubled = FIRST_BACKOFF
                    .checked_mul(1 << (self.failures - 1).min(16))
                    .unwrap_or(MAX_BACKOFF)
                    .min(MAX_BACKOFF);
                let wait = if outcome == Outcome::Busy {
                    MAX_BACKOFF
                } else {
                    doubled
                };
                self.retry_at = Some(now + wait);
                Some(wait)
            }
        }
    }

    /// Failed tries in a row.
    pub fn failures(&self) -> u32 {
        self.failures
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn s(secs: u64) -> Duration {
        Duration::from_secs(secs)
    }

    const fn ms(ms: u64) -> Duration {
        Duration::from_millis(ms)
    }

    #[test]
    fn every_change_is_pushed_at_most_once_a_second_newest_first() {
        let mut p = Pacer::new();
        assert_eq!(p.poll(s(0)), None, "nothing to push");
        p.changed(1);
        assert_eq!(p.poll(s(0)), Some(1), "the first change goes at once");
        p.changed(2);
        assert_eq!(p.poll(ms(100)), None, "one push at a time");
        assert_eq!(p.finished(ms(200), Outcome::Delivered), None);
        p.changed(3);
        assert_eq!(p.next_at(), Some(s(1)), "a second after the last start");
        assert_eq!(p.poll(ms(999)), None);
        assert_eq!(
            p.poll(s(1)),
            Some(3),
            "changes meanwhile go together, newest"
        );
        p.finished(ms(1100), Outcome::Delivered);
        assert_eq!(p.next_at(), None, "all delivered");
        assert_eq!(p.poll(s(5)), None);
        p.changed(4);
        assert_eq!(p.poll(s(5)), Some(4), "after a quiet while at once");
    }

    #[test]
    fn while_the_network_is_away_the_wait_doubles_up_to_a_minute() {
        let mut p = Pacer::new();
        p.changed(1);
        let mut now = s(0);
        let mut waits = Vec::new();
        for _ in 0..9 {
            assert_eq!(p.poll(now), Some(1), "at {now:?}");
            let wait = p.finished(now, Outcome::Unreachable).unwrap();
            assert_eq!(p.poll(now + wait - ms(1)), None, "not before the backoff");
            waits.push(wait.as_secs());
            now += wait;
        }
        assert_eq!(waits, [1, 2, 4, 8, 16, 32, 60, 60, 60]);
        assert_eq!(p.failures(), 9);
        // A change while away waits for the backoff too, then goes (the newest).
        p.changed(2);
        assert_eq!(p.poll(now - ms(1)), None);
        assert_eq!(p.poll(now), Some(2));
        p.finished(now, Outcome::Delivered);
        assert_eq!(
            p.failures(),
            0,
            "delivered: the backoff starts again from 1 s"
        );
        p.changed(3);
        assert_eq!(p.poll(now + s(1)), Some(3));
        assert_eq!(p.finished(now + s(1), Outcome::Unreachable), Some(s(1)));
    }

    #[test]
    fn a_refused_round_is_not_sent_again_until_it_changes_and_busy_waits_a_minute() {
        let mut p = Pacer::new();
        p.changed(1);
        assert_eq!(p.poll(s(0)), Some(1));
        assert_eq!(p.finished(s(0), Outcome::Refused), None);
        assert_eq!(p.poll(s(100)), None, "the same round is not sent again");
        p.changed(2);
        assert_eq!(p.poll(s(100)), Some(2));
        assert_eq!(p.finished(s(100), Outcome::Busy), Some(MAX_BACKOFF));
        assert_eq!(p.poll(s(159)), None);
        assert_eq!(p.poll(s(160)), Some(2));
        assert_eq!(p.finished(s(160), Outcome::Delivered), None);
        assert_eq!(
            p.finished(s(161), Outcome::Delivered),
            None,
            "nothing under way"
        );
    }
}
