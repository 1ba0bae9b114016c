//! The herald: a thread that speaks announcements for both hearers through
//! [`Speakers`] and keeps the audio record of the game (Law D.2.7: the VI player may
//! keep the score on a recording).
//!
//! Each hearer has a back end, a voice and a rate ([`VoicePlan`]). Hearers whose back
//! ends are the same share one speaker (one queue: they never talk over each other),
//! each in their own voice; different back ends are separate outputs. espeak-ng plays on
//! the sound device when there is one; without one (a server, this build machine) its
//! audio goes only into the audio record.
//!
//! Every announcement heard (or cut off) is reported as [`Said`] and, when the whole
//! announcement is over, as [`HeraldNews::Done`] with the caller's id, so the caller
//! can open the microphone again. The audio record (`announcements.wav` + index
//! `announcements.jsonl`, [`crate::record`]) gets every announcement that began.

use std::{
    collections::HashMap,
    path::PathBuf,
    sync::{Arc, Mutex, PoisonError, mpsc},
    thread,
    time::{Duration, Instant},
};

use annabella_phonetic::Language;
use serde::Serialize;

use crate::{
    Announcer, EventSender, Hearer, Readout, Route, Routing, SpeakRequest, Speakers, Speech,
    SpeechEvent, VoiceError, VoiceSettings,
    discovery::{Found, HeraldError, SpeechdAddress, VoicePlan, find, sound_device},
    earcon::Earcon,
    earcon_output::{EarconOutput, WithEarcons},
    espeak::{self, Espeak, EspeakOutput, Pcm, PcmSink},
    queue::{Outcome, ReadoutId, Report, UtteranceId},
    record::{AudioRecord, EntryInfo, Source},
    speechd::SpeechDispatcher,
    tts::{TtsEngine, TtsSpeaker},
};

/// An earcon not begun within this is dropped (it would tell of something past).
const EARCON_LAPSE: Duration = Duration::from_secs(2);

/// How long [`Herald::finish`] lets queued announcements go on.
const CLOSING_LIMIT: Duration = Duration::from_secs(30);

/// An announcement heard by a hearer (or cut off, or dropped).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Said {
    /// Table time it began (or was dropped), ms.
    pub at_ms: u64,
    /// Who heard it.
    pub listener: Hearer,
    /// The back end.
    pub backend: Found,
    /// The words.
    pub text: String,
    /// How it ended.
    pub outcome: Outcome,
    /// The caller's announcement id (0 for an earcon).
    pub id: u64,
    /// The earcon, when it was one (`text` then names it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub earcon: Option<Earcon>,
}

/// What the herald reports.
#[derive(Debug, Clone, PartialEq)]
pub enum HeraldNews {
    /// A part of an announcement was said (or cut off, or dropped).
    Said(Said),
    /// The caller's announcement `id` is over: the microphone may open.
    Done(u64),
}

/// Where the herald keeps the audio record.
#[derive(Debug, Clone)]
pub struct RecordAt {
    /// The records directory (`announcements.wav`, `announcements.jsonl`).
    pub dir: PathBuf,
    /// Continue an existing record (a restarted table) instead of replacing it.
    pub continue_existing: bool,
}

/// The table time (ms) of an instant, for [`Said::at_ms`] and the audio record.
pub type TableClock = Box<dyn Fn(Instant) -> u64 + Send>;

/// Where [`HeraldNews`] goes (called on the herald's thread).
pub type NewsSink = Box<dyn Fn(HeraldNews) + Send>;

enum Msg {
    Say(u64, Vec<Readout>),
    Ahead(u64, Hearer, String),
    DropAhead(u64),
    Player(Pcm, u64, String),
    Stop,
    Earcon(Hearer, Earcon),
    Event(SpeechEvent),
    Close,
}

/// A running herald: announcements in, [`HeraldNews`] out.
pub struct Herald {
    jobs: mpsc::Sender<Msg>,
    thread: Option<thread::JoinHandle<()>>,
    /// The audio record, if any.
    pub record: Option<PathBuf>,
    /// The back end each hearer gets (VI player, sighted player).
    pub found: (Found, Found),
    /// Why each back end was taken (VI player, sighted player).
    pub why: (String, String),
    shared: bool,
    earcons: (bool, bool),
}

impl std::fmt::Debug for Herald {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Herald")
            .field("record", &self.record)
            .field("found", &self.found)
            .finish_non_exhaustive()
    }
}

impl Herald {
    /// Finds the back ends of `plan` (speech-dispatcher looked for at `speechd`),
    /// connects them and starts the herald's thread. `news` receives what was said and
    /// when each announcement is over; `clock` gives table time.
    ///
    /// # Errors
    /// When a configured back end or voice is not available (speech-dispatcher not
    /// answering, espeak-ng missing, an unknown espeak-ng voice), or the audio record
    /// cannot be opened.
    pub fn start(
        plan: &VoicePlan,
        speechd: &SpeechdAddress,
        record_at: Option<&RecordAt>,
        clock: TableClock,
        news: NewsSink,
    ) -> Result<Herald, HeraldError> {
        let choice_vi = find("vi", &plan.vi, speechd)?;
        let choice_sighted = find("sighted", &plan.sighted, speechd)?;
        let (found_vi, found_sighted) = (choice_vi.found, choice_sighted.found);
        let (jobs, rx) = mpsc::channel::<Msg>();
        let events = forward_events(jobs.clone())?;
        let (outputs, routing) = outputs(plan, found_vi, found_sighted);
        let shared = outputs.len() == 1;
        let recording = (found_vi.audible() || found_sighted.audible()) && Espeak::check().is_ok();
        let (record, record_path) = open_record(record_at.filter(|_| recording))?;
        // The back ends are not `Send` (speech-dispatcher's client): they are made on
        // the herald's own thread, which reports whether they started.
        let (ready_tx, ready_rx) = mpsc::sync_channel::<Result<(), HeraldError>>(1);
        let thread = thread::Builder::new()
            .name("annabella-herald".into())
            .spawn(move || {
                let capture = Capture::default();
                let speakers = match connect(&outputs, events, routing.clone(), &capture) {
                    Ok(s) => s,
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                        return;
                    }
                };
                let _ = ready_tx.send(Ok(()));
                Running {
                    speakers,
                    found: outputs.iter().map(|f| f.0).collect(),
                    routing,
                    capture,
                    record,
                    clock,
                    epoch: Instant::now(),
                    pending: HashMap::new(),
                    open: HashMap::new(),
                    ahead: None,
                    news,
                }
                .run(&rx);
            })
            .map_err(thread_failed)?;
        let ready = ready_rx
            .recv()
            .unwrap_or_else(|_| Err(HeraldError::new("vi", "the voice thread stopped at start")));
        if let Err(e) = ready {
            let _ = thread.join();
            return Err(e);
        }
        Ok(Herald {
            jobs,
            thread: Some(thread),
            record: record_path,
            found: (found_vi, found_sighted),
            why: (choice_vi.why, choice_sighted.why),
            shared,
            earcons: (plan.vi.earcons, plan.sighted.earcons),
        })
    }

    /// One line naming each hearer's back end and voice, for the start message (the
    /// rate as a person reads it: `normal speed`, `210 words a minute`).
    pub fn describe(&self, plan: &VoicePlan) -> String {
        let one = |f: Found, v: &VoiceSettings, why: &str, earcons: bool| {
            format!(
                "{} ({}{}, {}{}) — {why}",
                f.name(),
                v.language,
                v.voice
                    .as_ref()
                    .map(|n| format!(", voice {n}"))
                    .unwrap_or_default(),
                if f == Found::ScreenReader {
                    "rate and voice of the screen reader".to_owned()
                } else {
                    spoken_rate(v.rate)
                },
                if earcons { ", earcons" } else { "" },
            )
        };
        format!(
            "VI player: {}; sighted player: {}",
            one(self.found.0, &plan.vi.settings, &self.why.0, self.earcons.0),
            one(
                self.found.1,
                &plan.sighted.settings,
                &self.why.1,
                self.earcons.1
            )
        )
    }

    /// Queues the caller's announcement `id` for `hearers`, each hearing
    /// `readout(hearer)`. Both hearers on one shared output hear it once, in the VI
    /// player's voice.
    pub fn say(&self, id: u64, hearers: &[Hearer], readout: impl Fn(Hearer) -> Readout) {
        let both = hearers.contains(&Hearer::ViPlayer) && hearers.contains(&Hearer::SightedPlayer);
        let parts = hearers
            .iter()
            .filter(|&&h| !(both && self.shared && h == Hearer::SightedPlayer))
            .map(|&h| readout(h))
            .collect();
        let _ = self.jobs.send(Msg::Say(id, parts));
    }

    /// Renders `text` ahead, unheard, in `hearer`'s voice (as rendering `id`): an
    /// announcement of exactly these words that follows plays from it (espeak-ng writing
    /// to the audio record; other back ends say it as usual), anything else drops it.
    pub fn render_ahead(&self, id: u64, hearer: Hearer, text: String) {
        let _ = self.jobs.send(Msg::Ahead(id, hearer, text));
    }

    /// Drops the rendering `id`, unheard.
    pub fn drop_ahead(&self, id: u64) {
        let _ = self.jobs.send(Msg::DropAhead(id));
    }

    /// Plays `earcon` to `hearer`, if they have earcons on (a speaking back end, or a
    /// text one that prints it). It goes before what waits, never cuts an announcement
    /// off, and is dropped if it could not begin within two seconds.
    pub fn earcon(&self, hearer: Hearer, earcon: Earcon) {
        let on = match hearer {
            Hearer::ViPlayer => self.earcons.0 && self.found.0 != Found::None,
            Hearer::SightedPlayer => self.earcons.1 && self.found.1 != Found::None,
        };
        if on {
            let _ = self.jobs.send(Msg::Earcon(hearer, earcon));
        }
    }

    /// The VI player's utterance (16 kHz mono) for the audio record, at table time
    /// `time_ms`; `text` is what was recognised.
    pub fn record_player(&self, samples: Vec<i16>, time_ms: u64, text: String) {
        if self.record.is_some() && !samples.is_empty() {
            let pcm = Pcm {
                rate: 16_000,
                samples,
            };
            let _ = self.jobs.send(Msg::Player(pcm, time_ms, text));
        }
    }

    /// "Stop speaking": cuts off what the VI player hears now and drops their answers.
    pub fn stop(&self) {
        let _ = self.jobs.send(Msg::Stop);
    }

    /// Says what is queued (at most 30 s more) and closes the audio record.
    pub fn finish(&mut self) {
        let _ = self.jobs.send(Msg::Close);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Herald {
    fn drop(&mut self) {
        self.finish();
    }
}

/// Collects espeak-ng's audio per utterance (for the audio record when there is no
/// sound device).
#[derive(Default, Clone)]
struct Capture(Arc<Mutex<Captured>>);

/// The utterance being captured, and the audio of each one not yet recorded.
type Captured = (Option<UtteranceId>, HashMap<UtteranceId, Pcm>);

impl Capture {
    fn take(&self, u: UtteranceId) -> Option<Pcm> {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .1
            .remove(&u)
    }
}

impl PcmSink for Capture {
    fn begin(&mut self, utterance: UtteranceId, rate: u32) -> Result<(), VoiceError> {
        let mut c = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        c.0 = Some(utterance);
        c.1.insert(
            utterance,
            Pcm {
                rate,
                samples: Vec::new(),
            },
        );
        Ok(())
    }

    fn samples(&mut self, samples: &[i16]) -> Result<(), VoiceError> {
        let mut c = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(u) = c.0
            && let Some(pcm) = c.1.get_mut(&u)
        {
            pcm.samples.extend_from_slice(samples);
        }
        Ok(())
    }

    fn end(&mut self, _utterance: UtteranceId) -> Result<(), VoiceError> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).0 = None;
        Ok(())
    }
}

/// A back end that only reports: the text is on the console.
struct Printed(EventSender);

impl Announcer for Printed {
    fn speak(&mut self, request: SpeakRequest<'_>) -> Result<(), VoiceError> {
        crate::announcer::report_said(&self.0, request.utterance);
        Ok(())
    }

    fn cancel(&mut self) -> Result<(), VoiceError> {
        Ok(())
    }

    fn name(&self) -> &'static str {
        "text"
    }
}

/// One output (speaker): its back end, the hearer named in its errors, and the voices
/// its listeners use.
type Output = (Found, &'static str, Vec<VoiceSettings>);

fn thread_failed(e: std::io::Error) -> HeraldError {
    HeraldError::new("vi", format!("cannot start a thread: {e}"))
}

/// A channel for the back ends' events, forwarded to the herald's `jobs` on a thread of
/// its own.
fn forward_events(jobs: mpsc::Sender<Msg>) -> Result<EventSender, HeraldError> {
    let (events, ev_rx) = mpsc::channel::<SpeechEvent>();
    thread::Builder::new()
        .name("annabella-voice-events".into())
        .spawn(move || {
            for e in ev_rx {
                if jobs.send(Msg::Event(e)).is_err() {
                    break;
                }
            }
        })
        .map_err(thread_failed)?;
    Ok(events)
}

/// The outputs of `plan` (one when both hearers share a speaker) and the routing of
/// each hearer to its output and voice.
fn outputs(plan: &VoicePlan, found_vi: Found, found_sighted: Found) -> (Vec<Output>, Routing) {
    let route = |v: &crate::discovery::HearerVoice, output: usize| Route {
        voice: v.settings.clone(),
        ..Route::new(output, language_of(&v.settings))
    };
    let shared = found_vi.same_output(found_sighted);
    let mut outputs = vec![(found_vi, "vi", vec![plan.vi.settings.clone()])];
    if shared {
        outputs[0].2.push(plan.sighted.settings.clone());
    } else {
        outputs.push((
            found_sighted,
            "sighted",
            vec![plan.sighted.settings.clone()],
        ));
    }
    let routing = Routing {
        vi_player: route(&plan.vi, 0),
        sighted_player: route(&plan.sighted, usize::from(!shared)),
    };
    (outputs, routing)
}

/// The audio record in `at` (continued or made new) and its WAV file; none without.
fn open_record(
    at: Option<&RecordAt>,
) -> Result<(Option<AudioRecord>, Option<PathBuf>), HeraldError> {
    let Some(at) = at else {
        return Ok((None, None));
    };
    let wav = at.dir.join("announcements.wav");
    let index = at.dir.join("announcements.jsonl");
    let r = if at.continue_existing {
        AudioRecord::open(&wav, &index)
    } else {
        AudioRecord::create(&wav, &index)
    };
    let r = r.map_err(|e| HeraldError::new("vi", format!("audio record: {e}")))?;
    Ok((Some(r), Some(wav)))
}

/// Makes each output's back end (on the herald's thread: they are not `Send`) and the
/// speakers over them; the back ends report to `events`.
fn connect(
    outputs: &[Output],
    events: EventSender,
    routing: Routing,
    capture: &Capture,
) -> Result<Speakers, HeraldError> {
    let mut announcers: Vec<Box<dyn Announcer>> = Vec::new();
    for (f, hearer, voices) in outputs {
        announcers.push(make(*f, hearer, voices, &events, capture)?);
    }
    drop(events);
    Speakers::new(routing, announcers).map_err(|e| HeraldError::with_cause("vi", e))
}

fn make(
    found: Found,
    hearer: &'static str,
    voices: &[VoiceSettings],
    events: &EventSender,
    capture: &Capture,
) -> Result<Box<dyn Announcer>, HeraldError> {
    let failed = |e: VoiceError| HeraldError::with_cause(hearer, e);
    let speech: Box<dyn Announcer> = match found {
        Found::Tts | Found::ScreenReader => {
            let engine = if found == Found::ScreenReader {
                TtsEngine::ScreenReader
            } else {
                TtsEngine::Platform
            };
            Box::new(TtsSpeaker::new(events.clone(), engine, voices).map_err(failed)?)
        }
        Found::Speechd => Box::new(SpeechDispatcher::new(events.clone()).map_err(failed)?),
        Found::EspeakSpeaker => Box::new(Espeak::new(events.clone(), EspeakOutput::Speaker)),
        Found::EspeakRecord => Box::new(Espeak::new(
            events.clone(),
            EspeakOutput::Sink(Box::new(capture.clone())),
        )),
        Found::Text | Found::None => Box::new(Printed(events.clone())),
    };
    let earcons = EarconOutput::find(found.audible() && sound_device());
    Ok(Box::new(WithEarcons::new(speech, earcons, events.clone())))
}

fn language_of(v: &VoiceSettings) -> Language {
    Language::ALL
        .into_iter()
        .find(|l| l.code() == v.language)
        .unwrap_or(Language::De)
}

/// The herald thread's state.
struct Running {
    speakers: Speakers,
    found: Vec<Found>,
    routing: Routing,
    capture: Capture,
    record: Option<AudioRecord>,
    clock: TableClock,
    /// The instant the queues' times count from (the one translation to `Instant`).
    epoch: Instant,
    /// (output, announcement) → (caller's id, number of parts).
    pending: HashMap<(usize, ReadoutId), (u64, usize)>,
    /// caller's id → voice announcements still going on.
    open: HashMap<u64, usize>,
    /// The rendering ahead (its caller's id) and whose voice it is in.
    ahead: Option<(u64, Hearer)>,
    news: NewsSink,
}

impl Running {
    fn run(&mut self, rx: &mpsc::Receiver<Msg>) {
        let mut closing: Option<Duration> = None;
        loop {
            let now = self.epoch.elapsed();
            if let Some(limit) = closing
                && (self.speakers.is_idle() || now >= limit)
            {
                break;
            }
            let wake = [self.speakers.poll_timeout(), closing]
                .into_iter()
                .flatten()
                .min();
            let msg = match wake {
                Some(t) => rx.recv_timeout(t.saturating_sub(now)),
                None => rx.recv().map_err(|_| mpsc::RecvTimeoutError::Disconnected),
            };
            let now = self.epoch.elapsed();
            match msg {
                Ok(Msg::Say(id, announcements)) => self.say(now, id, announcements),
                Ok(Msg::Ahead(id, hearer, text)) => {
                    self.speakers
                        .render_ahead(hearer, &Speech::words(text.as_str()));
                    self.ahead = Some((id, hearer));
                }
                Ok(Msg::DropAhead(id)) => {
                    if let Some((_, hearer)) = self.ahead.take_if(|a| a.0 == id) {
                        self.speakers.drop_ahead(hearer);
                    }
                }
                Ok(Msg::Stop) => self.speakers.stop(now, Hearer::ViPlayer),
                Ok(Msg::Earcon(hearer, earcon)) => {
                    let expires = now + EARCON_LAPSE;
                    self.speakers
                        .announce(now, Readout::earcon(hearer, earcon, Some(expires)));
                }
                Ok(Msg::Player(pcm, time_ms, text)) => self.record_player(&pcm, time_ms, text),
                Ok(Msg::Event(e)) => self.speakers.handle_event(now, e),
                Ok(Msg::Close) => closing = Some(now + CLOSING_LIMIT),
                Err(mpsc::RecvTimeoutError::Timeout) => self.speakers.handle_timeout(now),
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            self.reports();
        }
        if let Some(r) = self.record.take()
            && let Err(error) = r.finish()
        {
            tracing::warn!(%error, "audio record: not finished");
        }
    }

    fn record_player(&mut self, pcm: &Pcm, time_ms: u64, text: String) {
        if let Some(record) = self.record.as_mut() {
            let info = EntryInfo {
                time_ms,
                move_ref: None,
                source: Source::Player,
                listener: Hearer::ViPlayer,
                text,
                outcome: None,
            };
            if let Err(e) = record.append(pcm, info) {
                self.record_failed(e);
            }
        }
    }

    /// Reports a failed entry of the audio record; at the disk reserve the record is
    /// finished there (said once; the game goes on without it).
    fn record_failed(&mut self, error: VoiceError) {
        tracing::warn!(%error, "audio record: entry not written");
        if matches!(error, VoiceError::DiskReserve { .. })
            && let Some(r) = self.record.take()
            && let Err(error) = r.finish()
        {
            tracing::warn!(%error, "audio record: not finished");
        }
    }

    fn say(&mut self, now: Duration, id: u64, announcements: Vec<Readout>) {
        for announcement in announcements {
            let parts = announcement.parts.len();
            let output = self.routing.route(announcement.listener).output;
            let queued = self.speakers.announce(now, announcement);
            self.pending.insert((output, queued), (id, parts));
            *self.open.entry(id).or_default() += 1;
        }
    }

    /// The table time of `at`, a time of the queues (since [`Running::epoch`]).
    fn table_ms(&self, at: Duration) -> u64 {
        (self.clock)(self.epoch + at)
    }

    fn reports(&mut self) {
        while let Some((u, e)) = self.speakers.poll_error() {
            tracing::warn!(output = %u.output, error = %e, "voice: announcement failed");
        }
        while let Some(r) = self.speakers.poll_report() {
            let output = self.routing.route(r.listener).output;
            let key = (output, r.readout);
            let pending = self.pending.get(&key).copied();
            if r.earcon.is_none() && pending.is_none() {
                continue;
            }
            let at_ms = self.table_ms(r.started.unwrap_or(r.ended));
            let backend = self.found.get(output).copied().unwrap_or(Found::Text);
            if r.started.is_some() && backend.audible() {
                self.record_report(&r, at_ms);
            }
            (self.news)(HeraldNews::Said(Said {
                at_ms,
                listener: r.listener,
                backend,
                text: r.text.clone(),
                outcome: r.outcome,
                id: pending.map_or(0, |p| p.0),
                earcon: r.earcon,
            }));
            // An earcon is no caller's announcement: nothing to close.
            let Some((id, parts)) = pending else {
                continue;
            };
            // An interrupted part is said again by the queue: not over yet, even the last.
            let over = r.part.is_none()
                || match r.outcome {
                    Outcome::Interrupted => false,
                    Outcome::Skipped | Outcome::Spoken | Outcome::Failed => {
                        r.part == Some(parts - 1)
                    }
                    _ => true,
                };
            if over {
                self.pending.remove(&key);
                self.close(id);
            }
        }
        if self.speakers.is_idle() && !self.pending.is_empty() {
            // Nothing is said any more: whatever is still open is over.
            let ids: Vec<u64> = self.pending.drain().map(|(_, (id, _))| id).collect();
            for id in ids {
                self.close(id);
            }
        }
    }

    /// Puts what was said into the audio record: the audio espeak-ng made for it (or
    /// espeak-ng's rendering of its words), or an earcon with its kind.
    fn record_report(&mut self, r: &Report, at_ms: u64) {
        let Some(record) = self.record.as_mut() else {
            return;
        };
        let written = match r.earcon {
            Some(earcon) => record.append(
                &earcon.render(),
                EntryInfo {
                    source: Source::Earcon,
                    text: earcon.name().to_owned(),
                    ..EntryInfo::from_report(r, at_ms)
                },
            ),
            None => match r.utterance.and_then(|u| self.capture.take(u)) {
                Some(pcm) if !pcm.samples.is_empty() => Ok(pcm),
                _ => espeak::render(
                    &Speech::words(r.text.as_str()),
                    &self.routing.route(r.listener).voice,
                ),
            }
            .and_then(|pcm| record.append(&pcm, EntryInfo::from_report(r, at_ms))),
        };
        if let Err(e) = written {
            self.record_failed(e);
        }
    }

    fn close(&mut self, id: u64) {
        if let Some(n) = self.open.get_mut(&id) {
            *n -= 1;
            if *n == 0 {
                self.open.remove(&id);
                (self.news)(HeraldNews::Done(id));
            }
        }
    }
}

/// A voice's rate as a person reads it: the words a minute it speaks (the inverse of
/// [`crate::rate_of_wpm`]), `normal speed` for 0.
pub fn spoken_rate(rate: i8) -> String {
    let rate = i32::from(rate);
    if rate == 0 {
        return "normal speed, 175 words a minute".to_owned();
    }
    let wpm = if rate > 0 {
        175 + rate * 175 / 100
    } else {
        175 + rate * 95 / 100
    };
    format!("{wpm} words a minute")
}

#[cfg(test)]
mod rate_tests {
    use super::spoken_rate;

    #[test]
    fn a_rate_reads_as_words_a_minute_and_zero_as_normal_speed() {
        assert_eq!(spoken_rate(0), "normal speed, 175 words a minute");
        assert_eq!(spoken_rate(20), "210 words a minute");
        assert_eq!(spoken_rate(crate::rate_of_wpm(120)), "120 words a minute");
    }
}
