//! Reading, pairings and results on the real bbpPairings file and on small files made here.

use crate::*;
use annabella_rules::{GameResult, shakmaty::Color};

/// bbpPairings' test file `test/tests/dutch_2025_C5.input` (LF endings, a `Z` bye).
const REAL: &[u8] = include_bytes!("../../../tests/data/trf/dutch_2025_C5.trf");

/// A player line in TRF16's columns.
#[allow(clippy::too_many_arguments)]
fn line(
    rank: u32,
    sex: char,
    title: &str,
    name: &str,
    rating: &str,
    fed: &str,
    id: &str,
    birth: &str,
    points: &str,
    rounds: &[&str],
) -> String {
    let blocks: Vec<String> = rounds.iter().map(|r| format!("  {r}")).collect();
    format!(
        "001 {rank:>4} {sex}{title:>3} {name:<33} {rating:>4} {fed:>3} {id:>11} {birth:<10} {points:>4} {rank:>4}{}",
        blocks.concat()
    )
}

/// Two rounds, four players: a forfeit in round 1, a half-point bye and a pairing-
/// allocated bye in round 2, a non-ASCII name; lines end with `end`.
fn made(end: &str) -> Vec<u8> {
    let lines = [
        "012 Made Open".to_string(),
        "022 Vilnius".to_string(),
        line(
            1,
            'm',
            "GM",
            "Zukertort, Johannes",
            "2650",
            "POL",
            "1100001",
            "1980/01/01",
            "1.5",
            &["   2 w 1", "0000 - H"],
        ),
        line(
            2,
            'w',
            "WIM",
            "Šimkutė, Rūta",
            "2300",
            "LTU",
            "1200002",
            "1999/12/31",
            "0.0",
            &["   1 b 0", "   4 w  "],
        ),
        line(
            3,
            'm',
            "",
            "Bert, B",
            "2000",
            "GER",
            "",
            "1990",
            "2.0",
            &["   4 w +", "0000 - U"],
        ),
        line(
            4,
            'm',
            "",
            "Carl, C",
            "1900",
            "AUT",
            "",
            "1991",
            "0.0",
            &["   3 b -", "   2 b  "],
        ),
        "XXR 2".to_string(),
    ];
    let mut text = lines.join(end);
    text.push_str(end);
    text.into_bytes()
}

#[test]
fn escape_sequences_and_bidi_controls_in_a_hostile_trf_never_leave_it() {
    let hostile = String::from_utf8(made("\n"))
        .unwrap()
        .replace("Made Open", "Open\u{1b}]0;owned\u{7}")
        .replace("Bert, B   ", "B\u{1b}[2J\u{202e}treB");
    let trf = Trf::parse(hostile.as_bytes()).unwrap();
    assert_eq!(
        trf.tournament_name().as_deref(),
        Some("Open\u{FFFD}]0;owned\u{FFFD}")
    );
    let bert = &trf.player(3).unwrap().name;
    assert!(
        !bert.chars().any(annabella_rules::is_unprintable),
        "{bert:?}"
    );
    assert_eq!(bert, "B\u{FFFD}[2J\u{FFFD}treB");
}

#[test]
fn the_real_file_reads_with_its_header_players_and_rounds() {
    let trf = Trf::parse(REAL).unwrap();
    assert_eq!(trf.tournament_name().as_deref(), Some("Dutch 2025 C5 test"));
    assert_eq!(trf.header("XXR").as_deref(), Some("3"));
    assert_eq!(trf.players().len(), 6);
    let p1 = trf.player(1).unwrap();
    assert_eq!(p1.name, "Test0001 Player0001");
    assert_eq!(p1.rating, Some(2720));
    assert_eq!(p1.points, 2.0);
    assert_eq!(p1.final_rank, Some(1));
    assert_eq!(
        p1.rounds,
        vec![
            RoundEntry {
                opponent: Some(4),
                colour: Some(Color::White),
                result: '1'
            },
            RoundEntry {
                opponent: Some(2),
                colour: Some(Color::Black),
                result: '1'
            },
        ]
    );
    let p4 = trf.player(4).unwrap();
    assert_eq!(
        p4.rounds[2],
        RoundEntry {
            opponent: None,
            colour: None,
            result: 'Z'
        }
    );
}

fn ranks(pairings: &[Pairing]) -> Vec<String> {
    pairings
        .iter()
        .map(|p| match p {
            Pairing::Board(b) => format!("{}: {}-{}", b.number, b.white.rank, b.black.rank),
            Pairing::Forfeit(f) => {
                let (w, b) = f.result().characters();
                format!(
                    "forfeit {}: {}{w}{b}{}",
                    f.number, f.white.rank, f.black.rank
                )
            }
            Pairing::Bye(b) => format!("bye {} {:?}", b.player.rank, b.kind),
        })
        .collect()
}

#[test]
fn the_real_rounds_in_board_order() {
    let trf = Trf::parse(REAL).unwrap();
    // Before round 2: players 1, 2, 3 have 1 point, 4, 5, 6 none.
    assert_eq!(
        ranks(&trf.pairings_of(2).unwrap()),
        ["1: 2-1", "2: 4-3", "3: 6-5"]
    );
    assert_eq!(
        ranks(&trf.pairings_of(1).unwrap()),
        ["1: 1-4", "2: 5-2", "3: 3-6"]
    );
    // Round 3 is not paired: only player 4's zero-point bye is in the file.
    assert!(matches!(
        trf.pairings_of(3),
        Err(TrfError::NoSuch { round: 3, .. })
    ));
    assert!(trf.pairings_of(0).is_err());
}

#[test]
fn every_line_ending_reads_the_same() {
    let lf = Trf::parse(&made("\n")).unwrap();
    for end in ["\r", "\r\n"] {
        let other = Trf::parse(&made(end)).unwrap();
        assert_eq!(other.players(), lf.players(), "ending {end:?}");
        assert_eq!(other.header_lines(), lf.header_lines(), "ending {end:?}");
    }
    assert_eq!(lf.header("022").as_deref(), Some("Vilnius"));
    let p2 = lf.player(2).unwrap();
    assert_eq!(
        (p2.sex, p2.title.as_str(), p2.name.as_str()),
        (Some('w'), "WIM", "Šimkutė, Rūta")
    );
    assert_eq!(
        (p2.federation.as_str(), p2.fide_id, p2.birth_date.as_str()),
        ("LTU", Some(1200002), "1999/12/31")
    );
}

#[test]
fn a_forfeit_and_byes_are_named_not_boards() {
    let trf = Trf::parse(&made("\r")).unwrap();
    assert_eq!(
        ranks(&trf.pairings_of(1).unwrap()),
        ["1: 1-2", "forfeit 2: 3+-4"]
    );
    assert_eq!(
        ranks(&trf.pairings_of(2).unwrap()),
        ["1: 2-4", "bye 1 HalfPoint", "bye 3 PairingAllocated"]
    );
}

#[test]
fn read_write_read_of_an_unchanged_file_is_byte_identical() {
    for bytes in [REAL.to_vec(), made("\r"), made("\r\n"), made("\n")] {
        let trf = Trf::parse(&bytes).unwrap();
        assert_eq!(trf.with_results(1, &[]).unwrap().bytes, bytes);
        // Writing the result the file already has changes nothing either.
        let again = trf.with_results(2, &[(1, trf_result(&trf, 2, 1))]).unwrap();
        assert_eq!(again.bytes, bytes);
    }
}

fn trf_result(trf: &Trf, round: u32, board: u32) -> RoundResult {
    let b = &trf.boards_of(round).unwrap()[board as usize - 1];
    let column = |rank| trf.player(rank).unwrap().rounds[round as usize - 1].result;
    RoundResult::from_characters(column(b.white.rank), column(b.black.rank))
        .unwrap_or(RoundResult::Unfinished)
}

const DRAW: RoundResult = RoundResult::Played(GameResult::Draw);
const WHITE_WINS: RoundResult = RoundResult::Played(GameResult::WhiteWins);

#[test]
fn results_are_written_into_the_round_and_the_points() {
    let bytes = made("\r\n");
    let trf = Trf::parse(&bytes).unwrap();
    let out = trf.with_results(2, &[(1, DRAW)]).unwrap().bytes;
    let after = Trf::parse(&out).unwrap();
    for rank in [2, 4] {
        assert_eq!(after.player(rank).unwrap().rounds[1].result, '=');
        assert_eq!(after.player(rank).unwrap().points, 0.5);
    }
    // Only those bytes changed: same length, the other lines identical.
    assert_eq!(out.len(), bytes.len());
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains(&format!(
        "{}\r\n",
        line(
            2,
            'w',
            "WIM",
            "Šimkutė, Rūta",
            "2300",
            "LTU",
            "1200002",
            "1999/12/31",
            "0.5",
            &["   1 b 0", "   4 w ="]
        )
    )));
    assert_eq!(after.player(1).unwrap(), trf.player(1).unwrap());

    // The real file with board 3 of round 2 (6 White, 5 Black) not played yet: 1-0.
    let text = String::from_utf8(REAL.to_vec())
        .unwrap()
        .replace(
            "1.0    4     2 w 0     6 b 1",
            "0.0    4     2 w 0     6 b  ",
        )
        .replace("3 b 0     5 w 0", "3 b 0     5 w  ");
    let real = Trf::parse(text.as_bytes()).unwrap();
    let out = real.with_results(2, &[(3, WHITE_WINS)]).unwrap().bytes;
    let after = Trf::parse(&out).unwrap();
    assert_eq!(
        (
            after.player(6).unwrap().points,
            after.player(6).unwrap().rounds[1].result
        ),
        (1.0, '1')
    );
    assert_eq!(
        (
            after.player(5).unwrap().points,
            after.player(5).unwrap().rounds[1].result
        ),
        (0.0, '0')
    );
    assert_eq!(out.len(), REAL.len());
}

#[test]
fn a_forfeit_at_a_board_is_written_as_plus_and_minus() {
    let trf = Trf::parse(&made("\n")).unwrap();
    // Round 2, board 1: 2 (White) against 4 (Black); Black did not come.
    let out = trf
        .with_results(
            2,
            &[(
                1,
                RoundResult::Forfeit {
                    winner: Some(Color::White),
                },
            )],
        )
        .unwrap()
        .bytes;
    let after = Trf::parse(&out).unwrap();
    let (white, black) = (after.player(2).unwrap(), after.player(4).unwrap());
    assert_eq!((white.rounds[1].result, white.points), ('+', 1.0));
    assert_eq!((black.rounds[1].result, black.points), ('-', 0.0));
    // Still a forfeit to a reader of the file: no longer a board of the round.
    assert!(matches!(
        after.pairings_of(2).unwrap().as_slice(),
        [Pairing::Forfeit(f), ..] if f.white.rank == 2 && f.winner == Some(Color::White) && f.number == 1
    ));
    assert_eq!(
        RoundResult::Played(GameResult::BlackWins).by_forfeit(),
        RoundResult::Forfeit {
            winner: Some(Color::Black)
        }
    );
    assert_eq!(DRAW.by_forfeit(), DRAW);
}

#[test]
fn the_rounds_byes_and_forfeits_keep_their_codes_and_are_counted_once() {
    // Player 1's half-point bye of round 2 (H) is not in their points yet (1.0).
    let text =
        String::from_utf8(made("\n"))
            .unwrap()
            .replacen("1980/01/01  1.5", "1980/01/01  1.0", 1);
    let trf = Trf::parse(text.as_bytes()).unwrap();
    assert_eq!(trf.player(1).unwrap().points, 1.0);
    let out = trf.with_results(2, &[(1, DRAW)]).unwrap().bytes;
    let after = Trf::parse(&out).unwrap();
    let one = after.player(1).unwrap();
    assert_eq!((one.rounds[1].result, one.points), ('H', 1.5));
    // The pairing-allocated bye was counted already (2.0): nothing changes.
    assert_eq!(after.player(3).unwrap(), &{
        let mut p = trf.player(3).unwrap().clone();
        p.line = after.player(3).unwrap().line;
        p
    });
    // Written again, nothing moves: each counted once.
    assert_eq!(after.with_results(2, &[(1, DRAW)]).unwrap().bytes, out);
    // Round 1's forfeit (3 + against 4 -) is counted in the points as they stand.
    assert_eq!(trf.with_results(1, &[]).unwrap().bytes, text.as_bytes());
}

#[test]
fn a_missing_result_column_is_added_at_the_line_end() {
    let bytes = b"001    1      A                                                                  0.0    1     2 w\r001    2      B                                                                  0.0    2     1 b\r";
    let trf = Trf::parse(bytes).unwrap();
    let out = trf.with_results(1, &[(1, WHITE_WINS)]).unwrap().bytes;
    let after = Trf::parse(&out).unwrap();
    assert_eq!(after.player(1).unwrap().rounds[0].result, '1');
    assert_eq!(after.player(2).unwrap().points, 0.0);
    assert_eq!(after.player(1).unwrap().points, 1.0);
}

#[test]
fn bad_input_names_the_line() {
    let bad = made("\n").into_iter().collect::<Vec<u8>>();
    let text = String::from_utf8(bad)
        .unwrap()
        .replace("2 w 1  0000", "2 x 1  0000");
    let err = Trf::parse(text.as_bytes()).unwrap_err();
    assert_eq!(err.to_string(), "line 3: colour \"x\" is not valid");
    let one_sided = String::from_utf8(made("\n"))
        .unwrap()
        .replace("1 b 0     4 w", "3 b 0     4 w");
    let err = Trf::parse(one_sided.as_bytes())
        .unwrap()
        .pairings_of(1)
        .unwrap_err();
    assert!(
        err.to_string()
            .starts_with("line 3: round 1: paired with 2"),
        "{err}"
    );
    let trf = Trf::parse(REAL).unwrap();
    assert!(
        trf.with_results(2, &[(4, DRAW)])
            .unwrap_err()
            .to_string()
            .contains("no board 4")
    );
}

#[test]
fn a_scoring_record_sets_the_points_written_and_lower_case_codes_read() {
    // Three points a win, one a draw (the 162 record), a lower-case half-point bye.
    let text = String::from_utf8(made("\n"))
        .unwrap()
        .replace("022 Vilnius", "162  W 3.0    D 1.0")
        .replace("0000 - H", "0000 - h");
    let trf = Trf::parse(text.as_bytes()).unwrap();
    assert_eq!(trf.scoring().win, 3.0);
    assert_eq!(trf.scoring().pairing_bye, 3.0);
    assert_eq!(ranks(&trf.pairings_of(2).unwrap())[1], "bye 1 HalfPoint");
    let out = Trf::parse(&trf.with_results(2, &[(1, WHITE_WINS)]).unwrap().bytes).unwrap();
    assert_eq!(out.player(2).unwrap().points, 3.0);
    assert_eq!(out.player(4).unwrap().points, 0.0);
    let bad = text.replace("162  W 3.0", "162  Q 3.0");
    assert_eq!(
        Trf::parse(bad.as_bytes()).unwrap_err().to_string(),
        "line 2: result code \"Q\" is not valid"
    );
}

#[test]
fn a_result_tag_is_read_or_named_as_no_result() {
    assert_eq!(" 1-0 ".parse(), Ok(WHITE_WINS));
    assert_eq!("½-½".parse(), Ok(DRAW));
    assert_eq!("*".parse(), Ok(RoundResult::Unfinished));
    let err = "1:0".parse::<RoundResult>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "\"1:0\" is not a result (1-0, 0-1, 1/2-1/2 or *)"
    );
}

/// Issue 39, item 6: both players `-` is a double forfeit (no winner), numbered where
/// the pairing list has it, and neither scores.
#[test]
fn a_double_forfeit_has_no_winner_and_keeps_its_board_number() {
    let text = String::from_utf8(made("\n"))
        .unwrap()
        .replace("   4 w +", "   4 w -")
        .replace("1990        2.0", "1990        1.0");
    let trf = Trf::parse(text.as_bytes()).unwrap();
    let pairings = trf.pairings_of(1).unwrap();
    assert_eq!(ranks(&pairings), ["1: 1-2", "forfeit 2: 3--4"]);
    let Pairing::Forfeit(f) = &pairings[1] else {
        panic!("{pairings:?}")
    };
    assert_eq!(f.winner, None);
    assert_eq!(
        listing::pairing_line(&pairings[1]).split(':').next(),
        Some("board 2 (double forfeit)")
    );
    let json = listing::pairing_json(&pairings[1]);
    assert_eq!(
        (
            json["board"].as_u64(),
            json["winner"].is_null(),
            json["forfeit"].as_str()
        ),
        (Some(2), true, Some("0-0"))
    );
    // Counted as no point for either.
    let out = Trf::parse(&trf.with_results(1, &[]).unwrap().bytes).unwrap();
    assert_eq!(out.player(3).unwrap().points, 1.0);
    assert_eq!(out.player(4).unwrap().points, 0.0);
}

/// Issue 39, item 6: a forfeit that was paired as board 1 keeps board 1; the game after
/// it is board 2, as on the posted list.
#[test]
fn boards_are_numbered_with_the_forfeits_among_them() {
    // Round 1: 1–2 forfeited (+/-), 3–4 played; the forfeit has the better rank.
    let text = String::from_utf8(made("\n"))
        .unwrap()
        .replace("   2 w 1", "   2 w +")
        .replace("   1 b 0", "   1 b -")
        .replace("   4 w +", "   4 w  ")
        .replace("   3 b -", "   3 b  ");
    let trf = Trf::parse(text.as_bytes()).unwrap();
    assert_eq!(
        ranks(&trf.pairings_of(1).unwrap()),
        ["forfeit 1: 1+-2", "2: 3-4"]
    );
    assert_eq!(trf.boards_of(1).unwrap()[0].number, 2);
    let written = trf.with_results(1, &[(2, DRAW)]).unwrap();
    assert_eq!(written.boards, [2]);
    let err = trf.with_results(1, &[(1, DRAW)]).unwrap_err().to_string();
    assert!(err.contains("no board 1 to play"), "{err}");
}

/// Issue 39, item 6: an unfinished game and a result the file has are left as they
/// are, and named.
#[test]
fn unfinished_games_and_results_in_the_file_are_kept_and_listed() {
    let trf = Trf::parse(&made("\n")).unwrap();
    let written = trf
        .with_results(1, &[(1, RoundResult::Played(GameResult::BlackWins))])
        .unwrap();
    assert_eq!(written.bytes, made("\n"));
    assert!(written.boards.is_empty());
    assert_eq!(
        written
            .left_out
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["board 1: the file has 1-0, the game says 0-1; the file's is kept"]
    );
    let written = trf
        .with_results(2, &[(1, RoundResult::Unfinished)])
        .unwrap();
    assert_eq!(written.bytes, made("\n"));
    assert_eq!(
        written.left_out[0].to_string(),
        "board 1: the game is not finished"
    );
    let written = trf.with_results(2, &[]).unwrap();
    assert_eq!(
        written.left_out[0].to_string(),
        "board 1: no game of the board"
    );
}

/// Issue 39, item 6: a Result tag that the movetext contradicts is refused, naming the
/// game.
#[test]
fn a_result_tag_against_the_movetext_is_refused_naming_the_game() {
    let trf = Trf::parse(&made("\n")).unwrap();
    let boards = trf.boards_of(2).unwrap();
    let boards: Vec<&Board> = boards.iter().collect();
    let pgn = "[White \"Šimkutė, Rūta\"]\n[Black \"Carl, C\"]\n[Result \"1-0\"]\n\n1. e4 e5 0-1\n";
    let err = round_pgn::results_of(pgn, &boards, &[])
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "line 3: the game Šimkutė, Rūta – Carl, C: the Result tag says 1-0, the moves end \
         0-1; correct the game before its result is written"
    );
    let unfinished = pgn.replace("1-0", "*").replace("e5 0-1", "e5 *");
    let found = round_pgn::results_of(&unfinished, &boards, &[]).unwrap();
    assert_eq!(found.get(&1), Some(&RoundResult::Unfinished));
}

/// A hall's round file holds each table's last game: one of the round before (a table
/// whose board is a forfeit now) is left out of this round's results and named.
#[test]
fn a_game_of_another_round_is_left_out_and_named() {
    let trf = Trf::parse(&made("\n")).unwrap();
    let boards = trf.boards_of(2).unwrap();
    let boards: Vec<&Board> = boards.iter().collect();
    let (white, black) = (&boards[0].white.name, &boards[0].black.name);
    let pgn = format!(
        "[Round \"1.1\"]\n[Board \"1\"]\n[White \"Old, O\"]\n[Black \"Older, O\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n\
         [Round \"2.1\"]\n[Board \"1\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"0-1\"]\n\n1. e4 e5 0-1\n"
    );
    let (found, other) = round_pgn::results_of_round(&pgn, Some(2), &boards, &[]).unwrap();
    assert_eq!(found.get(&1), Some(&"0-1".parse::<RoundResult>().unwrap()));
    assert_eq!(
        other.iter().map(ToString::to_string).collect::<Vec<_>>(),
        ["the game Old, O – Older, O (1) (line 1) is of round 1"]
    );
    assert_eq!(
        other[0],
        round_pgn::OtherRound {
            white: Some("Old, O".into()),
            black: Some("Older, O".into()),
            board: Some("1".into()),
            line: 1,
            round: 1,
        }
    );
    // Without a round, every game counts: the old one is refused for its players.
    assert!(round_pgn::results_of(&pgn, &boards, &[]).is_err());
}

/// A VI player who moves boards in a Swiss is found by start rank: his game at whatever
/// board, his forfeit, his bye; nothing for a round the file does not have yet.
#[test]
fn a_players_pairing_is_found_by_start_rank_whatever_its_board() {
    let trf = Trf::parse(&made("\n")).unwrap();
    let of = |round, rank| trf.pairing_of_player(round, rank).unwrap();
    assert!(matches!(of(1, 2), Some(Pairing::Board(b)) if b.number == 1 && b.black.rank == 2));
    assert!(matches!(of(2, 2), Some(Pairing::Board(b)) if b.number == 1 && b.white.rank == 2));
    assert!(matches!(of(1, 4), Some(Pairing::Forfeit(f)) if f.number == 2 && f.black.rank == 4));
    assert!(
        matches!(of(2, 1), Some(Pairing::Bye(b)) if b.kind == ByeKind::HalfPoint),
        "{:?}",
        of(2, 1)
    );
    assert_eq!(of(1, 9), None);
    assert!(
        trf.pairing_of_player(3, 2).is_err(),
        "round 3 is not there yet"
    );
}
