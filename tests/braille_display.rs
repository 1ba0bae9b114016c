//! The VI player's Braille display in `annabella demo`: the simulated display writes
//! what it showed to `braille-display.jsonl` (table time, the line, the print text, the
//! cells as Unicode Braille through liblouis's German Basisschrift), and the script's
//! display keys reach the table as the VI player's questions, journalled and answered
//! like spoken ones.

use std::{path::Path, process::Command};

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
    let out = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(["demo", "--text", "--typed", "--json", "--script"])
        .arg(&script)
        .arg("--out")
        .arg(&out_dir)
        .output()
        .unwrap();
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
