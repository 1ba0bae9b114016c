//! Whether the devices and the press settings make a table that can play: every move of
//! both players must have a way to be made and to start the other clock.

use annabella_table::ClockButton;

use super::{DEFAULT_DGT_BUTTONS, DeviceSpec, Devices, GameSettings, Press, Problem, RawConfig};

/// Fills the presses a file leaves open from the devices (no clock: the table presses),
/// then lists every combination that cannot play, naming the keys and what to change.
pub(super) fn check(raw: &RawConfig, game: &mut GameSettings, devices: &Devices) -> Vec<Problem> {
    let no_clock = devices.clock == DeviceSpec::None;
    // An engine across the board makes its move on no board and presses no lever: the
    // table presses for it once its move is announced.
    let opponent = raw.opponent.is_some();
    if opponent && raw.clock.sighted_press.is_none() {
        game.sighted_press = Press::Automatic;
    }
    if no_clock && raw.clock.vi_press.is_none() {
        game.vi_press = Press::Automatic;
    }
    if no_clock && raw.clock.sighted_press.is_none() {
        game.sighted_press = Press::Automatic;
    }
    let mut problems = Vec::new();
    let mut problem = |key: &str, message: String| {
        problems.push(Problem {
            key: key.into(),
            message,
        })
    };
    if opponent && devices.dgt != DeviceSpec::None {
        problem(
            "devices.dgt",
            "the opponent is an engine ([opponent]): there is no sighted player's board;              set devices.dgt = \"none\" (a DGT 3000 clock needs its board's cable, so use              the tactile clock or none)"
                .into(),
        );
    }
    if opponent && raw.clock.sighted_press.as_deref() == Some("lever") {
        problem(
            "clock.sighted_press",
            "the opponent is an engine ([opponent]): nobody presses its lever; leave              clock.sighted_press out or set it to \"automatic\""
                .into(),
        );
    }
    if devices.clock == DeviceSpec::OnDgt && devices.dgt == DeviceSpec::None {
        problem(
            "devices.clock",
            "\"dgt\" is the DGT 3000 on the DGT board's cable, but devices.dgt is \"none\": \
             set devices.dgt to the board's port (or \"sim\"), or choose another clock"
                .into(),
        );
    }
    for (key, press, given, who, automatic) in [
        (
            "clock.vi_press",
            game.vi_press,
            &raw.clock.vi_press,
            "the VI player",
            "the word \"gesetzt\"/\"done\" or the assistant's key confirms the move",
        ),
        (
            "clock.sighted_press",
            game.sighted_press,
            &raw.clock.sighted_press,
            "the sighted player",
            "the move seen on the DGT board or typed by the assistant",
        ),
    ] {
        // A value that is no press at all is reported by its own check.
        let readable = given
            .as_deref()
            .is_none_or(|g| matches!(g, "lever" | "automatic"));
        if press == Press::Lever && no_clock && readable {
            problem(
                key,
                format!(
                    "\"lever\" needs a clock, but devices.clock is \"none\": {who}'s move \
                     could never start the other clock; set {key} = \"automatic\" (the \
                     table presses: {automatic}) or connect a clock (devices.clock = \"dgt\" \
                     for a DGT 3000 on the board, or the tactile clock's port)"
                ),
            );
        }
    }
    if raw.speech.push_to_talk == Some(true)
        && !matches!(
            devices.clock,
            DeviceSpec::Sim | DeviceSpec::Firmware { .. } | DeviceSpec::Serial { .. }
        )
    {
        problem(
            "speech.push_to_talk",
            "push-to-talk is held on the tactile clock's talk button (or Enter at the \
             keyboard); with this clock the VI player may press Enter only: set \
             speech.push_to_talk = false or connect the tactile clock"
                .into(),
        );
    }
    problems
}

/// `devices.dgt_buttons`: five names, one per button, left to right.
pub(super) fn dgt_buttons(names: Option<&[String]>) -> Result<[Option<ClockButton>; 5], Problem> {
    let Some(names) = names else {
        return Ok(DEFAULT_DGT_BUTTONS);
    };
    let wrong = |message: String| Problem {
        key: "devices.dgt_buttons".into(),
        message,
    };
    if names.len() != 5 {
        return Err(wrong(format!(
            "{} names given: the DGT 3000 has five buttons (left to right), e.g. \
             [\"time\", \"whose_turn\", \"repeat\", \"arbiter\", \"pause\"]",
            names.len()
        )));
    }
    let mut out = [None; 5];
    for (slot, name) in out.iter_mut().zip(names) {
        *slot = match name.trim() {
            "time" => Some(ClockButton::TimeQuery),
            "whose_turn" => Some(ClockButton::WhoseTurn),
            "repeat" => Some(ClockButton::RepeatLastMove),
            "arbiter" => Some(ClockButton::CallArbiter),
            "pause" => Some(ClockButton::Pause),
            "none" => None,
            other => {
                return Err(wrong(format!(
                    "{other:?}: expected time, whose_turn, repeat, arbiter, pause or none"
                )));
            }
        };
    }
    Ok(out)
}
