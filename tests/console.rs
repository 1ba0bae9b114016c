//! End-to-end tests of `annabella console --demo` (crates/console): the binary serves the
//! demo table on localhost, prints its URLs and token, and carries out arbiter requests.

use std::{
    io::{BufRead, BufReader},
    process::{Command, Stdio},
};

use annabella_test_support::http::exchange as http;
use annabella_test_support::process::Killed as Server;

fn get(addr: &str, path: &str) -> (u16, String) {
    http(
        addr,
        &format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
    )
}

/// The demo's token (128 bits and more, from the environment: never on the command line).
const TOKEN: &str = "demo-secret-1-0123456789abcdef0123";

#[test]
fn demo_console_serves_and_carries_out_requests() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(["console", "--demo", "--listen", "127.0.0.1:0"])
        .env("ANNABELLA_CONSOLE_TOKEN", TOKEN)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start annabella console");
    let stdout = child.stdout.take().expect("stdout");
    let server = Server(child);
    let mut lines = BufReader::new(stdout).lines();
    let first = lines.next().expect("a line").expect("utf-8");
    let addr = first
        .strip_prefix("console: http://")
        .and_then(|r| r.strip_suffix("/ (read-only)"))
        .unwrap_or_else(|| panic!("first line names the URL: {first}"))
        .to_owned();
    let second = lines.next().expect("a line").expect("utf-8");
    assert_eq!(
        second,
        format!("arbiter: http://{addr}/arbiter?token={TOKEN}&by=YOUR%20NAME")
    );
    assert_eq!(
        lines.next().expect("a line").expect("utf-8"),
        format!("token: {TOKEN}")
    );

    let (code, page) = get(&addr, "/");
    assert_eq!(code, 200);
    assert!(page.contains("<h1>Table 1</h1>"), "{page}");
    assert!(
        page.contains(r#"<p class="who">Read-only view</p>"#),
        "{page}"
    );
    assert!(!page.contains("<form"));

    let (code, json) = get(&addr, "/api/view");
    assert_eq!(code, 200);
    assert!(json.contains(r#""paused":true"#), "{json}");

    let body = format!("token={TOKEN}&by=IA+Weber&action=resume");
    let (code, head) = http(
        &addr,
        &format!(
            "POST /action HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://{addr}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ),
    );
    assert_eq!(code, 303, "{head}");
    assert!(
        head.contains("location: /arbiter?by=IA%20Weber&sent="),
        "{head}"
    );
    let json = annabella_test_support::wait::wait_for(
        std::time::Duration::from_secs(10),
        "not resumed",
        || {
            let (_, json) = get(&addr, "/api/view");
            (json.contains(r#""paused":false"#), json)
        },
    );
    assert!(json.contains("IA Weber: resume the clocks."), "{json}");
    drop(server);
}

#[test]
fn console_without_demo_or_with_a_weak_shown_or_open_token_is_refused() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().unwrap();
    let open = dir.path().join("token");
    std::fs::write(&open, format!("{TOKEN}\n")).unwrap();
    std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o640)).unwrap();
    let open_arg = open.display().to_string();
    for (args, env, want) in [
        (
            &["console"][..],
            None,
            "annabella: only `annabella console --demo` is served on its own; the live table's console comes with the station\n".to_owned(),
        ),
        (
            &["console", "--demo"][..],
            Some("short-secret"),
            "annabella: the console's token: $ANNABELLA_CONSOLE_TOKEN: a token has at least 32 characters (letters, digits, punctuation; 128 bits or more), e.g. `openssl rand -hex 16`\n".to_owned(),
        ),
        (
            &["console", "--demo", "--token-file", &open_arg][..],
            None,
            format!("annabella: the console's token: token file {open_arg}: other users of this machine can read it (mode 640); `chmod 600 {open_arg}` first\n"),
        ),
    ] {
        let mut command = Command::new(env!("CARGO_BIN_EXE_annabella"));
        command.args(args).env_remove("ANNABELLA_CONSOLE_TOKEN");
        if let Some(env) = env {
            command.env("ANNABELLA_CONSOLE_TOKEN", env);
        }
        let out = command.output().expect("run");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), want, "{args:?}");
    }
    // The token is no flag: `ps` would show it to every user of the machine.
    let out = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(["console", "--demo", "--token", TOKEN])
        .output()
        .expect("run");
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("unexpected argument '--token'"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
