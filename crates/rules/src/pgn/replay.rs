//! Replaying a game read from PGN under the Laws.

use std::fmt;

use shakmaty::{
    Chess, Color, Position,
    fen::Fen,
    san::{San, SanError, SanPlus},
};

use super::PgnGame;
use crate::{Edition, Game, RateOfPlay, excerpt, game::Outcome};

impl PgnGame {
    /// The starting position: the `FEN` tag (Chess960 castling when `Variant` says
    /// Chess960; see [`crate::start_position`] for the policy), else the standard one.
    ///
    /// # Errors
    ///
    /// A [`ReplayError`] of kind [`ReplayErrorKind::BadFen`] naming the tag's text.
    pub fn start_position(&self) -> Result<Chess, ReplayErrorKind> {
        let Some(text) = self.tag("FEN") else {
            return Ok(Chess::default());
        };
        let bad = |why: String| ReplayErrorKind::BadFen {
            fen: text.to_owned(),
            why,
        };
        let fen: Fen = text.parse().map_err(|e| bad(format!("{e}")))?;
        let chess960 = self
            .tag("Variant")
            .is_some_and(|v| v.to_ascii_lowercase().contains("960"));
        match crate::start_position(&fen, chess960) {
            Ok(position) => Ok(position),
            Err(crate::StartError::Illegal { why, .. }) => Err(bad(why)),
            // The refusal's own sentence (it names the FEN) is the reason; it has no source.
            Err(refusal @ crate::StartError::NeedsChess960 { .. }) => Err(bad(refusal.to_string())),
        }
    }

    /// Replays the moves under the Laws. The result comes from the moves, never from the
    /// `Result` tag.
    ///
    /// # Errors
    ///
    /// The first unreadable, illegal or ambiguous move, or a move after the game ended,
    /// naming the ply and the move.
    pub fn replay(&self, edition: Edition, rate: RateOfPlay) -> Result<Game, ReplayError> {
        let start = self.start_position().map_err(|kind| ReplayError {
            ply: 0,
            text: String::new(),
            line: self.tag_line("FEN").unwrap_or(self.line),
            move_label: String::new(),
            kind,
        })?;
        let mut game = Game::replaying(start, edition, rate);
        let failure = self.play_moves(&mut game).err();
        // Law 5.2.2 is decided once for the whole series; a dead position before the first
        // failure (or the end) ends the game there, and the move after it is the error.
        if let Some(dead) = game.finish_replay() {
            let outcome = *game.outcome().expect("the game ended at the dead position");
            return Err(self.error(game.start(), dead, ReplayErrorKind::AfterEnd(outcome)));
        }
        match (failure, game.outcome()) {
            (Some(e), Some(&outcome)) if !matches!(e.kind, ReplayErrorKind::AfterEnd(_)) => {
                Err(self.error(
                    game.start(),
                    game.plies(),
                    ReplayErrorKind::AfterEnd(outcome),
                ))
            }
            (Some(e), _) => Err(e),
            (None, _) => Ok(game),
        }
    }

    /// Plays the moves into `game` up to the first that cannot be played.
    fn play_moves(&self, game: &mut Game) -> Result<(), ReplayError> {
        let start = game.start().clone();
        for (i, pm) in self.moves.iter().enumerate() {
            let fail = |kind| self.error(&start, i, kind);
            if let Some(outcome) = game.outcome() {
                return Err(fail(ReplayErrorKind::AfterEnd(*outcome)));
            }
            let san = SanPlus::from_ascii(pm.text.as_bytes())
                .map_err(|_| fail(ReplayErrorKind::Unreadable))?
                .san;
            let m = match san.to_move(game.position()) {
                Ok(m) => m,
                Err(SanError::AmbiguousSan) => return Err(fail(ReplayErrorKind::Ambiguous)),
                Err(_) => return Err(fail(ReplayErrorKind::Illegal)),
            };
            game.play_legal(m);
        }
        Ok(())
    }

    /// The error for the move at `index` (0-based) of this game.
    fn error(&self, start: &Chess, index: usize, kind: ReplayErrorKind) -> ReplayError {
        let pm = &self.moves[index];
        let black_first = usize::from(start.turn() == Color::Black);
        let number = start.fullmoves().get() as usize + (index + black_first) / 2;
        let dots = if (index + black_first).is_multiple_of(2) {
            "."
        } else {
            "..."
        };
        ReplayError {
            ply: index + 1,
            text: pm.text.clone(),
            line: pm.line,
            move_label: format!("{number}{dots}"),
            kind,
        }
    }
}

/// Why a game could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayErrorKind {
    /// The token is not SAN.
    Unreadable,
    /// The move is not legal in the position.
    Illegal,
    /// The SAN fits more than one legal move.
    Ambiguous,
    /// The game had already ended.
    AfterEnd(Outcome),
    /// The `FEN` tag is not a legal position.
    BadFen {
        /// The tag's text.
        fen: String,
        /// Why it was refused.
        why: String,
    },
}

/// A move that could not be replayed, with where it stands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ReplayError {
    /// The ply (1-based; 0 for the starting position).
    pub ply: usize,
    /// The move as written.
    pub text: String,
    /// The line of the file.
    pub line: usize,
    /// The move number as written before it (`9.` or `9...`).
    pub move_label: String,
    /// What is wrong.
    pub kind: ReplayErrorKind,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let ReplayErrorKind::BadFen { fen, why } = &self.kind {
            let fen = printable_excerpt(fen);
            return write!(f, "FEN tag \"{fen}\" (line {}): {why}", self.line);
        }
        write!(
            f,
            "ply {} ({} {}, line {}): ",
            self.ply,
            self.move_label,
            excerpt(&self.text),
            self.line
        )?;
        write!(f, "{}", self.kind)
    }
}

impl fmt::Display for ReplayErrorKind {
    /// What is wrong, as a person reads it ("an illegal move in this position").
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayErrorKind::Unreadable => f.write_str("not a move in SAN"),
            ReplayErrorKind::Illegal => f.write_str("an illegal move in this position"),
            ReplayErrorKind::Ambiguous => {
                f.write_str("an ambiguous move: more than one piece can make it")
            }
            ReplayErrorKind::AfterEnd(o) => write!(f, "a move after the game ended ({o})"),
            ReplayErrorKind::BadFen { fen, why } => {
                write!(
                    f,
                    "the FEN tag \"{}\" is not a legal position: {why}",
                    printable_excerpt(fen)
                )
            }
        }
    }
}

/// `text` as a message repeats it: at most [`crate::EXCERPT_CHARS`] characters, no
/// control characters.
fn printable_excerpt(text: &str) -> String {
    let clean: String = text.chars().filter(|c| !c.is_control()).collect();
    excerpt(&clean).into_owned()
}

/// Parses a SAN token the way the replay does (annotations stripped).
pub fn parse_san(text: &str) -> Option<San> {
    SanPlus::from_ascii(text.trim_end_matches(['!', '?']).as_bytes())
        .ok()
        .map(|s| s.san)
}

/// The position a PGN game's moves lead to, for callers that need only the position.
///
/// # Errors
///
/// As [`PgnGame::replay`].
pub fn final_position(game: &PgnGame) -> Result<Chess, ReplayError> {
    game.replay(Edition::default(), RateOfPlay::default())
        .map(|g| g.position().clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameResult, Termination};

    fn replay(pgn: &str) -> Result<Game, ReplayError> {
        super::super::read_games(pgn)
            .remove(0)
            .unwrap()
            .replay(Edition::Laws2023, RateOfPlay::Standard)
    }

    const ROOK_TAKEN: &str = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/3r4/3BK3 w - - 0 1\"]\n\n";

    #[test]
    fn moves_after_a_dead_position_are_named_at_the_first_of_them() {
        // King and bishop against king after 1. Kxd2: the players went on regardless.
        let text = format!("{ROOK_TAKEN}1. Kxd2 Ke7 2. Ke3 Ke6 3. Kf4 Kf6 4. Bf3 Kg6 *");
        let err = replay(&text).unwrap_err();
        assert_eq!(
            (err.ply, err.move_label.as_str(), err.text.as_str()),
            (2, "1...", "Ke7")
        );
        assert!(matches!(
            err.kind,
            ReplayErrorKind::AfterEnd(Outcome {
                result: GameResult::Draw,
                termination: Termination::DeadPosition
            })
        ));
        // A move that would be illegal there is still a move after the end, not illegal.
        let err = replay(&format!("{ROOK_TAKEN}1. Kxd2 Qh5 *")).unwrap_err();
        assert_eq!(err.ply, 2);
        assert!(matches!(err.kind, ReplayErrorKind::AfterEnd(_)));
    }

    #[test]
    fn a_game_stopping_at_the_dead_position_ends_there() {
        let game = replay(&format!("{ROOK_TAKEN}1. Kxd2 1/2-1/2")).unwrap();
        assert_eq!(game.plies(), 1);
        assert_eq!(
            game.outcome().map(|o| o.termination),
            Some(Termination::DeadPosition)
        );
        // After the replay the game checks every move again.
        let mut game = replay(&format!("{ROOK_TAKEN}1. Be2 Rd8 2. Bf3 Rd2 *")).unwrap();
        assert_eq!(game.outcome(), None);
        let kxd2 = parse_san("Kxd2").unwrap().to_move(game.position()).unwrap();
        assert_eq!(
            game.play(kxd2).unwrap().map(|o| o.termination),
            Some(Termination::DeadPosition)
        );
    }

    #[test]
    fn a_move_after_mate_or_stalemate_is_a_move_after_the_end() {
        let game = replay("1. f3 e5 2. g4 Qh4# 0-1").unwrap();
        assert_eq!(
            game.outcome(),
            Some(&Outcome::win(Color::Black, Termination::Checkmate))
        );
        assert!(
            game.legal_moves().is_empty(),
            "the legal moves are known after a replay"
        );
        let err = replay("1. f3 e5 2. g4 Qh4# 3. a3 *").unwrap_err();
        assert_eq!((err.ply, err.move_label.as_str()), (5, "3."));
        assert_eq!(
            err.kind,
            ReplayErrorKind::AfterEnd(Outcome::win(Color::Black, Termination::Checkmate))
        );
        let stalemate = "[SetUp \"1\"]\n[FEN \"7k/4Q3/6K1/8/8/8/8/8 w - - 0 1\"]\n\n1. Qf7 Kg8 *";
        let err = replay(stalemate).unwrap_err();
        assert_eq!(err.ply, 2);
        assert_eq!(
            err.kind,
            ReplayErrorKind::AfterEnd(Outcome::draw(Termination::Stalemate))
        );
    }

    #[test]
    fn a_bad_fen_is_named_at_the_fen_tag_line_and_echoed_short() {
        let text = format!(
            "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1{}\"]\n\n1. e4 *",
            " ".repeat(500)
        );
        let err = replay(&text).unwrap_err();
        assert_eq!((err.ply, err.line), (0, 3));
        assert!(matches!(err.kind, ReplayErrorKind::BadFen { .. }));
        let shown = err.to_string();
        assert!(
            shown.starts_with("FEN tag ") && shown.contains("(line 3)"),
            "{shown}"
        );
        assert!(shown.len() < 200, "{shown}");
    }

    #[test]
    fn an_illegal_move_is_named_with_its_number() {
        let err = replay("1. e4 e5 2. Ke3 *").unwrap_err();
        assert_eq!((err.ply, err.move_label.as_str()), (3, "2."));
        assert_eq!(err.kind, ReplayErrorKind::Illegal);
        let black_first =
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/3r4/3BK2R b - - 0 12\"]\n\n12... Rd4 13. Rh9 *";
        let err = replay(black_first).unwrap_err();
        assert_eq!(
            (err.ply, err.move_label.as_str(), err.kind),
            (2, "13.", ReplayErrorKind::Unreadable)
        );
    }

    #[test]
    fn every_kind_is_said_in_words_never_as_debug_text() {
        let err = replay("1. e4 e5 2. Ke3 *").unwrap_err();
        assert_eq!(
            err.to_string(),
            "ply 3 (2. Ke3, line 1): an illegal move in this position"
        );
        let kind = ReplayErrorKind::BadFen {
            fen: "8/8\u{1b}[31m".into(),
            why: "no kings".into(),
        };
        let shown = kind.to_string();
        assert_eq!(
            shown,
            "the FEN tag \"8/8[31m\" is not a legal position: no kings"
        );
        for kind in [
            ReplayErrorKind::Unreadable,
            ReplayErrorKind::Illegal,
            ReplayErrorKind::Ambiguous,
        ] {
            let shown = kind.to_string();
            assert!(
                !shown.contains(&format!("{kind:?}")) && shown.contains(' '),
                "{shown}"
            );
        }
    }
}
