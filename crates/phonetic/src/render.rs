//! The renderer: a legal move in words of a lexicon, as it is announced.

use shakmaty::{Chess, Move, Position, Role, san::San};

use crate::{lexicon::Lexicon, utterance::Suffix, word::Word};

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
    let spell = |w: Word| lexicon.spell(w).unwrap_or("?");
    let mut words = Vec::with_capacity(7);
    if let Some(side) = m.castling_side() {
        let [a, b] = lexicon.castling_words(side);
        words.extend([a, b]);
    } else {
        let (role, file, rank, capture, to, promotion) = match (form, San::from_move(pos, m)) {
            (
                Form::Short,
                San::Normal {
                    role,
                    file,
                    rank,
                    capture,
                    to,
                    promotion,
                },
            ) => (role, file, rank, capture, to, promotion),
            _ => {
                let from = m.from();
                (
                    m.role(),
                    from.map(|s| s.file()),
                    from.map(|s| s.rank()),
                    m.is_capture(),
                    m.to(),
                    m.promotion(),
                )
            }
        };
        if role != Role::Pawn {
            words.push(spell(Word::Piece(role)));
        }
        if let Some(f) = file {
            words.push(spell(Word::File(f)));
        }
        if let Some(r) = rank {
            words.push(spell(Word::Rank(r)));
        }
        if capture {
            words.push(spell(Word::Takes));
        }
        words.push(spell(Word::File(to.file())));
        words.push(spell(Word::Rank(to.rank())));
        if m.is_en_passant() {
            // Named in every announcement: the captured pawn is not on the square moved to.
            words.extend(["en", spell(Word::EnPassant)]);
        }
        if let Some(p) = promotion {
            words.push(spell(Word::Piece(p)));
        }
    }
    match suffix_of(pos, m) {
        Some(Suffix::Check) => words.push(spell(Word::Check)),
        Some(Suffix::Mate) => words.push(spell(Word::Mate)),
        None => {}
    }
    words
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

    fn say(fen: &str, uci: &str, lang: Language, form: Form) -> String {
        say_in(fen, uci, Lexicon::get(lang), form)
    }

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

    #[test]
    fn announcements() {
        use Form::*;
        use Language::*;
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let table = [
            (start, "e2e4", De, Short, "Eva vier"),
            (start, "e2e4", De, Full, "Eva zwei Eva vier"),
            (start, "e2e4", En, Short, "Eva four"),
            (
                "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
                "e5d6",
                De,
                Short,
                "Eva schlägt David sechs en passant",
            ),
            (
                "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
                "e5d6",
                En,
                Full,
                "Eva five takes David six en passant",
            ),
            (
                "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
                "e4d5",
                De,
                Short,
                "Eva schlägt David fünf",
            ),
            (
                "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                "e1g1",
                De,
                Short,
                "Kurze Rochade",
            ),
            (
                "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                "e1c1",
                En,
                Full,
                "castles long",
            ),
            (
                "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                "e1c1",
                Hu,
                Short,
                "hosszú sánc",
            ),
            (
                "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
                "a7a8q",
                De,
                Short,
                "Anna acht Dame Schach",
            ),
            (
                "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
                "a7a8n",
                En,
                Short,
                "Anna eight Knight",
            ),
            (
                "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
                "a1a8",
                De,
                Short,
                "Turm Anna acht Matt",
            ),
            (
                "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1",
                "b1d2",
                De,
                Short,
                "Springer Bella David zwei",
            ),
            (
                "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1",
                "b1d2",
                Lv,
                Short,
                "zirgs Bella David zwei",
            ),
            // Chess960: king b1, rooks a1 and h1; the g-side castle is "Kurze".
            (
                "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1",
                "b1h1",
                De,
                Short,
                "Kurze Rochade",
            ),
            (
                "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1",
                "b1a1",
                De,
                Short,
                "Lange Rochade",
            ),
        ];
        for (fen, uci, lang, form, want) in table {
            // The lt/lv/hu rows are the explicit option of the language's own piece words.
            assert_eq!(
                say_in(fen, uci, Lexicon::local(lang), form),
                want,
                "{fen} {uci} {lang} {form:?}"
            );
        }
    }

    #[test]
    fn lt_lv_hu_announce_in_the_fide_scheme() {
        use Form::*;
        use Language::*;
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let castles = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let table = [
            (start, "g1f3", Lv, Short, "Springer Felikss drei"),
            (
                start,
                "g1f3",
                Lv,
                Full,
                "Springer Gustavs eins Felikss drei",
            ),
            (start, "g1f3", Lt, Short, "Springer Felix drei"),
            (start, "g1f3", Hu, Full, "Springer Gustav eins Felix drei"),
            (castles, "e1g1", Lv, Short, "Kurze Rochade"),
            (castles, "e1c1", Hu, Short, "Lange Rochade"),
            (
                "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
                "a1a8",
                Lt,
                Short,
                "Turm Anna acht Matt",
            ),
            (
                "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
                "a7a8q",
                Lv,
                Short,
                "Anna acht Dame Schach",
            ),
            (
                "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
                "e4d5",
                Lv,
                Short,
                "Eva schlägt Dāvids fünf",
            ),
        ];
        for (fen, uci, lang, form, want) in table {
            assert_eq!(
                say(fen, uci, lang, form),
                want,
                "{fen} {uci} {lang} {form:?}"
            );
        }
    }
}
