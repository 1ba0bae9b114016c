//! The pairing program's players and boards (`annabella hall --trf`) and how a table
//! finds its pairing: its round and board from its `Round` tag `N.K`.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{Value, json};

use annabella_hall_wire::message::TableState;

/// A player as the pairing program names them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Player {
    /// The name as written (`Carlsen, Magnus` or `Magnus Carlsen`).
    pub name: String,
    /// FIDE title (`GM`, `WFM`, …), empty when none.
    pub title: String,
    /// Federation (`NOR`), empty when none.
    pub federation: String,
    /// FIDE id.
    pub fide_id: Option<u64>,
    /// Rating.
    pub rating: Option<u32>,
}

impl Player {
    /// A player known by name only (`?`, a table's unset name, is nobody).
    pub fn named(name: &str) -> Player {
        let name = name.trim();
        Player {
            name: if name == "?" { "" } else { name }.to_owned(),
            ..Player::default()
        }
    }

    /// First and last name as LiveChess splits them: `Last, First`, else the last word
    /// is the last name (`fname lname` gives the name back).
    pub fn first_last(&self) -> (Option<String>, Option<String>) {
        let name = self.name.trim();
        let some = |s: &str| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
        if let Some((last, first)) = name.split_once(',') {
            return (some(first), some(last));
        }
        match name.rsplit_once(char::is_whitespace) {
            Some((first, last)) => (some(first), some(last)),
            None => (None, some(name)),
        }
    }

    /// The name with title, federation and rating, as the hall's page shows them
    /// (`GM Carlsen, Magnus (NOR, 2830)`).
    pub fn label(&self) -> String {
        let name = if self.name.is_empty() {
            "?"
        } else {
            &self.name
        };
        annabella_trf::listing::player_label(&self.title, name, &self.federation, self.rating)
    }

    fn same_name(&self, name: &str) -> bool {
        let fold = |s: &str| {
            s.split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .to_lowercase()
        };
        fold(&self.name) == fold(name)
    }

    /// The player object of a pairing in `index.json` (LiveChess's fields; `fideid` as
    /// Lichess reads it).
    pub(crate) fn json(&self) -> Value {
        let (first, last) = self.first_last();
        let text = |s: &str| (!s.is_empty()).then(|| s.to_owned());
        json!({
            "fname": first,
            "mname": null,
            "lname": last,
            "title": text(&self.title),
            "federation": text(&self.federation),
            "fideid": self.fide_id,
        })
    }
}

/// The pairings of the pairing program (`annabella hall --trf`): (round, board) →
/// White and Black.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Roster {
    /// The tournament's name.
    pub event: Option<String>,
    /// Every board of every round.
    pub boards: BTreeMap<(u32, u32), [Player; 2]>,
}

impl Roster {
    /// The pairing at board `board` of round `round`.
    pub fn pairing(&self, round: u32, board: u32) -> Option<&[Player; 2]> {
        self.boards.get(&(round, board))
    }
}

/// A table's round and board: the `Round` tag's `N.K`, else its `N` and the table's name
/// as a number. `None` for what is neither.
pub fn place(round_tag: &str, table: &str) -> (Option<u32>, Option<u32>) {
    let round_tag = round_tag.trim();
    let number = |s: &str| s.trim().parse::<u32>().ok().filter(|n| *n > 0);
    match round_tag.split_once('.') {
        Some((n, k)) => (number(n), number(k).or_else(|| number(table))),
        None => (number(round_tag), number(table)),
    }
}

/// White and Black of a table: the roster's board when its names are the table's
/// (then with title, federation, FIDE id and rating), else the table's names.
pub fn players_of(roster: &Roster, state: Option<&TableState>, table: &str) -> [Player; 2] {
    let Some(state) = state else {
        return [Player::default(), Player::default()];
    };
    let (round, board) = place(&state.round, table);
    if let (Some(r), Some(b)) = (round, board)
        && let Some([white, black]) = roster.pairing(r, b)
        && white.same_name(&state.white)
        && black.same_name(&state.black)
    {
        return [white.clone(), black.clone()];
    }
    [Player::named(&state.white), Player::named(&state.black)]
}
