//! Messages out of order or absurd: an older or far-future game, a part beyond any record's,
//! a contradicted head, a duplicate, a record after a gap.

use super::{Hall, News};
use annabella_hall_wire::message::{Body, HallMessage};

/// How many records a view may skip (messages lost between two views); a bigger jump
/// is refused as absurd.
pub const MAX_GAP: u64 = 100_000;

/// How many events one record may have at most.
pub const MAX_PART: u32 = 10_000;

/// How far in the future (by the hall's clock) a new game may start, ms.
pub const MAX_FUTURE_MS: u64 = 24 * 60 * 60 * 1000;

impl Hall {
    /// Refuses a message of an older game than the table's, of a game more than a day
    /// ahead of the hall's clock, an absurd part of a record, or a view whose `Round`
    /// names a round or board beyond the tournament's (the roster's, else 99 rounds and
    /// 1,000 boards): nothing the hall makes is sized by it.
    pub(super) fn refuse_absurd(
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
        if let Body::View(state) = &m.body
            && let Err(e) = self.roster.place(&state.round, "")
        {
            return Some(self.reject(
                topic,
                |d| &mut d.absurd,
                format!(
                    "Round {:?}: {e}",
                    annabella_rules::printable_within(&state.round, 40)
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
    pub(super) fn refuse_out_of_turn(
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
                .get(m.table.as_str())
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
}
