//! A restarted hall never goes back in time: each table's last accepted view (as the
//! table signed it, with its game, record and journal head) is kept on disk by the shell
//! and taken again, its signature checked anew, when the hall starts. An earlier view
//! published again afterwards (a replay by whoever holds the table's broker password) is
//! refused, counted and named in an alert.

use std::collections::BTreeMap;

use annabella_hall_wire::topic::TableName;
use serde::{Deserialize, Serialize};

use super::{Hall, News, WitnessAlert};
use annabella_hall_wire::{
    message::{Body, HallMessage},
    topic::{Kind, topic},
};

/// How many replay alerts the hall keeps (one per table, game and record).
pub const MAX_REPLAY_ALERTS: usize = 100;

/// What the hall had last accepted of one table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Accepted {
    /// The game (journal epoch).
    pub game: u64,
    /// The journal record of the view.
    pub seq: u64,
    /// The journal head the view published (record's chain hash, hex), if any.
    pub head: Option<String>,
    /// The view as the table signed it (the payload, checked again when taken).
    pub view: String,
}

/// Every table's last accepted view: what the hall keeps across a restart.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AcceptedViews {
    /// By table name.
    pub tables: BTreeMap<TableName, Accepted>,
}

impl Hall {
    /// Every table's last accepted view, to keep on disk.
    pub fn accepted(&self) -> AcceptedViews {
        AcceptedViews {
            tables: self.views.clone(),
        }
    }

    /// Takes the views kept before a restart (each believed only when its table's key
    /// still verifies it) and says what changed; from then on an older view of those
    /// tables is a replay.
    pub fn restore(&mut self, now_ms: u64, kept: &AcceptedViews) -> Vec<News> {
        let mut news = Vec::new();
        for (table, accepted) in &kept.tables {
            news.extend(self.receive(now_ms, &topic(Kind::View, table), accepted.view.as_bytes()));
            if self.views.contains_key(table) {
                self.restored.insert(table.clone());
            }
        }
        news
    }

    /// Notes `payload` as the table's last accepted view when its message was applied.
    pub(super) fn note_view(&mut self, m: (&TableName, u64, u64, Option<String>), payload: &[u8]) {
        let (table, game, seq, head) = m;
        let applied = self
            .tables
            .get(table)
            .is_some_and(|t| t.game == game && t.mark.is_some_and(|(s, _)| s == seq));
        if applied {
            self.views.insert(
                table.clone(),
                Accepted {
                    game,
                    seq,
                    head,
                    view: String::from_utf8_lossy(payload).into_owned(),
                },
            );
        }
    }

    /// Refuses a view of a restored table older than what the hall had accepted before
    /// its restart: counted, logged and, once per table, game and record, an alert.
    pub(super) fn refuse_replay(
        &mut self,
        now_ms: u64,
        topic: &str,
        m: &HallMessage,
    ) -> Option<Vec<News>> {
        let Body::View(state) = &m.body else {
            return None;
        };
        if !self.restored.contains(m.table.as_str()) {
            return None;
        }
        let entry = self.tables.get(m.table.as_str())?;
        let (seq, _) = entry.mark?;
        if (m.game, m.seq) >= (entry.game, seq) {
            return None;
        }
        let alert = WitnessAlert {
            table: m.table.clone(),
            game: m.game,
            seq: m.seq,
            witnessed: entry
                .witness
                .as_ref()
                .map(|(_, h)| h.clone())
                .unwrap_or_default(),
            published: state.head.clone().unwrap_or_default(),
            witnessed_up_to: seq,
            witnessed_game: entry.game,
            at_ms: now_ms,
            replayed: true,
        };
        self.dropped.replayed += 1;
        let mut news = vec![News::Rejected {
            topic: topic.to_owned(),
            reason: alert.detail(),
        }];
        let known = self
            .replays
            .iter()
            .any(|r| r.table == alert.table && r.game == alert.game && r.seq == alert.seq);
        if !known && self.replays.len() < MAX_REPLAY_ALERTS {
            self.replays.push(alert.clone());
            news.push(News::Contradicted(alert));
        }
        Some(news)
    }
}
