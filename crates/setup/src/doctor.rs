//! `annabella doctor`: is this table ready to play? One [`Check`] per thing the table
//! needs — each configured device answers as what it should be, the microphone delivers
//! sound, the speech model is intact, each player's voice speaks, the records directory
//! takes files, the console's port is free — with the fix when it fails.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use annabella_devices::identify::{Identity, identify};
use annabella_speech::{AudioInput, AudioSource, MicSource, WavSource};
use annabella_voice::{Found, HearerVoice, SpeechdAddress};
use serde::Serialize;

use annabella_config::{DeviceSpec, SpeechSource, StationConfig};

/// How a check came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Ready.
    Ok,
    /// Works, but something is worth a look.
    Warn,
    /// The table cannot play like this.
    Fail,
}

/// One check's outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Check {
    /// How it came out.
    pub status: Status,
    /// What was checked (`device peg_board`, `microphone`, `voice.vi`, …).
    pub check: String,
    /// What was found.
    pub detail: String,
    /// What to do when it is not ok.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<String>,
}

impl Check {
    fn ok(check: impl Into<String>, detail: impl Into<String>) -> Check {
        Check {
            status: Status::Ok,
            check: check.into(),
            detail: detail.into(),
            fix: None,
        }
    }

    fn bad(
        status: Status,
        check: impl Into<String>,
        detail: impl Into<String>,
        fix: impl Into<String>,
    ) -> Check {
        Check {
            status,
            check: check.into(),
            detail: detail.into(),
            fix: Some(fix.into()),
        }
    }

    /// The check as one line: `ok|warn|FAIL <check>: <detail> [fix: …]`.
    pub fn line(&self) -> String {
        let status = match self.status {
            Status::Ok => "ok",
            Status::Warn => "warn",
            Status::Fail => "FAIL",
        };
        match &self.fix {
            Some(fix) => format!("{status} {}: {} [fix: {fix}]", self.check, self.detail),
            None => format!("{status} {}: {}", self.check, self.detail),
        }
    }
}

/// How long a device has to answer.
pub const DEVICE_PATIENCE: Duration = Duration::from_millis(1500);

/// How much sound the microphone check listens to.
pub const LISTEN: Duration = Duration::from_secs(2);

/// Free space below which the records directory is a failure (the audio record alone
/// takes ~115 MB an hour).
pub const SPACE_NEEDED: u64 = 200 * 1024 * 1024;

/// Every check of `config`, in the order a volunteer sets the table up.
pub fn check_table(config: &StationConfig) -> Vec<Check> {
    let mut checks = vec![start_position(config)];
    let d = &config.devices;
    for (key, spec) in [
        ("peg_board", &d.peg_board),
        ("dgt", &d.dgt),
        ("clock", &d.clock),
    ] {
        checks.push(match spec {
            DeviceSpec::OnDgt => dgt_clock(&d.dgt),
            _ => device(key, spec),
        });
    }
    checks.push(microphone(&config.speech));
    checks.push(model(&config.speech));
    let plan = annabella_station::setups::voice_plan(config);
    checks.push(voice("vi", &plan.vi));
    checks.push(voice("sighted", &plan.sighted));
    checks.push(records(&config.records_dir));
    checks.extend(secret(
        &annabella_station::setups::secret_file(config),
        &config.records_dir,
    ));
    if let Some(console) = &config.console {
        checks.push(port_free(console.listen));
    }
    if let Some(hall) = &config.hall {
        match annabella_station::edges::hall_config(hall) {
            Ok(hall) => checks.push(hall_broker(&hall)),
            Err(e) => checks.push(Check::bad(
                Status::Fail,
                "hall",
                e.to_string(),
                "fix [hall] in table.toml",
            )),
        }
    }
    checks
}

/// The table's secret is there and private, and the journal in the records directory (if
/// there is one) is whole and authenticated by it: forged records are named (a game is
/// not continued in a journal that fails here).
pub fn secret(path: &Path, records_dir: &Path) -> Vec<Check> {
    use annabella_journal::TableSecret;
    let (secret, check) = if path.exists() {
        match TableSecret::read(path) {
            Ok(s) => (
                Some(s),
                Check::ok("secret", format!("{}: private", path.display())),
            ),
            Err(e) => (
                None,
                Check::bad(
                    Status::Fail,
                    "secret",
                    e.to_string(),
                    format!(
                        "`chmod 600 {}` (if it is no secret any more, or malformed: remove it \
                         and run annabella init)",
                        path.display()
                    ),
                ),
            ),
        }
    } else {
        (
            None,
            Check::bad(
                Status::Warn,
                "secret",
                format!("{}: missing", path.display()),
                "annabella init makes it (the first `play` too); journals made without it are \
                 not authenticated",
            ),
        )
    };
    let mut checks = vec![check];
    // The journal `play` opens first, opened as `play` opens it (read and write).
    let journal = annabella_station::play::journal_to_continue(records_dir);
    let name = "journal";
    let Ok(found) = journal.symlink_metadata() else {
        return checks;
    };
    let unopenable = if found.is_symlink() && !journal.exists() {
        Some("a symbolic link to nothing".to_owned())
    } else if !journal.is_file() {
        Some("not a file".to_owned())
    } else {
        std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(&journal)
            .err()
            .map(|e| format!("cannot be opened for writing: {e}"))
    };
    if let Some(why) = unopenable {
        checks.push(Check::bad(
            Status::Fail,
            name,
            format!("{}: {why}; `play` cannot open it", journal.display()),
            "move it aside (keep it for the arbiter if it holds a game), or set [records] dir",
        ));
        return checks;
    }
    let fix = "keep the file as it is for the arbiter; `annabella journal replay` with the table's secret \
               names the damage; start the game again in an empty records directory";
    checks.push(
        match annabella_station::session::Session::replay_with(&journal, secret.as_ref()) {
            Err(e) => Check::bad(Status::Fail, name, e.to_string(), fix),
            Ok((_, resumed)) if !resumed.warnings().is_empty() => Check::bad(
                Status::Fail,
                name,
                format!("{}: {}", journal.display(), resumed.warnings().join("; ")),
                fix,
            ),
            Ok((_, resumed)) => match resumed.not_authenticated() {
                Some(line) => Check::bad(
                    Status::Warn,
                    name,
                    format!(
                        "{}: {} records; {line}",
                        journal.display(),
                        resumed.replayed
                    ),
                    "a journal made from now on with the table's secret is keyed",
                ),
                None => Check::ok(
                    name,
                    format!(
                        "{}: {} records, authenticated by the table's secret",
                        journal.display(),
                        resumed.replayed
                    ),
                ),
            },
        },
    );
    checks
}

/// How long the hall's broker has to accept a connection.
pub const BROKER_ANSWER: Duration = Duration::from_secs(5);

/// The hall's broker accepts the table's connection (TLS and credentials as configured).
pub fn hall_broker(hall: &annabella_broker::HallConfig) -> Check {
    let name = "hall";
    let at = format!(
        "{}://{}:{}",
        if hall.broker.tls { "mqtts" } else { "mqtt" },
        hall.broker.host,
        hall.broker.port
    );
    match annabella_hall_link::probe::broker_answers(hall, BROKER_ANSWER) {
        Ok(()) => Check::ok(
            name,
            format!("the broker at {at} answers (table {})", hall.table),
        ),
        Err(why) => Check::bad(
            Status::Fail,
            name,
            format!("{at}: {why}"),
            "start the hall's broker (mosquitto) or correct [hall] broker; the table plays \
             without it, but the hall sees nothing until it answers",
        ),
    }
}

/// `clock = "dgt"`: a DGT 3000 answers on the cable of the DGT board at `dgt`.
pub fn dgt_clock(dgt: &DeviceSpec) -> Check {
    let name = "device clock".to_owned();
    let DeviceSpec::Serial { path, .. } = dgt else {
        return Check::ok(
            name,
            "the DGT 3000 on the simulated DGT board (\"dgt\": its lever, buttons and state \
             come through devices.dgt)",
        );
    };
    let fallback = "without it the table keeps the time itself and presses the clocks (the \
                    arbiter is told)";
    if let Some(busy) = busy(&name, path) {
        return busy;
    }
    match identify(path, DEVICE_PATIENCE) {
        Ok(Identity::Dgt { clock: true, .. }) => Check::ok(
            name,
            format!(
                "a DGT 3000 answers on the cable of the DGT board at {}",
                path.display()
            ),
        ),
        Ok(Identity::Dgt { clock: false, .. }) => Check::bad(
            Status::Warn,
            name,
            format!(
                "no DGT 3000 answered on the cable of the DGT board at {}; {fallback}",
                path.display()
            ),
            "plug the DGT 3000 into the board and switch it on",
        ),
        _ => Check::bad(
            Status::Fail,
            name,
            format!(
                "\"dgt\" needs the DGT board, which does not answer at {}",
                path.display()
            ),
            "see the check of devices.dgt",
        ),
    }
}

/// The check of a port another process holds open (a running table): named busy, by
/// pid, and left alone (talking on it would disturb that table). `None` when no other
/// process holds it.
fn busy(name: &str, path: &Path) -> Option<Check> {
    let holders = crate::holder::holders(path);
    let first = holders.first()?;
    let by: Vec<String> = holders
        .iter()
        .map(crate::holder::Holder::describe)
        .collect();
    Some(Check::bad(
        Status::Fail,
        name.to_owned(),
        format!(
            "{} is busy: {} holds it open (the running table, or another program)",
            path.display(),
            by.join(", ")
        ),
        format!(
            "stop process {} first (or check the table it runs rather than this file)",
            first.pid
        ),
    ))
}

/// Whether opening a port failed because another program holds it (EBUSY, or a lock).
fn is_busy(why: &annabella_devices::identify::IdentifyError) -> bool {
    let text = why.to_string().to_lowercase();
    text.contains("busy") || text.contains("resource temporarily unavailable")
}

/// The device `key` of `[devices]` opens and answers as that device, with a sane board.
pub fn device(key: &str, spec: &DeviceSpec) -> Check {
    let name = format!("device {key}");
    let path = match spec {
        DeviceSpec::None => return Check::ok(name, "not used (\"none\")"),
        DeviceSpec::Sim => return Check::ok(name, "simulated (\"sim\")"),
        // Checked with the DGT board it hangs on (`dgt_clock`), which `check_table` does.
        DeviceSpec::OnDgt => {
            return Check::ok(
                name,
                "the DGT 3000 on the DGT board's cable (checked with devices.dgt)",
            );
        }
        DeviceSpec::Firmware { elf, harness } => {
            return match (elf.is_file(), harness.is_file()) {
                (true, true) => Check::ok(name, format!("firmware {}", elf.display())),
                _ => Check::bad(
                    Status::Fail,
                    name,
                    format!("{} or {} is missing", elf.display(), harness.display()),
                    "make -C hardware",
                ),
            };
        }
        DeviceSpec::Serial { path, .. } => path,
    };
    let listing = "annabella init lists the ports and what answers on each";
    if let Some(busy) = busy(&name, path) {
        return busy;
    }
    match identify(path, DEVICE_PATIENCE) {
        Err(why) if is_busy(&why) => Check::bad(
            Status::Fail,
            name,
            format!(
                "{} is busy: another program holds it ({why})",
                path.display()
            ),
            "stop the program that holds the port (a running `annabella play`) first",
        ),
        Err(why) => Check::bad(
            Status::Fail,
            name,
            why.to_string(),
            format!("plug the {key} in and switch it on; {listing}"),
        ),
        Ok(found) if found.config_key() != key => Check::bad(
            Status::Fail,
            name,
            format!("{} answers there, not a {key}", found.describe()),
            format!("devices.{} = {:?}; {listing}", found.config_key(), path),
        ),
        Ok(found) => match found.position_problem() {
            Some(problem) => Check::bad(
                Status::Warn,
                name,
                format!("{} at {}: {problem}", found.describe(), path.display()),
                "set the pieces up (a dead square reads as empty or wrong)",
            ),
            None => Check::ok(
                name,
                format!(
                    "{} at {}{}",
                    found.describe(),
                    path.display(),
                    pieces(&found)
                ),
            ),
        },
    }
}

fn pieces(found: &Identity) -> String {
    match found {
        Identity::Dgt { board: Some(b), .. } => format!(", {} pieces", b.occupied().count()),
        Identity::PegBoard {
            occupied: Some(o), ..
        } => format!(", {} pegs", o.count()),
        _ => String::new(),
    }
}

/// The VI player's microphone delivers sound: [`LISTEN`] of it, its level and clipping.
pub fn microphone(speech: &SpeechSource) -> Check {
    let name = "microphone";
    let fix_mic = "plug in the headset microphone; `annabella devices audio` lists the inputs; \
                   set [speech] input = \"mic:ID\"";
    let input = match speech {
        SpeechSource::Lines => {
            return Check::bad(
                Status::Warn,
                name,
                "not used: the VI player's words are typed ([speech] source = \"lines\")",
                "[speech] source = \"vosk\" with a model and input = \"mic\" to hear the player",
            );
        }
        SpeechSource::Vosk(settings) => annabella_station::edges::hearing_setup(settings).input,
    };
    let source: Result<Box<dyn AudioSource>, Box<dyn std::error::Error>> = match &input {
        AudioInput::Mic(device) => MicSource::open(device.as_deref())
            .map(|m| Box::new(m) as Box<dyn AudioSource>)
            .map_err(Into::into),
        AudioInput::Wav(path) => WavSource::open(path, 100, Instant::now())
            .map(|w| Box::new(w) as Box<dyn AudioSource>)
            .map_err(Into::into),
        AudioInput::Stdin => {
            return Check::ok(name, "audio comes on standard input (not checked)");
        }
    };
    let mut source = match source {
        Ok(s) => s,
        Err(why) => {
            let found = annabella_speech::audio::input_devices();
            let inputs = if found.is_empty() {
                "no audio input device found".to_owned()
            } else {
                format!(
                    "inputs: {}",
                    found
                        .iter()
                        .map(|d| d.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            return Check::bad(Status::Fail, name, format!("{why} ({inputs})"), fix_mic);
        }
    };
    let wanted = (LISTEN.as_millis() as usize) * annabella_speech::SAMPLE_RATE as usize / 1000;
    let deadline = Instant::now() + LISTEN * 2;
    let mut samples = Vec::with_capacity(wanted);
    while samples.len() < wanted && Instant::now() < deadline {
        match source.next_chunk() {
            Ok(Some(chunk)) => samples.extend_from_slice(&chunk.samples),
            Ok(None) => break,
            Err(e) => return Check::bad(Status::Fail, name, e.to_string(), fix_mic),
        }
    }
    judge_level(&Level::of(&samples), fix_mic)
}

/// The loudness of some audio.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Level {
    /// Seconds of audio.
    pub seconds: f64,
    /// Root mean square level in dBFS (`-inf` for silence).
    pub rms_dbfs: f64,
    /// Fraction of samples at full scale.
    pub clipped: f64,
}

impl Level {
    /// The level of 16 kHz samples.
    pub fn of(samples: &[i16]) -> Level {
        let n = samples.len().max(1) as f64;
        let power = samples
            .iter()
            .map(|&s| f64::from(s) * f64::from(s))
            .sum::<f64>()
            / n;
        let clipped = samples
            .iter()
            .filter(|&&s| s >= i16::MAX - 1 || s <= i16::MIN + 1)
            .count() as f64
            / n;
        Level {
            seconds: samples.len() as f64 / f64::from(annabella_speech::SAMPLE_RATE),
            rms_dbfs: 10.0 * (power / (f64::from(i16::MAX) * f64::from(i16::MAX))).log10(),
            clipped,
        }
    }
}

/// Below this the microphone delivers no usable sound (a muted or unplugged input).
pub const SILENT_DBFS: f64 = -70.0;
/// More clipped samples than this garble speech.
pub const CLIPPING: f64 = 0.01;

fn judge_level(level: &Level, fix: &str) -> Check {
    let name = "microphone";
    let detail = format!(
        "{:.1} s heard, level {:.0} dBFS, {:.1} % clipped",
        level.seconds,
        level.rms_dbfs,
        level.clipped * 100.0
    );
    if level.seconds < LISTEN.as_secs_f64() * 0.9 {
        Check::bad(Status::Fail, name, format!("only {detail}"), fix)
    } else if level.rms_dbfs.is_nan() || level.rms_dbfs <= SILENT_DBFS {
        Check::bad(
            Status::Fail,
            name,
            format!("silence: {detail}"),
            "unmute the input and raise its gain (alsamixer), or plug the microphone in",
        )
    } else if level.clipped > CLIPPING {
        Check::bad(
            Status::Warn,
            name,
            format!("clipping: {detail}"),
            "lower the input gain (alsamixer) or move the microphone away from the mouth",
        )
    } else {
        Check::ok(name, detail)
    }
}

/// The Vosk model is there and every file matches its manifest (`models/fetch.sh`).
pub fn model(speech: &SpeechSource) -> Check {
    let name = "speech model";
    let dir = match speech {
        SpeechSource::Lines => return Check::ok(name, "not used ([speech] source = \"lines\")"),
        SpeechSource::Vosk(setup) => &setup.model,
    };
    let fetch = "fetch it again: models/fetch.sh de (or en), then set [speech] model";
    if let Err(e) = annabella_speech::check_model_dir(dir) {
        return Check::bad(Status::Fail, name, e.to_string(), fetch);
    }
    match annabella_speech::check_manifest(dir, true) {
        Ok(true) => Check::ok(
            name,
            format!("{}: every file matches its manifest", dir.display()),
        ),
        Ok(false) => Check::bad(
            Status::Warn,
            name,
            format!("{}: no manifest, so it cannot be checked", dir.display()),
            "python3 models/manifest.py DIR writes one (models/fetch.sh does)",
        ),
        Err(e) => Check::bad(Status::Fail, name, e.to_string(), fetch),
    }
}

/// The hearer's voice speaks: its back end is found and a test sentence renders to sound.
pub fn voice(hearer: &'static str, voice: &HearerVoice) -> Check {
    let name = format!("voice.{hearer}");
    let fix = "scripts/setup.sh installs espeak-ng and speech-dispatcher; `espeak-ng --voices` \
               lists the voices; or set backend = \"text\"";
    let found = match annabella_voice::discovery::find(hearer, voice, &SpeechdAddress::from_env()) {
        Ok(choice) => choice.found,
        Err(e) => return Check::bad(Status::Fail, name, e.to_string(), fix),
    };
    let language = &voice.settings.language;
    match found {
        Found::Text | Found::None => Check::ok(name, format!("{} (nothing spoken)", found.name())),
        Found::Speechd => Check::ok(name, format!("speech-dispatcher answers ({language})")),
        Found::Tts | Found::ScreenReader => Check::ok(
            name,
            format!(
                "{} was found ({language}); its voice is chosen at start",
                found.name()
            ),
        ),
        Found::EspeakSpeaker | Found::EspeakRecord => {
            let speech = annabella_voice::Speech::words("Die Partie beginnt.");
            match annabella_voice::espeak::render(&speech, &voice.settings) {
                Ok(pcm) if pcm.samples.iter().any(|&s| s.unsigned_abs() > 1000) => Check::ok(
                    name,
                    format!(
                        "{} speaks {language} ({} ms of speech)",
                        found.name(),
                        pcm.duration_ms()
                    ),
                ),
                Ok(_) => Check::bad(Status::Fail, name, "espeak-ng rendered silence", fix),
                Err(e) => Check::bad(Status::Fail, name, e.to_string(), fix),
            }
        }
    }
}

/// The records directory exists (or can be made), takes a file, and has room.
/// The game can start: the start position (`game.start_fen`, or the initial array) makes
/// a table and is not already over (checkmate, stalemate or a dead position).
pub fn start_position(config: &StationConfig) -> Check {
    use shakmaty::Position as _;
    let name = "game";
    let fix = "set [game] start_fen to a position the game can start from (or remove it)";
    let table = config.table_config();
    if let Err(e) = annabella_table::Table::new(table.clone()) {
        return Check::bad(Status::Fail, name, e.to_string(), fix);
    }
    let position = match table.start_position() {
        Ok(p) => p,
        Err(e) => return Check::bad(Status::Fail, name, e.to_string(), fix),
    };
    let over = if position.is_checkmate() {
        Some("checkmate")
    } else if position.is_stalemate() {
        Some("stalemate")
    } else if annabella_rules::unwinnable::is_dead_position(&position) {
        Some("a dead position (neither side can checkmate)")
    } else {
        None
    };
    let which = table
        .start_fen
        .as_deref()
        .map_or_else(|| "the initial position".to_owned(), |f| format!("{f:?}"));
    match over {
        Some(why) => Check::bad(
            Status::Fail,
            name,
            format!("the start position {which} is already over: {why}"),
            fix,
        ),
        None => Check::ok(name, format!("{which}, {} to move", position.turn())),
    }
}

/// The records directory can be created and takes files, with room for a game. A
/// directory that does not exist yet is made for the check and removed again.
pub fn records(dir: &Path) -> Check {
    let name = "records";
    let fix = format!(
        "make {} writable by the user annabella runs as, or set [records] dir",
        dir.display()
    );
    // The directories this check makes, deepest last (removed again at the end).
    let made: Vec<PathBuf> = dir
        .ancestors()
        .take_while(|d| !d.as_os_str().is_empty() && d.symlink_metadata().is_err())
        .map(Path::to_path_buf)
        .collect();
    if let Err(e) = std::fs::create_dir_all(dir) {
        return Check::bad(
            Status::Fail,
            name,
            format!("{}: cannot be created: {e}", dir.display()),
            fix,
        );
    }
    let check = records_in(dir, &fix, !made.is_empty());
    for d in &made {
        let _ = std::fs::remove_dir(d);
    }
    check
}

fn records_in(dir: &Path, fix: &str, new: bool) -> Check {
    let name = "records";
    let fix = fix.to_owned();
    let writable = if new {
        "can be created, writable"
    } else {
        "writable"
    };
    let probe: PathBuf = dir.join(".annabella-doctor");
    let written = std::fs::File::create(&probe).and_then(|mut f| {
        f.write_all(b"annabella doctor\n")?;
        f.sync_all()
    });
    let _ = std::fs::remove_file(&probe);
    if let Err(e) = written {
        return Check::bad(
            Status::Fail,
            name,
            format!("{}: cannot write: {e}", dir.display()),
            fix,
        );
    }
    match nix::sys::statvfs::statvfs(dir) {
        Ok(fs) => {
            let free = fs.blocks_available() * fs.fragment_size();
            let mb = free / (1024 * 1024);
            if free < SPACE_NEEDED {
                Check::bad(
                    Status::Fail,
                    name,
                    format!("{}: only {mb} MB free", dir.display()),
                    format!(
                        "free space there, or set [records] dir (needs {} MB)",
                        SPACE_NEEDED / (1024 * 1024)
                    ),
                )
            } else {
                Check::ok(name, format!("{}: {writable}, {mb} MB free", dir.display()))
            }
        }
        Err(e) => Check::bad(
            Status::Warn,
            name,
            format!("{}: free space unknown: {e}", dir.display()),
            fix,
        ),
    }
}

/// Nothing else listens on the console's address.
pub fn port_free(addr: std::net::SocketAddr) -> Check {
    let name = "console";
    match std::net::TcpListener::bind(addr) {
        Ok(_) => Check::ok(name, format!("{addr} is free")),
        Err(e) => Check::bad(
            Status::Fail,
            name,
            format!("{addr}: {e}"),
            "stop what listens there (ss -ltnp), or set [console] listen to another port",
        ),
    }
}

/// Whether the table can play: no check failed.
pub fn ready(checks: &[Check]) -> bool {
    checks.iter().all(|c| c.status != Status::Fail)
}

/// Every check of the table configured in the file at `path`: the file itself (each
/// problem named by its key, with the fix), then [`check_table`].
pub fn check_file(path: &Path) -> Vec<Check> {
    match annabella_station::edges::load_config(path) {
        Ok(config) => {
            let mut checks = vec![Check {
                status: Status::Ok,
                check: "config".into(),
                detail: path.display().to_string(),
                fix: None,
            }];
            checks.extend(check_table(&config));
            checks
        }
        Err(e) => e
            .problems
            .iter()
            .map(|p| Check {
                status: Status::Fail,
                check: "config".into(),
                detail: format!("{}: {p}", path.display()),
                fix: Some(config_fix(&p.key).into()),
            })
            .collect(),
    }
}

/// What to do about a problem at `key` of the config.
fn config_fix(key: &str) -> &'static str {
    match key {
        "speech.model" => {
            "fetch the model again (models/fetch.sh de) and point [speech] model at it"
        }
        k if k.starts_with("devices") => "annabella init lists the ports and what answers on each",
        _ => "correct this key (samples/table.toml explains each)",
    }
}

/// The table's configuration when none is named: `./table.toml`, else
/// `/etc/annabella/table.toml`, whichever is a file.
pub fn default_config() -> Option<PathBuf> {
    ["table.toml", "/etc/annabella/table.toml"]
        .into_iter()
        .map(PathBuf::from)
        .find(|p| p.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn silence_fails_speech_passes_clipping_warns() {
        let n = annabella_speech::SAMPLE_RATE as usize * 2;
        let silence = judge_level(&Level::of(&vec![0; n]), "fix");
        assert_eq!(silence.status, Status::Fail, "{}", silence.line());
        assert!(silence.detail.starts_with("silence"), "{}", silence.line());
        let tone: Vec<i16> = (0..n)
            .map(|i| ((i as f64 * 0.05).sin() * 3000.0) as i16)
            .collect();
        let ok = judge_level(&Level::of(&tone), "fix");
        assert_eq!(ok.status, Status::Ok, "{}", ok.line());
        let loud: Vec<i16> = (0..n)
            .map(|i| if i % 10 < 5 { i16::MAX } else { i16::MIN })
            .collect();
        assert_eq!(judge_level(&Level::of(&loud), "fix").status, Status::Warn);
        let short = judge_level(&Level::of(&tone[..1000]), "fix");
        assert_eq!(short.status, Status::Fail, "{}", short.line());
    }

    fn config(game: &str) -> StationConfig {
        annabella_station::edges::config_from_str(
            &format!("[game]\n{game}\n"),
            Path::new("/tables/1"),
        )
        .unwrap_or_else(|e| panic!("{e}"))
    }

    /// Issue 26, item 9: a start position the game cannot start from fails the doctor.
    #[test]
    fn a_start_position_that_is_already_over_fails() {
        let ok = start_position(&config(""));
        assert_eq!(ok.status, Status::Ok, "{}", ok.line());
        assert!(ok.detail.contains("initial position"), "{}", ok.line());
        for (fen, why) in [
            ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "stalemate"),
            ("6Qk/8/6K1/8/8/8/8/8 b - - 0 1", "checkmate"),
            (
                "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1",
                "dead position",
            ),
        ] {
            let c = start_position(&config(&format!("start_fen = \"{fen}\"")));
            assert_eq!(c.status, Status::Fail, "{}", c.line());
            assert!(c.detail.contains(why), "{fen}: {}", c.line());
            assert!(
                c.fix.as_deref().unwrap().contains("start_fen"),
                "{}",
                c.line()
            );
        }
    }

    #[test]
    fn the_secret_is_checked_and_the_journal_verified_with_it() {
        use annabella_journal::{SECRET_FILE, TableSecret};
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(SECRET_FILE);
        let records = dir.path().join("games");
        let checks = secret(&path, &records);
        assert_eq!(checks.len(), 1);
        assert_eq!(checks[0].status, Status::Warn, "{}", checks[0].line());

        let (made, _) = TableSecret::read_or_make(&path).unwrap();
        std::fs::create_dir(&records).unwrap();
        let journal = records.join(annabella_records::JOURNAL);
        let (mut session, _) = annabella_station::session::Session::open_with(
            &journal,
            annabella_table::TableConfig::default(),
            Some(&made),
        )
        .unwrap();
        session
            .feed(Duration::ZERO, annabella_table::Input::Start)
            .unwrap();
        drop(session);
        let checks = secret(&path, &records);
        assert_eq!(
            checks.iter().map(|c| c.status).collect::<Vec<_>>(),
            [Status::Ok, Status::Ok],
            "{checks:?}"
        );
        assert!(
            checks[1].detail.contains("1 records, authenticated"),
            "{checks:?}"
        );

        // Another table's secret in its place: the journal is named, the table not ready.
        std::fs::remove_file(&path).unwrap();
        TableSecret::generate().unwrap().write_new(&path).unwrap();
        let checks = secret(&path, &records);
        assert_eq!(checks[1].status, Status::Fail, "{checks:?}");
        assert!(
            checks[1].detail.contains("another table secret"),
            "{checks:?}"
        );

        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        let checks = secret(&path, &records);
        assert_eq!(checks[0].status, Status::Fail, "{checks:?}");
        assert!(checks[0].line().contains("chmod 600"), "{checks:?}");
    }

    /// Issue 40: `doctor` opens the journal `play` would continue, as `play` opens it: a
    /// journal that is a directory or a dangling link, in the last game's folder too, fails.
    #[test]
    fn the_journal_play_would_open_is_opened_as_play_opens_it() {
        let dir = tempfile::tempdir().unwrap();
        let secret_file = dir.path().join("table.secret");
        annabella_journal::TableSecret::read_or_make(&secret_file).unwrap();
        let records = dir.path().join("games");
        std::fs::create_dir_all(records.join("game-2").join(annabella_records::JOURNAL)).unwrap();
        let checks = secret(&secret_file, &records);
        let journal = checks
            .iter()
            .find(|c| c.check == "journal")
            .expect("checked");
        assert_eq!(journal.status, Status::Fail, "{}", journal.line());
        assert!(journal.detail.contains("game-2"), "{}", journal.line());
        assert!(
            journal.detail.contains("`play` cannot open it"),
            "{}",
            journal.line()
        );

        let other = dir.path().join("other");
        std::fs::create_dir_all(&other).unwrap();
        std::os::unix::fs::symlink(
            dir.path().join("nowhere"),
            other.join(annabella_records::JOURNAL),
        )
        .unwrap();
        let checks = secret(&secret_file, &other);
        let journal = checks
            .iter()
            .find(|c| c.check == "journal")
            .expect("checked");
        assert_eq!(journal.status, Status::Fail, "{}", journal.line());
        assert!(
            journal.detail.contains("link to nothing"),
            "{}",
            journal.line()
        );
    }

    #[test]
    fn a_records_directory_is_created_for_the_check_and_removed_again() {
        let dir = tempfile::tempdir().unwrap();
        let records_dir = dir.path().join("new/games");
        let c = records(&records_dir);
        assert_eq!(c.status, Status::Ok, "{}", c.line());
        assert!(c.detail.contains("can be created"), "{}", c.line());
        assert!(!dir.path().join("new").exists(), "the check leaves nothing");

        let file = dir.path().join("a-file");
        std::fs::write(&file, "x").unwrap();
        let c = records(&file.join("games"));
        assert_eq!(c.status, Status::Fail, "{}", c.line());
        assert!(c.detail.contains("cannot be created"), "{}", c.line());
    }

    #[test]
    fn a_line_names_the_check_and_the_fix() {
        let c = Check::bad(
            Status::Fail,
            "records",
            "/x: read-only",
            "set [records] dir",
        );
        assert_eq!(
            c.line(),
            "FAIL records: /x: read-only [fix: set [records] dir]"
        );
        assert_eq!(Check::ok("console", "free").line(), "ok console: free");
        assert!(!ready(&[c]));
    }

    #[test]
    fn a_busy_console_port_fails() {
        let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = taken.local_addr().unwrap();
        assert_eq!(port_free(addr).status, Status::Fail);
        drop(taken);
        assert_eq!(port_free(addr).status, Status::Ok);
    }

    #[test]
    fn a_file_where_the_records_directory_should_be_fails() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("games");
        std::fs::write(&file, "").unwrap();
        let c = records(&file);
        assert_eq!(c.status, Status::Fail, "{}", c.line());
        assert_eq!(records(&dir.path().join("new/games")).status, Status::Ok);
    }
}
