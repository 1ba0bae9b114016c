//! Serde for shakmaty's `Color` as its name (`"white"`, `"black"`), the JSON the devices'
//! events and script actions have always used.

use serde::{Deserialize, Deserializer, Serializer, de::Error};
use shakmaty::Color;

/// Serialises a colour as `"white"` or `"black"`.
pub(crate) fn serialize<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(c)
}

/// Deserialises `"white"` or `"black"`.
pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
    let text = String::deserialize(d)?;
    text.parse()
        .map_err(|_| D::Error::custom(format!("{text:?}: expected white or black")))
}
