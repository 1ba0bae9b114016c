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
pub fn check_table_name(name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("a table needs a name (e.g. \"3\")".into());
    }
    if name.len() > 64 {
        return Err(format!("{} characters; at most 64", name.len()));
    }
    if let Some(c) = name
        .chars()
        .find(|c| matches!(c, '/' | '+' | '#') || c.is_control())
    {
        return Err(format!("{c:?} cannot be part of an MQTT topic level"));
    }
    Ok(())
}

/// Splits a topic into its kind and table, or says why it is not one of ours.
pub fn parse(topic: &str) -> Result<(Kind, &str), String> {
    let mut parts = topic.split('/');
    let (Some(root), Some(kind), Some(table), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(format!("topic {topic:?} is not {ROOT}/<event>/<table>"));
    };
    if root != ROOT {
        return Err(format!("topic {topic:?} is not under {ROOT}/"));
    }
    let kind = Kind::ALL
        .into_iter()
        .find(|k| k.name() == kind)
        .ok_or_else(|| format!("topic {topic:?}: unknown event {kind:?}"))?;
    check_table_name(table).map_err(|e| format!("topic {topic:?}: table {table:?}: {e}"))?;
    Ok((kind, table))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn topics_round_trip() {
        for kind in Kind::ALL {
            assert_eq!(parse(&topic(kind, "3")), Ok((kind, "3")));
        }
    }

    #[test]
    fn foreign_topics_are_named() {
        assert!(
            parse("annabella/move")
                .unwrap_err()
                .contains("annabella/move")
        );
        assert!(parse("other/move/3").is_err());
        assert!(parse("annabella/gossip/3").unwrap_err().contains("gossip"));
        assert!(parse("annabella/move/3/x").is_err());
        assert!(check_table_name("a/b").is_err());
        assert!(check_table_name("").is_err());
    }
}
