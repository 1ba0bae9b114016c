//! The async shell around a [`Session`]: it has no logic of its own. It reads the
//! devices (serial links from `annabella_devices`), the VI player's words, the arbiter's
//! and the script's inputs; journals and feeds each one with the table time; carries out
//! the effects (voice, clock devices, console lines); re-arms one timer from
//! `poll_timeout`; publishes the table's snapshot on a `tokio::sync::watch`.

use std::{
    io::Write,
    path::PathBuf,
    sync::{Arc, Mutex},
    time::Duration,
};

use annabella_devices::{
    clock::{ClockEvent, TactileClock},
    dgt::{ClockCommand as DgtClockCommand, ClockRun, DgtBoard, DgtConfig, DgtEvent},
    link::LinkConfig,
    peg::{PegBoard, PegEvent},
    proto::{Button, Haptic as DeviceHaptic, Running, Side},
    transport::{Link, PortConfig, PortEvent, spawn},
};
use annabella_table::{ClockButton, ClockCommand, Effect, Haptic, Input, TableView};
use shakmaty::{Color, Square};
use tokio::sync::{mpsc, watch};

use crate::{
    herald::{News, Said, Voice},
    session::{Session, SessionError, TableTime},
};

/// The serial links of one table (any may be absent).
#[derive(Debug, Default)]
pub struct Links {
    /// The VI player's peg board.
    pub peg: Option<Link<PegBoard>>,
    /// The sighted player's DGT board (with a DGT 3000).
    pub dgt: Option<Link<DgtBoard>>,
    /// The tactile clock.
    pub clock: Option<Link<TactileClock>>,
}

impl Links {
    /// Opens the links at these ports (inside a tokio runtime).
    pub fn open(
        peg: Option<PortConfig>,
        dgt: Option<PortConfig>,
        clock: Option<PortConfig>,
    ) -> Links {
        Links {
            peg: peg.map(|c| spawn(c, PegBoard::new(LinkConfig::default()))),
            dgt: dgt.map(|c| spawn(c, DgtBoard::new(DgtConfig::default()))),
            clock: clock.map(|c| spawn(c, TactileClock::new(LinkConfig::default()))),
        }
    }
}

/// One line of what happens at the table, for the console (`--json` prints these).
#[derive(Debug, Clone, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Line {
    /// An input was journalled and handed to the table.
    Input {
        /// Table time, ms.
        at_ms: u64,
        /// Journal record number.
        seq: u64,
        /// The input.
        input: Input,
        /// Why the table refused it, if it did.
        #[serde(skip_serializing_if = "Option::is_none")]
        refused: Option<String>,
    },
    /// An effect of the table.
    Effect {
        /// Table time, ms.
        at_ms: u64,
        /// The effect.
        effect: Effect,
    },
    /// An announcement (or a part of one) a listener heard, or that was cut off.
    Said(Said),
    /// The timings of an utterance heard through the speech front end.
    Utterance {
        /// Table time, ms.
        at_ms: u64,
        /// The journal record of its `heard` input.
        seq: u64,
        /// The timings.
        timing: crate::hearing::HeardTiming,
    },
    /// A device's link changed state or reported a problem.
    Device {
        /// Table time, ms.
        at_ms: u64,
        /// Which device.
        device: &'static str,
        /// What happened.
        text: String,
    },
}

/// What the world outside the devices sends the shell.
#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    /// An input for the table (VI words, assistant, arbiter, console).
    Input(Input),
    /// An utterance heard through the speech front end: the table input and its
    /// timings (journalled beside it).
    Heard {
        /// The `heard` input.
        input: Input,
        /// Its timings.
        timing: crate::hearing::HeardTiming,
    },
    /// Stop the shell (the journal keeps the game; `play` continues it).
    Quit,
}

/// How the shell ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// The game is over.
    GameOver,
    /// A [`Request::Quit`] or the end of all inputs.
    Quit,
}

/// Options of the shell.
pub struct ShellOptions {
    /// Where console lines go (stdout in the CLI).
    pub console: Box<dyn Write + Send>,
    /// JSON lines instead of text.
    pub json: bool,
    /// Stop once the game is over.
    pub stop_at_game_over: bool,
    /// Announcements also go to this list (the script's `expect:` reads it).
    pub heard_log: Option<std::sync::mpsc::Sender<String>>,
    /// Every console line also goes here (the web console's log, see `console_link`).
    pub lines: Option<mpsc::UnboundedSender<Line>>,
    /// The speech front end (grammar per position, muted while we speak, push-to-talk).
    pub ears: Option<crate::hearing::Ears>,
}

impl std::fmt::Debug for ShellOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ShellOptions")
            .field("json", &self.json)
            .field("stop_at_game_over", &self.stop_at_game_over)
            .finish_non_exhaustive()
    }
}

/// The shell's channels: spoken announcements reported done (ids), requests from the
/// world, and the published snapshot.
#[derive(Debug)]
pub struct Channels {
    /// What the voice said, and the ids of announcements it has finished.
    pub done: mpsc::UnboundedReceiver<News>,
    /// Inputs from the console, the keyboard or a script.
    pub requests: mpsc::Receiver<Request>,
    /// Where the table's snapshot is published (the web console watches it).
    pub view: watch::Sender<TableView>,
}

async fn next_of<C: annabella_devices::transport::Codec>(
    link: &mut Option<Link<C>>,
) -> Option<PortEvent<C::Event>> {
    match link {
        Some(l) => match l.next_event().await {
            Some(e) => Some(e),
            None => {
                *link = None;
                std::future::pending().await
            }
        },
        None => std::future::pending().await,
    }
}

fn side(s: Side) -> Color {
    match s {
        Side::White => Color::White,
        Side::Black => Color::Black,
    }
}

fn button(b: Button) -> ClockButton {
    match b {
        Button::TimeQuery => ClockButton::TimeQuery,
        Button::Pause => ClockButton::Pause,
        Button::PushToTalk => ClockButton::PushToTalk,
    }
}

fn squares(bb: shakmaty::Bitboard) -> Vec<Square> {
    bb.into_iter().collect()
}

/// The shell's state while it runs.
struct Shell {
    session: Session,
    time: TableTime,
    links: Links,
    voice: Option<Voice>,
    options: ShellOptions,
    view: watch::Sender<TableView>,
    done_rx: mpsc::UnboundedReceiver<News>,
}

impl Shell {
    fn print(&mut self, line: &Line) {
        if let Some(tx) = &self.options.lines {
            let _ = tx.send(line.clone());
        }
        let text = if self.options.json {
            serde_json::to_string(line).unwrap_or_default()
        } else {
            human(line)
        };
        let _ = writeln!(self.options.console, "{text}");
        let _ = self.options.console.flush();
    }

    fn device(&mut self, device: &'static str, text: String) {
        let at_ms = self.time.now().as_millis() as u64;
        self.print(&Line::Device {
            at_ms,
            device,
            text,
        });
    }

    /// Journals and feeds one input, then carries out its effects.
    fn feed(&mut self, input: Input) -> Result<bool, SessionError> {
        let now = self.time.now();
        let (effects, refused) = self.session.feed(now, input.clone())?;
        let at_ms = self.session.journal().last_now().as_millis() as u64;
        let seq = self.session.journal().len();
        self.print(&Line::Input {
            at_ms,
            seq,
            input,
            refused,
        });
        let mut over = false;
        for effect in effects {
            over |= matches!(effect, Effect::GameOver(_));
            self.carry_out(at_ms, effect);
        }
        if over {
            self.session.finish(Duration::from_millis(at_ms))?;
        }
        self.view.send_replace(self.session.table().snapshot());
        Ok(over)
    }

    /// Journals an utterance's timings beside its `heard` record (the last one).
    fn journal_timing(
        &mut self,
        mut timing: crate::hearing::HeardTiming,
    ) -> Result<(), SessionError> {
        if let Some(v) = &self.voice {
            v.record_player(
                std::mem::take(&mut timing.audio),
                timing.speech_start_ms,
                timing.words.clone(),
            );
        }
        let seq = self.session.journal().len();
        self.session
            .journal_mut()
            .set_meta(&crate::hearing::timing_key(seq), &timing)
            .map_err(SessionError::from)?;
        let at_ms = self.session.journal().last_now().as_millis() as u64;
        self.print(&Line::Utterance { at_ms, seq, timing });
        Ok(())
    }

    fn carry_out(&mut self, at_ms: u64, effect: Effect) {
        match &effect {
            Effect::Announce(a) => {
                if let Some(log) = &self.options.heard_log {
                    let _ = log.send(a.text.clone());
                }
                if let Some(v) = &self.voice {
                    v.say(a.clone());
                }
            }
            Effect::Clock(ClockCommand::Set {
                white,
                black,
                running,
            }) => {
                let (w, b) = (*white, *black);
                let run = match running {
                    None => Running::None,
                    Some(Color::White) => Running::White,
                    Some(Color::Black) => Running::Black,
                };
                if let Some(c) = &self.links.clock {
                    c.command(move |c, now| c.set_and_run(now, w, b, run));
                }
                if let Some(d) = &self.links.dgt {
                    let run = match running {
                        None => ClockRun::Paused,
                        Some(Color::White) => ClockRun::Left,
                        Some(Color::Black) => ClockRun::Right,
                    };
                    d.command(move |d, now| {
                        d.clock_command(
                            now,
                            DgtClockCommand::SetAndRun {
                                left: w,
                                right: b,
                                run,
                            },
                        );
                    });
                }
            }
            Effect::MuteMic | Effect::UnmuteMic => {
                if let Some(e) = &self.options.ears {
                    e.muted(matches!(effect, Effect::MuteMic));
                }
            }
            Effect::Position { .. } => {
                if let Some(e) = &self.options.ears {
                    e.set_position(self.session.table().game().position().clone());
                }
            }
            Effect::StopSpeaking => {
                if let Some(v) = &self.voice {
                    v.stop();
                }
            }
            Effect::Clock(ClockCommand::Haptic { pattern }) => {
                let pattern = match pattern {
                    Haptic::Flag => DeviceHaptic::Flag,
                    Haptic::Attention => DeviceHaptic::Attention,
                    Haptic::MinuteTick => DeviceHaptic::MinuteTick,
                };
                if let Some(c) = &self.links.clock {
                    c.command(move |c, now| c.haptic(now, pattern, 1));
                }
            }
            _ => {}
        }
        self.print(&Line::Effect { at_ms, effect });
    }

    fn peg_input(&mut self, event: PortEvent<PegEvent>) -> Option<Input> {
        match event {
            PortEvent::Device(PegEvent::Snapshot { occupancy, .. }) => Some(Input::PegSnapshot {
                occupied: squares(occupancy),
            }),
            PortEvent::Device(PegEvent::Lift { square, .. }) => Some(Input::PegLift { square }),
            PortEvent::Device(PegEvent::Place { square, .. }) => Some(Input::PegPlace { square }),
            other => {
                self.device("peg_board", describe(&other));
                None
            }
        }
    }

    fn dgt_input(&mut self, event: PortEvent<DgtEvent>) -> Option<Input> {
        match event {
            PortEvent::Device(DgtEvent::Snapshot(board)) => Some(Input::SightedBoard {
                placement: board.to_string(),
            }),
            PortEvent::Device(DgtEvent::FieldUpdate {
                square,
                piece: None,
            }) => Some(Input::SightedLift { square }),
            PortEvent::Device(
                DgtEvent::FieldUpdate { .. }
                | DgtEvent::ClockTimes(_)
                | DgtEvent::ClockAck(_)
                | DgtEvent::SerialNumber(_)
                | DgtEvent::Trademark(_),
            ) => None,
            other => {
                self.device("dgt", describe(&other));
                None
            }
        }
    }

    fn clock_input(&mut self, event: PortEvent<ClockEvent>) -> Option<Input> {
        match event {
            PortEvent::Device(ClockEvent::Lever { side: s, .. }) => {
                Some(Input::Lever { side: side(s) })
            }
            PortEvent::Device(ClockEvent::Button {
                button: b, pressed, ..
            }) => {
                if b == Button::PushToTalk
                    && let Some(e) = &self.options.ears
                {
                    e.talk(pressed);
                }
                Some(if pressed {
                    Input::Button { button: button(b) }
                } else {
                    Input::ButtonReleased { button: button(b) }
                })
            }
            PortEvent::Device(ClockEvent::State { .. }) => None,
            other => {
                self.device("clock", describe(&other));
                None
            }
        }
    }

    /// Sets the clock devices to the table's clock (after a start or a restart).
    fn sync_clocks(&mut self) {
        let table = self.session.table();
        let now = self.time.now().max(table.now());
        let clock = table.clock();
        let white = clock.remaining(Color::White, now);
        let black = clock.remaining(Color::Black, now);
        let running = clock.running();
        let at_ms = now.as_millis() as u64;
        self.carry_out(
            at_ms,
            Effect::Clock(ClockCommand::Set {
                white,
                black,
                running,
            }),
        );
    }
}

fn describe<E: std::fmt::Debug>(event: &PortEvent<E>) -> String {
    match event {
        PortEvent::Opened { path, reconnect } => format!(
            "{} {}",
            if *reconnect { "reopened" } else { "opened" },
            path.display()
        ),
        PortEvent::Lost { reason } => format!("lost: {reason}"),
        PortEvent::OpenFailed { reason } => format!("cannot open: {reason}"),
        PortEvent::Device(e) => format!("{e:?}"),
    }
}

/// A console line in words.
pub fn human(line: &Line) -> String {
    let secs = |ms: u64| format!("{:>8.3}", ms as f64 / 1000.0);
    match line {
        Line::Input {
            at_ms,
            seq,
            input,
            refused,
        } => {
            let mut s = format!(
                "{} #{seq:<4} < {}",
                secs(*at_ms),
                serde_json::to_string(input).unwrap_or_default()
            );
            if let Some(r) = refused {
                s.push_str(&format!("  (refused: {r})"));
            }
            s
        }
        Line::Effect { at_ms, effect } => {
            let what = match effect {
                Effect::Announce(a) => format!("say to {:?}: {}", a.to, a.text),
                Effect::RecordMove(m) => format!(
                    "move {}{} {}  [%clk {}]",
                    m.ply.div_ceil(2),
                    if m.color == Color::White { "." } else { "..." },
                    m.san,
                    annabella_table::pgn::clk(m.clock)
                ),
                Effect::ArbiterAlert(a) => format!("ARBITER {:?}: {}", a.kind, a.detail),
                Effect::GameOver(g) => format!("GAME OVER {} ({})", g.result, g.termination),
                other => serde_json::to_string(other).unwrap_or_default(),
            };
            format!("{}       > {what}", secs(*at_ms))
        }
        Line::Utterance { at_ms, seq, timing } => format!(
            "{}       ) #{seq} heard {:?}: speech {}–{} ms, result at {} ms ({:.0} ms after the last word, {}), rtf {:.3}",
            secs(*at_ms),
            timing.words,
            timing.speech_start_ms,
            timing.last_word_end_ms,
            timing.final_ms,
            timing.speech_end_to_final_ms,
            timing.ended_by,
            timing.rtf
        ),
        Line::Said(s) => format!(
            "{}       ) {} heard ({}, {:?}): {}",
            secs(s.at_ms),
            s.listener,
            s.backend.name(),
            s.outcome,
            s.text
        ),
        Line::Device {
            at_ms,
            device,
            text,
        } => format!("{}       ! {device}: {text}", secs(*at_ms)),
    }
}

/// Runs a table until the game is over (with `stop_at_game_over`) or a [`Request::Quit`].
///
/// Device inputs, requests and the table's timer are fed in the order they come; each
/// is journalled before its effects run. The clock devices are set to the table's clock
/// when the shell starts (a restarted station puts them right).
///
/// # Errors
/// When the journal cannot be written: the shell stops rather than act on an input it
/// could not record.
pub async fn run(
    session: Session,
    time: TableTime,
    links: Links,
    voice: Option<Voice>,
    channels: Channels,
    options: ShellOptions,
) -> Result<(Ending, Session, Option<Voice>), SessionError> {
    let Channels {
        done: done_rx,
        mut requests,
        view,
    } = channels;
    view.send_replace(session.table().snapshot());
    let mut shell = Shell {
        session,
        time,
        links,
        voice,
        options,
        view,
        done_rx,
    };
    if shell.session.table().snapshot().started {
        shell.sync_clocks();
    }
    let ending = loop {
        let mut heard_timing: Option<crate::hearing::HeardTiming> = None;
        let deadline = shell
            .session
            .table()
            .poll_timeout()
            .map(|at| tokio::time::Instant::from_std(shell.time.instant_of(at)));
        let timer = async {
            match deadline {
                Some(d) => tokio::time::sleep_until(d).await,
                None => std::future::pending().await,
            }
        };
        let input = tokio::select! {
            biased;
            Some(news) = shell.done_rx.recv() => match news {
                News::Done(id) => Some(Input::AnnouncementDone { id }),
                News::Said(s) => {
                    shell.print(&Line::Said(s));
                    None
                }
            },
            Some(e) = next_of(&mut shell.links.peg) => shell.peg_input(e),
            Some(e) = next_of(&mut shell.links.dgt) => shell.dgt_input(e),
            Some(e) = next_of(&mut shell.links.clock) => shell.clock_input(e),
            r = requests.recv() => match r {
                Some(Request::Input(i)) => Some(i),
                Some(Request::Heard { input, timing }) => {
                    heard_timing = Some(timing);
                    Some(input)
                }
                Some(Request::Quit) | None => break Ending::Quit,
            },
            () = timer => Some(Input::Tick),
        };
        let over = match input {
            Some(input) => shell.feed(input)?,
            None => false,
        };
        if let Some(timing) = heard_timing.take() {
            shell.journal_timing(timing)?;
        }
        if over && shell.options.stop_at_game_over {
            break Ending::GameOver;
        }
    };
    let mut voice = shell.voice.take();
    if let Some(v) = voice.as_mut() {
        v.finish();
    }
    // What the voice said after the last input (the game's last announcements) is
    // still shown, so the console and `--json` tell everything that was heard.
    while let Ok(news) = shell.done_rx.try_recv() {
        if let News::Said(s) = news {
            shell.print(&Line::Said(s));
        }
    }
    Ok((ending, shell.session, voice))
}

/// A place to collect console lines in memory (tests, the demo's summary).
#[derive(Debug, Clone, Default)]
pub struct SharedBuffer(pub Arc<Mutex<Vec<u8>>>);

impl Write for SharedBuffer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("not poisoned").extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Where a table's records go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordPaths {
    /// The journal.
    pub journal: PathBuf,
    /// The PGN.
    pub pgn: PathBuf,
    /// The Braille scoresheet.
    pub brf: PathBuf,
}

impl RecordPaths {
    /// The standard names in `dir`.
    pub fn in_dir(dir: &std::path::Path) -> RecordPaths {
        RecordPaths {
            journal: dir.join("game.journal"),
            pgn: dir.join("game.pgn"),
            brf: dir.join("game.brf"),
        }
    }
}
