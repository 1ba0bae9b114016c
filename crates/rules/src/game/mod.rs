//! One game under the Laws: position and move history, automatic endings, draw offers,
//! claims, resignation, flag fall and illegal-move penalties.
//!
//! The clock is kept apart ([`crate::Clock`]): the game tells what a claim or an illegal
//! move costs ([`Penalty`]) and the caller applies it to the clock.

mod outcome;
mod penalty;
mod repetition;
#[cfg(test)]
mod tests;

pub use outcome::{GameResult, Outcome, ParseResultError, ParseTerminationError, Termination};
pub use penalty::{ClaimKind, ClaimVerdict, IllegalKind, IllegalVerdict, Penalty, penalty_time};
pub use repetition::RepetitionKey;

use shakmaty::{
    ByColor, Chess, Color, Move, MoveList, Position, Role,
    san::{San, SanError},
};

use crate::{
    Edition, RateOfPlay,
    unwinnable::{self, Winnability},
};

/// Why the game refused an action.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The move is not legal in the current position.
    #[error("illegal move {0}")]
    Illegal(Move),
    /// The game is already over.
    #[error("the game is over: {0}")]
    Over(Outcome),
    /// Only the player having the move may do this (Laws 9.2, 9.3).
    #[error("{0} does not have the move")]
    NotOnMove(Color),
    /// The player touched a piece before claiming and lost the right to claim (Law 9.4).
    #[error("{0} touched a piece and lost the right to claim on this move")]
    ClaimRightLost(Color),
    /// There is no draw offer by the opponent to accept or decline.
    #[error("no draw offer by the opponent of {0} is pending")]
    NoOffer(Color),
    /// The move is not a pawn move to the last rank (Law 7.5.3).
    #[error("{0} is not a pawn move to the last rank")]
    NotAPromotion(Move),
    /// There is no such ply to go back to.
    #[error("cannot go back to ply {ply}: the game has {plies} plies")]
    NoSuchPly {
        /// The ply asked for.
        ply: usize,
        /// The plies played.
        plies: usize,
    },
}

/// One game under the FIDE Laws.
///
/// # Examples
///
/// ```
/// use annabella_rules::{Game, Edition, RateOfPlay, game::{Termination, GameResult}};
/// use annabella_rules::shakmaty::{san::San, Position};
/// let mut game = Game::new(Edition::Laws2023, RateOfPlay::Standard);
/// for san in ["f3", "e5", "g4", "Qh4"] {
///     let m = san.parse::<San>()?.to_move(game.position())?;
///     game.play(m)?;
/// }
/// let outcome = game.outcome().unwrap();
/// assert_eq!((outcome.result, outcome.termination), (GameResult::BlackWins, Termination::Checkmate));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    edition: Edition,
    rate: RateOfPlay,
    start: Chess,
    pos: Chess,
    legal: MoveList,
    moves: Vec<Move>,
    /// The repetition key of every position so far; `keys[i]` is the position after `i` plies.
    keys: Vec<RepetitionKey>,
    outcome: Option<Outcome>,
    draw_offer: Option<Color>,
    touched: Option<Color>,
    strikes: ByColor<u8>,
    /// While set (a replay), the legal moves are not kept and mate, stalemate and Law
    /// 5.2.2 wait for [`Game::finish_replay`].
    replaying: bool,
}

impl Game {
    /// A game from the standard starting position.
    pub fn new(edition: Edition, rate: RateOfPlay) -> Game {
        Game::from_position(Chess::default(), edition, rate)
    }

    /// A game from any legal position (a Chess960 start, an adjourned game …).
    pub fn from_position(pos: Chess, edition: Edition, rate: RateOfPlay) -> Game {
        Game::starting(pos, edition, rate, false)
    }

    /// A game for replaying a series of moves known to be legal in turn ([`Game::play_legal`]):
    /// only fivefold repetition and the 75-move rule are decided move by move; the rest
    /// waits for [`Game::finish_replay`].
    pub(crate) fn replaying(pos: Chess, edition: Edition, rate: RateOfPlay) -> Game {
        Game::starting(pos, edition, rate, true)
    }

    fn starting(pos: Chess, edition: Edition, rate: RateOfPlay, replaying: bool) -> Game {
        let mut game = Game {
            edition,
            rate,
            legal: pos.legal_moves(),
            keys: vec![RepetitionKey::of(&pos)],
            start: pos.clone(),
            pos,
            moves: Vec::new(),
            outcome: None,
            draw_offer: None,
            touched: None,
            strikes: ByColor::new_with(|_| 0),
            replaying,
        };
        game.outcome = game.automatic_ending();
        game
    }

    /// The edition of the Laws this game is played under.
    pub fn edition(&self) -> Edition {
        self.edition
    }

    /// The rate of play (standard, rapid, blitz).
    pub fn rate(&self) -> RateOfPlay {
        self.rate
    }

    /// The position the game started from.
    pub fn start(&self) -> &Chess {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Chess {
        &self.pos
    }

    /// The legal moves in the current position.
    pub fn legal_moves(&self) -> &MoveList {
        &self.legal
    }

    /// The legal move a SAN stands for, found among the legal moves already known
    /// (shakmaty's `San::to_move` would generate them again).
    ///
    /// # Errors
    ///
    /// [`SanError::IllegalSan`] when no legal move fits, [`SanError::AmbiguousSan`] when
    /// more than one does.
    pub fn move_from_san(&self, san: San) -> Result<Move, SanError> {
        let to = match san {
            San::Normal { to, .. } | San::Put { to, .. } => Some(to),
            San::Castle(_) | San::Null => None,
        };
        let mut fitting = self
            .legal
            .iter()
            .filter(|&&m| to.is_none_or(|to| m.to() == to) && san.matches(m));
        match (fitting.next(), fitting.next()) {
            (Some(&m), None) => Ok(m),
            (Some(_), Some(_)) => Err(SanError::AmbiguousSan),
            (None, _) => Err(SanError::IllegalSan),
        }
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.pos.turn()
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// How many plies (half-moves) have been played.
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// The player whose draw offer is pending, if any.
    pub fn pending_draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    /// How many illegal moves `color` has completed (Law 7.5.5).
    pub fn strikes(&self, color: Color) -> u8 {
        self.strikes[color]
    }

    fn ensure_running(&self) -> Result<(), GameError> {
        match self.outcome {
            Some(outcome) => Err(GameError::Over(outcome)),
            None => Ok(()),
        }
    }

    /// Plays a legal move; returns the automatic ending it caused (checkmate, stalemate,
    /// dead position, fivefold repetition, 75 moves), if any.
    ///
    /// # Errors
    ///
    /// [`GameError::Illegal`] if the move is not legal (nothing changes),
    /// [`GameError::Over`] if the game has ended.
    pub fn play(&mut self, m: Move) -> Result<Option<Outcome>, GameError> {
        self.ensure_running()?;
        if !self.legal.contains(&m) {
            return Err(GameError::Illegal(m));
        }
        Ok(self.play_legal(m))
    }

    /// Plays a move that is legal in the current position (the game is running).
    pub(crate) fn play_legal(&mut self, m: Move) -> Option<Outcome> {
        let mover = self.pos.turn();
        let before = self.pos.clone();
        self.pos.play_unchecked(m);
        let key = RepetitionKey::after(&before, self.key(), m, &self.pos);
        self.moves.push(m);
        self.keys.push(key);
        self.touched = None;
        if self.draw_offer == Some(!mover) {
            // Law 9.1.2.3: the offer lapses when the opponent moves instead of accepting.
            self.draw_offer = None;
        }
        if self.replaying {
            // Provisional: a mate on the same move takes precedence in `finish_replay`.
            self.outcome = self.counted_ending();
        } else {
            self.legal = self.pos.legal_moves();
            self.outcome = self.automatic_ending();
        }
        self.outcome
    }

    /// The repetition key of the current position.
    fn key(&self) -> RepetitionKey {
        *self.keys.last().expect("the start key is always there")
    }

    /// How many times the current position has appeared (Law 9.2.2), counting this one.
    pub fn repetitions(&self) -> usize {
        let window = self.pos.halfmoves() as usize + 1;
        repetition::count(&self.keys, self.key(), window)
    }

    /// The endings that happen by themselves, checkmate first (Laws 5.1.1, 5.2, 9.6).
    fn automatic_ending(&self) -> Option<Outcome> {
        self.ending_on_the_board().or_else(|| {
            self.is_dead()
                .then(|| Outcome::draw(Termination::DeadPosition))
        })
    }

    /// Mate, stalemate, fivefold repetition and 75 moves: all but Law 5.2.2.
    fn ending_on_the_board(&self) -> Option<Outcome> {
        if self.legal.is_empty() {
            Some(if self.pos.is_check() {
                Outcome::win(!self.pos.turn(), Termination::Checkmate)
            } else {
                Outcome::draw(Termination::Stalemate)
            })
        } else {
            self.counted_ending()
        }
    }

    /// Fivefold repetition and the 75-move rule (Law 9.6), which only count.
    fn counted_ending(&self) -> Option<Outcome> {
        // A fifth occurrence needs at least 16 reversible plies since the first.
        if self.pos.halfmoves() >= 16 && self.repetitions() >= 5 {
            Some(Outcome::draw(Termination::FivefoldRepetition))
        } else if self.pos.halfmoves() >= 150 {
            Some(Outcome::draw(Termination::SeventyFiveMoves))
        } else {
            None
        }
    }

    /// Law 5.2.2. The full helpmate search runs at the start and after every capture or
    /// pawn move (the half-move clock is reset): that is where positions die. After other
    /// moves only the fast, sound check runs; a position that dies by a piece move alone
    /// and escapes it is found at the next capture or pawn move (a dead position stays
    /// dead), and flag fall, resignation and illegal moves always search in full.
    fn is_dead(&self) -> bool {
        if self.replaying {
            false
        } else if self.moves.is_empty() || self.pos.halfmoves() == 0 {
            unwinnable::is_dead_position(&self.pos)
        } else {
            unwinnable::is_dead_position_fast(&self.pos)
        }
    }

    /// Ends a replay ([`Game::replaying`]): the legal moves of the last position, mate and
    /// stalemate there, then Law 5.2.2 for the whole series; afterwards every move is
    /// checked as in play. A dead position stays dead (every series of moves
    /// from a later position is one from the earlier), so the full search runs on the last
    /// position and, only when that is dead, looks for the first dead one: the final run
    /// of positions with insufficient material is dead without a search (material only
    /// ever goes), the position just before that run is searched next (usually the
    /// answer: where a game dies, it dies at that capture), and only if that one is dead
    /// too does a binary search go on before it.
    /// When moves were played after the first dead position, the game is cut back to it
    /// and its ply returned; the game then has ended there (unless it ended otherwise on
    /// the same ply, e.g. by stalemate).
    pub(crate) fn finish_replay(&mut self) -> Option<usize> {
        self.replaying = false;
        self.legal = self.pos.legal_moves();
        self.outcome = self.ending_on_the_board();
        if matches!(self.outcome, Some(o) if o.termination == Termination::Checkmate) {
            return None; // a mate was possible one ply earlier, so nothing before was dead
        }
        if !unwinnable::is_dead_position(&self.pos) {
            return None;
        }
        let (mut alive, mut dead) = (None::<usize>, self.insufficient_since());
        // Invariant: the position after `dead` plies is dead; after `alive` plies (if any) alive.
        if dead > 0 {
            if unwinnable::is_dead_position(&self.position_after(dead - 1)) {
                dead -= 1;
            } else {
                alive = Some(dead - 1);
            }
        }
        while alive.map_or(0, |a| a + 1) < dead {
            let lo = alive.map_or(0, |a| a + 1);
            let mid = lo + (dead - lo) / 2;
            if unwinnable::is_dead_position(&self.position_after(mid)) {
                dead = mid;
            } else {
                alive = Some(mid);
            }
        }
        let played = self.moves.len();
        if dead < played {
            self.go_back_to(dead).expect("a ply of this game");
        }
        if self.outcome.is_none() {
            self.outcome = Some(Outcome::draw(Termination::DeadPosition));
        }
        (dead < played).then_some(dead)
    }

    /// The first ply from which every position to the end has insufficient material for
    /// both sides (a dead position by shakmaty's exact rule), or the number of plies.
    fn insufficient_since(&self) -> usize {
        let mut pos = self.start.clone();
        let mut since = None;
        for (ply, &m) in self.moves.iter().enumerate() {
            if !pos.is_insufficient_material() {
                since = None;
            } else if since.is_none() {
                since = Some(ply);
            }
            pos.play_unchecked(m);
        }
        match since {
            Some(ply) if pos.is_insufficient_material() => ply,
            _ => self.moves.len(),
        }
    }

    /// The position after the first `ply` moves of this game (`ply` ≤ [`Game::plies`]).
    fn position_after(&self, ply: usize) -> Chess {
        let mut pos = self.start.clone();
        for &m in &self.moves[..ply] {
            pos.play_unchecked(m);
        }
        pos
    }

    /// Notes that `by` touched a piece with the intention of moving it (Law 4.3): the
    /// right to claim on this move is gone (Law 9.4), and a draw offer by the opponent
    /// is declined (Law 9.1.2.3).
    pub fn touch(&mut self, by: Color) {
        if by == self.pos.turn() {
            self.touched = Some(by);
        }
        if self.draw_offer == Some(!by) {
            self.draw_offer = None;
        }
    }

    /// Whether a claim of `kind` by the player to move is correct, on the current
    /// position or on the intended move (Laws 9.2.1, 9.3).
    ///
    /// # Errors
    ///
    /// [`GameError::Illegal`] if the intended move is not legal.
    pub fn claim_is_correct(
        &self,
        kind: ClaimKind,
        intended: Option<Move>,
    ) -> Result<bool, GameError> {
        let Some(m) = intended else {
            return Ok(match kind {
                ClaimKind::Threefold => self.repetitions() >= 3,
                ClaimKind::FiftyMoves => self.pos.halfmoves() >= 100,
            });
        };
        if !self.legal.contains(&m) {
            return Err(GameError::Illegal(m));
        }
        let mut next = self.pos.clone();
        next.play_unchecked(m);
        Ok(match kind {
            ClaimKind::Threefold => {
                // The positions since the last irreversible move, then the new one itself.
                let window = next.halfmoves() as usize;
                repetition::count(&self.keys, RepetitionKey::of(&next), window) + 1 >= 3
            }
            ClaimKind::FiftyMoves => next.halfmoves() >= 100,
        })
    }

    /// The draws the player to move could claim right now without an intended move.
    pub fn claimable(&self) -> Vec<ClaimKind> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        [ClaimKind::Threefold, ClaimKind::FiftyMoves]
            .into_iter()
            .filter(|&k| self.claim_is_correct(k, None) == Ok(true))
            .collect()
    }

    /// A draw claim by `by` (Laws 9.2–9.5), on the current position or with an intended
    /// move. A correct claim draws. An incorrect one costs the claimant (the opponent gets
    /// time), the intended move is played, and the claim stands as a draw offer (9.1.2.4).
    ///
    /// # Errors
    ///
    /// [`GameError::Over`], [`GameError::NotOnMove`] (claims belong to the player having
    /// the move), [`GameError::ClaimRightLost`] after a touch, [`GameError::Illegal`] for
    /// an illegal intended move. Nothing changes on error.
    pub fn claim(
        &mut self,
        by: Color,
        kind: ClaimKind,
        intended: Option<Move>,
    ) -> Result<ClaimVerdict, GameError> {
        self.ensure_running()?;
        if by != self.pos.turn() {
            return Err(GameError::NotOnMove(by));
        }
        if self.touched == Some(by) {
            return Err(GameError::ClaimRightLost(by));
        }
        if self.claim_is_correct(kind, intended)? {
            let outcome = Outcome::draw(match kind {
                ClaimKind::Threefold => Termination::ThreefoldClaim,
                ClaimKind::FiftyMoves => Termination::FiftyMovesClaim,
            });
            self.outcome = Some(outcome);
            return Ok(ClaimVerdict::Upheld(outcome));
        }
        let penalty = Penalty::AddTime {
            to: !by,
            amount: penalty_time(self.edition, self.rate),
        };
        let ended = match intended {
            Some(m) => self.play(m)?,
            None => None,
        };
        if ended.is_none() {
            self.draw_offer = Some(by);
        }
        Ok(ClaimVerdict::Rejected {
            penalty: Some(penalty),
            ended,
        })
    }

    /// A draw offer by `by` (Law 9.1.2); it stays pending until accepted, declined, or the
    /// opponent moves or touches a piece.
    ///
    /// # Errors
    ///
    /// [`GameError::Over`] when the game has ended.
    pub fn offer_draw(&mut self, by: Color) -> Result<(), GameError> {
        self.ensure_running()?;
        self.draw_offer = Some(by);
        Ok(())
    }

    /// Accepts the opponent's pending draw offer (Law 5.2.3).
    ///
    /// # Errors
    ///
    /// [`GameError::NoOffer`] when the opponent has no offer pending.
    pub fn accept_draw(&mut self, by: Color) -> Result<Outcome, GameError> {
        self.ensure_running()?;
        if self.draw_offer != Some(!by) {
            return Err(GameError::NoOffer(by));
        }
        let outcome = Outcome::draw(Termination::Agreement);
        self.outcome = Some(outcome);
        self.draw_offer = None;
        Ok(outcome)
    }

    /// Declines the opponent's pending draw offer.
    ///
    /// # Errors
    ///
    /// [`GameError::NoOffer`] when the opponent has no offer pending.
    pub fn decline_draw(&mut self, by: Color) -> Result<(), GameError> {
        self.ensure_running()?;
        if self.draw_offer != Some(!by) {
            return Err(GameError::NoOffer(by));
        }
        self.draw_offer = None;
        Ok(())
    }

    /// `by` resigns (Law 5.1.2). Under the 2023 Laws the game is drawn instead when the
    /// opponent cannot checkmate by any series of legal moves.
    ///
    /// # Errors
    ///
    /// [`GameError::Over`] when the game has ended.
    pub fn resign(&mut self, by: Color) -> Result<Outcome, GameError> {
        self.ensure_running()?;
        let outcome = if self.edition >= Edition::Laws2023
            && self.can_checkmate(!by) == Winnability::Unwinnable
        {
            Outcome::draw(Termination::Resignation)
        } else {
            Outcome::win(!by, Termination::Resignation)
        };
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// `loser`'s flag fell (Law 6.9): a loss, or a draw when the opponent cannot checkmate
    /// by any series of legal moves. An undecided search counts as "can checkmate".
    ///
    /// # Errors
    ///
    /// [`GameError::Over`] when the game has already ended (a mate or a dead position
    /// before the flag fell stands, Laws 6.9 and 5).
    pub fn flag_fall(&mut self, loser: Color) -> Result<Outcome, GameError> {
        self.ensure_running()?;
        let outcome = if self.can_checkmate(!loser) == Winnability::Unwinnable {
            Outcome::draw(Termination::FlagFall)
        } else {
            Outcome::win(!loser, Termination::FlagFall)
        };
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// A completed illegal move by `by` (Law 7.5): the position before it stands (for an
    /// unpromoted pawn, the pawn becomes a queen); the first costs time, the second loses,
    /// or draws when the opponent cannot checkmate by any series of legal moves.
    ///
    /// # Errors
    ///
    /// [`GameError::Over`]; [`GameError::NotAPromotion`] or [`GameError::Illegal`] when an
    /// `UnpromotedPawn` move is not a legal pawn move to the last rank. Nothing changes
    /// on error.
    pub fn illegal_move(
        &mut self,
        by: Color,
        kind: IllegalKind,
    ) -> Result<IllegalVerdict, GameError> {
        self.ensure_running()?;
        let queened = match kind {
            IllegalKind::UnpromotedPawn(m) => Some(self.queen_promotion(m)?),
            IllegalKind::Move | IllegalKind::ClockPressWithoutMove => None,
        };
        self.strikes[by] = self.strikes[by].saturating_add(1);
        if let Some(m) = queened
            && let Some(outcome) = self.play(m)?
        {
            return Ok(IllegalVerdict::Ended(outcome));
        }
        if self.strikes[by] >= 2 {
            let outcome = if self.can_checkmate(!by) == Winnability::Unwinnable {
                Outcome::draw(Termination::IllegalMoves)
            } else {
                Outcome::win(!by, Termination::IllegalMoves)
            };
            self.outcome = Some(outcome);
            return Ok(IllegalVerdict::Ended(outcome));
        }
        Ok(IllegalVerdict::Penalised {
            strike: self.strikes[by],
            penalty: Penalty::AddTime {
                to: !by,
                amount: penalty_time(self.edition, self.rate),
            },
        })
    }

    fn queen_promotion(&self, m: Move) -> Result<Move, GameError> {
        let Move::Normal {
            role: Role::Pawn,
            from,
            capture,
            to,
            ..
        } = m
        else {
            return Err(GameError::NotAPromotion(m));
        };
        if to.rank() != shakmaty::Rank::Eighth && to.rank() != shakmaty::Rank::First {
            return Err(GameError::NotAPromotion(m));
        }
        let queened = Move::Normal {
            role: Role::Pawn,
            from,
            capture,
            to,
            promotion: Some(Role::Queen),
        };
        if self.legal.contains(&queened) {
            Ok(queened)
        } else {
            Err(GameError::Illegal(m))
        }
    }

    /// The arbiter declares the outcome (overrides any earlier one).
    pub fn declare(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
    }

    /// Whether `color` can still checkmate by any series of legal moves (chasolver).
    pub fn can_checkmate(&self, color: Color) -> Winnability {
        unwinnable::winnability(&self.pos, color)
    }

    /// Goes back to the position after `ply` plies (the arbiter's correction, Laws 7.5.1
    /// and D.2.9): later moves, the outcome and a pending offer are dropped; illegal-move
    /// strikes stay.
    ///
    /// # Errors
    ///
    /// [`GameError::NoSuchPly`] when `ply` is beyond the moves played.
    pub fn go_back_to(&mut self, ply: usize) -> Result<(), GameError> {
        if ply > self.moves.len() {
            return Err(GameError::NoSuchPly {
                ply,
                plies: self.moves.len(),
            });
        }
        let pos = self.position_after(ply);
        self.moves.truncate(ply);
        self.keys.truncate(ply + 1);
        self.legal = pos.legal_moves();
        self.pos = pos;
        self.draw_offer = None;
        self.touched = None;
        self.outcome = self.automatic_ending();
        Ok(())
    }
}
