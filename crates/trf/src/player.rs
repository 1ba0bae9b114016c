//! The player line (`001`) of TRF16: fixed columns, one block of ten per round.
//!
//! Columns (1-based, as the TRF16 description numbers them): 1–3 `001`, 5–8 start rank,
//! 10 sex, 11–13 title, 15–47 name, 49–52 rating, 54–56 federation, 58–68 FIDE id,
//! 70–79 birth date, 81–84 points, 86–89 rank; round `r` from column 92 + 10·(r−1):
//! opponent's start rank (4, `0000` for none), colour (`w`, `b`, `-`), result.

use annabella_rules::shakmaty::Color;

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
/// Letters in either case.
const RESULTS: &str = "10=+-HFUZWDLhfuzwdl ";

/// One round's block of a player line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundEntry {
    /// The opponent's start rank; `None` for `0000` (a bye or an absence).
    pub opponent: Option<u32>,
    /// The colour (`w`, `b`); `None` for `-` (no game).
    pub colour: Option<Color>,
    /// The result character: `1 0 = + - H F U Z W D L`, or a blank when not played yet.
    pub result: char,
}

impl RoundEntry {
    /// The points this result gives under `scoring`.
    pub fn points(&self, scoring: &Scoring) -> f64 {
        scoring.points(self.result)
    }
}

/// The points each kind of result gives: the `162` record of the 2025 TRF (codes `W` win
/// or forfeit win or full-point bye, `D` draw or half-point bye, `L` loss, `A` absence or
/// forfeit loss, `P` pairing-allocated bye, `X` unknown), else 1, ½, 0, 0, 1, ½.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scoring {
    /// `W`.
    pub win: f64,
    /// `D`.
    pub draw: f64,
    /// `L`.
    pub loss: f64,
    /// `A`.
    pub absence: f64,
    /// `P`.
    pub pairing_bye: f64,
}

impl Default for Scoring {
    fn default() -> Scoring {
        Scoring {
            win: 1.0,
            draw: 0.5,
            loss: 0.0,
            absence: 0.0,
            pairing_bye: 1.0,
        }
    }
}

impl Scoring {
    /// Reads the text of a `162` record after its code (column 5 on): a code at
    /// column 6 then its points at 7–10, the next code nine columns on.
    pub(crate) fn parse(line: usize, text: &str) -> Result<Scoring, TrfError> {
        let mut scoring = Scoring::default();
        let mut pairing_bye = None;
        let chars: Vec<char> = text.chars().collect();
        let mut at = 5;
        while at < chars.len() {
            let code = chars[at];
            let value = field(&chars, at + 1, at + 5);
            let points =
                number::<f64>(line, "points of a result", &value)?.ok_or(TrfError::BadField {
                    line,
                    field: "points of a result",
                    text: value,
                })?;
            match code.to_ascii_uppercase() {
                'W' => scoring.win = points,
                'D' => scoring.draw = points,
                'L' => scoring.loss = points,
                'A' => scoring.absence = points,
                'P' => pairing_bye = Some(points),
                'X' => {}
                other => {
                    return Err(TrfError::BadField {
                        line,
                        field: "result code",
                        text: other.into(),
                    });
                }
            }
            at += 9;
        }
        scoring.pairing_bye = pairing_bye.unwrap_or(scoring.win);
        Ok(scoring)
    }

    /// The points a round's result character gives.
    pub fn points(&self, result: char) -> f64 {
        match result.to_ascii_uppercase() {
            '1' | '+' | 'F' | 'W' => self.win,
            '=' | 'H' | 'D' => self.draw,
            '0' | 'L' => self.loss,
            'U' => self.pairing_bye,
            _ => self.absence,
        }
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

/// Characters `from..to` of `chars`, trimmed (short lines read as blanks), printable (a
/// control character or bidi control in a hostile file becomes `�`: no escape sequence
/// from a TRF reaches a terminal, log or page).
fn field(chars: &[char], from: usize, to: usize) -> String {
    let text: String = chars.iter().skip(from).take(to - from).collect();
    annabella_rules::printable(text.trim()).into_owned()
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
            'w' | 'W' => Some(Color::White),
            'b' | 'B' => Some(Color::Black),
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
    pub fn points_before(&self, round: u32, scoring: &Scoring) -> f64 {
        self.rounds
            .iter()
            .take(round as usize - 1)
            .map(|r| r.points(scoring))
            .sum()
    }
}
