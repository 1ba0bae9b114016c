//! Differences between the board on the table and the game: what to remove, place or
//! replace, square by square. Their words are the table's fix-up sentences
//! ([`Difference::instruction`]).

use shakmaty::{Bitboard, Board, Piece, Square};

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

impl Difference {
    /// The square concerned.
    pub fn square(&self) -> Square {
        match *self {
            Difference::Remove { square }
            | Difference::Place { square, .. }
            | Difference::Replace { square, .. } => square,
        }
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use annabella_phonetic::Language;
    use shakmaty::{Chess, Color, Position};

    fn instructions(diffs: &[Difference], language: Language) -> Vec<String> {
        diffs.iter().map(|d| d.instruction(language)).collect()
    }

    #[test]
    fn phrases_from_the_issue() {
        assert_eq!(
            Difference::Remove { square: Square::E4 }.instruction(Language::En),
            "Take the piece off Eva four."
        );
        assert_eq!(
            Difference::Place {
                square: Square::D1,
                piece: Color::White.queen()
            }
            .instruction(Language::En),
            "Put the white Queen on David one."
        );
        assert_eq!(
            Difference::Remove { square: Square::E4 }.instruction(Language::De),
            "Nehmen Sie die Figur von Eva vier."
        );
        assert_eq!(
            Difference::Replace {
                square: Square::C3,
                found: Color::Black.knight(),
                piece: Color::White.pawn()
            }
            .instruction(Language::De),
            "Ersetzen Sie den schwarzen Springer auf Cäsar drei durch den weißen Bauern."
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
            instructions(&d, Language::En),
            vec![
                "Take the piece off Eva four.",
                "Put the white Queen on David one.",
                "Put the white Pawn on Eva two."
            ]
        );
    }

    #[test]
    fn occupancy_differences_name_the_missing_piece() {
        let expected = Chess::default().board().clone();
        let found = (expected.occupied() ^ Bitboard::from(Square::G1)) | Bitboard::from(Square::F3);
        assert_eq!(
            instructions(&occupancy_differences(&expected, found), Language::En),
            vec![
                "Take the piece off Felix three.",
                "Put the white Knight on Gustav one."
            ]
        );
    }
}
