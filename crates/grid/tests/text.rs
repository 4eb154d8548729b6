//! Text round trips (issue #12): `parse(display(x)) == x` for board sizes and squares on
//! random boards, and `Debug` shows names.

use grid::{BoardSize, Square};
use proptest::prelude::*;

fn size() -> impl Strategy<Value = BoardSize> {
    (1..=BoardSize::MAX_FILES, 1..=BoardSize::MAX_RANKS)
        .prop_map(|(files, ranks)| BoardSize::new(files, ranks).unwrap())
}

fn square() -> impl Strategy<Value = Square> {
    size().prop_flat_map(|size| {
        (0..size.files(), 0..size.ranks())
            .prop_map(move |(file, rank)| Square::new(file, rank, size).unwrap())
    })
}

proptest! {
    #[test]
    fn sizes_round_trip(size in size()) {
        prop_assert_eq!(size.to_string().parse::<BoardSize>(), Ok(size));
    }

    #[test]
    fn squares_round_trip(square in square()) {
        let name = square.to_string();
        prop_assert_eq!(Square::parse(&name, square.size()), Ok(square));
        prop_assert_eq!(square.size().parse_square(&name), Ok(square));
        prop_assert_eq!(format!("{square:?}"), format!("Square({name})"));
    }

    /// On boards of at most 9 ranks, squares order as their names do.
    #[test]
    fn square_order_is_name_order(a in 0..63usize, b in 0..63usize) {
        let size = BoardSize::CHESS;
        let (a, b) = (size.square_at(a).unwrap(), size.square_at(b).unwrap());
        prop_assert_eq!(a.cmp(&b), a.to_string().cmp(&b.to_string()));
    }
}
