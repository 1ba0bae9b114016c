//! The wire pinned: every kind of message a table publishes (move, announce, alert, claim,
//! result, view), sealed with a fixed key, and the hall's signed action, byte for byte as
//! the stations and halls in use write them. A message's JSON may only gain fields (the
//! protocol's version); each golden file under `tests/pinned/` holds one message per line
//! as published, with `protocol` taken out before comparing.
//!
//! `ANNABELLA_PIN=write cargo test -p annabella-hall-wire --test pinned` rewrites the
//! files (only for a change of the protocol, with its version raised).

use std::{path::PathBuf, time::Duration};

use annabella_hall_wire::{
    ActionBody, HallAction, HallMessage, HallOnly, Replica,
    action::{self, ActionKey},
    message::PROTOCOL,
    signing::TableSigningKey,
};
use annabella_table::{ArbiterAction, ClaimKind, Input, SightedCommand, TableConfig};
use shakmaty::Color;

fn golden(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/pinned")
        .join(name)
}

/// `lines` compared with the golden file `name` (written instead with ANNABELLA_PIN=write).
fn pinned(name: &str, lines: &[String]) {
    pinned_as(name, lines, |l| l.to_owned());
}

/// The same, each line (both sides) taken through `normal` before comparing.
fn pinned_as(name: &str, lines: &[String], normal: impl Fn(&str) -> String) {
    let path = golden(name);
    // Written as compared: without today's protocol field, which older readers lack.
    let text: String = lines
        .iter()
        .map(|l| format!("{}\n", without_protocol(l)))
        .collect();
    if std::env::var("ANNABELLA_PIN").as_deref() == Ok("write") {
        std::fs::write(&path, &text).expect("write the golden file");
        return;
    }
    let want = std::fs::read_to_string(&path).expect("the golden file");
    let want: Vec<&str> = want.lines().collect();
    assert_eq!(lines.len(), want.len(), "{name}: the number of messages");
    for (i, (got, want)) in lines.iter().zip(want).enumerate() {
        assert_eq!(
            normal(&without_protocol(got)),
            normal(want),
            "{name}: line {} differs from today's wire",
            i + 1
        );
    }
}

/// The JSON text without its `protocol` field (the one field a message may gain), inside
/// a sealed body too.
fn without_protocol(json: &str) -> String {
    json.replace(",\"protocol\":2", "")
        .replace(",\\\"protocol\\\":2", "")
}

fn typed(text: &str) -> Input {
    Input::AssistantMove { text: text.into() }
}

/// The messages of a short game at table "7": a claim for the arbiter, rejected; a move;
/// the arbiter called and the call dismissed from the hall; a resignation.
fn game() -> Vec<HallMessage> {
    let config = TableConfig {
        vi_color: Color::Black,
        time_control: "5400+30".parse().expect("a time control"),
        claims_by_arbiter: true,
        ..TableConfig::default()
    };
    let mut r =
        Replica::new("7".parse().expect("a name"), config, 1_700_000_000_000).expect("a replica");
    let inputs = vec![
        Input::Start,
        Input::Sighted(SightedCommand::Claim {
            ground: ClaimKind::Threefold,
            intended: Some("e2e4".parse().expect("a move")),
        }),
        Input::Arbiter(ArbiterAction::RejectClaim),
        Input::Arbiter(ArbiterAction::Resume),
        typed("e2e4"),
        Input::Lever { side: Color::White },
        Input::Sighted(SightedCommand::CallArbiter),
        Input::ByArbiter {
            by: "hall:Chief Arbiter".into(),
            what: action::dismissal_what(7),
            action: None,
            dismissed: Some(7),
        },
        Input::Arbiter(ArbiterAction::Resume),
        Input::Sighted(SightedCommand::Resign),
    ];
    inputs
        .into_iter()
        .enumerate()
        .flat_map(|(i, input)| {
            let seq = i as u64 + 1;
            r.apply(seq, Duration::from_millis(1500 * seq), input, true)
        })
        .collect()
}

#[test]
fn a_tables_messages_are_todays_byte_for_byte() {
    let msgs = game();
    let kinds: std::collections::HashSet<_> = msgs.iter().map(|m| m.body.kind()).collect();
    assert_eq!(kinds.len(), 6, "every kind a table publishes: {kinds:?}");
    let json: Vec<String> = msgs
        .iter()
        .map(|m| serde_json::to_string(m).expect("JSON"))
        .collect();
    pinned("messages.jsonl", &json);
    // Read back as written, each is the same message.
    for (m, text) in msgs.iter().zip(&json) {
        let back: HallMessage = serde_json::from_str(text).expect("read back");
        assert_eq!(&back, m);
    }
}

#[test]
fn sealed_messages_are_todays_byte_for_byte() {
    let key = TableSigningKey::from_hex(&"37".repeat(32)).expect("a key");
    let sealed: Vec<String> = game()
        .iter()
        .filter(|m| !matches!(m.body, annabella_hall_wire::Body::View(_)))
        .map(|m| String::from_utf8(key.seal(m)).expect("UTF-8"))
        .collect();
    // A signature covers the body, so a body with the version has another one: the
    // envelope and the body are compared, and each signature must verify.
    pinned_as("sealed.jsonl", &sealed, |line| {
        let mut v: serde_json::Value = serde_json::from_str(line).expect("JSON");
        v["signature"] = "(verified)".into();
        v.to_string()
    });
    let keys = [("7".parse().unwrap(), key.public())].into_iter().collect();
    for line in &sealed {
        annabella_hall_wire::signing::open(&keys, "7", line.as_bytes()).expect("signed");
        let fields: Vec<&str> = ["{\"body\":\"", "\",\"signature\":\""]
            .into_iter()
            .filter(|f| line.contains(f))
            .collect();
        assert_eq!(fields.len(), 2, "the envelope's fields in order: {line}");
    }
}

#[test]
fn the_halls_signed_actions_are_todays_byte_for_byte() {
    let key: ActionKey = "00112233445566778899aabbccddeeff".parse().expect("a key");
    let bodies = [
        ActionBody {
            table: "7".parse().unwrap(),
            nonce: 1_700_000_000_000_001,
            sent_ms: 1_700_000_000_000,
            by: "Chief Arbiter".into(),
            what: "pause".into(),
            action: ArbiterAction::Pause.into(),
            protocol: PROTOCOL,
        },
        ActionBody {
            table: "7".parse().unwrap(),
            nonce: 1_700_000_000_000_002,
            sent_ms: 1_700_000_000_001,
            by: "Chief Arbiter".into(),
            what: action::dismissal_what(7),
            action: HallAction::Hall(HallOnly::DismissAlert { seq: 7 }),
            protocol: PROTOCOL,
        },
        ActionBody {
            table: "7".parse().unwrap(),
            nonce: 1_700_000_000_000_003,
            sent_ms: 1_700_000_000_002,
            by: "Chief Arbiter".into(),
            what: "add time".into(),
            action: ArbiterAction::AddTime {
                color: Color::White,
                amount: Duration::from_secs(120),
            }
            .into(),
            protocol: PROTOCOL,
        },
    ];
    let signed: Vec<String> = bodies
        .iter()
        .map(|b| String::from_utf8(action::sign(&key, b).expect("signed")).expect("UTF-8"))
        .collect();
    pinned_as("actions.jsonl", &signed, |line| {
        let mut v: serde_json::Value = serde_json::from_str(line).expect("JSON");
        v["signature"] = "(verified)".into();
        v.to_string()
    });
    for (line, body) in signed.iter().zip(&bodies) {
        assert_eq!(
            &action::verify_with(&key, "7", line.as_bytes()).expect("signed"),
            body
        );
    }
}
