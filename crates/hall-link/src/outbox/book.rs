//! The outbox's bookkeeping, pure: which messages of which journal records the broker
//! has acknowledged (PUBACK), which are still to send, and the publish position — the
//! last record all of whose messages were acknowledged, the point to resume from. A
//! message the broker refused (an MQTT 5 PUBACK with a failure reason code) is not
//! acknowledged: its record, and so the position, waits until it is sent again and kept.

use std::collections::{BTreeMap, HashMap, VecDeque};

use annabella_hall_wire::topic::Kind;

/// One message to publish.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outgoing {
    /// The journal record it belongs to.
    pub seq: u64,
    /// What its topic carries.
    pub kind: Kind,
    /// The topic.
    pub topic: String,
    /// The JSON payload.
    pub payload: Vec<u8>,
    /// Whether the broker keeps it as the topic's last value.
    pub retain: bool,
}

/// Messages in flight between the journal and the broker's acknowledgement.
#[derive(Debug, Default)]
pub struct AckBook {
    acked: u64,
    /// Per unacknowledged record: messages not yet acknowledged, and all its messages.
    records: BTreeMap<u64, (usize, Vec<Outgoing>)>,
    queue: VecDeque<Outgoing>,
    unassigned: VecDeque<Outgoing>,
    by_pkid: HashMap<u16, Outgoing>,
    /// Messages the broker refused, waiting for [`AckBook::retry_refused`].
    refused: Vec<Outgoing>,
}

impl AckBook {
    /// A book resuming after record `acked`.
    pub fn new(acked: u64) -> AckBook {
        AckBook {
            acked,
            ..AckBook::default()
        }
    }

    /// The publish position: every record up to this one is at the broker.
    pub fn acked(&self) -> u64 {
        self.acked
    }

    /// Records read from the journal and not yet acknowledged.
    pub fn backlog(&self) -> usize {
        self.records.len()
    }

    /// Adds the messages of record `seq` (after those of earlier records).
    pub fn add_record(&mut self, seq: u64, messages: Vec<Outgoing>) {
        self.queue.extend(messages.iter().cloned());
        self.records.insert(seq, (messages.len(), messages));
        self.advance();
    }

    /// The next message to hand to the client.
    pub fn next_to_send(&self) -> Option<&Outgoing> {
        self.queue.front()
    }

    /// The client took the message from [`next_to_send`](Self::next_to_send).
    pub fn sent(&mut self) {
        if let Some(m) = self.queue.pop_front() {
            self.unassigned.push_back(m);
        }
    }

    /// The client put a publish on the wire with packet id `pkid` (a new one takes the
    /// oldest message handed over; a retransmission keeps its id).
    pub fn outgoing(&mut self, pkid: u16) {
        if self.by_pkid.contains_key(&pkid) {
            return;
        }
        if let Some(message) = self.unassigned.pop_front() {
            self.by_pkid.insert(pkid, message);
        }
    }

    /// The broker acknowledged packet `pkid`; true when the publish position moved.
    pub fn puback(&mut self, pkid: u16) -> bool {
        let Some(Outgoing { seq, .. }) = self.by_pkid.remove(&pkid) else {
            return false;
        };
        if let Some((left, _)) = self.records.get_mut(&seq) {
            *left = left.saturating_sub(1);
        }
        self.advance()
    }

    /// The broker refused packet `pkid` (its reason code is a failure): the message's
    /// record and kind. The record stays unacknowledged; the message is sent again by
    /// [`retry_refused`](Self::retry_refused) or after a reconnect.
    pub fn refused(&mut self, pkid: u16) -> Option<(u64, Kind)> {
        let m = self.by_pkid.remove(&pkid)?;
        let said = (m.seq, m.kind);
        self.refused.push(m);
        Some(said)
    }

    /// Whether messages the broker refused wait to be sent again.
    pub fn has_refused(&self) -> bool {
        !self.refused.is_empty()
    }

    /// Sends the refused messages again, before anything else (the broker's ACL may
    /// have been put right).
    pub fn retry_refused(&mut self) {
        let mut again = std::mem::take(&mut self.refused);
        again.sort_by_key(|m| m.seq);
        for m in again.into_iter().rev() {
            self.queue.push_front(m);
        }
    }

    /// The broker did not keep the session (new session at reconnect): the client has
    /// dropped what was in flight, so everything not acknowledged is sent again.
    pub fn session_lost(&mut self) {
        self.by_pkid.clear();
        self.unassigned.clear();
        self.refused.clear();
        self.queue = self
            .records
            .values_mut()
            .flat_map(|(left, messages)| {
                *left = messages.len();
                messages.iter().cloned()
            })
            .collect();
    }

    fn advance(&mut self) -> bool {
        let before = self.acked;
        while let Some(entry) = self.records.first_entry() {
            if *entry.key() != self.acked + 1 || entry.get().0 > 0 {
                break;
            }
            self.acked = *entry.key();
            entry.remove();
        }
        self.acked != before
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn msg(seq: u64, n: u8) -> Outgoing {
        Outgoing {
            seq,
            kind: Kind::View,
            topic: "annabella/view/1".into(),
            payload: vec![n],
            retain: true,
        }
    }

    fn send_all(b: &mut AckBook, first_pkid: u16) -> Vec<u16> {
        let mut pkids = Vec::new();
        let mut pkid = first_pkid;
        while b.next_to_send().is_some() {
            b.sent();
            b.outgoing(pkid);
            pkids.push(pkid);
            pkid += 1;
        }
        pkids
    }

    #[test]
    fn the_position_moves_only_over_whole_acknowledged_records() {
        let mut b = AckBook::new(4);
        b.add_record(5, vec![msg(5, 0), msg(5, 1)]);
        b.add_record(6, vec![msg(6, 0)]);
        let pkids = send_all(&mut b, 1);
        assert_eq!(pkids, [1, 2, 3]);
        assert!(!b.puback(3), "record 6 is acknowledged but 5 is not yet");
        assert!(!b.puback(1));
        assert_eq!(b.acked(), 4);
        assert!(b.puback(2));
        assert_eq!(b.acked(), 6);
        assert_eq!(b.backlog(), 0);
        assert!(!b.puback(2), "a second PUBACK changes nothing");
    }

    #[test]
    fn a_lost_session_sends_everything_unacknowledged_again_in_order() {
        let mut b = AckBook::new(0);
        b.add_record(1, vec![msg(1, 0), msg(1, 1)]);
        b.add_record(2, vec![msg(2, 0)]);
        send_all(&mut b, 10);
        b.puback(10);
        b.session_lost();
        let again: Vec<(u64, u8)> = std::iter::from_fn(|| {
            let m = b.next_to_send().cloned()?;
            b.sent();
            Some((m.seq, m.payload[0]))
        })
        .collect();
        assert_eq!(again, [(1, 0), (1, 1), (2, 0)]);
    }

    #[test]
    fn a_refused_message_holds_its_record_and_every_later_one_back() {
        let mut b = AckBook::new(0);
        b.add_record(1, vec![msg(1, 0)]);
        b.add_record(2, vec![msg(2, 0)]);
        b.add_record(3, vec![msg(3, 0)]);
        send_all(&mut b, 1);
        assert!(b.puback(1));
        assert_eq!(b.refused(2), Some((2, Kind::View)));
        assert!(!b.puback(3), "record 3 waits for record 2");
        assert_eq!(b.acked(), 1, "the refused record is not at the broker");
        assert!(!b.puback(2), "a refused packet is not acknowledged later");
        b.session_lost();
        let again: Vec<u64> = std::iter::from_fn(|| {
            let m = b.next_to_send().cloned()?;
            b.sent();
            Some(m.seq)
        })
        .collect();
        assert_eq!(
            again,
            [2, 3],
            "a new session tries the refused record again"
        );
    }

    #[test]
    fn a_refused_message_is_sent_again_first_and_then_counts() {
        let mut b = AckBook::new(0);
        b.add_record(1, vec![msg(1, 0)]);
        b.add_record(2, vec![msg(2, 0)]);
        b.sent();
        b.outgoing(1);
        assert_eq!(b.refused(1), Some((1, Kind::View)));
        assert!(b.has_refused());
        b.retry_refused();
        assert!(!b.has_refused());
        assert_eq!(
            b.next_to_send().map(|m| m.seq),
            Some(1),
            "the refused one first"
        );
        b.sent();
        b.outgoing(2);
        b.sent();
        b.outgoing(3);
        assert!(b.puback(2));
        assert!(b.puback(3));
        assert_eq!(b.acked(), 2);
    }

    #[test]
    fn retransmissions_keep_their_packet_id() {
        let mut b = AckBook::new(0);
        b.add_record(1, vec![msg(1, 0)]);
        b.add_record(2, vec![msg(2, 0)]);
        b.sent();
        b.outgoing(7);
        b.outgoing(7); // the same packet again after a reconnect
        b.sent();
        b.outgoing(8);
        assert!(b.puback(7));
        assert!(b.puback(8));
        assert_eq!(b.acked(), 2);
    }
}
