//! An online game's own words at the table (the opponent plays on a server that keeps
//! the game, Lichess): the VI player answers the opponent's takeback request, aborts,
//! claims the win once the opponent left and the server allows it; each request waits
//! in the view for the opponent's seat, once. The server's news (a takeback asked, the
//! opponent gone and back, a chat line, a refusal) is spoken to him. At a table without
//! an online opponent the words are refused, saying why.

mod common;

use annabella_table::{
    Audience, ClockPress, Input, OnlineNotice, OnlineRequest, TableConfig, ViBoard,
};
use common::*;
use shakmaty::Color;

fn online() -> TableConfig {
    TableConfig {
        vi_board: ViBoard::Plain,
        vi_press: ClockPress::Lever,
        sighted_press: ClockPress::Automatic,
        online: true,
        ..classical()
    }
}

fn opening(run: &mut Run) {
    run.start(0.0)
        .say(2.0, "Bauer Eva vier")
        .lever(3.0, Color::White);
    run.at(
        4.0,
        Input::OpponentMove {
            uci: "e7e5".parse().unwrap(),
            ply: 1,
        },
    );
    assert_eq!(run.moves(), ["e4", "e5"]);
}

#[test]
fn the_vi_player_answers_a_takeback_request_by_word() {
    let mut run = Run::new(online());
    opening(&mut run);
    run.at(5.0, Input::Online(OnlineNotice::TakeBackAsked));
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Ihr Gegner bittet, einen Zug zurückzunehmen. Sagen Sie annehmen oder ablehnen.",
    );
    assert!(run.view().takeback_asked);
    run.say(6.0, "annehmen");
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Sie nehmen die Zugrücknahme an.",
    );
    assert!(!run.view().takeback_asked);
    assert_eq!(run.view().online_requests, [OnlineRequest::AcceptTakeBack]);
    // Answered once: a second "annehmen" is the draw's word again (no offer stands).
    run.say(7.0, "annehmen");
    assert_eq!(run.view().online_requests, [OnlineRequest::AcceptTakeBack]);
    run.at(8.0, Input::Online(OnlineNotice::TakeBackAsked));
    run.say(9.0, "ablehnen");
    assert_eq!(
        run.view().online_requests,
        [
            OnlineRequest::AcceptTakeBack,
            OnlineRequest::DeclineTakeBack
        ]
    );
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Sie lehnen die Zugrücknahme ab.",
    );
    assert_eq!(
        run.moves(),
        ["e4", "e5"],
        "the server takes back, not the words"
    );
    // Not answered in time: declined for him, and he is told.
    run.at(10.0, Input::Online(OnlineNotice::TakeBackAsked));
    run.at(30.0, Input::Online(OnlineNotice::TakeBackLapsed));
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Die Bitte um Zugrücknahme blieb ohne Antwort und ist abgelehnt.",
    );
    assert!(!run.view().takeback_asked);
    run.say(31.0, "annehmen");
    assert_eq!(
        run.view().online_requests.len(),
        2,
        "nothing more to answer"
    );
}

#[test]
fn the_win_is_claimed_only_once_the_opponent_left_and_the_server_allows_it() {
    let mut run = Run::new(online());
    opening(&mut run);
    run.say(5.0, "Sieg beanspruchen");
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Ihr Gegner ist noch in der Partie",
    );
    run.at(
        6.0,
        Input::Online(OnlineNotice::OpponentLeft {
            claim_in_secs: Some(30),
        }),
    );
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Ihr Gegner hat die Partie verlassen. In dreißig Sekunden können Sie den Sieg beanspruchen.",
    );
    assert!(run.view().opponent_left);
    run.say(7.0, "Sieg beanspruchen");
    assert_any(&run.heard_by(Audience::ViPlayer), "noch nicht beansprucht");
    assert!(run.view().online_requests.is_empty());
    run.at(8.0, Input::Online(OnlineNotice::OpponentReturned));
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Ihr Gegner ist in die Partie zurückgekehrt.",
    );
    run.at(
        9.0,
        Input::Online(OnlineNotice::OpponentLeft {
            claim_in_secs: Some(10),
        }),
    );
    run.at(19.0, Input::Online(OnlineNotice::VictoryClaimable));
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Sie können jetzt den Sieg beanspruchen",
    );
    run.say(20.0, "ich beanspruche den Sieg");
    assert_eq!(run.view().online_requests, [OnlineRequest::ClaimVictory]);
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Der Sieg ist beansprucht.",
    );
}

#[test]
fn abort_chat_and_a_refusal_are_spoken() {
    let mut run = Run::new(online());
    opening(&mut run);
    run.say(5.0, "Partie abbrechen");
    assert_eq!(run.view().online_requests, [OnlineRequest::Abort]);
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Der Abbruch der Partie ist an den Server geschickt.",
    );
    run.at(
        6.0,
        Input::Online(OnlineNotice::Refused {
            request: OnlineRequest::Abort,
            reason: "This game cannot be aborted".into(),
        }),
    );
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Der Server hat abgelehnt: This game cannot be aborted.",
    );
    run.at(
        7.0,
        Input::Online(OnlineNotice::Chat {
            user: "Magnus".into(),
            text: "Viel Glück!".into(),
        }),
    );
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Nachricht von Magnus: Viel Glück!",
    );
    // The notices are journalled inputs: their JSON keeps one shape.
    let json = serde_json::to_string(&Input::Online(OnlineNotice::OpponentLeft {
        claim_in_secs: Some(30),
    }))
    .unwrap();
    assert_eq!(
        json,
        r#"{"input":"online","notice":"opponent_left","claim_in_secs":30}"#
    );
    let back: Input = serde_json::from_str(&json).unwrap();
    assert!(matches!(
        back,
        Input::Online(OnlineNotice::OpponentLeft { .. })
    ));
}

#[test]
fn a_table_without_an_online_opponent_refuses_abort_and_a_claimed_win() {
    let mut run = Run::new(TableConfig {
        online: false,
        ..online()
    });
    opening(&mut run);
    for (t, words) in [(5.0, "Partie abbrechen"), (6.0, "Sieg beanspruchen")] {
        run.say(t, words);
        assert_eq!(
            run.heard_by(Audience::ViPlayer).last().map(String::as_str),
            Some("Das gibt es nur in einer Online-Partie."),
            "{words}"
        );
    }
    assert!(run.view().online_requests.is_empty());
    assert_eq!(run.moves(), ["e4", "e5"]);
}

#[test]
fn a_game_its_server_aborted_ends_without_a_result_and_says_why() {
    let mut run = Run::new(online());
    run.start(0.0);
    run.say(1.0, "Partie abbrechen");
    run.at(2.0, Input::Online(OnlineNotice::Aborted));
    assert_any(
        &run.heard_by(Audience::ViPlayer),
        "Die Partie ist abgebrochen. Sie endet ohne Ergebnis und wird nicht fortgesetzt.",
    );
    let view = run.view();
    assert!(view.aborted);
    assert_eq!(view.result, None);
    assert_eq!(view.running, None, "the clocks stop");
    assert!(run.table.aborted());
    let pgn = run.table.pgn();
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"aborted\"]"), "{pgn}");
    // Nothing the server says afterwards is spoken.
    let before = run.heard_by(Audience::ViPlayer).len();
    run.at(3.0, Input::Online(OnlineNotice::TakeBackAsked));
    assert_eq!(run.heard_by(Audience::ViPlayer).len(), before);
}
