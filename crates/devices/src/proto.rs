//! Message bodies of our own devices (tactile board and tactile clock), version 1.
//!
//! One enum for both devices and both directions keeps encoding and decoding in one
//! place; the device documents in `hardware/` say who sends what.

use std::fmt;

/// The protocol version this crate speaks.
pub const PROTOCOL_VERSION: u8 = 1;

/// `device_kind` of the tactile peg board in HELLO.
pub const KIND_PEG_BOARD: u8 = 1;
/// `device_kind` of the tactile clock in HELLO.
pub const KIND_CLOCK: u8 = 2;

/// Message type codes (byte 1 of a packet).
pub mod ty {
    /// Acknowledges a reliable packet.
    pub const ACK: u8 = 0x01;
    /// Device identifies itself.
    pub const HELLO: u8 = 0x02;
    /// Host asks for HELLO and the full state.
    pub const HELLO_REQUEST: u8 = 0x03;
    /// Keep-alive.
    pub const PING: u8 = 0x04;
    /// Device reports a rejected command.
    pub const ERROR: u8 = 0x05;
    /// Host asks for the occupancy.
    pub const SNAPSHOT_REQUEST: u8 = 0x10;
    /// Full occupancy of the peg board.
    pub const SNAPSHOT: u8 = 0x11;
    /// A peg left its hole.
    pub const LIFT: u8 = 0x12;
    /// A peg went into a hole.
    pub const PLACE: u8 = 0x13;
    /// Vibrate a hole.
    pub const INDICATE: u8 = 0x14;
    /// A clock lever was pressed.
    pub const LEVER: u8 = 0x20;
    /// A clock button changed.
    pub const BUTTON: u8 = 0x21;
    /// The clock's shown times.
    pub const STATE: u8 = 0x22;
    /// Host asks for STATE.
    pub const STATE_REQUEST: u8 = 0x23;
    /// Set both times and start one side.
    pub const SET_AND_RUN: u8 = 0x30;
    /// Stop both sides.
    pub const PAUSE: u8 = 0x31;
    /// Show times without running.
    pub const DISPLAY: u8 = 0x32;
    /// Play a vibration pattern.
    pub const HAPTIC: u8 = 0x33;
    /// Beep.
    pub const BEEP: u8 = 0x34;
}

/// A side of the clock (the player whose lever or time it is) is shakmaty's `Color`: on
/// the wire 0 = White, 1 = Black; in JSON `"white"` / `"black"`.
pub use shakmaty::Color;

fn color_from_u8(b: u8) -> Option<Color> {
    match b {
        0 => Some(Color::White),
        1 => Some(Color::Black),
        _ => None,
    }
}

fn color_to_u8(c: Color) -> u8 {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// A clock button.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Button {
    /// Ask for the remaining times to be announced.
    TimeQuery,
    /// Pause the game (call the arbiter).
    Pause,
    /// Hold to speak a move or a claim.
    PushToTalk,
}

impl Button {
    fn from_u8(b: u8) -> Option<Button> {
        match b {
            1 => Some(Button::TimeQuery),
            2 => Some(Button::Pause),
            3 => Some(Button::PushToTalk),
            _ => None,
        }
    }
    fn to_u8(self) -> u8 {
        self as u8 + 1
    }
}

/// Which clock runs.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Running {
    /// Neither (paused or not started).
    #[default]
    None,
    /// White's time runs down.
    White,
    /// Black's time runs down.
    Black,
}

impl Running {
    fn from_u8(b: u8) -> Option<Running> {
        match b {
            0 => Some(Running::None),
            1 => Some(Running::White),
            2 => Some(Running::Black),
            _ => None,
        }
    }
    fn to_u8(self) -> u8 {
        self as u8
    }
}

/// A vibration pattern of the clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Haptic {
    /// One short pulse (sent each minute below the host's threshold).
    MinuteTick,
    /// Three long pulses: a flag fell.
    Flag,
    /// Two short pulses: look at the board / listen.
    Attention,
    /// One long pulse: ten seconds left.
    TenSeconds,
}

impl Haptic {
    fn from_u8(b: u8) -> Option<Haptic> {
        match b {
            1 => Some(Haptic::MinuteTick),
            2 => Some(Haptic::Flag),
            3 => Some(Haptic::Attention),
            4 => Some(Haptic::TenSeconds),
            _ => None,
        }
    }
    fn to_u8(self) -> u8 {
        self as u8 + 1
    }
}

/// The device's self-description from HELLO.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Hello {
    /// Protocol version (this crate speaks [`PROTOCOL_VERSION`]).
    pub version: u8,
    /// [`KIND_PEG_BOARD`] or [`KIND_CLOCK`].
    pub kind: u8,
    /// Firmware version, major.
    pub firmware_major: u8,
    /// Firmware version, minor.
    pub firmware_minor: u8,
    /// Capability bits (per device document).
    pub capabilities: u16,
}

/// A clock lever pressed: `side` ends its move (LEVER, and the clock's event).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LeverPress {
    /// Whose lever.
    pub side: Color,
    /// Device time.
    pub time_ms: u32,
}

/// A clock button pressed or released (BUTTON, and the clock's event).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ButtonChange {
    /// Which button.
    pub button: Button,
    /// Pressed (true) or released.
    pub pressed: bool,
    /// Device time.
    pub time_ms: u32,
}

/// One message of either device, in either direction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    /// Acknowledges the packet with this sequence number.
    Ack(u8),
    /// Device identification.
    Hello(Hello),
    /// Host asks for HELLO and the full state.
    HelloRequest,
    /// Keep-alive from the host.
    Ping,
    /// Device rejected a command with this code.
    Error(u8),
    /// Host asks for the occupancy.
    SnapshotRequest,
    /// Occupancy, bit n = square n (0 = a1 … 63 = h8).
    Snapshot {
        /// Occupied holes.
        occupancy: u64,
        /// Device time.
        time_ms: u32,
    },
    /// A peg left `square`.
    Lift {
        /// 0 = a1 … 63 = h8.
        square: u8,
        /// Device time.
        time_ms: u32,
    },
    /// A peg went into `square`.
    Place {
        /// 0 = a1 … 63 = h8.
        square: u8,
        /// Device time.
        time_ms: u32,
    },
    /// Vibrate a hole (0 off, 1 pulse, 2 steady).
    Indicate {
        /// 0 = a1 … 63 = h8.
        square: u8,
        /// Pattern code.
        pattern: u8,
    },
    /// A clock lever was pressed.
    Lever(LeverPress),
    /// A clock button was pressed or released.
    Button(ButtonChange),
    /// The clock's shown times.
    State {
        /// White's shown time.
        white_ms: u32,
        /// Black's shown time.
        black_ms: u32,
        /// Which side runs.
        running: Running,
        /// Device time.
        time_ms: u32,
    },
    /// Host asks for STATE.
    StateRequest,
    /// Set both times and run one side.
    SetAndRun {
        /// White's time.
        white_ms: u32,
        /// Black's time.
        black_ms: u32,
        /// Which side runs.
        running: Running,
    },
    /// Stop both sides.
    Pause,
    /// Show times, do not run.
    Display {
        /// White's time.
        white_ms: u32,
        /// Black's time.
        black_ms: u32,
    },
    /// Play a vibration pattern `repeat` times.
    Haptic {
        /// Pattern.
        pattern: Haptic,
        /// Repetitions (at least 1).
        repeat: u8,
    },
    /// Beep for `duration_ms`.
    Beep {
        /// Duration.
        duration_ms: u16,
    },
}

/// A packet body that does not fit its type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BodyError {
    /// The type byte is not one of ours.
    #[error("unknown message type {0:#04x}")]
    UnknownType(u8),
    /// The body length is wrong for the type.
    #[error("message type {ty:#04x}: body of {len} bytes, expected {expected}")]
    Length {
        /// Type byte.
        ty: u8,
        /// Length received.
        len: usize,
        /// Length required.
        expected: usize,
    },
    /// A reliable message (one that asks for an ACK) with sequence number 0, which only
    /// ACKs carry: refused, neither delivered nor acknowledged.
    #[error("message type {ty:#04x} asks for an ACK but has sequence number 0 (only ACKs do)")]
    ReliableWithoutSeq {
        /// Type byte.
        ty: u8,
    },
    /// A field holds a value outside its range.
    #[error("message type {ty:#04x}: bad value {value} in byte {index}")]
    Value {
        /// Type byte.
        ty: u8,
        /// Index in the body.
        index: usize,
        /// The value.
        value: u8,
    },
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

fn u32_at(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]])
}

impl Message {
    /// Whether this message needs an ACK (all but ACK itself).
    pub fn is_reliable(&self) -> bool {
        !matches!(self, Message::Ack(_))
    }

    /// The type byte.
    pub fn type_code(&self) -> u8 {
        match self {
            Message::Ack(_) => ty::ACK,
            Message::Hello(_) => ty::HELLO,
            Message::HelloRequest => ty::HELLO_REQUEST,
            Message::Ping => ty::PING,
            Message::Error(_) => ty::ERROR,
            Message::SnapshotRequest => ty::SNAPSHOT_REQUEST,
            Message::Snapshot { .. } => ty::SNAPSHOT,
            Message::Lift { .. } => ty::LIFT,
            Message::Place { .. } => ty::PLACE,
            Message::Indicate { .. } => ty::INDICATE,
            Message::Lever(_) => ty::LEVER,
            Message::Button(_) => ty::BUTTON,
            Message::State { .. } => ty::STATE,
            Message::StateRequest => ty::STATE_REQUEST,
            Message::SetAndRun { .. } => ty::SET_AND_RUN,
            Message::Pause => ty::PAUSE,
            Message::Display { .. } => ty::DISPLAY,
            Message::Haptic { .. } => ty::HAPTIC,
            Message::Beep { .. } => ty::BEEP,
        }
    }

    /// Appends the body (after seq and type) to `out`.
    pub fn encode_body(&self, out: &mut Vec<u8>) {
        match *self {
            Message::Ack(seq) => out.push(seq),
            Message::Hello(h) => {
                out.extend_from_slice(&[h.version, h.kind, h.firmware_major, h.firmware_minor]);
                out.extend_from_slice(&h.capabilities.to_le_bytes());
            }
            Message::HelloRequest
            | Message::Ping
            | Message::SnapshotRequest
            | Message::StateRequest
            | Message::Pause => {}
            Message::Error(code) => out.push(code),
            Message::Snapshot { occupancy, time_ms } => {
                out.extend_from_slice(&occupancy.to_le_bytes());
                out.extend_from_slice(&time_ms.to_le_bytes());
            }
            Message::Lift { square, time_ms } | Message::Place { square, time_ms } => {
                out.push(square);
                out.extend_from_slice(&time_ms.to_le_bytes());
            }
            Message::Indicate { square, pattern } => out.extend_from_slice(&[square, pattern]),
            Message::Lever(LeverPress { side, time_ms }) => {
                out.push(color_to_u8(side));
                out.extend_from_slice(&time_ms.to_le_bytes());
            }
            Message::Button(ButtonChange {
                button,
                pressed,
                time_ms,
            }) => {
                out.extend_from_slice(&[button.to_u8(), pressed as u8]);
                out.extend_from_slice(&time_ms.to_le_bytes());
            }
            Message::State {
                white_ms,
                black_ms,
                running,
                time_ms,
            } => {
                out.extend_from_slice(&white_ms.to_le_bytes());
                out.extend_from_slice(&black_ms.to_le_bytes());
                out.push(running.to_u8());
                out.extend_from_slice(&time_ms.to_le_bytes());
            }
            Message::SetAndRun {
                white_ms,
                black_ms,
                running,
            } => {
                out.extend_from_slice(&white_ms.to_le_bytes());
                out.extend_from_slice(&black_ms.to_le_bytes());
                out.push(running.to_u8());
            }
            Message::Display { white_ms, black_ms } => {
                out.extend_from_slice(&white_ms.to_le_bytes());
                out.extend_from_slice(&black_ms.to_le_bytes());
            }
            Message::Haptic { pattern, repeat } => {
                out.extend_from_slice(&[pattern.to_u8(), repeat])
            }
            Message::Beep { duration_ms } => out.extend_from_slice(&duration_ms.to_le_bytes()),
        }
    }

    /// Decodes a body of type `ty`.
    ///
    /// # Errors
    /// [`BodyError`] for an unknown type, a wrong length or a value out of range.
    pub fn decode(ty: u8, b: &[u8]) -> Result<Message, BodyError> {
        let expected = body_len(ty)?;
        if b.len() != expected {
            return Err(BodyError::Length {
                ty,
                len: b.len(),
                expected,
            });
        }
        let body = Body { ty, b };
        match ty {
            ty::LEVER
            | ty::BUTTON
            | ty::STATE
            | ty::SET_AND_RUN
            | ty::DISPLAY
            | ty::HAPTIC
            | ty::BEEP => body.clock(),
            _ => body.link_or_peg_board(),
        }
    }
}

/// The body length of a message type.
fn body_len(ty: u8) -> Result<usize, BodyError> {
    Ok(match ty {
        ty::ACK | ty::ERROR => 1,
        ty::HELLO => 6,
        ty::HELLO_REQUEST | ty::PING | ty::SNAPSHOT_REQUEST | ty::STATE_REQUEST | ty::PAUSE => 0,
        ty::SNAPSHOT => 12,
        ty::LIFT | ty::PLACE | ty::LEVER => 5,
        ty::INDICATE | ty::HAPTIC | ty::BEEP => 2,
        ty::BUTTON => 6,
        ty::STATE => 13,
        ty::SET_AND_RUN => 9,
        ty::DISPLAY => 8,
        other => return Err(BodyError::UnknownType(other)),
    })
}

/// A body of the right length for its type, read field by field.
struct Body<'a> {
    ty: u8,
    b: &'a [u8],
}

impl Body<'_> {
    /// The byte at `index` is out of range.
    fn bad(&self, index: usize) -> BodyError {
        BodyError::Value {
            ty: self.ty,
            index,
            value: self.b[index],
        }
    }

    /// The square number at `index` (0 = a1 … 63 = h8).
    fn square(&self, index: usize) -> Result<u8, BodyError> {
        match self.b[index] {
            sq @ 0..64 => Ok(sq),
            _ => Err(self.bad(index)),
        }
    }

    /// The running side at `index`.
    fn running(&self, index: usize) -> Result<Running, BodyError> {
        Running::from_u8(self.b[index]).ok_or_else(|| self.bad(index))
    }

    /// The link's messages and the peg board's.
    fn link_or_peg_board(&self) -> Result<Message, BodyError> {
        let b = self.b;
        Ok(match self.ty {
            ty::ACK => Message::Ack(b[0]),
            ty::ERROR => Message::Error(b[0]),
            ty::HELLO => Message::Hello(Hello {
                version: b[0],
                kind: b[1],
                firmware_major: b[2],
                firmware_minor: b[3],
                capabilities: u16::from_le_bytes([b[4], b[5]]),
            }),
            ty::HELLO_REQUEST => Message::HelloRequest,
            ty::PING => Message::Ping,
            ty::SNAPSHOT_REQUEST => Message::SnapshotRequest,
            ty::STATE_REQUEST => Message::StateRequest,
            ty::PAUSE => Message::Pause,
            ty::SNAPSHOT => Message::Snapshot {
                occupancy: u64::from_le_bytes(b[..8].try_into().expect("8 bytes")),
                time_ms: u32_at(b, 8),
            },
            ty::LIFT => Message::Lift {
                square: self.square(0)?,
                time_ms: u32_at(b, 1),
            },
            ty::PLACE => Message::Place {
                square: self.square(0)?,
                time_ms: u32_at(b, 1),
            },
            ty::INDICATE => Message::Indicate {
                square: self.square(0)?,
                pattern: b[1],
            },
            other => return Err(BodyError::UnknownType(other)),
        })
    }

    /// The clock's messages.
    fn clock(&self) -> Result<Message, BodyError> {
        let b = self.b;
        Ok(match self.ty {
            ty::LEVER => Message::Lever(LeverPress {
                side: color_from_u8(b[0]).ok_or_else(|| self.bad(0))?,
                time_ms: u32_at(b, 1),
            }),
            ty::BUTTON => Message::Button(ButtonChange {
                button: Button::from_u8(b[0]).ok_or_else(|| self.bad(0))?,
                pressed: match b[1] {
                    0 => false,
                    1 => true,
                    _ => return Err(self.bad(1)),
                },
                time_ms: u32_at(b, 2),
            }),
            ty::STATE => Message::State {
                white_ms: u32_at(b, 0),
                black_ms: u32_at(b, 4),
                running: self.running(8)?,
                time_ms: u32_at(b, 9),
            },
            ty::SET_AND_RUN => Message::SetAndRun {
                white_ms: u32_at(b, 0),
                black_ms: u32_at(b, 4),
                running: self.running(8)?,
            },
            ty::DISPLAY => Message::Display {
                white_ms: u32_at(b, 0),
                black_ms: u32_at(b, 4),
            },
            ty::HAPTIC => Message::Haptic {
                pattern: Haptic::from_u8(b[0]).ok_or_else(|| self.bad(0))?,
                repeat: b[1],
            },
            ty::BEEP => Message::Beep {
                duration_ms: u16::from_le_bytes([b[0], b[1]]),
            },
            other => return Err(BodyError::UnknownType(other)),
        })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Any message, for round-trip and link tests.
    pub(crate) fn any_message() -> impl Strategy<Value = Message> {
        let side = prop_oneof![Just(Color::White), Just(Color::Black)];
        let button = prop_oneof![
            Just(Button::TimeQuery),
            Just(Button::Pause),
            Just(Button::PushToTalk)
        ];
        let running = prop_oneof![
            Just(Running::None),
            Just(Running::White),
            Just(Running::Black)
        ];
        let haptic = prop_oneof![
            Just(Haptic::MinuteTick),
            Just(Haptic::Flag),
            Just(Haptic::Attention),
            Just(Haptic::TenSeconds)
        ];
        prop_oneof![
            any::<u8>().prop_map(Message::Ack),
            (any::<u8>(), any::<u8>(), any::<u16>()).prop_map(|(v, k, c)| Message::Hello(Hello {
                version: v,
                kind: k,
                firmware_major: 1,
                firmware_minor: 2,
                capabilities: c
            })),
            Just(Message::HelloRequest),
            Just(Message::Ping),
            any::<u8>().prop_map(Message::Error),
            Just(Message::SnapshotRequest),
            (any::<u64>(), any::<u32>())
                .prop_map(|(occupancy, time_ms)| Message::Snapshot { occupancy, time_ms }),
            (0u8..64, any::<u32>()).prop_map(|(square, time_ms)| Message::Lift { square, time_ms }),
            (0u8..64, any::<u32>())
                .prop_map(|(square, time_ms)| Message::Place { square, time_ms }),
            (0u8..64, any::<u8>())
                .prop_map(|(square, pattern)| Message::Indicate { square, pattern }),
            (side, any::<u32>())
                .prop_map(|(side, time_ms)| Message::Lever(LeverPress { side, time_ms })),
            (button, any::<bool>(), any::<u32>()).prop_map(|(button, pressed, time_ms)| {
                Message::Button(ButtonChange {
                    button,
                    pressed,
                    time_ms,
                })
            }),
            (any::<u32>(), any::<u32>(), running.clone(), any::<u32>()).prop_map(
                |(white_ms, black_ms, running, time_ms)| Message::State {
                    white_ms,
                    black_ms,
                    running,
                    time_ms
                }
            ),
            Just(Message::StateRequest),
            (any::<u32>(), any::<u32>(), running).prop_map(|(white_ms, black_ms, running)| {
                Message::SetAndRun {
                    white_ms,
                    black_ms,
                    running,
                }
            }),
            Just(Message::Pause),
            (any::<u32>(), any::<u32>())
                .prop_map(|(white_ms, black_ms)| Message::Display { white_ms, black_ms }),
            (haptic, any::<u8>()).prop_map(|(pattern, repeat)| Message::Haptic { pattern, repeat }),
            any::<u16>().prop_map(|duration_ms| Message::Beep { duration_ms }),
        ]
    }

    proptest! {
        #[test]
        fn body_round_trip(m in any_message()) {
            let mut body = Vec::new();
            m.encode_body(&mut body);
            prop_assert_eq!(Message::decode(m.type_code(), &body), Ok(m));
        }

        #[test]
        fn random_bodies_never_panic(t in any::<u8>(), body in prop::collection::vec(any::<u8>(), 0..20)) {
            if let Ok(m) = Message::decode(t, &body) {
                let mut again = Vec::new();
                m.encode_body(&mut again);
                prop_assert_eq!(again, body);
            }
        }
    }

    #[test]
    fn errors_name_type_and_byte() {
        assert_eq!(
            Message::decode(ty::LIFT, &[64, 0, 0, 0, 0])
                .unwrap_err()
                .to_string(),
            "message type 0x12: bad value 64 in byte 0"
        );
        assert_eq!(
            Message::decode(ty::LIFT, &[1]).unwrap_err().to_string(),
            "message type 0x12: body of 1 bytes, expected 5"
        );
    }
}
