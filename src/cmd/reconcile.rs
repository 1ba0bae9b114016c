//! `annabella reconcile`: both scoresheets (PGN) and both boards → the arbiter's plan
//! under Law D.2.9 (crates/arbiter).

use std::{fs::File, io::BufReader, path::PathBuf, process::ExitCode};

use annabella_arbiter::{Case, Evidence, pgn, shakmaty::Board};
use annabella_phonetic::Language;
use annabella_rules::excerpt;
use anyhow::{Context, bail};

/// Flags of `annabella reconcile`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The VI player's scoresheet (PGN; SAN, German SAN or UCI moves).
    #[arg(long)]
    pub vi: PathBuf,
    /// The sighted player's scoresheet (PGN).
    #[arg(long)]
    pub sighted: PathBuf,
    /// The VI player's board as it stands: FEN or just its piece field. Default: the
    /// position the VI player's own scoresheet reaches.
    #[arg(long)]
    pub vi_fen: Option<String>,
    /// The sighted player's board as it stands (FEN or piece field). Default: the
    /// position the sighted player's scoresheet reaches.
    #[arg(long)]
    pub sighted_fen: Option<String>,
    /// The starting position (FEN; Shredder-FEN with --chess960). Default: the PGN's FEN
    /// tag, else the standard starting position.
    #[arg(long)]
    pub start_fen: Option<String>,
    /// The game is Chess960 (also when a scoresheet's `Variant` tag says so): castling
    /// rights only Chess960 can have are read as Chess960's.
    #[arg(long)]
    pub chess960: bool,
    /// Which game of each PGN file, counted from 1.
    #[arg(long, default_value_t = 1)]
    pub game: usize,
    /// Print the plan as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Language of the text output: de or en.
    #[arg(long, default_value = "de")]
    pub lang: Language,
}

fn read_game(path: &PathBuf, number: usize) -> anyhow::Result<pgn::PgnGame> {
    let file = File::open(path).with_context(|| format!("{}: cannot read", path.display()))?;
    let mut games = pgn::read(BufReader::new(file)).with_context(|| path.display().to_string())?;
    let count = games.len();
    if number == 0 || number > count {
        bail!(
            "{}: no game {number} (the file has {count} game{})",
            path.display(),
            if count == 1 { "" } else { "s" }
        );
    }
    Ok(games.swap_remove(number - 1))
}

/// A board from a full FEN or only its piece field.
fn board(fen: &str, what: &str) -> anyhow::Result<Board> {
    let field = fen.split_whitespace().next().unwrap_or_default();
    field
        .parse::<Board>()
        .with_context(|| format!("{what}: invalid board {:?}", excerpt(fen)))
}

/// Builds the evidence from the flags and files (the arbiter crate does the work).
pub fn evidence(args: &Args) -> anyhow::Result<Evidence> {
    let vi = read_game(&args.vi, args.game)?;
    let sighted = read_game(&args.sighted, args.game)?;
    let start = match pgn::start_position(&vi, &sighted, args.start_fen.as_deref(), args.chess960) {
        Err(e @ pgn::EvidenceError::NeedsChess960 { .. }) => {
            bail!("{e}: give --chess960 when it is Chess960")
        }
        other => other?,
    };
    let vi_board = args
        .vi_fen
        .as_deref()
        .map(|f| board(f, "--vi-fen"))
        .transpose()?;
    let sighted_board = args
        .sighted_fen
        .as_deref()
        .map(|f| board(f, "--sighted-fen"))
        .transpose()?;
    Ok(pgn::evidence(start, &vi, &sighted, vi_board, sighted_board))
}

/// Prints the plan. Exit status 0 when everything agrees, 1 when something must be put
/// right (a board or a scoresheet).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let ev = evidence(&args)?;
    let plan = annabella_arbiter::reconcile(&ev);
    if args.json {
        super::out!("{}", serde_json::to_string(&plan)?);
    } else {
        std::io::Write::write_all(&mut std::io::stdout(), plan.text(args.lang).as_bytes())?;
    }
    Ok(
        if plan.case == Case::Agreement && plan.findings.is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        },
    )
}
