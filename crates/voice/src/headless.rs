//! A private, headless speech-dispatcher: its own configuration, socket and logs in a
//! temporary folder, espeak-ng as module, audio written to a raw file through ALSA's
//! `file` device. For tests, benchmarks and tables on machines without a sound session.

use std::{
    io,
    path::PathBuf,
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

/// A running speech-dispatcher of our own; stopped (SIGTERM) when dropped.
#[derive(Debug)]
pub struct HeadlessSpeechd {
    child: Child,
    dir: tempfile::TempDir,
}

impl HeadlessSpeechd {
    /// Starts the daemon and waits (at most 20 s) until its socket is there.
    ///
    /// # Errors
    ///
    /// When speech-dispatcher is not installed, exits at start or does not come up;
    /// the message says which.
    pub fn start() -> io::Result<HeadlessSpeechd> {
        let dir = tempfile::tempdir()?;
        let conf = dir.path().join("conf");
        let logs = dir.path().join("logs");
        std::fs::create_dir_all(&conf)?;
        std::fs::create_dir_all(&logs)?;
        std::fs::write(
            conf.join("speechd.conf"),
            format!(
                "AudioOutputMethod \"alsa\"\n\
                 AudioALSADevice \"file:FILE={},FORMAT=raw\"\n\
                 AddModule \"espeak-ng\" \"sd_espeak-ng\" \"espeak-ng.conf\"\n\
                 DefaultModule espeak-ng\n\
                 LogLevel 1\n",
                dir.path().join("spoken.raw").display()
            ),
        )?;
        let sock = dir.path().join("sock");
        let child = Command::new("speech-dispatcher")
            .args(["-s", "-t", "0", "-C"])
            .arg(&conf)
            .args(["-c", "unix_socket", "-S"])
            .arg(&sock)
            .arg("-L")
            .arg(&logs)
            .arg("-P")
            .arg(dir.path().join("pid"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| {
                io::Error::new(
                    e.kind(),
                    format!("cannot start speech-dispatcher (scripts/setup.sh installs it): {e}"),
                )
            })?;
        let mut daemon = HeadlessSpeechd { child, dir };
        let deadline = Instant::now() + Duration::from_secs(20);
        while !sock.exists() {
            if let Some(status) = daemon.child.try_wait()? {
                return Err(io::Error::other(format!(
                    "speech-dispatcher exited at start ({status})"
                )));
            }
            if Instant::now() >= deadline {
                return Err(io::Error::other(
                    "speech-dispatcher did not open its socket within 20 s",
                ));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        Ok(daemon)
    }

    /// The address for clients (`SPEECHD_ADDRESS`): `unix_socket:PATH`.
    pub fn address(&self) -> String {
        format!("unix_socket:{}", self.dir.path().join("sock").display())
    }

    /// The raw audio it has spoken (22,050 Hz mono s16 from espeak-ng).
    pub fn spoken_raw(&self) -> PathBuf {
        self.dir.path().join("spoken.raw")
    }
}

impl Drop for HeadlessSpeechd {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .arg(self.child.id().to_string())
            .status();
        let _ = self.child.wait();
    }
}
