//! The `annabella` binary links libvosk (through annabella-speech): this sets its rpath,
//! from `VOSK_LIB_DIR` or `.local/vosk` (scripts/setup.sh), so it runs without
//! `LD_LIBRARY_PATH`. (A dependency's `rustc-link-arg` does not reach this package.)

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=VOSK_LIB_DIR");
    println!("cargo:rerun-if-changed=build.rs");
    let dir = match std::env::var_os("VOSK_LIB_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default())
            .join(".local/vosk"),
    };
    let dir = dir.canonicalize().unwrap_or(dir);
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
}
