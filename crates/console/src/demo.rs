//! A fixed discrepancy to try the console by hand (`annabella console --demo`), and a
//! small stand-in for the station that carries out arbiter requests on a view.

use annabella_arbiter::{ApplyError, Evidence, Player, Record, reconcile, resolve_entry};
use shakmaty::{Board, Chess, Color, Position};

use annabella_phonetic::{Language, messages::Messages};
use annabella_rules::GameResult;
use annabella_view::{
    Alert, ArbiterCommand, ArbiterRequest, BoardsView, ClaimView, ClocksView, ConsoleView,
    LogEntry, MovesView, Penalty,
};

const GAME: &str = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7";

fn board_after(moves: &str) -> Board {
    let mut pos = Chess::default();
    for text in moves.split_whitespace() {
        if let Ok(m) = resolve_entry(&pos, text) {
            pos.play_unchecked(m);
        }
    }
    pos.board().clone()
}

/// Table 1 after 5... Be7 (Ruy Lopez): the VI player (Black) announced "Läufer Eva
/// sieben", both scoresheets say Be7, but the sighted player's board got the bishop on c5.
/// A claim and an alert are pending; the plan is computed by `annabella-arbiter`.
pub fn scenario() -> ConsoleView {
    scenario_in(Language::En)
}

/// The [`scenario`] with the table's own texts (its name, the log, the alert and the
/// claim) in `language`, as a table of that language would send them.
pub fn scenario_in(language: Language) -> ConsoleView {
    let m = Messages::get(language);
    let alert = m.text("view-alert-sighted-board", &[]);
    let sheet: Vec<String> = GAME.split_whitespace().map(str::to_owned).collect();
    let vi_board = board_after(GAME);
    let sighted_board = board_after("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Bc5");
    let plan = reconcile(&Evidence {
        start: Chess::default(),
        vi: Record {
            scoresheet: sheet.clone(),
            board: vi_board.clone(),
        },
        sighted: Record {
            scoresheet: sheet.clone(),
            board: sighted_board.clone(),
        },
        clocks: Vec::new(),
    });
    let log = [
        ("0:00:00", m.text("view-started", &[])),
        (
            "0:02:10",
            m.text("view-heard", &[("text", "Läufer Eva sieben".into())]),
        ),
        (
            "0:02:14",
            m.text("view-alert-log", &[("text", alert.clone().into())]),
        ),
        (
            "0:02:15",
            m.text(
                "view-by-arbiter",
                &[
                    ("user", "IA Weber".into()),
                    ("text", ArbiterCommand::Pause.describe_in(language).into()),
                ],
            ),
        ),
    ]
    .into_iter()
    .map(|(at, text)| LogEntry {
        at: at.into(),
        text,
    })
    .collect();
    ConsoleView {
        revision: 1,
        table: m.text("hall-table", &[("table", "1".into())]),
        vi_plays: Some(Color::Black),
        boards: BoardsView {
            vi: Some(vi_board),
            sighted: Some(sighted_board),
        },
        clocks: ClocksView {
            white_ms: 5_310_000,
            black_ms: 5_280_000,
            running: Some(Color::White),
            paused: true,
            white_moves: 5,
            black_moves: 5,
            adjourned: false,
        },
        moves: MovesView {
            vi: sheet.clone(),
            sighted: sheet,
        },
        log,
        claims: vec![ClaimView {
            id: 1,
            by: Color::Black,
            ground: m.text("view-ground-threefold", &[]),
            detail: m.text("view-claim-not-upheld", &[]),
        }],
        alerts: vec![Alert {
            id: 1,
            text: alert,
            urgent: true,
        }],
        plan: Some(plan),
        result: None,
        next_game: false,
    }
}

/// Why the demo refused a request: it does not fit the view.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// The claim decided is not pending.
    #[error("no pending claim {0}")]
    NoClaim(u64),
    /// The alert dismissed is not shown.
    #[error("no alert {0}")]
    NoAlert(u64),
    /// A plan was applied, but none is shown.
    #[error("there is no plan")]
    NoPlan,
    /// The plan applied is not the one shown.
    #[error("the plan changed since it was shown")]
    PlanChanged,
    /// A board of the view ("VI" or "sighted") is not known.
    #[error("the {0} board is not known")]
    UnknownBoard(&'static str),
    /// The plan's steps do not fit a board.
    #[error(transparent)]
    Plan(#[from] ApplyError),
    /// The next game was asked for while the demo's game is not over.
    #[error("the game is not over yet; its result is confirmed once it is")]
    NotOver,
}

impl Refused {
    /// Why, in `m`'s language (a part of the log's line).
    pub fn words(&self, m: &Messages) -> String {
        match self {
            Refused::NoClaim(claim) => m.text(
                "console-refused-no-claim",
                &[("claim", claim.to_string().into())],
            ),
            Refused::NoAlert(alert) => m.text(
                "console-refused-no-alert",
                &[("alert", alert.to_string().into())],
            ),
            Refused::NoPlan => m.text("console-refused-no-plan", &[]),
            Refused::PlanChanged => m.text("console-refused-plan-changed", &[]),
            Refused::UnknownBoard(board) => m.text(
                "console-refused-unknown-board",
                &[(
                    "board",
                    if *board == "VI" { "vi" } else { "sighted" }.into(),
                )],
            ),
            Refused::Plan(_) => m.text("console-refused-plan-steps", &[]),
            Refused::NotOver => m.text("console-refused-not-over", &[]),
        }
    }
}

/// Carries out one request on the view as the station would (the demo's and the tests'
/// stand-in), logs it in `language` with who did it, and bumps the revision.
///
/// # Errors
/// A request that does not fit the view (an unknown claim, a plan that changed, a board
/// that is not known); the view is then only given a log line saying so.
pub fn handle(
    view: &mut ConsoleView,
    request: &ArbiterRequest,
    at: &str,
    language: Language,
) -> Result<(), Refused> {
    let m = Messages::get(language);
    let outcome = apply(view, &request.action, m);
    let done = m.text(
        "view-by-arbiter",
        &[
            ("user", request.by.clone().into()),
            ("text", request.action.describe_in(language).into()),
        ],
    );
    let text = match &outcome {
        Ok(()) => done,
        Err(e) => m.text(
            "view-refused",
            &[("text", done.into()), ("reason", e.words(m).into())],
        ),
    };
    view.log.push(LogEntry {
        at: at.into(),
        text,
    });
    view.revision += 1;
    outcome
}

fn clock_of(view: &mut ConsoleView, side: Color) -> &mut u64 {
    match side {
        Color::White => &mut view.clocks.white_ms,
        Color::Black => &mut view.clocks.black_ms,
    }
}

fn apply(view: &mut ConsoleView, action: &ArbiterCommand, m: &Messages) -> Result<(), Refused> {
    match action {
        ArbiterCommand::Pause => view.clocks.paused = true,
        ArbiterCommand::Resume => view.clocks.paused = false,
        ArbiterCommand::SetClock { side, ms } => *clock_of(view, *side) = *ms,
        ArbiterCommand::SetMoves { side, moves } => match side {
            Color::White => view.clocks.white_moves = *moves,
            Color::Black => view.clocks.black_moves = *moves,
        },
        ArbiterCommand::Penalty { side, penalty } => match penalty {
            Penalty::Warning => {}
            Penalty::AddOpponentTime { secs } => {
                let c = clock_of(view, !*side);
                *c = c.saturating_add(u64::from(*secs) * 1000);
            }
            Penalty::ReduceTime { secs } => {
                let c = clock_of(view, *side);
                *c = c.saturating_sub(u64::from(*secs) * 1000);
            }
            Penalty::LoseGame => {
                view.result = Some(GameResult::win_for(!*side));
                view.clocks.running = None;
            }
        },
        ArbiterCommand::DecideClaim { claim, .. } => {
            let before = view.claims.len();
            view.claims.retain(|c| c.id != *claim);
            if view.claims.len() == before {
                return Err(Refused::NoClaim(*claim));
            }
        }
        ArbiterCommand::DeclareResult { result, .. } => {
            view.result = Some(*result);
            view.clocks.running = None;
        }
        ArbiterCommand::ApplyPlan { target_fen } => {
            let plan = view.plan.clone().ok_or(Refused::NoPlan)?;
            if plan.target_fen != *target_fen {
                return Err(Refused::PlanChanged);
            }
            let vi = view.boards.vi.as_ref().ok_or(Refused::UnknownBoard("VI"))?;
            let sighted = (view.boards.sighted.as_ref()).ok_or(Refused::UnknownBoard("sighted"))?;
            let vi = plan.apply(Player::Vi, vi)?;
            let sighted = plan.apply(Player::Sighted, sighted)?;
            view.boards = BoardsView {
                vi: Some(vi),
                sighted: Some(sighted),
            };
            view.moves.vi.clone_from(&plan.agreed);
            view.moves.sighted.clone_from(&plan.agreed);
            if let Some(c) = &plan.clocks {
                if let Some(ms) = c.white_ms {
                    view.clocks.white_ms = ms;
                }
                if let Some(ms) = c.black_ms {
                    view.clocks.black_ms = ms;
                }
                view.clocks.white_moves = c.white_moves;
                view.clocks.black_moves = c.black_moves;
            }
            view.plan = None;
            let differ = m.text("view-alert-sighted-board", &[]);
            view.alerts.retain(|a| a.text != differ);
        }
        ArbiterCommand::DismissAlert { alert } => {
            let before = view.alerts.len();
            view.alerts.retain(|a| a.id != *alert);
            if view.alerts.len() == before {
                return Err(Refused::NoAlert(*alert));
            }
        }
        // The demo has no next game: its one game stays as it ended.
        ArbiterCommand::NextGame => {
            if view.result.is_none() {
                return Err(Refused::NotOver);
            }
            view.next_game = false;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scenario_differs_and_the_plan_puts_it_right() {
        let mut view = scenario();
        assert_eq!(view.differing_squares().len(), 2);
        let target_fen = view.plan.as_ref().expect("plan").target_fen.clone();
        let by = "IA Weber".to_owned();
        let refused = handle(
            &mut view,
            &ArbiterRequest {
                by: by.clone(),
                action: ArbiterCommand::ApplyPlan {
                    target_fen: shakmaty::fen::Fen::empty(),
                },
            },
            "0:03:00",
            Language::En,
        );
        assert_eq!(refused, Err(Refused::PlanChanged));
        let logged = &view.log.last().expect("a log line").text;
        assert!(
            logged.ends_with("Refused: the plan changed since it was shown."),
            "{logged}"
        );
        handle(
            &mut view,
            &ArbiterRequest {
                by,
                action: ArbiterCommand::ApplyPlan { target_fen },
            },
            "0:03:01",
            Language::En,
        )
        .expect("applies");
        assert!(view.differing_squares().is_empty());
        assert!(view.plan.is_none() && view.alerts.is_empty());
        assert_eq!(
            view.log.last().map(|l| l.text.as_str()),
            Some("IA Weber: carry out the reconciliation plan.")
        );
    }

    #[test]
    fn a_german_demo_logs_what_was_done_and_refused_in_german() {
        let mut view = scenario_in(Language::De);
        let target_fen = view.plan.as_ref().expect("plan").target_fen.clone();
        let request = |action| ArbiterRequest {
            by: "IA Weber".into(),
            action,
        };
        let refused = handle(
            &mut view,
            &request(ArbiterCommand::DismissAlert { alert: 9 }),
            "0:03:00",
            Language::De,
        );
        assert_eq!(refused, Err(Refused::NoAlert(9)));
        handle(
            &mut view,
            &request(ArbiterCommand::ApplyPlan { target_fen }),
            "0:03:01",
            Language::De,
        )
        .expect("applies");
        let log: Vec<&str> = view
            .log
            .iter()
            .rev()
            .take(2)
            .map(|l| l.text.as_str())
            .collect();
        assert_eq!(
            log,
            [
                "IA Weber: Abgleichsplan ausgeführt.",
                "IA Weber: Meldung 9 erledigt. Abgelehnt: es gibt keine Meldung 9."
            ]
        );
        // The alert about the boards goes with the plan carried out, in German too.
        assert!(view.alerts.is_empty(), "{:?}", view.alerts);
        for language in Language::ALL {
            let m = Messages::get(language);
            for e in [
                Refused::NoClaim(2),
                Refused::NoAlert(3),
                Refused::NoPlan,
                Refused::PlanChanged,
                Refused::UnknownBoard("VI"),
                Refused::UnknownBoard("sighted"),
                Refused::NotOver,
            ] {
                let words = e.words(m);
                assert!(!words.starts_with("console-"), "{language}: {words}");
                if language != Language::En {
                    assert_ne!(words, e.to_string(), "{language}");
                }
            }
        }
    }

    #[test]
    fn penalty_adds_time_to_the_opponent() {
        let mut view = scenario();
        let black = view.clocks.black_ms;
        handle(
            &mut view,
            &ArbiterRequest {
                by: "A".into(),
                action: ArbiterCommand::Penalty {
                    side: Color::White,
                    penalty: Penalty::AddOpponentTime { secs: 120 },
                },
            },
            "x",
            Language::En,
        )
        .expect("ok");
        assert_eq!(view.clocks.black_ms, black + 120_000);
    }
}
