//! The PGN writer (export format): tags, the start position when it is not the standard
//! one, the moves in SAN with their comments, and lines of at most 79 characters.

use std::fmt::Write as _;

use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position, fen::Fen};

/// Writes one game as PGN: [`PgnWriter::tag`]s first, then [`PgnWriter::moves`], then
/// [`PgnWriter::finish`] with the result.
///
/// # Examples
///
/// ```
/// use annabella_rules::{pgn::PgnWriter, shakmaty::Chess};
/// let mut pgn = PgnWriter::new();
/// pgn.tag("White", "Anna");
/// pgn.moves(&Chess::default(), [("e4", Some("[%clk 1:29:55]")), ("e5", None)]);
/// assert_eq!(pgn.finish("*"), "[White \"Anna\"]\n\n1. e4 {[%clk 1:29:55]} 1... e5 *\n");
/// ```
#[derive(Debug, Default)]
pub struct PgnWriter {
    out: String,
    line: String,
    in_moves: bool,
}

impl PgnWriter {
    /// An empty game.
    pub fn new() -> PgnWriter {
        PgnWriter::default()
    }

    /// One tag pair; the value is escaped (`\` and `"`), and a control character (a
    /// newline, which would start another game, a tab, …) becomes a space: PGN has no
    /// escape for them.
    pub fn tag(&mut self, name: &str, value: &str) {
        let mut escaped = String::with_capacity(value.len() + 2);
        for c in value.chars() {
            match c {
                '\\' | '"' => {
                    escaped.push('\\');
                    escaped.push(c);
                }
                c if c.is_control() => escaped.push(' '),
                c => escaped.push(c),
            }
        }
        let _ = writeln!(self.out, "[{name} \"{escaped}\"]");
    }

    /// The `Variant` (Chess960 castling, or when `chess960` says so), `SetUp` and `FEN`
    /// tags of a start position.
    pub fn setup_tags(&mut self, start: &Chess, chess960: bool) {
        if chess960 || start.castles().mode() == CastlingMode::Chess960 {
            self.tag("Variant", "Chess960");
        }
        self.tag("SetUp", "1");
        let fen = Fen::from_position(start, EnPassantMode::Legal);
        self.tag("FEN", &fen.to_string());
    }

    fn token(&mut self, token: &str) {
        if !self.in_moves {
            self.out.push('\n');
            self.in_moves = true;
        }
        if !self.line.is_empty() && self.line.len() + 1 + token.len() > 79 {
            self.out.push_str(&self.line);
            self.out.push('\n');
            self.line.clear();
        }
        if !self.line.is_empty() {
            self.line.push(' ');
        }
        self.line.push_str(token);
    }

    /// The moves from `start`, each in SAN with its comments after it (none, one from an
    /// `Option`, or several from a `Vec`; `}` in a comment becomes `)`). Black's move number is written at the start and after a
    /// comment (`1... e5`).
    pub fn moves<S: AsRef<str>, C: IntoIterator<Item = T>, T: AsRef<str>>(
        &mut self,
        start: &Chess,
        moves: impl IntoIterator<Item = (S, C)>,
    ) {
        let mut number = start.fullmoves().get();
        let mut turn = start.turn();
        let mut need_number = true;
        for (san, comments) in moves {
            match turn {
                Color::White => self.token(&format!("{number}.")),
                Color::Black if need_number => self.token(&format!("{number}...")),
                Color::Black => {}
            }
            self.token(san.as_ref());
            need_number = false;
            for comment in comments {
                self.comment(comment.as_ref());
                need_number = true;
            }
            if turn == Color::Black {
                number += 1;
            }
            turn = !turn;
        }
    }

    /// A comment (`}` in it becomes `)`): after the moves so far, or before the first
    /// move when no move is written yet. A comment longer than a line is wrapped between
    /// its words.
    pub fn comment(&mut self, text: &str) {
        let text = text.replace('}', ")");
        if text.len() + 2 <= 79 {
            self.token(&format!("{{{text}}}"));
            return;
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        let last = words.len().saturating_sub(1);
        for (i, word) in words.iter().enumerate() {
            let open = if i == 0 { "{" } else { "" };
            let close = if i == last { "}" } else { "" };
            self.token(&format!("{open}{word}{close}"));
        }
    }

    /// The game termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`), and the text.
    pub fn finish(mut self, result: &str) -> String {
        self.token(result);
        self.out.push_str(&self.line);
        self.out.push('\n');
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::read_games;

    /// Issue 26, item 6: a newline in a name injected a whole game into the PGN.
    #[test]
    fn a_tag_value_never_ends_its_tag_or_its_game() {
        let hostile =
            "Anna\"]\n\n[Event \"Fake\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n[White \"x\\\";\t\r\u{7f}";
        let mut pgn = PgnWriter::new();
        pgn.tag("White", hostile);
        pgn.moves(&Chess::default(), ["e4"].iter().map(|s| (s, None::<&str>)));
        let text = pgn.finish("*");
        assert_eq!(
            text.lines().filter(|l| l.starts_with('[')).count(),
            1,
            "{text}"
        );
        let games = read_games(&text);
        assert_eq!(games.len(), 1, "{text}");
        let game = games.into_iter().next().unwrap().expect("reads back");
        let white: String = hostile
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        assert_eq!(game.tag("White"), Some(white.as_str()));
    }

    #[test]
    fn long_games_wrap_and_read_back() {
        let sans = ["Nf3", "Nf6", "Ng1", "Ng8"].repeat(20);
        let mut pgn = PgnWriter::new();
        pgn.tag("Event", "A \"quoted\" \\ event");
        pgn.moves(&Chess::default(), sans.iter().map(|s| (s, None::<&str>)));
        let text = pgn.finish("*");
        assert!(text.lines().all(|l| l.len() <= 79), "{text}");
        let game = read_games(&text).remove(0).expect("reads back");
        assert_eq!(game.tag("Event"), Some("A \"quoted\" \\ event"));
        assert_eq!(game.move_texts(), sans);
    }

    #[test]
    fn a_long_comment_wraps_between_words_and_reads_back() {
        let long = "Arbiter: the position after 1. e4 is restored (Law 7.5.1, reconciliation); \
                    taken back: 1... e5 2. Bc4 Nc6 3. Qh5 Nf6; the game goes on from there";
        let mut pgn = PgnWriter::new();
        pgn.comment("before the first move");
        pgn.moves(&Chess::default(), [("e4", Some(long))]);
        let text = pgn.finish("*");
        assert!(text.lines().all(|l| l.len() <= 79), "{text}");
        assert!(
            text.starts_with("\n{before the first move} 1. e4 {Arbiter:"),
            "{text}"
        );
        let game = read_games(&text).remove(0).expect("reads back");
        assert_eq!(game.move_texts(), ["e4"]);
    }

    #[test]
    fn black_first_starts_with_the_dots() {
        let start: Chess = "4k3/8/8/8/8/8/3r4/3BK2R b - - 0 12"
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let mut pgn = PgnWriter::new();
        pgn.setup_tags(&start, false);
        pgn.moves(&start, [("Rd4", None::<&str>), ("Rh8+", None)]);
        let text = pgn.finish("*");
        assert!(text.ends_with("\n12... Rd4 13. Rh8+ *\n"), "{text}");
        assert!(text.contains("[SetUp \"1\"]\n[FEN \"4k3/"), "{text}");
    }
}
