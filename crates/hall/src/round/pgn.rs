//! The round's PGN: every game as the hall replayed it, each with its `Board` tag.

use super::Hall;

impl Hall {
    /// Every game of the round in PGN, by table name, each with a `Board` tag: written
    /// by the hall from the moves it replayed.
    pub fn pgn(&self) -> String {
        let mut out = String::new();
        for game in self.pgn_games() {
            out.push_str(&game);
            out.push('\n');
        }
        out
    }

    /// Every game of the round in PGN, one text each, in the order of [`pgn`](Self::pgn).
    pub fn pgn_games(&self) -> Vec<String> {
        self.tables
            .values()
            .filter(|t| t.state.is_some() || !t.moves.is_empty())
            .map(|t| t.replay.pgn(&t.name, t.state.as_ref(), t.result.as_ref()))
            .collect()
    }
}

/// The PGN with `[Board "name"]` after its tag roster's `Round` (or first) tag.
pub fn with_board_tag(pgn: &str, board: &str) -> String {
    let tag = format!(
        "[Board \"{}\"]\n",
        board.replace('\\', "\\\\").replace('"', "\\\"")
    );
    let mut out = String::with_capacity(pgn.len() + tag.len());
    let mut done = false;
    for line in pgn.split_inclusive('\n') {
        out.push_str(line);
        if !done && line.starts_with("[Round ") {
            out.push_str(&tag);
            done = true;
        }
    }
    if !done {
        return format!("{tag}{pgn}");
    }
    out
}
