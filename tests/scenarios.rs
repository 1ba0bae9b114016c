//! Issue 7's proof: whole games through `annabella demo` — the real serial code talking
//! to the simulated peg board, DGT board and tactile clock over pseudo-terminals — one
//! script per case of the Laws for blind play (`tests/data/scripts/`). Each test checks
//! what each player was told, the result and termination, the PGN written, and that
//! `annabella journal replay` rebuilds the same table from the journal.

use serde_json::Value;

// `pub(crate)`: tests/firmware.rs, which includes this file, uses it too.
pub(crate) mod support;
use support::*;

/// More `annabella demo` flags: none here; `tests/firmware.rs` plays these same games
/// with `--firmware` (it includes this file and has its own `DEMO_FLAGS`).
#[allow(dead_code)]
const DEMO_FLAGS: &[&str] = &[];

/// The pegs lifted and placed, in order: ("peg_lift", "e4"), …
fn peg_inputs(played: &Played) -> Vec<(String, String)> {
    played
        .lines
        .iter()
        .filter(|l| l["kind"] == "input")
        .filter_map(|l| {
            let kind = l["input"]["input"].as_str()?;
            ["peg_lift", "peg_place"].contains(&kind).then(|| {
                (
                    kind.to_owned(),
                    l["input"]["square"].as_str().unwrap_or("").to_owned(),
                )
            })
        })
        .collect()
}

#[test]
fn a_capture_announced_before_the_captured_piece_is_removed() {
    let played = play("capture-before-removal", false, true);
    assert_eq!(
        played.told("vi_player"),
        [
            "Die Partie beginnt. Weiß am Zug.",
            "Eva zwei Eva vier",
            "Schwarz: David sieben David fünf",
            "Eva vier schlägt David fünf",
            "Der geschlagene schwarze Bauer auf David fünf ist noch nicht entfernt.",
            "Partie beendet: Weiß gewinnt, Aufgabe.",
        ]
    );
    assert_eq!(
        played.told("sighted_player"),
        [
            "Die Partie beginnt. Weiß am Zug.",
            "Weiß: Eva zwei Eva vier",
            "Weiß: Eva vier schlägt David fünf",
            "Partie beendet: Weiß gewinnt, Aufgabe.",
        ]
    );
    assert_eq!(played.moves(), ["e4", "d5", "exd5"]);

    // The early press came over the clock's serial link and was journalled, but moved
    // nothing: the move is made only once d5's peg was out and the capturing one in.
    let levers: Vec<u64> = played
        .inputs("lever")
        .filter(|l| l["input"]["side"] == "white")
        .map(|l| l["at_ms"].as_u64().unwrap())
        .collect();
    assert_eq!(levers.len(), 3, "e4, the early press, exd5");
    let capture_at = played.recorded_at("exd5");
    assert!(levers[1] < capture_at && levers[2] == capture_at);
    let pegs = peg_inputs(&played);
    let tail: Vec<(&str, &str)> = pegs[pegs.len() - 3..]
        .iter()
        .map(|(k, s)| (k.as_str(), s.as_str()))
        .collect();
    assert_eq!(
        tail,
        [("peg_lift", "e4"), ("peg_lift", "d5"), ("peg_place", "d5")]
    );
    let placed_at = played
        .inputs("peg_place")
        .last()
        .map(|l| l["at_ms"].as_u64().unwrap())
        .unwrap();
    assert!(placed_at < capture_at);
    // Black's clock did not start at the early press, only at the completed capture.
    let black_started: Vec<u64> = played
        .clock_runs()
        .into_iter()
        .filter(|(_, r)| r.as_deref() == Some("black"))
        .map(|(at, _)| at)
        .collect();
    assert_eq!(
        black_started,
        [played.recorded_at("e4"), capture_at],
        "{:?}",
        played.clock_runs()
    );

    assert_eq!(played.end(), ("1-0".to_owned(), "resignation".to_owned()));
    assert_pgn(&played, "1-0", "normal");
    let view = played.replay_agrees();
    assert_eq!(view["peg_in_sync"], true, "{view}");
    assert!(
        played.stderr.contains("game over: 1-0"),
        "{}",
        played.stderr
    );
}

#[test]
fn a_correction_before_the_clock_press_replaces_the_move() {
    // "Korrektur" after a refused press, "nein" right after a read-back (D.2.8).
    let played = play("correction-before-press", false, true);
    assert_eq!(
        played.told("vi_player"),
        [
            "Die Partie beginnt. Weiß am Zug.",
            "Springer Gustav eins Felix drei",
            "Angesagt: Springer Gustav eins Felix drei. Gesetzt: Springer Bella eins Cäsar drei.",
            "Bitte den Zug ansagen.",
            "Springer Bella eins Cäsar drei",
            "Schwarz: Eva sieben Eva fünf",
            "Eva zwei Eva vier",
            "Bitte den Zug ansagen.",
            "David zwei David vier",
            "Schwarz bietet Remis an.",
            "Remis annehmen? Bitte ja oder nein.",
            "Partie beendet: Remis, Einigung.",
        ]
    );
    // The sighted player hears only the move that stood, never the corrected one.
    assert_eq!(
        played.told("sighted_player"),
        [
            "Die Partie beginnt. Weiß am Zug.",
            "Weiß: Springer Bella eins Cäsar drei",
            "Weiß: David zwei David vier",
            "Partie beendet: Remis, Einigung.",
        ]
    );
    assert_eq!(
        played.moves(),
        ["Nc3", "e5", "d4"],
        "e4 was taken back by \"nein\""
    );
    // The press before the correction did not start Black's clock; the one after did.
    let runs: Vec<Option<String>> = played.clock_runs().into_iter().map(|(_, r)| r).collect();
    assert_eq!(
        runs,
        [
            Some("white".to_owned()),
            Some("black".to_owned()),
            Some("white".to_owned()),
            Some("black".to_owned()),
            None
        ]
    );
    assert_eq!(played.clock_runs()[1].0, played.recorded_at("Nc3"));
    assert_eq!(
        played
            .inputs("lever")
            .filter(|l| l["input"]["side"] == "white")
            .count(),
        3
    );

    assert_eq!(played.end(), ("1/2-1/2".to_owned(), "agreement".to_owned()));
    assert_pgn(&played, "1/2-1/2", "normal");
    let view = played.replay_agrees();
    assert_eq!(view["said"], Value::Null, "{view}");
    assert_eq!(view["draw_offer"], Value::Null, "{view}");
}

#[test]
fn a_sighted_move_copied_wrongly_on_the_peg_board_is_fixed() {
    let played = play("peg-fixup", false, true);
    let fixup =
        "Nehmen Sie die Figur von Hektor sechs. Setzen Sie den schwarzen Springer auf Felix sechs.";
    assert_eq!(
        played.told("vi_player"),
        [
            "Die Partie beginnt. Weiß am Zug.",
            "Eva zwei Eva vier",
            "Schwarz: Springer Gustav acht Felix sechs",
            fixup,
            "Das Brett stimmt.",
            "Springer Bella eins Cäsar drei",
            "Wirklich aufgeben? Bitte ja oder nein.",
            "Partie beendet: Schwarz gewinnt, Aufgabe.",
        ]
    );
    assert_eq!(
        played.told("sighted_player"),
        [
            "Die Partie beginnt. Weiß am Zug.",
            "Weiß: Eva zwei Eva vier",
            "Weiß: Springer Bella eins Cäsar drei",
            "Partie beendet: Schwarz gewinnt, Aufgabe.",
        ]
    );
    // The fix-up is also shown on the tactile board, after the wrong copy came in over
    // the peg board's serial link, and before the peg was put right.
    let shown: Vec<&Value> = played.effects("show_on_tactile").collect();
    assert_eq!(shown.len(), 1, "{shown:?}");
    assert_eq!(
        shown[0]["effect"]["fixes"],
        serde_json::json!([
            {"fix": "remove", "square": "h6"},
            {"fix": "place", "square": "f6", "piece": "n"}
        ])
    );
    let at = |kind: &str, square: &str| {
        played
            .inputs(kind)
            .find(|l| l["input"]["square"] == square)
            .and_then(|l| l["at_ms"].as_u64())
            .unwrap_or_else(|| panic!("no {kind} {square}"))
    };
    let shown_at = shown[0]["at_ms"].as_u64().unwrap();
    assert!(at("peg_place", "h6") < shown_at && shown_at < at("peg_place", "f6"));
    assert_eq!(played.moves(), ["e4", "Nf6", "Nc3"]);
    assert_eq!(played.end(), ("0-1".to_owned(), "resignation".to_owned()));
    assert_pgn(&played, "0-1", "normal");
    let view = played.replay_agrees();
    assert_eq!(view["peg_in_sync"], true, "{view}");
    assert_eq!(view["alerts"], 0, "fixed in time: no arbiter alert: {view}");
}

#[test]
fn a_touched_piece_binds_the_vi_player_and_a_sighted_touch_is_reported() {
    // Through the real voice: the VI player's announcements go through espeak-ng into
    // the audio record.
    let played = play("touch-move", false, false);
    let vi = [
        "Die Partie beginnt. Weiß am Zug.",
        "Berührt: Bauer auf Gustav zwei. Diese Figur muss ziehen.",
        "Gustav zwei Gustav vier",
        "Schwarz: Eva sieben Eva fünf",
        // Duty e: the VI player is told that the arbiter was alerted, and of the touch.
        "Der Schiedsrichter ist informiert.",
        "Ihr Gegner hatte den schwarzen Springer auf Bella acht berührt.",
        "Felix zwei Felix drei",
        "Schwarz: Dame David acht Hektor vier Matt",
        "Partie beendet: Schwarz gewinnt, Schachmatt.",
    ];
    assert_eq!(played.told("vi_player"), vi, "e4 was never read back");
    assert_eq!(
        played.told("sighted_player"),
        [
            "Die Partie beginnt. Weiß am Zug.",
            "Weiß: Gustav zwei Gustav vier",
            "Weiß: Felix zwei Felix drei",
            "Partie beendet: Schwarz gewinnt, Schachmatt.",
        ]
    );
    // The touch: the g-pawn's peg out and back in, read from the peg board's serial link.
    assert_eq!(
        peg_inputs(&played)[..2],
        [
            ("peg_lift".to_owned(), "g2".to_owned()),
            ("peg_place".to_owned(), "g2".to_owned())
        ]
    );
    let index = std::fs::read_to_string(played.dir.path().join("announcements.jsonl"))
        .unwrap_or_else(|e| {
            panic!(
                "no audio record index: is espeak-ng installed (scripts/setup.sh)? {e}\n{}",
                played.stderr
            )
        });
    let record: Vec<Value> = index
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["listener"] == "vi_player")
        .collect();
    // What was said to the end. On a busy machine a more urgent announcement can cut one
    // off (its entry says "interrupted"); the queue says it again, whole, afterwards.
    let heard = |earcon: bool| -> Vec<String> {
        record
            .iter()
            .filter(|v| (v["source"] == "earcon") == earcon)
            .filter(|v| v["outcome"].is_null())
            .map(|v| v["text"].as_str().unwrap().to_owned())
            .collect()
    };
    for (i, cut) in record.iter().enumerate() {
        if cut["outcome"].is_null() {
            continue;
        }
        assert_eq!(
            cut["outcome"], "interrupted",
            "nothing else cuts here: {cut}"
        );
        assert!(
            record[i + 1..]
                .iter()
                .any(|v| v["text"] == cut["text"] && v["outcome"].is_null()),
            "an announcement cut off was never said again whole: {cut}"
        );
    }
    assert_eq!(
        heard(false),
        vi,
        "what the VI player heard, in the audio record"
    );
    // The sample table gives the VI player earcons: they are in the record too.
    assert_eq!(
        heard(true),
        [
            "own_move",
            "arbiter",
            "opponent_move",
            "own_move",
            "opponent_move",
            "check"
        ],
        "the VI player's earcons, in the audio record"
    );
    let wav = std::fs::metadata(played.dir.path().join("announcements.wav")).unwrap();
    assert!(wav.len() > 100_000, "{} bytes of speech", wav.len());

    // The sighted player's touch of b8 (then e5 played) goes to the arbiter; the move
    // stands (claiming is the VI player's decision, D.2.10.5), and the VI player is told.
    let alerts: Vec<&Value> = played.effects("arbiter_alert").collect();
    assert_eq!(alerts.len(), 1, "{alerts:?}");
    assert_eq!(alerts[0]["effect"]["kind"], "sighted_touch");
    let detail = alerts[0]["effect"]["detail"].as_str().unwrap();
    assert!(detail.contains("b8") && detail.contains("e5"), "{detail}");
    assert_eq!(played.moves(), ["g4", "e5", "f3", "Qh4#"]);
    assert_eq!(played.end(), ("0-1".to_owned(), "checkmate".to_owned()));
    assert_pgn(&played, "0-1", "normal");
    let view = played.replay_agrees();
    assert_eq!(view["touched"], serde_json::json!([]), "{view}");
    assert_eq!(view["alerts"], 1, "{view}");
}

#[test]
fn a_flag_fall_against_a_lone_king_is_a_draw_claimed_for_the_vi_player() {
    let played = play("flag-fall-lone-king", true, true);
    assert_eq!(
        played.told("vi_player"),
        [
            "Die Partie beginnt. Weiß am Zug.",
            "König Eva eins David eins",
            "Partie beendet: Remis, Zeitüberschreitung.",
        ]
    );
    assert_eq!(
        played.told("sighted_player"),
        [
            "Die Partie beginnt. Weiß am Zug.",
            "Weiß: König Eva eins David eins",
            "Partie beendet: Remis, Zeitüberschreitung.",
        ]
    );
    assert_eq!(played.moves(), ["Kd1"]);
    assert_eq!(played.end(), ("1/2-1/2".to_owned(), "flag-fall".to_owned()));
    // Nobody claimed: after Kd1 the only inputs are the board copy and the table's own
    // timer — the table claimed for the VI player, 6.9 made it a draw.
    let after: Vec<&str> = played
        .lines
        .iter()
        .filter(|l| l["kind"] == "input" && l["at_ms"].as_u64() > Some(played.recorded_at("Kd1")))
        .map(|l| l["input"]["input"].as_str().unwrap())
        .collect();
    assert!(
        after
            .iter()
            .all(|k| ["announcement_done", "sighted_lift", "sighted_board", "tick"].contains(k)),
        "{after:?}"
    );
    // Black's 10 s ran out in full; White's clock kept what it had after Kd1.
    let (black_from, _) = played.clock_runs()[1].clone();
    let over_at = played.effects("game_over").next().unwrap()["at_ms"]
        .as_u64()
        .unwrap();
    assert!(over_at >= black_from + 10_000, "{black_from} → {over_at}");
    assert_pgn(&played, "1/2-1/2", "time forfeit");
    let pgn = played.pgn();
    assert!(
        pgn.contains("[FEN \"q3k3/8/8/8/8/8/8/4K3 w - - 0 1\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("[TimeControl \"10\"]"), "{pgn}");
    let view = played.replay_agrees();
    assert_eq!(
        view["black_time"],
        serde_json::json!({"secs": 0, "nanos": 0})
    );
    let kd1_clock = &played.effects("record_move").next().unwrap()["effect"]["clock"];
    assert_eq!(&view["white_time"], kd1_clock);
}

#[test]
fn a_threefold_claim_with_the_intended_move_is_upheld() {
    let played = play("threefold-claim", false, true);
    let moves = [
        "Nf3", "Nf6", "Ng1", "Ng8", "Nh3", "Nf6", "Ng1", "Nh5", "Nf3", "Nf6",
    ];
    assert_eq!(played.moves(), moves, "the intended Ng1 is not played");
    // The claim needs the intended move: the position on the board has been there only
    // twice; the one after Ng1 (Black to move) twice before.
    let positions: Vec<String> = played
        .effects("position")
        .map(|l| {
            let fen = l["effect"]["fen"].as_str().unwrap();
            fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
        })
        .collect();
    let count = |fen: &str| positions.iter().filter(|p| p.as_str() == fen).count();
    let now = positions.last().unwrap();
    assert_eq!(count(now), 2, "{positions:?}");
    assert_eq!(
        count("rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq -"),
        2,
        "{positions:?}"
    );

    let vi = played.told("vi_player");
    assert_eq!(
        vi.last().map(String::as_str),
        Some("Partie beendet: Remis, dreimalige Stellungswiederholung reklamiert.")
    );
    assert!(
        vi.iter().all(|t| !t.contains("abgelehnt")),
        "claim upheld: {vi:?}"
    );
    // Every sighted move was announced to the VI player, every VI move to the sighted one.
    assert_eq!(vi.iter().filter(|t| t.starts_with("Schwarz: ")).count(), 5);
    let sighted = played.told("sighted_player");
    assert_eq!(
        sighted.iter().filter(|t| t.starts_with("Weiß: ")).count(),
        5
    );
    assert_eq!(
        sighted.last().map(String::as_str),
        Some("Partie beendet: Remis, dreimalige Stellungswiederholung reklamiert.")
    );
    assert_eq!(
        played.end(),
        ("1/2-1/2".to_owned(), "threefold-claim".to_owned())
    );
    assert_pgn(&played, "1/2-1/2", "normal");
    let claim = played.inputs("heard").last().unwrap();
    assert_eq!(
        claim["input"]["alternatives"][0]["text"],
        "Reklamation Stellungswiederholung Springer Gustav eins"
    );
    let view = played.replay_agrees();
    assert_eq!(view["claim_pending"], false, "{view}");
}
