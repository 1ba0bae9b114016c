//! [`Device`]: the host side of one of our devices (peg board, tactile clock) over the
//! shared link layer ([`Endpoint`]): HELLO on connect, keep-alive, retries, and the
//! device's messages turned into its events. What differs per device is its
//! [`DeviceKind`]; its commands are inherent methods on `Device<ThatKind>` (see
//! [`PegBoard`](crate::peg::PegBoard), [`TactileClock`](crate::clock::TactileClock)).

use std::collections::VecDeque;
use std::fmt::Debug;
use std::marker::PhantomData;
use std::time::Duration;

use crate::link::{Endpoint, LinkConfig, LinkError, check_hello};
use crate::proto::{Hello, Message};
use crate::transport::Codec;

/// What sets one of our devices apart on the shared link.
pub trait DeviceKind: 'static {
    /// The device's events.
    type Event: Send + Debug + 'static;
    /// Its HELLO kind byte.
    const KIND: u8;
    /// The event of a (checked) HELLO.
    fn hello(hello: Hello) -> Self::Event;
    /// The event of a message from the device; `None` for one it never sends.
    fn event(message: Message) -> Option<Self::Event>;
    /// The event of a link problem.
    fn error(error: LinkError) -> Self::Event;
}

/// The sans-IO host side of a device of kind `K`.
pub struct Device<K: DeviceKind> {
    pub(crate) link: Endpoint,
    greeted: bool,
    events: VecDeque<K::Event>,
    kind: PhantomData<fn() -> K>,
}

impl<K: DeviceKind> Debug for Device<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Device")
            .field("kind", &K::KIND)
            .field("link", &self.link)
            .field("greeted", &self.greeted)
            .field("events", &self.events)
            .finish()
    }
}

impl<K: DeviceKind> Default for Device<K> {
    fn default() -> Self {
        Self::new(LinkConfig::default())
    }
}

impl<K: DeviceKind> Device<K> {
    /// A host side with this link timing.
    pub fn new(config: LinkConfig) -> Self {
        Device {
            link: Endpoint::new(config),
            greeted: false,
            events: VecDeque::new(),
            kind: PhantomData,
        }
    }

    /// The port was (re)opened: ask for HELLO (the device follows with its full state).
    pub fn connect(&mut self, now: Duration) {
        self.link.clear_queue();
        self.link.reset(now);
        self.link.send(now, Message::HelloRequest);
        self.greeted = false;
    }

    /// Keep-alive ping (the ack is the answer); HELLO_REQUEST again while no HELLO came.
    pub fn keep_alive(&mut self, now: Duration) {
        if !self.link.is_idle() {
            return;
        }
        // No HELLO since connecting (the request went unanswered): ask again.
        let m = if self.greeted {
            Message::Ping
        } else {
            Message::HelloRequest
        };
        self.link.send(now, m);
    }

    /// Feeds bytes read from the port.
    pub fn handle_bytes(&mut self, now: Duration, bytes: &[u8]) {
        self.link.handle_bytes(now, bytes);
        while let Some(ev) = self.link.poll_event() {
            let ev = match ev.into_result() {
                Err(e) => K::error(e),
                Ok(Message::Hello(h)) => match check_hello(&h, K::KIND) {
                    Ok(()) => {
                        self.greeted = true;
                        K::hello(h)
                    }
                    Err(e) => K::error(e),
                },
                Ok(other) => {
                    let code = other.type_code();
                    K::event(other).unwrap_or_else(|| K::error(LinkError::Unexpected(code)))
                }
            };
            self.events.push_back(ev);
        }
    }

    /// The next event.
    pub fn poll_event(&mut self) -> Option<K::Event> {
        self.events.pop_front()
    }

    /// Appends the next frame to write; returns its length.
    pub fn poll_transmit(&mut self, buf: &mut Vec<u8>) -> Option<usize> {
        self.link.poll_transmit(buf)
    }

    /// When [`handle_timeout`](Self::handle_timeout) must run next.
    pub fn poll_timeout(&self) -> Option<Duration> {
        self.link.poll_timeout()
    }

    /// Runs retries.
    pub fn handle_timeout(&mut self, now: Duration) {
        self.link.handle_timeout(now);
        while let Some(ev) = self.link.poll_event() {
            if let Err(e) = ev.into_result() {
                self.events.push_back(K::error(e));
            }
        }
    }
}

impl<K: DeviceKind> Codec for Device<K> {
    type Event = K::Event;
    fn connect(&mut self, now: Duration) {
        Device::connect(self, now)
    }
    fn keep_alive(&mut self, now: Duration) {
        Device::keep_alive(self, now)
    }
    fn handle_bytes(&mut self, now: Duration, bytes: &[u8]) {
        Device::handle_bytes(self, now, bytes)
    }
    fn poll_event(&mut self) -> Option<K::Event> {
        Device::poll_event(self)
    }
    fn poll_transmit(&mut self, buf: &mut Vec<u8>) -> Option<usize> {
        Device::poll_transmit(self, buf)
    }
    fn poll_timeout(&self) -> Option<Duration> {
        Device::poll_timeout(self)
    }
    fn handle_timeout(&mut self, now: Duration) {
        Device::handle_timeout(self, now)
    }
}
