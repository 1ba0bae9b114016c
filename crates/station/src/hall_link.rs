//! The table in a tournament hall (`[hall]` in table.toml, `demo --hall`): the outbox
//! publishes the journal to the hall's broker (waking on the station's commit signal),
//! and, with an `action_key`, the hall's signed arbiter actions become the arbiter's
//! inputs, journalled with who acted (`hall:<name>`) exactly like console actions. The
//! last accepted nonce is kept in the journal's meta before the action is journalled, so
//! a restarted station refuses a replayed action. Both run on a thread of their own with
//! their own runtime: the table never waits for the broker, and nothing from the broker
//! can block it.

use std::{
    path::PathBuf,
    thread::JoinHandle,
    time::{Duration, Instant},
};

use annabella_broker::HallConfig;
use annabella_hall_link::{
    inbox::{self, Arrival, InboxSettings},
    outbox::{self, OutboxSettings, OutboxStatus, tail::JournalTail},
};
use annabella_hall_wire::{ActionBody, HallAction, HallOnly, action::dismissal_what};
use annabella_table::Input;
use tokio::sync::{mpsc, oneshot, watch};

use crate::{
    assembly::StationError,
    shell::{NONCE_META, Request},
};

/// At most one refusal line in the log and one note in the journal this often; the next
/// one says how many were refused in between.
const REFUSAL_NOTE_EVERY: Duration = Duration::from_secs(10);

/// Lets one event through per interval and counts the ones held back (a flood of forged
/// actions must not flood the log or the journal).
#[derive(Debug)]
struct RateLimit {
    every: Duration,
    last: Option<Instant>,
    held_back: u32,
}

impl RateLimit {
    fn new(every: Duration) -> RateLimit {
        RateLimit {
            every,
            last: None,
            held_back: 0,
        }
    }

    /// `Some(n)` when an event at `now` may go out, `n` being how many were held back
    /// since the last one; `None` (and counted) otherwise.
    fn admit(&mut self, now: Instant) -> Option<u32> {
        if self
            .last
            .is_some_and(|t| now.saturating_duration_since(t) < self.every)
        {
            self.held_back = self.held_back.saturating_add(1);
            return None;
        }
        self.last = Some(now);
        Some(std::mem::take(&mut self.held_back))
    }
}

/// The longest `by` or `what` journalled from the hall, in characters.
const MAX_WORDS: usize = 120;

/// The hall link running beside a station.
#[derive(Debug)]
pub struct HallLink {
    journal: PathBuf,
    status: watch::Receiver<OutboxStatus>,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

/// Journalled text from the hall: no control characters, at most [`MAX_WORDS`].
fn clean(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_control())
        .take(MAX_WORDS)
        .collect()
}

/// The table input an accepted action comes to (`by` is `hall:<name>`).
pub fn input_of(body: &ActionBody) -> Input {
    let by = format!("hall:{}", clean(&body.by));
    match &body.action {
        HallAction::Table(action) => Input::ByArbiter {
            by,
            what: clean(&body.what),
            action: Some(action.clone()),
            dismissed: None,
        },
        HallAction::Hall(HallOnly::DismissAlert { seq }) => Input::ByArbiter {
            by,
            what: dismissal_what(*seq),
            action: None,
            dismissed: Some(*seq),
        },
    }
}

/// How far the hall's clock may be behind the station's at the start of a game.
const CLOCK_SKEW_MS: u64 = 10 * 60 * 1000;

/// Where the replay guard starts: the last accepted nonce in the journal's meta, and at
/// least the game's start (the hall's nonces count from its clock in µs·1000, less ten
/// minutes for the clocks' difference), so an earlier game's actions are refused.
fn last_nonce(journal: &std::path::Path) -> u64 {
    let Ok(follower) = annabella_journal::Follower::<Input>::open(journal) else {
        return 0;
    };
    let meta = |key: &str| -> u64 {
        follower
            .meta_json(key)
            .ok()
            .flatten()
            .and_then(|json| serde_json::from_str(&json).ok())
            .unwrap_or(0)
    };
    let game_start = meta(crate::session::META_EPOCH).saturating_sub(CLOCK_SKEW_MS);
    meta(NONCE_META).max(game_start.saturating_mul(1000))
}

fn report(line: String) {
    tracing::info!("{line}");
}

/// The kind of a refusal: the first words of our own reason ("the signature does",
/// "the action is"), never the parts a sender chooses — a bounded set.
fn refusal_kind(why: &str) -> String {
    why.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
}

/// Hands what arrives on the action topic to the table; refusals are logged and noted in
/// the journal (so the console shows them) at most once every ten seconds for each kind
/// of refusal, each saying how many of that kind were refused since the last.
async fn forward(mut arrivals: mpsc::Receiver<Arrival>, requests: mpsc::Sender<Request>) {
    let mut limits: std::collections::HashMap<String, RateLimit> = std::collections::HashMap::new();
    while let Some(arrival) = arrivals.recv().await {
        let request = match arrival {
            Arrival::Accepted(body) => {
                let input = input_of(&body);
                if let Input::ByArbiter { by, what, .. } = &input {
                    report(format!("hall: {by}: {what}"));
                }
                Request::FromHall {
                    input,
                    nonce: body.nonce,
                }
            }
            Arrival::Refused(why) => {
                let limit = limits
                    .entry(refusal_kind(&why))
                    .or_insert_with(|| RateLimit::new(REFUSAL_NOTE_EVERY));
                let Some(held_back) = limit.admit(Instant::now()) else {
                    continue;
                };
                let more = match held_back {
                    0 => String::new(),
                    n => format!(" ({n} more refused before it)"),
                };
                report(format!(
                    "hall actions: refused a message: {}{more}",
                    clean(&why)
                ));
                Request::Input(Input::ByArbiter {
                    by: "hall".into(),
                    what: format!(
                        "a message on the table's action topic was refused: {}{more}",
                        clean(&why)
                    ),
                    action: None,
                    dismissed: None,
                })
            }
        };
        if requests.send(request).await.is_err() {
            return;
        }
    }
}

/// Starts the hall link of the table whose journal is `journal`. `commits`: the
/// station's last committed record (else the journal is read every 20 ms); `requests`:
/// where accepted actions go (none: the hall's actions are not taken).
///
/// # Errors
/// [`StationError::Hall`]: the TLS settings cannot be made, or the thread cannot start.
pub fn start(
    config: &HallConfig,
    journal: PathBuf,
    commits: Option<watch::Receiver<u64>>,
    requests: Option<mpsc::Sender<Request>>,
) -> Result<HallLink, StationError> {
    start_keyed(config, journal, commits, requests, None)
}

/// As [`start`], with the table's secret: the outbox checks each record's MAC before it
/// publishes it, so a record forged in the journal while the table runs is never
/// published (the outbox stops before it and says so).
///
/// # Errors
/// As [`start`].
pub fn start_keyed(
    config: &HallConfig,
    journal: PathBuf,
    commits: Option<watch::Receiver<u64>>,
    requests: Option<mpsc::Sender<Request>>,
    secret: Option<crate::journal::TableSecret>,
) -> Result<HallLink, StationError> {
    start_after(config, journal, commits, requests, secret, 0)
}

/// The hall's nonce last accepted at the table whose journal is `journal` (0 when none):
/// the next game's link starts above it, so an action of the game before (its `next
/// game` above all) is never taken again.
pub fn accepted_nonce(journal: &std::path::Path) -> u64 {
    last_nonce(journal)
}

/// As [`start_keyed`], refusing every action whose nonce is not above `floor` too (the
/// last one the game before this one accepted, [`accepted_nonce`]).
///
/// # Errors
/// As [`start_keyed`].
pub fn start_after(
    config: &HallConfig,
    journal: PathBuf,
    commits: Option<watch::Receiver<u64>>,
    requests: Option<mpsc::Sender<Request>>,
    secret: Option<crate::journal::TableSecret>,
    floor: u64,
) -> Result<HallLink, StationError> {
    if config.broker.tls {
        annabella_broker::tls::client_config(config.broker.ca.as_deref())
            .map_err(|e| StationError::Hall(format!("hall.ca: {e}")))?;
    }
    let mut settings = OutboxSettings::new(
        journal.clone(),
        config.table.clone(),
        config.broker.clone(),
        config.signing_key.clone(),
    );
    settings.credentials.clone_from(&config.credentials);
    settings.secret = secret;
    let inbox = match (&config.action_key, requests) {
        (Some(key), Some(requests)) => Some((
            InboxSettings {
                broker: config.broker.clone(),
                credentials: config.credentials.clone(),
                table: config.table.clone(),
                key: key.clone(),
                last_nonce: last_nonce(&journal).max(floor),
            },
            requests,
        )),
        _ => None,
    };
    let (status_tx, status_rx) = watch::channel(OutboxStatus::default());
    let (stop_tx, stop_rx) = oneshot::channel::<()>();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| StationError::Hall(format!("cannot start its runtime: {e}")))?;
    let thread = std::thread::Builder::new()
        .name("hall-link".into())
        .spawn(move || {
            runtime.block_on(async move {
                // One connection for the journal and the actions: the table's one client id.
                let (desk, forwarding) = match inbox {
                    Some((settings, requests)) => {
                        let (tx, rx) = mpsc::channel(16);
                        (
                            Some(inbox::ActionDesk::new(settings, tx)),
                            Some((rx, requests)),
                        )
                    }
                    None => (None, None),
                };
                let publish = outbox::run_linked(settings, commits, status_tx, desk);
                let actions = async move {
                    let Some((rx, requests)) = forwarding else {
                        return std::future::pending().await;
                    };
                    forward(rx, requests).await;
                };
                tokio::select! {
                    _ = async { tokio::join!(publish, actions) } => {}
                    _ = stop_rx => {}
                }
            });
        })
        .map_err(|e| StationError::Hall(format!("cannot start its thread: {e}")))?;
    Ok(HallLink {
        journal,
        status: status_rx,
        stop: Some(stop_tx),
        thread: Some(thread),
    })
}

/// Why not every record reached the hall's broker.
#[derive(Debug, thiserror::Error)]
pub enum DrainError {
    /// The journal's last record could not be read.
    #[error("{0}")]
    Journal(#[source] annabella_hall_link::outbox::tail::TailError),
    /// The wait could not start.
    #[error("{0}")]
    Runtime(std::io::Error),
    /// The broker did not have every record in time.
    #[error(
        "the hall's broker has records 1-{acked} of {last}; the rest wait in the journal \
         {journal}, and publishing it to the hall once more sends them"
    )]
    Behind {
        /// The last record the broker has.
        acked: u64,
        /// The journal's last record.
        last: u64,
        /// The journal's path.
        journal: String,
    },
}

impl HallLink {
    /// How far the outbox is.
    pub fn status(&self) -> OutboxStatus {
        *self.status.borrow()
    }

    /// Waits up to `limit` until every record of the journal is at the broker.
    ///
    /// # Errors
    /// What the broker has and how to send the rest later.
    pub fn drain(&mut self, limit: Duration) -> Result<u64, DrainError> {
        let last = JournalTail::open(&self.journal)
            .and_then(|(tail, _, _)| tail.last_seq())
            .map_err(DrainError::Journal)?;
        let waiter = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .map_err(DrainError::Runtime)?;
        let mut status = self.status.clone();
        let drained = waiter.block_on(async {
            tokio::time::timeout(limit, status.wait_for(|s| s.acked >= last)).await
        });
        match drained {
            Ok(Ok(_)) => Ok(last),
            _ => Err(DrainError::Behind {
                acked: self.status().acked,
                last,
                journal: self.journal.display().to_string(),
            }),
        }
    }
}

impl Drop for HallLink {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use annabella_table::ArbiterAction;

    use super::*;

    /// Issue 26, item 9: a flood of refused actions gives one log line (and one journal
    /// note) per interval, the next one counting those held back.
    #[test]
    fn a_refusals_kind_is_our_words_not_the_senders() {
        assert_eq!(
            refusal_kind("the action is for table \"8\", not \"7\""),
            refusal_kind("the action is for table \"Mallory's 1000th\", not \"7\"")
        );
        assert_ne!(
            refusal_kind("the signature does not match"),
            refusal_kind("the action is for table \"8\", not \"7\"")
        );
    }

    #[test]
    fn refusals_are_rate_limited_and_counted() {
        let t0 = Instant::now();
        let mut limit = RateLimit::new(REFUSAL_NOTE_EVERY);
        assert_eq!(limit.admit(t0), Some(0));
        let admitted = (1..=1000u64)
            .filter(|i| limit.admit(t0 + Duration::from_millis(*i)).is_some())
            .count();
        assert_eq!(admitted, 0, "a burst within the interval is held back");
        assert_eq!(limit.admit(t0 + REFUSAL_NOTE_EVERY), Some(1000));
        assert_eq!(limit.admit(t0 + REFUSAL_NOTE_EVERY * 2), Some(0));
    }

    fn body(action: HallAction) -> ActionBody {
        ActionBody {
            table: "3".parse().unwrap(),
            nonce: 7,
            sent_ms: 1,
            by: "Chief\nArbiter".into(),
            what: "pause the clocks (from the hall)".into(),
            action,
            protocol: annabella_hall_wire::message::PROTOCOL,
        }
    }

    #[test]
    fn actions_become_the_arbiters_inputs_naming_the_hall() {
        assert_eq!(
            input_of(&body(ArbiterAction::Pause.into())),
            Input::ByArbiter {
                by: "hall:ChiefArbiter".into(),
                what: "pause the clocks (from the hall)".into(),
                action: Some(ArbiterAction::Pause),
                dismissed: None,
            }
        );
        let input = input_of(&body(HallAction::Hall(HallOnly::DismissAlert { seq: 4 })));
        let Input::ByArbiter {
            action, dismissed, ..
        } = &input
        else {
            unreachable!("always ByArbiter")
        };
        assert_eq!((action, dismissed), (&None, &Some(4)));
        assert_eq!(annabella_hall_wire::action::dismissed_by(&input), Some(4));
    }
}
