//! One table's publisher, `annabella hall publish`: its journal to the hall's broker
//! through the [`outbox`], following the journal or (with `once`) until
//! every record up to the first damage is at the broker. The binary passes its flags as
//! options and says where lines go ([`Outlets`]).

use std::path::PathBuf;

use annabella_broker::files::{HallFileError, broker, credentials};
pub use annabella_hall_wire::outlet::Outlets;
use annabella_hall_wire::signing::TableSigningKey;
use annabella_journal::{Journal, OpenMode, TableSecret};
use tokio::sync::watch;

use crate::outbox::{self, OutboxSettings, OutboxStatus, tail::JournalTail};

/// Why the publisher stopped or could not start.
#[derive(Debug, thiserror::Error)]
pub enum PublishError {
    /// A file or flag is wrong.
    #[error(transparent)]
    File(#[from] HallFileError),
    /// A flag is missing or wrong.
    #[error("{0}")]
    Flag(String),
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

/// One table's publisher (the flags of `annabella hall publish`, files read).
#[derive(Debug)]
pub struct PublishOptions {
    /// The broker, `mqtt://host:port`.
    pub broker: String,
    /// The table's name in the hall.
    pub table: String,
    /// The station's journal (read-only).
    pub journal: PathBuf,
    /// Stop once every record is at the broker.
    pub once: bool,
    /// The broker's CA.
    pub ca: Option<PathBuf>,
    /// The table's private signing key file.
    pub key: PathBuf,
    /// The table's secret, when the journal is keyed.
    pub secret: Option<TableSecret>,
    /// The table's user at the broker.
    pub user: Option<String>,
    /// The file of its password.
    pub password_file: Option<PathBuf>,
}

/// Publishes the journal; with `once`, returns when every record up to the first damage
/// is at the broker, with the damage named (empty: none). Without `once` it follows the
/// journal until the outbox stops.
///
/// # Errors
/// A [`PublishError`] naming the flag or file that is wrong, or what failed.
pub async fn publish(args: PublishOptions, outlets: Outlets) -> Result<Vec<String>, PublishError> {
    let broker = broker(&args.broker, "--broker", args.ca.as_ref())?;
    annabella_hall_wire::topic::check_table_name(&args.table)
        .map_err(|e| PublishError::Flag(format!("--table {:?}: {e}", args.table)))?;
    let key =
        TableSigningKey::read(&args.key).map_err(|e| PublishError::Flag(format!("--key {e}")))?;
    let mut settings = OutboxSettings::new(args.journal.clone(), &args.table, broker, key);
    settings.credentials = credentials(args.user.as_ref(), args.password_file.as_ref())?;
    settings.secret.clone_from(&args.secret);
    let (status_tx, mut status_rx) = watch::channel(OutboxStatus::default());
    let task = tokio::spawn(outbox::run(
        settings,
        None,
        status_tx,
        Box::new(outlets.log),
    ));
    if !args.once {
        task.await.map_err(|source| PublishError::Task {
            at: "outbox",
            source,
        })?;
        return Ok(Vec::new());
    }
    // The records to publish: every one up to the first damage (a damaged journal's good
    // prefix is published, then the damage is named).
    let journal = args.journal.clone();
    let secret = args.secret.clone();
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
    (outlets.banner)(&format!("hall: records 1-{last} are at the broker"));
    task.abort();
    Ok(damage)
}
