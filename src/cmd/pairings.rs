//! `annabella pairings`: a round's pairings from a FIDE TRF file (`annabella-trf`), and
//! the round's results from its PGN written back into the TRF for the pairing program.

use std::{path::PathBuf, process::ExitCode};

use annabella_trf::{
    Board, Forfeit, Pairing, RoundResult, Trf,
    listing::{pairing_json, pairing_line},
    round_pgn,
};
use anyhow::Context;

/// Flags of `annabella pairings`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The tournament's TRF file (TRF16; lines may end CR, CR LF or LF).
    #[arg(long)]
    trf: PathBuf,
    /// The round (from 1).
    #[arg(long)]
    round: u32,
    /// One JSON object per board, forfeit or bye instead of text.
    #[arg(long)]
    json: bool,
    /// The round's games (PGN): their results are written into `--out`. A game is matched
    /// to its board by its `Board` tag, else its `Round` tag `N.K`, else its White and
    /// Black names.
    #[arg(long, requires = "out")]
    results: Option<PathBuf>,
    /// Where to write the TRF file with the round's results.
    #[arg(long, requires = "results")]
    out: Option<PathBuf>,
}

/// Lists the round's pairings, or writes its results into a new TRF file.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let trf_path = args.trf.display().to_string();
    let bytes = std::fs::read(&args.trf).with_context(|| format!("cannot read {trf_path}"))?;
    let trf = Trf::parse(&bytes).map_err(|e| anyhow::anyhow!("{trf_path}: {e}"))?;
    let pairings = trf
        .pairings_of(args.round)
        .map_err(|e| anyhow::anyhow!("{trf_path}: {e}"))?;
    if let (Some(results), Some(out)) = (&args.results, &args.out) {
        let boards: Vec<&Board> = pairings
            .iter()
            .filter_map(|p| match p {
                Pairing::Board(b) => Some(b),
                _ => None,
            })
            .collect();
        let forfeits: Vec<&Forfeit> = pairings
            .iter()
            .filter_map(|p| match p {
                Pairing::Forfeit(f) => Some(f),
                _ => None,
            })
            .collect();
        let name = results.display().to_string();
        let text =
            std::fs::read_to_string(results).with_context(|| format!("cannot read {name}"))?;
        let (found, other_rounds) =
            round_pgn::results_of_round(&text, Some(args.round), &boards, &forfeits)
                .map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
        let list: Vec<(u32, RoundResult)> = found.into_iter().collect();
        let written = trf
            .with_results(args.round, &list)
            .map_err(|e| anyhow::anyhow!("{trf_path}: {e}"))?;
        let out_path = out.display().to_string();
        write_replacing(out, &written.bytes).with_context(|| format!("cannot write {out_path}"))?;
        let forfeits_won = list
            .iter()
            .filter(|(b, r)| written.boards.contains(b) && matches!(r, RoundResult::Forfeit { .. }))
            .count();
        let byes = pairings.len() - boards.len() - forfeits.len();
        super::out!(
            "round {}: {} of {} boards' results written to {out_path} ({forfeits_won} by \
             forfeit; {} forfeits and {byes} byes of the pairing kept and counted)",
            args.round,
            written.boards.len(),
            boards.len(),
            forfeits.len(),
        );
        for left in &written.left_out {
            super::out!("not written: {left}");
        }
        for other in &other_rounds {
            super::out!(
                "not written: {}, not of round {}",
                annabella_rules::printable(other),
                args.round
            );
        }
        return Ok(ExitCode::SUCCESS);
    }
    for pairing in &pairings {
        if args.json {
            super::out!("{}", pairing_json(pairing));
        } else {
            super::out!("{}", pairing_line(pairing));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes `bytes` beside `path` and renames it over `path`: a reader (the pairing
/// program) never sees half a file, and `--out` may be the `--trf` file itself.
fn write_replacing(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".annabella-tmp");
    let temporary = path.with_file_name(name);
    std::fs::write(&temporary, bytes)?;
    std::fs::rename(&temporary, path)
}
