//! Lines of a TRF file: where each starts and ends (CR, CR LF or LF), and its text.

/// One line: byte range of its text (without the ending).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Line {
    pub(crate) start: usize,
    pub(crate) end: usize,
}

/// The lines of `bytes`; an ending is CR LF, CR alone or LF alone.
pub(crate) fn split(bytes: &[u8]) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\r' => {
                lines.push(Line { start, end: i });
                i += if bytes.get(i + 1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
                start = i;
            }
            b'\n' => {
                lines.push(Line { start, end: i });
                i += 1;
                start = i;
            }
            _ => i += 1,
        }
    }
    if start < bytes.len() {
        lines.push(Line {
            start,
            end: bytes.len(),
        });
    }
    lines
}

impl Line {
    /// The line's text: UTF-8, or Latin-1 when it is not valid UTF-8.
    pub(crate) fn text(&self, bytes: &[u8]) -> String {
        decode(&bytes[self.start..self.end])
    }

    /// The byte offset (in the file) of the line's character column `col` (0-based), or
    /// `None` when the line is shorter.
    pub(crate) fn byte_of_column(&self, bytes: &[u8], col: usize) -> Option<usize> {
        let raw = &bytes[self.start..self.end];
        match std::str::from_utf8(raw) {
            Ok(text) => text.char_indices().nth(col).map(|(b, _)| self.start + b),
            Err(_) => (col < raw.len()).then_some(self.start + col),
        }
    }
}

/// UTF-8 text, or each byte as its Latin-1 character.
pub(crate) fn decode(raw: &[u8]) -> String {
    match std::str::from_utf8(raw) {
        Ok(text) => text.to_string(),
        Err(_) => raw.iter().map(|&b| char::from(b)).collect(),
    }
}
