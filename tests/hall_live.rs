//! The hall page in headless Chromium (Debian's chromium + chromedriver via fantoccini),
//! over the real broker: a station's journal (a real SQLite session) published by
//! `annabella hall publish`, `annabella hall` serving the page. An alert at the table
//! appears at the top of the hall within a second of its journal commit, in the ARIA
//! live region; the spectator view has no actions; the chief arbiter's view sends a
//! signed action that the hall sees verified with the arbiter's name. Every page passes
//! axe-core (WCAG 2.2 AA).
//!
//! FAILS (never skips) when chromium, chromedriver or mosquitto is missing.

mod hall_support;

use std::{
    process::{Command, Stdio},
    time::Duration,
};

use annabella_station::session::Session;
use annabella_table::{Input, SightedCommand, TableConfig};
use annabella_test_support::{
    axe,
    browser::{self, count, text, wait_for_css, wait_gone_css},
    wait::wait_for_async,
};
use fantoccini::{Client, Locator};
use hall_support::*;

async fn top(client: &Client, css: &str) -> f64 {
    let rect = client
        .find(Locator::Css(css))
        .await
        .expect(css)
        .rectangle()
        .await
        .expect("rectangle");
    rect.1
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_alert_reaches_the_top_of_the_hall_within_a_second_and_spectators_cannot_act() {
    let dir = tempfile::tempdir().unwrap();
    let broker = Broker::start(dir.path());
    let keys = dir.path().join("keys.toml");
    std::fs::write(&keys, "\"L\" = \"00112233445566778899aabbccddeeff\"\n").unwrap();
    let hall = Hall::start(&broker, dir.path(), &["--keys", keys.to_str().unwrap()]);

    let journal = dir.path().join("L.journal");
    let (mut session, _) = Session::open(&journal, TableConfig::default()).unwrap();
    session.feed(Duration::from_secs(1), Input::Start).unwrap();
    let _publisher = Killed(
        Command::new(BIN)
            .args([
                "hall",
                "publish",
                "--broker",
                &broker.url(),
                "--table",
                "L",
                "--journal",
            ])
            .arg(&journal)
            .args(broker.table_flags("L"))
            .stdout(Stdio::null())
            .spawn()
            .expect("annabella hall publish"),
    );

    let (_driver, client) = browser::start(1280, 1600).await;
    client
        .goto(&format!("http://{}/", hall.addr))
        .await
        .unwrap();
    wait_for_css(
        &client,
        r#"li.table[data-table="L"]"#,
        Duration::from_secs(20),
    )
    .await;
    assert_eq!(count(&client, "form").await, 0, "spectators get no forms");
    assert_eq!(
        count(&client, "button").await,
        0,
        "spectators get no buttons"
    );
    assert_eq!(count(&client, "#alerts-body li.alert").await, 0);
    let live = client.find(Locator::Css("#alerts-body")).await.unwrap();
    assert_eq!(
        live.attr("aria-live").await.unwrap().as_deref(),
        Some("assertive")
    );

    // The sighted player calls the arbiter: journalled, then it must be on the page.
    session
        .feed(
            Duration::from_secs(5),
            Input::Sighted(SightedCommand::CallArbiter),
        )
        .unwrap();
    let took = wait_for_css(
        &client,
        r#"#alerts-body li.alert[data-table="L"]"#,
        Duration::from_secs(1),
    )
    .await;
    println!("alert on the hall page {took:?} after its journal commit");
    let alert = text(&client, r#"#alerts-body li.alert[data-table="L"]"#).await;
    assert!(
        alert.contains("Table L") && alert.contains("called"),
        "{alert}"
    );
    assert!(
        top(&client, "#alerts").await < top(&client, "#tables").await,
        "alerts are above the tables"
    );
    assert_eq!(count(&client, "li.table.needs-arbiter").await, 1);
    assert_eq!(
        count(&client, "form").await,
        0,
        "still no actions for spectators"
    );
    axe::assert_accessible(&client, "the hall for spectators, with an alert").await;

    // The table's own view, read-only.
    client
        .goto(&format!("http://{}/table/L", hall.addr))
        .await
        .unwrap();
    wait_for_css(&client, "svg", Duration::from_secs(5)).await;
    assert_eq!(count(&client, "form").await, 0);
    axe::assert_accessible(&client, "a table's page in the hall").await;

    // The chief arbiter: actions, signed with the table's key, seen verified on the tree.
    let (status, _) = hall.get("/arbiter?token=wrong&by=X");
    assert_eq!(status, 401, "a wrong token is refused");
    client
        .goto(&format!(
            "http://{}/arbiter?token={}&by=Chief%20Arbiter",
            hall.addr, hall.token
        ))
        .await
        .unwrap();
    // The call stopped the clocks: the hall offers Resume, not Pause.
    assert_eq!(count(&client, r#"button[value="pause"]"#).await, 0);
    wait_for_css(&client, r#"button[value="resume"]"#, Duration::from_secs(5)).await;
    axe::assert_accessible(&client, "the chief arbiter's hall").await;
    client
        .find(Locator::Css(r#"button[value="resume"]"#))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for_css(&client, "p.notice", Duration::from_secs(5)).await;
    let notice = text(&client, "p.notice").await;
    assert!(notice.contains("Sent to table L"), "{notice}");
    let action = wait_for(
        Duration::from_secs(10),
        "the hall sees its signed action",
        || {
            let a = hall.news("action");
            (!a.is_empty(), a)
        },
    );
    assert_eq!(action[0]["table"], "L");
    assert_eq!(action[0]["by"], "Chief Arbiter");
    assert!(
        hall.news("rejected").is_empty(),
        "{:?}",
        hall.news("rejected")
    );
    client.close().await.unwrap();
}

/// The alerts the station's own console shows.
fn console_alerts(addr: &str, token: &str) -> Vec<serde_json::Value> {
    let view: serde_json::Value =
        serde_json::from_str(&http_get(addr, &format!("/api/view?token={token}")).1)
            .unwrap_or_default();
    view["alerts"].as_array().cloned().unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_chief_arbiter_dismisses_an_alert_in_the_hall_and_the_table_journals_it() {
    let dir = tempfile::tempdir().unwrap();
    let broker = Broker::start(dir.path());
    let hall = Hall::start(&broker, dir.path(), &["--action-key", &format!("9={KEY}")]);
    let config = hall_table(
        dir.path(),
        &broker,
        "9",
        "[console]\nlisten = \"127.0.0.1:0\"\ntable = \"Table 9\"\n",
    );
    let mut play = Play::start(&config);
    let banner = play.wait_log(Duration::from_secs(30), "arbiter: http://");
    let (console, token) = banner
        .split("arbiter: http://")
        .nth(1)
        .unwrap_or_default()
        .split_once("/arbiter?token=")
        .map(|(a, rest)| {
            (
                a.to_owned(),
                rest.split('&').next().unwrap_or("").to_owned(),
            )
        })
        .expect("the console's address and token");
    play.wait_log(Duration::from_secs(30), "taking signed arbiter actions");
    play.say("wait 800\nstart\nwait 300\nsighted: call_arbiter\n");

    let (_driver, client) = browser::start(1280, 1600).await;
    client
        .goto(&format!(
            "http://{}/arbiter?token={}&by=Chief%20Arbiter",
            hall.addr, hall.token
        ))
        .await
        .unwrap();
    let alert = r#"#alerts-body li.alert[data-table="9"]"#;
    wait_for_css(&client, alert, Duration::from_secs(60)).await;
    assert_eq!(
        console_alerts(&console, &token).len(),
        1,
        "the station's console shows the alert too"
    );
    client
        .find(Locator::Css(&format!(
            r#"{alert} button[value="dismiss-alert"]"#
        )))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();

    // The table journals the dismissal with who acted; its publication clears the hall.
    wait_gone_css(&client, alert, Duration::from_secs(20)).await;
    let dismissed = play.inputs_by("hall:Chief Arbiter");
    assert_eq!(dismissed.len(), 1, "{dismissed:?}");
    // Which alert went is a typed field of the journalled note, not its words.
    let input: annabella_table::Input =
        serde_json::from_value(dismissed[0]["input"].clone()).expect("a journalled input");
    assert!(
        annabella_hall_wire::action::dismissed_by(&input).is_some(),
        "{input:?}"
    );
    assert!(dismissed[0]["input"]["dismissed"].is_u64(), "{dismissed:?}");
    assert!(
        client
            .find(Locator::Css("#alerts-body p.calm"))
            .await
            .is_ok(),
        "the hall says no table needs the arbiter"
    );
    wait_for_async(
        Duration::from_secs(10),
        "the station's console shows it dismissed",
        async || {
            let alerts = console_alerts(&console, &token);
            (alerts.is_empty(), alerts)
        },
    )
    .await;
    // The table's own hall view keeps it, marked.
    client
        .goto(&format!(
            "http://{}/table/9?token={}&by=Chief%20Arbiter",
            hall.addr, hall.token
        ))
        .await
        .unwrap();
    let page = client.source().await.unwrap_or_default();
    assert!(page.contains("(dismissed)"), "{page}");
    client.close().await.unwrap();
    let _ = play.quit(Duration::from_secs(30));
}
