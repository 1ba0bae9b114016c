//! Where the crates' `tracing` events go: standard error, one line each.
//!
//! - `plain` (the default): `annabella: MESSAGE key=value`, warnings and errors marked
//!   (`annabella: warning: …`), no colours and no time (journald stamps each line; under
//!   systemd each line starts with its syslog priority, `<4>` for a warning, which
//!   journald reads and strips).
//! - `json` (`--log-format json`): one JSON object a line with `timestamp`, `level`,
//!   `target`, `message` and the event's fields.
//!
//! `RUST_LOG` chooses what is shown (`RUST_LOG=annabella_voice=debug`); without it,
//! annabella's own crates at `info` and everything else at `warn` ([`DEFAULT_FILTER`]).

use std::fmt;
use std::io::{IsTerminal, Write as _};
use std::sync::OnceLock;

use tracing::{Event, Level, Subscriber};
use tracing_subscriber::{
    EnvFilter,
    fmt::{
        FmtContext, FormatEvent, FormatFields, MakeWriter, SubscriberBuilder,
        format::{DefaultFields, Format, Writer},
        time::{FormatTime, SystemTime},
    },
    registry::LookupSpan,
};

/// The filter without `RUST_LOG`: the annabella crates (`annabella`, `annabella_*`) at
/// info, their dependencies at warn, the MQTT client's at error (its warnings are debug
/// text; the hall link says what they mean in words).
pub const DEFAULT_FILTER: &str = "warn,annabella=info,rumqttc=error";

/// How events are written.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// One readable line an event.
    #[default]
    Plain,
    /// One JSON object an event.
    Json,
}

/// A `RUST_LOG` that is no filter: [`init`] used [`DEFAULT_FILTER`] instead.
#[derive(Debug, thiserror::Error)]
#[error("RUST_LOG={directives:?}: {error}; using {DEFAULT_FILTER:?}")]
pub struct BadRustLog {
    /// The directives as given.
    pub directives: String,
    /// Why they are no filter.
    pub error: tracing_subscriber::filter::ParseError,
}

/// Sends the events of every crate to standard error in `format`, filtered by `RUST_LOG`;
/// a bad `RUST_LOG` is returned (the subscriber is up, with [`DEFAULT_FILTER`]) for the
/// caller to write straight to standard error.
pub fn init(format: LogFormat) -> Result<(), BadRustLog> {
    let _ = FORMAT.set(format);
    let mut bad = None;
    let filter = match std::env::var("RUST_LOG") {
        Ok(directives) if !directives.trim().is_empty() => EnvFilter::try_new(&directives)
            .unwrap_or_else(|error| {
                bad = Some(BadRustLog { directives, error });
                EnvFilter::new(DEFAULT_FILTER)
            }),
        _ => EnvFilter::new(DEFAULT_FILTER),
    };
    let plain = Plain {
        priority: stderr_is_journal(),
    };
    // A second subscriber (never in the binary) is no error worth stopping for.
    let _ = install(format, plain, filter, std::io::stderr);
    bad.map_or(Ok(()), Err)
}

/// The format [`init`] was given, for the lines of [`say`] and [`fail`].
static FORMAT: OnceLock<LogFormat> = OnceLock::new();

/// Writes a line of the command's own to standard error, unfiltered: a banner, where the
/// records went, how the game ended. Plain, the text as it is; with `--log-format json`,
/// one JSON object (`timestamp`, `level` `INFO`, `target` `annabella`, `message`) like
/// the events'.
pub fn say(text: &str) {
    own_line(Level::INFO, text);
}

/// As [`say`], at level `WARN`: what went wrong but did not stop the command.
pub fn warn(text: &str) {
    own_line(Level::WARN, text);
}

/// As [`say`], at level `ERROR`: the error that stopped the command.
pub fn fail(text: &str) {
    own_line(Level::ERROR, text);
}

fn own_line(level: Level, text: &str) {
    let line = match FORMAT.get() {
        Some(LogFormat::Json) => json_line(level, text),
        _ => text.to_owned(),
    };
    // Standard error closed: there is nobody to tell.
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// `text` as one JSON object in the shape of the events' JSON lines.
fn json_line(level: Level, text: &str) -> String {
    let mut timestamp = String::new();
    let _ = SystemTime.format_time(&mut Writer::new(&mut timestamp));
    serde_json::json!({
        "timestamp": timestamp,
        "level": level.to_string(),
        "target": "annabella",
        "message": text,
    })
    .to_string()
}

/// Installs the subscriber globally.
fn install<W>(
    format: LogFormat,
    plain: Plain,
    filter: EnvFilter,
    writer: W,
) -> Result<(), tracing_subscriber::util::TryInitError>
where
    W: for<'w> MakeWriter<'w> + Send + Sync + 'static,
{
    use tracing_subscriber::util::SubscriberInitExt;
    match format {
        LogFormat::Plain => subscriber(plain, filter, writer).try_init(),
        LogFormat::Json => json_subscriber(filter, writer).try_init(),
    }
}

/// What both formats share: events that pass `filter`, written to `writer`, without
/// terminal colour codes.
fn builder<W>(
    filter: EnvFilter,
    writer: W,
) -> SubscriberBuilder<DefaultFields, Format, EnvFilter, W>
where
    W: for<'w> MakeWriter<'w> + Send + Sync + 'static,
{
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(writer)
        .with_ansi(false)
}

fn subscriber<W>(plain: Plain, filter: EnvFilter, writer: W) -> impl Subscriber + Send + Sync
where
    W: for<'w> MakeWriter<'w> + Send + Sync + 'static,
{
    builder(filter, writer).event_format(plain).finish()
}

fn json_subscriber<W>(filter: EnvFilter, writer: W) -> impl Subscriber + Send + Sync
where
    W: for<'w> MakeWriter<'w> + Send + Sync + 'static,
{
    builder(filter, writer)
        .json()
        .flatten_event(true)
        .with_current_span(false)
        .with_span_list(false)
        .finish()
}

/// The plain line: `annabella: ` (`warning: `/`error: `) then the message and fields.
#[derive(Debug, Clone, Copy)]
struct Plain {
    /// Start each line with its syslog priority (`<4>`), for journald.
    priority: bool,
}

impl<S, N> FormatEvent<S, N> for Plain
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
{
    fn format_event(
        &self,
        ctx: &FmtContext<'_, S, N>,
        mut writer: Writer<'_>,
        event: &Event<'_>,
    ) -> fmt::Result {
        let level = *event.metadata().level();
        if self.priority {
            write!(writer, "<{}>", syslog_priority(level))?;
        }
        write!(writer, "annabella: ")?;
        match level {
            Level::ERROR => write!(writer, "error: ")?,
            Level::WARN => write!(writer, "warning: ")?,
            _ => {}
        }
        // The fields as text first: a line break or an escape sequence from outside (a
        // server's reply, a TRF name) neither forges a line nor reaches the terminal.
        let mut fields = String::new();
        ctx.field_format()
            .format_fields(Writer::new(&mut fields), event)?;
        writeln!(writer, "{}", annabella_rules::printable(&fields))
    }
}

/// The syslog priority of a level (sd-daemon(3)): err, warning, info, debug.
fn syslog_priority(level: Level) -> u8 {
    match level {
        Level::ERROR => 3,
        Level::WARN => 4,
        Level::INFO => 6,
        _ => 7,
    }
}

/// Whether standard error is journald's stream (systemd sets `JOURNAL_STREAM` to its
/// `device:inode`; a child that inherited the variable but writes elsewhere is not).
fn stderr_is_journal() -> bool {
    let Ok(stream) = std::env::var("JOURNAL_STREAM") else {
        return false;
    };
    if std::io::stderr().is_terminal() {
        return false;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata("/proc/self/fd/2")
            .is_ok_and(|m| stream == format!("{}:{}", m.dev(), m.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = stream;
        false
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;

    #[test]
    fn an_own_line_in_json_is_one_object_like_the_events() {
        let line: serde_json::Value =
            serde_json::from_str(&json_line(Level::WARN, "journal: \"x\"\n")).expect("JSON");
        assert_eq!(line["level"], "WARN");
        assert_eq!(line["target"], "annabella");
        assert_eq!(line["message"], "journal: \"x\"\n");
        assert!(
            line["timestamp"].as_str().is_some_and(|t| t.len() >= 20),
            "{line}"
        );
    }

    /// What a subscriber wrote, shared with the test.
    #[derive(Clone, Default)]
    struct Captured(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Captured {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().expect("the capture").extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl<'w> MakeWriter<'w> for Captured {
        type Writer = Captured;
        fn make_writer(&'w self) -> Captured {
            self.clone()
        }
    }

    impl Captured {
        fn text(&self) -> String {
            String::from_utf8(self.0.lock().expect("the capture").clone()).expect("UTF-8")
        }
    }

    /// The events of a library crate (its target) and of a dependency, as written.
    fn emit(subscriber: impl Subscriber + Send + Sync) {
        tracing::subscriber::with_default(subscriber, || {
            tracing::info!(target: "annabella_station::assembly", "simulated dgt on /dev/pts/4");
            tracing::warn!(
                target: "annabella_voice::herald",
                error = %"/rec/audio.wav: No space left on device",
                "audio record: entry not written"
            );
            tracing::debug!(target: "annabella_voice::herald", "not shown by default");
            tracing::info!(target: "hyper::server", "not shown by default");
        });
    }

    #[test]
    fn a_line_break_or_escape_from_outside_neither_forges_a_line_nor_reaches_the_terminal() {
        let out = Captured::default();
        tracing::subscriber::with_default(
            subscriber(
                Plain { priority: false },
                EnvFilter::new(DEFAULT_FILTER),
                out.clone(),
            ),
            || {
                tracing::warn!(
                    target: "annabella_hall::push",
                    reply = %"x\nannabella: error: forged\u{1b}[2J",
                    "push refused"
                );
            },
        );
        assert_eq!(
            out.text(),
            "annabella: warning: push refused reply=x annabella: error: forged\u{FFFD}[2J\n"
        );
    }

    #[test]
    fn plain_lines_keep_the_message_and_mark_warnings() {
        let out = Captured::default();
        emit(subscriber(
            Plain { priority: false },
            EnvFilter::new(DEFAULT_FILTER),
            out.clone(),
        ));
        assert_eq!(
            out.text(),
            "annabella: simulated dgt on /dev/pts/4\n\
             annabella: warning: audio record: entry not written \
             error=/rec/audio.wav: No space left on device\n"
        );
    }

    #[test]
    fn under_journald_each_line_starts_with_its_priority() {
        let out = Captured::default();
        emit(subscriber(
            Plain { priority: true },
            EnvFilter::new("annabella_voice=debug"),
            out.clone(),
        ));
        let lines: Vec<String> = out.text().lines().map(str::to_owned).collect();
        assert_eq!(
            lines,
            [
                "<4>annabella: warning: audio record: entry not written \
                 error=/rec/audio.wav: No space left on device",
                "<7>annabella: not shown by default",
            ],
            "RUST_LOG-style directives choose the crates and levels"
        );
    }

    #[test]
    fn json_lines_carry_level_target_message_and_fields() {
        let out = Captured::default();
        emit(json_subscriber(EnvFilter::new(DEFAULT_FILTER), out.clone()));
        let events: Vec<serde_json::Value> = out
            .text()
            .lines()
            .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
            .collect();
        assert_eq!(events.len(), 2, "{events:?}");
        assert_eq!(events[0]["level"], "INFO");
        assert_eq!(events[0]["message"], "simulated dgt on /dev/pts/4");
        assert_eq!(events[1]["level"], "WARN");
        assert_eq!(events[1]["target"], "annabella_voice::herald");
        assert_eq!(events[1]["message"], "audio record: entry not written");
        assert_eq!(
            events[1]["error"],
            "/rec/audio.wav: No space left on device"
        );
        assert!(events[1]["timestamp"].is_string(), "{:?}", events[1]);
    }
}
