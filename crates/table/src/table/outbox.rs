//! The table's outbox: the effects waiting to be drained, the announcements being spoken
//! (the microphone is muted while any is), the arbiter's alerts.

use super::*;

/// The effects waiting and the announcements in the air.
#[derive(Debug, Clone)]
pub(super) struct Outbox {
    /// The effects not yet drained, oldest first.
    pub(super) effects: VecDeque<Effect>,
    /// The id of the next announcement.
    pub(super) next_id: u64,
    /// The announcements given and not yet reported done.
    pub(super) speaking: BTreeSet<u64>,
    /// The arbiter was alerted during this input: the VI player is told once its
    /// announcements (a move first) are out.
    pub(super) arbiter_notice_due: bool,
    /// Alerts sent to the arbiter.
    pub(super) alerts: usize,
}

impl Default for Outbox {
    fn default() -> Outbox {
        Outbox {
            effects: VecDeque::new(),
            next_id: 1,
            speaking: BTreeSet::new(),
            arbiter_notice_due: false,
            alerts: 0,
        }
    }
}

impl Outbox {
    /// Queues an effect.
    pub(super) fn push(&mut self, effect: Effect) {
        self.effects.push_back(effect);
    }

    /// Queues an announcement; the microphone is muted while one is spoken.
    pub(super) fn announce(
        &mut self,
        to: Audience,
        text: String,
        priority: Priority,
        kind: AnnounceKind,
    ) {
        if text.is_empty() {
            return;
        }
        let id = self.next_id;
        self.next_id += 1;
        if self.speaking.is_empty() {
            self.push(Effect::MuteMic);
        }
        self.speaking.insert(id);
        self.push(Effect::Announce(Announcement {
            id,
            to,
            text,
            priority,
            kind,
        }));
    }

    /// Announcement `id` was spoken: the microphone opens when none is left.
    pub(super) fn done(&mut self, id: u64) {
        if self.speaking.remove(&id) && self.speaking.is_empty() {
            self.push(Effect::UnmuteMic);
        }
    }
}
