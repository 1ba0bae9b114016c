//! Looking at a page the way a person does: a screenshot decoded from PNG, element
//! rectangles from the DOM, and checks computed from the pixels — light and dark squares
//! apart, pieces of both colours at least 3:1 against both square colours (WCAG 1.4.11),
//! text at least 4.5:1 against what is behind it (WCAG 1.4.3), no horizontal scrolling,
//! no large black areas. The gallery of screenshots (`docs/screens/`) is written from
//! the same screenshots when `ANNABELLA_SCREENS` names a directory (`scripts/screens.sh`).

use std::{collections::HashMap, path::PathBuf};

use fantoccini::Client;
use serde_json::Value;

use crate::browser::Screen;

/// RGB of one pixel.
pub type Rgb = [u8; 3];

/// A decoded screenshot, RGB, row by row.
pub struct Shot {
    /// Width in device pixels.
    pub width: u32,
    /// Height in device pixels.
    pub height: u32,
    /// The pixels, `width * height` of them.
    pub pixels: Vec<Rgb>,
}

impl Shot {
    /// Decodes an 8-bit RGB or RGBA PNG (what Chromium's screenshots are).
    pub fn decode(png_bytes: &[u8]) -> Shot {
        let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
        let mut reader = decoder.read_info().expect("a PNG header");
        let mut buf = vec![0; reader.output_buffer_size().expect("a PNG size")];
        let info = reader.next_frame(&mut buf).expect("a PNG frame");
        let step = match info.color_type {
            png::ColorType::Rgba => 4,
            png::ColorType::Rgb => 3,
            other => panic!("unexpected PNG colour type {other:?}"),
        };
        assert_eq!(info.bit_depth, png::BitDepth::Eight, "8-bit PNG");
        let pixels = buf[..info.buffer_size()]
            .chunks_exact(step)
            .map(|p| [p[0], p[1], p[2]])
            .collect();
        Shot {
            width: info.width,
            height: info.height,
            pixels,
        }
    }

    /// The pixel at (`x`, `y`), clamped to the image.
    pub fn at(&self, x: u32, y: u32) -> Rgb {
        let x = x.min(self.width - 1);
        let y = y.min(self.height - 1);
        self.pixels[(y * self.width + x) as usize]
    }

    /// The pixels inside `rect` (device pixels, clipped to the image).
    pub fn region(&self, rect: Rect) -> Vec<Rgb> {
        let (x0, y0, x1, y1) = rect.clip(self.width, self.height);
        let mut out = Vec::new();
        for y in y0..y1 {
            for x in x0..x1 {
                out.push(self.pixels[(y * self.width + x) as usize]);
            }
        }
        out
    }

    /// The image scaled down by a whole `factor` (box filter), as PNG bytes.
    pub fn png_scaled(&self, factor: u32) -> Vec<u8> {
        let factor = factor.max(1);
        let (w, h) = (self.width / factor, self.height / factor);
        let mut data = Vec::with_capacity((w * h * 3) as usize);
        for y in 0..h {
            for x in 0..w {
                let mut sum = [0u32; 3];
                for dy in 0..factor {
                    for dx in 0..factor {
                        let p = self.at(x * factor + dx, y * factor + dy);
                        for c in 0..3 {
                            sum[c] += u32::from(p[c]);
                        }
                    }
                }
                for s in sum {
                    data.push(u8::try_from(s / (factor * factor)).unwrap_or(255));
                }
            }
        }
        encode_png(w, h, &data)
    }
}

/// RGB bytes as a PNG (best compression).
pub fn encode_png(width: u32, height: u32, rgb: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_compression(png::Compression::High);
        let mut writer = encoder.write_header().expect("PNG header");
        writer.write_image_data(rgb).expect("PNG data");
    }
    out
}

/// A rectangle in device pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

impl Rect {
    fn from_json(v: &Value, scale: f64) -> Rect {
        let f = |k: &str| v[k].as_f64().unwrap_or(0.0) * scale;
        Rect {
            x: f("x"),
            y: f("y"),
            w: f("w"),
            h: f("h"),
        }
    }

    /// The same rectangle shrunk by `by` on every side.
    pub fn inset(self, by: f64) -> Rect {
        Rect {
            x: self.x + by,
            y: self.y + by,
            w: (self.w - 2.0 * by).max(0.0),
            h: (self.h - 2.0 * by).max(0.0),
        }
    }

    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    fn clip(self, width: u32, height: u32) -> (u32, u32, u32, u32) {
        let c = |v: f64, max: u32| (v.round().max(0.0) as u32).min(max);
        (
            c(self.x, width),
            c(self.y, height),
            c(self.x + self.w, width),
            c(self.y + self.h, height),
        )
    }
}

/// Relative luminance (WCAG 2.x) of an sRGB colour.
pub fn luminance(c: Rgb) -> f64 {
    let lin = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.040_45 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])
}

/// The contrast ratio of two colours (1 to 21).
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The most common colour of `pixels`.
pub fn dominant(pixels: &[Rgb]) -> Option<Rgb> {
    let mut counts: HashMap<Rgb, usize> = HashMap::new();
    for p in pixels {
        *counts.entry(*p).or_default() += 1;
    }
    counts
        .into_iter()
        .max_by_key(|(c, n)| (*n, *c))
        .map(|(c, _)| c)
}

/// The ink of `pixels` on `background`: the most common colour among the pixels that
/// differ from the background by more than antialiasing does (contrast above 1.5).
pub fn ink(pixels: &[Rgb], background: Rgb) -> Option<Rgb> {
    let inked: Vec<Rgb> = pixels
        .iter()
        .copied()
        .filter(|p| contrast(*p, background) > 1.5)
        .collect();
    dominant(&inked)
}

fn hex(c: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// What the page's script reports about the viewport: rectangles of boards, squares,
/// pieces and text, and the scroll extents.
const MEASURE: &str = r#"
const scale = window.devicePixelRatio || 1;
const r = e => { const b = e.getBoundingClientRect(); return {x: b.left, y: b.top, w: b.width, h: b.height}; };
const inView = b => b.w > 0 && b.h > 0 && b.y >= 0 && b.x >= 0 && b.y + b.h <= innerHeight && b.x + b.w <= innerWidth;
const boards = [];
for (const svg of document.querySelectorAll('svg.board')) {
  const b = r(svg);
  // The board as drawn (its eight squares), not its box, which may be wider.
  const first = svg.querySelector('rect.light, rect.dark');
  const drawn = first ? first.getBoundingClientRect().width * 8 : 0;
  if (!inView(b) || drawn < 60) continue;
  const marked = new Set([...svg.querySelectorAll('rect.differs')].map(e => e.getAttribute('data-square')));
  const squares = {};
  for (const s of svg.querySelectorAll('rect.light, rect.dark')) {
    squares[s.getAttribute('data-square')] = {rect: r(s), light: s.classList.contains('light')};
  }
  const pieces = [...svg.querySelectorAll('text.piece')].map(p => ({
    square: p.getAttribute('data-square'), piece: p.getAttribute('data-piece'),
    white: p.classList.contains('white'), marked: marked.has(p.getAttribute('data-square')) }));
  boards.push({id: svg.id, rect: b, squares, pieces});
}
const texts = [];
const seen = new Set();
for (const e of document.querySelectorAll('h1,h2,h3,p,li,td,th,dt,dd,a,button,label,summary,caption,legend')) {
  if (e.closest('svg') || seen.has(e)) continue;
  if (e.checkVisibility && !e.checkVisibility({contentVisibilityAuto: true, opacityProperty: true, visibilityProperty: true})) continue;
  const shut = e.closest('details:not([open])');
  if (shut && !e.closest('summary')) continue;
  const own = [...e.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim().length > 1);
  if (own.length === 0) continue;
  const range = document.createRange();
  range.selectNodeContents(own[0]);
  const rects = [...range.getClientRects()].map(b => ({x: b.left, y: b.top, w: b.width, h: b.height})).filter(inView);
  if (rects.length === 0) continue;
  const style = getComputedStyle(e);
  seen.add(e);
  texts.push({what: e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ' "' + own[0].textContent.trim().slice(0, 40) + '"',
    rect: rects[0], size: parseFloat(style.fontSize), bold: parseInt(style.fontWeight, 10) >= 700});
  if (texts.length >= 60) break;
}
return {scale, scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth,
  scrollHeight: document.documentElement.scrollHeight, innerHeight,
  dark: matchMedia('(prefers-color-scheme: dark)').matches,
  reducedMotion: matchMedia('(prefers-reduced-motion: reduce)').matches,
  boards, texts};
"#;

/// What one look at a page found.
#[derive(Debug, Default)]
pub struct Findings {
    /// Every failed check, in words naming the page, the screen and the element.
    pub faults: Vec<String>,
    /// Boards whose squares and pieces were measured.
    pub boards: usize,
    /// Pieces measured.
    pub pieces: usize,
    /// Text elements measured.
    pub texts: usize,
}

/// What to hold a page to.
#[derive(Debug, Clone, Copy)]
pub struct Expect {
    /// At least this many boards must be in view of the first screenful (after
    /// scrolling the first board into view).
    pub boards: usize,
    /// The page must fit the window's height too (the projector's page).
    pub fits_height: bool,
}

async fn measure(client: &Client) -> Value {
    client
        .execute(MEASURE, vec![])
        .await
        .expect("measure the page")
}

/// How often [`still_shot`] tries before it reports a page that never held still.
const STILL_TRIES: usize = 8;

/// Measures with `measure`, takes the screenshot and measures again, until nothing
/// that `layout` keeps moved in between: a live page may redraw a card between the
/// measuring and the screenshot, and the boxes would then point at other pixels.
/// Returns the measure, the PNG, and whether the page held still.
async fn still_shot<M, F>(
    client: &Client,
    measure: M,
    layout: impl Fn(&Value) -> Value,
) -> (Value, Vec<u8>, bool)
where
    M: Fn() -> F,
    F: std::future::Future<Output = Value>,
{
    let mut m = measure().await;
    for _ in 0..STILL_TRIES {
        let png = client.screenshot().await.expect("screenshot");
        let again = measure().await;
        if layout(&m) == layout(&again) {
            return (m, png, true);
        }
        m = again;
    }
    let png = client.screenshot().await.expect("screenshot");
    (m, png, false)
}

/// The page's measure and screenshot once it held still ([`still_shot`]): a clock's
/// digits may change between them, no box, board or piece.
async fn still_page(client: &Client) -> (Value, Vec<u8>, bool) {
    still_shot(client, || measure(client), layout).await
}

/// A measure without its texts' words: what must not change between a measure and
/// its screenshot (a running clock's digits may).
fn layout(m: &Value) -> Value {
    let mut m = m.clone();
    for t in m["texts"].as_array_mut().into_iter().flatten() {
        if let Some(t) = t.as_object_mut() {
            t.remove("what");
        }
    }
    m
}

/// Looks at the page `client` shows on `screen` (named `page` in faults): the top of
/// the page for text, scrolling and black areas, then the first board scrolled into
/// view for its squares and pieces. Saves the screenshots as
/// `target/screens/{page}-{screen}.png` (and `-board.png`); returns the findings and
/// the top screenshot.
pub async fn look(client: &Client, page: &str, screen: Screen, expect: Expect) -> (Findings, Shot) {
    let mut f = Findings::default();
    let name = format!("{page}-{}", screen.name());
    client
        .execute("window.scrollTo(0, 0);", vec![])
        .await
        .expect("scroll to the top");
    let (m, png, still) = still_page(client).await;
    save(&format!("{name}.png"), &png);
    let top = Shot::decode(&png);
    if !still {
        f.faults.push(format!(
            "{name}: the page redrew itself between each of {STILL_TRIES} measures and its screenshot"
        ));
    }
    let scale = m["scale"].as_f64().unwrap_or(1.0);
    if m["dark"].as_bool() != Some(screen.dark) {
        f.faults.push(format!(
            "{name}: prefers-color-scheme dark is {:?}, wanted {}",
            m["dark"], screen.dark
        ));
    }
    if m["reducedMotion"].as_bool() != Some(screen.reduced_motion) {
        f.faults.push(format!(
            "{name}: prefers-reduced-motion is {:?}, wanted {}",
            m["reducedMotion"], screen.reduced_motion
        ));
    }
    // No horizontal scrolling (the board never needs it: it scales with the page).
    let (sw, cw) = (
        m["scrollWidth"].as_f64().unwrap_or(0.0),
        m["clientWidth"].as_f64().unwrap_or(0.0),
    );
    if sw > cw + 1.0 {
        f.faults.push(format!(
            "{name}: scrolls sideways ({sw} CSS px of content in {cw})"
        ));
    }
    if expect.fits_height {
        let (sh, ih) = (
            m["scrollHeight"].as_f64().unwrap_or(0.0),
            m["innerHeight"].as_f64().unwrap_or(0.0),
        );
        if sh > ih + 1.0 {
            f.faults.push(format!(
                "{name}: does not fit the screen ({sh} CSS px of content in {ih})"
            ));
        }
    }
    check_texts(&top, &m, scale, &name, &mut f);
    check_areas(&top, screen, &name, &mut f);

    // The first board, scrolled into view.
    let found = client
        .execute(
            "const b = document.querySelector('svg.board'); if (!b) return false; \
             b.scrollIntoView({block: 'center', inline: 'center'}); return true;",
            vec![],
        )
        .await
        .expect("scroll to the board");
    if found.as_bool() == Some(true) {
        let (m, png, still) = still_page(client).await;
        save(&format!("{name}-board.png"), &png);
        if !still {
            f.faults.push(format!(
                "{name}: the board's page redrew itself between each of {STILL_TRIES} measures and its screenshot"
            ));
        }
        let shot = Shot::decode(&png);
        for b in m["boards"].as_array().into_iter().flatten() {
            check_board(&shot, b, scale, &name, &mut f);
        }
    }
    if f.boards < expect.boards {
        f.faults.push(format!(
            "{name}: {} board(s) measured, wanted at least {}",
            f.boards, expect.boards
        ));
    }
    (f, top)
}

fn check_texts(shot: &Shot, m: &Value, scale: f64, name: &str, f: &mut Findings) {
    for t in m["texts"].as_array().into_iter().flatten() {
        let rect = Rect::from_json(&t["rect"], scale);
        let pixels = shot.region(rect);
        let Some(bg) = dominant(&pixels) else {
            continue;
        };
        let Some(fg) = ink(&pixels, bg) else {
            f.faults.push(format!(
                "{name}: {} has no visible ink on {}",
                t["what"],
                hex(bg)
            ));
            continue;
        };
        f.texts += 1;
        // Large text (24 px, or 18.66 px bold) needs 3:1, other text 4.5:1.
        let size = t["size"].as_f64().unwrap_or(16.0);
        let large = size >= 24.0 || (size >= 18.66 && t["bold"].as_bool() == Some(true));
        let need = if large { 3.0 } else { 4.5 };
        let got = contrast(fg, bg);
        if got < need {
            f.faults.push(format!(
                "{name}: {} is {} on {}: contrast {got:.2}, needs {need}",
                t["what"],
                hex(fg),
                hex(bg)
            ));
        }
    }
}

/// Large black areas: a tile of the screenshot almost all near-black is a fault on a
/// light page; on a dark page, the page's own background is dark and only the boards'
/// squares are checked.
fn check_areas(shot: &Shot, screen: Screen, name: &str, f: &mut Findings) {
    let (cols, rows) = (8, 6);
    let (tw, th) = (shot.width / cols, shot.height / rows);
    let mut black_tiles = 0;
    for ty in 0..rows {
        for tx in 0..cols {
            let pixels = shot.region(Rect {
                x: f64::from(tx * tw),
                y: f64::from(ty * th),
                w: f64::from(tw),
                h: f64::from(th),
            });
            let black = pixels.iter().filter(|p| luminance(**p) < 0.01).count();
            if black * 10 >= pixels.len() * 6 {
                black_tiles += 1;
            }
        }
    }
    if !screen.dark && black_tiles > 0 {
        f.faults.push(format!(
            "{name}: {black_tiles} of {} tiles are mostly black",
            cols * rows
        ));
    }
    let bg = dominant(&shot.pixels).unwrap_or([255; 3]);
    let busy = shot
        .pixels
        .iter()
        .filter(|p| contrast(**p, bg) > 1.2)
        .count();
    // A blank screen (a page that did not render): almost nothing but the background.
    if busy * 500 < shot.pixels.len() {
        f.faults.push(format!(
            "{name}: the screen is blank ({busy} of {} pixels differ from {})",
            shot.pixels.len(),
            hex(bg)
        ));
    }
}

fn check_board(shot: &Shot, b: &Value, scale: f64, name: &str, f: &mut Findings) {
    let id = b["id"].as_str().unwrap_or("?");
    let squares = b["squares"].as_object().cloned().unwrap_or_default();
    if squares.len() != 64 {
        f.faults
            .push(format!("{name}: board {id} has {} squares", squares.len()));
        return;
    }
    f.boards += 1;
    // A square's colour: its top right corner, which no piece, mark or coordinate
    // reaches.
    let corner = |v: &Value| {
        let r = Rect::from_json(&v["rect"], scale);
        let c = Rect {
            x: r.x + r.w * 0.75,
            y: r.y + r.h * 0.05,
            w: r.w * 0.2,
            h: r.h * 0.15,
        };
        dominant(&shot.region(c))
    };
    let mut light = Vec::new();
    let mut dark = Vec::new();
    for v in squares.values() {
        if let Some(c) = corner(v) {
            if v["light"].as_bool() == Some(true) {
                light.push(c);
            } else {
                dark.push(c);
            }
        }
    }
    let (Some(light), Some(dark)) = (dominant(&light), dominant(&dark)) else {
        f.faults
            .push(format!("{name}: board {id}: squares not seen"));
        return;
    };
    let apart = contrast(light, dark);
    if apart < 1.5 {
        f.faults.push(format!(
            "{name}: board {id}: light squares {} and dark squares {} are hard to tell apart ({apart:.2}:1)",
            hex(light),
            hex(dark)
        ));
    }
    let mut white_ink = Vec::new();
    let mut black_ink = Vec::new();
    for p in b["pieces"].as_array().into_iter().flatten() {
        if p["marked"].as_bool() == Some(true) {
            continue;
        }
        let sq = p["square"].as_str().unwrap_or("");
        let Some(v) = squares.get(sq) else { continue };
        let rect = Rect::from_json(&v["rect"], scale).inset(2.0);
        let own = if v["light"].as_bool() == Some(true) {
            light
        } else {
            dark
        };
        let Some(ink) = ink(&shot.region(rect), own) else {
            f.faults.push(format!(
                "{name}: board {id}: the piece {} on {sq} is invisible on {}",
                p["piece"],
                hex(own)
            ));
            continue;
        };
        f.pieces += 1;
        for (square, c) in [("light", light), ("dark", dark)] {
            let got = contrast(ink, c);
            if got < 3.0 {
                f.faults.push(format!(
                    "{name}: board {id}: the piece {} on {sq} is {} against the {square} squares {}: {got:.2}:1, needs 3:1",
                    p["piece"],
                    hex(ink),
                    hex(c)
                ));
            }
        }
        if p["white"].as_bool() == Some(true) {
            white_ink.push(ink);
        } else {
            black_ink.push(ink);
        }
    }
    if let (Some(w), Some(k)) = (dominant(&white_ink), dominant(&black_ink))
        && luminance(w) <= luminance(k)
    {
        f.faults.push(format!(
            "{name}: board {id}: White's pieces {} are not lighter than Black's {}",
            hex(w),
            hex(k)
        ));
    }
}

/// `target/screens/`, made on first use.
fn target_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| crate::workspace_root().join("target"), Into::into);
    let dir = target.join("screens");
    std::fs::create_dir_all(&dir).expect("target/screens");
    dir
}

fn save(file: &str, png: &[u8]) {
    std::fs::write(target_dir().join(file), png).expect("write a screenshot");
}

/// Writes `shot`, scaled down by `factor`, into the gallery as `file` when
/// `ANNABELLA_SCREENS` names the gallery's directory (`scripts/screens.sh` sets it to
/// `docs/screens`); otherwise does nothing.
pub fn gallery(file: &str, shot: &Shot, factor: u32) {
    let Some(dir) = std::env::var_os("ANNABELLA_SCREENS") else {
        return;
    };
    let dir = PathBuf::from(dir);
    std::fs::create_dir_all(&dir).expect("the gallery directory");
    std::fs::write(dir.join(file), shot.png_scaled(factor)).expect("write a gallery image");
}

/// One text on the first screen, measured from the layout and from the pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TextMeasure {
    /// The box of its glyphs (a `Range` over its text), in device pixels from the top
    /// left of the first screen.
    pub rect: Rect,
    /// The computed font size, CSS pixels.
    pub font_px: f64,
    /// The height of the ink the screenshot shows inside the box, device pixels: from
    /// the highest to the lowest row with a pixel of text (contrast above 2 against the
    /// box's background).
    pub ink_px: f64,
    /// The viewport's height, device pixels (the fold).
    pub fold: f64,
    /// Device pixels per CSS pixel.
    pub scale: f64,
}

impl TextMeasure {
    /// Whether all of the text is above the fold.
    pub fn above_the_fold(&self) -> bool {
        self.rect.h > 0.0 && self.rect.y >= 0.0 && self.rect.y + self.rect.h <= self.fold
    }

    /// The ink's height in CSS pixels.
    pub fn ink_css(&self) -> f64 {
        self.ink_px / self.scale
    }
}

/// Measures every element matching `css` on the first screen of the page `client`
/// shows (it scrolls to the top and takes its own screenshot, again until no box moved
/// between the measure and the screenshot), in document order. Elements without text
/// are skipped.
pub async fn measure_texts(client: &Client, css: &str) -> Vec<TextMeasure> {
    let boxes = || async {
        client
            .execute(
                "window.scrollTo(0, 0); const s = window.devicePixelRatio || 1; \
                 return [...document.querySelectorAll(arguments[0])].filter(e => e.textContent.trim()).map(e => { \
                   const g = document.createRange(); g.selectNodeContents(e); const b = g.getBoundingClientRect(); \
                   return {x: b.left * s, y: b.top * s, w: b.width * s, h: b.height * s, \
                           font: parseFloat(getComputedStyle(e).fontSize), fold: innerHeight * s, scale: s}; });",
                vec![serde_json::json!(css)],
            )
            .await
            .expect("the texts' boxes")
    };
    let (v, png, _) = still_shot(client, boxes, Value::clone).await;
    let shot = Shot::decode(&png);
    v.as_array()
        .into_iter()
        .flatten()
        .map(|m| {
            let rect = Rect::from_json(m, 1.0);
            TextMeasure {
                rect,
                font_px: m["font"].as_f64().unwrap_or(0.0),
                ink_px: ink_height(&shot, rect),
                fold: m["fold"].as_f64().unwrap_or(0.0),
                scale: m["scale"].as_f64().unwrap_or(1.0),
            }
        })
        .collect()
}

/// The height of the text's ink in `rect` of `shot`: rows holding a pixel that stands
/// out from the region's commonest colour by more than 2:1.
pub fn ink_height(shot: &Shot, rect: Rect) -> f64 {
    let (x0, y0, x1, y1) = rect.clip(shot.width, shot.height);
    let Some(background) = dominant(&shot.region(rect)) else {
        return 0.0;
    };
    let rows: Vec<u32> = (y0..y1)
        .filter(|&y| (x0..x1).any(|x| contrast(shot.at(x, y), background) > 2.0))
        .collect();
    match (rows.first(), rows.last()) {
        (Some(a), Some(b)) => f64::from(b - a + 1),
        _ => 0.0,
    }
}

/// Panics listing every fault of `findings`.
pub fn assert_clean(findings: &[Findings]) {
    let faults: Vec<&String> = findings.iter().flat_map(|f| &f.faults).collect();
    assert!(
        faults.is_empty(),
        "{} fault(s) seen on the pages:\n{}",
        faults.len(),
        faults
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contrast_matches_wcag() {
        assert!((contrast([0, 0, 0], [255, 255, 255]) - 21.0).abs() < 0.01);
        assert!((contrast([118, 118, 118], [255, 255, 255]) - 4.54).abs() < 0.02);
    }

    #[test]
    fn ink_is_the_commonest_colour_that_stands_out() {
        let mut px = vec![[255, 255, 255]; 100];
        px.extend([[0, 0, 0]; 10]);
        px.extend([[230, 230, 230]; 30]); // antialiasing, too close to the background
        px.extend([[100, 100, 100]; 3]);
        assert_eq!(ink(&px, [255, 255, 255]), Some([0, 0, 0]));
    }

    #[test]
    fn png_round_trip_and_scaling() {
        let rgb: Vec<u8> = (0..4 * 2).flat_map(|i| [i as u8 * 10, 0, 255]).collect();
        let shot = Shot::decode(&encode_png(4, 2, &rgb));
        assert_eq!((shot.width, shot.height), (4, 2));
        assert_eq!(shot.at(1, 0), [10, 0, 255]);
        let half = Shot::decode(&shot.png_scaled(2));
        assert_eq!((half.width, half.height), (2, 1));
        // The left 2 × 2 block: 0, 10 above, 40, 50 below.
        assert_eq!(half.at(0, 0), [(10 + 40 + 50) / 4, 0, 255]);
    }
}
