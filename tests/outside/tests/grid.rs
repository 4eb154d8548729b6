//! Board geometry, as a downstream user writes it from the crate docs.

use grid::{BoardSize, Direction, Square, SquareSet};

#[test]
fn squares_sizes_sets() -> Result<(), Box<dyn std::error::Error>> {
    let size: BoardSize = "8x8".parse()?;
    assert_eq!(size.to_string().parse::<BoardSize>()?, size);
    let d4 = Square::parse("d4", size)?;
    assert_eq!(d4.to_string(), "d4");
    assert_eq!(size.parse_square(&d4.to_string())?, d4);
    let knight_targets: Vec<Square> = Direction::KNIGHT
        .iter()
        .filter_map(|&d| d4.offset(d))
        .collect();
    assert_eq!(knight_targets.len(), 8);
    let set = SquareSet::from_squares(knight_targets.iter().copied()).unwrap();
    assert_eq!(set.len(), 8);
    assert!(set
        .squares(size)
        .all(|square| knight_targets.contains(&square)));
    // serde (the `serde` feature): JSON round trips.
    let json = serde_json::to_string(&d4)?;
    assert_eq!(serde_json::from_str::<Square>(&json)?, d4);
    assert_eq!(
        serde_json::from_str::<BoardSize>(&serde_json::to_string(&size)?)?,
        size
    );
    assert_eq!(
        serde_json::from_str::<SquareSet>(&serde_json::to_string(&set)?)?,
        set
    );
    Ok(())
}
