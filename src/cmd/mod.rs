//! The subcommands, one module each: flags (clap `Args`) and a `run` that wires crates.
pub mod clock;
pub mod console;
pub mod demo;
pub mod devices;
pub mod doctor;
pub mod export;
pub mod grammar;
pub mod hall;
pub mod init;
pub mod journal;
pub mod listen;
pub mod pairings;
pub mod parse;
pub mod play;
pub mod reconcile;
pub mod replay;
pub mod review;
pub mod say;
pub mod sim;
pub mod unwinnable;

/// `println!` that hands a failed write (standard output closed: `| head -1`) to the
/// command as its error instead of panicking; `main` ends such a command quietly.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*)?
    }};
}
pub(crate) use out;

/// Exit status of a command that read a damaged journal: what was before the damage was
/// shown, and the damage was named on standard error.
pub const DAMAGED: u8 = 3;

/// `text` quoted for an error message, cut as [`annabella_rules::excerpt`] cuts it, with
/// its size when cut: an error names the bad input without echoing a whole file of it.
pub fn quoted(text: &str) -> String {
    match annabella_rules::excerpt(text) {
        std::borrow::Cow::Borrowed(all) => format!("{all:?}"),
        std::borrow::Cow::Owned(cut) => format!("{cut:?} ({} bytes)", text.len()),
    }
}
