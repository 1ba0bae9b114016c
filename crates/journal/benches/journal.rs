//! Journal speed: one committed (fsync'd) record vs the same bytes appended to a plain
//! file with `sync_data` (the peer: the least any durable log must do), and reading a
//! journal of 1000 records back vs parsing the same JSON lines from memory.

use std::{hint::black_box, io::Write, time::Duration};

use annabella_journal::{Journal, OpenMode};
use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::json;

fn input(i: u64) -> serde_json::Value {
    json!({"input": "heard", "alternatives": [{"text": format!("Springer Felix drei {i}"), "score": 0.9}]})
}

fn append(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let mut g = c.benchmark_group("journal/append");
    let (mut journal, _) =
        Journal::<serde_json::Value>::open(dir.path().join("b.journal"), OpenMode::ReadWrite)
            .unwrap();
    let mut i = 0;
    g.bench_function("journal (SQLite WAL, synchronous=FULL)", |b| {
        b.iter(|| {
            i += 1;
            journal.append(Duration::from_millis(i), &input(i)).unwrap()
        })
    });
    let mut file = std::fs::File::create(dir.path().join("b.log")).unwrap();
    let mut j = 0;
    g.bench_function("peer: write + sync_data of a JSON line", |b| {
        b.iter(|| {
            j += 1;
            let line = serde_json::to_string(&input(j)).unwrap();
            file.write_all(line.as_bytes()).unwrap();
            file.write_all(b"\n").unwrap();
            file.sync_data().unwrap();
        })
    });
    g.finish();
}

fn open(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.journal");
    {
        let (mut journal, _) =
            Journal::<serde_json::Value>::open(&path, OpenMode::ReadWrite).unwrap();
        for i in 0..1000 {
            journal.append(Duration::from_millis(i), &input(i)).unwrap();
        }
    }
    let lines: Vec<String> = (0..1000)
        .map(|i| serde_json::to_string(&input(i)).unwrap())
        .collect();
    let mut g = c.benchmark_group("journal/open 1000 records");
    g.bench_function("journal (read, check CRC, decode)", |b| {
        b.iter(|| {
            let (_, r) = Journal::<serde_json::Value>::open(&path, OpenMode::ReadOnly).unwrap();
            black_box(r.records.len())
        })
    });
    g.bench_function("peer: decode the same JSON lines from memory", |b| {
        b.iter(|| {
            let v: Vec<serde_json::Value> = lines
                .iter()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect();
            black_box(v.len())
        })
    });
    g.finish();
}

criterion_group!(benches, append, open);
criterion_main!(benches);
