//! What the arbiter is told: the case under Law D.2.9, what went wrong where, the piece
//! handling that puts each board right, and the clock readings to set.

use serde::{Deserialize, Serialize};
use shakmaty::{Board, Square, fen::Fen};

use crate::{
    entry::EntryError,
    player::{Player, Words},
    restore::{ApplyError, Instruction, RestoreStep, apply_steps},
};

/// The case of Law D.2.9 (Appendix D, play with VI players) that applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Case {
    /// Both boards show the position both scoresheets record: nothing to put right
    /// (a scoresheet may still lack its last moves; see the findings).
    Agreement,
    /// The scoresheets agree and a board differs from them: the player who recorded
    /// the right move but executed another puts their board right.
    ScoresheetsAgree,
    /// The scoresheets differ and the boards do not show one agreed game: the game goes
    /// back to the last ply where the scoresheets agree, and the clocks are set for it.
    ScoresheetsDiffer,
    /// The boards agree with each other and with one scoresheet's game; the other
    /// scoresheet is wrong and is corrected (no board moves; Law 8.1 rather than D.2.9).
    BoardsAgree,
}

/// What went wrong, as data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum FindingKind {
    /// A board shows the position of an earlier ply: the moves from `ply` on were made on
    /// the other board only.
    MoveOnOneBoardOnly {
        /// The board that lacks the moves.
        board: Player,
        /// The first ply not made on it.
        ply: u32,
        /// The moves it lacks (SAN).
        moves: Vec<String>,
    },
    /// A board shows another move than the one recorded for the last ply.
    WrongMoveExecuted {
        /// The board.
        board: Player,
        /// The ply.
        ply: u32,
        /// The move both scoresheets record (SAN).
        recorded: String,
        /// The move the board shows (SAN).
        executed: String,
    },
    /// A board matches no position near the recorded game: pieces are misplaced.
    BoardDisturbed {
        /// The board.
        board: Player,
        /// The last ply that moved a piece on one of the wrong squares (0: none did):
        /// the board went wrong at that ply or later.
        since_ply: u32,
        /// The squares that are wrong.
        #[serde(with = "annabella_rules::text_serde::vec")]
        squares: Vec<Square>,
    },
    /// A scoresheet lacks the last moves, which the other scoresheet and a board show.
    UnrecordedMoves {
        /// The scoresheet.
        sheet: Player,
        /// The first ply it lacks.
        ply: u32,
        /// The moves to record (SAN).
        moves: Vec<String>,
    },
    /// A scoresheet records moves that no board shows (written before they were made,
    /// Law 8.1.2); they are struck out.
    MovesNotPlayed {
        /// The scoresheet.
        sheet: Player,
        /// The first ply no board shows.
        ply: u32,
        /// The entries as written.
        entries: Vec<String>,
    },
    /// A scoresheet lacks one move in the middle; the entries after it are shifted.
    MissingMove {
        /// The scoresheet.
        sheet: Player,
        /// The ply it lacks.
        ply: u32,
        /// The missing move (SAN).
        san: String,
    },
    /// Two moves are recorded in the wrong order.
    SwappedMoves {
        /// The scoresheet in the wrong order; `None` when both orders reach the same
        /// position and the boards cannot tell.
        sheet: Option<Player>,
        /// The two plies.
        plies: [u32; 2],
        /// The moves at those plies in the game taken as right (SAN).
        moves: [String; 2],
    },
    /// A scoresheet records a move that is not legal at that ply (or cannot be read).
    IllegalMove {
        /// The scoresheet.
        sheet: Player,
        /// The ply.
        ply: u32,
        /// The entry as written.
        entry: String,
        /// Why it is no move.
        reason: EntryError,
    },
    /// The scoresheets record different moves at the same ply.
    DifferentMove {
        /// The ply.
        ply: u32,
        /// The VI player's entry.
        vi: String,
        /// The sighted player's entry.
        sighted: String,
    },
}

/// One finding: what went wrong, as data and in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finding {
    /// What went wrong.
    #[serde(flatten)]
    pub kind: FindingKind,
    /// The same in words.
    pub words: Words,
}

/// The piece handling that puts one board right.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardFix {
    /// Whose board.
    pub board: Player,
    /// The steps, in order.
    pub steps: Vec<Instruction>,
    /// All steps in one sentence.
    pub words: Words,
}

/// Clock readings recorded after one ply (milliseconds left).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClockReading {
    /// White's time left.
    pub white_ms: u64,
    /// Black's time left.
    pub black_ms: u64,
}

/// The clocks the arbiter is proposed to set when the game goes back (Law D.2.9).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockProposal {
    /// The ply the readings belong to (the game continues after it).
    pub ply: u32,
    /// White's time left, when the journal has it for that ply.
    pub white_ms: Option<u64>,
    /// Black's time left.
    pub black_ms: Option<u64>,
    /// White's move counter after that ply.
    pub white_moves: u32,
    /// Black's move counter after that ply.
    pub black_moves: u32,
    /// The proposal in words.
    pub words: Words,
}

/// The arbiter's plan: the result of [`reconcile`](fn@crate::reconcile).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    /// The case of Law D.2.9.
    pub case: Case,
    /// The first ply (from 1) where a board or scoresheet parts from the agreed game;
    /// `None` when nothing differs. 0: a board was wrong from the start position.
    pub diverge_ply: Option<u32>,
    /// The ply the game continues from (0: the start position).
    pub target_ply: u32,
    /// The position both boards must show (in JSON its FEN, with the side to move).
    #[serde(with = "annabella_rules::text_serde")]
    pub target_fen: Fen,
    /// The agreed moves up to `target_ply` (SAN).
    pub agreed: Vec<String>,
    /// What went wrong.
    pub findings: Vec<Finding>,
    /// The boards to put right, with their steps (boards that are right are not listed).
    pub fix: Vec<BoardFix>,
    /// The clocks to set (when the game goes back).
    pub clocks: Option<ClockProposal>,
    /// The whole plan in a few sentences.
    pub summary: Words,
}

impl Plan {
    /// The board both players must have in front of them.
    pub fn target_board(&self) -> Board {
        self.target_fen.as_setup().board.clone()
    }

    /// The steps for one player's board (empty when it is right).
    pub fn steps_for(&self, board: Player) -> Vec<RestoreStep> {
        self.fix
            .iter()
            .filter(|f| f.board == board)
            .flat_map(|f| f.steps.iter().map(|i| i.step))
            .collect()
    }

    /// Carries out the plan's steps for one player's board on the board observed.
    ///
    /// # Errors
    /// A step that does not fit `observed` (the board changed since the plan was made).
    pub fn apply(&self, board: Player, observed: &Board) -> Result<Board, ApplyError> {
        apply_steps(observed, &self.steps_for(board))
    }
}
