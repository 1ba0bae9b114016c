//! The chess clock (Law 6): two times, only one running, moves counted, periods changed
//! by the move counter, increments and delays applied, flags that fall and stay fallen.
//!
//! [`Clock`] is sans-IO: it never reads the system clock. Every call that depends on
//! time takes `now`, a [`Duration`] since an epoch the caller chooses (the start of the
//! session, say) and that never goes backwards. A shell keeps one timer armed at
//! [`Clock::next_deadline`] and asks [`Clock::flag`] when it fires.
//!
//! What the clock does, in the words of the Laws and of the FIDE standards for
//! electronic clocks:
//!
//! - A move is completed when the player presses the clock (6.2.1): [`Clock::press`]
//!   stops their clock, counts the move, adds the increment and, once the move counter
//!   reaches the end of a period, the next period's time; the time saved in one period
//!   is carried into the next (6.3.2). The increment is given from move 1.
//! - In US delay mode the main thinking time only starts to count down after the delay
//!   has expired, and a move made within the delay leaves it unchanged (6.3.2). In
//!   Bronstein mode the clock runs and, on the press, gives back the time used on the
//!   move, at most the delay. Neither delay ever adds time.
//! - A flag falls when a player's time runs out. Their clock then stays at zero: no
//!   increment, delay or period time is added any more, and the clock says which flag
//!   fell first. The opponent's clock keeps working (both flags may fall). Whether a
//!   fallen flag loses or draws (6.9) is for the game to decide from [`FlagFall`].
//! - The arbiter may pause and restart the clocks (6.11), award time (7.5.5, 9.5.3 and
//!   the like: [`Clock::add_time`]) and correct times and move counters (6.10.2:
//!   [`Clock::set_time`], [`Clock::set_moves`]).

use std::{fmt, time::Duration};

use shakmaty::{ByColor, Color};

pub use crate::time_control::MAX_CLOCK_TIME;
use crate::time_control::{Bonus, TimeControl};

pub mod report;
pub mod script;

/// A flag that fell: whose, and when (on the caller's time line).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FlagFall {
    /// The player whose time ran out.
    pub color: Color,
    /// The moment it ran out.
    pub at: Duration,
}

/// What a press did: the move it completed and the time it left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Press {
    /// Who pressed.
    pub color: Color,
    /// The number of the move this press completed (the player's move counter).
    pub move_number: u32,
    /// Time spent on the move (while the clock was running).
    pub spent: Duration,
    /// Time added by the press: increment, Bronstein give-back and a new period's time.
    pub added: Duration,
    /// The presser's time left after the press.
    pub remaining: Duration,
    /// The presser's flag, if it had fallen before the press completed the move.
    pub flag: Option<FlagFall>,
}

/// A clock operation that does not apply in the clock's state; nothing was changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    /// The clock has not been started.
    #[error("the clock has not been started")]
    NotStarted,
    /// The clock was started already.
    #[error("the clock is already started")]
    AlreadyStarted,
    /// This player pressed while the opponent's clock runs.
    #[error("{} pressed but {}'s clock is running", color_name(.0), color_name(&.0.other()))]
    NotOnMove(Color),
    /// The clock is paused.
    #[error("the clock is paused")]
    Paused,
    /// The clock is not paused.
    #[error("the clock is not paused")]
    NotPaused,
    /// The player's flag has fallen; no time is added any more.
    #[error("{}'s flag has fallen", color_name(&.0.color))]
    Flagged(FlagFall),
    /// A time to set or add beyond [`MAX_CLOCK_TIME`].
    #[error("{} is more than a clock may hold (24 hours)", ClockTime(*.0))]
    OutOfRange(Duration),
    /// `now` lies before the last event the clock saw.
    #[error("time went backwards: {now:?} is before {last:?}")]
    TimeWentBack {
        /// The time given.
        now: Duration,
        /// The last time the clock saw.
        last: Duration,
    },
}

fn color_name(color: &Color) -> &'static str {
    color.fold_wb("white", "black")
}

/// One player's side of the clock.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Side {
    /// Main thinking time at the start of the current turn (or now, when not on move).
    remaining: Duration,
    /// Moves completed (the move counter).
    moves: u32,
    /// Time used on completed turns.
    used: Duration,
    /// When the flag fell, once it is known to have fallen.
    flag: Option<Duration>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Run {
    /// Not started yet.
    Ready,
    /// `color`'s clock runs since `since`; `before` is its turn time before that (pauses).
    Running {
        color: Color,
        since: Duration,
        before: Duration,
    },
    /// Stopped by the arbiter during `color`'s turn, after `turn` of it.
    Paused { color: Color, turn: Duration },
}

/// A chess clock running a [`TimeControl`].
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use annabella_rules::{Clock, shakmaty::Color};
///
/// let s = Duration::from_secs;
/// let mut clock = Clock::new("300+2".parse()?);
/// clock.start(s(0), Color::White)?;
/// let press = clock.press(s(10), Color::White)?; // White took 10 s, gains 2 s
/// assert_eq!(press.remaining, s(292));
/// assert_eq!(clock.remaining(Color::Black, s(100)), s(210));
/// assert_eq!(clock.next_deadline(s(100)), Some(s(310)));
/// assert_eq!(clock.flag(s(310)).map(|f| f.color), Some(Color::Black));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    sides: ByColor<Side>,
    run: Run,
    last: Duration,
}

impl Clock {
    /// A clock set for `control`, not yet running.
    pub fn new(control: TimeControl) -> Clock {
        let side = Side {
            remaining: control.initial_time(),
            moves: 0,
            used: Duration::ZERO,
            flag: None,
        };
        Clock {
            control,
            sides: ByColor {
                white: side.clone(),
                black: side,
            },
            run: Run::Ready,
            last: Duration::ZERO,
        }
    }

    /// The time control the clock runs.
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    // ----- getters -----

    /// Whose clock is running (`None` before the start and while paused).
    pub fn running(&self) -> Option<Color> {
        match self.run {
            Run::Running { color, .. } => Some(color),
            _ => None,
        }
    }

    /// The player on move: whose clock runs, or would run when the arbiter restarts it.
    pub fn on_move(&self) -> Option<Color> {
        match self.run {
            Run::Ready => None,
            Run::Running { color, .. } | Run::Paused { color, .. } => Some(color),
        }
    }

    /// Whether the arbiter has paused the clock.
    pub fn is_paused(&self) -> bool {
        matches!(self.run, Run::Paused { .. })
    }

    /// Whether the clock has been started.
    pub fn is_started(&self) -> bool {
        self.run != Run::Ready
    }

    /// The player's move counter: moves completed by pressing the clock.
    pub fn moves(&self, color: Color) -> u32 {
        self.sides[color].moves
    }

    /// The period (from 0, repeats counted) in which the player's next move is played.
    pub fn period(&self, color: Color) -> usize {
        self.control
            .period_of_move(self.sides[color].moves.saturating_add(1))
            .0
    }

    /// The player's main thinking time left at `now`; zero once their flag has fallen.
    pub fn remaining(&self, color: Color, now: Duration) -> Duration {
        let side = &self.sides[color];
        if side.flag.is_some() {
            return Duration::ZERO;
        }
        match self.turn(color, now) {
            Some(turn) => side.remaining.saturating_sub(self.charged(color, turn)),
            None => side.remaining,
        }
    }

    /// What is left of the player's US delay on the current move at `now` (zero when
    /// they are not on move or the period has no US delay).
    pub fn delay_remaining(&self, color: Color, now: Duration) -> Duration {
        match (self.turn(color, now), self.bonus(color)) {
            (Some(turn), Bonus::UsDelay(delay)) => delay.saturating_sub(turn),
            _ => Duration::ZERO,
        }
    }

    /// Thinking time the player has used by `now`, the current move included.
    pub fn used(&self, color: Color, now: Duration) -> Duration {
        self.sides[color]
            .used
            .saturating_add(self.turn(color, now).unwrap_or_default())
    }

    /// The player's flag, if it has fallen by `now`.
    pub fn flag_of(&self, color: Color, now: Duration) -> Option<FlagFall> {
        let side = &self.sides[color];
        if let Some(at) = side.flag {
            return Some(FlagFall { color, at });
        }
        let turn = self.turn(color, now)?;
        let limit = self.limit(color);
        (turn >= limit).then(|| FlagFall {
            color,
            at: self.turn_start(now, turn).saturating_add(limit),
        })
    }

    /// The first flag to have fallen by `now` (the standards require the clock to show
    /// which player passed the time limit first).
    pub fn flag(&self, now: Duration) -> Option<FlagFall> {
        match (
            self.flag_of(Color::White, now),
            self.flag_of(Color::Black, now),
        ) {
            (Some(w), Some(b)) => Some(if b.at < w.at { b } else { w }),
            (w, b) => w.or(b),
        }
    }

    /// When something next happens by itself — the running player's flag falling — so
    /// a shell can arm a single timer; `None` while nothing runs or the flag is down.
    pub fn next_deadline(&self, now: Duration) -> Option<Duration> {
        let Run::Running {
            color,
            since,
            before,
        } = self.run
        else {
            return None;
        };
        if self.flag_of(color, now).is_some() {
            return None;
        }
        Some(since.saturating_add(self.limit(color).saturating_sub(before)))
    }

    // ----- inputs -----

    /// Starts `color`'s clock (Law 6.2: White's, at the start of a game).
    ///
    /// # Errors
    ///
    /// [`ClockError::AlreadyStarted`], or [`ClockError::TimeWentBack`].
    pub fn start(&mut self, now: Duration, color: Color) -> Result<(), ClockError> {
        self.check_time(now)?;
        if self.run != Run::Ready {
            return Err(ClockError::AlreadyStarted);
        }
        self.last = now;
        self.run = Run::Running {
            color,
            since: now,
            before: Duration::ZERO,
        };
        Ok(())
    }

    /// `color` presses the clock at `now`: their move is completed, their clock stops
    /// and the opponent's starts.
    ///
    /// The move counter goes up; unless the flag has fallen, the time used is charged
    /// (less the US delay), the increment or Bronstein give-back is added, and if the
    /// move was the last of its period, the next period's time is added.
    ///
    /// # Errors
    ///
    /// [`ClockError::NotStarted`], [`ClockError::Paused`], [`ClockError::NotOnMove`]
    /// when the opponent's clock runs, or [`ClockError::TimeWentBack`].
    pub fn press(&mut self, now: Duration, color: Color) -> Result<Press, ClockError> {
        self.check_time(now)?;
        match self.run {
            Run::Ready => return Err(ClockError::NotStarted),
            Run::Paused { .. } => return Err(ClockError::Paused),
            Run::Running { color: running, .. } if running != color => {
                return Err(ClockError::NotOnMove(color));
            }
            Run::Running { .. } => {}
        }
        let turn = self.turn(color, now).unwrap_or_default();
        let flag = self.flag_of(color, now);
        let charged = self.charged(color, turn);
        let bonus = self.bonus(color);
        let side = &mut self.sides[color];
        let move_number = side.moves.saturating_add(1);
        let mut added = Duration::ZERO;
        if let Some(flag) = flag {
            side.flag = Some(flag.at);
            side.remaining = Duration::ZERO;
        } else {
            side.remaining -= charged;
            added = match bonus {
                Bonus::Increment(d) => d,
                Bonus::Bronstein(d) => d.min(turn),
                Bonus::None | Bonus::UsDelay(_) => Duration::ZERO,
            };
            let (this, _) = self.control.period_of_move(move_number);
            let (next, next_period) = self.control.period_of_move(move_number.saturating_add(1));
            if next != this {
                added = added.saturating_add(next_period.time);
            }
            side.remaining = side.remaining.saturating_add(added);
        }
        side.moves = move_number;
        side.used = side.used.saturating_add(turn);
        let remaining = side.remaining;
        self.last = now;
        self.run = Run::Running {
            color: color.other(),
            since: now,
            before: Duration::ZERO,
        };
        Ok(Press {
            color,
            move_number,
            spent: turn,
            added,
            remaining,
            flag,
        })
    }

    /// The arbiter pauses the clock (Law 6.11.1); nothing runs until [`Clock::resume`].
    ///
    /// # Errors
    ///
    /// [`ClockError::NotStarted`], [`ClockError::Paused`], or [`ClockError::TimeWentBack`].
    pub fn pause(&mut self, now: Duration) -> Result<(), ClockError> {
        self.check_time(now)?;
        let color = match self.run {
            Run::Ready => return Err(ClockError::NotStarted),
            Run::Paused { .. } => return Err(ClockError::Paused),
            Run::Running { color, .. } => color,
        };
        self.settle_flag(color, now);
        let turn = self.turn(color, now).unwrap_or_default();
        self.last = now;
        self.run = Run::Paused { color, turn };
        Ok(())
    }

    /// The arbiter restarts a paused clock (Law 6.11.3): the same player's clock runs
    /// on, with whatever was left of the move's delay.
    ///
    /// # Errors
    ///
    /// [`ClockError::NotPaused`], or [`ClockError::TimeWentBack`].
    pub fn resume(&mut self, now: Duration) -> Result<(), ClockError> {
        self.check_time(now)?;
        let Run::Paused { color, turn } = self.run else {
            return Err(ClockError::NotPaused);
        };
        self.last = now;
        self.run = Run::Running {
            color,
            since: now,
            before: turn,
        };
        Ok(())
    }

    /// Adds `time` to the player's clock at `now`: the arbiter's award after an
    /// opponent's illegal move (7.5.5) or incorrect claim (9.5.3), or other penalty.
    ///
    /// # Errors
    ///
    /// [`ClockError::Flagged`] when the player's flag has already fallen (a clock that
    /// ran out stays at zero; use [`Clock::set_time`] to correct it),
    /// [`ClockError::OutOfRange`] for more than [`MAX_CLOCK_TIME`] at once (or a clock
    /// that would hold more than twice that), or [`ClockError::TimeWentBack`].
    pub fn add_time(
        &mut self,
        now: Duration,
        color: Color,
        time: Duration,
    ) -> Result<(), ClockError> {
        self.check_time(now)?;
        let total = self.sides[color].remaining.checked_add(time);
        if time > MAX_CLOCK_TIME || total.is_none_or(|t| t > MAX_CLOCK_TIME.saturating_mul(2)) {
            return Err(ClockError::OutOfRange(time));
        }
        if let Some(flag) = self.flag_of(color, now) {
            return Err(ClockError::Flagged(flag));
        }
        self.last = now;
        self.sides[color].remaining = self.sides[color].remaining.saturating_add(time);
        Ok(())
    }

    /// The arbiter sets the player's time left at `now` to `remaining` (6.10.2: an
    /// incorrect setting corrected). This also raises a fallen flag again.
    ///
    /// # Errors
    ///
    /// [`ClockError::TimeWentBack`], [`ClockError::OutOfRange`] beyond [`MAX_CLOCK_TIME`].
    pub fn set_time(
        &mut self,
        now: Duration,
        color: Color,
        remaining: Duration,
    ) -> Result<(), ClockError> {
        self.check_time(now)?;
        if remaining > MAX_CLOCK_TIME {
            return Err(ClockError::OutOfRange(remaining));
        }
        let charged = match self.turn(color, now) {
            Some(turn) => self.charged(color, turn),
            None => Duration::ZERO,
        };
        let side = &mut self.sides[color];
        side.flag = None;
        side.remaining = remaining.saturating_add(charged);
        self.last = now;
        self.settle_flag(color, now);
        Ok(())
    }

    /// The arbiter sets the player's move counter (6.10.2). No time is added for it;
    /// the next period change follows the corrected counter.
    pub fn set_moves(&mut self, color: Color, moves: u32) {
        self.sides[color].moves = moves;
    }

    // ----- internals -----

    fn check_time(&self, now: Duration) -> Result<(), ClockError> {
        if now < self.last {
            return Err(ClockError::TimeWentBack {
                now,
                last: self.last,
            });
        }
        Ok(())
    }

    /// Time the player has been on move in the current turn at `now`, if on move.
    fn turn(&self, color: Color, now: Duration) -> Option<Duration> {
        match self.run {
            Run::Running {
                color: c,
                since,
                before,
            } if c == color => Some(before.saturating_add(now.saturating_sub(since))),
            Run::Paused { color: c, turn } if c == color => Some(turn),
            _ => None,
        }
    }

    /// When the current turn began on the caller's time line (pauses shift it).
    fn turn_start(&self, now: Duration, turn: Duration) -> Duration {
        match self.run {
            Run::Running { since, before, .. } => since.saturating_sub(before),
            _ => now.saturating_sub(turn),
        }
    }

    /// The bonus of the player's current move.
    fn bonus(&self, color: Color) -> Bonus {
        self.control
            .period_of_move(self.sides[color].moves.saturating_add(1))
            .1
            .bonus
    }

    /// Main time charged for `turn` of thinking: all of it, less any US delay.
    fn charged(&self, color: Color, turn: Duration) -> Duration {
        match self.bonus(color) {
            Bonus::UsDelay(delay) => turn.saturating_sub(delay),
            _ => turn,
        }
    }

    /// Turn time at which the player's flag falls.
    fn limit(&self, color: Color) -> Duration {
        let delay = match self.bonus(color) {
            Bonus::UsDelay(delay) => delay,
            _ => Duration::ZERO,
        };
        self.sides[color].remaining.saturating_add(delay)
    }

    fn settle_flag(&mut self, color: Color, now: Duration) {
        if let Some(flag) = self.flag_of(color, now) {
            let side = &mut self.sides[color];
            side.flag = Some(flag.at);
            side.remaining = Duration::ZERO;
        }
    }
}

/// A time shown the way a clock shows it: `h:mm:ss.mmm` (`1:29:55.000`) by `Display`,
/// `h:mm:ss` in whole seconds by [`ClockTime::hms`] (the PGN `%clk` form); read back from
/// `h:mm:ss[.fff]`, `m:ss[.fff]` or `s[.fff]` by `FromStr` (minutes and seconds after a
/// colon in two digits). Clock times are never negative.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use annabella_rules::ClockTime;
/// let t: ClockTime = "1:29:55.25".parse()?;
/// assert_eq!(t.0, Duration::from_millis(5_395_250));
/// assert_eq!(t.hms(), "1:29:55");
/// assert_eq!(t.to_string(), "1:29:55.250");
/// # Ok::<_, annabella_rules::clock::ParseClockTimeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct ClockTime(pub Duration);

impl ClockTime {
    /// `h:mm:ss`, rounded down to the whole second (`[%clk 1:29:55]`, the console's clocks).
    pub fn hms(self) -> String {
        let s = self.0.as_secs();
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    }
}

impl fmt::Display for ClockTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.0.as_millis();
        let (h, m, s, ms) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
        write!(f, "{h}:{m:02}:{s:02}.{ms:03}")
    }
}

/// A text that is not a clock time (`h:mm:ss[.fff]`, `m:ss` or `s`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{} is not a clock time (h:mm:ss, m:ss or seconds)", crate::excerpt(.0))]
pub struct ParseClockTimeError(pub String);

impl std::str::FromStr for ClockTime {
    type Err = ParseClockTimeError;

    fn from_str(text: &str) -> Result<ClockTime, ParseClockTimeError> {
        let bad = || ParseClockTimeError(text.to_owned());
        let trimmed = text.trim();
        let parts: Vec<&str> = trimmed.split(':').collect();
        if parts.len() > 3 {
            return Err(bad());
        }
        let (last, leading) = parts.split_last().ok_or_else(bad)?;
        let (whole, fraction) = last.split_once('.').unwrap_or((last, ""));
        let digits =
            |p: &str| !p.is_empty() && p.len() <= 9 && p.bytes().all(|b| b.is_ascii_digit());
        if !digits(whole) || !(fraction.is_empty() || digits(fraction)) || last.ends_with('.') {
            return Err(bad());
        }
        let mut seconds: u64 = 0;
        for (i, part) in leading.iter().chain([&whole]).enumerate() {
            if !digits(part) {
                return Err(bad());
            }
            let n: u64 = part.parse().map_err(|_| bad())?;
            // Minutes and seconds after a colon: two digits, under 60.
            if i > 0 && (n >= 60 || part.len() != 2) {
                return Err(bad());
            }
            seconds = seconds
                .checked_mul(60)
                .and_then(|s| s.checked_add(n))
                .ok_or_else(bad)?;
        }
        let nanos: u32 = format!("{fraction:0<9}")[..9].parse().map_err(|_| bad())?;
        Ok(ClockTime(Duration::new(seconds, nanos)))
    }
}

#[cfg(test)]
mod tests;
