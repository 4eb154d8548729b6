//! Criterion benchmark: FFO #40 (20 empties) solved from an empty table. The whole
//! suite with nodes and CPU seconds per position is `reversi-tune solve`:
//! `cargo run --release -p reversi-tune -- solve crates/reversi-engine/tests/data/ffo-40-59.txt 40 44`.

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use reversi::Board;
use reversi_engine::{Engine, Mode, SearchLimits};

fn ffo_40(c: &mut Criterion) {
    let line = include_str!("../tests/data/ffo-40-59.txt")
        .lines()
        .find(|l| !l.starts_with('#'))
        .unwrap();
    let board = Board::from_obf(&line[..66]).unwrap();
    let mut engine = Engine::new();
    engine.set_board(board);
    let mut group = c.benchmark_group("ffo");
    group.sample_size(10);
    group.bench_function("40", |b| {
        b.iter(|| {
            engine.new_game();
            engine.set_board(board);
            engine.solve(Mode::Exact, SearchLimits::default()).score
        })
    });
    group.finish();
}

criterion_group!(benches, ffo_40);
criterion_main!(benches);
