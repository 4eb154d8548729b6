//! Benchmark: reading a WTHOR game file of 100,000 records with every game replayed by
//! the rules (`reversi::wthor::GameReader` over bytes in memory), in moves per second.
//! The file is made in memory, the same on every run: 100,000 random legal games from a
//! fixed seed, played to their end (about 60 moves each).
//!
//! Run: `cargo bench -p board-benches --bench wthor`.

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]
// A bench is never bundled for a judge: it may use std newer than the crate's 1.63
// (clippy.toml), such as `std::hint::black_box` (1.66).
#![allow(clippy::incompatible_msrv)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use reversi::wthor::{self, GameReader, Header, WthorGame};
use reversi::Transcript;

/// Records in the file.
const GAMES: u32 = 100_000;

/// A random legal game from the start to its end.
fn random_game(rng: &mut fastrand::Rng) -> Transcript {
    reversi::random::transcript(rng, usize::MAX)
}

/// The file's bytes and its number of moves.
fn file() -> (Vec<u8>, u64) {
    let mut rng = fastrand::Rng::with_seed(0x5EED_2024);
    let games: Vec<WthorGame> = (0..GAMES)
        .map(|_| WthorGame::new(random_game(&mut rng)))
        .collect();
    let moves = games.iter().map(|g| g.moves().len() as u64).sum();
    let mut bytes = Vec::with_capacity(wthor::HEADER_LEN + games.len() * wthor::GAME_LEN);
    wthor::write_games(&mut bytes, &Header::for_games(2024, GAMES), &games).unwrap();
    (bytes, moves)
}

fn bench_read(c: &mut Criterion) {
    let (bytes, moves) = file();
    let mut group = c.benchmark_group("wthor");
    group.sample_size(10);
    group.throughput(Throughput::Elements(moves));
    group.bench_function("read and replay 100000 games (moves)", |b| {
        b.iter(|| {
            let reader = GameReader::new(black_box(&bytes[..])).unwrap();
            let mut read = 0u64;
            for game in reader {
                read += game.unwrap().moves().len() as u64;
            }
            assert_eq!(read, moves);
            read
        })
    });
    group.finish();
}

criterion_group!(benches, bench_read);
criterion_main!(benches);
