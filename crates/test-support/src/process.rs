//! Child processes with a deadline: a run past its limit is killed and fails the test
//! naming the program and the limit (a hang to report, not to wait for).

use std::{
    io::{Read, Write},
    process::{Child, Command, ExitStatus, Output, Stdio},
    thread::JoinHandle,
    time::Duration,
};

use wait_timeout::ChildExt;

/// How long a scripted `annabella demo` may run before the test stops it (the scripts
/// take 10–60 s; a demo that does not end is a hang to report, not to wait for).
pub const DEMO_LIMIT: Duration = Duration::from_secs(240);

/// `cmd`'s output (stdout and stderr piped and drained on threads, so a chatty child
/// never blocks); a run past `limit` is killed and fails naming the command line, with
/// what it wrote on stderr.
pub fn output_within(cmd: &mut Command, limit: Duration) -> Output {
    let program = command_line(cmd);
    let child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("start {program}: {e}"));
    output_of(child, limit, &program)
}

/// `cmd`'s output with `input` written to its standard input (then closed), bounded by
/// `limit` as in [`output_within`].
pub fn output_with_input(cmd: &mut Command, input: &[u8], limit: Duration) -> Output {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("start {}: {e}", command_line(cmd)));
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_vec();
    // Written on a thread: a child that answers before reading everything never blocks us.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = output_of(child, limit, &command_line(cmd));
    let _ = writer.join();
    out
}

/// `cmd`'s stderr and exit status when its standard output is a pipe whose reader is gone
/// before the first line (the hardest case of `| head -1`): every write meets a closed
/// pipe. Bounded by `limit` as in [`output_within`].
pub fn output_with_stdout_closed(cmd: &mut Command, limit: Duration) -> Output {
    let program = command_line(cmd);
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("start {program}: {e}"));
    drop(child.stdout.take());
    output_of(child, limit, &program)
}

/// Asserts that a command whose standard output was closed ([`output_with_stdout_closed`])
/// ended quietly: successfully, without a panic or a word about the pipe.
///
/// # Panics
/// When it did not.
pub fn assert_quiet_on_a_closed_pipe(out: &Output, what: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{what} with its output closed: {:?}, {stderr}",
        out.status
    );
    for noise in ["panicked", "Broken pipe", "broken pipe", "backtrace"] {
        assert!(
            !stderr.contains(noise),
            "{what}: {noise:?} on stderr: {stderr}"
        );
    }
}

/// The output of a started `child` (`what` names it in failures): its piped stdout and
/// stderr drained on threads, the wait bounded by `limit` as in [`output_within`].
pub fn output_of(mut child: Child, limit: Duration, what: &str) -> Output {
    let stdout = drain(child.stdout.take());
    let stderr = drain(child.stderr.take());
    match child.wait_timeout(limit).expect("wait for the child") {
        Some(status) => Output {
            status,
            stdout: stdout.join().unwrap_or_default(),
            stderr: stderr.join().unwrap_or_default(),
        },
        None => {
            kill(&mut child);
            panic!(
                "{what} did not finish within {} s (killed): {}",
                limit.as_secs_f32(),
                String::from_utf8_lossy(&stderr.join().unwrap_or_default())
            );
        }
    }
}

/// Waits for `child` (`what` names it in failures) up to `limit`; past it the child is
/// killed and the test fails.
pub fn wait_within(child: &mut Child, limit: Duration, what: &str) -> ExitStatus {
    match child.wait_timeout(limit).expect("wait for the child") {
        Some(status) => status,
        None => {
            kill(child);
            panic!(
                "{what} did not finish within {} s (killed)",
                limit.as_secs_f32()
            );
        }
    }
}

/// A child process the test owns: killed (and reaped) when dropped, so a failing test
/// leaves no simulator, server or table running.
pub struct Killed(pub Child);

impl Drop for Killed {
    fn drop(&mut self) {
        kill(&mut self.0);
    }
}

/// A started simulator (or server) that prints where it is on its first line: that line,
/// read once it is there, with the child owned by the test. Its stdout must be piped.
///
/// # Panics
/// When the child has no piped stdout or ends before a line.
pub fn first_line(mut child: Child) -> (Killed, String) {
    use std::io::{BufRead, BufReader};
    let out = child.stdout.take().expect("a piped stdout");
    let mut line = String::new();
    BufReader::new(out)
        .read_line(&mut line)
        .expect("the child's first line");
    (Killed(child), line.trim().to_owned())
}

/// `cmd`'s program and arguments, as failures name it.
fn command_line(cmd: &Command) -> String {
    std::iter::once(cmd.get_program())
        .chain(cmd.get_args())
        .map(|a| a.to_string_lossy())
        .collect::<Vec<_>>()
        .join(" ")
}

fn kill(child: &mut Child) {
    let _ = child.kill();
    let _ = child.wait();
}

fn drain(pipe: Option<impl Read + Send + 'static>) -> JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut pipe) = pipe {
            let _ = pipe.read_to_end(&mut bytes);
        }
        bytes
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finished_child_gives_its_output() {
        let out = output_within(
            Command::new("sh").args(["-c", "echo out; echo err >&2; exit 3"]),
            Duration::from_secs(30),
        );
        assert_eq!(out.status.code(), Some(3));
        assert_eq!(out.stdout, b"out\n");
        assert_eq!(out.stderr, b"err\n");
    }

    #[test]
    #[should_panic(
        expected = "sh -c echo waiting >&2; exec sleep 60 did not finish within 0.2 s (killed): waiting"
    )]
    fn a_child_past_its_limit_is_killed_and_named() {
        output_within(
            Command::new("sh").args(["-c", "echo waiting >&2; exec sleep 60"]),
            Duration::from_millis(200),
        );
    }

    #[test]
    #[should_panic(expected = "the sleeper did not finish within 0.2 s (killed)")]
    fn wait_within_kills_a_child_past_its_limit() {
        let mut child = Command::new("sleep").arg("60").spawn().unwrap();
        wait_within(&mut child, Duration::from_millis(200), "the sleeper");
    }
}
