//! A real table in the hall: `annabella play --config` with `[hall]` publishes its
//! journal to a real mosquitto and takes the hall's signed arbiter actions, journalled
//! with who acted; forged, misdirected, malformed, huge and replayed actions (also after
//! a station restart) are refused. TLS to the broker with a certificate made here by the
//! `openssl` command: publishing works with the right CA, a wrong CA is refused by name.

mod hall_support;

use std::{
    path::Path,
    process::{Command, Stdio},
    time::{Duration, SystemTime, UNIX_EPOCH},
};

use annabella_hall_wire::{ActionBody, ActionKey, action::sign};
use annabella_table::ArbiterAction;
use hall_support::*;

fn key(hex: &str) -> ActionKey {
    hex.parse().unwrap()
}

/// A nonce above every one the hall has sent so far (the hall counts from the time).
fn fresh_nonce() -> u64 {
    let ms = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis();
    u64::try_from(ms).unwrap() * 1000 + 999
}

fn body(table: &str, nonce: u64, by: &str, action: ArbiterAction) -> ActionBody {
    ActionBody {
        table: table.parse().expect("a table name"),
        nonce,
        sent_ms: nonce / 1000,
        by: by.into(),
        what: "resume the clocks (test)".into(),
        action: action.into(),
        protocol: annabella_hall_wire::message::PROTOCOL,
    }
}

fn publish(broker: &Broker, dir: &Path, table: &str, payload: &[u8]) {
    let file = dir.join("payload.json");
    std::fs::write(&file, payload).unwrap();
    broker.publish_file(&format!("annabella/action/{table}"), &file);
}

/// The hall's view of `table` (its last published state).
fn hall_view(hall: &Hall, table: &str) -> serde_json::Value {
    let (_, api) = hall.get("/api/hall");
    let api: serde_json::Value = serde_json::from_str(&api).unwrap_or_default();
    api["tables"]
        .as_array()
        .and_then(|ts| ts.iter().find(|t| t["name"] == table).cloned())
        .map(|t| t["state"]["view"].clone())
        .unwrap_or_default()
}

fn journal_arbiter_actions(journal: &Path) -> Vec<serde_json::Value> {
    let out = Command::new(BIN)
        .args(["journal", "replay", "--json"])
        .arg(journal)
        .stderr(Stdio::inherit())
        .output()
        .unwrap();
    assert!(out.status.success(), "journal replay");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["arbiter_actions"].as_array().cloned().unwrap_or_default()
}

#[test]
fn play_publishes_to_the_hall_and_takes_only_its_signed_actions() {
    let dir = tempfile::tempdir().unwrap();
    let broker = Broker::start(dir.path());
    let hall = Hall::start(&broker, dir.path(), &["--action-key", &format!("7={KEY}")]);
    let config = hall_table(dir.path(), &broker, "7", "");
    let journal = dir.path().join("records/game.journal");

    let mut play = Play::start(&config);
    play.wait_log(
        Duration::from_secs(30),
        "taking signed arbiter actions on annabella/action/7",
    );
    play.say(
        "wait 800\nstart\nwait 300\nBauer Eva vier\npeg: move e2e4\nwait 900\nclock: lever white\n",
    );
    wait_for(Duration::from_secs(60), "the move reaches the hall", || {
        let moves = hall.moves("7");
        (moves == [(1, "e4".to_owned())], moves)
    });

    // The chief arbiter pauses the clocks from the hall page.
    let status = post_form(
        &hall.addr,
        "/action",
        &[
            ("token", hall.token.as_str()),
            ("by", "Chief Arbiter"),
            ("table", "7"),
            ("action", "pause"),
        ],
    );
    assert_eq!(
        status, 303,
        "the hall sends the action and shows the page again"
    );
    let paused = wait_for(
        Duration::from_secs(20),
        "the table journals the pause",
        || {
            let inputs = play.inputs_by("hall:Chief Arbiter");
            (!inputs.is_empty(), inputs)
        },
    );
    assert_eq!(paused[0]["input"]["action"]["action"], "pause");
    assert!(paused[0]["refused"].is_null(), "{paused:?}");
    wait_for(
        Duration::from_secs(20),
        "the hall sees the table paused",
        || {
            let view = hall_view(&hall, "7");
            (view["paused"] == true, view)
        },
    );

    // Forged, misdirected, malformed and huge messages are refused.
    let right = key(KEY);
    let wrong = key("ffeeddccbbaa99887766554433221100");
    let nonce = fresh_nonce();
    let forged = sign(&wrong, &body("7", nonce, "Mallory", ArbiterAction::Resume)).unwrap();
    publish(&broker, dir.path(), "7", &forged);
    play.wait_log(Duration::from_secs(20), "the signature does not match");
    let other = sign(&right, &body("8", nonce, "Mallory", ArbiterAction::Resume)).unwrap();
    publish(&broker, dir.path(), "7", &other);
    play.wait_log(Duration::from_secs(20), "is for table \"8\", not \"7\"");
    publish(&broker, dir.path(), "7", b"{\"pause\": true}");
    play.wait_log(Duration::from_secs(20), "not a signed action");
    publish(&broker, dir.path(), "7", &vec![b'x'; 100_000]);
    play.wait_log(Duration::from_secs(20), "more than an action has");
    assert!(
        play.inputs_by("hall:Mallory").is_empty(),
        "nothing forged is journalled"
    );

    // A signed action is taken once; the same message again is a replay.
    let resume = sign(
        &right,
        &body("7", nonce, "Test Arbiter", ArbiterAction::Resume),
    )
    .unwrap();
    publish(&broker, dir.path(), "7", &resume);
    wait_for(
        Duration::from_secs(20),
        "the table journals the resume",
        || {
            let inputs = play.inputs_by("hall:Test Arbiter");
            (inputs.len() == 1, inputs)
        },
    );
    wait_for(
        Duration::from_secs(20),
        "the hall sees the clocks run again",
        || {
            let view = hall_view(&hall, "7");
            (view["paused"] == false, view)
        },
    );
    publish(&broker, dir.path(), "7", &resume);
    let replayed = format!("nonce {nonce} is not above the last one accepted ({nonce})");
    play.wait_log(Duration::from_secs(20), &replayed);
    let log = play.quit(Duration::from_secs(30));
    assert!(
        log.contains("are at the broker"),
        "the outbox drained:\n{log}"
    );

    // Restarted, the station still refuses the replayed message (the nonce is journalled).
    let mut again = Play::start(&config);
    again.wait_log(
        Duration::from_secs(30),
        "taking signed arbiter actions on annabella/action/7",
    );
    publish(&broker, dir.path(), "7", &resume);
    again.wait_log(Duration::from_secs(20), &replayed);
    again.say("");
    let _ = again.quit(Duration::from_secs(30));

    let actions = journal_arbiter_actions(&journal);
    let by = |who: &str| {
        actions
            .iter()
            .filter(|a| a["by"] == who)
            .map(|a| a["what"].as_str().unwrap_or_default().to_owned())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        by("hall:Chief Arbiter"),
        ["pause the clocks (from the hall)"]
    );
    assert_eq!(
        by("hall:Test Arbiter"),
        ["resume the clocks (test)"],
        "once"
    );
    assert!(by("hall:Mallory").is_empty());
    let notes = by("hall");
    assert!(
        !notes.is_empty() && notes.iter().all(|n| n.contains("was refused")),
        "refusals are noted for the console: {notes:?}"
    );
}

/// Issue 39, item 1: the hall confirms a table's result. Its card has the button only
/// once the game is over and only where the hall holds the table's key; pressed, the
/// table writes the game's records and goes on to the next game in `game-2/`, and the
/// hall's message is never taken again in that next game.
#[test]
fn the_hall_confirms_a_result_and_the_table_goes_on_to_the_next_game() {
    let dir = tempfile::tempdir().unwrap();
    let broker = Broker::start(dir.path());
    let hall = Hall::start(&broker, dir.path(), &["--action-key", &format!("5={KEY}")]);
    let config = hall_table(dir.path(), &broker, "5", "");
    let mut play = Play::start(&config);
    play.wait_log(
        Duration::from_secs(30),
        "taking signed arbiter actions on annabella/action/5",
    );
    play.say(
        "wait 800\nstart\nwait 300\nBauer Eva vier\npeg: move e2e4\nwait 900\nclock: lever white\n",
    );
    wait_for(Duration::from_secs(60), "the move reaches the hall", || {
        let moves = hall.moves("5");
        (moves == [(1, "e4".to_owned())], moves)
    });
    let page = format!("/arbiter?token={}&by=Chief%20Arbiter", hall.token);
    let button = r#"value="next-game""#;
    assert!(
        !hall.get(&page).1.contains(button),
        "not while the game runs"
    );
    let form = |action: &str| {
        post_form(
            &hall.addr,
            "/action",
            &[
                ("token", hall.token.as_str()),
                ("by", "Chief Arbiter"),
                ("table", "5"),
                ("action", action),
                ("result", "1-0"),
            ],
        )
    };
    assert_eq!(form("declare-result"), 303);
    let card = wait_for(Duration::from_secs(30), "the button on the card", || {
        let (_, body) = hall.get(&page);
        (body.contains(button), body)
    });
    assert!(
        card.contains("Confirm the result and start the next game at table 5"),
        "{card}"
    );
    assert!(!hall.get("/").1.contains(button), "spectators have none");
    assert_eq!(form("next-game"), 303);
    play.wait_log(
        Duration::from_secs(30),
        "hall:Chief Arbiter: Das Ergebnis ist bestätigt",
    );
    play.wait_log(Duration::from_secs(30), "Partie 1 ist beendet: 1-0");
    let second = dir.path().join("records/game-2/game.journal");
    wait_for(Duration::from_secs(30), "the next game's journal", || {
        (second.is_file(), ())
    });
    play.say("wait 800\nstart\nwait 500\n");
    let log = play.quit(Duration::from_secs(30));
    assert!(
        !log.contains("noch nicht beendet"),
        "the confirmation was taken once:\n{log}"
    );
    let pgn = std::fs::read_to_string(dir.path().join("records/game.pgn")).unwrap();
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
}

#[test]
fn a_retained_two_mib_action_does_not_deafen_the_tables_action_link() {
    let dir = tempfile::tempdir().unwrap();
    // A broker that takes any size (the shipped configuration would refuse it).
    let broker = Broker::start_with_limit(dir.path(), 0);
    let huge = dir.path().join("huge");
    std::fs::write(&huge, vec![b'x'; 2 * 1024 * 1024]).unwrap();
    broker.publish_file_retained_as(
        annabella_hall_link::setup::HALL_USER,
        "annabella/action/9",
        &huge,
    );
    let config = hall_table(dir.path(), &broker, "9", "");
    let mut play = Play::start(&config);
    play.wait_log(
        Duration::from_secs(30),
        "taking signed arbiter actions on annabella/action/9",
    );
    play.say("wait 500\nstart\n");
    let pause = sign(
        &key(KEY),
        &body("9", fresh_nonce(), "Test Arbiter", ArbiterAction::Pause),
    )
    .unwrap();
    publish(&broker, dir.path(), "9", &pause);
    wait_for(
        Duration::from_secs(20),
        "the table journals the later action",
        || {
            let inputs = play.inputs_by("hall:Test Arbiter");
            (inputs.len() == 1, inputs)
        },
    );
    let log = play.quit(Duration::from_secs(30));
    assert!(
        !log.contains("hall actions: broker"),
        "the action link was never knocked off the broker:\n{log}"
    );
}

/// Makes a CA and a certificate for 127.0.0.1 signed by it, with the `openssl` command.
fn certificates(dir: &Path) {
    let openssl = |args: &[&str]| {
        let status = Command::new("openssl")
            .args(args)
            .current_dir(dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("openssl (Debian package openssl; scripts/setup.sh installs it)");
        assert!(status.success(), "openssl {args:?}");
    };
    let ec = [
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
    ];
    for ca in ["ca", "other-ca"] {
        let subject = format!("/CN=annabella test {ca}");
        let (key, pem) = (format!("{ca}.key"), format!("{ca}.pem"));
        let mut args = vec!["req", "-x509"];
        args.extend(ec);
        args.extend([
            "-keyout",
            key.as_str(),
            "-out",
            pem.as_str(),
            "-days",
            "2",
            "-subj",
            subject.as_str(),
        ]);
        openssl(&args);
    }
    let mut args = vec!["req"];
    args.extend(ec);
    args.extend([
        "-keyout",
        "broker.key",
        "-out",
        "broker.csr",
        "-subj",
        "/CN=127.0.0.1",
    ]);
    openssl(&args);
    std::fs::write(dir.join("san.cnf"), "subjectAltName=IP:127.0.0.1\n").unwrap();
    openssl(&[
        "x509",
        "-req",
        "-in",
        "broker.csr",
        "-CA",
        "ca.pem",
        "-CAkey",
        "ca.key",
        "-CAcreateserial",
        "-out",
        "broker.pem",
        "-days",
        "2",
        "-extfile",
        "san.cnf",
    ]);
    // mosquitto reads the key as its own user.
    for f in ["broker.key", "broker.pem"] {
        std::fs::set_permissions(
            dir.join(f),
            std::os::unix::fs::PermissionsExt::from_mode(0o644),
        )
        .unwrap();
    }
}

fn hall_publish(broker: &Broker, journal: &Path, ca: &Path) -> Command {
    let mut c = Command::new(BIN);
    c.args([
        "hall",
        "publish",
        "--once",
        "--broker",
        &broker.url(),
        "--table",
        "T",
    ])
    .arg("--journal")
    .arg(journal)
    .arg("--ca")
    .arg(ca)
    .args(broker.table_flags("T"));
    c
}

#[test]
fn tls_to_the_broker_works_with_its_ca_and_a_wrong_ca_is_refused() {
    use annabella_station::session::Session;
    use annabella_table::{Input, SightedCommand, TableConfig};

    let dir = tempfile::tempdir().unwrap();
    certificates(dir.path());
    let broker = Broker::start_tls(
        dir.path(),
        &dir.path().join("broker.pem"),
        &dir.path().join("broker.key"),
    );
    let ca = dir.path().join("ca.pem");
    let hall = Hall::start(&broker, dir.path(), &["--ca", ca.to_str().unwrap()]);

    let journal = dir.path().join("T.journal");
    let (mut session, _) = Session::open(&journal, TableConfig::default()).unwrap();
    session.feed(Duration::from_secs(1), Input::Start).unwrap();
    session
        .feed(
            Duration::from_secs(2),
            Input::Sighted(SightedCommand::CallArbiter),
        )
        .unwrap();
    drop(session);

    // A wrong CA: the broker's certificate is refused, and the log says why.
    let wrong = dir.path().join("other-ca.pem");
    let mut refused = Killed(
        hall_publish(&broker, &journal, &wrong)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let stderr = refused.0.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        use std::io::BufRead;
        std::io::BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
            .find(|l| l.contains("hall outbox: broker"))
    });
    wait_for(Duration::from_secs(30), "the wrong CA is reported", || {
        (reader.is_finished(), ())
    });
    let line = reader.join().unwrap().unwrap_or_default();
    assert!(
        line.contains("certificate") && line.contains("other-ca.pem"),
        "the refusal names the certificate and the CA file: {line}"
    );
    drop(refused);

    // The right CA: every record reaches the hall over TLS.
    let out = hall_publish(&broker, &journal, &ca).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("records 1-2 are at the broker"), "{err}");
    wait_for(
        Duration::from_secs(20),
        "the hall gets the alert over TLS",
        || {
            let alerts = hall.news("alert");
            (alerts.iter().any(|a| a["table"] == "T"), alerts)
        },
    );
}

/// `annabella doctor --json --config …`: its `hall` check.
fn doctor_hall_check(config: &Path) -> serde_json::Value {
    let out = Command::new(BIN)
        .args(["doctor", "--json", "--config"])
        .arg(config)
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .find(|c| c["check"] == "hall")
        .unwrap_or_else(|| panic!("no hall check: {}", String::from_utf8_lossy(&out.stdout)))
}

#[test]
fn doctor_checks_that_the_halls_broker_answers() {
    let dir = tempfile::tempdir().unwrap();
    let mut broker = Broker::start(dir.path());
    let config = hall_table(dir.path(), &broker, "5", "");

    let up = doctor_hall_check(&config);
    assert_eq!(up["status"], "ok", "{up}");
    assert!(
        up["detail"]
            .as_str()
            .unwrap()
            .contains(&broker.port.to_string()),
        "{up}"
    );

    broker.kill9();
    let down = doctor_hall_check(&config);
    assert_eq!(down["status"], "fail", "{down}");
    let detail = down["detail"].as_str().unwrap();
    assert!(
        detail.contains(&format!("mqtt://127.0.0.1:{}", broker.port)),
        "the broker's address is named: {down}"
    );
    assert!(
        down["fix"].as_str().unwrap().contains("[hall] broker"),
        "{down}"
    );
}
