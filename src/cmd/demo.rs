//! `annabella demo`: a complete table on this machine — simulated peg board, DGT board
//! and tactile clock over pseudo-terminals, the VI player's words from a script — plays a
//! game to its end and writes journal, PGN and Braille.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use annabella_broker::config::DEFAULT_SIGNING_KEY;
use annabella_config::StationConfig;
use annabella_demo::{self as demo, DemoFirmware, DemoSetup};
use annabella_records::JOURNAL;
use annabella_station::{
    closing::Told,
    console_link::ConsoleSetup,
    hall_link::{self, HallLink},
    script,
};
use annabella_view::story::ConsoleStyle;
use anyhow::Context;

/// Flags of `annabella demo`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The script to play (default: samples/demo-script.txt).
    #[arg(long)]
    script: Option<PathBuf>,
    /// The table's configuration (default: samples/table.toml settings).
    #[arg(long)]
    config: Option<PathBuf>,
    /// Where journal, PGN, BRF and audio go.
    #[arg(long, default_value = "demo-output")]
    out: PathBuf,
    /// Announcements as text only (no speech-dispatcher or espeak-ng, no audio record).
    #[arg(long)]
    text: bool,
    /// The full event stream as JSON lines (one object per input, effect,
    /// announcement heard and device report) instead of the story.
    #[arg(long)]
    json: bool,
    /// The full event stream in words (every input, effect and device report) instead
    /// of the story.
    #[arg(long, short)]
    verbose: bool,
    /// Feed the VI player's phrases as recognised words even when a German model is
    /// under models/ (otherwise they are spoken by espeak-ng and heard through Vosk).
    #[arg(long)]
    typed: bool,
    /// Serve the arbiter's web console at this address (e.g. 127.0.0.1:8960; port 0
    /// picks a free one); the demo then stays after its script until standard input ends.
    #[arg(long, value_name = "ADDR")]
    console: Option<String>,
    /// Publish the table to a tournament hall's broker (`mqtt://host:port`); needs
    /// `--table`. The table never waits for the broker; at the end the demo waits up to a
    /// minute for the broker to have every record.
    #[arg(long, value_name = "URL", requires = "table")]
    hall: Option<String>,
    /// The table's name in the hall (one MQTT topic level, e.g. "3").
    #[arg(long, requires = "hall")]
    table: Option<String>,
    /// With `--hall`: the table's private signing key (default: table.key here; made by
    /// `annabella init`).
    #[arg(long, value_name = "FILE", requires = "hall")]
    hall_key: Option<PathBuf>,
    /// With `--hall`: the table's user at the broker (with --hall-password-file).
    #[arg(long, requires = "hall_password_file")]
    hall_user: Option<String>,
    /// With `--hall`: a file whose first line is the table's password at the broker.
    #[arg(long, value_name = "FILE", requires = "hall_user")]
    hall_password_file: Option<PathBuf>,
    /// The peg board and the clock are their firmware images run in simavr
    /// (`make -C hardware` builds them) instead of the Rust simulators; the DGT board
    /// stays simulated.
    #[arg(long)]
    firmware: bool,
    /// The peg board's firmware image (default: hardware/build/tactile-board.elf of this
    /// checkout).
    #[arg(long, value_name = "FILE.elf", requires = "firmware")]
    board_elf: Option<PathBuf>,
    /// The clock's firmware image (default: hardware/build/tactile-clock.elf of this
    /// checkout).
    #[arg(long, value_name = "FILE.elf", requires = "firmware")]
    clock_elf: Option<PathBuf>,
}

/// Runs the demo.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let config = match &args.config {
        Some(p) => annabella_station::edges::load_config(p)?,
        None => annabella_station::edges::config_from_str(
            demo::SAMPLE_CONFIG,
            std::path::Path::new("."),
        )?,
    };
    let (script_text, script_name) = script_of(&args, &config)?;
    // The closing lines: for people in the table's language, with --json as programs read them.
    let told = Told::from_json(args.json, config.game.vi_language);
    let script = script::parse_script(&script_text).with_context(|| script_name.clone())?;
    let vi_model = (!args.typed).then(demo::german_model).flatten();
    let mut voices = annabella_station::setups::voice_plan(&config);
    if args.text {
        voices = voices.text();
    }
    let out = demo::fresh_records_dir(&args.out);
    if out != args.out {
        let (dir, next) = (args.out.display(), out.display());
        annabella_logging::say(&told.line(
            || {
                format!(
                    "annabella demo: {dir} holds an earlier game's records, which are kept; this game goes to {next}"
                )
            },
            "demo-earlier-records",
            &[("dir", dir.to_string().into()), ("next", next.to_string().into())],
        ));
    }
    let records = out.display();
    annabella_logging::say(&told.line(
        || format!("annabella demo: {script_name}, records in {records}"),
        "demo-starts",
        &[
            ("script", script_name.clone().into()),
            ("dir", records.to_string().into()),
        ],
    ));
    let served = serve_console(&args, &config)?;
    let outbox = join_hall(&args, &out)?;
    let setup = DemoSetup {
        config: config.table_config(),
        out: out.clone(),
        voices,
        vi_model,
        braille_table: config.braille_table.clone(),
        console: Box::new(std::io::stdout()),
        style: ConsoleStyle::from_flags(args.json, args.verbose, ConsoleStyle::Story),
        served,
        devices: config.devices.simulated(),
        firmware: args
            .firmware
            .then(|| DemoFirmware::built(args.board_elf.clone(), args.clock_elf.clone())),
        opponent: config
            .opponent
            .as_ref()
            .map(annabella_station::opponent::from_config),
        // A demo at a keyed table is keyed with its secret (never made here).
        secret: match (
            &args.config,
            annabella_station::setups::secret_file(&config),
        ) {
            (Some(_), file) if file.exists() => Some(
                annabella_journal::TableSecret::read(&file)
                    .with_context(|| file.display().to_string())?,
            ),
            _ => None,
        },
    };
    let report = demo::run(setup, script).with_context(|| script_name.clone())?;
    annabella_logging::say(&told.journal(&report.journal));
    drain_hall(outbox, told);
    for line in report.records_lines(told) {
        annabella_logging::say(&line);
    }
    match (report.result_line(told), report.game_over) {
        (Some(line), true) => {
            annabella_logging::say(&line);
            Ok(ExitCode::SUCCESS)
        }
        _ => {
            annabella_logging::say(&told.script_ended());
            Ok(ExitCode::from(1))
        }
    }
}

/// The script's text and name: `--script`, else the sample for the table's board.
fn script_of(args: &Args, config: &StationConfig) -> anyhow::Result<(String, String)> {
    Ok(match &args.script {
        Some(p) => (
            std::fs::read_to_string(p).with_context(|| format!("{}", p.display()))?,
            p.display().to_string(),
        ),
        None => {
            let (text, name) = if config.opponent.is_some() {
                demo::practice_script()
            } else {
                demo::sample_script(config.devices.vi_board())
            };
            (text.to_owned(), name.to_owned())
        }
    })
}

/// Binds the console (`--console`, else the config's) and says where it serves.
fn serve_console(args: &Args, config: &StationConfig) -> anyhow::Result<Option<ConsoleSetup>> {
    let listen = args.console.clone();
    let Some(addr) = listen.or_else(|| config.console.as_ref().map(|c| c.listen.to_string()))
    else {
        return Ok(None);
    };
    // The title is the table's name from the config, as at `play`.
    let table =
        (config.console.as_ref()).map_or_else(|| "Demo table".to_owned(), |c| c.table.clone());
    let setup = ConsoleSetup::bind(&addr, table)
        .with_context(|| format!("--console {addr}: cannot serve the console there"))?;
    annabella_logging::say(&setup.banner().context("console address")?);
    Ok(Some(setup))
}

/// With `--hall` and `--table`: the table's link to the hall, publishing its journal.
fn join_hall(args: &Args, out: &Path) -> anyhow::Result<Option<HallLink>> {
    let (Some(url), Some(table)) = (&args.hall, &args.table) else {
        return Ok(None);
    };
    let key = (args.hall_key.as_deref()).unwrap_or(Path::new(DEFAULT_SIGNING_KEY));
    let (user, password) = (args.hall_user.as_ref(), args.hall_password_file.as_ref());
    let hall = super::hall::demo_hall(url, table, key, user, password)?;
    let journal = out.join(JOURNAL);
    Ok(Some(hall_link::start(&hall, journal, None, None)?))
}

/// Waits (at most a minute) until the hall's broker has every record, and says so (in
/// the machine form `hall: records 1-N are at the broker` with `--json`).
fn drain_hall(mut outbox: Option<HallLink>, told: Told) {
    use annabella_station::hall_link::DrainError;
    let Some(outbox) = outbox.as_mut() else {
        return;
    };
    match outbox.drain(std::time::Duration::from_secs(60)) {
        Ok(last) => annabella_logging::say(&told.line(
            || format!("hall: records 1-{last} are at the broker"),
            "demo-hall-drained",
            &[("last", last.to_string().into())],
        )),
        Err(e) => {
            // The command that sends the rest is the command line's to name.
            let line = match (&e, told) {
                (DrainError::Behind { journal, .. }, Told::Machine) => {
                    format!("annabella: {e} (annabella hall publish --once --journal {journal} …)")
                }
                (
                    DrainError::Behind {
                        acked,
                        last,
                        journal,
                    },
                    Told::People(_),
                ) => told.line(
                    String::new,
                    "demo-hall-behind",
                    &[
                        ("acked", acked.to_string().into()),
                        ("last", last.to_string().into()),
                        ("journal", journal.clone().into()),
                    ],
                ),
                (_, _) => told.line(
                    || format!("annabella: {e}"),
                    "demo-hall-failed",
                    &[("error", e.to_string().into())],
                ),
            };
            annabella_logging::warn(&line)
        }
    }
}
