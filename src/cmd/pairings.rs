//! `annabella pairings`: a round's pairings from a FIDE TRF file (`annabella-trf`), and
//! the round's results from its PGN written back into the TRF for the pairing program.

use std::{collections::BTreeMap, path::PathBuf, process::ExitCode};

use annabella_rules::pgn::{PgnGame, read_games};
use annabella_trf::{Board, ByeKind, Forfeit, GameResult, Pairing, Seat, Trf};
use anyhow::{Context, bail};
use serde_json::{Value, json};

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
        let found = results_of(results, &boards, &forfeits)?;
        let list: Vec<(u32, GameResult)> = found.into_iter().collect();
        let new = trf
            .with_results(args.round, &list)
            .map_err(|e| anyhow::anyhow!("{trf_path}: {e}"))?;
        let out_path = out.display().to_string();
        write_replacing(out, &new).with_context(|| format!("cannot write {out_path}"))?;
        let forfeits_won = list
            .iter()
            .filter(|(_, r)| {
                matches!(
                    r,
                    GameResult::WhiteWinsByForfeit | GameResult::BlackWinsByForfeit
                )
            })
            .count();
        let byes = pairings.len() - boards.len();
        println!(
            "round {}: {} of {} boards' results written to {out_path} ({forfeits_won} by \
             forfeit; {byes} forfeits and byes of the pairing kept and counted)",
            args.round,
            list.len(),
            boards.len()
        );
        return Ok(ExitCode::SUCCESS);
    }
    for pairing in &pairings {
        if args.json {
            println!("{}", pairing_json(pairing));
        } else {
            println!("{}", pairing_line(pairing));
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

/// Whether a game was won by forfeit: its `Termination` tag says `forfeit`, or it has
/// a decisive result and no move. (A game lost on time, `time forfeit`, was played.)
fn is_forfeit(game: &PgnGame) -> bool {
    game.tag("Termination")
        .is_some_and(|t| t.trim().eq_ignore_ascii_case("forfeit"))
        || game.moves.is_empty()
}

/// Board number → result of every game of the PGN file at `path`. A game whose board is
/// a forfeit of the file already (its result written before: TRF counts no board for
/// it) is left out when its result is the one written.
fn results_of(
    path: &PathBuf,
    boards: &[&Board],
    forfeits: &[&Forfeit],
) -> anyhow::Result<BTreeMap<u32, GameResult>> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {name}"))?;
    let mut found: BTreeMap<u32, (GameResult, usize)> = BTreeMap::new();
    for game in read_games(&text) {
        let game = game.map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
        let result_text = game
            .tag("Result")
            .or(game.result_marker.as_deref())
            .unwrap_or("*");
        let mut result: GameResult = result_text.parse().map_err(|e| {
            anyhow::anyhow!(
                "{name}: line {}: {e}",
                game.tag_line("Result").unwrap_or(game.line)
            )
        })?;
        if is_forfeit(&game) {
            result = result.by_forfeit();
        }
        if let Some(f) = written_forfeit(&game, forfeits) {
            if f.white_result == result.characters().0 {
                continue;
            }
            bail!(
                "{name}: line {}: {} – {} is a forfeit ({}) in the TRF file, the game says {result_text}",
                game.line,
                f.white.name,
                f.black.name,
                if f.white_result == '+' { "1-0" } else { "0-1" },
            );
        }
        let board = board_of(&game, boards)
            .map_err(|e| anyhow::anyhow!("{name}: line {}: {e}", game.line))?;
        if let Some((_, first)) = found.insert(board, (result, game.line)) {
            bail!(
                "{name}: line {}: board {board} has a game already (line {first})",
                game.line
            );
        }
    }
    Ok(found.into_iter().map(|(b, (r, _))| (b, r)).collect())
}

fn same_name(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

/// The game's White and Black, when it names them.
fn named_players(game: &PgnGame) -> Option<(&str, &str)> {
    let name = |tag| {
        game.tag(tag)
            .filter(|n| !n.trim().is_empty() && n.trim() != "?")
    };
    Some((name("White")?, name("Black")?))
}

/// The file's forfeit between the game's two players (its result written before).
fn written_forfeit<'a>(game: &PgnGame, forfeits: &[&'a Forfeit]) -> Option<&'a Forfeit> {
    let (white, black) = named_players(game)?;
    forfeits
        .iter()
        .find(|f| same_name(&f.white.name, white) && same_name(&f.black.name, black))
        .copied()
}

/// The board of a game: its `Board` tag, else its `Round` tag's `N.K`, else the board
/// whose White and Black it names. A board found by number must have the players the
/// game names (when it names them); the hall's `Board` tag is the table's name, so a
/// `Round` tag `N.K` whose board has them is taken before refusing.
fn board_of(game: &PgnGame, boards: &[&Board]) -> Result<u32, String> {
    let checked = |b: &Board| match named_players(game) {
        Some((white, black))
            if !(same_name(&b.white.name, white) && same_name(&b.black.name, black)) =>
        {
            Err(format!(
                "board {} is {} – {}, the game is {white} – {black}",
                b.number, b.white.name, b.black.name
            ))
        }
        _ => Ok(b.number),
    };
    // `[Round "N.K"]` (as `annabella init --trf` writes it): board K.
    let by_round = game
        .tag("Round")
        .and_then(|r| r.trim().split_once('.'))
        .and_then(|(_, k)| k.parse::<u32>().ok())
        .and_then(|k| boards.iter().find(|b| b.number == k));
    if let Some(tag) = game.tag("Board") {
        let number: u32 = tag
            .trim()
            .parse()
            .map_err(|_| format!("Board tag {tag:?} is not a number"))?;
        let by_tag = boards
            .iter()
            .find(|b| b.number == number)
            .ok_or(format!(
                "no board {number} in the round ({} boards)",
                boards.len()
            ))
            .and_then(|b| checked(b));
        return match (by_tag, by_round.map(|b| checked(b))) {
            (Err(_), Some(Ok(k))) => Ok(k),
            (outcome, _) => outcome,
        };
    }
    if let Some(b) = by_round {
        return checked(b);
    }
    let (white, black) = (
        game.tag("White").unwrap_or(""),
        game.tag("Black").unwrap_or(""),
    );
    boards
        .iter()
        .find(|b| same_name(&b.white.name, white) && same_name(&b.black.name, black))
        .map(|b| b.number)
        .ok_or(format!(
            "no Board tag, and no board of the round has White {white:?} and Black {black:?}"
        ))
}

fn seat_json(seat: &Seat) -> Value {
    json!({
        "rank": seat.rank,
        "name": seat.name,
        "title": seat.title,
        "federation": seat.federation,
        "fide_id": seat.fide_id,
        "rating": seat.rating,
    })
}

fn bye_name(kind: ByeKind) -> &'static str {
    match kind {
        ByeKind::HalfPoint => "half-point",
        ByeKind::FullPoint => "full-point",
        ByeKind::PairingAllocated => "pairing-allocated",
        ByeKind::ForfeitWin => "forfeit-win",
        ByeKind::ZeroPoint => "zero-point",
        ByeKind::NotPaired => "not-paired",
    }
}

fn pairing_json(pairing: &Pairing) -> Value {
    match pairing {
        Pairing::Board(b) => {
            json!({ "board": b.number, "white": seat_json(&b.white), "black": seat_json(&b.black) })
        }
        Pairing::Forfeit(f) => json!({
            "forfeit": if f.white_result == '+' { "1-0" } else { "0-1" },
            "white": seat_json(&f.white),
            "black": seat_json(&f.black),
        }),
        Pairing::Bye(b) => json!({ "bye": bye_name(b.kind), "player": seat_json(&b.player) }),
    }
}

fn seat_text(seat: &Seat) -> String {
    let mut text = format!("{}. ", seat.rank);
    if !seat.title.is_empty() {
        text.push_str(&seat.title);
        text.push(' ');
    }
    text.push_str(&seat.name);
    let details: Vec<String> = [
        seat.federation.clone(),
        seat.rating.map(|r| r.to_string()).unwrap_or_default(),
    ]
    .into_iter()
    .filter(|d| !d.is_empty())
    .collect();
    if !details.is_empty() {
        text.push_str(&format!(" ({})", details.join(", ")));
    }
    text
}

fn pairing_line(pairing: &Pairing) -> String {
    match pairing {
        Pairing::Board(b) => format!(
            "board {}: {} - {}",
            b.number,
            seat_text(&b.white),
            seat_text(&b.black)
        ),
        Pairing::Forfeit(f) => format!(
            "forfeit {}: {} - {}",
            if f.white_result == '+' { "1-0" } else { "0-1" },
            seat_text(&f.white),
            seat_text(&f.black)
        ),
        Pairing::Bye(b) => format!("bye ({}): {}", bye_name(b.kind), seat_text(&b.player)),
    }
}
