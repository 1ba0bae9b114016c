//! Text from outside (a server's reply, a TRF name, a PGN tag, a journal) made fit for a
//! terminal, a log line or a page: no control character (no escape sequence, no line
//! break that forges a log line) and no bidirectional control (no text that reads
//! reversed).

use std::borrow::Cow;

/// Whether `c` is one of Unicode's bidirectional controls (marks, embeddings,
/// overrides, isolates): text holding one may print in another order than it is stored.
pub fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
    )
}

/// Whether `c` may not reach a terminal, a log line or a page as it is: a control
/// character or a bidirectional control.
pub fn is_unprintable(c: char) -> bool {
    c.is_control() || is_bidi_control(c)
}

/// `text` fit for a terminal, log line or page: tabs and line breaks become spaces,
/// every other control character and bidirectional control becomes `�` (so the reader
/// sees that something was there).
///
/// # Examples
///
/// ```
/// use annabella_rules::printable;
/// assert_eq!(printable("Anna\u{1b}[2J"), "Anna�[2J");
/// assert_eq!(printable("ok\nannabella: hall: forged"), "ok annabella: hall: forged");
/// assert_eq!(printable("Müller"), "Müller");
/// ```
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unprintable) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| match c {
                '\t' | '\n' | '\r' => ' ',
                c if is_unprintable(c) => '\u{FFFD}',
                c => c,
            })
            .collect(),
    )
}

/// [`printable`], at most `max` characters (then `…`): a string from outside that sizes
/// nothing it is shown in.
///
/// # Examples
///
/// ```
/// use annabella_rules::printable_within;
/// assert_eq!(printable_within(&"x".repeat(10_000), 5), "xxxxx…");
/// ```
pub fn printable_within(text: &str, max: usize) -> String {
    let cut = match text.char_indices().nth(max) {
        None => text,
        Some((at, _)) => &text[..at],
    };
    let mut out = printable(cut).into_owned();
    if cut.len() < text.len() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_line_breaks_and_bidi_controls_do_not_pass() {
        let hostile = "a\u{1b}]0;title\u{7}b\r\nannabella: hall: x\u{202E}cba\u{2066}\u{9b}";
        let shown = printable(hostile);
        assert!(!shown.chars().any(is_unprintable), "{shown:?}");
        assert_eq!(shown, "a�]0;title�b  annabella: hall: x�cba��");
        assert!(matches!(printable("Łukasz Żółw"), Cow::Borrowed(_)));
        assert_eq!(printable_within("ab\ncd", 10), "ab cd");
        assert_eq!(printable_within("äöü", 2), "äö…");
    }
}
