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
