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
    }
}
