//! The steps of [`Station::start`](super::Station::start), one per part of the table in
//! the order they start: the records directory, the devices' ports, the voices, the web
//! console, the Braille display and the announcements' log.

use std::{
    path::{Path, PathBuf},
    sync::{Arc, mpsc as std_mpsc},
};

use annabella_devices::sim::{Simulated, Simulator};
use annabella_table::{TableConfig, TableView};
use annabella_voice::{Herald, HeraldNews, RecordAt, SpeechdAddress, VoicePlan};
use tokio::sync::{mpsc, watch};

use super::{CONSOLE_LINES, Sims, StationError, holds_journal, io, port, unreachable_devices};
use crate::{
    braille_display::{self, BrailleDisplayPlan, RunningDisplay},
    config::Devices,
    console_link::{self, ConsoleSetup, Hands},
    line::Line,
    session::TableTime,
    shell::{Links, Request},
};

/// Makes the records directory and names the journal in it; a new game (not
/// `continue_journal`) never starts where a journal already is.
pub(super) fn records_journal(dir: &Path, continue_journal: bool) -> Result<PathBuf, StationError> {
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let journal = dir.join(crate::records::JOURNAL);
    if !continue_journal && holds_journal(dir) {
        return Err(StationError::JournalExists(journal));
    }
    Ok(journal)
}

/// Refuses to start while a configured serial device cannot be opened, unless missing
/// devices are allowed: then each is warned of and tried again later.
pub(super) fn check_devices(devices: &Devices, allow_missing: bool) -> Result<(), StationError> {
    let unreachable = unreachable_devices(devices);
    if !unreachable.is_empty() {
        if !allow_missing {
            return Err(StationError::DevicesMissing(unreachable));
        }
        for u in &unreachable {
            tracing::warn!("{u}; playing on without it, and trying again");
        }
    }
    Ok(())
}

/// The station's own runtime: two worker threads for the shell, the console and the
/// devices.
pub(super) fn runtime() -> Result<tokio::runtime::Runtime, StationError> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(StationError::Runtime)
}

/// Starts the voices (recording them in `dir`, continued when the journal is), their
/// news going to `news`; says on the log which back ends speak.
pub(super) fn start_herald(
    voices: &VoicePlan,
    dir: &Path,
    continue_journal: bool,
    time: TableTime,
    news: mpsc::Sender<HeraldNews>,
) -> Result<Herald, StationError> {
    let record_at = RecordAt {
        dir: dir.to_path_buf(),
        continue_existing: continue_journal,
    };
    let herald = Herald::start(
        voices,
        &SpeechdAddress::from_env(),
        Some(&record_at),
        Box::new(move |at| time.ms_of(at)),
        Box::new(move |news_item| {
            let _ = news.blocking_send(news_item);
        }),
    )?;
    tracing::info!("announcements: {}", herald.describe(voices));
    Ok(herald)
}

/// Opens the three devices: each on its serial port, or on its simulator's terminal.
pub(super) fn open_links(devices: &Devices, sims: &Sims) -> Links {
    Links::open(
        port(
            &devices.peg_board,
            sims.peg.as_ref().map(Simulated::path),
            115_200,
        ),
        port(&devices.dgt, sims.dgt.as_ref().map(Simulator::path), 9600),
        port(
            &devices.clock,
            sims.clock.as_ref().map(Simulated::path),
            115_200,
        ),
    )
}

/// Serves the arbiter's web console, if one is set up (its hands move the simulated
/// pieces); the sender of its console lines.
pub(super) fn start_console(
    console: Option<ConsoleSetup>,
    table: &TableConfig,
    sims: &Arc<Sims>,
    view: &watch::Receiver<TableView>,
    requests: &mpsc::Sender<Request>,
) -> Result<Option<mpsc::Sender<Line>>, StationError> {
    let Some(setup) = console else {
        return Ok(None);
    };
    let (lines_tx, lines_rx) = mpsc::channel(CONSOLE_LINES);
    let s = sims.clone();
    let hands: Hands =
        Arc::new(move |plan| console_link::sim_hands(s.peg.as_ref(), s.dgt.as_ref(), plan));
    let addr = setup
        .addr()
        .map_or_else(|_| "?".to_owned(), |a| a.to_string());
    console_link::start(
        setup,
        table,
        view.clone(),
        lines_rx,
        requests.clone(),
        Some(hands),
    )
    .map_err(|source| StationError::Console { addr, source })?;
    Ok(Some(lines_tx))
}

/// Starts the VI player's Braille display, if there is one: it takes the console lines
/// (passing them on to `lines`) and gives the sender the shell writes them to.
pub(super) fn start_braille_display(
    display: Option<BrailleDisplayPlan>,
    lines: Option<mpsc::Sender<Line>>,
    table: &TableConfig,
    view: &watch::Receiver<TableView>,
    requests: &mpsc::Sender<Request>,
    time: TableTime,
    dir: &Path,
) -> Result<(Option<mpsc::Sender<Line>>, Option<RunningDisplay>), StationError> {
    let Some(display) = display else {
        return Ok((lines, None));
    };
    let (tx, running) = braille_display::start(
        display,
        lines,
        table,
        view.clone(),
        requests.clone(),
        time,
        dir,
    )
    .map_err(StationError::BrailleDisplay)?;
    Ok((Some(tx), Some(running)))
}

/// The announcements' log for the script's `expect:`, when asked for: its sender (for
/// the shell) and receiver (for the station).
pub(super) fn heard_log(
    wanted: bool,
) -> (
    Option<std_mpsc::Sender<String>>,
    Option<std_mpsc::Receiver<String>>,
) {
    if wanted {
        let (tx, rx) = std_mpsc::channel();
        (Some(tx), Some(rx))
    } else {
        (None, None)
    }
}
