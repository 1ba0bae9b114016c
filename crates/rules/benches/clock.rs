//! The clock's cost: a million presses through a two-period control with increment,
//! and parsing a time control tag.

use std::{hint::black_box, time::Duration};

use annabella_rules::{Clock, TimeControl, shakmaty::Color};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const PRESSES: u64 = 1_000_000;

fn presses(c: &mut Criterion) {
    let mut group = c.benchmark_group("clock");
    group.throughput(Throughput::Elements(PRESSES));
    group.sample_size(20);
    for control in ["40/5400+30:1800+30", "40/7200:20/3600", "5400d30"] {
        let tc: TimeControl = control.parse().unwrap();
        group.bench_function(format!("1e6 presses {control}"), |b| {
            b.iter(|| {
                let mut clock = Clock::new(tc.clone());
                let mut now = Duration::ZERO;
                clock.start(now, Color::White).unwrap();
                let mut color = Color::White;
                for i in 0..PRESSES {
                    now += Duration::from_millis(500 + i % 1000);
                    black_box(clock.press(now, color).unwrap());
                    color = color.other();
                }
                black_box(clock.remaining(Color::White, now))
            })
        });
    }
    group.finish();
}

fn parse(c: &mut Criterion) {
    c.bench_function("parse 40/5400+30:1800+30", |b| {
        b.iter(|| {
            black_box("40/5400+30:1800+30")
                .parse::<TimeControl>()
                .unwrap()
        })
    });
}

criterion_group!(benches, presses, parse);
criterion_main!(benches);
