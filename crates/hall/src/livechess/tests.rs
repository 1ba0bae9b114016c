use std::time::Duration;

use annabella_table::{Event, Input, TableConfig};
use shakmaty::Color;

use super::*;
use annabella_hall_wire::{ActionKeys, Replica, signing::TableSigningKey, topic};
use annabella_rules::pgn::{MAX_BOARD as MAX_BOARD_, MAX_ROUND as MAX_ROUND_};

fn key_of(name: &str) -> TableSigningKey {
    TableSigningKey::from_hex(&format!("{:02x}", name.as_bytes()[0]).repeat(32)).unwrap()
}

/// A hall that knows tables "1" to "9", with `roster`.
fn hall(roster: Roster) -> Hall {
    let keys = (1..=9)
        .map(|n| {
            (
                n.to_string().parse().unwrap(),
                key_of(&n.to_string()).public(),
            )
        })
        .collect();
    Hall::new(ActionKeys::new(), keys).with_roster(roster)
}

/// Table `name` (round tag `round`, White and Black named) sends, as its record `seq`,
/// a view with `moves` (SAN) played, each side's clock 10 s less per move.
fn play(hall: &mut Hall, name: &str, round: &str, players: [&str; 2], moves: &[&str]) {
    let config = TableConfig {
        vi_color: Color::Black,
        time_control: "300+2".parse().unwrap(),
        event: Event {
            event: "Club Championship".into(),
            round: round.into(),
            white: players[0].into(),
            black: players[1].into(),
            ..Event::default()
        },
        ..TableConfig::default()
    };
    let mut r = Replica::new(name.parse().expect("a table name"), config, 10).unwrap();
    let seq = moves.len() as u64 + 1;
    for mut m in r.apply(1, Duration::ZERO, Input::Start, true) {
        m.seq = seq;
        if let annabella_hall_wire::Body::View(state) = &mut m.body {
            state.view.moves = moves.iter().map(|m| m.parse().unwrap()).collect();
            state.view.move_clocks = (1..=moves.len() as u64)
                .map(|ply| Duration::from_secs(302 - 10 * ply.div_ceil(2)))
                .collect();
        }
        let t = topic::topic(m.body.kind(), name);
        hall.receive(1_000_000, &t, &key_of(name).seal(&m));
    }
}

fn carlsen() -> Player {
    Player {
        name: "Carlsen, Magnus".into(),
        title: "GM".into(),
        federation: "NOR".into(),
        fide_id: Some(1_503_014),
        rating: Some(2830),
    }
}

#[test]
fn names_split_as_livechess_does_and_read_back_whole() {
    assert_eq!(
        carlsen().first_last(),
        (Some("Magnus".into()), Some("Carlsen".into()))
    );
    let p = Player::named("Test0006 Player0006");
    assert_eq!(
        p.first_last(),
        (Some("Test0006".into()), Some("Player0006".into()))
    );
    assert_eq!(
        Player::named("Anna").first_last(),
        (None, Some("Anna".into()))
    );
    assert_eq!(Player::named("?").first_last(), (None, None));
    assert_eq!(carlsen().label(), "GM Carlsen, Magnus (NOR, 2830)");
    let json = carlsen().json();
    assert_eq!(json["fname"], "Magnus");
    assert_eq!(json["lname"], "Carlsen");
    assert_eq!(json["title"], "GM");
    assert_eq!(json["federation"], "NOR");
    assert_eq!(json["fideid"], 1_503_014);
    assert!(Player::named("Anna").json()["title"].is_null());
}

#[test]
fn a_tables_place_is_its_round_tag_else_its_name() {
    assert_eq!(place("3.2", "7"), (Some(3), Some(2)));
    assert_eq!(place("3", "7"), (Some(3), Some(7)));
    assert_eq!(place("-", "7"), (None, Some(7)));
    assert_eq!(place("?", "board-a"), (None, None));
    assert_eq!(place("0.0", "x"), (None, None));
    assert_eq!(place("1.20000", "7"), (None, None), "absurd: no place");
    assert_eq!(place("-", "4000000000"), (None, None));
}

#[test]
fn no_folder_or_file_of_the_tree_follows_a_number_a_table_sent() {
    let hall_ = hall;
    let mut hall = hall_(Roster::default());
    play(&mut hall, "1", "1.4000000000", ["A", "B"], &["e4"]);
    play(&mut hall, "2", "1.20000", ["C", "D"], &["d4"]);
    play(&mut hall, "3", "4000000000.1", ["E", "F"], &["c4"]);
    let files = tree(&hall);
    assert_eq!(
        files.keys().collect::<Vec<_>>(),
        ["tournament.json"],
        "the absurd tables are left out"
    );
    // At the documented limits the tree is as big as it may be, and no bigger.
    play(
        &mut hall,
        "4",
        &format!("{MAX_ROUND_}.{MAX_BOARD_}"),
        ["G", "H"],
        &["e4"],
    );
    let files = tree(&hall);
    assert!(
        files.len() <= MAX_BOARD_ as usize + 3 * MAX_ROUND_ as usize + 1,
        "{}",
        files.len()
    );
    // With the pairing program's file, its own bounds: 6 players, 3 boards, XXR 3.
    let roster = Roster {
        rounds: Some(3),
        max_board: Some(3),
        ..Roster::default()
    };
    assert!(roster.place("3.3", "1").is_ok());
    assert!(roster.place("3.4", "1").is_err());
    assert!(roster.place("4.1", "1").is_err());
    let mut hall = hall_(roster);
    play(&mut hall, "5", "3.40", ["G", "H"], &["e4"]);
    assert_eq!(tree(&hall).len(), 1);
}

#[test]
fn move_times_come_from_the_clocks_and_the_increment() {
    let mv = |color: &str, clock_s: u64| MoveEvent {
        ply: 0,
        color: color.parse().unwrap(),
        san: "e4".parse().unwrap(),
        uci: "e2e4".parse().unwrap(),
        clock_ms: clock_s * 1000,
        white_ms: 0,
        black_ms: 0,
    };
    // 300+2: White thinks 10 s (300 - 10 + 2 = 292), Black 5 s, then White 20 s.
    let moves = [mv("white", 292), mv("black", 297), mv("white", 274)];
    let tc: TimeControl = "300+2".parse().unwrap();
    let secs = |v: Vec<Duration>| v.iter().map(Duration::as_secs).collect::<Vec<_>>();
    assert_eq!(secs(move_times(&moves, Some(&tc))), [10, 5, 20]);
    // Without the time control: the clocks' differences (the first move unknown).
    assert_eq!(secs(move_times(&moves, None)), [0, 0, 18]);
    // 40 moves in 90 minutes, then 30 more: the 40th move gets the next period's time.
    let tc: TimeControl = "40/5400:1800".parse().unwrap();
    let mut long = Vec::new();
    for n in 1..=41u64 {
        let white = if n < 40 {
            5400 - n * 60
        } else {
            5400 - n * 60 + 1800
        };
        long.push(mv("white", white));
        long.push(mv("black", 5400));
    }
    let times = move_times(&long, Some(&tc));
    assert!(
        times.iter().step_by(2).all(|t| t.as_secs() == 60),
        "{times:?}"
    );
}

fn roster() -> Roster {
    let p = |name: &str| Player {
        name: name.into(),
        federation: "GER".into(),
        rating: Some(1900),
        ..Player::default()
    };
    let mut roster = Roster {
        event: Some("Club Championship 2026".into()),
        ..Roster::default()
    };
    roster
        .boards
        .insert((3, 1), [p("Weiss, Wilma"), p("Schwarz, Sven")]);
    roster.boards.insert((3, 2), [carlsen(), p("Doe, Jane")]);
    roster.boards.insert((3, 3), [p("Three, A"), p("Three, B")]);
    roster
        .boards
        .insert((2, 1), [p("Earlier, A"), p("Earlier, B")]);
    roster
}

#[test]
fn the_tree_has_the_layout_with_pairings_clocks_and_the_rosters_details() {
    let mut hall = hall(roster());
    play(
        &mut hall,
        "1",
        "3.2",
        ["Carlsen, Magnus", "Doe, Jane"],
        &["e4", "e5", "Nf3"],
    );
    // Names that are not the roster's board: the table's own names, nothing added.
    play(&mut hall, "2", "3.1", ["Someone", "Else"], &["d4"]);
    let files = tree(&hall);
    let names: Vec<&str> = files.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        [
            "round-1/games.pgn",
            "round-1/index.json",
            "round-2/games.pgn",
            "round-2/index.json",
            "round-3/game-1.pgn",
            "round-3/game-2.pgn",
            "round-3/game-3.pgn",
            "round-3/games.pgn",
            "round-3/index.json",
            "tournament.json",
        ]
    );
    let tournament: Value = serde_json::from_str(&files["tournament.json"]).unwrap();
    assert_eq!(tournament["name"], "Club Championship 2026");
    assert_eq!(
        tournament["rounds"],
        json!([{"count": 0, "live": 0}, {"count": 0, "live": 0}, {"count": 3, "live": 2}])
    );
    let index: Value = serde_json::from_str(&files["round-3/index.json"]).unwrap();
    let pairings = index["pairings"].as_array().unwrap();
    assert_eq!(pairings.len(), 3);
    assert_eq!(pairings[0]["white"]["lname"], "Someone");
    assert!(
        pairings[0]["white"]["federation"].is_null(),
        "not the roster's"
    );
    assert_eq!(pairings[1]["white"]["fname"], "Magnus");
    assert_eq!(pairings[1]["white"]["title"], "GM");
    assert_eq!(pairings[1]["white"]["fideid"], 1_503_014);
    assert_eq!(pairings[1]["black"]["federation"], "GER");
    assert_eq!(pairings[1]["live"], true);
    assert_eq!(pairings[1]["result"], "*");
    assert_eq!(
        pairings[2]["white"]["lname"], "Three",
        "the roster's other board"
    );
    assert_eq!(pairings[2]["live"], false);
    let game = &files["round-3/game-2.pgn"];
    for tag in [
        "[Round \"3.2\"]",
        "[White \"Carlsen, Magnus\"]",
        "[WhiteTitle \"GM\"]",
        "[WhiteElo \"2830\"]",
        "[WhiteFideId \"1503014\"]",
        "[BlackElo \"1900\"]",
        "[TimeControl \"300+2\"]",
    ] {
        assert!(game.contains(tag), "{tag} in {game}");
    }
    let parsed = annabella_rules::pgn::read_games(game)
        .into_iter()
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(parsed.move_texts(), ["e4", "e5", "Nf3"]);
    for m in &parsed.moves {
        let c = m.comment.as_deref().unwrap_or_default();
        assert!(m.clock.is_some() && c.contains("[%emt 0:00:1"), "{game}");
    }
    assert!(files["round-3/game-3.pgn"].contains("[Round \"3.3\"]"));
    assert_eq!(
        files["round-3/games.pgn"],
        [1, 2, 3]
            .map(|b| files[&format!("round-3/game-{b}.pgn")].clone())
            .join("\n")
    );
    assert_eq!(content_type("round-3/index.json"), "application/json");
    assert!(content_type("round-3/games.pgn").starts_with("application/x-chess-pgn"));
}

#[test]
fn the_export_writes_what_changed_atomically() {
    let dir = tempfile::tempdir().unwrap();
    let mut export = Export::new(dir.path().join("live"));
    let mut hall = hall(Roster::default());
    play(&mut hall, "4", "1.1", ["A", "B"], &["e4"]);
    export.write(&tree(&hall)).unwrap();
    let game = export.dir().join("round-1/game-1.pgn");
    let first = std::fs::read_to_string(&game).unwrap();
    assert!(first.contains("1. e4 {[%clk"), "{first}");
    let index = export.dir().join("round-1/index.json");
    let before = std::fs::metadata(&index).unwrap().modified().unwrap();
    play(&mut hall, "4", "1.1", ["A", "B"], &["e4", "e5"]);
    export.write(&tree(&hall)).unwrap();
    let second = std::fs::read_to_string(&game).unwrap();
    assert!(second.contains("1... e5 {[%clk") || second.contains(" e5 {[%clk"));
    assert_eq!(
        std::fs::metadata(&index).unwrap().modified().unwrap(),
        before,
        "an unchanged file is left alone"
    );
    let left: Vec<String> = walk(export.dir());
    assert!(left.iter().all(|p| !p.ends_with(".tmp")), "{left:?}");
    // The table moves to board 2 of round 2: round 1's files go, round 2's come.
    play(&mut hall, "4", "2.2", ["A", "B"], &["e4", "e5", "d4"]);
    export.write(&tree(&hall)).unwrap();
    assert!(!game.exists(), "round-1/game-1.pgn is gone");
    assert!(export.dir().join("round-2/game-2.pgn").exists());
    assert!(
        export.dir().join("round-1/index.json").exists(),
        "round 1 is listed"
    );
    // A directory that cannot be made is named.
    let blocked = dir.path().join("file");
    std::fs::write(&blocked, "").unwrap();
    let err = Export::new(blocked.join("live"))
        .write(&tree(&hall))
        .unwrap_err();
    assert!(err.to_string().contains("file/live"), "{err}");
}

fn walk(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p.display().to_string());
        }
    }
    out
}

#[test]
fn the_export_follows_no_link_in_its_directory() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let live = dir.path().join("live");
    let elsewhere = dir.path().join("elsewhere");
    std::fs::create_dir_all(&live).unwrap();
    std::fs::create_dir_all(&elsewhere).unwrap();
    symlink(&elsewhere, live.join("round-1")).unwrap();
    let victim = dir.path().join("victim");
    std::fs::write(&victim, "keep").unwrap();
    symlink(&victim, live.join("tournament.json.tmp")).unwrap();
    let mut export = Export::new(live.clone());
    let mut hall = hall(Roster::default());
    play(&mut hall, "4", "1.1", ["A", "B"], &["e4"]);
    let e = export.write(&tree(&hall)).unwrap_err();
    assert!(
        e.to_string().contains("round-1") && e.to_string().contains("not followed"),
        "{e}"
    );
    assert_eq!(
        std::fs::read_dir(&elsewhere).unwrap().count(),
        0,
        "nothing written through the link"
    );
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
    assert!(
        live.join("tournament.json").is_file(),
        "the rest of the tree is written"
    );
}
