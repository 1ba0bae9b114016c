//! Answers about the clock and the move count, given only when the VI player asks
//! (Law D.2.10.4, assistant duty d): "Weiß eine Stunde zwölf Minuten, Schwarz
//! achtundfünfzig Minuten, dreiundzwanzig Züge".

use std::time::Duration;

use annabella_phonetic::Language;

use crate::number::{Genus, Usage, english, german};

/// Below this much time left, seconds are said too ("vier Minuten dreißig Sekunden").
pub const SECONDS_BELOW: Duration = Duration::from_secs(10 * 60);

/// A counted noun: "eine Minute" / "zwei Minuten", "one minute" / "two minutes".
fn counted(n: u32, language: Language, de: (&str, &str, Genus), en: (&str, &str)) -> String {
    match language {
        Language::De => {
            let noun = if n == 1 { de.0 } else { de.1 };
            format!("{} {noun}", german(n, Usage::Before(de.2)))
        }
        _ => {
            let noun = if n == 1 { en.0 } else { en.1 };
            format!("{} {noun}", english(n))
        }
    }
}

/// A clock time in words: hours and minutes; seconds as well below [`SECONDS_BELOW`]
/// (whole seconds, rounded down as a clock shows them).
///
/// German for `de`, English otherwise (the lt/lv/hu lexicons answer in English).
///
/// # Examples
/// ```
/// use annabella_phonetic::Language;
/// use annabella_voice::answer::duration_words;
/// use std::time::Duration;
/// assert_eq!(duration_words(Duration::from_secs(4320), Language::De), "eine Stunde zwölf Minuten");
/// assert_eq!(duration_words(Duration::from_secs(61), Language::En), "one minute one second");
/// ```
pub fn duration_words(time: Duration, language: Language) -> String {
    let total = time.as_secs();
    let hours = u32::try_from(total / 3600).unwrap_or(u32::MAX);
    let minutes = (total / 60 % 60) as u32;
    let seconds = (total % 60) as u32;
    let hour = |n| {
        counted(
            n,
            language,
            ("Stunde", "Stunden", Genus::Feminine),
            ("hour", "hours"),
        )
    };
    let minute = |n| {
        counted(
            n,
            language,
            ("Minute", "Minuten", Genus::Feminine),
            ("minute", "minutes"),
        )
    };
    let second = |n| {
        counted(
            n,
            language,
            ("Sekunde", "Sekunden", Genus::Feminine),
            ("second", "seconds"),
        )
    };
    let mut parts = Vec::new();
    if hours > 0 {
        parts.push(hour(hours));
    }
    if minutes > 0 {
        parts.push(minute(minutes));
    }
    if time < SECONDS_BELOW && (seconds > 0 || parts.is_empty()) {
        parts.push(second(seconds));
    }
    parts.join(" ")
}

/// The number of moves played, in words: "dreiundzwanzig Züge", "ein Zug", "one move".
pub fn moves_words(moves: u32, language: Language) -> String {
    counted(
        moves,
        language,
        ("Zug", "Züge", Genus::Masculine),
        ("move", "moves"),
    )
}

/// The answer to "Zeit": both clocks, White first.
///
/// # Examples
/// ```
/// use annabella_phonetic::Language;
/// use annabella_voice::answer::time_answer;
/// use std::time::Duration;
/// let white = Duration::from_secs(3600 + 12 * 60);
/// let black = Duration::from_secs(58 * 60);
/// assert_eq!(time_answer(white, black, Language::De), "Weiß eine Stunde zwölf Minuten, Schwarz achtundfünfzig Minuten");
/// ```
pub fn time_answer(white: Duration, black: Duration, language: Language) -> String {
    let (w, b) = match language {
        Language::De => ("Weiß", "Schwarz"),
        _ => ("White", "Black"),
    };
    format!(
        "{w} {}, {b} {}",
        duration_words(white, language),
        duration_words(black, language)
    )
}

/// The answer to "wie viele Züge": the moves played.
pub fn moves_answer(moves: u32, language: Language) -> String {
    moves_words(moves, language)
}

/// Both answers in one sentence: "Weiß eine Stunde zwölf Minuten, Schwarz
/// achtundfünfzig Minuten, dreiundzwanzig Züge".
pub fn time_and_moves_answer(
    white: Duration,
    black: Duration,
    moves: u32,
    language: Language,
) -> String {
    format!(
        "{}, {}",
        time_answer(white, black, language),
        moves_words(moves, language)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(h: u64, m: u64, sec: u64) -> Duration {
        Duration::from_secs(h * 3600 + m * 60 + sec)
    }

    #[test]
    fn the_example_of_the_issue() {
        assert_eq!(
            time_and_moves_answer(s(1, 12, 40), s(0, 58, 3), 23, Language::De),
            "Weiß eine Stunde zwölf Minuten, Schwarz achtundfünfzig Minuten, dreiundzwanzig Züge"
        );
        assert_eq!(
            time_and_moves_answer(s(1, 12, 40), s(0, 58, 3), 23, Language::En),
            "White one hour twelve minutes, Black fifty-eight minutes, twenty-three moves"
        );
    }

    #[test]
    fn durations() {
        let de = [
            (s(2, 0, 0), "zwei Stunden"),
            (s(1, 1, 0), "eine Stunde eine Minute"),
            (s(0, 21, 59), "einundzwanzig Minuten"),
            (s(0, 9, 30), "neun Minuten dreißig Sekunden"),
            (s(0, 1, 1), "eine Minute eine Sekunde"),
            (s(0, 5, 0), "fünf Minuten"),
            (s(0, 0, 7), "sieben Sekunden"),
            (s(0, 0, 0), "null Sekunden"),
            (Duration::from_millis(999), "null Sekunden"),
        ];
        for (d, want) in de {
            assert_eq!(duration_words(d, Language::De), want, "{d:?}");
        }
        let en = [
            (s(2, 0, 0), "two hours"),
            (s(1, 1, 0), "one hour one minute"),
            (s(0, 9, 30), "nine minutes thirty seconds"),
            (s(0, 0, 1), "one second"),
            (s(0, 0, 0), "zero seconds"),
        ];
        for (d, want) in en {
            assert_eq!(duration_words(d, Language::En), want, "{d:?}");
        }
    }

    #[test]
    fn move_counts() {
        assert_eq!(moves_answer(0, Language::De), "null Züge");
        assert_eq!(moves_answer(1, Language::De), "ein Zug");
        assert_eq!(moves_answer(21, Language::De), "einundzwanzig Züge");
        assert_eq!(moves_answer(101, Language::De), "hundertein Züge");
        assert_eq!(moves_answer(1, Language::En), "one move");
        assert_eq!(moves_answer(101, Language::En), "one hundred and one moves");
        assert_eq!(moves_answer(40, Language::Lt), "forty moves");
    }
}
