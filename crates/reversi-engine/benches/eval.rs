//! Criterion benchmark: evaluations per second of the pattern evaluation (`evaluate`),
//! the hand-set one and the mobility-only baseline, on 1,024 positions from seeded
//! random games (every stage of the game), and the pattern evaluation as the midgame
//! search makes it: each position's pattern indices updated from its parent's by the move
//! (`Indices::play`), then `Weights::evaluate_indexed`. The throughput line is
//! evaluations per second: `cargo bench -p board-benches --bench eval`.

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]
// A bench is never bundled: std::hint::black_box (1.66) is fine here although the
// crate's clippy.toml holds the library to 1.63.
#![allow(clippy::incompatible_msrv)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use reversi::kernel;
use reversi_engine::eval;
use reversi_engine::eval::pattern::Indices;

/// Positions from random games: (side to move, opponent).
fn positions(n: usize) -> Vec<(u64, u64)> {
    children(n).into_iter().map(|c| (c.p, c.o)).collect()
}

/// A position of a random game with the move that led to it: its parent's pattern
/// indices, the square played and the discs it flipped; `p` to move against `o`.
struct Child {
    parent: Indices,
    square: u32,
    flipped: u64,
    p: u64,
    o: u64,
}

/// The positions of seeded random games with their moves, in the order played.
fn children(n: usize) -> Vec<Child> {
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
            let parent = Indices::of(p, o);
            let next = (o ^ f, p ^ f ^ 1 << square);
            p = next.0;
            o = next.1;
            out.push(Child {
                parent,
                square,
                flipped: f,
                p,
                o,
            });
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
    let played = children(1024);
    let weights = eval::builtin();
    group.bench_function("pattern-incremental", |b| {
        b.iter(|| {
            played
                .iter()
                .map(|c| {
                    let idx = black_box(&c.parent).play(black_box(c.square), c.flipped);
                    let (p, o) = (black_box(c.p), black_box(c.o));
                    let (pm, om) = (kernel::moves(p, o), kernel::moves(o, p));
                    weights.evaluate_indexed(&idx.mover, p, o, pm, om)
                })
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
