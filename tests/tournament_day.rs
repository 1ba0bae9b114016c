//! A tournament day end to end with the real parts (issue 39, item 9): a TRF of eight
//! players (tests/data/trf/tournament_day.trf); four tables made by `annabella init
//! --trf` in one folder as the packaged layout has them, each with its own key, secret
//! and records; one `annabella hall` with its LiveChess export on a real mosquitto; round
//! 1 played at the four tables through `annabella play` (typed words, a mate each way, a
//! draw agreed, a resignation), every result confirmed with `next game`; `annabella
//! pairings --results` writes round 1 into the TRF; round 2's pairings are added as a
//! pairing program writes them, one player having withdrawn (the board is a forfeit);
//! every table goes on to round 2 without the hall restarting; the TRF ends with every
//! result and point right, and the hall's PGN passes pgn-extract and python-chess with
//! dates, rounds, boards, titles and ratings.
//!
//! The organiser's other cases: a TRF replaced while the tables wait (half a file, then
//! the whole), a bye and a withdrawal listed and counted, a board the round does not have
//! named at init.

mod hall_support;

use std::{
    path::{Path, PathBuf},
    process::{Command, Stdio},
    time::Duration,
};

use annabella_hall_link::setup;
use hall_support::*;
use serde_json::Value;

const TRF: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/trf/tournament_day.trf"
);

/// The four tables, named as their boards.
const TABLES_OF_THE_DAY: [&str; 4] = ["1", "2", "3", "4"];

/// One player of the file: (rank, title, name, rating, federation, FIDE id).
type Player = (
    u32,
    &'static str,
    &'static str,
    u32,
    &'static str,
    Option<u64>,
);

/// The players of the file.
const PLAYERS: [Player; 8] = [
    (1, "GM", "Adler, Anna", 2610, "GER", Some(4_600_001)),
    (2, "IM", "Berg, Bea", 2480, "AUT", Some(4_600_002)),
    (3, "FM", "Conti, Carl", 2350, "ITA", Some(4_600_003)),
    (4, "WGM", "Dahl, Dora", 2290, "NOR", Some(4_600_004)),
    (5, "CM", "Eich, Emil", 2105, "SUI", Some(4_600_005)),
    (6, "", "Fink, Felix", 1990, "GER", Some(4_600_006)),
    (7, "WFM", "Gruen, Greta", 1875, "LTU", Some(4_600_007)),
    (8, "", "Huber, Hans", 1760, "", None),
];

fn player(
    rank: u32,
) -> (
    u32,
    &'static str,
    &'static str,
    u32,
    &'static str,
    Option<u64>,
) {
    PLAYERS[rank as usize - 1]
}

/// Round 2 as the pairing program pairs it after round 1 (1–0, 0–1, ½, 1–0), player 5
/// having withdrawn: rank → (opponent, colour, result written at pairing). Boards in the
/// pairing program's order: 2–1, 7–8, 6–3, and 4–5 decided by forfeit.
const ROUND_2: [(u32, u32, char, char); 8] = [
    (1, 2, 'b', ' '),
    (2, 1, 'w', ' '),
    (3, 6, 'b', ' '),
    (4, 5, 'w', '+'),
    (5, 4, 'b', '-'),
    (6, 3, 'w', ' '),
    (7, 8, 'w', ' '),
    (8, 7, 'b', ' '),
];

/// `trf` with one more round (`pairs`: rank → opponent, colour, result) appended to
/// every player line in the TRF16 columns, the points left as they are (as the pairing
/// program leaves them when it pairs).
fn with_round(trf: &str, pairs: &[(u32, u32, char, char)]) -> String {
    let mut out = String::new();
    for line in trf.lines() {
        if let Some(rank) = line
            .strip_prefix("001")
            .and_then(|l| l.get(1..5))
            .and_then(|r| r.trim().parse::<u32>().ok())
        {
            let rounds = (line.trim_end().len().saturating_sub(89)).div_ceil(10);
            let start = 89 + rounds * 10;
            let mut l = format!("{:<start$}", line.trim_end());
            let (_, opponent, colour, result) = pairs
                .iter()
                .find(|p| p.0 == rank)
                .copied()
                .unwrap_or((rank, 0, '-', 'Z'));
            if opponent == 0 {
                l.push_str(&format!("  0000 - {result}"));
            } else {
                l.push_str(&format!("  {opponent:>4} {colour} {result}"));
            }
            out.push_str(l.trim_end());
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// Replaces `path` whole, as a pairing program saving its file does.
fn replace(path: &Path, text: &str) {
    let temporary = path.with_extension("tmp");
    std::fs::write(&temporary, text).unwrap();
    std::fs::rename(&temporary, path).unwrap();
}

fn annabella(args: &[&str]) -> std::process::Output {
    Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn succeeded(out: &std::process::Output) -> String {
    assert!(
        out.status.success(),
        "stdout: {}\nstderr: {}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `annabella init` of table `table` at board `table` of round 1, in `etc/` as the
/// packaged layout has its tables (`/etc/annabella/table-K.toml`), in the hall of `broker`.
fn init_table(etc: &Path, trf: &Path, broker: &Broker, table: &str) -> (PathBuf, String) {
    let config = etc.join(format!("table-{table}.toml"));
    let user = setup::table_user(table);
    let out = Command::new(BIN)
        .args(["init", "--non-interactive", "--no-devices", "--port"])
        .arg(etc.join("no-such-port"))
        .arg("--out")
        .arg(&config)
        .arg("--trf")
        .arg(trf)
        .args(["--round", "1", "--board", table, "--hall-table", table])
        .args(["--hall-broker", &broker.url(), "--hall-password-file"])
        .arg(broker.password_file(&user))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "init of table {table}: {said}");
    (config, said)
}

/// The TRF's player line of `rank`: (results by round, points).
fn standing(trf: &annabella_trf::Trf, rank: u32) -> (String, f64) {
    let p = trf.player(rank).unwrap();
    (p.rounds.iter().map(|r| r.result).collect(), p.points)
}

/// The games python-chess reads from `path` (tests/data/pgn/python-chess-read.py), none
/// with an error.
fn python_chess(path: &Path) -> Vec<Value> {
    let out = Command::new("python3")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pgn/python-chess-read.py"))
        .arg(path)
        .output()
        .expect("python3 with python-chess (scripts/setup.sh installs python3-chess)");
    assert!(
        out.status.success(),
        "python-chess on {}: {}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let games: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for g in &games {
        assert_eq!(
            g["errors"],
            serde_json::json!([]),
            "{}: {g}",
            path.display()
        );
    }
    games
}

/// pgn-extract reads every game of `path` without a word to say.
fn pgn_extract(path: &Path, games: usize) {
    let log = path.with_extension("pgn-extract.log");
    let status = Command::new("/usr/games/pgn-extract")
        .arg("-r")
        .arg("-l")
        .arg(&log)
        .arg(path)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("pgn-extract (scripts/setup.sh installs it)");
    let said = std::fs::read_to_string(&log).unwrap();
    assert!(status.success(), "{}: {said}", path.display());
    assert!(
        said.contains(&format!("{games} games matched out of {games}.")),
        "{}: {said}",
        path.display()
    );
    assert!(
        !said.contains("Line number") && !said.to_lowercase().contains("warning"),
        "pgn-extract's diagnostics on {}:\n{said}",
        path.display()
    );
}

/// Checks the tags of a game python-chess read against the pairing of `board` in
/// `round`: the day, the round, the board, the names, titles, ratings, FIDE ids and
/// federations (a value the file does not have is no tag at all).
fn check_tags(game: &Value, round: u32, board: u32, white: u32, black: u32, today: &str) {
    let tags = &game["tags"];
    assert_eq!(tags["Event"], "Annabella Open 2026", "{tags}");
    assert_eq!(tags["Site"], "Bremen", "{tags}");
    assert_eq!(tags["Date"], today, "the day of play: {tags}");
    assert_eq!(tags["Round"], format!("{round}.{board}"), "{tags}");
    for (side, rank) in [("White", white), ("Black", black)] {
        let (_, title, name, rating, fed, id) = player(rank);
        assert_eq!(tags[side], name, "{tags}");
        assert_eq!(tags[format!("{side}Elo")], rating.to_string(), "{tags}");
        let optional = |tag: &str, value: Option<String>| match value {
            Some(v) => assert_eq!(tags[format!("{side}{tag}")], v, "{tags}"),
            None => assert!(
                tags[format!("{side}{tag}")].is_null(),
                "no {side}{tag}: {tags}"
            ),
        };
        optional("Title", Some(title.to_owned()).filter(|t| !t.is_empty()));
        optional("FideId", id.map(|i| i.to_string()));
        optional("Federation", Some(fed.to_owned()).filter(|f| !f.is_empty()));
    }
    let text = game.to_string();
    assert!(!text.contains("????"), "no unknown date: {text}");
}

/// The keyboard lines of a short game at a table (German words, the opponent's moves
/// typed by the assistant), ending with the arbiter's confirmation.
mod games {
    /// 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#, the VI player White: 1-0.
    pub const SCHOLARS_MATE: &str = "start\nwait 300\nBauer Eva vier\nwait 300\ngesetzt\n\
        wait 300\nassistant: e7e5\nwait 300\nLäufer Cäsar vier\nwait 300\ngesetzt\nwait 300\n\
        assistant: b8c6\nwait 300\nDame Hektor fünf\nwait 300\ngesetzt\nwait 300\n\
        assistant: g8f6\nwait 300\nDame schlägt Felix sieben\nwait 300\ngesetzt\nwait 800\n\
        next game\n";
    /// 1. f3 e5 2. g4 Qh4#, the VI player White: 0-1.
    pub const FOOLS_MATE: &str = "start\nwait 300\nBauer Felix drei\nwait 300\ngesetzt\n\
        wait 300\nassistant: e7e5\nwait 300\nBauer Gustav vier\nwait 300\ngesetzt\nwait 300\n\
        assistant: d8h4\nwait 800\nnext game\n";
    /// 1. e4, the VI player White offers a draw, the opponent accepts: 1/2-1/2.
    pub const DRAW_AS_WHITE: &str = "start\nwait 300\nBauer Eva vier\nwait 300\nRemis\n\
        wait 300\ngesetzt\nwait 300\nsighted: accept_draw\nwait 800\nnext game\n";
    /// 1. e4 e5, Black (the sighted player) resigns: 1-0.
    pub const BLACK_RESIGNS: &str = "start\nwait 300\nBauer Eva vier\nwait 300\ngesetzt\n\
        wait 300\nassistant: e7e5\nwait 300\nsighted: resign\nwait 800\nnext game\n";
    /// 1. e4 e5, the VI player Black; White (the sighted player) resigns: 0-1.
    pub const WHITE_RESIGNS: &str = "start\nwait 300\nassistant: e2e4\nwait 300\n\
        Bauer Eva fünf\nwait 300\ngesetzt\nwait 300\nsighted: resign\nwait 800\nnext game\n";
    /// 1. e4 e5, the VI player Black offers a draw, the opponent accepts: 1/2-1/2.
    pub const DRAW_AS_BLACK: &str = "start\nwait 300\nassistant: e2e4\nwait 300\n\
        Bauer Eva fünf\nwait 300\nRemis\nwait 300\ngesetzt\nwait 300\nsighted: accept_draw\n\
        wait 800\nnext game\n";
}

/// The round's results in the hall's export: board → result, once every board of
/// `boards` has one that is not `*`.
fn export_results(live: &Path, round: u32, boards: usize) -> Vec<String> {
    let path = live.join(format!("round-{round}/index.json"));
    wait_for(
        Duration::from_secs(90),
        &format!("round {round}'s results in the hall's export"),
        || {
            let index: Value = std::fs::read_to_string(&path)
                .ok()
                .and_then(|t| serde_json::from_str(&t).ok())
                .unwrap_or_default();
            let results: Vec<String> = index["pairings"]
                .as_array()
                .map(|p| {
                    p.iter()
                        .map(|p| p["result"].as_str().unwrap_or("*").to_owned())
                        .collect()
                })
                .unwrap_or_default();
            let played = results.iter().filter(|r| *r != "*").count();
            (played >= boards, results)
        },
    )
}

#[test]
fn a_tournament_day_of_two_rounds_at_four_tables_in_one_hall() {
    let dir = tempfile::tempdir().unwrap();
    let trf = dir.path().join("open.trf");
    std::fs::copy(TRF, &trf).unwrap();
    let broker = Broker::start(dir.path());

    // Four tables in one folder, each its own key, secret and records.
    let etc = dir.path().join("etc");
    let configs: Vec<PathBuf> = TABLES_OF_THE_DAY
        .iter()
        .map(|t| init_table(&etc, &trf, &broker, t).0)
        .collect();
    let mut tables_file = String::new();
    let mut keys = Vec::new();
    let mut secrets = Vec::new();
    let mut records = Vec::new();
    for (table, config) in TABLES_OF_THE_DAY.iter().zip(&configs) {
        let key = setup::key_path(config);
        let (public, made) = setup::table_keys(&key).unwrap();
        assert!(!made, "init made {}", key.display());
        tables_file.push_str(&setup::tables_entry(table, &public));
        keys.push(public.to_string());
        secrets.push(std::fs::read(annabella_journal::secret_path(config)).unwrap());
        let written: toml::Table =
            toml::from_str(&std::fs::read_to_string(config).unwrap()).unwrap();
        records.push(written["records"]["dir"].as_str().unwrap().to_owned());
        assert_eq!(written["hall"]["table"].as_str(), Some(*table), "{written}");
    }
    for list in [&keys, &records] {
        let mut distinct = list.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 4, "four tables, four of each: {list:?}");
    }
    assert!(
        secrets
            .iter()
            .enumerate()
            .all(|(i, s)| secrets[..i].iter().all(|o| o != s)),
        "four secrets"
    );
    // The hall's tables file, from the lines init printed for each table.
    std::fs::write(broker.tables(), &tables_file).unwrap();

    let live = dir.path().join("live");
    let hall = Hall::start(
        &broker,
        dir.path(),
        &[
            "--export-dir",
            live.to_str().unwrap(),
            "--trf",
            trf.to_str().unwrap(),
        ],
    );
    let mut plays: Vec<Play> = configs.iter().map(|c| Play::start(c)).collect();

    // Round 1: boards 1–5, 6–2, 3–7, 8–4, the VI player White at each.
    let round_1 = [
        games::SCHOLARS_MATE,
        games::FOOLS_MATE,
        games::DRAW_AS_WHITE,
        games::BLACK_RESIGNS,
    ];
    for (p, lines) in plays.iter_mut().zip(round_1) {
        p.say(lines);
    }
    for (i, p) in plays.iter().enumerate() {
        let over = p.wait_log(Duration::from_secs(90), "Partie 1 ist beendet: ");
        let want = ["1-0", "0-1", "1/2-1/2", "1-0"][i];
        assert!(over.contains(want), "table {}: {over}", i + 1);
        p.wait_log(
            Duration::from_secs(30),
            "Die Paarung der Runde 2 steht noch aus",
        );
    }
    let results = export_results(&live, 1, 4);
    assert_eq!(
        results,
        ["1-0", "0-1", "1/2-1/2", "1-0"],
        "round 1 in the export"
    );

    // The round's PGN goes into the TRF for the pairing program.
    let said = succeeded(&annabella(&[
        "pairings",
        "--trf",
        trf.to_str().unwrap(),
        "--round",
        "1",
        "--results",
        hall.pgn.to_str().unwrap(),
        "--out",
        trf.to_str().unwrap(),
    ]));
    assert!(said.contains("von 4 der 4 Bretter"), "{said}");
    let after_1 = annabella_trf::Trf::parse(&std::fs::read(&trf).unwrap()).unwrap();
    let points_1: Vec<f64> = (1..=8).map(|r| standing(&after_1, r).1).collect();
    assert_eq!(points_1, [1.0, 1.0, 0.5, 0.0, 0.0, 0.0, 0.5, 1.0]);

    // The pairing program saves round 2: first half a file (a save caught midway), then
    // the whole. The tables wait through the half file and take the whole one.
    let paired = with_round(&std::fs::read_to_string(&trf).unwrap(), &ROUND_2);
    std::fs::write(&trf, &paired[..paired.len() / 2]).unwrap();
    std::thread::sleep(Duration::from_secs(3));
    replace(&trf, &paired);
    let listed = succeeded(&annabella(&[
        "pairings",
        "--trf",
        trf.to_str().unwrap(),
        "--round",
        "2",
    ]));
    assert!(
        listed
            .lines()
            .nth(3)
            .is_some_and(|l| l.contains("kampflos")),
        "board 4 is a forfeit: {listed}"
    );
    let round_2: [(u32, u32, &str); 3] = [
        (2, 1, games::WHITE_RESIGNS),
        (7, 8, games::FOOLS_MATE),
        (6, 3, games::DRAW_AS_BLACK),
    ];
    for (i, (white, black, lines)) in round_2.iter().enumerate() {
        let p = &mut plays[i];
        let (w, b) = (player(*white).2, player(*black).2);
        p.wait_log(
            Duration::from_secs(30),
            &format!("Runde 2: {w} – {b} (Round \"2.{}\")", i + 1),
        );
        p.say(lines);
    }
    // The hall, never restarted, reads the saved file again: round 2's boards are its.
    wait_for(
        Duration::from_secs(30),
        "the hall reads the TRF again",
        || {
            let log = hall.log.lock().unwrap();
            (log.iter().any(|l| l.contains("read the pairings of")), ())
        },
    );
    let forfeit = plays[3].wait_log(Duration::from_secs(30), "ist kampflos entschieden");
    assert!(
        forfeit.contains("Runde 2, Brett 4 (Dahl, Dora – Eich, Emil)"),
        "{forfeit}"
    );
    for (i, p) in plays.iter().take(3).enumerate() {
        let over = p.wait_log(Duration::from_secs(90), "Partie 2 ist beendet: ");
        let want = ["0-1", "0-1", "1/2-1/2"][i];
        assert!(over.contains(want), "table {}: {over}", i + 1);
    }
    let results = export_results(&live, 2, 3);
    assert_eq!(
        results[..3],
        ["0-1", "0-1", "1/2-1/2"],
        "round 2: {results:?}"
    );

    let said = succeeded(&annabella(&[
        "pairings",
        "--trf",
        trf.to_str().unwrap(),
        "--round",
        "2",
        "--results",
        hall.pgn.to_str().unwrap(),
        "--out",
        trf.to_str().unwrap(),
    ]));
    assert!(said.contains("von 3 der 3 Bretter"), "{said}");
    // Table 4 had no game in round 2: the round file still shows its round-1 game,
    // which is left out and named.
    assert!(
        said.contains("Nicht geschrieben: Die Partie Huber, Hans – Dahl, Dora")
            && said.contains("ist aus Runde 1, nicht aus Runde 2."),
        "{said}"
    );
    let after_2 = annabella_trf::Trf::parse(&std::fs::read(&trf).unwrap()).unwrap();
    let day: Vec<(String, f64)> = (1..=8).map(|r| standing(&after_2, r)).collect();
    let want: Vec<(String, f64)> = [
        ("11", 2.0),
        ("10", 1.0),
        ("==", 1.0),
        ("0+", 1.0),
        ("0-", 0.0),
        ("0=", 0.5),
        ("=0", 0.5),
        ("11", 2.0),
    ]
    .iter()
    .map(|(r, p)| ((*r).to_owned(), *p))
    .collect();
    assert_eq!(day, want, "every result and point of the day");

    for p in plays {
        p.quit(Duration::from_secs(30));
    }

    // The hall's PGNs: each round's export and the round file read by pgn-extract and
    // python-chess, with the day, rounds, boards, titles and ratings.
    let today = annabella_rules::pgn::date_of_unix_seconds(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs(),
    );
    let pairs: [[(u32, u32); 4]; 2] = [
        [(1, 5), (6, 2), (3, 7), (8, 4)],
        [(2, 1), (7, 8), (6, 3), (4, 5)],
    ];
    let results = [
        ["1-0", "0-1", "1/2-1/2", "1-0"],
        ["0-1", "0-1", "1/2-1/2", "1-0"],
    ];
    // Every game of a file: its round and board from its `Round` tag `N.K`, checked
    // against the pairing there; the hall's round file also carries the `Board` tag.
    let check_file = |file: &Path, board_tag: bool| -> Vec<(u32, u32)> {
        let games = python_chess(file);
        pgn_extract(file, games.len());
        let mut places = Vec::new();
        for g in &games {
            let round_tag = g["tags"]["Round"].as_str().unwrap_or_default();
            let (round, board) = round_tag
                .split_once('.')
                .and_then(|(n, k)| Some((n.parse::<u32>().ok()?, k.parse::<u32>().ok()?)))
                .unwrap_or_else(|| panic!("{}: Round {round_tag:?}: {g}", file.display()));
            let (white, black) = pairs[round as usize - 1][board as usize - 1];
            check_tags(g, round, board, white, black, &today);
            if board_tag {
                assert_eq!(g["tags"]["Board"], board.to_string(), "{g}");
            }
            assert_eq!(
                g["result"],
                results[round as usize - 1][board as usize - 1],
                "{}: {g}",
                file.display()
            );
            places.push((round, board));
        }
        places
    };
    for (round, boards) in [(1, vec![1, 2, 3, 4]), (2, vec![1, 2, 3])] {
        let places = check_file(&live.join(format!("round-{round}/games.pgn")), false);
        let want: Vec<(u32, u32)> = boards.iter().map(|&b| (round, b)).collect();
        assert_eq!(places, want, "round {round}'s export");
    }
    // The hall's round file: the last game of every table.
    let places = check_file(&hall.pgn, true);
    assert_eq!(places, [(2, 1), (2, 2), (2, 3), (1, 4)], "the round file");
}

/// A withdrawal and a bye in round 2 (seven players paired, one withdrawn without a
/// game): `pairings` lists the byes, `--results` counts their points, and `init` at a
/// board the round does not have says so in a sentence.
#[test]
fn a_withdrawal_and_a_bye_are_listed_counted_and_a_missing_board_named() {
    let dir = tempfile::tempdir().unwrap();
    let trf = dir.path().join("open.trf");
    // Round 1 played (1-0, 0-1, draw, 1-0), then player 5 withdraws: not paired, a
    // zero-point bye; player 4 gets the pairing-allocated bye.
    let round_1 = [
        (1, 5, 'w', '1'),
        (5, 1, 'b', '0'),
        (6, 2, 'w', '0'),
        (2, 6, 'b', '1'),
        (3, 7, 'w', '='),
        (7, 3, 'b', '='),
        (8, 4, 'w', '1'),
        (4, 8, 'b', '0'),
    ];
    let text = std::fs::read_to_string(TRF).unwrap();
    let text: String = text
        .lines()
        .map(|l| {
            let Some(rank) = l
                .strip_prefix("001")
                .and_then(|r| r.get(1..5))
                .and_then(|r| r.trim().parse::<u32>().ok())
            else {
                return format!("{l}\n");
            };
            let (.., result) = round_1.iter().find(|p| p.0 == rank).unwrap();
            let mut chars: Vec<char> = l.chars().collect();
            chars[98] = *result;
            let points = match *result {
                '1' => " 1.0",
                '=' => " 0.5",
                _ => " 0.0",
            };
            chars.splice(80..84, points.chars());
            chars.into_iter().collect::<String>() + "\n"
        })
        .collect();
    let round_2 = [
        (1, 2, 'b', ' '),
        (2, 1, 'w', ' '),
        (3, 6, 'b', ' '),
        (6, 3, 'w', ' '),
        (7, 8, 'w', ' '),
        (8, 7, 'b', ' '),
        (4, 0, '-', 'U'),
        (5, 0, '-', 'Z'),
    ];
    std::fs::write(&trf, with_round(&text, &round_2)).unwrap();
    let path = trf.to_str().unwrap();
    let listed = succeeded(&annabella(&["pairings", "--trf", path, "--round", "2"]));
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(lines.len(), 5, "three boards and two byes: {listed}");
    assert!(
        lines[..3].iter().all(|l| l.starts_with("Brett ")),
        "{listed}"
    );
    assert!(lines[3].contains("Dahl, Dora"), "{listed}");
    assert!(lines[4].contains("Eich, Emil"), "{listed}");
    let json = succeeded(&annabella(&[
        "pairings", "--trf", path, "--round", "2", "--json",
    ]));
    let byes: Vec<Value> = json
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v.get("bye").is_some())
        .collect();
    assert_eq!(byes.len(), 2, "{json}");

    // The three games' results; the byes' points counted.
    let pgn = dir.path().join("round-2.pgn");
    std::fs::write(
        &pgn,
        "[Event \"Annabella Open 2026\"]\n[Round \"2.1\"]\n[Board \"1\"]\n[White \"Berg, Bea\"]\n[Black \"Adler, Anna\"]\n[Result \"0-1\"]\n\n1. e4 e5 0-1\n\n\
         [Event \"Annabella Open 2026\"]\n[Round \"2.2\"]\n[Board \"2\"]\n[White \"Gruen, Greta\"]\n[Black \"Huber, Hans\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
         [Event \"Annabella Open 2026\"]\n[Round \"2.3\"]\n[Board \"3\"]\n[White \"Fink, Felix\"]\n[Black \"Conti, Carl\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2-1/2\n",
    )
    .unwrap();
    let out = dir.path().join("after.trf");
    let said = succeeded(&annabella(&[
        "pairings",
        "--trf",
        path,
        "--round",
        "2",
        "--results",
        pgn.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]));
    assert!(said.contains("von 3 der 3 Bretter"), "{said}");
    assert!(said.contains("2 Freilose"), "{said}");
    let after = annabella_trf::Trf::parse(&std::fs::read(&out).unwrap()).unwrap();
    let points: Vec<f64> = (1..=8).map(|r| standing(&after, r).1).collect();
    assert_eq!(points, [2.0, 1.0, 1.0, 1.0, 0.0, 0.5, 0.5, 2.0]);

    // A fourth table set up at board 4 of round 2: the round has three boards.
    let init = Command::new(BIN)
        .args(["init", "--non-interactive", "--no-devices", "--port"])
        .arg(dir.path().join("no-such-port"))
        .arg("--out")
        .arg(dir.path().join("etc/table-4.toml"))
        .arg("--trf")
        .arg(&trf)
        .args(["--round", "2", "--board", "4"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&init.stderr);
    assert!(!init.status.success(), "{said}");
    assert!(
        said.contains("Runde 2 der TRF-Datei")
            && said.contains("hat kein Brett 4: Ihre Bretter sind 1 bis 3."),
        "the missing board is named: {said}"
    );
    assert!(
        !said.contains("{") && !said.contains("Some("),
        "no debug text: {said}"
    );
}
