//! The Debian package: `scripts/package.sh` packages this test build's binary, `dpkg -i`
//! installs it, and the installed annabella runs `demo` and `doctor` from a directory
//! outside the checkout, finding libvosk in /usr/lib/annabella through its rpath (never
//! through this checkout); the systemd units are verified; `dpkg --purge` removes it all,
//! also when the test fails.

use annabella_test_support::process::Killed;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Output, Stdio};

const INSTALLED: &str = "/usr/bin/annabella";

fn run(cmd: &mut Command) -> Output {
    let shown = format!("{cmd:?}");
    cmd.output()
        .unwrap_or_else(|e| panic!("cannot run {shown}: {e}"))
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Purges the package when dropped: a failed test leaves no package behind.
struct Installed;

impl Drop for Installed {
    fn drop(&mut self) {
        let out = Command::new("dpkg").args(["--purge", "annabella"]).output();
        if let Ok(out) = out
            && !out.status.success()
        {
            eprintln!("dpkg --purge annabella failed: {}", text(&out));
        }
    }
}

/// The installed binary, with nothing from a build environment that could point it at
/// libvosk.
fn installed() -> Command {
    let mut cmd = Command::new(INSTALLED);
    cmd.env_remove("LD_LIBRARY_PATH").env_remove("VOSK_LIB_DIR");
    cmd
}

#[test]
fn the_package_installs_plays_the_demo_checks_a_table_and_purges() {
    let checkout = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dpkg = Command::new("dpkg").arg("--version").output();
    assert!(
        dpkg.is_ok_and(|o| o.status.success()),
        "dpkg is missing: the package test needs a Debian or Ubuntu machine (we are root in CI)"
    );
    let before = run(Command::new("dpkg-query").args(["-W", "-f=${Status}", "annabella"]));
    assert!(
        !String::from_utf8_lossy(&before.stdout).contains("install ok installed"),
        "annabella is installed already: this test installs and purges its own package; \
         remove it first (dpkg --purge annabella)"
    );

    let out = run(Command::new("bash")
        .arg(checkout.join("scripts/package.sh"))
        .arg("--binary")
        .arg(env!("CARGO_BIN_EXE_annabella")));
    assert!(out.status.success(), "package.sh: {}", text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let deb = checkout.join(stdout.lines().last().expect("package.sh prints the .deb"));
    assert!(deb.is_file(), "{}", deb.display());

    let _purge = Installed;
    let out = run(Command::new("dpkg").arg("-i").arg(&deb));
    assert!(out.status.success(), "dpkg -i: {}", text(&out));

    // The rpath: beside the binary and the package's lib directory, nothing else.
    let out = run(Command::new("readelf").args(["-d", INSTALLED]));
    let dynamic = String::from_utf8_lossy(&out.stdout);
    let runpath = dynamic
        .lines()
        .find(|l| l.contains("RUNPATH") || l.contains("RPATH"))
        .unwrap_or_else(|| panic!("no rpath: {dynamic}"));
    assert!(
        runpath.ends_with("[$ORIGIN/../lib/annabella:$ORIGIN]"),
        "{runpath}"
    );
    // The loader takes libvosk from the package.
    let out = run(Command::new("ldd")
        .arg(INSTALLED)
        .env_remove("LD_LIBRARY_PATH"));
    let libs = String::from_utf8_lossy(&out.stdout);
    let vosk = libs
        .lines()
        .find(|l| l.contains("libvosk.so"))
        .unwrap_or_else(|| panic!("{libs}"));
    assert!(
        vosk.contains("=> /usr/bin/../lib/annabella/libvosk.so"),
        "{vosk}"
    );

    // The system user: serial ports and sound.
    let out = run(Command::new("id").args(["-nG", "annabella"]));
    let groups = String::from_utf8_lossy(&out.stdout);
    assert!(
        groups.split_whitespace().any(|g| g == "dialout")
            && groups.split_whitespace().any(|g| g == "audio"),
        "{groups}"
    );

    // The demo from a directory that is not the checkout.
    let away = tempfile::tempdir().unwrap();
    let out = run(installed()
        .args(["demo", "--text", "--typed", "--out", "records"])
        .current_dir(away.path()));
    let told = text(&out);
    assert!(out.status.success(), "installed demo: {told}");
    assert!(told.contains("Partie beendet: 1-0 (Schachmatt)."), "{told}");
    let pgn = std::fs::read_to_string(away.path().join("records/game.pgn")).unwrap();
    assert!(pgn.contains("4. Qxf7#"), "{pgn}");

    // doctor on a table with a (simulated) clock, all from the installed binary.
    let clock_link = away.path().join("clock");
    let mut sim = installed()
        .args(["sim", "clock", "--link"])
        .arg(&clock_link)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(sim.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let _sim = Killed(sim);
    let config = away.path().join("table.toml");
    let out = run(installed()
        .args(["init", "--non-interactive", "--no-devices", "--port"])
        .arg(&clock_link)
        .arg("--out")
        .arg(&config)
        .current_dir(away.path()));
    assert!(out.status.success(), "installed init: {}", text(&out));
    let out = run(installed()
        .args(["doctor", "--config"])
        .arg(&config)
        .current_dir(away.path()));
    let report = text(&out);
    assert!(out.status.success(), "installed doctor: {report}");
    assert!(
        report
            .lines()
            .any(|l| l.starts_with("ok device clock: tactile clock")),
        "{report}"
    );

    // The systemd units: what they run and as whom; systemd checks them itself.
    let service = std::fs::read_to_string("/lib/systemd/system/annabella@.service").unwrap();
    for line in [
        "ExecStart=/usr/bin/annabella play --config /etc/annabella/%i.toml --allow-missing",
        "User=annabella",
        "SupplementaryGroups=dialout audio",
        "Restart=on-failure",
        "StandardInput=socket",
    ] {
        assert!(
            service.lines().any(|l| l == line),
            "{line} missing: {service}"
        );
    }
    let out = run(Command::new("systemd-analyze").args([
        "verify",
        "annabella@table-1.service",
        "annabella@table-1.socket",
    ]));
    assert!(
        out.status.success() && !String::from_utf8_lossy(&out.stderr).contains("annabella"),
        "systemd-analyze verify: {}",
        text(&out)
    );

    drop(_sim);
    drop(_purge);
    assert!(!Path::new(INSTALLED).exists(), "purged");
    assert!(
        !Path::new("/usr/lib/annabella/libvosk.so").exists(),
        "purged"
    );
    let out = run(Command::new("id").arg("annabella"));
    assert!(!out.status.success(), "the user went with the purge");
}
