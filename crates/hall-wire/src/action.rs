//! Signed arbiter actions from the hall to one table: the message, its HMAC-SHA256
//! signature with the table's key (`[hall] action_key` in table.toml), and the pure
//! verifier the station calls before it journals the action as the arbiter's, with who
//! acted. Anything unsigned, signed with another key, for another table or replayed is
//! refused with the reason.
//!
//! The signature covers the exact `body` text (JSON of [`ActionBody`]), so nothing
//! depends on how a JSON writer orders keys:
//! `{"body":"{\"table\":\"3\",…}","signature":"<64 hex digits>"}`.

use std::collections::HashMap;

use annabella_table::ArbiterAction;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use crate::message::{FIRST_PROTOCOL, PROTOCOL};
use crate::topic::TableName;

type HmacSha256 = Hmac<Sha256>;

/// A table's secret for arbiter actions: at least 16 bytes, written as hex.
#[derive(Clone, PartialEq, Eq)]
pub struct ActionKey(Vec<u8>);

impl std::fmt::Debug for ActionKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ActionKey(…)")
    }
}

/// Text that is no action key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ActionKeyError {
    /// Not an even number of hex digits.
    #[error("expected hex digits (an even number of 0-9, a-f)")]
    NotHex,
    /// Too short to be a secret (the digits found).
    #[error("{0} hex digits; at least 32 (16 bytes) for a key nobody guesses")]
    TooShort(usize),
}

impl std::str::FromStr for ActionKey {
    type Err = ActionKeyError;

    fn from_str(hex: &str) -> Result<ActionKey, ActionKeyError> {
        let hex = hex.trim();
        if !hex.len().is_multiple_of(2) || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(ActionKeyError::NotHex);
        }
        if hex.len() < 32 {
            return Err(ActionKeyError::TooShort(hex.len()));
        }
        let bytes = (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&hex[i..i + 2], 16))
            .collect::<Result<Vec<u8>, _>>()
            .map_err(|_| ActionKeyError::NotHex)?;
        Ok(ActionKey(bytes))
    }
}

/// The keys of the tables the hall may act on (and check actions of), by table name.
pub type ActionKeys = HashMap<TableName, ActionKey>;

/// What the arbiter does, to which table, by whom.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActionBody {
    /// The table it is for.
    pub table: TableName,
    /// Counts up per table and sender; the station refuses a number it has seen (replay).
    pub nonce: u64,
    /// When the hall sent it, Unix ms.
    pub sent_ms: u64,
    /// Who acted (the chief arbiter's name as signed in at the hall).
    pub by: String,
    /// What, in words.
    pub what: String,
    /// What to do: a table action, or the hall's own (dismiss an alert).
    pub action: HallAction,
    /// The protocol version the hall signed it in ([`PROTOCOL`]; an action without the
    /// field, from a hall before versions, is version 1).
    #[serde(default = "first_protocol")]
    pub protocol: u32,
}

fn first_protocol() -> u32 {
    FIRST_PROTOCOL
}

/// Just the version of an action's body, read before the rest (a newer action may not
/// read as today's at all).
#[derive(Deserialize)]
struct Versioned {
    #[serde(default)]
    protocol: Option<u32>,
}

/// What the hall asks a table to do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum HallAction {
    /// The hall's own actions (`{"action":"dismiss_alert","seq":12}`).
    Hall(HallOnly),
    /// A table action, as in the journal (`{"action":"pause"}`).
    Table(ArbiterAction),
}

/// Actions only the hall sends (the console has its own way to them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum HallOnly {
    /// The chief arbiter has seen the alerts raised by journal record `seq`.
    DismissAlert {
        /// The journal record that raised the alert ([`AlertNote::seq`](crate::AlertNote)).
        seq: u64,
    },
}

impl From<ArbiterAction> for HallAction {
    fn from(a: ArbiterAction) -> HallAction {
        HallAction::Table(a)
    }
}

/// The journalled words of a dismissal from the hall (`what` of the arbiter's note), for
/// people; which alert went is the note's typed `dismissed` field.
pub fn dismissal_what(seq: u64) -> String {
    format!("dismiss the alert of record {seq} (from the hall)")
}

/// The record whose alerts a journalled input dismisses, when it is the chief arbiter's
/// dismissal from the hall: the note's `dismissed` field, or, in a journal written before
/// that field, its words ([`dismissal_what`]).
pub fn dismissed_by(input: &annabella_table::Input) -> Option<u64> {
    match input {
        annabella_table::Input::ByArbiter {
            action: None,
            dismissed,
            what,
            ..
        } => dismissed.or_else(|| dismissed_record(what)),
        _ => None,
    }
}

/// The record a journalled note's words dismiss (journals before the typed field).
fn dismissed_record(what: &str) -> Option<u64> {
    what.strip_prefix("dismiss the alert of record ")?
        .strip_suffix(" (from the hall)")?
        .parse()
        .ok()
}

/// The message on `annabella/action/<table>`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignedAction {
    /// [`ActionBody`] as JSON text, exactly as signed.
    pub body: String,
    /// HMAC-SHA256 of `body` with the table's key, hex.
    pub signature: String,
}

/// Why an action was refused.
#[derive(Debug, thiserror::Error)]
pub enum ActionRefused {
    /// The payload is not a signed action.
    #[error("not a signed action: {0}")]
    Malformed(#[source] serde_json::Error),
    /// The signed body is not an action this side knows.
    #[error("a signed body that is no action: {0}")]
    MalformedBody(#[source] serde_json::Error),
    /// Signed by the hall in a protocol newer than this station reads: the station is to
    /// be updated before the hall's actions reach it.
    #[error(
        "an action written in protocol version {version}; this station reads versions \
         {FIRST_PROTOCOL} to {PROTOCOL}: update it to take the hall's actions"
    )]
    NewerProtocol {
        /// The action's version.
        version: u32,
    },
    /// No key is known for the table: nobody may act on it.
    #[error("no action key for table {0:?}")]
    NoKey(String),
    /// The signature does not match (forged, altered or another table's key).
    #[error("the signature does not match")]
    BadSignature,
    /// The action is for another table than the topic's.
    #[error("the action is for table {found:?}, not {expected:?}")]
    OtherTable {
        /// The topic's table.
        expected: String,
        /// The body's.
        found: String,
    },
    /// The nonce was used before (a replayed message).
    #[error("nonce {nonce} is not above the last one accepted ({last})")]
    Replayed {
        /// The message's nonce.
        nonce: u64,
        /// The last accepted.
        last: u64,
    },
}

fn mac(key: &ActionKey) -> HmacSha256 {
    // HMAC takes keys of any length.
    HmacSha256::new_from_slice(&key.0).unwrap_or_else(|_| unreachable!("HMAC accepts any key"))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Signs `body` with `key`: the payload to publish on the table's action topic.
///
/// # Errors
/// The body cannot be written as JSON.
pub fn sign(key: &ActionKey, body: &ActionBody) -> Result<Vec<u8>, serde_json::Error> {
    let text = serde_json::to_string(body)?;
    let mut m = mac(key);
    m.update(text.as_bytes());
    let signature = hex(&m.finalize().into_bytes());
    serde_json::to_vec(&SignedAction {
        body: text,
        signature,
    })
}

/// Checks `payload` from table `table`'s action topic with `key`; the body if it is
/// signed with that key and for that table. (Replay is checked by [`ReplayGuard`].)
///
/// # Errors
/// [`ActionRefused`] with the reason.
pub fn verify_with(
    key: &ActionKey,
    table: &str,
    payload: &[u8],
) -> Result<ActionBody, ActionRefused> {
    let signed: SignedAction = serde_json::from_slice(payload).map_err(ActionRefused::Malformed)?;
    let given: Vec<u8> = (0..signed.signature.len())
        .step_by(2)
        .map(|i| {
            signed
                .signature
                .get(i..i + 2)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
        })
        .collect::<Option<_>>()
        .ok_or(ActionRefused::BadSignature)?;
    let mut m = mac(key);
    m.update(signed.body.as_bytes());
    // Constant-time comparison.
    m.verify_slice(&given)
        .map_err(|_| ActionRefused::BadSignature)?;
    if let Ok(Versioned {
        protocol: Some(version),
    }) = serde_json::from_str(&signed.body)
        && version > PROTOCOL
    {
        return Err(ActionRefused::NewerProtocol { version });
    }
    let body: ActionBody =
        serde_json::from_str(&signed.body).map_err(ActionRefused::MalformedBody)?;
    if body.table != table {
        return Err(ActionRefused::OtherTable {
            expected: table.to_owned(),
            found: body.table.into(),
        });
    }
    Ok(body)
}

/// [`verify_with`] looking the table's key up in `keys`.
///
/// # Errors
/// [`ActionRefused::NoKey`] when the table has none; else as [`verify_with`].
pub fn verify(keys: &ActionKeys, table: &str, payload: &[u8]) -> Result<ActionBody, ActionRefused> {
    let key = keys
        .get(table)
        .ok_or_else(|| ActionRefused::NoKey(table.to_owned()))?;
    verify_with(key, table, payload)
}

/// The station's memory of the last nonce accepted (keep it in the journal's meta).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReplayGuard {
    /// The last nonce accepted.
    pub last: u64,
}

impl ReplayGuard {
    /// Verifies `payload` and refuses a nonce not above the last accepted one.
    ///
    /// # Errors
    /// As [`verify_with`], or [`ActionRefused::Replayed`].
    pub fn accept(
        &mut self,
        key: &ActionKey,
        table: &str,
        payload: &[u8],
    ) -> Result<ActionBody, ActionRefused> {
        let body = verify_with(key, table, payload)?;
        if body.nonce <= self.last {
            return Err(ActionRefused::Replayed {
                nonce: body.nonce,
                last: self.last,
            });
        }
        self.last = body.nonce;
        Ok(body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dismissal_is_the_notes_typed_field_and_older_journals_words_still_count() {
        let note = |what: String, dismissed| annabella_table::Input::ByArbiter {
            by: "hall:Chief Arbiter".into(),
            what,
            action: None,
            dismissed,
        };
        // The field decides, whatever the words say.
        assert_eq!(dismissed_by(&note("reworded".into(), Some(12))), Some(12));
        // A journal written before the field: the words of its time.
        assert_eq!(dismissed_by(&note(dismissal_what(12), None)), Some(12));
        assert_eq!(dismissed_by(&note("pause the clocks".into(), None)), None);
        // Only a note: a table action is no dismissal.
        let paused = annabella_table::Input::ByArbiter {
            by: "hall:Chief Arbiter".into(),
            what: dismissal_what(12),
            action: Some(ArbiterAction::Pause),
            dismissed: None,
        };
        assert_eq!(dismissed_by(&paused), None);
        // The field is written only when there is one: other notes keep their JSON.
        let json = serde_json::to_string(&note("x".into(), None)).unwrap();
        assert!(!json.contains("dismissed"), "{json}");
    }

    fn key(c: char) -> ActionKey {
        c.to_string().repeat(32).parse().unwrap()
    }

    fn body(nonce: u64) -> ActionBody {
        ActionBody {
            table: "3".parse().unwrap(),
            nonce,
            sent_ms: 1,
            by: "Chief Arbiter".into(),
            what: "pause the clocks".into(),
            action: ArbiterAction::Pause.into(),
            protocol: PROTOCOL,
        }
    }

    /// Signs `body` (JSON text) as the hall does.
    fn signed_text(k: &ActionKey, body: &str) -> Vec<u8> {
        let mut m = mac(k);
        m.update(body.as_bytes());
        serde_json::to_vec(&SignedAction {
            body: body.to_owned(),
            signature: hex(&m.finalize().into_bytes()),
        })
        .unwrap()
    }

    #[test]
    fn an_action_carries_its_version_an_older_one_reads_as_1_a_newer_one_is_refused() {
        let k = key('a');
        let text = serde_json::to_string(&body(1)).unwrap();
        let field = format!(",\"protocol\":{PROTOCOL}");
        assert!(text.ends_with(&format!("{field}}}")), "{text}");
        // A hall from before versions: no field, read as version 1.
        let old = text.replace(&field, "");
        let read = verify_with(&k, "3", &signed_text(&k, &old)).unwrap();
        assert_eq!(read.protocol, FIRST_PROTOCOL);
        assert_eq!(read.action, body(1).action);
        // A newer hall, even with an action this station does not know: refused with
        // the version and what to do, never read as something else.
        let newer = text
            .replace(&field, &format!(",\"protocol\":{}", PROTOCOL + 1))
            .replace("\"pause\"", "\"teleport\"");
        let refused = verify_with(&k, "3", &signed_text(&k, &newer)).unwrap_err();
        assert!(
            matches!(refused, ActionRefused::NewerProtocol { version } if version == PROTOCOL + 1),
            "{refused}"
        );
        let why = refused.to_string();
        assert!(
            why.contains(&format!("version {}", PROTOCOL + 1)) && why.contains("update"),
            "{why}"
        );
        // A version counts only when signed: the signature is checked first.
        let mut forged: SignedAction = serde_json::from_slice(&signed_text(&k, &newer)).unwrap();
        forged.signature = "00".repeat(32);
        assert!(matches!(
            verify_with(&k, "3", &serde_json::to_vec(&forged).unwrap()),
            Err(ActionRefused::BadSignature)
        ));
    }

    #[test]
    fn a_signed_action_passes_once() {
        let k = key('a');
        let payload = sign(&k, &body(1)).unwrap();
        let mut guard = ReplayGuard::default();
        assert_eq!(guard.accept(&k, "3", &payload).unwrap(), body(1));
        assert!(matches!(
            guard.accept(&k, "3", &payload),
            Err(ActionRefused::Replayed { nonce: 1, last: 1 })
        ));
    }

    #[test]
    fn forged_altered_or_misdirected_actions_are_refused() {
        let k = key('a');
        let unsigned = serde_json::to_vec(&body(1)).unwrap();
        assert!(matches!(
            verify_with(&k, "3", &unsigned),
            Err(ActionRefused::Malformed(_))
        ));
        let other = sign(&key('b'), &body(1)).unwrap();
        assert!(matches!(
            verify_with(&k, "3", &other),
            Err(ActionRefused::BadSignature)
        ));
        let mut altered: SignedAction =
            serde_json::from_slice(&sign(&k, &body(1)).unwrap()).unwrap();
        altered.body = altered.body.replace("pause", "resume");
        let altered = serde_json::to_vec(&altered).unwrap();
        assert!(matches!(
            verify_with(&k, "3", &altered),
            Err(ActionRefused::BadSignature)
        ));
        let empty_sig = serde_json::to_vec(&SignedAction {
            body: serde_json::to_string(&body(1)).unwrap(),
            signature: String::new(),
        })
        .unwrap();
        assert!(matches!(
            verify_with(&k, "3", &empty_sig),
            Err(ActionRefused::BadSignature)
        ));
        let good = sign(&k, &body(1)).unwrap();
        assert!(matches!(
            verify_with(&k, "4", &good),
            Err(ActionRefused::OtherTable { .. })
        ));
        assert!(matches!(
            verify(&ActionKeys::new(), "3", &good),
            Err(ActionRefused::NoKey(t)) if t == "3"
        ));
    }

    #[test]
    fn table_and_hall_actions_keep_their_wire_form() {
        let pause = serde_json::to_string(&HallAction::from(ArbiterAction::Pause)).unwrap();
        assert_eq!(pause, r#"{"action":"pause"}"#);
        let dismiss = HallAction::Hall(HallOnly::DismissAlert { seq: 12 });
        let text = serde_json::to_string(&dismiss).unwrap();
        assert_eq!(text, r#"{"action":"dismiss_alert","seq":12}"#);
        assert_eq!(serde_json::from_str::<HallAction>(&text).unwrap(), dismiss);
        let result: HallAction =
            serde_json::from_str(r#"{"action":"declare_result","result":"1-0"}"#).unwrap();
        assert_eq!(
            result,
            HallAction::Table(ArbiterAction::DeclareResult {
                result: annabella_rules::GameResult::WhiteWins
            })
        );
        assert!(serde_json::from_str::<HallAction>(r#"{"action":"explode"}"#).is_err());
        assert_eq!(dismissed_record(&dismissal_what(12)), Some(12));
        assert_eq!(dismissed_record("dismiss alert 3"), None);
    }

    #[test]
    fn keys_are_long_hex() {
        let short = "abcd".parse::<ActionKey>().unwrap_err();
        assert_eq!(short, ActionKeyError::TooShort(4));
        assert!(short.to_string().contains("at least 32"), "{short}");
        assert_eq!(
            "zz".repeat(16).parse::<ActionKey>(),
            Err(ActionKeyError::NotHex)
        );
        assert!("0f".repeat(16).parse::<ActionKey>().is_ok());
    }
}
