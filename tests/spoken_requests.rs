//! What the VI player says to the assistant, through `annabella demo` (the real serial
//! code talking to the simulated boards and clock over pseudo-terminals) with scripts in
//! `tests/data/scripts/`, at a German and at an English table: questions for analysis
//! are refused, saying why (11.3.1), and the natural phrasings of moves and requests are
//! understood as their short forms (issue 25, items 5 and 6). The helpers are
//! `tests/support/mod.rs`'s, shared with `tests/rulings.rs`.

use serde_json::Value;

mod support;
use support::*;

/// More `annabella demo` flags: none.
const DEMO_FLAGS: &[&str] = &[];

/// The texts of the answers (announcements of kind `answer`) the VI player was given.
fn answers(played: &Played) -> Vec<String> {
    played
        .effects("announce")
        .filter(|l| l["effect"]["kind"] == "answer")
        .map(|l| {
            assert_eq!(
                l["effect"]["to"], "vi_player",
                "answers are the VI player's"
            );
            l["effect"]["text"].as_str().unwrap().to_owned()
        })
        .collect()
}

/// One language's analysis scenario: the refusal, the read-backs and the position told.
struct Refusals {
    script: &'static str,
    config: bool,
    refusal: &'static str,
    e4_told: &'static str,
}

fn analysis_is_refused(r: Refusals) {
    let played = play(r.script, r.config, true);
    // Four questions for analysis (who attacks d5, material, threats, the best move),
    // each refused in the same words, naming no piece or square; then the position on
    // request.
    assert_eq!(
        answers(&played),
        [r.refusal, r.refusal, r.refusal, r.refusal, r.e4_told],
        "{}",
        r.script
    );
    // The sighted player hears nothing of it.
    let sighted = played.told("sighted_player");
    assert!(
        sighted.iter().all(|t| !t.contains(&r.refusal[..10])),
        "{sighted:?}"
    );
    assert_eq!(played.moves(), ["e4", "d5"]);
    assert_eq!(played.end(), ("1-0".to_owned(), "resignation".to_owned()));
    assert_pgn(&played, "1-0", "normal");
    played.replay_agrees();
}

#[test]
fn analysis_is_refused_saying_why_at_a_german_table() {
    analysis_is_refused(Refusals {
        script: "analysis-refused-de",
        config: false,
        refusal: "Das darf ich nicht sagen: Die Regeln verbieten dem Assistenten jede Analyse. \
                  Ich sage Züge, die Zugzahl, die Zeit und was wo steht.",
        e4_told: "Eva vier, weißer Bauer",
    });
}

#[test]
fn analysis_is_refused_saying_why_at_an_english_table() {
    analysis_is_refused(Refusals {
        script: "analysis-refused-en",
        config: true,
        refusal: "I may not say that: the Laws forbid the assistant any analysis. \
                  I tell the moves, the number of moves, the time and what stands where.",
        e4_told: "Eva four, white Pawn",
    });
}

/// One language's natural-phrasings scenario.
struct Phrasings {
    script: &'static str,
    config: bool,
    /// Everything the VI player was told, the time answer as `TIME`.
    told: &'static [&'static str],
    /// How the time answer starts.
    time: &'static str,
    arbiter_called: &'static str,
}

fn natural_phrasings_are_understood(p: Phrasings) {
    let played = play(p.script, p.config, true);
    let told: Vec<String> = played
        .told("vi_player")
        .into_iter()
        .map(|t| {
            if t.starts_with(p.time) {
                "TIME".to_owned()
            } else {
                t
            }
        })
        .collect();
    assert_eq!(told, p.told, "{}", p.script);
    // The hesitations, the correction in one breath and the self-correction: the moves
    // recorded are the last ones said, and castling in the Laws' words.
    assert_eq!(
        played.moves(),
        ["Nh3", "Nf6", "g3", "d5", "Bg2", "e6", "O-O"]
    );
    // The arbiter called in a sentence: both players told, the arbiter alerted, and
    // the running clock (Black's, after White's castling press) stopped at that moment;
    // the arbiter's resume restarted it.
    assert_eq!(
        played
            .told("sighted_player")
            .iter()
            .filter(|t| t.as_str() == p.arbiter_called)
            .count(),
        1
    );
    let alerts: Vec<&Value> = played.effects("arbiter_alert").collect();
    assert_eq!(alerts.len(), 1, "{alerts:?}");
    assert_eq!(alerts[0]["effect"]["kind"], "called");
    let at = alerts[0]["at_ms"].as_u64().unwrap();
    let runs = played.clock_runs();
    let i = runs
        .iter()
        .position(|(t, r)| *t == at && r.is_none())
        .unwrap_or_else(|| panic!("no stop at {at}: {runs:?}"));
    assert_eq!(runs[i - 1].1.as_deref(), Some("black"), "{runs:?}");
    assert_eq!(runs[i + 1].1.as_deref(), Some("black"), "{runs:?}");
    assert_eq!(played.end(), ("1-0".to_owned(), "resignation".to_owned()));
    assert_pgn(&played, "1-0", "normal");
    let view = played.replay_agrees();
    assert_eq!(view["alerts"], 1, "{view}");
}

#[test]
fn natural_phrasings_are_understood_at_a_german_table() {
    natural_phrasings_are_understood(Phrasings {
        script: "natural-phrasings-de",
        config: false,
        told: &[
            "Die Partie beginnt. Weiß am Zug.",
            // "äh, Springer Felix drei, bitte"
            "Springer Gustav eins Felix drei",
            // "Korrektur Springer Hektor drei": withdrawn, the new move read back.
            "Springer Gustav eins Hektor drei",
            "Schwarz: Springer Gustav acht Felix sechs",
            // "Bauer Gustav vier nein Bauer Gustav drei"
            "Gustav zwei Gustav drei",
            "Schwarz: David sieben David fünf",
            // "also ähm Läufer Gustav zwei"
            "Läufer Felix eins Gustav zwei",
            "Schwarz: Eva sieben Eva sechs",
            // "wie viel Zeit habe ich"
            "TIME",
            "Kurze Rochade",
            // "ich möchte den Schiedsrichter sprechen"
            "Der Schiedsrichter wird gerufen. Die Uhren sind angehalten.",
            "Die Uhren laufen wieder.",
            "Partie beendet: Weiß gewinnt, Aufgabe.",
        ],
        time: "Weiß eine Stunde",
        arbiter_called: "Der Schiedsrichter wird gerufen. Die Uhren sind angehalten.",
    });
}

#[test]
fn natural_phrasings_are_understood_at_an_english_table() {
    natural_phrasings_are_understood(Phrasings {
        script: "natural-phrasings-en",
        config: true,
        told: &[
            "The game starts. White to move.",
            // "uh, Knight Felix three, please"
            "Knight Gustav one Felix three",
            // "correction Knight Hector three"
            "Knight Gustav one Hector three",
            "Black: Knight Gustav eight Felix six",
            // "Gustav four no Gustav three"
            "Gustav two Gustav three",
            "Black: David seven David five",
            // "um so Bishop Gustav two"
            "Bishop Felix one Gustav two",
            "Black: Eva seven Eva six",
            // "how much time do I have"
            "TIME",
            // "Kurze Rochade", the Laws' words at an English table.
            "castles short",
            // "I want to speak to the arbiter"
            "The arbiter has been called. The clocks are stopped.",
            "The clocks run again.",
            "Game over: White wins, resignation.",
        ],
        time: "White one hour",
        arbiter_called: "The arbiter has been called. The clocks are stopped.",
    });
}
