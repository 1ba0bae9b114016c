//! A board as server-rendered SVG, White at the bottom, differing squares marked by a
//! thick outline and a corner mark (not by colour alone), with a title and description
//! for screen readers. Colours: [`crate::LIGHT_SQUARE`] and friends, drawn by the
//! stylesheet and repeated as attributes.

use std::fmt::Write;

use annabella_phonetic::{
    Language, Lexicon, english_piece_name,
    messages::{Messages, color_arg},
};
use shakmaty::{Board, Color, File, Piece, Rank, Role, Square};

use crate::{BLACK_PIECE, DARK_SQUARE, LIGHT_SQUARE, WHITE_PIECE, escape};

const SQ: u32 = 40;
const LEFT: u32 = 20;

fn glyph(role: Role) -> char {
    // The filled glyphs for both colours; the colour comes from fill and stroke.
    match role {
        Role::King => '♚',
        Role::Queen => '♛',
        Role::Rook => '♜',
        Role::Bishop => '♝',
        Role::Knight => '♞',
        Role::Pawn => '♟',
    }
}

/// "white knight".
pub fn piece_name(piece: Piece) -> String {
    let role = english_piece_name(piece.role);
    format!("{} {role}", piece.color.fold_wb("white", "black"))
}

fn xy(sq: Square) -> (u32, u32) {
    let file = u32::from(sq.file());
    let rank = u32::from(sq.rank());
    (LEFT + file * SQ, (7 - rank) * SQ)
}

/// The SVG of `board`; `id` makes the title/description ids unique on the page, `differs`
/// are the squares to mark; its description is in `language`.
pub fn board_svg(
    board: &Board,
    id: &str,
    title: &str,
    differs: &[Square],
    language: Language,
) -> String {
    let mut s = String::with_capacity(8192);
    let m = Messages::get(language);
    let desc = if differs.is_empty() {
        escape(&m.text("board-same", &[]))
    } else {
        let squares = differs
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        escape(&m.text("board-differs", &[("squares", squares.into())]))
    };
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" class="board" id="{id}" role="img" aria-labelledby="{id}-title {id}-desc"><title id="{id}-title">{title}</title><desc id="{id}-desc">{desc}</desc>"#,
        w = LEFT + 8 * SQ,
        h = 8 * SQ + 20,
        title = escape(title),
    );
    for sq in Square::ALL {
        let (x, y) = xy(sq);
        let (class, fill) = if sq.is_dark() {
            ("dark", DARK_SQUARE)
        } else {
            ("light", LIGHT_SQUARE)
        };
        let _ = write!(
            s,
            r#"<rect x="{x}" y="{y}" width="{SQ}" height="{SQ}" class="{class}" fill="{fill}" data-square="{sq}"/>"#
        );
    }
    for (sq, piece) in board.iter() {
        let (x, y) = xy(sq);
        // The stylesheet draws the same colours; the attributes keep a board readable
        // where it is not loaded (a saved SVG, a blocked stylesheet).
        let (side, fill, stroke) = piece.color.fold_wb(
            ("white", WHITE_PIECE, BLACK_PIECE),
            ("black", BLACK_PIECE, WHITE_PIECE),
        );
        let _ = write!(
            s,
            r#"<text x="{}" y="{}" class="piece {side}" fill="{fill}" stroke="{stroke}" text-anchor="middle" data-square="{sq}" data-piece="{}" aria-hidden="true">{}</text>"#,
            x + SQ / 2,
            y + SQ - 7,
            piece.char(),
            glyph(piece.role),
        );
    }
    for &sq in differs {
        let (x, y) = xy(sq);
        let _ = write!(
            s,
            r#"<rect x="{}" y="{}" width="{}" height="{}" class="differs" data-square="{sq}"/><path class="differs-mark" d="M{} {} l10 0 l-10 10 z"/>"#,
            x + 2,
            y + 2,
            SQ - 4,
            SQ - 4,
            x + 2,
            y + 2,
        );
    }
    for file in File::ALL {
        let _ = write!(
            s,
            r#"<text x="{}" y="{}" class="coord" text-anchor="middle" aria-hidden="true">{}</text>"#,
            LEFT + u32::from(file) * SQ + SQ / 2,
            8 * SQ + 15,
            file.char()
        );
    }
    for rank in Rank::ALL {
        let _ = write!(
            s,
            r#"<text x="8" y="{}" class="coord" text-anchor="middle" aria-hidden="true">{}</text>"#,
            (7 - u32::from(rank)) * SQ + SQ / 2 + 5,
            rank.char()
        );
    }
    s.push_str("</svg>");
    s
}

/// The board as text in `language`, for screen readers: "Weiß: König e1, Dame d1, …;
/// Schwarz: …" (the language's own piece names).
pub fn board_text(board: &Board, language: Language) -> String {
    let m = Messages::get(language);
    let lexicon = Lexicon::local(language);
    let mut parts = Vec::new();
    for color in Color::ALL {
        let mut items = Vec::new();
        for role in Role::ALL.into_iter().rev() {
            let name = lexicon.piece_name(role);
            let name = if language == Language::De {
                name.to_owned()
            } else {
                name.to_lowercase()
            };
            for sq in board.by_piece(Piece { color, role }) {
                items.push(format!("{name} {sq}"));
            }
        }
        let who = m.text("color", &[("color", color_arg(color))]);
        if items.is_empty() {
            parts.push(format!("{who}: {}", m.text("board-no-pieces", &[])));
        } else {
            parts.push(format!("{who}: {}", items.join(", ")));
        }
    }
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_differing_squares_and_describes_them() {
        let svg = board_svg(
            &Board::default(),
            "b1",
            "VI board",
            &[Square::E4, Square::E2],
            Language::En,
        );
        assert_eq!(svg.matches("class=\"differs\"").count(), 2);
        assert!(
            svg.contains("<desc id=\"b1-desc\">Differs from the other board on e4, e2.</desc>")
        );
        assert_eq!(svg.matches("class=\"piece ").count(), 32);
        assert!(svg.contains(r#"data-square="e1" data-piece="K""#));
        assert_eq!(svg.matches("class=\"piece white\"").count(), 16);
        assert_eq!(
            svg.matches(&format!(r#"class="light" fill="{LIGHT_SQUARE}""#))
                .count(),
            32
        );
    }

    #[test]
    fn text_lists_pieces_by_side() {
        let board: Board = "4k3/8/8/8/8/8/4P3/4K3".parse().expect("board");
        assert_eq!(
            board_text(&board, Language::En),
            "White: king e1, pawn e2; Black: king e8"
        );
        assert_eq!(
            board_text(&board, Language::De),
            "Weiß: König e1, Bauer e2; Schwarz: König e8"
        );
        let empty: Board = "8/8/8/8/8/8/8/8".parse().expect("board");
        assert_eq!(
            board_text(&empty, Language::De),
            "Weiß: keine Figuren; Schwarz: keine Figuren"
        );
    }

    #[test]
    fn the_description_speaks_the_pages_language() {
        let de = board_svg(
            &Board::default(),
            "b",
            "Brett 1",
            &[Square::E4],
            Language::De,
        );
        assert!(
            de.contains("<desc id=\"b-desc\">Weicht vom anderen Brett ab auf e4.</desc>"),
            "{de}"
        );
        let lv = board_svg(&Board::default(), "b", "Galdiņš 1", &[], Language::Lv);
        assert!(
            lv.contains("<desc id=\"b-desc\">Neatšķiras no otra galdiņa.</desc>"),
            "{lv}"
        );
        for language in Language::ALL {
            let svg = board_svg(&Board::default(), "b", "x", &[Square::A1], language);
            assert!(!svg.contains("board-"), "{language}: {svg}");
        }
    }
}
