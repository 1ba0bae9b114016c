//! The console's web hardening over real sockets, one raw HTTP/1.1 request each: a
//! foreign Host is refused (DNS rebinding), every answer carries the security headers
//! and a page's policy allows exactly its own inline script, a POST from another origin
//! or without one is refused, and the token moves from the address into an HttpOnly,
//! SameSite=Strict cookie that then opens the arbiter's console at the bare address.

use std::net::SocketAddr;

use annabella_console::{Console, Token};
use annabella_serve::{hardening::script_hashes, serving::Limits};
use annabella_view::{ArbiterRequest, ConsoleView};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
    sync::{mpsc, watch},
};

struct Served {
    addr: SocketAddr,
    token: Token,
    requests: mpsc::Receiver<ArbiterRequest>,
    _view: watch::Sender<ConsoleView>,
}

async fn serve() -> Served {
    let (view_tx, view_rx) = watch::channel(ConsoleView::default());
    let (req_tx, requests) = mpsc::channel(16);
    let token = Token::random().expect("token");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    let console = Console::new(view_rx, req_tx, token.clone())
        .with_host_names(vec!["arbiter.hall.local".into()]);
    tokio::spawn(console.serve_within(listener, Limits::default()));
    Served {
        addr,
        token,
        requests,
        _view: view_tx,
    }
}

/// Sends `head` (request line and headers, without the blank line) and `body`; the
/// whole answer.
async fn exchange(addr: SocketAddr, head: &str, body: &str) -> String {
    let mut s = TcpStream::connect(addr).await.expect("connect");
    let request = format!("{head}\r\nConnection: close\r\n\r\n{body}");
    s.write_all(request.as_bytes()).await.expect("send");
    let mut answer = Vec::new();
    s.read_to_end(&mut answer).await.expect("read");
    String::from_utf8_lossy(&answer).into_owned()
}

fn status(answer: &str) -> u16 {
    answer
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

fn header<'a>(answer: &'a str, name: &str) -> Option<&'a str> {
    let head = answer.split("\r\n\r\n").next().unwrap_or_default();
    head.lines().find_map(|l| {
        let (k, v) = l.split_once(':')?;
        k.eq_ignore_ascii_case(name).then(|| v.trim())
    })
}

fn body(answer: &str) -> &str {
    answer.split_once("\r\n\r\n").map_or("", |(_, b)| b)
}

#[tokio::test]
async fn a_foreign_host_is_refused_and_ours_are_served() {
    let s = serve().await;
    let port = s.addr.port();
    for host in ["evil.example", "127.0.0.1:1", "attacker.test:{port}"] {
        let host = host.replace("{port}", &port.to_string());
        let answer = exchange(s.addr, &format!("GET / HTTP/1.1\r\nHost: {host}"), "").await;
        assert_eq!(status(&answer), 421, "Host {host}: {answer}");
    }
    let answer = exchange(s.addr, "GET / HTTP/1.1", "").await;
    assert_eq!(status(&answer), 421, "no Host: {answer}");
    for host in [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("arbiter.hall.local:{port}"),
    ] {
        let answer = exchange(s.addr, &format!("GET / HTTP/1.1\r\nHost: {host}"), "").await;
        assert_eq!(status(&answer), 200, "Host {host}: {answer}");
    }
}

#[tokio::test]
async fn every_answer_has_the_security_headers_and_the_page_only_its_own_script() {
    let s = serve().await;
    let answer = exchange(s.addr, &format!("GET / HTTP/1.1\r\nHost: {}", s.addr), "").await;
    assert_eq!(status(&answer), 200);
    let csp = header(&answer, "content-security-policy").expect("a CSP");
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    assert!(csp.contains("default-src 'none'"), "{csp}");
    let page = body(&answer);
    let hashes = script_hashes(page);
    assert!(hashes.starts_with("'sha256-"), "the page has its script");
    assert!(
        csp.contains(&format!("script-src {hashes};")),
        "the policy allows exactly the page's script: {csp}"
    );
    assert_eq!(header(&answer, "referrer-policy"), Some("no-referrer"));
    assert_eq!(header(&answer, "x-content-type-options"), Some("nosniff"));
    assert_eq!(header(&answer, "x-frame-options"), Some("DENY"));
    // A refusal carries them too, and JSON gets no script at all.
    let refused = exchange(s.addr, "GET / HTTP/1.1\r\nHost: evil.example", "").await;
    assert!(
        header(&refused, "content-security-policy")
            .is_some_and(|c| c.contains("script-src 'none'"))
    );
    let api = exchange(
        s.addr,
        &format!("GET /api/view HTTP/1.1\r\nHost: {}", s.addr),
        "",
    )
    .await;
    assert_eq!(status(&api), 200);
    assert_eq!(header(&api, "x-content-type-options"), Some("nosniff"));
}

#[tokio::test]
async fn a_post_from_another_origin_or_none_is_refused() {
    let mut s = serve().await;
    let form = format!("token={}&by=Mallory&action=pause", s.token.as_str());
    let post = |origin: &str| {
        format!(
            "POST /action HTTP/1.1\r\nHost: {}\r\n{origin}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}",
            s.addr,
            form.len()
        )
    };
    for origin in [
        "Origin: http://evil.example\r\n".to_owned(),
        "Origin: null\r\n".to_owned(),
        "Origin: null\r\nSec-Fetch-Site: cross-site\r\n".to_owned(),
        String::new(),
    ] {
        let answer = exchange(s.addr, &post(&origin), &form).await;
        assert_eq!(status(&answer), 403, "{origin:?}: {answer}");
    }
    assert!(s.requests.try_recv().is_err(), "nothing reached the table");
    // The console's own page (its Origin, or a browser's null Origin from the same site).
    for origin in [
        format!("Origin: http://{}\r\n", s.addr),
        "Origin: null\r\nSec-Fetch-Site: same-origin\r\n".to_owned(),
    ] {
        let answer = exchange(s.addr, &post(&origin), &form).await;
        assert_eq!(status(&answer), 303, "{origin:?}: {answer}");
        assert!(s.requests.recv().await.is_some());
    }
}

#[tokio::test]
async fn the_token_moves_from_the_address_into_a_strict_http_only_cookie() {
    let s = serve().await;
    let token = s.token.as_str();
    let answer = exchange(
        s.addr,
        &format!(
            "GET /arbiter?token={token}&by=IA%20Weber HTTP/1.1\r\nHost: {}\r\nAccept: text/html",
            s.addr
        ),
        "",
    )
    .await;
    assert_eq!(status(&answer), 303, "{answer}");
    assert_eq!(header(&answer, "location"), Some("/arbiter?by=IA+Weber"));
    let cookie = header(&answer, "set-cookie").expect("a cookie");
    assert!(
        cookie.starts_with(&format!("annabella_token_{}={token};", s.addr.port())),
        "{cookie}"
    );
    for part in ["HttpOnly", "SameSite=Strict", "Path=/"] {
        assert!(cookie.contains(part), "{cookie}");
    }
    // The bare address with the cookie is the arbiter's console.
    let answer = exchange(
        s.addr,
        &format!(
            "GET /arbiter?by=IA+Weber HTTP/1.1\r\nHost: {}\r\nCookie: annabella_token_{}={token}",
            s.addr,
            s.addr.port()
        ),
        "",
    )
    .await;
    assert_eq!(status(&answer), 200, "{answer}");
    assert!(body(&answer).contains("<form"), "the arbiter's forms");
    // The read-only view in the same browser stays the read-only view: the cookie stands
    // for the token only where the arbiter is named.
    let answer = exchange(
        s.addr,
        &format!(
            "GET / HTTP/1.1\r\nHost: {}\r\nCookie: annabella_token_{}={token}",
            s.addr,
            s.addr.port()
        ),
        "",
    )
    .await;
    assert_eq!(status(&answer), 200, "{answer}");
    assert!(
        !body(&answer).contains("<form"),
        "no arbiter's forms: {answer}"
    );
    // A wrong token is not made a cookie: the page says so.
    let answer = exchange(
        s.addr,
        &format!(
            "GET /arbiter?token=wrong&by=X HTTP/1.1\r\nHost: {}\r\nAccept: text/html",
            s.addr
        ),
        "",
    )
    .await;
    assert!(header(&answer, "set-cookie").is_none(), "{answer}");
    assert!(
        body(&answer).contains("That token is not right"),
        "{answer}"
    );
}

/// Issue 40, item 8: two `Host` headers are a 400; the arbiter's answers are `no-store`;
/// a computer that guessed wrong ten times is refused for the window, another is not;
/// the policy's hash is the template's, so a script the page did not come with never runs.
#[tokio::test]
async fn a_second_host_guesses_and_caches_are_refused_and_the_policy_is_the_templates() {
    let s = serve().await;
    let answer = exchange(
        s.addr,
        &format!("GET / HTTP/1.1\r\nHost: {}\r\nHost: evil.example", s.addr),
        "",
    )
    .await;
    assert_eq!(status(&answer), 400, "{answer}");
    let token = s.token.as_str();
    let arbiter = exchange(
        s.addr,
        &format!(
            "GET /arbiter?token={token}&by=IA HTTP/1.1\r\nHost: {}",
            s.addr
        ),
        "",
    )
    .await;
    assert_eq!(status(&arbiter), 200, "{arbiter}");
    assert_eq!(header(&arbiter, "cache-control"), Some("no-store"));
    let csp = header(&arbiter, "content-security-policy")
        .unwrap()
        .to_owned();
    assert!(
        csp.contains(&format!("script-src {};", script_hashes(body(&arbiter)))),
        "the served page holds exactly the template's script: {csp}"
    );
    for _ in 0..annabella_serve::hardening::MAX_GUESSES {
        let wrong = exchange(
            s.addr,
            &format!(
                "GET /arbiter?token=guess&by=IA HTTP/1.1\r\nHost: {}",
                s.addr
            ),
            "",
        )
        .await;
        assert_ne!(status(&wrong), 200);
        assert_ne!(status(&wrong), 429);
    }
    let barred = exchange(
        s.addr,
        &format!(
            "GET /arbiter?token={token}&by=IA HTTP/1.1\r\nHost: {}",
            s.addr
        ),
        "",
    )
    .await;
    assert_eq!(status(&barred), 429, "even the right token waits: {barred}");
    let open = exchange(s.addr, &format!("GET / HTTP/1.1\r\nHost: {}", s.addr), "").await;
    assert_eq!(status(&open), 200, "the read-only view needs no token");
}

#[tokio::test]
async fn a_german_tables_console_refuses_in_german() {
    let (_view_tx, view_rx) = watch::channel(ConsoleView::default());
    let (req_tx, _requests) = mpsc::channel(16);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    let console = Console::new(view_rx, req_tx, Token::random().expect("token"))
        .with_language(annabella_phonetic::Language::De);
    tokio::spawn(console.serve_within(listener, Limits::default()));
    let foreign = exchange(addr, "GET / HTTP/1.1\r\nHost: evil.example", "").await;
    assert_eq!(status(&foreign), 421);
    assert_eq!(
        body(&foreign),
        "Dieser Server antwortet nicht auf diesen Hostnamen."
    );
    let post = format!(
        "POST /action HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://evil.example\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 12"
    );
    let cross = exchange(addr, &post, "action=pause").await;
    assert_eq!(status(&cross), 403);
    assert_eq!(
        body(&cross),
        "Ein Formular muss von der eigenen Seite dieses Servers kommen."
    );
}
