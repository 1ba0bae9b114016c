//! The DGT wire codes: command and message bytes, the DGT 3000 wrapper codes, and the
//! square and piece numbering (0 = a8 … 63 = h1; pieces 1–6 white P R N B K Q, 7–12 black).

use shakmaty::{Color, File, Piece, Rank, Role, Square};

/// Host → board command bytes.
pub mod cmd {
    /// Reset to idle mode.
    pub const RESET: u8 = 0x40;
    /// Ask for the clock times.
    pub const SEND_CLK: u8 = 0x41;
    /// Ask for a board dump.
    pub const SEND_BRD: u8 = 0x42;
    /// Update mode: field updates and clock times.
    pub const SEND_UPDATE: u8 = 0x43;
    /// Update mode: field updates only.
    pub const SEND_UPDATE_BRD: u8 = 0x44;
    /// Ask for the serial number.
    pub const RETURN_SERIALNR: u8 = 0x45;
    /// Update mode: field updates, clock times only when they change.
    pub const SEND_UPDATE_NICE: u8 = 0x4B;
    /// Ask for the firmware version.
    pub const SEND_VERSION: u8 = 0x4D;
    /// Wrapper of a clock command.
    pub const CLOCK_MESSAGE: u8 = 0x2B;
}

/// Board → host message codes (the id byte is `0x80 | code`).
pub mod msg {
    /// Board dump, length 67.
    pub const BOARD_DUMP: u8 = 0x06;
    /// Clock times or clock ack, length 10.
    pub const BWTIME: u8 = 0x0D;
    /// One square changed, length 5.
    pub const FIELD_UPDATE: u8 = 0x0E;
    /// Serial number, length 8.
    pub const SERIALNR: u8 = 0x11;
    /// Trademark text, any length.
    pub const TRADEMARK: u8 = 0x12;
    /// Firmware version, length 5.
    pub const VERSION: u8 = 0x13;
}

/// DGT 3000 clock command codes inside the 0x2B wrapper.
pub mod clk {
    /// Starts a wrapped command.
    pub const START: u8 = 0x03;
    /// Ends a wrapped command.
    pub const END: u8 = 0x00;
    /// Segment display (DGT XL); older clocks also ack a text with it.
    pub const DISPLAY: u8 = 0x01;
    /// Ends a display (back to times).
    pub const END_DISPLAY: u8 = 0x03;
    /// Ask the clock's version.
    pub const VERSION: u8 = 0x09;
    /// Set both times and run.
    pub const SETNRUN: u8 = 0x0A;
    /// Beep.
    pub const BEEP: u8 = 0x0B;
    /// Show 8 ASCII characters.
    pub const ASCII: u8 = 0x0C;
    /// Ack code the clock uses for a button press (ack byte 3 names the button, see
    /// [`button`](crate::dgt::button)).
    pub const ACK_BUTTON: u8 = 0x88;
}

/// Converts a DGT square index (0 = a8 … 63 = h1) to a square.
pub fn square_from_dgt(i: u8) -> Option<Square> {
    (i < 64)
        .then(|| Square::from_coords(File::new(u32::from(i % 8)), Rank::new(7 - u32::from(i / 8))))
}

/// Converts a square to its DGT index (0 = a8 … 63 = h1).
pub fn square_to_dgt(sq: Square) -> u8 {
    (7 - u8::from(sq.rank())) * 8 + u8::from(sq.file())
}

/// Converts a DGT piece code (0 empty, 1–6 white P R N B K Q, 7–12 black) to a piece.
pub fn piece_from_dgt(code: u8) -> Result<Option<Piece>, u8> {
    const ROLES: [Role; 6] = [
        Role::Pawn,
        Role::Rook,
        Role::Knight,
        Role::Bishop,
        Role::King,
        Role::Queen,
    ];
    match code {
        0 => Ok(None),
        1..=6 => Ok(Some(Piece {
            color: Color::White,
            role: ROLES[usize::from(code - 1)],
        })),
        7..=12 => Ok(Some(Piece {
            color: Color::Black,
            role: ROLES[usize::from(code - 7)],
        })),
        other => Err(other),
    }
}

/// Converts a piece (or an empty square) to its DGT code.
pub fn piece_to_dgt(piece: Option<Piece>) -> u8 {
    let Some(p) = piece else { return 0 };
    let base = match p.role {
        Role::Pawn => 1,
        Role::Rook => 2,
        Role::Knight => 3,
        Role::Bishop => 4,
        Role::King => 5,
        Role::Queen => 6,
    };
    if p.color.is_white() { base } else { base + 6 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_and_pieces_map_like_dgt() {
        assert_eq!(square_from_dgt(0), Some(Square::A8));
        assert_eq!(square_from_dgt(63), Some(Square::H1));
        assert_eq!(square_from_dgt(52), Some(Square::E2));
        assert_eq!(square_to_dgt(Square::E2), 52);
        assert_eq!(piece_from_dgt(6), Ok(Some(Color::White.queen())));
        assert_eq!(piece_from_dgt(11), Ok(Some(Color::Black.king())));
        assert_eq!(piece_from_dgt(13), Err(13));
        for c in 0..=12 {
            assert_eq!(piece_to_dgt(piece_from_dgt(c).unwrap()), c);
        }
    }
}
