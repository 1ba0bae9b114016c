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
/// reader sees the old or the new text, never half of one. No symbolic link is followed:
/// the temporary file is made new (a link or file already there under its name is never
/// opened), and the rename replaces a link at `path` itself, never what it points to.
///
/// # Errors
/// The file cannot be written or renamed.
pub fn write_atomically(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    write_atomically_with_mode(path, text, 0o644)
}

/// [`write_atomically`] for a file only its owner may read (mode 600): a password, a key.
///
/// # Errors
/// The file cannot be written or renamed.
pub fn write_secret_atomically(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    write_atomically_with_mode(path, text, 0o600)
}

fn write_atomically_with_mode(
    path: &std::path::Path,
    text: &str,
    mode: u32,
) -> std::io::Result<()> {
    use std::io::Write as _;
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => std::path::Path::new("."),
    };
    let name = path.file_name().map_or_else(
        || std::ffi::OsString::from("file"),
        std::ffi::OsStr::to_os_string,
    );
    let mut last = None;
    for _ in 0..16 {
        let mut tmp_name = std::ffi::OsString::from(".");
        tmp_name.push(&name);
        tmp_name.push(format!(
            ".{}-{}.tmp",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let tmp = dir.join(tmp_name);
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt as _;
            options.mode(mode);
        }
        let _ = mode;
        match options.open(&tmp) {
            Ok(mut file) => {
                let written = file.write_all(text.as_bytes());
                drop(file);
                if let Err(e) = written.and_then(|()| std::fs::rename(&tmp, path)) {
                    let _ = std::fs::remove_file(&tmp);
                    return Err(e);
                }
                return Ok(());
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no temporary file could be made")))
}

/// Makes `within/relative` and every directory between (like `create_dir_all`), each a
/// real directory: a symbolic link on the way is refused, so nothing is written outside
/// `within` through one.
///
/// # Errors
/// A directory cannot be made, or a link or a file stands in the way.
pub fn make_dirs_within(
    within: &std::path::Path,
    relative: &std::path::Path,
) -> std::io::Result<()> {
    let mut at = within.to_path_buf();
    for part in relative.components() {
        let std::path::Component::Normal(part) = part else {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("{}: not a plain relative path", relative.display()),
            ));
        };
        at.push(part);
        match std::fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_dir() => {}
            Ok(_) => {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::AlreadyExists,
                    format!(
                        "{}: a link or a file, not a directory (not followed)",
                        at.display()
                    ),
                ));
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => std::fs::create_dir(&at)?,
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn no_link_in_the_way_is_followed() {
        use std::os::unix::fs::{PermissionsExt as _, symlink};
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        std::fs::write(&victim, "keep").unwrap();
        let out = dir.path().join("out");
        std::fs::create_dir(&out).unwrap();
        // The old fixed temporary name, and the file itself, are links to the victim.
        symlink(&victim, out.join("round.pgn.tmp")).unwrap();
        symlink(&victim, out.join("round.pgn")).unwrap();
        write_atomically(&out.join("round.pgn"), "new").unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
        assert_eq!(
            std::fs::read_to_string(out.join("round.pgn")).unwrap(),
            "new"
        );
        assert!(
            !std::fs::symlink_metadata(out.join("round.pgn"))
                .unwrap()
                .file_type()
                .is_symlink()
        );
        write_secret_atomically(&out.join("secret"), "pw").unwrap();
        let mode = std::fs::metadata(out.join("secret"))
            .unwrap()
            .permissions()
            .mode()
            & 0o777;
        assert_eq!(mode, 0o600);
        // A directory on the way that is a link is refused.
        let elsewhere = dir.path().join("elsewhere");
        std::fs::create_dir(&elsewhere).unwrap();
        symlink(&elsewhere, out.join("round-1")).unwrap();
        let e = make_dirs_within(&out, std::path::Path::new("round-1")).unwrap_err();
        assert!(e.to_string().contains("not followed"), "{e}");
        make_dirs_within(&out, std::path::Path::new("round-2/x")).unwrap();
        assert!(out.join("round-2/x").is_dir());
        assert!(make_dirs_within(&out, std::path::Path::new("../up")).is_err());
    }

    #[tokio::test(flavor = "current_thread")]
    async fn work_runs_on_another_thread_and_its_value_comes_back() {
        let caller = std::thread::current().id();
        let (value, thread) = unblock(|| (6 * 7, std::thread::current().id())).await;
        assert_eq!(value, 42);
        assert_ne!(thread, caller, "the work ran off the runtime's thread");
    }
}
