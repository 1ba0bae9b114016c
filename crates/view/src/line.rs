//! What happens at the table, one [`Line`] each, as the shell hands it to the console,
//! and that line in words ([`human`]); the table's story ([`crate::story`]) is the other
//! way of telling it.

use std::{fmt, path::PathBuf};

use annabella_phonetic::messages::Messages;
use annabella_table::{Effect, Input};
use annabella_voice::Said;
use shakmaty::Color;

/// One line of what happens at the table, for the console (`--json` prints these).
#[derive(Debug, Clone, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Line {
    /// An input was journalled and handed to the table.
    Input(Journalled),
    /// An effect of the table.
    Effect {
        /// Table time, ms.
        at_ms: u64,
        /// The effect.
        effect: Effect,
    },
    /// An announcement (or a part of one) a listener heard, or that was cut off.
    Said(Said),
    /// The timings of an utterance heard through the speech front end.
    Utterance {
        /// Table time, ms.
        at_ms: u64,
        /// The journal record of its `heard` input.
        seq: u64,
        /// The timings.
        timing: HeardTiming,
    },
    /// A device's link changed state or reported a problem.
    Device {
        /// Table time, ms.
        at_ms: u64,
        /// Which device.
        device: &'static str,
        /// What happened (in JSON `text`, its words).
        #[serde(
            rename = "text",
            serialize_with = "annabella_rules::text_serde::serialize"
        )]
        report: DeviceReport,
    },
}

/// What a device's link reports for the console; in words "opened PATH", "reopened
/// PATH", "lost: REASON", "cannot open: REASON", or the device's own report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeviceReport {
    /// The port opened (again, after a loss, when `reconnect`).
    Opened {
        /// The port.
        path: PathBuf,
        /// Whether it opened again after a loss.
        reconnect: bool,
    },
    /// The link was lost.
    Lost {
        /// Why.
        reason: String,
    },
    /// The port cannot be opened.
    OpenFailed {
        /// Why.
        reason: String,
    },
    /// Anything else the device reported, in words.
    Other(String),
}

impl DeviceReport {
    /// The link is lost or cannot open: the arbiter is alerted.
    pub fn is_down(&self) -> bool {
        matches!(
            self,
            DeviceReport::Lost { .. } | DeviceReport::OpenFailed { .. }
        )
    }

    /// Trouble a person at the table notices: the link down, or back after a loss.
    pub fn is_trouble(&self) -> bool {
        self.is_down()
            || matches!(
                self,
                DeviceReport::Opened {
                    reconnect: true,
                    ..
                }
            )
    }
}

impl DeviceReport {
    /// The report in `m`'s language ("getrennt: keine Antwort"); what the port or the
    /// device said stays as it came. JSON and the event lines keep the `Display` words.
    pub fn words(&self, m: &Messages) -> String {
        match self {
            DeviceReport::Opened { path, reconnect } => m.text(
                if *reconnect {
                    "view-report-reopened"
                } else {
                    "view-report-opened"
                },
                &[("path", path.display().to_string().into())],
            ),
            DeviceReport::Lost { reason } => {
                m.text("view-report-lost", &[("reason", reason.as_str().into())])
            }
            DeviceReport::OpenFailed { reason } => m.text(
                "view-report-open-failed",
                &[("reason", reason.as_str().into())],
            ),
            DeviceReport::Other(text) => text.clone(),
        }
    }
}

/// A device of the table ("clock", "peg_board", "dgt") by its name in `m`'s language.
pub fn device_name(m: &Messages, device: &str) -> String {
    m.text(
        "view-device-name",
        &[
            ("device", device.into()),
            ("name", device.replace('_', " ").into()),
        ],
    )
}

impl fmt::Display for DeviceReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeviceReport::Opened { path, reconnect } => write!(
                f,
                "{} {}",
                if *reconnect { "reopened" } else { "opened" },
                path.display()
            ),
            DeviceReport::Lost { reason } => write!(f, "lost: {reason}"),
            DeviceReport::OpenFailed { reason } => write!(f, "cannot open: {reason}"),
            DeviceReport::Other(text) => f.write_str(text),
        }
    }
}

/// An input journalled and handed to the table (in JSON its fields beside `"kind":"input"`).
#[derive(Debug, Clone, serde::Serialize)]
pub struct Journalled {
    /// Table time, ms.
    pub at_ms: u64,
    /// Journal record number.
    pub seq: u64,
    /// The input.
    pub input: Input,
    /// Why the table refused it, if it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
}

/// A console line in words.
pub fn human(line: &Line) -> String {
    let secs = |ms: u64| format!("{:>8.3}", ms as f64 / 1000.0);
    match line {
        Line::Input(journalled) => {
            let mut s = format!(
                "{} #{:<4} < {}",
                secs(journalled.at_ms),
                journalled.seq,
                serde_json::to_string(&journalled.input).unwrap_or_default()
            );
            if let Some(r) = &journalled.refused {
                s.push_str(&format!("  (refused: {r})"));
            }
            s
        }
        Line::Effect { at_ms, effect } => {
            let what = match effect {
                Effect::Announce(a) => format!("say to {:?}: {}", a.to, a.text),
                Effect::RecordMove(m) => format!(
                    "move {}{} {}  [%clk {}]",
                    m.ply.div_ceil(2),
                    if m.color == Color::White { "." } else { "..." },
                    m.san,
                    annabella_table::pgn::clk(m.clock)
                ),
                Effect::ArbiterAlert(a) => format!("ARBITER {:?}: {}", a.kind, a.detail),
                Effect::GameOver(g) => format!("GAME OVER {} ({})", g.result, g.termination),
                other => serde_json::to_string(other).unwrap_or_default(),
            };
            format!("{}       > {what}", secs(*at_ms))
        }
        Line::Utterance { at_ms, seq, timing } => format!(
            "{}       ) #{seq} heard {:?}: speech {}–{} ms, result at {} ms ({:.0} ms after the last word, {}), rtf {:.3}",
            secs(*at_ms),
            timing.words,
            timing.speech_start_ms,
            timing.last_word_end_ms,
            timing.final_ms,
            timing.speech_end_to_final_ms,
            timing.ended_by,
            timing.rtf
        ),
        Line::Said(s) => format!(
            "{}       ) {} heard ({}, {:?}): {}",
            secs(s.at_ms),
            s.listener,
            s.backend.name(),
            s.outcome,
            s.text
        ),
        Line::Device {
            at_ms,
            device,
            report,
        } => format!("{}       ! {device}: {report}", secs(*at_ms)),
    }
}

/// One utterance's timings and readings, journalled beside its `heard` input.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct HeardTiming {
    /// Table time the voice began, ms.
    pub speech_start_ms: u64,
    /// Table time the last word ended, ms.
    pub last_word_end_ms: u64,
    /// Table time the result was ready, ms.
    pub final_ms: u64,
    /// From the last word's end to the result, ms.
    pub speech_end_to_final_ms: f64,
    /// Time spent in libvosk, ms.
    pub decode_ms: f64,
    /// Real-time factor of decoding.
    pub rtf: f64,
    /// What ended the utterance (`silence`, `leaf`, `not_understood`, `early`, `released`,
    /// `max_length`).
    pub ended_by: String,
    /// The best reading ("" when no word was recognised).
    pub words: String,
    /// The utterance's audio (16 kHz mono, from just before the voice to its end) for
    /// the audio record; not journalled.
    #[serde(skip)]
    pub audio: Vec<i16>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_journalled_input_keeps_its_json_line() {
        let line = |refused: Option<&str>| {
            Line::Input(Journalled {
                at_ms: 1500,
                seq: 3,
                input: Input::Start,
                refused: refused.map(str::to_owned),
            })
        };
        let json = |l: &Line| serde_json::to_string(l).expect("json");
        assert_eq!(
            json(&line(None)),
            r#"{"kind":"input","at_ms":1500,"seq":3,"input":{"input":"start"}}"#
        );
        assert_eq!(
            json(&line(Some("not yet"))),
            r#"{"kind":"input","at_ms":1500,"seq":3,"input":{"input":"start"},"refused":"not yet"}"#
        );
    }
}
