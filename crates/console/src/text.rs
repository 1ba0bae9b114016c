//! Small text helpers shared by the page and the boards: HTML escaping and clock times
//! (in the one clock-time format of `annabella-rules`, [`ClockTime`]).

use std::time::Duration;

use annabella_rules::ClockTime;

/// The longest time the arbiter may set on a clock: 24 hours.
pub const MAX_CLOCK_MS: u64 = 24 * 3_600_000;

pub use annabella_board::escape;

/// Milliseconds as "h:mm:ss".
pub fn clock_text(ms: u64) -> String {
    ClockTime(Duration::from_millis(ms)).hms()
}

/// "1:29:00", "29:00", "90" (seconds) → milliseconds; `None` for anything else,
/// including fractions of a second.
pub fn parse_clock(text: &str) -> Option<u64> {
    if text.contains('.') {
        return None;
    }
    let time: ClockTime = text.parse().ok()?;
    u64::try_from(time.0.as_millis()).ok()
}

/// A clock time the arbiter cannot set, with (at most 80 characters of) the text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    /// Not a time [`parse_clock`] reads.
    #[error("field \"time\": expected h:mm:ss, got {shown:?}")]
    NotAClock {
        /// The text, cut to 80 characters.
        shown: String,
    },
    /// More than [`MAX_CLOCK_MS`].
    #[error("field \"time\": {shown} is more than 24 hours; a clock is set to at most 24:00:00")]
    OverADay {
        /// The text, cut to 80 characters.
        shown: String,
    },
}

/// A clock time the arbiter may set: read by [`parse_clock`], at most [`MAX_CLOCK_MS`].
///
/// # Errors
/// What is wrong, echoing at most 80 characters of the text.
pub fn settable_clock(text: &str) -> Result<u64, ClockError> {
    let shown = || annabella_rules::excerpt(text).into_owned();
    let ms = parse_clock(text).ok_or_else(|| ClockError::NotAClock { shown: shown() })?;
    if ms > MAX_CLOCK_MS {
        return Err(ClockError::OverADay { shown: shown() });
    }
    Ok(ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_beyond_a_day_is_refused_with_a_reason() {
        assert_eq!(settable_clock("24:00:00"), Ok(MAX_CLOCK_MS));
        let err = settable_clock("999999999:00:00").unwrap_err();
        assert!(matches!(err, ClockError::OverADay { .. }), "{err:?}");
        assert!(err.to_string().contains("more than 24 hours"), "{err}");
        let err = settable_clock(&"9".repeat(1000)).unwrap_err().to_string();
        assert!(err.len() < 200, "{err}");
    }
}
