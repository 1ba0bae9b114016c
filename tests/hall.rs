//! The tournament hall with the real broker: `annabella demo --hall` tables publish their
//! journals through mosquitto (started here on a free localhost port with its own
//! config), `annabella hall --json --pgn-out` shows them. Twenty tables at once; the
//! broker killed (-9) mid-game and restarted (journals written here record by record and
//! followed by `annabella hall publish`); a station killed and its journal published
//! again; bad and hostile messages on the topic tree.
//!
//! The games are the sample script's (`samples/demo-script.txt`), played by real demo
//! tables (simulated devices over pseudo-terminals, SQLite journals).

mod forge;
mod hall_support;

use std::time::Duration;

use annabella_hall_link::outbox::tail::JournalTail;
use annabella_station::session::Session;
use hall_support::*;

/// What a finished demo table wrote: its game's PGN and moves (from the journal replay).
fn station_game(out: &std::path::Path) -> (String, Vec<String>) {
    let (table, _) = Session::replay(&out.join("game.journal")).expect("replay the journal");
    let moves = table
        .snapshot()
        .moves
        .iter()
        .map(ToString::to_string)
        .collect();
    (table.pgn(), moves)
}

/// Waits until the hall's PGN file holds exactly these games (one per table).
fn wait_for_round(hall: &Hall, tables: &[(String, std::path::PathBuf)]) {
    // The hall writes the games in the order of the tables' names.
    let mut by_name: Vec<(&String, String)> = tables
        .iter()
        .map(|(name, out)| {
            (
                name,
                with_board(&station_game(out).0, name).trim_end().to_owned(),
            )
        })
        .collect();
    by_name.sort();
    let sorted: Vec<String> = by_name.into_iter().map(|(_, g)| g).collect();
    wait_for(
        Duration::from_secs(60),
        "the round's PGN holds every game",
        || {
            let text = std::fs::read_to_string(&hall.pgn).unwrap_or_default();
            let games = games(&text);
            (games == sorted, games.len())
        },
    );
    let (status, served) = hall.get("/games.pgn");
    assert_eq!(status, 200);
    assert_eq!(games(&served), sorted, "/games.pgn serves the same round");
}

#[test]
fn twenty_tables_play_at_once_and_the_broadcast_holds_every_game_move_for_move() {
    let dir = tempfile::tempdir().unwrap();
    let broker = Broker::start(dir.path());
    let hall = Hall::start(&broker, dir.path(), &[]);
    let tables: Vec<(String, std::path::PathBuf)> = (1..=20)
        .map(|i| (format!("{i}"), dir.path().join(format!("table-{i}"))))
        .collect();
    let demos: Vec<_> = tables
        .iter()
        .map(|(name, out)| demo(&broker, out, name))
        .collect();
    for d in demos {
        let err = finish(d, Duration::from_secs(180));
        assert!(
            err.contains("Der Broker der Halle hat die Einträge 1 bis "),
            "the outbox drained:\n{err}"
        );
    }
    wait_for_round(&hall, &tables);
    // The hall writes the round's file and prints its news lines on their own ways: the
    // news of the last moves may come after the file is complete.
    wait_for(
        Duration::from_secs(60),
        "the hall's news of every move and result",
        || {
            let plies: Vec<usize> = tables.iter().map(|(n, _)| hall.moves(n).len()).collect();
            let results = hall.news("result").len();
            (
                plies.iter().all(|p| *p >= 7) && results >= 20,
                (plies, results),
            )
        },
    );
    for (name, out) in &tables {
        let (_, moves) = station_game(out);
        assert_eq!(moves.len(), 7, "the sample game has seven half-moves");
        assert_moves_once_in_order(&hall, name, &moves);
    }
    let (status, api) = hall.get("/api/hall");
    assert_eq!(status, 200);
    let api: serde_json::Value = serde_json::from_str(&api).unwrap();
    assert_eq!(api["tables"].as_array().unwrap().len(), 20);
    assert!(
        api["tables"]
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["result"]["result"] == "1-0"),
        "every table's result"
    );
    assert_eq!(api["rejected"], 0);
    assert_eq!(hall.news("result").len(), 20, "one result line per table");
    assert!(
        hall.news("move").iter().all(|m| m["repaired"] == false),
        "without an outage every move comes in its own message"
    );
    let (_, page) = hall.get("/");
    for (name, _) in &tables {
        assert!(
            page.contains(&format!("Table {name}</a>")),
            "table {name} on the page"
        );
    }
}

/// The moves of the test game (1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6), typed for
/// either side and each followed by its clock press.
const BROKER_GAME: [&str; 8] = [
    "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6",
];

/// A table's journal at `out`, written here record by record (the test decides when a
/// record is made, never a clock), and `annabella hall publish` following it.
struct Journalled {
    session: annabella_station::session::Session,
    publisher: Killed,
    now: u64,
}

impl Journalled {
    fn start(broker: &Broker, out: &std::path::Path, table: &str) -> Journalled {
        use annabella_table::{Input, TableConfig};
        std::fs::create_dir_all(out).unwrap();
        let config = TableConfig {
            vi_color: shakmaty::Color::Black,
            vi_board: annabella_table::ViBoard::Plain,
            ..TableConfig::default()
        };
        let journal = out.join("game.journal");
        let (mut session, _) = Session::open_with(&journal, config, None).unwrap();
        session.feed(Duration::ZERO, Input::Start).unwrap();
        let publisher = Killed(
            std::process::Command::new(BIN)
                .args([
                    "hall",
                    "publish",
                    "--broker",
                    &broker.url(),
                    "--table",
                    table,
                ])
                .arg("--journal")
                .arg(&journal)
                .args(broker.table_flags(table))
                .stdin(std::process::Stdio::null())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("start annabella hall publish"),
        );
        Journalled {
            session,
            publisher,
            now: 0,
        }
    }

    /// The moves `moves` of [`BROKER_GAME`] played and journalled, each with its press.
    fn play(&mut self, moves: std::ops::Range<usize>) {
        use annabella_table::Input;
        for ply in moves {
            let text = BROKER_GAME[ply].to_owned();
            let inputs = if ply % 2 == 0 {
                vec![
                    Input::AssistantMove { text },
                    Input::Lever {
                        side: shakmaty::Color::White,
                    },
                ]
            } else {
                vec![
                    annabella_station::people::typed(text),
                    Input::ViPlaced,
                    Input::Lever {
                        side: shakmaty::Color::Black,
                    },
                ]
            };
            for input in inputs {
                self.now += 1;
                self.session
                    .feed(Duration::from_secs(self.now), input)
                    .unwrap();
            }
        }
    }

    /// The publisher stopped, and what it wrote on standard error.
    fn stop(mut self) -> String {
        use std::io::Read;
        let _ = self.publisher.0.kill();
        let _ = self.publisher.0.wait();
        let mut err = String::new();
        if let Some(mut e) = self.publisher.0.stderr.take() {
            let _ = e.read_to_string(&mut err);
        }
        err
    }
}

/// The broker killed (-9) mid-game and restarted: the tables' journals grow while it is
/// away (records the test writes once the broker is dead, so however slow the machine,
/// every table has moves the broker never saw), and the hall gets every move once, in
/// order.
#[test]
fn a_broker_killed_mid_game_loses_no_move_and_repeats_none() {
    let dir = tempfile::tempdir().unwrap();
    let mut broker = Broker::start(dir.path());
    let hall = Hall::start(&broker, dir.path(), &[]);
    let names = ["b1", "b2", "b3", "b4"];
    let mut tables: Vec<Journalled> = names
        .iter()
        .map(|n| Journalled::start(&broker, &dir.path().join(format!("table-{n}")), n))
        .collect();
    for t in &mut tables {
        t.play(0..3);
    }
    // Kill the broker once every table's first moves are at the hall.
    wait_for(
        Duration::from_secs(60),
        "three moves from every table",
        || {
            let counts: Vec<usize> = names.iter().map(|n| hall.moves(n).len()).collect();
            (counts.iter().all(|c| *c == 3), counts)
        },
    );
    broker.kill9();
    // The tables play on: each journals the rest of its game while the broker is away.
    for t in &mut tables {
        t.play(3..BROKER_GAME.len());
    }
    let counts: Vec<usize> = names.iter().map(|n| hall.moves(n).len()).collect();
    assert_eq!(
        counts, [3; 4],
        "nothing reaches the hall without its broker"
    );
    broker.restart();
    wait_for(Duration::from_secs(60), "every move at the hall", || {
        let counts: Vec<usize> = names.iter().map(|n| hall.moves(n).len()).collect();
        (counts.iter().all(|c| *c >= BROKER_GAME.len()), counts)
    });
    for (name, t) in names.iter().zip(tables) {
        let out = dir.path().join(format!("table-{name}"));
        let err = t.stop();
        assert!(
            err.contains("retrying; the journal keeps"),
            "the station saw the outage:\n{err}"
        );
        let (_, moves) = station_game(&out);
        assert_eq!(moves.len(), BROKER_GAME.len(), "{moves:?}");
        assert_moves_once_in_order(&hall, name, &moves);
    }
    let log = hall.log.lock().unwrap().join("\n");
    assert!(log.contains("retrying"), "the hall saw the outage:\n{log}");
}

fn last_seq(out: &std::path::Path) -> u64 {
    JournalTail::open(&out.join("game.journal"))
        .and_then(|(t, _, _)| t.last_seq())
        .unwrap_or(0)
}

#[test]
fn a_station_killed_and_published_again_from_its_journal_loses_and_repeats_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let broker = Broker::start(dir.path());
    let hall = Hall::start(&broker, dir.path(), &[]);
    let out = dir.path().join("table-k");
    let mut station = demo(&broker, &out, "k");
    wait_for(Duration::from_secs(60), "two moves of the table", || {
        let n = hall.moves("k").len();
        (n >= 2, n)
    });
    let _ = station.0.kill();
    let _ = station.0.wait();
    let journalled = last_seq(&out);
    let acked: serde_json::Value = serde_json::from_slice(
        &std::fs::read(out.join("game.journal.hall-outbox")).expect("the publish position"),
    )
    .unwrap();
    assert!(acked["acked"].as_u64().unwrap() <= journalled);
    let status = std::process::Command::new(BIN)
        .args([
            "hall",
            "publish",
            "--once",
            "--broker",
            &broker.url(),
            "--table",
            "k",
            "--journal",
        ])
        .arg(out.join("game.journal"))
        .args(broker.table_flags("k"))
        .status()
        .unwrap();
    assert!(status.success());
    let (pgn, moves) = station_game(&out);
    assert!(moves.len() >= 2);
    wait_for(
        Duration::from_secs(30),
        "the hall has the journal's game",
        || {
            let text = std::fs::read_to_string(&hall.pgn).unwrap_or_default();
            let ok = games(&text) == [with_board(&pgn, "k").trim_end().to_owned()];
            (ok, text)
        },
    );
    assert_moves_once_in_order(&hall, "k", &moves);
    // The hall keeps the journal's head as published: the witness of what was committed.
    let (tail, _, _) = JournalTail::open(&out.join("game.journal")).unwrap();
    let last = tail.after(0, usize::MAX >> 1).unwrap().pop().unwrap();
    wait_for(Duration::from_secs(30), "the hall's witness", || {
        let (_, api) = hall.get("/api/hall");
        let api: serde_json::Value = serde_json::from_str(&api).unwrap_or_default();
        let witness = api["tables"][0]["witness"].clone();
        (witness == serde_json::json!([last.seq, last.head]), witness)
    });
    // The journal rewritten (its last record a millisecond later, the hashes made anew as
    // an editor without the table's secret would) and published again from its start:
    // the hall names the table, and keeps what it witnessed.
    forge::rewrite_record(&out.join("game.journal"), last.seq as i64, |now, _| {
        *now += 1
    });
    std::fs::remove_file(out.join("game.journal.hall-outbox")).unwrap();
    let status = std::process::Command::new(BIN)
        .args(["hall", "publish", "--once", "--broker", &broker.url()])
        .args(["--table", "k", "--journal"])
        .arg(out.join("game.journal"))
        .args(broker.table_flags("k"))
        .status()
        .unwrap();
    assert!(status.success());
    wait_for(Duration::from_secs(30), "the hall's witness alert", || {
        let (_, api) = hall.get("/api/hall");
        let api: serde_json::Value = serde_json::from_str(&api).unwrap_or_default();
        let alert = api["witness_alerts"][0].clone();
        let ok = alert["table"] == "k"
            && alert["seq"].as_u64() == Some(last.seq)
            && alert["witnessed"] == serde_json::json!(last.head)
            && api["tables"][0]["witness"] == serde_json::json!([last.seq, last.head]);
        (ok, api["witness_alerts"].clone())
    });
    let (_, page) = hall.get("/");
    assert!(page.contains("journal contradicted"), "{page}");
}

#[test]
fn bad_and_hostile_messages_are_reported_and_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let broker = Broker::start(dir.path());
    let key = "0123456789abcdef0123456789abcdef";
    let keys = dir.path().join("keys.toml");
    std::fs::write(&keys, format!("\"7\" = \"{key}\"\n")).unwrap();
    let hall = Hall::start(&broker, dir.path(), &["--keys", keys.to_str().unwrap()]);
    // Table 7's own user, but nothing signed by table 7's key.
    broker.publish("annabella/move/7", "{not json");
    let forged_game = serde_json::json!({
        "table": "7", "game": 1, "seq": 1, "part": 0, "at_ms": 1,
        "body": {"type": "move", "ply": 1, "color": "white", "san": "h4", "uci": "h2h4",
                 "clock_ms": 1, "white_ms": 1, "black_ms": 1}
    });
    broker.publish("annabella/move/7", &forged_game.to_string());
    // Signed with table 8's key, on table 7's topic.
    let eight = annabella_broker::key_file::read_signing_key(&broker.key("8")).unwrap();
    let message: annabella_hall_wire::HallMessage = serde_json::from_value(forged_game).unwrap();
    let sealed = String::from_utf8(eight.seal(&message)).unwrap();
    broker.publish("annabella/move/7", &sealed);
    broker.publish(
        "annabella/action/7",
        r#"{"table":"7","nonce":1,"sent_ms":1,"by":"nobody","what":"pause","action":{"action":"pause"}}"#,
    );
    let forged = serde_json::json!({
        "body": r#"{"table":"7","nonce":2,"sent_ms":1,"by":"nobody","what":"pause","action":{"action":"pause"}}"#,
        "signature": "00".repeat(32),
    });
    broker.publish("annabella/action/7", &forged.to_string());
    // What the broker's configuration refuses never reaches the hall: a message over
    // max_packet_size, a table writing another table's topic or an unknown event, a
    // table writing actions.
    let huge = dir.path().join("huge");
    std::fs::write(&huge, vec![b'x'; 2 * 1024 * 1024]).unwrap();
    broker.publish_file_refused("annabella/view/7", &huge);
    broker.publish_as(
        &annabella_hall_link::setup::table_user("8"),
        "annabella/view/7",
        &sealed,
    );
    broker.publish("annabella/gossip/7", "{}");
    broker.publish_as(
        &annabella_hall_link::setup::table_user("7"),
        "annabella/action/7",
        &forged.to_string(),
    );
    // A real table still gets through afterwards.
    let out = dir.path().join("table-7");
    finish(demo(&broker, &out, "7"), Duration::from_secs(120));
    let (pgn, moves) = station_game(&out);
    wait_for(Duration::from_secs(30), "the real table's game", || {
        let text = std::fs::read_to_string(&hall.pgn).unwrap_or_default();
        (
            games(&text) == [with_board(&pgn, "7").trim_end().to_owned()],
            text,
        )
    });
    assert_moves_once_in_order(&hall, "7", &moves);
    let rejected = hall.news("rejected");
    let reasons: Vec<&str> = rejected
        .iter()
        .map(|r| r["reason"].as_str().unwrap())
        .collect();
    assert_eq!(reasons.len(), 5, "{reasons:?}");
    assert!(reasons[0].starts_with("unsigned"), "{reasons:?}");
    assert!(reasons[1].starts_with("unsigned"), "{reasons:?}");
    assert!(
        reasons[2].contains("the signature is not table \"7\"'s"),
        "{reasons:?}"
    );
    assert!(
        reasons[3].contains("arbiter action ignored: not a signed action"),
        "{reasons:?}"
    );
    assert!(
        reasons[4].contains("arbiter action ignored: the signature does not match"),
        "{reasons:?}"
    );
    assert!(
        hall.news("action").is_empty(),
        "no action was taken as the arbiter's"
    );
    let log = hall.log.lock().unwrap().join("\n");
    assert!(
        log.contains("ignored a message on annabella/action/7"),
        "reported:\n{log}"
    );
    assert_eq!(
        log.matches("ignored a message on annabella/move/7").count(),
        1,
        "each topic's refusals are reported once:\n{log}"
    );
    let (_, api) = hall.get("/api/hall");
    let api: serde_json::Value = serde_json::from_str(&api).unwrap();
    assert_eq!(api["rejected"], 5);
    assert_eq!(api["dropped"]["unsigned"], 2);
    assert_eq!(api["dropped"]["forged"], 1);
    assert_eq!(api["dropped"]["actions"], 2);
    let (_, page) = hall.get("/");
    assert!(
        page.contains("Messages dropped: 2 unsigned, 1 signed with another key"),
        "{page}"
    );
}

#[test]
fn an_oversized_message_is_dropped_and_a_restarted_hall_is_not_deaf() {
    let dir = tempfile::tempdir().unwrap();
    // A broker that takes any size (the shipped configuration would refuse it).
    let broker = Broker::start_with_limit(dir.path(), 0);
    let hall = Hall::start(&broker, dir.path(), &[]);
    let big = dir.path().join("big");
    std::fs::write(&big, vec![b'x'; 33 * 1024 * 1024]).unwrap();
    broker.publish_file("annabella/view/9", &big);
    // Over the hall's payload limit, under its packet limit: counted and reported.
    let over = dir.path().join("over");
    std::fs::write(&over, vec![b'y'; 300 * 1024]).unwrap();
    broker.publish_file("annabella/view/9", &over);
    broker.publish_file("annabella/view/9", &over);
    let out = dir.path().join("table-5");
    finish(demo(&broker, &out, "5"), Duration::from_secs(120));
    let (_, moves) = station_game(&out);
    wait_for(Duration::from_secs(30), "the table's moves", || {
        let n = hall.moves("5").len();
        (n == moves.len(), n)
    });
    assert_moves_once_in_order(&hall, "5", &moves);
    let (_, api) = hall.get("/api/hall");
    let api: serde_json::Value = serde_json::from_str(&api).unwrap();
    assert_eq!(api["dropped"]["too_big"], 2, "{api}");
    let log = hall.log.lock().unwrap().join("\n");
    assert_eq!(
        log.matches("ignored a message on annabella/view/9").count(),
        1,
        "reported once:\n{log}"
    );
    assert!(
        log.matches("(retrying").count() <= 1,
        "the hall was never knocked off the broker:\n{log}"
    );
    // The hall away, another 33 MiB for its persistent session; restarted, it hears.
    drop(hall);
    broker.publish_file("annabella/view/9", &big);
    let hall = Hall::start(&broker, dir.path(), &[]);
    let out = dir.path().join("table-6");
    finish(demo(&broker, &out, "6"), Duration::from_secs(120));
    let (_, moves) = station_game(&out);
    wait_for(Duration::from_secs(30), "the next table's moves", || {
        let n = hall.moves("6").len();
        (n == moves.len(), n)
    });
    assert_moves_once_in_order(&hall, "6", &moves);
}

#[test]
fn the_halls_page_refuses_foreign_hosts_and_cross_site_forms_and_hides_the_token() {
    let dir = tempfile::tempdir().unwrap();
    let broker = Broker::start(dir.path());
    let hall = Hall::start(&broker, dir.path(), &["--host-name", "hall.example"]);
    let port = hall.addr.rsplit(':').next().unwrap();
    let raw = |head: &str| {
        annabella_test_support::http::exchange(
            &hall.addr,
            &format!("{head}\r\nConnection: close\r\n\r\n"),
        )
        .1
    };
    let foreign = raw("GET / HTTP/1.1\r\nHost: rebound.example");
    assert!(foreign.starts_with("HTTP/1.1 421"), "{foreign}");
    let named = raw(&format!("GET / HTTP/1.1\r\nHost: hall.example:{port}"));
    assert!(named.starts_with("HTTP/1.1 200"), "{named}");
    let head = named.split("\r\n\r\n").next().unwrap().to_ascii_lowercase();
    for h in [
        "content-security-policy: default-src 'none'; script-src 'sha256-",
        "frame-ancestors 'none'",
        "referrer-policy: no-referrer",
        "x-content-type-options: nosniff",
    ] {
        assert!(head.contains(h), "{h}: {head}");
    }
    let token = &hall.token;
    let moved = raw(&format!(
        "GET /arbiter?token={token}&by=CA HTTP/1.1\r\nHost: {}\r\nAccept: text/html",
        hall.addr
    ));
    assert!(moved.starts_with("HTTP/1.1 303"), "{moved}");
    let lower = moved.to_ascii_lowercase();
    assert!(lower.contains("location: /arbiter?by=ca"), "{moved}");
    assert!(
        lower.contains(&format!(
            "set-cookie: annabella_token_{}={}; httponly; samesite=strict",
            hall.addr.rsplit(':').next().unwrap(),
            token.to_ascii_lowercase()
        )),
        "{moved}"
    );
    let port = hall.addr.rsplit(':').next().unwrap();
    let body = "table=1&action=pause&by=Mallory";
    let (_, cross) = annabella_test_support::http::exchange(
        &hall.addr,
        &format!(
            "POST /action HTTP/1.1\r\nHost: {}\r\nOrigin: http://evil.example\r\n\
             Cookie: annabella_token_{port}={token}\r\nConnection: close\r\n\
             Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{body}",
            hall.addr,
            body.len()
        ),
    );
    assert!(cross.starts_with("HTTP/1.1 403"), "{cross}");
}

#[test]
fn init_makes_the_tables_key_pair_and_prints_the_lines_for_the_hall() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("t3").join("table.toml");
    std::fs::create_dir_all(config.parent().unwrap()).unwrap();
    let password = dir.path().join("password");
    std::fs::write(&password, "s3cret\n").unwrap();
    let out = std::process::Command::new(BIN)
        .args([
            "init",
            "--non-interactive",
            "--no-devices",
            "--hall-table",
            "3",
            "--out",
        ])
        .arg(&config)
        .arg("--hall-password-file")
        .arg(&password)
        .arg("--port")
        .arg(dir.path().join("no-such-port"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let key = config.with_file_name("table.key");
    let mode = std::fs::metadata(&key).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "the private half is its owner's only");
    let mode = std::fs::metadata(&config).unwrap().permissions().mode() & 0o777;
    assert_eq!(
        mode, 0o600,
        "table.toml (the broker password goes in) is its owner's only"
    );
    let private = annabella_broker::key_file::read_signing_key(&key).unwrap();
    let public = std::fs::read_to_string(config.with_file_name("table.pub")).unwrap();
    assert_eq!(public.trim(), private.public().to_string());
    // The table's secret, the key of its journals' MACs, beside it: its owner's only.
    let secret_file = config.with_file_name("table.secret");
    let mode = std::fs::metadata(&secret_file)
        .unwrap()
        .permissions()
        .mode()
        & 0o777;
    assert_eq!(mode, 0o600, "the secret is its owner's only");
    let secret = annabella_journal::TableSecret::read(&secret_file).unwrap();
    assert!(
        stderr.contains("Das Geheimnis des Tisches ist angelegt: "),
        "{stderr}"
    );
    for line in [
        "mosquitto_passwd /etc/mosquitto/annabella/passwd annabella-table-3".to_owned(),
        "user annabella-table-3".to_owned(),
        "topic write annabella/move/3".to_owned(),
        "topic read annabella/action/3".to_owned(),
        "[tables.\"3\"]".to_owned(),
        format!("public_key = \"{}\"", public.trim()),
    ] {
        assert!(stderr.contains(&line), "{line}:\n{stderr}");
    }
    // The [hall] block is in the table's file, its key named relative to the file.
    let written = std::fs::read_to_string(&config).unwrap();
    for line in [
        "table = \"3\"",
        "user = \"annabella-table-3\"",
        "signing_key = \"table.key\"   # beside this file",
    ] {
        assert!(written.lines().any(|l| l == line), "{line}:\n{written}");
    }
    // A second init (with --force) keeps the key: the hall's entry stays right.
    let again = std::process::Command::new(BIN)
        .args([
            "init",
            "--non-interactive",
            "--no-devices",
            "--force",
            "--out",
        ])
        .arg(&config)
        .arg("--port")
        .arg(dir.path().join("no-such-port"))
        .output()
        .unwrap();
    assert!(again.status.success());
    assert!(
        String::from_utf8_lossy(&again.stderr)
            .contains("Der Signaturschlüssel des Tisches bleibt erhalten: ")
    );
    assert!(
        String::from_utf8_lossy(&again.stderr)
            .contains("Das Geheimnis des Tisches bleibt erhalten: ")
    );
    assert_eq!(
        annabella_journal::TableSecret::read(&secret_file).unwrap(),
        secret,
        "never replaced"
    );
    assert_eq!(
        annabella_broker::key_file::read_signing_key(&key)
            .unwrap()
            .public(),
        private.public()
    );
}

/// Issue 26, item 9: `hall publish --once` on a damaged journal publishes the good prefix
/// (every record before the damage), then exits naming the damage (status 3) instead of
/// waiting for ever.
#[test]
fn publish_once_publishes_a_damaged_journals_good_prefix_and_names_the_damage() {
    let dir = tempfile::tempdir().unwrap();
    let broker = Broker::start(dir.path());
    let out = dir.path().join("table-d");
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/scripts/correction-before-press.txt");
    let made = annabella_test_support::process::output_within(
        std::process::Command::new(BIN)
            .args(["demo", "--text", "--script"])
            .arg(&script)
            .arg("--out")
            .arg(&out),
        annabella_test_support::process::DEMO_LIMIT,
    );
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let journal = out.join("game.journal");
    // One byte of the last lever press, in the middle of the game.
    let mut bytes = std::fs::read(&journal).unwrap();
    let at = bytes
        .windows(7)
        .rposition(|w| w == b"\"lever\"")
        .expect("a lever press is journalled");
    bytes[at + 1] ^= 0x01;
    std::fs::write(&journal, bytes).unwrap();
    let (_, resumed) = Session::replay(&journal).unwrap();
    let damaged = resumed.damage.expect("the damage is found").seq;
    assert!(damaged > 1);

    let published = annabella_test_support::process::output_within(
        std::process::Command::new(BIN)
            .args([
                "hall",
                "publish",
                "--once",
                "--broker",
                &broker.url(),
                "--table",
                "d",
                "--journal",
            ])
            .arg(&journal)
            .args(broker.table_flags("d")),
        Duration::from_secs(60),
    );
    let stderr = String::from_utf8_lossy(&published.stderr);
    assert_eq!(published.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains(&format!("records 1-{} are at the broker", damaged - 1)),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("record {damaged} is damaged")),
        "{stderr}"
    );
    let acked: serde_json::Value = serde_json::from_slice(
        &std::fs::read(out.join("game.journal.hall-outbox")).expect("the publish position"),
    )
    .unwrap();
    assert_eq!(acked["acked"].as_u64(), Some(damaged - 1), "{acked}");
}

/// A forged record in a keyed journal (hashes made anew without the table's secret) is
/// never published: `hall publish --once` with the secret beside the key publishes the
/// records before it and names the tampering.
#[test]
fn publish_never_sends_a_forged_record_of_a_keyed_journal() {
    use annabella_journal::{SECRET_FILE, TableSecret};
    use annabella_table::{Input, TableConfig};
    let dir = tempfile::tempdir().unwrap();
    let broker = Broker::start(dir.path());
    let out = dir.path().join("table-f");
    std::fs::create_dir_all(&out).unwrap();
    let (secret, _) = TableSecret::read_or_make(&out.join(SECRET_FILE)).unwrap();
    let journal = out.join("game.journal");
    {
        let config = TableConfig {
            vi_color: shakmaty::Color::Black,
            ..TableConfig::default()
        };
        let (mut session, _) = Session::open_with(&journal, config, Some(&secret)).unwrap();
        let lever = |side| Input::Lever { side };
        for (s, input) in [
            (1, Input::Start),
            (
                2,
                Input::AssistantMove {
                    text: "e2e4".into(),
                },
            ),
            (3, lever(shakmaty::Color::White)),
            (
                4,
                Input::AssistantMove {
                    text: "e7e5".into(),
                },
            ),
            (5, lever(shakmaty::Color::Black)),
        ] {
            session.feed(Duration::from_secs(s), input).unwrap();
        }
    }
    forge::rewrite_record(&journal, 4, |_, input| {
        *input = input.replace("e7e5", "c7c5")
    });
    let mut flags = broker.table_flags("d");
    let key = flags
        .iter()
        .position(|f| f == "--key")
        .map(|i| std::path::PathBuf::from(&flags[i + 1]))
        .expect("the table's key flag");
    std::fs::copy(&key, out.join("table.key")).unwrap();
    let i = flags.iter().position(|f| f == "--key").unwrap();
    flags[i + 1] = out.join("table.key").display().to_string();
    let published = annabella_test_support::process::output_within(
        std::process::Command::new(BIN)
            .args(["hall", "publish", "--once", "--broker", &broker.url()])
            .args(["--table", "d", "--journal"])
            .arg(&journal)
            .args(&flags),
        Duration::from_secs(60),
    );
    let stderr = String::from_utf8_lossy(&published.stderr);
    assert_eq!(published.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("records 1-3 are at the broker"), "{stderr}");
    assert!(
        stderr.contains("record 4 is damaged (tampering"),
        "{stderr}"
    );
    let acked: serde_json::Value = serde_json::from_slice(
        &std::fs::read(out.join("game.journal.hall-outbox")).expect("the publish position"),
    )
    .unwrap();
    assert_eq!(acked["acked"].as_u64(), Some(3), "{acked}");
}

/// `annabella hall --log-format json` with its broker away, then there: standard error
/// holds JSON objects only (the pages' addresses, the refused connection as a warning,
/// the subscription), and `RUST_LOG` filters them.
#[test]
fn the_halls_log_is_json_objects_only_and_rust_log_filters_it() {
    use std::io::{BufRead as _, BufReader};
    let dir = tempfile::tempdir().unwrap();
    let broker = Broker::start(dir.path());
    // A port nobody listens on: the hall retries and says so.
    let away = format!("mqtt://127.0.0.1:{}", free_port());
    // The hall's standard error until every one of `until` has been on it.
    let run = |url: &str, rust_log: &str, until: &'static [&'static str]| -> Vec<String> {
        let mut child = Killed(
            std::process::Command::new(BIN)
                .args(["hall", "--log-format", "json", "--broker", url])
                .args(["--listen", "127.0.0.1:0", "--client-id", "log-test"])
                .arg("--tables")
                .arg(broker.tables())
                .args([
                    "--user",
                    annabella_hall_link::setup::HALL_USER,
                    "--password-file",
                ])
                .arg(broker.password_file(annabella_hall_link::setup::HALL_USER))
                .env("RUST_LOG", rust_log)
                .stdin(std::process::Stdio::null())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("start annabella hall"),
        );
        let stderr = child.0.stderr.take().unwrap();
        let reader = std::thread::spawn(move || {
            let mut lines: Vec<String> = Vec::new();
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                lines.push(line);
                if until.iter().all(|u| lines.iter().any(|l| l.contains(u))) {
                    break;
                }
            }
            lines
        });
        wait_for(Duration::from_secs(30), "the hall's lines", || {
            (reader.is_finished(), until)
        });
        drop(child);
        reader.join().unwrap()
    };
    let objects = |lines: &[String]| -> Vec<serde_json::Value> {
        lines
            .iter()
            .map(|l| match serde_json::from_str::<serde_json::Value>(l) {
                Ok(v) if v.is_object() => v,
                _ => panic!("not a JSON object on standard error: {l:?}\n{lines:#?}"),
            })
            .collect()
    };
    let message = |v: &serde_json::Value| {
        v["fields"]["message"]
            .as_str()
            .or(v["message"].as_str())
            .unwrap_or_default()
            .to_owned()
    };

    let lines = run(
        &away,
        "annabella=info",
        &["retrying", "live (DGT LiveChess"],
    );
    let events = objects(&lines);
    assert!(
        events.iter().any(|e| message(e).contains("hall: http://")),
        "the pages' address is an event: {lines:#?}"
    );
    let refused = events
        .iter()
        .find(|e| message(e).contains("retrying"))
        .expect("the broker's absence");
    assert_eq!(refused["level"], "WARN", "{refused}");

    let lines = run(
        &broker.url(),
        "annabella=info",
        &["subscribed to annabella/#"],
    );
    let subscribed = objects(&lines)
        .into_iter()
        .find(|e| message(e).contains("subscribed to annabella/#"))
        .unwrap();
    assert_eq!(subscribed["level"], "INFO", "{subscribed}");

    // RUST_LOG=warn: the warning only, no information.
    let lines = run(&away, "warn", &["retrying"]);
    let events = objects(&lines);
    assert!(
        events
            .iter()
            .all(|e| e["level"] == "WARN" || e["level"] == "ERROR"),
        "{lines:#?}"
    );
}

/// Issue 40, point 5: the real hall, restarted, never goes back in time. The table's
/// earlier signed view, captured from the broker, is published again as retained (with
/// the table's own broker password, as whoever read `table.toml` could) while the hall is
/// away; the restarted hall takes its kept views from `--accepted-file`, refuses the
/// replay with an alert, and keeps the game where it was.
#[test]
fn a_restarted_hall_never_goes_back_to_an_earlier_view_published_again() {
    let dir = tempfile::tempdir().unwrap();
    let broker = Broker::start(dir.path());
    let accepted = dir.path().join("accepted.json");
    let flags = ["--accepted-file", accepted.to_str().unwrap()];
    let hall = Hall::start(&broker, dir.path(), &flags);
    let out = dir.path().join("table-T");
    let mut table = Journalled::start(&broker, &out, "T");
    table.play(0..2);
    wait_for(Duration::from_secs(60), "two moves", || {
        let n = hall.moves("T").len();
        (n == 2, n)
    });
    // The retained view as anyone the broker lets read it gets it.
    let retained = || {
        let user = annabella_hall_link::setup::HALL_USER;
        let out = std::process::Command::new("mosquitto_sub")
            .args(["-u", user, "-P", &password_of(user), "-h", "127.0.0.1"])
            .args(["-p", &broker.port.to_string(), "-t", "annabella/view/T"])
            .args(["-C", "1", "-W", "10", "-N"])
            .output()
            .expect("mosquitto_sub");
        out.stdout
    };
    let old = retained();
    assert!(!old.is_empty(), "a retained view");
    let old_file = dir.path().join("old-view");
    std::fs::write(&old_file, &old).unwrap();
    table.play(2..8);
    wait_for(Duration::from_secs(60), "eight moves", || {
        let n = hall.moves("T").len();
        (n == 8, n)
    });
    let last = last_seq(&out);
    wait_for(
        Duration::from_secs(30),
        "the kept view of the last record",
        || {
            let kept: serde_json::Value = std::fs::read(&accepted)
                .ok()
                .and_then(|b| serde_json::from_slice(&b).ok())
                .unwrap_or_default();
            (kept["tables"]["T"]["seq"].as_u64() == Some(last), kept)
        },
    );
    let _ = table.stop();
    drop(hall);
    assert_ne!(retained(), old, "the table's own view is retained");
    broker.publish_file_retained_as(
        &annabella_hall_link::setup::table_user("T"),
        "annabella/view/T",
        &old_file,
    );
    assert_eq!(retained(), old, "the replay is what the broker keeps now");

    let hall = Hall::start(&broker, dir.path(), &flags);
    let api = wait_for(Duration::from_secs(30), "the replay alert", || {
        let (_, api) = hall.get("/api/hall");
        let api: serde_json::Value = serde_json::from_str(&api).unwrap_or_default();
        let ok = api["witness_alerts"]
            .as_array()
            .is_some_and(|a| a.iter().any(|w| w["table"] == "T" && w["replayed"] == true));
        (ok, api)
    });
    assert!(api["dropped"]["replayed"].as_u64() >= Some(1), "{api}");
    let t = api["tables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "T")
        .cloned()
        .unwrap();
    assert_eq!(t["moves"].as_array().unwrap().len(), 8, "not set back: {t}");
    assert_eq!(t["mark"][0].as_u64(), Some(last), "{t}");
    let (_, page) = hall.get("/");
    assert!(page.contains("earlier view replayed"), "{page}");
    // A kept file that is a symbolic link is refused at the start, naming it.
    drop(hall);
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(&accepted, &link).unwrap();
    let refused = std::process::Command::new(BIN)
        .args(["hall", "--broker", &broker.url(), "--tables"])
        .arg(broker.tables())
        .arg("--accepted-file")
        .arg(&link)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success(), "{stderr}");
    assert!(stderr.contains("--accepted-file"), "{stderr}");
}

/// Issue 40: the broker password's file is its owner's only; one the group or others may
/// read is refused at the start, naming the flag, the file and the fix.
#[test]
fn a_password_file_others_may_read_is_refused() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().unwrap();
    let password = dir.path().join("hall.password");
    std::fs::write(&password, "s3cret-for-the-broker\n").unwrap();
    std::fs::set_permissions(&password, std::fs::Permissions::from_mode(0o644)).unwrap();
    let tables = dir.path().join("tables.toml");
    std::fs::write(&tables, "[tables]\n").unwrap();
    let out = std::process::Command::new(BIN)
        .args([
            "hall",
            "--broker",
            "mqtt://127.0.0.1:1",
            "--listen",
            "127.0.0.1:0",
        ])
        .arg("--tables")
        .arg(&tables)
        .args(["--user", "annabella-hall", "--password-file"])
        .arg(&password)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(stderr.contains("--password-file"), "{stderr}");
    assert!(stderr.contains("mode 644"), "{stderr}");
    assert!(stderr.contains("chmod 600"), "{stderr}");
}

/// Another broker account (a table's, which the ACL lets read nothing of the hall's)
/// connecting again and again with the hall's and a table's client id: the shipped
/// configuration gives it its own user's name as client id, so the hall and the table
/// stay connected (no reconnect on either side, none closed by the broker), the attacker
/// gets nothing, and the next moves reach the hall at once.
#[test]
fn another_account_with_the_halls_or_a_tables_client_id_knocks_nobody_off() {
    let dir = tempfile::tempdir().unwrap();
    let broker = Broker::start(dir.path());
    let hall = Hall::start(&broker, dir.path(), &[]);
    let mut table = Journalled::start(&broker, &dir.path().join("table-b1"), "b1");
    table.play(0..2);
    wait_for(Duration::from_secs(60), "two moves at the hall", || {
        let n = hall.moves("b1").len();
        (n == 2, n)
    });
    let attacker = annabella_hall_link::setup::table_user("b2");
    for id in [
        "annabella-hall",
        "annabella-table-b1",
        "annabella-hall",
        "annabella-table-b1",
    ] {
        let sub = annabella_test_support::process::output_within(
            std::process::Command::new("mosquitto_sub")
                .args(["-h", "127.0.0.1", "-p", &broker.port.to_string()])
                .args(["-i", id, "-u", &attacker, "-P", &password_of(&attacker)])
                .args(["-t", "annabella/#", "-C", "1", "-W", "2", "-v"]),
            Duration::from_secs(20),
        );
        assert!(
            sub.stdout.is_empty(),
            "the attacker got {}",
            String::from_utf8_lossy(&sub.stdout)
        );
    }
    table.play(2..4);
    wait_for(
        Duration::from_secs(30),
        "the next moves at the hall",
        || {
            let n = hall.moves("b1").len();
            (n == 4, n)
        },
    );
    let log = broker.log();
    assert!(
        !log.contains("already connected, closing old connection"),
        "the broker closed a client for another's id:\n{log}"
    );
    assert!(
        log.contains(&format!("as {attacker} ")),
        "the attacker's connection took its user's name:\n{log}"
    );
    let err = table.stop();
    assert!(
        !err.contains("retrying"),
        "the table lost its connection:\n{err}"
    );
    let hall_log = hall.log.lock().unwrap().join("\n");
    assert!(
        !hall_log.contains("retrying"),
        "the hall lost its connection:\n{hall_log}"
    );
}

/// A journal of `moves` moves for a table at `out` (no publisher).
fn journal_of(out: &std::path::Path, moves: usize) -> std::path::PathBuf {
    use annabella_table::{Input, TableConfig};
    std::fs::create_dir_all(out).unwrap();
    let journal = out.join("game.journal");
    let config = TableConfig {
        vi_color: shakmaty::Color::Black,
        ..TableConfig::default()
    };
    let (mut session, _) = Session::open_with(&journal, config, None).unwrap();
    session.feed(Duration::ZERO, Input::Start).unwrap();
    for (ply, text) in BROKER_GAME.iter().take(moves).enumerate() {
        let side = if ply % 2 == 0 {
            shakmaty::Color::White
        } else {
            shakmaty::Color::Black
        };
        let now = 2 * ply as u64 + 1;
        session
            .feed(
                Duration::from_secs(now),
                Input::AssistantMove {
                    text: (*text).to_owned(),
                },
            )
            .unwrap();
        session
            .feed(Duration::from_secs(now + 1), Input::Lever { side })
            .unwrap();
    }
    journal
}

/// `hall publish --once` as table L's key with the wrong flags, one at a time: the user
/// of table T (whose ACL refuses L's topics: under MQTT 5 the PUBACK says so), a wrong
/// password, a broker nobody answers at. Each ends with one clear error and counts
/// nothing as at the broker; the right user afterwards publishes every record from the
/// first, the position kept with the broker and user it belongs to.
#[test]
fn publish_once_counts_only_what_the_broker_kept_and_ends_when_it_refuses_or_is_away() {
    let dir = tempfile::tempdir().unwrap();
    let broker = Broker::start(dir.path());
    let out = dir.path().join("table-L");
    let journal = journal_of(&out, 4);
    let last = last_seq(&out);
    let position = out.join("game.journal.hall-outbox");
    let publish = |url: &str, user: &str, password: &std::path::Path, extra: &[&str]| {
        let started = std::time::Instant::now();
        let o = annabella_test_support::process::output_within(
            std::process::Command::new(BIN)
                .args(["hall", "publish", "--once", "--broker", url, "--table", "L"])
                .arg("--journal")
                .arg(&journal)
                .arg("--key")
                .arg(broker.key("L"))
                .args(["--user", user, "--password-file"])
                .arg(password)
                .args(extra),
            Duration::from_secs(60),
        );
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
            started.elapsed(),
        )
    };
    let table_user = annabella_hall_link::setup::table_user;
    let (table_l, table_t) = (table_user("L"), table_user("T"));
    let (code, err, _) = publish(
        &broker.url(),
        &table_t,
        &broker.password_file(&table_t),
        &[],
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("refused record 1's message on annabella/")
            && err.contains("not authorised")
            && err.contains("records 1-0 are at the broker"),
        "{err}"
    );
    let acked = std::fs::read(&position)
        .ok()
        .and_then(|b| serde_json::from_slice::<serde_json::Value>(&b).ok())
        .and_then(|p| p["acked"].as_u64())
        .unwrap_or(0);
    assert_eq!(acked, 0, "nothing refused counts as at the broker");

    let wrong = dir.path().join("wrong-password");
    std::fs::write(&wrong, "not-the-password\n").unwrap();
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&wrong, std::fs::Permissions::from_mode(0o600)).unwrap();
    }
    let (code, err, took) = publish(&broker.url(), &table_l, &wrong, &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("refused the table's connection: ") && err.contains("password"),
        "{err}"
    );
    assert!(
        took < Duration::from_secs(20),
        "ends at the refusal: {took:?}"
    );

    let nobody = format!("mqtt://127.0.0.1:{}", free_port());
    let (code, err, took) = publish(
        &nobody,
        &table_l,
        &broker.password_file(&table_l),
        &["--away", "1"],
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("could not be reached for 1 s"), "{err}");
    assert!(took < Duration::from_secs(20), "a bounded wait: {took:?}");

    let (code, err, _) = publish(
        &broker.url(),
        &table_l,
        &broker.password_file(&table_l),
        &[],
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains(&format!("records 1-{last} are at the broker")),
        "{err}"
    );
    let kept: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&position).unwrap()).unwrap();
    assert_eq!(kept["acked"].as_u64(), Some(last), "{kept}");
    let link = kept["link"].as_str().unwrap_or_default();
    assert!(
        link.contains(&format!(":{}", broker.port)) && link.contains(&table_l),
        "{kept}"
    );
}

/// The entry of table `name` in the test broker's tables file.
fn tables_entry_of(all: &str, name: &str) -> String {
    let head = format!("[tables.\"{name}\"]\n");
    let start = all.find(&head).expect("the table's entry");
    let rest = &all[start + head.len()..];
    let end = rest.find("[tables.").unwrap_or(rest.len());
    format!("{head}{}", &rest[..end])
}

/// A table added to the hall's tables file between rounds is believed without a restart
/// of the hall: the view it published before was refused, the hall asks the broker again
/// once the file names it, and its game is in the round's PGN. A file saved broken is
/// named once and the tables the hall has are kept; a table no longer listed is said.
#[test]
fn a_table_added_to_the_tables_file_is_believed_without_restarting_the_hall() {
    let dir = tempfile::tempdir().unwrap();
    let broker = Broker::start(dir.path());
    let all = std::fs::read_to_string(broker.tables()).unwrap();
    let (one, two) = (tables_entry_of(&all, "1"), tables_entry_of(&all, "2"));
    std::fs::write(broker.tables(), &one).unwrap();
    let hall = Hall::start(&broker, dir.path(), &[]);
    let out = dir.path().join("table-2");
    finish(demo(&broker, &out, "2"), Duration::from_secs(120));
    wait_for(Duration::from_secs(30), "table 2 refused", || {
        let rejected = hall.news("rejected");
        (!rejected.is_empty(), rejected)
    });
    assert!(hall.moves("2").is_empty(), "nothing of table 2 is believed");

    // Saved with a broken key: named, and the hall keeps what it has.
    std::fs::write(
        broker.tables(),
        format!("{one}[tables.\"2\"]\npublic_key = \"zz\"\n"),
    )
    .unwrap();
    let said = "tables.\"2\".public_key";
    wait_for(Duration::from_secs(30), "the broken file named", || {
        let log = hall.log.lock().unwrap().join("\n");
        (
            log.contains(said) && log.contains("keeps the tables it has"),
            log,
        )
    });

    // Table 2 listed, table 1 no longer: table 2's game comes in from its kept view.
    std::fs::write(broker.tables(), &two).unwrap();
    wait_for(Duration::from_secs(30), "the tables read again", || {
        let log = hall.log.lock().unwrap().join("\n");
        let read = log.contains("1 table; new: \"2\"; no longer listed: \"1\"");
        (read, log)
    });
    wait_for_round(&hall, &[("2".to_owned(), out)]);
    let log = hall.log.lock().unwrap().join("\n");
    assert_eq!(log.matches(said).count(), 1, "named once:\n{log}");
}
