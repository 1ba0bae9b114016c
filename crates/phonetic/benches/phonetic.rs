//! Benchmarks of the spoken language: parse + resolve one utterance, and the grammar of a
//! middlegame position.

use std::hint::black_box;

use annabella_phonetic::{Form, Language, Lexicon, Vocabulary, render, resolve_words};
use criterion::{Criterion, criterion_group, criterion_main};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen, san::San, uci::UciMove};

/// A middlegame from the Ruy Lopez, Closed (Black to move, 30-odd legal moves).
const MIDDLEGAME: &str = "r1bq1rk1/2p1bppp/p1np1n2/1p2p3/4P3/1BP2N1P/PP1P1PP1/RNBQR1K1 b - - 0 9";

fn position(fen: &str) -> Chess {
    let fen: Fen = fen.parse().expect("fen");
    fen.into_position(CastlingMode::Standard).expect("position")
}

fn benches(c: &mut Criterion) {
    let pos = position(MIDDLEGAME);
    let de = Lexicon::get(Language::De);
    let en = Lexicon::get(Language::En);
    c.bench_function("parse+resolve de 'Springer Anna fünf'", |b| {
        b.iter(|| resolve_words(black_box(&pos), de, black_box("Springer Anna fünf")))
    });
    c.bench_function(
        "parse+resolve de full 'Läufer Eva sieben Felix acht' (illegal, explained)",
        |b| {
            b.iter(|| {
                resolve_words(
                    black_box(&pos),
                    de,
                    black_box("Läufer Eva sieben Felix acht"),
                )
            })
        },
    );
    c.bench_function("parse+resolve en command 'where is my knight'", |b| {
        b.iter(|| resolve_words(black_box(&pos), en, black_box("where is my knight")))
    });
    let vocab = Vocabulary::new(de, |_| true);
    c.bench_function("grammar de middlegame (vocabulary reused)", |b| {
        b.iter(|| vocab.grammar(black_box(&pos)))
    });
    c.bench_function("grammar de middlegame (with vocabulary probe)", |b| {
        b.iter(|| Vocabulary::new(de, |w| !w.starts_with('z')).grammar(black_box(&pos)))
    });
    // Peers: shakmaty's own SAN parse + resolve, and bare move generation.
    c.bench_function("peer: shakmaty San 'Na5' parse+to_move", |b| {
        b.iter(|| {
            black_box("Na5")
                .parse::<San>()
                .expect("san")
                .to_move(black_box(&pos))
        })
    });
    c.bench_function("peer: shakmaty legal_moves middlegame", |b| {
        b.iter(|| black_box(&pos).legal_moves())
    });
    let m = "c6a5"
        .parse::<UciMove>()
        .expect("uci")
        .to_move(&pos)
        .expect("legal");
    c.bench_function("render de short", |b| {
        b.iter(|| render(black_box(&pos), m, de, Form::Short))
    });
}

criterion_group!(phonetic, benches);
criterion_main!(phonetic);
