//! Which Laws apply: the edition of the FIDE Laws and the rate of play.
//!
//! Penalties and a few rulings differ between editions (the 2023 Laws give +1 minute
//! instead of +2 in rapid and blitz) and between rates of play (Appendices A and B).

use std::{fmt, str::FromStr};

/// An edition of the FIDE Laws of Chess.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub enum Edition {
    /// The Laws in force from 1 January 2018.
    Laws2018,
    /// The Laws in force from 1 January 2023.
    #[default]
    Laws2023,
}

/// The rate of play of a game (Law 6, Appendices A and B).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub enum RateOfPlay {
    /// Standard play: more than 60 minutes per player (base + 60 × increment).
    #[default]
    Standard,
    /// Rapid play: more than 10 and less than 60 minutes per player (Appendix A.1).
    Rapid,
    /// Blitz: at most 10 minutes per player (Appendix B).
    Blitz,
}

/// An edition or rate of play that is not known.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} {:?} (expected {expected})", crate::excerpt(.text))]
pub struct ParseLawsError {
    what: &'static str,
    text: String,
    expected: &'static str,
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Edition::Laws2018 => "2018",
            Edition::Laws2023 => "2023",
        })
    }
}

impl FromStr for Edition {
    type Err = ParseLawsError;

    /// Parses `2018` or `2023`.
    ///
    /// # Examples
    ///
    /// ```
    /// use annabella_rules::Edition;
    /// assert_eq!("2018".parse::<Edition>()?, Edition::Laws2018);
    /// # Ok::<_, annabella_rules::ParseLawsError>(())
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "2018" => Ok(Edition::Laws2018),
            "2023" => Ok(Edition::Laws2023),
            other => Err(ParseLawsError {
                what: "edition",
                text: other.to_owned(),
                expected: "2018 or 2023",
            }),
        }
    }
}

impl fmt::Display for RateOfPlay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RateOfPlay::Standard => "standard",
            RateOfPlay::Rapid => "rapid",
            RateOfPlay::Blitz => "blitz",
        })
    }
}

impl FromStr for RateOfPlay {
    type Err = ParseLawsError;

    /// Parses `standard`, `rapid` or `blitz` (any case).
    ///
    /// # Examples
    ///
    /// ```
    /// use annabella_rules::RateOfPlay;
    /// assert_eq!("Blitz".parse::<RateOfPlay>()?, RateOfPlay::Blitz);
    /// # Ok::<_, annabella_rules::ParseLawsError>(())
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "standard" | "classical" => Ok(RateOfPlay::Standard),
            "rapid" => Ok(RateOfPlay::Rapid),
            "blitz" => Ok(RateOfPlay::Blitz),
            _ => Err(ParseLawsError {
                what: "rate of play",
                text: s.trim().to_owned(),
                expected: "standard, rapid or blitz",
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_round_trips() {
        for e in [Edition::Laws2018, Edition::Laws2023] {
            assert_eq!(e.to_string().parse::<Edition>(), Ok(e));
        }
        for r in [RateOfPlay::Standard, RateOfPlay::Rapid, RateOfPlay::Blitz] {
            assert_eq!(r.to_string().parse::<RateOfPlay>(), Ok(r));
        }
    }

    #[test]
    fn unknown_names_are_errors_naming_the_text() {
        let err = "2020".parse::<Edition>().unwrap_err();
        assert!(err.to_string().contains("\"2020\""), "{err}");
        assert!("bullet".parse::<RateOfPlay>().is_err());
    }
}
