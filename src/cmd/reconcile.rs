//! `annabella reconcile`: both scoresheets (PGN) and both boards → the arbiter's plan
//! under Law D.2.9 (crates/arbiter).

use std::{path::PathBuf, process::ExitCode};

use annabella_arbiter::{
    Case, ClockReading, Evidence, Plan, Record, pgn,
    shakmaty::{Board, CastlingMode, Chess, Color, Position, fen::Fen},
};
use annabella_phonetic::Language;
use annabella_rules::TimeControl;
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
    /// The starting position (FEN or Shredder-FEN). Default: the PGN's FEN tag, else the
    /// standard starting position.
    #[arg(long)]
    pub start_fen: Option<String>,
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

fn read_game(path: &PathBuf, number: usize) -> anyhow::Result<pgn::Game> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("{}: cannot read", path.display()))?;
    let mut games = pgn::parse(&text).with_context(|| path.display().to_string())?;
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

fn position(fen: &str, what: &str) -> anyhow::Result<Chess> {
    let parsed: Fen = fen
        .parse()
        .with_context(|| format!("{what}: invalid FEN {fen:?}"))?;
    let mode = CastlingMode::detect(&parsed.clone().into_setup());
    parsed
        .into_position(mode)
        .with_context(|| format!("{what}: FEN {fen:?} is not a legal position"))
}

/// A board from a full FEN or only its piece field.
fn board(fen: &str, what: &str) -> anyhow::Result<Board> {
    let field = fen.split_whitespace().next().unwrap_or_default();
    field
        .parse::<Board>()
        .with_context(|| format!("{what}: invalid board {fen:?}"))
}

/// Clock readings per ply from the `%clk` comments: after each ply, the time each side
/// had left after its latest move (at ply 0 the first period's time, when the
/// `TimeControl` tag gives it).
fn clock_readings(game: &pgn::Game, start: &Chess) -> Vec<Option<ClockReading>> {
    let initial = game
        .tag("TimeControl")
        .and_then(|t| t.parse::<TimeControl>().ok())
        .and_then(|tc| tc.periods().first().map(|p| p.time))
        .and_then(|d| u64::try_from(d.as_millis()).ok());
    let mut white = initial;
    let mut black = initial;
    let mut turn = start.turn();
    let mut readings = vec![white.zip(black).map(|(w, b)| ClockReading {
        white_ms: w,
        black_ms: b,
    })];
    for m in &game.moves {
        if let Some(ms) = m.clock_ms {
            match turn {
                Color::White => white = Some(ms),
                Color::Black => black = Some(ms),
            }
        }
        turn = !turn;
        readings.push(white.zip(black).map(|(w, b)| ClockReading {
            white_ms: w,
            black_ms: b,
        }));
    }
    readings
}

/// Builds the evidence from the flags and files.
pub fn evidence(args: &Args) -> anyhow::Result<Evidence> {
    let vi = read_game(&args.vi, args.game)?;
    let sighted = read_game(&args.sighted, args.game)?;
    let start_fen = match (&args.start_fen, vi.tag("FEN"), sighted.tag("FEN")) {
        (Some(f), _, _) => Some(f.clone()),
        (None, Some(a), Some(b)) if a.trim() != b.trim() => bail!(
            "the scoresheets start from different positions: {} has FEN {a:?}, {} has {b:?}",
            args.vi.display(),
            args.sighted.display()
        ),
        (None, a, b) => a.or(b).map(str::to_owned),
    };
    let start = match &start_fen {
        Some(f) => position(f, "starting position")?,
        None => Chess::default(),
    };
    let own_board = |game: &pgn::Game| {
        annabella_arbiter::line::Line::replay(&start, &game.entries())
            .last()
            .board()
            .clone()
    };
    let vi_board = match &args.vi_fen {
        Some(f) => board(f, "--vi-fen")?,
        None => own_board(&vi),
    };
    let sighted_board = match &args.sighted_fen {
        Some(f) => board(f, "--sighted-fen")?,
        None => own_board(&sighted),
    };
    // The journal is the better source; here the sighted player's clock notes, else the VI's.
    let mut clocks = clock_readings(&sighted, &start);
    if clocks.iter().all(Option::is_none) {
        clocks = clock_readings(&vi, &start);
    }
    Ok(Evidence {
        vi: Record {
            scoresheet: vi.entries(),
            board: vi_board,
        },
        sighted: Record {
            scoresheet: sighted.entries(),
            board: sighted_board,
        },
        start,
        clocks,
    })
}

/// The plan as text in one language: the summary, then each board's steps numbered.
pub fn text(plan: &Plan, lang: Language) -> String {
    let pick = |w: &annabella_arbiter::Words| {
        if lang == Language::De {
            w.de.clone()
        } else {
            w.en.clone()
        }
    };
    let mut out = pick(&plan.summary);
    out.push('\n');
    for fix in &plan.fix {
        let who = if lang == Language::De {
            format!("Brett {}:", fix.board.de_genitive())
        } else {
            format!("Board of {}:", fix.board.en())
        };
        out.push_str(&who);
        out.push('\n');
        for (i, step) in fix.steps.iter().enumerate() {
            out.push_str(&format!("  {}. {}\n", i + 1, pick(&step.words)));
        }
    }
    out
}

/// Prints the plan. Exit status 0 when everything agrees, 1 when something must be put
/// right (a board or a scoresheet).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let ev = evidence(&args)?;
    let plan = annabella_arbiter::reconcile(&ev);
    if args.json {
        println!("{}", serde_json::to_string(&plan)?);
    } else {
        print!("{}", text(&plan, args.lang));
    }
    Ok(
        if plan.case == Case::Agreement && plan.findings.is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        },
    )
}
