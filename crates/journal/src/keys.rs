//! What a read checks a file with.

use crate::{Version, secret::MacKey};

/// What a read checks a file with: its format, and the key of its MACs when the journal
/// is keyed and the table's secret was given.
#[derive(Clone, Copy)]
pub(crate) struct Keys<'a> {
    pub(crate) version: Version,
    pub(crate) key: Option<&'a MacKey>,
}
