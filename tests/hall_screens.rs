//! The hall's pages looked at in headless Chromium, over the real broker and the real
//! `annabella hall`: two demo tables that finished their games and a third that calls
//! the arbiter. The overview (spectators and the chief arbiter), one table's page and
//! the projector's page (`/?screen`) on a phone (390 × 844), a laptop (1366 × 768), the
//! hall's big screen (1920 × 1080), a laptop at 200 % and a laptop in the dark scheme:
//! checks computed from the screenshots' pixels (squares apart, pieces 3:1 against both
//! square colours, text 4.5:1, no sideways scrolling, no black areas), the calm state not
//! drawn in alarm red, the projector's alert band still under reduced motion, the clock
//! chart's table the same numbers as the moves, and 4, 8, 16 and 30 tables on the
//! projector's page fitting the laptop and the big screen (1366 × 768, 1920 × 1080) with
//! every board's pieces readable (none drawn too small to measure: thirty tiles on the
//! laptop show no board); measured from the layout and the screenshots' pixels, the
//! clocks above the fold in at least twice the type they had (32 px on the cards and one
//! table's page, twice the projector's old tile text, max(14.4 px, 1.6 vmin)), each side
//! named, the VI player marked, names never cut, no part of a card or tile over another
//! (heading, state, board, clocks), and no action the hall cannot sign (it holds no
//! table's action key here) nor a result to declare for a finished game. The hall page
//! and the projector's page, open while the third table comes, follow it live: their
//! tables are then those of the same page loaded afresh.
//! Screenshots go to `target/screens/`; `scripts/screens.sh` copies a few into
//! `docs/screens/`.
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
    browser::{self, Screen, count, wait_for_css},
    pixels::{self, Expect, Findings, Rect, Shot},
};
use fantoccini::{Client, Locator};
use hall_support::*;

const SCREENS: [Screen; 5] = [
    Screen::new(390, 844),
    Screen::new(1366, 768),
    Screen::new(1920, 1080),
    Screen {
        zoom: 2.0,
        ..Screen::new(1366, 768)
    },
    Screen {
        dark: true,
        reduced_motion: true,
        ..Screen::new(1366, 768)
    },
];

/// Alarm red (dark red on light pages, light red on dark ones): red well above green
/// and blue.
fn alarm_red(p: [u8; 3]) -> bool {
    let [r, g, b] = p.map(f64::from);
    r > 140.0 && r > 1.5 * g && r > 1.5 * b
}

/// The pixels of the element matching `css` in `shot` (taken at the top of the page,
/// where this scrolls back to).
async fn element_pixels(client: &Client, shot: &Shot, css: &str) -> Vec<[u8; 3]> {
    let v = client
        .execute(
            "window.scrollTo(0, 0); const e = document.querySelector(arguments[0]); const b = e.getBoundingClientRect(); \
             const s = window.devicePixelRatio || 1; \
             return {x: b.left * s, y: b.top * s, w: b.width * s, h: b.height * s};",
            vec![serde_json::json!(css)],
        )
        .await
        .expect("an element's rectangle");
    let f = |k: &str| v[k].as_f64().unwrap_or(0.0);
    shot.region(Rect {
        x: f("x"),
        y: f("y"),
        w: f("w"),
        h: f("h"),
    })
}

/// The clock chart of table 1's page has one line per side and, as its text
/// alternative, a table whose first row holds the clocks after 1. e4 and 1... e5 as the
/// hall received them.
async fn assert_chart_matches_the_moves(client: &Client, hall: &Hall) {
    let lines = count(
        client,
        "svg.clock-chart[aria-describedby=clock-table] path[data-side]",
    )
    .await;
    if lines != 2 {
        let source = client.source().await.unwrap_or_default();
        panic!("{lines} lines in the clock chart: {source}");
    }
    let (_, body) = hall.get("/api/hall");
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    let table = v["tables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "1")
        .expect("table 1");
    let ms = |ply: usize, key: &str| table["moves"][ply - 1][key].as_u64().unwrap();
    let hms = |ms: u64| {
        let s = ms / 1000;
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    };
    let row = client
        .execute(
            "return document.querySelector('#clock-table tbody tr').textContent;",
            vec![],
        )
        .await
        .expect("the chart's table");
    let expected = format!("1{}{}", hms(ms(1, "white_ms")), hms(ms(2, "black_ms")));
    assert_eq!(
        row.as_str(),
        Some(expected.as_str()),
        "the chart's first row"
    );
}

/// Waits until the open page at `url` is at the version of the same page loaded afresh
/// and has the same tables (both as the browser parsed them); fails after 20 s.
async fn assert_follows_live(client: &Client, url: &str) {
    let started = std::time::Instant::now();
    loop {
        let got = client
            .execute_async(
                "var done = arguments[arguments.length - 1];
                 var live = document.getElementById('tables-body').innerHTML;
                 var version = document.body.getAttribute('data-version');
                 fetch(location.href).then(r => r.text()).then(t => {
                   var fresh = new DOMParser().parseFromString(t, 'text/html');
                   done([version, fresh.body.getAttribute('data-version'), live,
                         fresh.getElementById('tables-body').innerHTML]);
                 });",
                vec![],
            )
            .await
            .expect("the live and the fresh page");
        let [version, fresh_version, live, fresh] =
            [0, 1, 2, 3].map(|i| got[i].as_str().unwrap_or_default().to_owned());
        // A page loaded while the hall takes a message may be newer than its version
        // says: asked again until the deadline.
        if version == fresh_version && live == fresh {
            return;
        }
        if started.elapsed() > Duration::from_secs(20) {
            assert_eq!(
                (version, live),
                (fresh_version, fresh),
                "{url}: the live page (left) and a fresh one (right)"
            );
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

async fn look_at(
    client: &Client,
    url: &str,
    page: &str,
    screen: Screen,
    expect: Expect,
    findings: &mut Vec<Findings>,
) -> Shot {
    client.goto(url).await.expect("open the page");
    wait_for_css(client, "h1", Duration::from_secs(10)).await;
    let (found, shot) = pixels::look(client, page, screen, expect).await;
    println!(
        "{page} {}: {} boards, {} pieces, {} texts measured",
        screen.name(),
        found.boards,
        found.pieces,
        found.texts
    );
    findings.push(found);
    shot
}

/// How many elements matching `css` the page draws (not hidden by its layout).
async fn count_visible(client: &Client, css: &str) -> usize {
    let n = client
        .execute(
            "return [...document.querySelectorAll(arguments[0])].filter(e => e.getBoundingClientRect().width > 0).length;",
            vec![serde_json::json!(css)],
        )
        .await
        .expect("the visible elements");
    n.as_u64().map_or(0, |n| n as usize)
}

/// The clock text's smallest size on `page` at `screen`: twice what it was (the cards'
/// and the table page's body text, 16 px; the projector's tile line, max(0.9 rem,
/// 1.6 vmin)).
fn least_clock_px(page: &str, screen: Screen) -> f64 {
    let (w, h) = (
        f64::from(screen.width) / screen.zoom,
        f64::from(screen.height) / screen.zoom,
    );
    match page {
        p if p.starts_with("hall-screen") => 2.0 * f64::max(14.4, 1.6 * w.min(h) / 100.0),
        _ => 32.0,
    }
}

/// The clocks in large type above the fold, each side named and the VI player marked;
/// on the projector no tile cuts its names or clocks; on the chief arbiter's page no
/// action the hall cannot sign and no result to declare for the finished tables.
async fn clocks_at_a_glance(
    client: &Client,
    page: &str,
    screen: Screen,
    findings: &mut Vec<Findings>,
) {
    let mut f = Findings::default();
    let name = format!("{page} {}", screen.name());
    let least = least_clock_px(page, screen);
    let times = pixels::measure_texts(client, ".clock .time").await;
    let first = times.first();
    match first {
        None => f.faults.push(format!("{name}: no clock")),
        Some(c) => {
            println!(
                "{name}: first clock {:.1} px type, ink {:.1} CSS px, at y {:.0}-{:.0} of {:.0}",
                c.font_px,
                c.ink_css(),
                c.rect.y / c.scale,
                (c.rect.y + c.rect.h) / c.scale,
                c.fold / c.scale
            );
            if c.font_px + 0.01 < least {
                f.faults.push(format!(
                    "{name}: clock in {} px type, wanted {least:.1}",
                    c.font_px
                ));
            }
            // At 200 % the laptop's first screen is 384 CSS px high: a card's clocks are
            // below it, out of the screenshot.
            let seen = c.above_the_fold() || screen.zoom <= 1.0;
            if seen && c.ink_css() < 0.6 * least {
                f.faults.push(format!(
                    "{name}: clock digits {:.1} px high, wanted {:.1}",
                    c.ink_css(),
                    0.6 * least
                ));
            }
            if screen.zoom <= 1.0 && !c.above_the_fold() {
                f.faults
                    .push(format!("{name}: the first clock below the fold: {c:?}"));
            }
        }
    }
    let sides = client
        .execute(
            "return [...document.querySelectorAll('.clock .side')].slice(0, 2).map(e => e.textContent);",
            vec![],
        )
        .await
        .expect("the clocks' sides");
    let sides: Vec<String> = sides
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_str().map(str::to_owned))
        .collect();
    if !(sides.len() == 2 && sides[0].starts_with("Weiß") && sides[1].starts_with("Schwarz")) {
        f.faults.push(format!(
            "{name}: the clocks' sides are not named: {sides:?}"
        ));
    }
    // The hall speaks German (its default, as the table's): the page says so, and none
    // of its own texts is left in English.
    let english = client
        .execute(
            "const words = /\\b(Tables?|White|Black|to move|Finished|Waiting|alerts?|Moves|Clocks|Back to|dropped|Dismiss|calls the arbiter|clocks are stopped|player|Remaining time|half-move|differences|Differs|pushed|broadcast round|Sent to|token)\\b/; \
             return [document.documentElement.lang, \
               ...[...document.querySelectorAll('h1, h2, h3, .facts, .state, .clock, .last-move, button, label, #dropped, .calm, .count, summary, li.alert, #broadcast, .notice, svg title, svg desc, caption, th')] \
                 .map(e => e.textContent).filter(t => words.test(t))];",
            vec![],
        )
        .await
        .expect("the page's language");
    let english: Vec<String> = english
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_str().map(str::to_owned))
        .collect();
    if english.first().map(String::as_str) != Some("de") || english.len() > 1 {
        f.faults.push(format!(
            "{name}: not all in German (lang, then English texts): {english:?}"
        ));
    }
    // Nothing of a card or tile overlaps anything else of it: the heading, the state,
    // the board and the clocks each keep their own place (their boxes and the lines of
    // their text; a board by its box, which clips its glyphs), and none reaches out of
    // its card.
    let overlaps = client
        .execute(
            "const out = []; \
             const lines = e => { if (e.tagName.toLowerCase() === 'svg') return []; \
               const r = document.createRange(); r.selectNodeContents(e); \
               return [...r.getClientRects()].filter(b => b.width > 0 && b.height > 0); }; \
             const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && \
               Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1; \
             for (const card of document.querySelectorAll('.screen-table, li.table, .big-board')) { \
               const c = card.getBoundingClientRect(); \
               const name = card.getAttribute('data-table') || card.className; \
               const parts = [...card.children].filter(e => e.getBoundingClientRect().height > 0); \
               for (const [i, a] of parts.entries()) { \
                 const ab = a.getBoundingClientRect(); \
                 if (ab.left < c.left - 1 || ab.right > c.right + 1 || ab.top < c.top - 1 || ab.bottom > c.bottom + 1) \
                   out.push(name + ': ' + a.tagName + ' reaches out of its card'); \
                 for (const b of parts.slice(i + 1)) { \
                   const bb = b.getBoundingClientRect(); \
                   const boxes = [[ab, bb], ...lines(a).map(l => [l, bb]), ...lines(b).map(l => [l, ab])]; \
                   if (boxes.some(([x, y]) => meet(x, y))) \
                     out.push(name + ': ' + a.tagName + '.' + a.getAttribute('class') + ' overlaps ' + b.tagName + '.' + b.getAttribute('class')); \
                 } \
               } \
             } \
             return out;",
            vec![],
        )
        .await
        .expect("the cards' parts");
    if overlaps.as_array().is_some_and(|a| !a.is_empty()) {
        f.faults
            .push(format!("{name}: parts of a card overlap: {overlaps}"));
    }
    if count(client, ".vi-mark").await == 0 {
        f.faults
            .push(format!("{name}: the VI player is not marked"));
    }
    if page.starts_with("hall-screen") {
        let cut = client
            .execute(
                "return [...document.querySelectorAll('.screen-table')].filter(t => \
                   t.scrollHeight > t.clientHeight + 1 || \
                   [...t.querySelectorAll('h2, .clocks')].some(e => e.scrollWidth > e.clientWidth + 1)\
                 ).map(t => t.getAttribute('data-table'));",
                vec![],
            )
            .await
            .expect("the tiles");
        if cut.as_array().is_some_and(|a| !a.is_empty()) {
            f.faults
                .push(format!("{name}: tiles cut their names or clocks: {cut}"));
        }
    }
    if page == "hall-arbiter" {
        let offered = client
            .execute(
                "return [...document.querySelectorAll('button')].map(b => b.textContent).filter(t => /anhalten|weiterlaufen|Ergebnis/.test(t));",
                vec![],
            )
            .await
            .expect("the buttons");
        if offered.as_array().is_some_and(|a| !a.is_empty()) {
            f.faults.push(format!(
                "{name}: actions without the table's key: {offered}"
            ));
        }
    }
    findings.push(f);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_hall_page_is_readable_on_every_screen_and_the_projector_holds_thirty_tables() {
    let dir = tempfile::tempdir().unwrap();
    let broker = Broker::start(dir.path());
    let hall = Hall::start(&broker, dir.path(), &["--language", "de"]);
    let demos: Vec<_> = ["1", "2"]
        .iter()
        .map(|name| demo(&broker, &dir.path().join(format!("table-{name}")), name))
        .collect();
    for d in demos {
        finish(d, Duration::from_secs(180));
    }
    // The hall page and the projector's page, open while table 3 comes: they follow it
    // live (a new table's card put in its place, the projector's grid made anew).
    let base = format!("http://{}", hall.addr);
    let mut following = Vec::new();
    for url in [format!("{base}/"), format!("{base}/?screen")] {
        let (driver, client) = browser::start(1366, 768).await;
        client.goto(&url).await.expect("open the page");
        wait_for_css(&client, r#"li[data-table="2"]"#, Duration::from_secs(10)).await;
        following.push((driver, client, url));
    }
    // Table 3: started, and later its sighted player calls the arbiter.
    let journal = dir.path().join("3.journal");
    let (mut session, _) = Session::open(&journal, TableConfig::default()).unwrap();
    session.feed(Duration::from_secs(1), Input::Start).unwrap();
    let _publisher = Killed(
        Command::new(BIN)
            .args(["hall", "publish", "--broker", &broker.url(), "--table", "3"])
            .arg("--journal")
            .arg(&journal)
            .args(broker.table_flags("3"))
            .stdout(Stdio::null())
            .spawn()
            .expect("annabella hall publish"),
    );
    wait_for(Duration::from_secs(30), "three tables in the hall", || {
        let (_, body) = hall.get("/api/hall");
        let v: serde_json::Value = serde_json::from_str(&body).unwrap_or_default();
        let n = v["tables"].as_array().map_or(0, Vec::len);
        (n == 3, n)
    });

    for (_driver, client, url) in following {
        wait_for_css(&client, r#"li[data-table="3"]"#, Duration::from_secs(20)).await;
        assert_follows_live(&client, &url).await;
        client.close().await.expect("close");
    }

    // The calm hall: "No table needs the arbiter" is not drawn in alarm red.
    let mut findings = Vec::new();
    {
        let screen = Screen::new(1366, 768);
        let (_driver, client) = browser::start_screen(screen).await;
        let shot = look_at(
            &client,
            &format!("{base}/"),
            "hall-calm",
            screen,
            Expect {
                boards: 2,
                fits_height: false,
            },
            &mut findings,
        )
        .await;
        assert_eq!(count(&client, "#alerts-body p.calm").await, 1);
        let calm = element_pixels(&client, &shot, "#alerts").await;
        let red = calm.iter().filter(|p| alarm_red(**p)).count();
        assert_eq!(red, 0, "the calm alerts box has {red} alarm-red pixels");
        client.close().await.expect("close");
    }

    session
        .feed(
            Duration::from_secs(5),
            Input::Sighted(SightedCommand::CallArbiter),
        )
        .unwrap();
    wait_for(
        Duration::from_secs(20),
        "table 3's alert in the hall",
        || {
            let (_, body) = hall.get("/api/hall");
            let v: serde_json::Value = serde_json::from_str(&body).unwrap_or_default();
            let n = v["alerts"].as_array().map_or(0, Vec::len);
            (n == 1, n)
        },
    );

    let arbiter = format!("{base}/arbiter?token={}&by=IA%20Weber", hall.token);
    let pages = [
        ("hall-spectators", format!("{base}/"), 1),
        ("hall-arbiter", arbiter, 1),
        ("hall-table", format!("{base}/table/1"), 1),
        ("hall-screen", format!("{base}/?screen"), 1),
    ];
    for screen in SCREENS {
        let (_driver, client) = browser::start_screen(screen).await;
        for (page, url, boards) in &pages {
            let fits = *page == "hall-screen" && screen.width >= 1366;
            let shot = look_at(
                &client,
                url,
                page,
                screen,
                Expect {
                    boards: *boards,
                    fits_height: fits,
                },
                &mut findings,
            )
            .await;
            if *page != "hall-table" {
                // With an alert, the alerts are drawn in alarm red.
                let box_pixels = element_pixels(&client, &shot, "#alerts-body").await;
                assert!(
                    box_pixels.iter().any(|p| alarm_red(*p)),
                    "{page} {}: the alert is not drawn in alarm red",
                    screen.name()
                );
            }
            if *page == "hall-screen" {
                // The alert band pulses, except for those who asked for less motion.
                let animation = client
                    .execute(
                        "return getComputedStyle(document.querySelector('#alerts-body ol.alarm')).animationName;",
                        vec![],
                    )
                    .await
                    .expect("the alert band's animation");
                let want = if screen.reduced_motion {
                    "none"
                } else {
                    "annabella-pulse"
                };
                assert_eq!(animation.as_str(), Some(want), "{}", screen.name());
            }
            clocks_at_a_glance(&client, page, screen, &mut findings).await;
            if *page == "hall-table" && screen == Screen::new(1366, 768) {
                assert_chart_matches_the_moves(&client, &hall).await;
            }
            let name = format!("{page}-{}.png", screen.name());
            match (*page, screen.name().as_str()) {
                ("hall-arbiter", "1366x768")
                | ("hall-table", "1366x768")
                | ("hall-spectators", "390x844")
                | ("hall-screen", "1920x1080") => pixels::gallery(&name, &shot, 1),
                _ => {}
            }
        }
        client.close().await.expect("close");
    }

    // 4, 8, 16 and 30 tables on the projector: table 1's journal published again, signed,
    // as tables 4 to 30; at each step the laptop's and the big screen's projector measured.
    for i in 4..=30 {
        let table = i.to_string();
        let copy = dir.path().join(format!("copy-{i}"));
        std::fs::create_dir_all(&copy).unwrap();
        std::fs::copy(
            dir.path().join("table-1/game.journal"),
            copy.join("game.journal"),
        )
        .unwrap();
        let status = Command::new(BIN)
            .args(["hall", "publish", "--once", "--broker", &broker.url()])
            .args(["--table", &table, "--journal"])
            .arg(copy.join("game.journal"))
            .args(broker.table_flags(&table))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("annabella hall publish --once");
        assert!(status.success(), "table {table} published");
        if ![4, 8, 16, 30].contains(&i) {
            continue;
        }
        // The hall checks and replays each journal as it comes: minutes of CPU under load.
        // Every copy's whole game in (all but table 3 finished): the page does not change
        // between the measuring and the screenshot.
        wait_for(Duration::from_secs(90), "the tables in the hall", || {
            let (_, body) = hall.get("/api/hall");
            let v: serde_json::Value = serde_json::from_str(&body).unwrap_or_default();
            let tables = v["tables"].as_array().cloned().unwrap_or_default();
            let done = tables.iter().filter(|t| !t["result"].is_null()).count();
            (tables.len() == i && done == i - 1, (tables.len(), done))
        });
        for screen in [Screen::new(1366, 768), Screen::new(1920, 1080)] {
            let (_driver, client) = browser::start_screen(screen).await;
            let page = format!("hall-screen-{i}");
            let readable_boards = !(i == 30 && screen.width < 1920);
            let mut seen = Vec::new();
            let shot = look_at(
                &client,
                &format!("{base}/?screen"),
                &page,
                screen,
                Expect {
                    boards: if readable_boards { i } else { 0 },
                    fits_height: true,
                },
                &mut seen,
            )
            .await;
            // Every board drawn stands out 3:1 from both square colours and keeps its
            // place beside the texts, at 16 and 30 tables too.
            findings.extend(seen);
            if !readable_boards {
                // Thirty tiles on the laptop are too low for a board beside the clocks
                // in twice their type: the tiles show state and clocks, no thumbnail.
                assert_eq!(
                    count_visible(&client, "svg.board").await,
                    0,
                    "{page} {}: boards too small to read",
                    screen.name()
                );
            }
            assert_eq!(count(&client, "li.screen-table").await, i);
            assert_eq!(
                count(&client, "form, button, input").await,
                0,
                "no controls"
            );
            // Every tile keeps both clocks in large type, sides named, names whole.
            clocks_at_a_glance(&client, &page, screen, &mut findings).await;
            assert_eq!(count(&client, ".clock .time").await, 2 * i, "{page}");
            let big = client
                .find(Locator::Css("#alerts-body li.alert"))
                .await
                .expect("the alert")
                .css_value("font-size")
                .await
                .expect("font size");
            let px: f64 = big.trim_end_matches("px").parse().unwrap_or(0.0);
            assert!(px >= 25.0, "alerts in large type: {big}");
            if i == 30 && screen.width == 1920 {
                pixels::gallery(&format!("hall-screen-30-{}.png", screen.name()), &shot, 2);
            }
            client.close().await.expect("close");
        }
    }
    pixels::assert_clean(&findings);
}
