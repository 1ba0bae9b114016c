//! The round's PGN: the arbiter's rulings as comments, the moves legal.

use super::*;

#[test]
fn an_illegal_move_penalised_is_a_comment_and_the_moves_stay_legal() {
    let pgn = ruled(
        "1",
        vec![
            Input::Start,
            typed("e2e4"),
            Input::Lever { side: Color::White },
            arbiter(ArbiterAction::IllegalMove { by: Color::White }),
        ],
    );
    assert_eq!(
        movetext(&pgn),
        "1. e4 {[%clk 1:30:28]} {Arbiter: illegal move by White (Law 7.5.5), the position \
         before it stands; Black gets 0:02:00 more} *",
        "{pgn}"
    );
}

#[test]
fn a_second_illegal_move_ends_the_game_and_says_so() {
    let pgn = ruled(
        "5",
        vec![
            Input::Start,
            typed("e2e4"),
            Input::Lever { side: Color::White },
            arbiter(ArbiterAction::IllegalMove { by: Color::Black }),
            arbiter(ArbiterAction::IllegalMove { by: Color::Black }),
        ],
    );
    let text = movetext(&pgn);
    assert!(
        text.ends_with(
            "the position before it stands; White gets 0:02:00 more} {Arbiter: illegal \
             move by Black (Law 7.5.5), the position before it stands; the game ends 1-0 \
             (rules infraction)} 1-0"
        ),
        "{pgn}"
    );
}

#[test]
fn a_restored_position_names_the_moves_taken_back_and_the_game_goes_on() {
    let pgn = ruled(
        "2",
        vec![
            Input::Start,
            typed("e2e4"),
            Input::Lever { side: Color::White },
            arbiter(ArbiterAction::RestorePosition { ply: 0 }),
            typed("d2d4"),
            Input::Lever { side: Color::White },
        ],
    );
    let text = movetext(&pgn);
    assert!(
        text.starts_with(
            "{Arbiter: the start position is restored (Law 7.5.1, reconciliation); taken \
             back: 1. e4; the game goes on from there} 1. d4 {[%clk"
        ),
        "{pgn}"
    );
    assert!(
        !text.contains("1. e4 {"),
        "e4 is not in the move text: {pgn}"
    );
}

#[test]
fn an_adjournment_its_sealed_move_and_the_resumption_are_comments() {
    let pgn = ruled(
        "3",
        vec![
            Input::Start,
            typed("e2e4"),
            Input::Lever { side: Color::White },
            arbiter(ArbiterAction::RestorePosition { ply: 0 }),
            arbiter(ArbiterAction::Adjourn),
            arbiter(ArbiterAction::SealMove {
                uci: "g1f3".parse().unwrap(),
            }),
        ],
    );
    let text = movetext(&pgn);
    assert!(
        text.ends_with(
            "{Arbiter: the game is adjourned; White seals the next move} {Arbiter: White \
             has sealed a move, kept by the arbiter until play resumes} *"
        ),
        "{pgn}"
    );
    assert!(!text.contains("Nf3"), "the sealed move stays secret: {pgn}");
}

#[test]
fn at_the_resumption_the_sealed_move_follows_its_comment() {
    let pgn = ruled(
        "4",
        vec![
            Input::Start,
            arbiter(ArbiterAction::Adjourn),
            arbiter(ArbiterAction::SealMove {
                uci: "g1f3".parse().unwrap(),
            }),
            arbiter(ArbiterAction::Resume),
        ],
    );
    let text = movetext(&pgn);
    assert!(
        text.starts_with(
            "{Arbiter: the game is adjourned; White seals the next move} {Arbiter: White \
             has sealed a move, kept by the arbiter until play resumes} {Arbiter: play \
             resumes after the adjournment; the sealed move is made} 1. Nf3 {[%clk"
        ),
        "{pgn}"
    );
}
