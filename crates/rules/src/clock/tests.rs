//! Clock tests taken from the wording of Law 6 and the FIDE clock standards.

use super::*;
use shakmaty::Color::{Black, White};

fn s(secs: u64) -> Duration {
    Duration::from_secs(secs)
}

fn ms(millis: u64) -> Duration {
    Duration::from_millis(millis)
}

fn clock(control: &str) -> Clock {
    let mut clock = Clock::new(control.parse().unwrap());
    clock.start(s(0), White).unwrap();
    clock
}

/// Both players press alternately, each thinking `think` per move, for `moves` moves
/// each, starting at `t`; returns the time after the last press.
fn play(clock: &mut Clock, mut t: Duration, moves: u32, think: Duration) -> Duration {
    for _ in 0..moves {
        for color in [White, Black] {
            t += think;
            clock.press(t, color).unwrap();
        }
    }
    t
}

#[test]
fn forty_move_control_adds_the_second_period_exactly_after_move_40() {
    // 40/5400+30:1800+30 — 90 minutes for 40 moves, then 30 minutes for the rest of the
    // game, with 30 seconds added per move starting from move 1.
    let mut c = clock("40/5400+30:1800+30");
    let press = c.press(s(60), White).unwrap();
    assert_eq!(
        (press.move_number, press.spent, press.added),
        (1, s(60), s(30))
    );
    assert_eq!(press.remaining, s(5400 - 60 + 30), "increment from move 1");

    let mut c = clock("40/5400+30:1800+30");
    let t = play(&mut c, s(0), 39, s(60));
    assert_eq!(c.moves(White), 39);
    assert_eq!(
        c.remaining(White, t),
        s(5400 - 39 * 30),
        "no period time before move 40"
    );
    assert_eq!(c.period(White), 0);

    let press = c.press(t + s(60), White).unwrap();
    assert_eq!(press.move_number, 40);
    assert_eq!(press.added, s(30 + 1800), "increment and the second period");
    assert_eq!(press.remaining, s(5400 - 40 * 30 + 1800));
    assert_eq!(c.period(White), 1);
    // Black has not completed move 40 yet: nothing added for them.
    assert_eq!(c.remaining(Black, t + s(60)), s(5400 - 39 * 30));
    let press = c.press(t + s(120), Black).unwrap();
    assert_eq!(press.remaining, s(5400 - 40 * 30 + 1800));

    // In the second period (sudden death) only the increment is added, forever.
    let t = play(&mut c, t + s(120), 50, s(10));
    assert_eq!(c.remaining(White, t), s(5400 - 40 * 30 + 1800 + 50 * 20));
    assert_eq!(c.period(White), 1);
}

#[test]
fn time_saved_in_one_period_is_added_to_the_next() {
    // Law 6.3.2. 40 moves in 2 hours, then 20 moves per hour, repeating.
    let mut c = clock("40/7200:20/3600");
    let t = play(&mut c, s(0), 40, s(90)); // one hour used of two
    assert_eq!(c.remaining(White, t), s(3600 + 3600));
    let t = play(&mut c, t, 20, s(300)); // 100 minutes used of 120
    assert_eq!(
        c.remaining(White, t),
        s(3600 + 3600 - 6000 + 3600),
        "third period added"
    );
    assert_eq!(
        c.period(White),
        2,
        "periods 0 (moves 1-40), 1 (41-60), 2 (61-80)"
    );
}

#[test]
fn flag_falls_before_the_fortieth_move_is_completed() {
    // The move counter has not reached 40: the second period's time never comes.
    let mut c = clock("40/600:300");
    let t = play(&mut c, s(0), 39, s(15)); // 585 s used each
    // White's 40th move takes 20 s: the flag falls at 15 s into it.
    assert_eq!(c.next_deadline(t), Some(t + s(15)));
    assert_eq!(c.flag(t + s(14)), None);
    let press = c.press(t + s(20), White).unwrap();
    assert_eq!(
        press.flag,
        Some(FlagFall {
            color: White,
            at: t + s(15)
        })
    );
    assert_eq!(press.remaining, Duration::ZERO);
    assert_eq!(
        press.added,
        Duration::ZERO,
        "no period time after the flag fell"
    );
    assert_eq!(c.remaining(White, t + s(1000)), Duration::ZERO);
}

#[test]
fn sudden_death_flag_at_the_exact_moment() {
    let mut c = clock("300");
    assert_eq!(c.remaining(White, s(299)), s(1));
    assert_eq!(c.flag(s(299)), None);
    assert_eq!(c.flag(ms(299_999)), None);
    assert_eq!(
        c.flag(s(300)),
        Some(FlagFall {
            color: White,
            at: s(300)
        })
    );
    assert_eq!(c.remaining(White, s(400)), Duration::ZERO);
    // Pressing at the very moment the time runs out is too late.
    let press = c.press(s(300), White).unwrap();
    assert!(press.flag.is_some());
}

#[test]
fn fischer_increment_after_every_move() {
    let mut c = clock("180+2");
    c.press(s(1), White).unwrap();
    c.press(s(6), Black).unwrap();
    c.press(s(6), White).unwrap(); // a move in no time still earns the increment
    assert_eq!(c.remaining(White, s(6)), s(180 - 1 + 2 + 2));
    assert_eq!(c.remaining(Black, s(6)), s(180 - 5 + 2));
    assert_eq!(c.used(White, s(6)), s(1));
    // The increment may take a player above the starting time.
    assert!(c.remaining(White, s(6)) > s(180));
}

#[test]
fn us_delay_main_time_unchanged_within_the_delay() {
    // 6.3.2: the countdown of the main thinking time only commences after the fixed
    // extra time has expired; a move within it leaves the main time unchanged.
    let mut c = clock("300d5");
    assert_eq!(c.remaining(White, s(3)), s(300));
    assert_eq!(c.delay_remaining(White, s(3)), s(2));
    let press = c.press(s(3), White).unwrap();
    assert_eq!(
        (press.remaining, press.added),
        (s(300), Duration::ZERO),
        "delay adds nothing"
    );
    // Black uses 8 s: 3 s beyond the delay.
    assert_eq!(c.remaining(Black, s(11)), s(297));
    assert_eq!(c.delay_remaining(Black, s(11)), Duration::ZERO);
    assert_eq!(c.press(s(11), Black).unwrap().remaining, s(297));
    // The flag falls after main time plus delay.
    assert_eq!(c.next_deadline(s(11)), Some(s(11 + 300 + 5)));
    assert_eq!(c.flag(s(315)), None);
    assert_eq!(c.flag(s(316)).map(|f| f.color), Some(White));
}

#[test]
fn bronstein_gives_back_at_most_the_time_used() {
    let mut c = clock("300b5");
    // The clock runs during the move...
    assert_eq!(c.remaining(White, s(3)), s(297));
    // ...and the press gives the 3 s back, never more.
    let press = c.press(s(3), White).unwrap();
    assert_eq!((press.added, press.remaining), (s(3), s(300)));
    // A long move: only 5 s come back.
    let press = c.press(s(11), Black).unwrap();
    assert_eq!((press.added, press.remaining), (s(5), s(297)));
    // Bronstein cannot rescue a fallen flag.
    assert_eq!(c.next_deadline(s(11)), Some(s(311)));
    let press = c.press(s(312), White).unwrap();
    assert_eq!(press.flag.map(|f| f.at), Some(s(311)));
    assert_eq!(press.remaining, Duration::ZERO);
}

#[test]
fn pause_stops_time_and_resume_continues_it() {
    // 6.11: the arbiter pauses the clocks; the time while paused counts for no one.
    let mut c = clock("600d10");
    c.pause(s(4)).unwrap();
    assert!(c.is_paused());
    assert_eq!(c.running(), None);
    assert_eq!(c.on_move(), Some(White));
    assert_eq!(c.next_deadline(s(100)), None);
    assert_eq!(c.flag(s(10_000)), None);
    assert_eq!(c.press(s(50), White), Err(ClockError::Paused));
    c.resume(s(100)).unwrap();
    // The delay is not renewed by the pause: 6 s of it were left.
    assert_eq!(c.delay_remaining(White, s(100)), s(6));
    assert_eq!(c.remaining(White, s(110)), s(596));
    let press = c.press(s(110), White).unwrap();
    assert_eq!(press.spent, s(14));
    assert_eq!(c.used(White, s(110)), s(14));
    assert_eq!(c.resume(s(111)), Err(ClockError::NotPaused));
}

#[test]
fn a_flag_that_fell_during_a_turn_stays_down_through_a_pause() {
    let mut c = clock("60");
    c.pause(s(70)).unwrap();
    assert_eq!(
        c.flag(s(70)),
        Some(FlagFall {
            color: White,
            at: s(60)
        })
    );
    c.resume(s(80)).unwrap();
    assert_eq!(
        c.flag(s(90)),
        Some(FlagFall {
            color: White,
            at: s(60)
        })
    );
    assert_eq!(c.remaining(White, s(90)), Duration::ZERO);
}

#[test]
fn freeze_at_zero_and_the_first_flag_is_known() {
    let mut c = clock("60+5");
    c.press(s(10), White).unwrap(); // White 55
    c.press(s(70), Black).unwrap(); // Black ran out at 70 = 10 + 60
    assert_eq!(
        c.flag(s(70)),
        Some(FlagFall {
            color: Black,
            at: s(70)
        })
    );
    // Play goes on (an unclaimed flag in rapid); Black's clock stays at zero and gets
    // no increment (the standards: no time added once the last control is passed).
    c.press(s(80), White).unwrap(); // White 55 - 10 + 5 = 50
    let press = c.press(s(81), Black).unwrap();
    assert_eq!(
        (press.remaining, press.added),
        (Duration::ZERO, Duration::ZERO)
    );
    assert_eq!(c.remaining(Black, s(500)), Duration::ZERO);
    assert_eq!(c.moves(Black), 2, "the move is still counted");
    assert_eq!(
        c.add_time(s(82), Black, s(60)),
        Err(ClockError::Flagged(FlagFall {
            color: Black,
            at: s(70)
        }))
    );
    // White's flag falls later; the clock still says Black's fell first.
    assert_eq!(
        c.flag_of(White, s(131)),
        Some(FlagFall {
            color: White,
            at: s(131)
        })
    );
    assert_eq!(
        c.flag(s(200)),
        Some(FlagFall {
            color: Black,
            at: s(70)
        })
    );
    assert_eq!(c.next_deadline(s(200)), None);
}

#[test]
fn arbiter_awards_and_corrections() {
    let mut c = clock("300");
    // 7.5.5: two minutes to the opponent of the player who moved illegally.
    c.add_time(s(10), Black, s(120)).unwrap();
    assert_eq!(c.remaining(Black, s(10)), s(420));
    // Time awarded to the player on move shifts their flag.
    c.add_time(s(10), White, s(60)).unwrap();
    assert_eq!(c.next_deadline(s(10)), Some(s(360)));

    // 6.10.2: the arbiter corrects a time and a move counter.
    c.set_time(s(20), White, s(100)).unwrap();
    assert_eq!(c.remaining(White, s(20)), s(100));
    assert_eq!(c.remaining(White, s(30)), s(90));
    c.set_moves(White, 39);
    assert_eq!(c.moves(White), 39);

    // A correction raises a fallen flag; a setting to zero drops it at once.
    let mut c = clock("60");
    assert!(c.flag(s(70)).is_some());
    c.set_time(s(70), White, s(30)).unwrap();
    assert_eq!(c.flag(s(70)), None);
    assert_eq!(c.remaining(White, s(80)), s(20));
    c.set_time(s(80), White, Duration::ZERO).unwrap();
    assert_eq!(
        c.flag(s(90)),
        Some(FlagFall {
            color: White,
            at: s(80)
        })
    );
}

#[test]
fn move_counter_corrections_drive_the_period_change() {
    let mut c = clock("40/5400:1800");
    c.set_moves(White, 39);
    let press = c.press(s(10), White).unwrap();
    assert_eq!(press.move_number, 40);
    assert_eq!(press.remaining, s(5400 - 10 + 1800));
}

#[test]
fn refused_operations_change_nothing() {
    let mut c = Clock::new("300".parse().unwrap());
    assert_eq!(c.press(s(1), White), Err(ClockError::NotStarted));
    assert_eq!(c.pause(s(1)), Err(ClockError::NotStarted));
    c.start(s(5), White).unwrap();
    assert_eq!(c.start(s(6), White), Err(ClockError::AlreadyStarted));
    let before = c.clone();
    assert_eq!(c.press(s(7), Black), Err(ClockError::NotOnMove(Black)));
    assert_eq!(
        c.press(s(4), White),
        Err(ClockError::TimeWentBack {
            now: s(4),
            last: s(5)
        })
    );
    assert_eq!(c, before);
    assert_eq!(
        ClockError::NotOnMove(Black).to_string(),
        "black pressed but white's clock is running"
    );
}

#[test]
fn black_may_start_a_game_from_a_position() {
    let mut c = Clock::new("300".parse().unwrap());
    c.start(s(0), Black).unwrap();
    assert_eq!(c.remaining(Black, s(10)), s(290));
    assert_eq!(c.remaining(White, s(10)), s(300));
    assert_eq!(c.press(s(10), Black).unwrap().move_number, 1);
}

#[test]
fn clock_time_display() {
    assert_eq!(ClockTime(s(5400)).to_string(), "1:30:00.000");
    assert_eq!(ClockTime(ms(65_250)).to_string(), "0:01:05.250");
    assert_eq!(ClockTime(Duration::ZERO).to_string(), "0:00:00.000");
}

#[test]
fn enormous_times_are_refused_instead_of_saturating() {
    let max = u64::MAX;
    assert!(format!("1/{max}+{max}").parse::<TimeControl>().is_err());
    let mut c = clock("1/3600+30");
    assert_eq!(
        c.add_time(s(1), White, Duration::MAX),
        Err(ClockError::OutOfRange(Duration::MAX))
    );
    assert_eq!(
        c.set_time(s(3), Black, Duration::MAX),
        Err(ClockError::OutOfRange(Duration::MAX))
    );
    let press = c.press(s(2), White).unwrap();
    assert_eq!(
        press.remaining,
        s(3600 - 2 + 30 + 3600),
        "later increments still count"
    );
}

#[test]
fn times_beyond_a_day_are_refused_not_saturated() {
    let mut clock = Clock::new("300+2".parse().unwrap());
    clock.start(s(0), Color::White).unwrap();
    let huge = Duration::from_secs(u64::MAX / 2);
    assert_eq!(
        clock.add_time(s(1), Color::Black, huge),
        Err(ClockError::OutOfRange(huge))
    );
    assert_eq!(
        clock.set_time(s(1), Color::Black, huge),
        Err(ClockError::OutOfRange(huge))
    );
    assert_eq!(
        clock.remaining(Color::Black, s(1)),
        s(300),
        "nothing changed"
    );
    let err = "300+100000".parse::<TimeControl>().unwrap_err().to_string();
    assert!(err.contains("longer than 24 hours"), "{err}");
    assert!("90000".parse::<TimeControl>().is_err());
}

#[test]
fn clock_times_read_back_what_they_print() {
    for text in ["1:29:55", "0:00:05", "29:05", "90", "1:02:03.25"] {
        let t: ClockTime = text.parse().unwrap();
        assert_eq!(t.to_string().parse::<ClockTime>(), Ok(t), "{text}");
    }
    assert_eq!("29:05".parse::<ClockTime>().map(|t| t.0), Ok(s(1745)));
    assert_eq!(ClockTime(Duration::from_millis(5_395_999)).hms(), "1:29:55");
    for bad in [
        "",
        "1:60",
        "a:00",
        "1:2:3:4",
        "-5",
        "1.",
        ".5",
        "1:00:00.1234567890",
    ] {
        assert!(bad.parse::<ClockTime>().is_err(), "{bad}");
    }
}
