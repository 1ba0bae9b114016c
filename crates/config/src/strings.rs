//! A pass over every string of `table.toml` before the sections are checked: no control
//! character anywhere (a newline in a name would inject a game into the PGN), and names
//! no longer than [`MAX_NAME`] characters (a 300 KB name made the hall reject the table).

use super::Problem;

/// The most characters a name (player, event, site, round, date, table) may have.
pub const MAX_NAME: usize = 200;

/// The keys whose strings are names, bounded by [`MAX_NAME`].
const NAMES: &[&str] = &[
    "players.white",
    "players.black",
    "game.event",
    "game.site",
    "game.date",
    "game.round",
    "console.table",
    "hall.table",
];

/// Every problem of the strings in `table`, each named by its key path.
pub fn problems(table: &toml::Table) -> Vec<Problem> {
    let mut found = Vec::new();
    walk(&toml::Value::Table(table.clone()), "", &mut found);
    found
}

fn walk(value: &toml::Value, key: &str, found: &mut Vec<Problem>) {
    match value {
        toml::Value::String(s) => check(key, s, found),
        toml::Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                walk(item, &format!("{key}[{i}]"), found);
            }
        }
        toml::Value::Table(t) => {
            for (k, v) in t {
                let path = if key.is_empty() {
                    k.clone()
                } else {
                    format!("{key}.{k}")
                };
                walk(v, &path, found);
            }
        }
        _ => {}
    }
}

fn check(key: &str, s: &str, found: &mut Vec<Problem>) {
    let mut problem = |message: String| {
        found.push(Problem {
            key: key.to_owned(),
            message,
        })
    };
    if let Some((at, c)) = s.chars().enumerate().find(|(_, c)| c.is_control()) {
        problem(format!(
            "contains the control character U+{:04X} at character {} (names and settings \
             are one line of printable text)",
            u32::from(c),
            at + 1
        ));
    } else if let Some((at, c)) = s
        .chars()
        .enumerate()
        .find(|(_, c)| annabella_rules::is_bidi_control(*c))
    {
        problem(format!(
            "contains the bidirectional control U+{:04X} at character {} (it makes the text \
             read in another order than it is written)",
            u32::from(c),
            at + 1
        ));
    }
    if key == "game.round"
        && let Err(e) = annabella_rules::pgn::RoundNumber::read(
            s,
            annabella_rules::pgn::MAX_ROUND,
            annabella_rules::pgn::MAX_BOARD,
        )
    {
        problem(format!("{e}: a round is N or N.K (board K of round N)"));
    }
    if NAMES.contains(&key) {
        let length = s.chars().count();
        if length > MAX_NAME {
            problem(format!(
                "{length} characters is too long: a name has at most {MAX_NAME}"
            ));
        }
    }
}
