//! The hall's round in DGT LiveChess's export layout, read as its readers read it, with
//! the real broker: demo tables play through mosquitto, `annabella hall --export-dir`
//! keeps the tree, and the test reads it the way Lichess's broadcast reader does
//! (`index.json`'s pairings in order, board K's game in `game-K.pgn` beside it, or the
//! round's `games.pgn`) and the Lichess Broadcaster app does (the folder's `.pgn` files
//! but `games.pgn`, by the number in their names); python-chess reads every game's
//! clocks. A table set up with `annabella init --trf` shows its pairing (names, title,
//! federation, rating) on the hall's page and in the export.

mod hall_support;

use std::{path::Path, process::Command, time::Duration};

use annabella_station::session::Session;
use hall_support::*;
use serde_json::Value;

/// What a finished demo table played (from its journal's replay).
fn station_moves(out: &Path) -> Vec<String> {
    let (table, _) = Session::replay(&out.join("game.journal")).expect("replay the journal");
    table
        .snapshot()
        .moves
        .iter()
        .map(ToString::to_string)
        .collect()
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()))
}

/// A player's full name as Lichess makes it from a pairing: first, middle and last.
fn full_name(player: &Value) -> String {
    ["fname", "mname", "lname"]
        .iter()
        .filter_map(|k| player[k].as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// python-chess's reading of a PGN file: per game its headers, and per move its SAN,
/// clock and move time (seconds; null when the move has none).
fn python_chess(path: &Path) -> Vec<Value> {
    let script = r#"
import chess.pgn, json, sys
out = []
with open(sys.argv[1], encoding="utf-8") as f:
    while (game := chess.pgn.read_game(f)) is not None:
        if game.errors:
            raise SystemExit("errors: %r" % game.errors)
        moves = [{"san": n.san(), "clk": n.clock(), "emt": n.emt()} for n in game.mainline()]
        out.append({"headers": dict(game.headers), "moves": moves})
print(json.dumps(out))
"#;
    let run = Command::new("python3")
        .args(["-c", script])
        .arg(path)
        .output()
        .expect("python3 (with python-chess: scripts/setup.sh installs it)");
    assert!(
        run.status.success(),
        "python-chess on {}: {}",
        path.display(),
        String::from_utf8_lossy(&run.stderr)
    );
    serde_json::from_slice::<Vec<Value>>(&run.stdout).unwrap()
}

/// One raw GET: the status line and headers, and the body.
fn get_with_headers(addr: &str, path: &str) -> (String, String) {
    let (_, text) = annabella_test_support::http::exchange(
        addr,
        &format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
    );
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    (head.to_lowercase(), body.to_owned())
}

/// A short game for the demo tables (the fool's mate: 1. f3 e5 2. g4 Qh4#, the VI
/// player White), the sample script's steps with shorter waits.
const FOOLS_MATE: &str = "start\nwait 100\nvi: Bauer Felix drei\npeg: move f2f3\nwait 800\n\
    clock: lever white\nwait 100\ndgt: move f2f3\nwait 200\ndgt: move e7e5\nwait 300\n\
    clock: lever black\npeg: move e7e5\nwait 800\nvi: Bauer Gustav vier\npeg: move g2g4\n\
    wait 800\nclock: lever white\nwait 100\ndgt: move g2g4\nwait 200\ndgt: move d8h4\n\
    wait 300\nclock: lever black\npeg: move d8h4\nwait 800\n";

/// `annabella demo` of [`FOOLS_MATE`] at table `table`, publishing to `broker`.
fn short_demo(broker: &Broker, dir: &Path, table: &str) -> Killed {
    let script = dir.join(format!("script-{table}.txt"));
    std::fs::write(&script, FOOLS_MATE).unwrap();
    demo_script(
        broker,
        &dir.join(format!("table-{table}")),
        table,
        Some(&script),
    )
}

#[test]
fn livechess_readers_take_the_halls_export_move_for_move_with_clocks() {
    let dir = tempfile::tempdir().unwrap();
    let live = dir.path().join("live");
    let broker = Broker::start(dir.path());
    let hall = Hall::start(
        &broker,
        dir.path(),
        &["--export-dir", live.to_str().unwrap()],
    );
    let tables: Vec<(String, std::path::PathBuf)> = ["1", "2"]
        .iter()
        .map(|n| ((*n).to_owned(), dir.path().join(format!("table-{n}"))))
        .collect();
    let demos: Vec<_> = tables
        .iter()
        .map(|(name, _)| short_demo(&broker, dir.path(), name))
        .collect();
    for d in demos {
        finish(d, Duration::from_secs(120));
    }
    let index_path = live.join("round-1/index.json");
    let index = wait_for(
        Duration::from_secs(30),
        "both results in round-1/index.json",
        || {
            let index: Value = std::fs::read_to_string(&index_path)
                .ok()
                .and_then(|t| serde_json::from_str(&t).ok())
                .unwrap_or_default();
            let results: Vec<Value> = index["pairings"]
                .as_array()
                .map(|p| p.iter().map(|p| p["result"].clone()).collect())
                .unwrap_or_default();
            (results == ["0-1", "0-1"], index)
        },
    );

    // tournament.json: the rounds with their game counts and live games.
    let tournament = read_json(&live.join("tournament.json"));
    assert!(tournament["name"].is_string() && tournament["id"].is_string());
    assert_eq!(
        tournament["rounds"],
        serde_json::json!([{"count": 2, "live": 0}])
    );

    // Lichess's reader: pairing i is game i + 1, its PGN beside the index; the
    // pairing's names and result are the game's tags.
    let pairings = index["pairings"].as_array().unwrap();
    for (i, pairing) in pairings.iter().enumerate() {
        let (name, out) = &tables[i];
        assert_eq!(pairing["live"], false, "a finished game is not live");
        for side in ["white", "black"] {
            for field in ["fname", "mname", "lname", "title", "federation"] {
                let v = &pairing[side][field];
                assert!(v.is_null() || v.is_string(), "{side}.{field}: {v}");
            }
            let id = &pairing[side]["fideid"];
            assert!(id.is_null() || id.is_u64(), "{side}.fideid: {id}");
        }
        let game_path = live.join(format!("round-1/game-{}.pgn", i + 1));
        let games = python_chess(&game_path);
        assert_eq!(games.len(), 1, "one game in {}", game_path.display());
        let game = &games[0];
        assert_eq!(game["headers"]["Round"], format!("1.{}", i + 1));
        assert_eq!(game["headers"]["Result"], pairing["result"]);
        for (side, tag) in [("white", "White"), ("black", "Black")] {
            let name = full_name(&pairing[side]);
            if !name.is_empty() {
                assert_eq!(game["headers"][tag], name.as_str());
            }
        }
        let sans: Vec<&str> = game["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["san"].as_str().unwrap())
            .collect();
        assert_eq!(sans, station_moves(out), "table {name}'s moves");
        assert_eq!(sans, ["f3", "e5", "g4", "Qh4#"]);
        for m in game["moves"].as_array().unwrap() {
            assert!(m["clk"].is_number(), "[%clk] on every move: {m}");
            assert!(m["emt"].is_number(), "[%emt] on every move: {m}");
        }
    }

    // The Broadcaster app: every .pgn of the folder but games.pgn, by the number in its
    // name; the round's games.pgn holds the same games in the same order.
    let mut files: Vec<String> = std::fs::read_dir(live.join("round-1"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|f| f.ends_with(".pgn") && f != "games.pgn")
        .collect();
    let number = |f: &String| -> u32 {
        let digits: String = f.chars().filter(char::is_ascii_digit).collect();
        digits.parse().unwrap_or(0)
    };
    files.sort_by_key(number);
    assert_eq!(
        files,
        ["game-1.pgn", "game-2.pgn"],
        "nothing else, no temporary"
    );
    let each: Vec<Value> = files
        .iter()
        .flat_map(|f| python_chess(&live.join("round-1").join(f)))
        .collect();
    assert_eq!(python_chess(&live.join("round-1/games.pgn")), each);

    // The same tree under /live/, read-only, with its content types; nothing else.
    for (path, kind) in [
        ("tournament.json", "application/json"),
        ("round-1/index.json", "application/json"),
        ("round-1/game-2.pgn", "application/x-chess-pgn"),
        ("round-1/games.pgn", "application/x-chess-pgn"),
    ] {
        let (head, body) = get_with_headers(&hall.addr, &format!("/live/{path}"));
        assert!(head.starts_with("http/1.1 200"), "{path}: {head}");
        assert!(
            head.contains(&format!("content-type: {kind}")),
            "{path}: {head}"
        );
        let on_disk = std::fs::read_to_string(live.join(path)).unwrap();
        assert_eq!(body, on_disk, "/live/{path} is the exported file");
    }
    for path in [
        "/live/",
        "/live/round-1/",
        "/live/round-1/game-3.pgn",
        "/live/../Cargo.toml",
        "/live/round-1/..%2F..%2FCargo.toml",
        "/live/%2E%2E/%2E%2E/etc/passwd",
        "/live//etc/passwd",
    ] {
        let (status, _) = hall.get(path);
        assert!(matches!(status, 400 | 404), "{path}: {status}");
    }
    let (head, _) = get_with_headers(&hall.addr, "/live/tournament.json");
    let post = http(
        &hall.addr,
        &format!(
            "POST /live/tournament.json HTTP/1.1\r\nOrigin: http://{}\r\nContent-Length: 0",
            hall.addr
        ),
        "",
    );
    assert_eq!(post.0, 405, "read-only ({head})");
}

const TRF_PLAYERS: [(&str, &str, &str, u32, &str, u64); 4] = [
    ("GM", "Carlsen, Magnus", "NOR", 2830, "m", 1_503_014),
    ("GM", "Caruana, Fabiano", "USA", 2795, "m", 2_020_009),
    ("GM", "Ding, Liren", "CHN", 2780, "m", 8_603_677),
    ("WFM", "Weiss, Wilma", "GER", 2101, "w", 12_345_678),
];

/// A TRF file of four players paired for round 1: 1–3 at board 1, 4–2 at board 2.
fn trf(dir: &Path) -> std::path::PathBuf {
    let rounds = [(3, 'w'), (4, 'b'), (1, 'b'), (2, 'w')];
    let mut text = String::from("012 Annabella Open 2026\n");
    for (i, (title, name, fed, rating, sex, id)) in TRF_PLAYERS.iter().enumerate() {
        let rank = i + 1;
        let (opponent, colour) = rounds[i];
        text.push_str(&format!(
            "001 {rank:>4} {sex}{title:>3} {name:<33} {rating:>4} {fed:>3} {id:>11} {birth:<10} \
             {points:>4} {rank:>4}  {opponent:>4} {colour}  \n",
            birth = "",
            points = "0.0",
        ));
    }
    let path = dir.join("open.trf");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_table_set_up_from_the_trf_shows_its_pairing_in_the_hall_and_the_export() {
    let dir = tempfile::tempdir().unwrap();
    let trf = trf(dir.path());
    let live = dir.path().join("live");
    let broker = Broker::start(dir.path());
    let hall = Hall::start(
        &broker,
        dir.path(),
        &[
            "--export-dir",
            live.to_str().unwrap(),
            "--trf",
            trf.to_str().unwrap(),
        ],
    );
    // The table's names, event and round from board 2 of round 1.
    let init_toml = dir.path().join("init/table.toml");
    std::fs::create_dir_all(init_toml.parent().unwrap()).unwrap();
    let init = Command::new(BIN)
        .args(["init", "--non-interactive", "--no-devices", "--port"])
        .arg(dir.path().join("no-port"))
        .arg("--out")
        .arg(&init_toml)
        .arg("--trf")
        .arg(&trf)
        .args(["--round", "1", "--board", "2"])
        .output()
        .unwrap();
    assert!(
        init.status.success(),
        "{}",
        String::from_utf8_lossy(&init.stderr)
    );
    let made: toml::Table = toml::from_str(&std::fs::read_to_string(&init_toml).unwrap()).unwrap();
    // The hall's test table (simulated devices, the test broker), with init's [game] and
    // [players].
    let config = hall_table(dir.path(), &broker, "3", "");
    let mut table: toml::Table =
        toml::from_str(&std::fs::read_to_string(&config).unwrap()).unwrap();
    for section in ["game", "players"] {
        table.insert(section.into(), made[section].clone());
    }
    std::fs::write(&config, toml::to_string(&table).unwrap()).unwrap();

    let mut play = Play::start(&config);
    play.wait_log(Duration::from_secs(30), "taking signed arbiter actions");
    play.say("wait 500\nstart\n");
    let (_, page) = wait_for(
        Duration::from_secs(30),
        "the hall shows the pairing",
        || {
            let page = hall.get("/");
            (page.1.contains("Weiss, Wilma"), page)
        },
    );
    // Each player in a span of its own, the VI player marked.
    assert!(
        page.contains(
            r#"<span class="player">WFM Weiss, Wilma (GER, 2101) <span class="vi-mark">(VI)</span></span> – <span class="player">GM Caruana, Fabiano (USA, 2795)</span>"#
        ),
        "{page}"
    );
    let index = wait_for(Duration::from_secs(30), "round-1/index.json", || {
        let index: Value = std::fs::read_to_string(live.join("round-1/index.json"))
            .ok()
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or_default();
        (index["pairings"][1]["live"] == true, index)
    });
    let board = &index["pairings"][1];
    assert_eq!(board["white"]["fname"], "Wilma");
    assert_eq!(board["white"]["lname"], "Weiss");
    assert_eq!(board["white"]["title"], "WFM");
    assert_eq!(board["white"]["federation"], "GER");
    assert_eq!(board["white"]["fideid"], 12_345_678);
    assert_eq!(board["black"]["lname"], "Caruana");
    assert_eq!(board["black"]["fideid"], 2_020_009);
    assert_eq!(
        index["pairings"][0]["white"]["lname"], "Carlsen",
        "the round's other board, from the TRF"
    );
    let game = std::fs::read_to_string(live.join("round-1/game-2.pgn")).unwrap();
    for tag in [
        "[Round \"1.2\"]",
        "[White \"Weiss, Wilma\"]",
        "[WhiteTitle \"WFM\"]",
        "[WhiteElo \"2101\"]",
        "[BlackFideId \"2020009\"]",
    ] {
        assert!(game.contains(tag), "{tag} in {game}");
    }
    let tournament = read_json(&live.join("tournament.json"));
    assert_eq!(tournament["name"], "Annabella Open 2026");

    // The game is played and the arbiter declares it; the hall's round PGN goes back
    // into the TRF file for the pairing program.
    play.say(
        "wait 300\nBauer Eva vier\npeg: move e2e4\nwait 900\nclock: lever white\nwait 900\n\
         arbiter: {\"action\":\"declare_result\",\"result\":\"1-0\"}\n",
    );
    let round = wait_for(
        Duration::from_secs(60),
        "the hall's round PGN has the game's result",
        || {
            let text = std::fs::read_to_string(&hall.pgn).unwrap_or_default();
            (
                text.contains("[Result \"1-0\"]") && text.contains("1. e4"),
                text,
            )
        },
    );
    assert!(round.contains("[Round \"1.2\"]"), "{round}");
    let new_trf = dir.path().join("open-after-round-1.trf");
    let results = Command::new(BIN)
        .args(["pairings", "--trf"])
        .arg(&trf)
        .args(["--round", "1", "--results"])
        .arg(&hall.pgn)
        .arg("--out")
        .arg(&new_trf)
        .output()
        .unwrap();
    assert!(
        results.status.success(),
        "{}",
        String::from_utf8_lossy(&results.stderr)
    );
    let after = annabella_trf::Trf::parse(&std::fs::read(&new_trf).unwrap()).unwrap();
    let round_one = |name: &str| {
        let player = after.players().iter().find(|p| p.name.contains(name));
        player.map(|p| (p.rounds[0].result, p.points))
    };
    assert_eq!(round_one("Weiss"), Some(('1', 1.0)), "board 2's White won");
    assert_eq!(
        round_one("Caruana"),
        Some(('0', 0.0)),
        "board 2's Black lost"
    );
    play.quit(Duration::from_secs(20));
}
