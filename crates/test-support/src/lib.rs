//! Helpers shared by annabella's tests (a dev-dependency only): headless Chromium
//! through chromedriver ([`browser`]), the axe-core accessibility check and keyboard
//! walks of a page ([`axe`], [`keyboard`]), and Korean speech with the Korean Vosk model
//! for the speech tests ([`korean`]), child processes with a deadline ([`process`]),
//! waits on a condition ([`wait`]), raw HTTP exchanges ([`http`]) and checks computed
//! from a screenshot's pixels ([`pixels`]), the workspace's own source files
//! ([`source`]), a published OpenAPI description as the judge of a stand-in server's
//! traffic ([`openapi`]) and a stand-in Lichess Board API ([`lichess`]). Missing tools fail with what to install; nothing
//! is skipped.

pub mod axe;
pub mod browser;
pub mod http;
pub mod keyboard;
pub mod korean;
pub mod lichess;
pub mod openapi;
pub mod pixels;
pub mod process;
pub mod source;
pub mod wait;

use std::path::PathBuf;

/// The workspace's root directory (where `.local/` and `target/` are).
pub fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}
