//! The station's side of signed arbiter actions: subscribes (QoS 1) to its own table's
//! action topic, checks every message with the table's key and a [`ReplayGuard`]
//! (starting from the last nonce the station accepted, kept in its journal), and hands on
//! what arrived — accepted with who acted, or refused with the reason. It takes nothing
//! else from the broker, and never waits on the table: what arrives goes to a channel.

use std::time::Duration;

use tokio::sync::mpsc;

use annabella_broker::{
    config::Broker,
    link5::{self, AsyncClient, Event, Packet, QoS, drive, topic_text},
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

/// Receives the table's actions until `arrivals` closes.
pub async fn run(settings: InboxSettings, arrivals: mpsc::Sender<Arrival>) {
    let client_id = format!("annabella-table-{}-actions", settings.table);
    // Actions sent while the station was away are not delivered later (a clean start):
    // the arbiter sees the table did not act, and acts again.
    let options = match link5::options(
        &client_id,
        &settings.broker,
        settings.credentials.as_ref(),
        ACTION_MAX_PACKET,
        false,
    ) {
        Ok(o) => o,
        Err(e) => {
            tracing::error!("hall actions: {e}; no actions are taken from the hall");
            return;
        }
    };
    let (client, eventloop) = AsyncClient::new(options, 16);
    let mut events = drive(eventloop);
    let mut guard = ReplayGuard {
        last: settings.last_nonce,
    };
    let wanted = topic(Kind::Action, &settings.table);
    let mut last_error = String::new();
    while let Some(event) = events.recv().await {
        match event {
            Ok(Event::Incoming(Packet::ConnAck(_))) => {
                last_error.clear();
                if let Err(e) = client.try_subscribe(wanted.clone(), QoS::AtLeastOnce) {
                    tracing::error!("hall actions: cannot subscribe to {wanted}: {e}");
                }
            }
            Ok(Event::Incoming(Packet::SubAck(_))) => {
                tracing::info!("hall actions: taking signed arbiter actions on {wanted}");
            }
            Ok(Event::Incoming(Packet::Publish(p))) => {
                let p_topic = topic_text(&p.topic);
                let arrival = if p_topic == wanted {
                    check(&settings, &mut guard, &p.payload)
                } else {
                    Arrival::Refused(format!("a message on {p_topic}, not {wanted}"))
                };
                if arrivals.send(arrival).await.is_err() {
                    return;
                }
            }
            Ok(_) => {}
            Err(error) => {
                let text = error.to_string();
                if text != last_error {
                    tracing::warn!(
                        "hall actions: broker {}:{}: {text}{} (retrying)",
                        settings.broker.host,
                        settings.broker.port,
                        annabella_broker::tls::hint(&text, &settings.broker)
                    );
                    last_error = text;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
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
