//! The simulated tactile clock.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{FramedDevice, SimError, device_ms};
use crate::link::Endpoint;
use crate::proto::{
    Button, ButtonChange, Color, Hello, KIND_CLOCK, LeverPress, Message, PROTOCOL_VERSION, Running,
};

/// Actions of the simulated tactile clock (JSON: `{"lever":"white"}`,
/// `{"button":"pause"}`, `{"release":"push_to_talk"}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClockAction {
    /// Press the lever of a side.
    Lever(#[serde(with = "annabella_rules::text_serde")] Color),
    /// Press a button.
    Button(Button),
    /// Release a button (push-to-talk).
    Release(Button),
}

/// The simulated tactile clock: shows and runs what the host sets.
#[derive(Debug)]
pub struct ClockSim {
    start: Duration,
    link: Endpoint,
    white_ms: u32,
    black_ms: u32,
    running: Running,
    since: Duration,
    /// Commands received from the host, in order (for tests and the demo).
    pub received: Vec<Message>,
}

impl Default for ClockSim {
    fn default() -> Self {
        // The device's own time starts with its shell's epoch.
        let now = Duration::ZERO;
        ClockSim {
            start: now,
            link: Endpoint::default(),
            white_ms: 0,
            black_ms: 0,
            running: Running::None,
            since: now,
            received: Vec::new(),
        }
    }
}

impl ClockSim {
    /// The times shown now (White, Black) and which side runs.
    pub fn shown(&self, now: Duration) -> (u32, u32, Running) {
        let ran = device_ms(self.since, now);
        match self.running {
            Running::White => (
                self.white_ms.saturating_sub(ran),
                self.black_ms,
                self.running,
            ),
            Running::Black => (
                self.white_ms,
                self.black_ms.saturating_sub(ran),
                self.running,
            ),
            Running::None => (self.white_ms, self.black_ms, self.running),
        }
    }

    fn set(&mut self, now: Duration, white_ms: u32, black_ms: u32, running: Running) {
        self.white_ms = white_ms;
        self.black_ms = black_ms;
        self.running = running;
        self.since = now;
    }

    fn state(&self, now: Duration) -> Message {
        let (white_ms, black_ms, running) = self.shown(now);
        Message::State {
            white_ms,
            black_ms,
            running,
            time_ms: device_ms(self.start, now),
        }
    }
}

impl FramedDevice for ClockSim {
    type Action = ClockAction;

    fn endpoint(&mut self) -> &mut Endpoint {
        &mut self.link
    }

    fn endpoint_ref(&self) -> &Endpoint {
        &self.link
    }

    fn receive(&mut self, now: Duration, m: Message) {
        match &m {
            Message::HelloRequest => {
                self.link.clear_queue();
                self.link.send(
                    now,
                    Message::Hello(Hello {
                        version: PROTOCOL_VERSION,
                        kind: KIND_CLOCK,
                        firmware_major: 1,
                        firmware_minor: 0,
                        capabilities: 0b1_1111,
                    }),
                );
                let s = self.state(now);
                self.link.send(now, s);
            }
            Message::StateRequest => {
                let s = self.state(now);
                self.link.send(now, s);
            }
            Message::SetAndRun {
                white_ms,
                black_ms,
                running,
            } => self.set(now, *white_ms, *black_ms, *running),
            Message::Pause => {
                let (w, b, _) = self.shown(now);
                self.set(now, w, b, Running::None);
            }
            Message::Display { white_ms, black_ms } => {
                self.set(now, *white_ms, *black_ms, Running::None)
            }
            Message::Haptic { .. } | Message::Beep { .. } | Message::Ping => {}
            _ => self.link.send(now, Message::Error(1)),
        }
        if !matches!(m, Message::Ping) {
            self.received.push(m);
        }
    }

    fn perform(&mut self, now: Duration, action: ClockAction) -> Result<(), SimError> {
        let time_ms = device_ms(self.start, now);
        match action {
            ClockAction::Lever(side) => {
                let (w, b, _) = self.shown(now);
                let next = if side == Color::White {
                    Running::Black
                } else {
                    Running::White
                };
                self.set(now, w, b, next);
                self.link
                    .send(now, Message::Lever(LeverPress { side, time_ms }));
            }
            ClockAction::Button(button) => self.link.send(
                now,
                Message::Button(ButtonChange {
                    button,
                    pressed: true,
                    time_ms,
                }),
            ),
            ClockAction::Release(button) => self.link.send(
                now,
                Message::Button(ButtonChange {
                    button,
                    pressed: false,
                    time_ms,
                }),
            ),
        }
        Ok(())
    }
}
