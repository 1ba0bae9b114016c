//! The table's story: what a person sitting at the table would notice, one line each —
//! who said what, what each player heard, the moves with their clock times, alerts for the
//! arbiter, a lost device and the result, in whole sentences of the table's language (the
//! console log's words, [`crate::observer`]). The demo and `play` print this by default; the
//! full event stream stays behind `--json` and `--verbose` ([`ConsoleStyle`]).

use annabella_phonetic::{
    Language,
    messages::{Arg, Messages},
};
use annabella_table::{ClockButton, Effect, Input};

use crate::{
    line::{Line, human},
    observer,
};

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

    /// `line` in this style (the story in `language`); `None` when the style leaves it out.
    pub fn render(self, line: &Line, language: Language) -> Option<String> {
        match self {
            ConsoleStyle::Story => story(line, language),
            ConsoleStyle::Events => Some(human(line)),
            ConsoleStyle::Json => serde_json::to_string(line).ok(),
        }
    }
}

/// `line` as a person at the table would tell it, in `language`; `None` for the table's
/// own plumbing (microphone, positions, clock settings, announcement bookkeeping, board
/// reports).
pub fn story(line: &Line, language: Language) -> Option<String> {
    let m = Messages::get(language);
    let (at_ms, what) = match line {
        Line::Input(journalled) => {
            let what = input_story(m, &journalled.input)?;
            let what = match &journalled.refused {
                Some(why) => m.text(
                    "view-refused",
                    &[("text", what.into()), ("reason", why.as_str().into())],
                ),
                None => what,
            };
            (journalled.at_ms, what)
        }
        Line::Effect { at_ms, effect } => (*at_ms, effect_story(m, language, effect)?),
        Line::Said(said) => {
            let who = match said.listener {
                annabella_voice::Hearer::ViPlayer => "vi",
                annabella_voice::Hearer::SightedPlayer => "sighted",
            };
            let args: [Arg<'_>; 2] = [("who", who.into()), ("text", said.text.as_str().into())];
            let heard = m.text("story-hears", &args);
            let how = match said.outcome {
                annabella_voice::queue::Outcome::Spoken => None,
                annabella_voice::queue::Outcome::Superseded => Some("superseded"),
                annabella_voice::queue::Outcome::Stopped => Some("stopped"),
                annabella_voice::queue::Outcome::Skipped => Some("skipped"),
                annabella_voice::queue::Outcome::Interrupted => Some("interrupted"),
                annabella_voice::queue::Outcome::Expired => Some("expired"),
                annabella_voice::queue::Outcome::Failed => Some("failed"),
            };
            let heard = match how {
                Some(how) => format!("{heard} {}", m.text("story-cut", &[("how", how.into())])),
                None => heard,
            };
            (said.at_ms, heard)
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
            (*at_ms, observer::device_text(m, device, report))
        }
    };
    Some(format!("{} {what}", clock_face(at_ms)))
}

/// An input a person notices, in words: the console log's, and the clock's buttons.
fn input_story(m: &Messages, input: &Input) -> Option<String> {
    match input {
        Input::Button { button } => {
            let name = match button {
                ClockButton::TimeQuery => "time-query",
                ClockButton::Pause => "pause",
                ClockButton::PushToTalk => "push-to-talk",
                ClockButton::WhoseTurn => "whose-turn",
                ClockButton::RepeatLastMove => "repeat-last-move",
                ClockButton::CallArbiter => "call-arbiter",
            };
            Some(m.text("story-button", &[("button", name.into())]))
        }
        other => observer::input_text(m, other),
    }
}

/// An effect a person notices, in words.
fn effect_story(m: &Messages, language: Language, effect: &Effect) -> Option<String> {
    Some(match effect {
        Effect::RecordMove(r) => observer::move_text(m, language, r),
        Effect::ArbiterAlert(a) => {
            let text = observer::alert_text(m, a);
            m.text("view-alert-log", &[("text", text.into())])
        }
        Effect::GameOver(g) => observer::game_over_text(m, g),
        Effect::Sealed(_) => m.text("story-sealed", &[]),
        _ => return None,
    })
}

/// Table time as `m:ss`, the way a clock shows it.
fn clock_face(at_ms: u64) -> String {
    let secs = at_ms / 1000;
    format!("{:>3}:{:02}", secs / 60, secs % 60)
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

    /// No line of the story is Rust debug text or a trace: no braces, no `CamelCase` tag.
    fn no_debug_text(line: &str) {
        assert!(!line.contains('{') && !line.contains("Some("), "{line}");
    }

    #[test]
    fn the_vi_players_words_are_told_with_the_time_in_the_tables_language() {
        let line = input(Input::Heard {
            alternatives: vec![Hypothesis {
                text: "Bauer Eva vier".into(),
                score: 0.9,
            }],
        });
        assert_eq!(
            story(&line, Language::De).as_deref(),
            Some("  1:15 Der sehbehinderte Spieler sagte: „Bauer Eva vier“.")
        );
        assert_eq!(
            story(&line, Language::En).as_deref(),
            Some("  1:15 VI player said: “Bauer Eva vier”.")
        );
    }

    #[test]
    fn plumbing_is_left_out_and_kept_in_the_other_styles() {
        let mute = Line::Effect {
            at_ms: 10,
            effect: Effect::MuteMic,
        };
        assert_eq!(story(&mute, Language::De), None);
        assert_eq!(story(&input(Input::Tick), Language::De), None);
        assert!(
            ConsoleStyle::Events
                .render(&mute, Language::De)
                .is_some_and(|l| l.contains("mute_mic"))
        );
        assert_eq!(
            ConsoleStyle::Json.render(&mute, Language::De).as_deref(),
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
        let told = story(&line, Language::En).expect("told");
        assert!(
            told.contains("e5") && told.contains("Refused: not White's move."),
            "{told}"
        );
    }

    #[test]
    fn every_clock_button_and_every_cut_announcement_is_a_sentence_in_every_language() {
        use annabella_voice::queue::Outcome;
        let buttons = [
            ClockButton::TimeQuery,
            ClockButton::Pause,
            ClockButton::PushToTalk,
            ClockButton::WhoseTurn,
            ClockButton::RepeatLastMove,
            ClockButton::CallArbiter,
        ];
        for language in Language::ALL {
            let mut seen = std::collections::HashSet::new();
            for button in buttons {
                let told = story(&input(Input::Button { button }), language).expect("told");
                no_debug_text(&told);
                assert!(!told.contains("story-"), "{told}");
                assert!(
                    seen.insert(told.clone()),
                    "each button its own words: {told}"
                );
            }
            for outcome in [
                Outcome::Spoken,
                Outcome::Stopped,
                Outcome::Expired,
                Outcome::Failed,
            ] {
                let said = Line::Said(annabella_voice::herald::Said {
                    at_ms: 1_000,
                    listener: annabella_voice::Hearer::ViPlayer,
                    backend: annabella_voice::discovery::Found::EspeakSpeaker,
                    text: "Eva zwei Eva vier".into(),
                    outcome,
                    id: 1,
                    earcon: None,
                });
                let told = story(&said, language).expect("told");
                no_debug_text(&told);
                assert!(told.contains("Eva zwei Eva vier"), "{told}");
                assert!(!told.contains("story-"), "{told}");
            }
        }
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
            story(&over, Language::De).as_deref(),
            Some("  1:01 Partie beendet: 1-0 (Schachmatt).")
        );
        let device = |report| Line::Device {
            at_ms: 0,
            device: "peg_board",
            report,
        };
        let lost = device(DeviceReport::Lost {
            reason: "unplugged".into(),
        });
        let told = story(&lost, Language::En).expect("told");
        assert!(
            told.contains("peg board") && told.contains("unplugged"),
            "{told}"
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
        assert_eq!(story(&opened(false), Language::En), None);
        assert!(
            story(&opened(true), Language::En).is_some_and(|l| l.contains("reopened /dev/pts/3"))
        );
    }

    #[test]
    fn flags_choose_the_style() {
        use ConsoleStyle::*;
        assert_eq!(ConsoleStyle::from_flags(false, false, Story), Story);
        assert_eq!(ConsoleStyle::from_flags(false, true, Story), Events);
        assert_eq!(ConsoleStyle::from_flags(true, true, Story), Json);
    }
}
