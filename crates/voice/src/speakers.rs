//! The thin shell that drives one [`Queue`] per output with its back end: announcements
//! go to the queue of the listener's output, the queue's actions go to the back end
//! with the listener's voice, and the back end's events come back to the queue.

use std::{
    collections::VecDeque,
    sync::mpsc::{Receiver, RecvTimeoutError},
    time::{Duration, Instant},
};

use annabella_phonetic::Lexicon;
use shakmaty::{Chess, Move, Position};

use crate::{
    announcer::{Announcer, SpeakRequest, SpeechEvent, SpeechEventKind, VoiceError},
    hearer::{Hearer, Route, Routing},
    queue::{MoveRef, Queue, Readout, ReadoutId, Report, SpeakerCommand, UtteranceId},
    speech::Speech,
};

struct Output {
    queue: Queue,
    announcer: Box<dyn Announcer>,
}

/// Both hearers' outputs: queues and back ends.
pub struct Speakers {
    routing: Routing,
    outputs: Vec<Output>,
    reports: VecDeque<Report>,
    errors: VecDeque<(UtteranceId, VoiceError)>,
}

/// Why [`Speakers::new`] refused a routing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the routing uses output {wanted}, but only {given} back end(s) were given")]
pub struct MissingOutput {
    /// The highest output index the routing uses.
    pub wanted: usize,
    /// How many back ends there are.
    pub given: usize,
}

/// [`Speakers::run_until_idle`] gave up waiting for the back ends.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("speech did not finish within {0:?}")]
pub struct NotFinished(pub Duration);

impl std::fmt::Debug for Speakers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Speakers")
            .field("routing", &self.routing)
            .field(
                "outputs",
                &self
                    .outputs
                    .iter()
                    .map(|o| o.announcer.name())
                    .collect::<Vec<_>>(),
            )
            .finish()
    }
}

impl Speakers {
    /// Speakers with one back end per output (index = output number of the routing).
    ///
    /// # Errors
    /// When the routing names an output without a back end.
    pub fn new(
        routing: Routing,
        announcers: Vec<Box<dyn Announcer>>,
    ) -> Result<Self, MissingOutput> {
        if announcers.len() < routing.outputs() {
            return Err(MissingOutput {
                wanted: routing.outputs() - 1,
                given: announcers.len(),
            });
        }
        let outputs = announcers
            .into_iter()
            .enumerate()
            .map(|(i, announcer)| Output {
                queue: Queue::new(i),
                announcer,
            })
            .collect();
        Ok(Self {
            routing,
            outputs,
            reports: VecDeque::new(),
            errors: VecDeque::new(),
        })
    }

    /// The routing in use.
    pub fn routing(&self) -> &Routing {
        &self.routing
    }

    /// Renders `speech` ahead, unheard, in `listener`'s voice on their output, for an
    /// announcement of the same words soon (see [`Announcer::render_ahead`]).
    pub fn render_ahead(&mut self, listener: Hearer, speech: &Speech) {
        let route = self.routing.route(listener);
        let voice = route.voice.clone();
        self.outputs[route.output]
            .announcer
            .render_ahead(speech, &voice);
    }

    /// Drops what was rendered ahead on `listener`'s output, unheard.
    pub fn drop_ahead(&mut self, listener: Hearer) {
        let output = self.routing.route(listener).output;
        self.outputs[output].announcer.drop_ahead();
    }

    /// Queues an announcement on its listener's output.
    pub fn announce(&mut self, now: Duration, readout: Readout) -> ReadoutId {
        let output = self.routing.route(readout.listener).output;
        let id = self.outputs[output].queue.push(now, readout);
        self.pump(now, output);
        id
    }

    /// Announces a move (legal in `pos`) made by `by`: the VI player always hears it
    /// (their own move read back, or the opponent's move); the sighted player hears the
    /// VI player's moves. Each in their own scheme and voice; when both share one
    /// speaker and scheme it is said once. Returns the announcements queued.
    pub fn announce_move(
        &mut self,
        now: Duration,
        pos: &Chess,
        m: Move,
        by: Hearer,
    ) -> Vec<ReadoutId> {
        let move_ref = MoveRef {
            number: pos.fullmoves().get(),
            color: pos.turn(),
        };
        let vi = self.routing.route(Hearer::ViPlayer).clone();
        let sighted = self.routing.route(Hearer::SightedPlayer).clone();
        let say = |r: &Route| Speech::for_move(pos, m, Lexicon::get(r.scheme), r.form);
        let mut ids =
            vec![self.announce(now, Readout::of_move(Hearer::ViPlayer, say(&vi), move_ref))];
        let same =
            vi.output == sighted.output && vi.scheme == sighted.scheme && vi.form == sighted.form;
        if by == Hearer::ViPlayer && !same {
            ids.push(self.announce(
                now,
                Readout::of_move(Hearer::SightedPlayer, say(&sighted), move_ref),
            ));
        }
        ids
    }

    /// "Stop speaking" from a listener.
    pub fn stop(&mut self, now: Duration, listener: Hearer) {
        let output = self.routing.route(listener).output;
        self.outputs[output].queue.stop(now, listener);
        self.pump(now, output);
    }

    /// "Skip" from a listener: the next part of a long readout.
    pub fn skip(&mut self, now: Duration, listener: Hearer) {
        let output = self.routing.route(listener).output;
        self.outputs[output].queue.skip(now, listener);
        self.pump(now, output);
    }

    /// An event from a back end.
    pub fn handle_event(&mut self, now: Duration, event: SpeechEvent) {
        let output = event.utterance.output;
        let Some(o) = self.outputs.get_mut(output) else {
            return;
        };
        match event.kind {
            SpeechEventKind::Started => o.queue.handle_started(now, event.utterance),
            SpeechEventKind::Finished => o.queue.handle_finished(now, event.utterance),
            // Our own cancels were settled when the queue cut the utterance off; a cancel
            // of the utterance still current came from elsewhere.
            SpeechEventKind::Cancelled => o.queue.handle_failed(now, event.utterance),
            SpeechEventKind::Failed(message) => {
                if o.queue.speaking() == Some(event.utterance) {
                    self.errors
                        .push_back((event.utterance, VoiceError::Espeak(message)));
                }
                o.queue.handle_failed(now, event.utterance);
            }
        }
        self.pump(now, output);
    }

    /// The earliest time [`Speakers::handle_timeout`] must be called.
    pub fn poll_timeout(&self) -> Option<Duration> {
        self.outputs
            .iter()
            .filter_map(|o| o.queue.poll_timeout())
            .min()
    }

    /// Cuts off utterances whose back end never reported their end (see
    /// [`Queue::handle_timeout`]).
    pub fn handle_timeout(&mut self, now: Duration) {
        for output in 0..self.outputs.len() {
            self.outputs[output].queue.handle_timeout(now);
            self.pump(now, output);
        }
    }

    /// Whether every output is silent with nothing waiting.
    pub fn is_idle(&self) -> bool {
        self.outputs.iter().all(|o| o.queue.is_idle())
    }

    /// The next report of something said or dropped, from any output.
    pub fn poll_report(&mut self) -> Option<Report> {
        self.reports.pop_front()
    }

    /// The next back-end error (the utterance it concerned was skipped).
    pub fn poll_error(&mut self) -> Option<(UtteranceId, VoiceError)> {
        self.errors.pop_front()
    }

    /// Feeds events from `events` (stamped with the wall clock, counted from `epoch`, the
    /// instant the caller's times count from) until every output is idle, for
    /// command-line use and tests.
    ///
    /// # Errors
    /// When speech is still going on after `timeout`.
    pub fn run_until_idle(
        &mut self,
        epoch: Instant,
        events: &Receiver<SpeechEvent>,
        timeout: Duration,
    ) -> Result<(), NotFinished> {
        let deadline = epoch.elapsed() + timeout;
        while !self.is_idle() {
            let now = epoch.elapsed();
            if now >= deadline {
                return Err(NotFinished(timeout));
            }
            let wake = self.poll_timeout().map_or(deadline, |t| t.min(deadline));
            match events.recv_timeout(wake.saturating_sub(now)) {
                Ok(event) => self.handle_event(epoch.elapsed(), event),
                Err(RecvTimeoutError::Timeout) => self.handle_timeout(epoch.elapsed()),
                Err(RecvTimeoutError::Disconnected) => {
                    // No back end can report any more: what is being said never ends.
                    return Err(NotFinished(timeout));
                }
            }
        }
        Ok(())
    }

    fn pump(&mut self, now: Duration, output: usize) {
        let o = &mut self.outputs[output];
        while let Some(action) = o.queue.poll_command() {
            match action {
                SpeakerCommand::Speak(u) => {
                    let voice = &self.routing.route(u.listener).voice;
                    let speech = u.speech.voiced_for(&voice.language);
                    if let Err(e) = o.announcer.speak(SpeakRequest {
                        utterance: u.id,
                        speech: &speech,
                        voice,
                    }) {
                        self.errors.push_back((u.id, e));
                        o.queue.handle_failed(now, u.id);
                    }
                }
                SpeakerCommand::Cancel(id) => {
                    if let Err(e) = o.announcer.cancel() {
                        self.errors.push_back((id, e));
                    }
                }
            }
        }
        while let Some(r) = o.queue.poll_report() {
            self.reports.push_back(r);
        }
    }
}
