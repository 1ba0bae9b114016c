//! Every page of a German table's console looked at in headless Chromium on a phone
//! (390 × 844), a laptop (1366 × 768), the hall's big screen (1920 × 1080), a laptop at
//! 200 % zoom and a laptop in the dark colour scheme with reduced motion: checks
//! computed from the screenshots' pixels (squares apart, pieces 3:1 against both square
//! colours, text 4.5:1, no sideways scrolling, no black areas); and, measured from the
//! layout and the screenshot's pixels, both clocks on the first screen in large type
//! (at least 32 CSS px on a desktop, 24 on a phone; their digits' ink at least 0.6 of
//! that) beside the alerts and the pending claim, also on the first screen; and every
//! text of every page in German, none left in English. Screenshots go to
//! `target/screens/`; `scripts/screens.sh` copies a few into `docs/screens/`.
//!
//! FAILS (never skips) when chromium or chromedriver is missing.

use annabella_console::{Console, Token, demo};
use annabella_phonetic::Language;
use annabella_test_support::{
    browser::{self, Screen},
    pixels::{self, Expect, Findings},
};
use tokio::sync::{mpsc, watch};

/// The sizes every page is looked at.
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_console_page_is_readable_on_every_screen() {
    // The console of a German table, as the README's gallery shows it.
    let (_view_tx, view_rx) = watch::channel(demo::scenario_in(Language::De));
    let (req_tx, _req_rx) = mpsc::channel(16);
    let token = Token::random().expect("token");
    let console = Console::new(view_rx, req_tx, token.clone()).with_language(Language::De);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(console.serve(listener));

    let pages = [
        (
            "console-arbiter",
            format!("/arbiter?token={}&by=IA%20Weber", token.as_str()),
            2,
        ),
        ("console-players", "/".to_owned(), 2),
        (
            "console-spectators",
            format!("/?token={}", token.as_str()),
            2,
        ),
        ("console-sign-in", "/arbiter".to_owned(), 0),
    ];
    let mut findings: Vec<Findings> = Vec::new();
    for screen in SCREENS {
        let (_driver, client) = browser::start_screen(screen).await;
        for (name, path, boards) in &pages {
            client
                .goto(&format!("http://{addr}{path}"))
                .await
                .expect("open the page");
            let expect = Expect {
                boards: if screen.width < 600 {
                    (*boards).min(1)
                } else {
                    *boards
                },
                fits_height: false,
            };
            let (mut found, shot) = pixels::look(&client, name, screen, expect).await;
            println!(
                "{name} {}: {} boards, {} pieces, {} texts measured",
                screen.name(),
                found.boards,
                found.pieces,
                found.texts
            );
            assert!(
                *boards == 0 || found.pieces >= 20,
                "{name} {}: only {} pieces measured",
                screen.name(),
                found.pieces
            );
            if *boards > 0 {
                first_screen(&client, name, screen, &mut found).await;
            }
            if screen.name() == "1366x768" {
                all_german(&client, name, &mut found).await;
            }
            findings.push(found);
            match (*name, screen.name().as_str()) {
                ("console-arbiter", "1366x768") => {
                    pixels::gallery("console-arbiter-1366x768.png", &shot, 1);
                }
                ("console-players", "390x844") => {
                    pixels::gallery("console-players-390x844.png", &shot, 1);
                }
                ("console-players", "1366x768-dark") => {
                    pixels::gallery("console-players-1366x768-dark.png", &shot, 1);
                }
                _ => {}
            }
        }
        client.close().await.expect("close");
    }
    english_is_seen(&token).await;
    pixels::assert_clean(&findings);
}

/// The language check itself sees English: an English table's console fails it.
async fn english_is_seen(token: &Token) {
    let (_view_tx, view_rx) = watch::channel(demo::scenario_in(Language::En));
    let (req_tx, _req_rx) = mpsc::channel(16);
    let console = Console::new(view_rx, req_tx, token.clone()).with_language(Language::En);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(console.serve(listener));
    let (_driver, client) = browser::start_screen(Screen::new(1366, 768)).await;
    client
        .goto(&format!(
            "http://{addr}/arbiter?token={}&by=IA%20Weber",
            token.as_str()
        ))
        .await
        .expect("open the page");
    let mut found = Findings::default();
    all_german(&client, "console-arbiter (English)", &mut found).await;
    client.close().await.expect("close");
    assert!(
        found.faults.len() == 1 && found.faults[0].matches(", ").count() > 10,
        "the check misses English: {:?}",
        found.faults
    );
}

/// English words the console's own texts would show if one were left untranslated.
const ENGLISH: &str = r"\b(White|Black|[Bb]oards?|[Cc]locks?|Alerts?|Claims?|Moves|moves|Pause|Resume|Set|Penalty|Warning|Declare|Result|Reason|Seconds|Dismiss|Uphold|Reject|Carry out|plan|Sent|Scoresheets?|Actions|Log|running|stopped|paused|Read-only|sign-in|[Tt]oken|Your name|Open|Table|player|the|of|and|is|to|by)\b";

/// The page of a German table says so (`lang="de"`) and shows no English: every text
/// on it (the boards' titles and descriptions, the options of every list, the words
/// read aloud from `aria-label`, `title` and `placeholder` included).
async fn all_german(client: &fantoccini::Client, name: &str, found: &mut Findings) {
    let english = client
        .execute(
            "const words = new RegExp(arguments[0]); \
             const texts = [document.title]; \
             const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT); \
             for (let n = walk.nextNode(); n; n = walk.nextNode()) { \
               const tag = n.parentElement && n.parentElement.tagName.toLowerCase(); \
               if (tag !== 'script' && tag !== 'style') texts.push(n.textContent.trim()); \
             } \
             for (const e of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) { \
               for (const a of ['aria-label', 'title', 'placeholder', 'alt']) { \
                 if (e.hasAttribute(a)) texts.push(e.getAttribute(a)); \
               } \
             } \
             return [document.documentElement.lang, ...texts.filter(t => words.test(t))];",
            vec![serde_json::Value::from(ENGLISH)],
        )
        .await
        .expect("the page's texts");
    let english: Vec<String> = english
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_str().map(str::to_owned))
        .collect();
    if english.first().map(String::as_str) != Some("de") || english.len() > 1 {
        found.faults.push(format!(
            "{name}: not all in German (lang, then English texts): {english:?}"
        ));
    }
}

/// Both clocks in large type above the fold, and the alerts and the claim beside them.
async fn first_screen(
    client: &fantoccini::Client,
    name: &str,
    screen: Screen,
    found: &mut Findings,
) {
    let page = format!("{name} {}", screen.name());
    let css_width = f64::from(screen.width) / screen.zoom;
    let least = if css_width >= 600.0 { 32.0 } else { 24.0 };
    let clocks = pixels::measure_texts(client, ".clock .clock-time").await;
    if clocks.len() != 2 {
        found
            .faults
            .push(format!("{page}: {} clock times, wanted 2", clocks.len()));
    }
    for (side, c) in ["White", "Black"].iter().zip(&clocks) {
        println!(
            "{page}: {side}'s clock {:.0} px type, ink {:.1} CSS px high, at y {:.0}-{:.0} of {:.0}",
            c.font_px,
            c.ink_css(),
            c.rect.y / c.scale,
            (c.rect.y + c.rect.h) / c.scale,
            c.fold / c.scale
        );
        if c.font_px < least {
            found.faults.push(format!(
                "{page}: {side}'s clock in {} px type, wanted {least}",
                c.font_px
            ));
        }
        if c.ink_css() < 0.6 * least {
            found.faults.push(format!(
                "{page}: {side}'s clock's digits {:.1} px high in the screenshot, wanted {:.1}",
                c.ink_css(),
                0.6 * least
            ));
        }
        if !c.above_the_fold() {
            found
                .faults
                .push(format!("{page}: {side}'s clock below the fold: {c:?}"));
        }
    }
    // At 200 % zoom the laptop's first screen is 384 CSS px high: the clocks fill it.
    let checks: &[(&str, &str)] = if screen.zoom > 1.0 {
        &[("the state of the game", "#result")]
    } else {
        &[
            ("the state of the game", "#result"),
            ("the first alert", "[data-region=alerts] li"),
            ("the pending claim", "[data-region=claims] li"),
            ("whether each clock runs, in words", ".clock .clock-run"),
        ]
    };
    for &(what, css) in checks {
        let texts = pixels::measure_texts(client, css).await;
        match texts.first() {
            Some(t) if t.above_the_fold() => {}
            Some(t) => found
                .faults
                .push(format!("{page}: {what} below the fold: {t:?}")),
            None => found
                .faults
                .push(format!("{page}: {what} is missing ({css})")),
        }
    }
}
