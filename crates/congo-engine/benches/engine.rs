//! Benchmark of the engine's search: each of [`congo_engine::BENCH_POSITIONS`] searched
//! to a fixed depth by a fresh engine; the throughput is in nodes (`cargo run --release -p
//! congo-tune -- bench` prints the same searches' node counts and nodes per second).
//!
//! Run: `cargo bench -p board-benches --bench engine`.

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]

use congo::Rules;
use congo_engine::{Engine, SearchLimits, BENCH_POSITIONS};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// The depth of every search.
const DEPTH: u32 = 6;

/// A fresh engine's search of `fen` to [`DEPTH`]: the nodes visited.
fn search(fen: &str) -> u64 {
    let mut engine = Engine::new(Rules::FULL);
    engine.set_position(fen.parse().expect("the benchmark positions are good"));
    engine
        .search(SearchLimits::depth(DEPTH))
        .expect("a move")
        .nodes
}

fn bench_search(c: &mut Criterion) {
    let nodes: u64 = BENCH_POSITIONS.iter().map(|fen| search(fen)).sum();
    let mut group = c.benchmark_group("engine");
    group.throughput(Throughput::Elements(nodes));
    group.sample_size(10);
    group.bench_function(
        format!("search/depth {DEPTH}/{} positions", BENCH_POSITIONS.len()),
        |b| b.iter(|| BENCH_POSITIONS.iter().map(|fen| search(fen)).sum::<u64>()),
    );
    group.finish();
}

criterion_group!(benches, bench_search);
criterion_main!(benches);
