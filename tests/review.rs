//! `annabella review` as a new user meets it: a PGN file of several games (listed, one
//! chosen, how many said), an engine that is missing or no UCI engine (said in the
//! listener's language, the review goes on), a variant, an empty file and a journal of
//! an unfinished game; and the review by voice through the real Korean Vosk model
//! (scripts/setup.sh) and by the keys of a Braille display through a real brltty (its
//! Virtual driver, as tests/braille_display.rs).

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

use annabella_test_support::korean::{korean_wav, model_dir};
use annabella_test_support::process::{output_with_input, output_within};

const LIMIT: Duration = Duration::from_secs(120);

fn annabella() -> Command {
    Command::new(env!("CARGO_BIN_EXE_annabella"))
}

fn text(out: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `annabella review ARGS` with `input` on standard input.
fn review(args: &[&str], record: &Path, input: &str) -> (bool, String, String) {
    let out = output_with_input(
        annabella().arg("review").args(args).arg(record),
        input.as_bytes(),
        LIMIT,
    );
    let (stdout, stderr) = text(&out);
    (out.status.success(), stdout, stderr)
}

const THREE_GAMES: &str = "[Event \"Club\"]\n[White \"Anna\"]\n[Black \"Bert\"]\n[Result \"1-0\"]\n\n\
1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
[Event \"Club\"]\n[White \"Carla\"]\n[Black \"Dora\"]\n[Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n\n\
[Event \"Club\"]\n[White \"Emil\u{1b}[31m\"]\n[Black \"Fritz\"]\n[Result \"*\"]\n\n1. c4 *\n";

#[test]
fn a_pgn_of_several_games_is_listed_and_any_game_chosen() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("club.pgn");
    std::fs::write(&pgn, THREE_GAMES).unwrap();
    let (ok, said, stderr) = review(&["--list-games"], &pgn, "");
    assert!(ok, "{stderr}");
    assert_eq!(
        said.lines().collect::<Vec<_>>(),
        [
            "Die Datei enthält 3 Partien.",
            "Partie 1: Anna gegen Bert, Weiß hat gewonnen.",
            "Partie 2: Carla gegen Dora, Remis.",
            // The escape sequence of the file never reaches the terminal.
            "Partie 3: Emil\u{fffd}[31m gegen Fritz, nicht beendet.",
        ],
        "{said}"
    );
    // Without --game: the first, and the listener is told there are more.
    let (ok, said, stderr) = review(&[], &pgn, "Ende\n");
    assert!(ok, "{stderr}");
    let said: Vec<&str> = said.lines().collect();
    assert!(
        said[0].starts_with("Partie Anna gegen Bert, Weiß hat gewonnen, sieben Halbzüge."),
        "{said:?}"
    );
    assert_eq!(
        said[1],
        "Die Datei enthält drei Partien; dies ist Partie eins. Eine andere wählen Sie mit --game und ihrer Nummer; --list-games zählt sie auf."
    );
    assert_eq!(
        said[2],
        "Zug vier, Weiß: Dame Hektor fünf schlägt Felix sieben Matt."
    );
    // The second game, in English.
    let (ok, said, stderr) = review(&["--game", "2", "--language", "en"], &pgn, "end\n");
    assert!(ok, "{stderr}");
    let said: Vec<&str> = said.lines().collect();
    assert!(
        said[0].starts_with("Game Carla against Dora, a draw, two half-moves."),
        "{said:?}"
    );
    assert!(
        said[1].starts_with("The file holds three games; this is game two."),
        "{said:?}"
    );
    // A game the file does not hold, and --game on a journal: one sentence each.
    let (ok, _, stderr) = review(&["--game", "5"], &pgn, "");
    assert!(!ok);
    assert!(
        stderr.contains("club.pgn: there is no game 5: the file holds 3 games"),
        "{stderr}"
    );
    let journal = dir.path().join("game.journal");
    std::fs::copy("tests/data/journals/adjournment.journal", &journal).unwrap();
    let (ok, _, stderr) = review(&["--game", "2"], &journal, "");
    assert!(!ok);
    assert!(stderr.contains("a journal holds one game"), "{stderr}");
}

/// An executable shell script `name` in `dir`.
fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[test]
fn a_missing_or_broken_engine_is_told_in_the_listeners_language_and_the_review_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let opera = Path::new("samples/opera-game.pgn");
    let (ok, said, stderr) = review(
        &["--engine", "/opt/nowhere/stockfish"],
        opera,
        "Bewertung\n",
    );
    assert!(ok, "{stderr}");
    let said: Vec<&str> = said.lines().collect();
    assert_eq!(
        said[1],
        "Das Schachprogramm /opt/nowhere/stockfish ist nicht zu finden. Installieren Sie Stockfish (sudo apt install stockfish) oder nennen Sie mit --engine ein anderes UCI-Schachprogramm. Die Partie wird ohne Bewertung nachgespielt.",
        "{said:?}"
    );
    assert_eq!(said[2], "Für diese Partie gibt es keine Engine-Bewertung.");
    assert!(
        stderr.contains("--engine: "),
        "the log names the flag: {stderr}"
    );
    let (ok, said, _) = review(
        &["--engine", "/opt/nowhere/stockfish", "--language", "en"],
        opera,
        "",
    );
    assert!(ok);
    assert!(
        said.contains("The chess engine /opt/nowhere/stockfish cannot be found. Install Stockfish"),
        "{said}"
    );
    // A program that is no UCI engine.
    let chatter = script(
        dir.path(),
        "chatter.sh",
        "echo 'Hello, I am a shell script'\n",
    );
    let (ok, said, stderr) = review(&["--engine", chatter.to_str().unwrap()], opera, "");
    assert!(ok, "{stderr}");
    assert!(
        said.contains(&format!(
            "Das Schachprogramm {} hat die Partie nicht bewertet; es antwortet nicht wie ein UCI-Schachprogramm",
            chatter.display()
        )),
        "{said}"
    );
    assert!(
        stderr.contains("the review goes on without evaluation: the engine"),
        "{stderr}"
    );
}

#[test]
fn a_variant_an_empty_file_and_an_unfinished_journal() {
    let dir = tempfile::tempdir().unwrap();
    let atomic = dir.path().join("atomic.pgn");
    std::fs::write(
        &atomic,
        "[Variant \"Atomic\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n",
    )
    .unwrap();
    let (ok, _, stderr) = review(&[], &atomic, "");
    assert!(!ok);
    assert!(
        stderr.contains(
            "game 1 is of the variant \"Atomic\": a review knows standard chess and Chess960 only"
        ),
        "{stderr}"
    );
    let empty = dir.path().join("empty.pgn");
    std::fs::write(&empty, "").unwrap();
    let (ok, _, stderr) = review(&[], &empty, "");
    assert!(!ok);
    assert!(stderr.contains("empty.pgn: the file is empty"), "{stderr}");
    let (ok, _, stderr) = review(&["--list-games"], &empty, "");
    assert!(!ok);
    assert!(stderr.contains("empty.pgn: the file is empty"), "{stderr}");
    // The journal of a game adjourned and resumed (it ends in a resignation): three
    // half-moves, reviewed to its end. (A game never resumed: the test below.)
    let journal = dir.path().join("game.journal");
    std::fs::copy("tests/data/journals/adjournment.journal", &journal).unwrap();
    let (ok, said, stderr) = review(&[], &journal, "Ende\nvor\n");
    assert!(ok, "{stderr}");
    let said: Vec<&str> = said.lines().collect();
    assert!(said[0].contains(", drei Halbzüge."), "{said:?}");
    assert_eq!(said[1], "Zug zwei, Weiß: Springer Gustav eins Felix drei.");
    assert_eq!(said[2], "Das war der letzte Zug der Partie.");
}

#[test]
fn the_review_hears_the_listener_through_vosk() {
    // The Korean model stands in for a German one: the word reaches the review through
    // Vosk and, being no German word of the review, is answered as not understood.
    let dir = tempfile::tempdir().unwrap();
    let wav = korean_wav(dir.path(), "ko", "여섯", 1.0, 1.5);
    let model = model_dir();
    let (ok, said, stderr) = review(
        &[
            "--model",
            model.to_str().unwrap(),
            "--wav",
            wav.to_str().unwrap(),
        ],
        Path::new("samples/opera-game.pgn"),
        "vor\n",
    );
    assert!(ok, "{stderr}");
    let said: Vec<&str> = said.lines().collect();
    assert_eq!(
        said[1..],
        [
            "Zug eins, Weiß: Eva zwei Eva vier.",
            "Das habe ich nicht verstanden. Sagen Sie Hilfe für die Möglichkeiten.",
        ],
        "{said:?}\n{stderr}"
    );
    // The German words are missing from the Korean model: said once, at start.
    assert_eq!(
        stderr.matches("the model does not know anfang").count(),
        1,
        "{stderr}"
    );
    assert!(stderr.contains("heard: "), "{stderr}");
    // A model that is none: one sentence naming it, before any audio.
    std::fs::create_dir(dir.path().join("empty-model")).unwrap();
    let (ok, _, stderr) = review(
        &[
            "--model",
            dir.path().join("empty-model").to_str().unwrap(),
            "--wav",
            wav.to_str().unwrap(),
        ],
        Path::new("samples/opera-game.pgn"),
        "",
    );
    assert!(!ok);
    assert!(stderr.contains("is not a Vosk model"), "{stderr}");
}

#[test]
fn the_review_shows_its_answers_on_a_brltty_display_and_takes_its_keys() {
    use std::{
        io::{BufRead, BufReader, Write},
        net::TcpListener,
        process::Stdio,
        sync::mpsc,
    };

    use annabella_braille_display::virtual_display::{Brltty, VirtualDisplay, free_api_host};

    const WAIT: Duration = Duration::from_secs(30);
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let api = free_api_host().unwrap();
    let _brltty = Brltty::start(listener.local_addr().unwrap().port(), &api)
        .expect("brltty is installed (scripts/setup.sh)");
    let mut display = VirtualDisplay::accept(&listener, 40, WAIT).unwrap();
    let mut child = annabella()
        .args(["review", "--braille", &api, "--braille-auth", "none"])
        .arg("samples/opera-game.pgn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (lines_tx, lines) = mpsc::channel::<String>();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = lines_tx.send(line);
        }
    });
    let stdin = child.stdin.take().unwrap();
    let next = |what: &str| {
        lines
            .recv_timeout(WAIT)
            .unwrap_or_else(|_| panic!("no answer to {what}"))
    };
    assert!(next("the start").starts_with("Partie Paul Morphy"));
    // German Basisschrift of "Partie": P (1234), a, r, t, i, e.
    let opening = |c: &[u8]| c.starts_with(&[0b1111, 0b1, 0b1_0111, 0b1_1110, 0b1010, 0b1_0001]);
    if let Err(seen) = display.wait_for(WAIT, opening) {
        panic!("the display never showed the opening: {seen:?}");
    }
    // LNDN: forward; the answer is shown from its start ("Zug" Z 1356, u 136, g 1245).
    display.press("LNDN").unwrap();
    assert_eq!(next("LNDN"), "Zug eins, Weiß: Eva zwei Eva vier.");
    let first = |c: &[u8]| c.starts_with(&[0b11_0101, 0b10_0101, 0b1_1011]);
    if let Err(seen) = display.wait_for(WAIT, first) {
        panic!("the display never showed the first move: {seen:?}");
    }
    // BOT: the end; FWINRT pans the long answer (no new line on standard output), and
    // LNUP goes back a move.
    display.press("BOT").unwrap();
    assert_eq!(
        next("BOT"),
        "Zug siebzehn, Weiß: Turm David eins David acht Matt."
    );
    display.press("FWINRT").unwrap();
    let panned = display.wait_for(WAIT, |c| !first(c) && c.iter().any(|d| *d != 0));
    assert!(panned.is_ok(), "the display never panned");
    display.press("LNUP").unwrap();
    assert_eq!(
        next("LNUP"),
        "Zug sechzehn, Schwarz: Springer David sieben schlägt Bella acht."
    );
    drop(stdin);
    let status = child.wait().unwrap();
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    assert!(status.success(), "{stderr}");
    assert!(
        stderr.contains("the Braille display is connected: 40 cells"),
        "{stderr}"
    );
    let _ = std::io::stdout().flush();
}

/// A Chess960 game whose mate is a castling only Chess960 allows: the king already on
/// g1, the rook jumping over it to f1 (king takes rook, `g1h1`, in the engine's notation).
const CASTLING_MATE_960: &str = "[Event \"Training\"]\n[White \"Anna\"]\n[Black \"Bert\"]\n\
[Result \"1-0\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n\
[FEN \"4rkr1/p3p1p1/8/8/8/8/P7/6KR w K - 0 1\"]\n\n1. a3 a6 2. O-O# 1-0\n";

#[test]
fn a_chess960_game_is_analysed_by_stockfish_in_its_castling_notation() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("960.pgn");
    std::fs::write(&pgn, CASTLING_MATE_960).unwrap();
    let (ok, said, stderr) = review(
        &["--engine", "/usr/games/stockfish", "--nodes", "20000"],
        &pgn,
        "Zug 1\nbester Zug\nZug 2\nbester Zug\n",
    );
    assert!(ok, "{stderr}");
    let said: Vec<&str> = said.lines().collect();
    // No note of a failed engine: the castling reached it, and came back, as the king
    // taking its rook (a standard-notation engine answers g1g1 here, no move at all).
    assert_eq!(
        said[1..],
        [
            "Zug eins, Weiß: Anna zwei Anna drei.",
            "Der beste Zug war Kurze Rochade Matt.",
            "Zug zwei, Weiß: Kurze Rochade Matt.",
            "Der beste Zug war Kurze Rochade Matt.",
        ],
        "{said:#?}\n{stderr}"
    );
    // An engine without UCI_Chess960: said in the listener's language, no analysis.
    let plain = script(
        dir.path(),
        "plain.sh",
        "while read l; do case \"$l\" in uci) echo 'id name Plain 1'; echo uciok;; \
         isready) echo readyok;; go*) echo 'bestmove a2a3';; quit) exit 0;; esac; done\n",
    );
    let (ok, said, stderr) = review(
        &["--engine", plain.to_str().unwrap(), "--language", "en"],
        &pgn,
        "move 1\nbest move\n",
    );
    assert!(ok, "{stderr}");
    let said: Vec<&str> = said.lines().collect();
    assert_eq!(
        said[1],
        format!(
            "The chess engine {} cannot play Chess960 (it has no UCI_Chess960 option), so it would read this game's castling wrongly. The game is reviewed without evaluation.",
            plain.display()
        ),
        "{said:#?}"
    );
    assert_eq!(
        said[3], "There is no engine evaluation of this game.",
        "{said:#?}"
    );
    assert!(
        stderr.contains("the engine Plain 1 cannot play Chess960"),
        "{stderr}"
    );
}

#[test]
fn a_practice_game_stopped_after_one_move_each_and_never_resumed_is_reviewed_as_unfinished() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    // The practice sample against the real Stockfish (20000 nodes: the same reply every
    // time), its script ending after the engine's first move: the journal keeps the game.
    let sample = std::fs::read_to_string("samples/table-practice.toml").unwrap();
    let config = dir.path().join("table.toml");
    std::fs::write(
        &config,
        sample
            .replace(
                "engine = \"stockfish\"",
                "engine = \"/usr/games/stockfish\"",
            )
            .replace(
                "dir = \"games\"",
                &format!("dir = {:?}", games.display().to_string()),
            ),
    )
    .unwrap();
    let moves = dir.path().join("moves.txt");
    std::fs::write(
        &moves,
        "start\nwait 200\nvi: Bauer Eva vier\nexpect: Eva zwei Eva vier\nvi: gesetzt\nwait 300\n\
         clock: lever white\nexpect: Schwarz:\n",
    )
    .unwrap();
    let out = output_within(
        annabella()
            .args(["demo", "--text", "--typed", "--config"])
            .arg(&config)
            .arg("--script")
            .arg(&moves)
            .arg("--out")
            .arg(&games),
        LIMIT,
    );
    let (stdout, stderr) = text(&out);
    assert!(
        stderr.contains("Das Skript endete vor der Partie; das Protokoll bewahrt sie auf."),
        "{stdout}\n{stderr}"
    );
    let journal = games.join("game.journal");
    let kept = std::fs::read(&journal).unwrap();
    // A practice game: the review asks Stockfish about every position by itself.
    let (ok, said, stderr) = review(
        &[],
        &journal,
        "Züge\nEnde\nZüge\nvor\nwo ist mein Springer\nBewertung\nbester Zug\nAnfang\nvor\n",
    );
    assert!(ok, "{stderr}");
    let said: Vec<&str> = said.lines().collect();
    assert!(
        said[0]
            .starts_with("Partie Anna Muster gegen Stockfish 15.1, nicht beendet, zwei Halbzüge."),
        "{said:#?}"
    );
    assert_eq!(
        said[1..6],
        [
            "Noch kein Zug.",
            "Zug eins, Schwarz: Cäsar sieben Cäsar fünf.",
            "Die Züge bis hier: Eva zwei Eva vier, Cäsar sieben Cäsar fünf.",
            "Das war der letzte gespielte Zug; die Partie ist nicht beendet, Weiß ist am Zug.",
            "Springer auf Bella eins und Gustav eins",
        ],
        "{said:#?}"
    );
    assert!(said[6].starts_with("Bewertung: Sie stehen"), "{said:#?}");
    assert!(said[7].starts_with("Der beste Zug war "), "{said:#?}");
    assert_eq!(
        said[8..],
        [
            "Die Ausgangsstellung.",
            "Zug eins, Weiß: Eva zwei Eva vier."
        ]
    );
    // Reviewing reads the journal only: the game can still be resumed as it was.
    assert_eq!(std::fs::read(&journal).unwrap(), kept);
}
