//! Numbers in words, German and English, 0 … 9999: "einundzwanzig", "hunderteins",
//! "eine Stunde", "twenty-one", "one hundred and one".

/// The grammatical gender of the German noun a number counts ("ein Zug", "eine Minute").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Genus {
    /// der Zug, der Bauer: "ein".
    Masculine,
    /// die Minute, die Stunde, die Sekunde: "eine".
    Feminine,
    /// das Feld: "ein".
    Neuter,
}

/// How a number is used: said alone ("eins", counting) or before a noun ("ein Zug").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Usage {
    /// Alone: German "eins", "hunderteins".
    Alone,
    /// Before a noun of this gender: German "ein Zug", "eine Minute", "hundertein Züge".
    Before(Genus),
}

const DE_ONES: [&str; 20] = [
    "null",
    "eins",
    "zwei",
    "drei",
    "vier",
    "fünf",
    "sechs",
    "sieben",
    "acht",
    "neun",
    "zehn",
    "elf",
    "zwölf",
    "dreizehn",
    "vierzehn",
    "fünfzehn",
    "sechzehn",
    "siebzehn",
    "achtzehn",
    "neunzehn",
];
const DE_TENS: [&str; 10] = [
    "", "zehn", "zwanzig", "dreißig", "vierzig", "fünfzig", "sechzig", "siebzig", "achtzig",
    "neunzig",
];
const EN_ONES: [&str; 20] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
];
const EN_TENS: [&str; 10] = [
    "", "ten", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
];

/// The largest number said in words; larger ones are said as digits.
pub const MAX_WORDS: u32 = 9999;

/// A German number in words, as one word ("dreiundzwanzig", "zweitausendvierhunderteins").
///
/// A final one is "eins" alone, "ein"/"eine" before a noun. Numbers above
/// [`MAX_WORDS`] come back as digits (no clock or move count reaches them).
///
/// # Examples
/// ```
/// use annabella_phonetic::number::{german, Genus, Usage};
/// assert_eq!(german(21, Usage::Alone), "einundzwanzig");
/// assert_eq!(german(101, Usage::Alone), "hunderteins");
/// assert_eq!(german(101, Usage::Before(Genus::Masculine)), "hundertein");
/// assert_eq!(german(1, Usage::Before(Genus::Feminine)), "eine");
/// ```
pub fn german(n: u32, usage: Usage) -> String {
    if n > MAX_WORDS {
        return n.to_string();
    }
    if n == 0 {
        return "null".to_owned();
    }
    let mut out = String::new();
    let thousands = n / 1000;
    let hundreds = n / 100 % 10;
    let rest = n % 100;
    if thousands > 0 {
        if thousands > 1 {
            out.push_str(de_prefix(thousands));
        }
        out.push_str("tausend");
    }
    if hundreds > 0 {
        // "hundert" alone, "tausendeinhundert" after thousands (not "tausendhundert").
        if hundreds > 1 || thousands > 0 {
            out.push_str(de_prefix(hundreds));
        }
        out.push_str("hundert");
    }
    if rest > 0 {
        if rest == 1 {
            out.push_str(match usage {
                Usage::Alone => "eins",
                Usage::Before(Genus::Feminine) => "eine",
                Usage::Before(_) => "ein",
            });
        } else if rest < 20 {
            out.push_str(DE_ONES[rest as usize]);
        } else {
            let unit = rest % 10;
            if unit > 0 {
                out.push_str(de_prefix(unit));
                out.push_str("und");
            }
            out.push_str(DE_TENS[(rest / 10) as usize]);
        }
    }
    out
}

/// A digit as the first part of a German compound: "ein" for one ("einundzwanzig").
fn de_prefix(d: u32) -> &'static str {
    if d == 1 { "ein" } else { DE_ONES[d as usize] }
}

/// An English number in words, British style ("one hundred and one", "twenty-one").
///
/// Numbers above [`MAX_WORDS`] come back as digits.
///
/// # Examples
/// ```
/// use annabella_phonetic::number::english;
/// assert_eq!(english(21), "twenty-one");
/// assert_eq!(english(1905), "one thousand nine hundred and five");
/// ```
pub fn english(n: u32) -> String {
    if n > MAX_WORDS {
        return n.to_string();
    }
    if n == 0 {
        return "zero".to_owned();
    }
    let mut parts: Vec<String> = Vec::new();
    let thousands = n / 1000;
    let hundreds = n / 100 % 10;
    let rest = n % 100;
    if thousands > 0 {
        parts.push(format!("{} thousand", EN_ONES[thousands as usize]));
    }
    if hundreds > 0 {
        parts.push(format!("{} hundred", EN_ONES[hundreds as usize]));
    }
    if rest > 0 {
        if !parts.is_empty() {
            parts.push("and".to_owned());
        }
        if rest < 20 {
            parts.push(EN_ONES[rest as usize].to_owned());
        } else if rest.is_multiple_of(10) {
            parts.push(EN_TENS[(rest / 10) as usize].to_owned());
        } else {
            parts.push(format!(
                "{}-{}",
                EN_TENS[(rest / 10) as usize],
                EN_ONES[(rest % 10) as usize]
            ));
        }
    }
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn german_table() {
        let alone = [
            (0, "null"),
            (1, "eins"),
            (7, "sieben"),
            (11, "elf"),
            (12, "zwölf"),
            (16, "sechzehn"),
            (17, "siebzehn"),
            (20, "zwanzig"),
            (21, "einundzwanzig"),
            (23, "dreiundzwanzig"),
            (30, "dreißig"),
            (58, "achtundfünfzig"),
            (60, "sechzig"),
            (70, "siebzig"),
            (99, "neunundneunzig"),
            (100, "hundert"),
            (101, "hunderteins"),
            (111, "hundertelf"),
            (121, "hunderteinundzwanzig"),
            (200, "zweihundert"),
            (666, "sechshundertsechsundsechzig"),
            (777, "siebenhundertsiebenundsiebzig"),
            (1000, "tausend"),
            (1001, "tausendeins"),
            (1100, "tausendeinhundert"),
            (1234, "tausendzweihundertvierunddreißig"),
            (2000, "zweitausend"),
            (2021, "zweitausendeinundzwanzig"),
            (9999, "neuntausendneunhundertneunundneunzig"),
        ];
        for (n, want) in alone {
            assert_eq!(german(n, Usage::Alone), want, "{n}");
        }
    }

    #[test]
    fn german_one_before_a_noun() {
        let m = Usage::Before(Genus::Masculine);
        let f = Usage::Before(Genus::Feminine);
        let n = Usage::Before(Genus::Neuter);
        assert_eq!(german(1, m), "ein");
        assert_eq!(german(1, n), "ein");
        assert_eq!(german(1, f), "eine");
        assert_eq!(german(101, m), "hundertein");
        assert_eq!(german(1001, f), "tausendeine");
        // Only a final lone one changes: the compound keeps "ein…und".
        assert_eq!(german(21, f), "einundzwanzig");
        assert_eq!(german(31, m), "einunddreißig");
        assert_eq!(german(11, f), "elf");
    }

    #[test]
    fn english_table() {
        let cases = [
            (0, "zero"),
            (1, "one"),
            (13, "thirteen"),
            (20, "twenty"),
            (21, "twenty-one"),
            (40, "forty"),
            (58, "fifty-eight"),
            (100, "one hundred"),
            (101, "one hundred and one"),
            (110, "one hundred and ten"),
            (999, "nine hundred and ninety-nine"),
            (1000, "one thousand"),
            (1005, "one thousand and five"),
            (1100, "one thousand one hundred"),
            (2345, "two thousand three hundred and forty-five"),
            (9999, "nine thousand nine hundred and ninety-nine"),
        ];
        for (n, want) in cases {
            assert_eq!(english(n), want, "{n}");
        }
    }

    #[test]
    fn every_number_has_words_and_large_ones_digits() {
        for n in 0..=MAX_WORDS {
            let de = german(n, Usage::Alone);
            let en = english(n);
            assert!(de.chars().all(|c| c.is_alphabetic()), "{n}: {de}");
            assert!(
                en.chars()
                    .all(|c| c.is_ascii_lowercase() || c == ' ' || c == '-'),
                "{n}: {en}"
            );
        }
        // Distinct numbers get distinct words.
        let mut de: Vec<String> = (0..=MAX_WORDS).map(|n| german(n, Usage::Alone)).collect();
        de.sort();
        de.dedup();
        assert_eq!(de.len(), MAX_WORDS as usize + 1);
        let mut en: Vec<String> = (0..=MAX_WORDS).map(english).collect();
        en.sort();
        en.dedup();
        assert_eq!(en.len(), MAX_WORDS as usize + 1);
        assert_eq!(german(10000, Usage::Alone), "10000");
        assert_eq!(english(12345), "12345");
    }
}
