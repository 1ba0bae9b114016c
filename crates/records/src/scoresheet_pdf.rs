//! The printed scoresheet to sign (Law 8.7): an A4 PDF in the FIDE layout — event, site,
//! date, round, board, players and colours, time control; moves 1–60 in numbered
//! columns with each move's clock time, draw offers marked `(=)`; illegal moves and
//! their penalties (Law 7.5); the result; signature
//! lines for White, Black and the arbiter; further pages past move 60; then each side's
//! remaining time as a figure. Piece letters are the table's language's (German S, L, T,
//! D, K; English N, B, R, Q, K). Drawn with `printpdf` in DejaVu Sans (Debian's
//! `fonts-dejavu-core`), embedded in the file.

use std::{path::Path, time::Duration};

use annabella_phonetic::{Language, localize_san};
use annabella_rules::ClockTime;
use annabella_table::Table;
use printpdf::{
    Color, IndirectFontRef, Line, LineDashPattern, Mm, PdfDocument, PdfLayerReference, Point, Rgb,
};

/// Where Debian's `fonts-dejavu-core` puts DejaVu Sans.
pub const FONT: &str = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

/// Moves on one page: two columns of 30.
pub const MOVES_PER_PAGE: usize = 60;

/// Why a scoresheet could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    /// The font file is missing or unreadable.
    #[error(
        "the scoresheet's font {path}: {source} (install the Debian package fonts-dejavu-core)"
    )]
    Font {
        /// The font's path.
        path: String,
        /// What failed.
        source: std::io::Error,
    },
    /// The PDF library refused.
    #[error("the scoresheet PDF: {0}")]
    Pdf(String),
    /// The PDF could not be written.
    #[error("{path}: {source}")]
    Write {
        /// The file's path.
        path: String,
        /// What failed.
        source: std::io::Error,
    },
}

/// One half-move on the sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetMove {
    /// Half-move number, from 1 (odd: White).
    pub ply: usize,
    /// The move in SAN with English letters (localised when drawn).
    pub san: String,
    /// The mover's remaining time after the move.
    pub clock: Duration,
    /// A draw was offered with this move (9.1.2.2).
    pub draw_offer: bool,
}

/// What the printed scoresheet shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sheet {
    /// Event name.
    pub event: String,
    /// Site.
    pub site: String,
    /// Date (`YYYY.MM.DD`).
    pub date: String,
    /// Round.
    pub round: String,
    /// Board (table) number, when known; a blank to fill in otherwise.
    pub board: Option<String>,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The time control in words or PGN notation.
    pub time_control: String,
    /// Every half-move in order.
    pub moves: Vec<SheetMove>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*` (not finished).
    pub result: String,
    /// Illegal moves completed and penalised (Law 7.5): White's, Black's.
    pub illegal: [u8; 2],
    /// The language whose piece letters are printed.
    pub language: Language,
}

impl Sheet {
    /// The sheet of `table`'s game.
    pub fn of(table: &Table) -> Sheet {
        let config = table.config();
        let offers = table.draw_offers();
        Sheet {
            event: config.event.event.clone(),
            site: config.event.site.clone(),
            date: config.event.date.clone(),
            round: config.event.round.clone(),
            board: None,
            white: config.event.white.clone(),
            black: config.event.black.clone(),
            time_control: config.time_control.to_string(),
            moves: table
                .records()
                .iter()
                .map(|m| SheetMove {
                    ply: m.ply,
                    san: m.san.clone(),
                    clock: m.clock,
                    draw_offer: offers.contains(&m.ply),
                })
                .collect(),
            result: table.end().map_or("*".to_owned(), |e| e.result.to_string()),
            illegal: [
                table.game().strikes(shakmaty::Color::White),
                table.game().strikes(shakmaty::Color::Black),
            ],
            language: config.language,
        }
    }

    /// How many pages of moves: one per 60 moves, at least one.
    pub fn move_pages(&self) -> usize {
        let moves = self.moves.last().map_or(0, |m| m.ply.div_ceil(2));
        moves.div_ceil(MOVES_PER_PAGE).max(1)
    }
}

/// The PDF of `sheet`, with the font at `font`.
///
/// # Errors
/// The font cannot be read, or the PDF library refuses.
pub fn render(sheet: &Sheet, font: &Path) -> Result<Vec<u8>, PdfError> {
    let font_file = std::fs::File::open(font).map_err(|source| PdfError::Font {
        path: font.display().to_string(),
        source,
    })?;
    let title = format!("Scoresheet: {} – {}", sheet.white, sheet.black);
    let (doc, page, layer) = PdfDocument::new(&title, Mm(210.0), Mm(297.0), "sheet");
    let font = doc
        .add_external_font(font_file)
        .map_err(|e| PdfError::Pdf(e.to_string()))?;
    let pages = sheet.move_pages() + 1;
    let mut layers = vec![doc.get_page(page).get_layer(layer)];
    for _ in 1..pages {
        let (p, l) = doc.add_page(Mm(210.0), Mm(297.0), "sheet");
        layers.push(doc.get_page(p).get_layer(l));
    }
    let page = |layer| Page { layer, font: &font };
    for (i, layer) in layers.iter().enumerate().take(pages - 1) {
        move_page(sheet, &page(layer), i, pages);
    }
    if let Some(last) = layers.last() {
        clock_page(sheet, &page(last), pages);
    }
    doc.save_to_bytes()
        .map_err(|e| PdfError::Pdf(e.to_string()))
}

/// The PDF of `table`'s game with Debian's DejaVu Sans.
///
/// # Errors
/// As [`render`].
pub fn pdf(table: &Table) -> Result<Vec<u8>, PdfError> {
    render(&Sheet::of(table), Path::new(FONT))
}

fn black() -> Color {
    Color::Rgb(Rgb::new(0.0, 0.0, 0.0, None))
}

/// One page being drawn: its layer and the font; positions in mm from the bottom left.
struct Page<'a> {
    layer: &'a PdfLayerReference,
    font: &'a IndirectFontRef,
}

impl Page<'_> {
    fn line(&self, from: (f32, f32), to: (f32, f32), width: f32) {
        self.layer.set_outline_color(black());
        self.layer.set_outline_thickness(width);
        self.layer.add_line(Line {
            points: vec![
                (Point::new(Mm(from.0), Mm(from.1)), false),
                (Point::new(Mm(to.0), Mm(to.1)), false),
            ],
            is_closed: false,
        });
    }

    fn text(&self, size: f32, x: f32, y: f32, s: &str) {
        self.layer.set_fill_color(black());
        self.layer.use_text(s, size, Mm(x), Mm(y), self.font);
    }

    /// A label and its value on a line `w` long to write on.
    fn field(&self, (x, y): (f32, f32), w: f32, label: &str, value: &str) {
        self.text(7.0, x, y + 4.2, label);
        self.text(10.0, x + 1.0, y + 0.8, value);
        self.line((x, y), (x + w, y), 0.4);
    }

    /// The page's title and "Page n of m" at its top.
    fn heading(&self, title: &str, number: usize, pages: usize) {
        self.text(15.0, LEFT, 284.0, title);
        self.text(8.0, 150.0, 284.0, &format!("Page {number} of {pages}"));
    }

    /// Dashes (6 on, 3 off) for the lines drawn next, or solid lines.
    fn dashed(&self, dashed: bool) {
        self.layer.set_line_dash_pattern(LineDashPattern {
            dash_1: dashed.then_some(6),
            gap_1: dashed.then_some(3),
            ..LineDashPattern::default()
        });
    }
}

/// The sheet's note of illegal moves and their penalties (Law 7.5.5: the first adds
/// time to the opponent's clock; a further one may lose the game, as the result says).
pub fn illegal_note(illegal: [u8; 2]) -> String {
    let side = |n: u8, who: &str, other: &str| match n {
        0 => format!("{who} none"),
        1 => format!("{who} 1 (time added to {other})"),
        n => format!("{who} {n} (penalties of 7.5.5)"),
    };
    format!(
        "Illegal moves: {}; {}",
        side(illegal[0], "White", "Black"),
        side(illegal[1], "Black", "White")
    )
}

fn hms(d: Duration) -> String {
    ClockTime(d).hms()
}

const LEFT: f32 = 15.0;
const TOP_OF_TABLE: f32 = 236.0;
const ROW: f32 = 5.6;
/// Column offsets inside one block of 30 moves: No., White, time, Black, time.
const COLS: [f32; 6] = [0.0, 8.0, 35.0, 52.0, 79.0, 90.0];

/// A page of moves: the header, two blocks of 30 numbered moves, the result and the
/// signature lines.
fn move_page(sheet: &Sheet, page: &Page<'_>, index: usize, pages: usize) {
    page.heading("Scoresheet", index + 1, pages);
    header(sheet, page);
    let first_move = index * MOVES_PER_PAGE + 1;
    for block in 0..2 {
        move_block(
            sheet,
            page,
            LEFT + block as f32 * 93.0,
            first_move + block * 30,
        );
    }
    result_and_signatures(sheet, page);
    page.text(
        6.5,
        LEFT,
        12.0,
        "Written by annabella from the table's journal. (=) a draw offer with this move (Law 9.1.2.2).",
    );
}

/// The header: event, site, date, round, board, players, time control.
fn header(sheet: &Sheet, page: &Page<'_>) {
    page.field((LEFT, 270.0), 110.0, "Event", &sheet.event);
    page.field((130.0, 270.0), 65.0, "Site", &sheet.site);
    page.field((LEFT, 260.0), 50.0, "Date", &sheet.date);
    page.field((70.0, 260.0), 30.0, "Round", &sheet.round);
    let board = sheet.board.as_deref().unwrap_or("");
    page.field((105.0, 260.0), 20.0, "Board", board);
    let time_control = &sheet.time_control;
    page.field((130.0, 260.0), 65.0, "Time control", time_control);
    page.field((LEFT, 250.0), 87.0, "White", &sheet.white);
    page.field((108.0, 250.0), 87.0, "Black", &sheet.black);
}

/// One block of 30 moves from `first_move` at `x0`: the ruled table, each move's number,
/// both half-moves (a draw offer marked) and the clock times.
fn move_block(sheet: &Sheet, page: &Page<'_>, x0: f32, first_move: usize) {
    let head = TOP_OF_TABLE + 1.5;
    for (col, label) in ["No.", "White", "Time", "Black", "Time"].iter().enumerate() {
        page.text(7.5, x0 + COLS[col] + 1.0, head, label);
    }
    let rows = 30;
    let bottom = TOP_OF_TABLE - rows as f32 * ROW;
    for r in 0..=rows {
        let y = TOP_OF_TABLE - r as f32 * ROW;
        let width = if r == 0 { 0.6 } else { 0.25 };
        page.line((x0, y), (x0 + COLS[5], y), width);
    }
    let top = TOP_OF_TABLE + ROW;
    page.line((x0, top), (x0 + COLS[5], top), 0.6);
    for x in COLS {
        page.line((x0 + x, top), (x0 + x, bottom), 0.25);
    }
    for r in 0..rows {
        let number = first_move + r;
        let y = TOP_OF_TABLE - (r as f32 + 1.0) * ROW + 1.6;
        page.text(8.0, x0 + 1.0, y, &number.to_string());
        for (side, col) in [(1usize, 1usize), (0, 3)] {
            // White's half-move of move n is ply 2n − 1, Black's 2n.
            let ply = 2 * number - side;
            if let Some(m) = sheet.moves.iter().find(|m| m.ply == ply) {
                let mut san = localize_san(&m.san, sheet.language);
                if m.draw_offer {
                    san.push_str(" (=)");
                }
                page.text(8.5, x0 + COLS[col] + 1.0, y, &san);
                page.text(7.5, x0 + COLS[col + 1] + 0.8, y, &hms(m.clock));
            }
        }
    }
}

/// The result, the illegal moves, and the signatures (8.7: both players sign both
/// scoresheets).
fn result_and_signatures(sheet: &Sheet, page: &Page<'_>) {
    let y = TOP_OF_TABLE - 30.0 * ROW - 10.0;
    page.field((LEFT, y), 60.0, "Result", &sheet.result);
    page.text(8.0, 80.0, y + 0.8, &illegal_note(sheet.illegal));
    let sign_y = y - 22.0;
    for (i, who) in ["Signature White", "Signature Black", "Signature Arbiter"]
        .iter()
        .enumerate()
    {
        let x = LEFT + i as f32 * 62.0;
        page.line((x, sign_y), (x + 54.0, sign_y), 0.4);
        page.text(7.5, x, sign_y - 4.0, who);
    }
}

/// The chart's frame on the clock page: left, bottom, width, height.
const CHART: (f32, f32, f32, f32) = (LEFT + 14.0, 150.0, 165.0, 110.0);

/// The last page: each side's remaining time after its moves as a line chart (White
/// solid, Black dashed); the numbers are in the move columns before it.
fn clock_page(sheet: &Sheet, page: &Page<'_>, pages: usize) {
    page.heading("Clock times", pages, pages);
    page.text(
        9.0,
        LEFT,
        274.0,
        &format!(
            "{} – {}: remaining time after each move (the times are also in the move columns).",
            sheet.white, sheet.black
        ),
    );
    let most = sheet
        .moves
        .iter()
        .map(|m| m.clock)
        .max()
        .unwrap_or_default()
        .max(Duration::from_secs(60));
    let last = sheet.moves.last().map_or(2, |m| m.ply).max(2);
    chart_axes(page, most, last);
    for (side, dashed) in [(1usize, false), (0, true)] {
        clock_curve(sheet, page, side, dashed, most, last);
    }
    page.dashed(false);
    chart_legend(sheet, page);
}

/// The axes: time (up to `most`) in quarters, move numbers (up to ply `last`).
fn chart_axes(page: &Page<'_>, most: Duration, last: usize) {
    let (x0, y0, w, h) = CHART;
    page.line((x0, y0), (x0 + w, y0), 0.5);
    page.line((x0, y0), (x0, y0 + h), 0.5);
    for q in 0..=4u32 {
        let t = most * q / 4;
        let y = y0 + h * q as f32 / 4.0;
        page.line((x0, y), (x0 + w, y), 0.15);
        page.text(7.0, LEFT, y - 1.0, &hms(t));
    }
    let moves = last.div_ceil(2);
    let step = (moves / 10).max(1);
    for m in (step..=moves).step_by(step) {
        let x = x0 + w * (2 * m - 1) as f32 / last as f32;
        page.text(7.0, x - 1.5, y0 - 5.0, &m.to_string());
    }
    page.text(7.5, x0 + w / 2.0 - 5.0, y0 - 10.0, "Move");
}

/// One side's remaining times (`side` 1: White's odd plies, 0: Black's) as a line.
fn clock_curve(
    sheet: &Sheet,
    page: &Page<'_>,
    side: usize,
    dashed: bool,
    most: Duration,
    last: usize,
) {
    let (x0, y0, w, h) = CHART;
    let points: Vec<(Point, bool)> = sheet
        .moves
        .iter()
        .filter(|m| m.ply % 2 == side)
        .map(|m| {
            let x = x0 + w * m.ply as f32 / last as f32;
            let y = y0 + h * (m.clock.as_secs_f32() / most.as_secs_f32());
            (Point::new(Mm(x), Mm(y)), false)
        })
        .collect();
    if points.len() > 1 {
        page.layer
            .set_outline_thickness(if dashed { 1.2 } else { 1.6 });
        page.dashed(dashed);
        page.layer.add_line(Line {
            points,
            is_closed: false,
        });
    }
}

/// Which line is whose, under the chart.
fn chart_legend(sheet: &Sheet, page: &Page<'_>) {
    let (x0, y0, ..) = CHART;
    let ly = y0 - 20.0;
    page.line((x0, ly), (x0 + 12.0, ly), 1.6);
    page.text(
        8.0,
        x0 + 14.0,
        ly - 1.0,
        &format!("White ({})", sheet.white),
    );
    page.dashed(true);
    page.line((x0 + 80.0, ly), (x0 + 92.0, ly), 1.2);
    page.dashed(false);
    page.text(
        8.0,
        x0 + 94.0,
        ly - 1.0,
        &format!("Black ({})", sheet.black),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(plies: usize) -> Sheet {
        Sheet {
            event: "E".into(),
            site: "S".into(),
            date: "2026.11.25".into(),
            round: "1".into(),
            board: None,
            white: "W".into(),
            black: "B".into(),
            time_control: "5400+30".into(),
            moves: (1..=plies)
                .map(|ply| SheetMove {
                    ply,
                    san: "Nf3".into(),
                    clock: Duration::from_secs(5400),
                    draw_offer: false,
                })
                .collect(),
            result: "*".into(),
            illegal: [0, 0],
            language: Language::En,
        }
    }

    #[test]
    fn illegal_moves_are_noted_with_their_penalty() {
        assert_eq!(
            illegal_note([1, 0]),
            "Illegal moves: White 1 (time added to Black); Black none"
        );
        assert!(illegal_note([0, 2]).ends_with("Black 2 (penalties of 7.5.5)"));
    }

    #[test]
    fn sixty_moves_a_page() {
        assert_eq!(sheet(0).move_pages(), 1);
        assert_eq!(sheet(120).move_pages(), 1);
        assert_eq!(sheet(121).move_pages(), 2);
        assert_eq!(sheet(240).move_pages(), 2);
    }

    #[test]
    fn a_missing_font_is_named() {
        let e = render(&sheet(2), Path::new("/nonexistent/font.ttf")).unwrap_err();
        let text = e.to_string();
        assert!(
            text.contains("/nonexistent/font.ttf") && text.contains("fonts-dejavu-core"),
            "{text}"
        );
    }
}
