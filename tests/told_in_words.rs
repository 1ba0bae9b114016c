//! What the commands tell people is in whole sentences of the table's language (German
//! at the sample table), and what they tell programs (`--json`) keeps its machine form:
//! the real binary on real journals and simulated devices.

use std::path::Path;
use std::process::{Command, Output};

use annabella_test_support::process::{DEMO_LIMIT, output_within};

fn annabella() -> Command {
    Command::new(env!("CARGO_BIN_EXE_annabella"))
}

/// The sample demo game (German table), records in `out`, with `extra` flags.
fn demo(out: &Path, extra: &[&str]) -> Output {
    let out = output_within(
        annabella()
            .args(["demo", "--text", "--typed"])
            .args(extra)
            .arg("--out")
            .arg(out),
        DEMO_LIMIT,
    );
    assert!(
        out.status.success(),
        "demo failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn the_demo_says_where_its_records_go_in_german_and_in_the_machine_form_with_json() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("demo");
    let first = stderr(&demo(&out, &[]));
    let starts = format!(
        "Die Vorführung spielt das Skript samples/demo-script.txt; ihre Aufzeichnungen kommen \
         nach {}.",
        out.display()
    );
    assert!(first.lines().any(|l| l == starts), "{first}");
    assert!(!first.contains("annabella demo:"), "{first}");

    // A second game keeps the first one's records and says where it goes instead.
    let second = stderr(&demo(&out, &[]));
    let next = out.join("2");
    let kept = format!(
        "Im Ordner {} liegen die Aufzeichnungen einer früheren Partie; sie bleiben erhalten, \
         und diese Partie kommt nach {}.",
        out.display(),
        next.display()
    );
    assert!(second.lines().any(|l| l == kept), "{second}");

    // Programs read the lines as ever.
    let json = stderr(&demo(&out, &["--json"]));
    let third = out.join("3");
    for line in [
        format!(
            "annabella demo: {} holds an earlier game's records, which are kept; this game goes to {}",
            out.display(),
            third.display()
        ),
        format!(
            "annabella demo: samples/demo-script.txt, records in {}",
            third.display()
        ),
    ] {
        assert!(json.lines().any(|l| l == line), "{line:?} not in {json}");
    }
}

/// `annabella devices audio` with `args` on a sound system that has no device (ALSA with
/// an empty configuration): its standard output.
fn no_audio_devices(args: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("alsa.conf");
    std::fs::write(&empty, "").unwrap();
    let out = output_within(
        annabella()
            .arg("devices")
            .args(args)
            .env("ALSA_CONFIG_PATH", &empty),
        std::time::Duration::from_secs(30),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn devices_say_that_none_is_found_in_german_or_in_the_language_asked() {
    assert_eq!(
        no_audio_devices(&["audio"]),
        "Es wurden keine Audio-Eingabegeräte gefunden.\n"
    );
    assert_eq!(
        no_audio_devices(&["--language", "en", "audio"]),
        "No audio input devices were found.\n"
    );
    assert_eq!(
        no_audio_devices(&["audio", "--language", "hu"]),
        "Nem található hangbemeneti eszköz.\n"
    );
    // Programs are told nothing but the devices, as ever.
    assert_eq!(no_audio_devices(&["audio", "--json"]), "");
}

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

/// The golden demo journal (a German table) copied into `dir`, one byte of its last
/// lever press flipped: record 52 is damaged.
fn damaged_journal(dir: &Path) -> std::path::PathBuf {
    let mut bytes = std::fs::read(format!("{DATA}/journals/demo.journal")).unwrap();
    let at = bytes
        .windows(7)
        .rposition(|w| w == b"\"lever\"")
        .expect("a lever press is journalled");
    bytes[at + 1] ^= 0x01;
    let path = dir.join("game.journal");
    std::fs::write(&path, bytes).unwrap();
    path
}

fn run(args: &[&str], journal: &Path) -> Output {
    output_within(
        annabella().args(args).arg(journal),
        std::time::Duration::from_secs(60),
    )
}

/// What a German reader of the damaged journal at `path` is told first: the damaged
/// record and the journal's old format.
fn damage_told(path: &str) -> String {
    format!(
        "Im Protokoll {path} ist Eintrag 52 beschädigt (sein Hash passt nicht zum Eintrag); \
             die Einträge 1 bis 51 sind nachgespielt, der Eintrag ab dort nicht.\n\
             Das Protokoll {path} ist nicht authentifiziert: Es wurde geschrieben, bevor \
             Protokolle Prüfcodes trugen (Format 2); nur zufällige Schäden werden erkannt.\n"
    )
}

#[test]
fn journal_replay_names_the_damage_in_german_and_its_json_is_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let journal = damaged_journal(dir.path());
    let path = journal.display();
    let out = run(&["journal", "replay"], &journal);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert_eq!(stderr(&out), damage_told(&path.to_string()));

    // Programs read the view and the lines on standard error as they always were.
    let out = run(&["journal", "replay", "--json"], &journal);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let pinned = std::fs::read(format!("{DATA}/told/damaged-demo.replay.json")).unwrap();
    assert!(
        out.stdout == pinned,
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let pinned = std::fs::read_to_string(format!("{DATA}/told/damaged-demo.replay.stderr"));
    assert_eq!(
        stderr(&out),
        pinned.unwrap().replace("JOURNAL", &path.to_string())
    );
}

#[test]
fn export_names_the_damage_and_the_stored_game_in_german() {
    let dir = tempfile::tempdir().unwrap();
    let journal = damaged_journal(dir.path());
    let path = journal.display();
    let out = run(&["export", "pgn"], &journal);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        damage_told(&path.to_string())
            + &format!(
                "Das PGN aus dem Protokoll {path} ist die beendete Partie, die bei ihrem Ende \
             gespeichert wurde (Eintrag 52).\n"
            )
    );
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("[Result \"1-0\"]"),
        "the stored game is exported"
    );
}

#[test]
fn journal_replay_shows_the_rebuilt_table_in_german_sentences() {
    let dir = tempfile::tempdir().unwrap();
    // A draw offer, a console action and a declared result (a German table).
    let journal = dir.path().join("declared-draw.journal");
    std::fs::copy(format!("{DATA}/journals/declared-draw.journal"), &journal).unwrap();
    let out = run(&["journal", "replay"], &journal);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "Aus dem Protokoll sind 30 Einträge nachgespielt.\n\
         Die Stellung in FEN: rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2.\n\
         Die Züge: e4 e5 Nf3.\n\
         Die Uhren: Weiß 0:50:00, Schwarz 1:30:27; keine Uhr läuft.\n\
         Schwarz hat Remis angeboten.\n\
         Die Partie ist beendet: 1/2-1/2 (Entscheidung des Schiedsrichters).\n\
         Eintrag 29 bei 0:00:04 Tischzeit, vom Schiedsrichter arbiter: set White's time.\n"
    );
}

#[test]
fn unwinnable_answers_the_arbiter_in_german_or_the_language_asked_and_json_as_it_was() {
    // Eleven white queens: more than promotions could give.
    let fen = "1QQQQQQ1/1QQQQQ2/8/8/8/8/8/k6K w - - 0 1";
    let answer = |args: &[&str]| {
        let out = output_within(
            annabella().args(["unwinnable", "--fen", fen]).args(args),
            std::time::Duration::from_secs(60),
        );
        assert!(out.status.success(), "{}", stderr(&out));
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(
        answer(&["--color", "black"]),
        "Hinweis: Diese Stellung kann in keiner Partie entstehen (mehr Material, als \
         Umwandlungen ergeben können).\n\
         Schwarz kann mit keiner Folge regelgemäßer Züge mattsetzen.\n"
    );
    assert_eq!(
        answer(&["--color", "white", "--language", "en"]),
        "Note: this position cannot arise in a game (more material than promotions could \
         give).\n\
         White can checkmate, for example: b7b1.\n"
    );
    assert_eq!(
        answer(&["--color", "white", "--json"]),
        "{\"helpmate\":[\"b7b1\"],\"reachable_in_a_game\":false,\"unreachable_because\":\
         \"too much material\",\"verdict\":\"winnable\"}\n"
    );
}

#[test]
fn pairings_list_the_boards_in_german_or_the_language_asked_and_json_as_it_was() {
    let trf = format!("{DATA}/trf/dutch_2025_C5.trf");
    let listed = |args: &[&str]| {
        let out = output_within(
            annabella()
                .args(["pairings", "--trf", &trf, "--round", "1"])
                .args(args),
            std::time::Duration::from_secs(60),
        );
        assert!(out.status.success(), "{}", stderr(&out));
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(
        listed(&[]).lines().next(),
        Some("Brett 1: 1. Test0001 Player0001 (2720) gegen 4. Test0004 Player0004 (2689).")
    );
    assert_eq!(
        listed(&["--language", "en"]).lines().next(),
        Some("Board 1: 1. Test0001 Player0001 (2720) against 4. Test0004 Player0004 (2689).")
    );
    assert_eq!(
        listed(&["--json"]).lines().next(),
        Some(
            "{\"black\":{\"federation\":null,\"fide_id\":null,\"name\":\"Test0004 Player0004\",\
             \"rank\":4,\"rating\":2689,\"title\":null},\"board\":1,\"white\":{\"federation\":\
             null,\"fide_id\":null,\"name\":\"Test0001 Player0001\",\"rank\":1,\"rating\":2720,\
             \"title\":null}}"
        )
    );
}

#[test]
fn clock_tells_the_times_in_german_or_the_language_asked_and_json_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let presses = dir.path().join("presses.txt");
    std::fs::write(&presses, "3 white\n20 black\n").unwrap();
    let told = |args: &[&str]| {
        let out = output_within(
            annabella()
                .args(["clock", "--control", "300", "--presses"])
                .arg(&presses)
                .args(args),
            std::time::Duration::from_secs(60),
        );
        assert!(out.status.success(), "{}", stderr(&out));
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(
        told(&[]),
        "Bedenkzeit 300 (Blitzpartie); die Uhr von Weiß beginnt zur Zeit 0.\n\
         Zeile 1, 0:00:03.000: Weiß vollendet Zug 1; Weiß hat 0:04:57.000, Schwarz 0:05:00.000.\n\
         Zeile 2, 0:00:20.000: Schwarz vollendet Zug 1; Weiß hat 0:04:57.000, Schwarz \
         0:04:43.000.\n"
    );
    assert_eq!(
        told(&["--language", "en"]).lines().nth(2),
        Some(
            "Line 2, 0:00:20.000: Black completes move 1; White has 0:04:57.000, Black \
             0:04:43.000."
        )
    );
    assert_eq!(
        told(&["--json"]),
        "{\"at\":3.0,\"black\":300.0,\"color\":\"white\",\"event\":\"press\",\"line\":1,\
         \"move\":1,\"running\":\"black\",\"white\":297.0}\n\
         {\"at\":20.0,\"black\":283.0,\"color\":\"black\",\"event\":\"press\",\"line\":2,\
         \"move\":1,\"running\":\"white\",\"white\":297.0}\n"
    );
}

/// `annabella devices watch --dgt` with `args` on a simulated DGT board that makes 1. e4:
/// its six lines of standard output and the board's pseudo-terminal.
fn watched_dgt(args: &[&str]) -> (Vec<String>, String) {
    use annabella_test_support::process::first_line;
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("dgt.jsonl");
    std::fs::write(
        &script,
        "{\"wait_host\":true}\n{\"wait_ms\":500}\n{\"move\":\"e2e4\"}\n",
    )
    .unwrap();
    let child = annabella()
        .args(["sim", "dgt", "--script"])
        .arg(&script)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start sim");
    let (_sim, path) = first_line(child);
    let out = output_within(
        annabella()
            .arg("devices")
            .args(args)
            .args(["watch", "--dgt", &path, "--count", "6"]),
        std::time::Duration::from_secs(20),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let lines = String::from_utf8(out.stdout).unwrap();
    (lines.lines().map(str::to_owned).collect(), path)
}

#[test]
fn devices_watch_tells_what_the_board_reports_in_german_or_the_language_asked() {
    let (lines, path) = watched_dgt(&[]);
    for want in [
        format!("Verbunden mit {path}; der ganze Zustand wird neu gelesen."),
        "Das Brett stimmt mit der Partie überein.".to_owned(),
        "Die DGT 3000 ist verbunden und steht; ihre Batterie ist in Ordnung.".to_owned(),
        "Auf dem Brett ist der Zug e2e4 ausgeführt.".to_owned(),
    ] {
        assert!(lines.contains(&want), "{want:?} not in {lines:?}");
    }
    let (lines, _) = watched_dgt(&["--language", "en"]);
    assert!(
        lines.contains(&"The move e2e4 is made on the board.".to_owned()),
        "{lines:?}"
    );
}
