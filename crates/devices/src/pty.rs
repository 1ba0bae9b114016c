//! Pseudo-terminal pairs for simulated devices (the device holds the master side, the
//! host opens the slave path like a serial port).

use std::fs::File;
use std::io;
use std::os::fd::{AsFd, OwnedFd};
use std::path::{Path, PathBuf};

use nix::fcntl::{FcntlArg, OFlag, fcntl};
use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
use nix::sys::termios::{SetArg, cfmakeraw, tcgetattr, tcsetattr};

/// One pseudo-terminal pair in raw mode.
#[derive(Debug)]
pub struct Pty {
    master: File,
    /// Kept open so the pair survives the host closing and reopening its side.
    _slave: OwnedFd,
    path: PathBuf,
}

impl Pty {
    /// Opens a pair; the master is non-blocking (writes with no reader are dropped, as
    /// on a serial line without a listener).
    ///
    /// # Errors
    /// When the system has no free pseudo-terminal.
    pub fn open() -> io::Result<Pty> {
        let pair = nix::pty::openpty(None, None).map_err(io::Error::from)?;
        let mut t = tcgetattr(pair.slave.as_fd()).map_err(io::Error::from)?;
        cfmakeraw(&mut t);
        tcsetattr(pair.slave.as_fd(), SetArg::TCSANOW, &t).map_err(io::Error::from)?;
        fcntl(pair.master.as_fd(), FcntlArg::F_SETFL(OFlag::O_NONBLOCK))
            .map_err(io::Error::from)?;
        let path = std::fs::read_link(format!(
            "/proc/self/fd/{}",
            std::os::fd::AsRawFd::as_raw_fd(&pair.slave)
        ))?;
        Ok(Pty {
            master: File::from(pair.master),
            _slave: pair.slave,
            path,
        })
    }

    /// The path the host opens (e.g. `/dev/pts/7`).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The device's end.
    pub fn master(&self) -> &File {
        &self.master
    }

    /// Whether bytes the device sent wait on the host's side, not read yet.
    pub fn unread(&self) -> bool {
        let mut fds = [PollFd::new(self._slave.as_fd(), PollFlags::POLLIN)];
        poll(&mut fds, PollTimeout::ZERO).unwrap_or(0) > 0
            && fds[0]
                .revents()
                .is_some_and(|r| r.contains(PollFlags::POLLIN))
    }
}

/// Points the symlink `link` at `target` (atomically, through a temporary link). Only
/// a missing path or a symlink to a pseudo-terminal (`/dev/pts/N`, e.g. left by an
/// earlier simulator) is replaced; anything else (a regular file, a directory, a symlink
/// elsewhere) is refused with an error naming `link`, and left as it was.
///
/// # Errors
/// When `link` is something else, or the link cannot be made.
pub fn point_link(link: &Path, target: &Path) -> io::Result<()> {
    match std::fs::symlink_metadata(link) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(io::Error::new(e.kind(), format!("{}: {e}", link.display()))),
        Ok(meta) => {
            let to_pty = meta.file_type().is_symlink()
                && std::fs::read_link(link).is_ok_and(|t| is_pty_path(&t));
            if !to_pty {
                return Err(io::Error::new(
                    io::ErrorKind::AlreadyExists,
                    format!(
                        "{}: exists and is not a symlink to a pseudo-terminal (/dev/pts/N); \
                         refusing to replace it",
                        link.display()
                    ),
                ));
            }
        }
    }
    let tmp = link.with_extension(format!("tmp{}", std::process::id()));
    let _ = std::fs::remove_file(&tmp);
    std::os::unix::fs::symlink(target, &tmp)?;
    std::fs::rename(&tmp, link)
}

/// Whether `path` names a pseudo-terminal: `/dev/pts/` and a number.
fn is_pty_path(path: &Path) -> bool {
    path.strip_prefix("/dev/pts")
        .ok()
        .and_then(|n| n.to_str())
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_link_to_a_pty_is_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("file");
        std::fs::write(&file, "keep me").unwrap();
        let err = point_link(&file, Path::new("/dev/pts/0")).unwrap_err();
        assert!(
            err.to_string()
                .starts_with(&format!("{}: ", file.display())),
            "{err}"
        );
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "keep me");
        let elsewhere = dir.path().join("elsewhere");
        std::os::unix::fs::symlink(&file, &elsewhere).unwrap();
        assert!(point_link(&elsewhere, Path::new("/dev/pts/0")).is_err());
        assert_eq!(std::fs::read_link(&elsewhere).unwrap(), file);
        assert!(point_link(dir.path(), Path::new("/dev/pts/0")).is_err());
        let old = dir.path().join("old");
        std::os::unix::fs::symlink("/dev/pts/41", &old).unwrap();
        point_link(&old, Path::new("/dev/pts/42")).unwrap();
        assert_eq!(std::fs::read_link(&old).unwrap(), Path::new("/dev/pts/42"));
        let new = dir.path().join("new");
        point_link(&new, Path::new("/dev/pts/43")).unwrap();
        assert_eq!(std::fs::read_link(&new).unwrap(), Path::new("/dev/pts/43"));
        assert!(!is_pty_path(Path::new("/dev/pts/ptmx")));
    }
}
