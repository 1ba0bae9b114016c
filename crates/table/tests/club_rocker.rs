//! The club table as it physically is: the VI player's board without sensors, the
//! sighted player's DGT board and the DGT 3000, whose lever is a rocker (a press of the
//! side already down does nothing, so the table never hears it). Each ruling of issue 38
//! at the table level, in virtual time.

mod common;

use annabella_table::{
    AlertKind, AnnounceKind, ArbiterAction, Audience, ClockButton, ClockDevice, ClockLever,
    ClockPress, Effect, Input, SightedCommand, TableConfig, ViBoard,
};
use common::*;
use shakmaty::Color;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
const AFTER_E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR";

/// The club's table: plain board, the DGT 3000's rocker, White the VI player.
fn club() -> TableConfig {
    TableConfig {
        vi_board: ViBoard::Plain,
        vi_press: ClockPress::Lever,
        sighted_press: ClockPress::Lever,
        clock_lever: ClockLever::Rocker,
        ..classical()
    }
}

/// The DGT 3000 reports itself connected, `lever`'s side down.
fn clock_at(run: &mut Run, t: f64, lever: Color) {
    run.at(
        t,
        Input::ClockDevice {
            state: ClockDevice::Connected,
            lever: Some(lever),
        },
    );
}

fn lever_notes(run: &mut Run, to: Audience) -> Vec<String> {
    run.said()
        .into_iter()
        .filter(|a| a.kind == AnnounceKind::Lever && (a.to == to || a.to == Audience::Both))
        .map(|a| a.text)
        .collect()
}

fn alerts(run: &Run) -> Vec<(AlertKind, String)> {
    run.all(|e| match e {
        Effect::ArbiterAlert(a) => Some((a.kind.clone(), a.detail.clone())),
        _ => None,
    })
}

#[test]
fn black_to_move_at_the_start_with_black_s_lever_down_is_told_and_the_board_completes_it() {
    let config = TableConfig {
        vi_color: Color::White,
        start_fen: Some(format!("{AFTER_E4} b KQkq - 0 1")),
        ..club()
    };
    let mut run = Run::new(config);
    run.sighted_board(0.0, AFTER_E4);
    // The DGT 3000 as it comes out of its box: Black's (right) lever down.
    clock_at(&mut run, 0.0, Color::Black);
    run.at(0.5, Input::Start);
    let told = lever_notes(&mut run, Audience::SightedPlayer);
    assert_eq!(
        told,
        ["Ihr Hebel an der Uhr ist schon unten. Ihr Zug auf dem Brett drückt die Uhr."]
    );
    // Black's move on the board completes it: no press can.
    run.sighted_board(10.0, AFTER_E4_E5);
    assert_eq!(run.moves(), ["e5"]);
    assert_eq!(run.view().running, Some(Color::White));
    let record = run
        .all(|e| match e {
            Effect::RecordMove(r) => Some(r.clone()),
            _ => None,
        })
        .remove(0);
    assert_eq!(record.spent, s(9.5), "charged up to the move, not beyond");
}

#[test]
fn a_refused_press_leaves_the_lever_down_and_the_word_completes_the_move_once_told() {
    let mut run = Run::new(club());
    run.sighted_board(0.0, START);
    clock_at(&mut run, 0.0, Color::Black);
    run.start(0.5).lever(2.0, Color::White);
    let vi = run.heard_by(Audience::ViPlayer);
    assert_eq!(
        vi,
        [
            "Der Zug ist nicht angesagt.",
            "Ihr Hebel an der Uhr ist schon unten. Sagen Sie nach Ihrem Zug gesetzt: das drückt die Uhr."
        ]
    );
    // The DGT 3000 switched its own display at the press: set again to what runs.
    let sets = run.all(|e| match e {
        Effect::Clock(annabella_table::ClockCommand::Set { running, .. }) => Some(*running),
        _ => None,
    });
    assert_eq!(sets.last(), Some(&Some(Color::White)));
    run.say(5.0, "Bauer Eva vier").say(8.0, "gesetzt");
    assert_eq!(run.moves(), ["e4"]);
    assert_eq!(run.view().running, Some(Color::Black));
    let vi = run.heard_by(Audience::ViPlayer);
    assert!(
        vi.contains(&"Gesetzt. Die Uhr Ihres Gegners läuft.".to_owned()),
        "{vi:?}"
    );
    // Told once: nothing more about the lever.
    assert!(lever_notes(&mut run, Audience::ViPlayer).is_empty());
}

#[test]
fn gesetzt_is_answered_when_it_only_makes_the_move_and_the_press_completes_it() {
    let mut run = Run::new(club());
    run.sighted_board(0.0, START);
    clock_at(&mut run, 0.0, Color::Black);
    run.start(0.5).say(3.0, "Bauer Eva vier").said();
    run.say(4.0, "gesetzt");
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["Gesetzt. Bitte die Uhr drücken."]
    );
    run.lever(5.0, Color::White);
    assert_eq!(run.moves(), ["e4"]);
}

#[test]
fn a_sighted_move_never_pressed_lets_the_vi_player_s_word_press_both() {
    let mut run = Run::new(club());
    run.sighted_board(0.0, START);
    clock_at(&mut run, 0.0, Color::Black);
    run.start(0.5)
        .say(2.0, "Bauer Eva vier")
        .lever(3.0, Color::White);
    run.sighted_board(4.0, AFTER_E4)
        .sighted_board(10.0, AFTER_E4_E5);
    // Black never presses: White's lever stays down. No note yet (Black's press may
    // come), but once the VI player announces, they are told.
    assert!(lever_notes(&mut run, Audience::ViPlayer).is_empty());
    run.say(20.0, "Springer Felix drei");
    assert_eq!(lever_notes(&mut run, Audience::ViPlayer).len(), 1);
    run.say(22.0, "gesetzt");
    assert_eq!(run.moves(), ["e4", "e5", "Nf3"]);
    let records = run.all(|e| match e {
        Effect::RecordMove(r) => Some((r.san.clone(), r.spent)),
        _ => None,
    });
    // Black was charged until the VI player's word (their clock ran: no press), White
    // from then on nothing.
    assert_eq!(
        records,
        [
            ("e4".to_owned(), s(2.5)),
            ("e5".to_owned(), s(19.0)),
            ("Nf3".to_owned(), s(0.0))
        ]
    );
    assert_eq!(run.view().running, Some(Color::Black));
}

#[test]
fn a_reinstated_move_after_an_illegal_one_is_completed_by_the_next_legal_move() {
    let config = TableConfig {
        vi_color: Color::Black,
        ..club()
    };
    let mut run = Run::new(config);
    run.sighted_board(0.0, START);
    clock_at(&mut run, 0.0, Color::Black);
    run.start(0.5);
    // White's bishop through its own pawn, and the press (7.5.1): reinstated.
    run.sighted_board(2.0, "rnbqkbnr/pppppppp/8/8/8/3B4/PPPPPPPP/RNBQK1NR")
        .lever(2.2, Color::White);
    run.advance(s(4.0));
    assert!(
        alerts(&run)
            .iter()
            .any(|(k, _)| *k == AlertKind::IllegalMove)
    );
    assert!(run.moves().is_empty());
    let told = lever_notes(&mut run, Audience::SightedPlayer);
    assert_eq!(told.len(), 1, "{told:?}");
    // Put right, then a legal move: taken and pressed by the board (the lever is down).
    run.sighted_board(6.0, START).sighted_board(8.0, AFTER_E4);
    assert_eq!(run.moves(), ["e4"]);
    assert_eq!(run.view().running, Some(Color::Black));
}

#[test]
fn a_sealed_move_made_at_the_resumption_with_the_opponent_s_lever_down() {
    let mut run = Run::new(club());
    run.sighted_board(0.0, START);
    clock_at(&mut run, 0.0, Color::Black);
    // The VI player (White) to move; Black's lever down. Adjourned: White seals e4.
    run.start(0.5)
        .at(2.0, Input::Arbiter(ArbiterAction::Adjourn))
        .say(3.0, "Bauer Eva vier");
    assert!(run.table.sealed_move().is_some());
    // At the resumption the sealed move is made: Black to move, Black's lever still down.
    run.said();
    run.at(10.0, Input::Arbiter(ArbiterAction::Resume));
    assert_eq!(run.moves(), ["e4"]);
    assert_eq!(lever_notes(&mut run, Audience::SightedPlayer).len(), 1);
    run.sighted_board(11.0, AFTER_E4)
        .sighted_board(15.0, AFTER_E4_E5);
    assert_eq!(run.moves(), ["e4", "e5"]);
    assert_eq!(run.view().running, Some(Color::White));
}

#[test]
fn an_adjournment_with_the_sealer_s_own_lever_down_waits_for_the_seal_then_the_word() {
    let mut run = Run::new(club());
    run.sighted_board(0.0, START);
    clock_at(&mut run, 0.0, Color::White);
    run.start(0.5).said();
    // White's lever down at White's move: told. Adjourned: the seal, not the lever.
    run.at(1.0, Input::Arbiter(ArbiterAction::Adjourn))
        .say(2.0, "Bauer Eva vier");
    assert!(run.table.sealed_move().is_some());
    run.at(9.0, Input::Arbiter(ArbiterAction::Resume));
    assert_eq!(run.moves(), ["e4"]);
    assert_eq!(run.view().running, Some(Color::Black));
}

#[test]
fn both_players_pressing_at_once_leave_the_last_press_down_and_nobody_charged_wrongly() {
    let mut run = Run::new(club());
    run.sighted_board(0.0, START);
    clock_at(&mut run, 0.0, Color::Black);
    run.start(0.5).say(2.0, "Bauer Eva vier");
    // White presses and Black presses in the same instant (Black's first).
    run.lever(3.0, Color::Black).lever(3.0, Color::White);
    assert_eq!(run.moves(), ["e4"]);
    assert_eq!(run.view().running, Some(Color::Black));
    assert!(lever_notes(&mut run, Audience::ViPlayer).is_empty());
}

#[test]
fn a_press_during_the_arbiter_s_pause_moves_the_rocker_and_the_resumption_tells() {
    let mut run = Run::new(club());
    run.sighted_board(0.0, START);
    clock_at(&mut run, 0.0, Color::Black);
    run.start(0.5)
        .at(1.0, Input::Arbiter(ArbiterAction::Pause))
        .lever(2.0, Color::White);
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Die Uhren sind angehalten.",
    );
    run.at(5.0, Input::Arbiter(ArbiterAction::Resume));
    assert_eq!(lever_notes(&mut run, Audience::ViPlayer).len(), 1);
    run.say(6.0, "Bauer Eva vier").say(7.0, "gesetzt");
    assert_eq!(run.moves(), ["e4"]);
}

#[test]
fn a_press_while_the_clock_is_away_is_not_needed_and_the_vi_player_is_told_the_word() {
    let mut run = Run::new(club());
    run.sighted_board(0.0, START);
    clock_at(&mut run, 0.0, Color::Black);
    run.start(0.5).said();
    run.at(
        1.0,
        Input::ClockDevice {
            state: ClockDevice::Lost,
            lever: None,
        },
    );
    let told = lever_notes(&mut run, Audience::ViPlayer);
    assert_eq!(
        told,
        ["Sagen Sie nach jedem Zug gesetzt: das drückt die Uhr."]
    );
    run.say(2.0, "Bauer Eva vier").say(3.0, "gesetzt");
    assert_eq!(run.moves(), ["e4"]);
    // Back, with White's lever down (pressed while away): the display is set again.
    let before = run.effects.len();
    clock_at(&mut run, 6.0, Color::White);
    let set_again = run.effects[before..].iter().any(|e| {
        matches!(e, Effect::Clock(annabella_table::ClockCommand::Set { running, .. }) if *running == Some(Color::Black))
    });
    assert!(set_again);
    run.sighted_board(7.0, AFTER_E4)
        .sighted_board(9.0, AFTER_E4_E5);
    run.lever(10.0, Color::Black);
    assert_eq!(run.moves(), ["e4", "e5"]);
    assert_eq!(run.view().running, Some(Color::White));
}

#[test]
fn start_waits_for_the_start_position_on_the_sighted_board_or_the_arbiter() {
    let mut run = Run::new(club());
    // A knight still on f3.
    run.sighted_board(0.0, "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R");
    run.at(1.0, Input::Start);
    assert!(!run.view().started);
    assert_any(
        &run.heard_by(Audience::SightedPlayer),
        "Ihr Brett stimmt nicht.",
    );
    run.sighted_board(3.0, START);
    assert!(run.view().started);
    // The arbiter starts anyway, explicitly.
    let mut run = Run::new(club());
    run.sighted_board(0.0, "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R");
    run.at(1.0, Input::Start);
    assert!(!run.view().started);
    run.at(2.0, Input::Arbiter(ArbiterAction::Start));
    assert!(run.view().started);
}

#[test]
fn a_pawn_left_on_the_last_rank_and_pressed_becomes_a_queen_7_5_2() {
    let config = TableConfig {
        vi_color: Color::White,
        start_fen: Some("8/7K/8/8/8/4k3/1p6/8 b - - 0 1".into()),
        ..club()
    };
    let mut run = Run::new(config);
    run.sighted_board(0.0, "8/7K/8/8/8/4k3/1p6/8");
    clock_at(&mut run, 0.0, Color::White);
    run.start(0.5);
    run.sighted_board(3.0, "8/7K/8/8/8/4k3/8/1p6")
        .lever(3.2, Color::Black);
    run.advance(s(5.0));
    assert_eq!(run.moves(), ["b1=Q+"]);
    let vi = run.heard_by(Audience::ViPlayer);
    assert_any(&vi, "Er wird durch eine Dame ersetzt.");
    assert_any(&vi, "Dame");
    assert!(
        alerts(&run)
            .iter()
            .any(|(k, d)| *k == AlertKind::IllegalMove && d.contains("7.5.2"))
    );
    assert_eq!(run.view().running, Some(Color::White));
}

#[test]
fn a_move_made_at_gesetzt_decides_the_flag_5_2_2_and_the_mirror_case() {
    // White (VI) takes Black's last knight at "gesetzt": K+B v K, a dead position. White's
    // flag falls before the press: the game was drawn when the move was made.
    let config = TableConfig {
        vi_color: Color::White,
        time_control: "60".parse().unwrap(),
        start_fen: Some("8/8/8/3k4/8/5n2/4B3/4K3 w - - 0 1".into()),
        ..club()
    };
    let mut run = Run::new(config.clone());
    run.sighted_board(0.0, "8/8/8/3k4/8/5n2/4B3/4K3");
    clock_at(&mut run, 0.0, Color::Black);
    run.start(0.0)
        .say(50.0, "Läufer schlägt Felix drei")
        .say(55.0, "gesetzt");
    run.advance(s(70.0));
    run.at(71.0, Input::Sighted(SightedCommand::ClaimFlag));
    let end = run.view().result.expect("over");
    assert_eq!(end.result.to_string(), "1/2-1/2", "{end:?}");
    // The mirror: the flag falls first, the move comes after it: Black's claim wins.
    let config = TableConfig {
        start_fen: Some("8/8/8/3k4/8/5n2/4B3/4K3 w - - 0 1".into()),
        vi_press: ClockPress::Lever,
        ..config
    };
    let mut run = Run::new(config);
    run.sighted_board(0.0, "8/8/8/3k4/8/5n2/4B3/4K3");
    clock_at(&mut run, 0.0, Color::Black);
    run.start(0.0).say(50.0, "Läufer schlägt Felix drei");
    run.advance(s(61.0));
    run.say(62.0, "gesetzt").lever(63.0, Color::White);
    run.at(64.0, Input::Sighted(SightedCommand::ClaimFlag));
    let end = run.view().result.expect("over");
    assert_eq!(end.result.to_string(), "0-1", "{end:?}");
}

#[test]
fn a_restore_sets_the_move_counters() {
    let mut run = Run::new(TableConfig {
        time_control: "40/5400+30:1800+30".parse().unwrap(),
        ..club()
    });
    run.sighted_board(0.0, START);
    clock_at(&mut run, 0.0, Color::Black);
    run.start(0.5)
        .say(1.0, "Bauer Eva vier")
        .lever(2.0, Color::White);
    run.sighted_board(3.0, AFTER_E4)
        .sighted_board(4.0, AFTER_E4_E5)
        .lever(5.0, Color::Black);
    run.say(6.0, "Springer Felix drei").lever(7.0, Color::White);
    run.at(
        8.0,
        Input::Arbiter(ArbiterAction::RestorePosition { ply: 2 }),
    );
    assert_eq!(run.view().white_moves, 1);
    assert_eq!(run.view().black_moves, 1);
    run.said();
    run.say(9.0, "wie viele Züge");
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Noch neununddreißig Züge bis zur Zeitkontrolle.",
    );
}

#[test]
fn the_shared_buttons_are_a_player_at_the_table() {
    let mut run = Run::new(club());
    run.sighted_board(0.0, START);
    run.start(0.5).at(
        1.0,
        Input::Button {
            button: ClockButton::Pause,
        },
    );
    let (_, detail) = alerts(&run).remove(0);
    assert!(detail.contains("a player at the table"), "{detail}");
    assert!(!detail.contains("VI"), "{detail}");
}

#[test]
fn time_answers_give_seconds_under_twenty_minutes() {
    let mut run = Run::new(club());
    run.sighted_board(0.0, START);
    run.start(0.5).at(
        1.0,
        Input::Arbiter(ArbiterAction::SetTime {
            color: Color::White,
            time: s(15.0 * 60.0 + 12.0),
        }),
    );
    run.said();
    run.say(1.0, "Zeit");
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Weiß fünfzehn Minuten zwölf Sekunden",
    );
}

#[test]
fn a_clock_that_refuses_its_setting_is_set_again_and_the_arbiter_alerted() {
    let mut run = Run::new(club());
    run.sighted_board(0.0, START);
    clock_at(&mut run, 0.0, Color::Black);
    run.start(0.5);
    let sets = |run: &Run| {
        run.all(|e| {
            matches!(e, Effect::Clock(annabella_table::ClockCommand::Set { .. })).then_some(())
        })
        .len()
    };
    let before = sets(&run);
    for t in [2.0, 4.0, 6.0, 8.0] {
        run.at(
            t,
            Input::ClockDevice {
                state: ClockDevice::Refused,
                lever: None,
            },
        );
    }
    assert_eq!(sets(&run) - before, 3, "set again three times, then left");
    let refused: Vec<_> = alerts(&run)
        .into_iter()
        .filter(|(k, d)| *k == AlertKind::ClockDevice && d.contains("does not take"))
        .collect();
    assert_eq!(refused.len(), 1, "{refused:?}");
}

/// The VI player's notes of the sighted player's touches (D.2.10.5 e).
fn touch_notes(run: &mut Run) -> Vec<String> {
    run.said()
        .into_iter()
        .filter(|a| a.kind == AnnounceKind::TouchMove && a.to == Audience::ViPlayer)
        .map(|a| a.text)
        .collect()
}

#[test]
fn touch_notes_name_only_pieces_the_touch_binds_4_5() {
    let mut run = Run::new(classical());
    run.start(0.0);
    vi_move(&mut run, 1.0, "Eva vier", "e2", "e4");
    touch_notes(&mut run);
    // The rook on a8 has no legal move (4.5: touching it binds nothing); the knight on
    // g8 could have moved, and the pawn moved instead.
    run.at(10.0, Input::SightedLift { square: sq("a8") });
    run.at(10.5, Input::SightedLift { square: sq("g8") });
    run.typed(11.0, "e5");
    assert_eq!(run.moves(), ["e4", "e5"]);
    let notes = touch_notes(&mut run);
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(notes[0].contains("Gustav acht"), "{notes:?}");
    assert!(!notes.iter().any(|n| n.contains("Anna acht")), "{notes:?}");
}

#[test]
fn touch_notes_leave_out_the_rook_of_a_castling_4_4_2() {
    let mut run = Run::new(TableConfig {
        start_fen: Some("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1".into()),
        ..classical()
    });
    run.start(0.0);
    vi_move(&mut run, 1.0, "Eva vier", "e2", "e4");
    touch_notes(&mut run);
    // Black touches the king, then the rook on h8, and castles short (4.4.2: the rook's
    // touch is part of the castling); the pawn on a7 touched before it is told.
    run.at(10.0, Input::SightedLift { square: sq("a7") });
    run.at(10.3, Input::SightedLift { square: sq("e8") });
    run.at(10.6, Input::SightedLift { square: sq("h8") });
    run.typed(11.0, "O-O");
    assert_eq!(run.moves(), ["e4", "O-O"]);
    let notes = touch_notes(&mut run);
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(notes[0].contains("Anna sieben"), "{notes:?}");
}
