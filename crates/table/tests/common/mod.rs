//! A table driven by a virtual clock: jumps to each deadline, never sleeps.

#![allow(dead_code)]

use std::time::Duration;

use annabella_table::{
    Announcement, Audience, Effect, Hypothesis, Input, Table, TableConfig, TableView,
};
use shakmaty::{Chess, Color, Move, Position, Role, Square};

/// Seconds as a `Duration`.
pub fn s(secs: f64) -> Duration {
    Duration::from_secs_f64(secs)
}

/// A square from its name.
pub fn sq(name: &str) -> Square {
    name.parse().unwrap_or_else(|_| panic!("bad square {name}"))
}

/// The standard time control of these games: 90 minutes plus 30 seconds a move.
pub fn classical() -> TableConfig {
    TableConfig {
        time_control: "5400+30".parse().unwrap(),
        ..TableConfig::default()
    }
}

/// The initial position's placement (FEN field 1), as a sighted board reports it.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

/// The VI player (White) says, executes and presses.
pub fn vi_move(run: &mut Run, t: f64, words: &str, from: &str, to: &str) {
    run.say(t, words)
        .peg(t + 1.0, from, to)
        .lever(t + 2.0, Color::White);
}

/// The table, its inputs as journaled, and every effect it gave.
pub struct Run {
    pub table: Table,
    pub now: Duration,
    pub journal: Vec<(Duration, Input)>,
    pub effects: Vec<Effect>,
    /// Index into `effects` of the first effect not yet looked at by `take`.
    pub seen: usize,
}

impl Run {
    pub fn new(config: TableConfig) -> Run {
        Run {
            table: Table::new(config).expect("config"),
            now: Duration::ZERO,
            journal: Vec::new(),
            effects: Vec::new(),
            seen: 0,
        }
    }

    fn drain(&mut self) {
        while let Some(e) = self.table.poll_effect() {
            self.effects.push(e);
        }
    }

    /// Moves the virtual clock to `t`, firing every timer on the way (each as a journaled tick).
    pub fn advance(&mut self, t: Duration) {
        while let Some(deadline) = self.table.poll_timeout() {
            if deadline > t {
                break;
            }
            let at = deadline.max(self.now);
            self.journal.push((at, Input::Tick));
            self.table.handle_timeout(at);
            self.now = at;
            self.drain();
            if deadline < self.now && self.table.poll_timeout() == Some(deadline) {
                panic!("timer at {deadline:?} does not disarm");
            }
        }
        self.now = self.now.max(t);
    }

    /// Advances to `t` and gives the input.
    pub fn at(&mut self, t: f64, input: Input) -> &mut Run {
        self.advance(s(t));
        self.journal.push((self.now, input.clone()));
        self.table.handle(self.now, input).expect("input accepted");
        self.drain();
        self
    }

    /// Starts the game (the start announcement is taken as seen).
    pub fn start(&mut self, t: f64) -> &mut Run {
        self.at(t, Input::Start);
        self.said();
        self
    }

    pub fn say(&mut self, t: f64, text: &str) -> &mut Run {
        self.at(
            t,
            Input::Heard {
                alternatives: vec![Hypothesis {
                    text: text.into(),
                    score: 1.0,
                }],
            },
        )
    }

    pub fn lift(&mut self, t: f64, square: &str) -> &mut Run {
        self.at(t, Input::PegLift { square: sq(square) })
    }

    pub fn place(&mut self, t: f64, square: &str) -> &mut Run {
        self.at(t, Input::PegPlace { square: sq(square) })
    }

    /// A quiet peg move: lift `from`, place `to`.
    pub fn peg(&mut self, t: f64, from: &str, to: &str) -> &mut Run {
        self.lift(t, from).place(t + 0.3, to)
    }

    pub fn lever(&mut self, t: f64, side: Color) -> &mut Run {
        self.at(t, Input::Lever { side })
    }

    /// The sighted board reports `placement` at `t`.
    pub fn sighted_board(&mut self, t: f64, placement: &str) -> &mut Run {
        self.at(
            t,
            Input::SightedBoard {
                placement: placement.parse().expect("a FEN board placement"),
            },
        )
    }

    pub fn typed(&mut self, t: f64, text: &str) -> &mut Run {
        self.at(t, Input::AssistantMove { text: text.into() })
    }

    /// New announcements since the last call.
    pub fn said(&mut self) -> Vec<Announcement> {
        let out = self.effects[self.seen..]
            .iter()
            .filter_map(|e| match e {
                Effect::Announce(a) => Some(a.clone()),
                _ => None,
            })
            .collect();
        self.seen = self.effects.len();
        out
    }

    /// The texts of new announcements to a listener (Both counts for everyone).
    pub fn heard_by(&mut self, who: Audience) -> Vec<String> {
        self.said()
            .into_iter()
            .filter(|a| a.to == who || a.to == Audience::Both)
            .map(|a| a.text)
            .collect()
    }

    pub fn view(&self) -> TableView {
        self.table.snapshot()
    }

    /// The moves so far as SAN text.
    pub fn moves(&self) -> Vec<String> {
        sans(&self.view())
    }

    /// Every effect of a kind, from the start.
    pub fn all<T>(&self, pick: impl Fn(&Effect) -> Option<T>) -> Vec<T> {
        self.effects.iter().filter_map(pick).collect()
    }
}

/// Replays a journal into a fresh table.
pub fn replay(config: TableConfig, journal: &[(Duration, Input)]) -> (Table, Vec<Effect>) {
    let mut table = Table::new(config).expect("config");
    let mut effects = Vec::new();
    for (now, input) in journal {
        let _ = table.handle(*now, input.clone());
        while let Some(e) = table.poll_effect() {
            effects.push(e);
        }
    }
    (table, effects)
}

/// Asserts that some text contains `needle`.
#[track_caller]
pub fn assert_any(texts: &[String], needle: &str) {
    assert!(
        texts.iter().any(|t| t.contains(needle)),
        "expected {needle:?} in {texts:#?}"
    );
}

/// Asserts that no text contains `needle`.
#[track_caller]
pub fn assert_none(texts: &[String], needle: &str) {
    assert!(
        !texts.iter().any(|t| t.contains(needle)),
        "did not expect {needle:?} in {texts:#?}"
    );
}

/// The lifts and places that execute `m` on the peg board: captured pieces out first,
/// then the moving pieces (the king first, so castling is not forbidden by a rook touched
/// first, Law 4.4.2), then the places.
pub fn peg_steps(pos: &Chess, m: Move) -> Vec<Input> {
    let mut after = pos.clone();
    after.play_unchecked(m);
    let (b, a) = (pos.board(), after.board());
    let mut captured = Vec::new();
    let mut lifts = Vec::new();
    let mut places = Vec::new();
    for sq in Square::ALL {
        match (b.piece_at(sq), a.piece_at(sq)) {
            (Some(x), Some(y)) if x != y => {
                captured.push(Input::PegLift { square: sq });
                places.push(Input::PegPlace { square: sq });
            }
            (Some(p), None) if p.color != pos.turn() => {
                captured.push(Input::PegLift { square: sq })
            }
            (Some(p), None) if p.role == Role::King => {
                lifts.insert(0, Input::PegLift { square: sq })
            }
            (Some(_), None) => lifts.push(Input::PegLift { square: sq }),
            (None, Some(_)) => places.push(Input::PegPlace { square: sq }),
            _ => {}
        }
    }
    captured.into_iter().chain(lifts).chain(places).collect()
}

/// A view's moves as SAN text.
pub fn sans(view: &TableView) -> Vec<String> {
    view.moves.iter().map(ToString::to_string).collect()
}
