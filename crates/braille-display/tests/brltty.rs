//! The BrlAPI edge against a real brltty: brltty (Debian `brltty`) runs with its Virtual
//! driver (`-b vr`), which connects to this test's TCP server playing the display — the
//! test reads the cells brltty shows and presses the display's keys in the driver's
//! line protocol (`cells 40`, `FWINRT`, `ROUTE 5`). annabella's side is the real
//! libbrlapi talking to brltty's BrlAPI server.

use std::{
    io::{BufRead, BufReader, Write},
    net::{TcpListener, TcpStream},
    process::{Child, Command, Stdio},
    sync::mpsc,
    time::{Duration, Instant},
};

use annabella_braille_display::{
    DisplayKey, Frame, LineKind, Surface,
    brlapi::{BrlapiDisplay, BrlapiSettings, DisplayEvent},
};

const LIMIT: Duration = Duration::from_secs(20);
/// brltty's BrlAPI port for `host=…:N` is 4101 + N.
const BRLAPI_BASE_PORT: u16 = 4101;

/// A brltty started by the test; killed when dropped.
struct Brltty(Child);

impl Brltty {
    fn start(display_port: u16, api: &str) -> Brltty {
        let child = Command::new("brltty")
            .args([
                "-n",
                "-e",
                "-q",
                "-b",
                "vr",
                "-x",
                "no",
                "-s",
                "no",
                "-f",
                "/dev/null",
            ])
            .arg("-d")
            .arg(format!("client:127.0.0.1:{display_port}"))
            .arg("-A")
            .arg(format!("auth=none,host={api}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("brltty is installed (scripts/setup.sh)");
        Brltty(child)
    }
}

impl Drop for Brltty {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The display brltty's Virtual driver talks to.
struct VirtualDisplay {
    lines: BufReader<TcpStream>,
    keys: TcpStream,
}

impl VirtualDisplay {
    /// Waits for brltty to connect and tells it the display is `cells` wide.
    fn accept(listener: &TcpListener, cells: usize) -> VirtualDisplay {
        let (tx, rx) = mpsc::channel();
        let waiting = listener.try_clone().unwrap();
        std::thread::spawn(move || tx.send(waiting.accept().map(|(s, _)| s)));
        let stream = rx
            .recv_timeout(LIMIT)
            .expect("brltty never connected")
            .expect("accept");
        stream
            .set_read_timeout(Some(Duration::from_millis(200)))
            .unwrap();
        let mut keys = stream.try_clone().unwrap();
        writeln!(keys, "cells {cells}").unwrap();
        VirtualDisplay {
            lines: BufReader::new(stream),
            keys,
        }
    }

    /// Presses a key (a brltty command name, with its argument).
    fn press(&mut self, key: &str) {
        writeln!(self.keys, "{key}").unwrap();
    }

    /// Waits until brltty shows exactly these cells.
    fn wait_for_cells(&mut self, want: &[u8]) {
        let deadline = Instant::now() + LIMIT;
        let mut seen = Vec::new();
        while Instant::now() < deadline {
            let mut line = String::new();
            match self.lines.read_line(&mut line) {
                Ok(0) => panic!("brltty closed the display; it showed {seen:?}"),
                Ok(_) => {}
                Err(_) => continue,
            }
            if let Some(dots) = line.trim().strip_prefix("Braille ") {
                let cells = parse_dots(dots.trim_matches('"'));
                if cells == want {
                    return;
                }
                seen.push(cells);
            }
        }
        panic!("the display never showed {want:?}; it showed {seen:?}");
    }
}

/// The driver's dots notation (`1|12|12345678| `) as cells.
fn parse_dots(text: &str) -> Vec<u8> {
    text.split('|')
        .map(|cell| {
            cell.trim()
                .bytes()
                .map(|d| 1u8 << (d - b'1'))
                .fold(0, |a, b| a | b)
        })
        .collect()
}

fn next_event(events: &mpsc::Receiver<DisplayEvent>) -> DisplayEvent {
    events
        .recv_timeout(LIMIT)
        .expect("the display thread reported nothing")
}

/// A free port for brltty's BrlAPI server, as `host=127.0.0.1:N`.
fn free_api_host() -> String {
    loop {
        let probe = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = probe.local_addr().unwrap().port();
        if port > BRLAPI_BASE_PORT {
            return format!("127.0.0.1:{}", port - BRLAPI_BASE_PORT);
        }
    }
}

fn frame(cells: Vec<u8>) -> Frame {
    Frame {
        line: LineKind::Moves,
        text: "test".into(),
        window: 0,
        cells,
    }
}

#[test]
fn cells_reach_a_real_brltty_and_its_keys_come_back_even_after_it_restarts() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let display_port = listener.local_addr().unwrap().port();
    let api = free_api_host();
    let brltty = Brltty::start(display_port, &api);
    let mut display = VirtualDisplay::accept(&listener, 40);

    let (events_tx, events) = mpsc::channel();
    let mut surface = BrlapiDisplay::start(
        BrlapiSettings {
            host: Some(api.clone()),
            auth: Some("none".into()),
        },
        events_tx,
    )
    .expect("libbrlapi loads");
    // brltty's BrlAPI server may come up after the display: losses before it are fine.
    let width = loop {
        match next_event(&events) {
            DisplayEvent::Connected { width } => break width,
            DisplayEvent::Lost(_) => {}
            other => panic!("before connecting: {other:?}"),
        }
    };
    assert_eq!(width, 40);

    let mut cells = vec![0u8; 40];
    cells[..3].copy_from_slice(&[0x01, 0x03, 0xff]);
    surface.show(Duration::ZERO, &frame(cells.clone())).unwrap();
    display.wait_for_cells(&cells);

    for (press, key) in [
        ("FWINRT", DisplayKey::PanRight),
        ("FWINLT", DisplayKey::PanLeft),
        ("LNDN", DisplayKey::LineDown),
        ("LNUP", DisplayKey::LineUp),
        ("ROUTE 5", DisplayKey::Route(5)),
        ("TIME", DisplayKey::Time),
        ("SAY_LINE", DisplayKey::SayLine),
    ] {
        display.press(press);
        assert_eq!(next_event(&events), DisplayEvent::Key(key), "{press}");
    }

    // brltty stops: the loss is reported; a new brltty gets the last frame again.
    drop(brltty);
    drop(display);
    match next_event(&events) {
        DisplayEvent::Lost(why) => assert!(!why.is_empty()),
        other => panic!("after brltty stopped: {other:?}"),
    }
    let _brltty = Brltty::start(display_port, &api);
    let mut display = VirtualDisplay::accept(&listener, 40);
    loop {
        match next_event(&events) {
            DisplayEvent::Connected { width } => {
                assert_eq!(width, 40);
                break;
            }
            DisplayEvent::Lost(_) => {}
            other => panic!("while reconnecting: {other:?}"),
        }
    }
    display.wait_for_cells(&cells);
    let mut next = vec![0u8; 40];
    next[0] = 0x3f;
    surface.show(Duration::ZERO, &frame(next.clone())).unwrap();
    display.wait_for_cells(&next);
}
