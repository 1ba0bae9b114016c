//! Journals written by earlier versions of annabella (`tests/data/journals/`, made with
//! `annabella demo`; see the README there) still read and replay to the same table: the
//! same `journal replay --json` view and the same `export pgn`. A change of the journal's
//! input format must keep reading these.

use std::{
    path::{Path, PathBuf},
    process::Command,
    time::Duration,
};

use annabella_test_support::process::output_within;
use serde_json::Value;

/// The golden journals, each beside its expected replay (`NAME.replay.json`) and PGN.
const GOLDEN: [&str; 5] = [
    "demo",
    "club",
    "declared-draw",
    "adjournment",
    "sighted-wrong-copy",
];

const LIMIT: Duration = Duration::from_secs(60);

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/journals")
        .join(name)
}

/// A copy of the golden journal in a temporary directory, so that opening it can never
/// touch the committed file.
fn copy(name: &str, dir: &Path) -> PathBuf {
    let to = dir.join(format!("{name}.journal"));
    std::fs::copy(data(&format!("{name}.journal")), &to).expect("copy the golden journal");
    to
}

fn run(args: &[&str], journal: &Path) -> String {
    let out = output_within(
        Command::new(env!("CARGO_BIN_EXE_annabella"))
            .args(args)
            .arg(journal),
        LIMIT,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "annabella {args:?} {}: {}\n{stderr}",
        journal.display(),
        out.status
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

#[test]
fn every_golden_journal_replays_to_the_same_table_and_pgn() {
    let dir = tempfile::tempdir().unwrap();
    for name in GOLDEN {
        let journal = copy(name, dir.path());
        let replayed: Value =
            serde_json::from_str(&run(&["journal", "replay", "--json"], &journal))
                .unwrap_or_else(|e| panic!("{name}: replay --json is not JSON: {e}"));
        let expected: Value = serde_json::from_str(
            &std::fs::read_to_string(data(&format!("{name}.replay.json"))).unwrap(),
        )
        .unwrap();
        // Fields may be added to the view; every field recorded must stay the same.
        let Value::Object(fields) = &expected else {
            panic!("{name}.replay.json is not an object");
        };
        for (key, want) in fields {
            assert_eq!(
                replayed.get(key),
                Some(want),
                "{name}: `journal replay --json` field {key:?} differs"
            );
        }
        assert!(
            !fields["moves"].as_array().unwrap().is_empty(),
            "{name}: the golden game has moves"
        );
        let pgn = run(&["export", "pgn"], &journal);
        let want = std::fs::read_to_string(data(&format!("{name}.pgn"))).unwrap();
        assert_eq!(pgn, want, "{name}: `export pgn` differs");
    }
}

#[test]
fn a_closed_pipe_ends_journal_replay_quietly() {
    let out = annabella_test_support::process::output_with_stdout_closed(
        Command::new(env!("CARGO_BIN_EXE_annabella"))
            .args(["journal", "replay", "--json"])
            .arg(data("club.journal")),
        std::time::Duration::from_secs(60),
    );
    annabella_test_support::process::assert_quiet_on_a_closed_pipe(&out, "journal replay");
}
