//! A round's pairings in words, one line each, or as JSON (`annabella pairings`).

use serde_json::{Value, json};

use annabella_rules::shakmaty::Color;

use crate::{ByeKind, Forfeit, Pairing, Seat};

/// A bye's kind as the listing names it (`half-point`, `zero-point`, …).
pub fn bye_name(kind: ByeKind) -> &'static str {
    match kind {
        ByeKind::HalfPoint => "half-point",
        ByeKind::FullPoint => "full-point",
        ByeKind::PairingAllocated => "pairing-allocated",
        ByeKind::ForfeitWin => "forfeit-win",
        ByeKind::ZeroPoint => "zero-point",
        ByeKind::NotPaired => "not-paired",
    }
}

/// A player as listings name them: title, name, then federation and rating in brackets
/// (`GM Carlsen, Magnus (NOR, 2830)`), each left out when unknown.
pub fn player_label(title: &str, name: &str, federation: &str, rating: Option<u32>) -> String {
    let mut text = String::new();
    if !title.is_empty() {
        text.push_str(title);
        text.push(' ');
    }
    text.push_str(name);
    let details: Vec<String> = [
        federation.to_owned(),
        rating.map(|r| r.to_string()).unwrap_or_default(),
    ]
    .into_iter()
    .filter(|d| !d.is_empty())
    .collect();
    if !details.is_empty() {
        text.push_str(&format!(" ({})", details.join(", ")));
    }
    text
}

/// A player's seat: rank, title, name, federation and rating.
pub fn seat_text(seat: &Seat) -> String {
    format!(
        "{}. {}",
        seat.rank,
        player_label(&seat.title, &seat.name, &seat.federation, seat.rating)
    )
}

/// One pairing: a board, a forfeit or a bye.
pub fn pairing_line(pairing: &Pairing) -> String {
    match pairing {
        Pairing::Board(b) => format!(
            "board {}: {} - {}",
            b.number,
            seat_text(&b.white),
            seat_text(&b.black)
        ),
        Pairing::Forfeit(f) => format!(
            "board {} ({}): {} - {}",
            f.number,
            forfeit_name(f),
            seat_text(&f.white),
            seat_text(&f.black)
        ),
        Pairing::Bye(b) => format!("bye ({}): {}", bye_name(b.kind), seat_text(&b.player)),
    }
}

/// A forfeit as the listing names it: `forfeit 1-0`, `forfeit 0-1`, `double forfeit`.
pub fn forfeit_name(f: &Forfeit) -> &'static str {
    match f.winner {
        Some(Color::White) => "forfeit 1-0",
        Some(Color::Black) => "forfeit 0-1",
        None => "double forfeit",
    }
}

/// A seat as the JSON of `annabella pairings --json`: an unknown value is `null`.
fn seat_json(seat: &Seat) -> Value {
    let known = |text: &str| (!text.trim().is_empty()).then(|| text.to_owned());
    json!({
        "rank": seat.rank,
        "name": known(&seat.name),
        "title": known(&seat.title),
        "federation": known(&seat.federation),
        "fide_id": seat.fide_id,
        "rating": seat.rating,
    })
}

/// A pairing as one JSON object of `annabella pairings --json` (a board, a forfeit or a
/// bye, with its seats).
pub fn pairing_json(pairing: &Pairing) -> Value {
    match pairing {
        Pairing::Board(b) => {
            json!({ "board": b.number, "white": seat_json(&b.white), "black": seat_json(&b.black) })
        }
        Pairing::Forfeit(f) => json!({
            "board": f.number,
            "forfeit": f.result().as_str(),
            "winner": f.winner.map(|c| c.to_string()),
            "white": seat_json(&f.white),
            "black": seat_json(&f.black),
        }),
        Pairing::Bye(b) => json!({ "bye": bye_name(b.kind), "player": seat_json(&b.player) }),
    }
}
