//! The console's serving limits against real sockets: thousands of idle connections
//! and connections that send half a request head and stall cannot keep the arbiter's
//! request out, and they are closed after the header timeout; oversized and stalled
//! bodies are refused.

use std::{
    net::SocketAddr,
    time::{Duration, Instant},
};

use annabella_console::{Console, Token};
use annabella_serve::serving::Limits;
use annabella_view::{ArbiterCommand, ArbiterRequest, ConsoleView};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
    sync::{mpsc, watch},
    task::JoinSet,
};

/// Short limits so that the test waits seconds, not minutes.
const LIMITS: Limits = Limits {
    header_read: Duration::from_secs(2),
    request: Duration::from_secs(2),
    max_connections: 256,
    body_bytes: 4096,
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
    let console = Console::new(view_rx, req_tx, token.clone());
    tokio::spawn(console.serve_within(listener, LIMITS));
    Served {
        addr,
        token,
        requests,
        _view: view_tx,
    }
}

/// The soft limit on open files of this process (`/proc/self/limits`).
fn open_files_limit() -> usize {
    let limits = std::fs::read_to_string("/proc/self/limits").expect("/proc/self/limits");
    limits
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .and_then(|l| l.split_whitespace().nth(3))
        .and_then(|n| n.parse().ok())
        .unwrap_or(usize::MAX)
}

/// Sends `request` on a fresh connection and reads the answer to its end.
/// One request (`Host: x` is sent as the server's own address), the whole answer.
async fn exchange(addr: SocketAddr, request: &str) -> std::io::Result<String> {
    let request = request.replace("Host: x\r\n", &format!("Host: {addr}\r\n"));
    let mut s = TcpStream::connect(addr).await?;
    s.write_all(request.as_bytes()).await?;
    let mut answer = Vec::new();
    s.read_to_end(&mut answer).await?;
    Ok(String::from_utf8_lossy(&answer).into_owned())
}

fn pause_request(token: &Token) -> String {
    let json = r#"{"by":"IA Weber","action":"pause"}"#;
    format!(
        "POST /api/requests HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{json}",
        token.as_str(),
        json.len()
    )
}

/// Reads until the peer closes; true when it did (end of file or a reset).
async fn closed_by_peer(mut s: TcpStream) -> bool {
    let mut buf = [0u8; 512];
    loop {
        match s.read(&mut buf).await {
            Ok(0) | Err(_) => return true,
            Ok(_) => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_arbiter_gets_through_thousands_of_idle_connections_which_are_closed_later() {
    let mut served = serve().await;
    // The server and these clients share one process and its open-file limit: without
    // a bound on connections the server's ends alone (one per idle client) plus the
    // clients' ends would exceed it (2 × 3/5 of the limit), so the arbiter's connection
    // could not even be accepted. With the bound the server holds at most
    // `max_connections` of them.
    let limit = open_files_limit();
    let stalled = 100;
    let idle = (limit * 3 / 5).min(12_000) - stalled;
    println!("open-file limit {limit}: {idle} idle and {stalled} half-header connections");

    let mut held = Vec::with_capacity(idle + stalled);
    let opening = Instant::now();
    let mut refused = None;
    for i in 0..idle + stalled {
        let connect = tokio::time::timeout(Duration::from_secs(5), TcpStream::connect(served.addr));
        let mut s = match connect.await {
            Ok(Ok(s)) => s,
            Ok(Err(e)) => {
                refused = Some(format!("connection {i}: {e}"));
                break;
            }
            Err(_) => {
                refused = Some(format!("connection {i} not accepted within 5 s"));
                break;
            }
        };
        if i >= idle {
            // Half a request head, then nothing.
            s.write_all(b"GET /api/view HTTP/1.1\r\nHost: x\r\nX-Slow: ")
                .await
                .expect("half a head");
        }
        held.push(s);
    }
    println!(
        "{} connections opened in {:?} ({})",
        held.len(),
        opening.elapsed(),
        refused.as_deref().unwrap_or("all")
    );

    // The arbiter's request, while all of them are held open.
    let asked = Instant::now();
    let answer = tokio::time::timeout(
        Duration::from_secs(5),
        exchange(served.addr, &pause_request(&served.token)),
    )
    .await
    .unwrap_or_else(|_| panic!("the arbiter's request not answered within 5 s"))
    .unwrap_or_else(|e| panic!("the arbiter's request failed: {e}"));
    println!("the arbiter's request answered in {:?}", asked.elapsed());
    assert!(answer.starts_with("HTTP/1.1 202"), "{answer}");
    let delivered = tokio::time::timeout(Duration::from_secs(5), served.requests.recv())
        .await
        .expect("delivered within 5 s")
        .expect("a request");
    assert_eq!(delivered.by, "IA Weber");
    assert_eq!(delivered.action, ArbiterCommand::Pause);
    assert_eq!(refused, None, "every idle connection was accepted");

    // Every idle and half-header connection is closed by the server: the ones beyond
    // the bound at once, the rest after the header timeout.
    let waiting = Instant::now();
    let mut closing = JoinSet::new();
    for s in held {
        closing.spawn(closed_by_peer(s));
    }
    let deadline = LIMITS.header_read + Duration::from_secs(10);
    let mut closed = 0;
    while let Some(done) = tokio::time::timeout(deadline, closing.join_next())
        .await
        .unwrap_or_else(|_| {
            panic!(
                "{} connections still open {deadline:?} after the request",
                closing.len()
            )
        })
    {
        assert!(done.expect("reader"), "closed");
        closed += 1;
    }
    assert_eq!(closed, idle + stalled);
    println!("all closed within {:?}", waiting.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversized_body_is_refused_and_a_stalled_body_times_out() {
    let mut served = serve().await;
    let big = format!(r#"{{"by":"{}","action":"pause"}}"#, "A".repeat(5000));
    let answer = exchange(
        served.addr,
        &format!(
            "POST /api/requests HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{big}",
            served.token.as_str(),
            big.len()
        ),
    )
    .await
    .expect("an answer");
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");

    // A body announced as 100 bytes of which 10 come: 408 after the request limit.
    let mut s = TcpStream::connect(served.addr).await.expect("connect");
    s.write_all(
        format!(
            "POST /api/requests HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"by\":\"IA",
            served.addr,
            served.token.as_str()
        )
        .as_bytes(),
    )
    .await
    .expect("send");
    let mut answer = vec![0u8; 1024];
    let n = tokio::time::timeout(
        LIMITS.request + Duration::from_secs(10),
        s.read(&mut answer),
    )
    .await
    .expect("an answer after the request limit")
    .expect("read");
    let answer = String::from_utf8_lossy(&answer[..n]);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(served.requests.try_recv().is_err(), "nothing delivered");
}
