//! What happens at a table and the views made of it, with no I/O: the shell's lines
//! ([`line`](mod@line): every input, effect and device report, with the heard words'
//! timings), the table's [`story`] told from them, and the arbiter console's view model —
//! the [`observer`] turning the table's view and the lines into a `ConsoleView` (both
//! boards as observed, the pieces on the peg board inferred by [`peg_pieces`]
//! (`annabella_table::detect`), the D.2.9 plan), and the console's requests as signed
//! table inputs ([`actions`]).

pub mod actions;
pub mod console_view;
pub mod line;
pub mod observer;
pub use annabella_table::detect::peg_pieces;
pub mod request;
pub mod story;

pub use console_view::{
    Alert, BoardsView, ClaimView, ClocksView, ConsoleView, LogEntry, MovesView, side_name,
};
pub use request::{ArbiterCommand, ArbiterRequest, Penalty};
#[cfg(test)]
mod tests;
