//! The herald: speaks the table's announcements through `annabella_voice::Speakers`
//! and keeps the audio record of the game (Law D.2.7: the VI player may keep the score
//! on a recording).
//!
//! Each listener (VI player, sighted player) has a back end, a voice and a rate from
//! `table.toml` (`[voice.vi]`, `[voice.sighted]`). `auto` takes speech-dispatcher when
//! its socket answers, else espeak-ng, else text. Listeners with the same back end share
//! one speaker (one queue: they never talk over each other), each in their own voice;
//! different back ends are separate outputs. espeak-ng plays on the sound device when
//! there is one; without one (a server, this build machine) its audio goes only into
//! the audio record.
//!
//! Every announcement heard (or cut off) is reported as [`Said`] and, when the whole
//! announcement is over, as [`News::Done`] with the table's id so it can open the
//! microphone again. The audio record (`announcements.wav` + index
//! `announcements.jsonl`, `annabella_voice::record`) gets every announcement that began.

use std::{
    collections::HashMap,
    io::{Read, Write},
    os::unix::net::UnixStream,
    path::{Path, PathBuf},
    sync::{Arc, Mutex, PoisonError, mpsc},
    thread,
    time::{Duration, Instant},
};

use annabella_phonetic::Language;
use annabella_table::{AnnounceKind, Announcement as TableAnnouncement, Listener as TableListener};
use annabella_voice::{
    Announcement, Announcer, EventSender, Listener, Priority, Route, Routing, Speakers, Speech,
    SpeechEvent, SpeechEventKind, VoiceError, VoiceSettings,
    espeak::{self, Espeak, EspeakOutput, Pcm, PcmSink},
    queue::{AnnouncementId, MoveRef, Outcome, UtteranceId},
    record::{AudioRecord, EntryInfo, Source},
    speechd::SpeechDispatcher,
};
use serde::Serialize;

use crate::{
    config::{Backend, StationConfig},
    session::TableTime,
};

/// One listener's voice as configured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListenerVoice {
    /// The configured back end (`auto` is resolved at start).
    pub backend: Backend,
    /// Language, voice name, rate.
    pub settings: VoiceSettings,
}

/// How both listeners are to be spoken to, before the back ends are looked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VoicePlan {
    /// The VI player.
    pub vi: ListenerVoice,
    /// The sighted player.
    pub sighted: ListenerVoice,
}

/// espeak-ng-style words per minute → the voice crate's rate (-100 … 100, 175 wpm = 0).
pub fn rate_of_wpm(wpm: u32) -> i8 {
    let wpm = i64::from(wpm);
    let rate = if wpm >= 175 {
        ((wpm - 175) * 100 + 87) / 175
    } else {
        -(((175 - wpm) * 100 + 47) / 95)
    };
    rate.clamp(-100, 100) as i8
}

fn listener_voice(v: &crate::config::Voice, language: Language) -> ListenerVoice {
    let mut settings = VoiceSettings::for_language(language);
    if !v.voice.eq_ignore_ascii_case(language.code()) {
        settings.voice = Some(v.voice.clone());
    }
    if let Some(wpm) = v.rate {
        settings.rate = rate_of_wpm(wpm);
    }
    ListenerVoice {
        backend: v.backend,
        settings,
    }
}

impl VoicePlan {
    /// The voices of `table.toml`.
    pub fn from_config(config: &StationConfig) -> VoicePlan {
        VoicePlan {
            vi: listener_voice(&config.vi_voice, config.game.vi_language),
            sighted: listener_voice(&config.sighted_voice, config.game.sighted_language),
        }
    }

    /// The same voices for the languages the table speaks (a continued journal keeps
    /// its own languages).
    pub fn with_languages(mut self, vi: Language, sighted: Language) -> VoicePlan {
        self.vi.settings.language = vi.code().to_owned();
        self.sighted.settings.language = sighted.code().to_owned();
        self
    }

    /// Text only for both (no sound, no audio record).
    pub fn text(mut self) -> VoicePlan {
        self.vi.backend = Backend::Text;
        self.sighted.backend = Backend::Text;
        self
    }
}

/// A back end as found at start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Found {
    /// speech-dispatcher.
    Speechd,
    /// espeak-ng on the sound device.
    EspeakSpeaker,
    /// espeak-ng into the audio record only (no sound device).
    EspeakRecord,
    /// Printed text only.
    Text,
    /// Silent.
    None,
}

impl Found {
    /// The back end's name for messages.
    pub fn name(self) -> &'static str {
        match self {
            Found::Speechd => "speech-dispatcher",
            Found::EspeakSpeaker => "espeak-ng",
            Found::EspeakRecord => "espeak-ng (into the audio record: no sound device)",
            Found::Text => "text",
            Found::None => "none",
        }
    }

    fn audible(self) -> bool {
        matches!(
            self,
            Found::Speechd | Found::EspeakSpeaker | Found::EspeakRecord
        )
    }

    fn same_output(self, other: Found) -> bool {
        self == other || (!self.audible() && !other.audible())
    }
}

/// Why the herald could not start.
#[derive(Debug, thiserror::Error)]
#[error("voice.{listener}: {message}")]
pub struct HeraldError {
    /// `vi` or `sighted` (the config section).
    pub listener: &'static str,
    /// What is wrong.
    pub message: String,
}

/// The speech-dispatcher socket a client would use: `SPEECHD_ADDRESS`
/// (`unix_socket:PATH`), else the user's runtime directory.
fn speechd_socket() -> Option<PathBuf> {
    if let Ok(address) = std::env::var("SPEECHD_ADDRESS") {
        return address.strip_prefix("unix_socket:").map(PathBuf::from);
    }
    let runtime = std::env::var_os("XDG_RUNTIME_DIR")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".cache")))?;
    Some(runtime.join("speech-dispatcher/speechd.sock"))
}

/// Whether a speech-dispatcher answers on its socket (without starting one).
pub fn speechd_answers() -> bool {
    let Some(socket) = speechd_socket() else {
        // An inet address: let the client library try.
        return std::env::var("SPEECHD_ADDRESS").is_ok_and(|a| a.starts_with("inet_socket:"));
    };
    let Ok(mut stream) = UnixStream::connect(&socket) else {
        return false;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
    if stream.write_all(b"QUIT\r\n").is_err() {
        return false;
    }
    let mut reply = [0u8; 3];
    stream.read_exact(&mut reply).is_ok() && reply.iter().all(u8::is_ascii_digit)
}

/// Whether espeak-ng can play aloud here (an ALSA card or a PulseAudio server).
fn sound_device() -> bool {
    let alsa = std::fs::read_to_string("/proc/asound/cards")
        .is_ok_and(|c| !c.trim().is_empty() && !c.contains("no soundcards"));
    let pulse = std::env::var_os("PULSE_SERVER").is_some()
        || std::env::var_os("XDG_RUNTIME_DIR")
            .is_some_and(|d| Path::new(&d).join("pulse/native").exists());
    alsa || pulse
}

fn find(listener: &'static str, v: &ListenerVoice) -> Result<Found, HeraldError> {
    let fail = |message: String| HeraldError { listener, message };
    let espeak = || {
        Espeak::check().map_err(|e| fail(format!("{e} (scripts/setup.sh installs espeak-ng)")))?;
        espeak::check_voice(&v.settings).map_err(|e| fail(e.to_string()))?;
        Ok(if sound_device() {
            Found::EspeakSpeaker
        } else {
            Found::EspeakRecord
        })
    };
    match v.backend {
        Backend::Auto if speechd_answers() => Ok(Found::Speechd),
        Backend::Auto => espeak().or(Ok(Found::Text)),
        Backend::Speechd => Ok(Found::Speechd),
        Backend::Espeak => espeak(),
        Backend::Text => Ok(Found::Text),
        Backend::None => Ok(Found::None),
    }
}

/// An announcement heard by a listener (or cut off, or dropped).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Said {
    /// Table time it began (or was dropped), ms.
    pub at_ms: u64,
    /// Who heard it.
    pub listener: Listener,
    /// The back end.
    pub backend: Found,
    /// The words.
    pub text: String,
    /// How it ended.
    pub outcome: Outcome,
    /// The table's announcement id.
    pub id: u64,
}

/// What the herald tells the shell.
#[derive(Debug, Clone, PartialEq)]
pub enum News {
    /// A part of an announcement was said (or cut off, or dropped).
    Said(Said),
    /// The table's announcement `id` is over: the microphone may open.
    Done(u64),
}

enum Msg {
    Say(TableAnnouncement),
    Player(Pcm, u64, String),
    Stop,
    Event(SpeechEvent),
    Close,
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
    fn speak(&mut self, u: UtteranceId, _: &Speech, _: &VoiceSettings) -> Result<(), VoiceError> {
        for kind in [SpeechEventKind::Started, SpeechEventKind::Finished] {
            let _ = self.0.send(SpeechEvent { utterance: u, kind });
        }
        Ok(())
    }

    fn cancel(&mut self) -> Result<(), VoiceError> {
        Ok(())
    }

    fn name(&self) -> &'static str {
        "text"
    }
}

/// A running herald: announcements in, [`News`] out.
#[derive(Debug)]
pub struct Voice {
    jobs: mpsc::Sender<Msg>,
    thread: Option<thread::JoinHandle<()>>,
    /// The audio record, if any.
    pub record: Option<PathBuf>,
    /// The back end each listener hears (VI player, sighted player).
    pub found: (Found, Found),
}

impl std::fmt::Debug for Msg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Msg")
    }
}

/// Where the herald keeps the audio record.
#[derive(Debug, Clone)]
pub struct RecordAt {
    /// The records directory (`announcements.wav`, `announcements.jsonl`).
    pub dir: PathBuf,
    /// Continue an existing record (a restarted `play`) instead of replacing it.
    pub continue_existing: bool,
}

struct Running {
    speakers: Speakers,
    found: Vec<Found>,
    routing: Routing,
    capture: Capture,
    record: Option<AudioRecord>,
    time: TableTime,
    /// (output, announcement) → (table id, number of parts).
    pending: HashMap<(usize, AnnouncementId), (u64, usize)>,
    /// table id → voice announcements still going on.
    open: HashMap<u64, usize>,
    news: Box<dyn Fn(News) + Send>,
}

impl Voice {
    /// Finds the back ends of `plan`, connects them and starts the herald's thread.
    /// `news` receives what was said and when each announcement is over.
    ///
    /// # Errors
    /// When a configured back end or voice is not available (speech-dispatcher not
    /// answering, espeak-ng missing, an unknown espeak-ng voice), or the audio record
    /// cannot be opened.
    pub fn start(
        plan: &VoicePlan,
        record_at: Option<&RecordAt>,
        time: TableTime,
        news: impl Fn(News) + Send + 'static,
    ) -> Result<Voice, HeraldError> {
        let found_vi = find("vi", &plan.vi)?;
        let found_sighted = find("sighted", &plan.sighted)?;
        let (jobs, rx) = mpsc::channel::<Msg>();
        let (ev_tx, ev_rx) = mpsc::channel::<SpeechEvent>();
        let forward = jobs.clone();
        thread::Builder::new()
            .name("annabella-voice-events".into())
            .spawn(move || {
                for e in ev_rx {
                    if forward.send(Msg::Event(e)).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| HeraldError {
                listener: "vi",
                message: format!("cannot start a thread: {e}"),
            })?;
        let route = |v: &ListenerVoice, output: usize| Route {
            voice: v.settings.clone(),
            ..Route::new(output, language_of(&v.settings))
        };
        let shared = found_vi.same_output(found_sighted);
        let (routing, found) = if shared {
            (
                Routing {
                    vi_player: route(&plan.vi, 0),
                    sighted_player: route(&plan.sighted, 0),
                },
                vec![(found_vi, "vi")],
            )
        } else {
            (
                Routing {
                    vi_player: route(&plan.vi, 0),
                    sighted_player: route(&plan.sighted, 1),
                },
                vec![(found_vi, "vi"), (found_sighted, "sighted")],
            )
        };
        let recording = (found_vi.audible() || found_sighted.audible()) && Espeak::check().is_ok();
        let (record, record_path) = match record_at.filter(|_| recording) {
            Some(at) => {
                let wav = at.dir.join("announcements.wav");
                let index = at.dir.join("announcements.jsonl");
                let r = if at.continue_existing {
                    AudioRecord::open(&wav, &index)
                } else {
                    AudioRecord::create(&wav, &index)
                };
                let r = r.map_err(|e| HeraldError {
                    listener: "vi",
                    message: format!("audio record: {e}"),
                })?;
                (Some(r), Some(wav))
            }
            None => (None, None),
        };
        // The back ends are not `Send` (speech-dispatcher's client): they are made on
        // the herald's own thread, which reports whether they started.
        let (ready_tx, ready_rx) = mpsc::sync_channel::<Result<(), HeraldError>>(1);
        let news: Box<dyn Fn(News) + Send> = Box::new(news);
        let thread = thread::Builder::new()
            .name("annabella-herald".into())
            .spawn(move || {
                let capture = Capture::default();
                let mut announcers: Vec<Box<dyn Announcer>> = Vec::new();
                for &(f, listener) in &found {
                    match make(f, listener, &ev_tx, &capture) {
                        Ok(a) => announcers.push(a),
                        Err(e) => {
                            let _ = ready_tx.send(Err(e));
                            return;
                        }
                    }
                }
                drop(ev_tx);
                let speakers = match Speakers::new(routing.clone(), announcers) {
                    Ok(s) => s,
                    Err(e) => {
                        let _ = ready_tx.send(Err(HeraldError {
                            listener: "vi",
                            message: e.to_string(),
                        }));
                        return;
                    }
                };
                let _ = ready_tx.send(Ok(()));
                let mut running = Running {
                    speakers,
                    found: found.iter().map(|f| f.0).collect(),
                    routing,
                    capture,
                    record,
                    time,
                    pending: HashMap::new(),
                    open: HashMap::new(),
                    news,
                };
                running.run(&rx);
            })
            .map_err(|e| HeraldError {
                listener: "vi",
                message: format!("cannot start a thread: {e}"),
            })?;
        let ready = ready_rx.recv().unwrap_or_else(|_| {
            Err(HeraldError {
                listener: "vi",
                message: "the voice thread stopped at start".into(),
            })
        });
        if let Err(e) = ready {
            let _ = thread.join();
            return Err(e);
        }
        Ok(Voice {
            jobs,
            thread: Some(thread),
            record: record_path,
            found: (found_vi, found_sighted),
        })
    }

    /// One line naming each listener's back end and voice, for the start message.
    pub fn describe(&self, plan: &VoicePlan) -> String {
        let one = |f: Found, v: &VoiceSettings| {
            format!(
                "{} ({}{}, rate {})",
                f.name(),
                v.language,
                v.voice
                    .as_ref()
                    .map(|n| format!(", voice {n}"))
                    .unwrap_or_default(),
                v.rate
            )
        };
        format!(
            "VI player: {}; sighted player: {}",
            one(self.found.0, &plan.vi.settings),
            one(self.found.1, &plan.sighted.settings)
        )
    }

    /// Queues an announcement of the table.
    pub fn say(&self, announcement: TableAnnouncement) {
        let _ = self.jobs.send(Msg::Say(announcement));
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

impl Drop for Voice {
    fn drop(&mut self) {
        self.finish();
    }
}

fn make(
    found: Found,
    listener: &'static str,
    events: &EventSender,
    capture: &Capture,
) -> Result<Box<dyn Announcer>, HeraldError> {
    Ok(match found {
        Found::Speechd => {
            Box::new(
                SpeechDispatcher::new(events.clone()).map_err(|e| HeraldError {
                    listener,
                    message: e.to_string(),
                })?,
            )
        }
        Found::EspeakSpeaker => Box::new(Espeak::new(events.clone(), EspeakOutput::Speaker)),
        Found::EspeakRecord => Box::new(Espeak::new(
            events.clone(),
            EspeakOutput::Sink(Box::new(capture.clone())),
        )),
        Found::Text | Found::None => Box::new(Printed(events.clone())),
    })
}

fn language_of(v: &VoiceSettings) -> Language {
    Language::ALL
        .into_iter()
        .find(|l| l.code() == v.language)
        .unwrap_or(Language::De)
}

impl Running {
    fn run(&mut self, rx: &mpsc::Receiver<Msg>) {
        let mut closing: Option<Instant> = None;
        loop {
            let now = Instant::now();
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
                Some(t) => rx.recv_timeout(t.saturating_duration_since(now)),
                None => rx.recv().map_err(|_| mpsc::RecvTimeoutError::Disconnected),
            };
            let now = Instant::now();
            match msg {
                Ok(Msg::Say(a)) => self.say(now, a),
                Ok(Msg::Stop) => self.speakers.stop(now, Listener::ViPlayer),
                Ok(Msg::Player(pcm, time_ms, text)) => {
                    if let Some(record) = self.record.as_mut() {
                        let info = EntryInfo {
                            time_ms,
                            move_ref: None,
                            source: Source::Player,
                            listener: Listener::ViPlayer,
                            text,
                            outcome: None,
                        };
                        if let Err(e) = record.append(&pcm, info) {
                            eprintln!("annabella: audio record: {e}");
                        }
                    }
                }
                Ok(Msg::Event(e)) => self.speakers.handle_event(now, e),
                Ok(Msg::Close) => closing = Some(now + Duration::from_secs(30)),
                Err(mpsc::RecvTimeoutError::Timeout) => self.speakers.handle_timeout(now),
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            self.reports(now);
        }
        if let Some(r) = self.record.take()
            && let Err(e) = r.finish()
        {
            eprintln!("annabella: audio record: {e}");
        }
    }

    fn say(&mut self, now: Instant, a: TableAnnouncement) {
        let listeners: &[Listener] = match a.to {
            TableListener::ViPlayer => &[Listener::ViPlayer],
            TableListener::SightedPlayer => &[Listener::SightedPlayer],
            TableListener::Both
                if self.routing.vi_player.output != self.routing.sighted_player.output =>
            {
                &[Listener::ViPlayer, Listener::SightedPlayer]
            }
            TableListener::Both => &[Listener::ViPlayer],
        };
        let speech = Speech::words(a.text.as_str());
        for &listener in listeners {
            let announcement = match a.kind {
                AnnounceKind::ReadBack | AnnounceKind::OpponentMove => Announcement {
                    listener,
                    priority: Priority::Move,
                    parts: vec![speech.clone()],
                    move_ref: None::<MoveRef>,
                    expires: None,
                },
                AnnounceKind::Clock if a.priority == annabella_table::Priority::Low => {
                    Announcement::clock_notice(listener, speech.clone(), None)
                }
                _ => Announcement::answer(listener, speech.clone()),
            };
            let parts = announcement.parts.len();
            let output = self.routing.route(listener).output;
            let id = self.speakers.announce(now, announcement);
            self.pending.insert((output, id), (a.id, parts));
            *self.open.entry(a.id).or_default() += 1;
        }
    }

    fn table_ms(&self, at: Instant) -> u64 {
        let ago = Instant::now().saturating_duration_since(at);
        self.time.now().saturating_sub(ago).as_millis() as u64
    }

    fn reports(&mut self, _now: Instant) {
        while let Some((u, e)) = self.speakers.poll_error() {
            eprintln!("annabella: voice (output {}): {e}", u.output);
        }
        while let Some(r) = self.speakers.poll_report() {
            let output = self.routing.route(r.listener).output;
            let key = (output, r.announcement);
            let Some(&(id, parts)) = self.pending.get(&key) else {
                continue;
            };
            let at_ms = self.table_ms(r.started.unwrap_or(r.ended));
            let backend = self.found.get(output).copied().unwrap_or(Found::Text);
            if let Some(record) = self
                .record
                .as_mut()
                .filter(|_| r.started.is_some() && backend.audible())
            {
                let pcm = match r.utterance.and_then(|u| self.capture.take(u)) {
                    Some(pcm) if !pcm.samples.is_empty() => Ok(pcm),
                    _ => espeak::render(
                        &Speech::words(r.text.as_str()),
                        &self.routing.route(r.listener).voice,
                    ),
                };
                let written =
                    pcm.and_then(|pcm| record.append(&pcm, EntryInfo::from_report(&r, at_ms)));
                if let Err(e) = written {
                    eprintln!("annabella: audio record: {e}");
                }
            }
            (self.news)(News::Said(Said {
                at_ms,
                listener: r.listener,
                backend,
                text: r.text.clone(),
                outcome: r.outcome,
                id,
            }));
            let over = r.part.is_none()
                || !matches!(
                    r.outcome,
                    Outcome::Interrupted | Outcome::Skipped | Outcome::Spoken | Outcome::Failed
                )
                || r.part == Some(parts - 1);
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

    fn close(&mut self, id: u64) {
        if let Some(n) = self.open.get_mut(&id) {
            *n -= 1;
            if *n == 0 {
                self.open.remove(&id);
                (self.news)(News::Done(id));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_per_minute_become_the_same_espeak_rate() {
        for wpm in [80, 120, 160, 175, 200, 260, 300, 350] {
            let mut v = VoiceSettings::for_language(Language::De);
            v.rate = rate_of_wpm(wpm);
            let back = v.espeak_words_per_minute();
            assert!(
                back.abs_diff(wpm) <= 1,
                "{wpm} wpm → rate {} → {back}",
                v.rate
            );
        }
        assert_eq!(rate_of_wpm(175), 0);
        assert_eq!(rate_of_wpm(80), -100);
        assert_eq!(rate_of_wpm(350), 100);
    }

    #[test]
    fn a_voice_named_like_the_language_is_the_default_voice() {
        let v = |voice: &str, rate| crate::config::Voice {
            backend: Backend::Auto,
            voice: voice.into(),
            rate,
        };
        let de = listener_voice(&v("de", None), Language::De);
        assert_eq!(de.settings, VoiceSettings::for_language(Language::De));
        let f3 = listener_voice(&v("de+f3", Some(300)), Language::De);
        assert_eq!(f3.settings.voice.as_deref(), Some("de+f3"));
        assert_eq!(f3.settings.rate, 71);
    }

    #[test]
    fn no_speech_dispatcher_socket_means_it_does_not_answer() {
        let dir = tempfile::tempdir().unwrap();
        // SAFETY: the only test of this binary that reads SPEECHD_ADDRESS.
        unsafe {
            std::env::set_var(
                "SPEECHD_ADDRESS",
                format!("unix_socket:{}", dir.path().join("none").display()),
            );
        }
        assert!(!speechd_answers());
    }
}
