//! Serving a router over HTTP/1.1 with limits, so that idle or stalled connections
//! cannot starve the arbiter: a time limit for each request head (which is also how long
//! a connection may sit idle between requests), a time limit for each request (reading
//! its body and making the response), a bound on the request body, and a bound on the
//! open connections.
//!
//! When the bound on connections is reached, the oldest connection that has no request
//! in progress (one waiting for a request head, or streaming server-sent events) is
//! closed to make room for the new one; only when every connection is in the middle of
//! a request does a new one wait, at most until the first of them ends (each within
//! [`Limits::request`]). So a flood of idle connections cannot keep the arbiter out: the
//! arbiter's connection is the newest, and the flood would have to open
//! [`Limits::max_connections`] further connections in the moment between its accepting
//! and its request head. A browser's event stream that is closed this way reconnects by
//! itself.
//!
//! The console and the hall serve through [`serve`] (by way of [`crate::serve_hardened`]).

use std::{
    collections::BTreeMap,
    convert::Infallible,
    net::SocketAddr,
    sync::{
        Arc, Mutex,
        atomic::{AtomicUsize, Ordering},
    },
    time::Duration,
};

use axum::{
    Router,
    extract::{ConnectInfo, DefaultBodyLimit, Request},
    http::StatusCode,
    response::{IntoResponse, Response},
};
use hyper::{body::Incoming, server::conn::http1, service::service_fn};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::{
    net::{TcpListener, TcpStream},
    sync::{Notify, oneshot},
};
use tower_service::Service;

/// How long and how much one connection may take; see the module documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Time to send a whole request head, counted from the connection's start or the
    /// end of its previous response: the idle and header timeout in one.
    pub header_read: Duration,
    /// Time to send the request body and get the response's head.
    pub request: Duration,
    /// Open connections at most; at the bound the oldest idle one is closed.
    pub max_connections: usize,
    /// Bytes of a request body at most (larger bodies get 413).
    pub body_bytes: usize,
}

impl Default for Limits {
    /// 10 s for a request head or idling, 30 s for a request, 256 connections, 64 KiB
    /// bodies.
    fn default() -> Limits {
        Limits {
            header_read: Duration::from_secs(10),
            request: Duration::from_secs(30),
            max_connections: 256,
            body_bytes: 64 * 1024,
        }
    }
}

/// One open connection as the accept loop sees it.
struct Open {
    /// Requests in progress on it.
    busy: Arc<AtomicUsize>,
    /// Closes it.
    close: oneshot::Sender<()>,
}

/// The open connections, oldest first, and a signal when one ends.
#[derive(Default)]
struct Connections {
    open: Mutex<BTreeMap<u64, Open>>,
    ended: Notify,
}

impl Connections {
    /// Makes room for one more: true when there is room (an idle connection may have
    /// been closed for it), false when every open connection is busy.
    fn make_room(&self, max: usize) -> bool {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        if open.len() < max.max(1) {
            return true;
        }
        let idle = open
            .iter()
            .find(|(_, c)| c.busy.load(Ordering::Acquire) == 0)
            .map(|(id, _)| *id);
        match idle.and_then(|id| open.remove(&id)) {
            Some(oldest) => {
                let _ = oldest.close.send(());
                true
            }
            None => false,
        }
    }

    fn add(&self, id: u64, busy: Arc<AtomicUsize>) -> oneshot::Receiver<()> {
        let (close, closed) = oneshot::channel();
        self.open
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id, Open { busy, close });
        closed
    }

    fn remove(&self, id: u64) {
        self.open
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&id);
        self.ended.notify_one();
    }
}

/// Counts a request as in progress while it lives.
struct InProgress(Arc<AtomicUsize>);

impl InProgress {
    fn start(busy: &Arc<AtomicUsize>) -> InProgress {
        busy.fetch_add(1, Ordering::AcqRel);
        InProgress(Arc::clone(busy))
    }
}

impl Drop for InProgress {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Serves `router` on `listener` within `limits` until the listener fails. Handlers can
/// take `ConnectInfo<SocketAddr>` (the peer's address).
///
/// # Errors
/// The listener's I/O error, other than a refused or reset connection or running out
/// of file descriptors (which are waited out).
pub async fn serve(listener: TcpListener, router: Router, limits: Limits) -> std::io::Result<()> {
    let router = router.layer(DefaultBodyLimit::max(limits.body_bytes));
    let connections = Arc::new(Connections::default());
    let mut next_id = 0u64;
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) if transient(&e) => {
                // Out of descriptors or a connection gone before it was accepted: the
                // limits free descriptors soon; try again after a moment.
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
            Err(e) => return Err(e),
        };
        while !connections.make_room(limits.max_connections) {
            connections.ended.notified().await;
        }
        next_id += 1;
        let busy = Arc::new(AtomicUsize::new(0));
        let closed = connections.add(next_id, Arc::clone(&busy));
        tokio::spawn(connection(
            stream,
            peer,
            router.clone(),
            limits,
            busy,
            closed,
            (Arc::clone(&connections), next_id),
        ));
    }
}

fn transient(e: &std::io::Error) -> bool {
    use std::io::ErrorKind::*;
    matches!(
        e.kind(),
        ConnectionRefused | ConnectionAborted | ConnectionReset | Interrupted | WouldBlock
    ) || matches!(e.raw_os_error(), Some(23 | 24)) // ENFILE, EMFILE
}

/// One connection, until it ends, times out or is closed to make room.
async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    router: Router,
    limits: Limits,
    busy: Arc<AtomicUsize>,
    closed: oneshot::Receiver<()>,
    (connections, id): (Arc<Connections>, u64),
) {
    let service = service_fn(move |mut request: Request<Incoming>| {
        let mut router = router.clone();
        let in_progress = InProgress::start(&busy);
        request.extensions_mut().insert(ConnectInfo(peer));
        async move {
            let _in_progress = in_progress;
            let request = request.map(axum::body::Body::new);
            let response = match tokio::time::timeout(limits.request, router.call(request)).await {
                Ok(Ok(response)) => response,
                Ok(Err(never)) => match never {},
                Err(_) => timed_out(limits.request),
            };
            Ok::<Response, Infallible>(response)
        }
    });
    let serving = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read)
        .serve_connection(TokioIo::new(stream), service);
    tokio::select! {
        _ = serving => {}
        _ = closed => {}
    }
    connections.remove(id);
}

fn timed_out(limit: Duration) -> Response {
    (
        StatusCode::REQUEST_TIMEOUT,
        format!(
            "The request was not complete within {} s.",
            limit.as_secs_f32()
        ),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_the_bound_the_oldest_idle_connection_makes_room() {
        let c = Connections::default();
        let busy: Vec<Arc<AtomicUsize>> = (0..3).map(|_| Arc::new(AtomicUsize::new(0))).collect();
        let mut closed: Vec<_> = (0..3u64)
            .map(|i| c.add(i, Arc::clone(&busy[i as usize])))
            .collect();
        assert!(c.make_room(4), "below the bound");
        busy[0].store(1, Ordering::Release);
        assert!(c.make_room(3));
        // Connection 0 is busy: connection 1, the oldest idle one, was closed.
        assert!(closed[0].try_recv().is_err());
        assert!(closed[1].try_recv().is_ok());
        assert!(closed[2].try_recv().is_err());
        assert_eq!(c.open.lock().expect("lock").len(), 2);
        busy[2].store(1, Ordering::Release);
        assert!(!c.make_room(2), "every connection is busy");
        c.remove(2);
        assert!(c.make_room(2));
    }
}
