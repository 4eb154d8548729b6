//! `Piece` displays as text that reads back to the same piece: a proptest over random
//! pieces (directions of every shape and size, each with a random range), the same for
//! every named piece (which displays as the name table's Betza, or `immobile`), and
//! examples whose expected text comes from the name table and the README's Betza rules.

use grid::BoardSize;
use grid::Direction;
use mobility::{
    named_piece, Board, InitialMoves, NamedPiece, ParsePieceError, Piece, Range, NAMED_PIECES,
};
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

    /// Every piece's `Display` reads back (`str::parse`, as the `mobility` program reads
    /// a line) to the same moves, the piece with no moves (`immobile`) included; Betza
    /// text reads back by `Piece::parse_betza` too.
    #[test]
    fn display_reads_back_as_the_same_piece(piece in piece()) {
        let text = piece.to_string();
        prop_assert_eq!(text.parse::<Piece>(), Ok(piece.clone()), "{}", text);
        if piece.is_empty() {
            prop_assert_eq!(text, "immobile");
        } else {
            prop_assert_eq!(Piece::parse_betza(&text), Ok(piece), "{}", text);
        }
    }

    /// A named piece with moves added is no longer that piece: it is written from its
    /// moves (or as another entry) and still reads back.
    #[test]
    fn named_pieces_with_more_moves_read_back(
        index in 0..NAMED_PIECES.len(),
        extra in prop::collection::vec((direction(), range()), 1..4),
    ) {
        let mut piece = Piece::named(NAMED_PIECES[index].names[0], InitialMoves::Exclude).unwrap();
        for (d, r) in extra {
            piece.add(d, r);
        }
        let text = piece.to_string();
        prop_assert_eq!(text.parse::<Piece>(), Ok(piece), "{}", text);
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

/// What the name table says a named piece displays as: its Betza, or for the piece
/// with no moves (whose Betza is the empty text) its name.
fn table_display(named: &NamedPiece) -> &'static str {
    if named.betza.is_empty() {
        named.names[0]
    } else {
        named.betza
    }
}

#[test]
fn named_pieces_display_as_the_name_table_says() {
    for named in NAMED_PIECES {
        let expected = table_display(named);
        for name in named.names {
            let piece = Piece::named(name, InitialMoves::Exclude).unwrap();
            assert_eq!(piece.to_string(), expected, "{name}");
            let piece: Piece = name.parse().unwrap();
            assert_eq!(piece.to_string(), expected, "{name}");
        }
        // The table's Betza itself, read as Betza, displays as the table writes it.
        let piece = Piece::parse_betza(named.betza).unwrap();
        assert_eq!(piece.to_string(), expected, "{:?}", named.names);
    }
    assert_eq!(table_display(named_piece("immobile").unwrap()), "immobile");
}

#[test]
fn named_pieces_round_trip() {
    for named in NAMED_PIECES {
        for initial in [InitialMoves::Exclude, InitialMoves::Include] {
            let piece = Piece::parse_betza_with(named.betza, initial).unwrap();
            let text = piece.to_string();
            assert_eq!(text.parse::<Piece>().unwrap(), piece, "{:?}", named.names);
            for name in named.names {
                let by_name = Piece::named(name, initial).unwrap();
                assert_eq!(by_name, piece, "{name}");
                assert_eq!(Piece::parse_with(name, initial).unwrap(), piece, "{name}");
                assert_eq!(
                    by_name.to_string().parse::<Piece>().unwrap(),
                    piece,
                    "{name}"
                );
            }
        }
    }
    // The pawn with its double step (`--initial`) is not what the table's text reads
    // by default (`fW`): written from its moves, the forward step and the double step.
    let pawn = Piece::named("pawn", InitialMoves::Include).unwrap();
    assert_eq!(pawn.to_string(), "fWfD");
}

#[test]
fn names_given_as_betza_point_to_the_name() {
    for named in NAMED_PIECES {
        for name in named.names {
            // `mANN` style names that are Betza too are not among the table's names.
            match Piece::parse_betza(name) {
                Err(ParsePieceError::NameNotBetza {
                    column,
                    name: shown,
                    betza,
                }) => {
                    assert_eq!((column, shown.as_str(), betza), (1, *name, named.betza));
                }
                other => panic!("{name}: {other:?}"),
            }
        }
    }
    let error = Piece::parse_betza("  amazon").unwrap_err();
    assert_eq!(
        error.to_string(),
        "column 3: \"amazon\" is a piece's name, not Betza notation (its Betza is \"QN\"; `str::parse` and `Piece::named` read names)"
    );
    // Betza that is no name keeps its own error.
    assert!(matches!(
        Piece::parse_betza("xR"),
        Err(ParsePieceError::UnsupportedModifier {
            column: 1,
            modifier: 'x'
        })
    ));
}

#[test]
fn display_examples() {
    let show = |text: &str| text.parse::<Piece>().unwrap().to_string();
    // Pieces of the name table, however they are written (its Betza column).
    assert_eq!(show("N"), "N");
    assert_eq!(show("Q"), "Q");
    assert_eq!(show("RB"), "Q");
    assert_eq!(show("WWFF"), "Q");
    assert_eq!(show("WF"), "K");
    assert_eq!(show("NRB"), "QN"); // amazon
    assert_eq!(show("NQ"), "QN");
    assert_eq!(show("NN"), "NN"); // nightrider
    assert_eq!(show("N0"), "NN");
    assert_eq!(show("NR"), "RN"); // chancellor
    assert_eq!(show("lfrW"), "fsW"); // soldier
    assert_eq!(show("fN"), "fN"); // shogi knight
    assert_eq!(show("lfrfN"), "fN");
    assert_eq!(show("fmWfceF"), "fW"); // the pawn's moves, as the shogi pawn
    assert_eq!(show("mRcpR"), "mRcpR"); // cannon, its own text
    assert_eq!(show("cannon"), "mRcpR");
    assert_eq!(show("R"), "R");
    assert_eq!(show("banner"), "RcpRnN");
    assert_eq!(show("giraffe"), "(1,4)");
    assert_eq!(show("(4,1)"), "(1,4)");
    assert_eq!(show("cW"), "cW"); // clobber, its own text
    assert_eq!(show("pN"), "immobile"); // no moves on an empty board
    assert_eq!(Piece::new().to_string(), "immobile");
    // Pieces of no table entry: atom letters, ranges and single-move letters (the
    // README's Betza section: `R4` a rook of at most 4 steps, `frN` = (2, 1), `rfN` =
    // (1, 2), `fR` forward only, an unlimited rider a doubled letter).
    assert_eq!(show("R4"), "R4");
    assert_eq!(show("W4"), "R4");
    assert_eq!(show("B2"), "B2");
    assert_eq!(show("K2"), "Q2");
    assert_eq!(show("fR"), "fR");
    assert_eq!(show("frN"), "frN");
    assert_eq!(show("rfN"), "rfN");
    assert_eq!(show("frF"), "rfF");
    assert_eq!(show("CC"), "CC");
    assert_eq!(show("(1,4)0"), "(1,4)0");
    assert_eq!(show("(1,4)3"), "(1,4)3");
    assert_eq!(show("once (1, 0)"), "bW");
    // Adding a move forgets the name.
    let mut cannon: Piece = "cannon".parse().unwrap();
    cannon.add(grid::Direction::new(1, 2).unwrap(), Range::LEAP);
    assert_eq!(cannon.to_string(), "rfNR"); // (1, 2) is one file right, two ranks forward
}
