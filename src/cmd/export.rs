//! `annabella export pgn|brf|pdf JOURNAL [--out FILE]`: the game's records from its
//! journal.

use std::{path::PathBuf, process::ExitCode};

use annabella_station::{config, records, session::Session};

/// Flags of `annabella export`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `pgn` (with [%clk]), `brf` (Braille scoresheet) or `pdf` (the printed scoresheet
    /// to sign, A4).
    #[arg(value_parser = ["pgn", "brf", "pdf"])]
    format: String,
    /// The journal file.
    journal: PathBuf,
    /// liblouis table for `brf` (default: the VI player's language, uncontracted).
    #[arg(long)]
    braille_table: Option<String>,
    /// Write to FILE instead of standard output (`pdf` default: `game.pdf` beside the
    /// journal).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// The table's secret (`table.secret` beside its table.toml): the journal's MACs are
    /// checked with it; without it a keyed journal is read as not authenticated.
    #[arg(long, value_name = "FILE")]
    secret: Option<PathBuf>,
}

/// A PGN salvaged from a damaged journal, saying so inside: a `Salvaged` tag after the
/// tags and a comment before the result.
fn salvaged(pgn: &str, why: &str) -> String {
    let clean: String = why.chars().filter(|c| !c.is_control()).collect();
    let tag = format!(
        "[Salvaged \"{}\"]\n",
        clean.replace('\\', "\\\\").replace('"', "\\\"")
    );
    let comment = format!(
        "{{annabella: salvaged from a damaged journal, the moves before the damage: {}}}",
        clean.replace('}', ")")
    );
    let (head, moves) = pgn.split_once("\n\n").unwrap_or(("", pgn));
    let moves = moves.trim_end();
    let (before, result) = moves
        .rsplit_once(char::is_whitespace)
        .unwrap_or(("", moves));
    let head = if head.is_empty() {
        String::new()
    } else {
        format!("{head}\n")
    };
    let before = if before.is_empty() {
        String::new()
    } else {
        format!("{before} ")
    };
    format!("{head}{tag}\n{before}{comment} {result}\n")
}

/// Writes `text` to `out`, or to standard output.
fn emit(out: Option<&PathBuf>, text: &[u8]) -> anyhow::Result<()> {
    use std::io::Write;
    match out {
        Some(path) => {
            std::fs::write(path, text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?
        }
        None => std::io::stdout().write_all(text)?,
    }
    Ok(())
}

/// Runs the export to standard output (or `--out`).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let secret = super::journal::secret(args.secret.as_deref())?;
    let (table, resumed) = Session::replay_with(&args.journal, secret.as_ref())?;
    let warnings = resumed.warnings();
    for w in &warnings {
        eprintln!("annabella: journal {}: {w}", args.journal.display());
    }
    if let Some(line) = resumed.not_authenticated() {
        eprintln!("annabella: journal {}: {line}", args.journal.display());
    }
    let mut status = if warnings.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(super::DAMAGED)
    };
    // The finished game stored when it ended is a witness: records (or settings) edited
    // since, with their hashes made anew, no longer replay to it.
    let witness = warnings
        .is_empty()
        .then(|| resumed.finished_games.last())
        .flatten()
        .filter(|g| g.last_seq == resumed.replayed && g.pgn != table.pgn());
    if let Some(game) = witness {
        eprintln!(
            "annabella: journal {}: the records no longer replay to the finished game stored \
             when it ended (record {}): the journal was edited after the game; the PGN is \
             the stored one",
            args.journal.display(),
            game.last_seq
        );
        status = ExitCode::from(super::DAMAGED);
    }
    // A finished game whose records are damaged: its PGN, stored whole when it ended (a
    // stored game ending after the records read is always named damage by the journal,
    // so a game the stored game says ended is never exported as `*`).
    let stored = (!warnings.is_empty())
        .then(|| resumed.finished_games.last())
        .flatten()
        .filter(|g| g.last_seq > resumed.replayed);
    if args.format == "pgn" {
        match stored.or(witness) {
            Some(game) => {
                eprintln!(
                    "annabella: journal {}: the PGN is the finished game stored when it ended \
                     (record {})",
                    args.journal.display(),
                    game.last_seq
                );
                emit(args.out.as_ref(), game.pgn.as_bytes())?;
            }
            None if warnings.is_empty() => emit(args.out.as_ref(), table.pgn().as_bytes())?,
            // The good prefix of a damaged journal: the file itself says so.
            None => emit(
                args.out.as_ref(),
                salvaged(&table.pgn(), &warnings.join("; ")).as_bytes(),
            )?,
        }
    } else if args.format == "pdf" {
        let bytes = annabella_station::scoresheet_pdf::pdf(&table)?;
        let out = args
            .out
            .unwrap_or_else(|| args.journal.with_file_name(annabella_station::records::PDF));
        emit(Some(&out), &bytes)?;
        eprintln!("written: {}", out.display());
    } else {
        let louis = args
            .braille_table
            .unwrap_or_else(|| config::default_braille_table(table.config().language).to_owned());
        emit(args.out.as_ref(), records::brf(&table, &louis)?.as_bytes())?;
    }
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_salvaged_pgn_has_its_tag_and_comment_and_stays_pgn() {
        let pgn = "[Event \"E\"]\n[Result \"*\"]\n\n1. e4 {[%clk 1:00:00]} *\n";
        let out = salvaged(pgn, "record 5 is damaged: \"x\"");
        assert!(
            out.contains("[Salvaged \"record 5 is damaged: \\\"x\\\"\"]\n\n"),
            "{out}"
        );
        assert!(out.ends_with("{annabella: salvaged from a damaged journal, the moves before the damage: record 5 is damaged: \"x\"} *\n"), "{out}");
        let games = annabella_rules::pgn::read_games(&out);
        let game = games[0].as_ref().unwrap();
        assert_eq!(game.tag("Salvaged"), Some("record 5 is damaged: \"x\""));
        assert_eq!(game.move_texts(), ["e4"]);
    }
}
