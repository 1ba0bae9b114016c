//! `annabella pairings` on bbpPairings' real TRF file (tests/data/trf): the round's boards
//! as text and JSON, and the round's results from a PGN file written into a new TRF file
//! that reads back with those results and otherwise the same bytes.

use std::process::{Command, Output};

const TRF: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/trf/dutch_2025_C5.trf"
);

/// The test file as the pairing program writes it when it has just paired round 2: round
/// 2's result columns blank and the points those of round 1.
fn round_2_paired(dir: &std::path::Path) -> String {
    let text = std::fs::read_to_string(TRF).unwrap();
    let lines: Vec<String> = text
        .lines()
        .map(|l| {
            if !l.starts_with("001") {
                return l.to_owned();
            }
            let mut chars: Vec<char> = l.chars().collect();
            let points = if chars[98] == '1' { " 1.0" } else { " 0.0" };
            chars[108] = ' ';
            chars.splice(80..84, points.chars());
            chars.into_iter().collect::<String>()
        })
        .collect();
    let path = dir.join("paired.trf");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path.to_str().unwrap().to_owned()
}

fn annabella(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

#[test]
fn json_lists_one_object_per_board_in_board_order() {
    let text = stdout(&annabella(&[
        "pairings", "--trf", TRF, "--round", "2", "--json",
    ]));
    let boards: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    let pairs: Vec<(u64, u64, u64)> = boards
        .iter()
        .map(|b| {
            (
                b["board"].as_u64().unwrap(),
                b["white"]["rank"].as_u64().unwrap(),
                b["black"]["rank"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(pairs, [(1, 2, 1), (2, 4, 3), (3, 6, 5)]);
    let white = &boards[0]["white"];
    assert_eq!(white["name"], "Test0002 Player0002");
    assert_eq!(white["rating"], 2701);
    // Unknown values are null, every one alike (issue 39, item 6).
    for key in ["title", "federation", "fide_id"] {
        assert!(white[key].is_null(), "white's {key} is null: {white}");
    }
}

#[test]
fn text_lists_one_line_per_board() {
    let text = stdout(&annabella(&["pairings", "--trf", TRF, "--round", "1"]));
    assert_eq!(
        text.lines().collect::<Vec<_>>(),
        [
            "Brett 1: 1. Test0001 Player0001 (2720) gegen 4. Test0004 Player0004 (2689).",
            "Brett 2: 5. Test0005 Player0005 (2673) gegen 2. Test0002 Player0002 (2701).",
            "Brett 3: 3. Test0003 Player0003 (2697) gegen 6. Test0006 Player0006 (2664).",
        ]
    );
}

#[test]
fn results_from_the_round_pgn_are_written_and_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("round.pgn");
    // Board 1 by its Board tag, board 2 by its Round tag 2.2 (the result the file has),
    // board 3 by the players' names (a Round tag without a board names none).
    std::fs::write(
        &pgn,
        "[Event \"C5\"]\n[Board \"1\"]\n[White \"Test0002 Player0002\"]\n[Black \"Test0001 Player0001\"]\n[Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n\n\
         [Event \"C5\"]\n[Round \"2.2\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
         [Event \"C5\"]\n[Round \"2\"]\n[White \"Test0006 Player0006\"]\n[Black \"Test0005 Player0005\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n",
    )
    .unwrap();
    let out = dir.path().join("new.trf");
    let (pgn_arg, out_arg) = (pgn.to_str().unwrap(), out.to_str().unwrap());
    let paired = round_2_paired(dir.path());
    let said = stdout(&annabella(&[
        "pairings",
        "--trf",
        &paired,
        "--round",
        "2",
        "--results",
        pgn_arg,
        "--out",
        out_arg,
    ]));
    assert!(said.contains("von 3 der 3 Bretter"), "{said}");
    let before = std::fs::read_to_string(&paired).unwrap();
    let after = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        after
            .lines()
            .filter(|l| l.starts_with("001"))
            .collect::<Vec<_>>(),
        [
            "001    1      Test0001 Player0001               2720                             1.5    1     4 w 1     2 b =",
            "001    2      Test0002 Player0002               2701                             1.5    3     5 b 1     1 w =",
            "001    3      Test0003 Player0003               2697                             2.0    2     6 w 1     4 b 1",
            "001    4      Test0004 Player0004               2689                             0.0    5     1 b 0     3 w 0  0000 - Z",
            "001    5      Test0005 Player0005               2673                             0.0    4     2 w 0     6 b 0",
            "001    6      Test0006 Player0006               2664                             1.0    6     3 b 0     5 w 1",
        ]
    );
    assert_eq!(before.len(), after.len());
    // The new file is read again: same boards, and writing its own results back is a no-op.
    let again = stdout(&annabella(&[
        "pairings", "--trf", out_arg, "--round", "2", "--json",
    ]));
    assert_eq!(
        again,
        stdout(&annabella(&[
            "pairings", "--trf", &paired, "--round", "2", "--json"
        ]))
    );
    let out2 = dir.path().join("again.trf");
    stdout(&annabella(&[
        "pairings",
        "--trf",
        out_arg,
        "--round",
        "2",
        "--results",
        pgn_arg,
        "--out",
        out2.to_str().unwrap(),
    ]));
    assert_eq!(std::fs::read(&out2).unwrap(), std::fs::read(&out).unwrap());
    // --out may be the --trf file itself: it is replaced whole.
    let in_place = dir.path().join("in-place.trf");
    std::fs::copy(&paired, &in_place).unwrap();
    let path = in_place.to_str().unwrap();
    stdout(&annabella(&[
        "pairings",
        "--trf",
        path,
        "--round",
        "2",
        "--results",
        pgn_arg,
        "--out",
        path,
    ]));
    assert_eq!(
        std::fs::read(&in_place).unwrap(),
        std::fs::read(&out).unwrap()
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        5,
        "no temporary file left"
    );
}

#[test]
fn a_forfeit_in_the_pgn_is_written_as_plus_and_minus_and_the_pairings_forfeits_kept() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("round.pgn");
    // Board 3 (6 White, 5 Black): Black did not come; boards 1 and 2 as the file has them.
    std::fs::write(
        &pgn,
        "[Event \"C5\"]\n[Round \"2.1\"]\n[White \"Test0002 Player0002\"]\n[Black \"Test0001 Player0001\"]\n[Result \"1-0\"]\n\n1. d4 d5 1-0\n\n\
         [Event \"C5\"]\n[Round \"2.2\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
         [Event \"C5\"]\n[Round \"2.3\"]\n[White \"Test0006 Player0006\"]\n[Black \"Test0005 Player0005\"]\n[Result \"1-0\"]\n[Termination \"forfeit\"]\n\n1-0\n",
    )
    .unwrap();
    let out = dir.path().join("new.trf");
    let (pgn_arg, out_arg) = (pgn.to_str().unwrap(), out.to_str().unwrap());
    let write = |trf: &str, out: &str| {
        annabella(&[
            "pairings",
            "--trf",
            trf,
            "--round",
            "2",
            "--results",
            pgn_arg,
            "--out",
            out,
        ])
    };
    let paired = round_2_paired(dir.path());
    let said = stdout(&write(&paired, out_arg));
    assert!(
        said.contains("von 3 der 3 Bretter") && said.contains("(1 davon kampflos;"),
        "{said}"
    );
    let after = std::fs::read_to_string(&out).unwrap();
    for line in [
        "001    5      Test0005 Player0005               2673                             0.0    4     2 w 0     6 b -",
        "001    6      Test0006 Player0006               2664                             1.0    6     3 b 0     5 w +",
    ] {
        assert!(after.lines().any(|l| l == line), "{line} in\n{after}");
    }
    // Read again, board 3 is the pairing's forfeit: named as one, at its board.
    let listed = stdout(&annabella(&["pairings", "--trf", out_arg, "--round", "2"]));
    assert!(
        listed.contains(
            "Brett 3, kampflos für Weiß (1-0): 6. Test0006 Player0006 (2664) gegen 5. Test0005 \
             Player0005 (2673)."
        ),
        "{listed}"
    );
    // The same round's PGN written into the new file changes nothing: the forfeit is
    // known and counted once.
    let again = dir.path().join("again.trf");
    stdout(&write(out_arg, again.to_str().unwrap()));
    assert_eq!(std::fs::read(&again).unwrap(), std::fs::read(&out).unwrap());
    // A game found by its number that names other players is refused, not written.
    let wrong = dir.path().join("wrong.pgn");
    std::fs::write(
        &wrong,
        "[Event \"C5\"]\n[Board \"2\"]\n[White \"Test0002 Player0002\"]\n[Black \"Test0001 Player0001\"]\n[Result \"1-0\"]\n\n1. d4 d5 1-0\n",
    )
    .unwrap();
    let refused = annabella(&[
        "pairings",
        "--trf",
        TRF,
        "--round",
        "2",
        "--results",
        wrong.to_str().unwrap(),
        "--out",
        dir.path().join("never.trf").to_str().unwrap(),
    ]);
    assert_eq!(refused.status.code(), Some(2));
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(
        err.contains(
            "wrong.pgn: line 1: board 2 is Test0004 Player0004 – Test0003 Player0003, the game \
             is Test0002 Player0002 – Test0001 Player0001"
        ),
        "{err}"
    );
    assert!(!dir.path().join("never.trf").exists());
    // The hall's PGN: its Board tag is the table's name ("9"), its Round tag 2.3 the board.
    let hall = dir.path().join("hall.pgn");
    std::fs::write(
        &hall,
        "[Event \"C5\"]\n[Round \"2.3\"]\n[Board \"9\"]\n[White \"Test0006 Player0006\"]\n[Black \"Test0005 Player0005\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2-1/2\n",
    )
    .unwrap();
    let by_round = dir.path().join("by-round.trf");
    let said = stdout(&annabella(&[
        "pairings",
        "--trf",
        &paired,
        "--round",
        "2",
        "--results",
        hall.to_str().unwrap(),
        "--out",
        by_round.to_str().unwrap(),
    ]));
    assert!(said.contains("von 1 der 3 Bretter"), "{said}");
    let text = std::fs::read_to_string(&by_round).unwrap();
    for (rank, column) in [(6, "5 w ="), (5, "6 b =")] {
        assert!(
            text.lines()
                .any(|l| l.starts_with(&format!("001 {rank:>4}")) && l.ends_with(column)),
            "{text}"
        );
    }
}

#[test]
fn a_game_of_no_board_is_named_by_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("round.pgn");
    std::fs::write(
        &pgn,
        "[White \"Nobody\"]\n[Black \"Else\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n",
    )
    .unwrap();
    let out = dir.path().join("new.trf");
    let run = annabella(&[
        "pairings",
        "--trf",
        TRF,
        "--round",
        "2",
        "--results",
        pgn.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(!run.status.success());
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains(&format!("{}: line 1: no Board tag", pgn.display())),
        "{err}"
    );
    assert!(!out.exists(), "nothing written on error");
    let unpaired = annabella(&["pairings", "--trf", TRF, "--round", "3"]);
    assert!(
        String::from_utf8_lossy(&unpaired.stderr)
            .contains("dutch_2025_C5.trf: round 3: no player is paired")
    );
}

#[test]
fn init_fills_the_players_event_and_round_from_a_board_of_the_trf() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("table.toml");
    let no_port = dir.path().join("no-port");
    let (config_arg, port_arg) = (config.to_str().unwrap(), no_port.to_str().unwrap());
    let init = |board: &str| {
        annabella(&[
            "init",
            "--non-interactive",
            "--no-devices",
            "--port",
            port_arg,
            "--out",
            config_arg,
            "--trf",
            TRF,
            "--round",
            "2",
            "--board",
            board,
        ])
    };
    stdout(&init("3"));
    let written = std::fs::read_to_string(&config).unwrap();
    for line in [
        "white = \"Test0006 Player0006\"",
        "black = \"Test0005 Player0005\"",
        "event = \"Dutch 2025 C5 test\"",
        "round = \"2.3\"",
    ] {
        assert!(written.lines().any(|l| l == line), "{line} in {written}");
    }
    std::fs::remove_file(&config).unwrap();
    let missing = init("4");
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&missing.stderr)
            .contains("dutch_2025_C5.trf hat kein Brett 4: Ihre Bretter sind 1 bis 3.")
    );
    assert!(!config.exists());
}

/// Issue 39, item 6: a round PGN whose unfinished games are `*` and whose other games
/// the file has already leaves the file as it is and lists every board not written.
#[test]
fn unfinished_games_and_the_files_results_are_left_and_listed() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("round.pgn");
    std::fs::write(
        &pgn,
        "[Round \"2.1\"]\n[Result \"*\"]\n\n1. d4 d5 *\n\n\
         [Round \"2.2\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n",
    )
    .unwrap();
    let out = dir.path().join("new.trf");
    let said = stdout(&annabella(&[
        "pairings",
        "--trf",
        TRF,
        "--round",
        "2",
        "--results",
        pgn.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]));
    assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(TRF).unwrap());
    assert_eq!(
        said.lines().skip(1).collect::<Vec<_>>(),
        [
            "Nicht geschrieben: Brett 1, die Partie ist nicht beendet.",
            "Nicht geschrieben: Brett 2, die Datei hat 0-1, die Partie sagt 1-0; das Ergebnis der \
             Datei bleibt.",
            "Nicht geschrieben: Brett 3, zu diesem Brett gibt es keine Partie.",
        ],
        "{said}"
    );
}

#[test]
fn a_closed_pipe_ends_the_listing_quietly() {
    // `annabella pairings … --json | head -1` panicked on the write.
    for json in [true, false] {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_annabella"));
        cmd.args(["pairings", "--trf", TRF, "--round", "2"]);
        if json {
            cmd.arg("--json");
        }
        let out = annabella_test_support::process::output_with_stdout_closed(
            &mut cmd,
            std::time::Duration::from_secs(60),
        );
        annabella_test_support::process::assert_quiet_on_a_closed_pipe(&out, "pairings");
    }
}
