//! Answers to the players' questions, in words of a lexicon: where the pieces are, what
//! stands on a square, a rank or file read out, the attackers of a square. German for
//! `de`, English words (with the lexicon's piece and square names) otherwise.

use shakmaty::{Bitboard, Board, Color, File, Piece, Rank, Role, Square};

use crate::lexicon::{Language, Lexicon};

fn german(lexicon: &Lexicon) -> bool {
    lexicon.language() == Language::De
}

/// "weißer Springer" / "schwarze Dame" / "white Knight".
fn piece_words(piece: Piece, lexicon: &Lexicon) -> String {
    let name = lexicon.piece_name(piece.role);
    if german(lexicon) {
        let stem = match piece.color {
            Color::White => "weiß",
            Color::Black => "schwarz",
        };
        let ending = if piece.role == Role::Queen { "e" } else { "er" };
        format!("{stem}{ending} {name}")
    } else {
        format!("{} {name}", piece.color.fold_wb("white", "black"))
    }
}

fn list(items: Vec<String>, lexicon: &Lexicon) -> String {
    let and = if german(lexicon) { " und " } else { " and " };
    match items.len() {
        0 => String::new(),
        1 => items.into_iter().next().unwrap_or_default(),
        n => format!("{}{and}{}", items[..n - 1].join(", "), items[n - 1]),
    }
}

fn squares(set: Bitboard, lexicon: &Lexicon) -> String {
    list(
        set.into_iter().map(|sq| lexicon.square_words(sq)).collect(),
        lexicon,
    )
}

/// Where the pieces of one kind and colour stand: "Springer auf Bella eins und Gustav
/// eins", "kein Läufer mehr".
///
/// # Examples
/// ```
/// use annabella_phonetic::{answer, Lexicon, Language};
/// use shakmaty::{Chess, Color, Position, Role};
/// let pos = Chess::default();
/// let de = Lexicon::get(Language::De);
/// assert_eq!(answer::where_is(pos.board(), Role::Knight, Color::White, de), "Springer auf Bella eins und Gustav eins");
/// ```
pub fn where_is(board: &Board, role: Role, color: Color, lexicon: &Lexicon) -> String {
    let set = board.by_piece(Piece { color, role });
    let name = lexicon.piece_name(role);
    match (set.is_empty(), german(lexicon)) {
        (true, true) => format!(
            "{} {name} mehr",
            if role == Role::Queen { "keine" } else { "kein" }
        ),
        (true, false) => format!("no {name} left"),
        (false, true) => format!("{name} auf {}", squares(set, lexicon)),
        (false, false) => format!("{name} on {}", squares(set, lexicon)),
    }
}

/// What stands on a square: "Eva zwei, weißer Bauer", "Eva vier, leer".
pub fn what_is_on(board: &Board, square: Square, lexicon: &Lexicon) -> String {
    let what = match board.piece_at(square) {
        Some(p) => piece_words(p, lexicon),
        None if german(lexicon) => "leer".to_owned(),
        None => "empty".to_owned(),
    };
    format!("{}, {what}", lexicon.square_words(square))
}

fn read(board: &Board, line: impl Iterator<Item = Square>, lexicon: &Lexicon) -> String {
    let items: Vec<String> = line
        .filter_map(|sq| {
            board
                .piece_at(sq)
                .map(|p| format!("{} {}", lexicon.square_words(sq), piece_words(p, lexicon)))
        })
        .collect();
    if items.is_empty() {
        return if german(lexicon) {
            "leer".to_owned()
        } else {
            "empty".to_owned()
        };
    }
    items.join(", ")
}

/// A rank read out from Anna to Hektor, occupied squares only: "Anna eins weißer Turm, …".
pub fn read_rank(board: &Board, rank: Rank, lexicon: &Lexicon) -> String {
    read(
        board,
        File::ALL.into_iter().map(|f| Square::from_coords(f, rank)),
        lexicon,
    )
}

/// A file read out from eins to acht, occupied squares only.
pub fn read_file(board: &Board, file: File, lexicon: &Lexicon) -> String {
    read(
        board,
        Rank::ALL.into_iter().map(|r| Square::from_coords(file, r)),
        lexicon,
    )
}

/// The pieces of both colours that attack a square: "weißer Springer auf Felix drei, …",
/// or "keine" / "none".
///
/// # Examples
/// ```
/// use annabella_phonetic::{answer, Lexicon, Language};
/// use shakmaty::{Chess, Position, Square};
/// let pos = Chess::default();
/// let de = Lexicon::get(Language::De);
/// assert_eq!(
///     answer::attackers(pos.board(), Square::F3, de),
///     "weißer Springer auf Gustav eins, weißer Bauer auf Eva zwei und weißer Bauer auf Gustav zwei"
/// );
/// ```
pub fn attackers(board: &Board, square: Square, lexicon: &Lexicon) -> String {
    let occupied = board.occupied();
    let set = board.attacks_to(square, Color::White, occupied)
        | board.attacks_to(square, Color::Black, occupied);
    let on = if german(lexicon) { "auf" } else { "on" };
    let items: Vec<String> = set
        .into_iter()
        .filter_map(|sq| {
            board.piece_at(sq).map(|p| {
                format!(
                    "{} {on} {}",
                    piece_words(p, lexicon),
                    lexicon.square_words(sq)
                )
            })
        })
        .collect();
    if items.is_empty() {
        return if german(lexicon) {
            "keine".to_owned()
        } else {
            "none".to_owned()
        };
    }
    list(items, lexicon)
}

#[cfg(test)]
mod tests {
    use shakmaty::{Chess, Position};

    use super::*;

    #[test]
    fn answers_in_german_and_english() {
        let pos = Chess::default();
        let b = pos.board();
        let de = Lexicon::get(Language::De);
        let en = Lexicon::get(Language::En);
        assert_eq!(
            where_is(b, Role::Queen, Color::Black, de),
            "Dame auf David acht"
        );
        assert_eq!(
            where_is(b, Role::Queen, Color::Black, en),
            "Queen on David eight"
        );
        assert_eq!(what_is_on(b, Square::D8, de), "David acht, schwarze Dame");
        assert_eq!(what_is_on(b, Square::E4, en), "Eva four, empty");
        assert_eq!(read_rank(b, Rank::Fourth, de), "leer");
        assert_eq!(
            read_file(b, File::E, en),
            "Eva one white King, Eva two white Pawn, Eva seven black Pawn, Eva eight black King"
        );
        assert_eq!(attackers(b, Square::E4, de), "keine");
        let empty = Board::empty();
        assert_eq!(
            where_is(&empty, Role::Queen, Color::White, de),
            "keine Dame mehr"
        );
    }
}
