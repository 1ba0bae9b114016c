//! The MQTT 5 clients of the hall and of the station's outbox and action link. MQTT 5 lets a client
//! tell the broker the largest packet it takes (Maximum Packet Size): the broker then
//! discards a bigger message for that client and completes its QoS flow as if it had been
//! delivered, so one oversized message (even a retained one, or one the broker keeps
//! redelivering to a persistent session) cannot knock the client off again and again.
//! Messages the client does take but that are over its own payload limit are dropped,
//! acknowledged and counted by the caller.
//!
//! [`drive`] polls a client's event loop in a task of its own.

use std::time::Duration;

use rumqttc::v5::{EventLoop, MqttOptions};

pub use rumqttc::v5::{
    AsyncClient, Event,
    mqttbytes::{QoS, v5::Packet},
};

use crate::config::Broker;

/// The options of an MQTT 5 client called `client_id` taking packets of at most
/// `max_packet` bytes (TLS when the broker asks for it); `session`: keep the session
/// (and the broker's queue of QoS 1 messages) while the client is away.
///
/// # Errors
/// The TLS settings cannot be made (CA file unreadable, no system roots).
pub fn options(
    client_id: &str,
    broker: &Broker,
    credentials: Option<&(String, String)>,
    max_packet: u32,
    session: bool,
) -> Result<MqttOptions, crate::tls::TlsSetupError> {
    let mut options = MqttOptions::new(client_id, broker.host.clone(), broker.port);
    options.set_keep_alive(Duration::from_secs(5));
    options.set_max_packet_size(Some(max_packet));
    options.set_clean_start(!session);
    if session {
        // Kept until the hall comes back, however long (MQTT 5: 0xFFFFFFFF never expires).
        options.set_session_expiry_interval(Some(u32::MAX));
    }
    if let Some((user, password)) = credentials {
        options.set_credentials(user.clone(), password.clone());
    }
    if let Some(transport) = crate::tls::transport(broker)? {
        options.set_transport(transport);
    }
    Ok(options)
}

/// A client's event loop as [`drive`] polls it (rumqttc's MQTT 5 one).
pub trait EventSource: Send + 'static {
    /// What the event loop yields.
    type Event: Send + 'static;
    /// Why the connection failed.
    type Error: std::error::Error + Send + 'static;
    /// The next event, or the connection's error.
    fn next_event(&mut self) -> impl Future<Output = Result<Self::Event, Self::Error>> + Send;
}

impl EventSource for EventLoop {
    type Event = Event;
    type Error = rumqttc::v5::ConnectionError;
    async fn next_event(&mut self) -> Result<Event, Self::Error> {
        self.poll().await
    }
}

/// Polls the client's event loop in a task of its own (its `poll` is not to be
/// cancelled half-way), pausing 200 ms after a connection error before it reconnects.
pub fn drive<S: EventSource>(
    mut eventloop: S,
) -> tokio::sync::mpsc::UnboundedReceiver<Result<S::Event, S::Error>> {
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    tokio::spawn(async move {
        loop {
            let event = eventloop.next_event().await;
            let failed = event.is_err();
            if tx.send(event).is_err() {
                return;
            }
            if failed {
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    });
    rx
}

/// A topic as text (an MQTT 5 topic arrives as bytes).
pub fn topic_text(topic: &[u8]) -> String {
    String::from_utf8_lossy(topic).into_owned()
}
