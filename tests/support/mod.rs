//! What the root tests that play whole games through `annabella demo` share
//! (`tests/scenarios.rs`, `tests/rulings.rs`, `tests/firmware.rs`): the demo run on a
//! script, what each player was told, the moves, clocks and game end among its JSON
//! lines, the PGN written, and `annabella journal replay` agreeing with the demo.
//!
//! `play` adds the including test crate's `DEMO_FLAGS` (`--firmware` in
//! `tests/firmware.rs`, none elsewhere) to the demo's command line.

#![allow(dead_code, reason = "each test file uses a part")]

use std::{
    path::{Path, PathBuf},
    process::Command,
};

pub use annabella_test_support::process::{DEMO_LIMIT, output_within};
use serde_json::Value;

/// The `annabella` binary under test.
pub fn annabella() -> Command {
    Command::new(env!("CARGO_BIN_EXE_annabella"))
}

/// `annabella demo`: every root test's demo run starts from this command line.
pub fn demo() -> Command {
    let mut cmd = annabella();
    cmd.arg("demo");
    cmd
}

/// `tests/data/scripts/`: the demo scripts (NAME.txt) and their table configurations.
pub fn scripts() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/scripts")
}

/// Announcement texts as the table gave them to one listener ("both" goes to each).
pub type Told = Vec<String>;

/// One demo game, played to its end.
pub struct Played {
    /// The demo's `--out` directory (journal, PGN, announcements).
    pub dir: tempfile::TempDir,
    /// The demo's JSON lines, in order.
    pub lines: Vec<Value>,
    /// What the demo wrote on stderr.
    pub stderr: String,
}

/// Runs `annabella demo --text --json` on `tests/data/scripts/NAME.txt` (with the table
/// configuration NAME.toml when `config`), which must end the game.
pub fn play(name: &str, config: bool, text_only: bool) -> Played {
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = demo();
    cmd.args(["--json", "--script"])
        .arg(scripts().join(format!("{name}.txt")))
        .arg("--out")
        .arg(dir.path())
        .args(crate::DEMO_FLAGS);
    if text_only {
        cmd.arg("--text");
    }
    if config {
        cmd.arg("--config")
            .arg(scripts().join(format!("{name}.toml")));
    }
    let out = output_within(&mut cmd, DEMO_LIMIT);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "demo {name} did not end its game ({}): {stderr}\n{stdout}",
        out.status
    );
    let lines = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    Played { dir, lines, stderr }
}

impl Played {
    /// The demo's effect lines of `kind` (`announce`, `record_move`, `clock`, …).
    pub fn effects<'a>(&'a self, kind: &'a str) -> impl Iterator<Item = &'a Value> + 'a {
        self.lines
            .iter()
            .filter(move |l| l["kind"] == "effect" && l["effect"]["effect"] == kind)
    }

    /// The demo's input lines of `kind` (`peg_lift`, `speech`, …).
    pub fn inputs<'a>(&'a self, kind: &'a str) -> impl Iterator<Item = &'a Value> + 'a {
        self.lines
            .iter()
            .filter(move |l| l["kind"] == "input" && l["input"]["input"] == kind)
    }

    /// What `listener` (`vi_player`, `sighted_player`) was told, in order.
    pub fn told(&self, listener: &str) -> Told {
        self.effects("announce")
            .filter(|l| l["effect"]["to"] == listener || l["effect"]["to"] == "both")
            .map(|l| l["effect"]["text"].as_str().unwrap().to_owned())
            .collect()
    }

    /// The moves recorded (SAN).
    pub fn moves(&self) -> Vec<String> {
        self.effects("record_move")
            .map(|l| l["effect"]["san"].as_str().unwrap().to_owned())
            .collect()
    }

    /// Table time (ms) at which the move `san` was recorded.
    pub fn recorded_at(&self, san: &str) -> u64 {
        self.effects("record_move")
            .find(|l| l["effect"]["san"] == san)
            .unwrap_or_else(|| panic!("{san} never recorded: {:?}", self.moves()))["at_ms"]
            .as_u64()
            .unwrap()
    }

    /// The one game end: (result, termination).
    pub fn end(&self) -> (String, String) {
        let ends: Vec<&Value> = self.effects("game_over").collect();
        assert_eq!(ends.len(), 1, "one game end: {ends:?}");
        let e = &ends[0]["effect"];
        (
            e["result"].as_str().unwrap().to_owned(),
            e["termination"].as_str().unwrap().to_owned(),
        )
    }

    /// The clock's running side at each clock setting: (at_ms, running).
    pub fn clock_runs(&self) -> Vec<(u64, Option<String>)> {
        self.effects("clock")
            .filter(|l| l["effect"]["clock"] == "set")
            .map(|l| {
                (
                    l["at_ms"].as_u64().unwrap(),
                    l["effect"]["running"].as_str().map(str::to_owned),
                )
            })
            .collect()
    }

    /// The game's journal in the demo's `--out` directory.
    pub fn journal(&self) -> PathBuf {
        self.dir.path().join("game.journal")
    }

    /// The PGN the demo wrote.
    pub fn pgn(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("game.pgn")).unwrap()
    }

    /// `annabella journal replay --json` must rebuild what the demo ended with: moves and
    /// their clock times, position, clocks, result, every record; `export pgn` the PGN.
    pub fn replay_agrees(&self) -> Value {
        let out = annabella()
            .args(["journal", "replay", "--json"])
            .arg(self.journal())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "journal replay: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let view: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(view["dropped"], Value::Null, "{view}");
        assert_eq!(view["moves"], serde_json::json!(self.moves()), "{view}");
        let clocks: Vec<&Value> = self
            .effects("record_move")
            .map(|l| &l["effect"]["clock"])
            .collect();
        assert_eq!(view["move_clocks"], serde_json::json!(clocks), "{view}");
        let position = self.effects("position").last().expect("a position");
        assert_eq!(view["fen"], position["effect"]["fen"], "{view}");
        let end = self.effects("game_over").next().expect("a game end");
        for key in ["result", "termination", "pgn_termination"] {
            assert_eq!(view["result"][key], end["effect"][key], "{key}: {view}");
        }
        let clock = self
            .effects("clock")
            .filter(|l| l["effect"]["clock"] == "set")
            .last()
            .expect("a clock setting");
        assert_eq!(view["white_time"], clock["effect"]["white"], "{view}");
        assert_eq!(view["black_time"], clock["effect"]["black"], "{view}");
        assert_eq!(view["running"], Value::Null, "the clocks stop at the end");
        let last_input = self
            .lines
            .iter()
            .rfind(|l| l["kind"] == "input")
            .expect("inputs");
        assert_eq!(view["records"], last_input["seq"], "{view}");
        assert_eq!(view["last_ms"], last_input["at_ms"], "{view}");

        let exported = annabella()
            .args(["export", "pgn"])
            .arg(self.journal())
            .output()
            .unwrap();
        assert!(exported.status.success());
        assert_eq!(String::from_utf8_lossy(&exported.stdout), self.pgn());
        view
    }
}

/// The PGN has the result, the termination and, as movetext, exactly the moves the demo
/// recorded, each with the clock it recorded (`[%clk]`, whole seconds).
pub fn assert_pgn(played: &Played, result: &str, termination: &str) {
    let pgn = played.pgn();
    assert!(pgn.contains(&format!("[Result \"{result}\"]")), "{pgn}");
    assert!(
        pgn.contains(&format!("[Termination \"{termination}\"]")),
        "{pgn}"
    );
    let mut movetext = Vec::new();
    for m in played.effects("record_move") {
        let e = &m["effect"];
        let ply = e["ply"].as_u64().unwrap();
        let number = ply.div_ceil(2);
        let dots = if e["color"] == "white" { "." } else { "..." };
        let secs = e["clock"]["secs"].as_u64().unwrap();
        movetext.push(format!(
            "{number}{dots} {} {{[%clk {}:{:02}:{:02}]}}",
            e["san"].as_str().unwrap(),
            secs / 3600,
            secs / 60 % 60,
            secs % 60
        ));
    }
    movetext.push(result.to_owned());
    let movetext = movetext.join(" ");
    let flat = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.ends_with(&movetext), "{movetext:?} in {pgn}");
}
