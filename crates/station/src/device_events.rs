//! What the devices report, as table inputs: the peg board's lifts and placements, the
//! DGT board's position and lifts, the tactile clock's lever and buttons. Everything
//! else a link reports (opened, lost, a device's own errors) is a line for the console.

use annabella_devices::{
    clock::ClockEvent,
    dgt::{ClockCommand, ClockSide, DgtEvent},
    peg::PegEvent,
    proto::{Button, ButtonChange, LeverPress},
    transport::PortEvent,
};
use annabella_table::{ClockButton, ClockDevice, Input};
use annabella_view::line::DeviceReport;
use shakmaty::Color;

/// One device report, read.
#[derive(Debug, Clone, PartialEq)]
pub enum Reading {
    /// An input for the table.
    Input(Input),
    /// A line for the console (the link's state or a problem).
    Report(DeviceReport),
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

/// What the DGT 3000's buttons 1–5 ask, when the DGT 3000 is the table's clock.
pub type DgtButtons = [Option<ClockButton>; 5];

/// The DGT board's report. With `clock` (the DGT 3000 on the board is the table's
/// clock, its buttons mapped so) its lever, buttons and state are inputs too.
pub fn dgt(event: PortEvent<DgtEvent>, clock: Option<&DgtButtons>) -> Reading {
    match (event, clock) {
        (PortEvent::Device(DgtEvent::ClockLever { side, .. }), Some(_)) => {
            Reading::Input(Input::Lever { side })
        }
        (PortEvent::Device(DgtEvent::ClockStatus(status)), Some(_)) => {
            Reading::Input(Input::ClockDevice {
                state: if !status.connected {
                    ClockDevice::Lost
                } else if status.low_battery {
                    ClockDevice::LowBattery
                } else {
                    ClockDevice::Connected
                },
                // Where the rocker is (White's lever on the left, as the station sets
                // the DGT 3000's times): the table keeps it.
                lever: status.connected.then_some(match status.lever_down {
                    ClockSide::Left => Color::White,
                    ClockSide::Right => Color::Black,
                }),
            })
        }
        // The DGT 3000 never took the table's times (after its retries): the table sets
        // it again and alerts the arbiter when it keeps refusing.
        (PortEvent::Device(DgtEvent::ClockFailed(ClockCommand::SetAndRun { .. })), Some(_)) => {
            Reading::Input(Input::ClockDevice {
                state: ClockDevice::Refused,
                lever: None,
            })
        }
        (PortEvent::Device(DgtEvent::ClockGone { .. }), Some(_)) => {
            Reading::Input(Input::ClockDevice {
                state: ClockDevice::Lost,
                lever: None,
            })
        }
        (PortEvent::Device(DgtEvent::ClockButton(n)), Some(buttons)) => {
            match usize::from(n)
                .checked_sub(1)
                .and_then(|i| buttons.get(i).copied().flatten())
            {
                Some(button) => Reading::Input(Input::Button { button }),
                None => Reading::Nothing,
            }
        }
        (event, _) => dgt_board(event),
    }
}

/// The board's own report (and the clock's when it is not the table's clock).
fn dgt_board(event: PortEvent<DgtEvent>) -> Reading {
    match event {
        PortEvent::Device(DgtEvent::Snapshot(board)) => {
            Reading::Input(Input::SightedBoard { placement: board })
        }
        PortEvent::Device(DgtEvent::FieldUpdate {
            square,
            piece: None,
        }) => Reading::Input(Input::SightedLift { square }),
        PortEvent::Device(
            DgtEvent::FieldUpdate { .. }
            | DgtEvent::ClockTimes(_)
            | DgtEvent::ClockLever { .. }
            | DgtEvent::ClockStatus(_)
            | DgtEvent::ClockGone { .. }
            | DgtEvent::ClockButton(_)
            | DgtEvent::ClockAck(_)
            | DgtEvent::SerialNumber(_)
            | DgtEvent::Trademark(_),
        ) => Reading::Nothing,
        PortEvent::Device(e) => Reading::Report(DeviceReport::Other(e.to_string())),
        other => Reading::Report(describe(&other)),
    }
}

/// The tactile clock's report, and the push-to-talk button's new state when it moved.
pub fn clock(event: PortEvent<ClockEvent>) -> (Reading, Option<bool>) {
    match event {
        PortEvent::Device(ClockEvent::Lever(LeverPress { side: s, .. })) => {
            (Reading::Input(Input::Lever { side: s }), None)
        }
        PortEvent::Device(ClockEvent::Button(ButtonChange {
            button: b, pressed, ..
        })) => {
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

/// The link's state, or the device's own report in its words (never debug text).
fn describe<E: std::fmt::Display>(event: &PortEvent<E>) -> DeviceReport {
    match event {
        PortEvent::Opened { path, reconnect } => DeviceReport::Opened {
            path: path.clone(),
            reconnect: *reconnect,
        },
        PortEvent::Lost { reason } => DeviceReport::Lost {
            reason: reason.clone(),
        },
        PortEvent::OpenFailed { reason } => DeviceReport::OpenFailed {
            reason: reason.clone(),
        },
        PortEvent::Device(e) => DeviceReport::Other(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square;

    /// Issue 39: what the peg board and the tactile clock report beyond moves reaches
    /// the console and the story as whole sentences, never as Rust debug text.
    #[test]
    fn device_reports_are_sentences_never_debug_text() {
        use annabella_devices::{link::LinkError, proto::Hello};
        let hello = Hello {
            version: 1,
            kind: 1,
            firmware_major: 2,
            firmware_minor: 3,
            capabilities: 0,
        };
        let reports = [
            peg(PortEvent::Device(PegEvent::Hello(hello))),
            peg(PortEvent::Device(PegEvent::Error(LinkError::Device(7)))),
            clock(PortEvent::Device(ClockEvent::Hello(hello))).0,
            clock(PortEvent::Device(ClockEvent::Error(LinkError::Unexpected(
                9,
            ))))
            .0,
        ];
        for r in reports {
            let Reading::Report(DeviceReport::Other(text)) = r else {
                panic!("not a console line: {r:?}");
            };
            assert!(
                text.ends_with('.')
                    && !text.contains(['{', '}', '('])
                    && !text.contains("Hello")
                    && !text.contains("Error"),
                "{text}"
            );
        }
    }

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
        assert_eq!(
            peg(lost),
            Reading::Report(DeviceReport::Lost {
                reason: "unplugged".into()
            })
        );
    }

    #[test]
    fn the_talk_button_steers_push_to_talk_and_is_an_input_too() {
        let press = |button, pressed| {
            clock(PortEvent::Device(ClockEvent::Button(ButtonChange {
                button,
                pressed,
                time_ms: 0,
            })))
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
