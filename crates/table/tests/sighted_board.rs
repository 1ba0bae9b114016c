//! The sighted board's states between the VI player's move and the sighted player's own
//! (virtual clock): a copy half done, a move on a board that still lacks the copy, a
//! wrong copy that touches nothing.

mod common;

use annabella_table::{AlertKind, Audience, Effect, TableConfig};
use common::*;
use shakmaty::Color::{Black, White};

fn alerts(run: &Run) -> Vec<AlertKind> {
    run.all(|e| match e {
        Effect::ArbiterAlert(a) => Some(a.kind.clone()),
        _ => None,
    })
}

/// 1. e4 d5 2. exd5, both boards copied up to d5.
fn after_exd5() -> Run {
    let mut run = Run::new(TableConfig::default());
    run.sighted_board(0.0, START);
    run.start(0.5);
    run.say(1.0, "Eva vier")
        .peg(1.5, "e2", "e4")
        .lever(2.5, White);
    run.sighted_board(3.0, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    run.sighted_board(4.0, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR");
    run.lever(4.2, Black).peg(4.5, "d7", "d5");
    run.say(6.0, "Eva schlägt David fünf")
        .lift(6.5, "d5")
        .lift(6.7, "e4")
        .place(7.0, "d5")
        .lever(7.5, White);
    assert_eq!(run.moves(), ["e4", "d5", "exd5"]);
    run.said();
    run
}

#[test]
fn half_a_copy_is_told_what_is_left_without_an_alarm() {
    let mut run = after_exd5();
    // The captured pawn is off, the capturing one still on e4.
    run.sighted_board(8.0, "rnbqkbnr/ppp1pppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    run.advance(s(12.5));
    assert!(run.heard_by(Audience::SightedPlayer).is_empty(), "not yet");
    run.advance(s(13.5));
    assert_eq!(
        run.heard_by(Audience::SightedPlayer),
        [
            "Ihr Brett stimmt nicht. Nehmen Sie den weißen Bauern von Eva vier. \
          Setzen Sie den weißen Bauern auf David fünf."
        ]
    );
    assert!(alerts(&run).is_empty());
    // No touch of the white pawn, and Black's next move stands once copied.
    run.sighted_board(14.0, "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR");
    run.sighted_board(15.0, "rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR");
    assert_eq!(run.moves(), ["e4", "d5", "exd5", "Nf6"]);
    let vi = run.heard_by(Audience::ViPlayer);
    assert_none(&vi, "berührt");
    assert_any(&vi, "Schwarz: Springer Gustav acht Felix sechs");
}

#[test]
fn a_move_on_a_board_still_without_the_copy_stands_and_the_copy_is_asked_for() {
    let mut run = after_exd5();
    // Black plays Nf6 without first copying exd5.
    run.sighted_board(8.0, "rnbqkb1r/ppp1pppp/5n2/3p4/4P3/8/PPPP1PPP/RNBQKBNR");
    assert_eq!(run.moves(), ["e4", "d5", "exd5", "Nf6"]);
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Schwarz: Springer Gustav acht Felix sechs",
    );
    // The copy is still to do, as with no move: told what is left, without an alarm.
    run.advance(s(12.5));
    assert!(run.heard_by(Audience::SightedPlayer).is_empty(), "not yet");
    run.advance(s(13.5));
    assert_eq!(
        run.heard_by(Audience::SightedPlayer),
        [
            "Ihr Brett stimmt nicht. Nehmen Sie den weißen Bauern von Eva vier. \
          Ersetzen Sie den schwarzen Bauern auf David fünf durch den weißen Bauern."
        ]
    );
    assert!(alerts(&run).is_empty());
    run.sighted_board(14.0, "rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR");
    assert_eq!(run.view().sighted_in_sync, Some(true));
    run.advance(s(30.0));
    assert!(run.heard_by(Audience::SightedPlayer).is_empty());
    // The whole game replays to the same table.
    let (replayed, _) = replay(TableConfig::default(), &run.journal);
    assert_eq!(replayed.snapshot(), run.view());
}
