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

/// Starts chromedriver and a headless Chromium session with a window of `width` ×
/// `height` pixels. Panics naming the missing package or what failed.
pub async fn start(width: u32, height: u32) -> (Driver, Client) {
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
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        serde_json::json!({
            "binary": CHROMIUM,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                format!("--window-size={width},{height}"),
                format!("--user-data-dir={profile_dir}"),
            ],
        }),
    );
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
