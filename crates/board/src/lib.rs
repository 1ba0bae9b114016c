//! The one board drawing of annabella's pages, shared by the table's console and the
//! hall: a board as server-rendered SVG ([`board_svg`], with [`board_text`] as its text
//! alternative), each side's clock over the game as a small chart ([`clock_chart`], with
//! a table of the same numbers), and the stylesheet both shells serve as a file
//! ([`STYLESHEET`], followed by each page's own rules).
//!
//! The square and piece colours are chosen so that both piece colours stand out from
//! both square colours by at least 3:1 (WCAG 1.4.11) while the two square colours stay
//! apart: light squares have a relative luminance near 0.28, dark ones near 0.13, and
//! pieces are pure white and pure black with an outline of the other colour.
//!
//! ```
//! let board = shakmaty::Board::default();
//! let svg = annabella_board::board_svg(&board, "b", "Table 1", &[], annabella_phonetic::Language::En);
//! assert!(svg.contains(r#"class="light""#) && svg.contains(r#"class="piece white""#));
//! assert!(annabella_board::STYLESHEET.contains("svg.board .dark"));
//! ```

pub mod chart;
pub mod svg;

pub use chart::{ClockPoint, clock_chart, clock_table};
pub use svg::{board_svg, board_text, piece_name};

/// The light squares' colour (relative luminance ≈ 0.28).
pub const LIGHT_SQUARE: &str = "#a98a66";
/// The dark squares' colour (relative luminance ≈ 0.12).
pub const DARK_SQUARE: &str = "#765d44";
/// White's pieces (and the outline of Black's).
pub const WHITE_PIECE: &str = "#fff";
/// Black's pieces (and the outline of White's).
pub const BLACK_PIECE: &str = "#000";

/// The rules every page shares: colours for light and dark schemes
/// (`prefers-color-scheme`), no motion when `prefers-reduced-motion` asks, focus rings,
/// the board and the clock chart. Each page's own rules follow it in the same file.
pub const STYLESHEET: &str = r#":root{color-scheme:light dark;--bg:#fff;--fg:#111;--muted:#444;--line:#767676;--link:#0645ad;--alarm:#a00000;--alarm-bg:#fde8e8;--calm:#1b5e20;--calm-bg:#e8f5e9;--mark-bg:#fff3c4;--focus:#0b5fff;--white-line:#555;--black-line:#000}
@media (prefers-color-scheme:dark){:root{--bg:#121212;--fg:#eee;--muted:#ccc;--line:#9e9e9e;--link:#9cc3ff;--alarm:#ff9c94;--alarm-bg:#3a1010;--calm:#a5d6a7;--calm-bg:#0f2e18;--mark-bg:#4a3d00;--focus:#9cc3ff;--white-line:#eee;--black-line:#9cc3ff}}
*,*::before,*::after{box-sizing:border-box}
body{background:var(--bg);color:var(--fg);font-family:system-ui,"DejaVu Sans",sans-serif;line-height:1.4;margin:1rem;overflow-wrap:anywhere}
a{color:var(--link)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
button,input,select{font:inherit}
table{border-collapse:collapse}
th,td{border:1px solid var(--line);padding:.15rem .4rem;text-align:left}
.alarm{border:4px solid var(--alarm);background:var(--alarm-bg);padding:.5rem}
.calm{border:2px solid var(--calm);background:var(--calm-bg);padding:.5rem}
@keyframes annabella-pulse{50%{outline-color:transparent}}
.pulse{outline:4px solid var(--alarm);animation:annabella-pulse 1.5s ease-in-out infinite}
@media (prefers-reduced-motion:reduce){*,*::before,*::after{animation:none!important;transition:none!important;scroll-behavior:auto!important}}
svg.board{display:block;width:100%;height:auto}
svg.board .light{fill:#a98a66}
svg.board .dark{fill:#765d44}
svg.board .piece{font-size:34px;font-family:"DejaVu Sans",sans-serif;stroke-width:1.5px;paint-order:stroke;stroke-linejoin:round}
svg.board .piece.white{fill:#fff;stroke:#000}
svg.board .piece.black{fill:#000;stroke:#fff}
svg.board .coord{font-size:12px;fill:currentColor}
svg.board rect.differs{fill:none;stroke:#d00000;stroke-width:4px}
svg.board .differs-mark{fill:#d00000}
svg.clock-chart{display:block;width:100%;max-width:40rem;height:auto}
svg.clock-chart .axis{stroke:currentColor;stroke-width:1px;fill:none}
svg.clock-chart .grid{stroke:var(--line);stroke-width:.5px;fill:none}
svg.clock-chart text{fill:currentColor;font-size:11px}
svg.clock-chart .white{stroke:var(--white-line);stroke-width:2.5px;fill:none}
svg.clock-chart .black{stroke:var(--black-line);stroke-width:2.5px;fill:none;stroke-dasharray:6 3}
"#;

/// HTML-escapes text for element content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stylesheet_draws_the_colours_the_attributes_name() {
        for colour in [LIGHT_SQUARE, DARK_SQUARE] {
            assert!(STYLESHEET.contains(&format!("fill:{colour}")), "{colour}");
        }
        assert!(STYLESHEET.contains("prefers-color-scheme:dark"));
        assert!(STYLESHEET.contains("prefers-reduced-motion:reduce"));
    }
}
