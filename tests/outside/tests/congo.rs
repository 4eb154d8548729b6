//! CONGO SECTION — written against the agreed vocabulary of issue #12
//! (`/work/notes/vocabulary.md`): `Position::START`, checked `play(mv, rules) ->
//! Result<Position, IllegalMove>`, `validate`, `zobrist_key` / `zobrist_key_from_scratch`,
//! `outcome`, and serde JSON of `Position`. Compiled only with the `congo` feature of this
//! crate, which is to become a default once the congo crate provides that API (see
//! Cargo.toml).
#![cfg(feature = "congo")]

use congo::{Position, Rules};

#[test]
fn parse_list_play_validate_hash_serde() -> Result<(), Box<dyn std::error::Error>> {
    // Parse a FEN; the start position.
    let start = Position::START;
    let pos: Position = start.to_string().parse()?;
    assert_eq!(pos, start);
    assert_eq!(Position::default(), start);

    // List the legal moves.
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert!(!moves.is_empty());

    // Play checked: a legal move gives a position, a move from an empty square an error.
    let after = pos.play(moves[0], Rules::FULL)?;
    assert_ne!(after.side_to_move(), pos.side_to_move());
    let empty_square_move = "a4a5".parse()?;
    assert!(pos.play(empty_square_move, Rules::FULL).is_err());

    // Validate: the start is valid; a board without lions is not.
    assert!(pos.validate().is_ok());
    let no_lions: Position = "7/7/7/7/7/7/7 w 0".parse()?;
    assert!(no_lions.validate().is_err());

    // Hash: incremental equals from scratch; the game is not over at the start.
    assert_eq!(after.zobrist_key(), after.zobrist_key_from_scratch());
    assert_eq!(pos.outcome(), None);

    // serde JSON of a position.
    let json = serde_json::to_string(&after)?;
    assert_eq!(serde_json::from_str::<Position>(&json)?, after);
    Ok(())
}
