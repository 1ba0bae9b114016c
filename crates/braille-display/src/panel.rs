//! What the display shows, as a pure function of the table's snapshots and effects: one
//! line at a time, panned across the display's width, moved with the display's keys.
//!
//! The lines, top to bottom: the last move of each side (`12. Sf3 Sc6`), the answer to
//! the last question, the clock (shown on request), then the board rank by rank from
//! the far side of the VI player's board to the near side (`8 .t.s.l.d.k.l.s.t`: files
//! Anna to Hektor, `-` an empty square, a white piece by its letter, a black piece by a
//! period and its letter; letters in lower case, since Braille tables without capital
//! signs such as German Basisschrift could not show case).

use std::time::Duration;

use annabella_phonetic::Command;
use annabella_table::{AnnounceKind, Audience, Effect, TableView};
use serde::Serialize;
use shakmaty::{Color, Rank, Role};

use crate::{cells::Dots, keys::DisplayKey};

/// The table's Braille setting: piece letters and a print-to-cells translation
/// (liblouis in the station).
pub trait BrailleScript {
    /// The scoresheet letter of a piece in the VI player's language (`S` for a German
    /// knight; pawns get their own letter here).
    fn piece_letter(&self, role: Role) -> String;
    /// The letter of a side on the clock line (`W`, `S` in German).
    fn side_letter(&self, color: Color) -> String;
    /// English SAN (`Nf3`) in the VI player's letters (`Sf3`).
    fn san(&self, san: &str) -> String;
    /// Print text to cells.
    ///
    /// # Errors
    /// Why the text has no cells (named by the translator).
    fn cells(&self, text: &str) -> Result<Vec<Dots>, CellsError>;
}

/// Print text without cells: the translator's error, or a character of its output that
/// is no Braille ASCII.
#[derive(Debug, thiserror::Error)]
pub enum CellsError {
    /// The translator gave (or the text holds) a character that is not Braille ASCII.
    #[error("{0:?} is not Braille ASCII")]
    NotBrailleAscii(char),
    /// The translator (liblouis in the station) refused the text.
    #[error(transparent)]
    Translator(Box<dyn std::error::Error + Send + Sync>),
}

/// Which line of the display.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LineKind {
    /// The last move of each side.
    Moves,
    /// The answer to the last question.
    Answer,
    /// Both clocks, as they were when asked for.
    Clock,
    /// One rank of the board.
    Rank(#[serde(serialize_with = "rank_number")] Rank),
}

fn rank_number<S: serde::Serializer>(rank: &Rank, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u32(u32::from(*rank) + 1)
}

/// What the display shows now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Frame {
    /// The line shown.
    pub line: LineKind,
    /// The whole line in print.
    pub text: String,
    /// Which window of the line (from 0; each is the display's width).
    pub window: usize,
    /// The window's cells, exactly the display's width.
    pub cells: Vec<Dots>,
}

/// One line: print and cells.
#[derive(Debug, Clone)]
struct Line {
    kind: LineKind,
    text: String,
    cells: Vec<Dots>,
}

/// The display's content and where the reader is.
#[derive(Debug, Clone)]
pub struct Panel {
    width: usize,
    lines: Vec<Line>,
    current: usize,
    window: usize,
    view: Option<TableView>,
}

/// Text of a line with nothing to show yet.
const NOTHING: &str = "-";

const MOVES: usize = 0;
const ANSWER: usize = 1;
const CLOCK: usize = 2;

impl Panel {
    /// An empty display `width` cells wide for the player of `vi_color` (ranks from the
    /// far side of their board).
    pub fn new(width: usize, vi_color: Color) -> Panel {
        let mut ranks: Vec<Rank> = Rank::ALL.into_iter().rev().collect();
        if vi_color == Color::Black {
            ranks.reverse();
        }
        let kinds = [LineKind::Moves, LineKind::Answer, LineKind::Clock]
            .into_iter()
            .chain(ranks.into_iter().map(LineKind::Rank));
        Panel {
            width: width.max(1),
            lines: kinds
                .map(|kind| Line {
                    kind,
                    text: String::new(),
                    cells: Vec::new(),
                })
                .collect(),
            current: MOVES,
            window: 0,
            view: None,
        }
    }

    /// The display's width changed (a display was connected); the reader stays on the
    /// line, at its start.
    pub fn set_width(&mut self, width: usize) {
        self.width = width.max(1);
        self.window = 0;
    }

    /// The display's width in cells.
    pub fn width(&self) -> usize {
        self.width
    }

    /// A new snapshot of the table: the last moves and the board.
    ///
    /// # Errors
    /// The translator's error for a line without cells (the line stays as it was).
    pub fn observe_view(
        &mut self,
        view: &TableView,
        script: &dyn BrailleScript,
    ) -> Result<(), CellsError> {
        self.view = Some(view.clone());
        self.set_text(MOVES, last_moves(view, script), script)?;
        for i in [ANSWER, CLOCK] {
            self.set_text(i, self.lines[i].text.clone(), script)?;
        }
        let board = view.fen.as_setup().board.to_string();
        for i in CLOCK + 1..self.lines.len() {
            if let LineKind::Rank(rank) = self.lines[i].kind {
                let text = rank_text(&board, rank, script);
                self.set_text(i, text, script)?;
            }
        }
        Ok(())
    }

    /// An effect of the table: an answer for the VI player goes onto the answer line.
    ///
    /// # Errors
    /// As [`observe_view`](Self::observe_view).
    pub fn observe_effect(
        &mut self,
        effect: &Effect,
        script: &dyn BrailleScript,
    ) -> Result<(), CellsError> {
        if let Effect::Announce(a) = effect
            && a.kind == AnnounceKind::Answer
            && matches!(a.to, Audience::ViPlayer | Audience::Both)
        {
            self.set_text(ANSWER, a.text.clone(), script)?;
        }
        Ok(())
    }

    /// A key of the display: moves the reader, and gives the table question the key
    /// asks, if any (the caller sends it to the table as words).
    ///
    /// # Errors
    /// As [`observe_view`](Self::observe_view) (the clock line is written on request).
    pub fn key(
        &mut self,
        key: DisplayKey,
        script: &dyn BrailleScript,
    ) -> Result<Option<Command>, CellsError> {
        let last = self.lines.len() - 1;
        match key {
            DisplayKey::PanRight => {
                if self.window + 1 < self.windows(self.current) {
                    self.window += 1;
                } else if self.current < last {
                    self.go(self.current + 1);
                }
            }
            DisplayKey::PanLeft => {
                if self.window > 0 {
                    self.window -= 1;
                } else if self.current > 0 {
                    self.go(self.current - 1);
                    self.window = self.windows(self.current) - 1;
                }
            }
            DisplayKey::LineUp => self.go(self.current.saturating_sub(1)),
            DisplayKey::LineDown => self.go((self.current + 1).min(last)),
            DisplayKey::Top => self.go(MOVES),
            DisplayKey::Bottom => self.go(last),
            DisplayKey::Info => return Ok(Some(Command::WhoseTurn)),
            DisplayKey::Time => {
                self.show_clock(script)?;
                self.go(CLOCK);
                return Ok(Some(Command::AskTime));
            }
            DisplayKey::Route(_) | DisplayKey::SayLine => {
                return Ok(match self.lines[self.current].kind {
                    LineKind::Moves => Some(Command::RepeatLastMove),
                    LineKind::Answer => None,
                    LineKind::Clock => {
                        self.show_clock(script)?;
                        Some(Command::AskTime)
                    }
                    LineKind::Rank(rank) => Some(Command::ReadRank(rank)),
                });
            }
        }
        Ok(None)
    }

    /// What the display shows now.
    pub fn frame(&self) -> Frame {
        let line = &self.lines[self.current];
        let start = self.window * self.width;
        let mut cells: Vec<Dots> = line
            .cells
            .iter()
            .skip(start)
            .take(self.width)
            .copied()
            .collect();
        cells.resize(self.width, 0);
        Frame {
            line: line.kind,
            text: if line.text.is_empty() {
                NOTHING.to_owned()
            } else {
                line.text.clone()
            },
            window: self.window,
            cells,
        }
    }

    fn go(&mut self, line: usize) {
        self.current = line;
        self.window = 0;
    }

    /// Windows of a line (at least one).
    fn windows(&self, line: usize) -> usize {
        self.lines[line].cells.len().div_ceil(self.width).max(1)
    }

    fn show_clock(&mut self, script: &dyn BrailleScript) -> Result<(), CellsError> {
        let Some(view) = &self.view else {
            return Ok(());
        };
        let text = format!(
            "{} {} {} {}",
            script.side_letter(Color::White),
            clock_time(view.white_time),
            script.side_letter(Color::Black),
            clock_time(view.black_time)
        );
        self.set_text(CLOCK, text, script)
    }

    fn set_text(
        &mut self,
        line: usize,
        text: String,
        script: &dyn BrailleScript,
    ) -> Result<(), CellsError> {
        if self.lines[line].text == text && !self.lines[line].cells.is_empty() {
            return Ok(());
        }
        let shown = if text.is_empty() { NOTHING } else { &text };
        let cells = script.cells(shown)?;
        let l = &mut self.lines[line];
        l.text = text;
        l.cells = cells;
        if line == self.current {
            self.window = self.window.min(self.windows(line) - 1);
        }
        Ok(())
    }
}

/// The last move of each side with move numbers: `1. e4 e5`, `1... e5 2. Sf3`.
fn last_moves(view: &TableView, script: &dyn BrailleScript) -> String {
    let setup = view.fen.as_setup();
    let turn_black = setup.turn.is_black();
    let number = usize::try_from(setup.fullmoves.get()).unwrap_or(1);
    // Half-moves from the standard numbering's start to the current position.
    let now = 2 * number.saturating_sub(1) + usize::from(turn_black);
    let n = view.moves.len();
    let mut text = String::new();
    let mut after_white = false;
    for (j, san) in view.moves.iter().enumerate().skip(n.saturating_sub(2)) {
        let half = (now + j).saturating_sub(n);
        let (number, white) = (half / 2 + 1, half.is_multiple_of(2));
        if !text.is_empty() {
            text.push(' ');
        }
        if white {
            text.push_str(&format!("{number}. "));
        } else if !after_white {
            text.push_str(&format!("{number}... "));
        }
        text.push_str(&script.san(&san.to_string()));
        after_white = white;
    }
    text
}

/// One rank of a FEN piece placement in print (`8 .t.s.l.d.k.l.s.t`).
fn rank_text(board: &str, rank: Rank, script: &dyn BrailleScript) -> String {
    let row = board
        .split('/')
        .nth(7 - u32::from(rank) as usize)
        .unwrap_or("");
    let mut text = format!("{} ", u32::from(rank) + 1);
    for c in row.chars() {
        if let Some(empty) = c.to_digit(10) {
            text.extend(std::iter::repeat_n('-', empty as usize));
        } else if let Some(role) = Role::from_char(c) {
            if c.is_ascii_lowercase() {
                text.push('.');
            }
            text.push_str(&script.piece_letter(role).to_lowercase());
        }
    }
    text
}

/// `1:29:59`, or `4:05` under an hour.
fn clock_time(t: Duration) -> String {
    let s = t.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use annabella_table::{Announcement, Priority, Table, TableConfig};

    use super::*;
    use crate::cells::from_braille_ascii;

    /// German letters; one cell per character (Braille ASCII), like computer Braille.
    struct Ascii;

    impl BrailleScript for Ascii {
        fn piece_letter(&self, role: Role) -> String {
            ["B", "S", "L", "T", "D", "K"][role as usize - 1].to_owned()
        }
        fn side_letter(&self, color: Color) -> String {
            color.fold_wb("W", "S").to_owned()
        }
        fn san(&self, san: &str) -> String {
            san.replace('N', "S").replace('Q', "D")
        }
        fn cells(&self, text: &str) -> Result<Vec<Dots>, CellsError> {
            text.chars()
                .map(|c| from_braille_ascii(c).ok_or(CellsError::NotBrailleAscii(c)))
                .collect()
        }
    }

    fn view(fen: &str, moves: &[&str]) -> TableView {
        let mut v = Table::new(TableConfig::default())
            .expect("default table")
            .snapshot();
        v.fen = fen.parse().expect("test FEN");
        v.moves = moves.iter().map(|m| m.parse().expect("test SAN")).collect();
        v
    }

    fn row(frame: &Frame) -> String {
        frame
            .cells
            .iter()
            .map(|d| {
                (' '..='_')
                    .find(|c| from_braille_ascii(*c) == Some(*d))
                    .unwrap_or('?')
            })
            .collect()
    }

    const AFTER_E4_E5_NF3: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";

    #[test]
    fn the_first_line_shows_the_last_move_of_each_side() {
        let mut p = Panel::new(20, Color::White);
        p.observe_view(&view(AFTER_E4_E5_NF3, &["e4", "e5", "Nf3"]), &Ascii)
            .unwrap();
        let f = p.frame();
        assert_eq!(
            (f.line, f.text.as_str()),
            (LineKind::Moves, "1... e5 2. Sf3")
        );
        assert_eq!(row(&f), "1... E5 2. SF3      ");
        let after_e5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        p.observe_view(&view(after_e5, &["e4", "e5"]), &Ascii)
            .unwrap();
        assert_eq!(p.frame().text, "1. e4 e5");
        // A game from a position with Black to move at move 30.
        let black_first = "8/8/8/4k3/8/8/8/4K2Q w - - 0 31";
        p.observe_view(&view(black_first, &["Kd5"]), &Ascii)
            .unwrap();
        assert_eq!(p.frame().text, "30... Kd5");
        p.observe_view(&view(black_first, &[]), &Ascii).unwrap();
        assert_eq!(p.frame().text, "-");
    }

    #[test]
    fn ranks_follow_the_vi_players_side_and_mark_black_pieces() {
        let mut white = Panel::new(40, Color::White);
        white
            .observe_view(&view(AFTER_E4_E5_NF3, &["e4", "e5", "Nf3"]), &Ascii)
            .unwrap();
        white.key(DisplayKey::LineDown, &Ascii).unwrap();
        white.key(DisplayKey::LineDown, &Ascii).unwrap();
        white.key(DisplayKey::LineDown, &Ascii).unwrap();
        let f = white.frame();
        assert_eq!(f.line, LineKind::Rank(Rank::Eighth));
        assert_eq!(f.text, "8 .t.s.l.d.k.l.s.t");
        white.key(DisplayKey::Bottom, &Ascii).unwrap();
        assert_eq!(white.frame().text, "1 tsldkl-t");
        white.key(DisplayKey::LineUp, &Ascii).unwrap();
        white.key(DisplayKey::LineUp, &Ascii).unwrap();
        assert_eq!(white.frame().text, "3 -----s--");
        let mut black = Panel::new(40, Color::Black);
        black
            .observe_view(&view(AFTER_E4_E5_NF3, &["e4", "e5", "Nf3"]), &Ascii)
            .unwrap();
        black.key(DisplayKey::Bottom, &Ascii).unwrap();
        assert_eq!(black.frame().line, LineKind::Rank(Rank::Eighth));
        black.key(DisplayKey::LineUp, &Ascii).unwrap();
        assert_eq!(black.frame().text, "7 .b.b.b.b-.b.b.b");
    }

    #[test]
    fn panning_walks_the_windows_of_a_line_then_the_next_line() {
        let mut p = Panel::new(8, Color::White);
        p.observe_view(&view(AFTER_E4_E5_NF3, &["e4", "e5", "Nf3"]), &Ascii)
            .unwrap();
        // "1... e5 2. Sf3" is 14 cells: two windows of 8.
        assert_eq!(row(&p.frame()), "1... E5 ");
        p.key(DisplayKey::PanRight, &Ascii).unwrap();
        let f = p.frame();
        assert_eq!((f.window, row(&f).as_str()), (1, "2. SF3  "));
        // Past the end: the next line (the answer line, empty: "-").
        p.key(DisplayKey::PanRight, &Ascii).unwrap();
        assert_eq!((p.frame().line, p.frame().window), (LineKind::Answer, 0));
        assert_eq!(row(&p.frame()), "-       ");
        // Back: the last window of the line above.
        p.key(DisplayKey::PanLeft, &Ascii).unwrap();
        assert_eq!((p.frame().line, p.frame().window), (LineKind::Moves, 1));
        p.key(DisplayKey::PanLeft, &Ascii).unwrap();
        p.key(DisplayKey::PanLeft, &Ascii).unwrap();
        assert_eq!((p.frame().line, p.frame().window), (LineKind::Moves, 0));
        p.key(DisplayKey::LineUp, &Ascii).unwrap();
        assert_eq!(p.frame().line, LineKind::Moves);
    }

    #[test]
    fn keys_ask_the_question_of_their_line() {
        let mut p = Panel::new(40, Color::White);
        let mut v = view(AFTER_E4_E5_NF3, &["e4", "e5", "Nf3"]);
        v.white_time = Duration::from_secs(5399);
        v.black_time = Duration::from_secs(245);
        p.observe_view(&v, &Ascii).unwrap();
        assert_eq!(
            p.key(DisplayKey::Route(3), &Ascii).unwrap(),
            Some(Command::RepeatLastMove)
        );
        assert_eq!(
            p.key(DisplayKey::Info, &Ascii).unwrap(),
            Some(Command::WhoseTurn)
        );
        assert_eq!(
            p.frame().line,
            LineKind::Moves,
            "a question does not move the reader"
        );
        assert_eq!(
            p.key(DisplayKey::Time, &Ascii).unwrap(),
            Some(Command::AskTime)
        );
        assert_eq!(p.frame().line, LineKind::Clock);
        assert_eq!(p.frame().text, "W 1:29:59 S 4:05");
        p.key(DisplayKey::LineDown, &Ascii).unwrap();
        assert_eq!(
            p.key(DisplayKey::SayLine, &Ascii).unwrap(),
            Some(Command::ReadRank(Rank::Eighth))
        );
        p.key(DisplayKey::Top, &Ascii).unwrap();
        p.key(DisplayKey::LineDown, &Ascii).unwrap();
        assert_eq!(p.key(DisplayKey::Route(0), &Ascii).unwrap(), None);
    }

    #[test]
    fn answers_for_the_vi_player_go_onto_the_answer_line() {
        let mut p = Panel::new(40, Color::White);
        let say = |to, kind, text: &str| {
            Effect::Announce(Announcement {
                id: 1,
                to,
                text: text.to_owned(),
                priority: Priority::Low,
                kind,
            })
        };
        p.observe_effect(
            &say(Audience::ViPlayer, AnnounceKind::Answer, "ZWEI ZUEGE"),
            &Ascii,
        )
        .unwrap();
        p.observe_effect(
            &say(Audience::SightedPlayer, AnnounceKind::Answer, "NO"),
            &Ascii,
        )
        .unwrap();
        p.observe_effect(
            &say(Audience::Both, AnnounceKind::OpponentMove, "NO"),
            &Ascii,
        )
        .unwrap();
        p.key(DisplayKey::LineDown, &Ascii).unwrap();
        assert_eq!(p.frame().text, "ZWEI ZUEGE");
        // Text without cells is an error naming the character; the line stays.
        let e = p
            .observe_effect(&say(Audience::Both, AnnounceKind::Answer, "~"), &Ascii)
            .unwrap_err();
        assert!(matches!(e, CellsError::NotBrailleAscii('~')), "{e:?}");
        assert_eq!(e.to_string(), "'~' is not Braille ASCII");
        assert_eq!(p.frame().text, "ZWEI ZUEGE");
    }
}
