//! The screens part of [`Station::start`](super::Station::start): the arbiter's web
//! console and the VI player's Braille display, both fed the table's view and console
//! lines.

use std::{path::Path, sync::Arc};

use annabella_table::{TableConfig, TableView};
use tokio::sync::{mpsc, watch};

use super::{Sims, StationError};
use crate::{
    braille_display::{self, BrailleDisplayPlan, RunningDisplay},
    console_link::{self, ConsoleSetup, Hands},
    line::Line,
    session::TableTime,
    shell::Request,
};

/// Console lines waiting for the web console.
const CONSOLE_LINES: usize = 1024;

/// What the screens look at and talk to: the table, its simulators (the console's hands
/// move their pieces), its view, its requests, its time and its records directory.
pub(super) struct Screens<'a> {
    /// The table.
    pub table: &'a TableConfig,
    /// The simulators.
    pub sims: &'a Arc<Sims>,
    /// The table's snapshot after every input.
    pub view: &'a watch::Receiver<TableView>,
    /// Inputs for the table.
    pub requests: &'a mpsc::Sender<Request>,
    /// The table's time.
    pub time: TableTime,
    /// The records directory (the Braille display's record).
    pub dir: &'a Path,
}

/// Serves the web console and starts the Braille display, as planned: the sender the
/// shell writes console lines to (none: no screen) and the running display.
pub(super) fn open(
    console: Option<ConsoleSetup>,
    display: Option<BrailleDisplayPlan>,
    at: &Screens<'_>,
) -> Result<(Option<mpsc::Sender<Line>>, Option<RunningDisplay>), StationError> {
    let lines = start_console(console, at.table, at.sims, at.view, at.requests)?;
    start_braille_display(
        display,
        lines,
        at.table,
        at.view,
        at.requests,
        at.time,
        at.dir,
    )
}

/// Serves the arbiter's web console, if one is set up (its hands move the simulated
/// pieces); the sender of its console lines.
fn start_console(
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
fn start_braille_display(
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
