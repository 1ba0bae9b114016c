//! The BrlAPI edge against a real brltty: brltty (Debian `brltty`) runs with its Virtual
//! driver (`-b vr`), which connects to this test's TCP server playing the display — the
//! test reads the cells brltty shows and presses the display's keys in the driver's
//! line protocol (`cells 40`, `FWINRT`, `ROUTE 5`). annabella's side is the real
//! libbrlapi talking to brltty's BrlAPI server.

use std::{net::TcpListener, sync::mpsc, time::Duration};

use annabella_braille_display::{
    DisplayKey, Frame, LineKind, Surface,
    brlapi::{BrlapiDisplay, BrlapiSettings, DisplayEvent},
    virtual_display::{Brltty, VirtualDisplay, free_api_host},
};

const LIMIT: Duration = Duration::from_secs(20);

fn next_event(events: &mpsc::Receiver<DisplayEvent>) -> DisplayEvent {
    events
        .recv_timeout(LIMIT)
        .expect("the display thread reported nothing")
}

/// Waits for a connection, passing over losses while brltty comes up.
fn connected(events: &mpsc::Receiver<DisplayEvent>) -> usize {
    loop {
        match next_event(events) {
            DisplayEvent::Connected { width } => return width,
            DisplayEvent::Lost(_) => {}
            other => panic!("before connecting: {other:?}"),
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

fn shows(display: &mut VirtualDisplay, want: &[u8]) {
    if let Err(seen) = display.wait_for(LIMIT, |c| c == want) {
        panic!("the display never showed {want:?}; it showed {seen:?}");
    }
}

#[test]
fn cells_reach_a_real_brltty_and_its_keys_come_back_even_after_it_restarts() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let display_port = listener.local_addr().unwrap().port();
    let api = free_api_host().unwrap();
    let brltty = Brltty::start(display_port, &api).expect("brltty is installed (scripts/setup.sh)");
    let mut display = VirtualDisplay::accept(&listener, 40, LIMIT).unwrap();

    let (events_tx, events) = mpsc::channel();
    let mut surface = BrlapiDisplay::start(
        BrlapiSettings {
            host: Some(api.clone()),
            auth: Some("none".into()),
        },
        events_tx,
    )
    .expect("libbrlapi loads");
    assert_eq!(connected(&events), 40);

    let mut cells = vec![0u8; 40];
    cells[..3].copy_from_slice(&[0x01, 0x03, 0xff]);
    surface.show(Duration::ZERO, &frame(cells.clone())).unwrap();
    shows(&mut display, &cells);

    for (press, key) in [
        ("FWINRT", DisplayKey::PanRight),
        ("FWINLT", DisplayKey::PanLeft),
        ("LNDN", DisplayKey::LineDown),
        ("LNUP", DisplayKey::LineUp),
        ("ROUTE 5", DisplayKey::Route(5)),
        ("TIME", DisplayKey::Time),
        ("SAY_LINE", DisplayKey::SayLine),
    ] {
        display.press(press).unwrap();
        assert_eq!(next_event(&events), DisplayEvent::Key(key), "{press}");
    }

    // Cells written after keys were read are shown too.
    let mut after_keys = vec![0u8; 40];
    after_keys[1] = 0x07;
    surface
        .show(Duration::ZERO, &frame(after_keys.clone()))
        .unwrap();
    shows(&mut display, &after_keys);

    // brltty stops: the loss is reported; a new brltty gets the last frame again.
    drop(brltty);
    drop(display);
    match next_event(&events) {
        DisplayEvent::Lost(why) => assert!(!why.is_empty()),
        other => panic!("after brltty stopped: {other:?}"),
    }
    let _brltty = Brltty::start(display_port, &api).unwrap();
    let mut display = VirtualDisplay::accept(&listener, 40, LIMIT).unwrap();
    assert_eq!(connected(&events), 40);
    shows(&mut display, &after_keys);
    let mut next = vec![0u8; 40];
    next[0] = 0x3f;
    surface.show(Duration::ZERO, &frame(next.clone())).unwrap();
    shows(&mut display, &next);
}
