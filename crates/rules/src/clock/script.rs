//! Clock scripts: timestamped clock events, one per line, run through a [`Clock`] to
//! check a time control by hand (`annabella clock --presses FILE`).
//!
//! # Format
//!
//! ```text
//! # 90 minutes + 30 s: White thinks 5 s, Black 2 minutes
//! 5        white
//! 2:05     black          # mm:ss
//! 1:02:05.5 pause         # h:mm:ss, decimals allowed
//! 1:03:00  resume
//! 1:04:00  add black 120  # the arbiter awards Black two minutes
//! 1:05:00                 # a timestamp alone: just look at the clock
//! ```
//!
//! A line is a timestamp — seconds since the start (decimals allowed), `mm:ss` or
//! `h:mm:ss` — then an action: `white` or `black` (that player presses), `pause`,
//! `resume`, `add white|black SECONDS`, `start white|black` (only as the first event;
//! without it White's clock starts at 0), or nothing (show the times). `#` starts a
//! comment. Timestamps never go backwards.

use std::{fmt, time::Duration};

use shakmaty::{ByColor, Color};

use super::{Clock, ClockError, ClockTime, FlagFall, Press};
use crate::time_control::{TimeControl, parse_seconds};

/// What happens at a line of a script.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockAction {
    /// The clock is started with this player's clock running.
    Start(Color),
    /// This player presses the clock.
    Press(Color),
    /// The arbiter pauses the clock.
    Pause,
    /// The arbiter restarts the clock.
    Resume,
    /// The arbiter adds time to a player's clock.
    Add(Color, Duration),
    /// Nothing: the times are only looked at.
    Show,
}

/// One line of a script.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScriptLine {
    /// Line number in the file, from 1.
    pub line: usize,
    /// When it happens, since the start.
    pub at: Duration,
    /// What happens.
    pub action: ClockAction,
}

/// A script line that could not be read or run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct ScriptError {
    /// Line number in the file, from 1.
    pub line: usize,
    /// What was wrong.
    pub kind: ScriptErrorKind,
}

/// What was wrong with a script line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScriptErrorKind {
    /// The timestamp is not seconds, `mm:ss` or `h:mm:ss`.
    #[error("expected a timestamp (seconds, mm:ss or h:mm:ss), found {:?}", crate::excerpt(.0))]
    BadTimestamp(String),
    /// An unknown action word.
    #[error("expected white, black, pause, resume, add or start, found {:?}", crate::excerpt(.0))]
    BadAction(String),
    /// `add`/`start` without its colour, or a colour that is not one.
    #[error("expected white or black, found {:?}", crate::excerpt(.0))]
    BadColor(String),
    /// `add COLOR` without a valid number of seconds.
    #[error("expected seconds to add, found {:?}", crate::excerpt(.0))]
    BadSeconds(String),
    /// Words after a complete action.
    #[error("unexpected {:?} after the action", crate::excerpt(.0))]
    TrailingWords(String),
    /// `start` after the clock already runs.
    #[error("start must be the first event")]
    LateStart,
    /// The timestamp is earlier than the previous one.
    #[error("time goes backwards: {now} is before {previous}")]
    TimeGoesBack {
        /// This line's timestamp.
        now: Seconds,
        /// The previous timestamp.
        previous: Seconds,
    },
    /// The clock refused the event.
    #[error("{0}")]
    Clock(#[from] ClockError),
}

/// Seconds as written in an error message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seconds(pub Duration);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}s", crate::time_control::Seconds(self.0))
    }
}

/// Reads a whole script.
///
/// # Errors
///
/// The first line that cannot be read, as a [`ScriptError`] naming it.
///
/// # Examples
///
/// ```
/// use annabella_rules::clock::script::{self, ClockAction};
/// use annabella_rules::shakmaty::Color;
/// let events = script::parse("# a comment\n5 white\n1:05.5 black\n")?;
/// assert_eq!(events[1].line, 3);
/// assert_eq!(events[1].at.as_millis(), 65_500);
/// assert_eq!(events[1].action, ClockAction::Press(Color::Black));
/// # Ok::<_, script::ScriptError>(())
/// ```
pub fn parse(text: &str) -> Result<Vec<ScriptLine>, ScriptError> {
    let mut events = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = raw.split_once('#').map_or(raw, |(code, _)| code);
        let mut words = content.split_whitespace();
        let Some(stamp) = words.next() else { continue };
        let err = |kind| ScriptError { line, kind };
        let at = parse_timestamp(stamp)
            .ok_or_else(|| err(ScriptErrorKind::BadTimestamp(stamp.to_owned())))?;
        let action = parse_action(&mut words).map_err(err)?;
        if let Some(extra) = words.next() {
            return Err(err(ScriptErrorKind::TrailingWords(extra.to_owned())));
        }
        events.push(ScriptLine { line, at, action });
    }
    Ok(events)
}

fn parse_action<'a>(
    words: &mut impl Iterator<Item = &'a str>,
) -> Result<ClockAction, ScriptErrorKind> {
    let Some(word) = words.next() else {
        return Ok(ClockAction::Show);
    };
    if let Some(color) = parse_color(word) {
        return Ok(ClockAction::Press(color));
    }
    let mut color = || {
        let word = words.next().unwrap_or_default();
        parse_color(word).ok_or_else(|| ScriptErrorKind::BadColor(word.to_owned()))
    };
    match word.to_ascii_lowercase().as_str() {
        "pause" => Ok(ClockAction::Pause),
        "resume" => Ok(ClockAction::Resume),
        "start" => Ok(ClockAction::Start(color()?)),
        "add" => {
            let color = color()?;
            let secs = words.next().unwrap_or_default();
            let time =
                parse_seconds(secs).ok_or_else(|| ScriptErrorKind::BadSeconds(secs.to_owned()))?;
            Ok(ClockAction::Add(color, time))
        }
        _ => Err(ScriptErrorKind::BadAction(word.to_owned())),
    }
}

fn parse_color(word: &str) -> Option<Color> {
    match word.to_ascii_lowercase().as_str() {
        "white" | "w" => Some(Color::White),
        "black" | "b" => Some(Color::Black),
        _ => None,
    }
}

/// Reads `S[.f]`, `M:SS[.f]` or `H:MM:SS[.f]` (the one clock-time form, [`ClockTime`]).
fn parse_timestamp(s: &str) -> Option<Duration> {
    s.parse::<ClockTime>().ok().map(|t| t.0)
}

/// What one event did: the clock's answer and the times after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepReport {
    /// The event.
    pub event: ScriptLine,
    /// Flags that fell since the previous event (by this event's time), in order.
    pub flags: Vec<FlagFall>,
    /// The press, if the event was one.
    pub press: Option<Press>,
    /// Both times left after the event.
    pub remaining: ByColor<Duration>,
    /// The player whose clock runs after the event.
    pub running: Option<Color>,
}

/// Runs events through a clock one at a time, reporting each flag once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Runner {
    clock: Clock,
    reported: ByColor<bool>,
    previous: Option<Duration>,
}

impl Runner {
    /// A runner with a fresh clock for `control`.
    pub fn new(control: TimeControl) -> Runner {
        Runner {
            clock: Clock::new(control),
            reported: ByColor::default(),
            previous: None,
        }
    }

    /// The clock as it stands.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// Applies one event; a first event other than `start` starts White's clock at 0.
    ///
    /// # Errors
    ///
    /// A [`ScriptError`] naming the event's line when time goes backwards or the clock
    /// refuses the event; the clock is then unchanged.
    pub fn step(&mut self, event: &ScriptLine) -> Result<StepReport, ScriptError> {
        let err = |kind| ScriptError {
            line: event.line,
            kind,
        };
        if let Some(previous) = self.previous.filter(|&p| event.at < p) {
            return Err(err(ScriptErrorKind::TimeGoesBack {
                now: Seconds(event.at),
                previous: Seconds(previous),
            }));
        }
        let now = event.at;
        let mut press = None;
        match event.action {
            ClockAction::Start(color) => {
                if self.clock.is_started() {
                    return Err(err(ScriptErrorKind::LateStart));
                }
                self.clock.start(now, color).map_err(|e| err(e.into()))?;
            }
            action => {
                if !self.clock.is_started() {
                    self.clock
                        .start(Duration::ZERO, Color::White)
                        .map_err(|e| err(e.into()))?;
                }
                let done = match action {
                    ClockAction::Press(color) => {
                        self.clock.press(now, color).map(|p| press = Some(p))
                    }
                    ClockAction::Pause => self.clock.pause(now),
                    ClockAction::Resume => self.clock.resume(now),
                    ClockAction::Add(color, time) => self.clock.add_time(now, color, time),
                    ClockAction::Start(_) | ClockAction::Show => Ok(()),
                };
                done.map_err(|e| err(e.into()))?;
            }
        }
        self.previous = Some(now);
        let mut flags: Vec<FlagFall> = [Color::White, Color::Black]
            .into_iter()
            .filter_map(|color| self.clock.flag_of(color, now))
            .filter(|flag| !self.reported[flag.color])
            .collect();
        flags.sort_by_key(|flag| flag.at);
        for flag in &flags {
            self.reported[flag.color] = true;
        }
        Ok(StepReport {
            event: *event,
            flags,
            press,
            remaining: ByColor::new_with(|color| self.clock.remaining(color, now)),
            running: self.clock.running(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps() {
        let ms = |s: &str| parse_timestamp(s).map(|d| d.as_millis());
        assert_eq!(ms("5"), Some(5_000));
        assert_eq!(ms("5.25"), Some(5_250));
        assert_eq!(ms("1:05"), Some(65_000));
        assert_eq!(ms("90:00"), Some(5_400_000));
        assert_eq!(ms("1:30:00.5"), Some(5_400_500));
        for bad in [
            "",
            "x",
            "1:5",
            "1:60",
            "1:2:03",
            "1:60:00",
            ":30",
            "1::30",
            "-1",
            "1:00:00:00",
        ] {
            assert_eq!(ms(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn errors_name_the_line() {
        let cases = [
            ("5 white\n\n7 blak\n", 3, "found \"blak\""),
            ("# c\nx white\n", 2, "expected a timestamp"),
            ("1 add white\n", 1, "expected seconds to add"),
            ("1 add 5\n", 1, "expected white or black, found \"5\""),
            ("1 white now\n", 1, "unexpected \"now\""),
        ];
        for (text, line, want) in cases {
            let err = parse(text).unwrap_err();
            assert_eq!(err.line, line, "{text:?}");
            assert!(
                err.to_string().starts_with(&format!("line {line}: ")),
                "{err}"
            );
            assert!(err.to_string().contains(want), "{text:?}: {err}");
        }
    }

    #[test]
    fn runner_reports_refusals_and_flags_with_their_line() {
        let mut runner = Runner::new("60".parse().unwrap());
        let events = parse("10 white\n20 white\n").unwrap();
        runner.step(&events[0]).unwrap();
        let err = runner.step(&events[1]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2: white pressed but black's clock is running"
        );

        let events = parse("30 black\n25 black\n100\n200\n").unwrap();
        runner.step(&events[0]).unwrap();
        let err = runner.step(&events[1]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2: time goes backwards: 25s is before 30s"
        );
        // White's clock runs from 30 s with 50 s left: the flag falls at 80 s, reported once.
        let step = runner.step(&events[2]).unwrap();
        assert_eq!(
            step.flags,
            [FlagFall {
                color: Color::White,
                at: Duration::from_secs(80)
            }]
        );
        assert_eq!(step.remaining.white, Duration::ZERO);
        assert!(runner.step(&events[3]).unwrap().flags.is_empty());
    }
}
