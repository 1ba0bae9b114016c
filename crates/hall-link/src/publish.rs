//! One table's publisher, `annabella hall publish`: its journal to the hall's broker
//! through the [`outbox`], following the journal or (with `once`) until every record up
//! to the first damage is at the broker, ending with one clear error when the broker
//! refuses the table's user or a message, or stays away longer than a bound. The binary makes the outbox's settings from its
//! flags and prints what [`Published`] says.

use std::time::Duration;

use annabella_journal::{Journal, OpenMode};
use tokio::sync::watch;

use crate::outbox::{
    self, Denial, LinkProblem, OutboxSettings, OutboxStatus, Refusal, tail::JournalTail,
};

/// Why the publisher stopped or could not start.
#[derive(Debug, thiserror::Error)]
pub enum PublishError {
    /// The journal cannot be read.
    #[error(transparent)]
    Journal(#[from] annabella_journal::JournalError),
    /// The journal's tail cannot be read.
    #[error(transparent)]
    Tail(#[from] outbox::tail::TailError),
    /// A task of the program ended unexpectedly.
    #[error("{at}")]
    Task {
        /// Which task.
        at: &'static str,
        /// How it ended.
        #[source]
        source: tokio::task::JoinError,
    },
    /// The outbox stopped before every record was at the broker.
    #[error("outbox stopped")]
    OutboxStopped(#[source] watch::error::RecvError),
    /// The broker refused the table's sign-in.
    #[error(
        "the broker {broker} refused the table's connection: {denial}; records 1-{acked} \
         are at the broker, nothing after them"
    )]
    Denied {
        /// The broker (`host:port`).
        broker: String,
        /// Why.
        denial: Denial,
        /// The last record at the broker.
        acked: u64,
    },
    /// The broker refused a message: it did not keep it.
    #[error(
        "the broker {broker} refused record {seq}'s message on {topic}: {reason}; records \
         1-{acked} are at the broker, nothing after them"
    )]
    Refused {
        /// The broker (`host:port`).
        broker: String,
        /// The record.
        seq: u64,
        /// The message's topic.
        topic: String,
        /// Why.
        reason: Refusal,
        /// The last record at the broker.
        acked: u64,
    },
    /// The broker could not be reached for `waited`.
    #[error(
        "the broker {broker} could not be reached for {} s; records 1-{acked} are at the \
         broker, the rest wait in the journal",
        .waited.as_secs()
    )]
    Away {
        /// The broker (`host:port`).
        broker: String,
        /// How long it was away.
        waited: Duration,
        /// The last record at the broker.
        acked: u64,
    },
}

/// What a publisher that stopped by itself (`once`) did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Published {
    /// The last record at the broker (every one from 1).
    pub last: u64,
    /// The journal's damage, each named; nothing after the first was published.
    pub damage: Vec<String>,
}

/// Publishes the journal of `settings`; with `once`, returns when every record up to the
/// first damage is at the broker, with the damage named (empty: none), or fails when
/// the broker refuses the user or a message, or cannot be reached for `away` on end.
/// Without `once` it follows the journal until the outbox stops.
///
/// # Errors
/// A [`PublishError`]: the journal cannot be read, a task failed, the broker refused
/// or stayed away (with `once`).
pub async fn publish(
    settings: OutboxSettings,
    once: bool,
    away: Duration,
) -> Result<Published, PublishError> {
    let broker = format!("{}:{}", settings.broker.host, settings.broker.port);
    let table = settings.table.clone();
    let journal = settings.journal.clone();
    let secret = settings.secret.clone();
    let (status_tx, mut status_rx) = watch::channel(OutboxStatus::default());
    let task = tokio::spawn(outbox::run(settings, None, status_tx));
    if !once {
        task.await.map_err(|source| PublishError::Task {
            at: "outbox",
            source,
        })?;
        return Ok(Published::default());
    }
    // The records to publish: every one up to the first damage (a damaged journal's good
    // prefix is published, then the damage is named).
    let (last, damage) = tokio::task::spawn_blocking(move || -> Result<_, PublishError> {
        let (tail, _, _) = JournalTail::open_with(&journal, secret.as_ref())?;
        let last = tail.last_seq()?;
        let (_, recovery) = Journal::<annabella_table::Input>::open_with(
            &journal,
            OpenMode::ReadOnly,
            secret.as_ref(),
        )?;
        let damage: Vec<String> = recovery
            .dropped
            .iter()
            .map(ToString::to_string)
            .chain(recovery.damage.iter().map(ToString::to_string))
            .collect();
        let good = if damage.is_empty() {
            last
        } else {
            recovery.records.len() as u64
        };
        Ok((good, damage))
    })
    .await
    .map_err(|source| PublishError::Task {
        at: "journal",
        source,
    })??;
    let outcome = until_published(&mut status_rx, last, away).await;
    task.abort();
    let acked = outcome?;
    match acked.problem {
        _ if acked.acked >= last => Ok(Published { last, damage }),
        LinkProblem::Denied(denial) => Err(PublishError::Denied {
            broker,
            denial,
            acked: acked.acked,
        }),
        LinkProblem::Refused { seq, kind, reason } => Err(PublishError::Refused {
            broker,
            seq,
            topic: annabella_hall_wire::topic::topic(kind, &table),
            reason,
            acked: acked.acked,
        }),
        LinkProblem::Away | LinkProblem::None => Err(PublishError::Away {
            broker,
            waited: away,
            acked: acked.acked,
        }),
    }
}

/// Waits until record `last` is at the broker, the broker refuses, or it has been away
/// (not connected) for `away` on end; the status then.
async fn until_published(
    status: &mut watch::Receiver<OutboxStatus>,
    last: u64,
    away: Duration,
) -> Result<OutboxStatus, PublishError> {
    let mut deadline = tokio::time::Instant::now() + away;
    loop {
        let now = *status.borrow_and_update();
        if now.acked >= last
            || matches!(
                now.problem,
                LinkProblem::Denied(_) | LinkProblem::Refused { .. }
            )
        {
            return Ok(now);
        }
        if now.connected {
            deadline = tokio::time::Instant::now() + away;
        }
        match tokio::time::timeout_at(deadline, status.changed()).await {
            Ok(changed) => changed.map_err(PublishError::OutboxStopped)?,
            Err(_) if status.borrow().connected => {
                deadline = tokio::time::Instant::now() + away;
            }
            Err(_) => return Ok(*status.borrow()),
        }
    }
}
