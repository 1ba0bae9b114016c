//! Typed moves: a VI player who types (a Braille keyboard, a laptop with a screen
//! reader) enters moves in algebraic notation with English or German piece letters
//! ("Nf3", "Sf3", "e4", "exd5", "O-O", "0-0-0", "e8=Q", "e8=D", "Sg1-f3", check marks
//! and "!"/"?" tolerated) or in UCI ("g1f3", "e7e8q"). A typed move becomes the same
//! [`SpokenMove`] a spoken one does, so it resolves with the same outcomes (ambiguous,
//! illegal with a reason).
//!
//! ```
//! use annabella_phonetic::typed::parse_typed;
//! use annabella_phonetic::SpokenMove;
//! use shakmaty::{Role, Square};
//! let SpokenMove::Normal { role, to, .. } = parse_typed("Sf3").unwrap() else { panic!() };
//! assert_eq!((role, to), (Some(Role::Knight), Square::F3));
//! assert_eq!(parse_typed("Nf3"), parse_typed("Sf3"));
//! assert!(parse_typed("Springer Felix drei").is_none());
//! ```

use shakmaty::{
    CastlingSide,
    san::{SanPlus, Suffix as SanSuffix},
    uci::UciMove,
};

use crate::letters::english_of_german;
use crate::utterance::{SpokenMove, Suffix};

/// Castling typed with letter O or digit zero ("O-O", "0-0-0", "o-o"), with an
/// optional check mark.
fn castling(text: &str) -> Option<SpokenMove> {
    let body = text.trim_end_matches(['+', '#']);
    let suffix = suffix_of(&text[body.len()..]);
    let marks: String = body.chars().filter(|c| *c != '-').collect();
    let side = match marks.to_ascii_uppercase().replace('0', "O").as_str() {
        "OO" => CastlingSide::KingSide,
        "OOO" => CastlingSide::QueenSide,
        _ => return None,
    };
    Some(SpokenMove::Castle {
        side: Some(side),
        suffix,
    })
}

fn suffix_of(marks: &str) -> Option<Suffix> {
    if marks.contains('#') {
        Some(Suffix::Mate)
    } else if marks.contains('+') {
        Some(Suffix::Check)
    } else {
        None
    }
}

/// Normalises a typed move for shakmaty's SAN parser: German letters to English, `:`
/// to `x`, the dash of long algebraic, "e.p." and annotation marks removed.
fn to_san_ascii(text: &str) -> String {
    let text = text.replace("e.p.", "").replace("ep", "");
    let mut out = String::with_capacity(text.len());
    let mut after_equals = false;
    for (i, c) in text.chars().enumerate() {
        match c {
            '-' | '!' | '?' | ' ' => {}
            ':' => out.push('x'),
            '=' => {
                out.push('=');
                after_equals = true;
            }
            c if i == 0 || after_equals => {
                out.push(english_of_german(c));
                after_equals = false;
            }
            // A promotion letter without '=' ("e8D", "e8Q").
            c if c.is_ascii_uppercase() && out.ends_with(|d: char| d.is_ascii_digit()) => {
                out.push('=');
                out.push(english_of_german(c));
            }
            c => out.push(c),
        }
    }
    out
}

/// Reads one typed move; `None` when `text` is not a move in algebraic notation or UCI
/// (words, a command, a typo).
pub fn parse_typed(text: &str) -> Option<SpokenMove> {
    let text = text.trim();
    if text.is_empty() || !text.is_ascii() {
        return None;
    }
    if let Some(castle) = castling(text) {
        return Some(castle);
    }
    if let Ok(UciMove::Normal {
        from,
        to,
        promotion,
    }) = UciMove::from_ascii(text.as_bytes())
    {
        return Some(SpokenMove::Normal {
            role: None,
            from_file: Some(from.file()),
            from_rank: Some(from.rank()),
            capture: false,
            to,
            en_passant: false,
            promotion,
            suffix: None,
        });
    }
    let en_passant = text.contains("e.p.") || text.ends_with("ep");
    let san = SanPlus::from_ascii(to_san_ascii(text).as_bytes()).ok()?;
    let suffix = san.suffix.map(|s| match s {
        SanSuffix::Check => Suffix::Check,
        SanSuffix::Checkmate => Suffix::Mate,
    });
    SpokenMove::from_san(san.san, en_passant, suffix)
}

#[cfg(test)]
mod tests {
    use shakmaty::{File, Rank, Role, Square};

    use super::*;

    fn normal(
        role: Option<Role>,
        from: (Option<File>, Option<Rank>),
        capture: bool,
        to: Square,
        promotion: Option<Role>,
    ) -> SpokenMove {
        SpokenMove::Normal {
            role,
            from_file: from.0,
            from_rank: from.1,
            capture,
            to,
            en_passant: false,
            promotion,
            suffix: None,
        }
    }

    #[test]
    fn german_and_english_piece_letters_name_the_same_pieces() {
        for (de, en, role) in [
            ("Sf3", "Nf3", Role::Knight),
            ("Lc4", "Bc4", Role::Bishop),
            ("Td1", "Rd1", Role::Rook),
            ("Dh5", "Qh5", Role::Queen),
            ("Ke2", "Ke2", Role::King),
        ] {
            let m = parse_typed(de).unwrap_or_else(|| panic!("{de}"));
            assert_eq!(parse_typed(en), Some(m), "{de} vs {en}");
            let SpokenMove::Normal { role: r, .. } = m else {
                panic!("{de}")
            };
            assert_eq!(r, Some(role), "{de}");
        }
    }

    #[test]
    fn pawn_moves_captures_and_long_algebraic() {
        assert_eq!(
            parse_typed("e4"),
            Some(normal(None, (None, None), false, Square::E4, None))
        );
        let exd5 = normal(None, (Some(File::E), None), true, Square::D5, None);
        assert_eq!(parse_typed("exd5"), Some(exd5));
        assert_eq!(parse_typed("e:d5"), Some(exd5));
        assert_eq!(
            parse_typed("Sg1-f3"),
            Some(normal(
                Some(Role::Knight),
                (Some(File::G), Some(Rank::First)),
                false,
                Square::F3,
                None
            ))
        );
        assert_eq!(
            parse_typed("Nbd2"),
            Some(normal(
                Some(Role::Knight),
                (Some(File::B), None),
                false,
                Square::D2,
                None
            ))
        );
    }

    #[test]
    fn promotions_in_both_languages_with_or_without_equals() {
        let queen = normal(None, (None, None), false, Square::E8, Some(Role::Queen));
        for typed in ["e8=Q", "e8=D", "e8Q", "e8D"] {
            assert_eq!(parse_typed(typed), Some(queen), "{typed}");
        }
        let knight = normal(None, (None, None), false, Square::E8, Some(Role::Knight));
        assert_eq!(parse_typed("e8=S"), Some(knight));
        assert_eq!(parse_typed("e8=N"), Some(knight));
    }

    #[test]
    fn castling_with_letters_or_zeros_and_check_marks() {
        let short = SpokenMove::Castle {
            side: Some(CastlingSide::KingSide),
            suffix: None,
        };
        for typed in ["O-O", "0-0", "o-o", "OO"] {
            assert_eq!(parse_typed(typed), Some(short), "{typed}");
        }
        assert_eq!(
            parse_typed("0-0-0+"),
            Some(SpokenMove::Castle {
                side: Some(CastlingSide::QueenSide),
                suffix: Some(Suffix::Check)
            })
        );
    }

    #[test]
    fn check_marks_and_annotations_are_tolerated() {
        let SpokenMove::Normal { suffix, .. } = parse_typed("Dxf7#").unwrap() else {
            panic!()
        };
        assert_eq!(suffix, Some(Suffix::Mate));
        assert_eq!(
            parse_typed("Nf3!?").map(|m| m.suffix()),
            Some(None),
            "annotations"
        );
    }

    #[test]
    fn uci_names_both_squares() {
        assert_eq!(
            parse_typed("g1f3"),
            Some(normal(
                None,
                (Some(File::G), Some(Rank::First)),
                false,
                Square::F3,
                None
            ))
        );
        assert_eq!(
            parse_typed("e7e8q"),
            Some(normal(
                None,
                (Some(File::E), Some(Rank::Seventh)),
                false,
                Square::E8,
                Some(Role::Queen)
            ))
        );
    }

    #[test]
    fn words_and_typos_are_no_typed_move() {
        for text in [
            "",
            "Springer Felix drei",
            "Remis",
            "z9",
            "Xf3",
            "e9",
            "Zeit",
            "Schach",
            "Läufer",
        ] {
            assert_eq!(parse_typed(text), None, "{text:?}");
        }
    }
}
