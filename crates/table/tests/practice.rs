//! A practice game against an opponent in the sighted player's seat (an engine): its
//! moves for the position it saw, take-back, hint and evaluation only when the practice
//! game allows them (refused as analysis at a rated table, 11.3.1), and an opponent that
//! is gone and back.

mod common;

use annabella_table::{
    Advice, Audience, ClockPress, Consult, Input, Practice, Score, TableConfig, ViBoard,
};
use common::*;
use shakmaty::Color;

/// The VI player's plain tactile set and a tactile clock he presses; the table presses
/// for the engine.
fn practice(practice: Practice) -> TableConfig {
    TableConfig {
        vi_board: ViBoard::Plain,
        vi_press: ClockPress::Lever,
        sighted_press: ClockPress::Automatic,
        practice,
        ..classical()
    }
}

const ALL: Practice = Practice {
    take_back: true,
    hint: true,
    evaluation: true,
};

fn engine_move(run: &mut Run, t: f64, uci: &str) {
    let ply = run.view().moves.len();
    run.at(
        t,
        Input::OpponentMove {
            uci: uci.parse().unwrap(),
            ply,
        },
    );
}

/// 1. e4 e5 with the engine as Black.
fn opening(run: &mut Run) {
    run.start(0.0)
        .say(2.0, "Bauer Eva vier")
        .lever(3.0, Color::White);
    engine_move(run, 4.0, "e7e5");
    assert_eq!(run.moves(), ["e4", "e5"]);
    // The engine's move is announced to the VI player and his clock runs at once.
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Schwarz: Eva sieben Eva fünf",
    );
    assert_eq!(run.view().running, Some(Color::White));
}

#[test]
fn take_back_hint_and_evaluation_are_given_only_in_practice() {
    let mut run = Run::new(practice(ALL));
    opening(&mut run);
    run.say(10.0, "Tipp");
    assert_eq!(run.view().consult, Some(Consult::Hint));
    run.at(
        11.0,
        Input::Advice(Advice {
            consult: Consult::Hint,
            best: Some("g1f3".parse().unwrap()),
            score: Some(Score::Centipawns(30)),
        }),
    );
    let vi = run.heard_by(Audience::ViPlayer);
    assert_any(&vi, "Vorschlag der Engine: Springer Gustav eins Felix drei");
    assert_eq!(run.view().consult, None);
    run.say(12.0, "Bewertung");
    run.at(
        13.0,
        Input::Advice(Advice {
            consult: Consult::Evaluation,
            best: None,
            score: Some(Score::Centipawns(-140)),
        }),
    );
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Bewertung: Sie stehen um 1,4 Bauern schlechter.",
    );
    // An answer nobody waits for is not spoken.
    run.at(
        14.0,
        Input::Advice(Advice {
            consult: Consult::Hint,
            best: Some("d2d4".parse().unwrap()),
            score: None,
        }),
    );
    assert_none(&run.heard_by(Audience::ViPlayer), "Vorschlag");
    run.say(15.0, "zurück");
    assert_eq!(run.moves(), Vec::<String>::new());
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Zurückgenommen: zwei Halbzüge",
    );
    assert_eq!(run.view().turn, Color::White);
    assert_eq!(run.view().running, Some(Color::White));
    run.say(16.0, "zurück");
    assert_any(&run.heard_by(Audience::ViPlayer), "keinen Zug von Ihnen");
}

#[test]
fn a_rated_table_refuses_take_back_hint_and_evaluation_as_analysis() {
    let mut run = Run::new(practice(Practice::RATED));
    opening(&mut run);
    for (t, words) in [(10.0, "Tipp"), (11.0, "Bewertung"), (12.0, "zurück")] {
        run.say(t, words);
        assert_eq!(
            run.heard_by(Audience::ViPlayer),
            [
                "Das darf ich nicht sagen: Die Regeln verbieten dem Assistenten jede Analyse. Ich sage Züge, die Zugzahl, die Zeit und was wo steht."
            ],
            "{words}"
        );
        assert_eq!(run.view().consult, None);
    }
    assert_eq!(run.moves(), ["e4", "e5"]);
    // Each practice right alone allows only itself.
    let mut run = Run::new(practice(Practice {
        take_back: true,
        ..Practice::RATED
    }));
    opening(&mut run);
    run.say(10.0, "Tipp");
    assert_eq!(run.view().consult, None);
    run.say(11.0, "zurück");
    assert_eq!(run.moves(), Vec::<String>::new());
}

#[test]
fn an_opponent_move_for_a_position_taken_back_is_not_played() {
    let mut run = Run::new(practice(ALL));
    run.start(0.0)
        .say(2.0, "Bauer Eva vier")
        .lever(3.0, Color::White);
    // The engine thinks on 1. e4 while the VI player takes it back and plays 1. d4.
    run.say(4.0, "zurück");
    run.say(5.0, "Bauer David vier").lever(6.0, Color::White);
    run.at(
        7.0,
        Input::OpponentMove {
            uci: "e7e5".parse().unwrap(),
            ply: 0,
        },
    );
    assert_eq!(run.moves(), ["d4"]);
    engine_move(&mut run, 8.0, "d7d5");
    assert_eq!(run.moves(), ["d4", "d5"]);
}

#[test]
fn a_lost_opponent_stops_the_clocks_until_one_is_back() {
    let mut run = Run::new(practice(ALL));
    opening(&mut run);
    run.say(5.0, "Springer Gustav eins Felix drei")
        .lever(6.0, Color::White);
    run.at(
        7.0,
        Input::OpponentLost {
            reason: "the engine stopped (signal: 9).".into(),
            failure: None,
        },
    );
    let view = run.view();
    assert!(view.paused);
    assert_eq!(
        view.opponent_lost.as_deref(),
        Some("the engine stopped (signal: 9).")
    );
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Ihr Gegner ist ausgefallen: the engine stopped (signal: 9).",
    );
    // Its move, should it still come, is not played while it is gone.
    engine_move(&mut run, 8.0, "b8c6");
    assert_eq!(run.moves(), ["e4", "e5", "Nf3"]);
    let black = run.view().black_time;
    run.advance(s(100.0));
    assert_eq!(run.view().black_time, black, "the clocks stand");
    run.at(
        101.0,
        Input::OpponentBack {
            name: "Stockfish 15.1".into(),
        },
    );
    assert!(!run.view().paused);
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Stockfish 15.1 ist wieder da.",
    );
    engine_move(&mut run, 102.0, "b8c6");
    assert_eq!(run.moves(), ["e4", "e5", "Nf3", "Nc6"]);
}
