//! The table's cost per input: the Opera game (Morphy, 1858) played through a table —
//! the VI player (White) speaking, executing on the peg board and pressing the lever,
//! the sighted player typing and pressing, the VI player copying, plus the timer ticks —
//! against the same 33 moves through a bare `annabella_rules::Game` (the peer).

use std::{hint::black_box, time::Duration};

use annabella_phonetic::{Form, Language, Lexicon, render};
use annabella_rules::{Edition, Game, RateOfPlay};
use annabella_table::{Hypothesis, Input, Table, TableConfig};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shakmaty::{Chess, Color, Move, Position, Role, Square, san::San};

const OPERA: &str = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 \
                     Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";

fn moves() -> Vec<Move> {
    let mut pos = Chess::default();
    OPERA
        .split_whitespace()
        .map(|san| {
            let m = san.parse::<San>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(m);
            m
        })
        .collect()
}

fn peg_steps(pos: &Chess, m: Move) -> Vec<Input> {
    let mut after = pos.clone();
    after.play_unchecked(m);
    let (b, a) = (pos.board(), after.board());
    let mut first = Vec::new();
    let mut lifts = Vec::new();
    let mut places = Vec::new();
    for sq in Square::ALL {
        match (b.piece_at(sq), a.piece_at(sq)) {
            (Some(x), Some(y)) if x != y => {
                first.push(Input::PegLift { square: sq });
                places.push(Input::PegPlace { square: sq });
            }
            (Some(p), None) if p.color != pos.turn() => first.push(Input::PegLift { square: sq }),
            // The king first: a rook touched first forbids castling (Law 4.4.2).
            (Some(p), None) if p.role == Role::King => {
                lifts.insert(0, Input::PegLift { square: sq })
            }
            (Some(_), None) => lifts.push(Input::PegLift { square: sq }),
            (None, Some(_)) => places.push(Input::PegPlace { square: sq }),
            _ => {}
        }
    }
    first.into_iter().chain(lifts).chain(places).collect()
}

/// The journal of the Opera game at a table, with the ticks a shell would feed.
fn journal() -> Vec<(Duration, Input)> {
    let de = Lexicon::get(Language::De);
    let mut script = vec![Input::Start];
    let mut pos = Chess::default();
    for m in moves() {
        if pos.turn() == Color::White {
            script.push(Input::Heard {
                alternatives: vec![Hypothesis {
                    text: render(&pos, m, de, Form::Short),
                    score: 0.9,
                }],
            });
            script.extend(peg_steps(&pos, m));
            script.push(Input::Lever { side: Color::White });
        } else {
            script.push(Input::AssistantMove {
                text: San::from_move(&pos, m).to_string(),
            });
            script.push(Input::Lever { side: Color::Black });
            script.extend(peg_steps(&pos, m));
        }
        pos.play_unchecked(m);
    }
    // Record the inputs with their times, and the ticks the table asked for.
    let mut table = Table::new(TableConfig::default()).unwrap();
    let mut out = Vec::new();
    let mut now = Duration::ZERO;
    for input in script {
        now += Duration::from_millis(700);
        while let Some(at) = table.poll_timeout().filter(|&at| at <= now) {
            table.handle_timeout(at);
            out.push((at, Input::Tick));
        }
        table.handle(now, input.clone()).unwrap();
        while table.poll_effect().is_some() {}
        out.push((now, input));
    }
    assert_eq!(table.end().map(|e| e.result.as_str()), Some("1-0"));
    out
}

fn bench(c: &mut Criterion) {
    let journal = journal();
    let moves = moves();
    let mut group = c.benchmark_group("opera game");
    group.sample_size(30);
    group.throughput(Throughput::Elements(journal.len() as u64));
    group.bench_function(format!("table: {} inputs", journal.len()), |b| {
        b.iter(|| {
            let mut table = Table::new(TableConfig::default()).unwrap();
            let mut effects = 0usize;
            for (now, input) in &journal {
                table.handle(*now, input.clone()).unwrap();
                while table.poll_effect().is_some() {
                    effects += 1;
                }
            }
            black_box((table.end().is_some(), effects))
        })
    });
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function(format!("peer: bare Game, {} moves", moves.len()), |b| {
        b.iter(|| {
            let mut game = Game::new(Edition::Laws2023, RateOfPlay::Standard);
            for &m in &moves {
                black_box(game.play(m).unwrap());
            }
            black_box(game.outcome().is_some())
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
