//! Does the hall's broker answer? One MQTT connection, its CONNACK awaited, then a clean
//! disconnect: what `annabella doctor` checks before a table plays in a hall.

use std::time::Duration;

use rumqttc::v5::{AsyncClient, ConnectionError, Event, StateError, mqttbytes::v5::Packet};

use annabella_broker::{HallConfig, tls::TlsSetupError};

/// Why the broker did not answer a table.
#[derive(Debug, thiserror::Error)]
pub enum BrokerCheckError {
    /// The TLS settings cannot be made.
    #[error(transparent)]
    Tls(#[from] TlsSetupError),
    /// No runtime to run the check in.
    #[error("no runtime for the check: {0}")]
    Runtime(std::io::Error),
    /// The broker answered, refusing the table.
    #[error("the broker refused the connection: {0}")]
    Refused(crate::outbox::Denial),
    /// No connection (with a hint when it is the broker's certificate's fault).
    #[error("{error}{hint}")]
    Connection {
        /// The client's error.
        error: Box<ConnectionError>,
        /// A hint after it, or nothing.
        hint: String,
    },
    /// No answer in time.
    #[error("no answer within {} s", .0.as_secs())]
    Silent(Duration),
}

/// Connects to `hall`'s broker as the table would (TLS, credentials) and waits up to
/// `within` for the broker to accept the connection.
///
/// # Errors
/// What went wrong in words: no connection, TLS refused, the broker's refusal code, or
/// no answer in time.
pub fn broker_answers(hall: &HallConfig, within: Duration) -> Result<(), BrokerCheckError> {
    let client_id = format!("annabella-doctor-{}-{}", hall.table, std::process::id());
    let options = crate::outbox::mqtt_options(&client_id, &hall.broker, hall.credentials.as_ref())?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(BrokerCheckError::Runtime)?;
    runtime.block_on(async move {
        let (client, mut events) = AsyncClient::new(options, 10);
        let answer = tokio::time::timeout(within, async {
            loop {
                match events.poll().await {
                    Ok(Event::Incoming(Packet::ConnAck(ack))) => {
                        return match crate::outbox::Denial::of(ack.code) {
                            None => Ok(()),
                            Some(denial) => Err(BrokerCheckError::Refused(denial)),
                        };
                    }
                    Ok(_) => {}
                    Err(
                        ConnectionError::ConnectionRefused(code)
                        | ConnectionError::MqttState(StateError::ConnFail { reason: code }),
                    ) => {
                        let denial =
                            crate::outbox::Denial::of(code).unwrap_or(crate::outbox::Denial::Other);
                        return Err(BrokerCheckError::Refused(denial));
                    }
                    Err(error) => {
                        let hint = annabella_broker::tls::hint(&error.to_string(), &hall.broker);
                        return Err(BrokerCheckError::Connection {
                            error: Box::new(error),
                            hint,
                        });
                    }
                }
            }
        })
        .await
        .unwrap_or(Err(BrokerCheckError::Silent(within)));
        if answer.is_ok() {
            // Say goodbye properly; the broker would otherwise log a lost client.
            let _ = client.disconnect().await;
            let _ = tokio::time::timeout(Duration::from_millis(500), events.poll()).await;
        }
        answer
    })
}
