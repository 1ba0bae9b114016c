//! Answers to the players' questions, in words of a lexicon: where the pieces are, what
//! stands on a square, a rank, file or diagonal read out, the pieces of a side — the
//! position on request, as the Laws let the assistant tell it. Nothing computed
//! (attackers, material, threats: 11.3.1 forbids them; see [`crate::Analysis`]). The sentences
//! are the Fluent messages of the lexicon's language ([`crate::messages`]); pieces and
//! squares are the lexicon's words.

use shakmaty::{Bitboard, Board, Color, File, Piece, Rank, Role, Square};

use crate::{
    lexicon::Lexicon,
    messages::{Arg, Messages, piece_args, role_arg},
};

/// The message `id` of the lexicon's language.
fn say(lexicon: &Lexicon, id: &str, args: &[Arg<'_>]) -> String {
    Messages::get(lexicon.language()).text(id, args)
}

/// "weißer Springer" / "schwarze Dame" / "white Knight".
fn piece_words(piece: Piece, lexicon: &Lexicon) -> String {
    say(lexicon, "piece", &piece_args(piece, lexicon))
}

fn list(items: Vec<String>, lexicon: &Lexicon) -> String {
    match items.len() {
        0 => String::new(),
        1 => items.into_iter().next().unwrap_or_default(),
        n => say(
            lexicon,
            "list-and",
            &[
                ("head", items[..n - 1].join(", ").into()),
                ("last", items[n - 1].clone().into()),
            ],
        ),
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
    let name = ("name", lexicon.piece_name(role).into());
    if set.is_empty() {
        say(lexicon, "none-left", &[name, ("role", role_arg(role))])
    } else {
        say(
            lexicon,
            "where-is",
            &[
                name,
                ("role", role_arg(role)),
                ("count", set.count().into()),
                ("squares", squares(set, lexicon).into()),
            ],
        )
    }
}

/// What stands on a square: "Eva zwei, weißer Bauer", "Eva vier, leer".
pub fn what_is_on(board: &Board, square: Square, lexicon: &Lexicon) -> String {
    let what = match board.piece_at(square) {
        Some(p) => piece_words(p, lexicon),
        None => say(lexicon, "empty", &[]),
    };
    say(
        lexicon,
        "what-is-on",
        &[
            ("square", lexicon.square_words(square).into()),
            ("what", what.into()),
        ],
    )
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
        return say(lexicon, "empty", &[]);
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

/// Every piece of one colour, kind by kind (king first): "König auf Eva eins. Dame auf
/// David eins. Türme auf Anna eins und Hektor eins. …".
///
/// # Examples
/// ```
/// use annabella_phonetic::{answer, Lexicon, Language};
/// use shakmaty::{Board, Color};
/// let board: Board = "4k3/8/8/8/8/8/3P4/R3K3".parse().unwrap();
/// let de = Lexicon::get(Language::De);
/// assert_eq!(answer::pieces(&board, Color::White, de), "König auf Eva eins. Turm auf Anna eins. Bauer auf David zwei.");
/// ```
pub fn pieces(board: &Board, color: Color, lexicon: &Lexicon) -> String {
    let kinds = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ];
    let items: Vec<String> = kinds
        .into_iter()
        .filter(|&role| !board.by_piece(Piece { color, role }).is_empty())
        .map(|role| format!("{}.", where_is(board, role, color, lexicon)))
        .collect();
    items.join(" ")
}

/// The squares of the two diagonals through `square`, each from its Anna end.
fn diagonal_lines(square: Square) -> [Vec<Square>; 2] {
    let (f, r) = (i32::from(square.file()), i32::from(square.rank()));
    let line = |dr: i32| -> Vec<Square> {
        (-7..=7)
            .filter_map(|k| {
                let (ff, rr) = (f + k, r + k * dr);
                ((0..8).contains(&ff) && (0..8).contains(&rr))
                    .then(|| Square::from_coords(File::new(ff as u32), Rank::new(rr as u32)))
            })
            .collect()
    };
    [line(1), line(-1)]
}

/// Both diagonals through a square, each from its end on the Anna side, occupied squares
/// only: "Anna eins bis Hektor acht: Anna eins weißer Turm, …. Anna drei bis Cäsar eins: leer."
pub fn diagonals(board: &Board, square: Square, lexicon: &Lexicon) -> String {
    diagonal_lines(square)
        .into_iter()
        .filter(|l| l.len() > 1)
        .map(|l| {
            let (first, last) = (l[0], l[l.len() - 1]);
            say(
                lexicon,
                "diagonal",
                &[
                    ("from", lexicon.square_words(first).into()),
                    ("to", lexicon.square_words(last).into()),
                    ("pieces", read(board, l.into_iter(), lexicon).into()),
                ],
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use shakmaty::{Chess, Position};

    use super::*;
    use crate::Language;

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
        assert_eq!(
            diagonals(b, Square::C1, de),
            "Cäsar eins bis Hektor sechs: Cäsar eins weißer Läufer, David zwei weißer Bauer. \
             Anna drei bis Cäsar eins: Bella zwei weißer Bauer, Cäsar eins weißer Läufer."
        );
        let lv = Lexicon::get(Language::Lv);
        assert_eq!(
            where_is(b, Role::Knight, Color::White, lv),
            "Springer: Bella eins un Gustavs eins"
        );
        assert_eq!(what_is_on(b, Square::D8, lv), "Dāvids acht: melnā Dame");
        let empty = Board::empty();
        assert_eq!(
            where_is(&empty, Role::Queen, Color::White, de),
            "keine Dame mehr"
        );
    }
}
