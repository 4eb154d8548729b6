//! Criterion benchmark: evaluations per second of the pattern evaluation (`evaluate`),
//! the hand-set one and the mobility-only baseline, on 1,024 positions from seeded
//! random games (every stage of the game). The throughput line is evaluations per
//! second: `cargo bench -p reversi-engine --bench eval`.

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]
// A bench is never bundled: std::hint::black_box (1.66) is fine here although the
// crate's clippy.toml holds the library to 1.63.
#![allow(clippy::incompatible_msrv)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use reversi::kernel;
use reversi_engine::eval;

/// Positions from random games: (side to move, opponent).
fn positions(n: usize) -> Vec<(u64, u64)> {
    let mut rng = fastrand::Rng::with_seed(42);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let start = reversi::Board::START;
        let (mut p, mut o) = (start.mover_bits(), start.opponent_bits());
        loop {
            let mut moves = kernel::moves(p, o);
            if moves == 0 {
                if kernel::moves(o, p) == 0 {
                    break;
                }
                std::mem::swap(&mut p, &mut o);
                continue;
            }
            for _ in 0..rng.u32(..moves.count_ones()) {
                moves &= moves - 1;
            }
            let square = moves.trailing_zeros();
            let f = kernel::flips(p, o, square);
            let next = (o ^ f, p ^ f ^ 1 << square);
            p = next.0;
            o = next.1;
            out.push((p, o));
        }
    }
    out.truncate(n);
    out
}

fn evaluations(c: &mut Criterion) {
    let set = positions(1024);
    let mut group = c.benchmark_group("eval");
    group.throughput(Throughput::Elements(set.len() as u64));
    group.bench_function("pattern", |b| {
        b.iter(|| {
            set.iter()
                .map(|&(p, o)| eval::evaluate(black_box(p), black_box(o)))
                .sum::<i32>()
        })
    });
    group.bench_function("hand-set", |b| {
        b.iter(|| {
            set.iter()
                .map(|&(p, o)| eval::hand_set(black_box(p), black_box(o)))
                .sum::<i32>()
        })
    });
    group.bench_function("mobility-only", |b| {
        b.iter(|| {
            set.iter()
                .map(|&(p, o)| eval::mobility_only(black_box(p), black_box(o)))
                .sum::<i32>()
        })
    });
    group.finish();
}

criterion_group!(benches, evaluations);
criterion_main!(benches);
