//! `Piece` displays as Betza notation that reads back to the same piece: a proptest over
//! random pieces (directions of every shape and size, each with a random range), and the
//! same for every named piece and every piece Betza builds.

use grid::BoardSize;
use grid::Direction;
use mobility::{Board, InitialMoves, Piece, Range, NAMED_PIECES};
use proptest::prelude::*;

/// A direction: mostly short (where atoms have letters and lines overlap), sometimes
/// long, now and then at the extremes of `i32`.
fn direction() -> impl Strategy<Value = Direction> {
    let component = prop_oneof![
        6 => -4i32..=4,
        3 => -200i32..=200,
        1 => prop_oneof![Just(i32::MIN), Just(i32::MIN + 1), Just(i32::MAX)],
    ];
    (component.clone(), component)
        .prop_filter("not (0, 0)", |&(x, y)| (x, y) != (0, 0))
        .prop_map(|(x, y)| Direction::new(x, y).expect("not (0, 0)"))
}

fn range() -> impl Strategy<Value = Range> {
    prop_oneof![
        4 => Just(Range::LEAP),
        2 => Just(Range::Unlimited),
        2 => (2u32..=12).prop_map(Range::from_count),
        1 => any::<u32>().prop_map(Range::from_count),
    ]
}

/// A piece of up to 24 directions; symmetric atoms (all images at one range) are
/// common, so the bare-atom form is exercised as well as single moves.
fn piece() -> impl Strategy<Value = Piece> {
    let single = prop::collection::vec((direction(), range()), 0..24);
    let symmetric = prop::collection::vec((0i32..=4, 1i32..=4, range()), 0..4);
    (single, symmetric).prop_map(|(single, symmetric)| {
        let mut piece = Piece::new();
        for (d, r) in single {
            piece.add(d, r);
        }
        for (a, b, r) in symmetric {
            for (x, y) in [
                (a, b),
                (b, a),
                (-a, b),
                (-b, a),
                (a, -b),
                (b, -a),
                (-a, -b),
                (-b, -a),
            ] {
                if let Some(d) = Direction::new(x, y) {
                    piece.add(d, r);
                }
            }
        }
        piece
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn display_reads_back_as_the_same_piece(piece in piece()) {
        let text = piece.to_string();
        let back = Piece::parse_betza(&text);
        prop_assert_eq!(back.as_ref(), Ok(&piece), "{}", text);
        if !piece.is_empty() {
            // The judge program's reader takes it too.
            prop_assert_eq!(text.parse::<Piece>(), Ok(piece));
        }
    }
}

proptest! {
    /// A board of any size the crate takes (1x1 to 26x99) writes `FILESxRANKS` and
    /// reads back as the same board.
    #[test]
    fn boards_round_trip(files in 1u8..=BoardSize::MAX_FILES, ranks in 1u8..=BoardSize::MAX_RANKS) {
        let board = Board::new(BoardSize::new(files, ranks).expect("in range"));
        let text = board.to_string();
        prop_assert_eq!(&text, &format!("{files}x{ranks}"));
        prop_assert_eq!(text.parse::<Board>(), Ok(board));
    }
}

#[test]
fn named_pieces_round_trip() {
    for named in NAMED_PIECES {
        for initial in [InitialMoves::Exclude, InitialMoves::Include] {
            let piece = Piece::parse_betza_with(named.betza, initial).unwrap();
            assert_eq!(
                Piece::parse_betza(&piece.to_string()).unwrap(),
                piece,
                "{:?}",
                named.names
            );
            for name in named.names {
                assert_eq!(Piece::named(name, initial).unwrap(), piece, "{name}");
                assert_eq!(Piece::parse_with(name, initial).unwrap(), piece, "{name}");
            }
        }
    }
}

#[test]
fn display_examples() {
    let show = |text: &str| text.parse::<Piece>().unwrap().to_string();
    assert_eq!(show("N"), "N");
    assert_eq!(show("Q"), "RB");
    assert_eq!(show("NN"), "N0");
    assert_eq!(show("R4"), "W4");
    assert_eq!(show("fR"), "fR");
    assert_eq!(show("fN"), "lfrfN");
    assert_eq!(show("frN"), "frN");
    assert_eq!(show("frF"), "rfF");
    assert_eq!(show("giraffe"), "(1,4)");
    assert_eq!(show("once (1, 0)"), "bW");
    assert_eq!(Piece::new().to_string(), "");
}
