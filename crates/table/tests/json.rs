//! The JSON shapes of inputs, effects and the view, as the journal and the console see them.

use std::time::Duration;

use annabella_table::{
    AlertKind, AnnounceKind, Announcement, ArbiterAction, ArbiterAlert, Audience, ClockCommand,
    Effect, Hypothesis, Input, PegFix, Priority, SightedCommand, Table, TableConfig,
};
use shakmaty::{Color, Square};

#[track_caller]
fn round_trip_input(input: Input, json: &str) {
    assert_eq!(serde_json::to_string(&input).unwrap(), json);
    assert_eq!(serde_json::from_str::<Input>(json).unwrap(), input);
}

#[test]
fn inputs() {
    round_trip_input(Input::Start, r#"{"input":"start"}"#);
    round_trip_input(
        Input::Heard {
            alternatives: vec![Hypothesis {
                text: "springer felix drei".into(),
                score: 0.5,
            }],
        },
        r#"{"input":"heard","alternatives":[{"text":"springer felix drei","score":0.5}]}"#,
    );
    round_trip_input(
        Input::PegLift { square: Square::E2 },
        r#"{"input":"peg_lift","square":"e2"}"#,
    );
    round_trip_input(
        Input::PegSnapshot {
            occupied: vec![Square::A1, Square::H8],
        },
        r#"{"input":"peg_snapshot","occupied":["a1","h8"]}"#,
    );
    round_trip_input(
        Input::SightedMove {
            uci: "e7e8q".parse().unwrap(),
        },
        r#"{"input":"sighted_move","uci":"e7e8q"}"#,
    );
    round_trip_input(
        Input::Lever { side: Color::Black },
        r#"{"input":"lever","side":"black"}"#,
    );
    round_trip_input(
        Input::Sighted(SightedCommand::Claim {
            ground: annabella_table::ClaimKind::Threefold,
            intended: Some("g1f3".parse().unwrap()),
        }),
        r#"{"input":"sighted","command":"claim","ground":"threefold","intended":"g1f3"}"#,
    );
    round_trip_input(
        Input::Arbiter(ArbiterAction::AddTime {
            color: Color::White,
            amount: Duration::from_secs(120),
        }),
        r#"{"input":"arbiter","action":"add_time","color":"white","amount":{"secs":120,"nanos":0}}"#,
    );
    round_trip_input(
        Input::Arbiter(ArbiterAction::RestorePosition { ply: 12 }),
        r#"{"input":"arbiter","action":"restore_position","ply":12}"#,
    );
}

#[test]
fn bad_json_names_the_field() {
    let err = serde_json::from_str::<Input>(r#"{"input":"peg_lift","square":"z9"}"#).unwrap_err();
    assert!(err.to_string().contains("\"z9\""), "{err}");
    let err = serde_json::from_str::<Input>(r#"{"input":"fly"}"#).unwrap_err();
    assert!(err.to_string().contains("fly"), "{err}");
}

#[test]
fn effects() {
    let e = Effect::Announce(Announcement {
        id: 3,
        to: Audience::ViPlayer,
        text: "Springer Gustav eins Felix drei".into(),
        priority: Priority::Normal,
        kind: AnnounceKind::ReadBack,
    });
    assert_eq!(
        serde_json::to_string(&e).unwrap(),
        r#"{"effect":"announce","id":3,"to":"vi_player","text":"Springer Gustav eins Felix drei","priority":"normal","kind":"read_back"}"#
    );
    let e = Effect::Clock(ClockCommand::Set {
        white: Duration::from_secs(60),
        black: Duration::from_millis(1500),
        running: Some(Color::White),
    });
    assert_eq!(
        serde_json::to_string(&e).unwrap(),
        r#"{"effect":"clock","clock":"set","white":{"secs":60,"nanos":0},"black":{"secs":1,"nanos":500000000},"running":"white"}"#
    );
    let e = Effect::ShowOnTactile {
        fixes: vec![PegFix::Place {
            square: Square::F6,
            piece: 'n',
        }],
    };
    let json = serde_json::to_string(&e).unwrap();
    assert_eq!(
        json,
        r#"{"effect":"show_on_tactile","fixes":[{"fix":"place","square":"f6","piece":"n"}]}"#
    );
    assert_eq!(serde_json::from_str::<Effect>(&json).unwrap(), e);
}

/// The typed positions and boards of the alert and the position effect are their FEN text
/// both ways, as the `--json` lines have always printed them.
#[test]
fn positions_and_boards_in_effects_are_their_fen() {
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let e = Effect::ArbiterAlert(ArbiterAlert {
        kind: AlertKind::SightedBoardDiffers,
        detail: "d4 for e4".into(),
        game_fen: after_e4.parse().unwrap(),
        vi_board: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR".into(),
        sighted_board: Some(
            "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR"
                .parse()
                .unwrap(),
        ),
        ply: 1,
        caller: None,
        cause: None,
    });
    let json = serde_json::to_string(&e).unwrap();
    assert_eq!(
        json,
        format!(
            r#"{{"effect":"arbiter_alert","kind":"sighted_board_differs","detail":"d4 for e4","game_fen":"{after_e4}","vi_board":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR","sighted_board":"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR","ply":1}}"#
        )
    );
    assert_eq!(serde_json::from_str::<Effect>(&json).unwrap(), e);
    let e = Effect::Position {
        fen: after_e4.parse().unwrap(),
        last_move: Some("e2e4".parse().unwrap()),
    };
    let json = serde_json::to_string(&e).unwrap();
    assert_eq!(
        json,
        format!(r#"{{"effect":"position","fen":"{after_e4}","last_move":"e2e4"}}"#)
    );
    assert_eq!(serde_json::from_str::<Effect>(&json).unwrap(), e);
}

#[test]
fn config_and_view() {
    let config = TableConfig::default();
    let json = serde_json::to_string(&config).unwrap();
    assert!(
        json.contains(r#""vi_color":"white","language":"de""#),
        "{json}"
    );
    assert!(json.contains(r#""time_control":"5400+30""#), "{json}");
    assert_eq!(serde_json::from_str::<TableConfig>(&json).unwrap(), config);
    // Missing fields take their defaults; a bad one is named.
    let partial: TableConfig = serde_json::from_str(r#"{"vi_color":"black"}"#).unwrap();
    assert_eq!(partial.vi_color, Color::Black);
    let err = serde_json::from_str::<TableConfig>(r#"{"time_control":"5400+"}"#).unwrap_err();
    assert!(err.to_string().contains("5400+"), "{err}");

    let table = Table::new(config).unwrap();
    let view = serde_json::to_value(table.snapshot()).unwrap();
    assert_eq!(
        view["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(view["turn"], "white");
    assert_eq!(view["running"], serde_json::Value::Null);
    assert_eq!(view["peg_board"].as_array().unwrap().len(), 32);
    assert_eq!(view["sighted_board"], serde_json::Value::Null);
    // The sighted board's snapshot is its FEN placement in the view, both ways.
    let mut table = table;
    table
        .handle(
            Duration::from_secs(1),
            Input::SightedBoard {
                placement: shakmaty::Board::default(),
            },
        )
        .unwrap();
    let view = table.snapshot();
    let json = serde_json::to_value(&view).unwrap();
    assert_eq!(
        json["sighted_board"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
    );
    assert_eq!(
        serde_json::from_value::<annabella_table::TableView>(json).unwrap(),
        view
    );
}

#[test]
fn a_bad_start_position_is_named() {
    let err = Table::new(TableConfig {
        start_fen: Some("8/8/8/8/8/8/8/8 w - - 0 1".into()),
        ..TableConfig::default()
    })
    .unwrap_err();
    assert!(
        err.to_string()
            .starts_with("start_fen \"8/8/8/8/8/8/8/8 w - - 0 1\": illegal position"),
        "{err}"
    );
    let err = Table::new(TableConfig {
        start_fen: Some("banana".into()),
        ..TableConfig::default()
    })
    .unwrap_err();
    assert!(err.to_string().contains("banana"), "{err}");
}

#[test]
fn a_bad_sighted_snapshot_is_refused_and_changes_nothing() {
    // The placement is typed: a text that is not a board is refused when the input is
    // read (a journal line), naming it, and never reaches the table.
    let err =
        serde_json::from_str::<Input>(r#"{"input":"sighted_board","placement":"rnbqkbnr/ppp"}"#)
            .unwrap_err();
    assert!(err.to_string().contains("rnbqkbnr/ppp"), "{err}");
    // The JSON of a good one is the FEN placement text, as journals have always held it.
    let start = Input::SightedBoard {
        placement: shakmaty::Board::default(),
    };
    let text = serde_json::to_string(&start).unwrap();
    assert_eq!(
        text,
        r#"{"input":"sighted_board","placement":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"}"#
    );
    assert_eq!(serde_json::from_str::<Input>(&text).unwrap(), start);
}

/// The view's typed position and moves are their FEN and SAN text (check and mate signs,
/// castling, promotion) both ways, as the console and `journal replay` have always read
/// them; a text that is not FEN or SAN is refused, naming it.
#[test]
fn the_views_position_and_moves_are_their_fen_and_san() {
    let fen = "r1bqk2r/pppp1Qpp/2n2n2/2b1p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";
    let moves = [
        "e4", "e5", "Qh5", "Nc6", "Bc4", "Bc5", "Qxf7#", "O-O", "exd8=Q+",
    ];
    let mut view = Table::new(TableConfig::default()).unwrap().snapshot();
    view.fen = fen.parse().unwrap();
    view.moves = moves.iter().map(|m| m.parse().unwrap()).collect();
    let json = serde_json::to_string(&view).unwrap();
    let sans = moves.map(|m| format!("{m:?}")).join(",");
    assert!(
        json.starts_with(&format!(r#"{{"fen":"{fen}","turn":"white","#)),
        "{json}"
    );
    assert!(
        json.contains(&format!(r#","moves":[{sans}],"white_time":"#)),
        "{json}"
    );
    assert_eq!(
        serde_json::from_str::<annabella_table::TableView>(&json).unwrap(),
        view
    );
    let bad = json.replace(fen, "r1bqk2r/ppp");
    let err = serde_json::from_str::<annabella_table::TableView>(&bad).unwrap_err();
    assert!(err.to_string().contains("r1bqk2r/ppp"), "{err}");
    let bad = json.replace("\"Qxf7#\"", "\"Qz9\"");
    let err = serde_json::from_str::<annabella_table::TableView>(&bad).unwrap_err();
    assert!(err.to_string().contains("Qz9"), "{err}");
}

/// An alert's cause is an added object, `detail` keeps its English words, and an alert
/// without one reads as before.
#[test]
fn an_alerts_cause_is_an_added_field_beside_its_english_detail() {
    use annabella_table::AlertCause;
    let cause = AlertCause::PausedBySighted {
        color: shakmaty::Color::Black,
    };
    assert_eq!(
        serde_json::to_string(&cause).unwrap(),
        r#"{"cause":"paused_by_sighted","color":"black"}"#
    );
    assert_eq!(
        cause.english(),
        "the sighted player (black) stopped the clocks"
    );
    let alert = ArbiterAlert {
        kind: AlertKind::Paused,
        detail: cause.english(),
        game_fen: shakmaty::fen::Fen::default(),
        vi_board: "8/8/8/8/8/8/8/8".into(),
        sighted_board: None,
        ply: 0,
        caller: None,
        cause: Some(cause),
    };
    let json = serde_json::to_string(&alert).unwrap();
    assert!(
        json.ends_with(r#""ply":0,"cause":{"cause":"paused_by_sighted","color":"black"}}"#),
        "{json}"
    );
    assert_eq!(serde_json::from_str::<ArbiterAlert>(&json).unwrap(), alert);
    let older = json.replace(
        r#","cause":{"cause":"paused_by_sighted","color":"black"}"#,
        "",
    );
    assert_eq!(
        serde_json::from_str::<ArbiterAlert>(&older).unwrap().cause,
        None
    );
}
