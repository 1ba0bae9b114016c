//! The table's ruling when boards, presses and entries fall out of step (virtual clock):
//! a legal move on a board never put right (E.2.7, D.2.9), a reply to a made move not yet
//! pressed (4.6/4.7, 6.2.2), the assistant's entry against the board's move (4.6, E.2.8),
//! and both flags down (6.8–6.10).

mod common;

use annabella_table::{AlertKind, Audience, Effect, RecordedMove, TableConfig};
use common::*;
use shakmaty::Color::{Black, White};

fn alerts(run: &Run) -> Vec<AlertKind> {
    run.all(|e| match e {
        Effect::ArbiterAlert(a) => Some(a.kind.clone()),
        _ => None,
    })
}

fn records(run: &Run) -> Vec<RecordedMove> {
    run.all(|e| match e {
        Effect::RecordMove(r) => Some(r.clone()),
        _ => None,
    })
}

/// After 1. e4 copied wrongly as d2-d4 on the sighted board.
const WRONG_COPY: &str = "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR";
/// … and Black's 1... e5 made on that board.
const WRONG_COPY_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR";

#[test]
fn a_legal_reply_on_a_board_never_put_right_stands_and_the_difference_stays_flagged() {
    let mut run = Run::new(TableConfig::default());
    run.sighted_board(0.0, START);
    run.start(0.5);
    vi_move(&mut run, 1.0, "Eva vier", "e2", "e4");
    run.sighted_board(4.0, WRONG_COPY);
    run.advance(s(7.0));
    assert_any(
        &run.heard_by(Audience::SightedPlayer),
        "Ihr Brett stimmt nicht",
    );
    // Black replies 1... e5 on the wrong board and presses.
    run.sighted_board(8.0, WRONG_COPY_E5).lever(8.3, Black);
    assert_eq!(run.moves(), ["e4", "e5"]);
    assert_eq!(
        run.view().running,
        Some(White),
        "the press switched the clocks"
    );
    assert_eq!(records(&run).last().map(|r| r.san.as_str()), Some("e5"));
    let vi = run.heard_by(Audience::ViPlayer);
    assert_any(&vi, "Schwarz: Eva sieben Eva fünf");
    assert_none(&vi, "unzulässig");
    assert!(
        !alerts(&run).contains(&AlertKind::IllegalMove),
        "{:?}",
        alerts(&run)
    );
    // The old difference (d4 for e4) is still to be put right.
    assert_eq!(run.view().sighted_in_sync, Some(false));
    run.advance(s(11.0));
    let sighted = run.heard_by(Audience::SightedPlayer);
    assert_any(&sighted, "Ihr Brett stimmt nicht");
    assert_none(&sighted, "Unzulässiger Zug");
    // Put right: both hear so, and the game goes on.
    run.sighted_board(12.0, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR");
    assert_any(&run.heard_by(Audience::SightedPlayer), "Das Brett stimmt.");
    assert_eq!(run.view().sighted_in_sync, Some(true));
}

#[test]
fn an_illegal_move_on_a_wrongly_set_board_is_still_illegal() {
    let mut run = Run::new(TableConfig::default());
    run.sighted_board(0.0, START);
    run.start(0.5);
    vi_move(&mut run, 1.0, "Eva vier", "e2", "e4");
    run.sighted_board(4.0, WRONG_COPY);
    // Bf8-b4 through the e7 pawn, from their own board.
    run.sighted_board(8.0, "rnbqk1nr/pppppppp/8/8/1b1P4/8/PPP1PPPP/RNBQKBNR")
        .lever(8.3, Black);
    run.advance(s(10.0));
    assert_eq!(run.moves(), ["e4"]);
    assert!(alerts(&run).contains(&AlertKind::IllegalMove));
}

#[test]
fn a_reply_to_a_made_move_not_yet_pressed_is_a_move_recorded_at_the_late_press() {
    let mut run = Run::new(TableConfig::default());
    run.sighted_board(0.0, START);
    run.start(0.5);
    // 1. e4 announced and placed: made. White forgets to press.
    run.say(1.0, "Eva vier").peg(1.5, "e2", "e4");
    run.sighted_board(3.0, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    run.sighted_board(5.0, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR");
    run.lever(5.3, Black); // Black's clock is not running: nothing to press
    assert_eq!(run.moves(), ["e4", "e5"], "the reply is a move");
    assert!(records(&run).is_empty(), "recorded once the presses come");
    assert_eq!(run.view().running, Some(White));
    run.advance(s(12.0));
    let said = run.said();
    let to = |who: Audience| -> Vec<String> {
        said.iter()
            .filter(|a| a.to == who || a.to == Audience::Both)
            .map(|a| a.text.clone())
            .collect()
    };
    // Nobody is told to undo a made move, no press without a move.
    assert_none(&to(Audience::SightedPlayer), "Ihr Brett stimmt nicht");
    assert!(alerts(&run).is_empty(), "{:?}", alerts(&run));
    assert_any(&to(Audience::ViPlayer), "Schwarz: Eva sieben Eva fünf");
    // White presses late (6.2.2): 1. e4 is recorded, Black's clock runs until their press.
    run.lever(13.0, White);
    assert_eq!(
        records(&run)
            .iter()
            .map(|r| r.san.as_str())
            .collect::<Vec<_>>(),
        ["e4"]
    );
    assert_eq!(run.view().running, Some(Black));
    run.lever(14.0, Black);
    let recs = records(&run);
    assert_eq!(
        recs.iter().map(|r| r.san.as_str()).collect::<Vec<_>>(),
        ["e4", "e5"]
    );
    assert_eq!(
        recs[0].spent,
        s(12.5),
        "White's clock ran from 0.5 s to the press"
    );
    assert_eq!(run.view().running, Some(White));
    // The game goes on: the peg board copies e5 and White plays 2. Nf3.
    run.peg(15.0, "e7", "e5");
    vi_move(&mut run, 16.0, "Springer Felix drei", "g1", "f3");
    assert_eq!(run.moves(), ["e4", "e5", "Nf3"]);
    let heard = run.heard_by(Audience::ViPlayer);
    assert_none(&heard, "nicht angesagt");
    assert!(run.table.pgn().contains("1. e4"));
}

/// 1. e4 played and copied on the sighted board.
fn after_e4() -> Run {
    let mut run = Run::new(TableConfig::default());
    run.sighted_board(0.0, START);
    run.start(0.5);
    vi_move(&mut run, 1.0, "Eva vier", "e2", "e4");
    run.sighted_board(4.0, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    run.said();
    run
}

const E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR";

#[test]
fn the_move_on_the_board_beats_the_assistants_differing_entry() {
    let mut run = after_e4();
    run.typed(5.0, "Sf6");
    assert_eq!(run.moves(), ["e4"], "an entry waits for the board");
    run.sighted_board(6.0, E4_E5).lever(6.3, Black);
    assert_eq!(run.moves(), ["e4", "e5"]);
    assert_eq!(alerts(&run), [AlertKind::EntryDiffers]);
    let vi = run.heard_by(Audience::ViPlayer);
    assert_any(&vi, "Schwarz: Eva sieben Eva fünf");
    assert_none(&vi, "Springer");
    assert_none(
        &run.heard_by(Audience::SightedPlayer),
        "Ihr Brett stimmt nicht",
    );
    assert_eq!(
        records(&run)
            .iter()
            .map(|r| r.san.as_str())
            .collect::<Vec<_>>(),
        ["e4", "e5"]
    );
}

#[test]
fn an_entry_after_the_boards_move_is_compared_and_one_without_a_move_is_reported() {
    let mut run = after_e4();
    run.sighted_board(5.0, E4_E5).lever(5.3, Black);
    run.typed(6.0, "e5"); // the same move: nothing to say
    assert!(alerts(&run).is_empty());
    run.typed(6.5, "Nf6");
    assert_eq!(alerts(&run), [AlertKind::EntryDiffers]);
    assert_eq!(run.moves(), ["e4", "e5"]);
    // An entry while the board shows no move: reported after 5 s, never played.
    let mut run = after_e4();
    run.typed(5.0, "d5");
    run.advance(s(9.0));
    assert!(alerts(&run).is_empty());
    run.advance(s(10.5));
    assert_eq!(alerts(&run), [AlertKind::EntryDiffers]);
    assert_eq!(run.moves(), ["e4"]);
    // Without a sensor board the entry is the move.
    let mut run = Run::new(TableConfig::default());
    run.start(0.5);
    vi_move(&mut run, 1.0, "Eva vier", "e2", "e4");
    run.typed(5.0, "e5");
    assert_eq!(run.moves(), ["e4", "e5"]);
}

#[test]
fn both_flags_down_the_first_decides() {
    let mut run = Run::new(TableConfig {
        time_control: "60".parse().unwrap(),
        ..classical()
    });
    run.sighted_board(0.0, START);
    run.start(0.0);
    // White's (the VI player's) flag falls first: announced and reported, not claimed.
    run.advance(s(61.0));
    assert_eq!(alerts(&run), [AlertKind::FlagFall]);
    assert_eq!(run.view().result, None);
    // White still moves, then Black's flag falls too.
    vi_move(&mut run, 62.0, "Eva vier", "e2", "e4");
    assert_eq!(run.view().running, Some(Black));
    run.advance(s(200.0));
    let end = run.view().result.expect("the game ended");
    assert_eq!(
        (end.result.as_str(), end.termination.as_str()),
        ("0-1", "flag-fall"),
        "White's flag fell first: White cannot win on time"
    );
    // The arbiter's flag fall of the second flag is taken as the first's, too.
    let mut run = Run::new(TableConfig {
        time_control: "60".parse().unwrap(),
        ..classical()
    });
    run.start(0.0);
    run.advance(s(61.0));
    run.at(
        62.0,
        annabella_table::Input::Arbiter(annabella_table::ArbiterAction::FlagFall { color: Black }),
    );
    assert_eq!(run.view().result.map(|e| e.result.as_str()), Some("0-1"));
}

#[test]
fn an_entry_of_the_reply_to_a_made_move_not_yet_pressed() {
    // Without a sensor board the assistant's entry is the reply: both moves stand.
    let mut run = Run::new(TableConfig::default());
    run.start(0.5);
    run.say(1.0, "Eva vier").peg(1.5, "e2", "e4");
    run.typed(3.0, "e5");
    assert_eq!(run.moves(), ["e4", "e5"]);
    assert!(alerts(&run).is_empty());
    run.lever(4.0, White).lever(5.0, Black);
    assert_eq!(
        records(&run)
            .iter()
            .map(|r| r.san.as_str())
            .collect::<Vec<_>>(),
        ["e4", "e5"]
    );
    // With one, the entry waits for the board's reply and is compared with it.
    let mut run = Run::new(TableConfig::default());
    run.sighted_board(0.0, START);
    run.start(0.5);
    run.say(1.0, "Eva vier").peg(1.5, "e2", "e4");
    run.typed(3.0, "Nf6");
    assert_eq!(run.moves(), Vec::<String>::new());
    run.sighted_board(4.0, E4_E5);
    assert_eq!(run.moves(), ["e4", "e5"]);
    assert_eq!(alerts(&run), [AlertKind::EntryDiffers]);
}
