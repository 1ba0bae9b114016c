//! Issue 39, item 8: the README's broker steps for a hall, run as written (the block
//! between `<!-- hall-broker-steps -->` markers), with `/etc` moved into a temporary
//! directory, without `sudo`, and mosquitto started by the test instead of systemd; the
//! hall then logs in with the user and password file those steps made.

use std::{
    io::{BufRead, BufReader},
    path::Path,
    process::{Command, Stdio},
    sync::{Arc, Mutex},
    time::Duration,
};

use annabella_test_support::{process::Killed, wait::wait_for};

const BIN: &str = env!("CARGO_BIN_EXE_annabella");

/// The README's broker steps, as shell lines.
fn steps() -> String {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let block = readme
        .split("<!-- hall-broker-steps -->")
        .nth(1)
        .and_then(|b| b.split("<!-- /hall-broker-steps -->").next())
        .expect("the README marks its broker steps");
    block
        .lines()
        .filter(|l| !l.starts_with("```"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_readmes_broker_steps_make_a_broker_the_hall_logs_in_to() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let etc = root.join("etc/mosquitto");
    let repo = env!("CARGO_MANIFEST_DIR");
    let script = steps();
    for needed in [
        "mosquitto_passwd -c -b /etc/mosquitto/annabella/passwd annabella-hall",
        "packaging/mosquitto/acl /etc/mosquitto/annabella/acl",
        "hall.password",
    ] {
        assert!(
            script.contains(needed),
            "the steps name {needed:?}:\n{script}"
        );
    }
    // mosquitto started as root reads its files as the user mosquitto: it must reach them.
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::set_permissions(root, std::fs::Permissions::from_mode(0o755)).unwrap();
    let is_root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"));
    let mut moved = script
        .replace("sudo ", "")
        .replace("/etc/mosquitto", &etc.display().to_string())
        .replace(" packaging/", &format!(" {repo}/packaging/"))
        .replace("systemctl restart mosquitto", "true");
    if !is_root {
        // Without root, mosquitto runs as this user, who owns the files already.
        moved = moved.replace("chown mosquitto:", "true");
    }
    std::fs::create_dir_all(etc.join("conf.d")).unwrap();
    let out = Command::new("sh")
        .args(["-e", "-c", &moved])
        .current_dir(root)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{moved}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&root.join("hall.password")), 0o600);
    assert_eq!(mode(&etc.join("annabella/passwd")), 0o600);
    // mosquitto with the copied configuration, its paths and port moved like the steps.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let conf = std::fs::read_to_string(etc.join("conf.d/annabella-hall.conf"))
        .unwrap()
        .replace("/etc/mosquitto", &etc.display().to_string())
        .replace(
            "\nlistener 1883\n",
            &format!("\nlistener {port} 127.0.0.1\n"),
        )
        .replace("persistence true", "persistence false");
    let conf_file = root.join("mosquitto.conf");
    std::fs::write(&conf_file, conf).unwrap();
    let _broker = Killed(
        Command::new("/usr/sbin/mosquitto")
            .arg("-c")
            .arg(&conf_file)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("mosquitto"),
    );
    wait_for(Duration::from_secs(10), "mosquitto listens", || {
        (
            std::net::TcpStream::connect(("127.0.0.1", port)).is_ok(),
            (),
        )
    });
    let tables = root.join("tables.toml");
    std::fs::write(&tables, "[tables]\n").unwrap();
    let mut hall = Command::new(BIN)
        .args(["hall", "--broker", &format!("mqtt://127.0.0.1:{port}")])
        .args(["--listen", "127.0.0.1:0", "--tables"])
        .arg(&tables)
        .args(["--user", "annabella-hall", "--password-file"])
        .arg(root.join("hall.password"))
        .args(["--client-id", &format!("readme-hall-{port}")])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let err = hall.stderr.take().unwrap();
    let _hall = Killed(hall);
    let log: Arc<Mutex<Vec<String>>> = Arc::default();
    let l = Arc::clone(&log);
    std::thread::spawn(move || {
        for line in BufReader::new(err).lines().map_while(Result::ok) {
            l.lock().unwrap().push(line);
        }
    });
    wait_for(
        Duration::from_secs(30),
        "the hall logs in and subscribes",
        || {
            let log = log.lock().unwrap();
            (
                log.iter().any(|l| l.contains("subscribed to annabella/#")),
                log.clone(),
            )
        },
    );
}
