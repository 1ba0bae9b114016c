//! `annabella journal replay FILE`: rebuilds a table from its journal and prints it.

use std::{path::PathBuf, process::ExitCode};

use annabella_station::session::Session;

/// Flags of `annabella journal`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, clap::Subcommand)]
enum Command {
    /// Replay a journal (read-only) and print the rebuilt table.
    Replay {
        /// The journal file.
        file: PathBuf,
        /// The table view as one JSON object.
        #[arg(long)]
        json: bool,
        /// The table's secret (`table.secret` beside its table.toml): the journal's MACs
        /// are checked with it; without it a keyed journal is read as not authenticated.
        #[arg(long, value_name = "FILE")]
        secret: Option<PathBuf>,
    },
}

/// The table's secret at `path`, if one is given.
pub fn secret(
    path: Option<&std::path::Path>,
) -> anyhow::Result<Option<annabella_station::journal::TableSecret>> {
    Ok(path
        .map(annabella_station::journal::TableSecret::read)
        .transpose()?)
}

/// Runs `journal replay`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let Command::Replay { file, json, secret } = args.command;
    let secret = self::secret(secret.as_deref())?;
    let (table, resumed) = Session::replay_with(&file, secret.as_ref())?;
    let warnings = resumed.warnings();
    for w in &warnings {
        eprintln!("annabella: journal {}: {w}", file.display());
    }
    if let Some(line) = resumed.not_authenticated() {
        eprintln!("annabella: journal {}: {line}", file.display());
    }
    // A damaged journal still shows everything before the damage, but never passes for whole.
    let status = if warnings.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(super::DAMAGED)
    };
    for (seq, why) in &resumed.refused {
        eprintln!("annabella: record {seq} was refused by the table: {why}");
    }
    let view = table.snapshot();
    let arbiter = annabella_station::console_link::journalled_actions(&file)?;
    if json {
        let mut value = serde_json::to_value(&view)?;
        value["records"] = resumed.replayed.into();
        value["last_ms"] = (table.now().as_millis() as u64).into();
        value["dropped"] = resumed.dropped.as_ref().map(|d| d.seq).into();
        value["damaged"] = resumed.damage.as_ref().map(|d| d.seq).into();
        value["warnings"] = warnings.into();
        value["authenticated"] = resumed.not_authenticated().is_none().into();
        value["head"] = resumed
            .head
            .as_ref()
            .map(|(seq, hash)| serde_json::json!([seq, hash]))
            .into();
        value["authentication"] = resumed
            .authentication
            .as_ref()
            .map(ToString::to_string)
            .into();
        value["arbiter_actions"] = serde_json::to_value(&arbiter)?;
        value["utterances"] = serde_json::to_value(annabella_station::hearing::journalled(&file)?)?;
        println!("{value}");
        return Ok(status);
    }
    println!("records: {}", resumed.replayed);
    println!("position: {}", view.fen);
    println!("moves: {}", view.moves.join(" "));
    println!(
        "clocks: White {}  Black {}  running: {}",
        annabella_table::pgn::clk(view.white_time),
        annabella_table::pgn::clk(view.black_time),
        view.running.map_or("none".to_owned(), |c| c.to_string())
    );
    if let Some(w) = &view.said_words {
        println!("announced, not yet completed: {w} (made: {})", view.made);
    }
    if let Some(c) = view.draw_offer {
        println!("draw offer by {c}");
    }
    if let Some(r) = &view.result {
        println!("result: {} ({})", r.result, r.termination);
    }
    for a in &arbiter {
        println!(
            "arbiter #{} at {}: {}: {}",
            a.seq,
            annabella_table::pgn::clk(std::time::Duration::from_millis(a.at_ms)),
            a.by,
            a.what
        );
    }
    Ok(status)
}
