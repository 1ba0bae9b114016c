//! The VI player's own channels end to end: speech through the `tts` crate (a headless
//! speech-dispatcher started here), earcons in the demo's output and audio record, and
//! moves typed as algebraic notation or UCI in a demo game.

use std::process::{Command, Output};

use annabella_voice::headless::HeadlessSpeechd;
use serde_json::Value;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn annabella() -> Command {
    Command::new(env!("CARGO_BIN_EXE_annabella"))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Runs a demo; fails the test (with its output) when the demo fails.
fn demo(cmd: &mut Command) -> Output {
    let out = cmd.output().expect("run annabella demo");
    assert!(
        out.status.success(),
        "demo failed:\n{}\n{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    out
}

fn json_lines(out: &Output) -> Vec<Value> {
    text(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

#[test]
fn say_speaks_through_tts_and_speech_dispatcher() {
    let daemon = HeadlessSpeechd::start().unwrap_or_else(|e| panic!("{e}"));
    let out = annabella()
        .args(["say", "--fen", START, "g1f3", "--speak", "--backend", "tts"])
        .env("SPEECHD_ADDRESS", daemon.address())
        .output()
        .expect("run annabella");
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(text(&out.stdout).trim(), "Springer Felix drei");
    assert!(stderr.contains("tts ready (voice chosen in"), "{stderr}");
    let spoken = std::fs::metadata(daemon.spoken_raw()).map_or(0, |m| m.len());
    assert!(spoken > 0, "speech-dispatcher played nothing");

    // No speech-dispatcher: one clear error naming it.
    let out = annabella()
        .args(["say", "--fen", START, "g1f3", "--speak", "--backend", "tts"])
        .env(
            "SPEECHD_ADDRESS",
            "unix_socket:/nonexistent/annabella-test.sock",
        )
        .output()
        .expect("run annabella");
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("speech-dispatcher running?"), "{stderr}");
}

/// The sample demo: earcons on for the VI player (samples/table.toml), the third move
/// typed ("Dh5"), announcements through espeak-ng into the audio record.
#[test]
fn the_demo_plays_earcons_records_them_and_takes_a_typed_move() {
    let dir = tempfile::tempdir().unwrap();
    let out = demo(
        annabella()
            .args(["demo", "--json", "--out"])
            .arg(dir.path())
            // No speech-dispatcher: `auto` takes espeak-ng and says why.
            .env(
                "SPEECHD_ADDRESS",
                "unix_socket:/nonexistent/annabella-test.sock",
            ),
    );
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("no speech-dispatcher answers at unix_socket:/nonexistent"),
        "auto does not say why: {stderr}"
    );
    assert!(stderr.contains("earcons"), "{stderr}");

    let lines = json_lines(&out);
    let earcons: Vec<&str> = lines
        .iter()
        .filter(|l| l["kind"] == "said" && l["listener"] == "vi_player")
        .filter_map(|l| l["earcon"].as_str())
        .collect();
    for kind in ["own_move", "opponent_move", "check"] {
        assert!(earcons.contains(&kind), "no {kind} earcon in {earcons:?}");
    }
    // The typed move was read back like a spoken one and played.
    let said: Vec<&str> = lines
        .iter()
        .filter(|l| l["effect"]["effect"] == "announce")
        .filter_map(|l| l["effect"]["text"].as_str())
        .collect();
    assert!(said.contains(&"Dame David eins Hektor fünf"), "{said:?}");
    let pgn = std::fs::read_to_string(dir.path().join("game.pgn")).unwrap();
    assert!(pgn.contains("3. Qh5"), "{pgn}");

    // The audio record holds the earcons with their kind, between the announcements.
    let index = std::fs::read_to_string(dir.path().join("announcements.jsonl")).unwrap();
    let entries: Vec<Value> = index
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let recorded: Vec<&str> = entries
        .iter()
        .filter(|e| e["source"] == "earcon")
        .filter_map(|e| e["text"].as_str())
        .collect();
    for kind in ["own_move", "opponent_move", "check"] {
        assert!(recorded.contains(&kind), "no {kind} in the record: {index}");
    }
    assert!(
        entries.iter().any(|e| e["source"] == "announcement"),
        "{index}"
    );
    for e in entries.iter().filter(|e| e["source"] == "earcon") {
        let ms = e["end_ms"].as_u64().unwrap() - e["start_ms"].as_u64().unwrap();
        assert!((20..=400).contains(&ms), "an earcon of {ms} ms: {e}");
    }
    let wav = hound::WavReader::open(dir.path().join("announcements.wav")).unwrap();
    let wav_ms = u64::from(wav.duration()) * 1000 / u64::from(wav.spec().sample_rate);
    let last = entries.last().unwrap()["end_ms"].as_u64().unwrap();
    assert!(
        wav_ms.abs_diff(last) <= 1,
        "WAV {wav_ms} ms, index ends at {last}"
    );
}

/// A game whose VI player types every move: UCI, then German, then English letters.
const TYPED_GAME: &str = "\
start
wait 300
typed: e2e4
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
typed: Sf3
expect: Springer Gustav eins Felix drei
peg: move g1f3
wait 800
clock: lever white
wait 300
dgt: move g1f3
wait 500
dgt: move b8c6
expect: Schwarz: Springer Bella acht Cäsar sechs
wait 700
clock: lever black
peg: move b8c6
wait 800
typed: Nc3
expect: Springer Bella eins Cäsar drei
peg: move b1c3
wait 800
clock: lever white
wait 300
dgt: move b1c3
wait 500
sighted: resign
";

#[test]
fn moves_typed_in_uci_german_and_english_letters_are_played() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("typed.txt");
    std::fs::write(&script, TYPED_GAME).unwrap();
    let out_dir = dir.path().join("out");
    let out = demo(
        annabella()
            .args(["demo", "--text", "--script"])
            .arg(&script)
            .arg("--out")
            .arg(&out_dir),
    );
    let pgn = std::fs::read_to_string(out_dir.join("game.pgn")).unwrap();
    assert!(
        pgn.contains("1. e4 ") && pgn.contains("2. Nf3 ") && pgn.contains("3. Nc3 "),
        "{pgn}"
    );
    // What the typing player reads is plain lines: no cursor movement, no colours.
    let console = text(&out.stdout);
    assert!(console.lines().count() > 10, "{console}");
    assert!(
        !console.contains('\u{1b}') && !console.contains('\r'),
        "terminal control codes in the output"
    );
}
