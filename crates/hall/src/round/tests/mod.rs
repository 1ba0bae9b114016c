//! The hall's pure part driven by a table's replica: what a table sends, signed.

mod delivery;
mod pgn;
mod witness;

use std::time::Duration;

use annabella_table::{ArbiterAction, Input, TableConfig};
use shakmaty::Color;

use super::*;
use annabella_hall_wire::{
    action::ActionKeys,
    message::{Body, HallMessage, MAX_PAYLOAD},
    replica::Replica,
    signing::TableSigningKey,
    topic,
};

/// The messages of a table whose sighted player (White) plays 1. e4 and presses the
/// clock: every record's messages, in order.
pub(crate) fn game(name: &str, epoch: u64) -> Vec<HallMessage> {
    let config = TableConfig {
        vi_color: Color::Black,
        ..TableConfig::default()
    };
    let mut r = Replica::new(name.parse().expect("a table name"), config, epoch).unwrap();
    let inputs = [
        Input::Start,
        Input::AssistantMove {
            text: "e2e4".into(),
        },
        Input::Lever { side: Color::White },
    ];
    inputs
        .into_iter()
        .enumerate()
        .flat_map(|(i, input)| r.apply(i as u64 + 1, Duration::from_secs(i as u64), input, true))
        .collect()
}

/// Now by the hall's clock: after every game of these tests began.
const NOW: u64 = 1_000_000;

/// Table `name`'s key (one per first letter of the name).
fn key_of(name: &str) -> TableSigningKey {
    TableSigningKey::from_hex(&format!("{:02x}", name.as_bytes()[0]).repeat(32)).unwrap()
}

/// A hall that knows the keys of tables "1" to "9".
pub(crate) fn hall() -> Hall {
    let keys = (1..=9)
        .map(|n| {
            (
                n.to_string().parse().unwrap(),
                key_of(&n.to_string()).public(),
            )
        })
        .collect();
    Hall::new(ActionKeys::new(), keys)
}

pub(crate) fn wire(hall: &mut Hall, m: &HallMessage) -> Vec<News> {
    let topic = topic::topic(m.body.kind(), &m.table);
    hall.receive(NOW, &topic, &key_of(&m.table).seal(m))
}

fn sans(hall: &Hall, table: &str) -> Vec<String> {
    hall.table(table)
        .unwrap()
        .moves
        .iter()
        .map(|m| m.san.to_string())
        .collect()
}

/// The round PGN of table `name` after `inputs` (White sighted, typing its moves).
fn ruled(name: &str, inputs: Vec<Input>) -> String {
    let config = TableConfig {
        vi_color: Color::Black,
        ..TableConfig::default()
    };
    let mut r = Replica::new(name.parse().expect("a table name"), config, 10).unwrap();
    let mut hall = hall();
    for (i, input) in inputs.into_iter().enumerate() {
        for m in r.apply(i as u64 + 1, Duration::from_secs(i as u64), input, true) {
            wire(&mut hall, &m);
        }
    }
    assert_eq!(hall.dropped(), Dropped::default());
    hall.pgn()
}

fn typed(text: &str) -> Input {
    Input::AssistantMove { text: text.into() }
}

fn arbiter(a: ArbiterAction) -> Input {
    Input::Arbiter(a)
}

/// The movetext of a round PGN of one game, on one line.
fn movetext(pgn: &str) -> String {
    let text = pgn.split("\n\n").nth(1).unwrap_or_default();
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
