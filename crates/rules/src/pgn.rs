//! Reading games in PGN (import format) and replaying them under the Laws.
//!
//! A hand-written tokenizer rather than `pgn-reader`: that reader skips tokens it cannot
//! read as SAN without a word, and a scoresheet with an unreadable move must give an
//! error naming the game, the ply and the move.

use std::fmt;

use shakmaty::{
    CastlingMode, Chess, Color, Position,
    fen::Fen,
    san::{San, SanError, SanPlus},
};

use crate::{Edition, Game, RateOfPlay, game::Outcome};

/// One game as written in a PGN file, not yet checked against the rules.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PgnGame {
    /// The tag pairs, in file order.
    pub tags: Vec<(String, String)>,
    /// The main-line moves as written, with the comment that follows each.
    pub moves: Vec<PgnMove>,
    /// The game termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`), if present.
    pub result_marker: Option<String>,
    /// The line of the file where the game starts (1-based).
    pub line: usize,
}

/// One move token of the movetext.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnMove {
    /// The token as written (`Nf3`, `exd8=Q+`).
    pub text: String,
    /// The comment after it, without braces (`[%clk 1:29:57]`), if any.
    pub comment: Option<String>,
    /// The line of the file (1-based).
    pub line: usize,
}

impl PgnGame {
    /// The value of a tag, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The starting position: the `FEN` tag (Chess960 castling when `Variant` says
    /// Chess960 or the FEN needs it), else the standard one.
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
        let mode = if chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        match fen.clone().into_position(mode) {
            Ok(pos) => Ok(pos),
            // A FEN with Shredder-style castling rights is a Chess960 start.
            Err(_) if !chess960 => fen.into_position(CastlingMode::Chess960),
            Err(e) => Err(e),
        }
        .map_err(|e| bad(format!("{e}")))
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
            line: self.line,
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
            return write!(f, "FEN tag {fen:?} (line {}): {why}", self.line);
        }
        write!(
            f,
            "ply {} ({} {}, line {}): ",
            self.ply, self.move_label, self.text, self.line
        )?;
        match &self.kind {
            ReplayErrorKind::Unreadable => f.write_str("not a move in SAN"),
            ReplayErrorKind::Illegal => f.write_str("illegal move"),
            ReplayErrorKind::Ambiguous => f.write_str("ambiguous move"),
            ReplayErrorKind::AfterEnd(o) => write!(f, "move after the game ended ({o})"),
            ReplayErrorKind::BadFen { .. } => Ok(()),
        }
    }
}

/// A PGN file that is broken beyond one move: an unterminated tag, comment or string.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {what}")]
pub struct PgnSyntaxError {
    /// The line (1-based).
    pub line: usize,
    /// What is wrong.
    pub what: String,
}

/// Splits a PGN text into games. A syntax error ends the game it occurs in; reading goes
/// on with the next game (the next tag section).
///
/// # Examples
///
/// ```
/// use annabella_rules::pgn::read_games;
/// let games = read_games("[White \"A\"]\n\n1. e4 {[%clk 0:05:00]} e5 (1... c5) 2. Nf3 1-0\n\n1. d4 *");
/// assert_eq!(games.len(), 2);
/// let first = games[0].as_ref().unwrap();
/// assert_eq!(first.moves.iter().map(|m| m.text.as_str()).collect::<Vec<_>>(), ["e4", "e5", "Nf3"]);
/// assert_eq!(first.moves[0].comment.as_deref(), Some("[%clk 0:05:00]"));
/// assert_eq!(first.result_marker.as_deref(), Some("1-0"));
/// ```
pub fn read_games(text: &str) -> Vec<Result<PgnGame, PgnSyntaxError>> {
    let mut reader = Tokens {
        s: text.as_bytes(),
        i: 0,
        line: 1,
    };
    let mut games = Vec::new();
    loop {
        reader.skip_space();
        if reader.i >= reader.s.len() {
            break;
        }
        let start = reader.i;
        let result = reader.game();
        if result.is_err() {
            reader.skip_to_next_game();
        }
        if reader.i == start {
            // Never loop without progress.
            reader.i += 1;
        }
        match result {
            Ok(Some(game)) => games.push(Ok(game)),
            Ok(None) => {}
            Err(e) => games.push(Err(e)),
        }
    }
    games
}

struct Tokens<'a> {
    s: &'a [u8],
    i: usize,
    line: usize,
}

impl Tokens<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn bump(&mut self) -> Option<u8> {
        let c = self.peek()?;
        self.i += 1;
        if c == b'\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn at_line_start(&self) -> bool {
        self.i == 0 || self.s[self.i - 1] == b'\n'
    }

    fn skip_space(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_ascii_whitespace() {
                self.bump();
            } else if (c == b'%' && self.at_line_start()) || c == b';' {
                while self.peek().is_some_and(|c| c != b'\n') {
                    self.bump();
                }
            } else {
                break;
            }
        }
    }

    fn skip_to_next_game(&mut self) {
        while let Some(c) = self.peek() {
            if c == b'[' && self.at_line_start() {
                break;
            }
            self.bump();
        }
    }

    fn error(&self, line: usize, what: impl Into<String>) -> PgnSyntaxError {
        PgnSyntaxError {
            line,
            what: what.into(),
        }
    }

    fn tag(&mut self) -> Result<(String, String), PgnSyntaxError> {
        let line = self.line;
        self.bump(); // '['
        self.skip_space();
        let name_start = self.i;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_')
        {
            self.bump();
        }
        let name = String::from_utf8_lossy(&self.s[name_start..self.i]).into_owned();
        if name.is_empty() {
            return Err(self.error(line, "tag without a name"));
        }
        self.skip_space();
        if self.bump() != Some(b'"') {
            return Err(self.error(line, format!("tag {name}: value must be in double quotes")));
        }
        let mut value = Vec::new();
        loop {
            match self.bump() {
                Some(b'\\') => {
                    if let Some(c) = self.bump() {
                        value.push(c);
                    }
                }
                Some(b'"') => break,
                Some(b'\n') | None => {
                    return Err(self.error(line, format!("tag {name}: unterminated value")));
                }
                Some(c) => value.push(c),
            }
        }
        self.skip_space();
        if self.bump() != Some(b']') {
            return Err(self.error(line, format!("tag {name}: missing ']'")));
        }
        Ok((name, String::from_utf8_lossy(&value).into_owned()))
    }

    fn comment(&mut self) -> Result<String, PgnSyntaxError> {
        let line = self.line;
        self.bump(); // '{'
        let start = self.i;
        while let Some(c) = self.bump() {
            if c == b'}' {
                let text = String::from_utf8_lossy(&self.s[start..self.i - 1]);
                return Ok(text.split_whitespace().collect::<Vec<_>>().join(" "));
            }
        }
        Err(self.error(line, "comment '{' never closed"))
    }

    fn skip_variation(&mut self) -> Result<(), PgnSyntaxError> {
        let line = self.line;
        let mut depth = 0usize;
        loop {
            self.skip_space();
            match self.peek() {
                None => return Err(self.error(line, "variation '(' never closed")),
                Some(b'{') => {
                    self.comment()?;
                }
                Some(b'(') => {
                    depth += 1;
                    self.bump();
                }
                Some(b')') => {
                    self.bump();
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                Some(_) => {
                    self.bump();
                }
            }
        }
    }

    fn word(&mut self) -> &str {
        let start = self.i;
        while self
            .peek()
            .is_some_and(|c| !c.is_ascii_whitespace() && !b"{}()[];".contains(&c))
        {
            self.bump();
        }
        std::str::from_utf8(&self.s[start..self.i]).unwrap_or("\u{fffd}")
    }

    /// One game: tags then movetext. `Ok(None)` when only stray text was found.
    fn game(&mut self) -> Result<Option<PgnGame>, PgnSyntaxError> {
        let mut game = PgnGame {
            line: self.line,
            ..PgnGame::default()
        };
        loop {
            self.skip_space();
            if self.peek() == Some(b'[') {
                let tag = self.tag()?;
                game.tags.push(tag);
            } else {
                break;
            }
        }
        let mut saw_movetext = false;
        loop {
            self.skip_space();
            let line = self.line;
            match self.peek() {
                None => break,
                Some(b'[') => {
                    if saw_movetext || self.at_line_start() {
                        break;
                    }
                    return Err(self.error(line, "'[' inside the moves"));
                }
                Some(b'{') => {
                    let text = self.comment()?;
                    if let Some(last) = game.moves.last_mut() {
                        last.comment = Some(match last.comment.take() {
                            Some(prev) => format!("{prev} {text}"),
                            None => text,
                        });
                    }
                }
                Some(b'(') => self.skip_variation()?,
                Some(b')') => return Err(self.error(line, "')' without '('")),
                Some(b'$') => {
                    self.bump();
                    self.word();
                }
                Some(_) => {
                    saw_movetext = true;
                    let word = self.word().to_owned();
                    if matches!(word.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
                        game.result_marker = Some(word);
                        break;
                    }
                    let token = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                    let token = token.trim_end_matches(['!', '?']);
                    if token.is_empty() {
                        continue;
                    }
                    game.moves.push(PgnMove {
                        text: token.to_owned(),
                        comment: None,
                        line,
                    });
                }
            }
        }
        // A trailing comment after the result belongs to the last move.
        if game.tags.is_empty() && game.moves.is_empty() && game.result_marker.is_none() {
            return Ok(None);
        }
        Ok(Some(game))
    }
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
        read_games(pgn)
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
}
