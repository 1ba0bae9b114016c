//! What a DGT 3000 on the board reports: the two times with their per-side flags, the
//! status byte of the 10-byte clock message (`DGT_MSG_BWTIME`), and the five buttons.
//!
//! The board reports the clock as the board's owner sees it: a *left* and a *right*
//! side. Which player sits at which side is the host's choice
//! ([`DgtConfig::white`](super::DgtConfig::white), left by default).
//!
//! Layout of a clock-times message (data bytes 0–6; the header is `0x8D 0x00 0x0A`):
//!
//! | byte | bits |
//! |---|---|
//! | 0 | right side: hours in D0–D3; D4 flag fallen and time blocked at zero; D5 time-per-move indicator; D6 flag shown |
//! | 1, 2 | right side: minutes, seconds (BCD) |
//! | 3 | left side, as byte 0 |
//! | 4, 5 | left side: minutes, seconds (BCD) |
//! | 6 | status: D0 running; D1 lever high on the right (so the *left* lever is down); D2 battery low; D3 right player's turn; D4 left player's turn; D5 no clock connected (reading invalid) |
//!
//! A message whose byte 0 or 3 has the low nibble `0x0A` is a clock ack instead
//! ([`Message::ClockAck`](super::Message::ClockAck)).

use std::time::Duration;

/// A side of the DGT clock as the board reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ClockSide {
    /// The left side (White's by default).
    Left,
    /// The right side (Black's by default).
    Right,
}

impl ClockSide {
    /// The other side.
    pub fn other(self) -> ClockSide {
        match self {
            ClockSide::Left => ClockSide::Right,
            ClockSide::Right => ClockSide::Left,
        }
    }
}

/// The flags the clock shows beside one side's time (bits D4–D6 of its hours byte).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct SideFlags {
    /// The flag fell and the time is blocked at zero (D4).
    pub blocked: bool,
    /// A time-per-move indicator (Bronstein, Fischer) is on (D5).
    pub time_per_move: bool,
    /// The flag is shown, the clock possibly still running into a next period (D6).
    pub flag: bool,
}

impl SideFlags {
    /// Reads the flags from a side's hours byte.
    pub fn from_hours_byte(b: u8) -> SideFlags {
        SideFlags {
            blocked: b & 0x10 != 0,
            time_per_move: b & 0x20 != 0,
            flag: b & 0x40 != 0,
        }
    }

    /// The flag bits to OR into a side's hours byte.
    pub fn bits(self) -> u8 {
        u8::from(self.blocked) << 4 | u8::from(self.time_per_move) << 5 | u8::from(self.flag) << 6
    }

    /// Whether the clock shows this side's flag at all (blocked or shown).
    pub fn fallen(self) -> bool {
        self.blocked || self.flag
    }
}

/// The clock status byte of a clock-times message, decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct ClockStatus {
    /// A clock is connected to the board and the reading is valid (D5 clear).
    pub connected: bool,
    /// The clock runs (D0); clear when stopped by its start/stop button or by the host.
    pub running: bool,
    /// The side whose lever is down (D1 set: the right side is high, so the left lever
    /// is down). The player whose lever is down has pressed it: the *other* side is to
    /// move.
    pub lever_down: ClockSide,
    /// The clock shows its low-battery sign (D2).
    pub low_battery: bool,
    /// Whose turn the clock shows (D3 right, D4 left); `None` when neither bit (or, never
    /// seen, both) is set.
    pub to_move: Option<ClockSide>,
}

impl ClockStatus {
    /// Decodes the status byte (D6 and D7 are unused).
    pub fn from_byte(b: u8) -> ClockStatus {
        ClockStatus {
            connected: b & 0x20 == 0,
            running: b & 0x01 != 0,
            lever_down: if b & 0x02 != 0 {
                ClockSide::Left
            } else {
                ClockSide::Right
            },
            low_battery: b & 0x04 != 0,
            to_move: match (b & 0x08 != 0, b & 0x10 != 0) {
                (true, false) => Some(ClockSide::Right),
                (false, true) => Some(ClockSide::Left),
                _ => None,
            },
        }
    }

    /// Encodes the status byte.
    pub fn to_byte(self) -> u8 {
        let mut b = 0;
        if !self.connected {
            b |= 0x20;
        }
        if self.running {
            b |= 0x01;
        }
        if self.lever_down == ClockSide::Left {
            b |= 0x02;
        }
        if self.low_battery {
            b |= 0x04;
        }
        match self.to_move {
            Some(ClockSide::Right) => b |= 0x08,
            Some(ClockSide::Left) => b |= 0x10,
            None => {}
        }
        b
    }
}

/// Times shown by a clock connected to the board, with its flags and status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct ClockTimes {
    /// Right side's time.
    pub right: Duration,
    /// Left side's time.
    pub left: Duration,
    /// Flags beside the right side's time.
    pub right_flags: SideFlags,
    /// Flags beside the left side's time.
    pub left_flags: SideFlags,
    /// The status byte.
    pub status: ClockStatus,
}

impl ClockTimes {
    /// Times of a connected clock with no flags shown.
    pub fn new(left: Duration, right: Duration, status: ClockStatus) -> ClockTimes {
        ClockTimes {
            right,
            left,
            right_flags: SideFlags::default(),
            left_flags: SideFlags::default(),
            status,
        }
    }

    /// The time of one side.
    pub fn time(&self, side: ClockSide) -> Duration {
        match side {
            ClockSide::Left => self.left,
            ClockSide::Right => self.right,
        }
    }

    /// Whether all seven data bytes are zero: the empty report some boards send right
    /// after a clock command, to be ignored.
    pub fn is_empty_report(&self) -> bool {
        self.left.is_zero()
            && self.right.is_zero()
            && self.left_flags == SideFlags::default()
            && self.right_flags == SideFlags::default()
            && self.status.to_byte() == 0
    }
}

/// The DGT 3000's five buttons, numbered 1–5 from left to right as a hand finds them
/// on the clock's front: `<` back, `−` minus, play/pause, `+` plus, `>` forward (OK).
///
/// The clock reports a press as an automatic ack (`ack1 = 0x88`) whose fourth byte
/// names the button: back `0x31`, plus `0x32`, play/pause `0x33`, minus `0x34`,
/// forward `0x35`.
pub mod button {
    /// The button code (ack byte 3) of button `number` (1–5, left to right).
    pub fn code(number: u8) -> Option<u8> {
        Some(match number {
            1 => 0x31,
            2 => 0x34,
            3 => 0x33,
            4 => 0x32,
            5 => 0x35,
            _ => return None,
        })
    }

    /// The button number (1–5, left to right) of a button code (ack byte 3).
    pub fn number(code: u8) -> Option<u8> {
        (1..=5).find(|&n| self::code(n) == Some(code))
    }

    /// The mask the clock sends in ack byte 2 for a single press of button `number`.
    pub fn mask(number: u8) -> Option<u8> {
        Some(
            match number {
                1 => 0x04,
                2 => 0x20,
                3 => 0x10,
                4 => 0x08,
                5 => 0x40,
                _ => return None,
            } | 0x01,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_bits_as_the_protocol_describes_them() {
        // Running, left lever down (right side high), right player's turn.
        let s = ClockStatus::from_byte(0b0000_1011);
        assert_eq!(
            s,
            ClockStatus {
                connected: true,
                running: true,
                lever_down: ClockSide::Left,
                low_battery: false,
                to_move: Some(ClockSide::Right),
            }
        );
        // Stopped, right lever down, left's turn, battery low.
        let s = ClockStatus::from_byte(0b0001_0100);
        assert!(!s.running && s.low_battery && s.connected);
        assert_eq!(s.lever_down, ClockSide::Right);
        assert_eq!(s.to_move, Some(ClockSide::Left));
        // No clock.
        assert!(!ClockStatus::from_byte(0x20).connected);
        for b in 0..0x40u8 {
            if b & 0x18 != 0x18 {
                assert_eq!(ClockStatus::from_byte(b).to_byte(), b, "{b:#04x}");
            }
        }
    }

    #[test]
    fn side_flags_from_the_hours_byte() {
        let f = SideFlags::from_hours_byte(0x51);
        assert!(f.blocked && f.flag && !f.time_per_move);
        assert!(f.fallen());
        assert_eq!(f.bits(), 0x50);
        assert!(!SideFlags::from_hours_byte(0x09).fallen());
    }

    #[test]
    fn buttons_left_to_right() {
        assert_eq!(
            (1..=5)
                .map(|n| button::code(n).unwrap())
                .collect::<Vec<_>>(),
            vec![0x31, 0x34, 0x33, 0x32, 0x35]
        );
        for n in 1..=5 {
            assert_eq!(button::number(button::code(n).unwrap()), Some(n));
        }
        assert_eq!(button::code(0), None);
        assert_eq!(button::code(6), None);
        assert_eq!(button::number(0x36), None);
        assert_eq!(button::mask(1), Some(0x05));
    }
}
