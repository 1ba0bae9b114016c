//! DGT 3000 clock commands, sent through the board in the `0x2B` wrapper.

use super::codes::{clk, cmd};
use super::message::ClockRun;
use std::time::Duration;

/// A DGT 3000 command sent through the board.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "clock", rename_all = "snake_case")]
pub enum ClockCommand {
    /// Set both times and start one side (or none).
    SetAndRun {
        /// Left clock time.
        left: Duration,
        /// Right clock time.
        right: Duration,
        /// Which side runs.
        run: ClockRun,
    },
    /// Show eight characters.
    Text {
        /// The text (cut or padded to 8 ASCII characters).
        text: String,
        /// Beep with it.
        beep: bool,
    },
    /// Return to showing times.
    EndText,
    /// Beep for `duration` (in 64 ms steps on the clock).
    Beep {
        /// How long.
        duration: Duration,
    },
    /// Ask for the clock's version.
    Version,
}

impl ClockCommand {
    /// The clock command code (also the code of its ack).
    pub fn code(&self) -> u8 {
        match self {
            ClockCommand::SetAndRun { .. } => clk::SETNRUN,
            ClockCommand::Text { .. } => clk::ASCII,
            ClockCommand::EndText => clk::END_DISPLAY,
            ClockCommand::Beep { .. } => clk::BEEP,
            ClockCommand::Version => clk::VERSION,
        }
    }

    /// The wrapped bytes `0x2B len 0x03 cmd params 0x00`.
    pub fn encode(&self, out: &mut Vec<u8>) {
        let mut params = Vec::new();
        match self {
            ClockCommand::SetAndRun { left, right, run } => {
                for d in [left, right] {
                    let s = d.as_secs();
                    params.extend_from_slice(&[
                        (s / 3600).min(9) as u8,
                        ((s / 60) % 60) as u8,
                        (s % 60) as u8,
                    ]);
                }
                params.push(match run {
                    ClockRun::Paused => 0x04,
                    ClockRun::Left => 0x01,
                    ClockRun::Right => 0x02,
                });
            }
            ClockCommand::Text { text, beep } => {
                let mut t: Vec<u8> = text
                    .bytes()
                    .filter(|c| c.is_ascii() && *c >= 0x20)
                    .take(8)
                    .collect();
                t.resize(8, b' ');
                params.extend_from_slice(&t);
                params.push(if *beep { 0x03 } else { 0x00 });
            }
            ClockCommand::EndText | ClockCommand::Version => {}
            ClockCommand::Beep { duration } => {
                params.push((duration.as_millis() / 64).min(0x7F) as u8)
            }
        }
        out.extend_from_slice(&[
            cmd::CLOCK_MESSAGE,
            (params.len() + 3) as u8,
            clk::START,
            self.code(),
        ]);
        out.extend_from_slice(&params);
        out.push(clk::END);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dgt::{CommandDecoder, HostCommand};

    #[test]
    fn set_and_run_bytes() {
        let mut b = Vec::new();
        ClockCommand::SetAndRun {
            left: Duration::from_secs(5400),
            right: Duration::from_secs(65),
            run: ClockRun::Right,
        }
        .encode(&mut b);
        assert_eq!(
            b,
            vec![0x2B, 0x0A, 0x03, 0x0A, 1, 30, 0, 0, 1, 5, 0x02, 0x00]
        );
        let mut d = CommandDecoder::default();
        assert_eq!(
            d.push(&b),
            vec![HostCommand::Clock {
                code: 0x0A,
                params: b[4..11].to_vec()
            }]
        );
    }
}
