//! `play`: a real table from a checked [`StationConfig`]: serial devices (or simulators
//! driven from the keyboard), the VI player's words as lines on standard input (or
//! heard through Vosk), the journal in the records directory (an existing one is
//! continued: the game survives a restart), records written when the game ends or the
//! input closes.

use std::{io::BufRead, path::Path};

use annabella_speech::Ears;
use annabella_table::{ArbiterAction, Input};
use tokio::sync::mpsc;

use crate::{
    assembly::{HearingPlan, Sims, Station, StationError, StationPlan, StationReport},
    braille_display::{BrailleDisplayPlan, DisplaySurface},
    config::{SpeechSource, StationConfig},
    console_link::ConsoleSetup,
    hall_link,
    people::{self, StepError},
    script::parse_act,
    session::Session,
    shell::Request,
    story::ConsoleStyle,
};

/// How long a stopped table waits for the hall's broker to have every record.
const HALL_DRAIN: std::time::Duration = std::time::Duration::from_secs(10);

/// Runs the table until the game is over or standard input ends. A configured serial
/// device that cannot be opened stops it before anything starts, unless
/// `allow_missing_devices`.
///
/// Keyboard lines use the script language (`crate::script`); a line without a prefix is
/// the VI player's words.
///
/// # Errors
/// [`StationError`] naming what failed: the journal, a device, the voices, the hearing,
/// the console or the records.
pub fn run(
    config: &StationConfig,
    json: bool,
    allow_missing_devices: bool,
) -> Result<StationReport, StationError> {
    run_table(config, json, allow_missing_devices, None)
}

/// Resumes the adjourned game of `journal` (duty f): the table is rebuilt from the
/// journal (its own settings kept, times continuing from its last record), then the
/// arbiter's resumption makes the sealed move and starts the opponent's clock. The
/// records go beside the journal.
///
/// # Errors
/// [`StationError::Resume`] when the journal is not a `game.journal`, is damaged (naming
/// the damage), holds a finished game or no sealed move; otherwise as [`run`].
pub fn resume(
    config: &StationConfig,
    journal: &Path,
    json: bool,
    allow_missing_devices: bool,
) -> Result<StationReport, StationError> {
    let refuse = |reason: &str| StationError::Resume {
        journal: journal.to_owned(),
        reason: reason.to_owned(),
    };
    if journal
        .file_name()
        .is_none_or(|n| n != crate::records::JOURNAL)
    {
        return Err(refuse("expected the game.journal of a records directory"));
    }
    if !journal.is_file() {
        return Err(refuse("no such journal"));
    }
    let secret = if config.secret_file.exists() {
        Some(crate::journal::TableSecret::read(&config.secret_file).map_err(StationError::Secret)?)
    } else {
        None
    };
    let (table, resumed) = Session::replay_with(journal, secret.as_ref())?;
    let damage = resumed.warnings();
    if !damage.is_empty() {
        return Err(refuse(&format!(
            "the journal is damaged: {} (nothing was changed)",
            damage.join("; ")
        )));
    }
    if let Some(end) = table.end() {
        return Err(refuse(&format!(
            "the game is over ({}, {})",
            end.result, end.termination
        )));
    }
    if table.sealed_move().is_none() {
        return Err(refuse(
            "no sealed move: the game was not adjourned (play --config continues it)",
        ));
    }
    let dir = journal.parent().unwrap_or(Path::new("."));
    let mut config = config.clone();
    config.records_dir = if dir.as_os_str().is_empty() {
        ".".into()
    } else {
        dir.to_owned()
    };
    run_table(
        &config,
        json,
        allow_missing_devices,
        Some(Input::Arbiter(ArbiterAction::Resume)),
    )
}

/// Runs the table; `first` is fed before anything from the keyboard.
fn run_table(
    config: &StationConfig,
    json: bool,
    allow_missing_devices: bool,
    first: Option<Input>,
) -> Result<StationReport, StationError> {
    let console = bind_console(config)?;
    let (hearing, push_to_talk) = match &config.speech {
        SpeechSource::Vosk(setup) => (HearingPlan::Setup(setup.clone()), setup.push_to_talk),
        SpeechSource::Lines => (HearingPlan::Words, false),
    };
    let secret = table_secret(config)?;
    let station = Station::start(StationPlan {
        secret: secret.clone(),
        records_dir: config.records_dir.clone(),
        table: config.table_config(),
        continue_journal: true,
        devices: config.devices.clone(),
        voices: config.voice_plan(),
        hearing,
        console,
        output: Box::new(std::io::stdout()),
        style: ConsoleStyle::from_flags(json, false, ConsoleStyle::Events),
        heard_log: false,
        allow_missing_devices,
        braille_display: config
            .braille_display
            .clone()
            .map(|settings| BrailleDisplayPlan {
                surface: DisplaySurface::Brlapi(settings),
                braille_table: config.braille_table.clone(),
            }),
        opponent: config.opponent.as_ref().map(crate::opponent::from_config),
    })?;
    let hall = join_hall(config, &station, secret)?;
    if let Some(input) = first {
        let _ = station.requests.blocking_send(Request::Input(input));
    }
    // With the VI player's audio on standard input there is no keyboard: the table
    // stops when the audio ends.
    if !station.audio_on_stdin {
        let sims = station.sims.clone();
        let requests = station.requests.clone();
        let talk_key = station.ears.clone().filter(|_| push_to_talk);
        std::thread::spawn(move || keyboard(&sims, &requests, talk_key.as_ref()));
    }
    let (journal, dir, record) = (
        station.journal.clone(),
        station.records_dir.clone(),
        station.audio_record.clone(),
    );
    let stopped = station.wait()?;
    drain_hall(hall);
    StationReport::finish(journal, &stopped, &dir, &config.braille_table, record)
}

/// Binds the arbiter's web console, if configured, and logs its banner (address and
/// token): a busy port stops the table before anything starts.
fn bind_console(config: &StationConfig) -> Result<Option<ConsoleSetup>, StationError> {
    let Some(c) = &config.console else {
        return Ok(None);
    };
    let setup = ConsoleSetup::bind(&c.listen.to_string(), c.table.clone()).map_err(|source| {
        StationError::Console {
            addr: c.listen.to_string(),
            source,
        }
    })?;
    let banner = setup.banner().map_err(|source| StationError::Console {
        addr: c.listen.to_string(),
        source,
    })?;
    tracing::info!("{banner}");
    Ok(Some(setup))
}

/// The table's secret, made the first time. A secret that cannot be made (a
/// configuration directory the table's user may not write) leaves the journal unkeyed,
/// said; one that is there but exposed, malformed or unreadable stops the table.
fn table_secret(
    config: &StationConfig,
) -> Result<Option<crate::journal::TableSecret>, StationError> {
    match crate::journal::TableSecret::read_or_make(&config.secret_file) {
        Ok((secret, made)) => {
            if made {
                tracing::info!(secret = %config.secret_file.display(), "made the table's secret");
            }
            Ok(Some(secret))
        }
        Err(e @ crate::journal::SecretError::Io { .. }) if !config.secret_file.exists() => {
            tracing::warn!(
                "the table's secret cannot be made ({e}): a new journal is not authenticated; \
                 run `annabella init` as the table's user"
            );
            Ok(None)
        }
        Err(e) => Err(StationError::Secret(e)),
    }
}

/// The table in the hall, if configured: its journal published, the hall's signed
/// actions taken.
fn join_hall(
    config: &StationConfig,
    station: &Station,
    secret: Option<crate::journal::TableSecret>,
) -> Result<Option<hall_link::HallLink>, StationError> {
    config
        .hall
        .as_ref()
        .map(|h| {
            hall_link::start_keyed(
                h,
                station.journal.clone(),
                Some(station.committed.clone()),
                Some(station.requests.clone()),
                secret,
            )
        })
        .transpose()
}

/// After the game: waits (at most [`HALL_DRAIN`]) until the hall's broker has every
/// record, and says so.
fn drain_hall(mut hall: Option<hall_link::HallLink>) {
    if let Some(h) = hall.as_mut() {
        match h.drain(HALL_DRAIN) {
            Ok(last) => tracing::info!("hall: records 1-{last} are at the broker"),
            Err(e) => tracing::warn!("hall: {e}"),
        }
    }
    drop(hall);
}

/// Keyboard lines → simulators or table inputs; a bad line is reported and skipped.
///
/// With push-to-talk, an empty line (Enter) starts an utterance and the next ends it.
fn keyboard(sims: &Sims, requests: &mpsc::Sender<Request>, talk_key: Option<&Ears>) {
    let mut talking = false;
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        if let Some(ears) = talk_key
            && line.trim().is_empty()
        {
            talking = !talking;
            ears.talk(talking);
            tracing::info!(
                "{}",
                if talking {
                    "listening (Enter again to end)"
                } else {
                    "listening ended"
                }
            );
            continue;
        }
        let act = match parse_act(&line, true) {
            Ok(Some(a)) => a,
            Ok(None) => continue,
            Err(e) => {
                tracing::warn!("{e}");
                continue;
            }
        };
        match people::perform(act, sims, requests) {
            Err(StepError::Stopped) => return,
            Err(e) => tracing::warn!("{line:?}: {e}"),
            Ok(()) => {}
        }
    }
    let _ = requests.blocking_send(Request::Quit);
}
