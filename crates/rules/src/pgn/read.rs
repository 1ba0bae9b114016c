//! The PGN reader: games one at a time from any [`BufRead`], in time linear in the text
//! (comments, variations and NAGs included) and memory bounded by the largest game.
//!
//! A hand-written tokenizer rather than `pgn-reader`: that reader skips tokens it cannot
//! read as SAN without a word, and a scoresheet with an unreadable move must give an
//! error naming the game, the ply and the move. Moves are read as written, never checked
//! here: legality is the replay's business ([`PgnGame::replay`]), and an illegal move on a
//! scoresheet is evidence for the arbiter.

use std::{
    fmt,
    io::{BufRead, ErrorKind},
    time::Duration,
};

use super::{PgnGame, PgnMove, PgnTag};
use crate::ClockTime;

/// A PGN text broken beyond one move, naming the game (from 1) and the line (from 1).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("game {game}, line {line}: {kind}")]
pub struct PgnSyntaxError {
    /// The game it occurs in, counted from 1.
    pub game: usize,
    /// The line, counted from 1.
    pub line: usize,
    /// What is wrong.
    pub kind: PgnSyntax,
}

/// What is wrong with a PGN text.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PgnSyntax {
    /// A `{` comment that never closes.
    UnclosedComment,
    /// A `(` variation that never closes.
    UnclosedVariation,
    /// A `)` without its `(`.
    UnmatchedParenthesis,
    /// A tag pair that is not `[Name "value"]`.
    BadTag,
    /// A `[` in the middle of the moves.
    BracketInMoves,
    /// No game at all in the text (an empty file, say).
    NoGame,
    /// The text could not be read (the reader's I/O error, in words).
    Unreadable(String),
}

impl fmt::Display for PgnSyntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnSyntax::UnclosedComment => f.write_str("comment '{' never closed"),
            PgnSyntax::UnclosedVariation => f.write_str("variation '(' never closed"),
            PgnSyntax::UnmatchedParenthesis => f.write_str("')' without '('"),
            PgnSyntax::BadTag => f.write_str("tag pair is not [Name \"value\"]"),
            PgnSyntax::BracketInMoves => f.write_str("'[' inside the moves"),
            PgnSyntax::NoGame => f.write_str("no game found"),
            PgnSyntax::Unreadable(why) => write!(f, "cannot read on: {why}"),
        }
    }
}

/// The games of a PGN text, read one at a time. A syntax error ends the game it occurs
/// in; reading goes on with the next game (the next tag section). A text without any
/// game gives one [`PgnSyntax::NoGame`] error.
///
/// # Examples
///
/// ```
/// use annabella_rules::pgn::PgnReader;
/// let text = "[White \"A\"]\n\n1. e4 {[%clk 0:05:00]} e5 (1... c5) 2. Nf3 1-0\n\n1. d4 *";
/// let games: Vec<_> = PgnReader::new(text.as_bytes()).collect::<Result<_, _>>()?;
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].moves.iter().map(|m| m.text.as_str()).collect::<Vec<_>>(), ["e4", "e5", "Nf3"]);
/// assert_eq!(games[0].moves[0].clock.map(|c| c.as_secs()), Some(300));
/// assert_eq!(games[0].result_marker.as_deref(), Some("1-0"));
/// # Ok::<_, annabella_rules::pgn::PgnSyntaxError>(())
/// ```
pub struct PgnReader<R> {
    input: R,
    buf: Vec<u8>,
    pos: usize,
    /// Bytes consumed since the start of the input.
    offset: u64,
    line: usize,
    /// The byte before `pos` (a newline at the start).
    prev: u8,
    /// Games begun so far (the number of the game being read).
    games: usize,
    yielded: bool,
    finished: bool,
    io_error: Option<String>,
}

/// Every game of a PGN text in memory (see [`PgnReader`]).
pub fn read_games(text: &str) -> Vec<Result<PgnGame, PgnSyntaxError>> {
    PgnReader::new(text.as_bytes()).collect()
}

impl<R: BufRead> PgnReader<R> {
    /// A reader of the games in `input`.
    pub fn new(input: R) -> PgnReader<R> {
        PgnReader {
            input,
            buf: Vec::with_capacity(64 * 1024),
            pos: 0,
            offset: 0,
            line: 1,
            prev: b'\n',
            games: 0,
            yielded: false,
            finished: false,
            io_error: None,
        }
    }

    fn refill(&mut self) -> bool {
        if self.io_error.is_some() {
            return false;
        }
        self.buf.clear();
        self.pos = 0;
        loop {
            match self.input.fill_buf() {
                Ok(chunk) => {
                    self.buf.extend_from_slice(chunk);
                    let n = chunk.len();
                    self.input.consume(n);
                    return n > 0;
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => {
                    self.io_error = Some(e.to_string());
                    return false;
                }
            }
        }
    }

    #[inline]
    fn peek(&mut self) -> Option<u8> {
        if self.pos < self.buf.len() || self.refill() {
            Some(self.buf[self.pos])
        } else {
            None
        }
    }

    #[inline]
    fn bump(&mut self) -> Option<u8> {
        let c = self.peek()?;
        self.pos += 1;
        self.offset += 1;
        if c == b'\n' {
            self.line += 1;
        }
        self.prev = c;
        Some(c)
    }

    fn at_line_start(&self) -> bool {
        self.prev == b'\n'
    }

    fn skip_line(&mut self) {
        while self.peek().is_some_and(|c| c != b'\n') {
            self.bump();
        }
    }

    fn skip_space(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_ascii_whitespace() {
                self.bump();
            } else if (c == b'%' && self.at_line_start()) || c == b';' {
                self.skip_line();
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

    fn error(&self, line: usize, kind: PgnSyntax) -> PgnSyntaxError {
        PgnSyntaxError {
            game: self.games,
            line,
            kind,
        }
    }

    fn tag(&mut self) -> Result<PgnTag, PgnSyntaxError> {
        let line = self.line;
        let bad = |r: &Self| r.error(line, PgnSyntax::BadTag);
        self.bump(); // '['
        self.skip_space();
        let mut name = String::new();
        while let Some(c) = self
            .peek()
            .filter(|c| c.is_ascii_alphanumeric() || *c == b'_')
        {
            name.push(char::from(c));
            self.bump();
        }
        self.skip_space();
        if name.is_empty() || self.bump() != Some(b'"') {
            return Err(bad(self));
        }
        let mut value = Vec::new();
        loop {
            match self.bump() {
                Some(b'\\') => match self.bump() {
                    Some(b'\n') | None => return Err(bad(self)),
                    Some(c) => value.push(c),
                },
                Some(b'"') => break,
                Some(b'\n') | None => return Err(bad(self)),
                Some(c) => value.push(c),
            }
        }
        self.skip_space();
        if self.bump() != Some(b']') {
            return Err(bad(self));
        }
        Ok(PgnTag {
            name,
            value: String::from_utf8_lossy(&value).into_owned(),
            line,
        })
    }

    /// Reads a `{…}` comment; appends its words to `into` (one space between words).
    fn comment(&mut self, into: Option<&mut String>) -> Result<(), PgnSyntaxError> {
        let line = self.line;
        self.bump(); // '{'
        let mut text = Vec::new();
        loop {
            match self.bump() {
                Some(b'}') => break,
                Some(c) => {
                    if into.is_some() {
                        text.push(c);
                    }
                }
                None => return Err(self.error(line, PgnSyntax::UnclosedComment)),
            }
        }
        if let Some(into) = into {
            for word in String::from_utf8_lossy(&text).split_whitespace() {
                if !into.is_empty() {
                    into.push(' ');
                }
                into.push_str(word);
            }
        }
        Ok(())
    }

    fn skip_variation(&mut self) -> Result<(), PgnSyntaxError> {
        let line = self.line;
        let mut depth = 0usize;
        loop {
            self.skip_space();
            match self.peek() {
                None => return Err(self.error(line, PgnSyntax::UnclosedVariation)),
                Some(b'{') => self.comment(None)?,
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

    fn word(&mut self, into: &mut Vec<u8>) {
        into.clear();
        while let Some(c) = self
            .peek()
            .filter(|c| !c.is_ascii_whitespace() && !b"{}()[];".contains(c))
        {
            into.push(c);
            self.bump();
        }
    }

    /// One game: tags then movetext. `Ok(None)` when only stray text was found.
    fn game(&mut self) -> Result<Option<PgnGame>, PgnSyntaxError> {
        let mut game = PgnGame {
            line: self.line,
            ..PgnGame::default()
        };
        loop {
            self.skip_space();
            if self.peek() != Some(b'[') {
                break;
            }
            game.tags.push(self.tag()?);
        }
        let mut saw_movetext = false;
        let mut word = Vec::new();
        loop {
            self.skip_space();
            let line = self.line;
            match self.peek() {
                None => break,
                Some(b'[') => {
                    if saw_movetext || self.at_line_start() {
                        break;
                    }
                    return Err(self.error(line, PgnSyntax::BracketInMoves));
                }
                Some(b'{') => {
                    let last = game.moves.last_mut();
                    let Some(last) = last else {
                        self.comment(None)?;
                        continue;
                    };
                    let mut text = String::new();
                    self.comment(Some(&mut text))?;
                    if let Some(clock) = clock_command(&text) {
                        last.clock = Some(clock);
                    }
                    let into = last.comment.get_or_insert_with(String::new);
                    if !into.is_empty() && !text.is_empty() {
                        into.push(' ');
                    }
                    into.push_str(&text);
                }
                Some(b'(') => self.skip_variation()?,
                Some(b')') => return Err(self.error(line, PgnSyntax::UnmatchedParenthesis)),
                Some(b'$') => {
                    self.bump();
                    self.word(&mut word);
                }
                Some(_) => {
                    saw_movetext = true;
                    self.word(&mut word);
                    let text = String::from_utf8_lossy(&word);
                    if matches!(&*text, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*") {
                        game.result_marker = Some(text.into_owned());
                        break;
                    }
                    let token = without_move_number(&text).trim_end_matches(['!', '?']);
                    if token.is_empty() {
                        continue;
                    }
                    game.moves.push(PgnMove {
                        text: token.to_owned(),
                        comment: None,
                        clock: None,
                        line,
                    });
                }
            }
        }
        if game.tags.is_empty() && game.moves.is_empty() && game.result_marker.is_none() {
            return Ok(None);
        }
        Ok(Some(game))
    }
}

impl<R: BufRead> Iterator for PgnReader<R> {
    type Item = Result<PgnGame, PgnSyntaxError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.finished {
            self.skip_space();
            if self.peek().is_none() {
                self.finished = true;
                if let Some(why) = self.io_error.take() {
                    self.games += 1;
                    return Some(Err(self.error(self.line, PgnSyntax::Unreadable(why))));
                }
                if !self.yielded {
                    self.games = 1;
                    return Some(Err(self.error(self.line, PgnSyntax::NoGame)));
                }
                return None;
            }
            self.games += 1;
            let offset = self.offset;
            let result = self.game();
            if result.is_err() {
                self.skip_to_next_game();
            }
            if self.offset == offset {
                self.bump(); // never loop without progress
            }
            match result {
                Ok(Some(game)) => {
                    self.yielded = true;
                    return Some(Ok(game));
                }
                Ok(None) => self.games -= 1,
                Err(e) => {
                    self.yielded = true;
                    return Some(Err(e));
                }
            }
        }
        None
    }
}

/// The token without a leading move number (`12.`, `12...`, `12.e4`).
fn without_move_number(token: &str) -> &str {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || !token[digits..].starts_with('.') {
        return token;
    }
    token[digits..].trim_start_matches('.')
}

/// The `[%clk 1:23:45.6]` command of a comment: the time left.
pub fn clock_command(comment: &str) -> Option<Duration> {
    let rest = &comment[comment.find("%clk")? + 4..];
    let value = rest.split_whitespace().next()?.trim_end_matches(']');
    value.parse::<ClockTime>().ok().map(|t| t.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tags_castling_numbers_and_annotations() {
        let text = "[Site \"Wien\"]\n% an escaped line\n[FEN \"r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 30\"]\n\
                    30.O-O-O!? {good} {[%clk 0:03:00]} 30...0-0-0 $2 ; rest\n31. Kb1 *";
        let game = read_games(text).remove(0).expect("reads");
        assert_eq!(game.tag_line("FEN"), Some(3));
        assert_eq!(game.move_texts(), ["O-O-O", "0-0-0", "Kb1"]);
        assert_eq!(
            game.moves[0].comment.as_deref(),
            Some("good [%clk 0:03:00]")
        );
        assert_eq!(game.moves[0].clock, Some(Duration::from_secs(180)));
        assert_eq!((game.moves[2].line, game.line), (5, 1));
        assert_eq!(game.result_marker.as_deref(), Some("*"));
    }

    #[test]
    fn several_games_and_errors_naming_game_and_line() {
        let games = read_games("1. e4 e5 *\n\n[White \"B\"]\n1. d4 1/2-1/2\n[White \"C\"]\n1. c4");
        assert_eq!(games.len(), 3);
        assert_eq!(games[2].as_ref().unwrap().tag("White"), Some("C"));
        let cases = [
            ("1. e4 {never", "game 1, line 1: comment '{' never closed"),
            (
                "1. e4 *\n1. e4 (1. d4\n e5",
                "game 2, line 2: variation '(' never closed",
            ),
            ("1. e4 ) e5", "game 1, line 1: ')' without '('"),
            (
                "[White A]\n1. e4",
                "game 1, line 1: tag pair is not [Name \"value\"]",
            ),
            ("  \n", "game 1, line 2: no game found"),
            ("", "game 1, line 1: no game found"),
        ];
        for (text, want) in cases {
            let first_error = read_games(text).into_iter().find_map(Result::err);
            assert_eq!(
                first_error.map(|e| e.to_string()).as_deref(),
                Some(want),
                "{text:?}"
            );
        }
    }

    #[test]
    fn games_read_the_same_across_any_buffer_boundary() {
        let text = "[Event \"A\"]\n\n1. e4 {x y} (1. d4 {z}) e5 $1 2. Nf3 *\n\n[Event \"B\"]\n1. d4 {[%clk 0:00:01]} 1-0\n";
        let whole = read_games(text);
        for capacity in 1..8 {
            let small = std::io::BufReader::with_capacity(capacity, text.as_bytes());
            assert_eq!(
                PgnReader::new(small).collect::<Vec<_>>(),
                whole,
                "{capacity}"
            );
        }
    }

    #[test]
    fn reading_goes_on_after_a_broken_game() {
        let games = read_games("[White \"A]\n1. e4 *\n[White \"B\"]\n1. d4 *\n");
        assert!(games[0].is_err());
        assert_eq!(games[1].as_ref().unwrap().tag("White"), Some("B"));
    }

    #[test]
    fn a_million_comments_after_one_move_are_kept_in_order() {
        let mut text = String::from("1. e4 ");
        for i in 0..1_000_000 {
            text.push_str(if i % 2 == 0 { "{a} " } else { "{b} " });
        }
        text.push_str("{[%clk 0:01:02]} e5 *");
        let game = read_games(&text).remove(0).expect("reads");
        let comment = game.moves[0].comment.as_deref().unwrap();
        assert_eq!(comment.len(), 2 * 1_000_000 + "[%clk 0:01:02]".len());
        assert!(comment.starts_with("a b a b"));
        assert_eq!(game.moves[0].clock, Some(Duration::from_secs(62)));
        assert_eq!(game.moves[1].text, "e5");
    }

    #[test]
    fn clock_command_forms() {
        let c = |s| clock_command(s).map(|d| d.as_millis());
        assert_eq!(c("[%clk 0:00:05]"), Some(5000));
        assert_eq!(c("[%clk 1:02:03.25] rest"), Some(3_723_250));
        assert_eq!(c("[%clk x]"), None);
        assert_eq!(c("no clock"), None);
    }
}
