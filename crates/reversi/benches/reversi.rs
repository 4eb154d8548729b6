//! Benchmarks: perft from the start (the runtime-dispatched fast path where the CPU has
//! it) and move generation alone (`Board::legal_moves`, the portable code) over
//! positions from random games.
//!
//! Run: `cargo bench -p board-benches --bench reversi`.

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]
// A bench is never bundled for a judge: it may use std newer than the crate\'s 1.63
// (clippy.toml), such as `std::hint::black_box` (1.66).
#![allow(clippy::incompatible_msrv)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use reversi::{Board, Convention};

/// Positions from random games (a fixed seed, so every run sees the same).
fn positions() -> Vec<Board> {
    let mut rng = fastrand::Rng::with_seed(0x2545_F491_4F6C_DD1D);
    let mut all = Vec::new();
    for _ in 0..100 {
        let mut board = Board::START;
        all.push(board);
        for ply in reversi::random::game(&mut rng, &Board::START) {
            board = board.play_ply(ply).expect("a legal ply");
            all.push(board);
        }
    }
    all
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for depth in [8u32, 9] {
        let leaves = Board::START.perft(depth, Convention::PassIsPly);
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("A/{depth}"), |b| {
            b.iter(|| black_box(Board::START).perft(black_box(depth), Convention::PassIsPly))
        });
    }
    group.finish();
}

fn bench_move_generation(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("move generation");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves", |b| {
        b.iter(|| {
            black_box(&positions)
                .iter()
                .map(|board| board.legal_moves().bits())
                .fold(0u64, |acc, moves| acc ^ moves)
        })
    });
    group.bench_function("legal_moves+flips", |b| {
        b.iter(|| {
            let mut discs = 0u32;
            for board in black_box(&positions) {
                for square in board.legal_moves().iter() {
                    discs += board.flips(square).len();
                }
            }
            discs
        })
    });
    group.finish();
}

criterion_group!(benches, bench_perft, bench_move_generation);
criterion_main!(benches);
