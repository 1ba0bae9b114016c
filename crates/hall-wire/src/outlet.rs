//! Where the links' and the programs' lines go: a [`Report`] of a problem a link survives
//! (it retries), and the [`Outlets`] of `annabella hall` and `hall publish`.

/// A problem a link (outbox, inbox, subscriber, push) reports and survives (it retries).
pub type Report = Box<dyn Fn(String) + Send + Sync>;

/// Where the programs' lines go.
#[derive(Debug, Clone, Copy)]
pub struct Outlets {
    /// Log lines (a broker lost, a message refused).
    pub log: fn(String),
    /// What the user is told once: addresses, records at the broker.
    pub banner: fn(&str),
    /// With `--json`: one JSON line per event.
    pub news: Option<fn(&str)>,
}
