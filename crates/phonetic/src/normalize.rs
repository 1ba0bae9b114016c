//! Normalisation of heard or typed words before lexicon look-up: any letter case,
//! umlauts or their ae/oe/ue spellings, ß or ss, and the diacritics of Lithuanian,
//! Latvian and Hungarian all compare equal.

/// Normalises one word: lower case, `ä ö ü` → `ae oe ue`, `ß` → `ss`, other diacritics
/// dropped (`ė` → `e`, `ž` → `z`, `á` → `a`), punctuation other than `+ # = -` removed.
///
/// # Examples
/// ```
/// use annabella_phonetic::normalize;
/// assert_eq!(normalize("Cäsar"), "caesar");
/// assert_eq!(normalize("CAESAR"), "caesar");
/// assert_eq!(normalize("Läufer,"), "laeufer");
/// assert_eq!(normalize("žirgas"), "zirgas");
/// ```
pub fn normalize(word: &str) -> String {
    let mut out = String::with_capacity(word.len() + 2);
    for c in word.chars() {
        for l in c.to_lowercase() {
            match l {
                'a'..='z' | '0'..='9' | '+' | '#' | '=' | '-' => out.push(l),
                'ä' => out.push_str("ae"),
                'ö' | 'ő' => out.push_str("oe"),
                'ü' | 'ű' => out.push_str("ue"),
                'ß' => out.push_str("ss"),
                _ => {
                    if let Some(base) = strip_diacritic(l) {
                        out.push(base);
                    }
                }
            }
        }
    }
    out
}

/// The base letter of a letter with a diacritic used in de/lt/lv/hu, if any.
fn strip_diacritic(c: char) -> Option<char> {
    Some(match c {
        'à' | 'á' | 'â' | 'ā' | 'ą' => 'a',
        'č' | 'ç' => 'c',
        'è' | 'é' | 'ê' | 'ē' | 'ė' | 'ę' => 'e',
        'ģ' => 'g',
        'ì' | 'í' | 'î' | 'ī' | 'į' => 'i',
        'ķ' => 'k',
        'ļ' => 'l',
        'ņ' => 'n',
        'ò' | 'ó' | 'ô' | 'ō' => 'o',
        'š' => 's',
        'ù' | 'ú' | 'û' | 'ū' | 'ų' => 'u',
        'ý' => 'y',
        'ž' => 'z',
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::normalize;

    #[test]
    fn umlaut_spellings_agree() {
        for (a, b) in [
            ("fünf", "fuenf"),
            ("Läufer", "LAEUFER"),
            ("König", "koenig"),
            ("schlägt", "Schlaegt"),
            ("Zäsar", "zaesar"),
            ("Straße", "strasse"),
            ("valdovė", "valdove"),
            ("dāma", "dama"),
            ("vezér", "vezer"),
        ] {
            assert_eq!(normalize(a), normalize(b), "{a} vs {b}");
        }
    }

    #[test]
    fn punctuation_goes_symbols_stay() {
        assert_eq!(normalize("e.p."), "ep");
        assert_eq!(normalize("opponent's"), "opponents");
        assert_eq!(normalize("O-O"), "o-o");
        assert_eq!(normalize("+"), "+");
        assert_eq!(normalize("?!"), "");
    }
}
