//! A display played in brltty's Virtual driver protocol (`brltty -b vr`), for tests and
//! trials without hardware: brltty connects to a TCP server here, is told the display's
//! size (`cells 40`), sends what it shows (`Braille "1|12| "`) and takes key presses as
//! command names (`FWINRT`, `ROUTE 5`). [`Brltty`] starts a brltty wired to it.

use std::{
    io::{BufRead, BufReader, Write},
    net::{TcpListener, TcpStream},
    process::{Child, Command, Stdio},
    sync::mpsc,
    time::{Duration, Instant},
};

use crate::cells::Dots;

/// brltty's BrlAPI port for `host=…:N` is this plus N.
pub const BRLAPI_BASE_PORT: u16 = 4101;

/// A brltty started with the Virtual driver and no screen or speech; killed when dropped.
#[derive(Debug)]
pub struct Brltty(Child);

impl Brltty {
    /// Starts brltty: its Virtual driver connects to `127.0.0.1:display_port`, its BrlAPI
    /// server listens at `api` (`127.0.0.1:N`) without authorization.
    ///
    /// # Errors
    /// brltty cannot be started (not installed).
    pub fn start(display_port: u16, api: &str) -> std::io::Result<Brltty> {
        Command::new("brltty")
            .args([
                "-n",
                "-e",
                "-q",
                "-b",
                "vr",
                "-x",
                "no",
                "-s",
                "no",
                "-f",
                "/dev/null",
            ])
            .arg("-d")
            .arg(format!("client:127.0.0.1:{display_port}"))
            .arg("-A")
            .arg(format!("auth=none,host={api}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map(Brltty)
    }
}

impl Drop for Brltty {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A free BrlAPI host for [`Brltty::start`] (`127.0.0.1:N`).
///
/// # Errors
/// No local port can be bound.
pub fn free_api_host() -> std::io::Result<String> {
    loop {
        let port = TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
        if port > BRLAPI_BASE_PORT {
            return Ok(format!("127.0.0.1:{}", port - BRLAPI_BASE_PORT));
        }
    }
}

/// The display brltty's Virtual driver talks to.
#[derive(Debug)]
pub struct VirtualDisplay {
    /// The rows brltty shows, read by a thread of their own.
    rows: mpsc::Receiver<Vec<Dots>>,
    keys: TcpStream,
}

impl VirtualDisplay {
    /// Waits (at most `limit`) for brltty to connect and tells it the display is
    /// `cells` wide.
    ///
    /// # Errors
    /// brltty did not connect in time, or the connection failed.
    pub fn accept(listener: &TcpListener, cells: usize, limit: Duration) -> std::io::Result<Self> {
        let (tx, rx) = mpsc::channel();
        let waiting = listener.try_clone()?;
        std::thread::spawn(move || tx.send(waiting.accept().map(|(s, _)| s)));
        let stream = rx.recv_timeout(limit).map_err(|_| {
            std::io::Error::new(std::io::ErrorKind::TimedOut, "brltty never connected")
        })??;
        let mut keys = stream.try_clone()?;
        writeln!(keys, "cells {cells}")?;
        let (rows_tx, rows) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stream).lines().map_while(Result::ok) {
                if let Some(dots) = line.trim().strip_prefix("Braille ")
                    && rows_tx.send(parse_dots(dots.trim_matches('"'))).is_err()
                {
                    break;
                }
            }
        });
        Ok(VirtualDisplay { rows, keys })
    }

    /// Presses a key (a brltty command name, with its argument: `ROUTE 5`). Wait for a
    /// key's effect before the next: the driver takes one command a read, so keys sent
    /// together wait for later input.
    ///
    /// # Errors
    /// brltty has gone.
    pub fn press(&mut self, key: &str) -> std::io::Result<()> {
        writeln!(self.keys, "{key}")
    }

    /// Waits (at most `limit`) until brltty shows cells that `wanted` accepts; gives
    /// them, or every row shown meanwhile as the error.
    ///
    /// # Errors
    /// The rows shown meanwhile, when none was wanted.
    pub fn wait_for(
        &mut self,
        limit: Duration,
        mut wanted: impl FnMut(&[Dots]) -> bool,
    ) -> Result<Vec<Dots>, Vec<Vec<Dots>>> {
        let deadline = Instant::now() + limit;
        let mut seen = Vec::new();
        while let Ok(cells) = self
            .rows
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            if wanted(&cells) {
                return Ok(cells);
            }
            seen.push(cells);
        }
        Err(seen)
    }
}

/// The driver's dots notation (`1|12|12345678| `) as cells.
pub fn parse_dots(text: &str) -> Vec<Dots> {
    text.split('|')
        .map(|cell| {
            cell.trim()
                .bytes()
                .filter(|d| (b'1'..=b'8').contains(d))
                .map(|d| 1u8 << (d - b'1'))
                .fold(0, |a, b| a | b)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_drivers_dots_notation_reads_as_cells() {
        assert_eq!(parse_dots("1|12|12345678| "), vec![1, 3, 0xff, 0]);
        assert_eq!(parse_dots("3456|1"), vec![0x3c, 1]);
    }
}
