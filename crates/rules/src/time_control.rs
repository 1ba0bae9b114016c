//! Time controls (Law 6.3): periods of play, Fischer increment, US and Bronstein delay,
//! and the PGN `TimeControl` tag they are written in.
//!
//! # Notation
//!
//! A time control is one or more periods separated by `:`. A period is
//! `[MOVES/]SECONDS[BONUS]`:
//!
//! - `MOVES/` — the period ends after this many moves of the player; without it the period
//!   is sudden death (the rest of the game) and must be the last one. When the last period
//!   has a move count it repeats (`40/7200:20/3600` = 20 moves per hour after move 40).
//! - `SECONDS` — the time the period adds to the player's clock (decimals allowed).
//! - `BONUS` — at most one of:
//!   - `+S` Fischer increment: S seconds added after every move of the period (PGN),
//!   - `dS` US (simple) delay: the clock waits S seconds each move before counting down
//!     (our extension; PGN has no delay notation),
//!   - `bS` Bronstein delay: after each move, the time used is given back, at most S
//!     seconds (our extension).
//!
//! So `40/5400+30:1800+30` is 90 minutes for 40 moves then 30 minutes for the rest,
//! with 30 seconds per move from move 1; `300` is five minutes sudden death; `5400d30`
//! is 90 minutes with a 30-second US delay. [`TimeControl`]'s `Display` writes this
//! notation back exactly. A PGN tag may also be `?` (unknown) or `-` (no time control);
//! [`TimeControlTag`] parses those too. Sandclock periods (`*180`) are not supported.

use std::{fmt, num::NonZeroU32, str::FromStr, time::Duration};

use crate::RateOfPlay;

/// The most time a clock may hold or be given at once: 24 hours. Longer times and
/// increments are refused with an error instead of saturating.
pub const MAX_CLOCK_TIME: Duration = Duration::from_secs(24 * 3600);

/// What a period gives besides its base time (Law 6.3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Bonus {
    /// Nothing: the clock simply runs.
    #[default]
    None,
    /// Fischer increment: added to the player's clock after each of their moves.
    Increment(Duration),
    /// US (simple) delay, the Laws' "time-delay mode": each move the main thinking time
    /// only starts counting down once this fixed extra time has expired.
    UsDelay(Duration),
    /// Bronstein delay: after each move the time used on it is given back, at most this
    /// much. Like every delay it never adds time.
    Bronstein(Duration),
}

impl Bonus {
    /// The most a single move can gain back or be given by this bonus.
    pub fn per_move(self) -> Duration {
        match self {
            Bonus::None => Duration::ZERO,
            Bonus::Increment(d) | Bonus::UsDelay(d) | Bonus::Bronstein(d) => d,
        }
    }

    /// The Fischer increment, zero for every other bonus (delays are not increments).
    pub fn increment(self) -> Duration {
        match self {
            Bonus::Increment(d) => d,
            _ => Duration::ZERO,
        }
    }
}

/// One period of a time control: a number of moves (or the rest of the game) in a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Period {
    /// Moves of each player in this period; `None` for sudden death (the rest of the game).
    pub moves: Option<NonZeroU32>,
    /// Time this period adds to each player's clock when it begins.
    pub time: Duration,
    /// Increment or delay applying to every move of this period.
    pub bonus: Bonus,
}

impl Period {
    /// A sudden-death period: the rest of the game in `time`, no bonus.
    pub fn sudden_death(time: Duration) -> Period {
        Period {
            moves: None,
            time,
            bonus: Bonus::None,
        }
    }

    /// A period of `moves` moves in `time`, no bonus.
    pub fn of_moves(moves: NonZeroU32, time: Duration) -> Period {
        Period {
            moves: Some(moves),
            time,
            bonus: Bonus::None,
        }
    }

    /// The same period with `bonus` on each move.
    #[must_use]
    pub fn with_bonus(self, bonus: Bonus) -> Period {
        Period { bonus, ..self }
    }
}

/// A time control: one or more periods; only the last may be sudden death, and a last
/// period with a move count repeats.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use annabella_rules::{RateOfPlay, TimeControl};
///
/// let tc: TimeControl = "40/5400+30:1800+30".parse()?;
/// assert_eq!(tc.periods().len(), 2);
/// assert_eq!(tc.period_of_move(41).1.time, Duration::from_secs(1800));
/// assert_eq!(tc.rate_of_play(), RateOfPlay::Standard);
/// assert_eq!(tc.to_string(), "40/5400+30:1800+30");
/// assert_eq!("3+2".parse::<TimeControl>()?.rate_of_play(), RateOfPlay::Blitz);
/// # Ok::<_, annabella_rules::ParseTimeControlError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TimeControl {
    periods: Vec<Period>,
}

/// Periods that do not make a time control.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// There is no period at all.
    #[error("a time control needs at least one period")]
    NoPeriods,
    /// A sudden-death period is followed by another one (numbered from 1).
    #[error("period {period} is sudden death but is not the last")]
    SuddenDeathNotLast {
        /// The offending period, counted from 1.
        period: usize,
    },
    /// A period's time or bonus is longer than a clock may hold ([`MAX_CLOCK_TIME`]).
    #[error("period {period}: {what} longer than 24 hours")]
    OutOfRange {
        /// The offending period, counted from 1.
        period: usize,
        /// "time" or "increment or delay".
        what: &'static str,
    },
}

impl TimeControl {
    /// Checks and builds a time control from its periods.
    ///
    /// # Errors
    ///
    /// [`TimeControlError`] when there is no period or a sudden-death period is not last.
    pub fn new(periods: Vec<Period>) -> Result<TimeControl, TimeControlError> {
        if periods.is_empty() {
            return Err(TimeControlError::NoPeriods);
        }
        if let Some(i) = periods[..periods.len() - 1]
            .iter()
            .position(|p| p.moves.is_none())
        {
            return Err(TimeControlError::SuddenDeathNotLast { period: i + 1 });
        }
        let max = MAX_CLOCK_TIME;
        for (i, p) in periods.iter().enumerate() {
            let bonus = match p.bonus {
                Bonus::None => Duration::ZERO,
                Bonus::Increment(d) | Bonus::UsDelay(d) | Bonus::Bronstein(d) => d,
            };
            let what = if p.time > max {
                "time"
            } else if bonus > max {
                "increment or delay"
            } else {
                continue;
            };
            return Err(TimeControlError::OutOfRange {
                period: i + 1,
                what,
            });
        }
        Ok(TimeControl { periods })
    }

    /// Sudden death: all moves in `time`, with `bonus` on each move.
    pub fn sudden_death(time: Duration, bonus: Bonus) -> TimeControl {
        TimeControl {
            periods: vec![Period::sudden_death(time).with_bonus(bonus)],
        }
    }

    /// The periods as written (a repeating last period appears once).
    pub fn periods(&self) -> &[Period] {
        &self.periods
    }

    /// The time on each player's clock at the start of the game.
    pub fn initial_time(&self) -> Duration {
        self.periods[0].time
    }

    /// The period in which a player's `move_number`-th move (counted from 1) is played:
    /// its ordinal (from 0, repeats of a repeating last period counted) and its terms.
    pub fn period_of_move(&self, move_number: u32) -> (usize, &Period) {
        let mut first = 1u32;
        let last = self.periods.len() - 1;
        for (i, period) in self.periods.iter().enumerate() {
            let Some(moves) = period.moves else {
                return (i, period);
            };
            let end = first.saturating_add(moves.get());
            if move_number < end {
                return (i, period);
            }
            if i == last {
                // The last period repeats: how many whole repeats lie behind the move?
                let repeats = (move_number - end) / moves.get() + 1;
                return (i + repeats as usize, period);
            }
            first = end;
        }
        unreachable!("a time control has at least one period")
    }

    /// The most time a player can have been given for their first `moves` moves: the
    /// time of every period that has begun by then plus every increment of those moves
    /// (Bronstein delay counted at its maximum; US delay adds nothing).
    pub fn allotted(&self, moves: u32) -> Duration {
        let mut total = Duration::ZERO;
        let mut ordinal = usize::MAX;
        for m in 1..=moves {
            let (i, period) = self.period_of_move(m);
            if i != ordinal {
                ordinal = i;
                total = total.saturating_add(period.time);
            }
            if let Bonus::Increment(d) | Bonus::Bronstein(d) = period.bonus {
                total = total.saturating_add(d);
            }
        }
        total
    }

    /// The Laws' measure of a rate of play: the time allotted plus 60 times any
    /// increment, i.e. every period begun within 60 moves plus the increments of those
    /// 60 moves (delays are not increments and count nothing).
    pub fn time_for_sixty_moves(&self) -> Duration {
        let mut total = Duration::ZERO;
        let mut ordinal = usize::MAX;
        for m in 1..=60 {
            let (i, period) = self.period_of_move(m);
            if i != ordinal {
                ordinal = i;
                total = total.saturating_add(period.time);
            }
            total = total.saturating_add(period.bonus.increment());
        }
        total
    }

    /// The rate of play this control makes (Appendices A.1 and B.1): blitz at 10 minutes
    /// or less, rapid above 10 and below 60 minutes, standard from 60 minutes.
    ///
    /// Measured by [`TimeControl::time_for_sixty_moves`]. The authentic English text
    /// says "more than 10 minutes but less than 60 minutes" for rapid, so exactly 60
    /// minutes is standard.
    pub fn rate_of_play(&self) -> RateOfPlay {
        const TEN_MINUTES: Duration = Duration::from_secs(600);
        const SIXTY_MINUTES: Duration = Duration::from_secs(3600);
        let time = self.time_for_sixty_moves();
        if time <= TEN_MINUTES {
            RateOfPlay::Blitz
        } else if time < SIXTY_MINUTES {
            RateOfPlay::Rapid
        } else {
            RateOfPlay::Standard
        }
    }
}

/// A PGN `TimeControl` tag: unknown (`?`), none (`-`) or a time control.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TimeControlTag {
    /// `?`: the time control is not known.
    Unknown,
    /// `-`: the game had no time control.
    Untimed,
    /// A time control.
    Timed(TimeControl),
}

/// A time control text that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid time control {:?}: {kind}", crate::excerpt(.text))]
pub struct ParseTimeControlError {
    text: String,
    kind: ParseTimeControlErrorKind,
}

impl ParseTimeControlError {
    /// What was wrong.
    pub fn kind(&self) -> &ParseTimeControlErrorKind {
        &self.kind
    }
}

/// What was wrong with a time control text; periods are counted from 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseTimeControlErrorKind {
    /// Nothing was written.
    #[error("it is empty")]
    Empty,
    /// `?`, which is a valid tag but no control a clock can run.
    #[error("\"?\" means the time control is unknown")]
    Unknown,
    /// `-`, which is a valid tag but no control a clock can run.
    #[error("\"-\" means the game had no time control")]
    Untimed,
    /// A sandclock period `*S`.
    #[error("period {period}: sandclock periods (\"*\") are not supported")]
    Sandclock {
        /// The period.
        period: usize,
    },
    /// A number (moves or seconds) could not be read.
    #[error("period {period}: expected {expected}, found {:?}", crate::excerpt(.found))]
    BadNumber {
        /// The period.
        period: usize,
        /// What kind of number.
        expected: &'static str,
        /// The text found instead.
        found: String,
    },
    /// A period's time or bonus is longer than 24 hours.
    #[error("period {period}: {what} longer than 24 hours")]
    OutOfRange {
        /// The period.
        period: usize,
        /// "time" or "increment or delay".
        what: &'static str,
    },
    /// A period of zero moves.
    #[error("period {period}: the number of moves must be at least 1")]
    ZeroMoves {
        /// The period.
        period: usize,
    },
    /// A sudden-death period that is not the last.
    #[error("period {period}: sudden death must be the last period")]
    SuddenDeathNotLast {
        /// The period.
        period: usize,
    },
    /// A period that gives no time: the first period with zero seconds, or a later one
    /// with zero seconds and no bonus (the flag would fall at once).
    #[error("period {period}: zero seconds{}", if *.first { "" } else { " and no bonus" })]
    ZeroTime {
        /// The period.
        period: usize,
        /// True for the first period (zero seconds there, bonus or not, is no game).
        first: bool,
    },
}

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    /// Parses the notation of the [module documentation](self).
    fn from_str(s: &str) -> Result<TimeControl, ParseTimeControlError> {
        let text = s.trim();
        let err = |kind| ParseTimeControlError {
            text: text.to_owned(),
            kind,
        };
        match text {
            "" => return Err(err(ParseTimeControlErrorKind::Empty)),
            "?" => return Err(err(ParseTimeControlErrorKind::Unknown)),
            "-" => return Err(err(ParseTimeControlErrorKind::Untimed)),
            _ => {}
        }
        let periods = text
            .split(':')
            .enumerate()
            .map(|(i, p)| parse_period(i + 1, p))
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?;
        // "0", "0+0", "40/0": a clock that starts at zero is no time control.
        let gives_nothing =
            |(i, p): (usize, &Period)| p.time.is_zero() && (i == 0 || p.bonus.per_move().is_zero());
        if let Some(i) = periods.iter().enumerate().position(gives_nothing) {
            return Err(err(ParseTimeControlErrorKind::ZeroTime {
                period: i + 1,
                first: i == 0,
            }));
        }
        TimeControl::new(periods).map_err(|e| match e {
            TimeControlError::NoPeriods => err(ParseTimeControlErrorKind::Empty),
            TimeControlError::SuddenDeathNotLast { period } => {
                err(ParseTimeControlErrorKind::SuddenDeathNotLast { period })
            }
            TimeControlError::OutOfRange { period, what } => {
                err(ParseTimeControlErrorKind::OutOfRange { period, what })
            }
        })
    }
}

fn parse_period(period: usize, text: &str) -> Result<Period, ParseTimeControlErrorKind> {
    let bad = |expected, found: &str| ParseTimeControlErrorKind::BadNumber {
        period,
        expected,
        found: found.to_owned(),
    };
    if text.starts_with('*') {
        return Err(ParseTimeControlErrorKind::Sandclock { period });
    }
    let (moves, rest) = match text.split_once('/') {
        Some((moves, rest)) => {
            let n: u32 = parse_digits(moves).ok_or_else(|| bad("a number of moves", moves))?;
            let n = NonZeroU32::new(n).ok_or(ParseTimeControlErrorKind::ZeroMoves { period })?;
            (Some(n), rest)
        }
        None => (None, text),
    };
    let marker = rest.find(|c: char| !(c.is_ascii_digit() || c == '.'));
    let (time, bonus) = match marker.filter(|&at| matches!(rest.as_bytes()[at], b'+' | b'd' | b'b'))
    {
        Some(at) => {
            let (time, bonus) = rest.split_at(at);
            let seconds = &bonus[1..];
            let d = parse_seconds(seconds).ok_or_else(|| bad("bonus seconds", seconds))?;
            let bonus = match bonus.as_bytes()[0] {
                b'+' => Bonus::Increment(d),
                b'd' => Bonus::UsDelay(d),
                _ => Bonus::Bronstein(d),
            };
            (time, bonus)
        }
        None => (rest, Bonus::None),
    };
    let time = parse_seconds(time).ok_or_else(|| bad("seconds", time))?;
    Ok(Period { moves, time, bonus })
}

fn parse_digits(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// Reads non-negative decimal seconds such as `30`, `2.5` or `0.125` (at most
/// nanosecond precision); `None` for anything else.
pub(crate) fn parse_seconds(s: &str) -> Option<Duration> {
    let (whole, frac) = s.split_once('.').unwrap_or((s, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if s.contains('.') && (frac.is_empty() || frac.len() > 9) {
        return None;
    }
    if !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let secs: u64 = whole.parse().ok()?;
    let nanos: u32 = if frac.is_empty() {
        0
    } else {
        format!("{frac:0<9}").parse().ok()?
    };
    Some(Duration::new(secs, nanos))
}

/// Writes seconds in the shortest decimal form that [`parse_seconds`] reads back.
pub(crate) struct Seconds(pub(crate) Duration);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.as_secs())?;
        let nanos = self.0.subsec_nanos();
        if nanos != 0 {
            let frac = format!("{nanos:09}");
            write!(f, ".{}", frac.trim_end_matches('0'))?;
        }
        Ok(())
    }
}

impl fmt::Display for Period {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(moves) = self.moves {
            write!(f, "{moves}/")?;
        }
        write!(f, "{}", Seconds(self.time))?;
        match self.bonus {
            Bonus::None => Ok(()),
            Bonus::Increment(d) => write!(f, "+{}", Seconds(d)),
            Bonus::UsDelay(d) => write!(f, "d{}", Seconds(d)),
            Bonus::Bronstein(d) => write!(f, "b{}", Seconds(d)),
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, period) in self.periods.iter().enumerate() {
            if i > 0 {
                f.write_str(":")?;
            }
            write!(f, "{period}")?;
        }
        Ok(())
    }
}

impl FromStr for TimeControlTag {
    type Err = ParseTimeControlError;

    /// Parses a PGN `TimeControl` tag value: `?`, `-` or a time control.
    ///
    /// # Examples
    ///
    /// ```
    /// use annabella_rules::TimeControlTag;
    /// assert_eq!("?".parse::<TimeControlTag>()?, TimeControlTag::Unknown);
    /// assert_eq!("-".parse::<TimeControlTag>()?, TimeControlTag::Untimed);
    /// assert!(matches!("300".parse::<TimeControlTag>()?, TimeControlTag::Timed(_)));
    /// # Ok::<_, annabella_rules::ParseTimeControlError>(())
    /// ```
    fn from_str(s: &str) -> Result<TimeControlTag, ParseTimeControlError> {
        match s.trim() {
            "?" => Ok(TimeControlTag::Unknown),
            "-" => Ok(TimeControlTag::Untimed),
            other => other.parse().map(TimeControlTag::Timed),
        }
    }
}

impl fmt::Display for TimeControlTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControlTag::Unknown => f.write_str("?"),
            TimeControlTag::Untimed => f.write_str("-"),
            TimeControlTag::Timed(tc) => write!(f, "{tc}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    fn tc(s: &str) -> TimeControl {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn parses_pgn_examples() {
        let nz = |n| NonZeroU32::new(n).unwrap();
        assert_eq!(
            tc("40/5400+30:1800+30").periods(),
            [
                Period::of_moves(nz(40), secs(5400)).with_bonus(Bonus::Increment(secs(30))),
                Period::sudden_death(secs(1800)).with_bonus(Bonus::Increment(secs(30))),
            ]
        );
        assert_eq!(
            tc("5400+30").periods(),
            [Period::sudden_death(secs(5400)).with_bonus(Bonus::Increment(secs(30)))]
        );
        assert_eq!(tc("300").periods(), [Period::sudden_death(secs(300))]);
        assert_eq!(
            tc("40/9000").periods(),
            [Period::of_moves(nz(40), secs(9000))]
        );
        assert_eq!(tc("5400d30").periods()[0].bonus, Bonus::UsDelay(secs(30)));
        assert_eq!(tc("5400b30").periods()[0].bonus, Bonus::Bronstein(secs(30)));
        assert_eq!(
            tc("90.5+0.25").periods()[0].time,
            Duration::from_millis(90_500)
        );
    }

    #[test]
    fn display_round_trips() {
        for s in [
            "40/5400+30:1800+30",
            "5400+30",
            "300",
            "40/7200:20/3600",
            "40/7200:20/3600:900+30",
            "5400d30",
            "5400b5",
            "180+2",
            "0.5+0.125",
            "60/3600d5:1200b10",
        ] {
            assert_eq!(tc(s).to_string(), s, "{s}");
        }
        for s in ["?", "-", "300+5"] {
            assert_eq!(s.parse::<TimeControlTag>().unwrap().to_string(), s);
        }
    }

    #[test]
    fn bad_texts_name_the_problem() {
        let cases = [
            ("", "empty"),
            ("?", "unknown"),
            ("-", "no time control"),
            ("*180", "period 1: sandclock"),
            ("40/abc", "period 1: expected seconds, found \"abc\""),
            ("x/300", "expected a number of moves, found \"x\""),
            ("0/300", "at least 1"),
            ("0", "period 1: zero seconds"),
            ("0+0", "period 1: zero seconds"),
            ("0+30", "period 1: zero seconds"),
            ("40/0", "period 1: zero seconds"),
            ("0.0d5", "period 1: zero seconds"),
            ("40/5400:0", "period 2: zero seconds and no bonus"),
            ("40/5400:0+0", "period 2: zero seconds and no bonus"),
            ("300:40/300", "period 1: sudden death must be the last"),
            (
                "40/300:300+",
                "period 2: expected bonus seconds, found \"\"",
            ),
            ("300+5d3", "expected bonus seconds, found \"5d3\""),
            ("-300", "expected seconds"),
            ("1.", "expected seconds"),
            ("1.0000000001", "expected seconds"),
        ];
        for (text, want) in cases {
            let err = text.parse::<TimeControl>().unwrap_err().to_string();
            assert!(err.contains(want), "{text:?}: {err}");
        }
    }

    #[test]
    fn periods_follow_the_move_count() {
        let c = tc("40/5400+30:1800+30");
        assert_eq!(c.period_of_move(1).0, 0);
        assert_eq!(c.period_of_move(40).0, 0);
        assert_eq!(c.period_of_move(41).0, 1);
        assert_eq!(c.period_of_move(500).0, 1);
        // A repeating last period: 40 moves, then 20 moves per hour.
        let r = tc("40/7200:20/3600");
        assert_eq!(r.period_of_move(40).0, 0);
        assert_eq!(r.period_of_move(41).0, 1);
        assert_eq!(r.period_of_move(60).0, 1);
        assert_eq!(r.period_of_move(61).0, 2);
        assert_eq!(r.period_of_move(80).0, 2);
        assert_eq!(r.period_of_move(81).0, 3);
        assert_eq!(r.period_of_move(u32::MAX).1.time, secs(3600));
    }

    #[test]
    fn rate_of_play_thresholds_of_appendices_a1_and_b1() {
        // B.1: blitz is 10 minutes or less, counting 60 times the increment.
        let cases = [
            ("600", RateOfPlay::Blitz),
            ("180+2", RateOfPlay::Blitz),      // 3 + 2 = 5 minutes
            ("300+5", RateOfPlay::Blitz),      // 5 + 5 = 10 minutes exactly
            ("300+6", RateOfPlay::Rapid),      // 5 + 6 = 11 minutes
            ("601", RateOfPlay::Rapid),        // just over 10 minutes
            ("600+1", RateOfPlay::Rapid),      // 10 + 1 minutes
            ("900+10", RateOfPlay::Rapid),     // 15 + 10 minutes
            ("3599", RateOfPlay::Rapid),       // just under 60 minutes
            ("1800+30", RateOfPlay::Standard), // 30 + 30 = 60 minutes: not "less than 60"
            ("3600", RateOfPlay::Standard),
            ("2700+30", RateOfPlay::Standard), // 45 + 30 minutes
            ("40/5400+30:1800+30", RateOfPlay::Standard),
            ("600d30", RateOfPlay::Blitz), // a delay is not an increment
            ("600b30", RateOfPlay::Blitz),
        ];
        for (s, want) in cases {
            assert_eq!(tc(s).rate_of_play(), want, "{s}");
        }
        // Periods begun within 60 moves count: 40 moves in 5 minutes, then 5 more.
        assert_eq!(tc("40/300:300").time_for_sixty_moves(), secs(600));
        assert_eq!(tc("40/300:301").rate_of_play(), RateOfPlay::Rapid);
    }

    #[test]
    fn allotted_counts_periods_and_increments() {
        let c = tc("40/5400+30:1800+30");
        assert_eq!(c.allotted(0), Duration::ZERO);
        assert_eq!(c.allotted(1), secs(5400 + 30));
        assert_eq!(c.allotted(40), secs(5400 + 40 * 30));
        assert_eq!(c.allotted(41), secs(5400 + 1800 + 41 * 30));
        assert_eq!(tc("300d5").allotted(10), secs(300));
    }
}
