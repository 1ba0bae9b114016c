//! What keeps the outbox's records from the broker, as the station's status line and
//! `hall publish --once` tell it: the broker away, the broker refusing the table's user
//! at sign-in, or (MQTT 5's reason code in the PUBACK) refusing one of its messages.

use annabella_hall_wire::topic::Kind;

/// Why records are not getting to the broker (none while they are).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LinkProblem {
    /// Nothing stands in the way.
    #[default]
    None,
    /// The broker cannot be reached (or the connection broke).
    Away,
    /// The broker refused the sign-in (wrong user or password, not authorised).
    Denied(Denial),
    /// The broker refused a message of record `seq` (on the table's `kind` topic): it
    /// was not kept, so neither it nor anything after it counts as at the broker.
    Refused {
        /// The journal record the message belongs to.
        seq: u64,
        /// The topic's kind (`move`, `view`, ...).
        kind: Kind,
        /// The broker's reason.
        reason: Refusal,
    },
}

/// Why the broker refused the sign-in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Denial {
    /// The user or password is wrong.
    BadUserOrPassword,
    /// The user may not connect (mosquitto says so for a wrong password too).
    NotAuthorised,
    /// Another reason the broker gave.
    Other,
}

impl std::fmt::Display for Denial {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Denial::BadUserOrPassword => "the user or the password is wrong",
            Denial::NotAuthorised => {
                "the broker does not let this user in (a wrong user or password, or a user \
                 without rights)"
            }
            Denial::Other => "the broker refused the connection",
        })
    }
}

/// Why the broker refused a message (MQTT 5 PUBACK reason codes that are failures).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The broker's ACL does not let the user publish on the topic.
    NotAuthorised,
    /// The topic's name is not valid at the broker.
    TopicInvalid,
    /// The broker's quota is exceeded.
    QuotaExceeded,
    /// Another failure the broker reported.
    Other,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Refusal::NotAuthorised => {
                "not authorised (the broker's ACL does not let this user publish there)"
            }
            Refusal::TopicInvalid => "the topic is not valid at the broker",
            Refusal::QuotaExceeded => "the broker's quota is exceeded",
            Refusal::Other => "the broker reported a failure",
        })
    }
}

impl Refusal {
    /// The refusal an MQTT 5 PUBACK reason code means; `None` when the message was kept.
    pub fn of(reason: rumqttc::v5::mqttbytes::v5::PubAckReason) -> Option<Refusal> {
        use rumqttc::v5::mqttbytes::v5::PubAckReason as R;
        match reason {
            R::Success | R::NoMatchingSubscribers => None,
            R::NotAuthorized => Some(Refusal::NotAuthorised),
            R::TopicNameInvalid => Some(Refusal::TopicInvalid),
            R::QuotaExceeded => Some(Refusal::QuotaExceeded),
            _ => Some(Refusal::Other),
        }
    }
}

impl Denial {
    /// The denial an MQTT 5 CONNACK reason code means; `None` when it is a success.
    pub fn of(code: rumqttc::v5::mqttbytes::v5::ConnectReturnCode) -> Option<Denial> {
        use rumqttc::v5::mqttbytes::v5::ConnectReturnCode as C;
        match code {
            C::Success => None,
            C::BadUserNamePassword => Some(Denial::BadUserOrPassword),
            C::NotAuthorized | C::Banned => Some(Denial::NotAuthorised),
            _ => Some(Denial::Other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rumqttc::v5::mqttbytes::v5::{ConnectReturnCode, PubAckReason};

    #[test]
    fn only_failure_codes_are_refusals() {
        assert_eq!(Refusal::of(PubAckReason::Success), None);
        assert_eq!(Refusal::of(PubAckReason::NoMatchingSubscribers), None);
        assert_eq!(
            Refusal::of(PubAckReason::NotAuthorized),
            Some(Refusal::NotAuthorised)
        );
        assert_eq!(
            Refusal::of(PubAckReason::UnspecifiedError),
            Some(Refusal::Other)
        );
        assert_eq!(Denial::of(ConnectReturnCode::Success), None);
        assert_eq!(
            Denial::of(ConnectReturnCode::BadUserNamePassword),
            Some(Denial::BadUserOrPassword)
        );
    }
}
