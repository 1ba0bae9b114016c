//! Raw HTTP/1.1 exchanges with the servers under test (console, hall): the request is
//! written as given, so tests can send exactly the malformed or unauthorised requests
//! a user or an attacker might.

use std::{
    io::{Read, Write},
    net::TcpStream,
};

/// Sends `request` (head and body as written) to `addr` and reads the response until
/// the server closes: its status and whole text (head and body).
pub fn exchange(addr: &str, request: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap_or_else(|e| panic!("connect to {addr}: {e}"));
    s.write_all(request.as_bytes()).expect("send the request");
    let mut text = String::new();
    s.read_to_string(&mut text).expect("read the response");
    (status_of(&text), text)
}

/// The status code on a response's first line (0 when there is none).
pub fn status_of(response: &str) -> u16 {
    response
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

/// A response's body (after the blank line ending the head; empty when there is none).
pub fn body_of(response: &str) -> &str {
    response.split_once("\r\n\r\n").map_or("", |(_, b)| b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_and_body_come_from_the_response() {
        let response = "HTTP/1.1 403 Forbidden\r\nContent-Length: 2\r\n\r\nno";
        assert_eq!(status_of(response), 403);
        assert_eq!(body_of(response), "no");
        assert_eq!(status_of("garbage"), 0);
        assert_eq!(body_of("HTTP/1.1 200 OK"), "");
    }
}
