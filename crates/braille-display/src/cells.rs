//! Braille cells: the North American Braille ASCII of BRF files (what liblouis writes
//! with `en-us-brf.dis`) to dot patterns, and dot patterns to Unicode Braille (U+2800…).

/// One Braille cell: bit 0 is dot 1 … bit 7 is dot 8 (BrlAPI's and Unicode's order).
pub type Dots = u8;

/// The dots of Braille ASCII ` ` (0x20) to `_` (0x5F), in order.
const BRAILLE_ASCII: [Dots; 64] = [
    0x00, 0x2e, 0x10, 0x3c, 0x2b, 0x29, 0x2f, 0x04, 0x37, 0x3e, 0x21, 0x2c, 0x20, 0x24, 0x28, 0x0c,
    0x34, 0x02, 0x06, 0x12, 0x32, 0x22, 0x16, 0x36, 0x26, 0x14, 0x31, 0x30, 0x23, 0x3f, 0x1c, 0x39,
    0x08, 0x01, 0x03, 0x09, 0x19, 0x11, 0x0b, 0x1b, 0x13, 0x0a, 0x1a, 0x05, 0x07, 0x0d, 0x1d, 0x15,
    0x0f, 0x1f, 0x17, 0x0e, 0x1e, 0x25, 0x27, 0x3a, 0x2d, 0x3d, 0x35, 0x2a, 0x33, 0x3b, 0x18, 0x38,
];

/// The cell of one Braille ASCII character (lower case is read as upper case); `None`
/// for a character outside Braille ASCII.
///
/// ```
/// use annabella_braille_display::cells::from_braille_ascii;
/// assert_eq!(from_braille_ascii('A'), Some(0b1));
/// assert_eq!(from_braille_ascii('#'), Some(0b11_1100));
/// ```
pub fn from_braille_ascii(c: char) -> Option<Dots> {
    let c = c.to_ascii_uppercase();
    (' '..='_')
        .contains(&c)
        .then(|| BRAILLE_ASCII[c as usize - 0x20])
}

/// The Unicode Braille character of a cell (`⠁` for dot 1).
pub fn unicode(dots: Dots) -> char {
    char::from_u32(0x2800 + u32::from(dots)).unwrap_or('\u{2800}')
}

/// A row of cells as Unicode Braille.
pub fn unicode_row(cells: &[Dots]) -> String {
    cells.iter().copied().map(unicode).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The dots of a cell written as dot numbers ("1245").
    fn dots(numbers: &str) -> Dots {
        numbers
            .bytes()
            .map(|b| 1u8 << (b - b'1'))
            .fold(0, |a, b| a | b)
    }

    #[test]
    fn braille_ascii_follows_the_north_american_table() {
        // Letters a–j are the upper cells; k–t add dot 3; u, v, x, y, z add dots 3 and 6.
        assert_eq!(from_braille_ascii('a'), Some(dots("1")));
        assert_eq!(from_braille_ascii('J'), Some(dots("245")));
        assert_eq!(from_braille_ascii('k'), Some(dots("13")));
        assert_eq!(from_braille_ascii('t'), Some(dots("2345")));
        assert_eq!(from_braille_ascii('u'), Some(dots("136")));
        assert_eq!(from_braille_ascii('w'), Some(dots("2456")));
        assert_eq!(from_braille_ascii('z'), Some(dots("1356")));
        // The number sign, the apostrophe (dot 3), the comma (dot 6), digits as lower cells.
        assert_eq!(from_braille_ascii('#'), Some(dots("3456")));
        assert_eq!(from_braille_ascii('\''), Some(dots("3")));
        assert_eq!(from_braille_ascii(','), Some(dots("6")));
        assert_eq!(from_braille_ascii('1'), Some(dots("2")));
        assert_eq!(from_braille_ascii('4'), Some(dots("256")));
        assert_eq!(from_braille_ascii('='), Some(dots("123456")));
        assert_eq!(from_braille_ascii(' '), Some(0));
        assert_eq!(from_braille_ascii('~'), None);
        assert_eq!(from_braille_ascii('ß'), None);
    }

    #[test]
    fn every_braille_ascii_character_has_its_own_six_dot_cell() {
        let mut seen: Vec<Dots> = (' '..='_').filter_map(from_braille_ascii).collect();
        assert_eq!(seen.len(), 64);
        assert!(seen.iter().all(|d| *d < 64));
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 64);
    }

    #[test]
    fn unicode_braille_puts_dot_n_at_bit_n_minus_one() {
        assert_eq!(unicode(0), '⠀');
        assert_eq!(unicode(dots("1")), '⠁');
        assert_eq!(unicode(dots("12345678")), '⣿');
        assert_eq!(unicode_row(&[dots("1"), dots("12")]), "⠁⠃");
    }
}
