//! The arbiter's web console on a live table, in headless Chromium (Debian's chromium +
//! chromedriver via fantoccini): `annabella demo --console` plays a script in which the
//! VI player copies 1... e5 as e7-e6 on the peg board (real simulators over ptys, real
//! serial code, real SQLite journal). The page shows the discrepancy and the D.2.9 plan;
//! spectators and requests without the token cannot act; the arbiter carries out the
//! plan; both boards agree afterwards on the page, in `/api/view` and in the journal,
//! whose replay rebuilds the same table and names who acted. Screenshots:
//! `target/console-screenshots/live-*.png` (the path is printed).
//!
//! FAILS (never skips) when chromium or chromedriver is missing.

use std::{
    io::{BufRead, BufReader, Write},
    path::Path,
    process::{ChildStdin, Command, Stdio},
    sync::mpsc,
    time::{Duration, Instant},
};

use annabella_test_support::process::Killed;
use annabella_test_support::{
    axe,
    browser::{self, board_pieces, count, screenshot, text, wait_for_css, wait_for_text},
    http::{body_of, exchange as http},
    process::wait_within,
    wait::wait_for,
};
use fantoccini::Locator;

/// How long a page element may take to appear.
const PAGE_LIMIT: Duration = Duration::from_secs(20);
/// How long a table may take to stop once its keyboard (stdin) is closed.
const STOP_LIMIT: Duration = Duration::from_secs(30);

fn api_view(addr: &str) -> serde_json::Value {
    let (code, text) = http(
        addr,
        &format!("GET /api/view HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
    );
    assert_eq!(code, 200, "{text}");
    let body = body_of(&text);
    serde_json::from_str(body).unwrap_or_else(|e| panic!("/api/view: {e}: {body}"))
}

fn post_json(addr: &str, auth: Option<&str>, body: &str) -> u16 {
    let auth = auth.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
    http(
        addr,
        &format!(
            "POST /api/requests HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        ),
    )
    .0
}

/// The running demo: its console address, token, stdin (closing it ends the demo) and
/// the stderr lines as they come.
struct Demo {
    child: Killed,
    stdin: Option<ChildStdin>,
    addr: String,
    token: String,
    stderr: mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Demo {
    fn start(out: &Path) -> Demo {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/peg-discrepancy.txt");
        let mut child = Command::new(env!("CARGO_BIN_EXE_annabella"))
            .args(["demo", "--text", "--console", "127.0.0.1:0", "--script"])
            .arg(&script)
            .arg("--out")
            .arg(out)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start annabella demo");
        let stdin = child.stdin.take();
        let stderr = child.stderr.take().expect("stderr");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut demo = Demo {
            child: Killed(child),
            stdin,
            addr: String::new(),
            token: String::new(),
            stderr: rx,
            seen: Vec::new(),
        };
        let console = demo.wait_line("console: http://");
        demo.addr = console
            .strip_prefix("console: http://")
            .and_then(|r| r.strip_suffix("/ (read-only)"))
            .unwrap_or_else(|| panic!("console line: {console}"))
            .to_owned();
        let token = demo.wait_line("token: ");
        demo.token = token["token: ".len()..].to_owned();
        demo
    }

    fn wait_line(&mut self, prefix: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.stderr.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    // The station's lines are log events: `annabella: ` before the first.
                    let line = line.strip_prefix("annabella: ").unwrap_or(&line).to_owned();
                    if line.starts_with(prefix) {
                        return line;
                    }
                }
                Err(_) => panic!("no line {prefix:?} from the demo; stderr: {:#?}", self.seen),
            }
        }
    }
}

fn replay(journal: &Path) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(["journal", "replay", "--json"])
        .arg(journal)
        .output()
        .expect("journal replay");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("replay JSON")
}

fn placement(fen: &str) -> &str {
    fen.split_whitespace().next().unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn arbiter_reconciles_the_live_boards_in_the_browser() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("table");
    let mut demo = Demo::start(&out);
    let addr = demo.addr.clone();
    assert!(
        addr.starts_with("127.0.0.1:"),
        "localhost by default: {addr}"
    );
    demo.wait_line("demo: script done");

    // The discrepancy as observed, before anyone acts.
    let view = api_view(&addr);
    assert_eq!(view["moves"]["vi"], serde_json::json!(["e4", "e5"]));
    assert_ne!(view["boards"]["vi"], view["boards"]["sighted"], "{view}");
    assert_eq!(view["plan"]["case"], "scoresheets-agree", "{view}");

    let (_driver, client) = browser::start(1280, 2400).await;

    // The players' / spectators' view: the discrepancy, no way to act.
    client
        .goto(&format!("http://{addr}/"))
        .await
        .expect("open the read-only view");
    assert_eq!(count(&client, "form").await, 0, "no forms for spectators");
    assert_eq!(
        count(&client, "button").await,
        0,
        "no buttons for spectators"
    );
    assert_eq!(count(&client, "svg#board-vi rect.differs").await, 2);
    assert_eq!(count(&client, "svg#board-sighted rect.differs").await, 2);
    let diffs = text(&client, "#differences").await;
    assert!(
        diffs.contains("e5: Brett des Sehbehinderten leer, Brett des Sehenden schwarzer Bauer"),
        "{diffs}"
    );
    assert!(
        diffs.contains("e6: Brett des Sehbehinderten schwarzer Bauer, Brett des Sehenden leer"),
        "{diffs}"
    );
    assert!(
        count(&client, "[aria-live=assertive]").await >= 1,
        "alerts live region"
    );
    screenshot(&client, "live-1-spectator-discrepancy.png").await;
    axe::assert_accessible(&client, "the live table's spectator view").await;

    // Without the token nothing is carried out.
    let target_fen = view["plan"]["target_fen"]
        .as_str()
        .expect("target")
        .to_owned();
    let body = format!(r#"{{"by":"Intruder","action":"apply-plan","target_fen":"{target_fen}"}}"#);
    assert_eq!(post_json(&addr, None, &body), 403, "no token");
    assert_eq!(
        post_json(&addr, Some("wrong-token-123"), &body),
        403,
        "wrong token"
    );
    let form = format!(
        "action=apply-plan&by=Intruder&target_fen={}",
        target_fen.replace(' ', "+").replace('/', "%2F")
    );
    let (code, _) = http(
        &addr,
        &format!(
            "POST /action HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://{addr}\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{form}",
            form.len()
        ),
    );
    assert!(matches!(code, 401 | 403), "form without token: {code}");
    // Refused at the door: the station never sees it (the log checked after the arbiter's
    // own action, which the station handles after anything earlier, has no Intruder).
    assert_ne!(
        api_view(&addr)["boards"]["vi"],
        api_view(&addr)["boards"]["sighted"],
        "still differ"
    );

    // The arbiter, signed in with the token.
    client
        .goto(&format!(
            "http://{addr}/arbiter?token={}&by=IA%20Weber",
            demo.token
        ))
        .await
        .expect("open the arbiter console");
    // The demo's table is German: the plan in German, no internal case name.
    let case = text(&client, "#plan-case").await;
    assert!(case.starts_with("Die Partieformulare stimmen"), "{case}");
    assert!(!case.contains("scoresheets-agree"), "{case}");
    let steps = text(&client, "ol.steps[data-board=vi]").await;
    assert_eq!(steps, "Setzen Sie den schwarzen Bauern von e6 nach e5.");
    assert_eq!(
        count(&client, "ol.steps[data-board=sighted]").await,
        0,
        "the sighted board is right"
    );
    screenshot(&client, "live-2-arbiter-plan.png").await;
    axe::assert_accessible(&client, "the live table's arbiter view").await;
    client
        .find(Locator::XPath(
            "//button[normalize-space()='Abgleich ausführen']",
        ))
        .await
        .expect("the plan button")
        .click()
        .await
        .expect("click");

    // The station journals the action, the arbiter's hands (the simulators) move the
    // pawn, the peg board reports it over its serial line, the page updates.
    wait_for_css(&client, "#boards-agree", PAGE_LIMIT).await;
    assert_eq!(count(&client, "rect.differs").await, 0);
    wait_for_css(&client, "#no-plan", PAGE_LIMIT).await;
    let vi = board_pieces(&client, "vi").await;
    assert_eq!(vi.len(), 32);
    assert_eq!(
        vi,
        board_pieces(&client, "sighted").await,
        "both boards agree on the page"
    );
    assert!(
        vi.contains(&("e5".into(), "p".into())),
        "the pawn is on e5: {vi:?}"
    );
    screenshot(&client, "live-3-boards-agree.png").await;

    // A form action on the live table: the clocks stop, the page says so.
    client
        .find(Locator::XPath(
            "//button[normalize-space()='Uhren anhalten']",
        ))
        .await
        .expect("the pause button")
        .click()
        .await
        .expect("click");
    wait_for_text(
        &client,
        "#result",
        "Die Uhren sind vom Schiedsrichter angehalten.",
        PAGE_LIMIT,
    )
    .await;
    client.close().await.expect("close");

    let view = api_view(&addr);
    assert_eq!(view["boards"]["vi"], view["boards"]["sighted"], "{view}");
    assert!(view["plan"].is_null(), "{view}");
    let log = view["log"].to_string();
    assert!(
        log.contains("IA Weber: carry out the reconciliation plan"),
        "{log}"
    );
    assert!(!log.contains("Intruder"), "{log}");

    // End the demo; the journal's replay is the same table, with who acted.
    drop(demo.stdin.take());
    wait_within(&mut demo.child.0, STOP_LIMIT, "the demo after stdin closed");
    let replayed = replay(&out.join("game.journal"));
    assert_eq!(replayed["moves"], serde_json::json!(["e4", "e5"]));
    assert_eq!(replayed["peg_in_sync"], true, "{replayed}");
    assert_eq!(replayed["sighted_in_sync"], true, "{replayed}");
    assert_eq!(
        replayed["sighted_board"].as_str(),
        Some(placement(replayed["fen"].as_str().expect("fen")))
    );
    assert_eq!(
        Some(placement(replayed["fen"].as_str().expect("fen"))),
        view["boards"]["vi"].as_str(),
        "the replayed game position is the board the page showed"
    );
    let actions = replayed["arbiter_actions"]
        .as_array()
        .expect("arbiter actions");
    assert_eq!(actions.len(), 2, "{actions:?}");
    assert_eq!(actions[0]["by"], "IA Weber");
    assert!(
        actions[0]["what"]
            .as_str()
            .is_some_and(|w| w.starts_with("carry out the reconciliation plan")),
        "{actions:?}"
    );
    assert_eq!(actions[1]["by"], "IA Weber");
    assert_eq!(actions[1]["what"], "pause the clocks");
    assert_eq!(replayed["paused"], true, "{replayed}");
}

fn wait_view(addr: &str, what: &str, ok: impl Fn(&serde_json::Value) -> bool) -> serde_json::Value {
    wait_for(
        Duration::from_secs(20),
        &format!("{what} never showed"),
        || {
            let v = api_view(addr);
            (ok(&v), v)
        },
    )
}

#[test]
fn play_serves_the_console_of_its_table_and_journals_who_acted() {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = dir.path().join("table.toml");
    std::fs::write(
        &config,
        "[game]\ntime_control = \"300+2\"\n[devices]\npeg_board = \"sim\"\ndgt = \"sim\"\nclock = \"sim\"\n\
         [voice.vi]\nbackend = \"text\"\n[voice.sighted]\nbackend = \"text\"\n[records]\ndir = \"rec\"\n\
         [console]\nlisten = \"127.0.0.1:0\"\ntable = \"Board 4\"\n",
    )
    .expect("config");
    let mut child = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(["play", "--json", "--config"])
        .arg(&config)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start annabella play");
    let mut stdin = child.stdin.take();
    let stderr = child.stderr.take().expect("stderr");
    let mut child = Killed(child);
    let mut lines = BufReader::new(stderr).lines().map_while(Result::ok);
    let mut seen = Vec::new();
    let mut line_with = |prefix: &str| loop {
        let line = lines
            .next()
            .unwrap_or_else(|| panic!("no {prefix:?} line; stderr: {seen:#?}"));
        seen.push(line.clone());
        let line = line.strip_prefix("annabella: ").unwrap_or(&line).to_owned();
        if line.starts_with(prefix) {
            return line;
        }
    };
    let addr = line_with("console: http://")
        .trim_start_matches("console: http://")
        .trim_end_matches("/ (read-only)")
        .to_owned();
    let token = line_with("token: ")["token: ".len()..].to_owned();
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");

    writeln!(stdin.as_mut().expect("stdin"), "start").expect("start line");
    let v = wait_view(&addr, "the running clock", |v| {
        v["clocks"]["running"] == "white"
    });
    assert_eq!(v["table"], "Board 4");
    assert_eq!(v["vi_plays"], "white");

    let pause = r#"{"by":"IA Weber","action":"pause"}"#;
    assert_eq!(post_json(&addr, None, pause), 403, "no token, no action");
    assert_eq!(post_json(&addr, Some(&token), pause), 202);
    let v = wait_view(&addr, "the pause", |v| v["clocks"]["paused"] == true);
    assert!(v["clocks"]["running"].is_null(), "{v}");
    let set = r#"{"by":"IA Weber","action":"set-clock","side":"black","ms":123000}"#;
    assert_eq!(post_json(&addr, Some(&token), set), 202);
    let v = wait_view(&addr, "the set clock", |v| {
        v["clocks"]["black_ms"] == 123_000
    });
    let log = v["log"].to_string();
    assert!(log.contains("IA Weber: pause the clocks."), "{log}");
    assert!(
        log.contains("IA Weber: set Black's clock to 0:02:03."),
        "{log}"
    );

    drop(stdin.take());
    wait_within(&mut child.0, STOP_LIMIT, "play after stdin closed");
    let replayed = replay(&dir.path().join("rec/game.journal"));
    assert_eq!(replayed["paused"], true, "{replayed}");
    assert_eq!(replayed["black_time"]["secs"], 123, "{replayed}");
    let who: Vec<(String, String)> = replayed["arbiter_actions"]
        .as_array()
        .expect("arbiter actions")
        .iter()
        .map(|a| {
            (
                a["by"].as_str().unwrap_or_default().to_owned(),
                a["what"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        who,
        [
            ("IA Weber".to_owned(), "pause the clocks".to_owned()),
            (
                "IA Weber".to_owned(),
                "set Black's clock to 0:02:03".to_owned()
            ),
        ]
    );
}

fn get(addr: &str, path: &str) -> (u16, String) {
    http(
        addr,
        &format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
    )
}

/// Issue 39, item 1: game after game from the console. The button that confirms the
/// result is on the arbiter's page only once the game is over (never for spectators);
/// asked for earlier it is refused and journalled. Pressed, the records are written and
/// the next game begins in `game-2/` behind the same address and the same token: the
/// arbiter stays signed in.
#[test]
fn the_console_confirms_the_result_and_stays_up_with_its_token_for_the_next_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = dir.path().join("table.toml");
    std::fs::write(
        &config,
        "[game]\ntime_control = \"300+2\"\n[language]\nvi = \"de\"\nsighted = \"de\"\n[devices]\npeg_board = \"sim\"\ndgt = \"sim\"\nclock = \"sim\"\n\
         [voice.vi]\nbackend = \"text\"\n[voice.sighted]\nbackend = \"text\"\n[records]\ndir = \"rec\"\n\
         [console]\nlisten = \"127.0.0.1:0\"\ntable = \"Brett 2\"\n",
    )
    .expect("config");
    let mut child = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(["play", "--json", "--config"])
        .arg(&config)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start annabella play");
    let mut stdin = child.stdin.take();
    let stderr = child.stderr.take().expect("stderr");
    let mut child = Killed(child);
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for l in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = tx.send(l);
        }
    });
    let mut seen = Vec::new();
    let mut line_with = |prefix: &str| loop {
        let line = rx
            .recv_timeout(PAGE_LIMIT)
            .unwrap_or_else(|_| panic!("no {prefix:?} line; stderr: {seen:#?}"));
        seen.push(line.clone());
        let line = line.strip_prefix("annabella: ").unwrap_or(&line).to_owned();
        if line.starts_with(prefix) {
            return line;
        }
    };
    let addr = line_with("console: http://")
        .trim_start_matches("console: http://")
        .trim_end_matches("/ (read-only)")
        .to_owned();
    let token = line_with("token: ")["token: ".len()..].to_owned();
    let arbiter_page = format!("/arbiter?token={token}&by=IA%20Weber");
    let button = r#"value="next-game""#;

    writeln!(stdin.as_mut().expect("stdin"), "start").expect("start line");
    wait_view(&addr, "the running clock", |v| {
        v["clocks"]["running"] == "white"
    });
    let (code, page) = get(&addr, &arbiter_page);
    assert_eq!(code, 200, "{page}");
    assert!(!page.contains(button), "no button while the game runs");
    let next = r#"{"by":"IA Weber","action":"next-game"}"#;
    assert_eq!(post_json(&addr, Some(&token), next), 202);
    let v = wait_view(&addr, "the refusal", |v| {
        v["log"].to_string().contains("refused")
    });
    assert!(
        v["log"].to_string().contains("the game is not over yet"),
        "{v}"
    );
    assert!(v["result"].is_null() && v.get("next_game").is_none(), "{v}");

    let declare =
        r#"{"by":"IA Weber","action":"declare-result","result":"1-0","reason":"Aufgabe"}"#;
    assert_eq!(post_json(&addr, Some(&token), declare), 202);
    let v = wait_view(&addr, "the result", |v| v["next_game"] == true);
    assert_eq!(v["result"], "1-0", "{v}");
    let (_, page) = get(&addr, &arbiter_page);
    assert!(page.contains(button), "{page}");
    assert!(
        page.contains("Ergebnis bestätigen und nächste Partie beginnen"),
        "in the table's language: {page}"
    );
    let (_, spectators) = get(&addr, "/");
    assert!(!spectators.contains(button), "{spectators}");
    assert_eq!(post_json(&addr, None, next), 403, "no token, no next game");

    assert_eq!(post_json(&addr, Some(&token), next), 202);
    line_with("Partie 1 ist beendet: 1-0");
    // The next game, behind the same address; the same token still acts.
    let v = wait_view(&addr, "the next game", |v| {
        v["table"] == "Brett 2" && v["result"].is_null() && v["revision"].as_u64() > Some(0)
    });
    assert!(v.get("next_game").is_none(), "{v}");
    writeln!(stdin.as_mut().expect("stdin"), "start").expect("start line");
    wait_view(&addr, "the second game's clock", |v| {
        v["clocks"]["running"] == "white"
    });
    let pause = r#"{"by":"IA Weber","action":"pause"}"#;
    assert_eq!(
        post_json(&addr, Some(&token), pause),
        202,
        "still signed in"
    );
    wait_view(&addr, "the pause", |v| v["clocks"]["paused"] == true);

    drop(stdin.take());
    wait_within(&mut child.0, STOP_LIMIT, "play after stdin closed");
    let first = replay(&dir.path().join("rec/game.journal"));
    assert_eq!(first["result"]["result"], "1-0", "{first}");
    let pgn = std::fs::read_to_string(dir.path().join("rec/game.pgn")).expect("game 1's PGN");
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    let second = replay(&dir.path().join("rec/game-2/game.journal"));
    assert_eq!(second["paused"], true, "{second}");
}
