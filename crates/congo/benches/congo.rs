//! Benchmarks: move generation (listing and counting) over the positions of the shared
//! vectors, and perft from the positions of the perft table.
//!
//! Run: `cargo bench -p board-benches --bench congo`.

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]
// A bench is never bundled for a judge: it may use std newer than the crate\'s 1.63
// (clippy.toml), such as `std::hint::black_box` (1.66).
#![allow(clippy::incompatible_msrv)]

use std::hint::black_box;

use congo::{Position, Rules};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// The vectors' files: each line not starting with `#` begins with a FEN, then ` | `.
const VECTORS: [&str; 4] = [
    include_str!("../tests/data/perft.txt"),
    include_str!("../tests/data/moves.txt"),
    include_str!("../tests/data/part3-play.txt"),
    include_str!("../tests/data/rules-cases.txt"),
];

/// The FENs of one vector file, in file order.
fn fens(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .filter_map(|line| line.split('|').next())
}

/// Every distinct position of the vectors with both lions on the board.
fn positions() -> Vec<Position> {
    let mut all: Vec<Position> = Vec::new();
    for fen in VECTORS.iter().flat_map(|text| fens(text)) {
        let position: Position = fen.parse().expect("the vectors' FENs parse");
        if position.outcome().is_none() && !all.contains(&position) {
            all.push(position);
        }
    }
    all
}

fn bench_move_generation(c: &mut Criterion) {
    let positions = positions();
    let n = positions.len();
    let mut group = c.benchmark_group("move generation");
    group.throughput(Throughput::Elements(n as u64));
    group.bench_function(format!("legal_moves/{n} positions"), |b| {
        let mut moves = Vec::with_capacity(256);
        b.iter(|| {
            let mut total = 0;
            for position in black_box(&positions) {
                moves.clear();
                position.legal_moves(&mut moves);
                total += moves.len();
            }
            total
        })
    });
    group.bench_function(format!("count_legal_moves/{n} positions"), |b| {
        b.iter(|| {
            black_box(&positions)
                .iter()
                .map(Position::count_legal_moves)
                .sum::<u64>()
        })
    });
    group.finish();
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (index, fen) in fens(VECTORS[0]).enumerate() {
        let position: Position = fen.parse().expect("the perft table's FENs parse");
        let depth = 4;
        group.throughput(Throughput::Elements(position.perft(depth, Rules::FULL)));
        group.bench_function(format!("{depth}/position {}", index + 1), |b| {
            b.iter(|| black_box(&position).perft(black_box(depth), Rules::FULL))
        });
    }
    let start = Position::START;
    group.throughput(Throughput::Elements(start.perft(5, Rules::FULL)));
    group.bench_function("5/start", |b| {
        b.iter(|| black_box(&start).perft(black_box(5), Rules::FULL))
    });
    group.finish();
}

criterion_group!(benches, bench_move_generation, bench_perft);
criterion_main!(benches);
