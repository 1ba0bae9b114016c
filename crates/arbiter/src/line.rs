//! A scoresheet replayed from the starting position: the legal moves it names, the
//! positions they pass through, and the first entry that names no legal move.

use shakmaty::{Chess, Color, Move, Position, san::SanPlus};

use annabella_phonetic::{Form, Language, Lexicon, render};

use crate::{
    entry::{EntryError, resolve_entry},
    player::Words,
};

/// The first entry of a scoresheet that gives no legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stop {
    /// Index of the entry (ply − 1).
    pub index: usize,
    /// The entry as written.
    pub text: String,
    /// Why it gives no move.
    pub error: EntryError,
}

/// A scoresheet replayed as far as it names legal moves.
#[derive(Debug, Clone)]
pub struct Line {
    /// The legal moves, in order.
    pub moves: Vec<Move>,
    /// The position before each move and after the last: `moves.len() + 1` positions.
    pub positions: Vec<Chess>,
    /// The entries as written.
    pub entries: Vec<String>,
    /// The first entry that named no legal move, if any.
    pub stop: Option<Stop>,
}

impl Line {
    /// Replays `entries` from `start`, stopping at the first entry that is not a legal move.
    pub fn replay(start: &Chess, entries: &[String]) -> Line {
        let mut positions = vec![start.clone()];
        let mut moves = Vec::with_capacity(entries.len());
        let mut stop = None;
        for (index, text) in entries.iter().enumerate() {
            let pos = positions.last().unwrap_or(start);
            match resolve_entry(pos, text) {
                Ok(m) => {
                    let mut next = pos.clone();
                    next.play_unchecked(m);
                    moves.push(m);
                    positions.push(next);
                }
                Err(error) => {
                    stop = Some(Stop {
                        index,
                        text: text.clone(),
                        error,
                    });
                    break;
                }
            }
        }
        Line {
            moves,
            positions,
            entries: entries.to_vec(),
            stop,
        }
    }

    /// Whether every entry is a legal move.
    pub fn is_complete(&self) -> bool {
        self.stop.is_none()
    }

    /// The position after `ply` moves (`ply` ≤ `moves.len()`).
    pub fn after(&self, ply: usize) -> &Chess {
        &self.positions[ply]
    }

    /// The last position the legal moves reach.
    pub fn last(&self) -> &Chess {
        &self.positions[self.moves.len()]
    }

    /// SAN (with check marks) of the moves from ply index `from` to `to` (exclusive).
    pub fn sans(&self, from: usize, to: usize) -> Vec<String> {
        (from..to)
            .map(|i| san(&self.positions[i], self.moves[i]))
            .collect()
    }
}

/// SAN of a legal move with its check or mate mark.
pub fn san(pos: &Chess, m: Move) -> String {
    SanPlus::from_move(pos.clone(), m).to_string()
}

/// A legal move in the announced words: "Springer Felix drei" / "Knight Felix three".
pub fn say_move(pos: &Chess, m: Move) -> Words {
    Words::new(
        render(pos, m, Lexicon::get(Language::De), Form::Short),
        render(pos, m, Lexicon::get(Language::En), Form::Short),
    )
}

/// A written entry in words: the announced words when it is a legal move in `pos`,
/// otherwise the text as written in quotes.
pub fn say_entry(pos: &Chess, text: &str) -> Words {
    match resolve_entry(pos, text) {
        Ok(m) => say_move(pos, m),
        Err(_) => Words::new(format!("„{text}“"), format!("\"{text}\"")),
    }
}

/// Who makes ply `ply` (counted from 1) and its move number, from the start position.
pub fn ply_number(start: &Chess, ply: u32) -> (Color, u32) {
    let offset = u32::from(start.turn() == Color::Black);
    let index = ply.saturating_sub(1) + offset;
    let color = if index.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    (color, start.fullmoves().get() + index / 2)
}

/// "Weiß, Zug 12" / "White, move 12".
pub fn say_ply(start: &Chess, ply: u32) -> Words {
    let (color, number) = ply_number(start, ply);
    Words::new(
        format!("{}, Zug {number}", color.fold_wb("Weiß", "Schwarz")),
        format!("{}, move {number}", color.fold_wb("White", "Black")),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{CastlingMode, fen::Fen};

    fn entries(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn replay_stops_at_the_first_illegal_entry() {
        let line = Line::replay(&Chess::default(), &entries("e4 e5 Nf3 Nf6 Qxf7 Nc6"));
        assert_eq!(line.moves.len(), 4);
        let stop = line.stop.clone().expect("stop");
        assert_eq!((stop.index, stop.text.as_str()), (4, "Qxf7"));
        assert_eq!(stop.error, EntryError::Illegal);
        assert_eq!(line.sans(0, 2), vec!["e4", "e5"]);
    }

    #[test]
    fn ply_numbers_from_a_black_start() {
        let start: Chess = "4k3/8/8/8/8/8/8/4K3 b - - 0 30"
            .parse::<Fen>()
            .expect("fen")
            .into_position(CastlingMode::Standard)
            .expect("pos");
        assert_eq!(ply_number(&start, 1), (Color::Black, 30));
        assert_eq!(ply_number(&start, 2), (Color::White, 31));
        assert_eq!(ply_number(&Chess::default(), 3), (Color::White, 2));
        assert_eq!(say_ply(&Chess::default(), 4).de, "Schwarz, Zug 2");
    }
}
