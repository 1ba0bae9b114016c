//! One test per case of Law D.2.9 and per kind of slip: the plan's case, where it says
//! the game parted, and that its steps put each board right.

use annabella_arbiter::{
    Case, ClockReading, Evidence, FindingKind, Plan, Player, Record, reconcile, resolve_entry,
};
use shakmaty::{Board, CastlingMode, Chess, Position, Square, fen::Fen};

fn sheet(moves: &str) -> Vec<String> {
    moves.split_whitespace().map(str::to_owned).collect()
}

/// The board after playing `moves` (which must be legal) from `start`.
fn board_after(start: &Chess, moves: &str) -> Board {
    let mut pos = start.clone();
    for text in moves.split_whitespace() {
        let m = resolve_entry(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.play_unchecked(m);
    }
    pos.board().clone()
}

fn after(moves: &str) -> Board {
    board_after(&Chess::default(), moves)
}

fn evidence(vi: &str, vi_board: Board, sighted: &str, sighted_board: Board) -> Evidence {
    Evidence {
        start: Chess::default(),
        vi: Record {
            scoresheet: sheet(vi),
            board: vi_board,
        },
        sighted: Record {
            scoresheet: sheet(sighted),
            board: sighted_board,
        },
        clocks: Vec::new(),
    }
}

/// Applies the plan to both boards; both must then show the target, and the target must
/// be the position after the agreed moves.
fn check_restores(ev: &Evidence, plan: &Plan) {
    let target = plan.target_board();
    for (player, record) in [(Player::Vi, &ev.vi), (Player::Sighted, &ev.sighted)] {
        let fixed = plan
            .apply(player, &record.board)
            .unwrap_or_else(|e| panic!("{player}: {e}"));
        assert_eq!(fixed, target, "{player} board after the plan");
    }
    let agreed = plan.agreed.join(" ");
    assert_eq!(
        board_after(&ev.start, &agreed),
        target,
        "agreed moves lead to the target"
    );
    assert_eq!(plan.agreed.len(), plan.target_ply as usize);
}

fn kinds(plan: &Plan) -> Vec<&FindingKind> {
    plan.findings.iter().map(|f| &f.kind).collect()
}

const GAME: &str = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7";

#[test]
fn agreement_needs_nothing() {
    let ev = evidence(GAME, after(GAME), GAME, after(GAME));
    let plan = reconcile(&ev);
    assert_eq!(plan.case, Case::Agreement);
    assert_eq!(plan.diverge_ply, None);
    assert!(plan.fix.is_empty() && plan.findings.is_empty(), "{plan:?}");
    assert_eq!(plan.target_ply, 10);
    assert_eq!(
        plan.summary.de,
        "Beide Bretter stimmen mit den Partieformularen überein."
    );
}

#[test]
fn scoresheets_agree_wrong_move_executed_on_one_board() {
    // Both wrote 10... Be7; the sighted player's board shows 10... Bc5 instead.
    let wrong = after("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Bc5");
    let ev = evidence(GAME, after(GAME), GAME, wrong);
    let plan = reconcile(&ev);
    assert_eq!(plan.case, Case::ScoresheetsAgree);
    assert_eq!(plan.diverge_ply, Some(10));
    assert_eq!(
        kinds(&plan),
        [&FindingKind::WrongMoveExecuted {
            board: Player::Sighted,
            ply: 10,
            recorded: "Be7".into(),
            executed: "Bc5".into()
        }]
    );
    assert_eq!(plan.fix.len(), 1);
    assert_eq!(plan.fix[0].board, Player::Sighted);
    assert_eq!(
        plan.fix[0].words.de,
        "schwarzen Läufer von Cäsar fünf nach Eva sieben setzen"
    );
    assert_eq!(
        plan.clocks, None,
        "no clocks are set when the game does not go back"
    );
    check_restores(&ev, &plan);
}

#[test]
fn move_made_on_one_board_only() {
    // The VI player's board lacks the last two moves.
    let behind = after("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6");
    let ev = evidence(GAME, behind, GAME, after(GAME));
    let plan = reconcile(&ev);
    assert_eq!(plan.case, Case::ScoresheetsAgree);
    assert_eq!(plan.diverge_ply, Some(9));
    assert_eq!(
        kinds(&plan),
        [&FindingKind::MoveOnOneBoardOnly {
            board: Player::Vi,
            ply: 9,
            moves: vec!["O-O".into(), "Be7".into()]
        }]
    );
    // Castling: king and rook move; the bishop goes f8→e7. Three pieces, three steps.
    assert_eq!(plan.fix[0].steps.len(), 3, "{:?}", plan.fix[0].steps);
    check_restores(&ev, &plan);
}

#[test]
fn disturbed_board_names_the_squares_and_the_earliest_ply() {
    // The sighted board lost its a6 pawn and the white knight stands on g5, not f3.
    let mut b = after(GAME);
    b.discard_piece_at(Square::A6);
    b.discard_piece_at(Square::F3);
    b.set_piece_at(Square::G5, shakmaty::Piece::from_char('N').expect("N"));
    let ev = evidence(GAME, after(GAME), GAME, b);
    let plan = reconcile(&ev);
    assert_eq!(plan.case, Case::ScoresheetsAgree);
    let [
        FindingKind::BoardDisturbed {
            board,
            since_ply,
            squares,
        },
    ] = kinds(&plan)[..]
    else {
        panic!("{plan:?}")
    };
    assert_eq!(*board, Player::Sighted);
    assert_eq!(*since_ply, 6, "a6 was last moved to at ply 6");
    assert_eq!(squares, &[Square::F3, Square::G5, Square::A6]);
    assert_eq!(plan.diverge_ply, Some(6));
    assert_eq!(plan.fix[0].steps.len(), 2);
    check_restores(&ev, &plan);
}

#[test]
fn last_move_not_yet_recorded_is_not_a_discrepancy() {
    let short = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O";
    let ev = evidence(short, after(GAME), GAME, after(GAME));
    let plan = reconcile(&ev);
    assert_eq!(plan.case, Case::Agreement);
    assert_eq!(plan.target_ply, 10);
    assert_eq!(
        kinds(&plan),
        [&FindingKind::UnrecordedMoves {
            sheet: Player::Vi,
            ply: 10,
            moves: vec!["Be7".into()]
        }]
    );
    assert_eq!(
        plan.findings[0].words.de,
        "Im Partieformular des sehbehinderten Spielers fehlen ab Schwarz, Zug 5 noch: Läufer Eva sieben."
    );
    check_restores(&ev, &plan);
}

#[test]
fn move_on_one_board_recorded_by_nobody_is_carried_over() {
    let next = format!("{GAME} d4");
    let ev = evidence(GAME, after(GAME), GAME, after(&next));
    let plan = reconcile(&ev);
    assert_eq!(plan.case, Case::ScoresheetsAgree);
    assert_eq!(plan.target_ply, 11);
    assert_eq!(plan.agreed.last().map(String::as_str), Some("d4"));
    let k = kinds(&plan);
    assert!(k.contains(&&FindingKind::MoveOnOneBoardOnly {
        board: Player::Vi,
        ply: 11,
        moves: vec!["d4".into()]
    }));
    assert_eq!(
        k.iter()
            .filter(|f| matches!(f, FindingKind::UnrecordedMoves { .. }))
            .count(),
        2
    );
    check_restores(&ev, &plan);
}

#[test]
fn moves_written_but_not_played_are_struck() {
    let ahead = format!("{GAME} d4 d6");
    let ev = evidence(&ahead, after(GAME), GAME, after(GAME));
    let plan = reconcile(&ev);
    assert_eq!(plan.case, Case::Agreement);
    assert_eq!(plan.target_ply, 10);
    assert_eq!(
        kinds(&plan),
        [&FindingKind::MovesNotPlayed {
            sheet: Player::Vi,
            ply: 11,
            entries: vec!["d4".into(), "d6".into()]
        }]
    );
    check_restores(&ev, &plan);
}

#[test]
fn scoresheets_differ_go_back_and_set_the_clocks() {
    let vi = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7";
    let sighted = "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O f6";
    let mut ev = evidence(vi, after(vi), sighted, after(sighted));
    ev.clocks = (0..=10u64)
        .map(|p| {
            Some(ClockReading {
                white_ms: 5_400_000 - p * 10_000,
                black_ms: 5_400_000 - p * 20_000,
            })
        })
        .collect();
    let plan = reconcile(&ev);
    assert_eq!(plan.case, Case::ScoresheetsDiffer);
    assert_eq!((plan.diverge_ply, plan.target_ply), (Some(7), 6));
    assert_eq!(
        kinds(&plan),
        [&FindingKind::DifferentMove {
            ply: 7,
            vi: "Ba4".into(),
            sighted: "Bxc6".into()
        }]
    );
    let clocks = plan.clocks.clone().expect("clocks");
    assert_eq!(
        (
            clocks.white_ms,
            clocks.black_ms,
            clocks.white_moves,
            clocks.black_moves
        ),
        (Some(5_340_000), Some(5_280_000), 3, 3)
    );
    assert_eq!(
        clocks.words.de,
        "Uhren stellen: Weiß 1:29:00, Schwarz 1:28:00; Zugzähler Weiß 3, Schwarz 3."
    );
    assert_eq!(plan.fix.len(), 2);
    assert!(plan.summary.en.starts_with(
        "The scoresheets differ. The game goes back to the position after Black, move 3, where they last agree."
    ), "{}", plan.summary.en);
    check_restores(&ev, &plan);
}

#[test]
fn missing_move_with_agreeing_boards_corrects_the_scoresheet() {
    let vi = "e4 e5 Nf3 Nc6 Bb5 Nf6 O-O Be7"; // lacks 3... a6 4. Ba4
    let ev = evidence(vi, after(GAME), GAME, after(GAME));
    let plan = reconcile(&ev);
    // Lacking two moves is not "one missing move": still a board-agreeing correction.
    assert_eq!(plan.case, Case::BoardsAgree);
    assert!(plan.fix.is_empty());
    assert_eq!(plan.target_ply, 10);
    check_restores(&ev, &plan);

    let vi = "e4 e5 Nf3 Nc6 Bb5 a6 Nf6 O-O Be7"; // lacks 4. Ba4 only
    let ev = evidence(vi, after(GAME), GAME, after(GAME));
    let plan = reconcile(&ev);
    assert_eq!(plan.case, Case::BoardsAgree);
    assert_eq!(plan.diverge_ply, Some(7));
    assert_eq!(
        kinds(&plan),
        [&FindingKind::MissingMove {
            sheet: Player::Vi,
            ply: 7,
            san: "Ba4".into()
        }]
    );
    assert_eq!(
        plan.findings[0].words.de,
        "Im Partieformular des sehbehinderten Spielers fehlt Läufer Anna vier (Weiß, Zug 4); die folgenden Züge sind verschoben."
    );
    check_restores(&ev, &plan);
}

#[test]
fn missing_move_with_differing_boards_goes_back() {
    let sighted = "e4 e5 Nf3 Nc6 Bb5 a6 Nf6 O-O Be7"; // lacks 4. Ba4
    let vi_board = after(GAME);
    let mut sighted_board = after(GAME);
    sighted_board.discard_piece_at(Square::E5);
    let ev = evidence(GAME, vi_board, sighted, sighted_board);
    let plan = reconcile(&ev);
    assert_eq!(plan.case, Case::ScoresheetsDiffer);
    assert_eq!(plan.target_ply, 6);
    assert_eq!(
        kinds(&plan),
        [&FindingKind::MissingMove {
            sheet: Player::Sighted,
            ply: 7,
            san: "Ba4".into()
        }]
    );
    check_restores(&ev, &plan);
}

#[test]
fn swapped_moves_reaching_the_same_position() {
    let vi = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7";
    let sighted = "e4 e5 Bb5 Nc6 Nf3 a6 Ba4 Nf6 O-O Be7";
    let ev = evidence(vi, after(vi), sighted, after(sighted));
    let plan = reconcile(&ev);
    assert_eq!(plan.case, Case::BoardsAgree);
    assert!(plan.fix.is_empty());
    let [FindingKind::SwappedMoves { sheet, plies, .. }] = kinds(&plan)[..] else {
        panic!("{plan:?}")
    };
    assert_eq!((*sheet, *plies), (None, [3, 5]));
    check_restores(&ev, &plan);
}

#[test]
fn swapped_moves_the_boards_disprove() {
    // The VI player wrote 2. Nxe5 … 3. Nf3 for 2. Nf3 … 3. Nxe5: the order matters.
    let right = "e4 e5 Nf3 Nc6 Nxe5";
    let wrong = "e4 e5 Nxe5 Nc6 Nf3";
    let ev = evidence(wrong, after(right), right, after(right));
    let plan = reconcile(&ev);
    assert_eq!(plan.case, Case::BoardsAgree);
    let [
        FindingKind::SwappedMoves {
            sheet,
            plies,
            moves,
        },
    ] = kinds(&plan)[..]
    else {
        panic!("{plan:?}")
    };
    assert_eq!(*sheet, Some(Player::Vi));
    assert_eq!(*plies, [3, 5]);
    assert_eq!(moves, &["Nf3".to_owned(), "Nxe5".to_owned()]);
    check_restores(&ev, &plan);
}

#[test]
fn illegal_move_recorded_by_one_side() {
    let vi = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Qxf7";
    let mut vi_board = after(GAME);
    vi_board.discard_piece_at(Square::E7);
    let ev = evidence(vi, vi_board, GAME, after(GAME));
    let plan = reconcile(&ev);
    assert_eq!(plan.case, Case::ScoresheetsDiffer);
    assert_eq!(plan.target_ply, 9);
    assert_eq!(
        kinds(&plan),
        [&FindingKind::IllegalMove {
            sheet: Player::Vi,
            ply: 10,
            entry: "Qxf7".into(),
            reason: annabella_arbiter::EntryError::Illegal
        }]
    );
    assert!(plan.clocks.is_some());
    assert!(
        plan.clocks
            .as_ref()
            .is_some_and(|c| c.white_ms.is_none() && c.words.en.starts_with("No clock readings")),
        "no journal readings: the proposal says so"
    );
    check_restores(&ev, &plan);
}

#[test]
fn chess960_start_and_black_to_move_numbering() {
    let start: Chess = "1rk4r/pppppppp/8/8/8/8/PPPPPPPP/1RK4R b HBhb - 0 20"
        .parse::<Fen>()
        .expect("fen")
        .into_position(CastlingMode::Chess960)
        .expect("960 position");
    let game = "O-O O-O-O Kh8";
    let right = board_after(&start, game);
    let wrong = board_after(&start, "O-O");
    let ev = Evidence {
        start: start.clone(),
        vi: Record {
            scoresheet: sheet(game),
            board: right,
        },
        sighted: Record {
            scoresheet: sheet(game),
            board: wrong,
        },
        clocks: Vec::new(),
    };
    let plan = reconcile(&ev);
    assert_eq!(plan.case, Case::ScoresheetsAgree);
    assert_eq!(plan.diverge_ply, Some(2));
    assert!(
        plan.findings[0]
            .words
            .en
            .contains("from White, move 21: castles long, King Hector eight."),
        "{}",
        plan.findings[0].words.en
    );
    check_restores(&ev, &plan);
}

#[test]
fn plan_json_has_the_documented_shape() {
    let wrong = after("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Bc5");
    let plan = reconcile(&evidence(GAME, after(GAME), GAME, wrong));
    let json = serde_json::to_value(&plan).expect("json");
    assert_eq!(json["case"], "scoresheets-agree");
    assert_eq!(json["diverge_ply"], 10);
    assert_eq!(json["findings"][0]["kind"], "wrong-move-executed");
    assert_eq!(json["fix"][0]["board"], "sighted");
    assert_eq!(json["fix"][0]["steps"][0]["action"], "move");
    assert_eq!(json["fix"][0]["steps"][0]["piece"], "b");
    assert_eq!(json["fix"][0]["steps"][0]["from"], "c5");
    assert_eq!(json["fix"][0]["steps"][0]["to"], "e7");
    let back: Plan = serde_json::from_value(json).expect("deserializes");
    assert_eq!(back, plan);
}
