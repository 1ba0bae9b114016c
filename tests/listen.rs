//! End-to-end tests of `annabella listen` (crates/speech): the binary on real speech
//! (espeak-ng Korean, resampled by sox) through the real Korean Vosk model from
//! scripts/setup.sh, with `--grammar-words`. No German/English model exists on the
//! build machines; the Korean words this voice is recognised as reliably are asserted.

use std::path::{Path, PathBuf};
use std::process::Command;

use annabella_test_support::korean::{model_dir, run as tool, spoken};
use annabella_test_support::process::{output_with_input, output_within};

/// "여섯", a second of silence, "여덟", at 22.05 kHz as espeak-ng writes it (the
/// program resamples), with a leading 0.3 s and trailing 1 s of silence each.
fn two_words(dir: &Path) -> PathBuf {
    let mut parts = Vec::new();
    for (i, word) in ["여섯", "여덟"].iter().enumerate() {
        let raw = spoken(dir, &format!("w{i}"), word);
        let padded = dir.join(format!("p{i}.wav"));
        tool(
            Command::new("sox")
                .arg(&raw)
                .arg(&padded)
                .args(["pad", "0.3", "1"]),
            "sox",
        );
        parts.push(padded);
    }
    let out = dir.join("two.wav");
    tool(Command::new("sox").args(&parts).arg(&out), "sox");
    out
}

fn listen(args: &[&str], stdin: Option<Vec<u8>>) -> (Option<i32>, String, String) {
    let out = output_with_input(
        Command::new(env!("CARGO_BIN_EXE_annabella"))
            .arg("listen")
            .args(args)
            .env_remove("LD_LIBRARY_PATH"),
        &stdin.unwrap_or_default(),
        std::time::Duration::from_secs(120),
    );
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const WORDS: &str = "하나,둘,셋,넷,다섯,여섯,일곱,여덟";

fn check_lines(stdout: &str) {
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    for (line, (word, at_ms)) in lines.iter().zip([("여섯", 300.0), ("여덟", 2376.0)]) {
        assert_eq!(line["words"], word, "{line}");
        assert_eq!(line["alternatives"][0]["words"], word);
        assert!(
            line["resolution"].is_null(),
            "no resolution for a plain word list"
        );
        let t = &line["timings_ms"];
        let f = |k: &str| t[k].as_f64().unwrap_or_else(|| panic!("{k} in {t}"));
        assert!((f("speech_start") - at_ms).abs() <= 40.0, "{t}");
        assert!(f("speech_start") < f("last_word_end"), "{t}");
        assert!(
            f("last_word_end") <= f("endpoint") && f("endpoint") <= f("final"),
            "{t}"
        );
        assert!(
            f("decode") > 0.0 && line["rtf"].as_f64().unwrap() > 0.0,
            "{line}"
        );
        assert!(["silence", "early", "leaf"].contains(&line["ended_by"].as_str().unwrap()));
    }
}

/// The lines of `stdout` as JSON.
fn json_lines(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn listen_wav_prints_one_json_line_per_utterance() {
    let dir = tempfile::tempdir().unwrap();
    let wav = two_words(dir.path());
    let model = model_dir();
    let (code, stdout, stderr) = listen(
        &[
            "--model",
            model.to_str().unwrap(),
            "--wav",
            wav.to_str().unwrap(),
            "--grammar-words",
            // A phrase of two words: 넷 becomes a phrase that a longer one extends.
            &format!("{WORDS}, 넷  여덟"),
            "--json",
            "--read-back",
            "ko",
        ],
        None,
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("model loaded"), "{stderr}");
    check_lines(&stdout);
    for line in json_lines(&stdout) {
        // Both words are phrases nothing extends: final after the short silence.
        assert_eq!(line["ended_by"], "leaf", "{line}");
        let t = &line["timings_ms"];
        let r = &line["read_back_ms"];
        let f =
            |v: &serde_json::Value, k: &str| v[k].as_f64().unwrap_or_else(|| panic!("{k} in {v}"));
        // Rendered ahead from the leaf on and kept: the first sample may already be there.
        assert_eq!(line["read_ahead"], "kept", "{line}");
        assert!(f(r, "request_to_first_audio") >= 0.0, "{r}");
        assert!(
            (f(r, "first_audio") - f(t, "final") - f(r, "request_to_first_audio")).abs() <= 0.2,
            "{line}"
        );
        assert!(
            (f(r, "last_word_end_to_first_audio") - (f(r, "first_audio") - f(t, "last_word_end")))
                .abs()
                <= 0.2,
            "{line}"
        );
    }
}

#[test]
fn listen_stdin_pcm_matches_the_wav() {
    let dir = tempfile::tempdir().unwrap();
    let wav = two_words(dir.path());
    let raw = dir.path().join("two.raw");
    tool(
        Command::new("sox")
            .arg(&wav)
            .args([
                "-t", "raw", "-r", "16000", "-e", "signed", "-b", "16", "-c", "1",
            ])
            .arg(&raw),
        "sox",
    );
    let model = model_dir();
    let (code, stdout, stderr) = listen(
        &[
            "--model",
            model.to_str().unwrap(),
            "--stdin-pcm",
            "--grammar-words",
            WORDS,
            "--json",
        ],
        Some(std::fs::read(&raw).unwrap()),
    );
    assert_eq!(code, Some(0), "{stderr}");
    check_lines(&stdout);
    // No read-back asked for: the field is there, null.
    assert!(
        json_lines(&stdout)
            .iter()
            .all(|l| l["read_back_ms"].is_null() && l["read_ahead"].is_null())
    );
}

#[test]
fn listen_reports_a_missing_model_a_bad_wav_and_a_foreign_model() {
    let dir = tempfile::tempdir().unwrap();
    let (code, _, stderr) = listen(
        &[
            "--model",
            "/nonexistent/vosk-model-small-de-0.15",
            "--wav",
            "x.wav",
            "--json",
        ],
        None,
    );
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("/nonexistent/vosk-model-small-de-0.15") && stderr.contains("fetch.sh"),
        "{stderr}"
    );

    let model = model_dir();
    let bad = dir.path().join("bad.wav");
    std::fs::write(&bad, b"RIFF\x10\0\0\0WAVEjunk").unwrap();
    let (code, _, stderr) = listen(
        &[
            "--model",
            model.to_str().unwrap(),
            "--wav",
            bad.to_str().unwrap(),
            "--grammar-words",
            WORDS,
        ],
        None,
    );
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("bad.wav") && stderr.contains("not a usable WAV"),
        "{stderr}"
    );

    // The Korean model knows no German chess word: say so instead of hearing nothing.
    let wav = two_words(dir.path());
    let (code, _, stderr) = listen(
        &[
            "--model",
            model.to_str().unwrap(),
            "--wav",
            wav.to_str().unwrap(),
            "--scheme",
            "de",
        ],
        None,
    );
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("knows none of the de scheme's words"),
        "{stderr}"
    );
    // The library says what is wrong; the binary names the flag that answers it.
    assert!(stderr.contains("(--grammar-words)"), "{stderr}");
}

/// Issue 26, item 5: a WAV header claiming 1 Hz is refused at once, naming the file and
/// the rate (it made `listen` take 110 s and 2.5 GB), as raw PCM at 1 Hz is.
#[test]
fn listen_refuses_a_wav_whose_header_claims_1_hz() {
    let dir = tempfile::tempdir().unwrap();
    let wav = two_words(dir.path());
    let mut bytes = std::fs::read(&wav).unwrap();
    // The canonical header sox writes: the rate at byte 24, the byte rate at 28.
    assert_eq!(&bytes[12..16], b"fmt ");
    bytes[24..28].copy_from_slice(&1u32.to_le_bytes());
    bytes[28..32].copy_from_slice(&2u32.to_le_bytes());
    let slow = dir.path().join("one-hertz.wav");
    std::fs::write(&slow, &bytes).unwrap();
    let model = model_dir();
    let started = std::time::Instant::now();
    let (code, stdout, stderr) = listen(
        &[
            "--model",
            model.to_str().unwrap(),
            "--wav",
            slow.to_str().unwrap(),
            "--grammar-words",
            WORDS,
        ],
        None,
    );
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(
        stderr.contains("one-hertz.wav") && stderr.contains("claims 1 Hz"),
        "{stderr}"
    );
    assert!(stderr.contains("8000 to 192000 Hz"), "{stderr}");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(20),
        "refused before the model loads"
    );

    let (code, _, stderr) = listen(
        &[
            "--model",
            model.to_str().unwrap(),
            "--stdin-pcm",
            "--rate",
            "1",
            "--grammar-words",
            WORDS,
        ],
        Some(vec![0; 64]),
    );
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("--rate"), "{stderr}");
}

/// A copy of the Korean test model (symbolic links to its files) with `graph/HCLr.fst`
/// damaged: its first 64 bytes smashed at the same size, or cut to 100 kB; with the
/// model's manifest when `manifest`.
fn damaged_model(dir: &Path, manifest: bool, smashed: bool) {
    let original = model_dir();
    let mut stack = vec![original.clone()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let entry = entry.unwrap();
            let rel = entry.path().strip_prefix(&original).unwrap().to_owned();
            let target = dir.join(&rel);
            if entry.file_type().unwrap().is_dir() {
                std::fs::create_dir_all(&target).unwrap();
                stack.push(entry.path());
            } else if rel == Path::new("graph/HCLr.fst") {
                let mut bytes = std::fs::read(entry.path()).unwrap();
                if smashed {
                    bytes[..64].fill(0xA5);
                } else {
                    bytes.truncate(100_000);
                }
                std::fs::write(&target, &bytes).unwrap();
            } else if rel != Path::new("annabella-manifest.txt") || manifest {
                std::os::unix::fs::symlink(entry.path(), &target).unwrap();
            }
        }
    }
}

/// Issue 26, item 4: a same-size `graph/HCLr.fst` with a smashed header segfaulted
/// `listen` and `play`. Its SHA-256 is checked at every load (the digests cached by
/// inode, size and mtime in the user's cache directory): both fail naming the file.
#[test]
fn a_smashed_model_file_is_named_by_listen_and_play_without_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("model");
    damaged_model(&model, true, true);
    let cache = dir.path().join("cache");
    let wav = two_words(dir.path());
    let out = output_within(
        Command::new(env!("CARGO_BIN_EXE_annabella"))
            .args(["listen", "--model"])
            .arg(&model)
            .arg("--wav")
            .arg(&wav)
            .args(["--grammar-words", WORDS])
            .env("XDG_CACHE_HOME", &cache),
        std::time::Duration::from_secs(120),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "no crash: {stderr}");
    assert!(
        stderr.contains("graph/HCLr.fst is damaged") && stderr.contains("SHA-256"),
        "{stderr}"
    );
    // The digests are kept for the next start, keyed by the files' real paths.
    let cached = std::fs::read_to_string(cache.join("annabella/model-sha256.txt")).unwrap();
    assert!(cached.contains("HCLr.fst"), "{cached}");

    let config = dir.path().join("table.toml");
    std::fs::write(
        &config,
        format!(
            "[devices]\npeg_board = \"none\"\ndgt = \"none\"\nclock = \"none\"\n\
             [speech]\nsource = \"vosk\"\nmodel = \"{}\"\ninput = \"wav:{}\"\n\
             [voice.vi]\nbackend = \"text\"\n[voice.sighted]\nbackend = \"text\"\n\
             [records]\ndir = \"games\"\n",
            model.display(),
            wav.display()
        ),
    )
    .unwrap();
    let out = output_with_input(
        Command::new(env!("CARGO_BIN_EXE_annabella"))
            .args(["play", "--json", "--config"])
            .arg(&config)
            .env("XDG_CACHE_HOME", &cache),
        b"start\n",
        std::time::Duration::from_secs(120),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "no crash: {stderr}");
    assert!(
        stderr.contains("graph/HCLr.fst is damaged") && stderr.contains("SHA-256"),
        "{stderr}"
    );
}

/// Without a manifest a damaged file is found by a trial load in a fresh `annabella
/// trial-load-model` process (never a fork of the multi-threaded program): libvosk's crash
/// there is an error, and libvosk's complaint names the file.
#[test]
fn without_a_manifest_libvosk_crashes_in_a_fresh_child_not_in_listen() {
    let dir = tempfile::tempdir().unwrap();
    let wav = two_words(dir.path());
    for smashed in [false, true] {
        let model = dir.path().join(format!("model-{smashed}"));
        damaged_model(&model, false, smashed);
        let (code, stdout, stderr) = listen(
            &[
                "--model",
                model.to_str().unwrap(),
                "--wav",
                wav.to_str().unwrap(),
                "--grammar-words",
                WORDS,
            ],
            None,
        );
        assert_eq!(code, Some(2), "smashed {smashed}: no crash: {stderr}");
        assert!(stdout.is_empty(), "{stdout}");
        assert!(
            stderr.contains("libvosk crashed reading the model")
                || stderr.contains("libvosk could not load the model"),
            "smashed {smashed}: {stderr}"
        );
        if !smashed {
            assert!(stderr.contains("HCLr.fst"), "the file is named: {stderr}");
            assert!(stderr.contains("in a trial load"), "{stderr}");
        }
    }
}

/// The microphone path (cpal → ALSA → resampler → Vosk) without a sound card: an ALSA
/// `file` device whose capture side reads a raw file (48 kHz stereo f32, the device's
/// default format). ALSA gives no end of file and no real-time pacing, so the test takes
/// the first utterance (`--count 1`).
#[test]
fn listen_mic_through_an_alsa_file_device() {
    let dir = tempfile::tempdir().unwrap();
    let wav = two_words(dir.path());
    let raw = dir.path().join("mic.raw");
    tool(
        Command::new("sox")
            .arg(&wav)
            .args([
                "-t",
                "raw",
                "-r",
                "48000",
                "-c",
                "2",
                "-e",
                "floating-point",
                "-b",
                "32",
            ])
            .arg(&raw),
        "sox",
    );
    let conf = dir.path().join("asound.conf");
    std::fs::write(
        &conf,
        format!(
            "pcm.wavin {{ type file; slave.pcm \"null\"; file \"/dev/null\"; infile \"{}\"; format \"raw\" }}\n",
            raw.display()
        ),
    )
    .unwrap();
    let alsa_path = format!("/usr/share/alsa/alsa.conf:{}", conf.display());

    let devices = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(["devices", "audio", "--json"])
        .env("ALSA_CONFIG_PATH", &alsa_path)
        .output()
        .unwrap();
    let listed = String::from_utf8_lossy(&devices.stdout);
    let wavin: serde_json::Value = listed
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .find(|d| d["id"] == "alsa:wavin")
        .unwrap_or_else(|| panic!("the ALSA file device is listed: {listed}"));
    assert_eq!(wavin["rate"], 48_000, "{wavin}");
    assert_eq!(wavin["channels"], 2, "{wavin}");
    assert_eq!(wavin["sample_format"], "f32", "{wavin}");

    let model = model_dir();
    // One utterance from the ALSA file device within 90 s, or the run is killed.
    let out = output_within(
        Command::new(env!("CARGO_BIN_EXE_annabella"))
            .args([
                "listen",
                "--model",
                model.to_str().unwrap(),
                "--mic",
                "alsa:wavin",
            ])
            .args(["--grammar-words", WORDS, "--json", "--count", "1"])
            .env("ALSA_CONFIG_PATH", &alsa_path)
            .env_remove("LD_LIBRARY_PATH"),
        std::time::Duration::from_secs(90),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(line["words"], "여섯", "{line}");
}

#[test]
fn numeric_options_out_of_range_are_refused_before_anything_starts() {
    for (flag, value, range) in [
        ("--chunk", "4000000000", "10..=1000"),
        ("--trailing-silence", "0", "100..=10000"),
        ("--rate", "0", "8000..=192000"),
    ] {
        let model = model_dir();
        let model = model.to_str().unwrap();
        let args = ["--model", model, "--wav", "/nonexistent.wav", flag, value];
        let (code, _, stderr) = listen(&args, None);
        assert_eq!(code, Some(2), "{flag} {value}: {stderr}");
        assert!(
            stderr.contains(flag) && stderr.contains(range),
            "{flag}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
fn a_closed_pipe_ends_listen_quietly() {
    // Two utterances, and nobody reading the first: listening stops, without a word.
    let dir = tempfile::tempdir().unwrap();
    let wav = two_words(dir.path());
    let model = model_dir();
    let out = annabella_test_support::process::output_with_stdout_closed(
        Command::new(env!("CARGO_BIN_EXE_annabella"))
            .args(["listen", "--model", model.to_str().unwrap(), "--wav"])
            .arg(&wav)
            .args(["--grammar-words", WORDS, "--json"])
            .env_remove("LD_LIBRARY_PATH"),
        std::time::Duration::from_secs(120),
    );
    annabella_test_support::process::assert_quiet_on_a_closed_pipe(&out, "listen --json");
}
