//! Piece letters on a scoresheet in each language (de `K D T L S`, en `K Q R B N`,
//! lt `K V B R Ž`, lv `K D T L Z`, hu `K V B F H`): what the VI player's Braille
//! scoresheet shows and what a typed German move may use.

use crate::Language;

/// Piece letters on a scoresheet: king, queen, rook, bishop, knight.
pub fn piece_letters(language: Language) -> [&'static str; 5] {
    match language {
        Language::De => ["K", "D", "T", "L", "S"],
        Language::Lv => ["K", "D", "T", "L", "Z"],
        Language::En => ["K", "Q", "R", "B", "N"],
        Language::Lt => ["K", "V", "B", "R", "Ž"],
        Language::Hu => ["K", "V", "B", "F", "H"],
    }
}

/// English SAN (`Nxe4+`, `e8=Q#`) with the piece letters of `language` (`Sxe4+`, `e8=D#`).
///
/// # Examples
///
/// ```
/// use annabella_phonetic::{Language, localize_san};
/// assert_eq!(localize_san("Nxe4+", Language::De), "Sxe4+");
/// assert_eq!(localize_san("exd8=Q#", Language::Hu), "exd8=V#");
/// assert_eq!(localize_san("O-O", Language::De), "O-O");
/// ```
pub fn localize_san(san: &str, language: Language) -> String {
    let letters = piece_letters(language);
    san.chars()
        .map(|c| match c {
            'K' => letters[0].to_owned(),
            'Q' => letters[1].to_owned(),
            'R' => letters[2].to_owned(),
            'B' => letters[3].to_owned(),
            'N' => letters[4].to_owned(),
            other => other.to_string(),
        })
        .collect()
}

/// The English letter of a German piece letter (`D`ame → `Q`, `T`urm, `L`äufer,
/// `S`pringer); any other character as it is (`B` stays the bishop: German pawn moves
/// carry no letter).
pub(crate) fn english_of_german(c: char) -> char {
    let german = piece_letters(Language::De);
    let english = piece_letters(Language::En);
    german
        .iter()
        .position(|l| l.chars().eq([c]))
        .and_then(|i| english[i].chars().next())
        .unwrap_or(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_letters_follow_the_scoresheet_table() {
        assert_eq!(piece_letters(Language::De), ["K", "D", "T", "L", "S"]);
        assert_eq!(piece_letters(Language::Lv), ["K", "D", "T", "L", "Z"]);
        assert_eq!(piece_letters(Language::Hu), ["K", "V", "B", "F", "H"]);
        assert_eq!(localize_san("Bxc6", Language::Lt), "Rxc6");
        assert_eq!(localize_san("Kf1", Language::En), "Kf1");
    }

    #[test]
    fn german_letters_become_english_and_others_stay() {
        let mapped: String = "KDTLSBNQRe8x".chars().map(english_of_german).collect();
        assert_eq!(mapped, "KQRBNBNQRe8x");
    }
}
