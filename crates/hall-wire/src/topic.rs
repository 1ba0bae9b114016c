//! The topic tree: `annabella/<event>/<table>`. One level per part, so a subscriber picks
//! events (`annabella/alert/+`), tables (`annabella/+/3`) or everything (`annabella/#`).

use std::fmt;

use serde::{Deserialize, Serialize};

/// The first level of every topic.
pub const ROOT: &str = "annabella";

/// What a topic carries: its second level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A move with the clocks after it.
    Move,
    /// The kind of an announcement the table made (not its words).
    Announce,
    /// An arbiter alert.
    Alert,
    /// A claim waiting for the arbiter.
    Claim,
    /// The game's result.
    Result,
    /// The whole table as it is now (retained: a new subscriber gets it at once).
    View,
    /// A signed arbiter action from the hall to one table's station.
    Action,
}

impl Kind {
    /// Every kind, in topic-tree order.
    pub const ALL: [Kind; 7] = [
        Kind::Move,
        Kind::Announce,
        Kind::Alert,
        Kind::Claim,
        Kind::Result,
        Kind::View,
        Kind::Action,
    ];

    /// The topic level.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Move => "move",
            Kind::Announce => "announce",
            Kind::Alert => "alert",
            Kind::Claim => "claim",
            Kind::Result => "result",
            Kind::View => "view",
            Kind::Action => "action",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The topic of `kind` for `table`.
pub fn topic(kind: Kind, table: &str) -> String {
    format!("{ROOT}/{kind}/{table}")
}

/// Why a table name cannot be a topic level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TableNameError {
    /// No name.
    #[error("a table needs a name (e.g. \"3\")")]
    Empty,
    /// Longer than 64 bytes (the bytes).
    #[error("{0} characters; at most 64")]
    TooLong(usize),
    /// A wildcard, the level separator, a control character or a bidirectional-text
    /// control (which would make the name read differently on the hall's page).
    #[error("{} cannot be part of a table name (an MQTT topic level)", forbidden(*.0))]
    Forbidden(char),
}

/// A forbidden character in words: the wildcards and the separator as themselves, a
/// control or bidirectional-text character by its code point (never the raw character).
fn forbidden(c: char) -> String {
    match c {
        '/' | '+' | '#' => format!("\"{c}\""),
        c if is_bidi_control(c) => format!("the bidirectional control U+{:04X}", c as u32),
        c => format!("the control character U+{:04X}", c as u32),
    }
}

/// A table's name as the hall protocol carries it: checked once where it enters
/// ([`check_table_name`]: not empty, at most 64 bytes, no `/`, `+`, `#`, control or
/// bidirectional-text characters), so it is always a safe MQTT topic level and safe to
/// show. In JSON its text; in debug output the quoted text, as a `String` is.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct TableName(String);

impl TableName {
    /// The name as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for TableName {
    type Error = TableNameError;

    fn try_from(name: String) -> Result<TableName, TableNameError> {
        check_table_name(&name)?;
        Ok(TableName(name))
    }
}

impl std::str::FromStr for TableName {
    type Err = TableNameError;

    fn from_str(name: &str) -> Result<TableName, TableNameError> {
        TableName::try_from(name.to_owned())
    }
}

impl From<TableName> for String {
    fn from(name: TableName) -> String {
        name.0
    }
}

impl std::ops::Deref for TableName {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for TableName {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl std::borrow::Borrow<str> for TableName {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl PartialEq<str> for TableName {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for TableName {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl fmt::Debug for TableName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl fmt::Display for TableName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Whether `c` changes the direction text is shown in (Unicode bidirectional controls
/// and marks): a name holding one reads differently from what it is.
fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
    )
}

/// Why a topic is not one of ours.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TopicError {
    /// Not three levels.
    #[error("topic {0:?} is not {ROOT}/<event>/<table>")]
    Shape(String),
    /// Under another root.
    #[error("topic {0:?} is not under {ROOT}/")]
    Root(String),
    /// An event kind we do not publish.
    #[error("topic {topic:?}: unknown event {event:?}")]
    Event {
        /// The topic.
        topic: String,
        /// Its event level.
        event: String,
    },
    /// A table level that is no table name.
    #[error("topic {topic:?}: table {table:?}: {error}")]
    Table {
        /// The topic.
        topic: String,
        /// Its table level.
        table: String,
        /// Why it is no name.
        error: TableNameError,
    },
}

/// Why a table name cannot be a topic level.
///
/// # Errors
/// Empty, over 64 bytes, or holding `/`, `+`, `#`, a control character or a
/// bidirectional-text control.
pub fn check_table_name(name: &str) -> Result<(), TableNameError> {
    if name.is_empty() {
        return Err(TableNameError::Empty);
    }
    if name.len() > 64 {
        return Err(TableNameError::TooLong(name.len()));
    }
    if let Some(c) = name
        .chars()
        .find(|&c| matches!(c, '/' | '+' | '#') || c.is_control() || is_bidi_control(c))
    {
        return Err(TableNameError::Forbidden(c));
    }
    Ok(())
}

/// Splits a topic into its kind and table, or says why it is not one of ours.
///
/// # Errors
/// [`TopicError`]: which level is wrong.
pub fn parse(topic: &str) -> Result<(Kind, TableName), TopicError> {
    let mut parts = topic.split('/');
    let (Some(root), Some(kind), Some(table), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(TopicError::Shape(topic.to_owned()));
    };
    if root != ROOT {
        return Err(TopicError::Root(topic.to_owned()));
    }
    let kind = Kind::ALL
        .into_iter()
        .find(|k| k.name() == kind)
        .ok_or_else(|| TopicError::Event {
            topic: topic.to_owned(),
            event: kind.to_owned(),
        })?;
    let name = table.parse().map_err(|error| TopicError::Table {
        topic: topic.to_owned(),
        table: table.to_owned(),
        error,
    })?;
    Ok((kind, name))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_table_name_is_checked_once_where_it_enters_and_is_its_text_on_the_wire() {
        let name: TableName = "board-7".parse().unwrap();
        assert_eq!(name, "board-7");
        assert_eq!(serde_json::to_string(&name).unwrap(), "\"board-7\"");
        assert_eq!(
            serde_json::from_str::<TableName>("\"board-7\"").unwrap(),
            name
        );
        for (bad, why) in [
            ("", TableNameError::Empty),
            ("a/b", TableNameError::Forbidden('/')),
            ("#", TableNameError::Forbidden('#')),
            ("7\n", TableNameError::Forbidden('\n')),
            ("7\u{202E}1", TableNameError::Forbidden('\u{202E}')),
            ("\u{2066}7", TableNameError::Forbidden('\u{2066}')),
        ] {
            assert_eq!(bad.parse::<TableName>(), Err(why), "{bad:?}");
            let json = serde_json::to_string(bad).unwrap();
            assert!(serde_json::from_str::<TableName>(&json).is_err(), "{bad:?}");
        }
        assert_eq!(
            "x".repeat(65).parse::<TableName>(),
            Err(TableNameError::TooLong(65))
        );
        assert!("x".repeat(64).parse::<TableName>().is_ok());
    }

    use super::*;

    #[test]
    fn topics_round_trip() {
        for kind in Kind::ALL {
            assert_eq!(parse(&topic(kind, "3")), Ok((kind, "3".parse().unwrap())));
        }
    }

    #[test]
    fn foreign_topics_are_named() {
        assert_eq!(
            parse("annabella/move").unwrap_err().to_string(),
            "topic \"annabella/move\" is not annabella/<event>/<table>"
        );
        assert_eq!(
            parse("other/move/3"),
            Err(TopicError::Root("other/move/3".into()))
        );
        let gossip = parse("annabella/gossip/3").unwrap_err().to_string();
        assert!(gossip.contains("gossip"), "{gossip}");
        assert!(parse("annabella/move/3/x").is_err());
        assert_eq!(check_table_name("a/b"), Err(TableNameError::Forbidden('/')));
        assert_eq!(check_table_name(""), Err(TableNameError::Empty));
    }
}
