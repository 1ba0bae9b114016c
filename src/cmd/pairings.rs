//! `annabella pairings`: a round's pairings from a FIDE TRF file (`annabella-trf`), and
//! the round's results from its PGN written back into the TRF for the pairing program.

use std::{path::PathBuf, process::ExitCode};

use annabella_phonetic::{Language, messages::Messages};
use annabella_trf::{
    Board, Forfeit, LeftOut, LeftOutWhy, Pairing, RoundResult, Trf,
    listing::{bye_name, pairing_json, seat_text},
    round_pgn::{self, OtherRound},
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
    /// The language of the lines in words (not `--json`): de, en, lt, lv or hu.
    #[arg(long, default_value = "de")]
    language: Language,
}

/// Lists the round's pairings, or writes its results into a new TRF file.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let trf_path = args.trf.display().to_string();
    let bytes = std::fs::read(&args.trf).with_context(|| format!("cannot read {trf_path}"))?;
    let trf = Trf::parse(&bytes).map_err(|e| anyhow::anyhow!("{trf_path}: {e}"))?;
    let pairings = trf
        .pairings_of(args.round)
        .map_err(|e| anyhow::anyhow!("{trf_path}: {e}"))?;
    let m = Messages::get(args.language);
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
        let count = |n: usize| n.to_string().into();
        let summary = m.text(
            "pairings-written",
            &[
                ("round", args.round.to_string().into()),
                ("written", count(written.boards.len())),
                ("boards", count(boards.len())),
                ("out", out_path.into()),
                ("won", count(forfeits_won)),
                ("forfeits", count(forfeits.len())),
                ("byes", count(byes)),
            ],
        );
        super::out!("{summary}");
        for left in &written.left_out {
            super::out!("{}", left_out_line(left, m));
        }
        for other in &other_rounds {
            let line = other_round_line(other, args.round, m);
            super::out!("{}", annabella_rules::printable(&line));
        }
        return Ok(ExitCode::SUCCESS);
    }
    for pairing in &pairings {
        if args.json {
            super::out!("{}", pairing_json(pairing));
        } else {
            super::out!("{}", pairing_words(pairing, m));
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

/// One pairing in a sentence of the messages' language: a board, a forfeit or a bye.
fn pairing_words(pairing: &Pairing, m: &Messages) -> String {
    match pairing {
        Pairing::Board(b) => m.text(
            "pairings-board",
            &[
                ("board", b.number.to_string().into()),
                ("white", seat_text(&b.white).into()),
                ("black", seat_text(&b.black).into()),
            ],
        ),
        Pairing::Forfeit(f) => {
            let winner = f.winner.map_or("none", |c| c.fold_wb("white", "black"));
            m.text(
                "pairings-forfeit",
                &[
                    ("board", f.number.to_string().into()),
                    ("winner", winner.into()),
                    ("white", seat_text(&f.white).into()),
                    ("black", seat_text(&f.black).into()),
                ],
            )
        }
        Pairing::Bye(b) => m.text(
            "pairings-bye",
            &[
                ("kind", bye_name(b.kind).into()),
                ("player", seat_text(&b.player).into()),
            ],
        ),
    }
}

/// A result as the sentences name it: `1-0`, or `1-0` by forfeit.
fn result_words(result: RoundResult, m: &Messages) -> String {
    match result {
        RoundResult::Forfeit { .. } => m.text(
            "pairings-forfeit-result",
            &[("result", result.as_str().into())],
        ),
        _ => result.as_str().to_owned(),
    }
}

/// Why a board's result was not written, in a sentence.
fn left_out_line(left: &LeftOut, m: &Messages) -> String {
    let board = ("board", left.board.to_string().into());
    match left.why {
        LeftOutWhy::Unfinished => m.text("pairings-unfinished", &[board]),
        LeftOutWhy::InFile { has, given } if has == given => m.text(
            "pairings-in-file-same",
            &[board, ("has", result_words(has, m).into())],
        ),
        LeftOutWhy::InFile { has, given } => m.text(
            "pairings-in-file",
            &[
                board,
                ("has", result_words(has, m).into()),
                ("given", result_words(given, m).into()),
            ],
        ),
        LeftOutWhy::NoGame => m.text("pairings-no-game", &[board]),
    }
}

/// A game of another round, left out, in a sentence.
fn other_round_line(other: &OtherRound, round: u32, m: &Messages) -> String {
    let tag = other
        .board
        .as_ref()
        .map(|b| format!(" ({b})"))
        .unwrap_or_default();
    m.text(
        "pairings-other-round",
        &[
            (
                "white",
                other.white.clone().unwrap_or_else(|| "?".into()).into(),
            ),
            (
                "black",
                other.black.clone().unwrap_or_else(|| "?".into()).into(),
            ),
            ("tag", tag.into()),
            ("line", other.line.to_string().into()),
            ("played", other.round.to_string().into()),
            ("round", round.to_string().into()),
        ],
    )
}
