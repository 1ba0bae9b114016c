//! What the devices report, as table inputs: the peg board's lifts and placements, the
//! DGT board's position and lifts, the tactile clock's lever and buttons. Everything
//! else a link reports (opened, lost, a device's own errors) is a line for the console.

use annabella_devices::{
    clock::ClockEvent,
    dgt::DgtEvent,
    peg::PegEvent,
    proto::{Button, Side},
    transport::PortEvent,
};
use annabella_table::{ClockButton, Input};
use shakmaty::Color;

/// One device report, read.
#[derive(Debug, Clone, PartialEq)]
pub enum Reading {
    /// An input for the table.
    Input(Input),
    /// A line for the console (the link's state or a problem).
    Report(String),
    /// Nothing the table needs (the device's own bookkeeping).
    Nothing,
}

/// The peg board's report.
pub fn peg(event: PortEvent<PegEvent>) -> Reading {
    match event {
        PortEvent::Device(PegEvent::Snapshot { occupancy, .. }) => {
            Reading::Input(Input::PegSnapshot {
                occupied: occupancy.into_iter().collect(),
            })
        }
        PortEvent::Device(PegEvent::Lift { square, .. }) => {
            Reading::Input(Input::PegLift { square })
        }
        PortEvent::Device(PegEvent::Place { square, .. }) => {
            Reading::Input(Input::PegPlace { square })
        }
        other => Reading::Report(describe(&other)),
    }
}

/// The DGT board's report.
pub fn dgt(event: PortEvent<DgtEvent>) -> Reading {
    match event {
        PortEvent::Device(DgtEvent::Snapshot(board)) => Reading::Input(Input::SightedBoard {
            placement: board.to_string(),
        }),
        PortEvent::Device(DgtEvent::FieldUpdate {
            square,
            piece: None,
        }) => Reading::Input(Input::SightedLift { square }),
        PortEvent::Device(
            DgtEvent::FieldUpdate { .. }
            | DgtEvent::ClockTimes(_)
            | DgtEvent::ClockAck(_)
            | DgtEvent::SerialNumber(_)
            | DgtEvent::Trademark(_),
        ) => Reading::Nothing,
        other => Reading::Report(describe(&other)),
    }
}

/// The tactile clock's report, and the push-to-talk button's new state when it moved.
pub fn clock(event: PortEvent<ClockEvent>) -> (Reading, Option<bool>) {
    match event {
        PortEvent::Device(ClockEvent::Lever { side: s, .. }) => (
            Reading::Input(Input::Lever {
                side: match s {
                    Side::White => Color::White,
                    Side::Black => Color::Black,
                },
            }),
            None,
        ),
        PortEvent::Device(ClockEvent::Button {
            button: b, pressed, ..
        }) => {
            let button = match b {
                Button::TimeQuery => ClockButton::TimeQuery,
                Button::Pause => ClockButton::Pause,
                Button::PushToTalk => ClockButton::PushToTalk,
            };
            let input = if pressed {
                Input::Button { button }
            } else {
                Input::ButtonReleased { button }
            };
            let talk = (b == Button::PushToTalk).then_some(pressed);
            (Reading::Input(input), talk)
        }
        PortEvent::Device(ClockEvent::State { .. }) => (Reading::Nothing, None),
        other => (Reading::Report(describe(&other)), None),
    }
}

fn describe<E: std::fmt::Debug>(event: &PortEvent<E>) -> String {
    match event {
        PortEvent::Opened { path, reconnect } => format!(
            "{} {}",
            if *reconnect { "reopened" } else { "opened" },
            path.display()
        ),
        PortEvent::Lost { reason } => format!("lost: {reason}"),
        PortEvent::OpenFailed { reason } => format!("cannot open: {reason}"),
        PortEvent::Device(e) => format!("{e:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square;

    #[test]
    fn a_lifted_peg_is_a_touch_and_a_lost_link_a_console_line() {
        let lift = PortEvent::Device(PegEvent::Lift {
            square: Square::E2,
            time_ms: 5,
        });
        assert_eq!(
            peg(lift),
            Reading::Input(Input::PegLift { square: Square::E2 })
        );
        let lost = PortEvent::<PegEvent>::Lost {
            reason: "unplugged".into(),
        };
        assert_eq!(peg(lost), Reading::Report("lost: unplugged".into()));
    }

    #[test]
    fn the_talk_button_steers_push_to_talk_and_is_an_input_too() {
        let press = |button, pressed| {
            clock(PortEvent::Device(ClockEvent::Button {
                button,
                pressed,
                time_ms: 0,
            }))
        };
        assert_eq!(
            press(Button::PushToTalk, true),
            (
                Reading::Input(Input::Button {
                    button: ClockButton::PushToTalk
                }),
                Some(true)
            )
        );
        assert_eq!(press(Button::PushToTalk, false).1, Some(false));
        assert_eq!(press(Button::Pause, true).1, None);
    }
}
