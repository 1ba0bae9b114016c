//! The table's ruling when boards, presses and entries fall out of step (issue 25), each
//! through `annabella demo` (the real serial code talking to the simulated peg board, DGT
//! board and tactile clock over pseudo-terminals), in German and in English, with
//! scripts `tests/data/scripts/out-of-step-*.txt`: a legal reply on a board never put
//! right, a reply before the late press, the board's move against the assistant's entry,
//! both flags down. Each checks what the players were told, the moves on the scoresheet,
//! the alerts and that `annabella journal replay` rebuilds the same table.

mod support;
use support::*;

/// More `annabella demo` flags: none.
const DEMO_FLAGS: &[&str] = &[];

/// Every arbiter alert's kind, in order.
fn alert_kinds(played: &Played) -> Vec<String> {
    played
        .effects("arbiter_alert")
        .map(|l| l["effect"]["kind"].as_str().unwrap().to_owned())
        .collect()
}

/// Table times (ms) of one side's lever presses.
fn levers(played: &Played, side: &str) -> Vec<u64> {
    played
        .inputs("lever")
        .filter(|l| l["input"]["side"] == side)
        .map(|l| l["at_ms"].as_u64().unwrap())
        .collect()
}

/// The SAN of each `record_move` effect, in the order given.
fn recorded(played: &Played) -> Vec<String> {
    played
        .effects("record_move")
        .map(|l| l["effect"]["san"].as_str().unwrap().to_owned())
        .collect()
}

/// The words of one language for these scenarios.
struct Words {
    /// The script's name suffix and whether it has its own configuration.
    suffix: &'static str,
    black_e5: &'static str,
    board_wrong: &'static str,
    board_right: &'static str,
    illegal: &'static str,
    knight: &'static str,
    white_flag: &'static str,
    black_wins_on_time: &'static str,
}

const DE: Words = Words {
    suffix: "",
    black_e5: "Schwarz: Eva sieben Eva fünf",
    board_wrong: "Ihr Brett stimmt nicht.",
    board_right: "Das Brett stimmt.",
    illegal: "nzulässig",
    knight: "Springer",
    white_flag: "Die Zeit von Weiß ist abgelaufen.",
    black_wins_on_time: "Partie beendet: Schwarz gewinnt, Zeitüberschreitung.",
};

const EN: Words = Words {
    suffix: "-en",
    black_e5: "Black: Eva seven Eva five",
    board_wrong: "Your board is wrong.",
    board_right: "The board is right.",
    illegal: "llegal",
    knight: "Knight",
    white_flag: "White's time has run out.",
    black_wins_on_time: "Game over: Black wins, time forfeit.",
};

fn wrong_board_reply(w: &Words) {
    let name = format!("out-of-step-wrong-board-reply{}", w.suffix);
    let played = play(&name, !w.suffix.is_empty(), true);
    assert_eq!(
        played.moves(),
        ["e4", "e5"],
        "the reply on the wrong board stands"
    );
    // Recorded at Black's press, and the press started White's clock.
    let press = levers(&played, "black")[0];
    assert_eq!(played.recorded_at("e5"), press);
    assert!(
        played
            .clock_runs()
            .iter()
            .any(|(at, run)| *at >= press && run.as_deref() == Some("white")),
        "{:?}",
        played.clock_runs()
    );
    // Never an illegal move; the old difference stays flagged until put right.
    let alerts = alert_kinds(&played);
    assert!(!alerts.contains(&"illegal_move".to_owned()), "{alerts:?}");
    assert!(
        alerts.iter().all(|k| k == "sighted_board_differs"),
        "{alerts:?}"
    );
    let sighted = played.told("sighted_player");
    assert!(
        sighted.iter().all(|t| !t.contains(w.illegal)),
        "{sighted:?}"
    );
    let wrong_after_reply = played
        .effects("announce")
        .filter(|l| l["at_ms"].as_u64().unwrap() > press)
        .any(|l| {
            l["effect"]["text"]
                .as_str()
                .unwrap()
                .starts_with(w.board_wrong)
        });
    assert!(
        wrong_after_reply,
        "the difference is still flagged after the reply"
    );
    assert!(sighted.iter().any(|t| t == w.board_right), "{sighted:?}");
    let vi = played.told("vi_player");
    assert!(vi.iter().any(|t| t == w.black_e5), "{vi:?}");
    assert!(vi.iter().all(|t| !t.contains(w.illegal)), "{vi:?}");
    assert_pgn(&played, "1-0", "normal");
    played.replay_agrees();
}

#[test]
fn a_legal_reply_on_a_board_never_put_right_stands_de() {
    wrong_board_reply(&DE);
}

#[test]
fn a_legal_reply_on_a_board_never_put_right_stands_en() {
    wrong_board_reply(&EN);
}

fn late_press(w: &Words) {
    let name = format!("out-of-step-late-press{}", w.suffix);
    let played = play(&name, !w.suffix.is_empty(), true);
    assert_eq!(played.moves(), ["e4", "e5"]);
    // On the scoresheet in order, each at its own press (6.2.2: the late press).
    assert_eq!(recorded(&played), ["e4", "e5"]);
    let white = levers(&played, "white");
    let black = levers(&played, "black");
    assert_eq!(played.recorded_at("e4"), white[0]);
    assert_eq!(played.recorded_at("e5"), *black.last().unwrap());
    // Nobody is told to undo a made move; no press without a move; nothing for the arbiter.
    assert_eq!(alert_kinds(&played), Vec::<String>::new());
    let sighted = played.told("sighted_player");
    assert!(
        sighted.iter().all(|t| !t.starts_with(w.board_wrong)),
        "{sighted:?}"
    );
    let vi = played.told("vi_player");
    assert!(vi.iter().any(|t| t == w.black_e5), "{vi:?}");
    assert_pgn(&played, "1-0", "normal");
    played.replay_agrees();
}

#[test]
fn a_reply_to_a_made_move_before_its_late_press_is_a_move_de() {
    late_press(&DE);
}

#[test]
fn a_reply_to_a_made_move_before_its_late_press_is_a_move_en() {
    late_press(&EN);
}

fn assistant_entry(w: &Words) {
    let name = format!("out-of-step-assistant-entry{}", w.suffix);
    let played = play(&name, !w.suffix.is_empty(), true);
    assert_eq!(
        played.moves(),
        ["e4", "e5"],
        "the board's move, not the entry"
    );
    assert_eq!(recorded(&played), ["e4", "e5"]);
    assert_eq!(alert_kinds(&played), ["entry_differs"]);
    let alert = played.effects("arbiter_alert").next().unwrap();
    let detail = alert["effect"]["detail"].as_str().unwrap();
    assert!(detail.contains("Nf6") && detail.contains("e5"), "{detail}");
    let vi = played.told("vi_player");
    assert!(vi.iter().any(|t| t == w.black_e5), "{vi:?}");
    assert!(vi.iter().all(|t| !t.contains(w.knight)), "{vi:?}");
    let sighted = played.told("sighted_player");
    assert!(
        sighted.iter().all(|t| !t.starts_with(w.board_wrong)),
        "the sighted player is not told to change their move: {sighted:?}"
    );
    assert_pgn(&played, "1-0", "normal");
    played.replay_agrees();
}

#[test]
fn the_move_on_the_board_beats_the_assistants_entry_de() {
    assistant_entry(&DE);
}

#[test]
fn the_move_on_the_board_beats_the_assistants_entry_en() {
    assistant_entry(&EN);
}

fn both_flags(w: &Words) {
    let name = format!("out-of-step-both-flags{}", w.suffix);
    let played = play(&name, true, true);
    assert_eq!(played.moves(), ["e4"]);
    // White's flag fell first: announced and reported, not claimed; Black's later.
    assert_eq!(alert_kinds(&played), ["flag_fall"]);
    let vi = played.told("vi_player");
    assert!(vi.iter().any(|t| t == w.white_flag), "{vi:?}");
    assert_eq!(vi.last().map(String::as_str), Some(w.black_wins_on_time));
    assert_eq!(played.end(), ("0-1".to_owned(), "flag-fall".to_owned()));
    assert_pgn(&played, "0-1", "time forfeit");
    played.replay_agrees();
}

#[test]
fn both_flags_down_the_first_decides_de() {
    both_flags(&DE);
}

#[test]
fn both_flags_down_the_first_decides_en() {
    both_flags(&EN);
}

/// A counterexample of the model-based test (crates/table/tests/model.rs): a claim after
/// the move was made dropped the made move.
#[test]
fn a_late_claim_leaves_the_made_move_standing() {
    let played = play("model-late-claim-made-move", false, true);
    assert_eq!(played.moves(), ["e4"]);
    let vi = played.told("vi_player");
    assert!(
        vi.iter().any(|t| t == "Der Zug ist bereits ausgeführt."),
        "{vi:?}"
    );
    assert_eq!(
        played.recorded_at("e4"),
        levers(&played, "white")[0],
        "recorded at the press"
    );
    assert_eq!(alert_kinds(&played), Vec::<String>::new());
    played.replay_agrees();
}

/// A counterexample of the model-based test: a restore while the clocks were stopped
/// left the clock of the side no longer on move to run at the resumption.
#[test]
fn a_restore_while_paused_runs_the_side_to_moves_clock() {
    let played = play("model-restore-while-paused", false, true);
    let resumed = played
        .inputs("arbiter")
        .filter(|l| l["input"]["action"] == "resume")
        .map(|l| l["at_ms"].as_u64().unwrap())
        .next()
        .expect("the arbiter resumed");
    let run = played
        .clock_runs()
        .into_iter()
        .find(|(at, _)| *at >= resumed)
        .expect("a clock setting at the resumption");
    assert_eq!(run.1.as_deref(), Some("white"), "{:?}", played.clock_runs());
    // (`replay_agrees` compares with the moves recorded, which a restore takes back.)
}
