//! Waiting on a condition with a deadline, never a bare sleep: the test goes on as soon
//! as what it needs holds, and fails naming what it waited for when it never does.

use std::time::{Duration, Instant};

/// How often a condition is polled.
pub const POLL: Duration = Duration::from_millis(20);

/// Polls `probe` until it reports `true` or `limit` passes; its state at that moment.
/// Fails with `what` and the last state when the limit passes first.
pub fn wait_for<T: std::fmt::Debug>(
    limit: Duration,
    what: &str,
    mut probe: impl FnMut() -> (bool, T),
) -> T {
    let deadline = Instant::now() + limit;
    loop {
        let (ok, state) = probe();
        if ok {
            return state;
        }
        assert!(
            Instant::now() < deadline,
            "{what} (waited {limit:?}): {state:?}"
        );
        std::thread::sleep(POLL);
    }
}

/// The async twin of [`wait_for`]: polls `probe` on the runtime's timer.
pub async fn wait_for_async<T: std::fmt::Debug>(
    limit: Duration,
    what: &str,
    mut probe: impl AsyncFnMut() -> (bool, T),
) -> T {
    let deadline = Instant::now() + limit;
    loop {
        let (ok, state) = probe().await;
        if ok {
            return state;
        }
        assert!(
            Instant::now() < deadline,
            "{what} (waited {limit:?}): {state:?}"
        );
        tokio::time::sleep(POLL).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn returns_the_state_once_the_condition_holds() {
        let mut n = 0;
        let got = wait_for(Duration::from_secs(10), "three polls", || {
            n += 1;
            (n == 3, n)
        });
        assert_eq!(got, 3);
    }

    #[test]
    #[should_panic(expected = "never true (waited 100ms): 7")]
    fn fails_naming_what_and_the_last_state() {
        wait_for(Duration::from_millis(100), "never true", || (false, 7));
    }
}
