//! The `annabella` binary links libvosk (through annabella-speech): this sets its rpath so
//! it runs without `LD_LIBRARY_PATH`. (A dependency's `rustc-link-arg` does not reach
//! this package.)
//!
//! Search order of the dynamic loader, first hit wins:
//! 1. `$ORIGIN/../lib/annabella` — an installed binary (`/usr/bin` → `/usr/lib/annabella`,
//!    the Debian package's layout);
//! 2. `$ORIGIN` — libvosk.so copied beside the binary;
//! 3. `VOSK_LIB_DIR` when set at build time (`cargo install --path .`), else this
//!    checkout's `.local/vosk` (scripts/setup.sh): builds and tests run from the checkout.
//!
//! `scripts/package.sh` drops entry 3 from the packaged binary (patchelf), so an installed
//! annabella never depends on a build checkout.

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
    println!(
        "cargo:rustc-link-arg=-Wl,-rpath,{}:{}",
        INSTALLED_RPATH,
        dir.display()
    );
}

/// The rpath entries of an installed binary (kept by `scripts/package.sh`).
const INSTALLED_RPATH: &str = "$ORIGIN/../lib/annabella:$ORIGIN";
