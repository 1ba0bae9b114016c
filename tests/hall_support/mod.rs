//! What the hall's tests share: a real mosquitto on a free localhost port with its own
//! config (persistent, so a restart keeps QoS 1 sessions), the `annabella hall` process
//! with its `--json` lines, demo tables publishing to it, and waiting on conditions.

#![allow(dead_code, reason = "each test file uses a part")]

use std::{
    io::{BufRead, BufReader},
    net::{TcpListener, TcpStream},
    path::{Path, PathBuf},
    process::{Command, Stdio},
    sync::{Arc, Mutex},
    time::Duration,
};

pub const BIN: &str = env!("CARGO_BIN_EXE_annabella");

/// The tables the tests' broker and hall know (user, ACL block, key pair each).
pub const TABLES: &[&str] = &[
    "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17",
    "18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "b1", "b2", "b3",
    "b4", "d", "k", "L", "T",
];

/// The tests' own broker user, which may write every topic: what a test publishes in
/// the hall's or nobody's name goes under it, never under the hall's user (client ids
/// are tied to users, so a `mosquitto_pub` as the hall would close the hall's own
/// connection and end its session).
pub const WRITER: &str = "annabella-test-writer";

/// A test user's password.
pub fn password_of(user: &str) -> String {
    format!("pw-{user}-for-tests")
}

use annabella_hall_link::setup::{self, HALL_USER};
use annabella_hall_wire::signing::TableSigningKey;
pub const MOSQUITTO: &str = "/usr/sbin/mosquitto";

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

pub use annabella_test_support::process::Killed;
pub use annabella_test_support::wait::wait_for;
use annabella_test_support::{
    http::{body_of, exchange},
    process::wait_within,
};

/// mosquitto on 127.0.0.1 with persistence in its own directory.
pub struct Broker {
    pub port: u16,
    dir: PathBuf,
    child: Option<Killed>,
    tls: bool,
}

impl Broker {
    pub fn start(dir: &Path) -> Broker {
        Broker::start_with(dir, "")
    }

    /// mosquitto with TLS only: the certificate and key of `cert`/`key` (PEM).
    pub fn start_tls(dir: &Path, cert: &Path, key: &Path) -> Broker {
        let mut b = Broker::start_with(
            dir,
            &format!("certfile {}\nkeyfile {}\n", cert.display(), key.display()),
        );
        b.tls = true;
        b
    }

    /// mosquitto with the shipped configuration (packaging/mosquitto) on a free
    /// localhost port, `listener_extra` lines after its listener line, its password and
    /// ACL files in `dir`; every test table (`TABLES`) has its user, its ACL block and
    /// its key pair, and the hall its user.
    fn start_with(dir: &Path, listener_extra: &str) -> Broker {
        Broker::start_configured(dir, listener_extra, None)
    }

    /// As [`Broker::start`], but with `max_packet_size` set to `limit` (0: none).
    pub fn start_with_limit(dir: &Path, limit: u64) -> Broker {
        Broker::start_configured(dir, "", Some(limit))
    }

    fn start_configured(dir: &Path, listener_extra: &str, limit: Option<u64>) -> Broker {
        assert!(
            Path::new(MOSQUITTO).exists(),
            "{MOSQUITTO} is missing: install the Debian package mosquitto (scripts/setup.sh does)"
        );
        let port = free_port();
        let data = dir.join("mosquitto");
        std::fs::create_dir_all(&data).unwrap();
        let shipped = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("packaging/mosquitto/annabella-hall.conf"),
        )
        .unwrap();
        assert!(shipped.contains("\nlistener 1883\n") && shipped.contains("allow_anonymous false"));
        let mut conf = shipped
            .replace(
                "\nlistener 1883\n",
                &format!("\nlistener {port} 127.0.0.1\n{listener_extra}"),
            )
            .replace("/etc/mosquitto/annabella/", &format!("{}/", dir.display()));
        assert!(
            !shipped.contains("message_size_limit"),
            "the shipped configuration has no deprecated keys"
        );
        if let Some(limit) = limit {
            let line = if limit == 0 {
                String::new()
            } else {
                format!("max_packet_size {limit}")
            };
            conf = conf.replace("max_packet_size 263168", &line);
        }
        conf.push_str(&format!(
            "persistence_location {}/\nautosave_interval 1\nlog_dest stderr\n",
            data.display()
        ));
        std::fs::write(dir.join("mosquitto.conf"), conf).unwrap();
        // Users: the hall and every test table, each with its password file.
        let mut acl = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("packaging/mosquitto/acl"),
        )
        .unwrap();
        acl.push_str(&format!("\nuser {WRITER}\ntopic write annabella/#\n"));
        let mut users = format!(
            "{HALL_USER}:{}\n{WRITER}:{}\n",
            password_of(HALL_USER),
            password_of(WRITER)
        );
        let keys = dir.join("keys");
        std::fs::create_dir_all(&keys).unwrap();
        let mut tables = String::new();
        for table in TABLES {
            acl.push('\n');
            acl.push_str(&setup::acl_block(table));
            let user = setup::table_user(table);
            users.push_str(&format!("{user}:{}\n", password_of(&user)));
            let key = TableSigningKey::generate().unwrap();
            annabella_broker::key_file::write_new_signing_key(
                &key,
                &keys.join(format!("{table}.key")),
            )
            .unwrap();
            tables.push_str(&setup::tables_entry(table, &key.public()));
        }
        std::fs::write(dir.join("acl"), acl).unwrap();
        std::fs::write(dir.join("tables.toml"), tables).unwrap();
        std::fs::write(dir.join("passwd"), users).unwrap();
        let hashed = Command::new("mosquitto_passwd")
            .arg("-U")
            .arg(dir.join("passwd"))
            .status()
            .expect("mosquitto_passwd (Debian package mosquitto)");
        assert!(hashed.success(), "mosquitto_passwd -U");
        let pw = dir.join("passwords");
        std::fs::create_dir_all(&pw).unwrap();
        for user in TABLES
            .iter()
            .map(|t| setup::table_user(t))
            .chain([HALL_USER.to_owned()])
        {
            std::fs::write(pw.join(&user), format!("{}\n", password_of(&user))).unwrap();
            // A password file is its owner's only (the hall refuses another).
            use std::os::unix::fs::PermissionsExt as _;
            std::fs::set_permissions(pw.join(&user), std::fs::Permissions::from_mode(0o600))
                .unwrap();
        }
        let mut b = Broker {
            port,
            dir: dir.to_owned(),
            child: None,
            tls: false,
        };
        b.restart();
        b
    }

    /// Table `table`'s private key file.
    pub fn key(&self, table: &str) -> PathBuf {
        self.dir.join("keys").join(format!("{table}.key"))
    }

    /// The file holding `user`'s password.
    pub fn password_file(&self, user: &str) -> PathBuf {
        self.dir.join("passwords").join(user)
    }

    /// The hall's tables file (every test table's public key).
    pub fn tables(&self) -> PathBuf {
        self.dir.join("tables.toml")
    }

    /// The flags that sign and log in as table `table` (`hall publish`).
    pub fn table_flags(&self, table: &str) -> Vec<String> {
        let user = setup::table_user(table);
        vec![
            "--key".into(),
            self.key(table).display().to_string(),
            "--user".into(),
            user.clone(),
            "--password-file".into(),
            self.password_file(&user).display().to_string(),
        ]
    }

    pub fn url(&self) -> String {
        let scheme = if self.tls { "mqtts" } else { "mqtt" };
        format!("{scheme}://127.0.0.1:{}", self.port)
    }

    /// What mosquitto logged since it was last started.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("mosquitto.log")).unwrap_or_default()
    }

    /// kill -9: no goodbye, nothing saved since the last autosave.
    pub fn kill9(&mut self) {
        if let Some(mut k) = self.child.take() {
            let _ = k.0.kill();
            let _ = k.0.wait();
        }
    }

    pub fn restart(&mut self) {
        let log = std::fs::File::create(self.dir.join("mosquitto.log")).unwrap();
        let child = Command::new(MOSQUITTO)
            .arg("-c")
            .arg(self.dir.join("mosquitto.conf"))
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("start mosquitto");
        self.child = Some(Killed(child));
        let port = self.port;
        wait_for(Duration::from_secs(10), "mosquitto listens", || {
            (TcpStream::connect(("127.0.0.1", port)).is_ok(), port)
        });
    }

    /// Publishes `payload` with mosquitto_pub (QoS 1).
    pub fn publish(&self, topic: &str, payload: &str) {
        self.mosquitto_pub(topic, &["-m", payload]);
    }

    /// Publishes the file's bytes with mosquitto_pub (QoS 1).
    pub fn publish_file(&self, topic: &str, file: &Path) {
        self.mosquitto_pub(topic, &["-f", file.to_str().unwrap()]);
    }

    /// Publishes the file's bytes with mosquitto_pub (QoS 1), which the broker must
    /// refuse at once (over `max_packet_size`: mosquitto_pub fails).
    pub fn publish_file_refused(&self, topic: &str, file: &Path) {
        let status = self.mosquitto_pub_status(
            &Broker::user_for(topic),
            topic,
            &["-f", file.to_str().unwrap()],
        );
        assert!(
            !status.success(),
            "the broker took an oversized packet on {topic}"
        );
    }

    /// Publishes with mosquitto_pub (QoS 1) as `user`.
    pub fn publish_as(&self, user: &str, topic: &str, payload: &str) {
        self.mosquitto_pub_as(user, topic, &["-m", payload]);
    }

    /// Publishes the file's bytes with mosquitto_pub (QoS 1) as `user`, retained.
    pub fn publish_file_retained_as(&self, user: &str, topic: &str, file: &Path) {
        self.mosquitto_pub_as(user, topic, &["-r", "-f", file.to_str().unwrap()]);
    }

    /// The user a test publishes `topic` as: the hall for actions, else the topic's table.
    fn user_for(topic: &str) -> String {
        match topic.split('/').collect::<Vec<_>>().as_slice() {
            [_, "action", _] => WRITER.to_owned(),
            [_, _, table] => setup::table_user(table),
            _ => WRITER.to_owned(),
        }
    }

    fn mosquitto_pub(&self, topic: &str, payload: &[&str]) {
        self.mosquitto_pub_as(&Broker::user_for(topic), topic, payload);
    }

    fn mosquitto_pub_as(&self, user: &str, topic: &str, payload: &[&str]) {
        let status = self.mosquitto_pub_status(user, topic, payload);
        assert!(status.success(), "mosquitto_pub {topic}");
    }

    fn mosquitto_pub_status(
        &self,
        user: &str,
        topic: &str,
        payload: &[&str],
    ) -> std::process::ExitStatus {
        let password = password_of(user);
        Command::new("mosquitto_pub")
            .args(["-u", user, "-P", &password])
            .args([
                "-h",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-q",
                "1",
                "-t",
                topic,
            ])
            .args(payload)
            .stderr(Stdio::null())
            .status()
            .expect("mosquitto_pub (Debian package mosquitto-clients)")
    }
}

/// `annabella hall --json` with its lines and its page's address.
pub struct Hall {
    pub addr: String,
    pub token: String,
    pub pgn: PathBuf,
    pub lines: Arc<Mutex<Vec<serde_json::Value>>>,
    pub log: Arc<Mutex<Vec<String>>>,
    _child: Killed,
}

impl Hall {
    pub fn start(broker: &Broker, dir: &Path, extra: &[&str]) -> Hall {
        let pgn = dir.join("round.pgn");
        let token = "hall-token-for-tests-0123456789abcdef".to_owned();
        let mut child = Command::new(BIN)
            .args([
                "hall",
                "--broker",
                &broker.url(),
                "--listen",
                "127.0.0.1:0",
                "--json",
            ])
            .env("ANNABELLA_HALL_TOKEN", &token)
            .arg("--pgn-out")
            .arg(&pgn)
            .args(
                // A second hall on the same broker brings its own client id.
                (!extra.contains(&"--client-id"))
                    .then(|| {
                        [
                            "--client-id".to_owned(),
                            format!("hall-test-{}", broker.port),
                        ]
                    })
                    .into_iter()
                    .flatten(),
            )
            // The hall's pages in English unless the test names the language (the
            // hall's own default is German).
            .args(
                (!extra.contains(&"--language"))
                    .then_some(["--language", "en"])
                    .into_iter()
                    .flatten(),
            )
            .arg("--tables")
            .arg(broker.tables())
            .args(["--user", HALL_USER, "--password-file"])
            .arg(broker.password_file(HALL_USER))
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start annabella hall");
        let lines: Arc<Mutex<Vec<serde_json::Value>>> = Arc::default();
        let log: Arc<Mutex<Vec<String>>> = Arc::default();
        let out = child.stdout.take().unwrap();
        let l = Arc::clone(&lines);
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                let v: serde_json::Value = serde_json::from_str(&line).unwrap_or_else(|e| {
                    panic!("hall --json printed a non-JSON line {line:?}: {e}")
                });
                l.lock().unwrap().push(v);
            }
        });
        let err = child.stderr.take().unwrap();
        let g = Arc::clone(&log);
        std::thread::spawn(move || {
            for line in BufReader::new(err).lines().map_while(Result::ok) {
                eprintln!("[hall] {line}");
                g.lock().unwrap().push(line);
            }
        });
        let hall = Hall {
            addr: String::new(),
            token,
            pgn,
            lines,
            log,
            _child: Killed(child),
        };
        let addr = wait_for(Duration::from_secs(20), "the hall subscribes", || {
            let log = hall.log.lock().unwrap();
            let addr = log
                .iter()
                .find_map(|l| l.split_once("hall: http://").map(|(_, a)| a))
                .map(|a| a.split('/').next().unwrap_or("").to_owned());
            let subscribed = log.iter().any(|l| l.contains("subscribed to annabella/#"));
            (addr.is_some() && subscribed, addr)
        });
        Hall {
            addr: addr.unwrap(),
            ..hall
        }
    }

    pub fn news(&self, kind: &str) -> Vec<serde_json::Value> {
        self.lines
            .lock()
            .unwrap()
            .iter()
            .filter(|v| v["news"] == kind)
            .cloned()
            .collect()
    }

    /// The SAN of every move news line of `table`'s current game, in arrival order.
    pub fn moves(&self, table: &str) -> Vec<(u64, String)> {
        let lines = self.lines.lock().unwrap();
        let game = lines
            .iter()
            .filter(|v| v["table"] == table && v["news"] == "move")
            .filter_map(|v| v["game"].as_u64())
            .max();
        lines
            .iter()
            .filter(|v| v["news"] == "move" && v["table"] == table && v["game"].as_u64() == game)
            .map(|v| {
                (
                    v["ply"].as_u64().unwrap(),
                    v["san"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    }

    /// GET `path` on the hall's server.
    pub fn get(&self, path: &str) -> (u16, String) {
        http_get(&self.addr, path)
    }
}

/// Sends one HTTP/1.1 request (`head` without Host and Connection, then `body`) to
/// `addr`; the status and the body.
pub fn http(addr: &str, head: &str, body: &str) -> (u16, String) {
    let (status, text) = exchange(
        addr,
        &format!("{head}\r\nHost: {addr}\r\nConnection: close\r\n\r\n{body}"),
    );
    (status, body_of(&text).to_owned())
}

/// GET `path` at `addr`: the status and the body.
pub fn http_get(addr: &str, path: &str) -> (u16, String) {
    http(addr, &format!("GET {path} HTTP/1.1"), "")
}

/// `annabella demo` of the sample game at table `table`, publishing to `broker`.
pub fn demo(broker: &Broker, out: &Path, table: &str) -> Killed {
    demo_script(broker, out, table, None)
}

/// `annabella demo` of `script` (else the sample game) at table `table`, publishing to
/// `broker` as that table's user with its key; records in `out`.
pub fn demo_script(broker: &Broker, out: &Path, table: &str, script: Option<&Path>) -> Killed {
    let user = setup::table_user(table);
    let mut command = Command::new(BIN);
    command
        .args(["demo", "--text", "--typed", "--hall", &broker.url()])
        .args([
            "--table",
            table,
            "--hall-user",
            &user,
            "--hall-password-file",
        ])
        .arg(broker.password_file(&user))
        .arg("--hall-key")
        .arg(broker.key(table));
    if let Some(script) = script {
        command.arg("--script").arg(script);
    }
    Killed(
        command
            .arg("--out")
            .arg(out)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start annabella demo"),
    )
}

/// Waits for a demo to end and returns its stderr, failing on a failed exit.
pub fn finish(mut demo: Killed, limit: Duration) -> String {
    use std::io::Read;
    let status = wait_within(&mut demo.0, limit, "annabella demo");
    let mut err = String::new();
    demo.0
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(status.success(), "demo failed ({status}):\n{err}");
    err
}

/// The game PGN as the hall broadcasts it: the station's with a Board tag.
pub fn with_board(pgn: &str, table: &str) -> String {
    annabella_hall::round::with_board_tag(pgn, table)
}

/// The games of a round PGN file, split at each `[Event`.
pub fn games(round: &str) -> Vec<String> {
    let mut games: Vec<String> = Vec::new();
    for line in round.split_inclusive('\n') {
        if line.starts_with("[Event ") {
            games.push(String::new());
        }
        if let Some(g) = games.last_mut() {
            g.push_str(line);
        }
    }
    games.into_iter().map(|g| g.trim_end().to_owned()).collect()
}

/// Asserts that `table`'s moves arrived once each, in order, and are `expected`.
pub fn assert_moves_once_in_order(hall: &Hall, table: &str, expected: &[String]) {
    let moves = hall.moves(table);
    let plies: Vec<u64> = moves.iter().map(|m| m.0).collect();
    let want: Vec<u64> = (1..=expected.len() as u64).collect();
    assert_eq!(
        plies, want,
        "table {table}: plies in the order they arrived"
    );
    let sans: Vec<String> = moves.into_iter().map(|m| m.1).collect();
    assert_eq!(sans, expected, "table {table}: the moves");
}

/// The key of the test tables' signed actions.
pub const KEY: &str = "00112233445566778899aabbccddeeff";

/// A `table.toml` in `dir` for table `table` in the hall of `broker`: simulated devices,
/// text voices, records in `dir/records`; `extra` is appended (more sections).
pub fn hall_table(dir: &Path, broker: &Broker, table: &str, extra: &str) -> PathBuf {
    let config = dir.join("table.toml");
    std::fs::write(
        &config,
        format!(
            "[game]\ntime_control = \"300+2\"\n[devices]\npeg_board = \"sim\"\ndgt = \"sim\"\n\
             clock = \"sim\"\n[voice.vi]\nbackend = \"text\"\n[records]\ndir = \"records\"\n\
             [hall]\nbroker = \"{}\"\ntable = \"{table}\"\naction_key = \"{KEY}\"\n\
             user = \"{user}\"\npassword = \"{password}\"\nsigning_key = \"{key}\"\n{extra}",
            broker.url(),
            user = setup::table_user(table),
            password = password_of(&setup::table_user(table)),
            key = broker.key(table).display(),
        ),
    )
    .unwrap();
    config
}

/// `annabella play --json --config …` with its keyboard, its JSON lines and its log.
pub struct Play {
    child: Killed,
    stdin: Option<std::process::ChildStdin>,
    pub out: Arc<Mutex<Vec<serde_json::Value>>>,
    pub err: Arc<Mutex<Vec<String>>>,
}

impl Play {
    pub fn start(config: &Path) -> Play {
        let mut child = Command::new(BIN)
            .args(["play", "--json", "--config"])
            .arg(config)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start annabella play");
        let out: Arc<Mutex<Vec<serde_json::Value>>> = Arc::default();
        let err: Arc<Mutex<Vec<String>>> = Arc::default();
        let stdout = child.stdout.take().unwrap();
        let o = Arc::clone(&out);
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Ok(v) = serde_json::from_str(&line) {
                    o.lock().unwrap().push(v);
                }
            }
        });
        let stderr = child.stderr.take().unwrap();
        let e = Arc::clone(&err);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                eprintln!("[play] {line}");
                e.lock().unwrap().push(line);
            }
        });
        Play {
            stdin: child.stdin.take(),
            child: Killed(child),
            out,
            err,
        }
    }

    /// Types `lines` at the table's keyboard (the script language).
    pub fn say(&mut self, lines: &str) {
        use std::io::Write;
        let stdin = self.stdin.as_mut().expect("the keyboard is open");
        stdin.write_all(lines.as_bytes()).unwrap();
        stdin.flush().unwrap();
    }

    /// Waits until a log line contains `text`.
    pub fn wait_log(&self, limit: Duration, text: &str) -> String {
        let err = Arc::clone(&self.err);
        wait_for(limit, &format!("play logs {text:?}"), || {
            let log = err.lock().unwrap();
            let found = log.iter().find(|l| l.contains(text)).cloned();
            (found.is_some(), found)
        })
        .unwrap_or_default()
    }

    /// The arbiter's inputs the table journalled that `by` took.
    pub fn inputs_by(&self, by: &str) -> Vec<serde_json::Value> {
        self.out
            .lock()
            .unwrap()
            .iter()
            .filter(|v| v["kind"] == "input" && v["input"]["by"] == by)
            .cloned()
            .collect()
    }

    /// Ends the keyboard and waits for the table to stop; its log.
    pub fn quit(mut self, limit: Duration) -> String {
        drop(self.stdin.take());
        let status = wait_within(&mut self.child.0, limit, "annabella play");
        let log = self.err.lock().unwrap().join("\n");
        assert!(status.success(), "play failed ({status}):\n{log}");
        log
    }
}

/// POSTs a form to `addr` (`application/x-www-form-urlencoded`); the status.
pub fn post_form(addr: &str, path: &str, fields: &[(&str, &str)]) -> u16 {
    let body: Vec<String> = fields
        .iter()
        .map(|(k, v)| format!("{k}={}", annabella_serve::encode(v)))
        .collect();
    let body = body.join("&");
    let head = format!(
        "POST {path} HTTP/1.1\r\nOrigin: http://{addr}\r\n\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}",
        body.len()
    );
    http(addr, &head, &body).0
}
