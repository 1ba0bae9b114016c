//! The hall in the broadcast world (issue 29, items 3 to 5), end to end with the real
//! broker and signed demo tables: `annabella hall --push-lichess` pushes the round to a
//! stand-in Lichess (an axum server here) that checks every request against the push
//! endpoint's published OpenAPI description (`tests/data/lichess`, see its SOURCE.md)
//! and answers per its schema — one stand-in down at first (the hall backs off, then
//! delivers), one that refuses a game. The round holds the arbiter's decisions Lichess
//! would refuse as moves (an illegal move penalised, a restored position, an
//! adjournment); it passes `pgn-extract` without a diagnostic and python-chess reads
//! every game as the hall replayed it.

mod hall_support;

use std::{
    collections::BTreeMap,
    net::SocketAddr,
    path::{Path, PathBuf},
    process::{Command, Stdio},
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use annabella_rules::pgn::{PgnGame, final_position, read_games};
use annabella_station::session::Session;
use hall_support::*;
use serde_json::{Value, json};

const TOKEN: &str = "lip_stand-in-token";
const ROUND: &str = "rOund029";

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/lichess")
        .join(name)
}

fn yaml(name: &str) -> Value {
    let text = std::fs::read_to_string(data(name)).unwrap();
    serde_yaml_ng::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The push endpoint as Lichess describes it.
struct Endpoint {
    path: String,
    operation: Value,
}

impl Endpoint {
    fn load() -> Endpoint {
        let paths = yaml("paths.yaml");
        let (path, entry) = paths["paths"]
            .as_object()
            .unwrap()
            .iter()
            .next()
            .map(|(p, e)| (p.clone(), e.clone()))
            .unwrap();
        let file = entry["$ref"].as_str().unwrap().trim_start_matches("./");
        let operation = yaml(file)["post"].clone();
        assert_eq!(operation["operationId"], "broadcastPush");
        Endpoint { path, operation }
    }

    /// The round id of `path`, when it is the endpoint's path.
    fn round_of<'a>(&self, path: &'a str) -> Option<&'a str> {
        let (head, tail) = self.path.split_once("{broadcastRoundId}").unwrap();
        path.strip_prefix(head)?.strip_suffix(tail)
    }

    /// The most games a request may carry ("It can contain up to 100 games").
    fn max_games(&self) -> usize {
        let text = self.operation["requestBody"]["description"]
            .as_str()
            .unwrap();
        let after = text.split("up to ").nth(1).unwrap();
        after.split(' ').next().unwrap().parse().unwrap()
    }

    /// Everything wrong with a request, by the description.
    fn check(
        &self,
        method: &str,
        path: &str,
        headers: &axum::http::HeaderMap,
        body: &str,
    ) -> Vec<String> {
        let mut wrong = Vec::new();
        if method != "POST" {
            wrong.push(format!("method {method}, the endpoint is a post"));
        }
        let Some(round) = self.round_of(path) else {
            return vec![format!("path {path} is not {}", self.path)];
        };
        let param = &self.operation["parameters"][0];
        assert_eq!(param["name"], "broadcastRoundId");
        let (min, max) = (
            param["schema"]["minLength"].as_u64().unwrap() as usize,
            param["schema"]["maxLength"].as_u64().unwrap() as usize,
        );
        if round.len() < min || round.len() > max {
            wrong.push(format!("round id {round:?} is not {min} to {max} long"));
        }
        let auth = yaml("paths.yaml")["authentication"].clone();
        let want = format!("{} {TOKEN}", auth["scheme"].as_str().unwrap());
        let header = |name: &str| {
            headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
        };
        if header(auth["header"].as_str().unwrap()) != want {
            wrong.push(format!("Authorization {:?}", header("authorization")));
        }
        let content = self.operation["requestBody"]["content"]
            .as_object()
            .unwrap();
        let media = header("content-type");
        match content.get(media) {
            Some(c) if c["schema"]["type"] == "string" => {}
            _ => wrong.push(format!(
                "Content-Type {media:?} is not one of {:?}",
                content.keys()
            )),
        }
        if self.operation["requestBody"]["required"] == true && body.trim().is_empty() {
            wrong.push("an empty body".into());
        }
        let games = read_games(body);
        if games.len() > self.max_games() {
            wrong.push(format!("{} games in one request", games.len()));
        }
        for g in &games {
            match g {
                Ok(game) => {
                    if let Err(e) = final_position(game) {
                        wrong.push(format!("a game Lichess would refuse: {e}"));
                    }
                }
                Err(e) => wrong.push(format!("PGN that does not parse: {e}")),
            }
        }
        if !body.contains("\n\n") {
            wrong.push("games are separated by a double new line".into());
        }
        wrong
    }

    /// The schema of a reply with `status`.
    fn reply_schema(&self, status: u16) -> Value {
        self.operation["responses"][status.to_string()]["content"]["application/json"]["schema"]
            .clone()
    }
}

/// Whether `v` matches `schema` (the JSON Schema parts the description uses: `$ref` to
/// a file here, `type`, `properties`, `required`, `items`, `additionalProperties`).
fn conforms(schema: &Value, v: &Value) -> Result<(), String> {
    if let Some(r) = schema["$ref"].as_str() {
        let file = r.rsplit('/').next().unwrap();
        return conforms(&yaml(file), v);
    }
    let ok = match schema["type"].as_str() {
        Some("object") | None if schema.get("properties").is_some() => v.is_object(),
        Some("object") => v.is_object(),
        Some("array") => v.is_array(),
        Some("string") => v.is_string(),
        Some("integer") => v.is_u64() || v.is_i64(),
        Some(other) => return Err(format!("a schema type {other} this check does not know")),
        None => true,
    };
    if !ok {
        return Err(format!("{v} is not a {}", schema["type"]));
    }
    if let Some(required) = schema["required"].as_array() {
        for r in required {
            if v.get(r.as_str().unwrap()).is_none() {
                return Err(format!("{v} lacks {r}"));
            }
        }
    }
    if let (Some(props), Some(obj)) = (schema["properties"].as_object(), v.as_object()) {
        for (name, value) in obj {
            match props.get(name) {
                Some(s) => conforms(s, value).map_err(|e| format!("{name}: {e}"))?,
                None => {
                    if let Some(extra) = schema.get("additionalProperties") {
                        conforms(extra, value)?;
                    }
                }
            }
        }
    } else if let (Some(extra), Some(obj)) = (schema.get("additionalProperties"), v.as_object()) {
        for (name, value) in obj {
            conforms(extra, value).map_err(|e| format!("{name}: {e}"))?;
        }
    }
    if let (Some(items), Some(arr)) = (schema.get("items"), v.as_array()) {
        for item in arr {
            conforms(items, item)?;
        }
    }
    Ok(())
}

/// One request the stand-in took.
#[derive(Debug, Clone)]
struct Pushed {
    at: Instant,
    games: Vec<PgnGame>,
}

#[derive(Default)]
struct Seen {
    pushes: Vec<Pushed>,
    wrong: Vec<String>,
}

/// A stand-in Lichess on `addr`: checks every request, answers per the schema; a game
/// whose `Board` is `refuse` gets a per-game error.
fn stand_in(addr: SocketAddr, refuse: Option<&'static str>) -> Arc<Mutex<Seen>> {
    let seen: Arc<Mutex<Seen>> = Arc::default();
    let log = Arc::clone(&seen);
    let (ready_tx, ready) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let endpoint = Arc::new(Endpoint::load());
            let app = axum::Router::new().fallback(
                move |method: axum::http::Method,
                      uri: axum::http::Uri,
                      headers: axum::http::HeaderMap,
                      body: String| {
                    let endpoint = Arc::clone(&endpoint);
                    let log = Arc::clone(&log);
                    async move {
                        let wrong = endpoint.check(method.as_str(), uri.path(), &headers, &body);
                        let (status, reply) = if wrong.is_empty() {
                            let games: Vec<PgnGame> =
                                read_games(&body).into_iter().map(Result::unwrap).collect();
                            let reply = json!({"games": games.iter().map(|g| {
                                let tags: BTreeMap<&str, &str> = g.tags.iter()
                                    .map(|t| (t.name.as_str(), t.value.as_str())).collect();
                                let mut entry = json!({"tags": tags, "moves": g.moves.len()});
                                if refuse.is_some() && g.tag("Board") == refuse {
                                    entry["error"] = json!("Stand-in refuses this board");
                                }
                                entry
                            }).collect::<Vec<_>>()});
                            log.lock().unwrap().pushes.push(Pushed {
                                at: Instant::now(),
                                games,
                            });
                            (200, reply)
                        } else {
                            log.lock().unwrap().wrong.extend(wrong.clone());
                            (400, json!({"error": wrong.join("; ")}))
                        };
                        if let Err(e) = conforms(&endpoint.reply_schema(status), &reply) {
                            log.lock()
                                .unwrap()
                                .wrong
                                .push(format!("the stand-in's reply: {e}"));
                        }
                        (
                            axum::http::StatusCode::from_u16(status).unwrap(),
                            [("content-type", "application/json")],
                            reply.to_string(),
                        )
                    }
                },
            );
            let listener = tokio::net::TcpListener::bind(addr).await.unwrap();
            ready_tx.send(()).unwrap();
            axum::serve(listener, app).await.unwrap();
        });
    });
    ready.recv().unwrap();
    seen
}

/// `annabella demo` of `script` at table `table`, publishing to `broker`.
fn demo_of(broker: &Broker, out: &Path, table: &str, script: &str) -> Killed {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join(script);
    demo_script(broker, out, table, Some(&script))
}

fn token_file(dir: &Path, name: &str, text: &str, mode: u32) -> PathBuf {
    use std::os::unix::fs::PermissionsExt as _;
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
    path
}

fn push_flags(token: &Path, port: u16) -> Vec<String> {
    vec![
        "--push-lichess".into(),
        ROUND.into(),
        "--token-file".into(),
        token.display().to_string(),
        "--lichess-url".into(),
        format!("http://127.0.0.1:{port}"),
    ]
}

/// The tables: the sample game; an illegal move penalised; a restored position and the
/// game going on; an adjourned game.
const TABLES: [(&str, &str); 4] = [
    ("1", "samples/demo-script.txt"),
    ("2", "tests/data/scripts/sighted-illegal-move.txt"),
    ("3", "tests/data/scripts/hall-restored-position.txt"),
    ("4", "tests/data/scripts/hall-adjourned.txt"),
];

#[test]
fn a_token_file_others_can_read_or_an_empty_one_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let tables = dir.path().join("tables.toml");
    std::fs::write(&tables, "[tables]\n").unwrap();
    for (name, text, mode, says) in [
        (
            "open",
            "lip_x\n",
            0o644,
            "other users of this machine can read it (mode 644)",
        ),
        (
            "group",
            "lip_x\n",
            0o640,
            "other users of this machine can read it (mode 640)",
        ),
        ("empty", "\n", 0o600, "empty"),
    ] {
        let token = token_file(dir.path(), name, text, mode);
        let out = Command::new(BIN)
            .args([
                "hall",
                "--broker",
                "mqtt://127.0.0.1:1",
                "--listen",
                "127.0.0.1:0",
            ])
            .arg("--tables")
            .arg(&tables)
            .args(push_flags(&token, 1))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{err}");
        assert!(
            err.contains("--push-lichess")
                && err.contains(&token.display().to_string())
                && err.contains(says),
            "{err}"
        );
    }
}

#[test]
fn the_round_goes_to_a_lichess_broadcast_that_is_away_at_first_and_readers_agree_with_the_hall() {
    let dir = tempfile::tempdir().unwrap();
    let broker = Broker::start(dir.path());
    let token = token_file(dir.path(), "lichess.token", &format!("{TOKEN}\n"), 0o600);
    let away_port = free_port();
    let (a_dir, b_dir) = (dir.path().join("a"), dir.path().join("b"));
    std::fs::create_dir_all(&a_dir).unwrap();
    std::fs::create_dir_all(&b_dir).unwrap();
    let flags = push_flags(&token, away_port);
    let extra: Vec<&str> = flags.iter().map(String::as_str).collect();
    let hall = Hall::start(&broker, &a_dir, &extra);
    // A second hall pushes to a stand-in that refuses board 4's game.
    let refusing_port = free_port();
    let refusing = stand_in(([127, 0, 0, 1], refusing_port).into(), Some("4"));
    let flags = push_flags(&token, refusing_port);
    let mut extra: Vec<&str> = flags.iter().map(String::as_str).collect();
    let client_id = format!("hall-test-b-{}", broker.port);
    let export = dir.path().join("live");
    let export_flag = export.display().to_string();
    extra.extend(["--client-id", &client_id, "--export-dir", &export_flag]);
    let hall_b = Hall::start(&broker, &b_dir, &extra);

    let demos: Vec<(String, PathBuf, Killed)> = TABLES
        .iter()
        .map(|(table, script)| {
            let out = dir.path().join(format!("table-{table}"));
            let d = demo_of(&broker, &out, table, script);
            (table.to_string(), out, d)
        })
        .collect();
    // Lichess is away: the hall says so and backs off.
    wait_for(Duration::from_secs(30), "a failed push is reported", || {
        let failed = hall
            .news("broadcast")
            .into_iter()
            .find(|n| n["delivered"] == false);
        (failed.is_some(), failed)
    });
    let failed = hall
        .news("broadcast")
        .into_iter()
        .find(|n| n["delivered"] == false)
        .unwrap();
    assert_eq!(failed["retry_in_ms"], 1000, "{failed}");
    assert!(
        failed["problem"]
            .as_str()
            .unwrap()
            .contains(&away_port.to_string()),
        "{failed}"
    );
    assert!(
        hall.log.lock().unwrap().iter().any(|l| l
            .contains(&format!("Lichess round {ROUND}: push failed"))
            && l.contains("try 1; again in 1 s")),
        "the log names the failure"
    );
    let lichess = stand_in(([127, 0, 0, 1], away_port).into(), None);

    let mut journals = BTreeMap::new();
    for (table, out, mut d) in demos {
        let status = annabella_test_support::process::wait_within(
            &mut d.0,
            Duration::from_secs(120),
            "demo",
        );
        let mut err = String::new();
        std::io::Read::read_to_string(&mut d.0.stderr.take().unwrap(), &mut err).unwrap();
        assert!(
            err.contains("Der Broker der Halle hat die Einträge 1 bis "),
            "table {table} ({status}):\n{err}"
        );
        journals.insert(table, out.join("game.journal"));
    }
    // Our own replay of every table: moves, the clock after each, the result.
    let replayed: BTreeMap<String, (Vec<String>, Vec<Duration>, String)> = journals
        .iter()
        .map(|(t, j)| {
            let (table, _) = Session::replay(j).expect("replay the journal");
            let view = table.snapshot();
            let result = table.end().map_or("*".to_owned(), |e| e.result.to_string());
            let moves = view.moves.iter().map(ToString::to_string).collect();
            (t.clone(), (moves, view.move_clocks, result))
        })
        .collect();
    let round_done = |pgn: &str| {
        let games: Vec<PgnGame> = read_games(pgn).into_iter().filter_map(Result::ok).collect();
        games.len() == TABLES.len()
            && games.iter().all(|g| {
                let board = g.tag("Board").unwrap_or_default();
                replayed.get(board).is_some_and(|(moves, _, result)| {
                    g.move_texts() == *moves && g.tag("Result") == Some(result.as_str())
                })
            })
    };
    wait_for(
        Duration::from_secs(60),
        "the hall's round holds every game",
        || {
            (
                round_done(&std::fs::read_to_string(&hall.pgn).unwrap_or_default()),
                (),
            )
        },
    );
    let round = std::fs::read_to_string(&hall.pgn).unwrap();
    // The stand-in gets the whole round once the network is back.
    wait_for(
        Duration::from_secs(30),
        "the round reaches the stand-in",
        || {
            let seen = lichess.lock().unwrap();
            assert_eq!(
                seen.wrong,
                Vec::<String>::new(),
                "requests not as described"
            );
            let last = seen
                .pushes
                .last()
                .map(|p| p.games.clone())
                .unwrap_or_default();
            (
                last == read_games(&round)
                    .into_iter()
                    .map(Result::unwrap)
                    .collect::<Vec<_>>(),
                (),
            )
        },
    );
    {
        let seen = lichess.lock().unwrap();
        assert_eq!(
            seen.wrong,
            Vec::<String>::new(),
            "every request as described"
        );
        for pair in seen.pushes.windows(2) {
            let gap = pair[1].at - pair[0].at;
            assert!(gap >= Duration::from_millis(900), "pushes {gap:?} apart");
        }
    }
    wait_for(
        Duration::from_secs(10),
        "a delivered push is reported",
        || {
            let news = hall.news("broadcast");
            (
                news.last()
                    .is_some_and(|n| n["delivered"] == true && n["games"] == 4),
                (),
            )
        },
    );
    assert!(
        hall.log
            .lock()
            .unwrap()
            .iter()
            .any(|l| l.contains("the round's games are pushed"))
    );
    let (_, page) = hall.get("/");
    assert!(
        page.contains(&format!(r#"<p id="broadcast" data-delivered="true">Lichess broadcast round {ROUND}: 4 games pushed.</p>"#)),
        "the hall's page shows the push"
    );
    let (_, api) = hall.get("/api/hall");
    let api: Value = serde_json::from_str(&api).unwrap();
    assert_eq!(api["broadcast"]["delivered"], true, "{}", api["broadcast"]);

    // The refusing stand-in: the per-game error reaches the log and --json.
    wait_for(
        Duration::from_secs(30),
        "the refused game is reported",
        || {
            let news = hall_b.news("broadcast");
            let refused = news
                .iter()
                .rev()
                .find(|n| n["errors"].as_array().is_some_and(|e| !e.is_empty()));
            (refused.is_some(), ())
        },
    );
    let news = hall_b.news("broadcast");
    let refused = news
        .iter()
        .rev()
        .find(|n| n["errors"].as_array().is_some_and(|e| !e.is_empty()))
        .unwrap();
    assert_eq!(refused["delivered"], true, "{refused}");
    assert_eq!(
        refused["errors"][0],
        json!({"board": "4", "white": "Anna Muster", "black": "Bella Beispiel",
               "error": "Stand-in refuses this board"}),
        "{refused}"
    );
    assert!(
        hall_b.log.lock().unwrap().iter().any(|l| l
            .contains("Lichess did not take board 4 (Anna Muster - Bella Beispiel): Stand-in refuses this board")),
        "the log names the refused game"
    );
    assert!(refusing.lock().unwrap().wrong.is_empty());
    let (_, page) = hall_b.get("/");
    assert!(
        page.contains(
            "; not taken: board 4 (Anna Muster - Bella Beispiel): Stand-in refuses this board.</p>"
        ),
        "the hall's page names the refused game"
    );

    // Item 4: the arbiter's decisions are comments; the move text is the game's.
    let games: BTreeMap<String, String> = games(&round)
        .into_iter()
        .map(|g| {
            (
                read_games(&g)[0]
                    .as_ref()
                    .unwrap()
                    .tag("Board")
                    .unwrap()
                    .to_owned(),
                g,
            )
        })
        .collect();
    let flat = |g: &str| g.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat(games["2"].split("\n\n").nth(1).unwrap()).starts_with("1. d4 {[%clk ")
            && flat(&games["2"]).contains("]} {Arbiter: illegal move by Black (Law 7.5.5), the position before it stands; White gets 0:02:00 more; the table's alert: the sighted player (black) pressed the clock after an illegal move (f8b4; board rnbqk1nr/pppppppp/8/8/1b1P4/8/PPP1PPPP/RNBQKBNR); the position before it stands} 1... e5 {[%clk "),
        "{}",
        games["2"]
    );
    assert!(
        flat(&games["3"]).contains("{Arbiter: the start position is restored (Law 7.5.1, reconciliation); taken back: 1. e4; the game goes on from there} 1. d4"),
        "{}",
        games["3"]
    );
    assert!(
        flat(&games["4"]).ends_with("1... e5 {[%clk 1:30:28]} {Arbiter: the game is adjourned; White seals the next move} {Arbiter: White has sealed a move, kept by the arbiter until play resumes} *"),
        "{}",
        games["4"]
    );
    assert!(!games["4"].contains("Nf3"), "the sealed move stays secret");
    // The LiveChess export (hall B's) carries the same rulings in its game files.
    let exported = |dir: &Path| -> String {
        let mut text = String::new();
        for round in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            for game in std::fs::read_dir(round.path())
                .into_iter()
                .flatten()
                .flatten()
            {
                let name = game.file_name().to_string_lossy().into_owned();
                if name.starts_with("game-") && name.ends_with(".pgn") {
                    text.push_str(&std::fs::read_to_string(game.path()).unwrap_or_default());
                }
            }
        }
        text
    };
    let live = wait_for(
        Duration::from_secs(20),
        "the export's games carry the rulings",
        || {
            let text = flat(&exported(&export));
            (
                text.contains("{Arbiter: the game is adjourned; White seals the next move}"),
                text,
            )
        },
    );
    assert!(
        live.contains("{Arbiter: the start position is restored (Law 7.5.1, reconciliation); taken back: 1. e4; the game goes on from there} 1. d4")
            && live.contains("{Arbiter: illegal move by Black (Law 7.5.5)")
            && !live.contains("Nf3"),
        "{live}"
    );

    // Item 5: pgn-extract finds nothing to say.
    let log = dir.path().join("pgn-extract.log");
    let status = Command::new("/usr/games/pgn-extract")
        .arg("-r")
        .arg("-l")
        .arg(&log)
        .arg(&hall.pgn)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("pgn-extract (scripts/setup.sh installs it)");
    let said = std::fs::read_to_string(&log).unwrap();
    assert!(status.success(), "{said}");
    assert!(said.contains("4 games matched out of 4."), "{said}");
    assert!(
        !said.contains("Line number") && !said.to_lowercase().contains("warning"),
        "pgn-extract's diagnostics:\n{said}"
    );

    // python-chess reads every game as the hall replayed it.
    let out = Command::new("python3")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pgn/python-chess-read.py"))
        .arg(&hall.pgn)
        .output()
        .expect("python3 with python-chess (scripts/setup.sh)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let read: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(read.len(), TABLES.len());
    for (py, ours) in read.iter().zip(read_games(&round)) {
        let ours = ours.unwrap();
        let board = ours.tag("Board").unwrap();
        let (moves, clocks, result) = &replayed[board];
        assert_eq!(py["errors"], json!([]), "board {board}");
        let tags: serde_json::Map<String, Value> = ours
            .tags
            .iter()
            .map(|t| (t.name.clone(), json!(t.value)))
            .collect();
        assert_eq!(py["tags"], Value::Object(tags), "board {board}: tags");
        assert_eq!(py["moves"], json!(moves), "board {board}: moves");
        assert_eq!(py["result"], json!(result), "board {board}: result");
        let secs: Vec<Value> = clocks.iter().map(|c| json!(c.as_secs() as f64)).collect();
        assert_eq!(py["clocks"], json!(secs), "board {board}: clocks");
        let ours_clocks: Vec<Value> = ours
            .moves
            .iter()
            .map(|m| json!(m.clock.map(|c| c.as_secs() as f64)))
            .collect();
        assert_eq!(
            py["clocks"],
            json!(ours_clocks),
            "board {board}: clocks as we read them"
        );
        // The comments, the arbiter's among them, read the same (spacing aside).
        let norm = |c: &Value| {
            json!(
                c.as_str()
                    .unwrap_or("")
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
            )
        };
        let py_comments: Vec<Value> = py["comments"].as_array().unwrap()[1..]
            .iter()
            .map(norm)
            .collect();
        let ours_comments: Vec<Value> = ours
            .moves
            .iter()
            .map(|m| norm(&json!(m.comment.clone().unwrap_or_default())))
            .collect();
        assert_eq!(py_comments, ours_comments, "board {board}: comments");
        if board == "3" {
            assert!(
                norm(&py["comments"][0])
                    .as_str()
                    .unwrap()
                    .starts_with("Arbiter: the start position is restored"),
                "python-chess reads the comment before the first move: {}",
                py["comments"][0]
            );
        }
    }
}

/// What the hostile push endpoint was asked: method and path of every request.
type Asked = Arc<Mutex<Vec<(String, String)>>>;

/// A hostile "Lichess" on `listener`, raw HTTP/1.1, by the request's number: first a
/// 303 to a GET elsewhere, then a reply without end (read until 64 MiB at most, so the
/// test stays bounded), then a 200 whose 5,000 per-game errors carry terminal escapes and
/// forged log lines.
fn hostile(listener: std::net::TcpListener) -> Asked {
    use std::io::{Read as _, Write as _};
    let asked: Asked = Arc::default();
    let log = Arc::clone(&asked);
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { return };
            let mut head = Vec::new();
            let mut byte = [0u8; 1];
            while !head.ends_with(b"\r\n\r\n") && head.len() < 64 * 1024 {
                if stream.read(&mut byte).unwrap_or(0) == 0 {
                    break;
                }
                head.push(byte[0]);
            }
            let head = String::from_utf8_lossy(&head).into_owned();
            let mut words = head.split_whitespace();
            let (method, path) = (
                words.next().unwrap_or("").to_owned(),
                words.next().unwrap_or("").to_owned(),
            );
            let length: usize = head
                .lines()
                .find_map(|l| {
                    l.to_ascii_lowercase()
                        .strip_prefix("content-length:")
                        .map(|v| v.trim().parse().unwrap_or(0))
                })
                .unwrap_or(0);
            let mut body = vec![0u8; length.min(16 * 1024 * 1024)];
            let _ = stream.read_exact(&mut body);
            let n = {
                let mut asked = log.lock().unwrap();
                asked.push((method, path));
                asked.len() - 1
            };
            match n {
                0 => {
                    let _ = stream.write_all(
                        b"HTTP/1.1 303 See Other\r\nLocation: /elsewhere?to=get\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
                    );
                }
                1 => {
                    let _ = stream.write_all(
                        b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n{\"games\":[",
                    );
                    let chunk = vec![b' '; 64 * 1024];
                    for _ in 0..1024 {
                        if stream.write_all(&chunk).is_err() {
                            break;
                        }
                    }
                }
                _ => {
                    let games: Vec<Value> = (0..5000)
                        .map(|i| {
                            json!({"tags": {"Board": format!("{i}\u{1b}[31m"), "White": "W",
                                "Black": "B\u{202e}kcalb"},
                                "error": "bad\nannabella: hall: forged line\u{1b}]0;owned\u{7}"})
                        })
                        .collect();
                    let reply = json!({ "games": games }).to_string();
                    let _ = stream.write_all(
                        format!(
                            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{reply}",
                            reply.len()
                        )
                        .as_bytes(),
                    );
                }
            }
        }
    });
    asked
}

#[test]
fn a_hostile_push_endpoint_neither_redirects_the_push_nor_sizes_the_halls_pages_or_log() {
    let dir = tempfile::tempdir().unwrap();
    let broker = Broker::start(dir.path());
    let token = token_file(dir.path(), "lichess.token", &format!("{TOKEN}\n"), 0o600);
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let asked = hostile(listener);
    let flags = push_flags(&token, port);
    let extra: Vec<&str> = flags.iter().map(String::as_str).collect();
    let hall = Hall::start(&broker, dir.path(), &extra);
    let out = dir.path().join("table-1");
    finish(demo(&broker, &out, "1"), Duration::from_secs(120));

    let news = wait_for(
        Duration::from_secs(60),
        "the hostile reply's errors are reported",
        || {
            let news = hall.news("broadcast");
            let done = news.iter().any(|n| n["errors_left_out"].as_u64() > Some(0));
            (done, news)
        },
    );
    // The redirect: refused, not followed, not called pushed.
    let redirected = news
        .iter()
        .find(|n| n["problem"].as_str().is_some_and(|p| p.contains("303")))
        .unwrap_or_else(|| panic!("no news of the redirect: {news:?}"));
    assert_eq!(redirected["delivered"], false, "{redirected}");
    assert!(
        redirected["problem"]
            .as_str()
            .unwrap()
            .contains("a push is never sent on to another address"),
        "{redirected}"
    );
    let asked = asked.lock().unwrap().clone();
    assert!(
        asked.iter().all(|(method, _)| method == "POST"),
        "every request a POST, none to the redirect's target: {asked:?}"
    );
    // The reply without end: read to the cap, a problem, tried again.
    let endless = news
        .iter()
        .find(|n| {
            n["problem"]
                .as_str()
                .is_some_and(|p| p.contains("longer than 1024 KiB"))
        })
        .unwrap_or_else(|| panic!("no news of the endless reply: {news:?}"));
    assert_eq!(endless["delivered"], false);
    // The 5,000 errors: ten kept, the rest counted, nothing unprintable.
    let errors = news
        .iter()
        .find(|n| n["errors_left_out"].as_u64() > Some(0))
        .unwrap();
    assert_eq!(errors["errors"].as_array().unwrap().len(), 10, "{errors}");
    assert_eq!(errors["errors_left_out"], 4990, "{errors}");
    let text = errors.to_string();
    assert!(
        !text.contains("\\u001b") && !text.contains("\\n") && !text.contains('\u{202e}'),
        "{text}"
    );
    for path in ["/", "/api/hall"] {
        let (status, page) = hall.get(path);
        assert_eq!(status, 200, "{path}");
        assert!(page.len() < 64 * 1024, "{path}: {} bytes", page.len());
        assert!(
            !page.contains('\u{1b}') && !page.contains('\u{202e}'),
            "{path}"
        );
    }
    let log = hall.log.lock().unwrap().clone();
    assert!(
        log.iter()
            .all(|l| !l.contains('\u{1b}') && !l.contains('\u{7}') && !l.contains('\u{202e}')),
        "no escape reaches the log"
    );
    assert!(
        !log.iter()
            .any(|l| l.starts_with("annabella: hall: forged") || l.starts_with("hall: forged")),
        "no forged log line"
    );
    assert!(
        log.iter().map(String::len).sum::<usize>() < 256 * 1024,
        "the log stays small"
    );
    assert!(
        log.iter()
            .any(|l| l.contains("Lichess did not take 4990 more games")),
        "the log sums up the rest"
    );
}
