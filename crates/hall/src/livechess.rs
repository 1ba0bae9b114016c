//! The round in DGT LiveChess's export layout, as Lichess's broadcast reader and the
//! Lichess Broadcaster app read it (the layout is described in `PROTOCOL.md`):
//!
//! ```text
//! tournament.json          {"id", "name", "rounds": [{"count", "live"}, …]}
//! round-N/index.json       {"pairings": [{"white", "black", "result", "live"}, …]}
//! round-N/game-K.pgn       board K's game, [Round "N.K"], [%clk] and [%emt] on every move
//! round-N/games.pgn        every game of the round, in board order
//! ```
//!
//! A table's round and board come from its `Round` tag `N.K` (what `annabella init --trf`
//! writes); titles, federations, FIDE ids and ratings from the pairing program's file
//! ([`Roster`]) when its board names the table's players. [`tree`] makes every file from
//! the hall (pure); [`Export`] keeps a directory in step, each file replaced atomically.

use std::{
    collections::BTreeMap,
    path::{Path, PathBuf},
    time::Duration,
};

use annabella_rules::{
    Bonus, ClockTime, TimeControl,
    pgn::{PgnPlayer, PgnWriter, known},
};
use serde_json::{Value, json};

pub use crate::roster::{Player, Roster, place, players_of};
use crate::round::{Hall, TableEntry};
use annabella_broker::blocking::{make_dirs_within, write_atomically};
use annabella_hall_wire::message::MoveEvent;

/// One board of a round in the tree.
struct BoardGame<'a> {
    table: Option<&'a TableEntry>,
    players: [Player; 2],
}

fn clock_text(d: Duration) -> String {
    ClockTime(d).hms()
}

/// The time each move took, from the clocks after the moves and the time control: the
/// time a player was given up to a move (every period begun, every increment) less the
/// clock after it, minus the same before the move. Without a time control, the
/// difference of the clocks. (Delays are not counted: with one, the figure is the time
/// the clock ran.)
pub fn move_times(moves: &[MoveEvent], time_control: Option<&TimeControl>) -> Vec<Duration> {
    let given = |n: u32| -> Option<Duration> {
        let tc = time_control?;
        let next = n.saturating_add(1);
        let bonus = match tc.period_of_move(next).1.bonus {
            Bonus::Increment(d) | Bonus::Bronstein(d) => d,
            Bonus::None | Bonus::UsDelay(_) => Duration::ZERO,
        };
        Some(tc.allotted(next).saturating_sub(bonus))
    };
    // Per side: moves made and the time used so far.
    let mut made = [0u32; 2];
    let mut used = [Duration::ZERO; 2];
    let mut last_clock: [Option<Duration>; 2] = [None; 2];
    moves
        .iter()
        .map(|m| {
            let side = usize::from(m.color == shakmaty::Color::Black);
            let clock = Duration::from_millis(m.clock_ms);
            made[side] += 1;
            let emt = match given(made[side]) {
                Some(given) => {
                    let now = given.saturating_sub(clock);
                    let emt = now.saturating_sub(used[side]);
                    used[side] = now;
                    emt
                }
                None => last_clock[side].map_or(Duration::ZERO, |c| c.saturating_sub(clock)),
            };
            last_clock[side] = Some(clock);
            emt
        })
        .collect()
}

/// The PGN of board `board` of round `round`: LiveChess's tags, the hall's own moves
/// with `[%clk]` and `[%emt]` after each, and the result.
fn game_pgn(event: &str, round: u32, board: u32, game: &BoardGame<'_>) -> String {
    let state = game.table.and_then(|t| t.state.as_ref());
    let end = game.table.and_then(|t| t.result.as_ref());
    let mut header = crate::game::header(state, end);
    header.event = header.event.or_else(|| known(event));
    header.round = Some(format!("{round}.{board}"));
    // LiveChess names no board beside the round: `N.K` is the board.
    header.board = None;
    let [white, black] = &game.players;
    for (tags, p) in [(&mut header.white, white), (&mut header.black, black)] {
        let from_table = std::mem::take(tags);
        *tags = PgnPlayer {
            name: known(&p.name).or(from_table.name),
            title: known(&p.title).or(from_table.title),
            elo: p.rating.or(from_table.elo),
            fide_id: p.fide_id.or(from_table.fide_id),
            federation: known(&p.federation).or(from_table.federation),
        };
    }
    let result = header.result_text();
    let time_control = state.and_then(|s| s.time_control.as_ref());
    let mut pgn = PgnWriter::new();
    header.write(&mut pgn);
    let Some(t) = game.table else {
        return pgn.finish(result);
    };
    let start = t.replay.start();
    if state.is_some_and(|s| s.start_fen.is_some() || s.chess960) {
        pgn.setup_tags(start, state.is_some_and(|s| s.chess960));
    }
    let moves = t.replay.moves();
    let emts = move_times(moves, time_control);
    // The arbiter's rulings as the round's PGN writes them (the hall's `ruling` module).
    let mut notes = annabella_hall_wire::ruling::comments(
        state.map_or(&[][..], |s| s.rulings.as_slice()),
        moves.len(),
    );
    for note in notes.remove(&0).unwrap_or_default() {
        pgn.comment(&note);
    }
    pgn.moves(
        start,
        moves.iter().zip(emts).map(|(m, emt)| {
            let mut comments = vec![format!(
                "[%clk {}] [%emt {}]",
                clock_text(Duration::from_millis(m.clock_ms)),
                clock_text(emt)
            )];
            comments.extend(notes.remove(&m.ply).unwrap_or_default());
            (m.san.to_string(), comments)
        }),
    );
    pgn.finish(result)
}

/// Every file of the tree, by its path under the export directory (`/` separated).
pub fn tree(hall: &Hall) -> BTreeMap<String, String> {
    let (rounds, event) = boards(hall);
    let event = event.unwrap_or_else(|| "annabella hall".to_owned());
    let mut files = BTreeMap::new();
    let last_round = rounds.keys().next_back().copied().unwrap_or(0);
    let mut round_list = Vec::new();
    for round in 1..=last_round {
        let empty = BTreeMap::new();
        let boards = rounds.get(&round).unwrap_or(&empty);
        round_list.push(round_files(&event, round, boards, &mut files));
    }
    files.insert(
        "tournament.json".to_owned(),
        pretty(&json!({ "id": event, "name": event, "rounds": round_list })),
    );
    files
}

/// The games of the tree by round and board.
type Rounds<'a> = BTreeMap<u32, BTreeMap<u32, BoardGame<'a>>>;

/// The round's games by round and board, and the event's name (the roster's, else the
/// first table's). The first table (by name) to claim a board has it; a table without a
/// board of its own takes the round's next free board; the round's other boards are as
/// the pairing program paired them.
fn boards(hall: &Hall) -> (Rounds<'_>, Option<String>) {
    let roster = hall.roster();
    let mut rounds = Rounds::new();
    let mut unplaced = Vec::new();
    let mut event = roster.event.clone();
    for t in hall.tables() {
        let Some(state) = &t.state else { continue };
        if event.is_none() && !state.event.is_empty() && state.event != "?" {
            event = Some(state.event.clone());
        }
        // A table whose round or board is beyond the tournament's has no place in the
        // tree: no folder or file follows a number a table sent.
        let Ok((round, board)) = roster.place(&state.round, &t.name) else {
            continue;
        };
        let round = round.unwrap_or(1);
        let game = BoardGame {
            table: Some(t),
            players: players_of(roster, t.state.as_ref(), &t.name),
        };
        match board {
            Some(b) if !rounds.get(&round).is_some_and(|r| r.contains_key(&b)) => {
                rounds.entry(round).or_default().insert(b, game);
            }
            _ => unplaced.push((round, game)),
        }
    }
    // A game that ended at a table gone on to its next game keeps its board in its
    // round (the newest first), unless a table is at that board now.
    for t in hall.finished().iter().rev() {
        let Some(state) = &t.state else { continue };
        // Only a game of a numbered round (`N.K`): a table playing game after game
        // without rounds shows its current game alone.
        let Ok((Some(round), Some(board))) = roster.place(&state.round, &t.name) else {
            continue;
        };
        let boards = rounds.entry(round).or_default();
        boards.entry(board).or_insert_with(|| BoardGame {
            table: Some(t),
            players: players_of(roster, t.state.as_ref(), &t.name),
        });
    }
    for (round, game) in unplaced {
        let boards = rounds.entry(round).or_default();
        let free = (1..).find(|b| !boards.contains_key(b)).unwrap_or(u32::MAX);
        boards.insert(free, game);
    }
    for (&(round, board), [white, black]) in &roster.boards {
        if let Some(boards) = rounds.get_mut(&round) {
            boards.entry(board).or_insert_with(|| BoardGame {
                table: None,
                players: [white.clone(), black.clone()],
            });
        }
    }
    (rounds, event)
}

/// Round `round`'s files into `files` (each board's game, `index.json`, `games.pgn`),
/// and its entry in `tournament.json`.
fn round_files(
    event: &str,
    round: u32,
    boards: &BTreeMap<u32, BoardGame<'_>>,
    files: &mut BTreeMap<String, String>,
) -> Value {
    let count = boards.keys().next_back().copied().unwrap_or(0);
    let mut pairings = Vec::new();
    let mut games = Vec::new();
    let mut live = 0;
    for board in 1..=count {
        let nobody = BoardGame {
            table: None,
            players: [Player::default(), Player::default()],
        };
        let game = boards.get(&board).unwrap_or(&nobody);
        let result = game
            .table
            .and_then(|t| t.result.as_ref())
            .map_or("*", |e| e.result.as_str());
        let is_live = game.table.is_some_and(|t| {
            t.result.is_none()
                && (!t.moves.is_empty() || t.state.as_ref().is_some_and(|s| s.view.started))
        });
        live += usize::from(is_live);
        let [white, black] = &game.players;
        pairings.push(json!({
            "white": white.json(),
            "black": black.json(),
            "result": result,
            "live": is_live,
        }));
        let pgn = game_pgn(event, round, board, game);
        files.insert(format!("round-{round}/game-{board}.pgn"), pgn.clone());
        games.push(pgn);
    }
    files.insert(
        format!("round-{round}/index.json"),
        pretty(&json!({ "pairings": pairings })),
    );
    files.insert(format!("round-{round}/games.pgn"), games.join("\n"));
    json!({ "count": count, "live": live })
}

fn pretty(v: &Value) -> String {
    let mut text = serde_json::to_string_pretty(v).unwrap_or_default();
    text.push('\n');
    text
}

/// The content type of a file of the tree.
pub fn content_type(path: &str) -> &'static str {
    if path.ends_with(".json") {
        "application/json"
    } else {
        "application/x-chess-pgn; charset=utf-8"
    }
}

/// What `annabella hall --export-dir` and `--trf` set.
#[derive(Debug, Clone, Default)]
pub struct LiveSettings {
    /// Keep the tree here.
    pub dir: Option<PathBuf>,
    /// The pairing program's pairings.
    pub roster: Roster,
    /// The TRF file they come from: read again when it changes (the pairing program
    /// saves each new round into it while the hall runs).
    pub trf: Option<PathBuf>,
}

/// A directory kept in the layout: writes the files that changed since the last call,
/// each replaced atomically (written beside, then renamed over).
#[derive(Debug)]
pub struct Export {
    dir: PathBuf,
    written: BTreeMap<String, String>,
}

impl Export {
    /// An export into `dir` (made when missing).
    pub fn new(dir: PathBuf) -> Export {
        Export {
            dir,
            written: BTreeMap::new(),
        }
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Writes the files of `files` that differ from what this export last wrote, and
    /// removes those it wrote that are no longer in the tree (a table that moved to
    /// another board).
    ///
    /// # Errors
    /// A directory or file cannot be made; the rest are still tried next time.
    pub fn write(&mut self, files: &BTreeMap<String, String>) -> std::io::Result<()> {
        let mut first_error = None;
        let gone: Vec<String> = self
            .written
            .keys()
            .filter(|p| !files.contains_key(*p))
            .cloned()
            .collect();
        for path in gone {
            let target = self.dir.join(&path);
            match std::fs::remove_file(&target) {
                Ok(()) => {
                    self.written.remove(&path);
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    self.written.remove(&path);
                }
                Err(e) => {
                    first_error.get_or_insert(std::io::Error::new(
                        e.kind(),
                        format!("{}: {e}", target.display()),
                    ));
                }
            }
        }
        for (path, text) in files {
            if self.written.get(path) == Some(text) {
                continue;
            }
            let target = self.dir.join(path);
            // Every directory under the export's own is made (or found) as a real one: a
            // link there is never followed.
            let outcome = std::fs::create_dir_all(&self.dir)
                .and_then(|()| {
                    Path::new(path)
                        .parent()
                        .map_or(Ok(()), |sub| make_dirs_within(&self.dir, sub))
                })
                .and_then(|()| write_atomically(&target, text));
            match outcome {
                Ok(()) => {
                    self.written.insert(path.clone(), text.clone());
                }
                Err(e) => {
                    first_error.get_or_insert(std::io::Error::new(
                        e.kind(),
                        format!("{}: {e}", target.display()),
                    ));
                }
            }
        }
        first_error.map_or(Ok(()), Err)
    }
}

#[cfg(test)]
mod tests;
