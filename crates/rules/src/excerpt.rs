//! Echoing input in errors without echoing all of it.

use std::borrow::Cow;

/// How many characters of an input an error message repeats.
pub const EXCERPT_CHARS: usize = 80;

/// `text` as an error message may repeat it: whole up to [`EXCERPT_CHARS`] characters,
/// else its first [`EXCERPT_CHARS`] characters and `…` (a 100 KB `--fen` is not printed
/// back whole).
///
/// # Examples
///
/// ```
/// use annabella_rules::excerpt;
/// assert_eq!(excerpt("e4"), "e4");
/// assert_eq!(excerpt(&"x".repeat(1000)).chars().count(), 81);
/// ```
pub fn excerpt(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(EXCERPT_CHARS) {
        None => Cow::Borrowed(text),
        Some((cut, _)) => Cow::Owned(format!("{}…", &text[..cut])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_input_is_cut_at_a_character_boundary() {
        let text = "ä".repeat(200);
        let cut = excerpt(&text);
        assert_eq!(cut.chars().count(), EXCERPT_CHARS + 1);
        assert!(cut.ends_with('…'));
        assert_eq!(
            excerpt(&"a".repeat(EXCERPT_CHARS)),
            "a".repeat(EXCERPT_CHARS)
        );
    }
}
