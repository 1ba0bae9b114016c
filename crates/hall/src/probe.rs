//! Does the hall's broker answer? One MQTT connection, its CONNACK awaited, then a clean
//! disconnect: what `annabella doctor` checks before a table plays in a hall.

use std::time::Duration;

use rumqttc::{AsyncClient, ConnectReturnCode, Event, Packet};

use crate::HallConfig;

/// Connects to `hall`'s broker as the table would (TLS, credentials) and waits up to
/// `within` for the broker to accept the connection.
///
/// # Errors
/// What went wrong in words: no connection, TLS refused, the broker's refusal code, or
/// no answer in time.
pub fn broker_answers(hall: &HallConfig, within: Duration) -> Result<(), String> {
    let client_id = format!("annabella-doctor-{}-{}", hall.table, std::process::id());
    let options = crate::outbox::mqtt_options(&client_id, &hall.broker, hall.credentials.as_ref())?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("no runtime for the check: {e}"))?;
    runtime.block_on(async move {
        let (client, mut events) = AsyncClient::new(options, 10);
        let answer = tokio::time::timeout(within, async {
            loop {
                match events.poll().await {
                    Ok(Event::Incoming(Packet::ConnAck(ack))) => {
                        return match ack.code {
                            ConnectReturnCode::Success => Ok(()),
                            code => Err(format!("the broker refused the connection: {code:?}")),
                        };
                    }
                    Ok(_) => {}
                    Err(e) => {
                        return Err(format!(
                            "{e}{}",
                            crate::tls::hint(&e.to_string(), &hall.broker)
                        ));
                    }
                }
            }
        })
        .await
        .unwrap_or_else(|_| Err(format!("no answer within {} s", within.as_secs())));
        if answer.is_ok() {
            // Say goodbye properly; the broker would otherwise log a lost client.
            let _ = client.disconnect().await;
            let _ = tokio::time::timeout(Duration::from_millis(500), events.poll()).await;
        }
        answer
    })
}
