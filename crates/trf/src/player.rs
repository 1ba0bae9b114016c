//! The player line (`001`) of TRF16: fixed columns, one block of ten per round.
//!
//! Columns (1-based, as the TRF16 description numbers them): 1–3 `001`, 5–8 start rank,
//! 10 sex, 11–13 title, 15–47 name, 49–52 rating, 54–56 federation, 58–68 FIDE id,
//! 70–79 birth date, 81–84 points, 86–89 rank; round `r` from column 92 + 10·(r−1):
//! opponent's start rank (4, `0000` for none), colour (`w`, `b`, `-`), result.

use crate::TrfError;

/// 0-based column of round `round`'s opponent field (round 1 is column 92, 1-based).
pub(crate) fn round_column(round: u32) -> usize {
    91 + 10 * (round as usize - 1)
}
/// Offset of the colour in a round's block.
pub(crate) const COLOUR: usize = 5;
/// Offset of the result in a round's block.
pub(crate) const RESULT: usize = 7;
/// 0-based columns of the points field.
pub(crate) const POINTS: (usize, usize) = (80, 84);

/// The results a round's result column may hold (TRF16; a blank: not played yet).
const RESULTS: &str = "10=+-HFUZWDL ";

/// The colour a player had in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Colour {
    /// `w`.
    White,
    /// `b`.
    Black,
}

/// One round's block of a player line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundEntry {
    /// The opponent's start rank; `None` for `0000` (a bye or an absence).
    pub opponent: Option<u32>,
    /// The colour; `None` for `-` (no game).
    pub colour: Option<Colour>,
    /// The result character: `1 0 = + - H F U Z W D L`, or a blank when not played yet.
    pub result: char,
}

impl RoundEntry {
    /// The points this result gives (`1 + F U W` one, `= H D` a half, else none).
    pub fn points(&self) -> f64 {
        result_points(self.result)
    }
}

/// The points a result character gives.
pub(crate) fn result_points(result: char) -> f64 {
    match result {
        '1' | '+' | 'F' | 'U' | 'W' => 1.0,
        '=' | 'H' | 'D' => 0.5,
        _ => 0.0,
    }
}

/// One player line.
#[derive(Debug, Clone, PartialEq)]
pub struct Player {
    /// The file's line (1-based).
    pub line: usize,
    /// Start rank (the pairing number).
    pub rank: u32,
    /// Sex (`m`, `w`), if given.
    pub sex: Option<char>,
    /// FIDE title (`GM`, `WIM`, …), empty when none.
    pub title: String,
    /// Name as written (`Last, First`).
    pub name: String,
    /// Rating, if given.
    pub rating: Option<u32>,
    /// Federation (three letters), empty when none.
    pub federation: String,
    /// FIDE id, if given.
    pub fide_id: Option<u64>,
    /// Birth date as written (`YYYY/MM/DD` or a year), empty when none.
    pub birth_date: String,
    /// Points after the rounds the file holds.
    pub points: f64,
    /// Rank after those rounds, if given.
    pub final_rank: Option<u32>,
    /// The rounds, round 1 first.
    pub rounds: Vec<RoundEntry>,
}

/// Characters `from..to` of `chars`, trimmed (short lines read as blanks).
fn field(chars: &[char], from: usize, to: usize) -> String {
    chars
        .iter()
        .skip(from)
        .take(to - from)
        .collect::<String>()
        .trim()
        .to_string()
}

/// A number field: `None` when blank (or all zeros where zero means none).
fn number<T: std::str::FromStr>(
    line: usize,
    name: &'static str,
    text: &str,
) -> Result<Option<T>, TrfError> {
    if text.is_empty() {
        return Ok(None);
    }
    text.parse().map(Some).map_err(|_| TrfError::BadField {
        line,
        field: name,
        text: text.into(),
    })
}

impl Player {
    /// Reads one `001` line (`line` is its 1-based number, for errors).
    pub(crate) fn parse(line: usize, text: &str) -> Result<Player, TrfError> {
        let chars: Vec<char> = text.chars().collect();
        let rank_text = field(&chars, 4, 8);
        let rank = number::<u32>(line, "start rank", &rank_text)?
            .filter(|&r| r > 0)
            .ok_or(TrfError::BadField {
                line,
                field: "start rank",
                text: rank_text,
            })?;
        let points_text = field(&chars, POINTS.0, POINTS.1);
        let points = number::<f64>(line, "points", &points_text)?.unwrap_or(0.0);
        let mut rounds = Vec::new();
        let mut round = 1;
        while round_column(round) < chars.len() {
            rounds.push(Self::round(line, &chars, round)?);
            round += 1;
        }
        Ok(Player {
            line,
            rank,
            sex: chars.get(9).copied().filter(|c| !c.is_whitespace()),
            title: field(&chars, 10, 13),
            name: field(&chars, 14, 47),
            rating: number::<u32>(line, "rating", &field(&chars, 48, 52))?.filter(|&r| r > 0),
            federation: field(&chars, 53, 56),
            fide_id: number::<u64>(line, "FIDE id", &field(&chars, 57, 68))?.filter(|&i| i > 0),
            birth_date: field(&chars, 69, 79),
            points,
            final_rank: number::<u32>(line, "rank", &field(&chars, 85, 89))?,
            rounds,
        })
    }

    fn round(line: usize, chars: &[char], round: u32) -> Result<RoundEntry, TrfError> {
        let at = round_column(round);
        let opponent_text = field(chars, at, at + 4);
        let opponent = number::<u32>(line, "opponent", &opponent_text)?.filter(|&o| o > 0);
        let colour = match chars.get(at + COLOUR).copied().unwrap_or(' ') {
            'w' | 'W' => Some(Colour::White),
            'b' | 'B' => Some(Colour::Black),
            '-' | ' ' => None,
            other => {
                return Err(TrfError::BadField {
                    line,
                    field: "colour",
                    text: other.into(),
                });
            }
        };
        let result = chars.get(at + RESULT).copied().unwrap_or(' ');
        if !RESULTS.contains(result) {
            return Err(TrfError::BadField {
                line,
                field: "result",
                text: result.into(),
            });
        }
        Ok(RoundEntry {
            opponent,
            colour,
            result,
        })
    }

    /// Points before round `round` (the results of the earlier rounds).
    pub fn points_before(&self, round: u32) -> f64 {
        self.rounds
            .iter()
            .take(round as usize - 1)
            .map(RoundEntry::points)
            .sum()
    }
}
