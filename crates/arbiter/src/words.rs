//! The plan in any of the table's languages, from its data through the Fluent messages
//! (`plan-*` in `annabella-phonetic`'s `pages.ftl`): squares written as on a scoresheet
//! (`e4`), moves in SAN with the language's piece letters, pieces with the language's
//! own names, whole sentences, no internal case names.
//!
//! ```
//! use annabella_arbiter::{reconcile, Evidence, Record, words::plan_text};
//! use annabella_phonetic::Language;
//! use shakmaty::{Board, Chess};
//! let sheet: Vec<String> = ["e4", "e5", "Nf3"].map(String::from).to_vec();
//! let right: Board = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R".parse()?;
//! let wrong: Board = "rnbqkbnr/pppp1ppp/8/4p3/4P3/7N/PPPP1PPP/RNBQKB1R".parse()?;
//! let plan = reconcile(&Evidence {
//!     start: Chess::default(),
//!     vi: Record { scoresheet: sheet.clone(), board: right },
//!     sighted: Record { scoresheet: sheet, board: wrong },
//!     clocks: vec![],
//! });
//! let de = plan_text(&plan, Language::De);
//! assert_eq!(de.boards[0].steps, ["Setzen Sie den weißen Springer von h3 nach f3."]);
//! assert!(de.summary[0].starts_with("Die Partieformulare stimmen bis Weiß, Zug 2 überein."));
//! # Ok::<_, shakmaty::fen::ParseFenError>(())
//! ```

use annabella_phonetic::{
    Language, localize_san,
    messages::{Arg, FluentValue, Messages, color_arg, piece_words},
};
use annabella_rules::ClockTime;
use shakmaty::{Color, Piece, Square};

use crate::{
    plan::{Case, FindingKind, Plan},
    player::Player,
    restore::RestoreStep,
};

impl Plan {
    /// The plan as text in `lang` (`annabella reconcile`): the summary and findings,
    /// then each board's steps numbered, then the clocks (see [`plan_text`]).
    pub fn text(&self, lang: annabella_phonetic::Language) -> String {
        plan_text(self, lang).to_text()
    }
}

/// One board's steps in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardText {
    /// Whose board.
    pub board: Player,
    /// "Board of the VI player".
    pub heading: String,
    /// One sentence a step.
    pub steps: Vec<String>,
}

/// The whole plan in one language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanText {
    /// What the case of Law D.2.9 means here and where the game continues.
    pub summary: Vec<String>,
    /// One sentence a finding.
    pub findings: Vec<String>,
    /// The boards to put right.
    pub boards: Vec<BoardText>,
    /// The clocks to set, when the game goes back.
    pub clocks: Option<String>,
}

impl PlanText {
    /// Everything as text: the summary and the findings, then each board's steps
    /// numbered, then the clocks.
    pub fn to_text(&self) -> String {
        let mut out = self.summary.join(" ");
        for f in &self.findings {
            out.push(' ');
            out.push_str(f);
        }
        out.push('\n');
        for b in &self.boards {
            out.push_str(&b.heading);
            out.push_str(":\n");
            for (i, s) in b.steps.iter().enumerate() {
                out.push_str(&format!("  {}. {s}\n", i + 1));
            }
        }
        if let Some(c) = &self.clocks {
            out.push_str(c);
            out.push('\n');
        }
        out
    }
}

/// Says things in one language about one plan's game.
struct Say<'a> {
    messages: &'static Messages,
    language: Language,
    plan: &'a Plan,
}

impl Say<'_> {
    fn text(&self, id: &str, args: &[Arg<'_>]) -> String {
        self.messages.text(id, args)
    }

    /// "White, move 12" for ply `ply` (from 1) of the plan's game.
    fn ply(&self, ply: u32) -> String {
        let target = self.plan.target_fen.as_setup();
        let black = u64::from(target.turn == Color::Black);
        let target_index = 2 * (u64::from(target.fullmoves.get()) - 1) + black;
        let index = (target_index + u64::from(ply.max(1)) - 1)
            .saturating_sub(u64::from(self.plan.target_ply));
        let color = if index % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        self.text(
            "plan-ply",
            &[
                ("color", color_arg(color)),
                ("number", (index / 2 + 1).into()),
            ],
        )
    }

    fn san(&self, san: &str) -> String {
        localize_san(san, self.language)
    }

    fn sans(&self, sans: &[String]) -> String {
        sans.iter()
            .map(|s| self.san(s))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// A piece in the accusative with the language's own name (lower case but in
    /// German, whose nouns are capitalised): "den weißen Springer", "the white knight".
    fn piece(&self, piece: Piece) -> String {
        piece_words(piece, self.language, "piece-accusative")
    }

    fn finding(&self, kind: &FindingKind) -> String {
        let player = |p: Player| -> Arg<'static> { ("player", p.to_string().into()) };
        let s = |v: String| -> FluentValue<'static> { v.into() };
        match kind {
            FindingKind::MoveOnOneBoardOnly { board, ply, moves } => self.text(
                "plan-move-on-one-board",
                &[
                    player(*board),
                    ("at", s(self.ply(*ply))),
                    ("moves", s(self.sans(moves))),
                ],
            ),
            FindingKind::WrongMoveExecuted {
                board,
                ply,
                recorded,
                executed,
            } => self.text(
                "plan-wrong-move",
                &[
                    player(*board),
                    ("at", s(self.ply(*ply))),
                    ("recorded", s(self.san(recorded))),
                    ("executed", s(self.san(executed))),
                ],
            ),
            FindingKind::BoardDisturbed { board, squares, .. } => {
                let squares: Vec<String> = squares.iter().map(Square::to_string).collect();
                self.text(
                    "plan-board-disturbed",
                    &[player(*board), ("squares", s(squares.join(", ")))],
                )
            }
            FindingKind::UnrecordedMoves { sheet, ply, moves } => self.text(
                "plan-unrecorded",
                &[
                    player(*sheet),
                    ("at", s(self.ply(*ply))),
                    ("moves", s(self.sans(moves))),
                ],
            ),
            FindingKind::MovesNotPlayed {
                sheet,
                ply,
                entries,
            } => self.text(
                "plan-not-played",
                &[
                    player(*sheet),
                    ("at", s(self.ply(*ply))),
                    ("moves", s(entries.join(", "))),
                ],
            ),
            FindingKind::MissingMove { sheet, ply, san } => self.text(
                "plan-missing-move",
                &[
                    player(*sheet),
                    ("at", s(self.ply(*ply))),
                    ("moves", s(self.san(san))),
                ],
            ),
            FindingKind::SwappedMoves {
                sheet,
                plies,
                moves,
            } => {
                let both = format!(
                    "{} ({}), {} ({})",
                    self.san(&moves[0]),
                    self.ply(plies[0]),
                    self.san(&moves[1]),
                    self.ply(plies[1])
                );
                let who = sheet.map_or_else(|| "none".to_owned(), |p| p.to_string());
                self.text("plan-swapped", &[("player", s(who)), ("moves", s(both))])
            }
            FindingKind::IllegalMove {
                sheet, ply, entry, ..
            } => self.text(
                "plan-illegal-entry",
                &[
                    player(*sheet),
                    ("at", s(self.ply(*ply))),
                    ("moves", s(entry.clone())),
                ],
            ),
            FindingKind::DifferentMove { ply, vi, sighted } => self.text(
                "plan-different-move",
                &[
                    ("at", s(self.ply(*ply))),
                    ("vi", s(self.san(vi))),
                    ("sighted", s(self.san(sighted))),
                ],
            ),
        }
    }

    fn step(&self, step: &RestoreStep) -> String {
        let piece: Arg<'_> = ("piece", self.piece(step.piece()).into());
        let sq = |name, sq: Square| -> Arg<'static> { (name, sq.to_string().into()) };
        match *step {
            RestoreStep::Remove { from, .. } => {
                self.text("plan-step-remove", &[piece, sq("from", from)])
            }
            RestoreStep::Move { from, to, .. } => {
                self.text("plan-step-move", &[piece, sq("from", from), sq("to", to)])
            }
            RestoreStep::Lift { from, .. } => {
                self.text("plan-step-lift", &[piece, sq("from", from)])
            }
            RestoreStep::Place { to, .. } => self.text("plan-step-place", &[piece, sq("to", to)]),
            RestoreStep::Add { to, .. } => self.text("plan-step-add", &[piece, sq("to", to)]),
        }
    }

    fn summary(&self) -> Vec<String> {
        let plan = self.plan;
        let at = |ply: u32| -> Arg<'static> { ("at", self.ply(ply).into()) };
        let target = plan.target_ply;
        let case = match plan.case {
            Case::Agreement => self.text("plan-agreement", &[]),
            Case::BoardsAgree => self.text("plan-boards-agree", &[]),
            Case::ScoresheetsAgree if target == 0 => self.text("plan-scoresheets-agree-start", &[]),
            Case::ScoresheetsAgree => self.text("plan-scoresheets-agree", &[at(target)]),
            Case::ScoresheetsDiffer => {
                let from = at(plan.diverge_ply.unwrap_or(target + 1));
                if target == 0 {
                    self.text("plan-scoresheets-differ-start", &[from])
                } else {
                    let last: Arg<'_> = ("last", self.ply(target).into());
                    self.text("plan-scoresheets-differ", &[from, last])
                }
            }
        };
        let continues = if target == 0 {
            self.text("plan-continues-start", &[])
        } else {
            self.text("plan-continues", &[at(target)])
        };
        vec![case, continues]
    }

    fn clocks(&self) -> Option<String> {
        let c = self.plan.clocks.as_ref()?;
        let counters: [Arg<'_>; 2] = [
            ("white-moves", c.white_moves.into()),
            ("black-moves", c.black_moves.into()),
        ];
        let hms = |ms: u64| ClockTime(std::time::Duration::from_millis(ms)).hms();
        Some(match (c.white_ms, c.black_ms) {
            (Some(w), Some(b)) => {
                let mut args: Vec<Arg<'_>> =
                    vec![("white", hms(w).into()), ("black", hms(b).into())];
                args.extend(counters);
                self.text("plan-clocks", &args)
            }
            _ => self.text("plan-clocks-unknown", &counters),
        })
    }
}

/// The plan in `language`.
pub fn plan_text(plan: &Plan, language: Language) -> PlanText {
    let say = Say {
        messages: Messages::get(language),
        language,
        plan,
    };
    PlanText {
        summary: say.summary(),
        findings: plan.findings.iter().map(|f| say.finding(&f.kind)).collect(),
        boards: plan
            .fix
            .iter()
            .map(|fix| BoardText {
                board: fix.board,
                heading: say.text("plan-board-of", &[("player", fix.board.to_string().into())]),
                steps: fix.steps.iter().map(|i| say.step(&i.step)).collect(),
            })
            .collect(),
        clocks: say.clocks(),
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::{Board, Chess};

    use super::*;
    use crate::{Evidence, Record, reconcile};

    fn sheets_differ() -> Plan {
        let vi: Vec<String> = ["e4", "e5", "Nf3", "Nc6"].map(String::from).to_vec();
        let sighted: Vec<String> = ["e4", "e5", "Nf3", "Nf6"].map(String::from).to_vec();
        let after_nc6: Board = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R"
            .parse()
            .expect("board");
        let after_nf6: Board = "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R"
            .parse()
            .expect("board");
        reconcile(&Evidence {
            start: Chess::default(),
            vi: Record {
                scoresheet: vi,
                board: after_nc6,
            },
            sighted: Record {
                scoresheet: sighted,
                board: after_nf6,
            },
            clocks: vec![],
        })
    }

    #[test]
    fn every_language_says_the_plan_without_internal_names() {
        let plan = sheets_differ();
        for language in Language::ALL {
            let t = plan_text(&plan, language);
            let all = t.to_text();
            assert!(!all.contains("scoresheets-"), "{language}: {all}");
            assert_eq!(t.boards.len(), 2, "{language}");
            assert!(t.clocks.is_some(), "{language}");
            assert!(
                !all.contains("plan-"),
                "{language}: a message is missing: {all}"
            );
        }
        let en = plan_text(&plan, Language::En);
        assert_eq!(
            en.summary,
            [
                "The scoresheets differ from Black, move 2. The game goes back to the position after White, move 2, where they last agree.",
                "The game continues after White, move 2."
            ]
        );
        assert_eq!(
            en.findings,
            ["At Black, move 2 the VI player recorded Nc6, the sighted player Nf6."]
        );
        let de = plan_text(&plan, Language::De);
        assert_eq!(
            de.findings,
            ["Bei Schwarz, Zug 2 notiert der sehbehinderte Spieler Sc6, der sehende Spieler Sf6."]
        );
        assert_eq!(
            de.boards[0].steps,
            ["Setzen Sie den schwarzen Springer von c6 nach b8."]
        );
    }
}
