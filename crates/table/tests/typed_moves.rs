//! The VI player types moves (a Braille keyboard, a laptop with a screen reader): a
//! typed line goes in like a spoken one and gets the same read-back, questions,
//! refusals and correction.

mod common;

use annabella_phonetic::Language;
use annabella_table::{Audience, TableConfig};
use common::*;
use shakmaty::Color::{Black, White};

#[test]
fn german_and_english_letters_and_uci_are_read_back_in_the_players_words() {
    for typed in ["Sf3", "Nf3", "g1f3", "Sg1-f3"] {
        let mut run = Run::new(classical());
        run.start(0.0);
        run.say(1.0, typed);
        assert_eq!(
            run.heard_by(Audience::ViPlayer),
            ["Springer Gustav eins Felix drei"],
            "{typed}"
        );
        run.peg(2.0, "g1", "f3").lever(3.0, White);
        assert_eq!(run.moves(), ["Nf3"], "{typed}");
    }
}

#[test]
fn english_players_type_and_hear_english() {
    let mut run = Run::new(TableConfig {
        language: Language::En,
        sighted_language: Language::En,
        ..classical()
    });
    run.start(0.0);
    run.say(1.0, "e4");
    assert_eq!(run.heard_by(Audience::ViPlayer), ["Eva two Eva four"]);
    run.peg(2.0, "e2", "e4").lever(3.0, White);
    run.typed(10.0, "d5")
        .lever(11.0, Black)
        .peg(12.0, "d7", "d5");
    run.said();
    run.say(20.0, "exd5");
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["Eva four takes David five"]
    );
    run.peg(21.0, "d5", "d5");
}

#[test]
fn an_ambiguous_typed_move_is_asked_about_and_the_file_settles_it() {
    // Knights on b1 and f1 both reach d2.
    let mut run = Run::new(TableConfig {
        start_fen: Some("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1".into()),
        ..classical()
    });
    run.start(0.0);
    run.say(1.0, "Sd2");
    let question = run.heard_by(Audience::ViPlayer);
    assert_any(&question, "Bella eins");
    assert_any(&question, "Felix eins");
    assert_eq!(run.view().said, None);
    run.say(2.0, "Nbd2");
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["Springer Bella eins David zwei"]
    );
}

#[test]
fn an_illegal_typed_move_is_refused_with_the_reason() {
    let mut run = Run::new(classical());
    run.start(0.0);
    run.say(1.0, "Dh5");
    let refused = run.heard_by(Audience::ViPlayer);
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_any(&refused, "Dame");
    assert_eq!(run.view().said, None);
    run.say(2.0, "e2e5");
    assert_eq!(run.heard_by(Audience::ViPlayer).len(), 1);
    assert_eq!(run.view().said, None);
}

#[test]
fn a_typed_move_is_corrected_like_a_spoken_one() {
    let mut run = Run::new(classical());
    run.start(0.0);
    run.say(1.0, "Nf3");
    run.said();
    run.peg(2.0, "b1", "c3").lever(3.0, White);
    assert!(run.view().moves.is_empty());
    run.said();
    run.say(4.0, "Korrektur");
    assert_eq!(run.heard_by(Audience::ViPlayer), ["Bitte den Zug ansagen."]);
    run.say(5.0, "Sc3");
    assert!(run.view().made);
    run.lever(6.0, White);
    assert_eq!(run.moves(), ["Nc3"]);
}

#[test]
fn castling_typed_with_zeros_or_letters() {
    for typed in ["O-O", "0-0", "e1g1"] {
        let mut run = Run::new(TableConfig {
            start_fen: Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".into()),
            ..classical()
        });
        run.start(0.0);
        run.say(1.0, typed);
        assert_eq!(
            run.heard_by(Audience::ViPlayer),
            ["Kurze Rochade"],
            "{typed}"
        );
    }
}
