//! [`FirmwareSim`]: the real firmware of the peg board or the clock, running in simavr
//! under `hardware/build/avr-harness`, on a pseudo-terminal the host opens like any port.
//!
//! Actions are the same JSON as the Rust simulators' (`{"lift":"e2"}`,
//! `{"lever":"white"}`); the harness plays them at the pins and reports what the
//! firmware does as JSON observations (`hardware/sim/README.md`), kept here in order.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use serde::Serialize;
use serde_json::Value;

use super::SimError;

/// How long after its last contact change an action is taken as done: the firmware's
/// 30 ms debounce plus the frame on the wire, in the harness's simulated time.
const SETTLE_MS: u64 = 45;

/// How long the harness may take to start, answer a command, or end.
const HARNESS_LIMIT: Duration = Duration::from_secs(20);

/// Which of our two devices a firmware image is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirmwareKind {
    /// The tactile peg board (`tactile-board.elf`).
    PegBoard,
    /// The tactile clock (`tactile-clock.elf`).
    Clock,
}

impl FirmwareKind {
    /// The harness's `--device` name.
    fn device(self) -> &'static str {
        match self {
            FirmwareKind::PegBoard => "board",
            FirmwareKind::Clock => "clock",
        }
    }

    /// The image's file name in `hardware/build/`.
    pub fn image_name(self) -> &'static str {
        match self {
            FirmwareKind::PegBoard => "tactile-board.elf",
            FirmwareKind::Clock => "tactile-clock.elf",
        }
    }
}

/// `hardware/build/` of the checkout this crate was built from (where `make -C hardware`
/// puts the harness and the images).
pub fn hardware_build_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../hardware/build")
}

/// Which clock the simulated AVR runs on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum HarnessClock {
    /// Paced to the wall clock, as a device on the table (the station, the demo).
    #[default]
    RealTime,
    /// As fast as the harness can while it has actions to play (`--sim-time`), never
    /// passing a frame's 20 ms answer allowance before the host has acked it; at the
    /// wall clock's pace when idle. For long tests of many inputs.
    Simulated,
}

/// What to run: the harness, the image and how it is wired.
#[derive(Debug, Clone)]
pub struct FirmwarePlan {
    /// `avr-harness`.
    pub harness: PathBuf,
    /// The firmware image (ELF).
    pub elf: PathBuf,
    /// Which device it is.
    pub kind: FirmwareKind,
    /// Also point this symlink at the pseudo-terminal.
    pub link: Option<PathBuf>,
    /// The holes with a peg at power-on, as the board part of a FEN (peg board only;
    /// `None`: the start position).
    pub occupancy: Option<String>,
}

impl FirmwarePlan {
    /// The image of `kind` from this checkout's `hardware/build/`, with its harness.
    pub fn in_checkout(kind: FirmwareKind) -> Self {
        Self::with_image(kind, hardware_build_dir().join(kind.image_name()))
    }

    /// The image `elf`, run by this checkout's harness.
    pub fn with_image(kind: FirmwareKind, elf: PathBuf) -> Self {
        FirmwarePlan {
            harness: hardware_build_dir().join("avr-harness"),
            elf,
            kind,
            link: None,
            occupancy: None,
        }
    }
}

/// Why the firmware could not be started.
#[derive(Debug, thiserror::Error)]
pub enum FirmwareError {
    /// The harness or the image is not there.
    #[error("no {what} at {}: run `make -C hardware` first", path.display())]
    Missing {
        /// "firmware image" or "avr-harness".
        what: &'static str,
        /// Where it was looked for.
        path: PathBuf,
    },
    /// The harness could not be run, or ended or stalled before it was ready.
    #[error("avr-harness with {}: {message}", elf.display())]
    Harness {
        /// The image.
        elf: PathBuf,
        /// What went wrong.
        message: String,
    },
    /// The harness (or the thread reading it) could not be started.
    #[error("avr-harness with {}: {source}", elf.display())]
    Start {
        /// The image.
        elf: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
}

/// The observations so far and whether the harness has ended.
#[derive(Debug, Default)]
struct Log {
    lines: Vec<Value>,
    ended: bool,
}

type Shared = Arc<(Mutex<Log>, Condvar)>;

/// A firmware image running in `avr-harness`: the device on a pseudo-terminal.
#[derive(Debug)]
pub struct FirmwareSim {
    child: Child,
    stdin: Mutex<Option<ChildStdin>>,
    log: Shared,
    pty: PathBuf,
    link: Option<PathBuf>,
    reader: Option<thread::JoinHandle<()>>,
}

impl FirmwareSim {
    /// Starts the harness with the image and waits for its `ready` line.
    ///
    /// # Errors
    /// [`FirmwareError::Missing`] naming the missing file and the fix, or
    /// [`FirmwareError::Harness`] when it does not come up.
    pub fn spawn(plan: &FirmwarePlan) -> Result<Self, FirmwareError> {
        Self::spawn_on(plan, HarnessClock::RealTime)
    }

    /// Starts the harness with the image on `clock` and waits for its `ready` line.
    ///
    /// # Errors
    /// As [`spawn`](Self::spawn).
    pub fn spawn_on(plan: &FirmwarePlan, clock: HarnessClock) -> Result<Self, FirmwareError> {
        for (what, path) in [
            ("avr-harness", &plan.harness),
            ("firmware image", &plan.elf),
        ] {
            if !path.is_file() {
                return Err(FirmwareError::Missing {
                    what,
                    path: path.clone(),
                });
            }
        }
        let failed = |message: String| FirmwareError::Harness {
            elf: plan.elf.clone(),
            message,
        };
        let mut cmd = Command::new(&plan.harness);
        // It ends when its stdin closes: also when this process dies without a `quit`.
        cmd.args(["--exit-on-eof", "--device", plan.kind.device()]);
        if let Some(link) = &plan.link {
            cmd.arg("--link").arg(link);
        }
        if let Some(occ) = &plan.occupancy {
            cmd.args(["--occupancy", occ]);
        }
        if clock == HarnessClock::Simulated {
            cmd.arg("--sim-time");
        }
        cmd.arg(&plan.elf)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        let started = |source| FirmwareError::Start {
            elf: plan.elf.clone(),
            source,
        };
        let mut child = cmd.spawn().map_err(started)?;
        let stdout = child.stdout.take().expect("piped");
        let stdin = child.stdin.take();
        let log: Shared = Arc::default();
        let shared = log.clone();
        let reader = thread::Builder::new()
            .name("annabella-avr".into())
            .spawn(move || read_observations(stdout, &shared))
            .map_err(started)?;
        let mut sim = FirmwareSim {
            child,
            stdin: Mutex::new(stdin),
            log,
            pty: PathBuf::new(),
            link: None,
            reader: Some(reader),
        };
        let ready = sim.wait_for_line(0, HARNESS_LIMIT, |l| l.get("ready").is_some());
        let Some(ready) = ready else {
            return Err(failed("no `ready` line".into()));
        };
        let ready = &sim.observations()[ready]["ready"];
        sim.pty = PathBuf::from(ready["pty"].as_str().unwrap_or_default());
        sim.link = ready["link"]
            .as_str()
            .filter(|l| !l.is_empty())
            .map(PathBuf::from);
        Ok(sim)
    }

    /// The path the host opens (the link, if any, else the pseudo-terminal).
    pub fn path(&self) -> &Path {
        self.link.as_deref().unwrap_or(&self.pty)
    }

    /// The pseudo-terminal itself.
    pub fn pty_path(&self) -> &Path {
        &self.pty
    }

    /// Every observation so far, in order (`{"t_us":…,"device":{…}}`, …).
    pub fn observations(&self) -> Vec<Value> {
        self.log.0.lock().expect("log").lines.clone()
    }

    /// The observations with `key` so far (their values).
    pub fn observed(&self, key: &str) -> Vec<Value> {
        let log = self.log.0.lock().expect("log");
        log.lines
            .iter()
            .filter_map(|l| l.get(key).cloned())
            .collect()
    }

    /// Waits (at most `limit`) until the observations satisfy `done`; returns whether
    /// they did.
    pub fn wait_until(&self, limit: Duration, mut done: impl FnMut(&[Value]) -> bool) -> bool {
        let end = Instant::now() + limit;
        let (lock, changed) = &*self.log;
        let mut log = lock.lock().expect("log");
        loop {
            if done(&log.lines) {
                return true;
            }
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() || log.ended {
                return false;
            }
            log = changed.wait_timeout(log, left).expect("log").0;
        }
    }

    /// Waits until the host has opened the port and asked the device to announce itself
    /// (HELLO_REQUEST), the firmware has acked that, and has had time to answer; at most
    /// `limit`. Returns whether it did. (An event of the device queued before that
    /// HELLO_REQUEST is dropped by it: the device empties its queue to answer HELLO, and
    /// the state that follows replaces the events.)
    pub fn wait_for_host(&self, limit: Duration) -> bool {
        self.wait_until(limit, |lines| {
            // A HELLO_REQUEST the firmware took (acked): one sent while it was still
            // starting is lost, and the host's retry would reset the link again later.
            lines.iter().enumerate().any(|(i, l)| {
                l["host"]["type"] == "hello_request"
                    && lines[i..].iter().any(|d| {
                        d["device"]["type"] == "ack" && d["device"]["acked"] == l["host"]["seq"]
                    })
            })
        }) && self.settle().is_ok()
    }

    /// Plays an action at the pins (the JSON of a `PegAction`/`ClockAction`, or any
    /// harness command; its first key names the action, so extra keys such as
    /// `bounce_ms` must come after it) and returns once it has happened and the firmware has had time
    /// to report it (its debounce, in simulated time).
    ///
    /// # Errors
    /// [`SimError::Firmware`] with the harness's reason when it refuses the action,
    /// [`SimError::Stopped`] when the harness has ended.
    pub fn act<A: Serialize>(&self, action: &A) -> Result<(), SimError> {
        let line = serde_json::to_string(action).map_err(|e| SimError::Json(e.into()))?;
        let from = self.send(&line)?;
        let answer = self
            .wait_for_line(from, HARNESS_LIMIT, |l| {
                l.get("did").is_some() || l.get("error").is_some()
            })
            .ok_or(SimError::Stopped)?;
        if let Some(why) = self.observations()[answer]["error"].as_str() {
            let why = why.split_once(": ").map_or(why, |(_, w)| w);
            return Err(SimError::Firmware(why.to_owned()));
        }
        self.settle()
    }

    /// Plays `actions` one after another, `gap_ms` of simulated time apart, without
    /// waiting for each (as fast as the harness runs them), then settles.
    ///
    /// # Errors
    /// [`SimError::Firmware`] with the first refused action's reason (the others still
    /// ran), [`SimError::Stopped`] when the harness has ended.
    pub fn play_all<A: Serialize>(&self, actions: &[A], gap_ms: u64) -> Result<(), SimError> {
        let from = self.log.0.lock().expect("log").lines.len();
        for action in actions {
            let line = serde_json::to_string(action).map_err(|e| SimError::Json(e.into()))?;
            self.send(&line)?;
            self.send(&format!("{{\"wait\":{gap_ms}}}"))?;
        }
        let played = Duration::from_millis(gap_ms.saturating_mul(actions.len() as u64));
        self.settle_within(HARNESS_LIMIT + played)?;
        let refused = self.observations()[from..]
            .iter()
            .find_map(|l| l["error"].as_str().map(str::to_owned));
        refused.map_or(Ok(()), |why| Err(SimError::Firmware(why)))
    }

    /// Returns once `SETTLE_MS` of simulated time have passed after everything sent
    /// so far has happened: every contact change is debounced and reported.
    ///
    /// # Errors
    /// [`SimError::Stopped`] when the harness has ended.
    pub fn settle(&self) -> Result<(), SimError> {
        self.settle_within(HARNESS_LIMIT)
    }

    fn settle_within(&self, limit: Duration) -> Result<(), SimError> {
        self.send(&format!("{{\"wait\":{SETTLE_MS}}}"))?;
        let from = self.send("{\"stats\":true}")?;
        self.wait_for_line(from, limit, |l| l.get("stats").is_some())
            .map(|_| ())
            .ok_or(SimError::Stopped)
    }

    /// Sends one command line; returns the number of observations before it.
    fn send(&self, line: &str) -> Result<usize, SimError> {
        let mut stdin = self.stdin.lock().expect("stdin");
        let from = self.log.0.lock().expect("log").lines.len();
        let pipe = stdin.as_mut().ok_or(SimError::Stopped)?;
        writeln!(pipe, "{line}")
            .and_then(|()| pipe.flush())
            .map_err(|_| SimError::Stopped)?;
        Ok(from)
    }

    /// The index of the first observation from `from` on that `is` accepts.
    fn wait_for_line(
        &self,
        from: usize,
        limit: Duration,
        is: impl Fn(&Value) -> bool,
    ) -> Option<usize> {
        let mut found = None;
        self.wait_until(limit, |lines| {
            found = lines.iter().skip(from).position(&is).map(|i| i + from);
            found.is_some()
        });
        found
    }

    /// Ends the harness ("unplugs" the device): `quit`, or a kill if it does not end.
    pub fn stop(mut self) {
        self.shutdown();
    }

    fn shutdown(&mut self) {
        let _ = self.send("{\"quit\":true}");
        self.stdin.lock().expect("stdin").take();
        // Returns at once when the harness has ended; it is killed if it has not.
        self.wait_until(Duration::from_secs(5), |_| false);
        if !self.log.0.lock().expect("log").ended {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
        if let Some(r) = self.reader.take() {
            let _ = r.join();
        }
    }
}

impl Drop for FirmwareSim {
    fn drop(&mut self) {
        if self.reader.is_some() {
            self.shutdown();
        }
    }
}

fn read_observations(stdout: std::process::ChildStdout, log: &Shared) {
    let (lock, changed) = &**log;
    for line in BufReader::new(stdout).lines() {
        let Ok(line) = line else { break };
        let value = serde_json::from_str(&line).unwrap_or(Value::String(line));
        lock.lock().expect("log").lines.push(value);
        changed.notify_all();
    }
    lock.lock().expect("log").ended = true;
    changed.notify_all();
}
