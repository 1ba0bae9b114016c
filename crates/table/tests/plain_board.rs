//! A club table: the VI player's ordinary tactile set without sensors, a clock that may
//! be a DGT 3000 or none at all. A move is made when the VI player confirms it (the
//! press, the word, the assistant's key), and the Laws' rulings hold as with sensors.

mod common;

use annabella_table::{
    AlertKind, ArbiterAction, Audience, ClockButton, ClockDevice, ClockPress, Effect, Input,
    TableConfig, ViBoard,
};
use common::*;
use shakmaty::Color;

fn club(vi_press: ClockPress, sighted_press: ClockPress) -> TableConfig {
    TableConfig {
        vi_board: ViBoard::Plain,
        vi_press,
        sighted_press,
        ..classical()
    }
}

const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
const AFTER_E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR";

#[test]
fn the_press_stands_for_placed_and_released() {
    let mut run = Run::new(club(ClockPress::Lever, ClockPress::Lever));
    run.start(0.0).say(5.0, "Bauer Eva vier");
    // Nothing can be seen on the board: no reminder that the pawn is not yet placed.
    run.advance(s(60.0));
    let vi = run.heard_by(Audience::ViPlayer);
    assert_none(&vi, "gesetzt");
    assert_eq!(run.moves(), Vec::<String>::new());
    run.lever(61.0, Color::White);
    assert_eq!(run.moves(), ["e4"]);
    assert_eq!(run.view().running, Some(Color::Black));
    let sighted = run.heard_by(Audience::SightedPlayer);
    assert_any(&sighted, "Weiß: Eva zwei Eva vier");
    // The sighted reply on the DGT board and their press: the game goes on.
    run.sighted_board(62.0, AFTER_E4)
        .sighted_board(70.0, AFTER_E4_E5);
    run.lever(71.0, Color::Black);
    assert_eq!(run.moves(), ["e4", "e5"]);
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Schwarz: Eva sieben Eva fünf",
    );
    assert_eq!(run.view().running, Some(Color::White));
}

#[test]
fn a_press_without_an_announcement_says_so_and_starts_nothing() {
    let mut run = Run::new(club(ClockPress::Lever, ClockPress::Lever));
    run.start(0.0).lever(3.0, Color::White);
    assert_any(&run.heard_by(Audience::ViPlayer), "nicht angesagt");
    assert!(run.view().moves.is_empty());
    assert_eq!(run.view().running, Some(Color::White));
}

#[test]
fn the_word_makes_the_move_and_with_automatic_presses_starts_the_clock() {
    let mut run = Run::new(club(ClockPress::Automatic, ClockPress::Automatic));
    run.start(0.0).say(5.0, "Springer Felix drei");
    assert!(run.view().moves.is_empty());
    run.at(8.0, Input::ViPlaced);
    assert_eq!(run.moves(), ["Nf3"]);
    assert_eq!(run.view().running, Some(Color::Black));
    // White's time stopped at the confirmation: 90 minutes minus 8 s plus 30 s.
    assert_eq!(run.view().white_time, s(5400.0 - 8.0 + 30.0));
    // The sighted move detected on the DGT board is their press (no clock device).
    run.sighted_board(9.0, "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R")
        .sighted_board(20.0, "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R");
    assert_eq!(run.moves(), ["Nf3", "Nf6"]);
    assert_eq!(run.view().running, Some(Color::White));
    // Black's clock ran from White's confirmation (8 s) to the move on the board (20 s).
    assert_eq!(run.view().black_time, s(5400.0 - 12.0 + 30.0));
}

#[test]
fn with_a_lever_the_word_makes_the_move_and_the_press_completes_it() {
    let mut run = Run::new(club(ClockPress::Lever, ClockPress::Lever));
    run.start(0.0)
        .say(5.0, "Bauer Eva vier")
        .at(6.0, Input::ViPlaced);
    assert!(run.view().made);
    assert!(run.view().moves.is_empty());
    // 4.6: a made move stands; another announcement is refused.
    run.say(7.0, "Bauer David vier");
    assert_any(&run.heard_by(Audience::ViPlayer), "bereits ausgeführt");
    run.lever(8.0, Color::White);
    assert_eq!(run.moves(), ["e4"]);
}

#[test]
fn a_correction_before_the_confirmation_replaces_the_move() {
    let mut run = Run::new(club(ClockPress::Lever, ClockPress::Lever));
    run.start(0.0)
        .say(5.0, "Bauer Eva vier")
        .say(6.0, "Korrektur")
        .say(7.0, "Bauer David vier")
        .lever(9.0, Color::White);
    assert_eq!(run.moves(), ["d4"]);
}

#[test]
fn peg_events_at_a_board_without_sensors_change_nothing() {
    let mut run = Run::new(club(ClockPress::Lever, ClockPress::Lever));
    run.start(0.0).say(5.0, "Bauer Eva vier");
    run.lift(6.0, "g1").place(6.5, "f3");
    assert!(!run.view().made);
    assert!(run.view().touched.is_empty());
    run.lever(8.0, Color::White);
    assert_eq!(run.moves(), ["e4"]);
}

#[test]
fn a_restored_position_is_spoken_as_moves_and_repeated_on_request() {
    let mut run = Run::new(club(ClockPress::Lever, ClockPress::Lever));
    run.start(0.0)
        .say(2.0, "Springer Felix drei")
        .lever(3.0, Color::White);
    run.sighted_board(4.0, "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R")
        .sighted_board(6.0, "rnbqkbnr/pppp1ppp/8/4p3/8/5N2/PPPPPPPP/RNBQKB1R")
        .lever(7.0, Color::Black);
    assert_eq!(run.moves(), ["Nf3", "e5"]);
    run.said();
    run.at(
        10.0,
        Input::Arbiter(ArbiterAction::RestorePosition { ply: 0 }),
    );
    let vi = run.heard_by(Audience::ViPlayer);
    assert_any(
        &vi,
        "Setzen Sie den weißen Springer von Felix drei auf Gustav eins.",
    );
    assert_any(
        &vi,
        "Setzen Sie den schwarzen Bauern von Eva fünf auf Eva sieben.",
    );
    run.say(12.0, "letzter Zug");
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Setzen Sie den weißen Springer von Felix drei auf Gustav eins.",
    );
}

#[test]
fn a_lost_clock_is_reported_and_the_table_presses_until_it_is_back() {
    let mut run = Run::new(club(ClockPress::Lever, ClockPress::Lever));
    run.start(0.0).say(2.0, "Bauer Eva vier");
    run.at(
        3.0,
        Input::ClockDevice {
            state: ClockDevice::Lost,
            lever: None,
        },
    );
    let alerts = run.all(|e| match e {
        Effect::ArbiterAlert(a) => Some(a.kind.clone()),
        _ => None,
    });
    assert_eq!(alerts, [AlertKind::ClockDevice]);
    assert_any(&run.heard_by(Audience::SightedPlayer), "nicht verbunden");
    // With the lever gone, the word completes the move and starts the opponent's clock.
    run.at(4.0, Input::ViPlaced);
    assert_eq!(run.moves(), ["e4"]);
    assert_eq!(run.view().running, Some(Color::Black));
    run.sighted_board(5.0, AFTER_E4)
        .sighted_board(9.0, AFTER_E4_E5);
    assert_eq!(run.view().running, Some(Color::White));
    run.at(
        10.0,
        Input::ClockDevice {
            state: ClockDevice::Connected,
            lever: None,
        },
    );
    run.say(11.0, "Springer Felix drei")
        .at(12.0, Input::ViPlaced);
    // The lever counts again: the word made the move, the press completes it.
    assert_eq!(run.moves(), ["e4", "e5"]);
    run.lever(13.0, Color::White);
    assert_eq!(run.moves(), ["e4", "e5", "Nf3"]);
}

#[test]
fn dgt_3000_buttons_ask_what_the_vi_player_may_ask() {
    let mut run = Run::new(club(ClockPress::Lever, ClockPress::Lever));
    run.start(0.0)
        .say(2.0, "Bauer Eva vier")
        .lever(3.0, Color::White);
    run.said();
    run.at(
        4.0,
        Input::Button {
            button: ClockButton::WhoseTurn,
        },
    );
    assert_any(&run.heard_by(Audience::ViPlayer), "Schwarz ist am Zug");
    run.at(
        5.0,
        Input::Button {
            button: ClockButton::RepeatLastMove,
        },
    );
    assert_any(&run.heard_by(Audience::ViPlayer), "Eva zwei Eva vier");
    run.at(
        6.0,
        Input::Button {
            button: ClockButton::CallArbiter,
        },
    );
    assert!(run.view().paused);
    assert_any(&run.heard_by(Audience::ViPlayer), "Schiedsrichter");
}

#[test]
fn the_first_flag_is_claimed_for_the_vi_player_at_a_club_table() {
    let mut run = Run::new(TableConfig {
        time_control: "60".parse().unwrap(),
        ..club(ClockPress::Automatic, ClockPress::Automatic)
    });
    run.start(0.0)
        .say(2.0, "Bauer Eva vier")
        .at(3.0, Input::ViPlaced);
    run.advance(s(200.0));
    let end = run.view().result.expect("the game ended on time");
    assert_eq!(end.result.as_str(), "1-0");
}

#[test]
fn a_club_game_replays_from_its_journal() {
    let config = club(ClockPress::Automatic, ClockPress::Automatic);
    let mut run = Run::new(config.clone());
    run.start(0.0)
        .say(2.0, "Bauer Eva vier")
        .at(3.0, Input::ViPlaced);
    run.sighted_board(4.0, AFTER_E4)
        .sighted_board(8.0, AFTER_E4_E5);
    run.say(9.0, "Dame Hektor fünf").at(10.0, Input::ViPlaced);
    let (table, effects) = replay(config, &run.journal);
    assert_eq!(table.snapshot(), run.view());
    assert_eq!(effects, run.effects);
    assert_eq!(table.pgn(), run.table.pgn());
}

#[test]
fn help_at_a_board_without_sensors_says_what_the_press_means() {
    let mut run = Run::new(club(ClockPress::Lever, ClockPress::Lever));
    run.start(0.0).say(1.0, "Hilfe");
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Der Druck heißt: gesetzt und losgelassen.",
    );
    let mut run = Run::new(classical());
    run.start(0.0).say(1.0, "Hilfe");
    assert_none(&run.heard_by(Audience::ViPlayer), "gesetzt und losgelassen");
}

#[test]
fn a_rejected_claim_at_a_club_table_makes_the_intended_move_at_the_press() {
    let mut run = Run::new(club(ClockPress::Lever, ClockPress::Lever));
    run.start(0.0);
    // No repetition yet: the claim is wrong, costs time and stands as a draw offer (9.5.2).
    run.say(2.0, "Remis Stellungswiederholung Springer Felix drei");
    assert!(run.view().result.is_none());
    assert_any(&run.heard_by(Audience::ViPlayer), "Reklamation abgelehnt");
    // Another move is refused; the intended one is made at the press.
    run.say(4.0, "Bauer Eva vier");
    assert_any(&run.heard_by(Audience::ViPlayer), "beabsichtigten Zug");
    run.lever(6.0, Color::White);
    assert_eq!(run.moves(), ["Nf3"]);
}
