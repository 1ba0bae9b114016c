//! The VI player's opt-in options: a spoken confirmation of the clock press, and the
//! tactile clock's haptic minute ticks below a low-time threshold.

mod common;

use std::time::Duration;

use annabella_table::{ClockCommand, Effect, Haptic, Audience, TableConfig};
use common::*;
use shakmaty::Color::{Black, White};

fn config(minutes: u64) -> TableConfig {
    TableConfig {
        time_control: format!("{}", minutes * 60).parse().unwrap(),
        ..TableConfig::default()
    }
}

/// Table times (seconds) of the haptic minute ticks so far.
fn ticks(run: &Run) -> Vec<u64> {
    let mut out = Vec::new();
    // Effects carry no time: replay the journal and note each tick's input time.
    let config = run.table.config().clone();
    let mut table = annabella_table::Table::new(config).unwrap();
    for (now, input) in &run.journal {
        let _ = table.handle(*now, input.clone());
        while let Some(e) = table.poll_effect() {
            if matches!(
                e,
                Effect::Clock(ClockCommand::Haptic {
                    pattern: Haptic::MinuteTick
                })
            ) {
                out.push(now.as_secs());
            }
        }
    }
    out
}

#[test]
fn the_press_is_confirmed_only_when_asked_for() {
    for confirm in [false, true] {
        let mut run = Run::new(TableConfig {
            press_confirmation: confirm,
            ..config(90)
        });
        run.start(0.0);
        run.say(1.0, "Eva vier").peg(2.0, "e2", "e4");
        run.said();
        run.lever(3.0, White);
        let vi = run.heard_by(Audience::ViPlayer);
        assert_eq!(vi.contains(&"Uhr gedrückt.".to_owned()), confirm, "{vi:?}");
        // A refused press is never confirmed.
        run.typed(5.0, "e5").lever(5.5, Black).peg(6.0, "e7", "e5");
        run.said();
        run.lever(8.0, White);
        assert!(
            !run.heard_by(Audience::ViPlayer)
                .contains(&"Uhr gedrückt.".to_owned())
        );
    }
}

#[test]
fn below_the_threshold_the_vi_players_clock_ticks_every_minute() {
    // Five minutes for the game, ticks from three minutes left: at 2:00, 3:00 and 4:00
    // of White's thinking (3, 2 and 1 minutes left), none while Black's clock runs.
    let mut run = Run::new(TableConfig {
        low_time_warning: Some(Duration::from_secs(180)),
        ..config(5)
    });
    run.start(0.0);
    run.advance(s(150.0));
    assert_eq!(ticks(&run), [120]);
    run.say(150.0, "Eva vier")
        .peg(151.0, "e2", "e4")
        .lever(152.0, White);
    run.typed(200.0, "e5")
        .lever(300.0, Black)
        .peg(301.0, "e7", "e5");
    assert_eq!(ticks(&run), [120], "Black's time is not the VI player's");
    run.advance(s(400.0));
    // White had 2:28 left at 152 s: 2:00 at 328 s, 1:00 at 388 s.
    assert_eq!(ticks(&run), [120, 328, 388]);
    // Off by default.
    let mut quiet = Run::new(config(5));
    quiet.start(0.0);
    quiet.advance(s(290.0));
    assert!(ticks(&quiet).is_empty());
}
