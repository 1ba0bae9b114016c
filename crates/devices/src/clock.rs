//! Host side of the tactile clock (`hardware/tactile-clock/PROTOCOL.md`): sans-IO.
//!
//! The host owns the clock arithmetic; this codec sends what to show and run and reports
//! lever presses and buttons with the device's timestamps.

use std::time::Duration;

use crate::device::{Device, DeviceKind};
use crate::link::LinkError;
use crate::proto::{ButtonChange, Haptic, Hello, KIND_CLOCK, LeverPress, Message, Running};

/// What the tactile clock reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClockEvent {
    /// The clock identified itself (version checked).
    Hello(Hello),
    /// A lever was pressed: its side ends its move.
    Lever(LeverPress),
    /// A button was pressed or released.
    Button(ButtonChange),
    /// The times the clock shows.
    State {
        /// White's shown time.
        white: Duration,
        /// Black's shown time.
        black: Duration,
        /// Which side runs.
        running: Running,
        /// Device time.
        time_ms: u32,
    },
    /// A link problem (reported, the link goes on).
    Error(LinkError),
}

impl std::fmt::Display for ClockEvent {
    /// The report as a whole sentence for the console, the log and the story.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let side = |c: shakmaty::Color| c.fold_wb("White", "Black");
        match self {
            ClockEvent::Hello(h) => write!(
                f,
                "The tactile clock reports firmware version {}.{}.",
                h.firmware_major, h.firmware_minor
            ),
            ClockEvent::Lever(p) => {
                write!(f, "{} pressed the tactile clock's lever.", side(p.side))
            }
            ClockEvent::Button(b) => write!(
                f,
                "The tactile clock's {} button was {}.",
                match b.button {
                    crate::proto::Button::TimeQuery => "time",
                    crate::proto::Button::Pause => "pause",
                    crate::proto::Button::PushToTalk => "push-to-talk",
                },
                if b.pressed { "pressed" } else { "released" }
            ),
            ClockEvent::State {
                white,
                black,
                running,
                ..
            } => write!(
                f,
                "The tactile clock shows White {}, Black {}; {}.",
                annabella_rules::ClockTime(*white).hms(),
                annabella_rules::ClockTime(*black).hms(),
                match running {
                    Running::None => "neither clock runs",
                    Running::White => "White's clock runs",
                    Running::Black => "Black's clock runs",
                }
            ),
            ClockEvent::Error(e) => write!(f, "The tactile clock's link: {e}."),
        }
    }
}

fn ms(d: Duration) -> u32 {
    d.as_millis().min(u128::from(u32::MAX)) as u32
}

/// The tactile clock's kind on the shared link: its HELLO kind and its messages.
#[derive(Debug)]
pub enum ClockKind {}

impl DeviceKind for ClockKind {
    type Event = ClockEvent;
    const KIND: u8 = KIND_CLOCK;
    fn hello(hello: Hello) -> ClockEvent {
        ClockEvent::Hello(hello)
    }
    fn event(message: Message) -> Option<ClockEvent> {
        Some(match message {
            Message::Lever(press) => ClockEvent::Lever(press),
            Message::Button(change) => ClockEvent::Button(change),
            Message::State {
                white_ms,
                black_ms,
                running,
                time_ms,
            } => ClockEvent::State {
                white: Duration::from_millis(u64::from(white_ms)),
                black: Duration::from_millis(u64::from(black_ms)),
                running,
                time_ms,
            },
            _ => return None,
        })
    }
    fn error(error: LinkError) -> ClockEvent {
        ClockEvent::Error(error)
    }
}

/// The host side of a tactile clock.
pub type TactileClock = Device<ClockKind>;

impl Device<ClockKind> {
    /// Sets both times and runs one side (or none).
    pub fn set_and_run(
        &mut self,
        now: Duration,
        white: Duration,
        black: Duration,
        running: Running,
    ) {
        self.link.send(
            now,
            Message::SetAndRun {
                white_ms: ms(white),
                black_ms: ms(black),
                running,
            },
        );
    }

    /// Stops both sides.
    pub fn pause(&mut self, now: Duration) {
        self.link.send(now, Message::Pause);
    }

    /// Shows times without running.
    pub fn display(&mut self, now: Duration, white: Duration, black: Duration) {
        self.link.send(
            now,
            Message::Display {
                white_ms: ms(white),
                black_ms: ms(black),
            },
        );
    }

    /// Plays a vibration pattern `repeat` times.
    pub fn haptic(&mut self, now: Duration, pattern: Haptic, repeat: u8) {
        self.link.send(
            now,
            Message::Haptic {
                pattern,
                repeat: repeat.max(1),
            },
        );
    }

    /// Beeps.
    pub fn beep(&mut self, now: Duration, duration: Duration) {
        let duration_ms = duration.as_millis().min(u128::from(u16::MAX)) as u16;
        self.link.send(now, Message::Beep { duration_ms });
    }

    /// Asks for the shown times.
    pub fn request_state(&mut self, now: Duration) {
        self.link.send(now, Message::StateRequest);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::packet_frame;
    use crate::proto::Color;

    #[test]
    fn lever_is_reported_and_acked() {
        let t0 = Duration::from_secs(1000);
        let mut clock = TactileClock::default();
        clock.handle_bytes(
            t0,
            &packet_frame(
                7,
                &Message::Lever(LeverPress {
                    side: Color::Black,
                    time_ms: 1234,
                }),
            ),
        );
        assert_eq!(
            clock.poll_event(),
            Some(ClockEvent::Lever(LeverPress {
                side: Color::Black,
                time_ms: 1234
            }))
        );
        let mut out = Vec::new();
        clock.poll_transmit(&mut out);
        assert_eq!(out, packet_frame(0, &Message::Ack(7)));
    }

    #[test]
    fn wrong_version_is_an_error() {
        let t0 = Duration::from_secs(1000);
        let mut clock = TactileClock::default();
        let hello = Hello {
            version: 2,
            kind: KIND_CLOCK,
            firmware_major: 1,
            firmware_minor: 0,
            capabilities: 0x1F,
        };
        clock.handle_bytes(t0, &packet_frame(1, &Message::Hello(hello)));
        let ev = clock.poll_event().unwrap();
        assert_eq!(ev, ClockEvent::Error(LinkError::Version(2)));
        if let ClockEvent::Error(e) = ev {
            assert_eq!(
                e.to_string(),
                "device speaks protocol version 2, expected 1"
            );
        }
    }

    #[test]
    fn commands_go_out_one_at_a_time() {
        let t0 = Duration::from_secs(1000);
        let mut clock = TactileClock::default();
        clock.set_and_run(
            t0,
            Duration::from_secs(300),
            Duration::from_secs(290),
            Running::Black,
        );
        clock.haptic(t0, Haptic::MinuteTick, 1);
        let mut out = Vec::new();
        while clock.poll_transmit(&mut out).is_some() {}
        assert_eq!(
            out,
            packet_frame(
                1,
                &Message::SetAndRun {
                    white_ms: 300_000,
                    black_ms: 290_000,
                    running: Running::Black
                }
            )
        );
        clock.handle_bytes(t0, &packet_frame(0, &Message::Ack(1)));
        out.clear();
        while clock.poll_transmit(&mut out).is_some() {}
        assert_eq!(
            out,
            packet_frame(
                2,
                &Message::Haptic {
                    pattern: Haptic::MinuteTick,
                    repeat: 1
                }
            )
        );
    }
}
