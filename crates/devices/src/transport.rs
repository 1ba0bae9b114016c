//! Serial links: open a port (stable names from `/dev/serial/by-id`), drive a sans-IO
//! codec, keep the link alive, and reopen it with backoff after an unplug.
//!
//! [`spawn`] starts one tokio task per device. It reports [`PortEvent`]s: `Opened`
//! (the codec has queued a full state re-read: board dump, or HELLO + snapshot/state),
//! the codec's own events, and `Lost` when the port failed or fell silent. A `Lost` is a
//! gap: no move may be inferred across it (the table's detectors have `handle_gap`; the
//! re-read state is only compared with the game).

use std::fmt::Debug;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::mpsc;
use tokio_serial::{SerialPort, SerialPortBuilderExt, SerialStream};

use crate::dgt::{DgtBoard, DgtEvent};

/// A sans-IO device codec a [`spawn`]ed link can drive. Its time is the cores' one type,
/// a [`Duration`] since the link's epoch (the instant the link task started): the task
/// translates `Instant` once, here at the edge.
pub trait Codec: Send + 'static {
    /// The codec's events.
    type Event: Send + Debug + 'static;
    /// The port was (re)opened: reset and queue the full state re-read.
    fn connect(&mut self, now: Duration);
    /// Queue a keep-alive request (something the device answers).
    fn keep_alive(&mut self, now: Duration);
    /// Bytes from the port.
    fn handle_bytes(&mut self, now: Duration, bytes: &[u8]);
    /// Next event.
    fn poll_event(&mut self) -> Option<Self::Event>;
    /// Next bytes to write.
    fn poll_transmit(&mut self, buf: &mut Vec<u8>) -> Option<usize>;
    /// Next timer.
    fn poll_timeout(&self) -> Option<Duration>;
    /// Timer expired.
    fn handle_timeout(&mut self, now: Duration);
}

impl Codec for DgtBoard {
    type Event = DgtEvent;
    fn connect(&mut self, now: Duration) {
        DgtBoard::connect(self, now)
    }
    fn keep_alive(&mut self, _now: Duration) {
        DgtBoard::keep_alive(self)
    }
    fn handle_bytes(&mut self, now: Duration, bytes: &[u8]) {
        DgtBoard::handle_bytes(self, now, bytes)
    }
    fn poll_event(&mut self) -> Option<DgtEvent> {
        DgtBoard::poll_event(self)
    }
    fn poll_transmit(&mut self, buf: &mut Vec<u8>) -> Option<usize> {
        DgtBoard::poll_transmit(self, buf)
    }
    fn poll_timeout(&self) -> Option<Duration> {
        DgtBoard::poll_timeout(self)
    }
    fn handle_timeout(&mut self, now: Duration) {
        DgtBoard::handle_timeout(self, now)
    }
}

/// How to open and watch a port.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PortConfig {
    /// Device path (a `/dev/serial/by-id/…` name survives replugging).
    pub path: PathBuf,
    /// Baud rate (DGT: 9600; our devices: 115200).
    pub baud: u32,
    /// Send a keep-alive this often.
    pub keep_alive: Duration,
    /// Declare the link lost after this long without a byte.
    pub silence: Duration,
    /// First reopen delay; doubles up to `backoff_max`.
    pub backoff: Duration,
    /// Longest reopen delay.
    pub backoff_max: Duration,
}

impl PortConfig {
    /// Defaults for `path` at `baud`: keep-alive 1 s, silence 3.5 s, backoff 100 ms–2 s.
    pub fn new(path: impl Into<PathBuf>, baud: u32) -> Self {
        PortConfig {
            path: path.into(),
            baud,
            keep_alive: Duration::from_secs(1),
            silence: Duration::from_millis(3500),
            backoff: Duration::from_millis(100),
            backoff_max: Duration::from_secs(2),
        }
    }
}

/// What a link reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PortEvent<E> {
    /// The port is open and the full state is being re-read.
    Opened {
        /// The path opened.
        path: PathBuf,
        /// True after a gap (a reconnect), false the first time.
        reconnect: bool,
    },
    /// An event of the device.
    Device(E),
    /// The link failed or fell silent: a gap. Nothing is inferred across it.
    Lost {
        /// Why.
        reason: String,
    },
    /// The port could not be opened (reported once per outage; retries go on).
    OpenFailed {
        /// Why.
        reason: String,
    },
}

type Job<C> = Box<dyn FnOnce(&mut C, Duration) + Send>;

/// A running link: events out, commands in.
pub struct Link<C: Codec> {
    events: mpsc::UnboundedReceiver<PortEvent<C::Event>>,
    jobs: mpsc::UnboundedSender<Job<C>>,
    task: tokio::task::JoinHandle<()>,
}

impl<C: Codec> Debug for Link<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Link").finish_non_exhaustive()
    }
}

impl<C: Codec> Link<C> {
    /// The next event; `None` once the link task has ended.
    pub async fn next_event(&mut self) -> Option<PortEvent<C::Event>> {
        self.events.recv().await
    }

    /// Runs a command on the codec inside the link task (e.g.
    /// `link.command(|clock, now| clock.pause(now))`; `now` is the codec's time).
    pub fn command(&self, f: impl FnOnce(&mut C, Duration) + Send + 'static) {
        let _ = self.jobs.send(Box::new(f));
    }
}

impl<C: Codec> Drop for Link<C> {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Starts a link task on the current tokio runtime.
///
/// # Panics
/// Outside a tokio runtime (as `tokio::spawn` does).
pub fn spawn<C: Codec>(config: PortConfig, codec: C) -> Link<C> {
    let (etx, events) = mpsc::unbounded_channel();
    let (jobs, jrx) = mpsc::unbounded_channel();
    let task = tokio::spawn(run(config, codec, etx, jrx));
    Link { events, jobs, task }
}

/// A serial port that could not be opened, read or written: the path and what the system
/// said (`/dev/ttyUSB0: No such file or directory`).
#[derive(Debug, thiserror::Error)]
pub enum PortError {
    /// The port could not be opened.
    #[error("{}: {reason}", path.display())]
    Open {
        /// The port's path.
        path: PathBuf,
        /// What the serial library said.
        reason: serialport::Error,
    },
    /// Reading or writing the open port failed.
    #[error("{}: {reason}", path.display())]
    Io {
        /// The port's path.
        path: PathBuf,
        /// What the system said.
        reason: std::io::Error,
    },
}

impl PortError {
    /// The port's path.
    #[must_use]
    pub fn path(&self) -> &Path {
        match self {
            Self::Open { path, .. } | Self::Io { path, .. } => path,
        }
    }

    pub(crate) fn open(path: &Path, reason: serialport::Error) -> Self {
        Self::Open {
            path: path.to_owned(),
            reason,
        }
    }

    pub(crate) fn io(path: &Path, reason: std::io::Error) -> Self {
        Self::Io {
            path: path.to_owned(),
            reason,
        }
    }
}

/// Opens the port once and closes it again: whether a device can be reached there at all.
/// A missing path, a directory or a file that is no terminal (`/dev/null`) cannot.
///
/// # Errors
/// What the system said, naming the path.
pub fn probe(config: &PortConfig) -> Result<(), PortError> {
    serialport::new(config.path.to_string_lossy(), config.baud)
        .timeout(Duration::from_millis(100))
        .open()
        .map(drop)
        .map_err(|e| PortError::open(&config.path, e))
}

fn open(config: &PortConfig) -> Result<SerialStream, PortError> {
    let mut port = tokio_serial::new(config.path.to_string_lossy(), config.baud)
        .timeout(Duration::from_millis(100))
        .open_native_async()
        .map_err(|e| PortError::open(&config.path, e))?;
    let _ = port.set_exclusive(false);
    let _ = port.clear(tokio_serial::ClearBuffer::All);
    Ok(port)
}

enum End {
    Lost(String),
    Closed,
}

async fn run<C: Codec>(
    config: PortConfig,
    mut codec: C,
    events: mpsc::UnboundedSender<PortEvent<C::Event>>,
    mut jobs: mpsc::UnboundedReceiver<Job<C>>,
) {
    // The codec's times count from here; `Instant` is translated nowhere else.
    let epoch = Instant::now();
    let mut reconnect = false;
    let mut backoff = config.backoff;
    let mut failing = false;
    loop {
        let port = match open(&config) {
            Ok(p) => p,
            Err(error) => {
                if !failing {
                    failing = true;
                    let reason = error.to_string();
                    if events.send(PortEvent::OpenFailed { reason }).is_err() {
                        return;
                    }
                }
                tokio::select! {
                    _ = tokio::time::sleep(backoff) => {}
                    job = jobs.recv() => match job {
                        // Commands while unplugged still reach the codec (queued for later).
                        Some(job) => job(&mut codec, epoch.elapsed()),
                        None => return,
                    },
                }
                backoff = (backoff * 2).min(config.backoff_max);
                continue;
            }
        };
        failing = false;
        backoff = config.backoff;
        codec.connect(epoch.elapsed());
        if events
            .send(PortEvent::Opened {
                path: config.path.clone(),
                reconnect,
            })
            .is_err()
        {
            return;
        }
        match drive(&config, epoch, port, &mut codec, &events, &mut jobs).await {
            End::Closed => return,
            End::Lost(reason) => {
                reconnect = true;
                if events.send(PortEvent::Lost { reason }).is_err() {
                    return;
                }
            }
        }
    }
}

async fn drive<C: Codec>(
    config: &PortConfig,
    epoch: Instant,
    mut port: SerialStream,
    codec: &mut C,
    events: &mpsc::UnboundedSender<PortEvent<C::Event>>,
    jobs: &mut mpsc::UnboundedReceiver<Job<C>>,
) -> End {
    let mut buf = [0u8; 1024];
    let mut out = Vec::new();
    let start = Instant::now();
    let mut last_rx = start;
    let mut next_keep_alive = start + config.keep_alive;
    loop {
        out.clear();
        while codec.poll_transmit(&mut out).is_some() {}
        if !out.is_empty() {
            // Fully qualified: std::io::Write and AsyncWriteExt clash on SerialStream (E0034).
            if let Err(e) = AsyncWriteExt::write_all(&mut port, &out).await {
                return End::Lost(format!("write failed: {e}"));
            }
        }
        while let Some(ev) = codec.poll_event() {
            if events.send(PortEvent::Device(ev)).is_err() {
                return End::Closed;
            }
        }
        let silence_at = last_rx + config.silence;
        let mut deadline = next_keep_alive.min(silence_at);
        if let Some(t) = codec.poll_timeout() {
            deadline = deadline.min(epoch + t);
        }
        tokio::select! {
            r = AsyncReadExt::read(&mut port, &mut buf) => match r {
                Ok(0) => return End::Lost("port closed".into()),
                Ok(n) => {
                    last_rx = Instant::now();
                    codec.handle_bytes(last_rx - epoch, &buf[..n]);
                }
                Err(e) if e.kind() == std::io::ErrorKind::TimedOut || e.kind() == std::io::ErrorKind::WouldBlock => {}
                Err(e) => return End::Lost(format!("read failed: {e}")),
            },
            _ = tokio::time::sleep_until(deadline.into()) => {
                let now = Instant::now();
                if now >= silence_at {
                    return End::Lost(format!("no answer for {} ms", config.silence.as_millis()));
                }
                if now >= next_keep_alive {
                    codec.keep_alive(now - epoch);
                    next_keep_alive = now + config.keep_alive;
                }
                codec.handle_timeout(now - epoch);
            }
            job = jobs.recv() => match job {
                Some(job) => job(codec, epoch.elapsed()),
                None => return End::Closed,
            },
        }
    }
}

/// A serial port found on this machine.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PortInfo {
    /// Kernel device path (e.g. `/dev/ttyACM0`).
    pub path: PathBuf,
    /// Stable name under `/dev/serial/by-id`, if any (use this in configuration).
    pub by_id: Option<PathBuf>,
    /// What serialport reports about it (USB ids, product), if anything.
    pub description: String,
}

impl PortInfo {
    /// The port as `annabella devices list` writes it: path, stable name, description.
    pub fn line(&self) -> String {
        let by_id = self
            .by_id
            .as_ref()
            .map(|b| format!("  ({})", b.display()))
            .unwrap_or_default();
        format!("{}{by_id}  {}", self.path.display(), self.description)
    }
}

/// Lists serial ports, with their stable `/dev/serial/by-id` names.
pub fn list_ports() -> Vec<PortInfo> {
    let by_id = by_id_links(Path::new("/dev/serial/by-id"));
    let mut out: Vec<PortInfo> = serialport::available_ports()
        .unwrap_or_default()
        .into_iter()
        .map(|p| {
            let path = PathBuf::from(&p.port_name);
            let description = match p.port_type {
                serialport::SerialPortType::UsbPort(u) => format!(
                    "usb {:04x}:{:04x} {} {}",
                    u.vid,
                    u.pid,
                    u.manufacturer.unwrap_or_default(),
                    u.product.unwrap_or_default()
                )
                .trim()
                .to_string(),
                serialport::SerialPortType::PciPort => "pci".into(),
                serialport::SerialPortType::BluetoothPort => "bluetooth".into(),
                serialport::SerialPortType::Unknown => String::new(),
            };
            PortInfo {
                by_id: stable_name_in(&by_id, &path),
                path,
                description,
            }
        })
        .collect();
    // Ports only visible through by-id (serialport without libudev may miss some).
    for (link, target) in &by_id {
        if !out.iter().any(|p| canonical(&p.path) == *target) {
            out.push(PortInfo {
                path: target.clone(),
                by_id: Some(link.clone()),
                description: String::new(),
            });
        }
    }
    out
}

fn canonical(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

/// (link, canonical target) pairs in a by-id directory.
pub fn by_id_links(dir: &Path) -> Vec<(PathBuf, PathBuf)> {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut v: Vec<_> = rd
        .filter_map(|e| e.ok())
        .map(|e| (e.path(), canonical(&e.path())))
        .collect();
    v.sort();
    v
}

fn stable_name_in(links: &[(PathBuf, PathBuf)], path: &Path) -> Option<PathBuf> {
    let target = canonical(path);
    links
        .iter()
        .find(|(_, t)| *t == target)
        .map(|(l, _)| l.clone())
}

/// The stable `/dev/serial/by-id` name of a port, if it has one.
pub fn stable_name(path: &Path) -> Option<PathBuf> {
    stable_name_in(&by_id_links(Path::new("/dev/serial/by-id")), path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stable_names_resolve_links() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("ttyACM0");
        std::fs::write(&target, b"").unwrap();
        let link = dir
            .path()
            .join("by-id")
            .join("usb-annabella_peg-board_0001-if00");
        std::fs::create_dir(link.parent().unwrap()).unwrap();
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let links = by_id_links(&dir.path().join("by-id"));
        assert_eq!(stable_name_in(&links, &target), Some(link));
        assert_eq!(stable_name_in(&links, &dir.path().join("other")), None);
    }
}
