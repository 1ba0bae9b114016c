//! The renderer: a legal move in words of a lexicon, as it is announced.

use shakmaty::{Chess, Move, Position, Role, san::San};

use crate::{
    lexicon::Lexicon,
    utterance::{SpokenMove, Suffix},
};

/// How much of the move to say.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Form {
    /// The shortest unambiguous form, like SAN: "Springer Felix drei".
    #[default]
    Short,
    /// The full from-to form: "Springer Gustav eins Felix drei".
    Full,
}

/// Whether the move gives check or mate in the position.
pub fn suffix_of(pos: &Chess, m: Move) -> Option<Suffix> {
    let after = pos.clone().play(m).ok()?;
    if after.is_checkmate() {
        Some(Suffix::Mate)
    } else if after.is_check() {
        Some(Suffix::Check)
    } else {
        None
    }
}

/// The words of a move, in announcement order (piece names capitalised as written).
///
/// `m` should be legal in `pos`; the words of an illegal move are not meaningful.
pub fn render_words(pos: &Chess, m: Move, lexicon: &Lexicon, form: Form) -> Vec<&'static str> {
    announced(pos, m, form).words(lexicon)
}

/// What the announcement of `m` names: the SAN's parts in the short form, origin and
/// destination in the full form; castling by side; "en passant", the promotion piece
/// and check or mate whenever they apply.
fn announced(pos: &Chess, m: Move, form: Form) -> SpokenMove {
    let suffix = suffix_of(pos, m);
    if let Some(side) = m.castling_side() {
        return SpokenMove::Castle {
            side: Some(side),
            suffix,
        };
    }
    let short = match form {
        Form::Short => SpokenMove::from_san(San::from_move(pos, m), m.is_en_passant(), suffix),
        Form::Full => None,
    };
    short.unwrap_or_else(|| {
        let from = m.from();
        SpokenMove::Normal {
            role: (m.role() != Role::Pawn).then_some(m.role()),
            from_file: from.map(|s| s.file()),
            from_rank: from.map(|s| s.rank()),
            capture: m.is_capture(),
            to: m.to(),
            en_passant: m.is_en_passant(),
            promotion: m.promotion(),
            suffix,
        }
    })
}

/// A legal move in words, as announced: the shortest unambiguous form or the full
/// from-to form, with check or mate, and the promotion piece always named. Chess960
/// castling is said by side (Lange = c-side, Kurze = g-side).
///
/// # Examples
/// ```
/// use annabella_phonetic::{render, Form, Lexicon, Language};
/// use shakmaty::{Chess, Move, Role, Square};
/// let pos = Chess::default();
/// let m = Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::F3, promotion: None };
/// assert_eq!(render(&pos, m, Lexicon::get(Language::De), Form::Short), "Springer Felix drei");
/// assert_eq!(render(&pos, m, Lexicon::get(Language::De), Form::Full), "Springer Gustav eins Felix drei");
/// assert_eq!(render(&pos, m, Lexicon::get(Language::Lv), Form::Short), "Springer Felikss drei");
/// assert_eq!(render(&pos, m, Lexicon::local(Language::Lt), Form::Short), "žirgas Felix drei");
/// ```
pub fn render(pos: &Chess, m: Move, lexicon: &Lexicon, form: Form) -> String {
    render_words(pos, m, lexicon, form).join(" ")
}

#[cfg(test)]
mod tests {
    use shakmaty::{CastlingMode, fen::Fen, uci::UciMove};

    use super::*;
    use crate::lexicon::Language;

    /// The starting position.
    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    /// White's e5 pawn may take d6 en passant.
    const EN_PASSANT: &str = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
    /// exd5 is on.
    const CENTRE_CAPTURE: &str = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    /// Both sides may castle either way.
    const CASTLES: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    /// The a7 pawn promotes (to a queen with check).
    const PROMOTION: &str = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    /// Ra8 is mate.
    const BACK_RANK_MATE: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    /// Both knights reach d2: the origin file is named.
    const TWO_KNIGHTS: &str = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    /// Chess960: king b1, rooks a1 and h1.
    const CHESS960_CASTLES: &str = "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1";

    fn say_in(fen: &str, uci: &str, lexicon: &Lexicon, form: Form) -> String {
        let fen: Fen = fen.parse().expect("fen");
        let mode = CastlingMode::detect(&fen.clone().into_setup());
        let pos: Chess = fen.into_position(mode).expect("pos");
        let m = uci
            .parse::<UciMove>()
            .expect("uci")
            .to_move(&pos)
            .expect("legal");
        render(&pos, m, lexicon, form)
    }

    /// Which piece words a row is said with.
    #[derive(Debug, Clone, Copy)]
    enum Words {
        /// The FIDE scheme's (German piece words for lt, lv and hu).
        Fide,
        /// The language's own piece words (the explicit option).
        Own,
    }

    /// How a row is announced: the language, its piece words and the form.
    struct Announced(Language, Words, Form);

    impl Announced {
        /// Checks that each (position, move, words said) of `rows` is said so.
        fn says(&self, rows: &[(&str, &str, &str)]) {
            let Announced(lang, words, form) = *self;
            let lexicon = match words {
                Words::Fide => Lexicon::get(lang),
                Words::Own => Lexicon::local(lang),
            };
            for &(fen, uci, want) in rows {
                let said = say_in(fen, uci, lexicon, form);
                assert_eq!(said, want, "{fen} {uci} {lang} {words:?} {form:?}");
            }
        }
    }

    #[test]
    fn announcements() {
        use Form::*;
        use Language::*;
        use Words::*;
        Announced(De, Own, Short).says(&[
            (START, "e2e4", "Eva vier"),
            (EN_PASSANT, "e5d6", "Eva schlägt David sechs en passant"),
            (CENTRE_CAPTURE, "e4d5", "Eva schlägt David fünf"),
            (CASTLES, "e1g1", "Kurze Rochade"),
            (PROMOTION, "a7a8q", "Anna acht Dame Schach"),
            (BACK_RANK_MATE, "a1a8", "Turm Anna acht Matt"),
            (TWO_KNIGHTS, "b1d2", "Springer Bella David zwei"),
            // Chess960: the g-side castle is "Kurze".
            (CHESS960_CASTLES, "b1h1", "Kurze Rochade"),
            (CHESS960_CASTLES, "b1a1", "Lange Rochade"),
        ]);
        Announced(De, Own, Full).says(&[(START, "e2e4", "Eva zwei Eva vier")]);
        Announced(En, Own, Short).says(&[
            (START, "e2e4", "Eva four"),
            (PROMOTION, "a7a8n", "Anna eight Knight"),
        ]);
        Announced(En, Own, Full).says(&[
            (EN_PASSANT, "e5d6", "Eva five takes David six en passant"),
            (CASTLES, "e1c1", "castles long"),
        ]);
        Announced(Hu, Own, Short).says(&[(CASTLES, "e1c1", "hosszú sánc")]);
        Announced(Lv, Own, Short).says(&[(TWO_KNIGHTS, "b1d2", "zirgs Bella David zwei")]);
    }

    #[test]
    fn lt_lv_hu_announce_in_the_fide_scheme() {
        use Form::*;
        use Language::*;
        use Words::*;
        Announced(Lv, Fide, Short).says(&[
            (START, "g1f3", "Springer Felikss drei"),
            (CASTLES, "e1g1", "Kurze Rochade"),
            (PROMOTION, "a7a8q", "Anna acht Dame Schach"),
            (CENTRE_CAPTURE, "e4d5", "Eva schlägt Dāvids fünf"),
        ]);
        Announced(Lv, Fide, Full).says(&[(START, "g1f3", "Springer Gustavs eins Felikss drei")]);
        Announced(Lt, Fide, Short).says(&[
            (START, "g1f3", "Springer Felix drei"),
            (BACK_RANK_MATE, "a1a8", "Turm Anna acht Matt"),
        ]);
        Announced(Hu, Fide, Short).says(&[(CASTLES, "e1c1", "Lange Rochade")]);
        Announced(Hu, Fide, Full).says(&[(START, "g1f3", "Springer Gustav eins Felix drei")]);
    }
}
