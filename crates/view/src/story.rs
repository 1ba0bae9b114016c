//! The table's story: what a person sitting at the table would notice, one line each —
//! who said what, what each player heard, the moves with their clock times, alerts for the
//! arbiter, a lost device and the result. The demo prints this by default; the full event
//! stream stays behind `--json` and `--verbose` ([`ConsoleStyle`]).

use annabella_table::{Effect, Input};
use shakmaty::Color;

use crate::line::{Line, human};

/// How the shell writes its lines to the console.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ConsoleStyle {
    /// What a person at the table notices ([`story`]).
    Story,
    /// Every input, effect, announcement and device report in words
    /// ([`human`]).
    #[default]
    Events,
    /// Every line as one JSON object.
    Json,
}

impl ConsoleStyle {
    /// The style of `--json` (wins) and `--verbose`, else `default`.
    pub fn from_flags(json: bool, verbose: bool, default: ConsoleStyle) -> ConsoleStyle {
        match (json, verbose) {
            (true, _) => ConsoleStyle::Json,
            (false, true) => ConsoleStyle::Events,
            (false, false) => default,
        }
    }

    /// `line` in this style; `None` when the style leaves it out.
    pub fn render(self, line: &Line) -> Option<String> {
        match self {
            ConsoleStyle::Story => story(line),
            ConsoleStyle::Events => Some(human(line)),
            ConsoleStyle::Json => serde_json::to_string(line).ok(),
        }
    }
}

/// `line` as a person at the table would tell it; `None` for the table's own plumbing
/// (microphone, positions, clock settings, announcement bookkeeping, board reports).
pub fn story(line: &Line) -> Option<String> {
    let (at_ms, what) = match line {
        Line::Input(journalled) => {
            let what = input_story(&journalled.input)?;
            let what = match &journalled.refused {
                Some(why) => format!("{what} — refused: {why}"),
                None => what,
            };
            (journalled.at_ms, what)
        }
        Line::Effect { at_ms, effect } => (*at_ms, effect_story(effect)?),
        Line::Said(said) => {
            let who = match said.listener {
                annabella_voice::Hearer::ViPlayer => "VI player",
                annabella_voice::Hearer::SightedPlayer => "sighted player",
            };
            let how = match said.outcome {
                annabella_voice::queue::Outcome::Spoken => String::new(),
                other => format!(" ({})", words(&format!("{other:?}"))),
            };
            (said.at_ms, format!("{who} hears: «{}»{how}", said.text))
        }
        Line::Utterance { .. } => return None,
        Line::Device {
            at_ms,
            device,
            report,
        } => {
            if !report.is_trouble() {
                return None;
            }
            (*at_ms, format!("{}: {report}", words(device)))
        }
    };
    Some(format!("{} {what}", clock_face(at_ms)))
}

/// An input a person notices, in words.
fn input_story(input: &Input) -> Option<String> {
    Some(match input {
        Input::Start => "the arbiter starts the game".to_owned(),
        Input::Heard { alternatives } => {
            let best = alternatives
                .iter()
                .max_by(|a, b| a.score.total_cmp(&b.score))
                .map_or("", |h| h.text.as_str());
            format!("VI player says: «{best}»")
        }
        Input::AssistantMove { text } => format!("the assistant enters the move «{text}»"),
        Input::Button { button } => format!(
            "VI player presses the clock's {} button",
            words(&format!("{button:?}"))
        ),
        Input::Sighted(command) => format!("sighted player: {}", tag_words(command)),
        Input::Arbiter(action) => format!("arbiter: {}", tag_words(action)),
        Input::ByArbiter { by, what, .. } => format!("arbiter {by} at the console: {what}"),
        _ => return None,
    })
}

/// An effect a person notices, in words.
fn effect_story(effect: &Effect) -> Option<String> {
    Some(match effect {
        Effect::RecordMove(m) => format!(
            "{}{} {}   ({}'s clock {})",
            m.ply.div_ceil(2),
            if m.color == Color::White { "." } else { "..." },
            m.san,
            if m.color == Color::White {
                "White"
            } else {
                "Black"
            },
            annabella_table::pgn::clk(m.clock)
        ),
        Effect::ArbiterAlert(a) => format!(
            "ALERT for the arbiter ({}): {}",
            words(&format!("{:?}", a.kind)),
            a.detail
        ),
        Effect::GameOver(g) => format!("game over: {} ({})", g.result, g.termination),
        Effect::Sealed(_) => "a move is sealed".to_owned(),
        _ => return None,
    })
}

/// Table time as `m:ss`, the way a clock shows it.
fn clock_face(at_ms: u64) -> String {
    let secs = at_ms / 1000;
    format!("{:>3}:{:02}", secs / 60, secs % 60)
}

/// `CamelCase` or `snake_case` as lower-case words.
fn words(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c == '_' {
            out.push(' ');
        } else if c.is_uppercase() {
            if i > 0 {
                out.push(' ');
            }
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// A tagged command or action (`{"command":"offer_draw",…}`) as words: its tag, then its
/// other fields.
fn tag_words(value: &impl serde::Serialize) -> String {
    let Ok(serde_json::Value::Object(fields)) = serde_json::to_value(value) else {
        return String::new();
    };
    fields
        .iter()
        .map(|(key, v)| match (key.as_str(), v) {
            ("command" | "action", serde_json::Value::String(s)) => words(s),
            (_, serde_json::Value::String(s)) => format!("{} {s}", words(key)),
            (_, other) => format!("{} {other}", words(key)),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::line::{DeviceReport, Journalled};
    use annabella_table::{GameEnd, Hypothesis};

    fn input(input: Input) -> Line {
        Line::Input(Journalled {
            at_ms: 75_400,
            seq: 9,
            input,
            refused: None,
        })
    }

    #[test]
    fn the_vi_players_words_are_told_with_the_time() {
        let line = input(Input::Heard {
            alternatives: vec![
                Hypothesis {
                    text: "Bauer Eva drei".into(),
                    score: 0.4,
                },
                Hypothesis {
                    text: "Bauer Eva vier".into(),
                    score: 0.9,
                },
            ],
        });
        assert_eq!(
            story(&line).as_deref(),
            Some("  1:15 VI player says: «Bauer Eva vier»")
        );
    }

    #[test]
    fn plumbing_is_left_out_and_kept_in_the_other_styles() {
        let mute = Line::Effect {
            at_ms: 10,
            effect: Effect::MuteMic,
        };
        assert_eq!(story(&mute), None);
        assert_eq!(story(&input(Input::Tick)), None);
        assert!(
            ConsoleStyle::Events
                .render(&mute)
                .is_some_and(|l| l.contains("mute_mic"))
        );
        assert_eq!(
            ConsoleStyle::Json.render(&mute).as_deref(),
            Some(r#"{"kind":"effect","at_ms":10,"effect":{"effect":"mute_mic"}}"#)
        );
    }

    #[test]
    fn a_refused_input_says_why() {
        let line = Line::Input(Journalled {
            at_ms: 0,
            seq: 1,
            input: Input::AssistantMove { text: "e5".into() },
            refused: Some("not White's move".into()),
        });
        assert_eq!(
            story(&line).as_deref(),
            Some("  0:00 the assistant enters the move «e5» — refused: not White's move")
        );
    }

    #[test]
    fn the_result_and_a_lost_device_are_told_an_opened_one_is_not() {
        let over = Line::Effect {
            at_ms: 61_000,
            effect: Effect::GameOver(GameEnd::from(annabella_rules::Outcome::win(
                shakmaty::Color::White,
                annabella_rules::Termination::Checkmate,
            ))),
        };
        assert_eq!(
            story(&over).as_deref(),
            Some("  1:01 game over: 1-0 (checkmate)")
        );
        let device = |report| Line::Device {
            at_ms: 0,
            device: "peg_board",
            report,
        };
        let lost = device(DeviceReport::Lost {
            reason: "unplugged".into(),
        });
        assert_eq!(
            story(&lost).as_deref(),
            Some("  0:00 peg board: lost: unplugged")
        );
        assert_eq!(
            serde_json::to_string(&lost).expect("json"),
            r#"{"kind":"device","at_ms":0,"device":"peg_board","text":"lost: unplugged"}"#
        );
        let opened = |reconnect| {
            device(DeviceReport::Opened {
                path: "/dev/pts/3".into(),
                reconnect,
            })
        };
        assert_eq!(story(&opened(false)), None);
        assert_eq!(
            story(&opened(true)).as_deref(),
            Some("  0:00 peg board: reopened /dev/pts/3")
        );
    }

    #[test]
    fn flags_choose_the_style() {
        use ConsoleStyle::*;
        assert_eq!(ConsoleStyle::from_flags(false, false, Story), Story);
        assert_eq!(ConsoleStyle::from_flags(false, true, Story), Events);
        assert_eq!(ConsoleStyle::from_flags(true, true, Story), Json);
        assert_eq!(words("ViPlayer"), "vi player");
        assert_eq!(words("time_query"), "time query");
    }
}
