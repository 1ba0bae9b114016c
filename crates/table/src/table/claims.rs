//! Draw claims (9.2, 9.3) and moves played by a rejected claim.

use super::*;

/// The Law a spoken claim names. The words' own type stays in `phonetic`, which does
/// not depend on `rules`: this is the one place the two meet.
pub(super) fn claim_kind(ground: ClaimGround) -> ClaimKind {
    match ground {
        ClaimGround::Repetition => ClaimKind::Threefold,
        ClaimGround::FiftyMoves => ClaimKind::FiftyMoves,
    }
}

/// A claim waiting for the arbiter (with `claims_by_arbiter`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct PendingClaim {
    /// The claimant.
    pub(super) by: Color,
    /// Repetition or fifty moves.
    pub(super) kind: ClaimKind,
    /// The intended move, when the claim is on it (9.2.1.1).
    pub(super) intended: Option<Move>,
}

/// Claims: the one waiting for the arbiter, and the intended moves of rejected claims.
#[derive(Debug, Clone, Default)]
pub(super) struct Claims {
    /// The claim waiting for the arbiter.
    pub(super) pending: Option<PendingClaim>,
    /// The intended move of the VI player's rejected claim: it must be the move made.
    pub(super) vi_intended: Option<Move>,
    /// The intended move of the sighted player's rejected claim: the only move they may
    /// make on their board.
    pub(super) sighted_intended: Option<Move>,
}

impl Claims {
    /// Forgets every claim (a position restored, the game over).
    pub(super) fn clear(&mut self) {
        *self = Claims::default();
    }
}

impl Table {
    pub(super) fn claim(
        &mut self,
        now: Duration,
        by: Color,
        kind: ClaimKind,
        intended: Option<Move>,
    ) {
        if self.config.claims_by_arbiter {
            let correct = self.game.claim_is_correct(kind, intended).unwrap_or(false);
            if self.clock.is_started() && !self.clock.is_paused() {
                let _ = self.clock.pause(now);
                self.clock_effect(now);
            }
            self.claims.pending = Some(PendingClaim { by, kind, intended });
            let detail = format!(
                "{by} claims {} {}; the table finds it {}",
                kind.as_str(),
                intended.map_or("on the position".to_string(), |m| format!(
                    "with the intended move {}",
                    m.to_uci(self.config.castling_mode())
                )),
                if correct { "correct" } else { "incorrect" }
            );
            self.alert(AlertKind::Claim, detail);
            self.tell_both(
                |p| p.arbiter_called(),
                Priority::High,
                AnnounceKind::Arbiter,
            );
            return;
        }
        // 9.5.2: an intended move is judged, but not played by the table. A wrong one
        // is rejected as a claim on the position (which may itself qualify, 9.2.1.2).
        let judged = match intended {
            Some(_) if self.game.claim_is_correct(kind, intended) == Ok(false) => None,
            other => other,
        };
        match self.game.claim(by, kind, judged) {
            Ok(ClaimVerdict::Upheld(o)) => self.finish(now, o),
            Ok(ClaimVerdict::Rejected { penalty, ended }) => {
                self.tell_both(
                    |p| p.claim_rejected(),
                    Priority::High,
                    AnnounceKind::Declaration,
                );
                if let Some(Penalty::AddTime { to, amount }) = penalty
                    && self.clock.add_time(now, to, amount).is_ok()
                {
                    self.tell_both(
                        |p| p.time_added(to, amount),
                        Priority::Normal,
                        AnnounceKind::Clock,
                    );
                }
                if let Some(m) = intended {
                    self.intended_to_make(now, by, m);
                }
                self.clock_effect(now);
                if let Some(o) = ended {
                    self.finish(now, o);
                }
            }
            Err(e) => {
                let text = self.game_error_words(&e);
                if by == self.vi {
                    self.tell_vi(text, Priority::Normal, AnnounceKind::Declaration);
                } else {
                    self.tell_sighted(e.to_string(), Priority::Normal, AnnounceKind::Declaration);
                }
            }
        }
    }

    /// After a rejected claim the intended move must be made (9.5.2, Articles 3-4): by
    /// the VI player under D.2.3 (announced, placed, pressed), by the sighted player on
    /// the board. Nothing is recorded and no clock changes until then.
    pub(super) fn intended_to_make(&mut self, now: Duration, by: Color, m: Move) {
        let pos = self.game.position().clone();
        if by == self.vi {
            self.vi_side.said = Some(Said {
                m,
                at: now,
                made: false,
            });
            self.claims.vi_intended = Some(m);
            self.vi_side.made_at = None;
            self.peg.handled = None;
            let text = self.vi_words().make_intended(&pos, m);
            self.tell_vi(text, Priority::High, AnnounceKind::ReadBack);
        } else {
            self.claims.sighted_intended = Some(m);
            let text = self.sighted_words().make_intended(&pos, m);
            self.tell_sighted(text, Priority::High, AnnounceKind::Declaration);
        }
    }
}
