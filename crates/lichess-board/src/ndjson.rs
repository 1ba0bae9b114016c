//! NDJSON framing: a stream's bytes, as they arrive in chunks, cut into lines; empty lines
//! are the server's keep-alives; a line longer than [`MAX_LINE`] ends the stream.

/// The longest line read (a `gameFull` of a long game with its moves is a few kB).
pub const MAX_LINE: usize = 64 * 1024;

/// One line of a stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// An empty line: the server is still there.
    KeepAlive,
    /// A line of text (a JSON object), without its end of line.
    Text(String),
}

/// A line longer than [`MAX_LINE`] or not UTF-8.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum FramingError {
    /// Too long.
    #[error("a line of more than {MAX_LINE} bytes")]
    TooLong,
    /// Not text.
    #[error("a line that is not UTF-8")]
    NotText,
}

/// The bytes of one stream not yet cut into lines.
#[derive(Debug, Default)]
pub struct LineBuffer {
    pending: Vec<u8>,
}

impl LineBuffer {
    /// Adds `bytes` and returns every line they complete.
    ///
    /// # Errors
    /// A line too long or not UTF-8: the stream is not to be trusted further.
    pub fn push(&mut self, bytes: &[u8]) -> Result<Vec<Line>, FramingError> {
        let mut lines = Vec::new();
        for part in bytes.split_inclusive(|b| *b == b'\n') {
            let complete = part.last() == Some(&b'\n');
            let body = if complete {
                &part[..part.len() - 1]
            } else {
                part
            };
            if self.pending.len() + body.len() > MAX_LINE {
                self.pending.clear();
                return Err(FramingError::TooLong);
            }
            self.pending.extend_from_slice(body);
            if complete {
                let raw = std::mem::take(&mut self.pending);
                let text = String::from_utf8(raw).map_err(|_| FramingError::NotText)?;
                let text = text.trim();
                lines.push(if text.is_empty() {
                    Line::KeepAlive
                } else {
                    Line::Text(text.to_owned())
                });
            }
        }
        Ok(lines)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_cut_across_chunks_and_keep_alives_are_told_apart() {
        let mut b = LineBuffer::default();
        assert_eq!(b.push(b"{\"a\":").unwrap(), []);
        assert_eq!(
            b.push(b"1}\n\n{\"b\"").unwrap(),
            [Line::Text("{\"a\":1}".into()), Line::KeepAlive]
        );
        assert_eq!(
            b.push(b":2}\r\n").unwrap(),
            [Line::Text("{\"b\":2}".into())]
        );
        // A multi-byte character cut between two chunks.
        let text = "{\"t\":\"Grüße\"}\n".as_bytes();
        assert_eq!(b.push(&text[..10]).unwrap(), []);
        assert_eq!(
            b.push(&text[10..]).unwrap(),
            [Line::Text("{\"t\":\"Grüße\"}".into())]
        );
    }

    #[test]
    fn a_line_without_end_is_refused_before_it_fills_memory() {
        let mut b = LineBuffer::default();
        let chunk = vec![b'x'; 1000];
        let mut result = Ok(Vec::new());
        for _ in 0..(MAX_LINE / 1000 + 2) {
            result = b.push(&chunk);
            if result.is_err() {
                break;
            }
        }
        assert_eq!(result, Err(FramingError::TooLong));
        assert_eq!(b.push(b"\xff\n"), Err(FramingError::NotText));
    }
}
