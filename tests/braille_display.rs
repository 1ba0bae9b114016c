//! The VI player's Braille display in `annabella demo`: the simulated display writes
//! what it showed to `braille-display.jsonl` (table time, the line, the print text, the
//! cells as Unicode Braille through liblouis's German Basisschrift), and the script's
//! display keys reach the table as the VI player's questions, journalled and answered
//! like spoken ones.

use std::{path::Path, process::Command};

use annabella_test_support::process::{DEMO_LIMIT, output_within};
use serde_json::Value;

const SCRIPT: &str = "\
start
wait 300
vi: Bauer Eva vier
expect: Eva zwei Eva vier
peg: move e2e4
wait 800
clock: lever white
wait 300
dgt: move e2e4
wait 500
dgt: move e7e5
expect: Schwarz: Eva sieben Eva fünf
wait 700
clock: lever black
peg: move e7e5
wait 800
braille: LNDN          # the answer line
braille: LNDN          # the clock line
braille: LNDN          # rank 8
braille: ROUTE 4       # a routing key on rank 8 asks for it
expect: Anna acht schwarzer Turm
braille: TIME
expect: Weiß eine Stunde
braille: INFO
expect: ist am Zug
braille: TOP
braille: SAY_LINE      # on the moves line: repeat the last move
wait 1500
sighted: resign
";

fn run_demo(dir: &Path) -> (Vec<Value>, Vec<Value>) {
    let script = dir.join("script.txt");
    std::fs::write(&script, SCRIPT).unwrap();
    let out_dir = dir.join("out");
    let out = output_within(
        Command::new(env!("CARGO_BIN_EXE_annabella"))
            .args(["demo", "--text", "--typed", "--json", "--script"])
            .arg(&script)
            .arg("--out")
            .arg(&out_dir),
        DEMO_LIMIT,
    );
    assert!(
        out.status.success(),
        "demo failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let console = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    let shown = std::fs::read_to_string(out_dir.join("braille-display.jsonl"))
        .expect("the demo writes braille-display.jsonl")
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    (console, shown)
}

fn frame<'a>(shown: &'a [Value], text: &str) -> &'a Value {
    shown
        .iter()
        .find(|f| f["text"] == text)
        .unwrap_or_else(|| panic!("the display never showed {text:?}: {shown:#?}"))
}

#[test]
fn the_demo_display_shows_the_game_and_its_keys_ask_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let (console, shown) = run_demo(dir.path());

    // Every frame: a time no earlier than the one before, 40 cells of Unicode Braille.
    let mut last = 0;
    for f in &shown {
        let at = f["at_ms"].as_u64().unwrap();
        assert!(at >= last, "{f}");
        last = at;
        let cells: Vec<char> = f["cells"].as_str().unwrap().chars().collect();
        assert_eq!(cells.len(), 40, "{f}");
        assert!(
            cells.iter().all(|c| ('\u{2800}'..='\u{28ff}').contains(c)),
            "{f}"
        );
    }
    // German Basisschrift: number sign and a (1), dot 3 (the period), e, number sign and
    // d (4), e, number sign and e (5).
    let moves = frame(&shown, "1. e4 e5");
    assert_eq!(moves["line"], "moves");
    assert!(
        moves["cells"].as_str().unwrap().starts_with("⠼⠁⠄⠀⠑⠼⠙⠀⠑⠼⠑⠀"),
        "{moves}"
    );
    // Rank 8 from White's side: Black's pieces each marked with dot 3.
    let rank = frame(&shown, "8 .t.s.l.d.k.l.s.t");
    assert_eq!(rank["line"]["rank"], 8);
    assert!(
        rank["cells"].as_str().unwrap().starts_with("⠼⠓⠀⠄⠞⠄⠎"),
        "{rank}"
    );
    // The clock, shown when asked for: both sides' time after two moves with +30 s.
    let clock = shown
        .iter()
        .find(|f| f["line"] == "clock" && f["text"] != "-")
        .expect("the clock line was shown");
    let text = clock["text"].as_str().unwrap();
    assert!(
        text.starts_with("W 1:30:") && text.contains(" S 1:30:"),
        "{clock}"
    );

    // The keys' questions went to the table as heard words, journalled, and answered.
    let asked: Vec<(u64, &str)> = console
        .iter()
        .filter(|l| l["kind"] == "input" && l["input"]["input"] == "heard")
        .map(|l| {
            (
                l["seq"].as_u64().expect("journalled"),
                l["input"]["alternatives"][0]["text"].as_str().unwrap(),
            )
        })
        .collect();
    let words: Vec<&str> = asked.iter().map(|(_, w)| *w).collect();
    assert_eq!(
        words,
        [
            "Bauer Eva vier",
            "Reihe acht",
            "Zeit",
            "wer ist am Zug",
            "wiederholen"
        ]
    );
    let answers: Vec<&str> = console
        .iter()
        .filter(|l| l["effect"]["kind"] == "answer" && l["effect"]["to"] == "vi_player")
        .map(|l| l["effect"]["text"].as_str().unwrap())
        .collect();
    assert_eq!(answers.len(), 4, "{answers:?}");
    assert!(
        answers[0].starts_with("Anna acht schwarzer Turm"),
        "{answers:?}"
    );
    assert!(answers[3].contains("Eva sieben Eva fünf"), "{answers:?}");
}

/// `annabella play` with `[braille] display = "brlapi"` against a real brltty whose
/// Virtual driver talks to this test's display: the display shows the table, and its
/// keys reach the table as the VI player's questions.
#[test]
fn play_shows_the_table_on_a_brltty_display_and_takes_its_keys() {
    use std::{
        io::{BufRead, BufReader, Write},
        net::TcpListener,
        process::Stdio,
        sync::mpsc,
        time::{Duration, Instant},
    };

    use annabella_braille_display::virtual_display::{Brltty, VirtualDisplay, free_api_host};

    const LIMIT: Duration = Duration::from_secs(30);
    let dir = tempfile::tempdir().unwrap();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let api = free_api_host().unwrap();
    let _brltty = Brltty::start(listener.local_addr().unwrap().port(), &api)
        .expect("brltty is installed (scripts/setup.sh)");
    let mut display = VirtualDisplay::accept(&listener, 40, LIMIT).unwrap();

    let config = dir.path().join("table.toml");
    std::fs::write(
        &config,
        format!(
            "[game]\ntime_control = \"300+2\"\n[devices]\npeg_board = \"sim\"\ndgt = \"sim\"\n\
             clock = \"sim\"\n[voice.vi]\nbackend = \"text\"\n[records]\ndir = \"records\"\n\
             [braille]\ndisplay = \"brlapi\"\nhost = \"{api}\"\nauth = \"none\"\n"
        ),
    )
    .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(["play", "--json", "--config"])
        .arg(&config)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (lines_tx, lines) = mpsc::channel::<Value>();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if let Ok(v) = serde_json::from_str(&line) {
                let _ = lines_tx.send(v);
            }
        }
    });
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "start").unwrap();

    // The first line: no move yet ("-", dots 3 and 6), the rest of the 40 cells blank.
    let blank_moves =
        |c: &[u8]| c.len() == 40 && c[0] == 0b10_0100 && c[1..].iter().all(|d| *d == 0);
    if let Err(seen) = display.wait_for(LIMIT, blank_moves) {
        panic!("the display never showed the empty moves line: {seen:?}");
    }
    // One key at a time, each waited for: brltty's Virtual driver takes one command a read.
    display.press("TIME").unwrap();
    // The clock line: W (dots 2456), a blank, the number sign.
    let clock = |c: &[u8]| c.starts_with(&[0b11_1010, 0, 0b11_1100]);
    if let Err(seen) = display.wait_for(LIMIT, clock) {
        panic!("the display never showed the clock: {seen:?}");
    }
    display.press("LNDN").unwrap();
    // Rank 8: number sign and h (8), a blank, then dot 3 and t for Black's rook.
    let rank_8 = |c: &[u8]| c.starts_with(&[0b11_1100, 0b1_0011, 0, 0b100, 0b1_1110]);
    if let Err(seen) = display.wait_for(LIMIT, rank_8) {
        drop(stdin);
        let _ = child.kill();
        let out = child.wait_with_output().unwrap();
        panic!(
            "the display never showed rank 8: {seen:?}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    display.press("ROUTE 2").unwrap();

    // The table heard "Reihe acht", journalled it, and answered the VI player.
    let deadline = Instant::now() + LIMIT;
    let mut heard_at = None;
    let answer = loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let line = lines
            .recv_timeout(left)
            .expect("no answer to the display's key");
        if line["kind"] == "input" && line["input"]["alternatives"][0]["text"] == "Reihe acht" {
            heard_at = line["seq"].as_u64();
        }
        if heard_at.is_some() && line["effect"]["kind"] == "answer" {
            break line["effect"]["text"].as_str().unwrap().to_owned();
        }
    };
    assert!(answer.starts_with("Anna acht schwarzer Turm"), "{answer}");
    drop(stdin);
    let status = child.wait().unwrap();
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    assert!(status.success(), "{stderr}");
    assert!(
        stderr.contains("braille display: connected, 40 cells"),
        "{stderr}"
    );
}
