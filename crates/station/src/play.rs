//! `play`: a real table from a checked [`StationConfig`]: serial devices (or simulators
//! driven from the keyboard), the VI player's words as lines on standard input, the
//! journal in the records directory (an existing one is continued: the game survives a
//! restart), records written when the game ends or the input closes.

use std::{io::BufRead, sync::mpsc as std_mpsc, thread, time::Duration};

use annabella_devices::{
    sim::{ClockSim, DgtSim, PegBoardSim, Simulator},
    transport::PortConfig,
};
use annabella_table::{Hypothesis, Input};
use shakmaty::Position;
use tokio::sync::{mpsc, watch};

use crate::{
    config::{DeviceSpec, SpeechSource, StationConfig},
    demo::{DemoError, DemoReport, io},
    herald::{RecordAt, Voice, VoicePlan},
    script::{Action, parse_action},
    session::{Session, TableTime},
    shell::{self, Channels, Ending, Links, Request, ShellOptions},
};

/// Simulators started for devices configured as `"sim"`.
#[derive(Default)]
struct Sims {
    peg: Option<Simulator<PegBoardSim>>,
    dgt: Option<Simulator<DgtSim>>,
    clock: Option<Simulator<ClockSim>>,
}

fn port<D: annabella_devices::sim::SimDevice>(
    spec: &DeviceSpec,
    sim: impl FnOnce() -> std::io::Result<Simulator<D>>,
    baud: u32,
    slot: &mut Option<Simulator<D>>,
    name: &str,
) -> Result<Option<PortConfig>, DemoError> {
    Ok(match spec {
        DeviceSpec::None => None,
        DeviceSpec::Serial { path, baud } => Some(PortConfig::new(path, *baud)),
        DeviceSpec::Sim => {
            let s = sim().map_err(|source| DemoError::Io {
                path: "/dev/ptmx".into(),
                source,
            })?;
            eprintln!("annabella: simulated {name} on {}", s.path().display());
            let config = PortConfig::new(s.path(), baud);
            *slot = Some(s);
            Some(config)
        }
    })
}

/// Runs the table until the game is over or standard input ends.
///
/// Keyboard lines use the script language (`crate::script`); a line without a prefix is
/// the VI player's words.
///
/// # Errors
/// [`DemoError`] when the journal, a device or the records fail.
pub fn run(config: &StationConfig, json: bool) -> Result<DemoReport, DemoError> {
    std::fs::create_dir_all(&config.records_dir).map_err(io(&config.records_dir))?;
    let journal = config.records_dir.join("game.journal");
    let (session, resumed) = Session::open(&journal, config.table_config())?;
    if let Some(d) = &resumed.dropped {
        eprintln!("annabella: journal {}: {d}", journal.display());
    }
    if resumed.replayed > 0 {
        eprintln!(
            "annabella: continuing the game in {} ({} records replayed)",
            journal.display(),
            resumed.replayed
        );
    }
    if resumed.config_from_journal {
        eprintln!(
            "annabella: the journal's own table settings are kept (they differ from the config)"
        );
    }
    let epoch = session.epoch_unix_ms()?.unwrap_or_default();
    let time = TableTime::new(epoch, session.journal().last_now());
    let position = session.table().game().position().clone();

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(io(&config.records_dir))?;
    let (requests_tx, requests_rx) = mpsc::channel(64);
    let (done_tx, done_rx) = mpsc::unbounded_channel();
    let table_config = session.table().config().clone();
    let voices = VoicePlan::from_config(config)
        .with_languages(table_config.language, table_config.sighted_language);
    let record_at = RecordAt {
        dir: config.records_dir.clone(),
        continue_existing: true,
    };
    let voice = Voice::start(&voices, Some(&record_at), time, move |news| {
        let _ = done_tx.send(news);
    })?;
    eprintln!("annabella: announcements: {}", voice.describe(&voices));
    let hearing = match &config.speech {
        SpeechSource::Vosk(setup) => Some(crate::hearing::Hearing::start_reporting(
            setup,
            position.clone(),
            table_config.language,
            time,
            requests_tx.clone(),
        )?),
        SpeechSource::Lines => None,
    };
    let ears = hearing.as_ref().map(crate::hearing::Hearing::ears);
    let (stdin_audio, talk_key) = match &config.speech {
        SpeechSource::Vosk(s) => (
            s.input == crate::hearing::AudioInput::Stdin,
            s.push_to_talk.then(|| ears.clone()).flatten(),
        ),
        SpeechSource::Lines => (false, None),
    };
    let (view_tx, view_rx) = watch::channel(session.table().snapshot());
    let (shell_lines_tx, console_lines) = mpsc::unbounded_channel();
    let served = match &config.console {
        Some(c) => Some(
            crate::console_link::ConsoleSetup::bind(&c.listen.to_string(), c.table.clone())
                .map_err(|source| DemoError::Script {
                    line: 0,
                    message: format!("console.listen {}: {source}", c.listen),
                })?,
        ),
        None => None,
    };
    if let Some(s) = &served {
        eprintln!("{}", s.banner().map_err(io(&config.records_dir))?);
    }
    let shell_lines = served.is_some().then_some(shell_lines_tx);

    let result = runtime.block_on(async {
        let mut sims = Sims::default();
        let d = &config.devices;
        let peg = port(
            &d.peg_board,
            || Simulator::spawn(PegBoardSim::new(position.board().occupied())),
            115_200,
            &mut sims.peg,
            "peg board",
        )?;
        let dgt = port(
            &d.dgt,
            || Simulator::spawn(DgtSim::new(position.board().clone())),
            9600,
            &mut sims.dgt,
            "DGT board",
        )?;
        let clock = port(
            &d.clock,
            || Simulator::spawn(ClockSim::default()),
            115_200,
            &mut sims.clock,
            "tactile clock",
        )?;
        let links = Links::open(peg, dgt, clock);
        let (lines_tx, lines_rx) = std_mpsc::channel::<String>();
        // With the VI player's audio on standard input there is no keyboard.
        thread::spawn(move || {
            if stdin_audio {
                // The channel stays open: the table stops when the audio ends.
                std::mem::forget(lines_tx);
                return;
            }
            for line in std::io::stdin().lock().lines().map_while(Result::ok) {
                if lines_tx.send(line).is_err() {
                    break;
                }
            }
        });
        let sims = std::sync::Arc::new(sims);
        if let Some(setup) = served {
            let s = sims.clone();
            let hands: crate::console_link::Hands = std::sync::Arc::new(move |plan| {
                crate::console_link::sim_hands(s.peg.as_ref(), s.dgt.as_ref(), plan)
            });
            crate::console_link::start(
                setup,
                &table_config,
                view_rx,
                console_lines,
                requests_tx.clone(),
                Some(hands),
            )
            .map_err(io(&config.records_dir))?;
        }
        let keyboard =
            thread::spawn(move || keyboard(&sims, &lines_rx, &requests_tx, talk_key.as_ref()));
        let out = shell::run(
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
                console: Box::new(std::io::stdout()),
                json,
                stop_at_game_over: true,
                heard_log: None,
                lines: shell_lines,
                ears,
            },
        )
        .await;
        drop(keyboard);
        Ok::<_, DemoError>(out?)
    });
    runtime.shutdown_timeout(Duration::from_millis(500));
    drop(hearing);
    let (ending, session, voice) = result?;
    DemoReport::finish(
        journal,
        ending == Ending::GameOver,
        &session,
        &config.records_dir,
        &config.braille_table,
        voice.and_then(|v| v.record.clone()),
    )
}

/// Keyboard lines → simulators or table inputs; a bad line is reported and skipped.
///
/// With push-to-talk, an empty line (Enter) starts an utterance and the next ends it.
fn keyboard(
    sims: &Sims,
    lines: &std_mpsc::Receiver<String>,
    requests: &mpsc::Sender<Request>,
    talk_key: Option<&crate::hearing::Ears>,
) {
    let mut talking = false;
    for line in lines {
        if let Some(ears) = talk_key
            && line.trim().is_empty()
        {
            talking = !talking;
            ears.talk(talking);
            eprintln!(
                "annabella: {}",
                if talking {
                    "listening (Enter again to end)"
                } else {
                    "listening ended"
                }
            );
            continue;
        }
        let action = match parse_action(&line, true) {
            Ok(Some(a)) => a,
            Ok(None) => continue,
            Err(e) => {
                eprintln!("annabella: {e}");
                continue;
            }
        };
        let sent = match action {
            Action::Vi(words) => requests
                .blocking_send(Request::Input(Input::Heard {
                    alternatives: vec![Hypothesis {
                        text: words,
                        score: 1.0,
                    }],
                }))
                .map_err(|_| "stopped".to_owned()),
            Action::Input(i) => requests
                .blocking_send(Request::Input(i))
                .map_err(|_| "stopped".to_owned()),
            Action::Peg(a) => sims
                .peg
                .as_ref()
                .ok_or("no simulated peg board".to_owned())
                .and_then(|s| s.act(a).map_err(|e| e.to_string())),
            Action::Dgt(a) => sims
                .dgt
                .as_ref()
                .ok_or("no simulated DGT board".to_owned())
                .and_then(|s| s.act(a).map_err(|e| e.to_string())),
            Action::Clock(a) => sims
                .clock
                .as_ref()
                .ok_or("no simulated clock".to_owned())
                .and_then(|s| s.act(a).map_err(|e| e.to_string())),
            Action::Wait(d) => {
                thread::sleep(d);
                Ok(())
            }
            Action::Expect(_) => Err("expect: is for scripts".to_owned()),
        };
        match sent {
            Err(e) if e == "stopped" => return,
            Err(e) => eprintln!("annabella: {line:?}: {e}"),
            Ok(()) => {}
        }
    }
    let _ = requests.blocking_send(Request::Quit);
}
