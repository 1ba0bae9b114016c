//! Whole games through the table's inputs with a virtual clock: the Laws for blind play
//! (Appendix D / E), touch-move, clocks, claims, fix-ups.

mod common;

use annabella_table::{
    AlertKind, AnnounceKind, Audience, ClockCommand, ClockPress, Effect, Input, PegFix, TableConfig,
};
use common::*;
use shakmaty::Color::{Black, White};

/// The sighted player (Black) plays by the assistant's keyboard and presses; the VI
/// player copies the move on the peg board.
fn sighted_move(run: &mut Run, t: f64, san: &str, from: &str, to: &str) {
    run.typed(t, san)
        .lever(t + 0.5, Black)
        .peg(t + 1.5, from, to);
}

#[test]
fn a_capture_announced_before_the_captured_piece_is_removed() {
    let mut run = Run::new(classical());
    run.start(0.0);
    vi_move(&mut run, 1.0, "Bauer Eva vier", "e2", "e4");
    sighted_move(&mut run, 10.0, "d5", "d7", "d5");
    let vi = run.heard_by(Audience::ViPlayer);
    assert_any(&vi, "Schwarz: David sieben David fünf");

    run.say(20.0, "Eva schlägt David fünf");
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["Eva vier schlägt David fünf"]
    );
    // The capturing pawn is in the hand, the captured one still in its hole: the
    // occupancy already looks like the finished capture, but the move is not made.
    run.lift(21.0, "e4");
    assert!(!run.view().made);
    run.lever(22.0, White);
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["Der geschlagene schwarze Bauer auf David fünf ist noch nicht entfernt."]
    );
    assert_eq!(
        run.moves(),
        ["e4", "d5"],
        "the clock press did not complete the move"
    );
    assert_eq!(run.view().running, Some(White), "White's clock still runs");

    run.lift(23.0, "d5").place(23.5, "d5");
    assert!(run.view().made);
    run.lever(24.0, White);
    assert_eq!(run.moves(), ["e4", "d5", "exd5"]);
    assert_eq!(run.view().running, Some(Black));
    let sighted = run.heard_by(Audience::SightedPlayer);
    assert_any(&sighted, "Weiß: Eva vier schlägt David fünf");
}

#[test]
fn a_removed_piece_without_the_capturing_piece_placed_is_not_a_move() {
    let mut run = Run::new(classical());
    run.start(0.0);
    vi_move(&mut run, 1.0, "Eva vier", "e2", "e4");
    sighted_move(&mut run, 10.0, "d5", "d7", "d5");
    run.say(20.0, "Eva schlägt David fünf")
        .lift(21.0, "d5")
        .lift(22.0, "e4");
    run.lever(23.0, White);
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Bauer ist noch nicht auf David fünf gesetzt",
    );
    // Left alone, the table reminds once, after the board has been still a while.
    run.advance(s(40.0));
    let reminders = run.heard_by(Audience::ViPlayer);
    assert_eq!(reminders.len(), 1, "{reminders:?}");
}

#[test]
fn a_correction_before_the_clock_press_replaces_the_move() {
    let mut run = Run::new(classical());
    run.start(0.0);
    run.say(1.0, "Springer Felix drei");
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["Springer Gustav eins Felix drei"]
    );
    // The player meant c3 and executes it: placed is not what was announced.
    run.peg(2.0, "b1", "c3").lever(3.0, White);
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["Angesagt: Springer Gustav eins Felix drei. Gesetzt: Springer Bella eins Cäsar drei."]
    );
    assert!(run.view().moves.is_empty());
    run.say(4.0, "Korrektur");
    assert_eq!(run.heard_by(Audience::ViPlayer), ["Bitte den Zug ansagen."]);
    assert_eq!(run.view().said, None);
    run.say(5.0, "Springer Cäsar drei");
    assert!(run.view().made);
    run.lever(6.0, White);
    assert_eq!(run.moves(), ["Nc3"]);
    // Black's clock started at the press, not before.
    let clocks = run.all(|e| match e {
        Effect::Clock(ClockCommand::Set { running, .. }) => Some(*running),
        _ => None,
    });
    assert_eq!(clocks, [Some(White), Some(Black)]);
}

#[test]
fn with_automatic_press_nein_after_the_move_is_made_is_too_late() {
    let mut run = Run::new(TableConfig {
        vi_press: ClockPress::Automatic,
        ..classical()
    });
    run.start(0.0);
    run.say(1.0, "Springer Felix drei");
    run.said();
    // Nothing placed yet: the announcement can still be corrected.
    run.say(1.5, "nein");
    assert_eq!(run.heard_by(Audience::ViPlayer), ["Bitte den Zug ansagen."]);
    run.say(1.8, "Springer Felix drei").peg(2.0, "g1", "f3");
    assert!(run.view().made);
    run.said();
    // 4.6: announced and executed, the move is made; "nein" no longer takes it back.
    run.say(3.0, "nein");
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["Der Zug ist bereits ausgeführt."]
    );
    run.advance(s(10.0));
    assert_eq!(run.moves(), ["Nf3"]);
    // Pressed at the end of the correction window, 1.5 s after the peg went into f3.
    assert_eq!(run.table.records()[0].at, s(3.8));
    assert_eq!(run.table.records()[0].spent, s(3.8));
}

#[test]
fn a_sighted_move_executed_wrongly_on_the_peg_board_is_fixed() {
    let mut run = Run::new(classical());
    run.start(0.0);
    vi_move(&mut run, 1.0, "Eva vier", "e2", "e4");
    run.typed(10.0, "Nf6").lever(11.0, Black);
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Schwarz: Springer Gustav acht Felix sechs",
    );
    run.peg(12.0, "g8", "h6");
    assert!(!run.view().peg_in_sync);
    run.advance(s(20.0));
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        [
            "Nehmen Sie die Figur von Hektor sechs. Setzen Sie den schwarzen Springer auf Felix sechs."
        ]
    );
    let fixes = run.all(|e| match e {
        Effect::ShowOnTactile { fixes } => Some(fixes.clone()),
        _ => None,
    });
    assert_eq!(
        fixes,
        [vec![
            PegFix::Remove { square: sq("h6") },
            PegFix::Place {
                square: sq("f6"),
                piece: 'n'
            }
        ]]
    );
    run.peg(21.0, "h6", "f6");
    assert_eq!(run.heard_by(Audience::ViPlayer), ["Das Brett stimmt."]);
    assert!(run.view().peg_in_sync);
    assert!(
        run.view().touched.is_empty(),
        "copying the opponent's move is no touch"
    );
    vi_move(&mut run, 30.0, "Springer Cäsar drei", "b1", "c3");
    assert_eq!(run.moves(), ["e4", "Nf6", "Nc3"]);
}

#[test]
fn an_unfixed_peg_board_is_reported_to_the_arbiter() {
    let mut run = Run::new(classical());
    run.start(0.0);
    vi_move(&mut run, 1.0, "Eva vier", "e2", "e4");
    run.typed(10.0, "e5").lever(11.0, Black);
    run.advance(s(60.0));
    let alerts = run.all(|e| match e {
        Effect::ArbiterAlert(a) => Some(a.clone()),
        _ => None,
    });
    assert_eq!(alerts.len(), 1, "{alerts:#?}");
    assert_eq!(alerts[0].kind, AlertKind::PegBoardDiffers);
    assert!(
        alerts[0]
            .game_fen
            .to_string()
            .starts_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/")
    );
    // The peg board as sensed: the game's pieces where pegs stand, X for a peg on a
    // square the game has empty (Black's e-pawn not yet moved there).
    assert_eq!(
        alerts[0].vi_board,
        "rnbqkbnr/ppppXppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"
    );
}

#[test]
fn a_touched_piece_must_move() {
    let mut run = Run::new(classical());
    run.start(0.0);
    // The knight is taken out of its hole and put back: it is touched (D.2.2).
    run.lift(1.0, "g1").place(1.5, "g1");
    run.say(2.0, "Eva vier");
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["Berührt: Springer auf Gustav eins. Diese Figur muss ziehen."]
    );
    assert_eq!(run.view().said, None);
    run.say(3.0, "Springer Hektor drei");
    vi_move(&mut run, 4.0, "Springer Hektor drei", "g1", "h3");
    assert_eq!(run.moves(), ["Nh3"]);
}

#[test]
fn a_touched_piece_that_cannot_move_binds_nothing() {
    let mut run = Run::new(classical());
    run.start(0.0);
    run.lift(1.0, "a1").place(1.5, "a1");
    vi_move(&mut run, 2.0, "Eva vier", "e2", "e4");
    assert_eq!(run.moves(), ["e4"]);
}

#[test]
fn a_touch_after_the_announcement_blocks_the_press() {
    let mut run = Run::new(classical());
    run.start(0.0);
    run.say(1.0, "Eva vier");
    run.lift(2.0, "d2").place(2.5, "d2");
    run.peg(3.0, "e2", "e4").lever(4.0, White);
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        [
            "Eva zwei Eva vier",
            "Berührt: Bauer auf David zwei. Diese Figur muss ziehen."
        ]
    );
    assert!(run.view().moves.is_empty());
}

#[test]
fn the_sighted_players_touch_of_another_piece_is_reported() {
    let mut run = Run::new(classical());
    run.start(0.0);
    vi_move(&mut run, 1.0, "Eva vier", "e2", "e4");
    run.at(10.0, Input::SightedLift { square: sq("b8") });
    run.typed(11.0, "e5");
    let alerts = run.all(|e| match e {
        Effect::ArbiterAlert(a) => Some(a.clone()),
        _ => None,
    });
    assert_eq!(alerts.len(), 1);
    assert_eq!(alerts[0].kind, AlertKind::SightedTouch);
    assert!(alerts[0].detail.contains("b8"), "{}", alerts[0].detail);
    assert_eq!(
        run.moves(),
        ["e4", "e5"],
        "the move stands; the arbiter decides"
    );
}

#[test]
fn a_flag_fall_against_a_lone_king_is_a_draw() {
    let mut run = Run::new(TableConfig {
        start_fen: Some("q3k3/8/8/8/8/8/8/4K3 w - - 0 1".into()),
        time_control: "60".parse().unwrap(),
        ..TableConfig::default()
    });
    run.start(0.0);
    vi_move(&mut run, 1.0, "König David eins", "e1", "d1");
    assert_eq!(run.view().running, Some(Black));
    // Black never moves; the flag falls 60 s after Black's clock started (at 3 s).
    run.advance(s(100.0));
    let ends = run.all(|e| match e {
        Effect::GameOver(end) => Some(end.clone()),
        _ => None,
    });
    assert_eq!(ends.len(), 1);
    assert_eq!(
        (ends[0].result.as_str(), ends[0].termination.as_str()),
        ("1/2-1/2", "flag-fall")
    );
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Partie beendet: Remis, Zeitüberschreitung.",
    );
    assert_eq!(run.view().black_time, s(0.0));
    assert_eq!(run.view().white_time, s(57.0));
    let pgn = run.table.pgn();
    assert!(pgn.contains("[Result \"1/2-1/2\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"time forfeit\"]"), "{pgn}");
    assert!(pgn.contains("1. Kd1 {[%clk 0:00:57]} 1/2-1/2"), "{pgn}");
}

#[test]
fn a_flag_fall_against_a_player_who_can_mate_wins() {
    let mut run = Run::new(TableConfig {
        start_fen: Some("q3k3/8/8/8/8/8/8/R3K3 w - - 0 1".into()),
        time_control: "60".parse().unwrap(),
        ..TableConfig::default()
    });
    run.start(0.0);
    vi_move(&mut run, 1.0, "König David eins", "e1", "d1");
    run.advance(s(100.0));
    assert_eq!(run.view().result.map(|e| e.result.as_str()), Some("1-0"));
}

#[test]
fn the_vi_players_own_flag_is_reported_not_claimed() {
    let mut run = Run::new(TableConfig {
        time_control: "60".parse().unwrap(),
        ..classical()
    });
    run.start(0.0);
    run.advance(s(61.0));
    assert_eq!(run.view().result, None);
    let alerts = run.all(|e| match e {
        Effect::ArbiterAlert(a) => Some(a.kind.clone()),
        _ => None,
    });
    assert_eq!(alerts, [AlertKind::FlagFall]);
    run.at(
        62.0,
        Input::Sighted(annabella_table::SightedCommand::ClaimFlag),
    );
    assert_eq!(run.view().result.map(|e| e.result.as_str()), Some("0-1"));
}

/// Knights out and back: `cycles` times Nf3 Nf6 Ng1 Ng8, then Nf3 Nf6.
fn knight_dance(run: &mut Run, cycles: usize) -> f64 {
    let mut t = 1.0;
    for _ in 0..cycles {
        vi_move(run, t, "Springer Felix drei", "g1", "f3");
        sighted_move(run, t + 5.0, "Nf6", "g8", "f6");
        vi_move(run, t + 10.0, "Springer Gustav eins", "f3", "g1");
        sighted_move(run, t + 15.0, "Ng8", "f6", "g8");
        t += 20.0;
    }
    vi_move(run, t, "Springer Felix drei", "g1", "f3");
    sighted_move(run, t + 5.0, "Nf6", "g8", "f6");
    t + 10.0
}

#[test]
fn a_threefold_claim_with_the_intended_move_is_upheld() {
    let mut run = Run::new(classical());
    run.start(0.0);
    let t = knight_dance(&mut run, 2);
    run.heard_by(Audience::ViPlayer);
    run.say(t, "Reklamation Stellungswiederholung Springer Gustav eins");
    let end = run.view().result.expect("game over");
    assert_eq!(
        (end.result.as_str(), end.termination.as_str()),
        ("1/2-1/2", "threefold-claim")
    );
    assert_eq!(
        run.view().moves.len(),
        10,
        "the intended move is not played"
    );
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Remis, dreimalige Stellungswiederholung reklamiert",
    );
}

#[test]
fn a_wrong_threefold_claim_costs_time_and_the_intended_move_is_made_by_the_player() {
    let mut run = Run::new(classical());
    run.start(0.0);
    let t = knight_dance(&mut run, 1);
    let black_before = run.view().black_time;
    run.heard_by(Audience::ViPlayer);
    run.say(t, "Reklamation Stellungswiederholung Springer Gustav eins");
    let view = run.view();
    assert_eq!(view.result, None);
    // 9.5.2: the intended move is not played by the table; the player makes it.
    assert_eq!(view.moves.len(), 6, "nothing recorded yet");
    assert_eq!(view.said.map(|u| u.to_string()), Some("f3g1".to_owned()));
    assert_eq!(
        view.draw_offer,
        Some(White),
        "the claim stands as a draw offer"
    );
    assert_eq!(view.running, Some(White), "White's clock runs on");
    // The award is the Laws' 2 minutes.
    assert!(
        view.black_time > black_before + s(100.0),
        "{:?} vs {:?}",
        view.black_time,
        black_before
    );
    let vi = run.heard_by(Audience::ViPlayer);
    assert_any(&vi, "Reklamation abgelehnt");
    assert_any(
        &vi,
        "Bitte den beabsichtigten Zug ausführen: Springer Felix drei Gustav eins.",
    );
    // Another move is refused; the intended one is executed on the peg board and pressed.
    run.say(t + 1.0, "Bauer Eva vier");
    assert!(run.view().said.is_some_and(|u| u.to_string() == "f3g1"));
    run.peg(t + 2.0, "f3", "g1");
    assert!(run.view().made);
    assert_eq!(run.view().moves.len(), 6);
    run.lever(t + 3.0, White);
    assert_eq!(run.moves().last().map(String::as_str), Some("Ng1"));
    assert_eq!(run.view().running, Some(Black));
    assert_eq!(run.table.records().last().unwrap().at, s(t + 3.0));
    assert!(run.view().peg_in_sync);
}

#[test]
fn resignation_needs_a_yes() {
    let mut run = Run::new(classical());
    run.start(0.0);
    run.say(1.0, "ich gebe auf");
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["Wirklich aufgeben? Bitte ja oder nein."]
    );
    run.say(2.0, "nein");
    assert_eq!(run.view().result, None);
    run.say(3.0, "ich gebe auf").say(4.0, "ja");
    assert_eq!(run.view().result.map(|e| e.result.as_str()), Some("0-1"));
}

#[test]
fn draw_offer_and_acceptance() {
    let mut run = Run::new(classical());
    run.start(0.0);
    vi_move(&mut run, 1.0, "Eva vier", "e2", "e4");
    run.said();
    run.at(
        5.0,
        Input::Sighted(annabella_table::SightedCommand::OfferDraw),
    );
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["Schwarz bietet Remis an."]
    );
    run.say(6.0, "Remis angenommen");
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["Remis annehmen? Bitte ja oder nein."]
    );
    run.say(7.0, "ja");
    let end = run.view().result.expect("over");
    assert_eq!(
        (end.result.as_str(), end.termination.as_str()),
        ("1/2-1/2", "agreement")
    );
}

#[test]
fn time_and_moves_are_told_only_when_asked() {
    let mut run = Run::new(classical());
    run.start(0.0);
    vi_move(&mut run, 1.0, "Eva vier", "e2", "e4");
    sighted_move(&mut run, 63.0, "e5", "e7", "e5");
    let told = run.said();
    assert!(
        told.iter().all(|a| a.kind != AnnounceKind::Answer),
        "nothing about time unasked: {told:#?}"
    );
    run.say(70.0, "Zeit");
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["Weiß eine Stunde dreißig Minuten, Schwarz eine Stunde neunundzwanzig Minuten."]
    );
    run.say(71.0, "wie viele Züge");
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["Gespielt: Weiß ein Zug, Schwarz ein Zug."]
    );
}

#[test]
fn the_mic_is_muted_while_speaking() {
    let mut run = Run::new(classical());
    run.start(0.0);
    assert_eq!(
        run.effects
            .iter()
            .filter(|e| **e == Effect::MuteMic)
            .count(),
        1
    );
    let id = run.all(|e| match e {
        Effect::Announce(a) => Some(a.id),
        _ => None,
    })[0];
    run.at(1.0, Input::AnnouncementDone { id });
    assert_eq!(run.effects.last(), Some(&Effect::UnmuteMic));
}

#[test]
fn the_sighted_board_gives_moves_and_reminds_to_copy() {
    let mut run = Run::new(classical());
    run.sighted_board(0.0, START);
    run.start(0.5);
    vi_move(&mut run, 1.0, "Eva vier", "e2", "e4");
    run.heard_by(Audience::SightedPlayer);
    // The sighted player has not executed e4 on their board.
    run.advance(s(10.0));
    assert_eq!(
        run.heard_by(Audience::SightedPlayer),
        ["Bitte den Zug des Gegners auf Ihrem Brett ausführen."]
    );
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
    run.sighted_board(11.0, after_e4);
    let after_c5 = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR";
    run.sighted_board(12.0, after_c5);
    assert_eq!(run.moves(), ["e4", "c5"]);
    // The same move reported again by the station's detector is ignored.
    run.at(
        12.1,
        Input::SightedMove {
            uci: "c7c5".parse().unwrap(),
        },
    );
    assert_eq!(run.moves(), ["e4", "c5"]);
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Schwarz: Cäsar sieben Cäsar fünf",
    );
    assert_eq!(run.view().sighted_in_sync, Some(true));
}

#[test]
fn a_clock_press_before_the_board_reports_the_move_counts_from_the_press() {
    let mut run = Run::new(classical());
    run.start(0.0);
    vi_move(&mut run, 1.0, "Eva vier", "e2", "e4");
    run.lever(10.0, Black);
    run.typed(10.2, "e5");
    assert_eq!(run.view().running, Some(White));
    assert_eq!(run.table.records()[1].at, s(10.0));
    // A press with no move at all goes to the arbiter.
    run.peg(11.0, "e7", "e5");
    vi_move(&mut run, 12.0, "Springer Felix drei", "g1", "f3");
    run.lever(20.0, Black);
    run.advance(s(30.0));
    let alerts = run.all(|e| match e {
        Effect::ArbiterAlert(a) => Some(a.kind.clone()),
        _ => None,
    });
    assert_eq!(alerts, [AlertKind::PressWithoutMove]);
}

#[test]
fn placed_but_not_announced_is_reported() {
    let mut run = Run::new(classical());
    run.start(0.0);
    run.peg(1.0, "e2", "e4");
    run.advance(s(10.0));
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["Gesetzt, aber nicht angesagt: Eva zwei Eva vier?"]
    );
    run.lever(11.0, White);
    assert_eq!(
        run.heard_by(Audience::ViPlayer),
        ["Gesetzt, aber nicht angesagt: Eva zwei Eva vier?"]
    );
    run.say(12.0, "Eva vier").lever(13.0, White);
    assert_eq!(run.moves(), ["e4"]);
}

#[test]
fn pgn_has_clock_times_and_tags() {
    let mut run = Run::new(classical());
    run.start(0.0);
    vi_move(&mut run, 1.0, "Eva vier", "e2", "e4");
    sighted_move(&mut run, 10.0, "e5", "e7", "e5");
    vi_move(&mut run, 20.0, "Springer Felix drei", "g1", "f3");
    run.at(
        30.0,
        Input::Sighted(annabella_table::SightedCommand::Resign),
    );
    let pgn = run.table.pgn();
    assert!(pgn.contains("[TimeControl \"5400+30\"]"), "{pgn}");
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"normal\"]"), "{pgn}");
    assert!(
        pgn.contains("1. e4 {[%clk 1:30:27]} 1... e5 {[%clk 1:30:22]} 2. Nf3 {[%clk 1:30:45]} 1-0"),
        "{pgn}"
    );
}

#[test]
fn the_opera_game_is_played_to_mate() {
    use shakmaty::{Chess, Position, san::San};
    let sans = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 \
                Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";
    let de = annabella_phonetic::Lexicon::get(annabella_phonetic::Language::De);
    let mut run = Run::new(classical());
    run.start(0.0);
    let mut pos = Chess::default();
    let mut t = 1.0;
    for san in sans.split_whitespace() {
        let m = san.parse::<San>().unwrap().to_move(&pos).unwrap();
        if pos.turn() == White {
            run.say(
                t,
                &annabella_phonetic::render(&pos, m, de, annabella_phonetic::Form::Short),
            );
            for step in peg_steps(&pos, m) {
                t += 0.3;
                run.at(t, step);
            }
            run.lever(t + 0.5, White);
        } else {
            run.typed(t, san).lever(t + 0.5, Black);
            for step in peg_steps(&pos, m) {
                t += 0.3;
                run.at(t, step);
            }
        }
        t += 5.0;
        pos.play_unchecked(m);
        assert_eq!(
            run.view().fen,
            shakmaty::fen::Fen::from_position(&pos, shakmaty::EnPassantMode::Legal),
            "after {san}"
        );
    }
    // Each recorded move knows whether it gives check (the DGT 3000's "CHECK", the earcon).
    let checks: Vec<&str> = (run.table.records().iter())
        .filter(|r| r.check)
        .map(|r| r.san.as_str())
        .collect();
    assert_eq!(checks, ["Bxb5+", "Bxd7+", "Qb8+", "Rd8#"]);
    let end = run.view().result.expect("mate ends the game");
    assert_eq!(
        (end.result.as_str(), end.termination.as_str()),
        ("1-0", "checkmate")
    );
    assert!(run.view().peg_in_sync);
    let alerts = run.all(|e| match e {
        Effect::ArbiterAlert(a) => Some(a.clone()),
        _ => None,
    });
    assert!(alerts.is_empty(), "{alerts:#?}");
    let pgn = run.table.pgn();
    assert!(pgn.replace('\n', " ").contains("17. Rd8# {[%clk"), "{pgn}");
    assert!(pgn.lines().all(|l| l.len() < 80), "{pgn}");
}
