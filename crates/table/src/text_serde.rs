//! Serde through `Display` / `FromStr` for the shakmaty vocabulary types (squares, colours,
//! UCI moves), so that inputs and effects are plain JSON strings such as `"e4"`.

use std::{fmt::Display, str::FromStr};

use serde::{Deserialize, Deserializer, Serializer, de::Error};

/// Serialises a value as its `Display` text.
pub(crate) fn serialize<T: Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// Deserialises a value from its `FromStr` text.
pub(crate) fn deserialize<'de, T, D>(d: D) -> Result<T, D::Error>
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
pub(crate) mod option {
    use super::*;

    /// Serialises `Some(value)` as its text, `None` as null.
    pub(crate) fn serialize<T: Display, S: Serializer>(
        value: &Option<T>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match value {
            Some(v) => s.collect_str(v),
            None => s.serialize_none(),
        }
    }

    /// Deserialises null as `None`, text as `Some`.
    pub(crate) fn deserialize<'de, T, D>(d: D) -> Result<Option<T>, D::Error>
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
pub(crate) mod vec {
    use super::*;
    use serde::ser::SerializeSeq;

    /// Serialises each element as its text.
    pub(crate) fn serialize<T: Display, S: Serializer>(
        value: &[T],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(value.len()))?;
        for v in value {
            seq.serialize_element(&v.to_string())?;
        }
        seq.end()
    }

    /// Deserialises each element from its text.
    pub(crate) fn deserialize<'de, T, D>(d: D) -> Result<Vec<T>, D::Error>
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
