//! Reconciling the two boards of a game between a visually impaired and a sighted player
//! (FIDE Laws, Appendix D, rule 2.9): given both scoresheets and both boards as they
//! stand, find where they part, which case of the Law applies, the exact piece handling
//! that puts each board right (as data and in German and English words), and the clock
//! readings to set when the game goes back.
//!
//! Pure: no I/O, no clock. Time comes in as recorded readings.
//!
//! ```
//! use annabella_arbiter::{reconcile, Case, Evidence, Player, Record};
//! use shakmaty::{Board, Chess};
//! let vi: Vec<String> = ["e4", "e5", "Nf3", "Nc6"].map(String::from).to_vec();
//! let sighted: Vec<String> = ["e4", "e5", "Nf3", "Nf6"].map(String::from).to_vec();
//! let after_nf3: Board = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R".parse()?;
//! let after_nc6: Board = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R".parse()?;
//! let after_nf6: Board = "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R".parse()?;
//! let plan = reconcile(&Evidence {
//!     start: Chess::default(),
//!     vi: Record { scoresheet: vi, board: after_nc6.clone() },
//!     sighted: Record { scoresheet: sighted, board: after_nf6.clone() },
//!     clocks: vec![],
//! });
//! assert_eq!(plan.case, Case::ScoresheetsDiffer);
//! assert_eq!((plan.diverge_ply, plan.target_ply), (Some(4), 3));
//! assert_eq!(plan.apply(Player::Vi, &after_nc6).expect("fits"), after_nf3);
//! assert_eq!(plan.apply(Player::Sighted, &after_nf6).expect("fits"), after_nf3);
//! # Ok::<_, shakmaty::fen::ParseFenError>(())
//! ```

pub use shakmaty;

pub mod entry;
pub mod line;
pub mod pgn;
pub mod plan;
pub mod player;
pub mod reconcile;
pub mod restore;
pub mod words;

pub use entry::{Entry, EntryError, ParseEntryError, resolve_entry};
pub use plan::{BoardFix, Case, ClockProposal, ClockReading, Finding, FindingKind, Plan};
pub use player::{Player, Words};
pub use reconcile::{Evidence, Record, reconcile};
pub use restore::{ApplyError, Instruction, RestoreStep, StepError, apply_steps, restore};
pub use words::{BoardText, PlanText, plan_text};
