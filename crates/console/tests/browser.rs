//! The console in headless Chromium (Debian's chromium + chromedriver, driven with
//! fantoccini): the arbiter sees the discrepancy, carries out the plan, and both boards
//! agree afterwards; players' views are read-only; updates arrive live. Screenshots go to
//! `target/console-screenshots/`.
//!
//! These tests FAIL (never skip) when chromium or chromedriver is missing.

use std::{
    net::{SocketAddr, TcpListener as StdListener},
    path::PathBuf,
    process::{Child, Command, Stdio},
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use annabella_console::{Alert, ArbiterCommand, ArbiterRequest, Console, ConsoleView, Token, demo};
use fantoccini::{Client, ClientBuilder, Locator};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    sync::{mpsc, watch},
};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

fn free_port() -> u16 {
    StdListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// chromedriver on a free port; killed on drop.
struct Driver {
    child: Child,
    port: u16,
    _profile: tempfile_dir::Dir,
}

mod tempfile_dir {
    //! A temporary directory removed on drop (the Chromium profile).
    pub struct Dir(pub std::path::PathBuf);
    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn start_driver() -> (Driver, Client) {
    for (path, package) in [(CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")] {
        assert!(
            std::path::Path::new(path).exists(),
            "{path} is missing: install the Debian package {package} (scripts/setup.sh does)"
        );
    }
    let port = free_port();
    let child = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chromedriver");
    let profile = std::env::temp_dir().join(format!(
        "annabella-console-chromium-{}-{port}",
        std::process::id()
    ));
    std::fs::create_dir_all(&profile).expect("profile dir");
    let driver = Driver {
        child,
        port,
        _profile: tempfile_dir::Dir(profile.clone()),
    };
    let deadline = Instant::now() + Duration::from_secs(20);
    while tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .is_err()
    {
        assert!(
            Instant::now() < deadline,
            "chromedriver did not listen on port {port}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        serde_json::json!({
            "binary": CHROMIUM,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--window-size=1280,2400",
                format!("--user-data-dir={}", profile.display()),
            ],
        }),
    );
    let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("a chromium session through chromedriver");
    (driver, client)
}

/// A console over the demo scenario with a stand-in station: every request is recorded
/// and carried out on the view as the station would.
struct Table {
    addr: SocketAddr,
    token: Token,
    view: watch::Sender<ConsoleView>,
    received: Arc<Mutex<Vec<ArbiterRequest>>>,
}

async fn start_table() -> Table {
    let (view_tx, view_rx) = watch::channel(demo::scenario());
    let (req_tx, mut req_rx) = mpsc::channel::<ArbiterRequest>(16);
    let token = Token::random().expect("token");
    let console = Console::new(view_rx, req_tx, token.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(console.serve(listener));
    let received = Arc::new(Mutex::new(Vec::new()));
    let log = Arc::clone(&received);
    let station = view_tx.clone();
    tokio::spawn(async move {
        while let Some(request) = req_rx.recv().await {
            log.lock().expect("lock").push(request.clone());
            station.send_modify(|v| {
                let _ = demo::handle(v, &request, "0:03:00");
            });
        }
    });
    Table {
        addr,
        token,
        view: view_tx,
        received,
    }
}

fn shots() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target"),
        PathBuf::from,
    );
    let dir = target.join("console-screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot dir");
    dir
}

async fn screenshot(client: &Client, name: &str) {
    let png = client.screenshot().await.expect("screenshot");
    assert!(png.starts_with(b"\x89PNG"), "a PNG");
    std::fs::write(shots().join(name), png).expect("write screenshot");
}

async fn count(client: &Client, css: &str) -> usize {
    client
        .find_all(Locator::Css(css))
        .await
        .expect("find_all")
        .len()
}

async fn wait_for(client: &Client, css: &str) {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        if count(client, css).await > 0 {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{css} did not appear; page:\n{}",
            client.source().await.unwrap_or_default()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn pieces(client: &Client, board: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for e in client
        .find_all(Locator::Css(&format!("svg#board-{board} text.piece")))
        .await
        .expect("pieces")
    {
        out.push((
            e.attr("data-square")
                .await
                .ok()
                .flatten()
                .unwrap_or_default(),
            e.attr("data-piece")
                .await
                .ok()
                .flatten()
                .unwrap_or_default(),
        ));
    }
    out.sort();
    out
}

/// A raw HTTP/1.1 request; returns the status code and body.
async fn http(addr: SocketAddr, request: &str) -> (u16, String) {
    let mut s = tokio::net::TcpStream::connect(addr).await.expect("connect");
    s.write_all(request.as_bytes()).await.expect("send");
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.expect("read");
    let text = String::from_utf8_lossy(&buf).into_owned();
    let code = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (code, text)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn arbiter_carries_out_the_plan_and_the_boards_agree() {
    let table = start_table().await;
    let (_driver, client) = start_driver().await;
    let url = format!(
        "http://{}/arbiter?token={}&by=IA%20Weber",
        table.addr,
        table.token.as_str()
    );
    client.goto(&url).await.expect("open the arbiter console");

    // The discrepancy: the sighted board has the bishop on c5, not e7.
    assert_eq!(count(&client, "svg#board-vi rect.differs").await, 2);
    assert_eq!(count(&client, "svg#board-sighted rect.differs").await, 2);
    let diffs = client
        .find(Locator::Css("#differences"))
        .await
        .expect("differences")
        .text()
        .await
        .expect("text");
    assert!(
        diffs.contains("c5: VI board empty, sighted board black bishop"),
        "{diffs}"
    );
    assert!(
        diffs.contains("e7: VI board black bishop, sighted board empty"),
        "{diffs}"
    );
    let case = client
        .find(Locator::Css("#plan-case"))
        .await
        .expect("plan case")
        .text()
        .await
        .expect("text");
    assert!(case.contains("scoresheets-agree"), "{case}");
    let steps = client
        .find(Locator::Css("ol.steps[data-board=sighted]"))
        .await
        .expect("steps")
        .text()
        .await
        .expect("text");
    assert_eq!(steps, "move the black bishop from Caesar five to Eva seven");
    assert_ne!(
        pieces(&client, "vi").await,
        pieces(&client, "sighted").await
    );
    screenshot(&client, "1-discrepancy.png").await;

    client
        .find(Locator::XPath(
            "//button[normalize-space()='Carry out the plan']",
        ))
        .await
        .expect("the plan button")
        .click()
        .await
        .expect("click");

    wait_for(&client, "#boards-agree").await;
    assert_eq!(count(&client, "rect.differs").await, 0);
    assert_eq!(count(&client, "#no-plan").await, 1);
    let vi = pieces(&client, "vi").await;
    assert_eq!(vi.len(), 32);
    assert_eq!(vi, pieces(&client, "sighted").await, "both boards agree");
    assert!(
        vi.contains(&("e7".into(), "b".into())),
        "the bishop is on e7"
    );
    let notice = client
        .find(Locator::Css("#notice"))
        .await
        .expect("notice")
        .text()
        .await
        .expect("text");
    assert_eq!(
        notice,
        "Sent: carry out the reconciliation plan (by IA Weber)."
    );
    screenshot(&client, "2-plan-carried-out.png").await;

    let received = table.received.lock().expect("lock").clone();
    assert_eq!(received.len(), 1, "{received:?}");
    assert_eq!(received[0].by, "IA Weber");
    assert!(matches!(
        received[0].action,
        ArbiterCommand::ApplyPlan { .. }
    ));
    client.close().await.expect("close");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_view_is_read_only_and_updates_live() {
    let table = start_table().await;
    let (_driver, client) = start_driver().await;
    client
        .goto(&format!("http://{}/", table.addr))
        .await
        .expect("open the read-only view");
    assert_eq!(count(&client, "form").await, 0, "no forms for players");
    assert_eq!(count(&client, "button").await, 0, "no buttons for players");
    // Semantic structure for screen readers.
    assert_eq!(count(&client, "main section h2").await, 7);
    assert_eq!(
        count(&client, "[data-region=alerts][aria-live=assertive]").await,
        1
    );
    assert_eq!(
        count(&client, "[data-region=log][aria-live=polite]").await,
        1
    );
    assert_eq!(count(&client, "svg.board[role=img] > title").await, 2);

    // A new alert from the station appears without reloading (server-sent events).
    let revision = table.view.borrow().revision;
    table.view.send_modify(|v| {
        v.revision += 1;
        v.alerts.push(Alert {
            id: 7,
            text: "White's flag fell.".into(),
            urgent: true,
        });
    });
    wait_for(&client, "body[data-revision]").await;
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let alerts = client
            .find(Locator::Css("[data-region=alerts]"))
            .await
            .expect("alerts")
            .text()
            .await
            .expect("text");
        if alerts.contains("White's flag fell.") {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the alert did not arrive: {alerts}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let shown: u64 = client
        .find(Locator::Css("body"))
        .await
        .expect("body")
        .attr("data-revision")
        .await
        .expect("attr")
        .and_then(|r| r.parse().ok())
        .expect("revision");
    assert_eq!(shown, revision + 1);
    screenshot(&client, "3-read-only-live-alert.png").await;

    // Actions without the token are refused and nothing reaches the station.
    let body = "action=pause&by=Mallory";
    let (code, _) = http(
        table.addr,
        &format!(
            "POST /action HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ),
    )
    .await;
    assert_eq!(code, 403);
    let (code, _) = http(
        table.addr,
        "GET /arbiter?token=wrong&by=Mallory HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert_eq!(code, 401);
    let json = r#"{"by":"Mallory","action":"pause"}"#;
    let (code, _) = http(
        table.addr,
        &format!(
            "POST /api/requests HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{json}",
            json.len()
        ),
    )
    .await;
    assert_eq!(code, 403);
    assert!(table.received.lock().expect("lock").is_empty());

    // With the token the JSON API works and names who acted.
    let (code, _) = http(
        table.addr,
        &format!(
            "POST /api/requests HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{}",
            table.token.as_str(),
            json.len(),
            json
        ),
    )
    .await;
    assert_eq!(code, 202);
    let deadline = Instant::now() + Duration::from_secs(5);
    while table.received.lock().expect("lock").is_empty() {
        assert!(Instant::now() < deadline, "request not delivered");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(table.received.lock().expect("lock")[0].by, "Mallory");
    wait_for(&client, "#clock-state").await;
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let log = client
            .find(Locator::Css("[data-region=log]"))
            .await
            .expect("log")
            .text()
            .await
            .expect("text");
        if log.contains("Mallory: pause the clocks.") {
            break;
        }
        assert!(Instant::now() < deadline, "log not updated: {log}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    client.close().await.expect("close");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn arbiter_forms_set_a_clock_and_bad_input_is_named() {
    let table = start_table().await;
    let (_driver, client) = start_driver().await;
    let url = format!(
        "http://{}/arbiter?token={}&by=IA%20Weber",
        table.addr,
        table.token.as_str()
    );
    client.goto(&url).await.expect("open");
    client
        .find(Locator::Css("#clock-side"))
        .await
        .expect("side")
        .select_by_value("black")
        .await
        .expect("select black");
    client
        .find(Locator::Css("#clock-time"))
        .await
        .expect("time")
        .send_keys("1:05:00")
        .await
        .expect("type");
    client
        .find(Locator::XPath("//button[normalize-space()='Set clock']"))
        .await
        .expect("button")
        .click()
        .await
        .expect("click");
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        // The live page replaces the clocks' region as it updates: between the old one and
        // the new one the element may be missing or stale for a moment.
        let black = match client.find(Locator::Css("#clock-black")).await {
            Ok(e) => e.text().await.unwrap_or_default(),
            Err(_) => String::new(),
        };
        if black.starts_with("1:05:00") {
            break;
        }
        assert!(Instant::now() < deadline, "clock not set: {black}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let received = table.received.lock().expect("lock").clone();
    assert_eq!(
        received,
        vec![ArbiterRequest {
            by: "IA Weber".into(),
            action: ArbiterCommand::SetClock {
                side: annabella_console::Side::Black,
                ms: 3_900_000
            }
        }]
    );
    // A malformed field is named on an error page; nothing is sent.
    let body = format!(
        "token={}&by=IA+Weber&action=set-clock&side=white&time=soon",
        table.token.as_str()
    );
    let (code, text) = http(
        table.addr,
        &format!(
            "POST /action HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ),
    )
    .await;
    assert_eq!(code, 400);
    assert!(
        text.contains("field &quot;time&quot;: expected h:mm:ss, got &quot;soon&quot;"),
        "{text}"
    );
    assert_eq!(table.received.lock().expect("lock").len(), 1);
    client.close().await.expect("close");
}
