//! The printed scoresheet to sign (Law 8.7): an A4 PDF in the FIDE layout — event, site,
//! date, round, board, the arbiter, both players with title, rating, FIDE id and
//! federation and the VI player marked, the time control; moves 1–60 in numbered
//! columns with each move's clock time, draw offers marked `(=)` and illegal moves `‡`
//! at the move, their penalties (Law 7.5) under the moves; the result; signature lines
//! for White, Black and the arbiter; further pages past move 60; then each side's
//! remaining time as a figure. Every heading and the piece letters are in the table's
//! language; a value nobody gave is a line to fill in, never a `?`. Drawn with
//! `printpdf` in DejaVu Sans (Debian's `fonts-dejavu-core`), embedded as the subset of
//! the glyphs the sheet uses; every text is measured with the font's own advance widths
//! and shrunk or wrapped to stay inside its cell.

use std::{path::Path, time::Duration};

use annabella_phonetic::{
    Language, localize_san,
    messages::{Arg, Messages, color_arg},
};
use annabella_rules::ClockTime;
use annabella_table::{IllegalMark, Table};
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
    /// The font file is no font.
    #[error("the scoresheet's font {path} is not a TrueType font")]
    NotAFont {
        /// The font's path.
        path: String,
    },
    /// The PDF library refused.
    #[error("the scoresheet PDF: {0}")]
    Pdf(#[source] Box<dyn std::error::Error + Send + Sync>),
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

/// One player as the sheet names them; `None` where nobody gave the value (a line to
/// fill in is printed).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SheetPlayer {
    /// The name.
    pub name: Option<String>,
    /// The FIDE title (`GM`, `WIM`, …).
    pub title: Option<String>,
    /// The rating.
    pub rating: Option<String>,
    /// The FIDE id.
    pub fide_id: Option<String>,
    /// The federation (`GER`, `LTU`, …).
    pub federation: Option<String>,
}

/// What the printed scoresheet shows; `None` where nobody gave the value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sheet {
    /// Event name.
    pub event: Option<String>,
    /// Site.
    pub site: Option<String>,
    /// Date (`YYYY.MM.DD`).
    pub date: Option<String>,
    /// Round.
    pub round: Option<String>,
    /// Board (table) number.
    pub board: Option<String>,
    /// The arbiter's name.
    pub arbiter: Option<String>,
    /// White.
    pub white: SheetPlayer,
    /// Black.
    pub black: SheetPlayer,
    /// The visually impaired player's colour (Appendix D).
    pub vi: Option<shakmaty::Color>,
    /// The time control in words or PGN notation.
    pub time_control: Option<String>,
    /// Every half-move in order.
    pub moves: Vec<SheetMove>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*` (not finished).
    pub result: String,
    /// Illegal moves penalised (Law 7.5.5), marked at the move.
    pub illegal: Vec<IllegalMark>,
    /// The language of the headings and the piece letters.
    pub language: Language,
}

/// A value as the sheet prints it: `None` for what stands for "unknown" in PGN and in
/// the table's configuration (`?`, `????.??.??`, `-`, blank).
pub fn known(value: &str) -> Option<String> {
    let v = value.trim();
    let unknown = v.is_empty() || v == "-" || v.chars().all(|c| c == '?' || c == '.');
    (!unknown).then(|| v.to_owned())
}

impl Sheet {
    /// The sheet of `table`'s game: the table's configuration, and whatever its PGN's
    /// tags add (`Board`, `Arbiter`, `WhiteTitle`, `WhiteElo`, `WhiteFideId`, `WhiteFederation`
    /// and Black's).
    pub fn of(table: &Table) -> Sheet {
        let config = table.config();
        let offers = table.draw_offers();
        let pgn = table.pgn();
        let tags: Vec<(String, String)> = annabella_rules::pgn::read_games(&pgn)
            .into_iter()
            .next()
            .and_then(Result::ok)
            .map(|g| g.tags.into_iter().map(|t| (t.name, t.value)).collect())
            .unwrap_or_default();
        let tag = |name: &str| {
            tags.iter()
                .find(|(n, _)| n == name)
                .and_then(|(_, v)| known(v))
        };
        let player = |side: &str, name: &str| SheetPlayer {
            name: tag(side).or_else(|| known(name)),
            title: tag(&format!("{side}Title")),
            rating: tag(&format!("{side}Elo")),
            fide_id: tag(&format!("{side}FideId")),
            federation: tag(&format!("{side}Federation"))
                .or_else(|| tag(&format!("{side}Fed")))
                .or_else(|| tag(&format!("{side}Team"))),
        };
        Sheet {
            event: tag("Event").or_else(|| known(&config.event.event)),
            site: tag("Site").or_else(|| known(&config.event.site)),
            date: tag("Date").or_else(|| known(&config.event.date)),
            round: tag("Round").or_else(|| known(&config.event.round)),
            board: tag("Board"),
            arbiter: tag("Arbiter"),
            white: player("White", &config.event.white),
            black: player("Black", &config.event.black),
            vi: Some(config.vi_color),
            time_control: known(&config.time_control.to_string()),
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
            illegal: table.illegal_moves().to_vec(),
            language: config.language,
        }
    }

    /// How many pages of moves: one per 60 moves, at least one.
    pub fn move_pages(&self) -> usize {
        let last = self
            .moves
            .iter()
            .map(|m| m.ply)
            .chain(self.illegal.iter().map(|m| m.ply))
            .max()
            .unwrap_or(0);
        last.div_ceil(2).div_ceil(MOVES_PER_PAGE).max(1)
    }

    /// The PDF's title: "Scoresheet: White – Black" in the sheet's language.
    pub fn title(&self) -> String {
        let blank = |p: &SheetPlayer| {
            p.name.as_deref().map_or_else(
                || "…".into(),
                |n| annabella_rules::printable(n).into_owned(),
            )
        };
        self.say(
            "sheet-doc-title",
            &[
                ("white", blank(&self.white).into()),
                ("black", blank(&self.black).into()),
            ],
        )
    }

    fn say(&self, id: &str, args: &[Arg<'_>]) -> String {
        Messages::get(self.language).text(id, args)
    }
}

/// The font's advance widths, to measure text before it is drawn.
struct Metrics {
    bytes: Vec<u8>,
}

impl Metrics {
    /// The width of `text` at `size` pt, in mm.
    fn width(&self, text: &str, size: f32) -> f32 {
        let Ok(face) = ttf_parser::Face::parse(&self.bytes, 0) else {
            return text.chars().count() as f32 * size * 0.6 * PT;
        };
        let em = f32::from(face.units_per_em());
        let units: f32 = text
            .chars()
            .map(|c| {
                face.glyph_index(c)
                    .and_then(|g| face.glyph_hor_advance(g))
                    .map_or(em * 0.6, f32::from)
            })
            .sum();
        units / em * size * PT
    }

    /// The largest size up to `size` (at least `min`) at which `text` fits `w` mm.
    fn fit(&self, text: &str, size: f32, min: f32, w: f32) -> f32 {
        let at = self.width(text, size);
        if at <= w {
            size
        } else {
            (size * w / at).max(min)
        }
    }
}

/// Millimetres per point.
const PT: f32 = 25.4 / 72.0;

/// The PDF of `sheet`, with the font at `font`.
///
/// # Errors
/// The font cannot be read, or the PDF library refuses.
pub fn render(sheet: &Sheet, font: &Path) -> Result<Vec<u8>, PdfError> {
    let bytes = std::fs::read(font).map_err(|source| PdfError::Font {
        path: font.display().to_string(),
        source,
    })?;
    if ttf_parser::Face::parse(&bytes, 0).is_err() {
        return Err(PdfError::NotAFont {
            path: font.display().to_string(),
        });
    }
    let title = sheet.title();
    // The title is set again below in PDF text encoding; printpdf writes it as bytes.
    let (doc, page, layer) = PdfDocument::new("", Mm(210.0), Mm(297.0), "sheet");
    let font = doc
        .add_external_font_with_subsetting(bytes.as_slice(), true)
        .map_err(|e| PdfError::Pdf(e.into()))?;
    let metrics = Metrics { bytes };
    let pages = sheet.move_pages() + 1;
    let mut layers = vec![doc.get_page(page).get_layer(layer)];
    for _ in 1..pages {
        let (p, l) = doc.add_page(Mm(210.0), Mm(297.0), "sheet");
        layers.push(doc.get_page(p).get_layer(l));
    }
    let page = |layer| Page {
        layer,
        font: &font,
        metrics: &metrics,
    };
    for (i, layer) in layers.iter().enumerate().take(pages - 1) {
        move_page(sheet, &page(layer), i, pages);
    }
    if let Some(last) = layers.last() {
        clock_page(sheet, &page(last), pages);
    }
    let pdf = doc.save_to_bytes().map_err(|e| PdfError::Pdf(e.into()))?;
    with_title(&pdf, &title)
}

/// `pdf` with `title` in its document information as a PDF text string (UTF-16BE with
/// its byte order mark, PDF 1.7 § 7.9.2.2), which every reader shows as written.
fn with_title(pdf: &[u8], title: &str) -> Result<Vec<u8>, PdfError> {
    use lopdf::{Object, StringFormat};
    let mut doc = lopdf::Document::load_mem(pdf).map_err(|e| PdfError::Pdf(e.into()))?;
    let info = doc
        .trailer
        .get(b"Info")
        .and_then(Object::as_reference)
        .map_err(|e| PdfError::Pdf(e.into()))?;
    let mut text = vec![0xFE, 0xFF];
    text.extend(title.encode_utf16().flat_map(u16::to_be_bytes));
    doc.get_object_mut(info)
        .and_then(Object::as_dict_mut)
        .map_err(|e| PdfError::Pdf(e.into()))?
        .set("Title", Object::String(text, StringFormat::Hexadecimal));
    let mut out = Vec::with_capacity(pdf.len());
    doc.save_to(&mut out).map_err(|e| PdfError::Pdf(e.into()))?;
    Ok(out)
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

/// One page being drawn: its layer, the font and its metrics; positions in mm from the
/// bottom left.
struct Page<'a> {
    layer: &'a PdfLayerReference,
    font: &'a IndirectFontRef,
    metrics: &'a Metrics,
}

/// Whether `c` is written right to left and printed in visual order without shaping
/// (Hebrew: its letters do not join).
fn hebrew(c: char) -> bool {
    matches!(c, '\u{0590}'..='\u{05FF}' | '\u{FB1D}'..='\u{FB4F}')
}

/// Whether `text` holds a right-to-left script whose letters join (Arabic, Syriac, Thaana,
/// N'Ko): the sheet cannot shape it, so the value is left to be written by hand.
pub fn needs_shaping(text: &str) -> bool {
    text.chars().any(|c| {
        matches!(c, '\u{0600}'..='\u{08FF}' | '\u{FB50}'..='\u{FDFF}' | '\u{FE70}'..='\u{FEFF}')
    })
}

/// `text` as the sheet prints it: control characters (a hostile journal's) and
/// bidirectional controls become `�`, and Hebrew words are put in visual order (each
/// run of Hebrew words reversed, letters and words; a name that begins in Hebrew reads
/// right to left as a whole), since the PDF draws glyphs left to right.
pub fn in_print(text: &str) -> String {
    let clean = annabella_rules::printable(text);
    if !clean.chars().any(hebrew) {
        return clean.into_owned();
    }
    let words: Vec<&str> = clean.split(' ').collect();
    let rtl = |w: &str| w.chars().any(hebrew);
    // Runs of words of one direction, in logical order.
    let mut runs: Vec<(bool, Vec<String>)> = Vec::new();
    for w in words {
        let dir = rtl(w);
        let word = if dir {
            w.chars().rev().collect()
        } else {
            w.to_owned()
        };
        match runs.last_mut() {
            Some((d, run)) if *d == dir => run.push(word),
            _ => runs.push((dir, vec![word])),
        }
    }
    for (dir, run) in &mut runs {
        if *dir {
            run.reverse();
        }
    }
    if runs.first().is_some_and(|(d, _)| *d) {
        runs.reverse();
    }
    runs.into_iter()
        .map(|(_, run)| run.join(" "))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The smallest type on the sheet, pt.
const SMALLEST: f32 = 6.0;

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
        self.layer
            .use_text(in_print(s), size, Mm(x), Mm(y), self.font);
    }

    /// `s` at up to `size` pt, shrunk to fit `w` mm.
    fn text_in(&self, size: f32, (x, y): (f32, f32), w: f32, s: &str) {
        let size = self.metrics.fit(s, size, SMALLEST, w);
        self.text(size, x, y, s);
    }

    /// A label and its value on a line `w` long to write on; an unknown value leaves
    /// the line blank. A long value is shrunk to fit.
    fn field(&self, (x, y): (f32, f32), w: f32, label: &str, value: Option<&str>) {
        self.text_in(7.0, (x, y + 5.0), w, label);
        self.line((x, y), (x + w, y), 0.4);
        if let Some(value) = value {
            self.text_in(10.0, (x + 1.0, y + 0.9), w - 1.5, value);
        }
    }

    /// A field with room for two lines (a player's name): a value too long for one line
    /// at 7 pt is wrapped at a space onto a second line, each shrunk to fit.
    fn tall_field(&self, (x, y): (f32, f32), w: f32, label: &str, value: Option<&str>) {
        self.text_in(7.0, (x, y + 7.6), w, label);
        self.line((x, y), (x + w, y), 0.4);
        let Some(value) = value else {
            return;
        };
        let room = w - 1.5;
        if self.metrics.width(value, 7.0) <= room {
            self.text_in(10.0, (x + 1.0, y + 0.9), room, value);
            return;
        }
        // As many words as fit on the first line, the rest on the second.
        let words: Vec<&str> = value.split_whitespace().collect();
        let mut split = words.len();
        while split > 1 && self.metrics.width(&words[..split].join(" "), 7.0) > room {
            split -= 1;
        }
        let (first, second) = (words[..split].join(" "), words[split..].join(" "));
        self.text_in(7.0, (x + 1.0, y + 3.8), room, &first);
        self.text_in(7.0, (x + 1.0, y + 0.7), room, &second);
    }

    /// The page's title and "Page n of m" at its top.
    fn heading(&self, sheet: &Sheet, title: &str, number: usize, pages: usize) {
        self.text_in(15.0, (LEFT, 284.0), 130.0, title);
        let of = sheet.say(
            "sheet-page",
            &[("number", number.into()), ("pages", pages.into())],
        );
        self.text_in(8.0, (150.0, 284.0), 45.0, &of);
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

/// The sheet's notes of illegal moves and their penalties (Law 7.5.5: the first adds
/// time to the opponent's clock; a further one loses the game), one line each, in the
/// sheet's language.
pub fn illegal_notes(sheet: &Sheet) -> Vec<String> {
    sheet
        .illegal
        .iter()
        .map(|m| {
            let number = m.ply.div_ceil(2);
            let mv = if m.ply % 2 == 1 {
                format!("{number}.")
            } else {
                format!("{number}…")
            };
            let args = |extra: Option<String>| {
                let mut a: Vec<Arg<'_>> =
                    vec![("move", mv.clone().into()), ("color", color_arg(m.by))];
                if let Some(t) = extra {
                    a.push(("time", t.into()));
                }
                a
            };
            match m.added {
                Some(t) => sheet.say("sheet-illegal-added", &args(Some(hms(t)))),
                None => sheet.say("sheet-illegal-lost", &args(None)),
            }
        })
        .collect()
}

fn hms(d: Duration) -> String {
    ClockTime(d).hms()
}

const LEFT: f32 = 15.0;
const TOP_OF_TABLE: f32 = 222.0;
const ROW: f32 = 5.4;
/// One block of 30 moves is this wide (two blocks and a gap fill the 180 mm line).
const BLOCK: f32 = 88.0;
/// The gap between the two blocks.
const GAP: f32 = 4.0;
/// Padding inside a cell, each side.
const PAD: f32 = 0.9;

/// The columns of a move block: left edges of No., White, time, Black, time, and the
/// right edge; the move text's size. Each column fits its widest value at its size.
fn columns(sheet: &Sheet, metrics: &Metrics, labels: &[String; 5]) -> ([f32; 6], f32) {
    let widest = |texts: &mut dyn Iterator<Item = String>, size: f32| {
        texts
            .map(|t| metrics.width(&t, size))
            .fold(0.0_f32, f32::max)
    };
    let number = widest(&mut ["88".to_owned(), labels[0].clone()].into_iter(), 7.5) + 2.0 * PAD;
    let time = widest(
        &mut sheet
            .moves
            .iter()
            .map(|m| hms(m.clock))
            .chain(["8:88:88".to_owned(), labels[2].clone()]),
        7.5,
    ) + 2.0 * PAD;
    let san = (BLOCK - number - 2.0 * time) / 2.0;
    let texts: Vec<String> = sheet
        .moves
        .iter()
        .map(|m| move_text(sheet, m.ply, Some(m)))
        .chain(labels.iter().cloned())
        .collect();
    let need = widest(&mut texts.iter().cloned(), 8.5) + 2.0 * PAD;
    let size = if need <= san {
        8.5
    } else {
        (8.5 * san / need).max(SMALLEST)
    };
    let x1 = number;
    let x2 = x1 + san;
    let x3 = x2 + time;
    let x4 = x3 + san;
    ([0.0, x1, x2, x3, x4, BLOCK], size)
}

/// A half-move's text on the sheet: the move with the table's letters, `(=)` for a
/// draw offer with it, `‡` for an illegal move made in its place.
fn move_text(sheet: &Sheet, ply: usize, m: Option<&SheetMove>) -> String {
    let mut s = m.map_or(String::new(), |m| localize_san(&m.san, sheet.language));
    if m.is_some_and(|m| m.draw_offer) {
        s.push_str(" (=)");
    }
    if sheet.illegal.iter().any(|i| i.ply == ply) {
        if !s.is_empty() {
            s.push(' ');
        }
        s.push('‡');
    }
    s
}

/// A page of moves: the header, two blocks of 30 numbered moves, the result, the
/// illegal moves and the signature lines.
fn move_page(sheet: &Sheet, page: &Page<'_>, index: usize, pages: usize) {
    page.heading(sheet, &sheet.say("sheet-title", &[]), index + 1, pages);
    header(sheet, page);
    let labels = [
        sheet.say("sheet-number", &[]),
        sheet.say("sheet-white", &[]),
        sheet.say("sheet-time", &[]),
        sheet.say("sheet-black", &[]),
        sheet.say("sheet-time", &[]),
    ];
    let (cols, size) = columns(sheet, page.metrics, &labels);
    let first_move = index * MOVES_PER_PAGE + 1;
    for block in 0..2 {
        let x0 = LEFT + block as f32 * (BLOCK + GAP);
        move_block(
            sheet,
            page,
            (x0, &cols, size),
            &labels,
            first_move + block * 30,
        );
    }
    result_and_signatures(sheet, page);
    page.text_in(6.5, (LEFT, 10.0), 180.0, &sheet.say("sheet-footer", &[]));
}

/// The header: event, site, arbiter; date, round, board, time control; both players.
fn header(sheet: &Sheet, page: &Page<'_>) {
    let say = |id: &str| sheet.say(id, &[]);
    // A value in a script the sheet cannot shape is refused in words: written by hand.
    let v = |o: &Option<String>| {
        o.as_ref().map(|s| match needs_shaping(s) {
            true => say("sheet-by-hand"),
            false => s.clone(),
        })
    };
    page.field(
        (LEFT, 270.0),
        82.0,
        &say("sheet-event"),
        v(&sheet.event).as_deref(),
    );
    page.field(
        (100.0, 270.0),
        48.0,
        &say("sheet-site"),
        v(&sheet.site).as_deref(),
    );
    page.field(
        (151.0, 270.0),
        44.0,
        &say("sheet-arbiter"),
        v(&sheet.arbiter).as_deref(),
    );
    page.field(
        (LEFT, 259.0),
        36.0,
        &say("sheet-date"),
        v(&sheet.date).as_deref(),
    );
    page.field(
        (54.0, 259.0),
        20.0,
        &say("sheet-round"),
        v(&sheet.round).as_deref(),
    );
    page.field(
        (77.0, 259.0),
        20.0,
        &say("sheet-board"),
        v(&sheet.board).as_deref(),
    );
    page.field(
        (100.0, 259.0),
        95.0,
        &say("sheet-time-control"),
        v(&sheet.time_control).as_deref(),
    );
    for (i, (side, p)) in [
        (shakmaty::Color::White, &sheet.white),
        (shakmaty::Color::Black, &sheet.black),
    ]
    .into_iter()
    .enumerate()
    {
        let x = LEFT + i as f32 * 92.0;
        let mut label = say(side.fold_wb("sheet-white", "sheet-black"));
        if sheet.vi == Some(side) {
            label = format!("{label} — {}", say("sheet-vi"));
        }
        page.tall_field((x, 245.0), 88.0, &label, v(&p.name).as_deref());
        let details = [
            (0.0, 13.0, "sheet-title-label", &p.title),
            (16.0, 18.0, "sheet-rating", &p.rating),
            (37.0, 27.0, "sheet-fide-id", &p.fide_id),
            (67.0, 21.0, "sheet-federation", &p.federation),
        ];
        for (dx, w, id, value) in details {
            page.field((x + dx, 235.0), w, &say(id), v(value).as_deref());
        }
    }
}

/// One block of 30 moves from `first_move` at `x0`: the ruled table, each move's number,
/// both half-moves (a draw offer and an illegal move marked) and the clock times.
fn move_block(
    sheet: &Sheet,
    page: &Page<'_>,
    (x0, cols, size): (f32, &[f32; 6], f32),
    labels: &[String; 5],
    first_move: usize,
) {
    let head = TOP_OF_TABLE + 1.6;
    for (col, label) in labels.iter().enumerate() {
        let w = cols[col + 1] - cols[col] - 2.0 * PAD;
        page.text_in(7.5, (x0 + cols[col] + PAD, head), w, label);
    }
    let rows = 30;
    let bottom = TOP_OF_TABLE - rows as f32 * ROW;
    for r in 0..=rows {
        let y = TOP_OF_TABLE - r as f32 * ROW;
        let width = if r == 0 { 0.6 } else { 0.25 };
        page.line((x0, y), (x0 + cols[5], y), width);
    }
    let top = TOP_OF_TABLE + ROW;
    page.line((x0, top), (x0 + cols[5], top), 0.6);
    for x in cols {
        page.line((x0 + x, top), (x0 + x, bottom), 0.25);
    }
    let cell = |c: usize| cols[c + 1] - cols[c] - 2.0 * PAD;
    for r in 0..rows {
        let number = first_move + r;
        let y = TOP_OF_TABLE - (r as f32 + 1.0) * ROW + 1.6;
        page.text_in(7.5, (x0 + PAD, y), cell(0), &number.to_string());
        for (side, col) in [(1usize, 1usize), (0, 3)] {
            // White's half-move of move n is ply 2n − 1, Black's 2n.
            let ply = 2 * number - side;
            let m = sheet.moves.iter().find(|m| m.ply == ply);
            let text = move_text(sheet, ply, m);
            if !text.is_empty() {
                page.text_in(size, (x0 + cols[col] + PAD, y), cell(col), &text);
            }
            if let Some(m) = m {
                let t = hms(m.clock);
                page.text_in(7.5, (x0 + cols[col + 1] + PAD, y), cell(col + 1), &t);
            }
        }
    }
}

/// The result, the illegal moves with their penalties, and the signatures (8.7: both
/// players sign both scoresheets).
fn result_and_signatures(sheet: &Sheet, page: &Page<'_>) {
    let y = TOP_OF_TABLE - 30.0 * ROW - 9.0;
    let result = (sheet.result != "*").then_some(sheet.result.as_str());
    page.field((LEFT, y), 40.0, &sheet.say("sheet-result", &[]), result);
    let notes = illegal_notes(sheet);
    let notes = if notes.is_empty() {
        vec![sheet.say("sheet-illegal-none", &[])]
    } else {
        notes
    };
    for (i, note) in notes.iter().take(3).enumerate() {
        page.text_in(7.5, (60.0, y + 4.6 - i as f32 * 3.4), 135.0, note);
    }
    let sign_y = y - 20.0;
    for (i, id) in ["sheet-sign-white", "sheet-sign-black", "sheet-sign-arbiter"]
        .iter()
        .enumerate()
    {
        let x = LEFT + i as f32 * 62.0;
        page.line((x, sign_y), (x + 54.0, sign_y), 0.4);
        page.text_in(7.5, (x, sign_y - 4.0), 54.0, &sheet.say(id, &[]));
    }
}

/// The chart's frame on the clock page: left, bottom, width, height.
const CHART: (f32, f32, f32, f32) = (LEFT + 16.0, 150.0, 163.0, 110.0);

/// The last page: each side's remaining time after its moves as a line chart (White
/// solid, Black dashed); the numbers are in the move columns before it.
fn clock_page(sheet: &Sheet, page: &Page<'_>, pages: usize) {
    page.heading(sheet, &sheet.say("sheet-clocks", &[]), pages, pages);
    page.text_in(9.0, (LEFT, 274.0), 180.0, &sheet.title());
    page.text_in(
        8.0,
        (LEFT, 269.0),
        180.0,
        &sheet.say("sheet-clocks-note", &[]),
    );
    let most = sheet
        .moves
        .iter()
        .map(|m| m.clock)
        .max()
        .unwrap_or_default();
    let (step, top) = annabella_board::chart::round_ticks(most.as_millis() as u64);
    let last = sheet.moves.last().map_or(2, |m| m.ply).max(2);
    chart_axes(sheet, page, (step, top), last);
    let top = Duration::from_millis(top);
    for (side, dashed) in [(1usize, false), (0, true)] {
        clock_curve(sheet, page, side, dashed, top, last);
    }
    page.dashed(false);
    chart_legend(sheet, page);
}

/// The axes: time up to `top` with a line at every `step` (round values), move numbers
/// (up to ply `last`).
fn chart_axes(sheet: &Sheet, page: &Page<'_>, (step, top): (u64, u64), last: usize) {
    let (x0, y0, w, h) = CHART;
    page.line((x0, y0), (x0 + w, y0), 0.5);
    page.line((x0, y0), (x0, y0 + h), 0.5);
    let mut t = 0;
    while t <= top {
        let y = y0 + h * t as f32 / top as f32;
        page.line((x0, y), (x0 + w, y), 0.15);
        page.text(7.0, LEFT, y - 1.0, &hms(Duration::from_millis(t)));
        t += step;
    }
    let moves = last.div_ceil(2);
    let every = annabella_board::chart::move_step(moves);
    for m in (every..=moves).step_by(every) {
        let x = x0 + w * (2 * m - 1) as f32 / last as f32;
        let n = m.to_string();
        page.text(7.0, x - page.metrics.width(&n, 7.0) / 2.0, y0 - 5.0, &n);
    }
    let label = sheet.say("sheet-axis-move", &[]);
    let lw = page.metrics.width(&label, 7.5);
    page.text(7.5, x0 + w / 2.0 - lw / 2.0, y0 - 10.0, &label);
}

/// One side's remaining times (`side` 1: White's odd plies, 0: Black's) as a line.
fn clock_curve(
    sheet: &Sheet,
    page: &Page<'_>,
    side: usize,
    dashed: bool,
    top: Duration,
    last: usize,
) {
    let (x0, y0, w, h) = CHART;
    let points: Vec<(Point, bool)> = sheet
        .moves
        .iter()
        .filter(|m| m.ply % 2 == side)
        .map(|m| {
            let x = x0 + w * m.ply as f32 / last as f32;
            let y = y0 + h * (m.clock.as_secs_f32() / top.as_secs_f32());
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
    let name = |p: &SheetPlayer, id: &str| match &p.name {
        Some(n) if !needs_shaping(n) => format!("{} ({n})", sheet.say(id, &[])),
        _ => sheet.say(id, &[]),
    };
    page.line((x0, ly), (x0 + 12.0, ly), 1.6);
    page.text_in(
        8.0,
        (x0 + 14.0, ly - 1.0),
        148.0,
        &name(&sheet.white, "sheet-white"),
    );
    let ly = ly - 6.0;
    page.dashed(true);
    page.line((x0, ly), (x0 + 12.0, ly), 1.2);
    page.dashed(false);
    page.text_in(
        8.0,
        (x0 + 14.0, ly - 1.0),
        148.0,
        &name(&sheet.black, "sheet-black"),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(plies: usize) -> Sheet {
        Sheet {
            event: Some("E".into()),
            site: None,
            date: Some("2026.11.25".into()),
            round: Some("1".into()),
            board: None,
            arbiter: None,
            white: SheetPlayer {
                name: Some("W".into()),
                ..SheetPlayer::default()
            },
            black: SheetPlayer::default(),
            vi: None,
            time_control: Some("5400+30".into()),
            moves: (1..=plies)
                .map(|ply| SheetMove {
                    ply,
                    san: "Nf3".into(),
                    clock: Duration::from_secs(5400),
                    draw_offer: false,
                })
                .collect(),
            result: "*".into(),
            illegal: vec![],
            language: Language::En,
        }
    }

    #[test]
    fn illegal_moves_are_noted_with_their_penalty() {
        let mut s = sheet(4);
        s.illegal = vec![
            IllegalMark {
                ply: 3,
                by: shakmaty::Color::White,
                added: Some(Duration::from_secs(120)),
            },
            IllegalMark {
                ply: 6,
                by: shakmaty::Color::Black,
                added: None,
            },
        ];
        assert_eq!(
            illegal_notes(&s),
            [
                "‡ 2.: illegal move by White; 0:02:00 added to the opponent (Law 7.5.5).",
                "‡ 3…: illegal move by Black; the game ends (Law 7.5.5)."
            ]
        );
        assert_eq!(move_text(&s, 3, s.moves.get(2)), "Nf3 ‡");
        assert_eq!(move_text(&s, 6, None), "‡");
    }

    #[test]
    fn hebrew_prints_in_visual_order_and_controls_never_print() {
        assert_eq!(in_print("Anna Müller"), "Anna Müller");
        assert_eq!(in_print("שלום כהן"), "ןהכ םולש");
        assert_eq!(in_print("David כהן לוי"), "David יול ןהכ");
        assert_eq!(in_print("a\u{1b}[2Jb\u{202e}c"), "a�[2Jb�c");
        assert!(needs_shaping("بطولة") && !needs_shaping("שלום") && !needs_shaping("Anna"));
    }

    #[test]
    fn unknown_values_are_blank_lines_not_question_marks() {
        for unknown in ["?", "????.??.??", "-", "  ", ""] {
            assert_eq!(known(unknown), None, "{unknown:?}");
        }
        assert_eq!(known(" Berlin "), Some("Berlin".into()));
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
