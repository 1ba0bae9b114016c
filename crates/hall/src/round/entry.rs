//! One table as the hall knows it, and how it takes each kind of event.

use std::collections::BTreeMap;

use annabella_hall_wire::WireEnd;
use annabella_hall_wire::topic::TableName;
use serde::Serialize;

use super::{MAX_WITNESSED, News, WitnessAlert};
use crate::{
    game::{GameError, HallGame},
    roster::{Player, Roster, players_of},
};
use annabella_hall_wire::message::{AlertNote, MoveEvent, TableState};

/// One table as the hall knows it.
#[derive(Debug, Clone, Serialize)]
pub struct TableEntry {
    /// The table's name.
    pub name: TableName,
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
    pub result: Option<WireEnd>,
    /// When the last event happened at the table (Unix ms).
    pub at_ms: u64,
    /// The games (journal epochs) the hall has seen at this table, oldest first.
    pub games: Vec<u64>,
    /// The witness: the last journal head (record and chain hash, hex) the table
    /// published for the game; a journal edited afterwards no longer leads to it.
    pub witness: Option<(u64, String)>,
    /// Every head the table published for the game, by record (the newest
    /// [`MAX_WITNESSED`]): a view that contradicts one is a [`WitnessAlert`].
    #[serde(skip)]
    pub witnessed: BTreeMap<u64, String>,
    /// Views that contradicted a head witnessed earlier, oldest first.
    pub contradictions: Vec<WitnessAlert>,
    /// The game as the hall replayed it under the Laws.
    #[serde(skip)]
    pub replay: HallGame,
    /// White and Black with what the pairing program says of them (title, federation,
    /// FIDE id, rating) when the hall has its pairings, else the table's names.
    pub pairing: Option<[Player; 2]>,
    /// Moves on whenever the hall changes this entry, drawn from one count for the
    /// whole hall (a table's new game never repeats an earlier entry's): a card rendered
    /// at a revision still shows the entry while the revision stays.
    #[serde(skip)]
    pub revision: u64,
}

impl TableEntry {
    /// Table `name`'s entry for game `game` before any of its messages.
    pub fn new(name: TableName, game: u64) -> TableEntry {
        TableEntry {
            name,
            game,
            mark: None,
            moves: Vec::new(),
            alerts: Vec::new(),
            state: None,
            result: None,
            at_ms: 0,
            games: Vec::new(),
            witness: None,
            witnessed: BTreeMap::new(),
            contradictions: Vec::new(),
            replay: HallGame::default(),
            pairing: None,
            revision: 0,
        }
    }

    /// Whether `state` changes the game's tags (the round's PGN is then new).
    pub(super) fn retagged(&self, state: &TableState) -> bool {
        let tags = |s: &TableState| {
            (
                [&s.white, &s.black, &s.event, &s.round, &s.site, &s.date].map(Clone::clone),
                s.time_control.clone(),
            )
        };
        self.state.as_ref().map(tags) != Some(tags(state))
    }

    /// A move for the scoresheet, played under the Laws.
    pub(super) fn take_move(
        &mut self,
        mv: &MoveEvent,
        seq: u64,
        at_ms: u64,
        news: &mut Vec<News>,
    ) -> Result<(), GameError> {
        let played = self.replay.play(mv)?;
        if let Some(mv) = played {
            news.push(News::Move {
                table: self.name.clone(),
                game: self.game,
                seq,
                mv,
                at_ms,
                repaired: false,
            });
        }
        Ok(())
    }

    /// An alert for the arbiter, news once.
    pub(super) fn take_alert(&mut self, note: AlertNote, news: &mut Vec<News>) {
        if !self.alerts.iter().any(|a| a.same(&note)) {
            self.alerts.push(note.clone());
            news.push(News::Alert {
                table: self.name.clone(),
                note,
            });
        }
    }

    /// The game's end.
    pub(super) fn take_result(&mut self, end: WireEnd, news: &mut Vec<News>) {
        self.result = Some(end.clone());
        news.push(News::Result {
            table: self.name.clone(),
            end,
        });
    }

    /// The table's view: followed (moves the hall missed, alerts), then its result, the
    /// head the hall witnesses and the pairing from the roster are kept.
    pub(super) fn take_view(
        &mut self,
        mut state: TableState,
        seq: u64,
        at_ms: u64,
        roster: &Roster,
        news: &mut Vec<News>,
    ) -> Result<(), GameError> {
        state.pgn.clear();
        follow(self, &state, seq, at_ms, news)?;
        if self.result.is_none()
            && let Some(end) = &state.view.result
        {
            self.result = Some(end.clone());
            news.push(News::Result {
                table: self.name.clone(),
                end: end.clone(),
            });
        }
        if let Some(head) = &state.head {
            self.witness = Some((seq, head.clone()));
            self.witnessed.insert(seq, head.clone());
            if self.witnessed.len() > MAX_WITNESSED {
                self.witnessed.pop_first();
            }
        }
        self.state = Some(state);
        self.pairing = Some(players_of(roster, self.state.as_ref(), &self.name));
        Ok(())
    }
}

/// Brings the table to its view: the game's start (a new start begins the game again),
/// the moves the hall missed (played under the Laws, in order), and the alerts.
fn follow(
    entry: &mut TableEntry,
    state: &TableState,
    seq: u64,
    at_ms: u64,
    news: &mut Vec<News>,
) -> Result<(), GameError> {
    if !entry.replay.starts_as(state) {
        entry.replay = HallGame::new(state.start_fen.as_deref(), state.chess960)?;
    }
    let added = entry.replay.follow(state);
    let (added, outcome) = match added {
        Ok(a) => (a, Ok(())),
        Err(e) => (Vec::new(), Err(e)),
    };
    for mv in added {
        news.push(News::Move {
            table: entry.name.clone(),
            game: entry.game,
            seq,
            mv,
            at_ms,
            repaired: true,
        });
    }
    outcome?;
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
    Ok(())
}
