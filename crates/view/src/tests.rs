//! The console link on a real table (sans-IO): a wrongly copied move shows as a plan,
//! the arbiter's requests become signed inputs the table carries out.

use std::time::Duration;

use annabella_arbiter::Case;
use annabella_rules::GameResult;
use annabella_table::{ArbiterAction, Hypothesis, Input, Table, TableConfig};
use shakmaty::{Color, Square};

use crate::{
    ArbiterCommand, ArbiterRequest, Penalty,
    actions::{self, inputs_for},
    line::{Journalled, Line},
    observer::Observer,
};

struct Run {
    table: Table,
    observer: Observer,
    at: Duration,
    seq: u64,
}

impl Run {
    fn new() -> Run {
        let config = TableConfig::default();
        Run {
            table: Table::new(config.clone()).expect("table"),
            observer: Observer::new("Table 7", &config).expect("observer"),
            at: Duration::ZERO,
            seq: 0,
        }
    }

    fn feed(&mut self, input: Input) {
        self.at += Duration::from_millis(500);
        self.seq += 1;
        let refused = self
            .table
            .handle(self.at, input.clone())
            .err()
            .map(|e| e.to_string());
        let at_ms = self.at.as_millis() as u64;
        self.observer.on_line(&Line::Input(Journalled {
            at_ms,
            seq: self.seq,
            input,
            refused,
        }));
        while let Some(effect) = self.table.poll_effect() {
            self.observer.on_line(&Line::Effect { at_ms, effect });
        }
    }

    fn view(&mut self) -> crate::ConsoleView {
        let snapshot = self.table.snapshot();
        self.observer.view(&snapshot);
        self.observer.last().cloned().expect("a view")
    }

    fn request(&mut self, action: ArbiterCommand) -> Result<(), String> {
        let snapshot = self.table.snapshot();
        let plan = self.view().plan;
        let carried = inputs_for(
            &ArbiterRequest {
                by: "IA Weber".into(),
                action,
            },
            &snapshot,
            plan.as_ref(),
            self.observer.claim_id(),
        )
        .map_err(|e| e.to_string())?;
        for i in carried.inputs {
            self.feed(i);
        }
        Ok(())
    }
}

/// 1. e4 (VI, White, peg board) e5 (sighted, DGT board), copied as e7-e6 on the pegs.
fn wrongly_copied() -> Run {
    let mut r = Run::new();
    r.feed(Input::Start);
    r.feed(Input::Heard {
        alternatives: vec![Hypothesis {
            text: "Bauer Eva vier".into(),
            score: 1.0,
        }],
    });
    r.feed(Input::PegLift { square: Square::E2 });
    r.feed(Input::PegPlace { square: Square::E4 });
    r.feed(Input::Lever {
        side: shakmaty::Color::White,
    });
    r.feed(Input::SightedBoard {
        placement: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"
            .parse()
            .unwrap(),
    });
    r.feed(Input::SightedBoard {
        placement: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR"
            .parse()
            .unwrap(),
    });
    r.feed(Input::PegLift { square: Square::E7 });
    r.feed(Input::PegPlace { square: Square::E6 });
    r
}

#[test]
fn a_wrongly_copied_move_shows_both_boards_and_a_plan() {
    let mut r = wrongly_copied();
    let v = r.view();
    assert_eq!(v.table, "Table 7");
    assert_eq!(v.moves.vi, ["e4", "e5"]);
    assert_eq!(v.moves.sighted, ["e4", "e5"]);
    assert_eq!(
        v.boards.vi.as_ref().map(ToString::to_string).as_deref(),
        Some("rnbqkbnr/pppp1ppp/4p3/8/4P3/8/PPPP1PPP/RNBQKBNR"),
        "the pegs are the game's pieces, the moved pawn on e6"
    );
    assert_eq!(
        v.boards
            .sighted
            .as_ref()
            .map(ToString::to_string)
            .as_deref(),
        Some("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR")
    );
    assert_eq!(v.differing_squares(), vec![Square::E5, Square::E6]);
    let plan = v.plan.expect("a plan");
    assert_eq!(plan.case, Case::ScoresheetsAgree);
    assert_eq!(plan.fix.len(), 1, "only the peg board is put right");
    assert!(
        plan.fix[0].words.en.contains("from Eva six to Eva five"),
        "{:?}",
        plan.fix[0].words
    );
    assert!(v.log.iter().any(|l| l.text.contains("Zug 1. e4 notiert")));
}

#[test]
fn the_plan_is_journalled_with_who_and_the_boards_agree_once_carried_out() {
    let mut r = wrongly_copied();
    let target_fen = r.view().plan.expect("plan").target_fen;
    assert_eq!(
        r.request(ArbiterCommand::ApplyPlan {
            target_fen: shakmaty::fen::Fen::empty()
        }),
        Err("the plan changed since it was shown".into())
    );
    r.request(ArbiterCommand::ApplyPlan { target_fen })
        .expect("applies");
    // The arbiter's hands (the demo's simulator) put the pawn back.
    r.feed(Input::PegLift { square: Square::E6 });
    r.feed(Input::PegPlace { square: Square::E5 });
    let v = r.view();
    assert!(v.differing_squares().is_empty(), "{:?}", v.boards);
    assert!(v.plan.is_none());
    assert!(r.table.snapshot().peg_in_sync);
    assert!(
        v.log.iter().any(|l| l
            .text
            .starts_with("IA Weber: carry out the reconciliation plan")),
        "{:?}",
        v.log
    );
}

#[test]
fn clock_actions_reach_the_table() {
    let mut r = wrongly_copied();
    r.request(ArbiterCommand::Pause).expect("pause");
    assert!(r.table.snapshot().paused);
    assert!(r.view().clocks.paused && r.view().clocks.running.is_none());
    r.request(ArbiterCommand::SetClock {
        side: Color::White,
        ms: 3_600_000,
    })
    .expect("set");
    assert_eq!(r.view().clocks.white_ms, 3_600_000);
    r.request(ArbiterCommand::Penalty {
        side: Color::White,
        penalty: Penalty::AddOpponentTime { secs: 120 },
    })
    .expect("penalty");
    let black = r.view().clocks.black_ms;
    r.request(ArbiterCommand::Penalty {
        side: Color::Black,
        penalty: Penalty::ReduceTime { secs: 60 },
    })
    .expect("penalty");
    assert_eq!(r.view().clocks.black_ms, black - 60_000);
    r.request(ArbiterCommand::SetMoves {
        side: Color::Black,
        moves: 7,
    })
    .expect("moves");
    assert_eq!(r.view().clocks.black_moves, 7);
    r.request(ArbiterCommand::Resume).expect("resume");
    assert!(!r.table.snapshot().paused);
    assert_eq!(
        r.request(ArbiterCommand::DecideClaim {
            claim: 1,
            accept: true
        }),
        Err("no pending claim 1".into())
    );
    r.request(ArbiterCommand::DeclareResult {
        result: GameResult::Draw,
        reason: "agreement".into(),
    })
    .expect("result");
    assert_eq!(r.view().result, Some(GameResult::Draw));
}

#[test]
fn every_input_names_the_arbiter() {
    let r = wrongly_copied();
    let snapshot = r.table.snapshot();
    for action in [
        ArbiterCommand::Pause,
        ArbiterCommand::Penalty {
            side: Color::White,
            penalty: Penalty::Warning,
        },
        ArbiterCommand::Penalty {
            side: Color::Black,
            penalty: Penalty::LoseGame,
        },
        ArbiterCommand::DismissAlert { alert: 3 },
    ] {
        let carried = inputs_for(
            &ArbiterRequest {
                by: "IA Weber".into(),
                action: action.clone(),
            },
            &snapshot,
            None,
            0,
        )
        .expect("carried");
        assert!(!carried.inputs.is_empty());
        for i in &carried.inputs {
            assert!(
                matches!(i, Input::ByArbiter { by, .. } if by == "IA Weber"),
                "{action:?} → {i:?}"
            );
        }
        if let ArbiterCommand::Penalty {
            penalty: Penalty::LoseGame,
            ..
        } = action
        {
            assert!(matches!(
                &carried.inputs[0],
                Input::ByArbiter { action: Some(ArbiterAction::DeclareResult { result }), .. } if *result == GameResult::WhiteWins
            ));
        }
    }
    let nameless = inputs_for(
        &ArbiterRequest {
            by: "  ".into(),
            action: ArbiterCommand::Pause,
        },
        &snapshot,
        None,
        0,
    );
    assert_eq!(nameless, Err(actions::Refusal::Nameless));
    assert_eq!(
        actions::Refusal::Nameless.to_string(),
        "the arbiter's name is missing"
    );
}

#[test]
fn signed_inputs_round_trip_through_json() {
    let input = Input::ByArbiter {
        by: "IA Weber".into(),
        what: "pause the clocks".into(),
        action: Some(ArbiterAction::Pause),
        dismissed: None,
    };
    let json = serde_json::to_string(&input).expect("json");
    assert_eq!(
        json,
        r#"{"input":"by_arbiter","by":"IA Weber","what":"pause the clocks","action":{"action":"pause"}}"#
    );
    assert_eq!(serde_json::from_str::<Input>(&json).expect("back"), input);
}

/// The input the station's hall link makes of the hall's "dismiss the alert of record
/// `seq`" (its own tests check that it does).
fn hall_dismissal(seq: u64) -> Input {
    Input::ByArbiter {
        by: "hall:Chief Arbiter".into(),
        what: annabella_hall_wire::action::dismissal_what(seq),
        action: None,
        dismissed: Some(seq),
    }
}

#[test]
fn an_alert_dismissed_in_the_hall_goes_from_the_console_too() {
    let mut r = Run::new();
    r.feed(Input::Start);
    r.feed(Input::Sighted(annabella_table::SightedCommand::CallArbiter));
    let raised_at = r.seq;
    assert_eq!(r.view().alerts.len(), 1);
    r.feed(hall_dismissal(raised_at + 1));
    assert_eq!(r.view().alerts.len(), 1, "another record's alert stays");
    r.feed(hall_dismissal(raised_at));
    assert!(r.view().alerts.is_empty(), "{:?}", r.view().alerts);
    let log = r.view().log;
    assert!(
        log.iter().any(|l| l
            .text
            .starts_with("hall:Chief Arbiter: dismiss the alert of record")),
        "{log:?}"
    );
}
