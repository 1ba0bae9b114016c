//! Who holds a serial port open: the processes `/proc` shows with the port among their
//! open files (and the pid of a UUCP lock file `LCK..<name>`), so `doctor` can name a
//! busy port as busy instead of telling the user to plug a device in. A pseudo-terminal's
//! own master (a simulator behind the port) is the device, not a holder.

use std::path::{Path, PathBuf};

/// A process that holds a port.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Holder {
    /// Its process id.
    pub pid: u32,
    /// Its command line as a person reads it (control characters removed, at most 80
    /// characters; empty when it cannot be read).
    pub command: String,
}

impl Holder {
    /// "process 1234 (annabella play --config table.toml)".
    pub fn describe(&self) -> String {
        if self.command.is_empty() {
            format!("process {}", self.pid)
        } else {
            format!("process {} ({})", self.pid, self.command)
        }
    }
}

/// Where UUCP lock files live.
const LOCK_DIRS: [&str; 2] = ["/run/lock", "/var/lock"];

/// The processes other than this one that hold `port` open, by pid (the pid of a lock
/// file for it too, when that process is alive).
pub fn holders(port: &Path) -> Vec<Holder> {
    let Ok(target) = std::fs::canonicalize(port) else {
        return Vec::new();
    };
    holders_of(&target, Path::new("/proc"))
}

/// [`holders`] of the canonical path `target`, with `/proc` at `proc`.
fn holders_of(target: &Path, proc: &Path) -> Vec<Holder> {
    let me = std::process::id();
    let pty_index = pty_index(target);
    let mut found: Vec<u32> = Vec::new();
    for entry in std::fs::read_dir(proc).into_iter().flatten().flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        if pid == me {
            continue;
        }
        let dir = entry.path();
        let (mut holds, mut is_master) = (false, false);
        for fd in std::fs::read_dir(dir.join("fd"))
            .into_iter()
            .flatten()
            .flatten()
        {
            let Ok(link) = std::fs::read_link(fd.path()) else {
                continue;
            };
            if link == target {
                holds = true;
            } else if link == Path::new("/dev/ptmx") || link.starts_with("/dev/pts/ptmx") {
                // The master of the pseudo-terminal `target` is: the device itself.
                let info = dir.join("fdinfo").join(fd.file_name());
                if pty_index.is_some() && master_index(&info) == pty_index {
                    is_master = true;
                }
            }
        }
        if holds && !is_master {
            found.push(pid);
        }
    }
    for pid in locked_by(target) {
        if pid != me && !found.contains(&pid) && proc.join(pid.to_string()).is_dir() {
            found.push(pid);
        }
    }
    found.sort_unstable();
    found
        .into_iter()
        .map(|pid| Holder {
            pid,
            command: command_line(&proc.join(pid.to_string())),
        })
        .collect()
}

/// `N` of `/dev/pts/N`.
fn pty_index(target: &Path) -> Option<u32> {
    target.strip_prefix("/dev/pts").ok()?.to_str()?.parse().ok()
}

/// The `tty-index` of a pseudo-terminal master's fdinfo.
fn master_index(fdinfo: &Path) -> Option<u32> {
    std::fs::read_to_string(fdinfo)
        .ok()?
        .lines()
        .find_map(|l| l.strip_prefix("tty-index:"))?
        .trim()
        .parse()
        .ok()
}

/// The pids in the lock files `LCK..<name>` of `target` (ASCII or binary pid).
fn locked_by(target: &Path) -> Vec<u32> {
    let Some(name) = target.file_name().and_then(|n| n.to_str()) else {
        return Vec::new();
    };
    LOCK_DIRS
        .iter()
        .filter_map(|d| std::fs::read(PathBuf::from(d).join(format!("LCK..{name}"))).ok())
        .filter_map(|bytes| lock_pid(&bytes))
        .collect()
}

/// The pid a lock file holds: ten ASCII digits (HDB UUCP) or a 4-byte binary integer.
fn lock_pid(bytes: &[u8]) -> Option<u32> {
    let text = std::str::from_utf8(bytes).ok().map(str::trim);
    let pid = match text.and_then(|t| t.parse::<u32>().ok()) {
        Some(pid) => Some(pid),
        None if bytes.len() == 4 => {
            Some(u32::from_ne_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]))
        }
        None => None,
    };
    pid.filter(|&pid| pid > 0)
}

/// A process's command line for a person: its arguments joined by spaces, the program
/// by its file name, no control characters, at most 80 characters.
fn command_line(dir: &Path) -> String {
    let raw = std::fs::read(dir.join("cmdline")).unwrap_or_default();
    let mut words: Vec<String> = raw
        .split(|&b| b == 0)
        .filter(|w| !w.is_empty())
        .map(|w| String::from_utf8_lossy(w).into_owned())
        .collect();
    if let Some(first) = words.first_mut() {
        let name = Path::new(first.as_str())
            .file_name()
            .map(|n| n.to_string_lossy().into_owned());
        if let Some(name) = name {
            *first = name;
        }
    }
    if words.is_empty() {
        words.push(
            std::fs::read_to_string(dir.join("comm"))
                .unwrap_or_default()
                .trim()
                .to_owned(),
        );
    }
    let line: String = words
        .join(" ")
        .chars()
        .filter(|c| !c.is_control())
        .collect();
    annabella_rules::excerpt(&line).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lock_file_holds_its_pid_as_text_or_binary() {
        assert_eq!(lock_pid(b"      4711\n"), Some(4711));
        assert_eq!(lock_pid(&4711u32.to_ne_bytes()), Some(4711));
        assert_eq!(lock_pid(b"garbage"), None);
        assert_eq!(lock_pid(b"0\n"), None);
    }

    #[test]
    fn a_pty_is_known_by_its_index() {
        assert_eq!(pty_index(Path::new("/dev/pts/7")), Some(7));
        assert_eq!(pty_index(Path::new("/dev/ttyUSB0")), None);
    }
}
