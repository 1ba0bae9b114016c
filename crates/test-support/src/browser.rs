//! Headless Debian Chromium driven through chromedriver (fantoccini). chromedriver
//! picks its own free port (`--port=0`) and reports it, so two tests never race for one.

use std::{
    io::{BufRead, BufReader},
    path::Path,
    process::{Child, Command, Stdio},
    sync::mpsc,
    time::Duration,
};

use fantoccini::{Client, ClientBuilder, Locator};

/// Debian's chromium.
pub const CHROMIUM: &str = "/usr/bin/chromium";
/// Debian's chromedriver (package chromium-driver).
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// The running chromedriver and the browser profile; both go on drop.
pub struct Driver {
    child: Child,
    _profile: tempfile::TempDir,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How the browser looks at pages: its window, zoom and the user's preferences.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Screen {
    /// Window width in CSS pixels at 100 %.
    pub width: u32,
    /// Window height in CSS pixels at 100 %.
    pub height: u32,
    /// Zoom (device pixels per CSS pixel): 2.0 is 200 %, the window keeping its size in
    /// device pixels.
    pub zoom: f64,
    /// `prefers-color-scheme: dark`.
    pub dark: bool,
    /// `prefers-reduced-motion: reduce`.
    pub reduced_motion: bool,
}

impl Screen {
    /// A window of `width` × `height` at 100 %, light, with motion.
    pub const fn new(width: u32, height: u32) -> Screen {
        Screen {
            width,
            height,
            zoom: 1.0,
            dark: false,
            reduced_motion: false,
        }
    }

    /// A short name for file names: `1366x768`, `1366x768-200`, `390x844-dark`.
    pub fn name(&self) -> String {
        let mut s = format!("{}x{}", self.width, self.height);
        if (self.zoom - 1.0).abs() > f64::EPSILON {
            s.push_str(&format!("-{:.0}", self.zoom * 100.0));
        }
        if self.dark {
            s.push_str("-dark");
        }
        s
    }
}

/// Starts chromedriver and a headless Chromium session with a window of `width` ×
/// `height` pixels. Panics naming the missing package or what failed.
pub async fn start(width: u32, height: u32) -> (Driver, Client) {
    launch(Screen::new(width, height), false).await
}

/// Starts chromedriver and a headless Chromium session whose page viewport is exactly
/// `screen` (device metrics, so 390 px is possible where a window is at least 500 px
/// wide, and the window's frame takes nothing off the height). Panics naming the
/// missing package or what failed.
pub async fn start_screen(screen: Screen) -> (Driver, Client) {
    launch(screen, true).await
}

async fn launch(screen: Screen, exact: bool) -> (Driver, Client) {
    for (path, package) in [(CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")] {
        assert!(
            Path::new(path).exists(),
            "{path} is missing: install the Debian package {package} (scripts/setup.sh does)"
        );
    }
    let mut child = Command::new(CHROMEDRIVER)
        .arg("--port=0")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chromedriver");
    let stdout = child.stdout.take().expect("chromedriver's stdout");
    let profile = tempfile::Builder::new()
        .prefix("annabella-chromium-")
        .tempdir()
        .expect("a browser profile directory");
    let profile_dir = profile.path().display().to_string();
    let driver = Driver {
        child,
        _profile: profile,
    };
    let port = reported_port(stdout);
    // At 200 % the same device pixels hold half as many CSS pixels.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let css = |px: u32| (f64::from(px) / screen.zoom).round() as u32;
    let mut args = vec![
        "--headless".to_owned(),
        "--no-sandbox".into(),
        "--disable-gpu".into(),
        "--disable-quic".into(),
        "--no-first-run".into(),
        "--disable-background-networking".into(),
        "--disable-component-update".into(),
        "--disable-sync".into(),
        "--hide-scrollbars".into(),
        // The window is larger than the page's viewport (and at least 500 wide); the
        // viewport itself is set exactly by the device metrics below.
        if exact {
            format!(
                "--window-size={},{}",
                screen.width.max(600) + 40,
                screen.height + 200
            )
        } else {
            format!("--window-size={},{}", screen.width, screen.height)
        },
        format!("--user-data-dir={profile_dir}"),
    ];
    if screen.dark {
        args.push("--blink-settings=preferredColorScheme=0".into());
        args.push("--force-dark-mode".into());
    }
    if screen.reduced_motion {
        args.push("--force-prefers-reduced-motion".into());
    }
    let mut options = serde_json::json!({ "binary": CHROMIUM, "args": args });
    if exact {
        options["mobileEmulation"] = serde_json::json!({ "deviceMetrics": {
            "width": css(screen.width), "height": css(screen.height),
            "pixelRatio": screen.zoom, "touch": false, "mobile": false,
        }});
    }
    let mut caps = serde_json::Map::new();
    caps.insert("goog:chromeOptions".into(), options);
    let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("a chromium session through chromedriver");
    (driver, client)
}

/// The port from chromedriver's "started successfully on port N" line (within 20 s).
fn reported_port(stdout: std::process::ChildStdout) -> u16 {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut lines = BufReader::new(stdout).lines().map_while(Result::ok);
        let port = lines.by_ref().find_map(|line| {
            line.strip_prefix("ChromeDriver was started successfully on port ")
                .and_then(|rest| rest.trim_end_matches('.').parse::<u16>().ok())
        });
        let _ = tx.send(port);
        // Keep draining so that chromedriver never blocks on a full pipe.
        lines.for_each(drop);
    });
    match rx.recv_timeout(Duration::from_secs(20)) {
        Ok(Some(port)) => port,
        Ok(None) => panic!("chromedriver ended without reporting its port"),
        Err(_) => panic!("chromedriver did not report its port within 20 s"),
    }
}

/// How many elements match `css`.
pub async fn count(client: &Client, css: &str) -> usize {
    client
        .find_all(Locator::Css(css))
        .await
        .expect("find_all")
        .len()
}

/// Waits up to `limit` for an element matching `css`; how long it took. Fails with the
/// page's source.
pub async fn wait_for_css(client: &Client, css: &str, limit: Duration) -> Duration {
    let start = std::time::Instant::now();
    wait_count(client, css, limit, "did not appear", |n| n > 0).await;
    start.elapsed()
}

/// Waits up to `limit` until no element matches `css`; fails with the page's source.
pub async fn wait_gone_css(client: &Client, css: &str, limit: Duration) {
    wait_count(client, css, limit, "stays", |n| n == 0).await;
}

/// Waits up to `limit` until the number of elements matching `css` is `ok` (the page's
/// source is fetched only for the failure, so polling stays quick).
async fn wait_count(
    client: &Client,
    css: &str,
    limit: Duration,
    fails: &str,
    ok: fn(usize) -> bool,
) {
    let deadline = std::time::Instant::now() + limit;
    while !ok(count(client, css).await) {
        assert!(
            std::time::Instant::now() < deadline,
            "{css} {fails} (waited {limit:?}); page:\n{}",
            client.source().await.unwrap_or_default()
        );
        tokio::time::sleep(crate::wait::POLL).await;
    }
}

/// The text of the element matching `css`; fails naming `css` when there is none.
pub async fn text(client: &Client, css: &str) -> String {
    client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .text()
        .await
        .expect("text")
}

/// Saves a screenshot of the page as `target/console-screenshots/NAME` and prints its path.
pub async fn screenshot(client: &Client, name: &str) {
    let png = client.screenshot().await.expect("screenshot");
    assert!(png.starts_with(b"\x89PNG"), "a PNG");
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| crate::workspace_root().join("target"), Into::into);
    let dir = target.join("console-screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot dir");
    let path = dir.join(name);
    std::fs::write(&path, png).expect("write screenshot");
    println!("screenshot: {}", path.display());
}

/// The pieces drawn on the console's board `board` (`vi`, `sighted`): (square, piece),
/// sorted.
pub async fn board_pieces(client: &Client, board: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for e in client
        .find_all(Locator::Css(&format!("svg#board-{board} text.piece")))
        .await
        .expect("pieces")
    {
        let attr = async |name: &str| e.attr(name).await.ok().flatten().unwrap_or_default();
        out.push((attr("data-square").await, attr("data-piece").await));
    }
    out.sort();
    out
}

/// Waits up to `limit` until the element matching `css` has a text containing `needle`
/// (a live page may replace the element meanwhile: missing or stale counts as empty);
/// that text. Fails naming `css`, `needle` and the last text.
pub async fn wait_for_text(client: &Client, css: &str, needle: &str, limit: Duration) -> String {
    crate::wait::wait_for_async(limit, &format!("{css} shows {needle:?}"), async || {
        let text = match client.find(Locator::Css(css)).await {
            Ok(e) => e.text().await.unwrap_or_default(),
            Err(_) => String::new(),
        };
        (text.contains(needle), text)
    })
    .await
}
