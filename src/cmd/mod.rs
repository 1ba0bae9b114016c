//! The subcommands, one module each: flags (clap `Args`) and a `run` that wires crates.
pub mod clock;
pub mod console;
pub mod devices;
pub mod grammar;
pub mod listen;
pub mod parse;
pub mod reconcile;
pub mod replay;
pub mod say;
pub mod sim;
pub mod unwinnable;
