//! The game's records, written from the table: PGN with `[%clk]`, the Braille
//! scoresheet (BRF, [`braille`]) and the printed scoresheet to sign (PDF,
//! [`scoresheet_pdf`]), and the one list of their file names in a records directory.

pub mod braille;
pub mod salvage;
pub mod scoresheet_pdf;

use std::path::Path;

use annabella_table::Table;
use shakmaty::{Color, Position};

use braille::{BrailleError, Header};
use scoresheet_pdf::PdfError;

/// The journal's file name in a records directory.
pub const JOURNAL: &str = "game.journal";
/// The PGN's file name.
pub const PGN: &str = "game.pgn";
/// The Braille scoresheet's file name.
pub const BRF: &str = "game.brf";
/// The printed scoresheet's file name.
pub const PDF: &str = "game.pdf";

/// The scoresheet lines of a table's game (print, before Braille translation).
pub fn scoresheet(table: &Table) -> Vec<String> {
    let config = table.config();
    let start = table.game().start();
    // 9.1.2.2: a draw offer is written "(=)" after the move.
    let offers = table.draw_offers();
    let moves: Vec<String> = table
        .records()
        .iter()
        .map(|m| match offers.contains(&m.ply) {
            true => format!("{} (=)", m.san),
            false => m.san.clone(),
        })
        .collect();
    let result = table.end().map_or("*".to_owned(), |e| e.result.to_string());
    braille::scoresheet_lines(
        &Header {
            white: config.event.white.clone(),
            black: config.event.black.clone(),
            event: config.event.event.clone(),
            date: config.event.date.clone(),
            time_control: config.time_control.to_string(),
        },
        &moves,
        start.fullmoves().get(),
        start.turn() == Color::Black,
        &result,
        config.language,
    )
}

/// The Braille scoresheet (BRF) of a table's game with a liblouis table.
///
/// # Errors
/// As [`braille::translate`].
pub fn brf(table: &Table, louis_table: &str) -> Result<String, BrailleError> {
    braille::scoresheet_brf(louis_table, &scoresheet(table))
}

/// Writes `game.pgn` and `game.brf` into `dir`; returns the paths written and the
/// Braille problem, if any (the PGN is written even when Braille fails). The printed
/// scoresheet is [`write_pdf`].
///
/// # Errors
/// When the PGN cannot be written.
pub fn write(
    table: &Table,
    dir: &Path,
    louis_table: &str,
) -> std::io::Result<(Vec<std::path::PathBuf>, Option<BrailleError>)> {
    std::fs::create_dir_all(dir)?;
    let pgn = dir.join(PGN);
    std::fs::write(&pgn, table.pgn())?;
    let mut written = vec![pgn];
    let mut problem = None;
    match brf(table, louis_table) {
        Ok(text) => {
            let path = dir.join(BRF);
            std::fs::write(&path, text)?;
            written.push(path);
        }
        Err(e) => problem = Some(e),
    }
    Ok((written, problem))
}

/// Writes the printed scoresheet `game.pdf` into `dir`; its path.
///
/// # Errors
/// The PDF cannot be made (its font is missing) or written.
pub fn write_pdf(table: &Table, dir: &Path) -> Result<std::path::PathBuf, PdfError> {
    let bytes = scoresheet_pdf::pdf(table)?;
    let path = dir.join(PDF);
    std::fs::write(&path, bytes).map_err(|source| PdfError::Write {
        path: path.display().to_string(),
        source,
    })?;
    Ok(path)
}
