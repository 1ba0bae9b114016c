//! The player's own language: a Latvian VI player (samples/table-lv.toml) hears the
//! table's sentences in Latvian and every move in the FIDE scheme with the Latvian Laws'
//! file names, while the German sighted player hears German; `say` follows the same
//! scheme and keeps local piece names behind an explicit option. The Latvian player asks
//! and declares in Latvian too.

use std::process::Command;

use annabella_test_support::process::{DEMO_LIMIT, output_within};
use serde_json::Value;

fn annabella() -> Command {
    Command::new(env!("CARGO_BIN_EXE_annabella"))
}

const SAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/samples");

/// The announcements of a demo run to one audience, in order.
fn said_to(stdout: &str, audience: &str) -> Vec<String> {
    stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|l| l["effect"]["effect"] == "announce" && l["effect"]["to"] == audience)
        .filter_map(|l| l["effect"]["text"].as_str().map(str::to_owned))
        .collect()
}

/// Runs the demo with the Latvian table and a script of `samples/`; its standard output
/// and error, after checking that it succeeded.
fn latvian_demo(script: &str) -> (String, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = output_within(
        annabella()
            .args(["demo", "--text", "--json", "--config"])
            .arg(format!("{SAMPLES}/table-lv.toml"))
            .arg("--script")
            .arg(format!("{SAMPLES}/{script}"))
            .arg("--out")
            .arg(dir.path()),
        DEMO_LIMIT,
    );
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "demo failed: {stderr}");
    (String::from_utf8_lossy(&out.stdout).into_owned(), stderr)
}

#[test]
fn a_latvian_player_hears_latvian_and_the_fide_scheme_in_the_demo() {
    let (stdout, stderr) = latvian_demo("demo-script-lv.txt");
    assert!(stderr.contains("game over: 1-0"), "{stderr}");
    let vi = said_to(&stdout, "vi_player");
    let sighted = said_to(&stdout, "sighted_player");
    for want in [
        "Partija sākas. Gājiens baltajiem.",
        "Melnie: Eva sieben Eva fünf",
        "Läufer Felikss eins Cēzars vier",
        "Partija beigusies: uzvar baltie, mats.",
    ] {
        assert!(vi.iter().any(|s| s == want), "{want:?} not in {vi:?}");
    }
    // No local piece names in the Latvian player's moves.
    for local in ["zirgs", "laidnis", "dāma", "bandinieks"] {
        assert!(!vi.iter().any(|s| s.contains(local)), "{local} in {vi:?}");
    }
    // The sighted player keeps German.
    assert!(
        sighted.contains(&"Weiß: Läufer Felix eins Cäsar vier".to_owned()),
        "{sighted:?}"
    );
    assert!(
        sighted.contains(&"Partie beendet: Weiß gewinnt, Schachmatt.".to_owned()),
        "{sighted:?}"
    );
}

#[test]
fn a_latvian_player_asks_and_declares_in_latvian_in_the_demo() {
    let (stdout, stderr) = latvian_demo("demo-script-lv-commands.txt");
    // Resigned in Latvian and confirmed with "jā".
    assert!(stderr.contains("game over: 0-1"), "{stderr}");
    let vi = said_to(&stdout, "vi_player");
    for want in [
        "Gājiens baltajiem: jums.",
        "Dame: Dāvids eins",
        "Springer: Bella acht un Gustavs acht",
        "Vai tiešām padoties? Lūdzu, sakiet jā vai nē.",
        "Partija beigusies: uzvar melnie, padošanās.",
    ] {
        assert!(vi.iter().any(|s| s == want), "{want:?} not in {vi:?}");
    }
    assert!(
        !vi.iter()
            .any(|s| s.contains("nezināms") || s.contains("unknown")),
        "every Latvian phrase understood: {vi:?}"
    );
    let sighted = said_to(&stdout, "sighted_player");
    assert!(
        sighted.contains(&"Partie beendet: Schwarz gewinnt, Aufgabe.".to_owned()),
        "{sighted:?}"
    );
}

#[test]
fn say_uses_the_fide_scheme_for_every_federation_and_local_names_only_on_request() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for (args, want) in [
        (&["--scheme", "lv"][..], "Springer Felikss drei"),
        (&["--scheme", "lt"][..], "Springer Felix drei"),
        (&["--scheme", "hu"][..], "Springer Felix drei"),
        (
            &["--scheme", "lv", "--local-piece-names"][..],
            "zirgs Felix drei",
        ),
        (
            &["--scheme", "hu", "--local-piece-names"][..],
            "huszár Felix drei",
        ),
    ] {
        let out = annabella()
            .args(["say", "--fen", start])
            .args(args)
            .arg("g1f3")
            .output()
            .expect("annabella runs");
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim_end(),
            want,
            "{args:?}"
        );
    }
}

#[test]
fn a_latvian_voice_says_the_appendix_spellings() {
    // espeak-ng's Latvian voice, given the move as the table writes it and as the voice
    // gets it: the respelled words sound like the German voice's.
    let dir = tempfile::tempdir().expect("temp dir");
    let wav = dir.path().join("lv.wav");
    let out = annabella()
        .args([
            "say",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "--scheme",
            "lv",
            "g1f3",
            "--speak",
            "--backend",
            "espeak",
            "--out",
        ])
        .arg(&wav)
        .output()
        .expect("annabella runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let phonemes = |voice: &str, text: &str| {
        let out = Command::new("espeak-ng")
            .args(["-q", "-x", "-v", voice, text])
            .output()
            .expect("espeak-ng runs");
        String::from_utf8_lossy(&out.stdout).trim().to_owned()
    };
    let spoken = annabella_voice::Speech::words("Springer Felikss drei").voiced_for("lv");
    let heard = phonemes("lv", &spoken.to_plain());
    assert!(heard.contains("dR'ai"), "drai, not drei: {heard}");
    assert!(heard.contains("SpR"), "Sh-pringer: {heard}");
    assert!(
        !phonemes("lv", "drei").contains("ai"),
        "the plain word is not German"
    );
    let samples = hound::WavReader::open(&wav)
        .expect("a WAV file")
        .into_samples::<i16>()
        .count();
    assert!(samples > 8000, "audible speech: {samples} samples");
}
