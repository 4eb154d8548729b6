//! Count the leaves of the game tree, split by first move:
//! `cargo run --release -p congo --example congo_perft [DEPTH [FEN]]`.

use congo::{Position, Rules};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().map_or(Ok(3), |d| d.parse())?;
    let position = match args.next() {
        Some(fen) => fen.parse()?,
        None => Position::START,
    };
    let start = std::time::Instant::now();
    let mut divide = position.divide(depth, Rules::FULL);
    divide.sort(); // `Move` orders as its text does: a1a3, a1c3, a2a3, ...
    for (mv, leaves) in &divide {
        println!("{mv}: {leaves}");
    }
    let total: u64 = divide.iter().map(|&(_, n)| n).sum();
    assert_eq!(total, position.perft(depth, Rules::FULL));
    println!(
        "perft {depth} of {position}: {total} ({:.2?})",
        start.elapsed()
    );
    Ok(())
}
