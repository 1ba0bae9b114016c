//! The workspace's own source files, for the tests that read them (the architecture and
//! the library errors tests).

use std::path::{Path, PathBuf};

/// The `.rs` files below `dir`, without unit-test files (`tests.rs`, a `tests` folder),
/// appended to `out`.
pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("a source entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            if name != "tests" {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") && name != "tests.rs" {
            out.push(path);
        }
    }
}
