//! The console in headless Chromium (Debian's chromium + chromedriver, driven with
//! fantoccini): the arbiter sees the discrepancy, carries out the plan, and both boards
//! agree afterwards; players' views are read-only; updates arrive live; every view passes
//! axe-core (WCAG 2.2 AA) and the arbiter reaches every action by keyboard. Screenshots
//! go to `target/console-screenshots/`.
//!
//! These tests FAIL (never skip) when chromium or chromedriver is missing.

use std::{
    net::SocketAddr,
    sync::{Arc, Mutex},
    time::Duration,
};

use annabella_console::{Console, Token, demo};
use annabella_phonetic::Language;
use annabella_test_support::{
    axe,
    browser::{self, board_pieces, count, screenshot, text, wait_for_css, wait_for_text},
    http::status_of,
    keyboard,
    wait::wait_for_async,
};
use annabella_view::{Alert, ArbiterCommand, ArbiterRequest, ConsoleView};
use fantoccini::{Locator, key::Key};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    sync::{mpsc, watch},
};

/// How long a page element may take to appear.
const PAGE_LIMIT: Duration = Duration::from_secs(15);

/// A console over the demo scenario with a stand-in station: every request is recorded
/// and carried out on the view as the station would.
struct Table {
    addr: SocketAddr,
    token: Token,
    view: watch::Sender<ConsoleView>,
    received: Arc<Mutex<Vec<ArbiterRequest>>>,
}

impl Table {
    /// Waits up to `limit` until the stand-in station has received a request.
    async fn delivered(&self, what: &str, limit: Duration) {
        wait_for_async(limit, what, async || {
            let received = self.received.lock().expect("lock").len();
            (received > 0, received)
        })
        .await;
    }
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
                let _ = demo::handle(v, &request, "0:03:00", Language::En);
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

/// A raw HTTP/1.1 request; returns the status code and body.
/// (`Host: x` is sent as the server's own address.)
async fn http(addr: SocketAddr, request: &str) -> (u16, String) {
    let request = request.replace("Host: x\r\n", &format!("Host: {addr}\r\n"));
    let mut s = tokio::net::TcpStream::connect(addr).await.expect("connect");
    s.write_all(request.as_bytes()).await.expect("send");
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.expect("read");
    let text = String::from_utf8_lossy(&buf).into_owned();
    (status_of(&text), text)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn arbiter_carries_out_the_plan_and_the_boards_agree() {
    let table = start_table().await;
    let (_driver, client) = browser::start(1280, 2400).await;
    let url = format!(
        "http://{}/arbiter?token={}&by=IA%20Weber",
        table.addr,
        table.token.as_str()
    );
    client.goto(&url).await.expect("open the arbiter console");

    // The discrepancy: the sighted board has the bishop on c5, not e7.
    assert_eq!(count(&client, "svg#board-vi rect.differs").await, 2);
    assert_eq!(count(&client, "svg#board-sighted rect.differs").await, 2);
    let diffs = text(&client, "#differences").await;
    assert!(
        diffs.contains("c5: VI board empty, sighted board black bishop"),
        "{diffs}"
    );
    assert!(
        diffs.contains("e7: VI board black bishop, sighted board empty"),
        "{diffs}"
    );
    // The case of Law D.2.9 in words, no internal name.
    let case = text(&client, "#plan-case").await;
    assert!(
        case.starts_with("The scoresheets agree up to Black, move 5. A board differs"),
        "{case}"
    );
    assert!(!case.contains("scoresheets-agree"), "{case}");
    let steps = text(&client, "ol.steps[data-board=sighted]").await;
    assert_eq!(steps, "Move the black bishop from c5 to e7.");
    assert_ne!(
        board_pieces(&client, "vi").await,
        board_pieces(&client, "sighted").await
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

    wait_for_css(&client, "#boards-agree", PAGE_LIMIT).await;
    assert_eq!(count(&client, "rect.differs").await, 0);
    assert_eq!(count(&client, "#no-plan").await, 1);
    let vi = board_pieces(&client, "vi").await;
    assert_eq!(vi.len(), 32);
    assert_eq!(
        vi,
        board_pieces(&client, "sighted").await,
        "both boards agree"
    );
    assert!(
        vi.contains(&("e7".into(), "b".into())),
        "the bishop is on e7"
    );
    let notice = text(&client, "#notice").await;
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
    let (_driver, client) = browser::start(1280, 2400).await;
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
    wait_for_css(&client, "body[data-revision]", PAGE_LIMIT).await;
    wait_for_text(
        &client,
        "[data-region=alerts]",
        "White's flag fell.",
        PAGE_LIMIT,
    )
    .await;
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
            "POST /action HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://{addr}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len(),
            addr = table.addr
        ),
    )
    .await;
    assert_eq!(code, 403);
    let (code, _) = http(
        table.addr,
        &format!(
            "GET /arbiter?token=wrong&by=Mallory HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            table.addr
        ),
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
    table
        .delivered("request not delivered", Duration::from_secs(5))
        .await;
    assert_eq!(table.received.lock().expect("lock")[0].by, "Mallory");
    wait_for_css(&client, "#result[data-state=paused]", PAGE_LIMIT).await;
    wait_for_text(
        &client,
        "[data-region=log]",
        "Mallory: pause the clocks.",
        PAGE_LIMIT,
    )
    .await;
    client.close().await.expect("close");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn arbiter_forms_set_a_clock_and_bad_input_is_named() {
    let table = start_table().await;
    let (_driver, client) = browser::start(1280, 2400).await;
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
    // The live page replaces the clocks' region as it updates.
    let black = wait_for_text(&client, "#clock-black .clock-time", "1:05:00", PAGE_LIMIT).await;
    assert_eq!(black, "1:05:00", "clock not set: {black}");
    let received = table.received.lock().expect("lock").clone();
    assert_eq!(
        received,
        vec![ArbiterRequest {
            by: "IA Weber".into(),
            action: ArbiterCommand::SetClock {
                side: shakmaty::Color::Black,
                ms: 3_900_000
            }
        }]
    );
    // A malformed field is named by its label on an error page; nothing is sent.
    let body = format!(
        "token={}&by=IA+Weber&action=set-clock&side=white&time=soon",
        table.token.as_str()
    );
    let (code, text) = http(
        table.addr,
        &format!(
            "POST /action HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://{addr}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len(),
            addr = table.addr
        ),
    )
    .await;
    assert_eq!(code, 400);
    assert!(
        text.contains(
            "The time left &quot;soon&quot; is not a time: enter it as h:mm:ss, for example 1:29:00."
        ),
        "{text}"
    );
    assert_eq!(table.received.lock().expect("lock").len(), 1);
    client.close().await.expect("close");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_view_passes_axe_core_and_new_alerts_reach_the_live_region() {
    let table = start_table().await;
    let (_driver, client) = browser::start(1280, 2400).await;
    // The check itself finds what it should: an image without a text alternative.
    client
        .goto("data:text/html,<!DOCTYPE html><html lang=en><title>t</title><img src=x.png>")
        .await
        .expect("open a page with a fault");
    let found = axe::violations(&client).await;
    assert!(
        found.iter().any(|v| v["id"] == "image-alt"),
        "axe-core missed the image without alt: {found:?}"
    );
    let arbiter = format!(
        "http://{}/arbiter?token={}&by=IA%20Weber",
        table.addr,
        table.token.as_str()
    );
    client.goto(&arbiter).await.expect("open the arbiter view");
    wait_for_css(&client, "#plan-case", PAGE_LIMIT).await;
    axe::assert_accessible(&client, "the arbiter view (a discrepancy and its plan)").await;
    client
        .goto(&format!("http://{}/arbiter", table.addr))
        .await
        .expect("open the sign-in page");
    axe::assert_accessible(&client, "the arbiter sign-in page").await;

    // The players' view, then with a new alert that arrived live.
    client
        .goto(&format!("http://{}/", table.addr))
        .await
        .expect("open the players' view");
    wait_for_css(&client, "body[data-revision]", PAGE_LIMIT).await;
    axe::assert_accessible(&client, "the players' view").await;
    let region = client
        .find(Locator::Css("[data-region=alerts]"))
        .await
        .expect("the alerts region");
    assert_eq!(
        region.attr("aria-live").await.expect("attr").as_deref(),
        Some("assertive"),
        "alerts interrupt the screen reader"
    );
    let alert = "The boards differ on c5 and e7 for 30 seconds: the arbiter is called.";
    table.view.send_modify(|v| {
        v.revision += 1;
        v.alerts.push(Alert {
            id: 8,
            text: alert.into(),
            urgent: true,
        });
    });
    // The region itself stays (only its content is replaced), so the screen reader
    // announces the change.
    wait_for_async(
        PAGE_LIMIT,
        "the alert in the same live region",
        async || {
            let text = region.text().await.expect("the same live region");
            (text.contains(alert), text)
        },
    )
    .await;
    axe::assert_accessible(
        &client,
        "the spectators' view with a live discrepancy alert",
    )
    .await;
    client.close().await.expect("close");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_arbiter_reaches_every_action_by_keyboard_and_acts_with_enter() {
    let table = start_table().await;
    table.view.send_modify(|v| {
        v.revision += 1;
        v.alerts.push(Alert {
            id: 9,
            text: "White's flag fell.".into(),
            urgent: true,
        });
    });
    let (_driver, client) = browser::start(1280, 2400).await;
    client
        .goto(&format!(
            "http://{}/arbiter?token={}&by=IA%20Weber",
            table.addr,
            table.token.as_str()
        ))
        .await
        .expect("open the arbiter view");
    wait_for_css(&client, "#plan-case", PAGE_LIMIT).await;

    let controls = keyboard::controls(&client).await;
    let order = keyboard::tab_order(&client, controls.len() + 10).await;
    println!("tab order: {order:#?}");
    for label in [
        "Carry out the plan",
        "Pause clocks",
        "Resume clocks",
        "Set clock",
        "Set counter",
        "Apply penalty",
        "Declare result",
        "Dismiss alert 9",
    ] {
        assert!(
            order.iter().any(|c| c.contains(&format!("\"{label}\""))),
            "the button {label:?} is not reached by Tab: {order:#?}"
        );
    }
    let missed: Vec<&String> = controls.iter().filter(|c| !order.contains(c)).collect();
    assert!(missed.is_empty(), "not reached by Tab: {missed:#?}");

    // Tab to "Pause clocks" and press Enter: the request goes out, named.
    let pause = order
        .iter()
        .position(|c| c.contains("\"Pause clocks\""))
        .expect("pause in the order");
    keyboard::from_top(&client).await;
    for _ in 0..=pause {
        keyboard::press(&client, Key::Tab).await;
    }
    assert_eq!(keyboard::focused(&client).await, order[pause]);
    keyboard::press(&client, Key::Enter).await;
    table.delivered("Enter sent nothing", PAGE_LIMIT).await;
    let received = table.received.lock().expect("lock").clone();
    assert_eq!(
        received,
        vec![ArbiterRequest {
            by: "IA Weber".into(),
            action: ArbiterCommand::Pause
        }]
    );
    wait_for_css(&client, "#notice", PAGE_LIMIT).await;
    client.close().await.expect("close");
}
