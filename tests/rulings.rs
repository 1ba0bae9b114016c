//! The table's rulings under the Laws for blind play, each through `annabella demo`
//! (the real serial code talking to the simulated peg board, DGT board and tactile
//! clock over pseudo-terminals) with a script in `tests/data/scripts/`. Each test checks
//! what each player was told, the moves recorded, the PGN and that `annabella journal
//! replay` rebuilds the same table. The helpers are `tests/support/mod.rs`'s, shared with
//! `tests/scenarios.rs`.

use std::process::Command;

use serde_json::Value;

mod support;
use annabella_test_support::process::output_with_input;
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

#[test]
fn a_made_move_stays_made() {
    let played = play("made-move-stays-made", false, true);
    let made = "Der Zug ist bereits ausgeführt.";
    assert_eq!(
        played.told("vi_player"),
        [
            "Die Partie beginnt. Weiß am Zug.",
            "Springer Gustav eins Felix drei",
            made,
            made,
            "Der Zug ist bereits ausgeführt, die Figur war losgelassen.",
            "Der Schiedsrichter ist informiert.",
            "Nehmen Sie die Figur von Hektor drei. Setzen Sie den weißen Springer auf Felix drei.",
            "Das Brett stimmt.",
            "Partie beendet: Weiß gewinnt, Aufgabe.",
        ]
    );
    assert_eq!(
        played.told("sighted_player"),
        [
            "Die Partie beginnt. Weiß am Zug.",
            "Weiß: Springer Gustav eins Felix drei",
            "Partie beendet: Weiß gewinnt, Aufgabe.",
        ]
    );
    assert_eq!(
        played.moves(),
        ["Nf3"],
        "the made move, not the knight on h3"
    );
    // Lifting the released knight was reported to the arbiter, before the press.
    assert_eq!(alert_kinds(&played), ["vi_touch"]);
    let alert = played.effects("arbiter_alert").next().unwrap();
    let detail = alert["effect"]["detail"].as_str().unwrap();
    assert!(detail.contains("f3"), "{detail}");
    assert!(alert["at_ms"].as_u64() < Some(played.recorded_at("Nf3")));
    // The press came over the clock's serial link and completed the made move.
    let lever = played.inputs("lever").next().unwrap()["at_ms"]
        .as_u64()
        .unwrap();
    assert_eq!(lever, played.recorded_at("Nf3"));
    assert_eq!(played.end(), ("1-0".to_owned(), "resignation".to_owned()));
    assert_pgn(&played, "1-0", "normal");
    let view = played.replay_agrees();
    assert_eq!(view["peg_in_sync"], true, "{view}");
    assert_eq!(view["alerts"], 1, "{view}");
    assert!(
        played.stderr.contains("game over: 1-0"),
        "{}",
        played.stderr
    );
}

#[test]
fn a_correction_after_the_press_is_told_the_move_is_made() {
    let played = play("correction-after-press", false, true);
    assert_eq!(
        played.told("vi_player"),
        [
            "Die Partie beginnt. Weiß am Zug.",
            "Eva zwei Eva vier",
            "Der Zug ist bereits ausgeführt.",
            "Schwarz: Eva sieben Eva fünf",
            "Wirklich aufgeben? Bitte ja oder nein.",
            "Partie beendet: Schwarz gewinnt, Aufgabe.",
        ]
    );
    assert_eq!(played.moves(), ["e4", "e5"]);
    assert_eq!(played.end(), ("0-1".to_owned(), "resignation".to_owned()));
    assert_pgn(&played, "0-1", "normal");
    let view = played.replay_agrees();
    assert_eq!(view["said"], Value::Null, "{view}");
}

#[test]
fn en_passant_is_named_and_the_captured_pawn_is_told() {
    let played = play("en-passant-named", false, true);
    let vi = played.told("vi_player");
    assert!(
        vi.contains(&"Eva fünf schlägt David sechs en passant".to_owned()),
        "the read-back names it: {vi:?}"
    );
    assert!(
        vi.contains(
            &"Schwarz: Bella vier schlägt Cäsar drei en passant. Nehmen Sie den geschlagenen Bauern von Cäsar vier."
                .to_owned()
        ),
        "{vi:?}"
    );
    assert!(
        vi.iter().all(|t| !t.starts_with("Nehmen Sie die Figur")),
        "copied right, no fix-up: {vi:?}"
    );
    // The sighted player sees the board: the move, without the instruction.
    let sighted = played.told("sighted_player");
    assert!(
        sighted.contains(&"Weiß: Eva fünf schlägt David sechs en passant".to_owned()),
        "{sighted:?}"
    );
    assert_eq!(
        played.moves(),
        [
            "e4", "a6", "e5", "d5", "exd6", "b5", "h3", "b4", "c4", "bxc3"
        ]
    );
    assert_eq!(played.end(), ("0-1".to_owned(), "resignation".to_owned()));
    assert_pgn(&played, "0-1", "normal");
    let view = played.replay_agrees();
    assert_eq!(view["peg_in_sync"], true, "{view}");
    assert_eq!(view["alerts"], 0, "{view}");
}

#[test]
fn a_rejected_claims_intended_move_is_made_by_the_player() {
    let played = play("rejected-claim-move-made", false, true);
    let intended = "Bitte den beabsichtigten Zug ausführen: Springer Felix drei Gustav eins.";
    let vi = played.told("vi_player");
    assert_eq!(
        vi.iter().filter(|t| t.as_str() == intended).count(),
        2,
        "after the rejection, and again for another announcement: {vi:?}"
    );
    assert!(
        vi.iter().any(|t| t.starts_with("Reklamation abgelehnt")),
        "{vi:?}"
    );
    assert!(
        !vi.iter().any(|t| t.contains("Eva zwei Eva vier")),
        "e4 refused: {vi:?}"
    );
    assert_eq!(played.moves(), ["Nf3", "Nf6", "Ng1"]);
    // Recorded at the press that followed the knight's peg going into g1, not at the claim.
    let claim_at = played.inputs("heard").nth(1).unwrap()["at_ms"]
        .as_u64()
        .unwrap();
    let placed_g1 = played
        .inputs("peg_place")
        .filter(|l| l["input"]["square"] == "g1")
        .last()
        .unwrap()["at_ms"]
        .as_u64()
        .unwrap();
    let levers: Vec<u64> = played
        .inputs("lever")
        .filter(|l| l["input"]["side"] == "white")
        .map(|l| l["at_ms"].as_u64().unwrap())
        .collect();
    let ng1_at = played.recorded_at("Ng1");
    assert!(
        claim_at + 1500 <= placed_g1 && placed_g1 < ng1_at,
        "{claim_at} {placed_g1} {ng1_at}"
    );
    assert_eq!(levers.last(), Some(&ng1_at));
    // Black's clock ran only after Nf3 and after the pressed Ng1 — never at the claim.
    let black_started: Vec<u64> = played
        .clock_runs()
        .into_iter()
        .filter(|(_, r)| r.as_deref() == Some("black"))
        .map(|(at, _)| at)
        .collect();
    assert_eq!(black_started, [played.recorded_at("Nf3"), ng1_at]);
    // The sighted player heard of Ng1 only once it was made.
    let sighted = played.told("sighted_player");
    assert_eq!(
        sighted
            .iter()
            .filter(|t| t.contains("Felix drei Gustav eins"))
            .count(),
        1,
        "{sighted:?}"
    );
    let told_at = played
        .effects("announce")
        .find(|l| l["effect"]["text"] == "Weiß: Springer Felix drei Gustav eins")
        .unwrap()["at_ms"]
        .as_u64()
        .unwrap();
    assert_eq!(told_at, ng1_at);
    assert_eq!(played.end(), ("1-0".to_owned(), "resignation".to_owned()));
    let view = played.replay_agrees();
    assert_eq!(view["peg_in_sync"], true, "{view}");
}

#[test]
fn calling_the_arbiter_stops_the_clocks() {
    let played = play("call-arbiter-pauses", false, true);
    let called = "Der Schiedsrichter wird gerufen. Die Uhren sind angehalten.";
    for listener in ["vi_player", "sighted_player"] {
        let told = played.told(listener);
        assert_eq!(
            told.iter().filter(|t| t.as_str() == called).count(),
            2,
            "{listener}: {told:?}"
        );
    }
    assert_eq!(alert_kinds(&played), ["called", "called"]);
    // Each call stopped the running clock at once; each resume restarted the side to move.
    let alerts: Vec<u64> = played
        .effects("arbiter_alert")
        .map(|l| l["at_ms"].as_u64().unwrap())
        .collect();
    let runs = played.clock_runs();
    for (at, running) in [(alerts[0], "black"), (alerts[1], "white")] {
        let i = runs
            .iter()
            .position(|(t, r)| *t == at && r.is_none())
            .unwrap_or_else(|| panic!("no stop at {at}: {runs:?}"));
        assert_eq!(runs[i - 1].1.as_deref(), Some(running), "{runs:?}");
        assert_eq!(runs[i + 1].1.as_deref(), Some(running), "{runs:?}");
    }
    assert_eq!(played.moves(), ["e4", "e5"]);
    assert_eq!(played.end(), ("1-0".to_owned(), "resignation".to_owned()));
    assert_pgn(&played, "1-0", "normal");
    let view = played.replay_agrees();
    assert_eq!(view["alerts"], 2, "{view}");
}

#[test]
fn times_are_said_in_words() {
    let played = play("spoken-times", true, true);
    let vi = played.told("vi_player");
    let times: Vec<&String> = vi
        .iter()
        .filter(|t| t.starts_with("Weiß eine Stunde"))
        .collect();
    assert_eq!(times.len(), 2, "{vi:?}");
    assert!(
        times[0].ends_with(", Schwarz eine Stunde dreißig Minuten."),
        "{}",
        times[0]
    );
    assert!(
        times[1].ends_with(", Schwarz dreiundzwanzig Sekunden."),
        "{}",
        times[1]
    );
    assert!(
        vi.contains(&"Weiß erhält eine Minute dreißig Sekunden.".to_owned()),
        "{vi:?}"
    );
    // Nothing either player heard has a digit or a zero part ("0 Minuten").
    for text in vi.iter().chain(played.told("sighted_player").iter()) {
        assert!(!text.chars().any(|c| c.is_ascii_digit()), "{text}");
        assert!(!text.contains("null Minuten"), "{text}");
    }
    assert_eq!(played.end(), ("1-0".to_owned(), "resignation".to_owned()));
    played.replay_agrees();
}

/// The cells liblouis gives `text` in `table` as Braille ASCII (BRF), as the scoresheet
/// has them.
fn braille(table: &str, text: &str) -> String {
    let out = output_with_input(
        Command::new("lou_translate").args(["--forward", &format!("en-us-brf.dis,{table}")]),
        format!("{text}\n").as_bytes(),
        std::time::Duration::from_secs(30),
    );
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

#[test]
fn draw_offers_are_on_the_scoresheets() {
    let played = play("draw-offers-recorded", false, true);
    assert_eq!(played.moves(), ["e4", "e5", "Nf3"]);
    let pgn = played.pgn();
    let flat = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    // (=) after the offerer's move: White's e4 (offered before the press), Black's e5.
    let e4 = flat.find("1. e4 {[%clk").expect("e4");
    let e5 = flat.find("1... e5 {[%clk").expect("e5");
    let nf3 = flat.find("2. Nf3 {[%clk").expect("Nf3");
    let offers: Vec<usize> = flat.match_indices("{(=)}").map(|(i, _)| i).collect();
    assert_eq!(offers.len(), 2, "{pgn}");
    assert!(
        e4 < offers[0] && offers[0] < e5 && e5 < offers[1] && offers[1] < nf3,
        "{pgn}"
    );
    let view = played.replay_agrees();
    assert_eq!(view["draw_offers"], serde_json::json!([1, 2]), "{view}");
    // The Braille scoresheet has them too: "1. e4 (=) e5 (=)".
    let brf = std::fs::read_to_string(played.dir.path().join("game.brf")).unwrap();
    let line = braille("de-g0.utb", "1. e4 (=) e5 (=)");
    assert!(!line.is_empty());
    assert!(brf.contains(&line), "{line:?} in {brf}");
}

#[test]
fn the_vi_player_asks_about_the_game() {
    let played = play("vi-questions", true, true);
    let vi = played.told("vi_player");
    let answers: Vec<&String> = played
        .effects("announce")
        .filter(|l| l["effect"]["kind"] == "answer")
        .map(|l| {
            vi.iter()
                .find(|t| l["effect"]["text"] == t.as_str())
                .expect("an answer to the VI player")
        })
        .collect();
    assert_eq!(answers.len(), 9, "{vi:?}");
    assert_eq!(answers[0], "Schwarz ist am Zug: Ihr Gegner.");
    assert_eq!(answers[1], "Dame auf David acht");
    assert_eq!(
        answers[2],
        "Bauern auf Anna zwei, Bella zwei, Cäsar zwei, David zwei, Felix zwei, Gustav zwei, Hektor zwei und David fünf"
    );
    assert!(
        answers[3].starts_with(
            "König auf Eva acht. Dame auf David acht. Türme auf Anna acht und Hektor acht."
        ),
        "{}",
        answers[3]
    );
    assert!(answers[3].ends_with("Bauern auf Anna sieben, Bella sieben, Cäsar sieben, Eva sieben, Felix sieben, Gustav sieben und Hektor sieben."), "{}", answers[3]);
    assert_eq!(
        answers[4],
        "Cäsar eins bis Hektor sechs: Cäsar eins weißer Läufer, David zwei weißer Bauer. \
         Anna drei bis Cäsar eins: Bella zwei weißer Bauer, Cäsar eins weißer Läufer."
    );
    assert_eq!(
        answers[5],
        "Das darf ich nicht sagen: Die Regeln verbieten dem Assistenten jede Analyse. \
         Ich sage Züge, die Zugzahl, die Zeit und was wo steht."
    );
    assert_eq!(answers[6], "Weiß: Eva vier schlägt David fünf");
    assert_eq!(answers[7], "Ihr Gegner ist Bella Beispiel.");
    assert!(
        answers[8].starts_with("Züge: Springer Felix drei."),
        "{}",
        answers[8]
    );
    // Only the VI player hears the answers.
    assert!(
        played
            .effects("announce")
            .filter(|l| l["effect"]["kind"] == "answer")
            .all(|l| l["effect"]["to"] == "vi_player")
    );
    assert_eq!(played.moves(), ["e4", "d5", "exd5"]);
    assert_eq!(played.end(), ("1-0".to_owned(), "resignation".to_owned()));
    played.replay_agrees();
}

#[test]
fn the_vi_player_hears_of_the_opponents_touch_and_the_arbiters_alert() {
    let played = play("opponent-touch-told", true, true);
    assert_eq!(
        played.told("vi_player"),
        [
            "Die Partie beginnt. Weiß am Zug.",
            "Eva zwei Eva vier",
            "Schwarz: Eva sieben Eva fünf",
            "Der Schiedsrichter ist informiert.",
            "Ihr Gegner hatte den schwarzen Springer auf Bella acht berührt.",
            "Gespielt: Weiß ein Zug, Schwarz ein Zug. Noch neununddreißig Züge bis zur Zeitkontrolle.",
            "Partie beendet: Weiß gewinnt, Aufgabe.",
        ]
    );
    // The sighted player is not told; the arbiter got the touch with both boards.
    assert!(
        played
            .told("sighted_player")
            .iter()
            .all(|t| !t.contains("berührt") && !t.contains("informiert"))
    );
    assert_eq!(alert_kinds(&played), ["sighted_touch"]);
    assert_eq!(played.moves(), ["e4", "e5"]);
    assert_eq!(played.end(), ("1-0".to_owned(), "resignation".to_owned()));
    played.replay_agrees();
}

#[test]
fn an_adjourned_games_sealed_move_is_private_until_the_resumption() {
    let played = play("adjournment", false, true);
    let sealed: Vec<&Value> = played.effects("sealed").collect();
    assert_eq!(sealed.len(), 1);
    let s = &sealed[0]["effect"];
    assert_eq!(
        (s["san"].as_str(), s["color"].as_str(), s["ply"].as_u64()),
        (Some("Nf3"), Some("white"), Some(3))
    );
    let sealed_at = sealed[0]["at_ms"].as_u64().unwrap();
    // Never said to the sighted player before the resumption.
    let resumed_at = played
        .inputs("arbiter")
        .find(|l| l["input"]["action"] == "resume")
        .unwrap()["at_ms"]
        .as_u64()
        .unwrap();
    for l in played.effects("announce") {
        let to_sighted = l["effect"]["to"] != "vi_player";
        let text = l["effect"]["text"].as_str().unwrap();
        if to_sighted && l["at_ms"].as_u64().unwrap() < resumed_at {
            assert!(!text.contains("Felix drei"), "{text}");
        }
    }
    assert!(
        played
            .told("sighted_player")
            .contains(&"Weiß hat den Abgabezug abgegeben. Die Uhren sind angehalten.".to_owned())
    );
    // The clocks stopped at the seal and Black's ran from the resumption.
    let runs = played.clock_runs();
    assert!(runs.contains(&(sealed_at, None)), "{runs:?}");
    assert!(
        runs.contains(&(resumed_at, Some("black".to_owned()))),
        "{runs:?}"
    );
    assert_eq!(played.recorded_at("Nf3"), resumed_at);
    assert_eq!(played.moves(), ["e4", "e5", "Nf3"]);
    assert_eq!(played.end(), ("1-0".to_owned(), "resignation".to_owned()));
    assert_pgn(&played, "1-0", "normal");
    played.replay_agrees();
}

/// Table times (ms) of `side`'s lever presses, in order.
fn levers(played: &Played, side: &str) -> Vec<u64> {
    played
        .inputs("lever")
        .filter(|l| l["input"]["side"] == side)
        .map(|l| l["at_ms"].as_u64().unwrap())
        .collect()
}

/// Table time (ms) of the first sighted-board snapshot showing `placement`.
fn sighted_board_at(played: &Played, placement: &str) -> u64 {
    played
        .inputs("sighted_board")
        .find(|l| l["input"]["placement"] == placement)
        .unwrap_or_else(|| panic!("no sighted board {placement}"))["at_ms"]
        .as_u64()
        .unwrap()
}

/// Announcements to `listener` (or both) with their table time (ms).
fn told_at(played: &Played, listener: &str) -> Vec<(u64, String)> {
    played
        .effects("announce")
        .filter(|l| l["effect"]["to"] == listener || l["effect"]["to"] == "both")
        .map(|l| {
            (
                l["at_ms"].as_u64().unwrap(),
                l["effect"]["text"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[test]
fn a_wrong_copy_on_the_sighted_board_is_put_right_at_once() {
    let played = play("sighted-wrong-copy", false, true);
    let wrong = sighted_board_at(&played, "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR");
    // Within a couple of seconds the sighted player is told piece and squares.
    let sighted = told_at(&played, "sighted_player");
    let (fix_at, fix) = sighted
        .iter()
        .find(|(at, _)| *at > wrong)
        .unwrap_or_else(|| panic!("nothing told after the wrong copy: {sighted:?}"));
    assert!(*fix_at <= wrong + 3000, "{fix_at} {wrong}: {fix}");
    for words in [
        "weißen Bauern",
        "David vier",
        "David zwei",
        "Eva zwei",
        "Eva vier",
    ] {
        assert!(fix.contains(words), "{words} in {fix}");
    }
    // The VI player hears that the opponent's board is being put right; the arbiter is
    // alerted with both boards.
    let vi = told_at(&played, "vi_player");
    assert!(
        vi.iter().any(|(at, t)| *at > wrong
            && *at <= wrong + 3000
            && t == "Das Brett Ihres Gegners wird berichtigt."),
        "{vi:?}"
    );
    assert_eq!(alert_kinds(&played), ["sighted_board_differs"]);
    let alert = played.effects("arbiter_alert").next().unwrap();
    assert!(alert["at_ms"].as_u64().unwrap() <= wrong + 3000);
    assert_eq!(
        alert["effect"]["sighted_board"],
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR"
    );
    // Copying is no touch of the white pawns.
    assert!(vi.iter().all(|(_, t)| !t.contains("berührt")), "{vi:?}");
    // The game goes on: e5 announced, and Black's press started White's clock.
    assert!(vi.iter().any(|(_, t)| t == "Schwarz: Eva sieben Eva fünf"));
    assert!(
        sighted.iter().any(|(_, t)| t == "Das Brett stimmt."),
        "{sighted:?}"
    );
    let press = *levers(&played, "black").last().unwrap();
    assert_eq!(played.recorded_at("e5"), press);
    assert!(
        played
            .clock_runs()
            .contains(&(press, Some("white".to_owned()))),
        "{:?}",
        played.clock_runs()
    );
    assert_eq!(played.moves(), ["e4", "e5"]);
    assert_eq!(played.end(), ("1-0".to_owned(), "resignation".to_owned()));
    assert_pgn(&played, "1-0", "normal");
    let view = played.replay_agrees();
    assert_eq!(view["sighted_in_sync"], true, "{view}");
    assert_eq!(view["alerts"], 1, "{view}");
}

#[test]
fn the_sighted_players_illegal_move_is_an_illegal_move() {
    let played = play("sighted-illegal-move", false, true);
    assert_eq!(alert_kinds(&played), ["illegal_move"]);
    let alert = played.effects("arbiter_alert").next().unwrap();
    let detail = alert["effect"]["detail"].as_str().unwrap();
    assert!(detail.contains("f8") && detail.contains("b4"), "{detail}");
    let press = levers(&played, "black")[0];
    assert!(alert["at_ms"].as_u64().unwrap() <= press + 2000);
    // Both players are told which move was illegal; the sighted player what to put back.
    let said = "Läufer Felix acht Bella vier";
    let vi = played.told("vi_player");
    assert!(
        vi.iter()
            .any(|t| t.contains("unzulässig") && t.contains(said)),
        "{vi:?}"
    );
    assert!(vi.contains(&"Der Schiedsrichter ist informiert.".to_owned()));
    let sighted = played.told("sighted_player");
    assert!(
        sighted
            .iter()
            .any(|t| t.contains("Unzulässig") && t.contains(said)),
        "{sighted:?}"
    );
    assert!(
        sighted
            .iter()
            .any(|t| t.contains("schwarzen Läufer") && t.contains("Felix acht")),
        "{sighted:?}"
    );
    // The illegal move's press did not start White's clock; the legal move's press did.
    let runs = played.clock_runs();
    let e5_press = *levers(&played, "black").last().unwrap();
    let white_started: Vec<u64> = runs
        .iter()
        .filter(|(at, r)| r.as_deref() == Some("white") && *at > press)
        .map(|(at, _)| *at)
        .collect();
    assert_eq!(white_started.first(), Some(&e5_press), "{runs:?}");
    assert_eq!(played.recorded_at("e5"), e5_press);
    // The penalty went to the VI player: two minutes.
    assert!(
        vi.contains(&"Weiß erhält zwei Minuten.".to_owned()),
        "{vi:?}"
    );
    assert_eq!(played.moves(), ["d4", "e5"]);
    assert_eq!(played.end(), ("1-0".to_owned(), "resignation".to_owned()));
    assert_pgn(&played, "1-0", "normal");
    let view = played.replay_agrees();
    assert_eq!(view["alerts"], 1, "{view}");
}

#[test]
fn a_fix_up_never_contradicts_a_made_move() {
    let played = play("peg-fixup-after-made-move", false, true);
    let fixups: Vec<String> = played
        .effects("announce")
        .filter(|l| l["effect"]["kind"] == "fix_up" && l["effect"]["to"] == "vi_player")
        .map(|l| l["effect"]["text"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        fixups,
        [
            "Nehmen Sie die Figur von Eva sieben. Setzen Sie den schwarzen Bauern auf Eva fünf.",
            "Das Brett stimmt."
        ]
    );
    for shown in played.effects("show_on_tactile") {
        for fix in shown["effect"]["fixes"].as_array().unwrap() {
            assert!(fix["square"] != "g1" && fix["square"] != "f3", "{shown}");
        }
    }
    assert_eq!(played.moves(), ["e4", "e5", "Nf3"]);
    let lever = *levers(&played, "white").last().unwrap();
    assert_eq!(played.recorded_at("Nf3"), lever);
    assert_eq!(alert_kinds(&played), Vec::<String>::new());
    assert_eq!(played.end(), ("1-0".to_owned(), "resignation".to_owned()));
    assert_pgn(&played, "1-0", "normal");
    let view = played.replay_agrees();
    assert_eq!(view["peg_in_sync"], true, "{view}");
}

#[test]
fn a_copy_before_the_press_is_no_false_alarm() {
    let played = play("sighted-copies-before-press", false, true);
    assert_eq!(alert_kinds(&played), Vec::<String>::new());
    assert_eq!(
        played.told("vi_player"),
        [
            "Die Partie beginnt. Weiß am Zug.",
            "Eva zwei Eva vier",
            "Schwarz: Eva sieben Eva fünf",
            "Partie beendet: Weiß gewinnt, Aufgabe.",
        ]
    );
    assert_eq!(
        played.told("sighted_player"),
        [
            "Die Partie beginnt. Weiß am Zug.",
            "Weiß: Eva zwei Eva vier",
            "Partie beendet: Weiß gewinnt, Aufgabe.",
        ]
    );
    assert_eq!(played.moves(), ["e4", "e5"]);
    assert_eq!(played.end(), ("1-0".to_owned(), "resignation".to_owned()));
    assert_pgn(&played, "1-0", "normal");
    let view = played.replay_agrees();
    assert_eq!(view["alerts"], 0, "{view}");
    assert_eq!(view["sighted_in_sync"], true, "{view}");
}

#[test]
fn the_sighted_players_rejected_claim_move_is_made_by_them() {
    let played = play("sighted-rejected-claim", false, true);
    let intended = "Bitte den beabsichtigten Zug ausführen: Springer Gustav acht Felix sechs.";
    let sighted = played.told("sighted_player");
    assert_eq!(
        sighted.iter().filter(|t| t.as_str() == intended).count(),
        2,
        "after the rejection, and again for another move: {sighted:?}"
    );
    let vi = played.told("vi_player");
    assert!(
        vi.iter().any(|t| t.starts_with("Reklamation abgelehnt")),
        "{vi:?}"
    );
    assert!(
        vi.contains(&"Weiß erhält zwei Minuten.".to_owned()),
        "{vi:?}"
    );
    assert!(
        !vi.iter().any(|t| t.contains("Eva sieben Eva fünf")),
        "e5 refused, never announced: {vi:?}"
    );
    assert_eq!(played.moves(), ["e4", "Nf6"]);
    // Recorded at Black's press, after the knight was on f6 — not at the claim.
    let claim_at = played.inputs("sighted").next().unwrap()["at_ms"]
        .as_u64()
        .unwrap();
    let press = *levers(&played, "black").last().unwrap();
    let nf6_board = sighted_board_at(&played, "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR");
    let nf6_at = played.recorded_at("Nf6");
    assert!(
        claim_at < nf6_board && nf6_board <= press,
        "{claim_at} {nf6_board} {press}"
    );
    assert_eq!(nf6_at, press);
    let record_effects: Vec<u64> = played
        .effects("record_move")
        .filter(|l| l["effect"]["san"] == "Nf6")
        .map(|l| l["at_ms"].as_u64().unwrap())
        .collect();
    assert_eq!(record_effects, [press], "recorded once, at the press");
    assert_eq!(played.end(), ("0-1".to_owned(), "resignation".to_owned()));
    let view = played.replay_agrees();
    assert_eq!(view["sighted_in_sync"], true, "{view}");
}
