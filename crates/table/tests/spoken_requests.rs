//! What the VI player may ask and declare in words: only what the Laws let the assistant
//! tell (moves, counts, time, the position on request), and the natural phrasings of the
//! requests that cost a right when not understood.

mod common;

use annabella_phonetic::{Language, messages::Messages};
use annabella_table::{AnnounceKind, Audience, TableConfig};
use common::*;
use shakmaty::Color::Black;

/// The sighted player (Black) plays by the assistant's keyboard and presses; the VI
/// player copies the move on the peg board.
fn sighted_move(run: &mut Run, t: f64, san: &str, from: &str, to: &str) {
    run.typed(t, san)
        .lever(t + 0.5, Black)
        .peg(t + 1.5, from, to);
}

fn in_language(language: Language) -> TableConfig {
    TableConfig {
        language,
        sighted_language: language,
        ..classical()
    }
}

/// 1. e4 d5: the pawn on e4 attacks d5, the queen on d8 defends it.
fn after_e4_d5(language: Language) -> Run {
    let mut run = Run::new(in_language(language));
    run.start(0.0);
    let e4 = match language {
        Language::En => "Eva four",
        _ => "Eva vier",
    };
    vi_move(&mut run, 1.0, e4, "e2", "e4");
    sighted_move(&mut run, 5.0, "d5", "d7", "d5");
    run.said();
    run
}

#[test]
fn analysis_is_refused_with_the_reason_in_every_language() {
    let questions: &[(Language, &[&str])] = &[
        (
            Language::De,
            &[
                "wer greift David fünf an",
                "wer deckt David fünf",
                "was droht",
                "ist etwas gefesselt",
                "Material",
                "geschlagene Figuren",
                "mögliche Züge",
                "bester Zug",
                "wer steht besser",
            ],
        ),
        (
            Language::En,
            &[
                "who attacks David five",
                "who defends David five",
                "any threats",
                "what is pinned",
                "material",
                "legal moves",
                "best move",
                "who is better",
            ],
        ),
        (
            Language::Lt,
            &["kas puola David fünf", "materialas", "geriausias ėjimas"],
        ),
        (
            Language::Lv,
            &["kuri uzbrūk Dāvids fünf", "materiāls", "labākais gājiens"],
        ),
        (
            Language::Hu,
            &["ki támadja a David fünf mezőt", "anyag", "legjobb lépés"],
        ),
    ];
    for &(language, asked) in questions {
        let refusal = Messages::get(language).text("analysis-refused", &[]);
        let mut run = after_e4_d5(language);
        for (i, q) in asked.iter().enumerate() {
            run.say(20.0 + i as f64, q);
            let told = run.said();
            assert_eq!(told.len(), 1, "{language}: {q}: {told:#?}");
            assert_eq!(told[0].to, Audience::ViPlayer, "{language}: {q}");
            assert_eq!(told[0].kind, AnnounceKind::Answer, "{language}: {q}");
            assert_eq!(told[0].text, refusal, "{language}: {q}");
        }
    }
}

#[test]
fn a_refusal_says_why_and_names_no_piece_or_square() {
    for (language, q, why, what) in [
        (
            Language::De,
            "wer greift David fünf an",
            "Regeln verbieten",
            "Züge, die Zugzahl, die Zeit und was wo steht",
        ),
        (
            Language::En,
            "who attacks David five",
            "Laws forbid",
            "moves, the number of moves, the time and what stands where",
        ),
    ] {
        let mut run = after_e4_d5(language);
        run.say(20.0, q);
        let told = run.heard_by(Audience::ViPlayer);
        assert_any(&told, why);
        assert_any(&told, what);
        // The attacker (the pawn on e4) and the defender (the queen on d8) are not named.
        for computed in [
            "Eva", "David", "Bauer", "Pawn", "Dame", "Queen", "vier", "four", "acht", "eight",
        ] {
            assert_none(&told, computed);
        }
        // The position on request is still told: what stands on e4.
        run.say(
            21.0,
            if language == Language::De {
                "was steht auf Eva vier"
            } else {
                "what is on Eva four"
            },
        );
        let told = run.heard_by(Audience::ViPlayer);
        assert_any(
            &told,
            if language == Language::De {
                "weißer Bauer"
            } else {
                "white Pawn"
            },
        );
    }
}

#[test]
fn placed_at_a_peg_board_asks_what_is_still_missing() {
    let mut run = Run::new(classical());
    run.start(0.0);
    run.say(1.0, "Eva vier");
    run.said();
    run.say(2.0, "gesetzt");
    let told = run.heard_by(Audience::ViPlayer);
    assert_eq!(told, ["Der Bauer ist noch nicht auf Eva vier gesetzt."]);
    assert!(
        run.view().moves.is_empty(),
        "the peg board decides when the move is made, not the word"
    );
}
