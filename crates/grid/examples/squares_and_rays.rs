//! Squares, directions and rays on an 8x8 board: `cargo run -p board-grid --example squares_and_rays`.

use grid::{BoardSize, Direction, Square, SquareSet};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let size = BoardSize::CHESS;
    let d4: Square = size.parse_square("d4")?;
    println!(
        "{d4}: file {}, rank {}, index {}, matrix {:?}",
        d4.file(),
        d4.rank(),
        d4.index(),
        d4.matrix()
    );

    // A knight's leaps from d4: one step in each of the eight knight directions.
    let leaps: Vec<String> = Direction::KNIGHT
        .iter()
        .filter_map(|&d| d4.offset(d))
        .map(|s| s.to_string())
        .collect();
    println!("knight from {d4}: {}", leaps.join(" "));

    // A bishop's rays from d4, each until the edge of the board.
    let mut bishop = SquareSet::EMPTY;
    for &direction in Direction::DIAGONAL.iter() {
        let ray: Vec<Square> = d4.ray(direction, None).collect();
        bishop |= SquareSet::from_squares(ray).expect("8x8 fits in 64 bits");
    }
    let names: Vec<String> = bishop.squares(size).map(|s| s.to_string()).collect();
    println!(
        "bishop from {d4}: {} squares: {}",
        bishop.len(),
        names.join(" ")
    );

    // Constructors are checked: nothing wraps around the edge.
    assert!(size.square(8, 0).is_none());
    assert!(size.parse_square("i1").is_err());
    let corner = size.parse_square("h8")?;
    assert!(corner
        .offset(Direction::new(1, 1).expect("not (0, 0)"))
        .is_none());
    Ok(())
}
