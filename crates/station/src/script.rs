//! The table's script language: what the people at the table do, one line each. `demo`
//! plays a whole game from a script file; `play` reads the same lines from the keyboard
//! (a bare line there is the VI player's words).
//!
//! ```text
//! # comment
//! start                          # the arbiter starts the clocks
//! placed                         # the assistant's key: the VI player's move is placed
//! vi: Bauer Eva vier             # the VI player says this (recognised words)
//! peg: move e2e4                 # the peg board (annabella sim's actions: lift/place/move)
//! clock: lever white             # the tactile clock (lever, button, release)
//! dgt: move e7e5                 # the sighted player's DGT board (move/lift/place/board)
//! assistant: e7e5                # the assistant types the sighted move (no sensors)
//! sighted: {"command":"offer_draw"}          # a declaration of the sighted player
//! arbiter: {"action":"pause"}                # an arbiter action
//! wait 500                       # milliseconds
//! expect: Bauer Eva vier         # wait (at most 15 s) until something containing this is said
//! ```

use std::time::Duration;

use annabella_devices::sim::{ClockAction, DgtAction, PegAction, ScriptLine, parse_line};
use annabella_table::{ArbiterAction, Input, SightedCommand};

/// One thing done at the table.
#[derive(Debug, Clone, PartialEq)]
pub enum Act {
    /// The VI player's words, as recognised.
    Vi(String),
    /// A line the VI player typed (a Braille keyboard, a screen reader's laptop): words,
    /// algebraic notation with German or English letters ("Sf3", "Nf3"), or UCI.
    Typed(String),
    /// An action on the (simulated) peg board.
    Peg(PegAction),
    /// An action on the (simulated) DGT board.
    Dgt(DgtAction),
    /// An action on the (simulated) tactile clock.
    Clock(ClockAction),
    /// Any other input of the table (start, assistant's move, declarations, arbiter).
    Input(Input),
    /// Wait this long.
    Wait(Duration),
    /// Wait until an announcement containing this text has been made.
    Expect(String),
    /// A key of the VI player's Braille display (`braille: LNDN`).
    Braille(annabella_braille_display::DisplayKey),
}

/// The longest wait one line may ask for.
const MAX_WAIT_MS: u64 = 3_600_000;

/// What is wrong with one line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// `wait` without a number of milliseconds.
    #[error("wait {0:?}: expected milliseconds")]
    WaitNotMs(String),
    /// `wait` for more than an hour.
    #[error("wait {0}: at most {max} ms (an hour) at a time", max = MAX_WAIT_MS)]
    WaitTooLong(u64),
    /// A script line without a known prefix.
    #[error(
        "{0:?}: expected vi:, typed:, peg:, dgt:, clock:, assistant:, sighted:, \
         arbiter:, start, wait N or expect:"
    )]
    Unknown(String),
    /// A prefix with nothing after it.
    #[error("{0}: nothing to do")]
    NothingToDo(&'static str),
    /// A device line that is not one of the device's actions.
    #[error("{what}: {rest:?} is not an action of the device")]
    NotAnAction {
        /// The device's prefix.
        what: &'static str,
        /// The rest of the line.
        rest: String,
    },
    /// A device line that cannot be read.
    #[error("{what}: {rest:?}: {why}")]
    Device {
        /// The device's prefix.
        what: &'static str,
        /// The rest of the line.
        rest: String,
        /// Why.
        why: String,
    },
    /// An input, sighted or arbiter line that cannot be read.
    #[error("{what} {rest:?}: {why}")]
    Unreadable {
        /// The prefix.
        what: &'static str,
        /// The rest of the line.
        rest: String,
        /// Why.
        why: String,
    },
    /// A Braille key that does not exist.
    #[error("braille: {0}")]
    Braille(#[source] annabella_braille_display::KeyNameError),
    /// An unknown prefix.
    #[error("unknown prefix {0:?}")]
    UnknownPrefix(String),
}

/// A script line that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ScriptError {
    /// Line number, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: LineError,
}

/// Parses one line; `Ok(None)` for blank and comment lines. With `bare_is_vi`, a line
/// without a known prefix is the VI player's words (keyboard input); otherwise it is an
/// error (script files).
///
/// # Errors
/// A message naming what is wrong (the caller adds the line number).
pub fn parse_act(line: &str, bare_is_vi: bool) -> Result<Option<Act>, LineError> {
    let line = line.split_once(" #").map_or(line, |(l, _)| l).trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    if line == "start" {
        return Ok(Some(Act::Input(Input::Start)));
    }
    if line == "placed" {
        // The assistant's key: the VI player's move is placed and released.
        return Ok(Some(Act::Input(Input::ViPlaced)));
    }
    if let Some(ms) = line.strip_prefix("wait ") {
        let ms: u64 = ms
            .trim()
            .parse()
            .map_err(|_| LineError::WaitNotMs(ms.to_owned()))?;
        if ms > MAX_WAIT_MS {
            return Err(LineError::WaitTooLong(ms));
        }
        return Ok(Some(Act::Wait(Duration::from_millis(ms))));
    }
    let Some((head, rest)) = line.split_once(':') else {
        return if bare_is_vi {
            Ok(Some(Act::Vi(line.to_owned())))
        } else {
            Err(LineError::Unknown(line.to_owned()))
        };
    };
    let rest = rest.trim();
    let device = |what: &'static str| {
        if rest.is_empty() {
            Err(LineError::NothingToDo(what))
        } else {
            Ok(())
        }
    };
    let action = match head.trim() {
        "vi" => {
            device("vi")?;
            Act::Vi(rest.to_owned())
        }
        "typed" => {
            device("typed")?;
            Act::Typed(rest.to_owned())
        }
        "expect" => {
            device("expect")?;
            Act::Expect(rest.to_owned())
        }
        "peg" => Act::Peg(sim_action::<PegAction>("peg", rest)?),
        "dgt" => Act::Dgt(sim_action::<DgtAction>("dgt", rest)?),
        "clock" => Act::Clock(sim_action::<ClockAction>("clock", rest)?),
        "assistant" => {
            device("assistant")?;
            Act::Input(Input::AssistantMove {
                text: rest.to_owned(),
            })
        }
        "sighted" => Act::Input(Input::Sighted(json_or_word::<SightedCommand>(
            "sighted", "command", rest,
        )?)),
        "arbiter" => Act::Input(Input::Arbiter(json_or_word::<ArbiterAction>(
            "arbiter", "action", rest,
        )?)),
        "braille" => Act::Braille(
            annabella_braille_display::DisplayKey::from_name(rest).map_err(LineError::Braille)?,
        ),
        "input" => Act::Input(
            serde_json::from_str(rest).map_err(|e| LineError::Unreadable {
                what: "input",
                rest: rest.to_owned(),
                why: e.to_string(),
            })?,
        ),
        _ if bare_is_vi => Act::Vi(line.to_owned()),
        other => return Err(LineError::UnknownPrefix(other.to_owned())),
    };
    Ok(Some(action))
}

fn sim_action<A: for<'de> serde::Deserialize<'de>>(
    what: &'static str,
    rest: &str,
) -> Result<A, LineError> {
    match parse_line::<A>(rest) {
        Ok(Some(ScriptLine::Act(a))) => Ok(a),
        Ok(_) => Err(LineError::NotAnAction {
            what,
            rest: rest.to_owned(),
        }),
        Err(e) => Err(LineError::Device {
            what,
            rest: rest.to_owned(),
            why: e.to_string(),
        }),
    }
}

/// JSON (`{"command":"offer_draw"}`) or a bare word (`offer_draw`) for a tagged enum.
fn json_or_word<T: for<'de> serde::Deserialize<'de>>(
    what: &'static str,
    tag: &str,
    rest: &str,
) -> Result<T, LineError> {
    let unreadable = |e: serde_json::Error| LineError::Unreadable {
        what,
        rest: rest.to_owned(),
        why: e.to_string(),
    };
    let value = if rest.starts_with('{') {
        serde_json::from_str(rest).map_err(unreadable)?
    } else {
        serde_json::json!({ tag: rest })
    };
    serde_json::from_value(value).map_err(unreadable)
}

/// Parses a whole script file.
///
/// # Errors
/// The first bad line, by number.
pub fn parse_script(text: &str) -> Result<Vec<(usize, Act)>, ScriptError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        match parse_act(line, false) {
            Ok(Some(a)) => out.push((i + 1, a)),
            Ok(None) => {}
            Err(message) => {
                return Err(ScriptError {
                    line: i + 1,
                    message,
                });
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_line_is_read() {
        let script = "\
# a comment
start
vi: Bauer Eva vier
peg: move e2e4   # and a trailing comment
clock: lever white
dgt: move e7e5
assistant: Nf6
sighted: offer_draw
arbiter: {\"action\":\"add_time\",\"color\":\"white\",\"amount\":{\"secs\":60,\"nanos\":0}}
wait 250
expect: Eva vier
";
        let actions: Vec<Act> = parse_script(script)
            .unwrap()
            .into_iter()
            .map(|(_, a)| a)
            .collect();
        assert_eq!(actions.len(), 10);
        assert_eq!(actions[0], Act::Input(Input::Start));
        assert_eq!(actions[1], Act::Vi("Bauer Eva vier".into()));
        assert_eq!(actions[2], Act::Peg(PegAction::Move("e2e4".into())));
        assert!(matches!(actions[3], Act::Clock(ClockAction::Lever(_))));
        assert_eq!(actions[4], Act::Dgt(DgtAction::Move("e7e5".into())));
        assert_eq!(
            actions[6],
            Act::Input(Input::Sighted(SightedCommand::OfferDraw))
        );
        assert!(matches!(
            actions[7],
            Act::Input(Input::Arbiter(ArbiterAction::AddTime { .. }))
        ));
        assert_eq!(actions[8], Act::Wait(Duration::from_millis(250)));
        assert_eq!(actions[9], Act::Expect("Eva vier".into()));
    }

    #[test]
    fn bad_lines_are_named_by_number() {
        let e = parse_script("start\npeg: fly e2\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.to_string().contains("peg"), "{e}");
        let e = parse_script("Springer Felix drei\n").unwrap_err();
        assert_eq!(e.line, 1);
        assert!(
            parse_script("wait 18446744073709551615")
                .unwrap_err()
                .to_string()
                .contains("at most 3600000 ms"),
            "an endless wait is refused"
        );
        assert!(
            parse_script("wait soon")
                .unwrap_err()
                .message
                .to_string()
                .contains("milliseconds")
        );
        assert!(parse_script("sighted: dance").is_err());
    }

    #[test]
    fn keyboard_lines_without_a_prefix_are_the_vi_players_words() {
        assert_eq!(
            parse_act("Springer Felix drei", true).unwrap(),
            Some(Act::Vi("Springer Felix drei".into()))
        );
        // A typed move at the keyboard is a line like any other.
        assert_eq!(parse_act("Nf3", true).unwrap(), Some(Act::Vi("Nf3".into())));
    }

    #[test]
    fn typed_steps_carry_the_line_as_typed() {
        assert_eq!(
            parse_act("typed: Sf3", false).unwrap(),
            Some(Act::Typed("Sf3".into()))
        );
        assert_eq!(
            parse_act("typed: O-O  # castles", false).unwrap(),
            Some(Act::Typed("O-O".into()))
        );
        assert!(parse_act("typed:", false).is_err());
    }
}
