//! Answers to the players' questions, in words of a lexicon: where the pieces are, what
//! stands on a square, a rank or file read out, the attackers of a square. The sentences
//! are the Fluent messages of the lexicon's language ([`crate::messages`]); pieces and
//! squares are the lexicon's words.

use shakmaty::{Bitboard, Board, Color, File, Piece, Rank, Role, Square};

use crate::{
    lexicon::{Language, Lexicon},
    messages::{Arg, Messages, piece_args, role_arg},
};

fn german(lexicon: &Lexicon) -> bool {
    lexicon.language() == Language::De
}

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
    let items: Vec<String> = set
        .into_iter()
        .filter_map(|sq| {
            board.piece_at(sq).map(|p| {
                say(
                    lexicon,
                    "piece-on-square",
                    &[
                        ("piece", piece_words(p, lexicon).into()),
                        ("square", lexicon.square_words(sq).into()),
                    ],
                )
            })
        })
        .collect();
    if items.is_empty() {
        return say(lexicon, "none", &[]);
    }
    list(items, lexicon)
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

/// The usual values: pawn 1, knight and bishop 3, rook 5, queen 9.
fn value(role: Role) -> u32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// "zwei Bauern", "eine Dame", "one knight", "two rooks", "2 Springer" (lt, lv and hu
/// say numbers as digits, which their voices read in their own language).
fn count_of(n: u32, role: Role, lexicon: &Lexicon) -> String {
    use crate::number::Genus;
    let name = lexicon.piece_name(role);
    if matches!(
        lexicon.language(),
        Language::Lt | Language::Lv | Language::Hu
    ) {
        return say(
            lexicon,
            "piece-count",
            &[("count", n.into()), ("name", name.into())],
        );
    }
    if german(lexicon) {
        let plural = match role {
            Role::Pawn => "Bauern",
            Role::Rook => "Türme",
            Role::Queen => "Damen",
            Role::King => "Könige",
            _ => name,
        };
        let genus = if role == Role::Queen {
            Genus::Feminine
        } else {
            Genus::Masculine
        };
        crate::spoken_time::counted(n, lexicon.language(), (name, plural, genus), (name, name))
    } else {
        let lower = name.to_lowercase();
        let plural = format!("{lower}s");
        crate::spoken_time::counted(
            n,
            lexicon.language(),
            (name, name, Genus::Masculine),
            (&lower, &plural),
        )
    }
}

/// Material of both sides in pawn units and the pieces each side has lost (counted from
/// the full set of the standard start): "Material: Weiß neununddreißig, Schwarz
/// sechsunddreißig. Geschlagen: Weiß keine, Schwarz ein Springer."
///
/// # Examples
/// ```
/// use annabella_phonetic::{answer, Lexicon, Language};
/// use shakmaty::Board;
/// let board: Board = "r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR".parse().unwrap();
/// assert_eq!(
///     answer::material(&board, Lexicon::get(Language::De)),
///     "Material: Weiß neununddreißig, Schwarz dreiunddreißig. Geschlagen: Weiß keine, Schwarz zwei Springer."
/// );
/// ```
pub fn material(board: &Board, lexicon: &Lexicon) -> String {
    use crate::number::{Usage, english, german as german_number};
    let number = |n: u32| match lexicon.language() {
        Language::De => german_number(n, Usage::Alone),
        Language::En => english(n),
        Language::Lt | Language::Lv | Language::Hu => n.to_string(),
    };
    let full = [
        (Role::Queen, 1),
        (Role::Rook, 2),
        (Role::Bishop, 2),
        (Role::Knight, 2),
        (Role::Pawn, 8),
    ];
    let side = |color: Color| {
        let total: u32 = board
            .by_color(color)
            .into_iter()
            .filter_map(|sq| board.role_at(sq))
            .map(value)
            .sum();
        let lost: Vec<String> = full
            .iter()
            .filter_map(|&(role, n)| {
                let have = board.by_piece(Piece { color, role }).count() as u32;
                (have < n).then(|| count_of(n - have, role, lexicon))
            })
            .collect();
        let lost = if lost.is_empty() {
            say(lexicon, "none", &[])
        } else {
            list(lost, lexicon)
        };
        (number(total), lost)
    };
    let ((w, wl), (b, bl)) = (side(Color::White), side(Color::Black));
    say(
        lexicon,
        "material",
        &[
            ("white", w.into()),
            ("black", b.into()),
            ("white-lost", wl.into()),
            ("black-lost", bl.into()),
        ],
    )
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
        assert_eq!(
            diagonals(b, Square::C1, de),
            "Cäsar eins bis Hektor sechs: Cäsar eins weißer Läufer, David zwei weißer Bauer. \
             Anna drei bis Cäsar eins: Bella zwei weißer Bauer, Cäsar eins weißer Läufer."
        );
        assert_eq!(
            material(b, en),
            "Material: White thirty-nine, Black thirty-nine. Captured: White none, Black none."
        );
        let lv = Lexicon::get(Language::Lv);
        assert_eq!(
            where_is(b, Role::Knight, Color::White, lv),
            "Springer: Bella eins un Gustavs eins"
        );
        assert_eq!(what_is_on(b, Square::D8, lv), "Dāvids acht: melnā Dame");
        assert_eq!(
            material(&"4k3/8/8/8/8/8/8/4K3".parse().expect("board"), lv),
            "Materiāls: baltajiem 0, melnajiem 0. \
             Sisti: baltajiem 1 Dame, 2 Turm, 2 Läufer, 2 Springer un 8 Bauer, \
             melnajiem 1 Dame, 2 Turm, 2 Läufer, 2 Springer un 8 Bauer."
        );
        let empty = Board::empty();
        assert_eq!(
            where_is(&empty, Role::Queen, Color::White, de),
            "keine Dame mehr"
        );
    }
}
