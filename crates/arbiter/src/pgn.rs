//! Scoresheets in PGN, read by the one PGN reader of `annabella-rules`
//! ([`annabella_rules::pgn::PgnReader`]): tag pairs and the main line's moves as written,
//! with `%clk` readings. Moves are only checked to be SAN, German SAN or UCI, not for
//! legality: an illegal move on a scoresheet is evidence for the arbiter, not a broken
//! file. [`evidence`] turns two scoresheets into the [`Evidence`] of [`reconcile`](fn@crate::reconcile).

use std::{fmt, io::BufRead};

use annabella_rules::{
    excerpt,
    pgn::{PgnReader, PgnSyntax},
};
use shakmaty::{Board, Chess, Color, Position, fen::Fen};

pub use annabella_rules::pgn::{PgnGame, PgnMove};

use crate::{ClockReading, Evidence, Record, entry::Entry, line::Line};

/// A scoresheet that cannot be read; names the game (from 1) and the line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnError {
    /// The game, counted from 1.
    pub game: usize,
    /// The line, counted from 1.
    pub line: usize,
    /// What is wrong.
    pub kind: PgnErrorKind,
}

/// What is wrong with a scoresheet.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PgnErrorKind {
    /// A token in the movetext that is neither SAN nor UCI; `label` is like "12... Zz9".
    BadMove {
        /// Move number and token as found.
        label: String,
    },
    /// The PGN text itself is broken (an unclosed comment, a bad tag pair, no game …).
    Syntax(PgnSyntax),
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}, line {}: ", self.game, self.line)?;
        match &self.kind {
            PgnErrorKind::BadMove { label } => write!(f, "move {label}: not SAN or UCI"),
            PgnErrorKind::Syntax(syntax) => write!(f, "{syntax}"),
        }
    }
}

impl std::error::Error for PgnError {}

/// Reads every game of a PGN text as scoresheets.
///
/// # Errors
/// The first thing that cannot be read, naming the game and line; a move token that is
/// neither SAN nor UCI names the move ("game 1, line 3: move 12... Zz9: not SAN or UCI").
///
/// # Examples
/// ```
/// use std::time::Duration;
/// let games = annabella_arbiter::pgn::parse("[White \"A\"]\n\n1. e4 {[%clk 0:59:58]} e5 (1... c5) 2. Sf3 *\n")?;
/// assert_eq!(games[0].move_texts(), ["e4", "e5", "Sf3"]);
/// assert_eq!(games[0].moves[0].clock, Some(Duration::from_secs(3_598)));
/// # Ok::<_, annabella_arbiter::pgn::PgnError>(())
/// ```
pub fn parse(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    read(text.as_bytes())
}

/// Like [`parse`], from any reader.
///
/// # Errors
/// As [`parse`].
pub fn read(input: impl BufRead) -> Result<Vec<PgnGame>, PgnError> {
    let mut games = Vec::new();
    for (i, game) in PgnReader::new(input).enumerate() {
        let game = game.map_err(|e| PgnError {
            game: e.game,
            line: e.line,
            kind: PgnErrorKind::Syntax(e.kind),
        })?;
        check_moves(&game, i + 1)?;
        games.push(game);
    }
    Ok(games)
}

/// Every move must be SAN, German SAN or UCI.
fn check_moves(game: &PgnGame, number: usize) -> Result<(), PgnError> {
    let (first, black_first) =
        game.tag("FEN")
            .and_then(|f| f.parse::<Fen>().ok())
            .map_or((1, false), |f| {
                let setup = f.as_setup();
                (setup.fullmoves.get(), setup.turn == Color::Black)
            });
    for (i, m) in game.moves.iter().enumerate() {
        if m.text.parse::<Entry>().is_ok() {
            continue;
        }
        let index = i + usize::from(black_first);
        let dots = if index % 2 == 0 { "." } else { "..." };
        let label = format!("{}{dots} {}", first as usize + index / 2, excerpt(&m.text));
        return Err(PgnError {
            game: number,
            line: m.line,
            kind: PgnErrorKind::BadMove { label },
        });
    }
    Ok(())
}

/// Why two scoresheets cannot be taken as evidence.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EvidenceError {
    /// The two scoresheets' `FEN` tags differ.
    #[error("the scoresheets start from different positions: the VI player's has FEN {:?}, the sighted player's {:?}", excerpt(.vi), excerpt(.sighted))]
    DifferentStarts {
        /// The VI player's FEN tag.
        vi: String,
        /// The sighted player's FEN tag.
        sighted: String,
    },
    /// A start position with castling rights only Chess960 can have, in a game neither
    /// scoresheet nor the caller marks as Chess960.
    #[error("starting position: FEN {:?} has castling rights only Chess960 can have, and the game is not marked as Chess960", excerpt(.fen))]
    NeedsChess960 {
        /// The FEN as given.
        fen: String,
    },
    /// A start position that is not a legal position.
    #[error("starting position: FEN {:?}: {why}", excerpt(.fen))]
    BadStart {
        /// The FEN as given.
        fen: String,
        /// Why it was refused.
        why: String,
    },
}

/// The start position: `start_fen` when given, else the scoresheets' `FEN` tag (they
/// must agree), else the standard one; read by the rules' one policy
/// ([`annabella_rules::start_position`]), Chess960 when `chess960` or either scoresheet's
/// `Variant` tag says so.
///
/// # Errors
/// [`EvidenceError::DifferentStarts`], [`EvidenceError::BadStart`],
/// [`EvidenceError::NeedsChess960`].
pub fn start_position(
    vi: &PgnGame,
    sighted: &PgnGame,
    start_fen: Option<&str>,
    chess960: bool,
) -> Result<Chess, EvidenceError> {
    let chess960 = chess960
        || [vi, sighted].iter().any(|g| {
            g.tag("Variant")
                .is_some_and(|v| v.to_ascii_lowercase().contains("960"))
        });
    let fen = match (start_fen, vi.tag("FEN"), sighted.tag("FEN")) {
        (Some(f), _, _) => Some(f),
        (None, Some(a), Some(b)) if a.trim() != b.trim() => {
            return Err(EvidenceError::DifferentStarts {
                vi: a.to_owned(),
                sighted: b.to_owned(),
            });
        }
        (None, a, b) => a.or(b),
    };
    let Some(fen) = fen else {
        return Ok(Chess::default());
    };
    let bad = |why: String| EvidenceError::BadStart {
        fen: fen.to_owned(),
        why,
    };
    let parsed: Fen = fen.trim().parse().map_err(|e| bad(format!("{e}")))?;
    annabella_rules::start_position(&parsed, chess960).map_err(|e| match e {
        annabella_rules::StartError::Illegal { why, .. } => {
            bad(format!("not a legal position: {why}"))
        }
        annabella_rules::StartError::NeedsChess960 { .. } => EvidenceError::NeedsChess960 {
            fen: fen.to_owned(),
        },
    })
}

/// Clock readings per ply from the `%clk` comments: after each ply, the time each side
/// had left after its latest move (at ply 0 the first period's time, when the
/// `TimeControl` tag gives it).
pub fn clock_readings(game: &PgnGame, start: &Chess) -> Vec<Option<ClockReading>> {
    let ms = |d: std::time::Duration| u64::try_from(d.as_millis()).ok();
    let initial = game
        .tag("TimeControl")
        .and_then(|t| t.parse::<annabella_rules::TimeControl>().ok())
        .and_then(|tc| tc.periods().first().map(|p| p.time))
        .and_then(ms);
    let (mut white, mut black) = (initial, initial);
    let mut turn = start.turn();
    let reading = |w: Option<u64>, b: Option<u64>| {
        w.zip(b)
            .map(|(white_ms, black_ms)| ClockReading { white_ms, black_ms })
    };
    let mut readings = vec![reading(white, black)];
    for m in &game.moves {
        if let Some(left) = m.clock.and_then(ms) {
            match turn {
                Color::White => white = Some(left),
                Color::Black => black = Some(left),
            }
        }
        turn = !turn;
        readings.push(reading(white, black));
    }
    readings
}

/// The evidence of two scoresheets: the moves as written, each board as given or else as
/// its own scoresheet leaves it, and the clock readings of the sighted player's sheet
/// (else the VI player's).
pub fn evidence(
    start: Chess,
    vi: &PgnGame,
    sighted: &PgnGame,
    vi_board: Option<Board>,
    sighted_board: Option<Board>,
) -> Evidence {
    let own_board = |game: &PgnGame| {
        Line::replay(&start, &game.move_texts())
            .last()
            .board()
            .clone()
    };
    let vi_board = vi_board.unwrap_or_else(|| own_board(vi));
    let sighted_board = sighted_board.unwrap_or_else(|| own_board(sighted));
    let mut clocks = clock_readings(sighted, &start);
    if clocks.iter().all(Option::is_none) {
        clocks = clock_readings(vi, &start);
    }
    Evidence {
        vi: Record {
            scoresheet: vi.move_texts(),
            board: vi_board,
        },
        sighted: Record {
            scoresheet: sighted.move_texts(),
            board: sighted_board,
        },
        start,
        clocks,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn reads_tags_moves_clocks_and_skips_the_rest() {
        let text = "[Event \"Club \\\"A\\\"\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n\
                    1. e4 {[%clk 1:30:00]} $1 1... e5 {[%clk 1:29:59.5]} ; line comment\n\
                    2.Nf3 (2. Nc3 {x} (2. f4)) Nc6 3. Bb5 a6 1-0\n";
        let games = parse(text).expect("parses");
        assert_eq!(games.len(), 1);
        let g = &games[0];
        assert_eq!(g.tag("Event"), Some("Club \"A\""));
        assert_eq!(g.move_texts(), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
        assert_eq!(g.moves[0].clock, Some(Duration::from_millis(5_400_000)));
        assert_eq!(g.moves[1].clock, Some(Duration::from_millis(5_399_500)));
        assert_eq!(g.moves[4].line, 5);
        assert_eq!(g.result_marker.as_deref(), Some("1-0"));
    }

    #[test]
    fn a_start_follows_the_rules_one_policy_with_the_variant_tag() {
        let fen = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1";
        let plain = parse(&format!("[FEN \"{fen}\"]\n\n1. e4 *")).expect("parses");
        let marked = parse(&format!(
            "[Variant \"Chess960\"]\n[FEN \"{fen}\"]\n\n1. e4 *"
        ))
        .expect("parses");
        let err = start_position(&plain[0], &plain[0], None, false).unwrap_err();
        assert_eq!(err, EvidenceError::NeedsChess960 { fen: fen.into() });
        assert!(err.to_string().contains("only Chess960"), "{err}");
        let pos = start_position(&plain[0], &plain[0], None, true).expect("flagged");
        assert_eq!(pos.castles().mode(), shakmaty::CastlingMode::Chess960);
        let pos = start_position(&marked[0], &plain[0], None, false).expect("tagged");
        assert_eq!(pos.castles().mode(), shakmaty::CastlingMode::Chess960);
        // A standard start stays standard; an illegal one is refused.
        let none = parse("1. e4 *").expect("parses");
        let pos = start_position(&none[0], &none[0], None, false).expect("standard");
        assert_eq!(pos.castles().mode(), shakmaty::CastlingMode::Standard);
        assert!(matches!(
            start_position(&none[0], &none[0], Some("8/8/8/8/8/8/8/8 w - - 0 1"), false),
            Err(EvidenceError::BadStart { .. })
        ));
    }

    #[test]
    fn several_games() {
        let games = parse("1. e4 e5 *\n\n[White \"B\"]\n1. d4 1/2-1/2\n[White \"C\"]\n1. c4")
            .expect("parses");
        assert_eq!(games.len(), 3);
        assert_eq!(games[1].move_texts(), ["d4"]);
        assert_eq!(games[2].tag("White"), Some("C"));
        assert_eq!(games[2].result_marker, None);
    }

    #[test]
    fn illegal_but_readable_moves_are_kept() {
        let games = parse("1. e4 e5 2. Qxf7 *").expect("parses");
        assert_eq!(games[0].move_texts(), ["e4", "e5", "Qxf7"]);
    }

    #[test]
    fn errors_name_game_line_and_move() {
        let cases = [
            (
                "1. e4 e5 2. Nf3 Zz9 *",
                "game 1, line 1: move 2... Zz9: not SAN or UCI",
            ),
            (
                "1. e4 *\n\n1. d4 d5\n2. Nf9",
                "game 2, line 4: move 2. Nf9: not SAN or UCI",
            ),
            ("1. e4 {never", "game 1, line 1: comment '{' never closed"),
            (
                "1. e4 (1. d4\n e5",
                "game 1, line 1: variation '(' never closed",
            ),
            ("1. e4 ) e5", "game 1, line 1: ')' without '('"),
            (
                "[White A]\n1. e4",
                "game 1, line 1: tag pair is not [Name \"value\"]",
            ),
            ("  \n", "game 1, line 2: no game found"),
        ];
        for (text, want) in cases {
            let e = parse(text).expect_err(text);
            assert_eq!(e.to_string(), want, "{text:?}");
        }
    }

    #[test]
    fn a_long_bad_move_is_echoed_short() {
        let text = format!("1. e4 {} *", "Z".repeat(10_000));
        let e = parse(&text).expect_err("bad move").to_string();
        assert!(e.len() < 200 && e.contains('…'), "{e}");
    }

    #[test]
    fn clocks_come_from_the_sighted_sheet_else_the_vi_sheet() {
        let with = parse("[TimeControl \"5400+30\"]\n1. e4 {[%clk 1:30:20]} e5 {[%clk 1:30:10]} *")
            .unwrap();
        let without = parse("1. e4 e5 *").unwrap();
        let ev = evidence(Chess::default(), &with[0], &without[0], None, None);
        assert_eq!(
            ev.clocks[0],
            Some(ClockReading {
                white_ms: 5_400_000,
                black_ms: 5_400_000
            })
        );
        assert_eq!(
            ev.clocks[2],
            Some(ClockReading {
                white_ms: 5_420_000,
                black_ms: 5_410_000
            })
        );
        assert_eq!(ev.vi.board, ev.sighted.board);
    }
}
