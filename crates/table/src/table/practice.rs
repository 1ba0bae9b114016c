//! A practice game's own requests and the opponent's news: take-back, a hint and the
//! evaluation (each only when [`Practice`](crate::Practice) allows it; refused as
//! analysis otherwise, 11.3.1), the opponent's answer to them, and an opponent that is
//! gone (the game kept, adjourned) or back.

use std::time::Duration;

use annabella_phonetic::Analysis;
use shakmaty::uci::UciMove;

use super::Table;
use crate::{Advice, AnnounceKind, Consult, Priority};

/// What a practice game keeps beside the game.
#[derive(Debug, Clone, Default)]
pub(super) struct PracticeSide {
    /// The VI player's question waiting for the opponent.
    pub(super) consult: Option<Consult>,
    /// Why the opponent is gone, while it is.
    pub(super) opponent_lost: Option<String>,
}

impl Table {
    /// An analysis question of the VI player: passed to the opponent when the practice
    /// game allows it (the answer comes as [`Advice`]), refused (11.3.1) otherwise.
    pub(super) fn analysis_asked(&mut self, asked: Analysis) {
        let words = self.vi_words();
        let allowed = match asked {
            Analysis::BestMove => self.config.practice.hint.then_some(Consult::Hint),
            Analysis::Evaluation => self
                .config
                .practice
                .evaluation
                .then_some(Consult::Evaluation),
            _ => None,
        };
        let text = match allowed {
            None => words.analysis_refused(),
            Some(_) if self.practice.opponent_lost.is_some() => words.opponent_away(),
            Some(Consult::Hint) if !self.vi_to_move() => words.not_your_turn(),
            Some(consult) => {
                self.practice.consult = Some(consult);
                words.consult_waiting()
            }
        };
        self.tell_vi(text, Priority::Low, AnnounceKind::Answer);
    }

    /// The opponent's answer to the VI player's question.
    pub(super) fn advice(&mut self, advice: &Advice) {
        if self.practice.consult != Some(advice.consult) {
            return; // an answer nobody waits for (the question was taken back or answered)
        }
        self.practice.consult = None;
        let words = self.vi_words();
        let pos = self.game.position().clone();
        let text = match advice.consult {
            Consult::Hint => match advice.best.as_ref().and_then(|uci| uci.to_move(&pos).ok()) {
                Some(m) => words.hint(&pos, m),
                None => words.no_hint(),
            },
            Consult::Evaluation => match advice.score {
                Some(score) => words.evaluation(score),
                None => words.no_hint(),
            },
        };
        self.tell_vi(text, Priority::Normal, AnnounceKind::Answer);
    }

    /// "zurück": the VI player's last move and the opponent's reply to it are taken
    /// back (practice only), so that it is the VI player's move again.
    pub(super) fn take_back(&mut self, now: Duration) {
        let words = self.vi_words();
        if !self.config.practice.take_back {
            return self.tell_vi(
                words.analysis_refused(),
                Priority::Low,
                AnnounceKind::Answer,
            );
        }
        let vi = self.vi;
        let Some(last_own) = self.sheet.records.iter().rposition(|r| r.color == vi) else {
            return self.tell_vi(
                words.nothing_to_take_back(),
                Priority::Normal,
                AnnounceKind::Answer,
            );
        };
        if !self.started || self.adjournment.adjourned || self.adjournment.sealed.is_some() {
            return self.tell_vi(
                words.nothing_to_take_back(),
                Priority::Normal,
                AnnounceKind::Answer,
            );
        }
        let plies = self.sheet.records.len() - last_own;
        self.practice.consult = None;
        match self.rewind(now, last_own) {
            Ok(before) => {
                self.tell_vi(
                    words.taken_back(plies),
                    Priority::High,
                    AnnounceKind::Declaration,
                );
                self.plain_restored(&before);
            }
            Err(_) => self.tell_vi(
                words.nothing_to_take_back(),
                Priority::Normal,
                AnnounceKind::Answer,
            ),
        }
    }

    /// The opponent's move, if it is for the position the game is in.
    pub(super) fn opponent_move(&mut self, now: Duration, uci: &UciMove, ply: usize) {
        if self.game.moves().len() != ply || self.practice.opponent_lost.is_some() {
            return; // chosen for a position taken back meanwhile
        }
        self.assistant_move(now, &uci.to_string());
    }

    /// The opponent is gone: the clocks stop and the game is kept, adjourned.
    pub(super) fn opponent_lost(
        &mut self,
        now: Duration,
        reason: &str,
        failure: Option<&crate::OpponentFailure>,
    ) {
        if self.over() {
            return;
        }
        self.practice.opponent_lost = Some(reason.to_owned());
        self.practice.consult = None;
        if self.started && self.clock.pause(now).is_ok() {
            self.clock_effect(now);
        }
        let text = self.vi_words().opponent_lost(reason, failure);
        self.tell_vi(text, Priority::High, AnnounceKind::Arbiter);
    }

    /// The opponent is back: the clocks run again if they stopped for it.
    pub(super) fn opponent_back(&mut self, now: Duration, name: &str) {
        if self.practice.opponent_lost.take().is_none() || self.over() {
            return;
        }
        if self.started && self.clock.resume(now).is_ok() {
            self.clock_effect(now);
        }
        let text = self.vi_words().opponent_back(name);
        self.tell_vi(text, Priority::High, AnnounceKind::Arbiter);
    }
}
