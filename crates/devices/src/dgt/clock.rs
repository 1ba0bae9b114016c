//! DGT 3000 clock commands, sent through the board in the `0x2B` wrapper:
//! `0x2B len 0x03 code params… 0x00`, where `len` counts the bytes after itself.
//!
//! | command | code | parameters |
//! |---|---|---|
//! | [`SetAndRun`](ClockCommand::SetAndRun) | `0x0A` | left h m s, right h m s (binary), run: `0x01` left, `0x02` right, `0x04` paused |
//! | [`Text`](ClockCommand::Text) | `0x0C` | eight ASCII characters, beep 0–15 (0 none, else 62.5 ms + n/16 s) |
//! | [`EndText`](ClockCommand::EndText) | `0x03` | — (back to the times) |
//! | [`Beep`](ClockCommand::Beep) | `0x0B` | length in 64 ms steps |
//! | [`Version`](ClockCommand::Version) | `0x09` | — |
//!
//! The board answers each with a clock ack naming the command's code (only in update
//! mode); [`DgtBoard`](super::DgtBoard) sends them one at a time.

use super::codes::{clk, cmd};
use super::message::ClockRun;
use std::time::Duration;

/// The beep value sent with a text that beeps: 62.5 ms + 3/16 s, about 250 ms.
pub const TEXT_BEEP: u8 = 0x03;

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
    /// Show eight characters on the DGT 3000 ("PAUSE", "ARBITER", "CHECK"): printable
    /// ASCII only (other characters are left out), cut or padded with spaces to eight.
    Text {
        /// The text.
        text: String,
        /// Beep with it (about 250 ms).
        beep: bool,
    },
    /// Return to showing times.
    EndText,
    /// Beep for `duration` (in 64 ms steps on the clock, at least one, at most 127).
    Beep {
        /// How long.
        duration: Duration,
    },
    /// Ask for the clock's version.
    Version,
}

impl ClockCommand {
    /// Show `text` (see [`ClockCommand::Text`]).
    pub fn text(text: impl Into<String>, beep: bool) -> ClockCommand {
        ClockCommand::Text {
            text: text.into(),
            beep,
        }
    }

    /// Beep for `duration` (see [`ClockCommand::Beep`]).
    pub fn beep(duration: Duration) -> ClockCommand {
        ClockCommand::Beep { duration }
    }

    /// Whether a clock ack with this code answers the command: its own code, and for
    /// a text also the display ack (`0x01`) older clock firmware may send.
    pub fn acked_by(&self, ack: u8) -> bool {
        ack == self.code() || matches!(self, ClockCommand::Text { .. }) && ack == clk::DISPLAY
    }

    /// The eight display characters of a text: printable ASCII, padded with spaces.
    pub fn display_chars(text: &str) -> [u8; 8] {
        let mut out = [b' '; 8];
        for (o, c) in out
            .iter_mut()
            .zip(text.bytes().filter(|c| (0x20..0x7F).contains(c)))
        {
            *o = c;
        }
        out
    }

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
                params.extend_from_slice(&Self::display_chars(text));
                params.push(if *beep { TEXT_BEEP } else { 0x00 });
            }
            ClockCommand::EndText | ClockCommand::Version => {}
            ClockCommand::Beep { duration } => {
                params.push((duration.as_millis() / 64).clamp(1, 0x7F) as u8)
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

/// The command in words, for the console and the log.
impl std::fmt::Display for ClockCommand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClockCommand::SetAndRun { left, right, .. } => write!(
                f,
                "set the times to {} s on the left and {} s on the right",
                left.as_secs(),
                right.as_secs()
            ),
            ClockCommand::Text { text, .. } => write!(
                f,
                "show the text \"{}\"",
                annabella_rules::printable(text.trim())
            ),
            ClockCommand::EndText => f.write_str("show the times again"),
            ClockCommand::Beep { .. } => f.write_str("beep"),
            ClockCommand::Version => f.write_str("report its version"),
        }
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

    #[test]
    fn text_bytes_are_the_ascii_command() {
        let mut b = Vec::new();
        ClockCommand::text("PAUSE", true).encode(&mut b);
        assert_eq!(
            b,
            vec![
                0x2B, 0x0C, 0x03, 0x0C, b'P', b'A', b'U', b'S', b'E', b' ', b' ', b' ', 0x03, 0x00
            ]
        );
        b.clear();
        ClockCommand::text("SCHIEDSRICHTER", false).encode(&mut b);
        assert_eq!(&b[4..12], b"SCHIEDSR", "cut to eight");
        assert_eq!(b[12], 0, "no beep");
        assert_eq!(&ClockCommand::display_chars("Zeitüber"), b"Zeitber ");
        b.clear();
        ClockCommand::EndText.encode(&mut b);
        assert_eq!(b, vec![0x2B, 0x03, 0x03, 0x03, 0x00]);
    }

    #[test]
    fn beep_bytes_in_64_ms_steps() {
        let mut b = Vec::new();
        ClockCommand::beep(Duration::from_millis(1024)).encode(&mut b);
        assert_eq!(b, vec![0x2B, 0x04, 0x03, 0x0B, 16, 0x00]);
        b.clear();
        ClockCommand::beep(Duration::from_millis(10)).encode(&mut b);
        assert_eq!(b[4], 1, "a short beep still beeps");
    }

    #[test]
    fn a_text_is_acked_by_its_code_or_the_display_ack() {
        let t = ClockCommand::text("CHECK", false);
        assert!(t.acked_by(clk::ASCII) && t.acked_by(clk::DISPLAY));
        assert!(!t.acked_by(clk::BEEP));
        assert!(!ClockCommand::EndText.acked_by(clk::DISPLAY));
    }
}
