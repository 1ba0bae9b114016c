//! `annabella-hall-bench`: the hall under load, against its floor. Starts its own
//! mosquitto on 127.0.0.1, a hall (`annabella hall --json`, its own process) and
//! `mosquitto_sub` on the same topics; N simulated tables replay a finished game's
//! journal record by record into fresh journals (real station sessions, fsync'd), each
//! with its outbox woken by the commit signal, paced to one move per second per table.
//! Latency is journal commit → the hall's state (the `--json` line), and commit →
//! `mosquitto_sub`'s receipt; CPU and peak memory of both from /proc.

use std::{
    collections::HashMap,
    io::{BufRead, BufReader},
    path::{Path, PathBuf},
    process::{Child, ChildStdout, Command, Stdio},
    sync::{Arc, Mutex},
    thread::JoinHandle,
    time::{Duration, Instant, SystemTime, UNIX_EPOCH},
};

use annabella_broker::Broker;
use annabella_hall_link::outbox::{self, OutboxSettings, OutboxStatus, tail::JournalTail};
use annabella_hall_wire::{Body, Replica, signing::TableSigningKey};
use annabella_station::session::Session;
use anyhow::{Context, bail};
use tokio::sync::watch;

/// Flags of `annabella-hall-bench`.
#[derive(Debug, clap::Parser)]
#[command(
    version,
    about = "The hall under load: simulated tables through one mosquitto on 127.0.0.1."
)]
pub struct BenchArgs {
    /// The `annabella` binary that runs the hall (default: the one beside this tool).
    #[arg(long)]
    annabella: Option<PathBuf>,
    /// A finished game's journal to replay at every table (`annabella demo` writes one).
    #[arg(long)]
    template: PathBuf,
    /// Simulated tables.
    #[arg(long, default_value_t = 100)]
    tables: usize,
    /// How long the tables play.
    #[arg(long, default_value_t = 30)]
    seconds: u64,
    /// Working directory for the broker and the journals (default: a temporary one).
    #[arg(long)]
    work: Option<PathBuf>,
    /// Open event streams (`GET /events` over HTTP) while the tables play, and say how
    /// many bytes each got per move (the first 200 as spectators, the rest with the
    /// arbiter's token: the hall lets no more spectators in).
    #[arg(long, default_value_t = 0)]
    streams: usize,
}

/// The arbiter's token the bench gives its hall (for streams beyond the spectators').
const BENCH_TOKEN: &str = "hall-bench-token-0123456789abcdef0123";

/// How many spectators' streams the hall lets in at once.
const SPECTATOR_STREAMS: usize = 200;

/// `n` event streams on the hall at `addr`, each counting the bytes it reads into
/// `bytes` until the hall goes away.
fn open_streams(
    addr: &str,
    n: usize,
    bytes: &Arc<std::sync::atomic::AtomicU64>,
) -> anyhow::Result<usize> {
    use std::io::{Read as _, Write as _};
    let mut opened = 0;
    for i in 0..n {
        let mut s = std::net::TcpStream::connect(addr)?;
        let path = if i < SPECTATOR_STREAMS {
            "/events".to_owned()
        } else {
            format!("/events?token={BENCH_TOKEN}&by=bench")
        };
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n"
        )?;
        let mut head = [0u8; 12];
        s.read_exact(&mut head)?;
        if !head.starts_with(b"HTTP/1.1 200") {
            bail!("stream {i}: {}", String::from_utf8_lossy(&head));
        }
        opened += 1;
        let bytes = Arc::clone(bytes);
        std::thread::spawn(move || {
            let mut buf = [0u8; 16 * 1024];
            while let Ok(k) = s.read(&mut buf) {
                if k == 0 {
                    break;
                }
                bytes.fetch_add(k as u64, std::sync::atomic::Ordering::Relaxed);
            }
        });
    }
    Ok(opened)
}

type Key = (String, u64, u64);

fn unix_us() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_micros() as u64)
}

/// CPU seconds used so far and peak resident memory (KiB) of a process.
fn usage(pid: u32) -> (f64, u64) {
    let ticks = std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| {
            let rest = s.rsplit_once(')')?.1.split_whitespace().collect::<Vec<_>>();
            Some(rest.get(11)?.parse::<u64>().ok()? + rest.get(12)?.parse::<u64>().ok()?)
        })
        .unwrap_or(0);
    let hwm = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))?
                .split_whitespace()
                .nth(1)?
                .parse()
                .ok()
        })
        .unwrap_or(0);
    (ticks as f64 / 100.0, hwm)
}

fn free_port() -> anyhow::Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port())
}

/// Starts mosquitto on 127.0.0.1:`port` with its own config in `dir`.
fn mosquitto(dir: &Path, port: u16) -> anyhow::Result<Child> {
    let conf = dir.join("mosquitto.conf");
    std::fs::write(
        &conf,
        format!(
            "listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\n\
             max_queued_messages 100000\nmax_inflight_messages 100\n"
        ),
    )?;
    let child = Command::new("/usr/sbin/mosquitto")
        .arg("-c")
        .arg(&conf)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .context("/usr/sbin/mosquitto (apt-get install mosquitto)")?;
    let deadline = Instant::now() + Duration::from_secs(10);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        if Instant::now() > deadline {
            bail!("mosquitto did not listen on port {port}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Ok(child)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// One table's records to replay and which of them make a move.
struct Template {
    config: annabella_table::TableConfig,
    records: Vec<(u64, Duration, annabella_table::Input)>,
    moves: Vec<u64>,
    pace: f64,
}

fn template(path: &Path) -> anyhow::Result<Template> {
    let (tail, config, epoch) = JournalTail::open(path)?;
    let records: Vec<_> = tail
        .after(0, usize::MAX >> 1)?
        .into_iter()
        .map(|r| (r.seq, r.now, r.input))
        .collect();
    let mut replica = Replica::new("t".parse()?, config.clone(), epoch)?;
    let mut moves = Vec::new();
    for (seq, now, input) in &records {
        let msgs = replica.apply(*seq, *now, input.clone(), true);
        if msgs.iter().any(|m| matches!(m.body, Body::Move(_))) {
            moves.push(*seq);
        }
    }
    let (Some(first), Some(last)) = (records.first(), records.last()) else {
        bail!("{}: no records", path.display());
    };
    if moves.is_empty() {
        bail!("{}: the game has no moves", path.display());
    }
    // Wall seconds per table second so that the game runs at one move per second.
    let span = (last.1 - first.1).as_secs_f64();
    let pace = moves.len() as f64 / span.max(0.001);
    Ok(Template {
        config,
        records,
        moves,
        pace,
    })
}

/// Plays games at one table until `until`, noting each move's commit time.
#[allow(
    clippy::too_many_arguments,
    reason = "one simulated table's whole set-up"
)]
fn play_table(
    name: String,
    key: TableSigningKey,
    dir: PathBuf,
    t: Arc<Template>,
    broker: Broker,
    runtime: tokio::runtime::Handle,
    until: Instant,
    commits: Arc<Mutex<HashMap<Key, u64>>>,
) -> anyhow::Result<u64> {
    let mut games = 0;
    let mut moves = 0;
    while Instant::now() < until {
        games += 1;
        let journal = dir.join(format!("{name}-{games}.journal"));
        let (mut session, _) = Session::open(&journal, t.config.clone())?;
        let game = session.epoch_unix_ms()?.unwrap_or(0);
        let (seq_tx, seq_rx) = watch::channel(0u64);
        let (status_tx, mut status_rx) = watch::channel(OutboxStatus::default());
        let settings =
            OutboxSettings::new(journal.clone(), name.parse()?, broker.clone(), key.clone());
        let span = tracing::info_span!("outbox", table = %name);
        let task = runtime.spawn(tracing::Instrument::instrument(
            outbox::run(settings, Some(seq_rx), status_tx),
            span,
        ));
        let start = Instant::now();
        let t0 = t.records[0].1;
        for (seq, now, input) in &t.records {
            let wall = start + (*now - t0).mul_f64(t.pace);
            if let Some(wait) = wall.checked_duration_since(Instant::now()) {
                std::thread::sleep(wait);
            }
            session.feed(*now, input.clone())?;
            if t.moves.contains(seq) {
                commits
                    .lock()
                    .map_err(|_| anyhow::anyhow!("commit table poisoned"))?
                    .insert((name.clone(), game, *seq), unix_us());
                moves += 1;
            }
            let _ = seq_tx.send(*seq);
        }
        let last = t.records.len() as u64;
        runtime.block_on(async {
            let _ = tokio::time::timeout(
                Duration::from_secs(20),
                status_rx.wait_for(|s| s.acked >= last),
            )
            .await;
        });
        task.abort();
    }
    Ok(moves)
}

/// Moves seen by one receiver: (table, game, seq) → when, in µs since the epoch.
type Seen = Arc<Mutex<HashMap<Key, u64>>>;

/// One signing key per simulated table; the hall gets the public halves.
fn table_keys(tables: usize) -> anyhow::Result<Vec<TableSigningKey>> {
    (1..=tables)
        .map(|_| TableSigningKey::generate().map_err(|e| anyhow::anyhow!(e)))
        .collect()
}

/// Writes the hall's `tables.toml` (t001, t002, … with their public keys) into `work`.
fn write_hall_tables(work: &Path, keys: &[TableSigningKey]) -> anyhow::Result<PathBuf> {
    let tables_file = work.join("tables.toml");
    let lines: String = keys
        .iter()
        .enumerate()
        .map(|(i, k)| format!("[tables.t{:03}]\npublic_key = \"{}\"\n", i + 1, k.public()))
        .collect();
    std::fs::write(&tables_file, lines)?;
    Ok(tables_file)
}

/// Starts the hall (`annabella hall --json`) on the broker at `url`.
fn start_hall(annabella: Option<&Path>, url: &str, tables_file: &Path) -> anyhow::Result<Child> {
    let exe = match annabella {
        Some(exe) => exe.to_path_buf(),
        None => std::env::current_exe()?.with_file_name("annabella"),
    };
    Ok(Command::new(&exe)
        .args([
            "hall",
            "--broker",
            url,
            "--listen",
            "127.0.0.1:0",
            "--json",
            "--tables",
        ])
        .arg(tables_file)
        .arg("--client-id")
        .arg(format!("bench-hall-{}", std::process::id()))
        .env("ANNABELLA_HALL_TOKEN", BENCH_TOKEN)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?)
}

/// Starts the floor: `mosquitto_sub` on the moves' topic, printing receipt time and payload.
fn start_floor(port: u16) -> anyhow::Result<Child> {
    Command::new("mosquitto_sub")
        .args([
            "-h",
            "127.0.0.1",
            "-p",
            &port.to_string(),
            "-q",
            "1",
            "-t",
            "annabella/move/+",
            "-F",
            "%U %p",
        ])
        .stdout(Stdio::piped())
        .spawn()
        .context("mosquitto_sub (apt-get install mosquitto-clients)")
}

/// Waits until the hall says where it serves (its subscription follows at once), then
/// passes the rest of its stderr through.
fn wait_for_hall(hall: &mut Child) -> anyhow::Result<String> {
    let mut hall_err = BufReader::new(hall.stderr.take().context("hall stderr")?);
    let mut line = String::new();
    while hall_err.read_line(&mut line)? > 0 && !line.contains("hall: http://") {
        line.clear();
    }
    let addr = line
        .split_once("hall: http://")
        .map(|(_, a)| a.split(['/', ' ', '\n']).next().unwrap_or("").to_owned())
        .unwrap_or_default();
    // The rest of the hall's standard error is relayed as it comes, untouched.
    std::thread::spawn(move || std::io::copy(&mut hall_err, &mut std::io::stderr()));
    Ok(addr)
}

/// The (table, game, seq) a move message names.
fn move_key(v: &serde_json::Value) -> Key {
    (
        v["table"].as_str().unwrap_or("").to_owned(),
        v["game"].as_u64().unwrap_or(0),
        v["seq"].as_u64().unwrap_or(0),
    )
}

/// Notes when the hall's state took each move (its `--json` "move" news lines).
fn read_hall_moves(hall_out: ChildStdout, seen: Seen) -> JoinHandle<()> {
    std::thread::spawn(move || {
        for line in BufReader::new(hall_out).lines().map_while(Result::ok) {
            let Ok(v) = serde_json::from_str::<serde_json::Value>(&line) else {
                continue;
            };
            if v["news"] == "move" {
                let key = move_key(&v);
                if let Ok(mut m) = seen.lock() {
                    m.entry(key).or_insert(v["hall_us"].as_u64().unwrap_or(0));
                }
            }
        }
    })
}

/// Notes when `mosquitto_sub` received each move.
fn read_floor_moves(sub_out: ChildStdout, seen: Seen) -> JoinHandle<()> {
    std::thread::spawn(move || {
        for line in BufReader::new(sub_out).lines().map_while(Result::ok) {
            let Some((ts, payload)) = line.split_once(' ') else {
                continue;
            };
            let us = (ts.parse::<f64>().unwrap_or(0.0) * 1e6) as u64;
            // A signed envelope: the message is its `body` text (the floor reads it
            // without checking the signature).
            let Some(v) = serde_json::from_str::<serde_json::Value>(payload)
                .ok()
                .and_then(|e| e["body"].as_str().map(str::to_owned))
                .and_then(|body| serde_json::from_str::<serde_json::Value>(&body).ok())
            else {
                continue;
            };
            let key = move_key(&v);
            if let Ok(mut m) = seen.lock() {
                m.entry(key).or_insert(us);
            }
        }
    })
}

/// Plays every table on its own thread until `until`; the moves made in all.
fn play_tables(
    keys: Vec<TableSigningKey>,
    work: &Path,
    t: &Arc<Template>,
    broker: &Broker,
    runtime: &tokio::runtime::Runtime,
    until: Instant,
    commits: &Seen,
) -> anyhow::Result<u64> {
    let tables: Vec<_> = (1..=keys.len())
        .zip(keys)
        .map(|(i, key)| {
            let name = format!("t{i:03}");
            let (dir, t, broker, handle, commits) = (
                work.to_path_buf(),
                Arc::clone(t),
                broker.clone(),
                runtime.handle().clone(),
                Arc::clone(commits),
            );
            std::thread::spawn(move || {
                play_table(name, key, dir, t, broker, handle, until, commits)
            })
        })
        .collect();
    let mut moves = 0;
    for table in tables {
        moves += table
            .join()
            .map_err(|_| anyhow::anyhow!("a table panicked"))??;
    }
    Ok(moves)
}

/// Lets the last moves arrive: waits up to 10 s until both receivers saw `expected`.
fn wait_for_arrivals(expected: usize, hall_seen: &Seen, sub_seen: &Seen) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline
        && (hall_seen.lock().map(|m| m.len()).unwrap_or(0) < expected
            || sub_seen.lock().map(|m| m.len()).unwrap_or(0) < expected)
    {
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Commit → receipt latencies (ms, sorted) of the moves a receiver saw.
fn latencies(commits: &HashMap<Key, u64>, seen: &Seen) -> Vec<f64> {
    let seen = seen.lock().map(|m| m.clone()).unwrap_or_default();
    let mut l: Vec<f64> = commits
        .iter()
        .filter_map(|(k, c)| seen.get(k).map(|s| (s.saturating_sub(*c)) as f64 / 1000.0))
        .collect();
    l.sort_by(f64::total_cmp);
    l
}

/// The hall's own share (ms, sorted): its state change after mosquitto_sub had the same move.
fn hall_after_floor(hall_seen: &Seen, sub_seen: &Seen) -> Vec<f64> {
    let hall = hall_seen.lock().map(|m| m.clone()).unwrap_or_default();
    let sub = sub_seen.lock().map(|m| m.clone()).unwrap_or_default();
    let mut d: Vec<f64> = hall
        .iter()
        .filter_map(|(k, h)| sub.get(k).map(|s| (*h as f64 - *s as f64) / 1000.0))
        .collect();
    d.sort_by(f64::total_cmp);
    d
}

/// CPU seconds and peak memory (KiB) of one process over the run.
#[derive(Clone, Copy)]
struct Cost {
    cpu: f64,
    hwm: u64,
}

impl Cost {
    /// The cost of `pid` since `cpu0` CPU seconds.
    fn since(pid: u32, cpu0: f64) -> Self {
        let (cpu1, hwm) = usage(pid);
        Cost {
            cpu: cpu1 - cpu0,
            hwm,
        }
    }
}

/// One row of the receivers' table: moves seen, latency percentiles, CPU and memory.
fn print_receiver(name: &str, l: &[f64], expected: usize, cost: Cost, elapsed: f64) {
    println!(
        "| {name} | {}/{expected} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} |",
        l.len(),
        percentile(l, 0.5),
        percentile(l, 0.95),
        l.last().copied().unwrap_or(f64::NAN),
        100.0 * cost.cpu / elapsed,
        cost.hwm as f64 / 1024.0
    );
}

/// The run's figures, as BENCHMARKS.md quotes them.
struct Figures {
    moves: u64,
    elapsed: f64,
    expected: usize,
    hall_l: Vec<f64>,
    sub_l: Vec<f64>,
    own: Vec<f64>,
    hall: Cost,
    sub: Cost,
    mosquitto: Cost,
}

/// Prints the summary line, the receivers' table and the hall's share.
fn print_figures(args: &BenchArgs, t: &Template, f: &Figures) {
    println!(
        "hall bench: {} tables, {} moves in {:.1} s ({:.1} moves/s), template {} ({} moves, pace ×{:.2})",
        args.tables,
        f.moves,
        f.elapsed,
        f.moves as f64 / f.elapsed,
        args.template.display(),
        t.moves.len(),
        t.pace
    );
    println!("| receiver | moves seen | p50 ms | p95 ms | max ms | CPU % | peak RSS MiB |");
    println!("|---|---|---|---|---|---|---|");
    print_receiver(
        "annabella hall (state updated)",
        &f.hall_l,
        f.expected,
        f.hall,
        f.elapsed,
    );
    print_receiver(
        "mosquitto_sub (floor)",
        &f.sub_l,
        f.expected,
        f.sub,
        f.elapsed,
    );
    println!(
        "hall after mosquitto_sub, same move: p50 {:.2} ms, p95 {:.2} ms",
        percentile(&f.own, 0.5),
        percentile(&f.own, 0.95)
    );
    println!(
        "mosquitto: CPU {:.1} %, peak RSS {:.1} MiB; p95 ratio hall/floor {:.2}",
        100.0 * f.mosquitto.cpu / f.elapsed,
        f.mosquitto.hwm as f64 / 1024.0,
        percentile(&f.hall_l, 0.95) / percentile(&f.sub_l, 0.95)
    );
}

/// Runs the benchmark and prints its figures.
pub fn run(args: BenchArgs) -> anyhow::Result<std::process::ExitCode> {
    let t = Arc::new(template(&args.template)?);
    let work = match &args.work {
        Some(w) => w.clone(),
        None => std::env::temp_dir().join(format!("annabella-hall-bench-{}", std::process::id())),
    };
    std::fs::create_dir_all(&work)?;
    let port = free_port()?;
    let mut broker_proc = mosquitto(&work, port)?;
    let url = format!("mqtt://127.0.0.1:{port}");
    let keys = table_keys(args.tables)?;
    let tables_file = write_hall_tables(&work, &keys)?;
    let mut hall = start_hall(args.annabella.as_deref(), &url, &tables_file)?;
    let mut sub = start_floor(port)?;
    let addr = wait_for_hall(&mut hall)?;
    let stream_bytes = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let streams = open_streams(&addr, args.streams, &stream_bytes)?;

    let hall_seen: Seen = Arc::default();
    let sub_seen: Seen = Arc::default();
    let hall_out = hall.stdout.take().context("hall stdout")?;
    let hall_reader = read_hall_moves(hall_out, Arc::clone(&hall_seen));
    let sub_out = sub.stdout.take().context("mosquitto_sub stdout")?;
    let sub_reader = read_floor_moves(sub_out, Arc::clone(&sub_seen));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let broker = Broker::parse(&url).map_err(anyhow::Error::msg)?;
    let commits: Seen = Arc::default();
    let (hall_cpu0, _) = usage(hall.id());
    let (sub_cpu0, _) = usage(sub.id());
    let (mq_cpu0, _) = usage(broker_proc.id());
    let started = Instant::now();
    let until = started + Duration::from_secs(args.seconds);
    // What the streams got before the first move (the first page) is not per move.
    std::thread::sleep(Duration::from_secs(1));
    let bytes0 = stream_bytes.load(std::sync::atomic::Ordering::Relaxed);
    let moves = play_tables(keys, &work, &t, &broker, &runtime, until, &commits)?;
    let elapsed = started.elapsed().as_secs_f64();
    let expected = commits.lock().map(|c| c.len()).unwrap_or(0);
    wait_for_arrivals(expected, &hall_seen, &sub_seen);
    std::thread::sleep(Duration::from_secs(1));
    let streamed = stream_bytes.load(std::sync::atomic::Ordering::Relaxed) - bytes0;
    let hall_cost = Cost::since(hall.id(), hall_cpu0);
    let sub_cost = Cost::since(sub.id(), sub_cpu0);
    let mosquitto_cost = Cost::since(broker_proc.id(), mq_cpu0);
    for child in [&mut hall, &mut sub, &mut broker_proc] {
        let _ = child.kill();
        let _ = child.wait();
    }
    let _ = hall_reader.join();
    let _ = sub_reader.join();
    let commits = commits.lock().map_err(|_| anyhow::anyhow!("poisoned"))?;
    let figures = Figures {
        moves,
        elapsed,
        expected,
        hall_l: latencies(&commits, &hall_seen),
        sub_l: latencies(&commits, &sub_seen),
        own: hall_after_floor(&hall_seen, &sub_seen),
        hall: hall_cost,
        sub: sub_cost,
        mosquitto: mosquitto_cost,
    };
    print_figures(&args, &t, &figures);
    if streams > 0 {
        // Per move the hall took (its state changed): what the streams were sent for.
        let taken = figures.hall_l.len().max(1);
        let per = streamed as f64 / taken as f64 / streams as f64;
        println!(
            "event streams: {streams} open (/events over HTTP), {:.1} MB in all over {taken} \
             moves the hall took: {:.0} bytes per move per stream ({:.1} KB)",
            streamed as f64 / 1e6,
            per,
            per / 1024.0
        );
    }
    if args.work.is_none() {
        let _ = std::fs::remove_dir_all(&work);
    }
    Ok(std::process::ExitCode::SUCCESS)
}

fn main() -> std::process::ExitCode {
    let args = <BenchArgs as clap::Parser>::parse();
    if let Err(bad) = annabella_logging::init(annabella_logging::LogFormat::Plain) {
        tracing::warn!("{bad}");
    }
    match run(args) {
        Ok(code) => code,
        Err(err) => {
            tracing::error!("{err:#}");
            std::process::ExitCode::from(2)
        }
    }
}
