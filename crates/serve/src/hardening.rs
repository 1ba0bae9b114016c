//! What every response of the console and the hall carries, and what every request must
//! show, against the attacks a browser makes possible:
//!
//! - **DNS rebinding**: a `Host` other than an IP address, `localhost` or one of the
//!   configured names, or with another port than the one listened on, gets 421.
//! - **Cross-site forms**: a `POST` needs an `Origin` of this very host
//!   (`http://<Host>`; a browser's `Origin: null`, sent under `no-referrer`, with
//!   `Sec-Fetch-Site: same-origin`), or, from a program, an `Authorization` header; else
//!   403.
//! - **Headers**: `Content-Security-Policy` (no script but the shell's own inline scripts,
//!   each by its SHA-256 computed from the shell's script templates, never from the page
//!   as served: text that slipped into a page can never allow itself), `X-Frame-Options:
//!   DENY`, `Referrer-Policy: no-referrer`, `X-Content-Type-Options: nosniff`; an answer to
//!   a request with a token `Cache-Control: no-store` (the arbiter's pages stay out of
//!   caches).
//! - **One `Host`**: a request with two `Host` headers gets 400 (the check and the
//!   router must read the same one).
//! - **Guesses**: a peer that sent [`MAX_GUESSES`] wrong tokens within [`GUESS_WINDOW`]
//!   gets 429 for every request carrying a token until the window has passed.
//! - **The token out of the address bar**: a browser's `GET` (one that accepts
//!   `text/html`) whose query carries the right `token` is answered with a redirect to the same address without it, setting the
//!   token as an `HttpOnly`, `SameSite=Strict` cookie; later requests that name the arbiter
//!   (`by=`) with the cookie get
//!   the token put back into their query on the server side, so the handlers see it as
//!   before while the browser's history, bookmarks and logs never show it.

use std::{net::IpAddr, sync::Arc};

use axum::{
    Router,
    body::Body,
    extract::{Request, State},
    http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header},
    middleware::{self, Next},
    response::{IntoResponse, Response},
};
use base64::Engine as _;
use sha2::{Digest, Sha256};

/// The start of the cookie that carries the token after the first visit; the port
/// follows (`annabella_token_8970`): a console and a hall on one host (cookies are per
/// host, not per port) each keep their own.
pub const TOKEN_COOKIE: &str = "annabella_token";

/// The token cookie's name for a server on `port`.
pub fn token_cookie(port: u16) -> String {
    format!("{TOKEN_COOKIE}_{port}")
}

/// The most wrong tokens a peer may send within [`GUESS_WINDOW`].
pub const MAX_GUESSES: u32 = 10;

/// The window of [`MAX_GUESSES`].
pub const GUESS_WINDOW: std::time::Duration = std::time::Duration::from_secs(60);

/// The most peers whose wrong guesses are remembered (the oldest are forgotten).
const MAX_GUESSERS: usize = 4096;

/// Checks a token: whether `token` is the server's.
pub type TokenCheck = Arc<dyn Fn(&str) -> bool + Send + Sync>;

/// Which hosts the server answers to, how a token is checked, which inline scripts its
/// pages may run, and who guessed wrong.
#[derive(Clone)]
pub struct Hardening {
    port: u16,
    names: Vec<String>,
    token: TokenCheck,
    scripts: String,
    guesses: Arc<std::sync::Mutex<Guesses>>,
    refusals: Refusals,
}

/// What the guard's refusals say, in the shell's language (English unless told).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusals {
    /// A request with more than one `Host` header.
    pub two_hosts: String,
    /// A host name the server does not answer to.
    pub foreign_host: String,
    /// A form posted from another page.
    pub foreign_form: String,
    /// A computer that sent too many wrong tokens.
    pub guesses: String,
}

impl Default for Refusals {
    fn default() -> Refusals {
        Refusals {
            two_hosts: "A request has one Host header.".into(),
            foreign_host: "This server does not answer to that host name.".into(),
            foreign_form: "A form must come from this server's own page.".into(),
            guesses: "Too many wrong tokens from this computer; try again in a minute.".into(),
        }
    }
}

/// Wrong tokens by peer: when the peer's window began and how many it sent in it.
#[derive(Debug, Default)]
struct Guesses(std::collections::HashMap<IpAddr, (std::time::Instant, u32)>);

impl Guesses {
    /// Whether `peer` has used up its guesses at `now`.
    fn barred(&mut self, peer: IpAddr, now: std::time::Instant) -> bool {
        match self.0.get(&peer) {
            Some((since, _)) if now.duration_since(*since) >= GUESS_WINDOW => {
                self.0.remove(&peer);
                false
            }
            Some((_, n)) => *n >= MAX_GUESSES,
            None => false,
        }
    }

    /// Counts a wrong token of `peer` at `now`.
    fn wrong(&mut self, peer: IpAddr, now: std::time::Instant) {
        if self.0.len() >= MAX_GUESSERS && !self.0.contains_key(&peer) {
            self.0
                .retain(|_, (since, _)| now.duration_since(*since) < GUESS_WINDOW);
            if self.0.len() >= MAX_GUESSERS
                && let Some(oldest) = self.0.iter().min_by_key(|(_, (s, _))| *s).map(|(p, _)| *p)
            {
                self.0.remove(&oldest);
            }
        }
        self.0.entry(peer).or_insert((now, 0)).1 += 1;
    }
}

impl std::fmt::Debug for Hardening {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hardening")
            .field("port", &self.port)
            .field("names", &self.names)
            .finish_non_exhaustive()
    }
}

impl Hardening {
    /// A server listening on `port`, answering to IP addresses, `localhost` and `names`
    /// (host names without port, e.g. `hall.local`), with `token` checking tokens.
    pub fn new(port: u16, names: &[String], token: TokenCheck) -> Hardening {
        Hardening {
            port,
            names: names.iter().map(|n| n.to_ascii_lowercase()).collect(),
            token,
            scripts: "'none'".to_owned(),
            guesses: Arc::default(),
            refusals: Refusals::default(),
        }
    }

    /// The same server saying `refusals`.
    #[must_use]
    pub fn with_refusals(mut self, refusals: Refusals) -> Hardening {
        self.refusals = refusals;
        self
    }

    /// The same server whose pages run exactly `scripts` (the texts of their inline
    /// `<script>` elements, as the shell's templates hold them).
    #[must_use]
    pub fn with_scripts(mut self, scripts: &[&str]) -> Hardening {
        self.scripts = source_list(scripts);
        self
    }

    /// Whether `host` (a `Host` header) names this server.
    pub fn host_ok(&self, host: &str) -> bool {
        let (name, port) = split_host(host);
        let port_ok = match port {
            Some(p) => p.parse::<u16>().ok() == Some(self.port),
            None => self.port == 80,
        };
        let name = name.to_ascii_lowercase();
        let name_ok = name == "localhost"
            || name
                .trim_start_matches('[')
                .trim_end_matches(']')
                .parse::<IpAddr>()
                .is_ok()
            || self.names.contains(&name);
        port_ok && name_ok
    }
}

/// `host[:port]` or `[v6][:port]` → name and port.
fn split_host(host: &str) -> (&str, Option<&str>) {
    if host.starts_with('[') {
        return match host.find(']') {
            Some(end) => (
                &host[..=end],
                host[end + 1..].strip_prefix(':').filter(|p| !p.is_empty()),
            ),
            None => (host, None),
        };
    }
    match host.rsplit_once(':') {
        Some((name, port)) => (name, Some(port)),
        None => (host, None),
    }
}

/// `router` behind the checks and headers of this module.
pub fn harden(router: Router, hardening: Hardening) -> Router {
    router.layer(middleware::from_fn_with_state(Arc::new(hardening), guard))
}

fn refuse(status: StatusCode, text: &str) -> Response {
    let mut r = (status, text.to_owned()).into_response();
    security_headers(&mut r, "'none'");
    r
}

fn query_param<'a>(query: &'a str, key: &str) -> Option<std::borrow::Cow<'a, str>> {
    form_urlencoded::parse(query.as_bytes())
        .find(|(k, _)| k == key)
        .map(|(_, v)| v)
}

fn cookie(req: &Request, name: &str) -> Option<String> {
    req.headers()
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.to_owned())
}

fn encode(text: &str) -> String {
    form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

/// Every request passes here: the host name checked, a form's origin checked, a token in
/// a page's address moved into a cookie, and the cookie's token given to the arbiter's
/// requests; then every response gets its security headers.
async fn guard(State(h): State<Arc<Hardening>>, mut req: Request, next: Next) -> Response {
    if req.headers().get_all(header::HOST).iter().count() > 1 {
        return refuse(StatusCode::BAD_REQUEST, &h.refusals.two_hosts);
    }
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    if !h.host_ok(&host) {
        return refuse(StatusCode::MISDIRECTED_REQUEST, &h.refusals.foreign_host);
    }
    if req.method() == Method::POST && !from_own_page(req.headers(), &host) {
        return refuse(StatusCode::FORBIDDEN, &h.refusals.foreign_form);
    }
    let query = req.uri().query().unwrap_or_default().to_owned();
    let given = query_param(&query, "token").map(|t| t.into_owned());
    let cookie_name = token_cookie(h.port);
    let from_cookie = cookie(&req, &cookie_name);
    let peer = req
        .extensions()
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .map(|c| c.0.ip());
    let carried = given.as_ref().or(from_cookie.as_ref());
    if let (Some(token), Some(peer)) = (carried, peer) {
        let now = std::time::Instant::now();
        let mut guesses = h.guesses.lock().unwrap_or_else(|e| e.into_inner());
        if guesses.barred(peer, now) {
            return refuse(StatusCode::TOO_MANY_REQUESTS, &h.refusals.guesses);
        }
        if !(h.token)(token) {
            guesses.wrong(peer, now);
        }
    }
    if req.method() == Method::GET
        && is_navigation(req.headers())
        && let Some(token) = &given
        && (h.token)(token)
    {
        return token_to_cookie(req.uri().path(), &query, token, &cookie_name);
    }
    // The cookie stands for the token only on the arbiter's own requests (they name the
    // arbiter, `by=`): a spectator's or a player's page stays theirs in the same browser.
    if given.is_none()
        && query_param(&query, "by").is_some()
        && let Some(token) = &from_cookie
    {
        cookie_token_to_query(&mut req, &query, token);
        // A form posted with the cookie carries the token in its body as before (the
        // page's hidden field); the query copy serves handlers that read the query.
    }
    let private = carried.is_some() || req.headers().contains_key(header::AUTHORIZATION);
    let mut response = next.run(req).await;
    with_policy(&mut response, &h.scripts);
    if private {
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

/// A POST comes from this server's own page (`http://{host}`), or from a program that
/// authorises itself.
fn from_own_page(headers: &HeaderMap, host: &str) -> bool {
    let origin = headers.get(header::ORIGIN).map(HeaderValue::as_bytes);
    let ours = format!("http://{host}");
    // Under `Referrer-Policy: no-referrer` a browser's form sends `Origin: null`;
    // its `Sec-Fetch-Site` (which no page can set) then says where it came from.
    let same_site = headers
        .get("sec-fetch-site")
        .is_some_and(|v| v.as_bytes() == b"same-origin");
    match origin {
        Some(b"null") => same_site,
        Some(o) => o == ours.as_bytes(),
        None => headers.contains_key(header::AUTHORIZATION),
    }
}

/// A browser's navigation (it accepts HTML); programs keep the query as they sent it.
fn is_navigation(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|a| a.contains("text/html"))
}

/// Sends the browser back to `path` without the token in its address, the token now in
/// an HTTP-only cookie.
fn token_to_cookie(path: &str, query: &str, token: &str, cookie_name: &str) -> Response {
    let rest: String = form_urlencoded::Serializer::new(String::new())
        .extend_pairs(form_urlencoded::parse(query.as_bytes()).filter(|(k, _)| k != "token"))
        .finish();
    let location = if rest.is_empty() {
        path.to_owned()
    } else {
        format!("{path}?{rest}")
    };
    let mut r = Response::builder()
        .status(StatusCode::SEE_OTHER)
        .header(header::LOCATION, location)
        .header(
            header::SET_COOKIE,
            format!(
                "{cookie_name}={}; HttpOnly; SameSite=Strict; Path=/",
                encode(token)
            ),
        )
        .header(header::CACHE_CONTROL, "no-store")
        .body(Body::empty())
        .unwrap_or_default();
    security_headers(&mut r, "'none'");
    r
}

/// Adds the cookie's (percent-encoded) `token` to the request's query.
fn cookie_token_to_query(req: &mut Request, query: &str, token: &str) {
    let token = form_urlencoded::parse(format!("t={token}").as_bytes())
        .next()
        .map(|(_, v)| v.into_owned())
        .unwrap_or_default();
    let sep = if query.is_empty() { "" } else { "&" };
    let path_and_query = format!("{}?{query}{sep}token={}", req.uri().path(), encode(&token));
    let mut parts = req.uri().clone().into_parts();
    if let Ok(pq) = path_and_query.parse() {
        parts.path_and_query = Some(pq);
        if let Ok(uri) = Uri::from_parts(parts) {
            *req.uri_mut() = uri;
        }
    }
}

/// Adds the headers; an HTML page gets a policy allowing exactly the shell's inline
/// scripts (`scripts`, from its templates).
fn with_policy(response: &mut Response, scripts: &str) {
    let html = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.starts_with("text/html"));
    security_headers(response, if html { scripts } else { "'none'" });
}

/// The CSP source list of `scripts` (each an inline script's text): `'sha256-…'` each,
/// or `'none'`.
pub fn source_list(scripts: &[&str]) -> String {
    if scripts.is_empty() {
        return "'none'".to_owned();
    }
    scripts
        .iter()
        .map(|s| {
            format!(
                "'sha256-{}'",
                base64::engine::general_purpose::STANDARD.encode(Sha256::digest(s.as_bytes()))
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The CSP source list of a page's inline scripts as they stand in `page` (for tests
/// that check the served page runs exactly its templates' scripts).
pub fn script_hashes(page: &str) -> String {
    let mut scripts = Vec::new();
    let mut rest = page;
    while let Some(start) = rest.find("<script>") {
        let after = &rest[start + "<script>".len()..];
        let Some(end) = after.find("</script>") else {
            break;
        };
        scripts.push(&after[..end]);
        rest = &after[end..];
    }
    source_list(&scripts)
}

fn security_headers(r: &mut Response, scripts: &str) {
    let csp = format!(
        "default-src 'none'; script-src {scripts}; style-src 'self'; img-src 'self' data:; \
         connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    );
    let headers = r.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&csp) {
        headers.insert(header::CONTENT_SECURITY_POLICY, v);
    }
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_are_ip_addresses_localhost_or_configured_names_on_our_port() {
        let h = Hardening::new(8960, &["Hall.Local".into()], Arc::new(|_| false));
        for ok in [
            "127.0.0.1:8960",
            "localhost:8960",
            "[::1]:8960",
            "192.168.1.20:8960",
            "hall.local:8960",
        ] {
            assert!(h.host_ok(ok), "{ok}");
        }
        for bad in [
            "evil.example:8960",
            "127.0.0.1:80",
            "127.0.0.1",
            "",
            "hall.local.evil.example:8960",
        ] {
            assert!(!h.host_ok(bad), "{bad}");
        }
    }

    #[test]
    fn a_peer_that_guessed_wrong_too_often_is_barred_for_the_window() {
        let mut g = Guesses::default();
        let t0 = std::time::Instant::now();
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        for _ in 0..MAX_GUESSES {
            assert!(!g.barred(a, t0));
            g.wrong(a, t0);
        }
        assert!(g.barred(a, t0 + std::time::Duration::from_secs(59)));
        assert!(!g.barred(b, t0), "another computer is not barred");
        assert!(!g.barred(a, t0 + GUESS_WINDOW), "the window passes");
        for i in 0..(MAX_GUESSERS as u32 + 10) {
            g.wrong(IpAddr::from(i.to_be_bytes()), t0);
        }
        assert!(
            g.0.len() <= MAX_GUESSERS,
            "the memory of guessers is bounded"
        );
    }

    #[test]
    fn each_inline_script_is_allowed_by_its_hash() {
        let page = "<p>x</p><script>a()</script><script>b()</script>";
        let list = script_hashes(page);
        assert_eq!(list.matches("'sha256-").count(), 2, "{list}");
        assert_eq!(script_hashes("<p>no script</p>"), "'none'");
        assert_eq!(script_hashes(page), source_list(&["a()", "b()"]));
    }
}
