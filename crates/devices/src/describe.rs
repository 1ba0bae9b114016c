//! Differences between the board on the table and the game, in words.
//!
//! Squares are spoken with the FIDE file names "Anna, Bella, Cäsar, David, Eva, Felix,
//! Gustav, Hektor" and the German rank words "eins … acht", as the VI player hears them
//! for moves: "take the piece off Eva vier", "put the white queen on David eins".

use shakmaty::{Bitboard, Board, Color, Piece, Role, Square};

/// FIDE phonetic file names, a to h.
pub const FILE_NAMES: [&str; 8] = [
    "Anna", "Bella", "Cäsar", "David", "Eva", "Felix", "Gustav", "Hektor",
];

/// Rank words, 1 to 8.
pub const RANK_NAMES: [&str; 8] = [
    "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht",
];

/// The language of an instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    /// English sentences.
    #[default]
    English,
    /// German sentences.
    German,
}

/// One square where the table differs from the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "fix", rename_all = "snake_case")]
pub enum Difference {
    /// Something stands on `square` that should not (its identity may be unknown).
    Remove {
        /// The square.
        #[serde(serialize_with = "ser_square")]
        square: Square,
    },
    /// `piece` is missing from `square`.
    Place {
        /// The square.
        #[serde(serialize_with = "ser_square")]
        square: Square,
        /// What belongs there.
        #[serde(serialize_with = "ser_piece")]
        piece: Piece,
    },
    /// A wrong piece stands on `square`: it should be `piece`.
    Replace {
        /// The square.
        #[serde(serialize_with = "ser_square")]
        square: Square,
        /// What stands there.
        #[serde(serialize_with = "ser_piece")]
        found: Piece,
        /// What belongs there.
        #[serde(serialize_with = "ser_piece")]
        piece: Piece,
    },
}

fn ser_square<S: serde::Serializer>(sq: &Square, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(sq)
}

fn ser_piece<S: serde::Serializer>(p: &Piece, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&p.char())
}

/// Differences of a piece-aware board (e.g. DGT) from the expected one: removals first,
/// then placements, then replacements, each in square order a1…h8.
pub fn board_differences(expected: &Board, found: &Board) -> Vec<Difference> {
    let mut out = Vec::new();
    let mut places = Vec::new();
    let mut replaces = Vec::new();
    for sq in Square::ALL {
        match (expected.piece_at(sq), found.piece_at(sq)) {
            (None, Some(_)) => out.push(Difference::Remove { square: sq }),
            (Some(piece), None) => places.push(Difference::Place { square: sq, piece }),
            (Some(piece), Some(f)) if f != piece => replaces.push(Difference::Replace {
                square: sq,
                found: f,
                piece,
            }),
            _ => {}
        }
    }
    out.extend(places);
    out.extend(replaces);
    out
}

/// Differences of an occupancy-only board (the peg board) from the expected position.
pub fn occupancy_differences(expected: &Board, found: Bitboard) -> Vec<Difference> {
    let mut out: Vec<Difference> = (found & !expected.occupied())
        .into_iter()
        .map(|square| Difference::Remove { square })
        .collect();
    for square in expected.occupied() & !found {
        if let Some(piece) = expected.piece_at(square) {
            out.push(Difference::Place { square, piece });
        }
    }
    out
}

/// A square as spoken: "Eva vier".
pub fn square_words(sq: Square) -> String {
    format!(
        "{} {}",
        FILE_NAMES[usize::from(sq.file())],
        RANK_NAMES[usize::from(sq.rank())]
    )
}

fn english_piece(p: Piece) -> String {
    let color = if p.color == Color::White {
        "white"
    } else {
        "black"
    };
    let role = match p.role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    };
    format!("the {color} {role}")
}

/// German piece in the accusative: "den weißen Springer", "die weiße Dame".
fn german_piece(p: Piece) -> String {
    let white = p.color == Color::White;
    match p.role {
        Role::Queen => format!("die {} Dame", if white { "weiße" } else { "schwarze" }),
        role => {
            let noun = match role {
                Role::Pawn => "Bauern",
                Role::Knight => "Springer",
                Role::Bishop => "Läufer",
                Role::Rook => "Turm",
                _ => "König",
            };
            format!("den {} {noun}", if white { "weißen" } else { "schwarzen" })
        }
    }
}

impl Difference {
    /// The square concerned.
    pub fn square(&self) -> Square {
        match *self {
            Difference::Remove { square }
            | Difference::Place { square, .. }
            | Difference::Replace { square, .. } => square,
        }
    }

    /// The instruction that fixes this difference.
    ///
    /// # Examples
    /// ```
    /// use annabella_devices::describe::{Difference, Language};
    /// use shakmaty::{Color, Square};
    /// let d = Difference::Place { square: Square::D1, piece: Color::White.queen() };
    /// assert_eq!(d.phrase(Language::English), "put the white queen on David eins");
    /// assert_eq!(d.phrase(Language::German), "Setze die weiße Dame auf David eins");
    /// ```
    pub fn phrase(&self, lang: Language) -> String {
        let sq = square_words(self.square());
        match (*self, lang) {
            (Difference::Remove { .. }, Language::English) => format!("take the piece off {sq}"),
            (Difference::Remove { .. }, Language::German) => format!("Nimm die Figur von {sq}"),
            (Difference::Place { piece, .. }, Language::English) => {
                format!("put {} on {sq}", english_piece(piece))
            }
            (Difference::Place { piece, .. }, Language::German) => {
                format!("Setze {} auf {sq}", german_piece(piece))
            }
            (Difference::Replace { found, piece, .. }, Language::English) => {
                format!(
                    "replace {} on {sq} with {}",
                    english_piece(found),
                    english_piece(piece)
                )
            }
            (Difference::Replace { found, piece, .. }, Language::German) => {
                format!(
                    "Ersetze {} auf {sq} durch {}",
                    german_piece(found),
                    german_piece(piece)
                )
            }
        }
    }
}

/// All instructions, in the order to carry them out.
pub fn describe(diffs: &[Difference], lang: Language) -> Vec<String> {
    diffs.iter().map(|d| d.phrase(lang)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Chess, Position};

    #[test]
    fn phrases_from_the_issue() {
        assert_eq!(
            Difference::Remove { square: Square::E4 }.phrase(Language::English),
            "take the piece off Eva vier"
        );
        assert_eq!(
            Difference::Place {
                square: Square::D1,
                piece: Color::White.queen()
            }
            .phrase(Language::English),
            "put the white queen on David eins"
        );
        assert_eq!(
            Difference::Remove { square: Square::E4 }.phrase(Language::German),
            "Nimm die Figur von Eva vier"
        );
        assert_eq!(
            Difference::Replace {
                square: Square::C3,
                found: Color::Black.knight(),
                piece: Color::White.pawn()
            }
            .phrase(Language::German),
            "Ersetze den schwarzen Springer auf Cäsar drei durch den weißen Bauern"
        );
    }

    #[test]
    fn board_differences_removals_first() {
        let expected = Chess::default().board().clone();
        let mut found = expected.clone();
        // e2 pawn slid to e4, and the white queen is missing.
        found.discard_piece_at(Square::E2);
        found.set_piece_at(Square::E4, Color::White.pawn());
        found.discard_piece_at(Square::D1);
        let d = board_differences(&expected, &found);
        assert_eq!(
            describe(&d, Language::English),
            vec![
                "take the piece off Eva vier",
                "put the white queen on David eins",
                "put the white pawn on Eva zwei"
            ]
        );
    }

    #[test]
    fn occupancy_differences_name_the_missing_piece() {
        let expected = Chess::default().board().clone();
        let found = (expected.occupied() ^ Bitboard::from(Square::G1)) | Bitboard::from(Square::F3);
        assert_eq!(
            describe(&occupancy_differences(&expected, found), Language::English),
            vec![
                "take the piece off Felix drei",
                "put the white knight on Gustav eins"
            ]
        );
    }
}
