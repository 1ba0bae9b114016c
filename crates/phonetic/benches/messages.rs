//! Benchmarks of the table's Fluent messages: one sentence with a piece and a square
//! formatted from the bundle, against the same sentence built with `format!` (how the
//! table built it before the messages moved to Fluent).

use std::hint::black_box;

use annabella_phonetic::{
    Language, Lexicon,
    messages::{Messages, piece_args},
};
use criterion::{Criterion, criterion_group, criterion_main};
use shakmaty::{Color, Role, Square};

fn benches(c: &mut Criterion) {
    let de = Lexicon::get(Language::De);
    let lv = Lexicon::get(Language::Lv);
    let knight = Color::White.knight();
    // Built once before measuring, as at the table.
    let (de_messages, lv_messages) = (Messages::get(Language::De), Messages::get(Language::Lv));
    c.bench_function("fluent de touch-move", |b| {
        b.iter(|| {
            let [c, r, n] = piece_args(black_box(knight), de);
            de_messages.text(
                "touch-move",
                &[
                    c,
                    r,
                    n,
                    ("square", de.square_words(black_box(Square::G1)).into()),
                ],
            )
        })
    });
    c.bench_function("fluent lv touch-move", |b| {
        b.iter(|| {
            let [c, r, n] = piece_args(black_box(knight), lv);
            lv_messages.text(
                "touch-move",
                &[
                    c,
                    r,
                    n,
                    ("square", lv.square_words(black_box(Square::G1)).into()),
                ],
            )
        })
    });
    c.bench_function("peer: format! de touch-move", |b| {
        b.iter(|| {
            format!(
                "Berührt: {} auf {}. Diese Figur muss ziehen.",
                de.piece_name(black_box(Role::Knight)),
                de.square_words(black_box(Square::G1))
            )
        })
    });
}

criterion_group!(messages, benches);
criterion_main!(messages);
