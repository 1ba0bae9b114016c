//! The hall's pure part: every table's state from the messages the broker delivers, in
//! order and once each, whatever arrives twice, late or not at all; the round's PGN.
//!
//! Each message names its table, game and place `(seq, part)` in the table's journal.
//! A message at or below the table's high-water mark is a duplicate and ignored. A lost
//! message (a broker killed before it delivered) leaves a gap that the next retained
//! view closes: it carries every move and alert of the game, so the missing moves are
//! taken from it, in order.

use std::collections::BTreeMap;

use annabella_table::{AnnounceKind, Audience, GameEnd};
use serde::Serialize;

use crate::{
    action::{self, ActionKeys},
    message::{AlertNote, Body, HallMessage, MAX_PAYLOAD, MoveEvent, TableState},
    topic::{self, Kind},
};

/// One table as the hall knows it.
#[derive(Debug, Clone, Default, Serialize)]
pub struct TableEntry {
    /// The table's name.
    pub name: String,
    /// The game (journal epoch) shown.
    pub game: u64,
    /// The last `(seq, part)` applied.
    pub mark: Option<(u64, u32)>,
    /// The moves so far, in order, once each.
    pub moves: Vec<MoveEvent>,
    /// The alerts so far, oldest first.
    pub alerts: Vec<AlertNote>,
    /// The last retained view.
    pub state: Option<TableState>,
    /// The result, once the game is over.
    pub result: Option<GameEnd>,
    /// When the last event happened at the table (Unix ms).
    pub at_ms: u64,
}

/// What changed in the hall (one JSON line each for `annabella hall --json`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "news", rename_all = "snake_case")]
pub enum News {
    /// A move, in order.
    Move {
        /// The table.
        table: String,
        /// The game (journal epoch).
        game: u64,
        /// The journal record.
        seq: u64,
        /// The move.
        #[serde(flatten)]
        mv: MoveEvent,
        /// When it was made (Unix ms).
        at_ms: u64,
        /// Taken from the table's view because its own message was lost.
        repaired: bool,
    },
    /// An alert for the arbiter.
    Alert {
        /// The table.
        table: String,
        /// The alert.
        #[serde(flatten)]
        note: AlertNote,
    },
    /// The table journalled that the chief arbiter dismissed an alert.
    Dismissed {
        /// The table.
        table: String,
        /// The alert.
        #[serde(flatten)]
        note: AlertNote,
    },
    /// The table announced something.
    Announce {
        /// The table.
        table: String,
        /// What about.
        kind: AnnounceKind,
        /// To whom.
        to: Audience,
    },
    /// A claim waits for the arbiter.
    Claim {
        /// The table.
        table: String,
        /// Who claims.
        by: String,
    },
    /// A game ended.
    Result {
        /// The table.
        table: String,
        /// How.
        #[serde(flatten)]
        end: GameEnd,
    },
    /// A table started a new game (a new journal).
    NewGame {
        /// The table.
        table: String,
        /// The game's journal epoch.
        game: u64,
    },
    /// A correctly signed arbiter action went to a table.
    Action {
        /// The table.
        table: String,
        /// Who acted.
        by: String,
        /// What, in words.
        what: String,
    },
    /// A message that was not applied, and why (bad JSON, forged action, too big, …).
    Rejected {
        /// The topic it came on.
        topic: String,
        /// Why it was ignored.
        reason: String,
    },
}

impl News {
    /// Whether a page showing the hall must be redrawn.
    pub fn changes_page(&self) -> bool {
        !matches!(self, News::Rejected { .. } | News::Announce { .. })
    }
}

/// Every table of the hall.
#[derive(Debug, Default)]
pub struct Hall {
    tables: BTreeMap<String, TableEntry>,
    keys: ActionKeys,
    duplicates: u64,
    rejected: u64,
    pgn_version: u64,
}

/// An alert with its table, for the top of the hall page.
#[derive(Debug, Clone, Serialize)]
pub struct HallAlert {
    /// The table.
    pub table: String,
    /// The alert.
    #[serde(flatten)]
    pub note: AlertNote,
}

impl Hall {
    /// An empty hall; `keys` check the signatures of arbiter actions seen on the tree.
    pub fn new(keys: ActionKeys) -> Hall {
        Hall {
            keys,
            ..Hall::default()
        }
    }

    /// The tables, by name.
    pub fn tables(&self) -> impl Iterator<Item = &TableEntry> {
        self.tables.values()
    }

    /// One table.
    pub fn table(&self, name: &str) -> Option<&TableEntry> {
        self.tables.get(name)
    }

    /// Messages ignored as delivered twice.
    pub fn duplicates(&self) -> u64 {
        self.duplicates
    }

    /// Moves on whenever [`pgn`](Self::pgn) would give another text.
    pub fn pgn_version(&self) -> u64 {
        self.pgn_version
    }

    /// Messages rejected.
    pub fn rejected(&self) -> u64 {
        self.rejected
    }

    /// Alerts that need the arbiter, newest first: every alert of a game still running,
    /// and a waiting claim.
    pub fn alerts(&self) -> Vec<HallAlert> {
        let mut all: Vec<HallAlert> = self
            .tables
            .values()
            .filter(|t| t.result.is_none())
            .flat_map(|t| {
                t.alerts.iter().filter(|a| !a.dismissed).map(|a| HallAlert {
                    table: t.name.clone(),
                    note: a.clone(),
                })
            })
            .collect();
        all.sort_by_key(|a| std::cmp::Reverse((a.note.at_ms, a.note.seq)));
        all
    }

    fn reject(&mut self, topic: &str, reason: String) -> Vec<News> {
        self.rejected += 1;
        vec![News::Rejected {
            topic: topic.to_owned(),
            reason,
        }]
    }

    /// Takes one delivered message and says what changed.
    pub fn receive(&mut self, topic: &str, payload: &[u8]) -> Vec<News> {
        if payload.len() > MAX_PAYLOAD {
            let reason = format!(
                "payload of {} bytes is over the {MAX_PAYLOAD}-byte limit",
                payload.len()
            );
            return self.reject(topic, reason);
        }
        let (kind, table) = match topic::parse(topic) {
            Ok(t) => t,
            Err(e) => return self.reject(topic, e),
        };
        if kind == Kind::Action {
            return match action::verify(&self.keys, table, payload) {
                Ok(a) => vec![News::Action {
                    table: table.to_owned(),
                    by: a.by,
                    what: a.what,
                }],
                Err(e) => self.reject(topic, format!("arbiter action ignored: {e}")),
            };
        }
        if payload.is_empty() {
            // A retained message being cleared.
            return Vec::new();
        }
        let message: HallMessage = match serde_json::from_slice(payload) {
            Ok(m) => m,
            Err(e) => return self.reject(topic, format!("not a hall message: {e}")),
        };
        if message.table != table || message.body.kind() != kind {
            let reason = format!(
                "a {} of table {:?} does not belong on this topic",
                message.body.kind(),
                message.table
            );
            return self.reject(topic, reason);
        }
        self.apply(message)
    }

    /// Applies a decoded message of its table.
    pub fn apply(&mut self, m: HallMessage) -> Vec<News> {
        let entry = self
            .tables
            .entry(m.table.clone())
            .or_insert_with(|| TableEntry {
                name: m.table.clone(),
                ..TableEntry::default()
            });
        let mut news = Vec::new();
        if m.game < entry.game {
            self.duplicates += 1;
            return news;
        }
        if m.game > entry.game {
            self.pgn_version += 1;
            *entry = TableEntry {
                name: m.table.clone(),
                game: m.game,
                ..TableEntry::default()
            };
            news.push(News::NewGame {
                table: m.table.clone(),
                game: m.game,
            });
        }
        let key = (m.seq, m.part);
        if entry.mark.is_some_and(|mark| key <= mark) {
            self.duplicates += 1;
            return news;
        }
        entry.mark = Some(key);
        entry.at_ms = m.at_ms;
        let table = m.table;
        match m.body {
            Body::Move(mv) => {
                // A take-back, then another move at that ply: the game goes on from there.
                if mv.ply >= 1
                    && mv.ply <= entry.moves.len()
                    && entry.moves[mv.ply - 1].san != mv.san
                {
                    entry.moves.truncate(mv.ply - 1);
                }
                if mv.ply == entry.moves.len() + 1 {
                    entry.moves.push(mv.clone());
                    news.push(News::Move {
                        table,
                        game: m.game,
                        seq: m.seq,
                        mv,
                        at_ms: m.at_ms,
                        repaired: false,
                    });
                }
            }
            Body::Alert(note) => {
                if !entry.alerts.iter().any(|a| a.same(&note)) {
                    entry.alerts.push(note.clone());
                    news.push(News::Alert { table, note });
                }
            }
            Body::Announce { kind, to } => news.push(News::Announce { table, kind, to }),
            Body::Claim { by, .. } => news.push(News::Claim { table, by }),
            Body::Result(end) => {
                entry.result = Some(end.clone());
                news.push(News::Result { table, end });
            }
            Body::View(state) => {
                repair(entry, &state, m.seq, m.at_ms, &mut news);
                if entry.result.is_none()
                    && let Some(end) = &state.view.result
                {
                    entry.result = Some(end.clone());
                    news.push(News::Result {
                        table: table.clone(),
                        end: end.clone(),
                    });
                }
                if entry.state.as_ref().is_none_or(|s| s.pgn != state.pgn) {
                    self.pgn_version += 1;
                }
                entry.state = Some(*state);
            }
        }
        news
    }

    /// Every game of the round in PGN, by table name, each with a `Board` tag.
    pub fn pgn(&self) -> String {
        let mut out = String::new();
        for t in self.tables.values() {
            if let Some(state) = &t.state {
                out.push_str(&with_board_tag(&state.pgn, &t.name));
                if !out.ends_with('\n') {
                    out.push('\n');
                }
                out.push('\n');
            }
        }
        out
    }
}

/// Moves and alerts the view has and the hall missed, in order.
fn repair(entry: &mut TableEntry, state: &TableState, seq: u64, at_ms: u64, news: &mut Vec<News>) {
    let view = &state.view;
    // Keep the moves the view agrees with (a take-back shortens the game).
    let agree = entry
        .moves
        .iter()
        .zip(&view.moves)
        .take_while(|(m, san)| &m.san == *san)
        .count();
    entry.moves.truncate(agree);
    for ply in entry.moves.len() + 1..=view.moves.len() {
        // The last ply was made by the side not to move; plies alternate back from it.
        let last_mover = !view.turn;
        let mover = if (view.moves.len() - ply).is_multiple_of(2) {
            last_mover
        } else {
            view.turn
        };
        let color = mover.to_string();
        let clock = view.move_clocks.get(ply - 1).copied().unwrap_or_default();
        let mv = MoveEvent {
            ply,
            color,
            san: view.moves[ply - 1].clone(),
            uci: String::new(),
            clock_ms: u64::try_from(clock.as_millis()).unwrap_or(u64::MAX),
            white_ms: u64::try_from(view.white_time.as_millis()).unwrap_or(u64::MAX),
            black_ms: u64::try_from(view.black_time.as_millis()).unwrap_or(u64::MAX),
        };
        entry.moves.push(mv.clone());
        news.push(News::Move {
            table: entry.name.clone(),
            game: entry.game,
            seq,
            mv,
            at_ms,
            repaired: true,
        });
    }
    for note in &state.alerts {
        // A dismissal comes with the view: the table journalled it.
        if let Some(known) = entry.alerts.iter_mut().find(|a| a.same(note)) {
            if note.dismissed && !known.dismissed {
                news.push(News::Dismissed {
                    table: entry.name.clone(),
                    note: note.clone(),
                });
            }
            known.dismissed = note.dismissed;
        } else {
            entry.alerts.push(note.clone());
            news.push(News::Alert {
                table: entry.name.clone(),
                note: note.clone(),
            });
        }
    }
    entry.alerts.sort_by_key(|a| (a.seq, a.at_ms));
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

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use annabella_table::{Input, TableConfig};
    use shakmaty::Color;

    use super::*;
    use crate::replica::Replica;

    /// The messages of a table whose sighted player (White) plays 1. e4 and presses the
    /// clock: every record's messages, in order.
    fn game(name: &str, epoch: u64) -> Vec<HallMessage> {
        let config = TableConfig {
            vi_color: Color::Black,
            ..TableConfig::default()
        };
        let mut r = Replica::new(name, config, epoch).unwrap();
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
            .flat_map(|(i, input)| {
                r.apply(i as u64 + 1, Duration::from_secs(i as u64), input, true)
            })
            .collect()
    }

    fn wire(hall: &mut Hall, m: &HallMessage) -> Vec<News> {
        let topic = topic::topic(m.body.kind(), &m.table);
        hall.receive(&topic, &serde_json::to_vec(m).unwrap())
    }

    fn sans(hall: &Hall, table: &str) -> Vec<String> {
        hall.table(table)
            .unwrap()
            .moves
            .iter()
            .map(|m| m.san.clone())
            .collect()
    }

    #[test]
    fn everything_twice_is_applied_once() {
        let msgs = game("1", 10);
        let mut hall = Hall::default();
        let mut moves = 0;
        for m in msgs.iter().chain(&msgs) {
            moves += wire(&mut hall, m)
                .iter()
                .filter(|n| matches!(n, News::Move { .. }))
                .count();
        }
        assert_eq!(moves, 1);
        assert_eq!(sans(&hall, "1"), ["e4"]);
        assert_eq!(hall.duplicates(), msgs.len() as u64);
        assert!(hall.pgn().contains("[Board \"1\"]"));
        assert!(hall.pgn().contains("1. e4"));
    }

    #[test]
    fn a_lost_move_comes_from_the_next_view() {
        let msgs = game("2", 10);
        let mut hall = Hall::default();
        let mut news = Vec::new();
        for m in msgs.iter().filter(|m| !matches!(m.body, Body::Move(_))) {
            news.extend(wire(&mut hall, m));
        }
        assert_eq!(sans(&hall, "2"), ["e4"]);
        assert!(
            news.iter()
                .any(|n| matches!(n, News::Move { repaired: true, .. }))
        );
    }

    #[test]
    fn a_new_journal_is_a_new_game_and_an_old_one_is_ignored() {
        let mut hall = Hall::default();
        for m in &game("3", 10) {
            wire(&mut hall, m);
        }
        let newer = game("3", 20);
        let news = wire(&mut hall, &newer[0]);
        assert!(matches!(news[0], News::NewGame { game: 20, .. }));
        assert!(sans(&hall, "3").is_empty());
        let older = game("3", 10);
        assert!(wire(&mut hall, older.last().unwrap()).is_empty());
        assert_eq!(hall.table("3").unwrap().game, 20);
    }

    #[test]
    fn messages_on_the_wrong_topic_or_malformed_are_rejected() {
        let msgs = game("4", 10);
        let mut hall = Hall::default();
        let json = serde_json::to_vec(&msgs[0]).unwrap();
        let news = hall.receive("annabella/view/5", &json);
        assert!(
            matches!(&news[0], News::Rejected { reason, .. } if reason.contains("does not belong"))
        );
        let news = hall.receive("annabella/move/4", b"[1,2]");
        assert!(
            matches!(&news[0], News::Rejected { reason, .. } if reason.contains("not a hall message"))
        );
        let news = hall.receive("annabella/move/4", &vec![b' '; MAX_PAYLOAD + 1]);
        assert!(matches!(&news[0], News::Rejected { reason, .. } if reason.contains("limit")));
        assert_eq!(hall.rejected(), 3);
        assert!(hall.table("4").is_none());
    }

    #[test]
    fn an_alert_goes_from_the_top_when_the_tables_view_says_it_was_dismissed() {
        let mut r = Replica::new("5", TableConfig::default(), 9).unwrap();
        let call = Input::Sighted(annabella_table::SightedCommand::CallArbiter);
        let dismiss = Input::ByArbiter {
            by: "hall:Chief Arbiter".into(),
            what: crate::action::dismissal_what(2),
            action: None,
        };
        let mut hall = Hall::new(ActionKeys::new());
        for (seq, input) in [(1, Input::Start), (2, call)] {
            for m in r.apply(seq, Duration::from_secs(seq), input, true) {
                wire(&mut hall, &m);
            }
        }
        assert_eq!(hall.alerts().len(), 1);
        let again = hall.alerts();
        let news: Vec<News> = r
            .apply(3, Duration::from_secs(3), dismiss, true)
            .iter()
            .flat_map(|m| wire(&mut hall, m))
            .collect();
        assert!(
            news.iter().any(
                |n| matches!(n, News::Dismissed { note, .. } if note.seq == 2) && n.changes_page()
            ),
            "the page is redrawn: {news:?}"
        );
        assert!(hall.alerts().is_empty(), "{again:?}");
        let kept = &hall.table("5").unwrap().alerts;
        assert_eq!(kept.len(), 1, "the table's own view keeps it");
        assert!(kept[0].dismissed);
    }
}
