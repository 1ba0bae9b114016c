//! A replayed game as the lines `annabella replay` prints: one readable line (and a note
//! when the `Result` tag disagrees), or one JSON object.

use serde_json::json;

use crate::Game;
use crate::pgn::PgnGame;

/// Game `number` of a file, read as `pgn` and replayed into `game`, as the lines of
/// `annabella replay` (`json`: one JSON object with `game`, `result`, `termination`,
/// `claimable` and `plies`).
pub fn replay_lines(number: usize, pgn: &PgnGame, game: &Game, json: bool) -> Vec<String> {
    let (result, termination) = match game.outcome() {
        Some(o) => (o.result.to_string(), o.termination.as_str()),
        None => ("*".to_owned(), "ongoing"),
    };
    let claimable: Vec<_> = game.claimable().into_iter().map(|k| k.as_str()).collect();
    if json {
        return vec![
            json!({
                "game": number,
                "result": result,
                "termination": termination,
                "claimable": claimable,
                "plies": game.plies(),
            })
            .to_string(),
        ];
    }
    let names = format!(
        "{} – {}",
        pgn.tag("White").unwrap_or("?"),
        pgn.tag("Black").unwrap_or("?")
    );
    let claims = if claimable.is_empty() {
        String::new()
    } else {
        format!("; claimable: {}", claimable.join(", "))
    };
    let mut lines = vec![format!(
        "game {number} ({names}): {result} by {termination} after {} plies{claims}",
        game.plies()
    )];
    if let Some(written) = pgn.tag("Result").filter(|r| *r != result && *r != "*") {
        lines.push(format!("  note: the Result tag says {written}"));
    }
    lines
}
