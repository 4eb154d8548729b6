//! The `serde` feature (`cargo test -p mobility --features serde`): `Board` as `8x8`,
//! `Piece` as its Betza text, and both read back from JSON.

use grid::{BoardSize, Direction};
use mobility::{Board, InitialMoves, Piece, Range, NAMED_PIECES};
use proptest::prelude::*;

#[test]
fn boards_and_pieces_serialize_as_their_text() {
    assert_eq!(serde_json::to_string(&Board::CHESS).unwrap(), r#""8x8""#);
    let queen: Piece = "Q".parse().unwrap();
    assert_eq!(serde_json::to_string(&queen).unwrap(), r#""Q""#);
    let cannon: Piece = "cannon".parse().unwrap();
    assert_eq!(serde_json::to_string(&cannon).unwrap(), r#""mRcpR""#);
    let board: Board = serde_json::from_str(r#""10x12""#).unwrap();
    assert_eq!(board, "10x12".parse().unwrap());
    assert!(serde_json::from_str::<Board>(r#""0x8""#).is_err());
    assert_eq!(
        serde_json::to_string(&Range::Unlimited).unwrap(),
        r#""Unlimited""#
    );
    for initial in [InitialMoves::Exclude, InitialMoves::Include] {
        let json = serde_json::to_string(&initial).unwrap();
        assert_eq!(
            serde_json::from_str::<InitialMoves>(&json).unwrap(),
            initial
        );
    }
}

#[test]
fn named_pieces_round_trip() {
    for named in NAMED_PIECES {
        let piece = Piece::parse_betza(named.betza).unwrap();
        let json = serde_json::to_string(&piece).unwrap();
        assert_eq!(
            serde_json::from_str::<Piece>(&json).unwrap(),
            piece,
            "{json}"
        );
    }
    // The piece with no moves is its name, and the empty text (its Betza) reads too.
    let none = Piece::new();
    assert_eq!(serde_json::to_string(&none).unwrap(), r#""immobile""#);
    assert_eq!(
        serde_json::from_str::<Piece>(r#""immobile""#).unwrap(),
        none
    );
    assert_eq!(serde_json::from_str::<Piece>(r#""""#).unwrap(), none);
}

proptest! {
    #[test]
    fn random_boards_and_pieces_round_trip(
        files in 1u8..=BoardSize::MAX_FILES,
        ranks in 1u8..=BoardSize::MAX_RANKS,
        moves in proptest::collection::vec((-6i32..=6, -6i32..=6, 0u32..=8), 0..12),
    ) {
        let board = Board::new(BoardSize::new(files, ranks).unwrap());
        let json = serde_json::to_string(&board).unwrap();
        prop_assert_eq!(serde_json::from_str::<Board>(&json).unwrap(), board);
        let mut piece = Piece::new();
        for (x, y, count) in moves {
            if let Some(direction) = Direction::new(x, y) {
                piece.add(direction, Range::from_count(count));
            }
        }
        let json = serde_json::to_string(&piece).unwrap();
        prop_assert_eq!(serde_json::from_str::<Piece>(&json).unwrap(), piece);
        let range = Range::from_count(7);
        let json = serde_json::to_string(&range).unwrap();
        prop_assert_eq!(serde_json::from_str::<Range>(&json).unwrap(), range);
    }
}
