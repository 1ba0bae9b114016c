//! The hall's MQTT shell: subscribes to the whole topic tree with a persistent session
//! (QoS 1: the broker keeps what the hall has not acknowledged while it is away), feeds
//! every message to the pure [`Hall`], keeps the round's PGN file (written on tokio's
//! blocking pool), and sends signed arbiter actions.

use std::{
    collections::HashSet,
    path::PathBuf,
    sync::{Arc, RwLock},
    time::{Duration, SystemTime, UNIX_EPOCH},
};

use serde::Serialize;
use tokio::sync::{mpsc, watch};

use crate::round::{Hall, News};
use annabella_broker::{
    blocking::{unblock, write_atomically},
    config::Broker,
    link5::{self, AsyncClient, Event, Packet, QoS, drive, topic_text},
};
use annabella_hall_wire::{
    action::{self, ActionBody, ActionKeys, HallAction},
    message::MAX_PAYLOAD,
    signing::TableKeys,
    topic::{Kind, ROOT, topic},
};

/// The largest packet the hall takes from the broker (MQTT 5 Maximum Packet Size): the
/// broker discards anything bigger for the hall. Payloads between [`MAX_PAYLOAD`] and
/// this reach the hall and are dropped, acknowledged and counted there.
pub const HALL_MAX_PACKET: u32 = 2 * MAX_PAYLOAD as u32;

/// What the hall connects to and writes.
#[derive(Debug, Clone)]
pub struct HallSettings {
    /// The broker.
    pub broker: Broker,
    /// User and password at the broker.
    pub credentials: Option<(String, String)>,
    /// The client id (one per hall: the broker keeps its session under it).
    pub client_id: String,
    /// The round's PGN, rewritten atomically on every move.
    pub pgn_out: Option<PathBuf>,
    /// Where each table's last accepted view is kept across restarts, and what it held
    /// at the start ([`read_accepted`]); none: a restarted hall starts afresh.
    pub accepted: Option<(PathBuf, crate::round::AcceptedViews)>,
    /// Keys of the tables the hall may act on.
    pub keys: ActionKeys,
    /// The tables' public keys: the hall believes only what these signed.
    pub table_keys: TableKeys,
    /// The files the keys above came from, read again whenever one is saved anew (a
    /// table added or renamed between rounds); none: the keys stay as they are.
    pub tables: Option<crate::files::TablesFiles>,
    /// The LiveChess export directory and the pairing program's pairings.
    pub live: crate::livechess::LiveSettings,
    /// The language of the hall's pages.
    pub language: annabella_phonetic::Language,
}

/// The hall's state shared with the web page: the hall and a counter that moves on
/// every change the page shows.
#[derive(Debug)]
pub struct Shared {
    /// Every table.
    pub hall: RwLock<Hall>,
    /// Bumped on every change a page shows.
    pub version: watch::Sender<u64>,
    /// Bumped on every change of the round's PGN.
    pub round: watch::Sender<u64>,
    client: AsyncClient,
    keys: RwLock<ActionKeys>,
    nonce: std::sync::atomic::AtomicU64,
}

/// One line of `annabella hall --json`: the news and when the hall applied it.
#[derive(Debug, Clone, Serialize)]
pub struct Stamped {
    /// Unix microseconds when the hall's state changed.
    pub hall_us: u64,
    /// What changed.
    #[serde(flatten)]
    pub news: News,
}

impl Stamped {
    /// `news`, stamped now.
    pub fn now(news: News) -> Stamped {
        Stamped {
            hall_us: unix_us(),
            news,
        }
    }
}

fn unix_us() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_micros()).unwrap_or(u64::MAX))
}

/// Why an arbiter action was not sent to a table.
#[derive(Debug, thiserror::Error)]
pub enum SendError {
    /// The hall has no action key for the table.
    #[error("no action key for table {0:?}")]
    NoKey(String),
    /// The table's name cannot be a topic level (an action is sent to none such).
    #[error("table {table:?}: {error}")]
    TableName {
        /// The name asked for.
        table: String,
        /// Why it is no name.
        #[source]
        error: annabella_hall_wire::topic::TableNameError,
    },
    /// The action could not be written as JSON.
    #[error("{0}")]
    Encode(#[from] serde_json::Error),
    /// The MQTT client did not take the message.
    #[error("{0}")]
    Client(#[from] rumqttc::v5::ClientError),
}

impl Shared {
    /// The tables whose action key the hall holds (only there does it offer actions).
    pub fn keyed_tables(
        &self,
    ) -> std::collections::BTreeSet<annabella_hall_wire::topic::TableName> {
        (self.keys.read())
            .map(|k| k.keys().cloned().collect())
            .unwrap_or_default()
    }

    /// Sends `action` to `table`, signed with the table's key, naming `by`.
    ///
    /// # Errors
    /// No key for the table, or the client cannot take the message.
    pub async fn send_action(
        &self,
        table: &str,
        by: &str,
        what: &str,
        action: HallAction,
    ) -> Result<(), SendError> {
        let key = (self.keys.read().ok())
            .and_then(|k| k.get(table).cloned())
            .ok_or_else(|| SendError::NoKey(table.to_owned()))?;
        let sent_ms = unix_us() / 1000;
        // Nonces count up from the time, so a restarted hall stays above its last.
        let floor = sent_ms * 1000;
        let next = |prev: u64| prev.max(floor) + 1;
        let nonce = self
            .nonce
            .fetch_update(
                std::sync::atomic::Ordering::SeqCst,
                std::sync::atomic::Ordering::SeqCst,
                |prev| Some(next(prev)),
            )
            .map_or(floor + 1, next);
        let name = table.parse().map_err(|error| SendError::TableName {
            table: table.to_owned(),
            error,
        })?;
        let body = ActionBody {
            table: name,
            nonce,
            sent_ms,
            by: by.to_owned(),
            what: what.to_owned(),
            action,
            protocol: annabella_hall_wire::message::PROTOCOL,
        };
        let payload = action::sign(&key, &body)?;
        self.client
            .publish(topic(Kind::Action, table), QoS::AtLeastOnce, false, payload)
            .await?;
        Ok(())
    }
}

/// Connects the hall and runs it until the task is dropped: the shared state to serve,
/// and every news item sent to `news`.
///
/// # Errors
/// The TLS settings cannot be made (see `annabella_broker::link5::options`).
pub fn start(
    settings: HallSettings,
    news: mpsc::UnboundedSender<Stamped>,
) -> Result<Arc<Shared>, annabella_broker::tls::TlsSetupError> {
    let options = link5::options(
        &settings.client_id,
        &settings.broker,
        settings.credentials.as_ref(),
        HALL_MAX_PACKET,
        true,
    )?;
    let (client, eventloop) = AsyncClient::new(options, 256);
    let mut hall = Hall::new(settings.keys.clone(), settings.table_keys.clone())
        .with_roster(settings.live.roster.clone())
        .with_language(settings.language);
    if let Some((path, kept)) = &settings.accepted {
        let restored = hall.restore(unix_us() / 1000, kept);
        for n in &restored {
            if let News::Rejected { reason, .. } = n {
                tracing::warn!(
                    "hall: {}: a kept view was not taken: {reason}",
                    path.display()
                );
            }
        }
        tracing::info!(
            "hall: took the last accepted view of {} table{} from {}",
            hall.accepted().tables.len(),
            if hall.accepted().tables.len() == 1 {
                ""
            } else {
                "s"
            },
            path.display()
        );
        for n in restored {
            let _ = news.send(Stamped::now(n));
        }
    }
    let shared = Arc::new(Shared {
        hall: RwLock::new(hall),
        version: watch::Sender::new(0),
        round: watch::Sender::new(0),
        client: client.clone(),
        keys: RwLock::new(settings.keys.clone()),
        nonce: std::sync::atomic::AtomicU64::new(0),
    });
    let export = settings.live.dir.clone().map(crate::livechess::Export::new);
    // The pairings and the keys the hall starts with came from the files as they are now.
    let trf_seen = settings.live.trf.clone();
    let tables_seen = (settings.tables.as_ref()).map_or([None, None], |t| t.stamps());
    let subscriber = Subscriber {
        settings,
        state: Arc::clone(&shared),
        client,
        news,
        export,
        last_error: String::new(),
        told: HashSet::new(),
        trf_seen: trf_seen.and_then(|p| crate::files::stamp(&p)),
        tables_seen,
    };
    tokio::spawn(subscriber.run(drive(eventloop)));
    Ok(shared)
}

/// How often the hall looks whether its tables files were saved anew while no message
/// arrives (it also looks before taking each batch of messages).
const TABLES_LOOK: Duration = Duration::from_secs(1);

/// The events of the hall's client, as [`drive`] delivers them.
type Events = mpsc::UnboundedReceiver<Result<Event, rumqttc::v5::ConnectionError>>;

/// What a batch of deliveries changed.
#[derive(Debug, Default, Clone, Copy)]
struct Changed {
    /// The round's PGN.
    pgn: bool,
    /// The pages.
    page: bool,
}

/// The hall's MQTT shell at work: what it receives goes into the shared hall, its news
/// to `news`, and the round's files are kept in step.
struct Subscriber {
    settings: HallSettings,
    state: Arc<Shared>,
    client: AsyncClient,
    news: mpsc::UnboundedSender<Stamped>,
    export: Option<crate::livechess::Export>,
    /// The last broker error reported (once while it stays).
    last_error: String,
    /// Each topic's first refusal is logged; the rest are counted on the page.
    told: HashSet<String>,
    /// The TRF file's modification time and length when last read.
    trf_seen: crate::files::FileStamp,
    /// The tables files' stamps when last read.
    tables_seen: [crate::files::FileStamp; 2],
}

impl Subscriber {
    /// Takes every event until the client's driver stops; everything already delivered
    /// is taken before the round's files are written once.
    async fn run(mut self, mut events: Events) {
        let mut look = tokio::time::interval(TABLES_LOOK);
        look.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            let event = tokio::select! {
                event = events.recv() => match event {
                    Some(event) => event,
                    None => break,
                },
                _ = look.tick() => {
                    if self.read_tables_again() {
                        self.keep_in_step(Changed { pgn: false, page: true }).await;
                    }
                    continue;
                }
            };
            let mut changed = Changed {
                pgn: false,
                page: self.read_tables_again(),
            };
            let mut next = Some(event);
            while let Some(event) = next.take() {
                self.take(event, &mut changed);
                next = events.try_recv().ok();
            }
            self.keep_in_step(changed).await;
        }
    }

    /// One event of the client: connected (subscribe to every table), a delivery, the
    /// subscription, or the connection's error (reported once).
    fn take(&mut self, event: Result<Event, rumqttc::v5::ConnectionError>, changed: &mut Changed) {
        let broker = &self.settings.broker;
        match event {
            Ok(Event::Incoming(Packet::ConnAck(_))) => {
                self.last_error.clear();
                if let Err(e) = (self.client).try_subscribe(format!("{ROOT}/#"), QoS::AtLeastOnce) {
                    tracing::error!("hall: cannot subscribe: {e}");
                }
            }
            Ok(Event::Incoming(Packet::Publish(p))) => self.receive(&p.topic, &p.payload, changed),
            Ok(Event::Incoming(Packet::SubAck(_))) => {
                tracing::info!(
                    "hall: subscribed to {ROOT}/# at {}:{}",
                    broker.host,
                    broker.port
                );
            }
            Ok(_) => {}
            Err(error) => {
                let text = error.to_string();
                if text != self.last_error {
                    tracing::warn!(
                        "hall: broker {}:{}: {text}{} (retrying; the broker keeps the hall's \
                         messages meanwhile)",
                        broker.host,
                        broker.port,
                        annabella_broker::tls::hint(&text, broker)
                    );
                    self.last_error = text;
                }
            }
        }
    }

    /// A delivered message: into the hall; its news stamped and sent on, a topic's first
    /// refusal logged.
    fn receive(&mut self, topic: &[u8], payload: &[u8], changed: &mut Changed) {
        let p_topic = topic_text(topic);
        let applied = (self.state.hall.write())
            .map(|mut hall| {
                let before = hall.pgn_version();
                let news = hall.receive(unix_us() / 1000, &p_topic, payload);
                changed.pgn |= hall.pgn_version() != before;
                news
            })
            .unwrap_or_default();
        let hall_us = unix_us();
        // A table's view (clocks, a pause, a dismissal) changes the page.
        changed.page |= matches!(
            annabella_hall_wire::topic::parse(&p_topic),
            Ok((Kind::View, _))
        ) && !applied.iter().any(|n| matches!(n, News::Rejected { .. }));
        for n in applied {
            changed.page |= n.changes_page();
            if let News::Rejected { topic, reason } = &n
                && self.told.insert(topic.clone())
            {
                tracing::warn!(
                    "hall: ignored a message on {topic}: {reason} (further refusals on this \
                     topic are counted on the hall's page)"
                );
            }
            let _ = self.news.send(Stamped { hall_us, news: n });
        }
    }

    /// Reads the tables files again when one was saved anew since they were last read:
    /// true when the hall took new keys. A table new in them is asked for again (the
    /// broker sends its kept view once more, which the hall refused before); a file that
    /// cannot be used now is named once and read again at its next saving, the keys the
    /// hall has kept until then.
    fn read_tables_again(&mut self) -> bool {
        let Some(files) = &self.settings.tables else {
            return false;
        };
        let seen = files.stamps();
        if seen == self.tables_seen {
            return false;
        }
        self.tables_seen = seen;
        let (table_keys, keys) = match files.load() {
            Ok(keys) => keys,
            Err(e) => {
                tracing::error!(
                    "hall: {} (read again as it changed); the hall keeps the tables it has \
                     and reads the files again when they are saved anew",
                    crate::files::chain(&e)
                );
                return false;
            }
        };
        let Ok(mut hall) = self.state.hall.write() else {
            return false;
        };
        let before: std::collections::BTreeSet<_> = hall.known_tables().cloned().collect();
        let after: std::collections::BTreeSet<_> = table_keys.keys().cloned().collect();
        let names = |set: Vec<&annabella_hall_wire::topic::TableName>| {
            set.iter()
                .map(|n| format!("{n:?}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let added = names(after.difference(&before).collect());
        let gone = names(before.difference(&after).collect());
        hall.set_keys(keys.clone(), table_keys);
        drop(hall);
        if let Ok(mut held) = self.state.keys.write() {
            *held = keys;
        }
        tracing::info!(
            "hall: read the tables of {} again: {} table{}{}{}",
            files.tables.display(),
            after.len(),
            if after.len() == 1 { "" } else { "s" },
            if added.is_empty() {
                String::new()
            } else {
                format!("; new: {added}")
            },
            if gone.is_empty() {
                String::new()
            } else {
                format!("; no longer listed: {gone}")
            },
        );
        if !added.is_empty()
            && let Err(e) = (self.client).try_subscribe(format!("{ROOT}/#"), QoS::AtLeastOnce)
        {
            tracing::error!("hall: cannot subscribe again for the new tables: {e}");
        }
        true
    }

    /// Reads the TRF file again when it changed since it was last read (the pairing
    /// program saved the next round): true when the hall took new pairings. A file that
    /// cannot be read now (half saved) is read at the next change; the pairings the hall
    /// has are kept until then.
    fn read_trf_again(&mut self) -> bool {
        let Some(path) = &self.settings.live.trf else {
            return false;
        };
        let Ok(meta) = std::fs::metadata(path) else {
            return false;
        };
        let seen = Some((meta.modified().unwrap_or(std::time::UNIX_EPOCH), meta.len()));
        if self.trf_seen == seen {
            return false;
        }
        self.trf_seen = seen;
        match crate::files::roster(path) {
            Ok(roster) => {
                let Ok(mut hall) = self.state.hall.write() else {
                    return false;
                };
                hall.set_roster(roster);
                tracing::info!("hall: read the pairings of {} again", path.display());
                true
            }
            Err(e) => {
                tracing::warn!(
                    "hall: {} changed but cannot be read now ({e}); the hall keeps the \
                     pairings it has and reads it again at the next change",
                    path.display()
                );
                // Read again at the next change, whatever its stamp then.
                self.trf_seen = Some((std::time::UNIX_EPOCH, u64::MAX));
                false
            }
        }
    }

    /// Tells the pages of a change, and rewrites the LiveChess export and the round's
    /// PGN file when they changed.
    async fn keep_in_step(&mut self, mut changed: Changed) {
        if (changed.pgn || changed.page) && self.read_trf_again() {
            changed.page = true;
        }
        let state = &self.state;
        if changed.page {
            state.version.send_modify(|v| *v += 1);
        }
        if changed.pgn {
            state.round.send_modify(|v| *v += 1);
        }
        if (changed.pgn || changed.page)
            && let Some(export) = &mut self.export
            && let Ok(files) = state.hall.read().map(|h| crate::livechess::tree(&h))
            && let Err(e) = export.write(&files)
        {
            tracing::error!("hall: the LiveChess export: {e}");
        }
        if changed.pgn
            && let Some(path) = &self.settings.pgn_out
        {
            let text = state.hall.read().map(|h| h.pgn()).unwrap_or_default();
            let file = path.clone();
            if let Err(e) = unblock(move || write_atomically(&file, &text)).await {
                tracing::error!("hall: {}: {e}", path.display());
            }
        }
        if (changed.pgn || changed.page)
            && let Some((path, kept)) = &mut self.settings.accepted
            && let Some(now) = state.hall.read().ok().map(|h| h.accepted())
            && now != *kept
        {
            let text = serde_json::to_string(&now).unwrap_or_default();
            let file = path.clone();
            match unblock(move || write_atomically(&file, &text)).await {
                Ok(()) => *kept = now,
                Err(e) => tracing::error!("hall: {}: {e}", path.display()),
            }
        }
    }
}

/// The views a hall kept before its restart, from `path` (none there yet: none). The
/// file is opened without following a symbolic link.
///
/// # Errors
/// The file cannot be read (a link included) or is not what the hall writes.
pub fn read_accepted(path: &std::path::Path) -> std::io::Result<crate::round::AcceptedViews> {
    use std::io::Read as _;
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Default::default()),
        Err(e) => return Err(e),
        Ok(m) if !m.file_type().is_file() => {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "not a plain file (a symbolic link is not followed)",
            ));
        }
        Ok(_) => {}
    }
    let file = std::fs::File::open(path)?;
    let mut text = String::new();
    file.take(64 * 1024 * 1024).read_to_string(&mut text)?;
    serde_json::from_str(&text).map_err(|e| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("not the hall's file of accepted views: {e}"),
        )
    })
}

/// How long a page waits between pushes at most (a keep-alive for idle halls).
pub const KEEP_ALIVE: Duration = Duration::from_secs(15);
