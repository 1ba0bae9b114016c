//! Pseudo-terminal pairs for simulated devices (the device holds the master side, the
//! host opens the slave path like a serial port).

use std::fs::File;
use std::io;
use std::os::fd::{AsFd, OwnedFd};
use std::path::{Path, PathBuf};

use nix::fcntl::{FcntlArg, OFlag, fcntl};
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
}

/// Points `link` at `target` atomically (a stable name that can be re-pointed when a
/// simulated device is "plugged in" again).
///
/// # Errors
/// When the link cannot be created or renamed into place.
pub fn point_link(link: &Path, target: &Path) -> io::Result<()> {
    let tmp = link.with_extension(format!("tmp{}", std::process::id()));
    let _ = std::fs::remove_file(&tmp);
    std::os::unix::fs::symlink(target, &tmp)?;
    std::fs::rename(&tmp, link)
}
