//! The display's own keys, as brltty reports them to a BrlAPI client (command key codes
//! such as `FWINRT` or `ROUTE`), and the table question a key asks in words.

use annabella_phonetic::{Command, Lexicon, Utterance, parse};

/// A key of the display, by what brltty makes of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DisplayKey {
    /// `FWINLT`: pan left (to the end of the line above at the start of a line).
    PanLeft,
    /// `FWINRT`: pan right (to the next line at the end of a line).
    PanRight,
    /// `LNUP`: the line above.
    LineUp,
    /// `LNDN`: the line below.
    LineDown,
    /// `TOP`: the first line (the last moves).
    Top,
    /// `BOT`: the last line (the rank nearest the VI player).
    Bottom,
    /// `ROUTE`: a routing key over a cell (from 0): asks the shown line's question.
    Route(u16),
    /// `SAY_LINE`: asks the shown line's question.
    SayLine,
    /// `TIME`: shows the clock and asks the table for the time.
    Time,
    /// `INFO`: asks whose turn it is.
    Info,
}

/// BrlAPI's key type of a brltty command (`BRLAPI_KEY_TYPE_CMD`).
const TYPE_CMD: u64 = 0x2000_0000;
/// `BRLAPI_KEY_TYPE_MASK`.
const TYPE_MASK: u64 = 0xE000_0000;
/// `BRLAPI_KEY_CMD_BLK_MASK`.
const BLOCK_MASK: u64 = 0x1FFF_0000;
/// `BRLAPI_KEY_CMD_ARG_MASK`.
const ARG_MASK: u64 = 0xFFFF;
/// `BRLAPI_KEY_CMD_ROUTE`: the block of the routing keys.
const ROUTE_BLOCK: u64 = 0x1_0000;

impl DisplayKey {
    /// The key of a brltty command name, as the Virtual driver and scripts write it
    /// (`FWINRT`, `LNDN`, `ROUTE 3`; any case).
    ///
    /// # Errors
    /// The name is not one of the display keys the table uses.
    ///
    /// ```
    /// use annabella_braille_display::DisplayKey;
    /// assert_eq!(DisplayKey::from_name("lndn"), Ok(DisplayKey::LineDown));
    /// assert_eq!(DisplayKey::from_name("ROUTE 3"), Ok(DisplayKey::Route(3)));
    /// ```
    pub fn from_name(name: &str) -> Result<DisplayKey, KeyNameError> {
        let upper = name.trim().to_ascii_uppercase();
        let mut words = upper.split_whitespace();
        let key = match (words.next(), words.next(), words.next()) {
            (Some("ROUTE"), Some(cell), None) => cell
                .parse()
                .map(DisplayKey::Route)
                .map_err(|_| KeyNameError::Cell(cell.to_owned()))?,
            (Some(word), None, None) => match word {
                "FWINLT" => DisplayKey::PanLeft,
                "FWINRT" => DisplayKey::PanRight,
                "LNUP" => DisplayKey::LineUp,
                "LNDN" => DisplayKey::LineDown,
                "TOP" => DisplayKey::Top,
                "BOT" => DisplayKey::Bottom,
                "SAY_LINE" => DisplayKey::SayLine,
                "TIME" => DisplayKey::Time,
                "INFO" => DisplayKey::Info,
                _ => return Err(KeyNameError::Unknown(name.to_owned())),
            },
            _ => return Err(KeyNameError::Unknown(name.to_owned())),
        };
        Ok(key)
    }

    /// The key of a BrlAPI key code (`brlapi_keyCode_t`); `None` for keys the table does
    /// not use (they are left alone).
    ///
    /// ```
    /// use annabella_braille_display::DisplayKey;
    /// assert_eq!(DisplayKey::from_brlapi(0x2000_0018), Some(DisplayKey::PanRight));
    /// assert_eq!(DisplayKey::from_brlapi(0x2001_0004), Some(DisplayKey::Route(4)));
    /// ```
    pub fn from_brlapi(code: u64) -> Option<DisplayKey> {
        if code & TYPE_MASK != TYPE_CMD {
            return None;
        }
        let block = code & BLOCK_MASK;
        let arg = code & ARG_MASK;
        if block == ROUTE_BLOCK {
            return Some(DisplayKey::Route(arg as u16));
        }
        if block != 0 {
            return None;
        }
        Some(match arg {
            1 => DisplayKey::LineUp,
            2 => DisplayKey::LineDown,
            9 => DisplayKey::Top,
            10 => DisplayKey::Bottom,
            23 => DisplayKey::PanLeft,
            24 => DisplayKey::PanRight,
            50 => DisplayKey::Info,
            63 => DisplayKey::SayLine,
            81 => DisplayKey::Time,
            _ => return None,
        })
    }
}

/// A name that is no display key the table uses (see [`DisplayKey::from_name`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeyNameError {
    /// Not a key name.
    #[error(
        "{0:?}: expected a display key: FWINLT, FWINRT, LNUP, LNDN, TOP, BOT, ROUTE n, \
         SAY_LINE, TIME or INFO"
    )]
    Unknown(String),
    /// `ROUTE` with no cell number after it.
    #[error("ROUTE {0}: expected a cell number")]
    Cell(String),
}

/// The words that ask `command` in the table's language: the first of the language's
/// command phrases (slots filled) that the parser reads as `command`. A key press goes
/// to the table as these words, the way a spoken question does.
///
/// ```
/// use annabella_braille_display::keys::phrase;
/// use annabella_phonetic::{Command, Language, Lexicon};
/// use shakmaty::Rank;
/// let de = Lexicon::get(Language::De);
/// assert_eq!(phrase(de, &Command::ReadRank(Rank::Third)).as_deref(), Some("Reihe drei"));
/// assert_eq!(phrase(de, &Command::WhoseTurn).as_deref(), Some("wer ist am Zug"));
/// ```
pub fn phrase(lexicon: &Lexicon, command: &Command) -> Option<String> {
    let rank = match command {
        Command::ReadRank(r) => Some(lexicon.rank_name(*r)),
        _ => None,
    };
    lexicon
        .command_templates()
        .iter()
        .filter_map(|t| match (t.contains("{rank}"), rank) {
            (true, Some(r)) => Some(t.replace("{rank}", r)),
            (false, _) if !t.contains('{') => Some((*t).to_owned()),
            _ => None,
        })
        .find(|text| {
            parse(lexicon, text).is_ok_and(|u| matches!(u, Utterance::Command(c) if c == *command))
        })
}

#[cfg(test)]
mod tests {
    use annabella_phonetic::Language;
    use shakmaty::Rank;

    use super::*;

    #[test]
    fn brltty_commands_become_display_keys() {
        let cmd = |n: u64| DisplayKey::from_brlapi(TYPE_CMD | n);
        assert_eq!(cmd(23), Some(DisplayKey::PanLeft));
        assert_eq!(cmd(1), Some(DisplayKey::LineUp));
        assert_eq!(cmd(2), Some(DisplayKey::LineDown));
        assert_eq!(cmd(9), Some(DisplayKey::Top));
        assert_eq!(cmd(10), Some(DisplayKey::Bottom));
        assert_eq!(cmd(63), Some(DisplayKey::SayLine));
        assert_eq!(cmd(81), Some(DisplayKey::Time));
        assert_eq!(cmd(50), Some(DisplayKey::Info));
        assert_eq!(cmd(ROUTE_BLOCK | 39), Some(DisplayKey::Route(39)));
        // HOME, another block, a typed character (not a command) are not the table's.
        assert_eq!(cmd(29), None);
        assert_eq!(cmd(0x2_0000), None);
        assert_eq!(DisplayKey::from_brlapi(0x61), None);
        // Flags (upper 32 bits) do not change the command.
        assert_eq!(
            DisplayKey::from_brlapi((1 << 40) | TYPE_CMD | 24),
            Some(DisplayKey::PanRight)
        );
    }

    #[test]
    fn key_names_are_brlttys_command_names() {
        assert_eq!(DisplayKey::from_name(" fwinrt "), Ok(DisplayKey::PanRight));
        assert_eq!(DisplayKey::from_name("BOT"), Ok(DisplayKey::Bottom));
        assert_eq!(DisplayKey::from_name("say_line"), Ok(DisplayKey::SayLine));
        assert_eq!(DisplayKey::from_name("Route 12"), Ok(DisplayKey::Route(12)));
        let e = DisplayKey::from_name("ROUTE x").unwrap_err();
        assert_eq!(e, KeyNameError::Cell("X".into()));
        assert_eq!(e.to_string(), "ROUTE X: expected a cell number");
        let e = DisplayKey::from_name("HOME").unwrap_err().to_string();
        assert!(e.contains("\"HOME\"") && e.contains("FWINRT"), "{e}");
        assert_eq!(
            DisplayKey::from_name("LNDN 2"),
            Err(KeyNameError::Unknown("LNDN 2".into()))
        );
        assert!(DisplayKey::from_name("").is_err());
    }

    #[test]
    fn every_key_question_has_words_in_each_language() {
        for language in Language::ALL {
            let lex = Lexicon::get(language);
            for command in [
                Command::RepeatLastMove,
                Command::AskTime,
                Command::WhoseTurn,
                Command::ReadRank(Rank::First),
                Command::ReadRank(Rank::Eighth),
            ] {
                let words = phrase(lex, &command)
                    .unwrap_or_else(|| panic!("{language:?}: no words for {command:?}"));
                assert_eq!(
                    parse(lex, &words),
                    Ok(Utterance::Command(command.clone())),
                    "{words}"
                );
            }
        }
        let en = Lexicon::get(Language::En);
        assert_eq!(
            phrase(en, &Command::ReadRank(Rank::Second)).as_deref(),
            Some("rank two")
        );
    }

    #[test]
    fn a_latvian_display_asks_in_latvian() {
        let lv = Lexicon::get(Language::Lv);
        for (command, words) in [
            (Command::WhoseTurn, "kam gājiens"),
            (Command::AskTime, "laiks"),
            (Command::RepeatLastMove, "atkārtot"),
            (Command::ReadRank(Rank::Third), "horizontāle drei"),
        ] {
            assert_eq!(phrase(lv, &command).as_deref(), Some(words), "{command:?}");
        }
    }
}
