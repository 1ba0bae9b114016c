//! What `annabella devices watch` prints: one device's link, its events fed into the
//! table's move detector ([`annabella_table::detect`], the same one the table uses), as
//! [`WatchEvent`]s (one JSON object each). A [`Watcher`] starts a tokio task: create it
//! inside a tokio runtime. (The station does not use this: its shell feeds the device
//! events to the table itself.)

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use annabella_devices::clock::{ClockEvent, TactileClock};
use annabella_devices::dgt::{DgtBoard, DgtEvent};
use annabella_devices::link::LinkConfig;
use annabella_devices::peg::{PegBoard, PegEvent};
use annabella_devices::proto::{Button, ButtonChange, LeverPress, Running};
use annabella_devices::transport::{Codec, Link, PortConfig, PortEvent, spawn};
use annabella_phonetic::Language;
use annabella_phonetic::messages::{FluentValue, Messages};
use annabella_table::detect::{
    DetectConfig, Detection, Difference, OccupancyTracker, SnapshotMatcher,
};
use serde::Serialize;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position, Square};

/// One thing the device reported or the detector saw (one JSON line).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum WatchEvent {
    /// The port is open; the full state is being re-read.
    Opened {
        /// Port path.
        path: String,
        /// After a gap.
        reconnect: bool,
    },
    /// The link failed: a gap. No move is inferred across it.
    Lost {
        /// Why.
        reason: String,
    },
    /// The port cannot be opened (retrying).
    OpenFailed {
        /// Why.
        reason: String,
    },
    /// The device identified itself.
    Hello {
        /// Protocol version or firmware, as text.
        version: String,
    },
    /// A legal move was made on the board.
    Move {
        /// UCI notation.
        uci: String,
    },
    /// A promotion awaits its piece from the announcement.
    PromotionPending {
        /// From square.
        from: String,
        /// To square.
        to: String,
    },
    /// Several legal moves fit.
    Ambiguous {
        /// UCI of each.
        candidates: Vec<String>,
    },
    /// The board matches the game.
    InSync,
    /// The board differs from the game (stable).
    Mismatch {
        /// The differences.
        differences: Vec<Difference>,
        /// Instructions in English.
        en: Vec<String>,
        /// Instructions in German.
        de: Vec<String>,
    },
    /// A piece was touched (lifted).
    Touched {
        /// Square.
        square: String,
        /// Piece letter (FEN).
        piece: String,
        /// Device time.
        time_ms: u32,
    },
    /// Raw lift of a peg.
    Lift {
        /// Square.
        square: String,
        /// Device time.
        time_ms: u32,
    },
    /// Raw place of a peg.
    Place {
        /// Square.
        square: String,
        /// Device time.
        time_ms: u32,
    },
    /// A clock lever was pressed.
    Lever {
        /// Whose (`"white"` / `"black"`).
        #[serde(serialize_with = "annabella_rules::text_serde::serialize")]
        side: shakmaty::Color,
        /// Device time.
        time_ms: u32,
    },
    /// A clock button.
    Button {
        /// Which.
        button: Button,
        /// Pressed or released.
        pressed: bool,
        /// Device time.
        time_ms: u32,
    },
    /// The DGT 3000's connection, run state or battery changed.
    ClockStatus {
        /// A clock answers on the board's cable.
        connected: bool,
        /// The clock runs.
        running: bool,
        /// It shows its low-battery sign.
        low_battery: bool,
    },
    /// The DGT 3000 went silent although asked.
    ClockGone {
        /// How long, ms.
        silent_ms: u64,
    },
    /// Clock times shown (ms).
    ClockTimes {
        /// White's / left time in ms.
        white_ms: u64,
        /// Black's / right time in ms.
        black_ms: u64,
        /// Which runs.
        running: Option<Running>,
    },
    /// A DGT 3000 button (code).
    ClockButton {
        /// Button code.
        code: u8,
    },
    /// A clock command was acknowledged (DGT 3000).
    ClockAck,
    /// A clock command was never acknowledged (DGT 3000).
    ClockFailed,
    /// A protocol error (the link goes on).
    Error {
        /// What and where.
        message: String,
    },
}

impl WatchEvent {
    /// The event in a sentence of `language`, one line (`devices watch` without
    /// `--json`; the Fluent messages `watch-*`).
    pub fn words(&self, language: Language) -> String {
        let m = Messages::get(language);
        let yes = |b: bool| -> FluentValue<'static> { if b { "yes" } else { "no" }.into() };
        let side =
            |c: shakmaty::Color| -> FluentValue<'static> { c.fold_wb("white", "black").into() };
        let text = |s: &str| -> FluentValue<'static> { s.to_owned().into() };
        let num = |n: u64| -> FluentValue<'static> { n.to_string().into() };
        let clock =
            |ms: u64| text(&annabella_rules::ClockTime(Duration::from_millis(ms)).to_string());
        match self {
            WatchEvent::Opened { path, reconnect } => m.text(
                "watch-opened",
                &[("path", text(path)), ("reconnect", yes(*reconnect))],
            ),
            WatchEvent::Lost { reason } => m.text("watch-lost", &[("why", text(reason))]),
            WatchEvent::OpenFailed { reason } => {
                m.text("watch-open-failed", &[("why", text(reason))])
            }
            WatchEvent::Hello { version } => m.text("watch-hello", &[("version", text(version))]),
            WatchEvent::Move { uci } => m.text("watch-move", &[("move", text(uci))]),
            WatchEvent::PromotionPending { from, to } => {
                m.text("watch-promotion", &[("from", text(from)), ("to", text(to))])
            }
            WatchEvent::Ambiguous { candidates } => {
                m.text("watch-ambiguous", &[("moves", text(&candidates.join(" ")))])
            }
            WatchEvent::InSync => m.text("watch-in-sync", &[]),
            WatchEvent::Mismatch { differences, .. } => {
                let fixes = instructions(differences, language);
                let what = fixes.join(" ");
                m.text(
                    "watch-mismatch",
                    &[("what", text(what.trim_end_matches('.')))],
                )
            }
            WatchEvent::Touched {
                square,
                piece,
                time_ms,
            } => m.text(
                "watch-touched",
                &[
                    ("piece", text(piece)),
                    ("square", text(square)),
                    ("at", num((*time_ms).into())),
                ],
            ),
            WatchEvent::Lift { square, time_ms } => m.text(
                "watch-lift",
                &[("square", text(square)), ("at", num((*time_ms).into()))],
            ),
            WatchEvent::Place { square, time_ms } => m.text(
                "watch-place",
                &[("square", text(square)), ("at", num((*time_ms).into()))],
            ),
            WatchEvent::Lever { side: c, time_ms } => m.text(
                "watch-lever",
                &[("color", side(*c)), ("at", num((*time_ms).into()))],
            ),
            WatchEvent::Button {
                button,
                pressed,
                time_ms,
            } => {
                let name = match button {
                    Button::TimeQuery => "time-query",
                    Button::Pause => "pause",
                    Button::PushToTalk => "push-to-talk",
                };
                m.text(
                    "watch-button",
                    &[
                        ("button", name.into()),
                        ("pressed", yes(*pressed)),
                        ("at", num((*time_ms).into())),
                    ],
                )
            }
            WatchEvent::ClockStatus {
                connected,
                running,
                low_battery,
            } => m.text(
                "watch-clock-status",
                &[
                    ("connected", yes(*connected)),
                    ("running", yes(*running)),
                    ("battery", yes(*low_battery)),
                ],
            ),
            WatchEvent::ClockGone { silent_ms } => {
                m.text("watch-clock-gone", &[("ms", num(*silent_ms))])
            }
            WatchEvent::ClockTimes {
                white_ms,
                black_ms,
                running,
            } => {
                let running = match running {
                    Some(Running::White) => "white",
                    Some(Running::Black) => "black",
                    Some(Running::None) | None => "none",
                };
                m.text(
                    "watch-clock-times",
                    &[
                        ("white", clock(*white_ms)),
                        ("black", clock(*black_ms)),
                        ("running", running.into()),
                    ],
                )
            }
            WatchEvent::ClockButton { code } => {
                m.text("watch-clock-button", &[("code", num((*code).into()))])
            }
            WatchEvent::ClockAck => m.text("watch-clock-ack", &[]),
            WatchEvent::ClockFailed => m.text("watch-clock-failed", &[]),
            WatchEvent::Error { message } => m.text("watch-error", &[("why", text(message))]),
        }
    }
}

/// Move detection attached to a watcher.
#[derive(Debug)]
pub enum Detector {
    /// Piece-aware snapshots (DGT).
    Snapshot(SnapshotMatcher),
    /// Occupancy and lifts/places (peg board).
    Occupancy(OccupancyTracker),
    /// No detection (the clock).
    None,
}

impl Detector {
    fn poll_timeout(&self) -> Option<Duration> {
        match self {
            Detector::Snapshot(m) => m.poll_timeout(),
            Detector::Occupancy(t) => t.poll_timeout(),
            Detector::None => None,
        }
    }
    fn handle_timeout(&mut self, now: Duration) {
        match self {
            Detector::Snapshot(m) => m.handle_timeout(now),
            Detector::Occupancy(t) => t.handle_timeout(now),
            Detector::None => {}
        }
    }
    fn handle_gap(&mut self) {
        match self {
            Detector::Snapshot(m) => m.handle_gap(),
            Detector::Occupancy(t) => t.handle_gap(),
            Detector::None => {}
        }
    }
    fn poll_event(&mut self) -> Option<Detection> {
        match self {
            Detector::Snapshot(m) => m.poll_event(),
            Detector::Occupancy(t) => t.poll_event(),
            Detector::None => None,
        }
    }
    fn position(&self) -> Option<&Chess> {
        match self {
            Detector::Snapshot(m) => Some(m.position()),
            Detector::Occupancy(t) => Some(t.position()),
            Detector::None => None,
        }
    }
}

/// Maps a codec's events into watch events and detector input.
pub trait Watchable: Codec {
    /// Handles one device event.
    fn feed(
        ev: Self::Event,
        now: Duration,
        detector: &mut Detector,
        out: &mut VecDeque<WatchEvent>,
    );
}

fn sq(s: Square) -> String {
    s.to_string()
}

impl Watchable for DgtBoard {
    fn feed(ev: DgtEvent, now: Duration, detector: &mut Detector, out: &mut VecDeque<WatchEvent>) {
        match ev {
            DgtEvent::Snapshot(board) => {
                if let Detector::Snapshot(m) = detector {
                    m.handle_snapshot(now, board);
                }
            }
            DgtEvent::FieldUpdate { .. } | DgtEvent::SerialNumber(_) | DgtEvent::Trademark(_) => {}
            DgtEvent::ClockTimes(t) => out.push_back(WatchEvent::ClockTimes {
                white_ms: t.left.as_millis() as u64,
                black_ms: t.right.as_millis() as u64,
                running: None,
            }),
            DgtEvent::ClockButton(code) => out.push_back(WatchEvent::ClockButton { code }),
            DgtEvent::ClockLever { side, .. } => {
                out.push_back(WatchEvent::Lever { side, time_ms: 0 })
            }
            DgtEvent::ClockStatus(s) => out.push_back(WatchEvent::ClockStatus {
                connected: s.connected,
                running: s.running,
                low_battery: s.low_battery,
            }),
            DgtEvent::ClockGone { silent } => out.push_back(WatchEvent::ClockGone {
                silent_ms: silent.as_millis() as u64,
            }),
            DgtEvent::ClockAck(_) => out.push_back(WatchEvent::ClockAck),
            DgtEvent::ClockFailed(_) => out.push_back(WatchEvent::ClockFailed),
            DgtEvent::Version { major, minor } => out.push_back(WatchEvent::Hello {
                version: format!("dgt {major}.{minor}"),
            }),
            DgtEvent::Error(e) => out.push_back(WatchEvent::Error {
                message: e.to_string(),
            }),
        }
    }
}

impl Watchable for PegBoard {
    fn feed(ev: PegEvent, now: Duration, detector: &mut Detector, out: &mut VecDeque<WatchEvent>) {
        let Detector::Occupancy(t) = detector else {
            return;
        };
        match ev {
            PegEvent::Hello(h) => out.push_back(WatchEvent::Hello {
                version: format!(
                    "peg-board v{} fw {}.{}",
                    h.version, h.firmware_major, h.firmware_minor
                ),
            }),
            PegEvent::Snapshot { occupancy, .. } => t.handle_snapshot(now, occupancy),
            PegEvent::Lift { square, time_ms } => {
                out.push_back(WatchEvent::Lift {
                    square: sq(square),
                    time_ms,
                });
                t.handle_lift(now, square, time_ms);
            }
            PegEvent::Place { square, time_ms } => {
                out.push_back(WatchEvent::Place {
                    square: sq(square),
                    time_ms,
                });
                t.handle_place(now, square, time_ms);
            }
            PegEvent::Error(e) => out.push_back(WatchEvent::Error {
                message: e.to_string(),
            }),
        }
    }
}

impl Watchable for TactileClock {
    fn feed(ev: ClockEvent, _now: Duration, _d: &mut Detector, out: &mut VecDeque<WatchEvent>) {
        out.push_back(match ev {
            ClockEvent::Hello(h) => WatchEvent::Hello {
                version: format!(
                    "clock v{} fw {}.{}",
                    h.version, h.firmware_major, h.firmware_minor
                ),
            },
            ClockEvent::Lever(LeverPress { side, time_ms }) => WatchEvent::Lever { side, time_ms },
            ClockEvent::Button(ButtonChange {
                button,
                pressed,
                time_ms,
            }) => WatchEvent::Button {
                button,
                pressed,
                time_ms,
            },
            ClockEvent::State {
                white,
                black,
                running,
                ..
            } => WatchEvent::ClockTimes {
                white_ms: white.as_millis() as u64,
                black_ms: black.as_millis() as u64,
                running: Some(running),
            },
            ClockEvent::Error(e) => WatchEvent::Error {
                message: e.to_string(),
            },
        });
    }
}

/// A device link with move detection.
#[derive(Debug)]
pub struct Watcher<C: Watchable> {
    link: Link<C>,
    /// The detector's times count from here.
    start: Instant,
    detector: Detector,
    out: VecDeque<WatchEvent>,
}

/// Watches a DGT board at 9600 baud, detecting moves from `position`.
pub fn watch_dgt(config: PortConfig, position: Chess) -> Watcher<DgtBoard> {
    Watcher::new(
        config,
        DgtBoard::default(),
        Detector::Snapshot(SnapshotMatcher::new(position, DetectConfig::DGT)),
    )
}

/// Watches a peg board, inferring moves from `position`.
pub fn watch_peg_board(config: PortConfig, position: Chess) -> Watcher<PegBoard> {
    let tracker = OccupancyTracker::new(position, DetectConfig::PEG);
    Watcher::new(
        config,
        PegBoard::new(LinkConfig::default()),
        Detector::Occupancy(tracker),
    )
}

/// Watches a tactile clock.
pub fn watch_clock(config: PortConfig) -> Watcher<TactileClock> {
    Watcher::new(
        config,
        TactileClock::new(LinkConfig::default()),
        Detector::None,
    )
}

/// The table's fix-up sentences for these differences.
fn instructions(differences: &[Difference], language: Language) -> Vec<String> {
    differences
        .iter()
        .map(|d| d.instruction(language))
        .collect()
}

fn detection_event(d: Detection, pos_before: Option<&Chess>) -> WatchEvent {
    let mode = pos_before.map_or(CastlingMode::Standard, |p| p.castles().mode());
    match d {
        Detection::Move(m) => WatchEvent::Move {
            uci: UciMove::from_move(m, mode).to_string(),
        },
        Detection::PromotionPending { from, to } => WatchEvent::PromotionPending {
            from: sq(from),
            to: sq(to),
        },
        Detection::Ambiguous(ms) => WatchEvent::Ambiguous {
            candidates: ms
                .into_iter()
                .map(|m| UciMove::from_move(m, mode).to_string())
                .collect(),
        },
        Detection::InSync => WatchEvent::InSync,
        Detection::Mismatch(differences) => WatchEvent::Mismatch {
            en: instructions(&differences, Language::En),
            de: instructions(&differences, Language::De),
            differences,
        },
        Detection::Touched {
            square,
            piece,
            time_ms,
        } => WatchEvent::Touched {
            square: sq(square),
            piece: piece.char().to_string(),
            time_ms,
        },
    }
}

impl<C: Watchable> Watcher<C> {
    /// Starts the link (on the current tokio runtime) with this detector.
    fn new(config: PortConfig, codec: C, detector: Detector) -> Self {
        Watcher {
            link: spawn(config, codec),
            start: Instant::now(),
            detector,
            out: VecDeque::new(),
        }
    }

    fn drain_detector(&mut self) {
        let before = self.detector.position().cloned();
        while let Some(d) = self.detector.poll_event() {
            self.out.push_back(detection_event(d, before.as_ref()));
        }
    }

    /// The next event; `None` when the link task ended. Cancel-safe: it can be one arm
    /// of a `tokio::select!` over several watchers without losing events.
    pub async fn next(&mut self) -> Option<WatchEvent> {
        loop {
            self.drain_detector();
            if let Some(e) = self.out.pop_front() {
                return Some(e);
            }
            let wake = self.detector.poll_timeout().map(|t| self.start + t);
            let sleep = async {
                match wake {
                    Some(t) => tokio::time::sleep_until(t.into()).await,
                    None => tokio::time::sleep(Duration::from_secs(3600)).await,
                }
            };
            tokio::select! {
                ev = self.link.next_event() => {
                    let now = self.start.elapsed();
                    match ev? {
                        PortEvent::Opened { path, reconnect } => self.out.push_back(WatchEvent::Opened { path: path.display().to_string(), reconnect }),
                        PortEvent::Lost { reason } => {
                            self.detector.handle_gap();
                            self.out.push_back(WatchEvent::Lost { reason });
                        }
                        PortEvent::OpenFailed { reason } => self.out.push_back(WatchEvent::OpenFailed { reason }),
                        PortEvent::Device(ev) => C::feed(ev, now, &mut self.detector, &mut self.out),
                    }
                }
                _ = sleep => self.detector.handle_timeout(self.start.elapsed()),
            }
        }
    }
}

/// The device `annabella devices watch` reads, at its path.
#[derive(Debug, Clone)]
pub enum WatchedPort {
    /// A DGT e-board (9600 baud by default).
    Dgt(std::path::PathBuf),
    /// A tactile peg board (115,200 baud by default).
    PegBoard(std::path::PathBuf),
    /// A tactile clock (115,200 baud by default).
    Clock(std::path::PathBuf),
}

/// What `annabella devices watch` writes and until when.
#[derive(Debug, Clone, Default)]
pub struct WatchOptions {
    /// The game's position as FEN (default: the initial position).
    pub fen: Option<String>,
    /// The FEN is a Chess960 position.
    pub chess960: bool,
    /// The baud rate, when not the device's default.
    pub baud: Option<u32>,
    /// One JSON object a line instead of a readable line.
    pub json: bool,
    /// Stop after this many events.
    pub count: Option<usize>,
    /// The language of the readable lines.
    pub language: Language,
}

/// Why watching stopped short.
#[derive(Debug, thiserror::Error)]
pub enum WatchError {
    /// The FEN is not one.
    #[error("bad FEN {fen:?}")]
    Fen {
        /// The FEN as given.
        fen: String,
        /// Why.
        #[source]
        source: shakmaty::fen::ParseFenError,
    },
    /// The FEN is no start position (illegal, or Chess960 castling rights without the
    /// Chess960 flag: the rules' one policy).
    #[error("the FEN {fen:?} is no start position")]
    Position {
        /// The FEN as given.
        fen: String,
        /// Why.
        #[source]
        source: annabella_rules::StartError,
    },
    /// An event cannot be made JSON.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// The output (or the runtime) failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// Watches `port` through the move detector, writing each event as a line to `out`
/// (flushed), until the device goes away or `count` events were written.
///
/// # Errors
/// A [`WatchError`] for a bad FEN or a failed output.
pub fn watch_port(
    port: &WatchedPort,
    options: &WatchOptions,
    out: impl std::io::Write,
) -> Result<(), WatchError> {
    let pos = match &options.fen {
        None => Chess::default(),
        Some(fen) => {
            let parsed: shakmaty::fen::Fen = fen.parse().map_err(|source| WatchError::Fen {
                fen: fen.clone(),
                source,
            })?;
            annabella_rules::start_position(&parsed, options.chess960).map_err(|source| {
                WatchError::Position {
                    fen: fen.clone(),
                    source,
                }
            })?
        }
    };
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let baud = options.baud;
    rt.block_on(async move {
        match port {
            WatchedPort::Dgt(path) => {
                let w = watch_dgt(PortConfig::new(path, baud.unwrap_or(9600)), pos);
                write_events(w, options, out).await
            }
            WatchedPort::PegBoard(path) => {
                let w = watch_peg_board(PortConfig::new(path, baud.unwrap_or(115_200)), pos);
                write_events(w, options, out).await
            }
            WatchedPort::Clock(path) => {
                let w = watch_clock(PortConfig::new(path, baud.unwrap_or(115_200)));
                write_events(w, options, out).await
            }
        }
    })
}

async fn write_events<C: Watchable>(
    mut w: Watcher<C>,
    options: &WatchOptions,
    mut out: impl std::io::Write,
) -> Result<(), WatchError> {
    let mut n = 0;
    while let Some(ev) = w.next().await {
        let line = if options.json {
            serde_json::to_string(&ev)?
        } else {
            ev.words(options.language)
        };
        writeln!(out, "{line}")?;
        out.flush()?;
        n += 1;
        if options.count.is_some_and(|c| n >= c) {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_event_is_a_sentence_in_every_language() {
        let events = [
            WatchEvent::Opened {
                path: "/dev/ttyACM0".into(),
                reconnect: true,
            },
            WatchEvent::Lost {
                reason: "no answer".into(),
            },
            WatchEvent::OpenFailed {
                reason: "busy".into(),
            },
            WatchEvent::Hello {
                version: "dgt 1.7".into(),
            },
            WatchEvent::Move { uci: "e2e4".into() },
            WatchEvent::PromotionPending {
                from: "e7".into(),
                to: "e8".into(),
            },
            WatchEvent::Ambiguous {
                candidates: vec!["e7e8q".into(), "e7e8n".into()],
            },
            WatchEvent::InSync,
            WatchEvent::Mismatch {
                differences: vec![Difference::Remove { square: Square::E4 }],
                en: Vec::new(),
                de: Vec::new(),
            },
            WatchEvent::Touched {
                square: "g1".into(),
                piece: "N".into(),
                time_ms: 5,
            },
            WatchEvent::Lift {
                square: "g1".into(),
                time_ms: 5,
            },
            WatchEvent::Place {
                square: "f3".into(),
                time_ms: 6,
            },
            WatchEvent::Lever {
                side: shakmaty::Color::Black,
                time_ms: 7,
            },
            WatchEvent::Button {
                button: Button::PushToTalk,
                pressed: false,
                time_ms: 8,
            },
            WatchEvent::ClockStatus {
                connected: true,
                running: false,
                low_battery: true,
            },
            WatchEvent::ClockGone { silent_ms: 1500 },
            WatchEvent::ClockTimes {
                white_ms: 300_000,
                black_ms: 299_000,
                running: Some(Running::Black),
            },
            WatchEvent::ClockButton { code: 3 },
            WatchEvent::ClockAck,
            WatchEvent::ClockFailed,
            WatchEvent::Error {
                message: "bad checksum".into(),
            },
        ];
        for language in Language::ALL {
            for event in &events {
                let line = event.words(language);
                assert!(!line.contains("watch-"), "{language:?}: {line}");
                assert!(line.starts_with(char::is_uppercase), "{language:?}: {line}");
                assert!(line.ends_with('.'), "{language:?}: {line}");
            }
        }
        assert_eq!(
            events[6].words(Language::De),
            "Mehrere regelgemäße Züge passen: e7e8q e7e8n."
        );
        assert_eq!(
            events[16].words(Language::De),
            "Die Uhr zeigt Weiß 0:05:00.000, Schwarz 0:04:59.000; die Uhr von Schwarz läuft."
        );
    }
}
