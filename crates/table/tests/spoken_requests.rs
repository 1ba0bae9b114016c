//! What the VI player may ask and declare in words: only what the Laws let the assistant
//! tell (moves, counts, time, the position on request), and the natural phrasings of the
//! requests that cost a right when not understood.

mod common;

use annabella_phonetic::{Language, messages::Messages};
use annabella_table::{AlertKind, AnnounceKind, Audience, ClockCommand, Effect, TableConfig};
use common::*;
use shakmaty::Color::{Black, White};

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

/// The clock settings the table gave, from the start: the times and who runs.
fn clock_settings(run: &Run) -> Vec<ClockCommand> {
    run.all(|e| match e {
        Effect::Clock(c @ ClockCommand::Set { .. }) => Some(c.clone()),
        _ => None,
    })
}

#[test]
fn an_arbiter_call_as_a_sentence_stops_the_clocks_exactly_as_the_word() {
    for (language, word, sentences) in [
        (
            Language::De,
            "Schiedsrichter",
            &[
                "ich möchte den Schiedsrichter sprechen",
                "Schiedsrichter bitte",
                "äh, ich brauche den Schiedsrichter",
            ][..],
        ),
        (
            Language::En,
            "call the arbiter",
            &[
                "I want to speak to the arbiter",
                "I would like to call the arbiter please",
            ][..],
        ),
        (Language::Lt, "teisėjas", &["noriu kalbėti su teisėju"][..]),
        (
            Language::Lv,
            "tiesnesis",
            &["es gribu runāt ar tiesnesi"][..],
        ),
        (Language::Hu, "bíró", &["a bíróval szeretnék beszélni"][..]),
    ] {
        let call = |said: &str| {
            let mut run = after_e4_d5(language);
            // White's clock runs after Black's press.
            assert_eq!(run.view().running, Some(White));
            run.say(20.0, said);
            let view = run.view();
            let alerts: Vec<AlertKind> = run.all(|e| match e {
                Effect::ArbiterAlert(a) => Some(a.kind.clone()),
                _ => None,
            });
            (
                run.heard_by(Audience::ViPlayer),
                clock_settings(&run),
                view.paused,
                view.running,
                alerts,
            )
        };
        let by_word = call(word);
        assert!(by_word.2, "{language}: the word pauses the clocks");
        assert_eq!(by_word.3, None, "{language}");
        assert!(by_word.4.contains(&AlertKind::Called), "{language}");
        for sentence in sentences {
            assert_eq!(call(sentence), by_word, "{language}: {sentence}");
        }
    }
}

#[test]
fn a_time_request_as_a_sentence_is_answered_as_the_word() {
    for (language, word, sentence) in [
        (Language::De, "Zeit", "wie viel Zeit habe ich"),
        (Language::En, "time", "how much time do I have"),
        (Language::Lt, "laikas", "kiek laiko man liko"),
        (Language::Lv, "laiks", "cik man ir laika"),
        (Language::Hu, "idő", "mennyi időm van"),
    ] {
        let mut run = after_e4_d5(language);
        run.say(20.0, word);
        let by_word = run.heard_by(Audience::ViPlayer);
        run.say(20.0, sentence);
        let by_sentence = run.heard_by(Audience::ViPlayer);
        assert_eq!(by_word.len(), 1, "{language}: {by_word:?}");
        assert_eq!(by_sentence, by_word, "{language}: {sentence}");
    }
}

#[test]
fn a_correction_in_one_breath_replaces_an_unmade_announcement() {
    let mut run = Run::new(classical());
    run.start(0.0);
    run.say(1.0, "Springer Felix drei");
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["Springer Gustav eins Felix drei"]
    );
    // E.2.6: "Korrektur" and the new move in one breath; the new move is read back.
    run.say(2.0, "Korrektur Springer Hektor drei");
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["Springer Gustav eins Hektor drei"]
    );
    assert_eq!(
        run.view().said.map(|m| m.to_string()).as_deref(),
        Some("g1h3")
    );
    run.peg(3.0, "g1", "h3").lever(4.0, White);
    assert_eq!(run.moves(), ["Nh3"]);
}

#[test]
fn a_correction_in_one_breath_after_a_wrong_placement_makes_the_placed_move() {
    let mut run = Run::new(classical());
    run.start(0.0);
    run.say(1.0, "Springer Felix drei");
    run.peg(2.0, "b1", "c3").lever(3.0, White);
    run.said();
    assert!(run.view().moves.is_empty());
    run.say(4.0, "Korrektur Springer Cäsar drei");
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["Springer Bella eins Cäsar drei"]
    );
    assert!(run.view().made);
    run.lever(5.0, White);
    assert_eq!(run.moves(), ["Nc3"]);
}

#[test]
fn a_correction_in_one_breath_does_not_undo_a_made_move() {
    let mut run = Run::new(classical());
    run.start(0.0);
    run.say(1.0, "Springer Felix drei");
    run.peg(2.0, "g1", "f3");
    run.said();
    assert!(run.view().made);
    run.say(3.0, "Korrektur Springer Hektor drei");
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["Der Zug ist bereits ausgeführt."]
    );
    run.lever(4.0, White);
    assert_eq!(run.moves(), ["Nf3"]);
}

#[test]
fn a_self_correction_inside_one_utterance_announces_the_last_move() {
    for (language, said, read_back) in [
        (
            Language::De,
            "Springer Felix drei nein Springer Cäsar drei",
            "Springer Bella eins Cäsar drei",
        ),
        (
            Language::En,
            "Knight Felix three no Knight Caesar three",
            "Knight Bella one Caesar three",
        ),
    ] {
        let mut run = Run::new(in_language(language));
        run.start(0.0);
        run.say(1.0, said);
        assert_eq!(run.heard_by(Audience::ViPlayer), [read_back], "{language}");
        assert_eq!(
            run.view().said.map(|m| m.to_string()).as_deref(),
            Some("b1c3")
        );
    }
}

#[test]
fn hesitations_around_a_move_are_skipped() {
    for (language, said, read_back) in [
        (
            Language::De,
            "äh, Springer Felix drei",
            "Springer Gustav eins Felix drei",
        ),
        (
            Language::De,
            "also ähm Springer Felix drei bitte",
            "Springer Gustav eins Felix drei",
        ),
        (
            Language::En,
            "uh, um, Knight Felix three please",
            "Knight Gustav one Felix three",
        ),
        (
            Language::Hu,
            "öö Springer Felix drei kérem",
            "Springer Gustav eins Felix drei",
        ),
    ] {
        let mut run = Run::new(in_language(language));
        run.start(0.0);
        run.say(1.0, said);
        assert_eq!(run.heard_by(Audience::ViPlayer), [read_back], "{said}");
    }
}

#[test]
fn a_hesitation_alone_is_not_answered() {
    let mut run = Run::new(classical());
    run.start(0.0);
    run.say(1.0, "äh");
    run.say(1.5, "ähm, also");
    assert!(
        run.said().is_empty(),
        "nothing said over the player's thinking"
    );
    run.say(2.0, "Springer Felix drei");
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["Springer Gustav eins Felix drei"]
    );
    // Words that are no move are still answered.
    run.say(3.0, "auf");
    assert_eq!(run.heard_by(Audience::ViPlayer), ["nichts verstanden"]);
}

#[test]
fn the_laws_castling_words_are_understood_at_a_table_of_any_language() {
    for language in Language::ALL {
        for (said, uci) in [("Kurze Rochade", "e1g1"), ("Lange Rochade", "e1c1")] {
            let mut run = Run::new(TableConfig {
                start_fen: Some("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1".into()),
                ..in_language(language)
            });
            run.start(0.0);
            run.say(1.0, said);
            let told = run.said();
            assert_eq!(told.len(), 1, "{language}: {said}: {told:#?}");
            assert_eq!(told[0].kind, AnnounceKind::ReadBack, "{language}: {said}");
            assert_eq!(
                run.view().said.map(|m| m.to_string()).as_deref(),
                Some(uci),
                "{language}: {said}"
            );
        }
    }
}
