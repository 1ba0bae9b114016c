//! One table's publisher, `annabella hall publish`: its journal to the hall's broker
//! through the [`outbox`], following the journal or (with `once`) until every record up
//! to the first damage is at the broker. The binary makes the outbox's settings from its
//! flags and prints what [`Published`] says.

use annabella_journal::{Journal, OpenMode};
use tokio::sync::watch;

use crate::outbox::{self, OutboxSettings, OutboxStatus, tail::JournalTail};

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
/// first damage is at the broker, with the damage named (empty: none). Without `once` it
/// follows the journal until the outbox stops.
///
/// # Errors
/// A [`PublishError`]: the journal cannot be read, a task failed.
pub async fn publish(settings: OutboxSettings, once: bool) -> Result<Published, PublishError> {
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
    status_rx
        .wait_for(|s| s.acked >= last)
        .await
        .map_err(PublishError::OutboxStopped)?;
    task.abort();
    Ok(Published { last, damage })
}
