//! Serde through `Display` / `FromStr` for the shakmaty vocabulary types (squares, colours,
//! boards, UCI moves), so that typed fields are plain JSON strings such as `"e4"` or
//! `"white"`: `#[serde(with = "annabella_rules::text_serde")]` (`::option` for an
//! `Option`, `::vec` for a `Vec`). The one adapter of the workspace for such fields.

use std::{fmt::Display, str::FromStr};

use serde::{Deserialize, Deserializer, Serializer, de::Error};

/// Serialises a value as its `Display` text.
pub fn serialize<T: Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// Deserialises a value from its `FromStr` text.
pub fn deserialize<'de, T, D>(d: D) -> Result<T, D::Error>
where
    T: FromStr,
    T::Err: Display,
    D: Deserializer<'de>,
{
    let text = String::deserialize(d)?;
    text.parse()
        .map_err(|e| D::Error::custom(format!("{text:?}: {e}")))
}

/// The same for an `Option`.
pub mod option {
    use super::*;

    /// Serialises `Some(value)` as its text, `None` as null.
    pub fn serialize<T: Display, S: Serializer>(
        value: &Option<T>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match value {
            Some(v) => s.collect_str(v),
            None => s.serialize_none(),
        }
    }

    /// Deserialises null as `None`, text as `Some`.
    pub fn deserialize<'de, T, D>(d: D) -> Result<Option<T>, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        match Option::<String>::deserialize(d)? {
            None => Ok(None),
            Some(text) => text
                .parse()
                .map(Some)
                .map_err(|e| D::Error::custom(format!("{text:?}: {e}"))),
        }
    }
}

/// The same for a `Vec`.
pub mod vec {
    use super::*;
    use serde::ser::SerializeSeq;

    /// Serialises each element as its text.
    pub fn serialize<T: Display, S: Serializer>(value: &[T], s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(value.len()))?;
        for v in value {
            seq.serialize_element(&v.to_string())?;
        }
        seq.end()
    }

    /// Deserialises each element from its text.
    pub fn deserialize<'de, T, D>(d: D) -> Result<Vec<T>, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        Vec::<String>::deserialize(d)?
            .into_iter()
            .map(|text| {
                text.parse()
                    .map_err(|e| D::Error::custom(format!("{text:?}: {e}")))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};
    use shakmaty::{Board, Color, Square};

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Typed {
        #[serde(with = "super")]
        color: Color,
        #[serde(with = "super")]
        board: Board,
        #[serde(with = "super::option")]
        square: Option<Square>,
        #[serde(with = "super::vec")]
        squares: Vec<Square>,
    }

    #[test]
    fn typed_fields_are_their_text_both_ways() {
        let json =
            r#"{"color":"black","board":"8/8/8/8/8/8/8/K6k","square":null,"squares":["e2","e4"]}"#;
        let typed: Typed = serde_json::from_str(json).expect("reads");
        assert_eq!(typed.color, Color::Black);
        assert_eq!(typed.squares, [Square::E2, Square::E4]);
        assert_eq!(serde_json::to_string(&typed).expect("writes"), json);
    }

    #[test]
    fn bad_text_is_named() {
        let json = r#"{"color":"red","board":"8/8/8/8/8/8/8/8","square":"e9","squares":[]}"#;
        let err = serde_json::from_str::<Typed>(json).expect_err("red is no colour");
        assert!(err.to_string().starts_with("\"red\": "), "{err}");
    }
}
