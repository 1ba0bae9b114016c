//! [`Simulator`]: one simulated device on a pseudo-terminal, served by a thread.

use std::io::{self, Read, Write};
use std::os::fd::AsFd;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use nix::poll::{PollFd, PollFlags, PollTimeout, poll};

use super::{SimDevice, SimError};
use crate::pty::{Pty, point_link};

type Inspect<D> = Box<dyn FnOnce(&mut D) + Send>;

enum Control<D: SimDevice> {
    Act(D::Action, mpsc::Sender<Result<(), SimError>>),
    Inspect(Inspect<D>),
    /// Answered once everything the device sent has been read by the host.
    Taken(mpsc::Sender<()>),
    Stop,
}

/// A simulated device running on its own thread behind a pseudo-terminal.
pub struct Simulator<D: SimDevice> {
    host_seen: std::sync::Arc<std::sync::atomic::AtomicBool>,
    path: PathBuf,
    link: Option<PathBuf>,
    control: mpsc::Sender<Control<D>>,
    thread: Option<thread::JoinHandle<()>>,
}

impl<D: SimDevice> std::fmt::Debug for Simulator<D> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Simulator")
            .field("path", &self.path)
            .field("link", &self.link)
            .finish()
    }
}

impl<D: SimDevice> Simulator<D> {
    /// Opens a pseudo-terminal and starts the device on it.
    ///
    /// # Errors
    /// When no pseudo-terminal can be opened.
    pub fn spawn(device: D) -> io::Result<Self> {
        let pty = Pty::open()?;
        let path = pty.path().to_path_buf();
        let (tx, rx) = mpsc::channel();
        let host_seen = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let seen = host_seen.clone();
        let thread = thread::Builder::new()
            .name("annabella-sim".into())
            .spawn(move || run(pty, device, rx, seen))?;
        Ok(Simulator {
            host_seen,
            path,
            link: None,
            control: tx,
            thread: Some(thread),
        })
    }

    /// Like [`spawn`](Self::spawn), and points the symlink `link` at the new
    /// pseudo-terminal (a stable name that survives "unplugging" the device).
    ///
    /// # Errors
    /// When no pseudo-terminal can be opened or the link cannot be made.
    pub fn spawn_at(device: D, link: &Path) -> io::Result<Self> {
        let mut sim = Self::spawn(device)?;
        point_link(link, &sim.path)?;
        sim.link = Some(link.to_path_buf());
        Ok(sim)
    }

    /// The path the host opens.
    pub fn path(&self) -> &Path {
        self.link.as_deref().unwrap_or(&self.path)
    }

    /// The pseudo-terminal itself (e.g. `/dev/pts/7`).
    pub fn pty_path(&self) -> &Path {
        &self.path
    }

    /// Whether the host has sent anything yet.
    pub fn host_seen(&self) -> bool {
        self.host_seen.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Waits until the host has sent something (it opened the port) and has taken the
    /// device up ([`SimDevice::host_ready`]), at most `limit`. Returns whether it did.
    pub fn wait_for_host(&self, limit: Duration) -> bool {
        let end = Instant::now() + limit;
        while !self.host_seen() || self.inspect(|d| d.host_ready()) != Some(true) {
            if Instant::now() >= end {
                return false;
            }
            thread::sleep(Duration::from_millis(5));
        }
        true
    }

    /// Carries out an action on the device.
    ///
    /// # Errors
    /// When the action does not fit the device's state, or the simulator stopped.
    pub fn act(&self, action: D::Action) -> Result<(), SimError> {
        let (tx, rx) = mpsc::channel();
        self.control
            .send(Control::Act(action, tx))
            .map_err(|_| SimError::Stopped)?;
        rx.recv().map_err(|_| SimError::Stopped)?
    }

    /// Waits (at most `limit`) until the host has read everything the device has sent so
    /// far (the bytes of the last action included); returns whether it did. A host that
    /// does not read (its port closed) leaves the bytes waiting: `false` after `limit`.
    pub fn taken(&self, limit: Duration) -> bool {
        let (tx, rx) = mpsc::channel();
        if self.control.send(Control::Taken(tx)).is_err() {
            return false;
        }
        rx.recv_timeout(limit).is_ok()
    }

    /// Runs `f` on the device's state (between two I/O rounds) and returns its result.
    pub fn inspect<R: Send + 'static>(
        &self,
        f: impl FnOnce(&mut D) -> R + Send + 'static,
    ) -> Option<R> {
        let (tx, rx) = mpsc::channel();
        let job: Inspect<D> = Box::new(move |d| {
            let _ = tx.send(f(d));
        });
        self.control.send(Control::Inspect(job)).ok()?;
        rx.recv().ok()
    }

    /// Stops the device and closes the pseudo-terminal ("unplugs" it).
    pub fn stop(mut self) {
        self.shutdown();
    }

    fn shutdown(&mut self) {
        let _ = self.control.send(Control::Stop);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl<D: SimDevice> Drop for Simulator<D> {
    fn drop(&mut self) {
        self.shutdown();
    }
}

fn run<D: SimDevice>(
    pty: Pty,
    mut device: D,
    control: mpsc::Receiver<Control<D>>,
    host_seen: std::sync::Arc<std::sync::atomic::AtomicBool>,
) {
    let mut master = pty.master();
    let mut buf = [0u8; 512];
    let mut out = Vec::new();
    let mut waiting: Vec<mpsc::Sender<()>> = Vec::new();
    // The device's times count from here (the one translation of `Instant`).
    let epoch = Instant::now();
    loop {
        let now = epoch.elapsed();
        let wait = device
            .poll_timeout()
            .map(|t| t.saturating_sub(now))
            .unwrap_or(Duration::from_millis(10))
            .min(Duration::from_millis(10));
        let mut fds = [PollFd::new(master.as_fd(), PollFlags::POLLIN)];
        let ready = poll(&mut fds, PollTimeout::from(wait.as_millis() as u16)).unwrap_or(0);
        let now = epoch.elapsed();
        if ready > 0 {
            match master.read(&mut buf) {
                Ok(n) if n > 0 => {
                    host_seen.store(true, std::sync::atomic::Ordering::SeqCst);
                    device.handle_bytes(now, &buf[..n]);
                }
                _ => {}
            }
        }
        loop {
            match control.try_recv() {
                Ok(Control::Act(a, reply)) => {
                    let _ = reply.send(device.act(now, a));
                }
                Ok(Control::Inspect(f)) => f(&mut device),
                Ok(Control::Taken(reply)) => waiting.push(reply),
                Ok(Control::Stop) | Err(mpsc::TryRecvError::Disconnected) => return,
                Err(mpsc::TryRecvError::Empty) => break,
            }
        }
        device.handle_timeout(now);
        out.clear();
        while device.poll_transmit(&mut out).is_some() {}
        if !out.is_empty() {
            // Non-blocking: with nobody listening the bytes are lost, as on a real line.
            let _ = master.write(&out);
        }
        if !waiting.is_empty() && !pty.unread() {
            for reply in waiting.drain(..) {
                let _ = reply.send(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::os::unix::fs::OpenOptionsExt as _;

    use super::*;

    /// A device that sends each action's text to the host.
    struct Echo(Vec<u8>);

    impl SimDevice for Echo {
        type Action = String;
        fn handle_bytes(&mut self, _: Duration, _: &[u8]) {}
        fn act(&mut self, _: Duration, action: String) -> Result<(), SimError> {
            self.0.extend(action.bytes());
            Ok(())
        }
        fn poll_transmit(&mut self, buf: &mut Vec<u8>) -> Option<usize> {
            let n = self.0.len();
            (n > 0).then(|| {
                buf.append(&mut self.0);
                n
            })
        }
        fn poll_timeout(&self) -> Option<Duration> {
            None
        }
        fn handle_timeout(&mut self, _: Duration) {}
    }

    #[test]
    fn an_action_is_taken_once_the_host_has_read_its_bytes() {
        let sim = Simulator::spawn(Echo(Vec::new())).unwrap();
        let mut host = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .custom_flags(nix::fcntl::OFlag::O_NOCTTY.bits())
            .open(sim.path())
            .unwrap();
        assert!(sim.taken(Duration::from_secs(5)), "nothing sent yet");
        sim.act("press".into()).unwrap();
        assert!(
            !sim.taken(Duration::from_millis(300)),
            "the host has not read the press"
        );
        let mut bytes = [0u8; 5];
        host.read_exact(&mut bytes).unwrap();
        assert_eq!(&bytes, b"press");
        assert!(sim.taken(Duration::from_secs(5)), "the host read it");
    }
}
