//! A whole table on one machine: simulated peg board, DGT board and tactile clock on
//! pseudo-terminals (the real serial code talks to them), the VI player's words from a
//! script, announcements through the best back end, and the records at the end.

use std::{
    path::{Path, PathBuf},
    sync::{Arc, mpsc as std_mpsc},
    thread,
    time::{Duration, Instant},
};

use annabella_devices::{
    sim::{ClockSim, DgtSim, PegBoardSim, Simulator},
    transport::PortConfig,
};
use annabella_phonetic::Language;
use annabella_table::{Hypothesis, Input, TableConfig};
use shakmaty::Position;
use tokio::sync::{mpsc, watch};

use crate::{
    herald::{HeraldError, RecordAt, Voice, VoicePlan},
    records,
    script::Action,
    session::{Session, SessionError, TableTime},
    shell::{self, Channels, Ending, Links, Request, ShellOptions},
};

/// How long `expect:` waits for its announcement.
pub const EXPECT_LIMIT: Duration = Duration::from_secs(15);

/// A demo that could not run to its end.
#[derive(Debug, thiserror::Error)]
pub enum DemoError {
    /// The output directory or a record could not be written.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The session (journal, table) refused.
    #[error(transparent)]
    Session(#[from] SessionError),
    /// The speech front end could not start (model, audio input).
    #[error(transparent)]
    Hearing(#[from] crate::hearing::HearingError),
    /// A voice back end could not start.
    #[error(transparent)]
    Voice(#[from] HeraldError),
    /// A script step failed (a device refused, an expected announcement never came).
    #[error("script line {line}: {message}")]
    Script {
        /// The line.
        line: usize,
        /// What happened.
        message: String,
    },
}

/// What the demo wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoReport {
    /// The journal.
    pub journal: PathBuf,
    /// PGN, BRF (and the audio record with its index when spoken).
    pub written: Vec<PathBuf>,
    /// Whether the game ended.
    pub game_over: bool,
    /// The result, if over.
    pub result: Option<String>,
    /// A Braille problem (the PGN is written anyway).
    pub braille_problem: Option<String>,
}

/// Names the file an I/O error happened on.
pub(crate) fn io(path: &Path) -> impl FnOnce(std::io::Error) -> DemoError {
    let path = path.to_owned();
    move |source| DemoError::Io { path, source }
}

impl DemoReport {
    /// Writes the records of a table that stopped (PGN, Braille) and reports them with
    /// the audio record and its index, when there is one.
    pub(crate) fn finish(
        journal: PathBuf,
        game_over: bool,
        session: &Session,
        dir: &Path,
        braille_table: &str,
        audio_record: Option<PathBuf>,
    ) -> Result<DemoReport, DemoError> {
        let (mut written, problem) =
            records::write(session.table(), dir, braille_table).map_err(io(dir))?;
        if let Some(r) = audio_record.filter(|r| r.exists()) {
            let index = r.with_extension("jsonl");
            if index.exists() {
                written.push(index);
            }
            written.push(r);
        }
        Ok(DemoReport {
            journal,
            written,
            game_over,
            result: session.table().end().map(|e| e.result.clone()),
            braille_problem: problem.map(|e| e.to_string()),
        })
    }
}

/// The simulated devices of a demo table.
struct Sims {
    peg: Simulator<PegBoardSim>,
    dgt: Simulator<DgtSim>,
    clock: Simulator<ClockSim>,
}

/// Runs `script` on a fresh table made from `config` in `out` (journal `game.journal`,
/// `game.pgn`, `game.brf`, `announcements.wav`/`.jsonl`). Console lines go to `console`.
///
/// # Errors
/// [`DemoError`] naming the script line or file that failed; the journal and the
/// records written so far stay.
#[allow(
    clippy::too_many_arguments,
    reason = "the demo's parts, each given by the command line"
)]
pub fn run(
    config: TableConfig,
    script: Vec<(usize, Action)>,
    out: &Path,
    voices: &VoicePlan,
    vi_model: Option<&Path>,
    braille_table: &str,
    console: Box<dyn std::io::Write + Send>,
    json: bool,
    served: Option<crate::console_link::ConsoleSetup>,
) -> Result<DemoReport, DemoError> {
    std::fs::create_dir_all(out).map_err(io(out))?;
    let journal = out.join("game.journal");
    for stale in ["", "-wal", "-shm"] {
        let p = PathBuf::from(format!("{}{stale}", journal.display()));
        if p.exists() {
            std::fs::remove_file(&p).map_err(io(&p))?;
        }
    }
    let start = config.start_position().map_err(SessionError::Config)?;
    let vi_language = config.language;
    let observed = config.clone();
    let (session, _) = Session::open(&journal, config)?;
    let epoch = session.epoch_unix_ms()?.unwrap_or_default();
    let time = TableTime::new(epoch, session.journal().last_now());

    let sim_err = |e: std::io::Error| DemoError::Io {
        path: "/dev/ptmx".into(),
        source: e,
    };
    let sims = Arc::new(Sims {
        peg: Simulator::spawn(PegBoardSim::new(start.board().occupied())).map_err(sim_err)?,
        dgt: Simulator::spawn(DgtSim::new(start.board().clone())).map_err(sim_err)?,
        clock: Simulator::spawn(ClockSim::default()).map_err(sim_err)?,
    });

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(io(out))?;
    let (requests_tx, requests_rx) = mpsc::channel(64);
    let (heard_tx, heard_rx) = std_mpsc::channel();
    let (done_tx, done_rx) = mpsc::unbounded_channel();
    let record_at = RecordAt {
        dir: out.to_owned(),
        continue_existing: false,
    };
    let voice = Voice::start(voices, Some(&record_at), time, move |news| {
        let _ = done_tx.send(news);
    })?;
    eprintln!("annabella: announcements: {}", voice.describe(voices));
    let (hearing, feed) = match vi_model {
        Some(model) if vi_language == Language::De => {
            let (h, f) = crate::hearing::Hearing::start_fed(
                model,
                start.clone(),
                Language::De,
                time,
                requests_tx.clone(),
            )?;
            eprintln!(
                "annabella: the VI player's phrases: spoken by espeak-ng -v de and heard \
                 through Vosk ({}, {} phrases in the first grammar)",
                model.display(),
                h.phrases
            );
            (Some(h), Some(f))
        }
        Some(_) => {
            eprintln!(
                "annabella: the VI player's phrases: fed as recognised words (the VI player's \
                 language is {}, the model is German)",
                vi_language.code()
            );
            (None, None)
        }
        None => {
            eprintln!(
                "annabella: the VI player's phrases: fed as recognised words (no German model \
                 under models/: models/fetch.sh de fetches one)"
            );
            (None, None)
        }
    };
    let ears = hearing.as_ref().map(crate::hearing::Hearing::ears);
    let record = voice.record.clone();
    let (view_tx, view_rx) = watch::channel(session.table().snapshot());
    let (lines_tx, lines_rx) = mpsc::unbounded_channel();
    let hold = served.is_some();
    let console_requests = requests_tx.clone();

    let driver_sims = sims.clone();
    let driver =
        thread::spawn(move || drive(&driver_sims, script, &requests_tx, &heard_rx, hold, feed));

    let result = runtime.block_on(async {
        let links = Links::open(
            Some(PortConfig::new(sims.peg.path(), 115_200)),
            Some(PortConfig::new(sims.dgt.path(), 9600)),
            Some(PortConfig::new(sims.clock.path(), 115_200)),
        );
        if let Some(setup) = served {
            let s = sims.clone();
            let hands: crate::console_link::Hands = Arc::new(move |plan| {
                crate::console_link::sim_hands(Some(&s.peg), Some(&s.dgt), plan)
            });
            crate::console_link::start(
                setup,
                &observed,
                view_rx,
                lines_rx,
                console_requests,
                Some(hands),
            )
            .map_err(io(out))?;
        }
        shell::run(
            session,
            time,
            links,
            Some(voice),
            Channels {
                done: done_rx,
                requests: requests_rx,
                view: view_tx,
            },
            ShellOptions {
                console,
                json,
                stop_at_game_over: true,
                heard_log: Some(heard_tx),
                lines: hold.then_some(lines_tx),
                ears,
            },
        )
        .await
        .map_err(DemoError::from)
    });
    runtime.shutdown_timeout(Duration::from_millis(500));
    drop(hearing);
    let (ending, session, _voice) = result?;
    let script_result = driver.join().unwrap_or_else(|_| {
        Err(DemoError::Script {
            line: 0,
            message: "the script driver panicked".into(),
        })
    });

    let report = DemoReport::finish(
        journal,
        ending == Ending::GameOver,
        &session,
        out,
        braille_table,
        record,
    )?;
    // A failed script step matters only when the game did not end.
    if ending != Ending::GameOver {
        script_result?;
    }
    Ok(report)
}

/// Carries out the script: the people at the table.
fn drive(
    sims: &Sims,
    script: Vec<(usize, Action)>,
    requests: &mpsc::Sender<Request>,
    heard: &std_mpsc::Receiver<String>,
    hold: bool,
    feed: Option<std_mpsc::Sender<Vec<i16>>>,
) -> Result<(), DemoError> {
    let fail = |line: usize, message: String| {
        let _ = requests.blocking_send(Request::Quit);
        Err(DemoError::Script { line, message })
    };
    for sim_ok in [
        sims.peg.wait_for_host(Duration::from_secs(10)),
        sims.dgt.wait_for_host(Duration::from_secs(10)),
        sims.clock.wait_for_host(Duration::from_secs(10)),
    ] {
        if !sim_ok {
            return fail(
                0,
                "a simulated device was never opened by the station".into(),
            );
        }
    }
    // Let the boards report their first state before anyone acts.
    thread::sleep(Duration::from_millis(600));
    for (line, action) in script {
        let sent = match action {
            Action::Vi(words) if feed.is_some() => {
                crate::hearing::speak_words(&words, Language::De).and_then(|samples| {
                    feed.as_ref().map_or(Ok(()), |f| {
                        f.send(samples)
                            .map_err(|_| "the listener has stopped".to_owned())
                    })
                })
            }
            Action::Vi(words) => requests
                .blocking_send(Request::Input(Input::Heard {
                    alternatives: vec![Hypothesis {
                        text: words,
                        score: 1.0,
                    }],
                }))
                .map_err(|_| "the station has stopped".to_owned()),
            Action::Input(input) => requests
                .blocking_send(Request::Input(input))
                .map_err(|_| "the station has stopped".to_owned()),
            Action::Peg(a) => sims.peg.act(a).map_err(|e| format!("peg board: {e}")),
            Action::Dgt(a) => sims.dgt.act(a).map_err(|e| format!("DGT board: {e}")),
            Action::Clock(a) => sims.clock.act(a).map_err(|e| format!("clock: {e}")),
            Action::Wait(d) => {
                thread::sleep(d);
                Ok(())
            }
            Action::Expect(text) => expect(heard, &text),
        };
        if let Err(message) = sent {
            return fail(line, message);
        }
    }
    // Give the last inputs time to arrive; then stop if the game has not ended (with
    // the web console: once standard input closes, so the arbiter can act).
    thread::sleep(Duration::from_millis(1500));
    if hold {
        eprintln!("annabella demo: script done; the console stays until standard input ends");
        let requests = requests.clone();
        thread::spawn(move || {
            std::io::copy(&mut std::io::stdin().lock(), &mut std::io::sink()).ok();
            let _ = requests.blocking_send(Request::Quit);
        });
        return Ok(());
    }
    let _ = requests.blocking_send(Request::Quit);
    Ok(())
}

fn expect(heard: &std_mpsc::Receiver<String>, text: &str) -> Result<(), String> {
    let end = Instant::now() + EXPECT_LIMIT;
    let wanted = text.to_lowercase();
    let mut seen = Vec::new();
    loop {
        let left = end.saturating_duration_since(Instant::now());
        match heard.recv_timeout(left) {
            Ok(said) if said.to_lowercase().contains(&wanted) => return Ok(()),
            Ok(said) => seen.push(said),
            Err(_) => {
                return Err(format!(
                    "expected an announcement containing {text:?} within {} s; heard {seen:?}",
                    EXPECT_LIMIT.as_secs()
                ));
            }
        }
    }
}
