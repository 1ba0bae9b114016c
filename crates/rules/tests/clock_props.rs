//! Property tests of the clock: whatever the control and the presses, the time left
//! never exceeds what the control could have given, delays never add time, a fallen
//! flag stays fallen, and the deadline is exactly when the flag falls.

use std::{num::NonZeroU32, time::Duration};

use annabella_rules::{Bonus, Clock, ClockError, Period, TimeControl, shakmaty::Color};
use proptest::prelude::*;

fn bonus() -> impl Strategy<Value = Bonus> {
    (0..4u8, 0..30_000u64).prop_map(|(kind, ms)| {
        let d = Duration::from_millis(ms);
        match kind {
            0 => Bonus::None,
            1 => Bonus::Increment(d),
            2 => Bonus::UsDelay(d),
            _ => Bonus::Bronstein(d),
        }
    })
}

fn period(sudden_death: bool) -> impl Strategy<Value = Period> {
    (1..30u32, 1..600_000u64, bonus(), any::<bool>()).prop_map(move |(moves, ms, bonus, repeat)| {
        Period {
            moves: (!sudden_death || repeat).then(|| NonZeroU32::new(moves).unwrap()),
            time: Duration::from_millis(ms),
            bonus,
        }
    })
}

fn control() -> impl Strategy<Value = TimeControl> {
    (prop::collection::vec(period(false), 0..3), period(true)).prop_map(|(mut periods, last)| {
        periods
            .iter_mut()
            .for_each(|p| p.moves = p.moves.or(NonZeroU32::new(10)));
        periods.push(last);
        TimeControl::new(periods).unwrap()
    })
}

#[derive(Debug, Clone, Copy)]
enum Op {
    Press,
    WrongPress,
    PauseOrResume,
    Add(Duration),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        6 => Just(Op::Press),
        1 => Just(Op::WrongPress),
        1 => Just(Op::PauseOrResume),
        1 => (0..180_000u64).prop_map(|ms| Op::Add(Duration::from_millis(ms))),
    ]
}

proptest! {
    #[test]
    fn display_parse_round_trip(tc in control()) {
        let text = tc.to_string();
        prop_assert_eq!(text.parse::<TimeControl>(), Ok(tc), "{}", text);
    }

    #[test]
    fn clock_invariants(tc in control(), ops in prop::collection::vec((0..120_000u64, op()), 1..120)) {
        let mut clock = Clock::new(tc.clone());
        let mut now = Duration::ZERO;
        clock.start(now, Color::White).unwrap();
        let mut awarded = [Duration::ZERO; 2];
        let mut turn_start_remaining = clock.remaining(Color::White, now);
        let mut flags = [None, None];
        for (delta, op) in ops {
            let before = now;
            now += Duration::from_millis(delta);
            let on_move = clock.on_move().unwrap();
            // Within a turn the time left only goes down.
            prop_assert!(clock.remaining(on_move, now) <= clock.remaining(on_move, before));
            if let Some(deadline) = clock.next_deadline(now) {
                let flag = clock.flag_of(on_move, deadline);
                prop_assert_eq!(flag.map(|f| f.at), Some(deadline));
                prop_assert!(deadline == now || clock.flag_of(on_move, now).is_none());
            }
            match op {
                Op::Press if clock.is_paused() => {
                    prop_assert_eq!(clock.press(now, on_move), Err(ClockError::Paused));
                }
                Op::Press => {
                    let period_before = clock.period(on_move);
                    let press = clock.press(now, on_move).unwrap();
                    let new_period = if clock.period(on_move) != period_before {
                        tc.period_of_move(press.move_number + 1).1.time
                    } else {
                        Duration::ZERO
                    };
                    let bonus = tc.period_of_move(press.move_number).1.bonus;
                    if !matches!(bonus, Bonus::Increment(_)) {
                        // Delays never add time.
                        prop_assert!(press.remaining <= turn_start_remaining + new_period,
                            "{:?} gave {:?} after {:?}", bonus, press.remaining, turn_start_remaining);
                    }
                    if press.flag.is_some() {
                        prop_assert_eq!(press.remaining, Duration::ZERO);
                        prop_assert_eq!(press.added, Duration::ZERO);
                    }
                    turn_start_remaining = clock.remaining(on_move.other(), now);
                }
                Op::WrongPress => {
                    let err = clock.press(now, on_move.other()).unwrap_err();
                    prop_assert!(matches!(err, ClockError::NotOnMove(_) | ClockError::Paused));
                }
                Op::PauseOrResume => {
                    if clock.is_paused() { clock.resume(now).unwrap() } else { clock.pause(now).unwrap() }
                }
                Op::Add(time) => {
                    let color = if delta % 2 == 0 { Color::White } else { Color::Black };
                    let flagged = clock.flag_of(color, now).is_some();
                    match clock.add_time(now, color, time) {
                        Ok(()) => {
                            prop_assert!(!flagged);
                            awarded[color as usize] += time;
                            if color == clock.on_move().unwrap() { turn_start_remaining += time; }
                        }
                        Err(err) => prop_assert!(flagged && matches!(err, ClockError::Flagged(_))),
                    }
                }
            }
            for color in [Color::White, Color::Black] {
                let i = color as usize;
                // Never more than the control could have given for the moves made.
                let bound = tc.allotted(clock.moves(color) + 1) + awarded[i];
                prop_assert!(clock.remaining(color, now) <= bound,
                    "{:?}: {:?} > {:?}", color, clock.remaining(color, now), bound);
                // A fallen flag stays fallen, at the same moment, and shows zero.
                let flag = clock.flag_of(color, now);
                if let Some(old) = flags[i] {
                    prop_assert_eq!(flag, Some(old));
                }
                if let Some(f) = flag {
                    prop_assert!(f.at <= now);
                    prop_assert_eq!(clock.remaining(color, now), Duration::ZERO);
                }
                flags[i] = flag;
            }
        }
    }
}
