//! Replay determinism: a journal of `(now, input)` rebuilds exactly the same table, with
//! or without the timer ticks in it.

mod common;

use annabella_phonetic::{Form, Language, Lexicon, render};
use annabella_table::{ClockPress, Input, SightedCommand, TableConfig};
use common::*;
use proptest::prelude::*;
use shakmaty::{Color, Position, Square};

/// A small deterministic generator (xorshift), so a proptest seed is a whole game.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

fn random_game(seed: u64, steps: usize) -> (TableConfig, Run) {
    let mut rng = Rng(seed | 1);
    let config = TableConfig {
        vi_color: if rng.chance(50) {
            Color::White
        } else {
            Color::Black
        },
        time_control: ["180+2", "60", "300d5", "600b3"][rng.below(4)]
            .parse()
            .unwrap(),
        vi_press: if rng.chance(50) {
            ClockPress::Lever
        } else {
            ClockPress::Automatic
        },
        sighted_press: if rng.chance(70) {
            ClockPress::Lever
        } else {
            ClockPress::Automatic
        },
        ..TableConfig::default()
    };
    let de = Lexicon::get(Language::De);
    let mut run = Run::new(config.clone());
    let mut t = 0.0;
    run.start(t);
    for _ in 0..steps {
        t += [0.1, 0.5, 1.0, 3.0, 8.0][rng.below(5)];
        if run.table.end().is_some() {
            break;
        }
        let pos = run.table.game().position().clone();
        let vi_turn = pos.turn() == config.vi_color;
        let legal = pos.legal_moves();
        let m = legal[rng.below(legal.len())];
        match rng.below(20) {
            // Noise: a lift or place anywhere, a question, a correction, a time query.
            // A touch: a peg out of its hole and back.
            0 => {
                let occupied: Vec<Square> = run.view().peg_board;
                let square = occupied[rng.below(occupied.len())].to_string();
                run.lift(t, &square).place(t + 0.4, &square);
            }
            // The peg board is put right by the arbiter.
            1 if rng.chance(20) => {
                run.at(
                    t,
                    Input::Arbiter(annabella_table::ArbiterAction::BoardsCorrected),
                );
            }
            2 => {
                run.say(
                    t,
                    [
                        "Zeit",
                        "Korrektur",
                        "wo ist mein Springer",
                        "Banane",
                        "nein",
                    ][rng.below(5)],
                );
            }
            3 => {
                run.lever(
                    t,
                    if rng.chance(50) {
                        Color::White
                    } else {
                        Color::Black
                    },
                );
            }
            4 => {
                let cmd = if rng.chance(20) {
                    SightedCommand::OfferDraw
                } else {
                    SightedCommand::ClaimFlag
                };
                run.at(t, Input::Sighted(cmd));
            }
            5 if rng.chance(5) => {
                run.say(t, "Remis")
                    .say(t + 1.0, "Remis angenommen")
                    .say(t + 2.0, "ja");
            }
            _ if vi_turn => {
                run.say(t, &render(&pos, m, de, Form::Short));
                for step in peg_steps(&pos, m) {
                    t += 0.2;
                    run.at(t, step);
                }
                if config.vi_press == ClockPress::Lever || rng.chance(30) {
                    t += 0.5;
                    run.lever(t, config.vi_color);
                }
            }
            _ => {
                run.typed(t, &m.to_uci(shakmaty::CastlingMode::Standard).to_string());
                t += 0.3;
                run.lever(t, !config.vi_color);
                if rng.chance(90) {
                    for step in peg_steps(&pos, m) {
                        t += 0.2;
                        run.at(t, step);
                    }
                }
            }
        }
    }
    run.advance(s(t + 30.0));
    (config, run)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn replaying_the_journal_rebuilds_the_same_table(seed in any::<u64>(), steps in 10usize..120) {
        let (config, run) = random_game(seed, steps);
        let (again, effects) = replay(config.clone(), &run.journal);
        prop_assert_eq!(
            serde_json::to_string(&again.snapshot()).unwrap(),
            serde_json::to_string(&run.table.snapshot()).unwrap()
        );
        prop_assert_eq!(&effects, &run.effects);
        prop_assert_eq!(again.pgn(), run.table.pgn());

        // Ticks need not be journaled: timers fire at their own instants either way.
        let inputs: Vec<_> = run.journal.iter().filter(|(_, i)| *i != Input::Tick).cloned().collect();
        let (without, effects2) = replay(config, &inputs);
        let mut last = without.clone();
        last.handle_timeout(run.now);
        while last.poll_effect().is_some() {}
        prop_assert_eq!(last.pgn(), run.table.pgn());
        prop_assert_eq!(last.game().moves(), run.table.game().moves());
        prop_assert_eq!(effects2.len() <= run.effects.len(), true);

        // Journals survive JSON.
        let json: Vec<String> = run.journal.iter().map(|(t, i)| serde_json::to_string(&(t, i)).unwrap()).collect();
        let back: Vec<(std::time::Duration, Input)> = json.iter().map(|j| serde_json::from_str(j).unwrap()).collect();
        prop_assert_eq!(&back, &run.journal);
    }
}

#[test]
fn random_games_get_somewhere() {
    // Guards the generator: scripted random play makes moves and sometimes ends games.
    let mut moves = 0;
    let mut ended = 0;
    for seed in 1..20u64 {
        let (_, run) = random_game(seed * 7919, 150);
        moves += run.table.game().moves().len();
        ended += usize::from(run.table.end().is_some());
    }
    assert!(moves > 100, "only {moves} moves in 19 games");
    assert!(ended > 0, "no game ended");
}
