//! The arbiter's web console (`annabella-console`) on a live table: the station's
//! [`TableView`] and the shell's [`Line`]s become a [`ConsoleView`], published on every
//! change; the console's requests become signed table inputs ([`Input::ByArbiter`]),
//! journalled like every input, so the journal says who did what and a replay rebuilds
//! the same table.
//!
//! ```text
//! shell ──Line──► observer ──ConsoleView──► console (axum) ◄── browser
//!   ▲   ──TableView──►                              │ ArbiterRequest
//!   └──────── Request::Input(ByArbiter{by,…}) ◄─ actions (+ hands: carry out the plan)
//! ```

use annabella_view::{actions, observer};

use std::{net::SocketAddr, sync::Arc};

use annabella_arbiter::{Plan, Player, RestoreStep};
use annabella_console::{Console, Token};
use annabella_devices::sim::{
    DgtAction, DgtSim, Hands as _, PegAction, PegBoardSim, Simulated, Simulator,
};
use annabella_table::{Input, TableConfig, TableView};
use annabella_view::{ArbiterRequest, ConsoleView};
use tokio::sync::{mpsc, watch};

use crate::{
    journal::{Journal, JournalError, OpenMode},
    line::Line,
    shell::Request,
};

use observer::Observer;

/// Carries out a reconciliation plan's piece handling on the boards (the demo's
/// simulators; at a real table the arbiter's own hands, so there is none).
pub type Hands = Arc<dyn Fn(&Plan) -> Result<(), HandsError> + Send + Sync>;

/// A board refused a step of the plan.
#[derive(Debug, thiserror::Error)]
#[error("{board}: {why}")]
pub struct HandsError {
    /// The board ("peg board", "DGT board").
    pub board: &'static str,
    /// The simulator's refusal.
    pub why: String,
}

/// Where and how the console is served.
#[derive(Debug)]
pub struct ConsoleSetup {
    /// The bound listener (bind it before starting the table, to report a busy port).
    pub listener: std::net::TcpListener,
    /// The arbiter's token.
    pub token: Token,
    /// The table's name on the page.
    pub table: String,
    /// The table goes on to a next game once the arbiter confirms the result (the
    /// console shows the button for it).
    pub game_after_game: bool,
}

impl ConsoleSetup {
    /// Binds `addr` and makes a random token.
    ///
    /// # Errors
    /// The address cannot be bound, or there is no randomness for the token.
    pub fn bind(addr: &str, table: impl Into<String>) -> std::io::Result<ConsoleSetup> {
        let listener = std::net::TcpListener::bind(addr)?;
        listener.set_nonblocking(true)?;
        let token = Token::random().map_err(std::io::Error::other)?;
        Ok(ConsoleSetup {
            listener,
            token,
            table: table.into(),
            game_after_game: false,
        })
    }

    /// The same console for the next game: the same listening socket (connections made
    /// between games wait in its queue) and the same token, so an arbiter signed in
    /// stays signed in; `table` is the table's name now (the file is read again).
    ///
    /// # Errors
    /// The socket cannot be duplicated.
    pub fn again(&self, table: impl Into<String>) -> std::io::Result<ConsoleSetup> {
        Ok(ConsoleSetup {
            listener: self.listener.try_clone()?,
            token: self.token.clone(),
            table: table.into(),
            game_after_game: self.game_after_game,
        })
    }

    /// The address actually bound (port 0 → the port chosen).
    ///
    /// # Errors
    /// The socket's address cannot be read.
    pub fn addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// The lines to print at start: the read-only URL, the arbiter's URL and the token.
    ///
    /// # Errors
    /// The socket's address cannot be read.
    pub fn banner(&self) -> std::io::Result<String> {
        let addr = self.addr()?;
        let token = self.token.as_str();
        Ok(format!(
            "console: http://{addr}/ (read-only)\narbiter: http://{addr}/arbiter?token={token}&by=YOUR%20NAME\ntoken: {token}"
        ))
    }
}

/// Starts the console and its link to the table (call inside a tokio runtime). Lines
/// come from the shell's `ShellOptions::lines`; inputs go to the shell's requests.
///
/// # Errors
/// The table's configuration cannot be observed, or the listener cannot be handed to
/// tokio.
pub fn start(
    setup: ConsoleSetup,
    config: &TableConfig,
    view: watch::Receiver<TableView>,
    lines: mpsc::Receiver<Line>,
    requests: mpsc::Sender<Request>,
    hands: Option<Hands>,
) -> std::io::Result<()> {
    let observer = Observer::new(setup.table, config)
        .map_err(std::io::Error::other)?
        .game_after_game(setup.game_after_game);
    let listener = tokio::net::TcpListener::from_std(setup.listener)?;
    let (view_tx, view_rx) = watch::channel(ConsoleView::default());
    let (req_tx, req_rx) = mpsc::channel::<ArbiterRequest>(16);
    let console = Console::new(view_rx, req_tx, setup.token).with_language(config.language);
    tokio::spawn(async move {
        if let Err(e) = console.serve(listener).await {
            tracing::info!("console: {e}");
        }
    });
    tokio::spawn(link(
        observer, view, lines, req_rx, requests, view_tx, hands,
    ));
    Ok(())
}

async fn link(
    mut observer: Observer,
    mut table: watch::Receiver<TableView>,
    mut lines: mpsc::Receiver<Line>,
    mut req_rx: mpsc::Receiver<ArbiterRequest>,
    requests: mpsc::Sender<Request>,
    view_tx: watch::Sender<ConsoleView>,
    hands: Option<Hands>,
) {
    let mut lines_open = true;
    loop {
        let snapshot = table.borrow_and_update().clone();
        if let Some(v) = observer.view(&snapshot) {
            view_tx.send_replace(v);
        }
        tokio::select! {
            line = lines.recv(), if lines_open => match line {
                Some(l) => observer.on_line(&l),
                None => lines_open = false,
            },
            changed = table.changed() => if changed.is_err() { return },
            Some(request) = req_rx.recv() => {
                let plan = observer.last().and_then(|v| v.plan.clone());
                let carried = actions::inputs_for(&request, &snapshot, plan.as_ref(), observer.claim_id());
                let carried = match carried {
                    Ok(c) => {
                        if let annabella_view::ArbiterCommand::DismissAlert { alert } = request.action
                            && !observer.dismiss(alert)
                        {
                            Carry::Inputs(vec![actions::refusal(&request, &format!("no alert {alert}"))])
                        } else {
                            match (c.plan, hands.clone()) {
                                (Some(plan), Some(hands)) => Carry::ThenHands(c.inputs, Box::new(plan), hands, request.by.clone()),
                                _ => Carry::Inputs(c.inputs),
                            }
                        }
                    }
                    Err(why) => Carry::Inputs(vec![actions::refusal(&request, &why.to_string())]),
                };
                if carry(carried, &requests).await.is_err() {
                    return;
                }
            }
        }
    }
}

/// What a console request comes to: inputs, or inputs and then pieces moved by hand.
enum Carry {
    Inputs(Vec<Input>),
    ThenHands(Vec<Input>, Box<Plan>, Hands, String),
}

/// Sends the inputs; with a plan, the pieces are moved once the last input is
/// journalled (the journal says the arbiter decided before the boards changed).
async fn carry(carried: Carry, requests: &mpsc::Sender<Request>) -> Result<(), ()> {
    let (inputs, then) = match carried {
        Carry::Inputs(inputs) => (inputs, None),
        Carry::ThenHands(inputs, plan, hands, by) => (inputs, Some((plan, hands, by))),
    };
    let count = inputs.len();
    let mut journalled = None;
    for (i, input) in inputs.into_iter().enumerate() {
        let request = if i + 1 == count && then.is_some() {
            let (tx, rx) = tokio::sync::oneshot::channel();
            journalled = Some(rx);
            Request::InputThen(input, tx)
        } else {
            Request::Input(input)
        };
        requests.send(request).await.map_err(|_| ())?;
    }
    let Some((plan, hands, by)) = then else {
        return Ok(());
    };
    let tx = requests.clone();
    // Waiting here would hold up the console's lines: a task of its own waits.
    tokio::spawn(async move {
        if let Some(rx) = journalled
            && rx.await.is_err()
        {
            return;
        }
        let _ = tokio::task::spawn_blocking(move || {
            if let Err(e) = hands(&plan) {
                let _ = tx.blocking_send(Request::Input(Input::ByArbiter {
                    by,
                    what: format!("the plan could not be carried out on the boards: {e}"),
                    action: None,
                    dismissed: None,
                }));
            }
        })
        .await;
    });
    Ok(())
}

/// The hands of the demo: a plan's steps carried out on the simulated boards (the peg
/// board for the VI player's board, the DGT board for the sighted player's), so the
/// station reads the corrected boards through the real serial code.
///
/// # Errors
/// A simulator refused a step (named with the board).
pub fn sim_hands(
    peg: Option<&Simulated<PegBoardSim>>,
    dgt: Option<&Simulator<DgtSim>>,
    plan: &Plan,
) -> Result<(), HandsError> {
    for fix in &plan.fix {
        for i in &fix.steps {
            match fix.board {
                Player::Vi => {
                    let Some(peg) = peg else { continue };
                    let acts: Vec<PegAction> = match i.step {
                        RestoreStep::Remove { from, .. } | RestoreStep::Lift { from, .. } => {
                            vec![PegAction::Lift(from.to_string())]
                        }
                        RestoreStep::Move { from, to, .. } => vec![
                            PegAction::Lift(from.to_string()),
                            PegAction::Place(to.to_string()),
                        ],
                        RestoreStep::Place { to, .. } | RestoreStep::Add { to, .. } => {
                            vec![PegAction::Place(to.to_string())]
                        }
                    };
                    for a in acts {
                        peg.act(a).map_err(|e| HandsError {
                            board: "peg board",
                            why: e.to_string(),
                        })?;
                    }
                }
                Player::Sighted => {
                    let Some(dgt) = dgt else { continue };
                    let acts: Vec<DgtAction> = match i.step {
                        RestoreStep::Remove { from, .. } | RestoreStep::Lift { from, .. } => {
                            vec![DgtAction::Lift(from.to_string())]
                        }
                        RestoreStep::Move { piece, from, to } => vec![
                            DgtAction::Lift(from.to_string()),
                            DgtAction::Place(format!("{}{to}", piece.char())),
                        ],
                        RestoreStep::Place { piece, to } | RestoreStep::Add { piece, to } => {
                            vec![DgtAction::Place(format!("{}{to}", piece.char()))]
                        }
                    };
                    for a in acts {
                        dgt.act(a).map_err(|e| HandsError {
                            board: "DGT board",
                            why: e.to_string(),
                        })?;
                    }
                }
            }
        }
    }
    Ok(())
}

/// One arbiter's action (from the console or the hall) as journalled.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ArbiterNote {
    /// The record's number.
    pub seq: u64,
    /// Table time, ms.
    pub at_ms: u64,
    /// Who acted.
    pub by: String,
    /// What they did.
    pub what: String,
}

/// The arbiters' actions in the journal at `path`, with who took them (`journal replay`).
/// Damage is the replay's to report: the actions before it are listed.
///
/// # Errors
/// The journal cannot be opened.
pub fn journalled_actions(path: &std::path::Path) -> Result<Vec<ArbiterNote>, JournalError> {
    let (_, recovery) = Journal::<Input>::open(path, OpenMode::ReadOnly)?;
    Ok(recovery
        .records
        .into_iter()
        .filter_map(|r| match r.input {
            Input::ByArbiter { by, what, .. } => Some(ArbiterNote {
                seq: r.seq,
                at_ms: u64::try_from(r.now.as_millis()).unwrap_or(u64::MAX),
                by,
                what,
            }),
            _ => None,
        })
        .collect())
}
