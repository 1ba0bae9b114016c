//! The announcement queue of one speaker: a sans-IO core. Inputs are announcements,
//! "stop"/"skip" requests and the back end's started/finished events, each with the
//! current time as a value; outputs are [`SpeakerCommand`]s for the back end and [`Report`]s of
//! what was said (for the audio record and the station).
//!
//! Rules:
//! - Higher [`Precedence`] first (a move before an answer before a clock notice), in order
//!   of arrival within a precedence.
//! - A new move announcement for a listener supersedes that listener's move
//!   announcement still waiting or being spoken (it is stale).
//! - A higher-precedence announcement cuts off a lower-precedence one being spoken; the
//!   interrupted part is said again afterwards (unless it expired meanwhile).
//! - "Stop speaking" cuts off what the listener hears now and drops their waiting
//!   answers and clock notices; move announcements and notices about the game (the
//!   arbiter was alerted) are kept.
//! - "Skip" cuts off the current part of a long readout and goes on with the next.
//! - An announcement with an expiry time that has passed before it is spoken is dropped.
//! - An earcon ([`Readout::earcon`]) goes before the announcements waiting, but
//!   never cuts one off, and is never cut off itself (it is shorter than a word).
//!
//! Time is the sans-IO cores' one type: a [`Duration`] since the epoch its shell chose
//! (ARCHITECTURE.md, "Sans-IO cores, thin shells"); the queue reads no clock.

use std::{collections::VecDeque, time::Duration};

use serde::Serialize;
use shakmaty::Color;

use crate::{earcon::Earcon, hearer::Hearer, speech::Speech};

/// Readouts longer than this many characters are split into skippable parts.
pub const MAX_PART_CHARS: usize = 120;

/// Identifies one [`Readout`] pushed to a queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct ReadoutId(pub u64);

/// Identifies one part handed to a back end: the output (speaker) and a sequence number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct UtteranceId {
    /// The output (speaker) whose queue issued it.
    pub output: usize,
    /// Sequence number within that queue.
    pub seq: u64,
}

/// How urgent a [`Readout`] is; higher is said first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Precedence {
    /// A routine clock notice ("noch fünf Minuten").
    ClockNotice,
    /// An answer to a question of the VI player.
    Answer,
    /// A notice about the game the player did not ask for (the arbiter was alerted, a
    /// declaration): "stop speaking" does not drop it while it waits.
    Notice,
    /// A move announcement (or its read-back): the clock waits for it.
    Move,
    /// An earcon: first of those waiting, but it neither cuts nor is cut off.
    Earcon,
}

/// The move an announcement belongs to, for the audio record's index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct MoveRef {
    /// The move number (1 for White's and Black's first moves).
    pub number: u32,
    /// Who made the move.
    #[serde(serialize_with = "serialize_color")]
    pub color: Color,
}

fn serialize_color<S: serde::Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(match c {
        Color::White => "white",
        Color::Black => "black",
    })
}

/// What one listener hears of an announcement: its spoken parts, in order, with their
/// precedence in the queue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Readout {
    /// Who hears it.
    pub listener: Hearer,
    /// How urgent it is.
    pub precedence: Precedence,
    /// The parts, said in order; each can be skipped.
    pub parts: Vec<Speech>,
    /// The move it announces or follows, if any.
    pub move_ref: Option<MoveRef>,
    /// Not worth saying after this time (a clock notice that was overtaken).
    pub expires: Option<Duration>,
}

impl Readout {
    /// A move announcement (one part).
    pub fn of_move(listener: Hearer, speech: Speech, move_ref: MoveRef) -> Self {
        Self {
            listener,
            precedence: Precedence::Move,
            parts: vec![speech],
            move_ref: Some(move_ref),
            expires: None,
        }
    }

    /// An answer to the VI player, split into parts of at most [`MAX_PART_CHARS`].
    pub fn answer(listener: Hearer, speech: Speech) -> Self {
        Self {
            listener,
            precedence: Precedence::Answer,
            parts: speech.split(MAX_PART_CHARS),
            move_ref: None,
            expires: None,
        }
    }

    /// A notice about the game (the arbiter was alerted), split like an answer; kept
    /// when the listener asks for silence.
    pub fn notice(listener: Hearer, speech: Speech) -> Self {
        Self {
            precedence: Precedence::Notice,
            ..Self::answer(listener, speech)
        }
    }

    /// An earcon for `listener`, dropped if not begun by `expires` (a stale sound
    /// would mislead).
    pub fn earcon(listener: Hearer, earcon: Earcon, expires: Option<Duration>) -> Self {
        Self {
            listener,
            precedence: Precedence::Earcon,
            parts: vec![Speech::earcon(earcon)],
            move_ref: None,
            expires,
        }
    }

    /// A clock notice that is dropped if not begun by `expires`.
    pub fn clock_notice(listener: Hearer, speech: Speech, expires: Option<Duration>) -> Self {
        Self {
            listener,
            precedence: Precedence::ClockNotice,
            parts: vec![speech],
            move_ref: None,
            expires,
        }
    }
}

/// What the back end must do.
#[derive(Debug, Clone, PartialEq, Eq)]
#[must_use]
pub enum SpeakerCommand {
    /// Start saying this part now.
    Speak(Utterance),
    /// Cut off this utterance at once.
    Cancel(UtteranceId),
}

/// One part handed to the back end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Utterance {
    /// Its id; the back end's events carry it.
    pub id: UtteranceId,
    /// The announcement it belongs to.
    pub readout: ReadoutId,
    /// Index of the part in the announcement.
    pub part: usize,
    /// Who hears it (chooses the voice).
    pub listener: Hearer,
    /// What to say.
    pub speech: Speech,
}

/// How a part or an announcement ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Said to the end.
    Spoken,
    /// Replaced by a newer move announcement for the same listener.
    Superseded,
    /// Cut off or dropped by "stop speaking".
    Stopped,
    /// Cut off by "skip"; the next part follows.
    Skipped,
    /// Cut off by a more urgent announcement; said again afterwards.
    Interrupted,
    /// Its time passed before it could be said.
    Expired,
    /// The back end could not say it (or never reported its end in time).
    Failed,
}

/// What became of one part (or, when `part` is `None`, of a whole waiting announcement).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// The announcement.
    pub readout: ReadoutId,
    /// The part, when one was handed to the back end.
    pub part: Option<usize>,
    /// The utterance, when one was handed to the back end.
    pub utterance: Option<UtteranceId>,
    /// Who it was for.
    pub listener: Hearer,
    /// Its precedence.
    pub precedence: Precedence,
    /// The move it belongs to.
    pub move_ref: Option<MoveRef>,
    /// The words (of the part, or of all parts).
    pub text: String,
    /// The earcon, when the part was one.
    pub earcon: Option<Earcon>,
    /// When the back end began to speak it.
    pub started: Option<Duration>,
    /// When it ended or was dropped.
    pub ended: Duration,
    /// How it ended.
    pub outcome: Outcome,
}

/// The longest an utterance may take before the back end is presumed stuck: 10 s plus
/// 250 ms per character (the slowest rate says about 7 characters a second).
pub fn time_allowed(speech: &Speech) -> Duration {
    let chars = speech.to_plain().chars().count() as u64;
    Duration::from_secs(10) + Duration::from_millis(250 * chars)
}

#[derive(Debug)]
struct Entry {
    id: ReadoutId,
    seq: u64,
    readout: Readout,
    next_part: usize,
}

#[derive(Debug)]
struct Current {
    entry: Entry,
    part: usize,
    utterance: UtteranceId,
    started: Option<Duration>,
    deadline: Duration,
}

/// The announcement queue of one output (speaker).
///
/// # Examples
/// ```
/// use annabella_voice::queue::{SpeakerCommand, Readout, Queue, MoveRef};
/// use annabella_voice::{Hearer, Speech};
/// use shakmaty::Color;
/// use std::time::Duration;
/// let now = Duration::from_secs(1);
/// let mut q = Queue::new(0);
/// let mv = MoveRef { number: 1, color: Color::White };
/// q.push(now, Readout::of_move(Hearer::SightedPlayer, Speech::words("Eva vier"), mv));
/// let Some(SpeakerCommand::Speak(u)) = q.poll_command() else { panic!() };
/// assert_eq!(u.speech.to_string(), "Eva vier");
/// q.handle_started(now, u.id);
/// q.handle_finished(now, u.id);
/// assert!(q.is_idle());
/// ```
#[derive(Debug)]
pub struct Queue {
    output: usize,
    pending: Vec<Entry>,
    current: Option<Current>,
    actions: VecDeque<SpeakerCommand>,
    reports: VecDeque<Report>,
    next_readout: u64,
    next_utterance: u64,
    next_seq: u64,
}

impl Queue {
    /// An empty queue for output number `output`.
    pub fn new(output: usize) -> Self {
        Self {
            output,
            pending: Vec::new(),
            current: None,
            actions: VecDeque::new(),
            reports: VecDeque::new(),
            next_readout: 0,
            next_utterance: 0,
            next_seq: 0,
        }
    }

    /// Whether nothing is being said or waiting.
    pub fn is_idle(&self) -> bool {
        self.current.is_none() && self.pending.is_empty()
    }

    /// The utterance being said now.
    pub fn speaking(&self) -> Option<UtteranceId> {
        self.current.as_ref().map(|c| c.utterance)
    }

    /// How many announcements wait (not counting the one being said).
    pub fn waiting(&self) -> usize {
        self.pending.len()
    }

    /// Adds an announcement; see the module rules for supersession and interruption.
    pub fn push(&mut self, now: Duration, readout: Readout) -> ReadoutId {
        let id = ReadoutId(self.next_readout);
        self.next_readout += 1;
        if readout.parts.iter().all(Speech::is_empty) {
            return id;
        }
        let listener = readout.listener;
        let precedence = readout.precedence;
        if precedence == Precedence::Move {
            let (stale, keep): (Vec<Entry>, Vec<Entry>) = std::mem::take(&mut self.pending)
                .into_iter()
                .partition(|e| {
                    e.readout.precedence == Precedence::Move && e.readout.listener == listener
                });
            self.pending = keep;
            for e in stale {
                self.report_dropped(now, e, Outcome::Superseded);
            }
        }
        if let Some(cur) = &self.current {
            let a = &cur.entry.readout;
            if precedence == Precedence::Earcon || a.precedence == Precedence::Earcon {
                // Too short to cut or to be cut: it ends on its own in a moment.
            } else if precedence == Precedence::Move
                && a.precedence == Precedence::Move
                && a.listener == listener
            {
                self.cut(now, Outcome::Superseded);
            } else if a.precedence < precedence {
                self.cut(now, Outcome::Interrupted);
            }
        }
        let seq = self.next_seq;
        self.next_seq += 1;
        self.pending.push(Entry {
            id,
            seq,
            readout,
            next_part: 0,
        });
        self.advance(now);
        id
    }

    /// "Stop speaking" from a listener: cuts off what they hear now and drops their
    /// waiting answers and clock notices. Waiting move announcements and notices stay.
    pub fn stop(&mut self, now: Duration, listener: Hearer) {
        if self
            .current
            .as_ref()
            .is_some_and(|c| c.entry.readout.listener == listener)
        {
            self.cut(now, Outcome::Stopped);
        }
        let (dropped, keep): (Vec<Entry>, Vec<Entry>) = std::mem::take(&mut self.pending)
            .into_iter()
            .partition(|e| {
                e.readout.listener == listener && e.readout.precedence < Precedence::Notice
            });
        self.pending = keep;
        for e in dropped {
            self.report_dropped(now, e, Outcome::Stopped);
        }
        self.advance(now);
    }

    /// "Skip": cuts off the part the listener hears now and goes on with the next part.
    pub fn skip(&mut self, now: Duration, listener: Hearer) {
        if self
            .current
            .as_ref()
            .is_some_and(|c| c.entry.readout.listener == listener)
        {
            self.cut(now, Outcome::Skipped);
            self.advance(now);
        }
    }

    /// The back end began to say an utterance.
    pub fn handle_started(&mut self, now: Duration, utterance: UtteranceId) {
        if let Some(cur) = &mut self.current
            && cur.utterance == utterance
            && cur.started.is_none()
        {
            cur.started = Some(now);
        }
    }

    /// The back end finished an utterance; the next part or announcement follows.
    pub fn handle_finished(&mut self, now: Duration, utterance: UtteranceId) {
        self.end_current(now, utterance, Outcome::Spoken);
    }

    /// The back end could not say an utterance (or it was cancelled by someone else);
    /// the queue goes on with the next part.
    pub fn handle_failed(&mut self, now: Duration, utterance: UtteranceId) {
        self.end_current(now, utterance, Outcome::Failed);
    }

    /// When [`Queue::handle_timeout`] must be called: the time by which the back end
    /// should have finished the utterance being said.
    pub fn poll_timeout(&self) -> Option<Duration> {
        self.current.as_ref().map(|c| c.deadline)
    }

    /// A back end that never reports the end (a speech server that died) must not hold
    /// up the announcements behind it: past the deadline the utterance is cut off,
    /// reported as failed, and the queue goes on.
    pub fn handle_timeout(&mut self, now: Duration) {
        if self.current.as_ref().is_some_and(|c| c.deadline <= now) {
            self.cut(now, Outcome::Failed);
            self.advance(now);
        }
    }

    /// The next action for the back end.
    pub fn poll_command(&mut self) -> Option<SpeakerCommand> {
        self.actions.pop_front()
    }

    /// The next report of something said or dropped.
    pub fn poll_report(&mut self) -> Option<Report> {
        self.reports.pop_front()
    }

    fn end_current(&mut self, now: Duration, utterance: UtteranceId, outcome: Outcome) {
        let Some(cur) = self.current.take_if(|c| c.utterance == utterance) else {
            return; // a stale event of an utterance already cut off
        };
        self.report_part(now, &cur, outcome);
        let mut entry = cur.entry;
        entry.next_part = cur.part + 1;
        if entry.next_part < entry.readout.parts.len() {
            self.pending.push(entry);
        }
        self.advance(now);
    }

    /// Cuts off the current utterance. Interrupted parts are queued again; skipped ones
    /// continue with the next part; otherwise the rest of the announcement is dropped.
    fn cut(&mut self, now: Duration, outcome: Outcome) {
        let Some(cur) = self.current.take() else {
            return;
        };
        self.actions
            .push_back(SpeakerCommand::Cancel(cur.utterance));
        self.report_part(now, &cur, outcome);
        let mut entry = cur.entry;
        entry.next_part = match outcome {
            Outcome::Interrupted => cur.part,
            Outcome::Skipped => cur.part + 1,
            _ => entry.readout.parts.len(),
        };
        if entry.next_part < entry.readout.parts.len() {
            self.pending.push(entry);
        }
    }

    fn advance(&mut self, now: Duration) {
        if self.current.is_some() {
            return;
        }
        let (expired, keep): (Vec<Entry>, Vec<Entry>) = std::mem::take(&mut self.pending)
            .into_iter()
            .partition(|e| e.readout.expires.is_some_and(|t| t <= now));
        self.pending = keep;
        for e in expired {
            self.report_dropped(now, e, Outcome::Expired);
        }
        let Some(best) = self
            .pending
            .iter()
            .enumerate()
            .max_by_key(|(_, e)| (e.readout.precedence, std::cmp::Reverse(e.seq)))
            .map(|(i, _)| i)
        else {
            return;
        };
        let entry = self.pending.remove(best);
        let utterance = UtteranceId {
            output: self.output,
            seq: self.next_utterance,
        };
        self.next_utterance += 1;
        let part = entry.next_part;
        self.actions.push_back(SpeakerCommand::Speak(Utterance {
            id: utterance,
            readout: entry.id,
            part,
            listener: entry.readout.listener,
            speech: entry.readout.parts[part].clone(),
        }));
        let deadline = now + time_allowed(&entry.readout.parts[part]);
        self.current = Some(Current {
            entry,
            part,
            utterance,
            started: None,
            deadline,
        });
    }

    fn report_part(&mut self, now: Duration, cur: &Current, outcome: Outcome) {
        let a = &cur.entry.readout;
        self.reports.push_back(Report {
            readout: cur.entry.id,
            part: Some(cur.part),
            utterance: Some(cur.utterance),
            listener: a.listener,
            precedence: a.precedence,
            move_ref: a.move_ref,
            text: a.parts[cur.part].to_string(),
            earcon: a.parts[cur.part].earcon_sound(),
            started: cur.started,
            ended: now,
            outcome,
        });
    }

    fn report_dropped(&mut self, now: Duration, entry: Entry, outcome: Outcome) {
        let a = &entry.readout;
        let text: Vec<String> = a.parts[entry.next_part..]
            .iter()
            .map(|p| p.to_string())
            .collect();
        self.reports.push_back(Report {
            readout: entry.id,
            part: None,
            utterance: None,
            listener: a.listener,
            precedence: a.precedence,
            move_ref: a.move_ref,
            text: text.join(" "),
            earcon: a.parts[entry.next_part..]
                .iter()
                .find_map(Speech::earcon_sound),
            started: None,
            ended: now,
            outcome,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const VI: Hearer = Hearer::ViPlayer;
    const SIGHTED: Hearer = Hearer::SightedPlayer;

    fn mv(n: u32) -> MoveRef {
        MoveRef {
            number: n,
            color: Color::White,
        }
    }

    /// Drains the actions: the texts started (in order) and the ids cancelled.
    fn drain(q: &mut Queue) -> (Vec<(UtteranceId, String)>, Vec<UtteranceId>) {
        let mut spoken = Vec::new();
        let mut cancelled = Vec::new();
        while let Some(a) = q.poll_command() {
            match a {
                SpeakerCommand::Speak(u) => spoken.push((u.id, u.speech.to_string())),
                SpeakerCommand::Cancel(id) => cancelled.push(id),
            }
        }
        (spoken, cancelled)
    }

    fn reports(q: &mut Queue) -> Vec<(String, Outcome)> {
        std::iter::from_fn(|| q.poll_report())
            .map(|r| (r.text, r.outcome))
            .collect()
    }

    /// Says everything to the end, returning the texts said to the end, in order
    /// (utterances cut off before they were said are left out).
    fn speak_all(q: &mut Queue, now: Duration) -> Vec<String> {
        let mut said = Vec::new();
        loop {
            let actions: Vec<SpeakerCommand> = std::iter::from_fn(|| q.poll_command()).collect();
            if actions.is_empty() {
                return said;
            }
            let cancelled: Vec<UtteranceId> = actions
                .iter()
                .filter_map(|a| match a {
                    SpeakerCommand::Cancel(id) => Some(*id),
                    SpeakerCommand::Speak(_) => None,
                })
                .collect();
            for a in actions {
                if let SpeakerCommand::Speak(u) = a
                    && !cancelled.contains(&u.id)
                {
                    q.handle_started(now, u.id);
                    q.handle_finished(now, u.id);
                    said.push(u.speech.to_string());
                }
            }
        }
    }

    #[test]
    fn priorities_order_the_waiting_announcements() {
        let t = Duration::from_secs(1000);
        let mut q = Queue::new(0);
        q.push(
            t,
            Readout::clock_notice(VI, Speech::words("first clock"), None),
        );
        // The first one starts at once; the rest wait and are ordered by precedence.
        q.push(t, Readout::clock_notice(VI, Speech::words("clock"), None));
        q.push(t, Readout::answer(VI, Speech::words("answer one")));
        q.push(t, Readout::answer(VI, Speech::words("answer two")));
        q.push(t, Readout::of_move(SIGHTED, Speech::words("move"), mv(1)));
        let said = speak_all(&mut q, t);
        assert_eq!(
            said,
            ["move", "answer one", "answer two", "first clock", "clock"],
            "each more urgent one cut off the one before; the cut ones are said again"
        );
        assert!(q.is_idle());
        let r = reports(&mut q);
        assert_eq!(r[0], ("first clock".to_owned(), Outcome::Interrupted));
        assert_eq!(r[1], ("answer one".to_owned(), Outcome::Interrupted));
    }

    #[test]
    fn a_newer_move_supersedes_a_stale_one_of_the_same_listener() {
        let t = Duration::from_secs(1000);
        let mut q = Queue::new(0);
        q.push(t, Readout::of_move(VI, Speech::words("Eva vier"), mv(1)));
        let (started, _) = drain(&mut q);
        let first = started[0].0;
        q.handle_started(t, first);
        q.push(t, Readout::of_move(VI, Speech::words("Eva fünf"), mv(2)));
        let (started, cancelled) = drain(&mut q);
        assert_eq!(cancelled, [first], "the stale move is cut off");
        assert_eq!(started[0].1, "Eva fünf");
        // The late "finished" of the cut utterance changes nothing.
        q.handle_finished(t, first);
        assert_eq!(q.speaking(), Some(started[0].0));
        let r = reports(&mut q);
        assert_eq!(r, [("Eva vier".to_owned(), Outcome::Superseded)]);
    }

    #[test]
    fn waiting_moves_of_one_listener_are_replaced_not_those_of_the_other() {
        let t = Duration::from_secs(1000);
        let mut q = Queue::new(0);
        q.push(t, Readout::answer(VI, Speech::words("busy")));
        // The sighted player's move cuts off the answer; the VI player's moves wait
        // behind it, and the second replaces the first.
        q.push(
            t,
            Readout::of_move(SIGHTED, Speech::words("m1 sighted"), mv(1)),
        );
        q.push(t, Readout::of_move(VI, Speech::words("m1 vi"), mv(1)));
        q.push(t, Readout::of_move(VI, Speech::words("m2 vi"), mv(2)));
        let said = speak_all(&mut q, t);
        assert_eq!(said, ["m1 sighted", "m2 vi", "busy"]);
        let r = reports(&mut q);
        assert!(
            r.contains(&("m1 vi".to_owned(), Outcome::Superseded)),
            "{r:?}"
        );
        assert!(
            r.contains(&("busy".to_owned(), Outcome::Interrupted)),
            "{r:?}"
        );
    }

    #[test]
    fn stop_cuts_off_and_drops_answers_but_keeps_moves() {
        let t = Duration::from_secs(1000);
        let mut q = Queue::new(0);
        let long = "Reihe eins. Turm Anna eins. Springer Bella eins. Läufer Cäsar eins. ".repeat(4);
        q.push(t, Readout::answer(VI, Speech::words(long)));
        q.push(t, Readout::answer(VI, Speech::words("second answer")));
        q.push(
            t,
            Readout::clock_notice(SIGHTED, Speech::words("sighted clock"), None),
        );
        let (started, _) = drain(&mut q);
        assert_eq!(started.len(), 1);
        q.handle_started(t, started[0].0);
        q.stop(t, VI);
        let (after, cancelled) = drain(&mut q);
        assert_eq!(cancelled, [started[0].0]);
        assert_eq!(
            after[0].1, "sighted clock",
            "other listener's notice survives"
        );
        let r = reports(&mut q);
        assert_eq!(r[0].1, Outcome::Stopped);
        assert!(
            r.iter()
                .any(|(t, o)| t == "second answer" && *o == Outcome::Stopped)
        );
        // A move announcement to the VI player waiting behind a move is not dropped.
        let mut q = Queue::new(0);
        q.push(
            t,
            Readout::of_move(SIGHTED, Speech::words("m sighted"), mv(3)),
        );
        q.push(t, Readout::of_move(VI, Speech::words("m vi"), mv(3)));
        q.stop(t, VI);
        assert_eq!(speak_all(&mut q, t), ["m sighted", "m vi"]);
    }

    #[test]
    fn a_waiting_notice_about_the_arbiter_survives_stop() {
        let t = Duration::from_secs(1000);
        let mut q = Queue::new(0);
        q.push(
            t,
            Readout::of_move(SIGHTED, Speech::words("m sighted"), mv(3)),
        );
        q.push(
            t,
            Readout::notice(VI, Speech::words("Der Schiedsrichter ist informiert.")),
        );
        q.push(t, Readout::answer(VI, Speech::words("an answer")));
        q.stop(t, VI);
        assert_eq!(
            speak_all(&mut q, t),
            ["m sighted", "Der Schiedsrichter ist informiert."]
        );
    }

    #[test]
    fn skip_goes_to_the_next_part() {
        let t = Duration::from_secs(1000);
        let mut q = Queue::new(0);
        let text = "Eins eins eins eins eins eins eins eins eins eins eins eins eins eins. \
                    Zwei zwei zwei zwei zwei zwei zwei zwei zwei zwei zwei zwei zwei. \
                    Drei drei drei drei drei drei drei drei drei drei drei drei drei.";
        let a = Readout::answer(VI, Speech::words(text));
        assert!(a.parts.len() >= 2, "{:?}", a.parts);
        let n = a.parts.len();
        q.push(t, a);
        let (started, _) = drain(&mut q);
        assert!(started[0].1.starts_with("Eins"));
        q.skip(t, SIGHTED); // not the listener: nothing happens
        assert_eq!(q.speaking(), Some(started[0].0));
        q.skip(t, VI);
        let (next, cancelled) = drain(&mut q);
        assert_eq!(cancelled, [started[0].0]);
        assert!(next[0].1.starts_with("Zwei"), "{next:?}");
        q.handle_finished(t, next[0].0);
        let rest = speak_all(&mut q, t);
        assert_eq!(rest.len(), n - 2);
        assert!(q.is_idle());
        let r = reports(&mut q);
        assert_eq!(r[0].1, Outcome::Skipped);
        assert!(r[1..].iter().all(|(_, o)| *o == Outcome::Spoken));
    }

    #[test]
    fn expired_notices_are_dropped_unsaid() {
        let t = Duration::from_secs(1000);
        let mut q = Queue::new(0);
        q.push(t, Readout::answer(VI, Speech::words("answer")));
        let soon = t + Duration::from_secs(2);
        q.push(
            t,
            Readout::clock_notice(VI, Speech::words("noch fünf Minuten"), Some(soon)),
        );
        let (started, _) = drain(&mut q);
        q.handle_started(t, started[0].0);
        q.handle_finished(t + Duration::from_secs(3), started[0].0);
        assert_eq!(drain(&mut q).0, []);
        assert!(q.is_idle());
        let r = reports(&mut q);
        assert_eq!(r[1], ("noch fünf Minuten".to_owned(), Outcome::Expired));
    }

    #[test]
    fn reports_carry_times_and_moves() {
        let t = Duration::from_secs(1000);
        let mut q = Queue::new(3);
        q.push(
            t,
            Readout::of_move(SIGHTED, Speech::words("Eva vier"), mv(7)),
        );
        let Some(SpeakerCommand::Speak(u)) = q.poll_command() else {
            panic!("nothing to say")
        };
        assert_eq!(u.id.output, 3);
        q.handle_started(t + Duration::from_millis(5), u.id);
        q.handle_finished(t + Duration::from_millis(900), u.id);
        let r = q.poll_report().expect("report");
        assert_eq!(r.started, Some(t + Duration::from_millis(5)));
        assert_eq!(r.ended, t + Duration::from_millis(900));
        assert_eq!(r.move_ref, Some(mv(7)));
        assert_eq!(r.outcome, Outcome::Spoken);
    }

    #[test]
    fn a_stuck_back_end_does_not_hold_up_the_moves() {
        let t = Duration::from_secs(1000);
        let mut q = Queue::new(0);
        assert_eq!(q.poll_timeout(), None);
        q.push(t, Readout::answer(VI, Speech::words("Weiß eine Stunde")));
        q.push(
            t,
            Readout::clock_notice(VI, Speech::words("noch fünf Minuten"), None),
        );
        let (s, _) = drain(&mut q);
        q.handle_started(t, s[0].0);
        let deadline = q.poll_timeout().expect("a deadline while speaking");
        assert_eq!(
            deadline,
            t + time_allowed(&Speech::words("Weiß eine Stunde"))
        );
        q.handle_timeout(deadline - Duration::from_millis(1));
        assert_eq!(q.speaking(), Some(s[0].0), "not yet");
        q.handle_timeout(deadline);
        let (next, cancelled) = drain(&mut q);
        assert_eq!(cancelled, [s[0].0]);
        assert_eq!(next[0].1, "noch fünf Minuten");
        assert_eq!(
            q.poll_timeout(),
            Some(deadline + time_allowed(&Speech::words("noch fünf Minuten")))
        );
        assert_eq!(
            reports(&mut q),
            [("Weiß eine Stunde".to_owned(), Outcome::Failed)]
        );
    }

    #[test]
    fn failed_parts_move_on_and_empty_speech_is_ignored() {
        let t = Duration::from_secs(1000);
        let mut q = Queue::new(0);
        q.push(t, Readout::answer(VI, Speech::words("  ")));
        assert!(q.is_idle());
        q.push(t, Readout::answer(VI, Speech::words("a")));
        q.push(t, Readout::answer(VI, Speech::words("b")));
        let (s, _) = drain(&mut q);
        q.handle_failed(t, s[0].0);
        let (s2, _) = drain(&mut q);
        assert_eq!(s2[0].1, "b");
        assert_eq!(reports(&mut q), [("a".to_owned(), Outcome::Failed)]);
    }

    #[test]
    fn an_earcon_never_cuts_a_move_announcement_and_follows_it() {
        let t = Duration::from_secs(1000);
        let mut q = Queue::new(0);
        q.push(
            t,
            Readout::of_move(
                VI,
                Speech::words("Schwarz: Dame David acht Hugo vier"),
                mv(3),
            ),
        );
        let (s, _) = drain(&mut q);
        q.handle_started(t, s[0].0);
        q.push(t, Readout::earcon(VI, Earcon::Check, None));
        q.push(t, Readout::answer(VI, Speech::words("Weiß am Zug")));
        let (more, cancelled) = drain(&mut q);
        assert!(cancelled.is_empty(), "the earcon cut the move off");
        assert!(more.is_empty());
        q.handle_finished(t, s[0].0);
        // The earcon goes before the answer that waited with it.
        assert_eq!(speak_all(&mut q, t), ["(earcon: check)", "Weiß am Zug"]);
        let r = reports(&mut q);
        assert_eq!(r[0].1, Outcome::Spoken);
        assert!(r.iter().all(|(_, o)| *o == Outcome::Spoken), "{r:?}");
    }

    #[test]
    fn a_move_announcement_waits_for_a_playing_earcon() {
        let t = Duration::from_secs(1000);
        let mut q = Queue::new(0);
        q.push(t, Readout::earcon(VI, Earcon::OpponentMove, None));
        let (s, _) = drain(&mut q);
        q.handle_started(t, s[0].0);
        q.push(
            t,
            Readout::of_move(VI, Speech::words("Schwarz: Springer Felix sechs"), mv(1)),
        );
        let (started, cancelled) = drain(&mut q);
        assert!(
            cancelled.is_empty() && started.is_empty(),
            "the earcon was cut"
        );
        q.handle_finished(t, s[0].0);
        assert_eq!(speak_all(&mut q, t), ["Schwarz: Springer Felix sechs"]);
        let r: Vec<Report> = std::iter::from_fn(|| q.poll_report()).collect();
        assert_eq!(r[0].earcon, Some(Earcon::OpponentMove));
        assert_eq!(r[0].outcome, Outcome::Spoken);
        assert_eq!(r[1].earcon, None);
    }

    #[test]
    fn a_stale_earcon_is_dropped() {
        let t = Duration::from_secs(1000);
        let mut q = Queue::new(0);
        q.push(t, Readout::answer(VI, Speech::words("Weiß eine Stunde")));
        let (s, _) = drain(&mut q);
        q.push(
            t,
            Readout::earcon(VI, Earcon::ClockTick, Some(t + Duration::from_secs(1))),
        );
        q.handle_finished(t + Duration::from_secs(2), s[0].0);
        assert!(q.is_idle());
        let r = reports(&mut q);
        assert_eq!(r.last().map(|x| x.1), Some(Outcome::Expired));
    }
}
