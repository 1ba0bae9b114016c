//! Blocking work (SQLite reads, file writes) done off the runtime's workers, on tokio's
//! blocking pool, so the MQTT event loops and the web server never wait on the disk; and
//! the one atomic file write of both sides (the outbox's position, the round's PGN, the
//! LiveChess export).

/// Runs `work` on the blocking pool and waits for it without blocking the runtime.
///
/// A panic in `work` goes on in the caller, as it would have inline. When the runtime
/// shuts down before `work` has started the caller waits for ever (it is being dropped
/// with the runtime).
pub async fn unblock<T, F>(work: F) -> T
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    match tokio::task::spawn_blocking(work).await {
        Ok(value) => value,
        Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
        Err(_) => std::future::pending().await,
    }
}

/// Writes `text` to `path` through a temporary file beside it and a rename, so that a
/// reader sees the old or the new text, never half of one.
///
/// # Errors
/// The file cannot be written or renamed.
pub fn write_atomically(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "current_thread")]
    async fn work_runs_on_another_thread_and_its_value_comes_back() {
        let caller = std::thread::current().id();
        let (value, thread) = unblock(|| (6 * 7, std::thread::current().id())).await;
        assert_eq!(value, 42);
        assert_ne!(thread, caller, "the work ran off the runtime's thread");
    }
}
