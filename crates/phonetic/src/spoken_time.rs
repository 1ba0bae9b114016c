//! Clock times and counts in words a speech engine reads right: "dreiundzwanzig
//! Sekunden", "eine Stunde dreißig Minuten", "ein Zug" — never digits or "0 Minuten".
//! German for `de`, English otherwise (the lt/lv/hu lexicons answer in English).

use std::time::Duration;

use crate::lexicon::Language;
use crate::number::{Genus, Usage, english, german};

/// Below this much time left, seconds are said too ("fünfzehn Minuten zwölf Sekunden"):
/// under twenty minutes every second can count.
pub const SECONDS_BELOW: Duration = Duration::from_secs(20 * 60);

/// A counted noun: "eine Minute" / "zwei Minuten", "one minute" / "two minutes".
///
/// `de` is (singular, plural, gender) of the German noun, `en` (singular, plural).
pub fn counted(n: u32, language: Language, de: (&str, &str, Genus), en: (&str, &str)) -> String {
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
/// (whole seconds, rounded down as a clock shows them). Zero parts are left out.
///
/// # Examples
/// ```
/// use annabella_phonetic::{Language, spoken_time::duration_words};
/// use std::time::Duration;
/// assert_eq!(duration_words(Duration::from_secs(5400), Language::De), "eine Stunde dreißig Minuten");
/// assert_eq!(duration_words(Duration::from_secs(23), Language::De), "dreiundzwanzig Sekunden");
/// assert_eq!(duration_words(Duration::from_secs(61), Language::En), "one minute one second");
/// ```
pub fn duration_words(time: Duration, language: Language) -> String {
    let total = time.as_secs();
    let hours = u32::try_from(total / 3600).unwrap_or(u32::MAX);
    let minutes = (total / 60 % 60) as u32;
    let seconds = (total % 60) as u32;
    let unit = |n, de: (&str, &str), en| counted(n, language, (de.0, de.1, Genus::Feminine), en);
    let mut parts = Vec::new();
    if hours > 0 {
        parts.push(unit(hours, ("Stunde", "Stunden"), ("hour", "hours")));
    }
    if minutes > 0 {
        parts.push(unit(minutes, ("Minute", "Minuten"), ("minute", "minutes")));
    }
    if time < SECONDS_BELOW && (seconds > 0 || parts.is_empty()) {
        parts.push(unit(
            seconds,
            ("Sekunde", "Sekunden"),
            ("second", "seconds"),
        ));
    }
    parts.join(" ")
}

/// A number of moves in words: "dreiundzwanzig Züge", "ein Zug", "one move".
pub fn moves_words(moves: u32, language: Language) -> String {
    counted(
        moves,
        language,
        ("Zug", "Züge", Genus::Masculine),
        ("move", "moves"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(h: u64, m: u64, sec: u64) -> Duration {
        Duration::from_secs(h * 3600 + m * 60 + sec)
    }

    #[test]
    fn durations() {
        let de = [
            (s(2, 0, 0), "zwei Stunden"),
            (s(1, 30, 0), "eine Stunde dreißig Minuten"),
            (s(1, 1, 0), "eine Stunde eine Minute"),
            (s(0, 21, 59), "einundzwanzig Minuten"),
            (s(0, 20, 0), "zwanzig Minuten"),
            (s(0, 19, 59), "neunzehn Minuten neunundfünfzig Sekunden"),
            (s(0, 15, 12), "fünfzehn Minuten zwölf Sekunden"),
            (s(0, 9, 30), "neun Minuten dreißig Sekunden"),
            (s(0, 1, 1), "eine Minute eine Sekunde"),
            (s(0, 5, 0), "fünf Minuten"),
            (s(0, 0, 23), "dreiundzwanzig Sekunden"),
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
            (s(0, 15, 12), "fifteen minutes twelve seconds"),
            (s(0, 0, 1), "one second"),
            (s(0, 0, 0), "zero seconds"),
        ];
        for (d, want) in en {
            assert_eq!(duration_words(d, Language::En), want, "{d:?}");
        }
    }

    #[test]
    fn no_digits_and_no_zero_parts() {
        for secs in (0..4 * 3600).step_by(7) {
            let d = Duration::from_secs(secs);
            for lang in [Language::De, Language::En] {
                let w = duration_words(d, lang);
                assert!(!w.chars().any(|c| c.is_ascii_digit()), "{secs}: {w}");
                if secs > 0 {
                    assert!(!w.contains("null") && !w.contains("zero"), "{secs}: {w}");
                }
            }
        }
    }

    #[test]
    fn move_counts() {
        assert_eq!(moves_words(0, Language::De), "null Züge");
        assert_eq!(moves_words(1, Language::De), "ein Zug");
        assert_eq!(moves_words(21, Language::De), "einundzwanzig Züge");
        assert_eq!(moves_words(101, Language::De), "hundertein Züge");
        assert_eq!(moves_words(1, Language::En), "one move");
        assert_eq!(moves_words(40, Language::Lt), "forty moves");
    }
}
