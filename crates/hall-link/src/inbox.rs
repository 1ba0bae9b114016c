//! The station's side of signed arbiter actions: subscribes (QoS 1) to its own table's
//! action topic, checks every message with the table's key and a [`ReplayGuard`]
//! (starting from the last nonce the station accepted, kept in its journal), and hands on
//! what arrived — accepted with who acted, or refused with the reason. It takes nothing
//! else from the broker, and never waits on the table: what arrives goes to a channel.

use tokio::sync::mpsc;

use annabella_broker::{
    config::Broker,
    link5::{AsyncClient, QoS, topic_text},
};
use annabella_hall_wire::{
    action::{ActionBody, ActionKey, ReplayGuard},
    topic::{Kind, topic},
};

/// The largest action the station reads; anything bigger is refused unread.
pub const MAX_ACTION: usize = 16 * 1024;

/// The largest packet the action link takes from the broker (MQTT 5 Maximum Packet
/// Size): the broker discards anything bigger for the station, even a retained message.
pub const ACTION_MAX_PACKET: u32 = 8 * MAX_ACTION as u32;

/// Where and for which table the station takes actions.
#[derive(Debug, Clone)]
pub struct InboxSettings {
    /// The broker.
    pub broker: Broker,
    /// User and password at the broker.
    pub credentials: Option<(String, String)>,
    /// The table's name in the hall.
    pub table: annabella_hall_wire::topic::TableName,
    /// The table's key.
    pub key: ActionKey,
    /// The last nonce the station accepted (0 for none).
    pub last_nonce: u64,
}

/// A message on the table's action topic, checked.
#[derive(Debug, Clone, PartialEq)]
pub enum Arrival {
    /// Signed with the table's key, for this table, not seen before.
    Accepted(ActionBody),
    /// Refused, with the reason (unsigned, wrong key, other table, replayed, malformed,
    /// too big).
    Refused(String),
}

/// Checks one message of `topic`'s table; `guard` remembers the nonce it accepts.
pub fn check(settings: &InboxSettings, guard: &mut ReplayGuard, payload: &[u8]) -> Arrival {
    if payload.len() > MAX_ACTION {
        return Arrival::Refused(format!(
            "{} bytes, more than an action has ({MAX_ACTION} at most)",
            payload.len()
        ));
    }
    match guard.accept(&settings.key, &settings.table, payload) {
        Ok(body) => Arrival::Accepted(body),
        Err(e) => Arrival::Refused(e.to_string()),
    }
}

/// The station's action desk on the table's one broker connection (the outbox's, see
/// [`crate::outbox::run_linked`]): it subscribes at every connection, checks what arrives
/// on the action topic and hands it on. One connection per table, so a broker that ties
/// client ids to users (`use_username_as_clientid`) never sets two against each other.
#[derive(Debug)]
pub struct ActionDesk {
    settings: InboxSettings,
    guard: ReplayGuard,
    wanted: String,
    arrivals: mpsc::Sender<Arrival>,
}

impl ActionDesk {
    /// A desk for `settings`' table handing what arrives to `arrivals`.
    pub fn new(settings: InboxSettings, arrivals: mpsc::Sender<Arrival>) -> ActionDesk {
        ActionDesk {
            guard: ReplayGuard {
                last: settings.last_nonce,
            },
            wanted: topic(Kind::Action, &settings.table),
            settings,
            arrivals,
        }
    }

    /// The connection is (again) up: subscribe to the action topic (QoS 1).
    pub fn connected(&self, client: &AsyncClient) {
        if let Err(e) = client.try_subscribe(self.wanted.clone(), QoS::AtLeastOnce) {
            tracing::error!("hall actions: cannot subscribe to {}: {e}", self.wanted);
        }
    }

    /// The broker confirmed the subscription.
    pub fn subscribed(&self) {
        tracing::info!(
            "hall actions: taking signed arbiter actions on {}",
            self.wanted
        );
    }

    /// A message arrived on `p_topic`: checked and handed on; false once nobody takes
    /// actions any more.
    pub async fn arrived(&mut self, p_topic: &[u8], payload: &[u8]) -> bool {
        let p_topic = topic_text(p_topic);
        let arrival = if p_topic == self.wanted {
            check(&self.settings, &mut self.guard, payload)
        } else {
            Arrival::Refused(format!("a message on {p_topic}, not {}", self.wanted))
        };
        self.arrivals.send(arrival).await.is_ok()
    }
}

#[cfg(test)]
mod tests {
    use annabella_table::ArbiterAction;

    use super::*;
    use annabella_hall_wire::action::sign;

    fn settings() -> InboxSettings {
        InboxSettings {
            broker: Broker::parse("mqtt://127.0.0.1:1").unwrap(),
            credentials: None,
            table: "3".parse().unwrap(),
            key: "ab".repeat(16).parse().unwrap(),
            last_nonce: 10,
        }
    }

    fn body(nonce: u64) -> ActionBody {
        ActionBody {
            table: "3".parse().unwrap(),
            nonce,
            sent_ms: 1,
            by: "Chief Arbiter".into(),
            what: "pause".into(),
            action: ArbiterAction::Pause.into(),
            protocol: annabella_hall_wire::message::PROTOCOL,
        }
    }

    #[test]
    fn the_guard_starts_from_the_last_accepted_nonce() {
        let s = settings();
        let mut guard = ReplayGuard { last: s.last_nonce };
        let old = sign(&s.key, &body(10)).unwrap();
        assert!(
            matches!(check(&s, &mut guard, &old), Arrival::Refused(r) if r.contains("nonce 10"))
        );
        let new = sign(&s.key, &body(11)).unwrap();
        assert_eq!(check(&s, &mut guard, &new), Arrival::Accepted(body(11)));
        let huge = vec![b' '; MAX_ACTION + 1];
        assert!(matches!(check(&s, &mut guard, &huge), Arrival::Refused(r) if r.contains("bytes")));
    }
}
