//! A delivered message taken by the hall: its size, topic and signature checked, then
//! applied to its table's entry (a new game begun when it is one).

use super::{Dropped, Hall, News, TableEntry};
use annabella_hall_wire::{
    action,
    message::{Body, HallMessage, MAX_PAYLOAD},
    signing::{self, Unbelieved},
    topic::{self, Kind, TableName},
};

impl Hall {
    /// Counts a message as dropped by `count` and says why.
    pub(super) fn reject(
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
            return match action::verify(&self.keys, &table, payload) {
                Ok(a) => vec![News::Action {
                    table,
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
        let message = match signing::open(&self.table_keys, &table, payload) {
            Ok(m) => m,
            Err(e) => {
                let count: fn(&mut Dropped) -> &mut u64 = match e {
                    Unbelieved::Unsigned(_) => |d| &mut d.unsigned,
                    Unbelieved::UnknownTable(_) => |d| &mut d.unknown_table,
                    Unbelieved::Forged(_) => |d| &mut d.forged,
                    Unbelieved::Malformed(_) => |d| &mut d.malformed,
                    Unbelieved::NewerProtocol { .. } => |d| &mut d.newer_protocol,
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
        let view = match &message.body {
            Body::View(state) => Some((message.game, message.seq, state.head.clone())),
            _ => None,
        };
        let table = message.table.clone();
        let news = self.apply(now_ms, topic, message);
        if let Some((game, seq, head)) = view
            && !news
                .iter()
                .any(|n| matches!(n, News::Rejected { .. } | News::Contradicted(_)))
        {
            self.note_view((&table, game, seq, head), payload);
        }
        news
    }

    /// Applies a believed message of its table: refused when absurd or out of turn, a
    /// new game begun when it is one, then its event taken by the table's entry.
    fn apply(&mut self, now_ms: u64, topic: &str, m: HallMessage) -> Vec<News> {
        if let Some(refused) = self.refuse_replay(now_ms, topic, &m) {
            return refused;
        }
        let (game, mark) =
            (self.tables.get(m.table.as_str())).map_or((0, None), |t| (t.game, t.mark));
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
        let Some(entry) = self.tables.get_mut(m.table.as_str()) else {
            return news;
        };
        entry.revision = Hall::next_revision(&mut self.revisions);
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

    /// Table `table`'s new game `game`: a fresh entry that keeps the table's earlier
    /// games and contradictions (a new game does not clear an earlier rewritten one).
    fn begin_game(&mut self, table: &TableName, game: u64) -> News {
        self.pgn_version += 1;
        let previous = self.tables.remove(table);
        if let Some(p) = previous.as_ref().filter(|p| p.result.is_some()) {
            if self.finished.len() >= super::MAX_FINISHED {
                self.finished.remove(0);
            }
            self.finished.push(TableEntry {
                games: Vec::new(),
                ..p.clone()
            });
        }
        let (mut games, contradictions) = previous
            .map(|p| (p.games, p.contradictions))
            .unwrap_or_default();
        games.push(game);
        self.tables.insert(
            table.clone(),
            TableEntry {
                games,
                contradictions,
                revision: Hall::next_revision(&mut self.revisions),
                ..TableEntry::new(table.clone(), game)
            },
        );
        News::NewGame {
            table: table.clone(),
            game,
        }
    }
}
