//! Scoresheets in PGN: tag pairs and the main line's moves as written, with `%clk`
//! readings from comments. Variations, NAGs and other comments are skipped. Moves are
//! only read (SAN or UCI), not checked for legality: an illegal move on a scoresheet is
//! evidence for the arbiter, not a broken file.

use std::fmt;

use crate::entry::Entry;

/// One game of a PGN file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Game {
    /// Tag pairs in file order (`Event`, `White`, `FEN`, …).
    pub tags: Vec<(String, String)>,
    /// The main line's moves as written.
    pub moves: Vec<PgnMove>,
    /// The result token (`1-0`, `0-1`, `1/2-1/2`, `*`), if present.
    pub result: Option<String>,
}

/// One move of the main line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnMove {
    /// The move as written (without move number).
    pub text: String,
    /// The `[%clk h:mm:ss]` reading that follows it (time left, milliseconds).
    pub clock_ms: Option<u64>,
    /// The line of the file it is on (from 1).
    pub line: usize,
}

impl Game {
    /// The value of a tag, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The moves as written.
    pub fn entries(&self) -> Vec<String> {
        self.moves.iter().map(|m| m.text.clone()).collect()
    }
}

/// A PGN text that cannot be read; names the game (from 1) and the line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnError {
    /// The game, counted from 1.
    pub game: usize,
    /// The line, counted from 1.
    pub line: usize,
    /// What is wrong.
    pub kind: PgnErrorKind,
}

/// What is wrong with a PGN text.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PgnErrorKind {
    /// A token in the movetext that is neither SAN nor UCI; `label` is like "12... Zz9".
    BadMove {
        /// Move number and token as found.
        label: String,
    },
    /// A `{` comment that never closes.
    UnclosedComment,
    /// A `(` variation that never closes.
    UnclosedVariation,
    /// A `)` without its `(`.
    UnmatchedParenthesis,
    /// A tag pair that is not `[Name "value"]`.
    BadTag,
    /// No game at all in the text.
    NoGame,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}, line {}: ", self.game, self.line)?;
        match &self.kind {
            PgnErrorKind::BadMove { label } => write!(f, "move {label}: not SAN or UCI"),
            PgnErrorKind::UnclosedComment => f.write_str("comment '{' never closed"),
            PgnErrorKind::UnclosedVariation => f.write_str("variation '(' never closed"),
            PgnErrorKind::UnmatchedParenthesis => f.write_str("')' without '('"),
            PgnErrorKind::BadTag => f.write_str("tag pair is not [Name \"value\"]"),
            PgnErrorKind::NoGame => f.write_str("no game found"),
        }
    }
}

impl std::error::Error for PgnError {}

/// Reads the `[%clk 1:23:45.6]` command of a comment, in milliseconds.
fn clock_of(comment: &str) -> Option<u64> {
    let rest = &comment[comment.find("%clk")? + 4..];
    let value = rest.split_whitespace().next()?.trim_end_matches(']');
    let mut ms: f64 = 0.0;
    for part in value.split(':') {
        let x: f64 = part.parse().ok()?;
        if !(0.0..1e7).contains(&x) {
            return None;
        }
        ms = ms * 60.0 + x;
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    Some((ms * 1000.0).round() as u64)
}

fn is_result(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*")
}

/// Splits a leading move number ("12.", "12...", "12.e4") from a token.
fn split_number(token: &str) -> (Option<(u32, bool)>, &str) {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || !token[digits..].starts_with('.') {
        return (None, token);
    }
    let dots = token[digits..].bytes().take_while(|&b| b == b'.').count();
    let number = token[..digits].parse().ok();
    (number.map(|n| (n, dots >= 3)), &token[digits + dots..])
}

struct Reader<'a> {
    chars: std::iter::Peekable<std::str::CharIndices<'a>>,
    text: &'a str,
    line: usize,
}

impl Reader<'_> {
    fn next(&mut self) -> Option<char> {
        let (_, c) = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().map(|&(_, c)| c)
    }

    fn offset(&mut self) -> usize {
        self.chars.peek().map_or(self.text.len(), |&(i, _)| i)
    }

    /// Reads up to and including `end`; None if the text ends first.
    fn until(&mut self, end: char) -> Option<&str> {
        let start = self.offset();
        loop {
            let at = self.offset();
            match self.next()? {
                c if c == end => return Some(&self.text[start..at]),
                _ => {}
            }
        }
    }
}

/// Parses a tag pair body (`Name "value"`).
fn tag(body: &str) -> Option<(String, String)> {
    let body = body.trim();
    let space = body.find(char::is_whitespace)?;
    let (name, rest) = body.split_at(space);
    let rest = rest.trim();
    let inner = rest.strip_prefix('"')?.strip_suffix('"')?;
    let value = inner.replace("\\\"", "\"").replace("\\\\", "\\");
    let ok = !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_');
    ok.then(|| (name.to_owned(), value))
}

/// Reads every game of a PGN text.
///
/// # Errors
/// The first thing that cannot be read, naming the game and line; a move token that is
/// neither SAN nor UCI names the move ("game 1, line 3: move 12... Zz9: not SAN or UCI").
///
/// # Examples
/// ```
/// let games = annabella_arbiter::pgn::parse("[White \"A\"]\n\n1. e4 {[%clk 0:59:58]} e5 (1... c5) 2. Sf3 *\n")?;
/// assert_eq!(games[0].entries(), ["e4", "e5", "Sf3"]);
/// assert_eq!(games[0].moves[0].clock_ms, Some(3_598_000));
/// # Ok::<_, annabella_arbiter::pgn::PgnError>(())
/// ```
pub fn parse(text: &str) -> Result<Vec<Game>, PgnError> {
    let mut r = Reader {
        chars: text.char_indices().peekable(),
        text,
        line: 1,
    };
    let mut games = Vec::new();
    let mut game = Game::default();
    let mut in_moves = false;
    let mut depth = 0usize;
    let mut depth_line = 0;
    let mut number: Option<(u32, bool)> = None;
    let mut at_line_start = true;
    let err = |games: &Vec<Game>, line, kind| PgnError {
        game: games.len() + 1,
        line,
        kind,
    };
    while let Some(c) = r.peek() {
        let line = r.line;
        let line_start = at_line_start;
        at_line_start = c == '\n';
        if c.is_whitespace() {
            r.next();
            continue;
        }
        match c {
            '%' if line_start => {
                r.until('\n');
                at_line_start = true;
            }
            ';' => {
                r.until('\n');
                at_line_start = true;
            }
            '{' => {
                r.next();
                let comment = r
                    .until('}')
                    .ok_or_else(|| err(&games, line, PgnErrorKind::UnclosedComment))?;
                if depth == 0
                    && let Some(ms) = clock_of(comment)
                    && let Some(last) = game.moves.last_mut()
                {
                    last.clock_ms = Some(ms);
                }
            }
            '[' if depth == 0 => {
                if in_moves {
                    games.push(std::mem::take(&mut game));
                    in_moves = false;
                    number = None;
                }
                r.next();
                let mut body = String::new();
                let mut quoted = false;
                loop {
                    let ch = r
                        .next()
                        .ok_or_else(|| err(&games, line, PgnErrorKind::BadTag))?;
                    match ch {
                        '\\' if quoted => {
                            body.push(ch);
                            if let Some(n) = r.next() {
                                body.push(n);
                            }
                        }
                        '"' => {
                            quoted = !quoted;
                            body.push(ch);
                        }
                        ']' if !quoted => break,
                        '\n' => return Err(err(&games, line, PgnErrorKind::BadTag)),
                        _ => body.push(ch),
                    }
                }
                let pair = tag(&body).ok_or_else(|| err(&games, line, PgnErrorKind::BadTag))?;
                game.tags.push(pair);
            }
            '(' => {
                r.next();
                if depth == 0 {
                    depth_line = line;
                }
                depth += 1;
            }
            ')' => {
                r.next();
                if depth == 0 {
                    return Err(err(&games, line, PgnErrorKind::UnmatchedParenthesis));
                }
                depth -= 1;
            }
            _ => {
                let start = r.offset();
                while let Some(ch) = r.peek() {
                    if ch.is_whitespace() || "{}()[];".contains(ch) {
                        break;
                    }
                    r.next();
                }
                let end = r.offset();
                let token = &text[start..end];
                if depth > 0 {
                    continue;
                }
                if token.starts_with('$') {
                    in_moves = true;
                    continue;
                }
                if is_result(token) {
                    game.result = Some(token.to_owned());
                    games.push(std::mem::take(&mut game));
                    in_moves = false;
                    number = None;
                    continue;
                }
                in_moves = true;
                let (n, rest) = split_number(token);
                if let Some(n) = n {
                    number = Some(n);
                }
                if rest.is_empty() {
                    continue;
                }
                let label = match number {
                    Some((n, false)) => format!("{n}. {rest}"),
                    Some((n, true)) => format!("{n}... {rest}"),
                    None => rest.to_owned(),
                };
                if rest.parse::<Entry>().is_err() {
                    return Err(err(&games, line, PgnErrorKind::BadMove { label }));
                }
                game.moves.push(PgnMove {
                    text: rest.to_owned(),
                    clock_ms: None,
                    line,
                });
                // The next move without a number is the other side's.
                number = number.map(|(n, black)| if black { (n + 1, false) } else { (n, true) });
            }
        }
    }
    if depth > 0 {
        return Err(err(&games, depth_line, PgnErrorKind::UnclosedVariation));
    }
    if in_moves || !game.tags.is_empty() {
        games.push(game);
    }
    if games.is_empty() {
        return Err(err(&games, r.line, PgnErrorKind::NoGame));
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tags_moves_clocks_and_skips_the_rest() {
        let text = "[Event \"Club \\\"A\\\"\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n\
                    1. e4 {[%clk 1:30:00]} $1 1... e5 {[%clk 1:29:59.5]} ; line comment\n\
                    2.Nf3 (2. Nc3 {x} (2. f4)) Nc6 3. Bb5 a6 1-0\n";
        let games = parse(text).expect("parses");
        assert_eq!(games.len(), 1);
        let g = &games[0];
        assert_eq!(g.tag("Event"), Some("Club \"A\""));
        assert_eq!(g.entries(), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
        assert_eq!(g.moves[0].clock_ms, Some(5_400_000));
        assert_eq!(g.moves[1].clock_ms, Some(5_399_500));
        assert_eq!(g.moves[4].line, 5);
        assert_eq!(g.result.as_deref(), Some("1-0"));
    }

    #[test]
    fn several_games() {
        let games = parse("1. e4 e5 *\n\n[White \"B\"]\n1. d4 1/2-1/2\n[White \"C\"]\n1. c4")
            .expect("parses");
        assert_eq!(games.len(), 3);
        assert_eq!(games[1].entries(), ["d4"]);
        assert_eq!(games[2].tag("White"), Some("C"));
        assert_eq!(games[2].result, None);
    }

    #[test]
    fn illegal_but_readable_moves_are_kept() {
        let games = parse("1. e4 e5 2. Qxf7 *").expect("parses");
        assert_eq!(games[0].entries(), ["e4", "e5", "Qxf7"]);
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
    fn clock_comment_forms() {
        assert_eq!(clock_of("[%clk 0:00:05]"), Some(5000));
        assert_eq!(clock_of("[%clk 1:02:03.25] rest"), Some(3_723_250));
        assert_eq!(clock_of("[%clk x]"), None);
        assert_eq!(clock_of("no clock"), None);
    }
}
