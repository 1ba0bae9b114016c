//! The station side's shell: publishes one table's journal to the hall's broker with
//! `rumqttc`'s MQTT 5 client, QoS 1, record by record from the remembered publish
//! position. MQTT 5's PUBACK carries a reason code: a message the broker refused (its
//! ACL, say) is not counted as at the broker, and the position stays before it.
//!
//! It wakes on the station's commit signal (a `watch::Receiver<u64>` of the last
//! committed record) when given one, else reads the journal every 20 ms. The table never
//! waits for it: it only reads the journal (read-only) and writes its own position file.
//! While the broker is away the records wait in the journal; after a reconnect the
//! client resends what was in flight (or, when the broker lost the session, the outbox
//! sends every unacknowledged record again), so the hall gets everything, perhaps twice,
//! which it drops by `(seq, part)`.
//!
//! Every read of the journal and of the CA file, and every write of the position file,
//! runs on tokio's blocking pool: the outbox's task only awaits them.

pub mod book;
pub mod position;
pub mod problem;
pub mod tail;

use std::{path::PathBuf, sync::Arc, time::Duration};

use rumqttc::Outgoing as Out;
use rumqttc::v5::{AsyncClient, ClientError, ConnectionError, MqttOptions, StateError};
use tokio::sync::watch;

use crate::inbox::{ACTION_MAX_PACKET, ActionDesk};
use annabella_broker::{
    blocking::unblock,
    config::Broker,
    link5::{Event, Packet, QoS, drive},
};
use annabella_hall_wire::{
    message::Body,
    replica::Replica,
    signing::TableSigningKey,
    topic::{Kind, TableName, topic},
};
use book::{AckBook, Outgoing};
use position::Position;
pub use problem::{Denial, LinkProblem, Refusal};
use tail::{JournalTail, TailError};

/// Records read from the journal at a time; also the most the outbox holds unsent.
const BATCH: usize = 256;

/// How often a message the broker refused is sent again.
const REFUSED_RETRY: Duration = Duration::from_secs(30);

/// What the outbox is to publish, and where.
#[derive(Debug, Clone)]
pub struct OutboxSettings {
    /// The station's journal (read-only).
    pub journal: PathBuf,
    /// The table's name in the hall.
    pub table: TableName,
    /// The broker.
    pub broker: Broker,
    /// User and password at the broker.
    pub credentials: Option<(String, String)>,
    /// How often to look at the journal without a commit signal.
    pub poll: Duration,
    /// The table's signing key: every message is signed with it.
    pub key: TableSigningKey,
    /// The table's secret: a keyed journal's records are checked on their MACs before
    /// they are published (a forged record is never published).
    pub secret: Option<annabella_journal::TableSecret>,
}

impl OutboxSettings {
    /// Settings for `journal` of table `table` at `broker`, signed with `key`, polling
    /// every 20 ms.
    pub fn new(
        journal: PathBuf,
        table: TableName,
        broker: Broker,
        key: TableSigningKey,
    ) -> OutboxSettings {
        OutboxSettings {
            journal,
            table,
            broker,
            credentials: None,
            poll: Duration::from_millis(20),
            key,
            secret: None,
        }
    }
}

/// How far the outbox is (for the station's status line and for tests).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct OutboxStatus {
    /// The journal's game (epoch), once it has been read.
    pub game: u64,
    /// The last record in the journal seen.
    pub journalled: u64,
    /// The last record the broker acknowledged.
    pub acked: u64,
    /// Whether the broker is connected.
    pub connected: bool,
    /// What keeps records from the broker, if anything.
    pub problem: LinkProblem,
}

/// The largest packet the outbox takes from the broker: it takes only acknowledgements.
const OUTBOX_MAX_PACKET: u32 = 64 * 1024;

/// The MQTT 5 options of a client called `client_id` (TLS when the broker asks for
/// it), with a clean start and up to 100 messages in flight.
///
/// # Errors
/// The TLS settings cannot be made (CA file unreadable, no system roots).
pub fn mqtt_options(
    client_id: &str,
    broker: &Broker,
    credentials: Option<&(String, String)>,
) -> Result<MqttOptions, annabella_broker::tls::TlsSetupError> {
    let mut options =
        annabella_broker::link5::options(client_id, broker, credentials, OUTBOX_MAX_PACKET, false)?;
    options.set_outgoing_inflight_upper_limit(100);
    Ok(options)
}

fn wire(key: &TableSigningKey, message: &annabella_hall_wire::message::HallMessage) -> Outgoing {
    let kind = message.body.kind();
    Outgoing {
        seq: message.seq,
        kind,
        topic: topic(kind, &message.table),
        payload: key.seal(message),
        retain: kind == Kind::View,
    }
}

/// Opens the journal, waiting (polling) until the station has created it.
async fn open_tail(settings: &OutboxSettings) -> (Arc<JournalTail>, Replica, u64) {
    let mut told = false;
    loop {
        let (journal, secret) = (settings.journal.clone(), settings.secret.clone());
        match unblock(move || JournalTail::open_with(&journal, secret.as_ref())).await {
            Ok((tail, config, epoch)) => {
                match Replica::new(settings.table.clone(), config, epoch) {
                    Ok(replica) => return (Arc::new(tail), replica, epoch),
                    Err(e) => tracing::error!("hall outbox: journal's table configuration: {e}"),
                }
            }
            Err(e) if !told => {
                tracing::info!("hall outbox: waiting for the journal ({e})");
                told = true;
            }
            Err(_) => {}
        }
        tokio::time::sleep(settings.poll).await;
    }
}

/// Replays the records already at the broker into the replica (nothing is published).
fn catch_up(tail: &JournalTail, replica: &mut Replica, acked: u64) -> Result<(), TailError> {
    while replica.last_seq() < acked {
        let records = tail.after(replica.last_seq(), BATCH)?;
        if records.is_empty() {
            break;
        }
        for r in records.into_iter().take_while(|r| r.seq <= acked) {
            replica.apply(r.seq, r.now, r.input, false);
        }
    }
    Ok(())
}

/// Publishes the journal at `settings.journal` until the task is dropped. `commits`:
/// the station's last committed record, to wake at once; `status`: how far it is.
pub async fn run(
    settings: OutboxSettings,
    commits: Option<watch::Receiver<u64>>,
    status: watch::Sender<OutboxStatus>,
) {
    run_linked(settings, commits, status, None).await;
}

/// As [`run`], taking the table's arbiter actions on the same connection with `desk`
/// (the table's one client id, `annabella-table-N`, for both).
pub async fn run_linked(
    settings: OutboxSettings,
    mut commits: Option<watch::Receiver<u64>>,
    status: watch::Sender<OutboxStatus>,
    desk: Option<ActionDesk>,
) {
    let (mut outbox, mut events) = Outbox::start(settings, desk).await;
    // With the station's commit signal the journal is read when it moves (and once a
    // second besides, should a signal be missed); without, every `poll`.
    let period = if commits.is_some() {
        Duration::from_secs(1)
    } else {
        outbox.settings.poll
    };
    let mut tick = tokio::time::interval(period);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // What the broker refused is tried again now and then (its ACL may be put right).
    let mut retry = tokio::time::interval(REFUSED_RETRY);
    retry.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    status.send_replace(outbox.status());
    loop {
        let mut look = false;
        tokio::select! {
            Some(event) = events.recv() => outbox.on_event(event).await,
            _ = tick.tick() => look = true,
            _ = retry.tick(), if outbox.book.has_refused() => outbox.book.retry_refused(),
            changed = async {
                match commits.as_mut() {
                    Some(rx) => rx.changed().await,
                    None => std::future::pending().await,
                }
            } => {
                look = true;
                if changed.is_err() {
                    // The station has gone: read the journal on the clock from now on.
                    commits = None;
                    tick = tokio::time::interval(outbox.settings.poll);
                }
            }
        }
        // Read what the station committed since (also after a backlog has drained).
        if (look || outbox.book.backlog() == 0) && outbox.book.backlog() < BATCH {
            outbox.read_journal().await;
        }
        outbox.hand_to_client();
        let new = outbox.status();
        status.send_if_modified(|s| {
            let changed = *s != new;
            *s = new;
            changed
        });
    }
}

/// The events of the outbox's client, as [`drive`] delivers them.
type Events = tokio::sync::mpsc::UnboundedReceiver<Result<Event, ConnectionError>>;

/// The outbox at work: the journal it follows, the replica of the table, what is in
/// flight to the broker, and the connection.
struct Outbox {
    settings: OutboxSettings,
    tail: Arc<JournalTail>,
    replica: Replica,
    book: AckBook,
    game: u64,
    client: AsyncClient,
    connected: bool,
    problem: LinkProblem,
    /// The broker and user the position belongs to (see [`position::link_of`]).
    link: String,
    /// The table's arbiter actions, taken on this connection (none without a key).
    desk: Option<ActionDesk>,
    journalled: u64,
    /// The last broker error and journal error reported (each once while it stays).
    last_error: String,
    last_tail_error: String,
}

impl Outbox {
    /// Opens the journal, catches the replica up to the last acknowledged record (nothing
    /// is published again) and makes the broker's client, waiting for its TLS files.
    async fn start(settings: OutboxSettings, desk: Option<ActionDesk>) -> (Outbox, Events) {
        let (tail, replica, game) = open_tail(&settings).await;
        let journal = settings.journal.clone();
        let caught_up = Arc::clone(&tail);
        let link = position::link_of(
            &settings.broker,
            settings.credentials.as_ref().map(|(user, _)| user.as_str()),
        );
        let at = link.clone();
        let (replica, caught) = unblock(move || {
            let mut replica = replica;
            let acked = position::load(&journal, game, &at);
            let caught = catch_up(&caught_up, &mut replica, acked);
            (replica, caught)
        })
        .await;
        if let Err(e) = caught {
            tracing::warn!("hall outbox: {e}");
        }
        let max_packet = if desk.is_some() {
            ACTION_MAX_PACKET
        } else {
            OUTBOX_MAX_PACKET
        };
        let options = client_options(&settings, max_packet).await;
        let (client, eventloop) = AsyncClient::new(options, 64);
        let outbox = Outbox {
            book: AckBook::new(replica.last_seq()),
            journalled: replica.last_seq(),
            settings,
            tail,
            replica,
            game,
            client,
            connected: false,
            problem: LinkProblem::None,
            link,
            desk,
            last_error: String::new(),
            last_tail_error: String::new(),
        };
        (outbox, drive(eventloop))
    }

    /// How far it is.
    fn status(&self) -> OutboxStatus {
        OutboxStatus {
            game: self.game,
            journalled: self.journalled,
            acked: self.book.acked(),
            connected: self.connected,
            problem: self.problem,
        }
    }

    /// One event of the client: a connection (a lost session sends everything
    /// unacknowledged again), an acknowledgement (the position moves over whole
    /// records) or a refusal (reported; the position stays), a packet id given, or the
    /// connection's error (reported once).
    async fn on_event(&mut self, event: Result<Event, ConnectionError>) {
        match event {
            Ok(Event::Incoming(Packet::ConnAck(ack))) => {
                if let Some(denial) = Denial::of(ack.code) {
                    self.denied(denial);
                    return;
                }
                self.connected = true;
                self.problem = LinkProblem::None;
                self.last_error.clear();
                if !ack.session_present {
                    self.book.session_lost();
                }
                if let Some(desk) = &self.desk {
                    desk.connected(&self.client);
                }
            }
            Ok(Event::Incoming(Packet::SubAck(_))) => {
                if let Some(desk) = &self.desk {
                    desk.subscribed();
                }
            }
            Ok(Event::Incoming(Packet::Publish(p))) => {
                if let Some(desk) = &mut self.desk
                    && !desk.arrived(&p.topic, &p.payload).await
                {
                    self.desk = None;
                }
            }
            Ok(Event::Incoming(Packet::PubAck(ack))) => {
                if let Some(reason) = Refusal::of(ack.reason) {
                    if let Some((seq, kind)) = self.book.refused(ack.pkid) {
                        self.refused(seq, kind, reason);
                    }
                    return;
                }
                if self.book.puback(ack.pkid) {
                    // A refused record kept at last (sent again, the ACL put right).
                    if let LinkProblem::Refused { seq, .. } = self.problem
                        && self.book.acked() >= seq
                    {
                        self.problem = LinkProblem::None;
                    }
                    let p = Position {
                        game: self.game,
                        acked: self.book.acked(),
                        link: self.link.clone(),
                    };
                    let journal = self.settings.journal.clone();
                    if let Err(e) = unblock(move || position::store(&journal, p)).await {
                        tracing::error!("hall outbox: position file: {e}");
                    }
                }
            }
            Ok(Event::Outgoing(Out::Publish(pkid))) => self.book.outgoing(pkid),
            Ok(_) => {}
            Err(
                ConnectionError::ConnectionRefused(code)
                | ConnectionError::MqttState(StateError::ConnFail { reason: code }),
            ) => self.denied(Denial::of(code).unwrap_or(Denial::Other)),
            Err(error) => {
                let text = error.to_string();
                self.connected = false;
                if !matches!(self.problem, LinkProblem::Refused { .. }) {
                    self.problem = LinkProblem::Away;
                }
                if text != self.last_error {
                    let broker = &self.settings.broker;
                    tracing::warn!(
                        "hall outbox: broker {}:{}: {text}{} (retrying; the journal keeps \
                         every record)",
                        broker.host,
                        broker.port,
                        annabella_broker::tls::hint(&text, broker)
                    );
                    self.last_error = text;
                }
            }
        }
    }

    /// The broker refused the sign-in: reported once while it stays so.
    fn denied(&mut self, denial: Denial) {
        self.connected = false;
        self.problem = LinkProblem::Denied(denial);
        let text = denial.to_string();
        if text != self.last_error {
            let broker = &self.settings.broker;
            tracing::error!(
                "hall outbox: broker {}:{} refused the connection: {text} (retrying; the \
                 journal keeps every record)",
                broker.host,
                broker.port
            );
            self.last_error = text;
        }
    }

    /// The broker refused a message of record `seq`: reported (once while it stays),
    /// and nothing from that record on counts as at the broker.
    fn refused(&mut self, seq: u64, kind: annabella_hall_wire::topic::Kind, reason: Refusal) {
        let problem = LinkProblem::Refused { seq, kind, reason };
        // Said once until the broker keeps something again (not once per message).
        if !matches!(self.problem, LinkProblem::Refused { reason: r, .. } if r == reason) {
            tracing::error!(
                "hall outbox: the broker refused record {seq}'s message on {}: {reason}; \
                 nothing from record {seq} on is at the broker (tried again every {} s)",
                topic(kind, &self.settings.table),
                REFUSED_RETRY.as_secs()
            );
        }
        self.problem = problem;
    }

    /// Reads what the station committed since the last record read (as much as the
    /// book has room for) and books each record's messages, signed, for the broker.
    async fn read_journal(&mut self) {
        let (tail, after, limit) = (
            Arc::clone(&self.tail),
            self.replica.last_seq(),
            BATCH - self.book.backlog(),
        );
        match unblock(move || tail.after(after, limit)).await {
            Ok(records) => {
                self.last_tail_error.clear();
                for r in records {
                    let mut messages = self.replica.apply(r.seq, r.now, r.input, true);
                    // The journal's head at this record, for the hall to witness.
                    for m in &mut messages {
                        if let Body::View(state) = &mut m.body {
                            state.head = Some(r.head.clone());
                        }
                    }
                    let key = &self.settings.key;
                    self.book
                        .add_record(r.seq, messages.iter().map(|m| wire(key, m)).collect());
                    self.journalled = r.seq;
                }
            }
            Err(e) => {
                let text = e.to_string();
                if text != self.last_tail_error {
                    tracing::warn!("hall outbox: {text} (waiting)");
                    self.last_tail_error = text;
                }
            }
        }
    }

    /// Hands what waits to the client, never blocking the event loop.
    fn hand_to_client(&mut self) {
        while self.connected
            && let Some(m) = self.book.next_to_send()
        {
            let qos = QoS::AtLeastOnce;
            match (self.client).try_publish(m.topic.clone(), qos, m.retain, m.payload.clone()) {
                Ok(()) => self.book.sent(),
                Err(ClientError::TryRequest(_)) => break,
                Err(e) => {
                    tracing::warn!("hall outbox: {e}");
                    break;
                }
            }
        }
    }
}

/// The broker options of the outbox's client (taking packets up to `max_packet`),
/// retried once a minute (and reported each time) until its TLS files are there (the
/// journal waits).
async fn client_options(settings: &OutboxSettings, max_packet: u32) -> MqttOptions {
    let client_id = format!("annabella-table-{}", settings.table);
    loop {
        let (id, broker, credentials) = (
            client_id.clone(),
            settings.broker.clone(),
            settings.credentials.clone(),
        );
        let options = move || {
            let mut o = mqtt_options(&id, &broker, credentials.as_ref())?;
            o.set_max_packet_size(Some(max_packet));
            Ok::<_, annabella_broker::tls::TlsSetupError>(o)
        };
        match unblock(options).await {
            Ok(o) => return o,
            Err(e) => {
                tracing::warn!("hall outbox: {e}");
                tokio::time::sleep(Duration::from_secs(60)).await;
            }
        }
    }
}
