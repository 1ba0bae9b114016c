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
    game::{GameError, HallGame},
    roster::{Player, Roster, players_of},
};
use annabella_hall_wire::{
    action::{self, ActionKeys},
    message::{AlertNote, Body, HallMessage, MAX_PAYLOAD, MoveEvent, TableState},
    signing::{self, TableKeys, Unbelieved},
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
}

/// How many heads the hall keeps per table's game (a game has a few thousand records).
pub const MAX_WITNESSED: usize = 100_000;

/// A table published a journal head that contradicts one it published before for the
/// same game: the same record with another chain hash — its journal was rewritten or
/// set back to an older copy and played on. The arbiter's to look at; the view is not
/// applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WitnessAlert {
    /// The table.
    pub table: String,
    /// The game (journal epoch).
    pub game: u64,
    /// The record.
    pub seq: u64,
    /// The head witnessed first for that record.
    pub witnessed: String,
    /// The contradicting head published now.
    pub published: String,
    /// The last record the hall had witnessed for the game: a contradiction below it means
    /// the table's journal is shorter than it was.
    pub witnessed_up_to: u64,
    /// When it arrived (the hall's clock, Unix ms).
    pub at_ms: u64,
}

impl WitnessAlert {
    /// The alert in words.
    pub fn detail(&self) -> String {
        let shorter = if self.seq <= self.witnessed_up_to {
            format!(
                " (the hall had witnessed records up to {}: the journal was set back or \
                 rewritten)",
                self.witnessed_up_to
            )
        } else {
            String::new()
        };
        format!(
            "the table's journal contradicts its witnessed head: record {} was published \
             with chain hash {:.16}…, now with {:.16}…{shorter}; keep the table's journal \
             as it is",
            self.seq, self.witnessed, self.published
        )
    }
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
    /// How a push of the round to a Lichess broadcast went.
    Broadcast(Box<crate::broadcast::PushStatus>),
    /// A table's view contradicted a head the hall witnessed before.
    Contradicted(WitnessAlert),
    /// A message that was not applied, and why (bad JSON, forged action, too big, …).
    Rejected {
        /// The topic it came on.
        topic: String,
        /// Why it was ignored.
        reason: String,
    },
}

impl News {
    /// Whether a page showing the hall must be redrawn (a rejection moves its count).
    pub fn changes_page(&self) -> bool {
        !matches!(self, News::Announce { .. })
    }
}

/// How many records a view may skip (messages lost between two views); a bigger jump
/// is refused as absurd.
pub const MAX_GAP: u64 = 100_000;

/// How many events one record may have at most.
pub const MAX_PART: u32 = 10_000;

/// How far in the future (by the hall's clock) a new game may start, ms.
pub const MAX_FUTURE_MS: u64 = 24 * 60 * 60 * 1000;

/// Messages the hall did not believe or could not apply, by why (on the page and in
/// `/api/hall`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Dropped {
    /// Not signed at all.
    pub unsigned: u64,
    /// Signed with another key than the topic's table's (or altered).
    pub forged: u64,
    /// For a table the hall has no public key of.
    pub unknown_table: u64,
    /// Over the payload limit.
    pub too_big: u64,
    /// Not a hall message, on a wrong topic, or naming another table.
    pub malformed: u64,
    /// A move that is not legal where the hall's replay of the game is.
    pub illegal: u64,
    /// After a gap: they wait for the table's next view.
    pub out_of_order: u64,
    /// A `seq`, `part` or `game` beyond any the table can have (absurd jumps).
    pub absurd: u64,
    /// Of a game older than the table's current one.
    pub old_game: u64,
    /// Forged or malformed arbiter actions seen on the tree.
    pub actions: u64,
    /// Views whose journal head contradicts one witnessed before.
    #[serde(default)]
    pub contradicting: u64,
}

impl Dropped {
    /// All of them.
    pub fn total(&self) -> u64 {
        self.unsigned
            + self.forged
            + self.unknown_table
            + self.too_big
            + self.malformed
            + self.illegal
            + self.out_of_order
            + self.absurd
            + self.old_game
            + self.actions
            + self.contradicting
    }
}

/// Every table of the hall.
#[derive(Debug, Default)]
pub struct Hall {
    tables: BTreeMap<String, TableEntry>,
    keys: ActionKeys,
    table_keys: TableKeys,
    duplicates: u64,
    dropped: Dropped,
    pgn_version: u64,
    roster: Roster,
    broadcast: Option<crate::broadcast::PushStatus>,
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
    /// An empty hall: `keys` check the signatures of arbiter actions seen on the tree,
    /// `table_keys` (each table's public key) those of what the tables publish.
    pub fn new(keys: ActionKeys, table_keys: TableKeys) -> Hall {
        Hall {
            keys,
            table_keys,
            ..Hall::default()
        }
    }

    /// The hall with the pairing program's pairings: a table's players are named from
    /// its board (round and board from the table's `Round` tag `N.K`).
    #[must_use]
    pub fn with_roster(mut self, roster: Roster) -> Hall {
        self.roster = roster;
        self
    }

    /// The pairing program's pairings (empty without them).
    pub fn roster(&self) -> &Roster {
        &self.roster
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

    /// How the last push to a Lichess broadcast went, if the hall pushes.
    pub fn broadcast(&self) -> Option<&crate::broadcast::PushStatus> {
        self.broadcast.as_ref()
    }

    /// Notes how the last push to a Lichess broadcast went.
    pub fn set_broadcast(&mut self, status: crate::broadcast::PushStatus) {
        self.broadcast = Some(status);
    }

    /// Messages dropped, all reasons together.
    pub fn rejected(&self) -> u64 {
        self.dropped.total()
    }

    /// Messages dropped, by reason.
    pub fn dropped(&self) -> Dropped {
        self.dropped
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

    /// Every view that contradicted a witnessed head, oldest first, each naming its table.
    pub fn witness_alerts(&self) -> Vec<WitnessAlert> {
        self.tables
            .values()
            .flat_map(|t| t.contradictions.iter().cloned())
            .collect()
    }

    /// Compares a view's head with the heads witnessed for the table's game: a record
    /// witnessed with another hash is a contradiction (the view is not applied). Else the
    /// head is witnessed.
    fn witness(&mut self, now_ms: u64, m: &HallMessage) -> Option<WitnessAlert> {
        let Body::View(state) = &m.body else {
            return None;
        };
        let head = state.head.as_ref()?;
        let entry = self.tables.get_mut(&m.table)?;
        if entry.game != m.game {
            return None;
        }
        match entry.witnessed.get(&m.seq) {
            Some(seen) if seen != head => {
                let alert = WitnessAlert {
                    table: m.table.clone(),
                    game: m.game,
                    seq: m.seq,
                    witnessed: seen.clone(),
                    published: head.clone(),
                    witnessed_up_to: entry.witnessed.keys().next_back().copied().unwrap_or(0),
                    at_ms: now_ms,
                };
                // Once per record and head: a redelivered copy is not a new alert.
                let known = entry
                    .contradictions
                    .iter()
                    .any(|c| c.seq == alert.seq && c.published == alert.published);
                (!known).then(|| {
                    entry.contradictions.push(alert.clone());
                    alert
                })
            }
            _ => None,
        }
    }

    fn reject(
        &mut self,
        topic: &str,
        count: fn(&mut Dropped) -> &mut u64,
        reason: String,
    ) -> Vec<News> {
        *count(&mut self.dropped) += 1;
        vec![News::Rejected {
            topic: topic.to_owned(),
            reason,
        }]
    }

    /// Takes one delivered message at `now_ms` (the hall's clock, Unix ms) and says what
    /// changed. A table's message is believed only when signed by that table's key.
    pub fn receive(&mut self, now_ms: u64, topic: &str, payload: &[u8]) -> Vec<News> {
        if payload.len() > MAX_PAYLOAD {
            let reason = format!(
                "payload of {} bytes is over the {MAX_PAYLOAD}-byte limit",
                payload.len()
            );
            return self.reject(topic, |d| &mut d.too_big, reason);
        }
        let (kind, table) = match topic::parse(topic) {
            Ok(t) => t,
            Err(e) => return self.reject(topic, |d| &mut d.malformed, e.to_string()),
        };
        if kind == Kind::Action {
            return match action::verify(&self.keys, table, payload) {
                Ok(a) => vec![News::Action {
                    table: table.to_owned(),
                    by: a.by,
                    what: a.what,
                }],
                Err(e) => self.reject(
                    topic,
                    |d| &mut d.actions,
                    format!("arbiter action ignored: {e}"),
                ),
            };
        }
        if payload.is_empty() {
            // A retained message being cleared.
            return Vec::new();
        }
        let message = match signing::open(&self.table_keys, table, payload) {
            Ok(m) => m,
            Err(e) => {
                let count: fn(&mut Dropped) -> &mut u64 = match e {
                    Unbelieved::Unsigned(_) => |d| &mut d.unsigned,
                    Unbelieved::UnknownTable(_) => |d| &mut d.unknown_table,
                    Unbelieved::Forged(_) => |d| &mut d.forged,
                    Unbelieved::Malformed(_) => |d| &mut d.malformed,
                };
                return self.reject(topic, count, e.to_string());
            }
        };
        if message.table != table || message.body.kind() != kind {
            let reason = format!(
                "a {} of table {:?} does not belong on this topic",
                message.body.kind(),
                message.table
            );
            return self.reject(topic, |d| &mut d.malformed, reason);
        }
        self.apply(now_ms, topic, message)
    }

    /// Applies a believed message of its table: refused when absurd or out of turn, a
    /// new game begun when it is one, then its event taken by the table's entry.
    fn apply(&mut self, now_ms: u64, topic: &str, m: HallMessage) -> Vec<News> {
        let (game, mark) = (self.tables.get(&m.table)).map_or((0, None), |t| (t.game, t.mark));
        if let Some(refused) = self.refuse_absurd(now_ms, topic, &m, game) {
            return refused;
        }
        if let Some(refused) = self.refuse_out_of_turn(now_ms, topic, &m, game, mark) {
            return refused;
        }
        let mut news = Vec::new();
        if m.game > game {
            news.push(self.begin_game(&m.table, m.game));
        }
        let Some(entry) = self.tables.get_mut(&m.table) else {
            return news;
        };
        if let Body::View(state) = &m.body
            && entry.retagged(state)
        {
            self.pgn_version += 1;
        }
        let (seq, part, at_ms) = (m.seq, m.part, m.at_ms);
        let outcome = match m.body {
            Body::Move(mv) => entry.take_move(&mv, seq, at_ms, &mut news),
            Body::Alert(note) => {
                entry.take_alert(note, &mut news);
                Ok(())
            }
            Body::Announce { kind, to } => {
                news.push(News::Announce {
                    table: m.table,
                    kind,
                    to,
                });
                Ok(())
            }
            Body::Claim { by, .. } => {
                news.push(News::Claim { table: m.table, by });
                Ok(())
            }
            Body::Result(end) => {
                entry.take_result(end, &mut news);
                Ok(())
            }
            Body::View(state) => entry.take_view(*state, seq, at_ms, &self.roster, &mut news),
        };
        if let Err(reason) = outcome {
            news.extend(self.reject(topic, |d| &mut d.illegal, reason.to_string()));
            return news;
        }
        entry.mark = Some((seq, part));
        entry.at_ms = at_ms;
        entry.moves = entry.replay.moves().to_vec();
        if news
            .iter()
            .any(|n| matches!(n, News::Move { .. } | News::Result { .. }))
        {
            self.pgn_version += 1;
        }
        news
    }

    /// Refuses a message of an older game than the table's, of a game more than a day
    /// ahead of the hall's clock, or an absurd part of a record.
    fn refuse_absurd(
        &mut self,
        now_ms: u64,
        topic: &str,
        m: &HallMessage,
        game: u64,
    ) -> Option<Vec<News>> {
        if m.game < game {
            return Some(self.reject(
                topic,
                |d| &mut d.old_game,
                format!(
                    "game {} is older than the table's current game {game}",
                    m.game
                ),
            ));
        }
        if m.game > now_ms.saturating_add(MAX_FUTURE_MS) {
            return Some(self.reject(
                topic,
                |d| &mut d.absurd,
                format!(
                    "game {} starts more than a day after the hall's clock",
                    m.game
                ),
            ));
        }
        (m.part > MAX_PART).then(|| {
            self.reject(
                topic,
                |d| &mut d.absurd,
                format!("part {} of a record", m.part),
            )
        })
    }

    /// Refuses a view contradicting a head the hall witnessed (a witness alert, once), a
    /// message the hall has already applied, and one after a gap (only a view may close
    /// a gap, and not an absurd one).
    fn refuse_out_of_turn(
        &mut self,
        now_ms: u64,
        topic: &str,
        m: &HallMessage,
        game: u64,
        mark: Option<(u64, u32)>,
    ) -> Option<Vec<News>> {
        let last = if m.game == game {
            mark.map_or(0, |(s, _)| s)
        } else {
            0
        };
        if m.game == game
            && let Body::View(state) = &m.body
            && let Some(head) = &state.head
            && self
                .tables
                .get(&m.table)
                .and_then(|t| t.witnessed.get(&m.seq))
                .is_some_and(|seen| seen != head)
        {
            self.dropped.contradicting += 1;
            return Some(
                self.witness(now_ms, m)
                    .map(News::Contradicted)
                    .into_iter()
                    .collect(),
            );
        }
        if m.game == game && mark.is_some_and(|mark| (m.seq, m.part) <= mark) {
            self.duplicates += 1;
            return Some(Vec::new());
        }
        if m.seq <= last.saturating_add(1) {
            return None;
        }
        if !matches!(m.body, Body::View(_)) {
            return Some(self.reject(
                topic,
                |d| &mut d.out_of_order,
                format!(
                    "record {} after record {last}: waits for the table's next view",
                    m.seq
                ),
            ));
        }
        (m.seq - last > MAX_GAP).then(|| {
            self.reject(
                topic,
                |d| &mut d.absurd,
                format!(
                    "record {} after record {last}: a jump of more than {MAX_GAP}",
                    m.seq
                ),
            )
        })
    }

    /// Table `table`'s new game `game`: a fresh entry that keeps the table's earlier
    /// games and contradictions (a new game does not clear an earlier rewritten one).
    fn begin_game(&mut self, table: &str, game: u64) -> News {
        self.pgn_version += 1;
        let previous = self.tables.remove(table);
        let (mut games, contradictions) = previous
            .map(|p| (p.games, p.contradictions))
            .unwrap_or_default();
        games.push(game);
        self.tables.insert(
            table.to_owned(),
            TableEntry {
                name: table.to_owned(),
                game,
                games,
                contradictions,
                ..TableEntry::default()
            },
        );
        News::NewGame {
            table: table.to_owned(),
            game,
        }
    }

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

impl TableEntry {
    /// Whether `state` changes the game's tags (the round's PGN is then new).
    fn retagged(&self, state: &TableState) -> bool {
        let tags = |s: &TableState| {
            [
                &s.white,
                &s.black,
                &s.event,
                &s.round,
                &s.site,
                &s.date,
                &s.time_control,
            ]
            .map(Clone::clone)
        };
        self.state.as_ref().map(tags) != Some(tags(state))
    }

    /// A move for the scoresheet, played under the Laws.
    fn take_move(
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
    fn take_alert(&mut self, note: AlertNote, news: &mut Vec<News>) {
        if !self.alerts.iter().any(|a| a.same(&note)) {
            self.alerts.push(note.clone());
            news.push(News::Alert {
                table: self.name.clone(),
                note,
            });
        }
    }

    /// The game's end.
    fn take_result(&mut self, end: GameEnd, news: &mut Vec<News>) {
        self.result = Some(end.clone());
        news.push(News::Result {
            table: self.name.clone(),
            end,
        });
    }

    /// The table's view: followed (moves the hall missed, alerts), then its result, the
    /// head the hall witnesses and the pairing from the roster are kept.
    fn take_view(
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

    use annabella_table::{ArbiterAction, Input, TableConfig};
    use shakmaty::Color;

    use super::*;
    use annabella_hall_wire::{replica::Replica, signing::TableSigningKey};

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

    /// Now by the hall's clock: after every game of these tests began.
    const NOW: u64 = 1_000_000;

    /// Table `name`'s key (one per first letter of the name).
    fn key_of(name: &str) -> TableSigningKey {
        TableSigningKey::from_hex(&format!("{:02x}", name.as_bytes()[0]).repeat(32)).unwrap()
    }

    /// A hall that knows the keys of tables "1" to "9".
    fn hall() -> Hall {
        let keys = (1..=9)
            .map(|n| (n.to_string(), key_of(&n.to_string()).public()))
            .collect();
        Hall::new(ActionKeys::new(), keys)
    }

    fn wire(hall: &mut Hall, m: &HallMessage) -> Vec<News> {
        let topic = topic::topic(m.body.kind(), &m.table);
        hall.receive(NOW, &topic, &key_of(&m.table).seal(m))
    }

    fn sans(hall: &Hall, table: &str) -> Vec<String> {
        hall.table(table)
            .unwrap()
            .moves
            .iter()
            .map(|m| m.san.clone())
            .collect()
    }

    /// The round PGN of table `name` after `inputs` (White sighted, typing its moves).
    fn ruled(name: &str, inputs: Vec<Input>) -> String {
        let config = TableConfig {
            vi_color: Color::Black,
            ..TableConfig::default()
        };
        let mut r = Replica::new(name, config, 10).unwrap();
        let mut hall = hall();
        for (i, input) in inputs.into_iter().enumerate() {
            for m in r.apply(i as u64 + 1, Duration::from_secs(i as u64), input, true) {
                wire(&mut hall, &m);
            }
        }
        assert_eq!(hall.dropped(), Dropped::default());
        hall.pgn()
    }

    fn typed(text: &str) -> Input {
        Input::AssistantMove { text: text.into() }
    }

    fn arbiter(a: ArbiterAction) -> Input {
        Input::Arbiter(a)
    }

    /// The movetext of a round PGN of one game, on one line.
    fn movetext(pgn: &str) -> String {
        let text = pgn.split("\n\n").nth(1).unwrap_or_default();
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn an_illegal_move_penalised_is_a_comment_and_the_moves_stay_legal() {
        let pgn = ruled(
            "1",
            vec![
                Input::Start,
                typed("e2e4"),
                Input::Lever { side: Color::White },
                arbiter(ArbiterAction::IllegalMove { by: Color::White }),
            ],
        );
        assert_eq!(
            movetext(&pgn),
            "1. e4 {[%clk 1:30:28]} {Arbiter: illegal move by White (Law 7.5.5), the position \
             before it stands; Black gets 0:02:00 more} *",
            "{pgn}"
        );
    }

    #[test]
    fn a_second_illegal_move_ends_the_game_and_says_so() {
        let pgn = ruled(
            "5",
            vec![
                Input::Start,
                typed("e2e4"),
                Input::Lever { side: Color::White },
                arbiter(ArbiterAction::IllegalMove { by: Color::Black }),
                arbiter(ArbiterAction::IllegalMove { by: Color::Black }),
            ],
        );
        let text = movetext(&pgn);
        assert!(
            text.ends_with(
                "the position before it stands; White gets 0:02:00 more} {Arbiter: illegal \
                 move by Black (Law 7.5.5), the position before it stands; the game ends 1-0 \
                 (rules infraction)} 1-0"
            ),
            "{pgn}"
        );
    }

    #[test]
    fn a_restored_position_names_the_moves_taken_back_and_the_game_goes_on() {
        let pgn = ruled(
            "2",
            vec![
                Input::Start,
                typed("e2e4"),
                Input::Lever { side: Color::White },
                arbiter(ArbiterAction::RestorePosition { ply: 0 }),
                typed("d2d4"),
                Input::Lever { side: Color::White },
            ],
        );
        let text = movetext(&pgn);
        assert!(
            text.starts_with(
                "{Arbiter: the start position is restored (Law 7.5.1, reconciliation); taken \
                 back: 1. e4; the game goes on from there} 1. d4 {[%clk"
            ),
            "{pgn}"
        );
        assert!(
            !text.contains("1. e4 {"),
            "e4 is not in the move text: {pgn}"
        );
    }

    #[test]
    fn an_adjournment_its_sealed_move_and_the_resumption_are_comments() {
        let pgn = ruled(
            "3",
            vec![
                Input::Start,
                typed("e2e4"),
                Input::Lever { side: Color::White },
                arbiter(ArbiterAction::RestorePosition { ply: 0 }),
                arbiter(ArbiterAction::Adjourn),
                arbiter(ArbiterAction::SealMove {
                    uci: "g1f3".parse().unwrap(),
                }),
            ],
        );
        let text = movetext(&pgn);
        assert!(
            text.ends_with(
                "{Arbiter: the game is adjourned; White seals the next move} {Arbiter: White \
                 has sealed a move, kept by the arbiter until play resumes} *"
            ),
            "{pgn}"
        );
        assert!(!text.contains("Nf3"), "the sealed move stays secret: {pgn}");
    }

    #[test]
    fn at_the_resumption_the_sealed_move_follows_its_comment() {
        let pgn = ruled(
            "4",
            vec![
                Input::Start,
                arbiter(ArbiterAction::Adjourn),
                arbiter(ArbiterAction::SealMove {
                    uci: "g1f3".parse().unwrap(),
                }),
                arbiter(ArbiterAction::Resume),
            ],
        );
        let text = movetext(&pgn);
        assert!(
            text.starts_with(
                "{Arbiter: the game is adjourned; White seals the next move} {Arbiter: White \
                 has sealed a move, kept by the arbiter until play resumes} {Arbiter: play \
                 resumes after the adjournment; the sealed move is made} 1. Nf3 {[%clk"
            ),
            "{pgn}"
        );
    }

    /// `msgs` with each view's head as the table's journal had it: `h<seq>` by default.
    fn with_heads(msgs: &[HallMessage], head: impl Fn(u64) -> String) -> Vec<HallMessage> {
        msgs.iter()
            .cloned()
            .map(|mut m| {
                if let Body::View(state) = &mut m.body {
                    state.head = Some(head(m.seq));
                }
                m
            })
            .collect()
    }

    #[test]
    fn a_head_that_contradicts_a_witnessed_one_is_an_alert_naming_the_table() {
        let msgs = with_heads(&game("4", 10), |s| format!("h{s}"));
        let mut hall = hall();
        for m in msgs.iter().chain(&msgs) {
            let news = wire(&mut hall, m);
            assert!(
                !news.iter().any(|n| matches!(n, News::Contradicted(_))),
                "a redelivered view is no contradiction"
            );
        }
        assert_eq!(hall.table("4").unwrap().witness, Some((3, "h3".to_owned())));
        assert!(hall.witness_alerts().is_empty());

        // The table's journal set back to record 1 and played on from there: record 2's
        // view comes with another head.
        let rewritten = with_heads(&game("4", 10), |s| {
            if s == 1 { "h1".into() } else { format!("x{s}") }
        });
        let mut news = Vec::new();
        for m in &rewritten {
            news.extend(wire(&mut hall, m));
        }
        let alerts = hall.witness_alerts();
        assert_eq!(alerts.len(), 2, "records 2 and 3: {alerts:?}");
        let first = &alerts[0];
        assert_eq!(
            (first.table.as_str(), first.seq, first.witnessed.as_str()),
            ("4", 2, "h2")
        );
        assert_eq!(first.published, "x2");
        assert!(
            first.detail().contains("witnessed records up to 3"),
            "{}",
            first.detail()
        );
        assert_eq!(
            news.iter()
                .filter(|n| matches!(n, News::Contradicted(_)))
                .count(),
            2
        );
        assert_eq!(hall.dropped().contradicting, 2);
        // The witness keeps what was witnessed first; the same contradiction again is
        // counted, not alerted twice.
        assert_eq!(hall.table("4").unwrap().witness, Some((3, "h3".into())));
        for m in &rewritten {
            wire(&mut hall, m);
        }
        assert_eq!(hall.witness_alerts().len(), 2);
        assert_eq!(hall.dropped().contradicting, 4);
        // The page and the projector name the table.
        let page = crate::page::screen_alerts(&hall);
        assert!(
            page.contains("Table 4: <strong>journal contradicted</strong>"),
            "{page}"
        );

        // Another game of the table (a new journal) starts its own witness.
        let next = with_heads(&game("4", 20), |s| format!("y{s}"));
        for m in &next {
            assert!(
                !wire(&mut hall, m)
                    .iter()
                    .any(|n| matches!(n, News::Contradicted(_)))
            );
        }
        assert_eq!(
            hall.witness_alerts().len(),
            2,
            "the earlier game's alerts stay"
        );
    }

    #[test]
    fn everything_twice_is_applied_once() {
        let msgs = game("1", 10);
        let mut hall = hall();
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
        let mut hall = hall();
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
        let mut hall = hall();
        for m in &game("3", 10) {
            wire(&mut hall, m);
        }
        let newer = game("3", 20);
        let news = wire(&mut hall, &newer[0]);
        assert!(matches!(news[0], News::NewGame { game: 20, .. }));
        assert!(sans(&hall, "3").is_empty());
        let older = game("3", 10);
        assert!(matches!(
            &wire(&mut hall, older.last().unwrap())[0],
            News::Rejected { reason, .. } if reason.contains("older")
        ));
        assert_eq!(hall.dropped().old_game, 1);
        assert_eq!(hall.table("3").unwrap().games, [10, 20]);
        assert_eq!(hall.table("3").unwrap().game, 20);
    }

    #[test]
    fn messages_on_the_wrong_topic_or_malformed_are_rejected() {
        let msgs = game("4", 10);
        let mut hall = hall();
        // Table 4's own message, signed by table 5's key, on table 5's topic.
        let news = hall.receive(NOW, "annabella/view/5", &key_of("5").seal(&msgs[0]));
        assert!(
            matches!(&news[0], News::Rejected { reason, .. } if reason.contains("does not belong"))
        );
        let news = hall.receive(NOW, "annabella/move/4", b"[1,2]");
        assert!(matches!(&news[0], News::Rejected { reason, .. } if reason.contains("unsigned")));
        let news = hall.receive(NOW, "annabella/move/4", &vec![b' '; MAX_PAYLOAD + 1]);
        assert!(matches!(&news[0], News::Rejected { reason, .. } if reason.contains("limit")));
        assert_eq!(hall.rejected(), 3);
        let d = hall.dropped();
        assert_eq!((d.malformed, d.unsigned, d.too_big), (1, 1, 1));
        assert!(hall.table("4").is_none());
    }

    #[test]
    fn an_alert_goes_from_the_top_when_the_tables_view_says_it_was_dismissed() {
        let mut r = Replica::new("5", TableConfig::default(), 9).unwrap();
        let call = Input::Sighted(annabella_table::SightedCommand::CallArbiter);
        let dismiss = Input::ByArbiter {
            by: "hall:Chief Arbiter".into(),
            what: annabella_hall_wire::action::dismissal_what(2),
            action: None,
        };
        let mut hall = hall();
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

    #[test]
    fn only_the_tables_own_signature_is_believed_and_drops_are_counted() {
        let msgs = game("6", 10);
        let mut hall = hall();
        // Unsigned (yesterday's wire form), another table's key, no key at the hall.
        let plain = serde_json::to_vec(&msgs[0]).unwrap();
        hall.receive(NOW, &topic::topic(msgs[0].body.kind(), "6"), &plain);
        for m in &msgs {
            let t = topic::topic(m.body.kind(), "6");
            hall.receive(NOW, &t, &key_of("7").seal(m));
        }
        let mut stranger = msgs[0].clone();
        stranger.table = "x".into();
        hall.receive(NOW, "annabella/view/x", &key_of("x").seal(&stranger));
        assert!(hall.table("6").is_none(), "nothing of it believed");
        let d = hall.dropped();
        assert_eq!(d.unsigned, 1);
        assert_eq!(d.forged, msgs.len() as u64);
        assert_eq!(d.unknown_table, 1);
        for m in &msgs {
            wire(&mut hall, m);
        }
        assert_eq!(sans(&hall, "6"), ["e4"], "the table's own messages are");
    }

    #[test]
    fn the_halls_pgn_is_made_from_moves_it_replayed_never_from_sent_text() {
        let mut msgs = game("1", 10);
        for m in &mut msgs {
            if let Body::View(state) = &mut m.body {
                state.pgn = "[Event \"forged\"]\n\n1. h4 1-0\n".into();
            }
        }
        let mut hall = hall();
        for m in &msgs {
            wire(&mut hall, m);
        }
        let pgn = hall.pgn();
        assert!(pgn.contains("1. e4 {[%clk"), "{pgn}");
        assert!(!pgn.contains("h4") && !pgn.contains("forged"), "{pgn}");
        // An illegal move, even signed by the table, is refused.
        let mut bad = msgs
            .iter()
            .find(|m| matches!(m.body, Body::Move(_)))
            .unwrap()
            .clone();
        bad.seq = hall.table("1").unwrap().mark.unwrap().0 + 1;
        if let Body::Move(mv) = &mut bad.body {
            mv.ply = 2;
            mv.uci = "e2e4".into();
        }
        let news = wire(&mut hall, &bad);
        assert!(
            matches!(&news[0], News::Rejected { reason, .. } if reason.contains("not legal")),
            "{news:?}"
        );
        assert_eq!(hall.dropped().illegal, 1);
        assert_eq!(sans(&hall, "1"), ["e4"]);
    }

    #[test]
    fn seq_must_be_the_next_and_absurd_jumps_and_games_are_refused() {
        let msgs = game("2", 10);
        let mut hall = hall();
        for m in &msgs {
            wire(&mut hall, m);
        }
        let last = msgs.last().unwrap().clone();
        // A record far beyond the last: a view with seq 2^64-1 would freeze the table.
        let mut absurd = last.clone();
        absurd.seq = u64::MAX;
        assert!(matches!(
            &wire(&mut hall, &absurd)[0],
            News::Rejected { .. }
        ));
        // A move after a gap waits for the next view.
        let mut early = msgs[0].clone();
        early.seq = last.seq + 5;
        assert!(
            matches!(&wire(&mut hall, &early)[0], News::Rejected { reason, .. } if reason.contains("waits"))
        );
        let mut huge_game = last.clone();
        huge_game.game = u64::MAX;
        assert!(
            matches!(&wire(&mut hall, &huge_game)[0], News::Rejected { reason, .. } if reason.contains("day"))
        );
        let d = hall.dropped();
        assert_eq!((d.absurd, d.out_of_order), (2, 1));
        // The table's real next record still counts.
        let mut next = last.clone();
        next.seq += 1;
        assert!(!matches!(
            wire(&mut hall, &next).first(),
            Some(News::Rejected { .. })
        ));
        assert_eq!(hall.table("2").unwrap().mark, Some((next.seq, next.part)));
        assert_eq!(hall.table("2").unwrap().games, [10]);
    }
}
