//! The FIDE scheme's German words spelled for a Lithuanian, Latvian or Hungarian voice,
//! so that a voice of the player's language says them as German.
//!
//! The Latvian spellings are the Latvian Laws' own (appendix E.2.1 of the FIDE Laws of
//! Chess in Latvian: "eins" – "ain", "zwei" – "cvai", "Koenig" – "kenig", "Lange
//! Rochade" – "Lang Rohad"). The Lithuanian Laws leave the appendix out and the Hungarian
//! ones have none, so their spellings are ours, chosen so that espeak-ng's lt and hu
//! voices come closer to its German voice (the test `voice_spellings` checks this with
//! espeak-ng). The capture, check and mate words are ours in every language.

use crate::lexicon::Language;

/// Written FIDE-scheme word → spelling for a Latvian voice.
const LV: &[(&str, &str)] = &[
    ("eins", "ain"),
    ("zwei", "cvai"),
    ("drei", "drai"),
    ("vier", "fir"),
    ("fünf", "fjunf"),
    ("sechs", "zeks"),
    ("sieben", "ziben"),
    ("acht", "aht"),
    ("König", "kenig"),
    ("Läufer", "loifer"),
    ("Springer", "špringer"),
    ("Lange", "Lang"),
    ("Kurze", "Kjurc"),
    ("Rochade", "Rohad"),
    ("schlägt", "šlēkt"),
    ("Schach", "šah"),
];

/// Written FIDE-scheme word → spelling for a Lithuanian voice.
const LT: &[(&str, &str)] = &[
    ("eins", "ains"),
    ("zwei", "cvai"),
    ("drei", "drai"),
    ("vier", "fyr"),
    ("sechs", "zeks"),
    ("sieben", "zyben"),
    ("Läufer", "loifer"),
    ("Springer", "špringer"),
    ("Kurze", "kurcė"),
    ("schlägt", "šlėkt"),
    ("Schach", "šach"),
];

/// Written FIDE-scheme word → spelling for a Hungarian voice.
const HU: &[(&str, &str)] = &[
    ("eins", "ájnsz"),
    ("zwei", "cváj"),
    ("drei", "dráj"),
    ("vier", "fír"),
    ("sechs", "zeksz"),
    ("sieben", "zíben"),
    ("acht", "áht"),
    ("Läufer", "lojfer"),
    ("Kurze", "kurce"),
    ("Rochade", "rohádé"),
    ("schlägt", "slégt"),
    ("Schach", "sah"),
];

/// Every respelled word of a voice language: (written, spelling for that voice); empty
/// for German and English voices.
///
/// # Examples
/// ```
/// use annabella_phonetic::{Language, voiced};
/// assert!(voiced::spellings(Language::Lv).contains(&("zwei", "cvai")));
/// assert!(voiced::spellings(Language::De).is_empty());
/// ```
pub fn spellings(voice: Language) -> &'static [(&'static str, &'static str)] {
    match voice {
        Language::Lv => LV,
        Language::Lt => LT,
        Language::Hu => HU,
        Language::De | Language::En => &[],
    }
}

/// One written word as a voice of `voice`'s language should get it.
pub fn word(voice: Language, written: &str) -> &str {
    spellings(voice)
        .iter()
        .find(|(w, _)| *w == written)
        .map_or(written, |(_, spelled)| spelled)
}

/// A text for a voice of `voice`'s language: each FIDE-scheme word respelled, everything
/// else (punctuation, spaces, other words) as it was.
///
/// # Examples
/// ```
/// use annabella_phonetic::{Language, voiced};
/// assert_eq!(voiced::text(Language::Lv, "Springer Felikss drei."), "špringer Felikss drai.");
/// assert_eq!(voiced::text(Language::De, "Springer Felix drei."), "Springer Felix drei.");
/// ```
pub fn text(voice: Language, written: &str) -> String {
    if spellings(voice).is_empty() {
        return written.to_owned();
    }
    let mut out = String::with_capacity(written.len() + 8);
    let mut rest = written;
    while !rest.is_empty() {
        let end = rest
            .find(|c: char| !c.is_alphabetic())
            .unwrap_or(rest.len());
        let (w, tail) = rest.split_at(end);
        out.push_str(word(voice, w));
        let gap = tail.find(char::is_alphabetic).unwrap_or(tail.len());
        out.push_str(&tail[..gap]);
        rest = &tail[gap..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexicon::Lexicon;

    #[test]
    fn every_respelled_word_is_announced_in_the_fide_scheme() {
        let de = Lexicon::get(Language::De);
        for lang in Language::ALL {
            for (written, _) in spellings(lang) {
                assert!(
                    matches!(de.lookup(written), crate::Lookup::Word(_)),
                    "{lang}: {written} is no FIDE-scheme word"
                );
            }
        }
    }

    #[test]
    fn words_inside_sentences_are_respelled() {
        assert_eq!(
            text(Language::Hu, "Megérintve: Springer, Eva zwei; sechs!"),
            "Megérintve: Springer, Eva cváj; zeksz!"
        );
        assert_eq!(text(Language::Lt, ""), "");
        assert_eq!(text(Language::Lt, "Dreieck"), "Dreieck");
    }
}
