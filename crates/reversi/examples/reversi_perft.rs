//! Perft from the start position in each pass convention:
//! `cargo run --release -p reversi-bitboard --example reversi_perft [DEPTH]`.

use reversi::{Board, Convention};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let depth: u32 = std::env::args().nth(1).map_or(Ok(8), |d| d.parse())?;
    for (ply, leaves) in Board::START.divide(depth, Convention::PassIsPly) {
        println!("{ply}: {leaves}");
    }
    for convention in [
        Convention::PassIsPly,
        Convention::PassIsFree,
        Convention::FullDepthOnly,
    ] {
        let start = std::time::Instant::now();
        let leaves = Board::START.perft(depth, convention);
        println!(
            "perft {depth}, convention {convention}: {leaves} ({:.2?})",
            start.elapsed()
        );
    }
    Ok(())
}
