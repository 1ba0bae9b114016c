//! Host side of the tactile clock (`hardware/tactile-clock/PROTOCOL.md`): sans-IO.
//!
//! The host owns the clock arithmetic; this codec sends what to show and run and reports
//! lever presses and buttons with the device's timestamps.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use crate::link::{Endpoint, LinkConfig, LinkError, check_hello};
use crate::proto::{Button, Haptic, Hello, KIND_CLOCK, Message, Running, Side};

/// What the tactile clock reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClockEvent {
    /// The clock identified itself (version checked).
    Hello(Hello),
    /// A lever was pressed: `side` ends its move.
    Lever {
        /// Whose lever.
        side: Side,
        /// Device time.
        time_ms: u32,
    },
    /// A button was pressed or released.
    Button {
        /// Which button.
        button: Button,
        /// Pressed (true) or released.
        pressed: bool,
        /// Device time.
        time_ms: u32,
    },
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

fn ms(d: Duration) -> u32 {
    d.as_millis().min(u128::from(u32::MAX)) as u32
}

/// The host side of a tactile clock.
#[derive(Debug, Default)]
pub struct TactileClock {
    link: Endpoint,
    greeted: bool,
    events: VecDeque<ClockEvent>,
}

impl TactileClock {
    /// A host side with this link timing.
    pub fn new(config: LinkConfig) -> Self {
        TactileClock {
            link: Endpoint::new(config),
            greeted: false,
            events: VecDeque::new(),
        }
    }

    /// The port was (re)opened: ask for HELLO (the clock follows with its state).
    pub fn connect(&mut self, now: Instant) {
        self.link.clear_queue();
        self.link.reset(now);
        self.link.send(now, Message::HelloRequest);
        self.greeted = false;
    }

    /// Keep-alive ping (the ack is the answer); HELLO_REQUEST again while no HELLO came.
    pub fn keep_alive(&mut self, now: Instant) {
        if !self.link.is_idle() {
            return;
        }
        // No HELLO since connecting (the request went unanswered): ask again.
        let m = if self.greeted {
            Message::Ping
        } else {
            Message::HelloRequest
        };
        self.link.send(now, m);
    }

    /// Sets both times and runs one side (or none).
    pub fn set_and_run(
        &mut self,
        now: Instant,
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
    pub fn pause(&mut self, now: Instant) {
        self.link.send(now, Message::Pause);
    }

    /// Shows times without running.
    pub fn display(&mut self, now: Instant, white: Duration, black: Duration) {
        self.link.send(
            now,
            Message::Display {
                white_ms: ms(white),
                black_ms: ms(black),
            },
        );
    }

    /// Plays a vibration pattern `repeat` times.
    pub fn haptic(&mut self, now: Instant, pattern: Haptic, repeat: u8) {
        self.link.send(
            now,
            Message::Haptic {
                pattern,
                repeat: repeat.max(1),
            },
        );
    }

    /// Beeps.
    pub fn beep(&mut self, now: Instant, duration: Duration) {
        let duration_ms = duration.as_millis().min(u128::from(u16::MAX)) as u16;
        self.link.send(now, Message::Beep { duration_ms });
    }

    /// Asks for the shown times.
    pub fn request_state(&mut self, now: Instant) {
        self.link.send(now, Message::StateRequest);
    }

    /// Feeds bytes read from the port.
    pub fn handle_bytes(&mut self, now: Instant, bytes: &[u8]) {
        self.link.handle_bytes(now, bytes);
        while let Some(ev) = self.link.poll_event() {
            let ev = match ev.into_result() {
                Err(e) => ClockEvent::Error(e),
                Ok(Message::Hello(h)) => match check_hello(&h, KIND_CLOCK) {
                    Ok(()) => {
                        self.greeted = true;
                        ClockEvent::Hello(h)
                    }
                    Err(e) => ClockEvent::Error(e),
                },
                Ok(Message::Lever { side, time_ms }) => ClockEvent::Lever { side, time_ms },
                Ok(Message::Button {
                    button,
                    pressed,
                    time_ms,
                }) => ClockEvent::Button {
                    button,
                    pressed,
                    time_ms,
                },
                Ok(Message::State {
                    white_ms,
                    black_ms,
                    running,
                    time_ms,
                }) => ClockEvent::State {
                    white: Duration::from_millis(u64::from(white_ms)),
                    black: Duration::from_millis(u64::from(black_ms)),
                    running,
                    time_ms,
                },
                Ok(other) => ClockEvent::Error(LinkError::Unexpected(other.type_code())),
            };
            self.events.push_back(ev);
        }
    }

    /// The next event.
    pub fn poll_event(&mut self) -> Option<ClockEvent> {
        self.events.pop_front()
    }

    /// Appends the next frame to write; returns its length.
    pub fn poll_transmit(&mut self, buf: &mut Vec<u8>) -> Option<usize> {
        self.link.poll_transmit(buf)
    }

    /// When [`handle_timeout`](Self::handle_timeout) must run next.
    pub fn poll_timeout(&self) -> Option<Instant> {
        self.link.poll_timeout()
    }

    /// Runs retries.
    pub fn handle_timeout(&mut self, now: Instant) {
        self.link.handle_timeout(now);
        while let Some(ev) = self.link.poll_event() {
            if let Err(e) = ev.into_result() {
                self.events.push_back(ClockEvent::Error(e));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::packet_frame;

    #[test]
    fn lever_is_reported_and_acked() {
        let t0 = Instant::now();
        let mut clock = TactileClock::default();
        clock.handle_bytes(
            t0,
            &packet_frame(
                7,
                &Message::Lever {
                    side: Side::Black,
                    time_ms: 1234,
                },
            ),
        );
        assert_eq!(
            clock.poll_event(),
            Some(ClockEvent::Lever {
                side: Side::Black,
                time_ms: 1234
            })
        );
        let mut out = Vec::new();
        clock.poll_transmit(&mut out);
        assert_eq!(out, packet_frame(0, &Message::Ack(7)));
    }

    #[test]
    fn wrong_version_is_an_error() {
        let t0 = Instant::now();
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
        let t0 = Instant::now();
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
