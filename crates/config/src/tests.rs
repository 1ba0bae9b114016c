//! Config tests: the sample file, every key's checks, one problem per wrong value.

use super::*;

/// The edges' answers in these tests, in their words: a model directory named
/// `incomplete`, an address not on `https://`, a seek without `+` and a hall's broker not
/// on `mqtt://` are refused. What the
/// real edges answer is tested where the station gives their checks (`station::edges`);
/// here, that an answer lands at its key among the file's other problems.
pub(crate) struct Edges;

impl EdgeCheck for Edges {
    fn speech_model(&self, dir: &Path) -> Result<(), EdgeRefusal> {
        if dir.ends_with("incomplete") {
            Err(EdgeRefusal::new(format!(
                "{} lacks am/final.mdl",
                dir.display()
            )))
        } else {
            Ok(())
        }
    }

    fn lichess_origin(&self, url: &str) -> Result<(), EdgeRefusal> {
        if url.starts_with("https://") {
            Ok(())
        } else {
            Err(EdgeRefusal::new(format!("{url:?} is not on https")))
        }
    }

    fn lichess_seek(&self, text: &str) -> Result<(), EdgeRefusal> {
        if text.contains('+') {
            Ok(())
        } else {
            Err(EdgeRefusal::new(format!(
                "{text:?} is not minutes+increment"
            )))
        }
    }

    fn hall(&self, section: &RawHall, _base: &Path) -> Vec<Problem> {
        match section.broker.as_deref() {
            Some(b) if b.starts_with("mqtt://") => Vec::new(),
            _ => vec![Problem {
                key: "hall.broker".into(),
                message: "not an MQTT address".into(),
            }],
        }
    }
}

fn parse(text: &str) -> Result<StationConfig, ConfigError> {
    StationConfig::from_toml_str(text, Path::new("/tables/1"), &Edges)
}

fn problems(text: &str) -> Vec<String> {
    parse(text)
        .unwrap_err()
        .problems
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn an_empty_file_is_a_table_with_defaults() {
    let c = parse("").unwrap();
    assert_eq!(c.game.time_control.to_string(), "5400+30");
    assert_eq!(c.game.vi_color, Color::White);
    assert_eq!(c.game.vi_language, Language::De);
    assert_eq!(c.game.sighted_language, Language::De);
    assert_eq!(c.game.rate_of_play, RateOfPlay::Standard);
    assert_eq!(c.devices.peg_board, DeviceSpec::None);
    assert_eq!(c.speech, SpeechSource::Lines);
    assert_eq!(c.vi_voice.backend, VoiceBackend::Auto);
    assert_eq!(c.vi_voice.voice, "de");
    assert_eq!(c.records_dir, Path::new("/tables/1/games"));
    assert_eq!(c.braille_table, "de-g0.utb");
}

#[test]
fn the_sample_config_is_valid() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/table.toml");
    let c = StationConfig::load(&path, &Edges).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(c.devices.peg_board, DeviceSpec::Sim);
    assert_eq!(c.game.vi_color, Color::White);
}

#[test]
fn values_are_read() {
    let c = parse(
        r#"
        [game]
        time_control = "40/5400+30:1800+30"
        edition = "2018"
        rate_of_play = "standard"
        start_fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        event = "Open"
        date = "2026.11.23"
        [players]
        vi = "Black"
        white = "Anna"
        black = "Bella"
        [language]
        vi = "en"
        sighted = "hu"
        [devices]
        peg_board = "/dev/serial/by-id/usb-peg"
        dgt = "dev/dgt"
        clock = "sim"
        dgt_baud = 9600
        [voice.vi]
        backend = "espeak"
        rate = 160
        [voice.sighted]
        backend = "none"
        [clock]
        vi_press = "automatic"
        [records]
        dir = "/var/games"
        braille_table = "en-ueb-g1.ctb"
        [timings]
        correction_window_ms = 2000
    "#,
    )
    .unwrap();
    assert_eq!(c.game.edition, Edition::Laws2018);
    assert_eq!(c.game.vi_color, Color::Black);
    assert_eq!(c.game.white, "Anna");
    assert_eq!(c.game.sighted_language, Language::Hu);
    assert_eq!(c.vi_voice.voice, "en");
    assert_eq!(c.vi_voice.rate, Some(160));
    assert_eq!(c.sighted_voice.backend, VoiceBackend::None);
    assert_eq!(c.game.vi_press, Press::Automatic);
    assert_eq!(c.game.sighted_press, Press::Lever);
    assert_eq!(
        c.devices.dgt,
        DeviceSpec::Serial {
            path: "/tables/1/dev/dgt".into(),
            baud: 9600
        }
    );
    assert_eq!(
        c.devices.peg_board,
        DeviceSpec::Serial {
            path: "/dev/serial/by-id/usb-peg".into(),
            baud: 115_200
        }
    );
    assert_eq!(c.devices.clock, DeviceSpec::Sim);
    assert_eq!(c.records_dir, Path::new("/var/games"));
    assert_eq!(c.timings.correction_window, Some(Duration::from_secs(2)));
}

#[test]
fn every_wrong_value_is_one_problem_naming_its_key() {
    let got = problems(
        r#"
        [game]
        time_control = "90 minutes"
        edition = "2020"
        start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"
        date = "23.11.2026"
        [players]
        vi = "blue"
        [language]
        vi = "fr"
        [devices]
        dgt = ""
        tactile_baud = 12345
        [speech]
        source = "vosk"
        model = "no/such/model"
        [voice.vi]
        backend = "festival"
        rate = 1000
        [clock]
        sighted_press = "foot"
        [records]
        braille_table = "/etc/passwd"
        [timings]
        fixup_after_ms = 3600000
    "#,
    );
    let keys: Vec<&str> = got.iter().map(|p| p.split(':').next().unwrap()).collect();
    assert_eq!(
        keys,
        [
            "game.time_control",
            "game.edition",
            "game.start_fen",
            "game.date",
            "players.vi",
            "language.vi",
            "clock.sighted_press",
            "devices.tactile_baud",
            "devices.dgt",
            "speech.model",
            "voice.vi.backend",
            "voice.vi.rate",
            "records.braille_table",
            "timings.fixup_after_ms",
        ],
        "{got:#?}"
    );
    assert!(got[0].contains("\"90 minutes\""), "{}", got[0]);
    assert!(got[9].contains("/tables/1/no/such/model"), "{}", got[9]);
}

#[test]
fn a_rate_of_play_that_contradicts_the_time_control_is_named() {
    let got = problems("[game]\ntime_control = \"300+2\"\nrate_of_play = \"rapid\"\n");
    assert_eq!(got.len(), 1);
    assert!(
        got[0].starts_with("game.rate_of_play: \"rapid\" disagrees"),
        "{}",
        got[0]
    );
    assert!(got[0].contains("blitz"), "{}", got[0]);
}

#[test]
fn unknown_time_control_markers_are_refused() {
    let got = problems("[game]\ntime_control = \"?\"\n");
    assert!(got[0].contains("needs a time control"), "{}", got[0]);
}

#[test]
fn a_chess960_start_needs_the_flag() {
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let refused = &problems(&format!("[game]\nstart_fen = \"{fen}\"\n"))[0];
    assert!(refused.starts_with("game.start_fen"), "{refused}");
    assert!(refused.contains("only Chess960 can have"), "{refused}");
    assert!(refused.contains("game.chess960 = true"), "{refused}");
    let c = parse(&format!("[game]\nstart_fen = \"{fen}\"\nchess960 = true\n")).unwrap();
    assert!(c.game.chess960);
}

#[test]
fn a_model_without_vosk_and_vosk_without_a_model_are_named() {
    assert!(
        problems("[speech]\nsource = \"vosk\"\n")[0]
            .starts_with("speech.model: source = \"vosk\" needs")
    );
    assert!(
        problems("[speech]\nsource = \"lines\"\nmodel = \"m\"\n")[0].starts_with("speech.model:")
    );
    assert!(problems("[speech]\nsource = \"whisper\"\n")[0].starts_with("speech.source:"));
    let dir = tempfile::tempdir().unwrap();
    let c = StationConfig::from_toml_str("[speech]\nmodel = \"m\"\n", dir.path(), &Edges);
    assert!(c.is_err());
    std::fs::create_dir(dir.path().join("m")).unwrap();
    // A directory the hearing refuses is named at the key, in the edge's words.
    std::fs::create_dir(dir.path().join("incomplete")).unwrap();
    let e = StationConfig::from_toml_str("[speech]\nmodel = \"incomplete\"\n", dir.path(), &Edges)
        .unwrap_err();
    assert_eq!(e.problems.len(), 1, "{e}");
    assert!(
        e.to_string().contains("speech.model: ") && e.to_string().contains("lacks am/final.mdl"),
        "{e}"
    );
    let c = StationConfig::from_toml_str("[speech]\nmodel = \"m\"\n", dir.path(), &Edges).unwrap();
    assert_eq!(
        c.speech,
        SpeechSource::Vosk(HearingSettings {
            model: dir.path().join("m"),
            input: SpeechInput::Mic(None),
            push_to_talk: false,
            trailing_silence: std::time::Duration::from_millis(600),
            leaf_silence: std::time::Duration::from_millis(100),
            min_snr_db: None,
        })
    );
    let c = StationConfig::from_toml_str(
        "[speech]\nmodel = \"m\"\ninput = \"wav:none.wav\"\npush_to_talk = true\ntrailing_silence_ms = 50\nleaf_silence_ms = 700\n",
        dir.path(), &Edges,
    )
    .unwrap_err();
    let text = c.to_string();
    assert!(text.contains("speech.input: "), "{text}");
    assert!(text.contains("none.wav is not a file"), "{text}");
    assert!(text.contains("speech.trailing_silence_ms: 50 ms"), "{text}");
    assert!(text.contains("speech.leaf_silence_ms: 700 ms"), "{text}");
    // The noise test: 0 switches it off, more than 60 dB is refused.
    let c = StationConfig::from_toml_str(
        "[speech]\nmodel = \"m\"\nmin_snr_db = 0\n",
        dir.path(),
        &Edges,
    )
    .unwrap();
    assert!(matches!(&c.speech, SpeechSource::Vosk(s) if s.min_snr_db == Some(0)));
    let text = StationConfig::from_toml_str(
        "[speech]\nmodel = \"m\"\nmin_snr_db = 70\n",
        dir.path(),
        &Edges,
    )
    .unwrap_err()
    .to_string();
    assert!(
        text.contains("speech.min_snr_db: 70 dB is above 60"),
        "{text}"
    );
    assert!(
        problems("[speech]\ninput = \"tape\"\nmodel = \"m\"\n")
            .iter()
            .any(|p| p.starts_with("speech.")),
    );
    assert!(
        problems("[speech]\nsource = \"lines\"\ninput = \"mic\"\n")[0].starts_with("speech.input:")
    );
}

#[test]
fn toml_errors_name_the_line_and_the_key() {
    let e = parse("[game]\ntime_control = 300\n").unwrap_err();
    let text = e.to_string();
    assert!(text.contains("line 2"), "{text}");
    assert!(text.contains("string"), "{text}");

    let e = parse("[game]\ntime_controll = \"300\"\n").unwrap_err();
    let text = e.to_string();
    assert!(text.contains("time_controll"), "{text}");
    assert!(text.contains("line 2"), "{text}");

    let e = parse("[game\n").unwrap_err();
    assert!(e.to_string().contains("line 1"), "{e}");
}

#[test]
fn the_file_is_named_in_every_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("table.toml");
    std::fs::write(&path, "[players]\nvi = \"red\"\n[language]\nvi = \"xx\"\n").unwrap();
    let text = StationConfig::load(&path, &Edges).unwrap_err().to_string();
    assert!(
        text.starts_with(&format!("{}: 2 problems", path.display())),
        "{text}"
    );
    assert!(
        text.contains("\n  players.vi: \"red\": expected white or black"),
        "{text}"
    );
    assert!(text.contains("\n  language.vi: \"xx\""), "{text}");
    let missing = StationConfig::load(&dir.path().join("nope.toml"), &Edges).unwrap_err();
    assert!(
        missing.to_string().contains("nope.toml: cannot read"),
        "{missing}"
    );
}

#[test]
fn the_console_is_served_only_with_its_section() {
    assert_eq!(parse("").unwrap().console, None);
    let c = parse("[console]\n").unwrap().console.expect("served");
    assert_eq!(c.listen.to_string(), "127.0.0.1:8960");
    assert_eq!(c.table, "Table 1");
    let c = parse("[console]\nlisten = \"127.0.0.1:8080\"\ntable = \"Board 4\"\n")
        .unwrap()
        .console
        .expect("served");
    assert_eq!((c.listen.port(), c.table.as_str()), (8080, "Board 4"));
    assert_eq!(
        problems("[console]\nlisten = \"localhost\"\n"),
        ["console.listen: \"localhost\": expected an address and port like 127.0.0.1:8960"]
    );
}

#[test]
fn the_table_options_are_read() {
    let c = parse("").unwrap();
    assert_eq!(c.table, TableOptions::default());
    let t = c.table_config();
    assert!(!t.press_confirmation);
    assert_eq!(t.low_time_warning, None);
    for (written, secs) in [
        ("\"3m\"", 180),
        ("\"180s\"", 180),
        ("\"2m30s\"", 150),
        ("\"1h\"", 3600),
        ("\"240\"", 240),
        ("120", 120),
    ] {
        let c = parse(&format!(
            "[table]\npress_confirmation = true\nlow_time_warning = {written}\n"
        ))
        .unwrap_or_else(|e| panic!("{written}: {e}"));
        let t = c.table_config();
        assert!(t.press_confirmation, "{written}");
        assert_eq!(
            t.low_time_warning,
            Some(Duration::from_secs(secs)),
            "{written}"
        );
    }
}

#[test]
fn a_wrong_table_option_is_named_by_its_key() {
    for written in ["\"3 minutes\"", "\"m3\"", "\"30s3m\"", "-5", "\"\"", "true"] {
        assert_eq!(
            problems(&format!("[table]\nlow_time_warning = {written}\n"))
                .iter()
                .filter(|p| p.starts_with("table.low_time_warning: "))
                .count(),
            1,
            "{written}"
        );
    }
    let short = problems("[table]\nlow_time_warning = \"30s\"\n");
    assert!(short[0].contains("one minute"), "{short:?}");
    let wrong_kind = problems("[table]\npress_confirmation = \"yes\"\n");
    assert!(
        wrong_kind[0].contains("table.press_confirmation")
            || wrong_kind[0].contains("press_confirmation"),
        "{wrong_kind:?}"
    );
}

#[test]
fn the_hall_section_is_checked_by_the_broker_with_the_others() {
    assert!(parse("").unwrap().hall.is_none());
    let c =
        parse("[hall]\nbroker = \"mqtt://hall.local:1884\"\ntable = \"3\"\nsigning_key = \"k\"\n")
            .unwrap();
    let hall = c.hall.unwrap();
    assert_eq!(hall.section.table.as_deref(), Some("3"));
    assert_eq!(hall.section.signing_key.as_deref(), Some("k"));
    assert_eq!(
        hall.base,
        Path::new("/tables/1"),
        "relative paths from the file's folder"
    );
    assert_eq!(
        problems("[game]\ntime_control = \"x\"\n[hall]\nbroker = \"http://h\"\ntable = \"3\"\n")
            .iter()
            .map(|p| p.split(':').next().unwrap_or_default().to_owned())
            .collect::<Vec<_>>(),
        ["game.time_control", "hall.broker"],
        "every problem of every section, each by its key"
    );
    let unknown = parse("[hall]\nbrokr = \"x\"\n").unwrap_err().to_string();
    assert!(unknown.contains("brokr"), "{unknown}");
}

#[test]
fn a_table_that_cannot_play_is_refused_naming_the_keys() {
    let got = problems(
        r#"
        [devices]
        peg_board = "none"
        dgt = "none"
        clock = "none"
        [clock]
        vi_press = "lever"
        sighted_press = "lever"
    "#,
    );
    assert_eq!(got.len(), 2, "{got:#?}");
    assert!(
        got[0].starts_with("clock.vi_press: \"lever\" needs a clock"),
        "{got:#?}"
    );
    assert!(
        got[0].contains("set clock.vi_press = \"automatic\""),
        "{got:#?}"
    );
    assert!(got[1].starts_with("clock.sighted_press:"), "{got:#?}");
    let got = problems(
        r#"
        [devices]
        dgt = "none"
        clock = "dgt"
    "#,
    );
    assert_eq!(got.len(), 1, "{got:#?}");
    assert!(
        got[0].starts_with("devices.clock: \"dgt\" is the DGT 3000"),
        "{got:#?}"
    );
    let got = problems(
        r#"
        [devices]
        dgt = "sim"
        clock = "dgt"
        dgt_buttons = ["time", "dance"]
    "#,
    );
    assert!(
        got[0].starts_with("devices.dgt_buttons: 2 names given"),
        "{got:#?}"
    );
}

#[test]
fn without_a_clock_the_table_presses_unless_the_file_says_otherwise() {
    let c = StationConfig::from_toml_str(
        "[devices]\npeg_board = \"none\"\ndgt = \"sim\"\nclock = \"none\"\n",
        Path::new("."),
        &Edges,
    )
    .unwrap();
    assert_eq!(c.game.vi_press, Press::Automatic);
    assert_eq!(c.game.sighted_press, Press::Automatic);
    let table = c.table_config();
    assert_eq!(table.vi_board, annabella_table::ViBoard::Plain);
    let c = StationConfig::from_toml_str(
        "[devices]\npeg_board = \"none\"\ndgt = \"sim\"\nclock = \"dgt\"\n",
        Path::new("."),
        &Edges,
    )
    .unwrap();
    assert_eq!(c.devices.clock, DeviceSpec::OnDgt);
    assert_eq!(c.game.vi_press, Press::Lever);
    assert_eq!(c.devices.dgt_buttons, crate::DEFAULT_DGT_BUTTONS);
}

/// Issue 26, item 9: a time control that gives no time is refused with its key path.
#[test]
fn zero_time_controls_are_refused() {
    for text in ["0", "0+0", "40/0"] {
        let e = parse(&format!("[game]\ntime_control = \"{text}\"\n")).unwrap_err();
        let e = e.to_string();
        assert!(e.contains("game.time_control"), "{text}: {e}");
        assert!(e.contains("period 1: zero seconds"), "{text}: {e}");
    }
}

/// Issue 26, item 6: a newline in a name injected a whole game into the PGN; every string
/// of the file is checked for control characters, named by its key path.
#[test]
fn control_characters_are_refused_in_every_string_with_the_key_path() {
    let text = "[game]\nevent = \"Open\\n\\n[Event \\\"x\\\"]\"\nround = \"1\\t\"\n\
                [players]\nwhite = \"Anna\\u0007\"\n[devices]\ndgt = \"sim\\r\"\n\
                [voice.vi]\nvoice = \"de\\u001b[2J\"\n";
    let got = problems(text);
    for (key, code) in [
        ("game.event", "U+000A at character 5"),
        ("game.round", "U+0009"),
        ("players.white", "U+0007"),
        ("devices.dgt", "U+000D"),
        ("voice.vi.voice", "U+001B"),
    ] {
        let line = got
            .iter()
            .find(|p| p.starts_with(&format!("{key}: ")))
            .unwrap_or_else(|| panic!("{key} is named: {got:?}"));
        assert!(line.contains(code), "{line}");
    }
    assert_eq!(got.len(), 5, "each key once: {got:?}");
    // Printable text in any script is fine.
    let c = parse("[players]\nwhite = \"Žalgiris Šarūnas 李 😀\"\n").unwrap();
    assert_eq!(c.game.white, "Žalgiris Šarūnas 李 😀");
}

/// Issue 40, items 1 and 8: a round beyond any tournament's, and a bidi control in a
/// table's name, are refused by key path.
#[test]
fn absurd_rounds_and_bidi_controls_are_refused_with_the_key_path() {
    let got = problems(
        "[game]\nround = \"1.4000000000\"\n[hall]\ntable = \"7\\u202e1\"\n[console]\ntable = \"a\\u2066b\"\n",
    );
    let named = |key: &str, says: &str| {
        assert!(
            got.iter()
                .any(|p| p.starts_with(&format!("{key}: ")) && p.contains(says)),
            "{key}: {says}: {got:?}"
        );
    };
    named(
        "game.round",
        "board 4000000000 is beyond the last board of the round (1000)",
    );
    named("hall.table", "bidirectional control U+202E at character 2");
    named("console.table", "U+2066");
    assert!(
        problems("[game]\nround = \"100.1\"\n")
            .iter()
            .any(|p| p.contains("round 100 is beyond"))
    );
    assert!(parse("[game]\nround = \"12.40\"\n").is_ok());
    assert!(parse("[game]\nround = \"Final\"\n").is_ok());
}

#[test]
fn names_are_at_most_200_characters() {
    let ok = "Ž".repeat(MAX_NAME);
    assert_eq!(
        parse(&format!("[players]\nblack = \"{ok}\"\n"))
            .unwrap()
            .game
            .black,
        ok
    );
    let long = "x".repeat(300_000);
    let got = problems(&format!(
        "[players]\nblack = \"{long}\"\n[game]\nevent = \"{long}\"\n[console]\ntable = \"{long}\"\n"
    ));
    for key in ["players.black", "game.event", "console.table"] {
        assert!(
            got.iter().any(|p| p.starts_with(key)
                && p.contains("300000 characters is too long: a name has at most 200")),
            "{key}: {got:?}"
        );
    }
    assert!(
        got.iter().all(|p| p.len() < 200),
        "no problem echoes the name: {got:?}"
    );
}

/// An executable file standing for an engine (the check only looks for one).
fn fake_engine(dir: &Path) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("engine.sh");
    std::fs::write(&path, "#!/bin/sh\n").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[test]
fn an_engine_opponent_is_read_with_its_options_strength_and_practice() {
    let dir = tempfile::tempdir().unwrap();
    fake_engine(dir.path());
    let text = r#"
        [devices]
        peg_board = "sim"
        clock = "sim"
        [opponent]
        engine = "./engine.sh"
        options = { Threads = 1, Hash = 16, Ponder = false, "Debug Log File" = "" }
        elo = 1500
        nodes = 20000
        take_back = true
        hint = true
    "#;
    let c =
        StationConfig::from_toml_str(text, dir.path(), &Edges).unwrap_or_else(|e| panic!("{e}"));
    let Some(Opponent::Engine(e)) = &c.opponent else {
        panic!("{:?}", c.opponent)
    };
    assert_eq!(e.program, dir.path().join("./engine.sh"));
    assert_eq!(
        e.options,
        [
            ("Debug Log File".to_owned(), String::new()),
            ("Hash".to_owned(), "16".to_owned()),
            ("Ponder".to_owned(), "false".to_owned()),
            ("Threads".to_owned(), "1".to_owned()),
        ]
    );
    assert_eq!(e.strength, Strength::Elo(1500));
    assert_eq!(e.search, Search::Nodes(20_000));
    assert_eq!(e.answer_within, Duration::from_secs(10));
    let practice = c.table_config().practice;
    assert!(practice.take_back && practice.hint && !practice.evaluation);
    // Nobody presses the engine's lever and nobody sits there to hear.
    assert_eq!(c.game.sighted_press, Press::Automatic);
    assert_eq!(c.sighted_voice.backend, VoiceBackend::None);
    // A rated table allows nothing of it.
    assert!(parse("").unwrap().table_config().practice.is_rated());
}

#[test]
fn a_bare_engine_name_is_found_on_path_or_in_usr_games() {
    // Debian's stockfish is /usr/games/stockfish, not on PATH (scripts/setup.sh installs it).
    let text = "[opponent]\nengine = \"stockfish\"\nskill = 3";
    let c = parse(text).unwrap_or_else(|e| panic!("{e}"));
    let Some(Opponent::Engine(e)) = &c.opponent else {
        panic!()
    };
    assert!(e.program.ends_with("stockfish"), "{}", e.program.display());
    assert_eq!(e.strength, Strength::Skill(3));
    assert_eq!(e.search, Search::Clock);
}

#[test]
fn every_wrong_opponent_key_is_one_problem_naming_it() {
    let got = problems(
        r#"
        [devices]
        dgt = "sim"
        [clock]
        sighted_press = "lever"
        [opponent]
        engine = "no-such-engine-here"
        options = { "Hash value" = 1, Threads = [1], UCI_Elo = 1500 }
        elo = 1500
        skill = 3
        nodes = 0
        answer_within_ms = 5
    "#,
    );
    let keys: Vec<&str> = got.iter().map(|p| p.split(':').next().unwrap()).collect();
    assert_eq!(
        keys,
        [
            "devices.dgt",
            "clock.sighted_press",
            "opponent.engine",
            "opponent.options.Hash value",
            "opponent.options.Threads",
            "opponent.options.UCI_Elo",
            "opponent.elo",
            "opponent.nodes",
            "opponent.answer_within_ms",
        ],
        "{got:#?}"
    );
    assert!(
        got[2].contains("neither on PATH nor in /usr/games"),
        "{got:#?}"
    );
    assert_eq!(
        problems("[opponent]\nelo = 1500"),
        [
            "opponent.engine: an opponent needs its engine (\"stockfish\" or the path of a UCI engine) or a Lichess token file (lichess_token_file)"
        ]
    );
    assert_eq!(
        problems("[opponent]\nengine = \"/etc/passwd\""),
        ["opponent.engine: /etc/passwd is not an executable file"]
    );
}

#[test]
fn a_lichess_opponent_is_read_and_its_keys_checked_by_path() {
    let text = "[devices]\ndgt = \"none\"\n[opponent]\nlichess_token_file = \"lichess.token\"\n\
                seek = \"15+10\"\n";
    let c =
        StationConfig::from_toml_str(text, std::path::Path::new("/etc/annabella"), &Edges).unwrap();
    let Some(Opponent::Lichess(l)) = &c.opponent else {
        panic!("{:?}", c.opponent)
    };
    assert_eq!(
        l.token_file,
        std::path::Path::new("/etc/annabella/lichess.token")
    );
    assert_eq!(l.origin, None, "Lichess itself");
    assert_eq!(l.seek.as_deref(), Some("15+10"));
    assert_eq!(
        c.table_config().practice,
        annabella_table::Practice::RATED,
        "no hint, evaluation or take-back in a rated online game"
    );
    let p = problems(
        "[devices]\ndgt = \"none\"\n[opponent]\nlichess_token_file = \"t\"\nengine = \"stockfish\"\n\
         hint = true\nlichess_url = \"http://lichess.org\"\nseek = \"3\"\n",
    );
    for key in [
        "opponent.engine",
        "opponent.hint",
        "opponent.lichess_url",
        "opponent.seek",
    ] {
        assert!(p.iter().any(|m| m.starts_with(key)), "{key}: {p:?}");
    }
    let p = problems(
        "[devices]\ndgt = \"none\"\n[opponent]\nengine = \"stockfish\"\nseek = \"15+10\"\n",
    );
    assert!(
        p.iter()
            .any(|m| m.starts_with("opponent.seek")
                && m.contains("without opponent.lichess_token_file")),
        "{p:?}"
    );
}

#[test]
fn a_problem_writes_control_characters_from_the_file_as_escapes() {
    let p = Problem {
        key: "opponent.options.bad\nname".into(),
        message: "\u{1b}[2J is no UCI option name".into(),
    };
    assert_eq!(
        p.to_string(),
        "opponent.options.bad\\nname: \\u{1b}[2J is no UCI option name"
    );
}

#[test]
fn a_speech_input_is_a_microphone_a_recording_or_standard_input() {
    let base = Path::new("/tables/1");
    assert_eq!(SpeechInput::parse("mic", base), Ok(SpeechInput::Mic(None)));
    assert_eq!(
        SpeechInput::parse("mic:hw:1,0", base),
        Ok(SpeechInput::Mic(Some("hw:1,0".into())))
    );
    assert_eq!(
        SpeechInput::parse("wav:game.wav", base),
        Ok(SpeechInput::Wav("/tables/1/game.wav".into()))
    );
    assert_eq!(
        SpeechInput::parse("wav:/rec/game.wav", base),
        Ok(SpeechInput::Wav("/rec/game.wav".into()))
    );
    assert_eq!(SpeechInput::parse(" stdin ", base), Ok(SpeechInput::Stdin));
    assert_eq!(
        SpeechInput::parse("microphone", base),
        Err(SpeechInputError)
    );
}

/// The VI player's start number is the table's way of following him in a Swiss: it
/// needs the TRF it numbers, counts from 1 and has at most four digits.
#[test]
fn the_vi_players_start_number_needs_a_trf_and_is_bounded() {
    let c = parse("[game]\ntrf = \"open.trf\"\nvi_player = 12\n").unwrap();
    assert_eq!(c.game.vi_player, Some(12));
    assert_eq!(c.game.trf, Some(PathBuf::from("/tables/1/open.trf")));
    for (text, said) in [
        ("vi_player = 3\n", "set game.trf too"),
        ("trf = \"open.trf\"\nvi_player = 0\n", "count from 1"),
        (
            "trf = \"open.trf\"\nvi_player = 12345\n",
            "at most four digits",
        ),
    ] {
        let got = problems(&format!("[game]\n{text}"));
        assert_eq!(got.len(), 1, "{got:?}");
        assert!(got[0].starts_with("game.vi_player: "), "{got:?}");
        assert!(got[0].contains(said), "{got:?}");
    }
}
