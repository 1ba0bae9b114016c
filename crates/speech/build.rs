//! Links libvosk: from `VOSK_LIB_DIR`, else the repository's `.local/vosk` (filled by
//! `scripts/setup.sh`). Emits the search path for the linker and an rpath for this
//! crate's tests and benches, so they run without `LD_LIBRARY_PATH`.
//! (`rustc-link-arg` does not reach dependents: the root package has its own build.rs.)

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=VOSK_LIB_DIR");
    let dir = match std::env::var_os("VOSK_LIB_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => {
            let manifest = PathBuf::from(
                std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
            );
            manifest.join("../../.local/vosk")
        }
    };
    let dir = dir.canonicalize().unwrap_or(dir);
    if !dir.join("libvosk.so").is_file() {
        println!(
            "cargo:warning=libvosk.so not found in {}: run scripts/setup.sh (or set VOSK_LIB_DIR)",
            dir.display()
        );
    }
    println!(
        "cargo:rerun-if-changed={}",
        dir.join("libvosk.so").display()
    );
    println!("cargo:rustc-link-search=native={}", dir.display());
    println!("cargo:rustc-link-lib=dylib=vosk");
    // Reaches this package's unit tests, integration tests and benches.
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
    println!("cargo:rustc-env=ANNABELLA_VOSK_LIB_DIR={}", dir.display());
}
