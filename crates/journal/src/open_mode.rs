//! How to open a journal.

/// How to open a journal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpenMode {
    /// Create the file if missing; set a torn last record aside; append. Any other damage
    /// is an error.
    ReadWrite,
    /// Only read an existing file (replay, export): nothing is changed or created on disk;
    /// damage is salvaged and reported in the [`Recovery`](crate::Recovery).
    ReadOnly,
}
