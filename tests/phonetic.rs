//! End-to-end tests of `annabella parse`, `say` and `grammar` (crates/phonetic).

use std::process::Command;

use annabella_test_support::process::output_with_input;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn annabella(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(args)
        .output()
        .expect("run annabella");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn parse_prints_one_json_line_per_status() {
    let table: &[(&str, &[&str], &str, i32)] = &[
        (
            START,
            &["Springer", "Felix", "drei"],
            r#"{"status":"move","uci":"g1f3","san":"Nf3"}"#,
            0,
        ),
        (
            START,
            &["--scheme", "en", "Knight", "Felix", "three"],
            r#"{"status":"move","uci":"g1f3","san":"Nf3"}"#,
            0,
        ),
        (
            "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1",
            &["Springer", "David", "zwei"],
            r#"{"status":"ambiguous","candidates":["b1d2","f3d2"],"spoken":"mehrdeutig: Springer Bella eins David zwei oder Springer Felix drei David zwei"}"#,
            1,
        ),
        (
            "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
            &["Anna", "acht"],
            r#"{"status":"incomplete","missing":"promotion","spoken":"Umwandlungsfigur fehlt"}"#,
            1,
        ),
        (
            START,
            &["Springer", "Felix", "vier"],
            r#"{"status":"illegal","reason":"no knight can reach f4","spoken":"kein Springer kann Felix vier erreichen"}"#,
            1,
        ),
        (
            START,
            &["Springer", "Banane"],
            r#"{"status":"unrecognized","reason":"unknown word \"Banane\"","spoken":"unbekanntes Wort Banane"}"#,
            1,
        ),
        (
            START,
            &["Remis"],
            r#"{"status":"command","command":"offer_draw"}"#,
            0,
        ),
        (
            START,
            &["--scheme", "en", "where", "is", "the", "opponents", "queen"],
            r#"{"status":"command","command":"where_is","piece":"queen","side":"opponent"}"#,
            0,
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            &["Kurze", "Rochade"],
            r#"{"status":"move","uci":"e1g1","san":"O-O"}"#,
            0,
        ),
        (
            "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1",
            &["Kurze", "Rochade"],
            r#"{"status":"move","uci":"b1h1","san":"O-O"}"#,
            0,
        ),
        // The Laws' castling words at an English table.
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            &["--scheme", "en", "Lange", "Rochade"],
            r#"{"status":"move","uci":"e1c1","san":"O-O-O"}"#,
            0,
        ),
        // Analysis is understood, and marked refused (11.3.1).
        (
            START,
            &["wer", "greift", "Eva", "vier", "an"],
            r#"{"status":"command","command":"attackers","refused":true,"square":"e4"}"#,
            0,
        ),
        // A correction in one breath carries the new move.
        (
            START,
            &["Korrektur", "Springer", "Felix", "drei"],
            r#"{"status":"command","command":"correction","move":{"status":"move","uci":"g1f3","san":"Nf3"}}"#,
            0,
        ),
        // Hesitations and a self-correction: the last move said.
        (
            START,
            &[
                "äh", "Springer", "Felix", "drei", "nein", "Springer", "Cäsar", "drei", "bitte",
            ],
            r#"{"status":"move","uci":"b1c3","san":"Nc3"}"#,
            0,
        ),
    ];
    for (fen, words, want, code) in table {
        let mut args = vec!["parse", "--fen", fen];
        args.extend_from_slice(words);
        let (status, stdout, stderr) = annabella(&args);
        assert_eq!(stdout.trim_end(), *want, "{words:?} (stderr {stderr})");
        assert_eq!(status, Some(*code), "{words:?}");
    }
}

/// `annabella parse --stdin` on `input` (at most 30 s).
fn parse_stdin(input: &[u8]) -> std::process::Output {
    output_with_input(
        Command::new(env!("CARGO_BIN_EXE_annabella")).args(["parse", "--stdin"]),
        input,
        std::time::Duration::from_secs(30),
    )
}

#[test]
fn parse_stdin_answers_every_line_and_survives_bad_ones() {
    let input = format!(
        "{{\"fen\":\"{START}\",\"scheme\":\"en\",\"words\":\"Eva four\"}}\nnot json\n{{\"fen\":\"nonsense\",\"words\":\"Eva vier\"}}\n{{\"fen\":\"{START}\",\"words\":\"Zeit\"}}\n"
    );
    let out = parse_stdin(input.as_bytes());
    let lines: Vec<&str> = std::str::from_utf8(&out.stdout)
        .expect("utf8")
        .lines()
        .collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(lines[0], r#"{"status":"move","uci":"e2e4","san":"e4"}"#);
    assert!(
        lines[1].starts_with(r#"{"status":"error","line":2,"#),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with(r#"{"status":"error","line":3,"error":"invalid FEN"#),
        "{}",
        lines[2]
    );
    assert_eq!(lines[3], r#"{"status":"command","command":"ask_time"}"#);
    assert!(out.status.success());
}

#[test]
fn parse_stdin_reports_a_line_that_is_not_utf8_and_reads_on() {
    let mut input = format!("{{\"fen\":\"{START}\",\"words\":\"Eva vier\"}}\n").into_bytes();
    input.extend_from_slice(b"{\"words\":\"Eva \xff\xfe vier\"}\n");
    input.extend_from_slice(
        format!("{{\"fen\":\"{START}\",\"words\":\"David vier\"}}\n").as_bytes(),
    );
    let out = parse_stdin(&input);
    let text = String::from_utf8(out.stdout).expect("the answers are UTF-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[0], r#"{"status":"move","uci":"e2e4","san":"e4"}"#);
    assert_eq!(
        lines[1],
        r#"{"status":"error","line":2,"error":"not UTF-8 text (byte 15 of the line)"}"#
    );
    assert_eq!(lines[2], r#"{"status":"move","uci":"d2d4","san":"d4"}"#);
    assert!(out.status.success());
}

#[test]
fn an_error_names_bad_input_without_echoing_all_of_it() {
    let fen = "x".repeat(100_000);
    let out = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(["parse", "--fen", &fen, "Eva", "vier"])
        .output()
        .expect("run");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("invalid FEN \"xxxx"), "{stderr}");
    assert!(stderr.contains("(100000 bytes)"), "{stderr}");
    assert!(stderr.len() < 1000, "{} bytes of error", stderr.len());
}

#[test]
fn say_prints_the_announcement() {
    let table: &[(&[&str], &str)] = &[
        (&["--fen", START, "g1f3"], "Springer Felix drei"),
        (
            &["--fen", START, "--full", "g1f3"],
            "Springer Gustav eins Felix drei",
        ),
        (&["--fen", START, "--scheme", "en", "e2e4"], "Eva four"),
        (
            &[
                "--fen",
                START,
                "--scheme",
                "lt",
                "--local-piece-names",
                "b1c3",
            ],
            "žirgas Cäsar drei",
        ),
        (
            &[
                "--fen",
                START,
                "--scheme",
                "lv",
                "--local-piece-names",
                "b1c3",
            ],
            "zirgs Cäsar drei",
        ),
        // The FIDE scheme for every federation; lv with its Laws' file names.
        (
            &["--fen", START, "--scheme", "lv", "g1f3"],
            "Springer Felikss drei",
        ),
        (
            &["--fen", START, "--scheme", "lt", "b1c3"],
            "Springer Cäsar drei",
        ),
        (
            &["--fen", START, "--scheme", "hu", "b1c3"],
            "Springer Cäsar drei",
        ),
        (
            &["--fen", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q"],
            "Anna acht Dame Schach",
        ),
        (
            &["--fen", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1"],
            "Lange Rochade",
        ),
    ];
    for (args, want) in table {
        let mut a = vec!["say"];
        a.extend_from_slice(args);
        let (status, stdout, stderr) = annabella(&a);
        assert_eq!(stdout.trim_end(), *want, "{args:?} {stderr}");
        assert_eq!(status, Some(0));
    }
    let (status, _, stderr) = annabella(&["say", "--fen", START, "e2e5"]);
    assert_eq!(status, Some(2));
    assert!(stderr.contains("e2e5 is not legal"), "{stderr}");
}

#[test]
fn grammar_lists_every_legal_move_and_respects_the_vocabulary() {
    let (status, stdout, _) = annabella(&["grammar", "--fen", START]);
    assert_eq!(status, Some(0));
    let phrases: Vec<String> = serde_json::from_str(&stdout).expect("JSON array");
    for p in [
        "springer felix drei",
        "eva vier",
        "kurze rochade",
        "remis",
        "[unk]",
    ] {
        assert_eq!(phrases.contains(&p.to_owned()), p != "kurze rochade", "{p}");
    }
    assert_eq!(phrases.last().map(String::as_str), Some("[unk]"));
    let dir = tempfile::tempdir().expect("tempdir");
    let vocab = dir.path().join("words.txt");
    // A model without "cäsar" (but with "caesar") and without "hektor"/"hector".
    let known: Vec<&str> = phrases
        .iter()
        .flat_map(|p| p.split(' '))
        .filter(|w| !matches!(*w, "cäsar" | "hektor"))
        .collect();
    std::fs::write(&vocab, format!("{}\ncaesar\n", known.join("\n"))).expect("write");
    let (status, stdout, stderr) = annabella(&[
        "grammar",
        "--fen",
        START,
        "--vocab",
        vocab.to_str().expect("utf8"),
    ]);
    assert_eq!(status, Some(0));
    let limited: Vec<String> = serde_json::from_str(&stdout).expect("JSON array");
    assert!(limited.contains(&"springer caesar drei".to_owned()));
    assert!(
        !limited
            .iter()
            .any(|p| p.contains("hektor") || p.contains("cäsar"))
    );
    assert!(stderr.contains("\"hektor\""), "{stderr}");
}
