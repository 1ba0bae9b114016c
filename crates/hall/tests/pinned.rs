//! The hall's output pinned: the round's PGN, the LiveChess export's files and the
//! `--json` news lines of two tables' games (one with a roster, a ruling, a claim and a
//! dismissed alert, one from a set-up position), byte for byte as today's hall writes
//! them. The golden files are under `tests/pinned/`; `ANNABELLA_PIN=write cargo test -p
//! annabella-hall --test pinned` rewrites them (only for a change of these formats).

use std::{path::PathBuf, time::Duration};

use annabella_hall::{
    News,
    livechess::tree,
    roster::{Player, Roster},
    round::Hall,
};
use annabella_hall_wire::{ActionKeys, Replica, action, signing::TableSigningKey, topic};
use annabella_table::{ArbiterAction, ClaimKind, Event, Input, SightedCommand, TableConfig};
use shakmaty::Color;

fn golden(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/pinned")
        .join(name)
}

/// `text` compared with the golden file `name` (written instead with ANNABELLA_PIN=write).
fn pinned(name: &str, text: &str) {
    let path = golden(name);
    if std::env::var("ANNABELLA_PIN").as_deref() == Ok("write") {
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("the folder");
        std::fs::write(&path, text).expect("write the golden file");
        return;
    }
    let want = std::fs::read_to_string(&path).expect("the golden file");
    assert_eq!(text, want, "{name} differs from today's");
}

fn key_of(name: &str) -> TableSigningKey {
    TableSigningKey::from_hex(&format!("{:02x}", name.as_bytes()[0]).repeat(32)).expect("a key")
}

fn typed(text: &str) -> Input {
    Input::AssistantMove { text: text.into() }
}

/// Table `name`'s records of `inputs`, each delivered sealed to `hall`: the news.
fn play(hall: &mut Hall, name: &str, config: TableConfig, inputs: Vec<Input>) -> Vec<News> {
    let mut r = Replica::new(
        name.parse().expect("a table name"),
        config,
        1_700_000_000_000,
    )
    .expect("a replica");
    let mut news = Vec::new();
    for (i, input) in inputs.into_iter().enumerate() {
        let seq = i as u64 + 1;
        for m in r.apply(seq, Duration::from_millis(1500 * seq), input, true) {
            let t = topic::topic(m.body.kind(), name);
            news.extend(hall.receive(1_800_000_000_000, &t, &key_of(name).seal(&m)));
        }
    }
    news
}

/// Two tables of round 3: board 1 from the roster (a claim rejected, an illegal move
/// penalised, the arbiter called and the call dismissed, a resignation), board 2 from a
/// set-up position, still playing.
fn round() -> (Hall, Vec<News>) {
    let player = |name: &str, title: &str, rating| Player {
        name: name.into(),
        title: title.into(),
        federation: "GER".into(),
        fide_id: Some(24_600_000 + u64::from(rating)),
        rating: Some(rating),
    };
    let roster = Roster {
        event: Some("Pinned Open".into()),
        boards: [(
            (3, 1),
            [
                player("Weiß, Erika", "WGM", 2310),
                player("Schwarz, Max", "", 1990),
            ],
        )]
        .into_iter()
        .collect(),
        ..Roster::default()
    };
    let keys = ["1", "2"]
        .iter()
        .map(|n| (n.parse().unwrap(), key_of(n).public()))
        .collect();
    let mut hall = Hall::new(ActionKeys::new(), keys).with_roster(roster);
    let event = |round: &str| Event {
        event: "Pinned Open".into(),
        site: "Berlin GER".into(),
        date: "2026.12.01".into(),
        round: round.into(),
        white: "Weiß, Erika".into(),
        black: "Schwarz, Max".into(),
        ..Event::default()
    };
    let first = TableConfig {
        vi_color: Color::Black,
        time_control: "40/5400+30:1800+30".parse().expect("a time control"),
        claims_by_arbiter: true,
        event: event("3.1"),
        ..TableConfig::default()
    };
    let mut news = play(
        &mut hall,
        "1",
        first,
        vec![
            Input::Start,
            Input::Sighted(SightedCommand::Claim {
                ground: ClaimKind::Threefold,
                intended: Some("e2e4".parse().expect("a move")),
            }),
            Input::Arbiter(ArbiterAction::RejectClaim),
            Input::Arbiter(ArbiterAction::Resume),
            typed("e2e4"),
            Input::Lever { side: Color::White },
            Input::Arbiter(ArbiterAction::IllegalMove { by: Color::White }),
            Input::Sighted(SightedCommand::CallArbiter),
            Input::ByArbiter {
                by: "hall:Chief Arbiter".into(),
                what: action::dismissal_what(8),
                action: None,
                dismissed: None,
            },
            Input::Arbiter(ArbiterAction::Resume),
            Input::Sighted(SightedCommand::Resign),
        ],
    );
    let second = TableConfig {
        vi_color: Color::White,
        time_control: "300+2".parse().expect("a time control"),
        start_fen: Some("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1".into()),
        event: Event {
            white: "Anna".into(),
            black: "Bea".into(),
            ..event("3.2")
        },
        ..TableConfig::default()
    };
    news.extend(play(
        &mut hall,
        "2",
        second,
        vec![
            Input::Start,
            typed("e8d7"),
            Input::Lever { side: Color::Black },
        ],
    ));
    (hall, news)
}

#[test]
fn the_rounds_pgn_is_todays_byte_for_byte() {
    let (hall, _) = round();
    assert_eq!(hall.dropped().total(), 0, "{:?}", hall.dropped());
    pinned("round.pgn", &hall.pgn());
}

#[test]
fn the_livechess_files_are_todays_byte_for_byte() {
    let (hall, _) = round();
    let files = tree(&hall);
    assert!(files.len() >= 5, "{:?}", files.keys());
    let mut all = String::new();
    for (path, text) in &files {
        all.push_str(&format!("==> {path} <==\n{text}\n"));
    }
    pinned("livechess.txt", &all);
}

#[test]
fn the_news_lines_are_todays_byte_for_byte() {
    let (_, news) = round();
    let lines: String = news
        .iter()
        .map(|n| format!("{}\n", serde_json::to_string(n).expect("JSON")))
        .collect();
    pinned("news.jsonl", &lines);
}
