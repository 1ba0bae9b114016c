//! The subcommands, one module each: flags (clap `Args`) and a `run` that wires crates.
pub mod clock;
pub mod console;
pub mod demo;
pub mod devices;
pub mod export;
pub mod grammar;
pub mod hall;
pub mod hall_bench;
pub mod journal;
pub mod listen;
pub mod parse;
pub mod play;
pub mod reconcile;
pub mod replay;
pub mod say;
pub mod sim;
pub mod unwinnable;
