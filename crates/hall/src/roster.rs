//! The pairing program's players and boards (`annabella hall --trf`) and how a table
//! finds its pairing: its round and board from its `Round` tag `N.K`.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{Value, json};

use annabella_hall_wire::message::TableState;
use annabella_rules::pgn::{AbsurdRound, MAX_BOARD, MAX_ROUND, RoundNumber};

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
    /// The tournament's last round (the TRF's `XXR`), when the file says.
    pub rounds: Option<u32>,
    /// The most boards a round can have (half the players, rounded up), when there is a
    /// file.
    pub max_board: Option<u32>,
}

impl Roster {
    /// The pairing at board `board` of round `round`.
    pub fn pairing(&self, round: u32, board: u32) -> Option<&[Player; 2]> {
        self.boards.get(&(round, board))
    }

    /// The last round and the last board a table may name: the pairing program's where
    /// the hall has its file, else [`MAX_ROUND`] and [`MAX_BOARD`].
    pub fn bounds(&self) -> (u32, u32) {
        (
            self.rounds.unwrap_or(MAX_ROUND).min(MAX_ROUND),
            self.max_board.unwrap_or(MAX_BOARD).min(MAX_BOARD),
        )
    }

    /// A table's round and board: the `Round` tag's `N.K`, else its `N` and the table's
    /// name as a number; `None` for what is neither.
    ///
    /// # Errors
    /// A round or board beyond [`Roster::bounds`] (the table's messages are absurd).
    pub fn place(
        &self,
        round_tag: &str,
        table: &str,
    ) -> Result<(Option<u32>, Option<u32>), AbsurdRound> {
        let (max_round, max_board) = self.bounds();
        let board_of_table = RoundNumber::read(&format!("1.{}", table.trim()), 1, max_board)
            .ok()
            .flatten()
            .and_then(|n| n.board);
        let number = RoundNumber::read(round_tag, max_round, max_board)?;
        Ok(match number {
            Some(n) => (Some(n.round), n.board.or(board_of_table)),
            None => (None, board_of_table),
        })
    }
}

/// [`Roster::place`] without a pairing program's file: within [`MAX_ROUND`] and
/// [`MAX_BOARD`], an absurd round or board as none.
pub fn place(round_tag: &str, table: &str) -> (Option<u32>, Option<u32>) {
    Roster::default()
        .place(round_tag, table)
        .unwrap_or((None, None))
}

/// White and Black of a table: the roster's board when its names are the table's
/// (then with title, federation, FIDE id and rating), else the table's names.
pub fn players_of(roster: &Roster, state: Option<&TableState>, table: &str) -> [Player; 2] {
    let Some(state) = state else {
        return [Player::default(), Player::default()];
    };
    let (round, board) = roster.place(&state.round, table).unwrap_or((None, None));
    if let (Some(r), Some(b)) = (round, board)
        && let Some([white, black]) = roster.pairing(r, b)
        && white.same_name(&state.white)
        && black.same_name(&state.black)
    {
        return [white.clone(), black.clone()];
    }
    [Player::named(&state.white), Player::named(&state.black)]
}
