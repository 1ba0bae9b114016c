//! The special rules and the arbiter at the table (virtual clock): promotion, Chess960
//! castling, threefold claims, draw offers, sealed moves, questions and English, the
//! arbiter's restorations, declarations and penalties, sighted-board discrepancies.

mod common;

use annabella_phonetic::Language;
use annabella_table::{
    AlertKind, ArbiterAction, Audience, Effect, Input, SightedCommand, TableConfig,
};
use common::*;
use shakmaty::Color::{Black, White};

#[test]
fn promotion_needs_the_piece_and_is_made_on_the_peg_board() {
    let mut run = Run::new(TableConfig {
        start_fen: Some("7k/4P3/8/8/8/8/8/4K3 w - - 0 1".into()),
        ..classical()
    });
    run.start(0.0);
    run.say(1.0, "Eva acht");
    assert_eq!(run.heard_by(Audience::ViPlayer).len(), 1, "a question");
    assert_eq!(run.view().said, None);
    run.say(2.0, "Eva acht Dame");
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["Eva sieben Eva acht Dame Schach"]
    );
    run.peg(3.0, "e7", "e8").lever(4.0, White);
    assert_eq!(run.moves(), ["e8=Q+"]);
    assert_eq!(
        run.heard_by(Audience::SightedPlayer),
        ["Weiß: Eva sieben Eva acht Dame Schach"]
    );
}

#[test]
fn questions_are_answered_from_the_game() {
    let mut run = Run::new(classical());
    run.start(0.0);
    run.say(1.0, "wo ist mein Springer");
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["Springer auf Bella eins und Gustav eins"]
    );
    run.say(2.0, "was steht auf David acht");
    assert_eq!(run.heard_by(Audience::ViPlayer).len(), 1);
    run.say(3.0, "letzter Zug");
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["Noch kein Zug gespielt."]
    );
    vi_move(&mut run, 4.0, "Eva vier", "e2", "e4");
    run.typed(7.0, "c5").lever(7.5, Black).peg(8.0, "c7", "c5");
    run.heard_by(Audience::ViPlayer);
    run.say(9.0, "letzte drei Züge");
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["Weiß: Eva zwei Eva vier. Schwarz: Cäsar sieben Cäsar fünf"]
    );
    run.say(10.0, "Banane");
    assert_eq!(
        run.heard_by(Audience::ViPlayer).len(),
        1,
        "an explanation, no move"
    );
    assert_eq!(run.view().said, None);
}

#[test]
fn an_english_table() {
    let mut run = Run::new(TableConfig {
        language: Language::En,
        sighted_language: Language::En,
        ..classical()
    });
    run.at(0.0, Input::Start);
    assert_eq!(
        run.heard_by(Audience::Both),
        ["The game starts. White to move."]
    );
    run.say(1.0, "knight felix three");
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["Knight Gustav one Felix three"]
    );
    run.lever(2.0, White);
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["The Knight has not been placed on Felix three."]
    );
}

#[test]
fn the_sighted_players_typing_is_checked() {
    let mut run = Run::new(classical());
    run.start(0.0);
    run.typed(1.0, "e5");
    assert_eq!(
        run.heard_by(Audience::SightedPlayer),
        ["Sie sind nicht am Zug."]
    );
    vi_move(&mut run, 2.0, "Eva vier", "e2", "e4");
    run.said();
    run.typed(5.0, "Ke7");
    let told = run.heard_by(Audience::SightedPlayer);
    assert_eq!(told.len(), 1);
    assert!(told[0].starts_with("Ke7: kein zulässiger Zug"), "{told:?}");
    run.typed(6.0, "Springer Felix sechs");
    assert_eq!(run.moves(), ["e4", "Nf6"]);
}

#[test]
fn the_paused_clock_ignores_the_lever() {
    let mut run = Run::new(classical());
    run.start(0.0);
    run.say(1.0, "Pause");
    assert_eq!(run.view().running, None);
    assert!(run.view().paused);
    vi_move(&mut run, 2.0, "Eva vier", "e2", "e4");
    assert!(run.view().moves.is_empty());
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Die Uhren sind angehalten.",
    );
    run.at(10.0, Input::Arbiter(ArbiterAction::Resume));
    run.lever(11.0, White);
    assert_eq!(run.moves(), ["e4"]);
    // Paused from 1 to 10 s: White used 2 s.
    assert_eq!(run.table.records()[0].spent, s(2.0));
}

#[test]
fn the_arbiter_restores_a_position_and_the_boards_follow() {
    let mut run = Run::new(classical());
    run.start(0.0);
    vi_move(&mut run, 1.0, "Eva vier", "e2", "e4");
    run.typed(4.0, "e5").lever(4.5, Black).peg(5.0, "e7", "e5");
    vi_move(&mut run, 6.0, "Springer Felix drei", "g1", "f3");
    assert_eq!(run.moves(), ["e4", "e5", "Nf3"]);
    run.at(
        9.0,
        Input::Arbiter(ArbiterAction::RestorePosition { ply: 2 }),
    );
    let view = run.view();
    assert_eq!(sans(&view), ["e4", "e5"]);
    assert_eq!(view.turn, White);
    assert_eq!(
        view.running,
        Some(White),
        "the clock follows the side to move"
    );
    // The peg board still shows Nf3: the fix-up puts the knight back.
    run.advance(s(20.0));
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Setzen Sie den weißen Springer auf Gustav eins.",
    );
    run.peg(21.0, "f3", "g1");
    assert_any(&run.heard_by(Audience::ViPlayer), "Das Brett stimmt.");
    assert!(run.view().touched.is_empty());
    let err = run
        .table
        .handle(
            s(22.0),
            Input::Arbiter(ArbiterAction::RestorePosition { ply: 9 }),
        )
        .unwrap_err();
    assert!(err.to_string().contains('9'), "{err}");
}

#[test]
fn the_arbiter_declares_and_penalises() {
    let mut run = Run::new(classical());
    run.start(0.0);
    run.at(
        1.0,
        Input::Arbiter(ArbiterAction::IllegalMove { by: Black }),
    );
    assert!(
        run.view().white_time > s(5400.0),
        "the opponent gets time (7.5.5)"
    );
    run.at(
        2.0,
        Input::Arbiter(ArbiterAction::IllegalMove { by: Black }),
    );
    assert_eq!(
        run.view().result.map(|e| e.termination.as_str()),
        Some("illegal-moves")
    );
    let mut run = Run::new(classical());
    run.start(0.0);
    // A result that is not one is refused when the input is read (a journal line, a
    // console action), naming it.
    let err = serde_json::from_str::<Input>(
        r#"{"input":"arbiter","action":"declare_result","result":"2-0"}"#,
    )
    .unwrap_err();
    assert!(err.to_string().contains("2-0"), "{err}");
    run.at(
        2.0,
        Input::Arbiter(ArbiterAction::DeclareResult {
            result: "0-1".parse().unwrap(),
        }),
    );
    let end = run.view().result.unwrap();
    assert_eq!(
        (end.result.as_str(), end.pgn_termination.as_str()),
        ("0-1", "adjudication")
    );
}

#[test]
fn a_sighted_board_with_a_wrong_piece_goes_to_the_arbiter_with_both_boards() {
    let mut run = Run::new(classical());
    run.sighted_board(0.0, START);
    run.start(0.5);
    vi_move(&mut run, 1.0, "Eva vier", "e2", "e4");
    // The sighted player executes e4 as e3.
    let wrong = "rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR";
    run.sighted_board(4.0, wrong);
    run.advance(s(15.0));
    let alerts = run.all(|e| match e {
        Effect::ArbiterAlert(a) => Some(a.clone()),
        _ => None,
    });
    assert_eq!(alerts.len(), 1, "{alerts:#?}");
    assert_eq!(alerts[0].kind, AlertKind::SightedBoardDiffers);
    assert_eq!(
        alerts[0]
            .sighted_board
            .as_ref()
            .map(ToString::to_string)
            .as_deref(),
        Some(wrong)
    );
    assert_eq!(
        alerts[0].vi_board,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"
    );
    assert!(
        alerts[0]
            .game_fen
            .to_string()
            .starts_with("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b")
    );
    assert_eq!(run.view().sighted_in_sync, Some(false));
}

#[test]
fn a_sighted_threefold_claim() {
    let mut run = Run::new(classical());
    run.start(0.0);
    let mut t = 1.0;
    for _ in 0..2 {
        run.say(t, "Springer Felix drei")
            .peg(t + 1.0, "g1", "f3")
            .lever(t + 2.0, White);
        run.typed(t + 3.0, "Nf6")
            .lever(t + 3.5, Black)
            .peg(t + 4.0, "g8", "f6");
        run.say(t + 5.0, "Springer Gustav eins")
            .peg(t + 6.0, "f3", "g1")
            .lever(t + 7.0, White);
        if t > 1.0 {
            break;
        }
        run.typed(t + 8.0, "Ng8")
            .lever(t + 8.5, Black)
            .peg(t + 9.0, "f6", "g8");
        t += 10.0;
    }
    // Black to move; Ng8 would repeat the start position a third time.
    run.at(
        t + 9.0,
        Input::Sighted(SightedCommand::Claim {
            ground: annabella_table::ClaimKind::Threefold,
            intended: Some("f6g8".parse().unwrap()),
        }),
    );
    let end = run.view().result.expect("upheld");
    assert_eq!(end.termination.as_str(), "threefold-claim");
}

#[test]
fn a_move_out_of_turn_is_not_resolved_for_the_opponent() {
    let mut run = Run::new(classical());
    run.start(0.0);
    vi_move(&mut run, 1.0, "Eva vier", "e2", "e4");
    run.said();
    run.say(4.0, "Springer Felix drei");
    assert_eq!(run.heard_by(Audience::ViPlayer), ["Sie sind nicht am Zug."]);
    run.say(5.0, "Springer Felix sechs");
    assert_eq!(run.heard_by(Audience::ViPlayer), ["Sie sind nicht am Zug."]);
    assert_eq!(run.view().said, None);
}

#[test]
fn chess960_castling_on_the_peg_board() {
    // King on f1, rook on g1: short castling puts the king on g1 and the rook on f1.
    let mut run = Run::new(TableConfig {
        start_fen: Some("nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w GBgb - 0 1".into()),
        chess960: true,
        ..classical()
    });
    run.start(0.0);
    run.say(1.0, "Springer Gustav drei");
    run.peg(2.0, "h1", "g3").lever(3.0, White);
    run.typed(4.0, "Ng6").lever(4.5, Black).peg(5.0, "h8", "g6");
    run.said();
    run.say(6.0, "Kurze Rochade");
    assert_eq!(run.heard_by(Audience::ViPlayer).len(), 1);
    // The pegs of king and rook swap holes: both out, then both in.
    run.lift(7.0, "f1")
        .lift(7.5, "g1")
        .place(8.0, "g1")
        .place(8.5, "f1");
    run.lever(9.0, White);
    assert_eq!(run.moves(), ["Ng3", "Ng6", "O-O"]);
    let pgn = run.table.pgn();
    assert!(pgn.contains("[Variant \"Chess960\"]"), "{pgn}");
    // X-FEN castling rights: the outermost rooks are KQkq.
    assert!(
        pgn.contains("[FEN \"nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w KQkq - 0 1\"]"),
        "{pgn}"
    );
}

#[test]
fn the_vi_player_offers_and_the_sighted_player_accepts() {
    let mut run = Run::new(classical());
    run.start(0.0);
    run.say(1.0, "Remis");
    assert_eq!(
        run.heard_by(Audience::SightedPlayer),
        ["Weiß bietet Remis an."]
    );
    assert_eq!(run.view().draw_offer, Some(White));
    run.at(2.0, Input::Sighted(SightedCommand::AcceptDraw));
    assert_eq!(
        run.view().result.map(|e| e.termination.as_str()),
        Some("agreement")
    );
}

#[test]
fn the_vi_player_declines_and_a_touch_declines_too() {
    let mut run = Run::new(classical());
    run.start(0.0);
    vi_move(&mut run, 1.0, "Eva vier", "e2", "e4");
    run.at(4.0, Input::Sighted(SightedCommand::OfferDraw));
    run.said();
    run.say(5.0, "Remis abgelehnt");
    assert_eq!(
        run.heard_by(Audience::SightedPlayer),
        ["Weiß lehnt das Remis ab."]
    );
    assert_eq!(run.view().draw_offer, None);
    run.typed(6.0, "e5").lever(6.5, Black).peg(7.0, "e7", "e5");
    run.at(8.0, Input::Sighted(SightedCommand::OfferDraw));
    run.lift(9.0, "g1");
    assert_eq!(
        run.view().draw_offer,
        None,
        "a touch declines the offer (9.1.2.3)"
    );
}

#[test]
fn the_automatic_press_waits_for_the_end_of_a_pause() {
    let mut run = Run::new(TableConfig {
        vi_press: annabella_table::ClockPress::Automatic,
        ..classical()
    });
    run.start(0.0);
    run.say(1.0, "Eva vier").peg(2.0, "e2", "e4");
    run.at(2.5, Input::Arbiter(ArbiterAction::Pause));
    run.advance(s(600.0));
    assert!(
        run.view().moves.is_empty(),
        "no press while the clocks are stopped"
    );
    run.at(601.0, Input::Arbiter(ArbiterAction::Resume));
    run.advance(s(700.0));
    assert_eq!(run.moves(), ["e4"]);
    let r = &run.table.records()[0];
    assert_eq!(
        r.at,
        s(602.5),
        "the correction window runs again from the resumption"
    );
    assert_eq!(r.spent, s(4.0), "2.5 s before the pause, 1.5 s after");
}

#[test]
fn the_sighted_player_gets_time_to_copy_a_move_before_the_reminder() {
    let mut run = Run::new(classical());
    run.sighted_board(0.0, START);
    run.start(0.5);
    // The sighted board has been still for 20 s when the VI player's move is made.
    vi_move(&mut run, 20.0, "Eva vier", "e2", "e4");
    assert_eq!(run.moves(), ["e4"]);
    assert_eq!(
        run.heard_by(Audience::SightedPlayer),
        ["Weiß: Eva zwei Eva vier"],
        "no reminder the moment the move is announced"
    );
    run.advance(s(26.5));
    assert!(run.heard_by(Audience::SightedPlayer).is_empty());
    run.advance(s(27.5));
    assert_eq!(
        run.heard_by(Audience::SightedPlayer),
        ["Bitte den Zug des Gegners auf Ihrem Brett ausführen."]
    );
}

#[test]
fn a_sealed_move_set_on_the_peg_board_early_is_neither_reminded_nor_fixed() {
    let mut run = Run::new(classical());
    run.start(0.0);
    run.say(1.0, "Eva vier")
        .peg(1.5, "e2", "e4")
        .lever(2.5, White);
    run.typed(3.0, "e5").lever(3.2, Black).peg(3.5, "e7", "e5");
    run.at(5.0, Input::Arbiter(ArbiterAction::Adjourn));
    run.say(6.0, "Springer Felix drei");
    // The VI player sets the sealed knight on f3 before the resumption: no word about it.
    run.peg(7.0, "g1", "f3");
    run.said();
    run.advance(s(60.0));
    assert!(run.said().is_empty());
    run.at(61.0, Input::Arbiter(ArbiterAction::Resume));
    assert_eq!(run.moves(), ["e4", "e5", "Nf3"]);
    // The peg board already shows it: copied, nothing to fix.
    assert!(run.view().peg_in_sync);
    run.advance(s(120.0));
    assert_none(&run.heard_by(Audience::ViPlayer), "Setze");
    assert_eq!(run.view().running, Some(Black));
}
