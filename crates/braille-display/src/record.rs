//! A simulated display (the demo's): what it showed, with times, one JSON object a line
//! in `braille-display.jsonl`, the way the audio record lists what was said.

use std::{
    fs::File,
    io::{BufWriter, Write},
    path::{Path, PathBuf},
    time::Duration,
};

use serde::Serialize;

use crate::{Frame, LineKind, Surface, SurfaceError, cells::unicode_row};

/// The record's file name in a records directory.
pub const FILE_NAME: &str = "braille-display.jsonl";

/// One line of the record.
#[derive(Debug, Serialize)]
struct Shown<'a> {
    /// Table time, ms.
    at_ms: u64,
    /// The line shown.
    line: LineKind,
    /// The window of the line, from 0.
    window: usize,
    /// The whole line in print.
    text: &'a str,
    /// The window's cells as Unicode Braille.
    cells: String,
}

/// A display of a given width that writes what it shows to a JSON lines file.
#[derive(Debug)]
pub struct DisplayRecord {
    path: PathBuf,
    out: BufWriter<File>,
    last: Option<Frame>,
}

impl DisplayRecord {
    /// Creates (or empties) the record at `path`.
    ///
    /// # Errors
    /// The file cannot be created, named with its path.
    pub fn create(path: &Path) -> Result<DisplayRecord, SurfaceError> {
        let file = File::create(path).map_err(|error| SurfaceError::Record {
            path: path.to_owned(),
            error,
        })?;
        Ok(DisplayRecord {
            path: path.to_owned(),
            out: BufWriter::new(file),
            last: None,
        })
    }
}

impl Surface for DisplayRecord {
    /// Writes the frame unless the display already shows it.
    fn show(&mut self, at: Duration, frame: &Frame) -> Result<(), SurfaceError> {
        if self.last.as_ref() == Some(frame) {
            return Ok(());
        }
        let shown = Shown {
            at_ms: at.as_millis() as u64,
            line: frame.line,
            window: frame.window,
            text: &frame.text,
            cells: unicode_row(&frame.cells),
        };
        let line = serde_json::to_string(&shown)?;
        writeln!(self.out, "{line}")
            .and_then(|()| self.out.flush())
            .map_err(|error| SurfaceError::Record {
                path: self.path.clone(),
                error,
            })?;
        self.last = Some(frame.clone());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_new_frame_is_one_json_line_with_unicode_cells() {
        let dir = std::env::temp_dir().join(format!("braille-record-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(FILE_NAME);
        let mut r = DisplayRecord::create(&path).unwrap();
        let frame = Frame {
            line: LineKind::Rank(shakmaty::Rank::Eighth),
            text: "8 t".into(),
            window: 0,
            cells: vec![0x26, 0, 0x1e],
        };
        r.show(Duration::from_millis(1500), &frame).unwrap();
        r.show(Duration::from_millis(1600), &frame).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<serde_json::Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 1, "an unchanged display is not written again");
        assert_eq!(lines[0]["at_ms"], 1500);
        assert_eq!(lines[0]["line"]["rank"], 8);
        assert_eq!(lines[0]["text"], "8 t");
        assert_eq!(lines[0]["cells"], "⠦⠀⠞");
        std::fs::remove_dir_all(&dir).unwrap();
        let e = DisplayRecord::create(&dir.join("missing").join(FILE_NAME)).unwrap_err();
        assert!(matches!(e, SurfaceError::Record { .. }), "{e:?}");
        assert!(e.to_string().contains("missing"), "{e}");
    }
}
